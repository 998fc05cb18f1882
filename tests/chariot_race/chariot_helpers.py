"""Builders shared by the Chariot Race tests: races and scenario positions."""

from __future__ import annotations

from typing import Any

import pytest

from firmware_host.data import load
from firmware_host.engine.chariot_race import ChariotRaceRules, ChariotRaceSetup
from firmware_host.engine.chariot_race import events as ev
from firmware_host.engine.chariot_race.state import Chariot
from firmware_host.engine.core import Game, RuleError

BOARD = load("chariot_race")
COLOURS = ("green", "yellow", "blue", "purple", "red", "black")
NAMES = ("Ann", "Ben", "Cai", "Dora", "Eli", "Fay")


def white_chariots(players: int) -> tuple[tuple[str, int], ...]:
    """Colours in order, two per seat with 2-3 players (CR-SETUP-7)."""
    per = 2 if players <= 3 else 1
    return tuple((COLOURS[i], i // per) for i in range(players * per))


def setup(players: int = 4, board: dict | None = None, **options: Any) -> ChariotRaceSetup:
    sheets = options.get("sheets", "white")
    chariots = options.pop("chariots", white_chariots(players) if sheets == "white" else ())
    return ChariotRaceSetup(players=NAMES[:players], board=board or BOARD, chariots=chariots, **options)


def race(players: int = 4, board: dict | None = None, **options: Any) -> Game:
    """A white-side race whose chariots stand on start spaces 1, 2, ... in colour order, so
    green plays first (CR-SETUP-6)."""
    game = Game(ChariotRaceRules(setup(players, board, **options)))
    if game.state.pending.kind == "start_spaces":
        game.apply(ev.DrawStartSpaces(tuple(range(1, len(game.state.chariots) + 1))))
    return game


def at(game: Game, colour: str) -> Chariot:
    c = game.state.by_colour(colour)
    assert c is not None
    return c


def put(game: Game, colour: str, **values: Any) -> Chariot:
    """Set a chariot's sheet or track-model values directly (a scenario's "given")."""
    c = at(game, colour)
    for k, v in values.items():
        setattr(c, k, v)
    return c


def do(game: Game, *events: ev.Event) -> None:
    for e in events:
        game.apply(e)


def refused(game: Game, event: ev.Event, rule: str) -> RuleError:
    """Assert ``event`` is refused with ``rule`` and leaves the state as it was."""
    before = game.rules.state_to_json(game.state)
    n = len(game.events)
    with pytest.raises(RuleError) as info:
        game.apply(event)
    assert info.value.rule == rule, str(info.value)
    assert str(info.value).startswith(rule + ": ")
    assert game.rules.state_to_json(game.state) == before
    assert len(game.events) == n
    return info.value


def quiet_turn(game: Game) -> None:
    """The active chariot rolls only lane faces, keeps them, moves its speed and ends its turn."""
    s = game.state
    n = game.rules.dice_to_roll(s, s.pending.chariot)
    do(game, ev.RollDice(("lane",) * n), ev.KeepDice(), ev.EndMove())
