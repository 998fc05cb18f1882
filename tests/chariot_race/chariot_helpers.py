"""Builders shared by the Chariot Race tests: races, scenario positions, and the small
script language of the golden playthroughs (one event or expectation per line)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from firmware_host.data import load
from firmware_host.engine.chariot_race import CODEC, ChariotRaceRules, ChariotRaceSetup
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


# ----------------------------------------------------------------- golden script language

def _value(field: dataclasses.Field, text: str) -> Any:
    if str(field.type).startswith("tuple"):
        return tuple(_scalar(v) for v in text.split(",") if v)
    return _scalar(text)


def _scalar(text: str) -> Any:
    if text in ("true", "false"):
        return text == "true"
    try:
        return int(text)
    except ValueError:
        return text


def parse_event(words: list[str]) -> ev.Event:
    """``kind field=value ...`` → the event; tuple fields take comma-separated values."""
    cls = CODEC.by_kind[words[0]]
    fields = {f.name: f for f in dataclasses.fields(cls)}
    args = {}
    for word in words[1:]:
        key, _, text = word.partition("=")
        args[key] = _value(fields[key], text)
    return cls(**args)


def parse_setup(words: list[str]) -> ChariotRaceSetup:
    """``setup players=A,B chariots=green:0,yellow:0,... sheets=white track=A seed=7 ...``"""
    data: dict[str, Any] = {"board": BOARD}
    for word in words[1:]:
        key, _, text = word.partition("=")
        if key == "players":
            data[key] = text.split(",")
        elif key == "chariots":
            data[key] = [(c.split(":")[0], int(c.split(":")[1])) for c in text.split(",") if c]
        else:
            data[key] = _scalar(text)
    return ChariotRaceSetup.from_json(data)


def check_expectation(game: Game, words: list[str], where: str) -> None:
    """``expect <colour> key=value ...`` (resistance, speed, fate, laps, lane, pos, wrecked),
    ``expect turn <colour>``, ``expect pending <kind>``, ``expect winner <colour|none>``,
    ``expect caltrops supply=N track=N``, ``expect error <RULE> <event ...>``."""
    s = game.state
    what = words[1]
    if what == "turn":
        assert s.pending.chariot == words[2], f"{where}: turn of {s.pending.chariot}"
    elif what == "pending":
        assert s.pending.kind == words[2], f"{where}: pending {s.pending.kind}"
    elif what == "winner":
        winner = s.chariots[s.winner].colour if s.winner is not None else "none"
        assert s.over and winner == words[2], f"{where}: over={s.over} winner {winner}"
    elif what == "caltrops":
        got = {"supply": s.supply, "track": s.on_track}
        for word in words[2:]:
            key, _, text = word.partition("=")
            assert got[key] == int(text), f"{where}: caltrops {got}"
    elif what == "error":
        with pytest.raises(RuleError) as info:
            game.apply(parse_event(words[3:]))
        assert info.value.rule == words[2], f"{where}: {info.value}"
    else:
        c = at(game, what)
        got = {"resistance": c.resistance, "speed": c.speed, "fate": c.fate, "laps": c.crossings,
               "lane": c.lane, "pos": c.pos, "wrecked": c.wrecked}
        for word in words[2:]:
            key, _, text = word.partition("=")
            assert got[key] == _scalar(text), f"{where}: {what} {got}"


def run_script(text: str) -> Game:
    """Play a golden script; the first non-comment line is the ``setup`` line."""
    game: Game | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        where = f"line {number}: {line.strip()}"
        if words[0] == "setup":
            game = Game(ChariotRaceRules(parse_setup(words)))
        elif words[0] == "expect":
            assert game is not None
            check_expectation(game, words, where)
        else:
            assert game is not None
            try:
                game.apply(parse_event(words))
            except RuleError as exc:
                raise AssertionError(f"{where}: {exc}") from None
    assert game is not None
    return game


def quiet_turn(game: Game) -> None:
    """The active chariot rolls only lane faces, keeps them, moves its speed and ends its turn."""
    s = game.state
    n = game.rules.dice_to_roll(s, s.pending.chariot)
    do(game, ev.RollDice(("lane",) * n), ev.KeepDice(), ev.EndMove())
