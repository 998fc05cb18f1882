"""Inputs per turn, measured by playing scripted games through the screens (issue 13, part 2).

Every registered game is played from its demo setup by a table that chooses like the
engine's random player (``GamePlugin.random_move``) but takes every free parameter as the
screens offer it (the listed move of the same choice, ``choice_key``): a table that sows the
markers in the offered order, accepts the pre-filled demands and so on. Each move is entered
through the controller with the inputs its display writes for it (``GameDisplay.inputs_for``:
taps, presses of the physical buttons, tags; one line = one input), and the move made must be
the chosen one.

A turn is a maximal run of moves decided by one seat (``state.pending.player``; the moves of
nobody's decision, ``None``, count as the table's). For Trajan the turn is also measured as
the issue measured it: from the bowl to the end of the turn (decisions ``bowl``,
``trajan_special``, ``action``, ``extra``; setup and quarter ends apart) and must average at
most 4 inputs (issue 13: "Trajan <= 4 per turn on average with physical buttons").

The figures are printed (``pytest -s``) and written by :func:`measure` for the report.
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field

import pytest

from display.controller import Controller
from display.games import display_for
from display.script import run_lines
from firmware_host.games import GAMES, demo_rules

SEEDS = (1, 2, 3)                  # one game per seed and player count
TRAJAN_TURN = ("bowl", "trajan_special", "action", "extra")
TRAJAN_LIMIT = 4.0


@dataclass
class Tally:
    """Inputs counted over scripted games: ``turns`` (inputs of each run of one seat's
    moves), ``main`` (inputs of each turn made of ``main_kinds`` decisions only), ``games``
    (inputs of each whole game)."""

    turns: list[int] = field(default_factory=list)
    main: list[int] = field(default_factory=list)
    games: list[int] = field(default_factory=list)

    @staticmethod
    def line(label: str, values: list[int]) -> str:
        if not values:
            return f"{label}: none"
        return (f"{label}: {len(values)} turns, mean {statistics.mean(values):.2f}, "
                f"median {statistics.median(values):g}, max {max(values)}")


def table_move(name: str, game, rng: random.Random, offered: bool = True):
    """The random player's move with its free parameters as the screens offer them (with
    ``offered``): the listed move of the same choice (``choice_key``), or the move itself if
    none is listed."""
    plugin = GAMES[name]
    move = plugin.random_move(game, rng)
    if not offered:
        return move
    key = plugin.choice_key(game.rules, game.state, move)
    for listed in plugin.legal_moves(game.rules, game.state):
        if plugin.choice_key(game.rules, game.state, listed) == key:
            return listed
    return move


def play(name: str, players: int, seed: int, main_kinds: tuple[str, ...] = (), offered: bool = True) -> Tally:
    """One scripted game of ``name`` entered through the screens; its inputs counted; with
    ``offered`` false, the free parameters are the random player's (a sowing order drawn at
    random, as in the golden playthroughs). Raises ``AssertionError`` when the inputs do not make the chosen move."""
    rng = random.Random(seed)
    rules = demo_rules(GAMES[name], players, rng)
    shown = display_for(name)
    ctl = Controller(None)
    ctl.start_game(name, rules.setup)
    session = ctl.session
    assert session is not None, ctl.message
    tally = Tally()
    seat: object = object()
    run = 0
    main: int | None = None
    total = 0
    while not getattr(session.state, "over", False):
        assert len(session.game.events) < 5000, "the scripted game did not end"
        state = session.state
        move = table_move(name, session.game, rng, offered)
        lines = shown.inputs_for(ctl, move)
        events = len(session.game.events)
        run_lines(ctl, lines)
        assert len(session.game.events) == events + 1, f"{lines} made no move ({ctl.message})"
        made, want = session.game.events[-1], shown.canonical(move, session.rules.board)
        assert made == want, f"the inputs {lines} made {made}, not {want}"
        n = len(lines)
        total += n
        who = state.pending.player
        if who != seat:
            if run or seat is not None:
                tally.turns.append(run)
            seat, run = who, 0
        run += n
        kind = state.pending.kind
        if main_kinds and kind == main_kinds[0]:
            if main is not None:
                tally.main.append(main)
            main = 0
        if main is not None and kind in main_kinds:
            main += n
    tally.turns.append(run)
    if main is not None:
        tally.main.append(main)
    tally.games.append(total)
    return tally


def measure(name: str, main_kinds: tuple[str, ...] = (), offered: bool = True) -> Tally:
    """Scripted games of ``name``: every allowed player count, every seed in :data:`SEEDS`."""
    out = Tally()
    for players in GAMES[name].players:
        for seed in SEEDS:
            t = play(name, players, seed, main_kinds, offered)
            out.turns += t.turns
            out.main += t.main
            out.games += t.games
    return out


@pytest.mark.parametrize("name", sorted(GAMES))
def test_inputs_per_turn_reported(name):
    """Every game can be played through its screens by inputs alone; the figures are printed."""
    tally = measure(name, TRAJAN_TURN if name == "trajan" else ())
    print()
    print(Tally.line(f"{name} inputs per run of one seat's moves", tally.turns))
    if tally.main:
        print(Tally.line(f"{name} inputs per turn (bowl to end of turn)", tally.main))
    print(f"{name} inputs per game: {tally.games}")
    assert tally.turns and all(n >= 0 for n in tally.turns)
    assert sum(tally.games) == sum(tally.turns)


def test_trajan_turn_takes_at_most_four_inputs_on_average():
    tally = measure("trajan", TRAJAN_TURN)
    mean = statistics.mean(tally.main)
    print()
    print(Tally.line("trajan inputs per turn (bowl to end of turn)", tally.main))
    assert mean <= TRAJAN_LIMIT, f"a Trajan turn takes {mean:.2f} inputs on average, more than {TRAJAN_LIMIT}"
    shuffled = measure("trajan", TRAJAN_TURN, offered=False)
    print(Tally.line("trajan inputs per turn, markers sown in a random order", shuffled.main))
