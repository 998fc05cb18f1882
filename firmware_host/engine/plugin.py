"""The game plugin protocol: what each game registers (``<game>/plugin.py`` defines
``PLUGIN``; the registry is ``firmware_host.games``). Pure, like the rest of the engine: the
screens are named by import string only."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Protocol

from .core import Event, Game, JsonSetup, Rules
from .leds import PlanFn

Violations = Callable[[Any, Any], list[str]]


@dataclass(frozen=True)
class SeatScore:
    """One seat's result of a finished game: ``seat`` (0-based), ``name`` (as played),
    ``score`` (the game's points; a game without points gives 1 to the winner, 0 to the
    others: :attr:`GamePlugin.scored`), ``rank`` (1 = first, after the tie-break), ``winner``,
    ``sources``: points by source, keys from :attr:`GamePlugin.sources` (in that order)."""

    seat: int
    name: str
    score: int
    rank: int
    winner: bool
    sources: dict[str, int]


@dataclass(frozen=True)
class Results:
    """A finished game's results (the ``results`` hook): ``seats`` in seat order;
    ``start_seat``: who played first (``None``: not known); ``tie_break``: ``None``, or
    ``(template, params)``, an ``N_`` text and its parameters saying how a tie was broken
    (citing the rule); ``options``: the setup's choices a player would name (map, edition,
    variants), JSON values."""

    seats: tuple[SeatScore, ...]
    start_seat: int | None
    tie_break: tuple[str, dict[str, Any]] | None
    options: dict[str, Any]


class GameRules(Rules[Any], Protocol):
    """The :class:`~firmware_host.engine.core.Rules` of a registered game, which also keep
    the ``setup`` they were made from and its parsed ``board`` data (read by the screens,
    the LED plans and the developer tools)."""

    setup: Any
    board: Any


@dataclass(frozen=True)
class GamePlugin:
    """One game, as the rest of the companion sees it.

    - ``name``: as stored in the journal (``"trajan"``); ``title``: for players (marked
      with ``N_``, the display translates it); ``data``: the board-data file
      (``firmware_host/data/<data>.toml``) every setup carries; ``players``: the player
      counts the game allows.
    - ``setup_type``: a :class:`~firmware_host.engine.core.JsonSetup`; ``rules_type``:
      ``rules_type(setup)`` is the game's :class:`~firmware_host.engine.core.Rules`.
    - ``decisions``: every value ``state.pending.kind`` can take (the game's ``Decision``
      literal); each has a screen and scripted inputs (the contract tests check it).
    - ``legal_moves(rules, state) -> list[Event]``: what the rules accept now, in a stable
      order (free parameters as each game's ``moves.py`` documents); ``choice_key(rules,
      state, event)``: the listed choice a move makes (its free parameters aside); ``random_move(game,
      rng) -> Event``: a random legal move (random play: simulate, soaks, screenshots).
    - ``invariants(rules, state)`` / ``final_invariants(rules, state)``: broken invariants
      as sentences (empty: all hold).
    - ``demo_setup(players, rng, board) -> setup``: a setup for random and scripted games,
      its options drawn from ``rng``; ``board`` is the parsed ``data`` file.
    - ``sim_figures(rules, game) -> dict`` and ``sim_summary(figures, players) -> lines``:
      what ``table-companion simulate`` reports of finished random games.
    - ``led_plan``: the LED plan (:mod:`firmware_host.engine.leds`).
    - ``tag_kinds(board) -> {kind: (value, ...)}``: what can carry an NFC tag.
    - ``score_holdings(board, data) -> (json, text)``: the end tally from a holdings file
      (``table-companion score``), or ``None``; raises ``ValueError``/``KeyError``/
      ``TypeError`` on a malformed file.
    - ``display``: the import path of the game's display package (``display.games``).
    - ``results(rules, state) -> Results``: a finished game's results (the history, the
      statistics, the BG Stats push); called only when ``state.over``. ``sources``: ``(key,
      label)`` of every key a seat's ``sources`` can hold, in display order, labels marked
      with ``N_``. ``scored``: whether the game has points (Chariot Race has only a winner
      and places: its ``score`` is 1 for the winner, and the screens and exports leave it out).
      ``bgg_id``: the game's BoardGameGeek id (the BG Stats push matches the game by it;
      ``None``: by its English title).
    """

    name: str
    title: str
    data: str
    players: range
    setup_type: type[JsonSetup]
    rules_type: Callable[[Any], GameRules]
    decisions: tuple[str, ...]
    legal_moves: Callable[[Any, Any], list[Event]]
    choice_key: Callable[[Any, Any, Event], Hashable]
    random_move: Callable[[Game, random.Random], Event]
    invariants: Violations
    final_invariants: Violations
    demo_setup: Callable[[int, random.Random, dict[str, Any]], Any]
    sim_figures: Callable[[Any, Game], dict[str, Any]]
    sim_summary: Callable[[list[dict[str, Any]], int], list[str]]
    led_plan: PlanFn
    tag_kinds: Callable[[dict[str, Any]], dict[str, tuple[str, ...]]]
    score_holdings: Callable[[dict[str, Any], dict[str, Any]], tuple[dict[str, Any], str]] | None
    display: str
    results: Callable[[Any, Any], Results]
    sources: tuple[tuple[str, str], ...] = ()
    scored: bool = True
    bgg_id: int | None = None

    def rules(self, setup: Any) -> GameRules:
        """The rules of a game with ``setup`` (a :attr:`setup_type`)."""
        return self.rules_type(setup)

    def rules_from_json(self, setup_json: dict[str, Any]) -> GameRules:
        """The rules of a journaled setup. Raises ``ValueError`` for a malformed setup."""
        return self.rules_type(self.setup_type.from_json(setup_json))
