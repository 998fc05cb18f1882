"""Each game's screens, found through its plugin (``GamePlugin.display`` names the display
package, which defines ``DISPLAY``, a :class:`GameDisplay`). Generic screens loop over
:data:`firmware_host.games.GAMES` and ask here; they name no game."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from firmware_host.data import load
from firmware_host.engine.core import Event
from firmware_host.games import GAMES, plugin
from firmware_host.i18n import _

from .ui import Screen


@dataclass(frozen=True)
class GameDisplay:
    """What a game's display package provides.

    - ``new_game``: the new-game form (a :class:`~display.ui.Screen` class).
    - ``screens``: decision kind -> screen class; one for every ``GamePlugin.decisions``.
    - ``inputs_for(ctl, event) -> [line]``: the taps and presses (``tap <id>``, ``press
      <button>``, ``tag <uid>``; :mod:`display.script`) a table makes for ``event`` on the
      screen now shown; raises ``ValueError`` for a move the screens cannot make.
    - ``tag_titles``: tag kind -> its title (``N_``-marked); ``tag_label(kind, value)``:
      what a tag value is called (translated).
    - ``screenshots(out) -> [path]``: every screen of scripted games saved as PNG into
      ``out`` (``table-companion screenshot``; :class:`display.screenshots.Shooter`).
    - ``home_actions``: extra buttons on the home screen, ``(id, N_ label, screen class)``.
    - ``menu_actions``: extra buttons in the menu while a game of this kind is open, ``(id,
      N_ label, screen class)``; the screen is opened over the game (the Correct screen).
    - ``canonical(event, board) -> event``: the move as the screens send it (an order the
      screens fix where the rules do not care); identity by default.
    - ``describe(event, before_state, after_state) -> str``: what a move did, in words
      (translated), for "Took back: ..." and the move log; ``None``: :func:`describe_move`'s
      generic words (who, the move's kind, the VP it brought).
    - ``names``: the names of the board data the engine's refusals and news carry as
      parameters (English name -> its catalog context, ``NC_``-marked in the game's name
      table), translated with ``pgettext`` when shown (:func:`names_of`).
    """

    new_game: type[Screen]
    screens: Mapping[str, type[Screen]]
    inputs_for: Callable[[Any, Event], list[str]]
    tag_titles: dict[str, str]
    tag_label: Callable[[str, str], str]
    screenshots: Callable[[Path], list[Path]]
    home_actions: tuple[tuple[str, str, type[Screen]], ...] = ()
    menu_actions: tuple[tuple[str, str, type[Screen]], ...] = ()
    canonical: Callable[[Event, Any], Event] = field(default=lambda event, board: event)
    describe: Callable[[Event, Any, Any], str] | None = None
    names: Mapping[str, str] = field(default_factory=dict)

    def screen_for(self, ctl: Any) -> Screen:
        """The screen for the open game's pending decision."""
        return self.screens[ctl.session.state.pending.kind](ctl)


def display_for(game: str) -> GameDisplay:
    """The display of ``game`` (a journal name). Raises ``KeyError`` for an unknown game."""
    return importlib.import_module(plugin(game).display).DISPLAY


def names_of(game: str | None) -> Mapping[str, str]:
    """The board-data names of ``game`` (:attr:`GameDisplay.names`); none for no game."""
    return display_for(game).names if game in GAMES else {}


def title(game: str) -> str:
    """The game's title, untranslated (``N_``-marked); an unknown game shows its name."""
    return GAMES[game].title if game in GAMES else game


def tag_kinds(game: str) -> dict[str, list[tuple[str, str]]]:
    """What can carry an NFC tag in ``game``: ``{kind: [(value, label), ...]}``, values in the
    engine's names, labels translated."""
    p, d = plugin(game), display_for(game)
    return {kind: [(v, d.tag_label(kind, v)) for v in values] for kind, values in p.tag_kinds(load(p.data)).items()}


def mover(event: Event, before: Any) -> int | None:
    """The seat that made ``event`` (from the decision pending before it), if known."""
    pending = getattr(before, "pending", None)
    seat = getattr(pending, "player", None)
    if seat is None:
        seat = getattr(event, "player", None)
    return seat if isinstance(seat, int) else None


def player_name(state: Any, seat: int | None) -> str:
    """The name of ``seat`` in ``state`` (``""`` if unknown)."""
    players = getattr(state, "players", None)
    if seat is None or not isinstance(players, (list, tuple)) or not 0 <= seat < len(players):
        return ""
    p = players[seat]
    return p if isinstance(p, str) else str(getattr(p, "name", "") or "")


def vp_change(seat: int | None, before: Any, after: Any) -> int | None:
    """How many VP ``seat`` gained (lost: negative) by the move, if its state keeps VP."""
    try:
        old, new = before.players[seat].vp, after.players[seat].vp
    except (AttributeError, IndexError, TypeError):
        return None
    return new - old if isinstance(old, int) and isinstance(new, int) else None


def humanised(kind: str) -> str:
    """A move's kind in words ("build_road" -> "Build road"), translated if the catalogs
    have it."""
    words = kind.replace("_", " ").replace("-", " ").strip()
    return _(words[:1].upper() + words[1:]) if words else ""


def describe_move(game: str, event: Event, before: Any, after: Any) -> str:
    """What ``event`` did, translated: the game's own ``describe`` if it has one, else
    "Anna — Senate, +3 VP" from the states before and after it."""
    try:
        own = display_for(game).describe
    except (KeyError, ImportError):
        own = None
    if own is not None:
        return own(event, before, after)
    seat = mover(event, before)
    name = player_name(before, seat)
    what = humanised(event.kind)
    said = _("{player} — {move}").format(player=name, move=what) if name else what
    vp = vp_change(seat, before, after)
    if vp:
        said = _("{move}, {vp:+d} VP").format(move=said, vp=vp)
    return said
