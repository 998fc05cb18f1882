"""The contract every registered game keeps (``firmware_host.games.GAMES``), one suite for all:
replay equals live, undo then redo gives the same state, a refused move changes nothing,
every legal move is accepted, every decision kind has a screen and scripted inputs, and the
invariants hold. The golden playthroughs of each game are tests/test_playthroughs.py.

Games are random legal games from each plugin's demo setup; states are compared with deep
copies made before the action under test, never with the same object."""

from __future__ import annotations

import copy
import random

import pytest

from display.controller import Controller
from display.games import display_for, tag_kinds
from display.script import inputs_for, run_lines
from firmware_host.data import load
from firmware_host.engine.core import Event, Game, RuleError
from firmware_host.games import GAMES, demo_rules

NAMES = list(GAMES)


def random_game(name: str, players: int, seed: int) -> Game:
    plugin = GAMES[name]
    rng = random.Random(seed)
    rules = demo_rules(plugin, players, rng)
    game = Game(rules)
    while not game.state.over:
        game.apply(plugin.random_move(game, rng))
    return game


@pytest.fixture(scope="module", params=NAMES)
def played(request) -> tuple[str, Game]:
    name = request.param
    return name, random_game(name, min(GAMES[name].players) + 1, seed=31)


def test_the_registry_is_consistent():
    for name, plugin in GAMES.items():
        assert plugin.name == name and plugin.title and len(plugin.players) >= 1
        assert plugin.decisions and len(set(plugin.decisions)) == len(plugin.decisions)
        assert plugin.display.startswith("display.")


def test_replay_equals_live(played):
    name, game = played
    assert Game(game.rules, list(game.events)).state == game.state


def test_undo_then_redo_gives_the_same_state(played):
    name, game = played
    rng = random.Random(5)
    for _ in range(5):
        cut = rng.randrange(1, len(game.events) + 1)
        n = rng.randrange(1, 12)
        partial = Game(game.rules, game.events[:cut])
        original = copy.deepcopy(partial.state)
        undone = list(partial.events[max(0, cut - n):])
        partial.undo(n)
        assert len(partial.events) == cut - len(undone)
        for event in undone:
            partial.apply(event)
        assert partial.state == original


class _Foreign(Event):
    """A move no game knows."""

    kind = "foreign"


def test_a_refused_move_changes_nothing(played):
    """A move the rules refuse (one legal at another point of the game, or one no game knows)
    raises RuleError and leaves the game exactly as it was."""
    name, game = played
    rng = random.Random(9)
    for cut in sorted(rng.sample(range(len(game.events)), 12)):
        partial = Game(game.rules, game.events[:cut])
        before, events_before = copy.deepcopy(partial.state), list(partial.events)
        legal = {repr(e) for e in GAMES[name].legal_moves(partial.rules, partial.state)}
        tries = [e for e in game.events[cut + 1:cut + 40] if repr(e) not in legal][:3] + [_Foreign()]
        for event in tries:
            try:
                partial.check(event)
            except RuleError:
                pass
            except (AttributeError, TypeError, KeyError):    # a foreign move: the rules could not even read it
                assert isinstance(event, _Foreign)
            else:
                continue                                     # legal here too (the same kind of move again)
            assert partial.state == before and partial.events == events_before


def test_every_legal_move_is_accepted_and_the_list_is_stable(played):
    name, game = played
    plugin = GAMES[name]
    replay = Game(game.rules)
    for k, event in enumerate(game.events):
        if k % 7 == 0:
            before = copy.deepcopy(replay.state)
            legal = plugin.legal_moves(replay.rules, replay.state)
            assert legal, f"no legal move at step {k + 1} ({replay.state.pending.kind})"
            assert legal == plugin.legal_moves(replay.rules, replay.state)
            assert replay.state == before
            for move in legal:
                new = replay.check(move)
                assert plugin.invariants(replay.rules, new) == []
            assert replay.state == before
        replay.apply(event)
    assert plugin.legal_moves(replay.rules, replay.state) == []


def test_invariants_hold_every_move_and_at_the_end(played):
    name, game = played
    plugin = GAMES[name]
    replay = Game(game.rules)
    for event in game.events:
        replay.apply(event)
        assert plugin.invariants(replay.rules, replay.state) == []
    assert plugin.final_invariants(replay.rules, replay.state) == []


def test_every_decision_kind_has_a_screen():
    for name, plugin in GAMES.items():
        screens = display_for(name).screens
        assert set(screens) == set(plugin.decisions), name


@pytest.mark.parametrize("name", NAMES)
def test_every_decision_is_met_and_entered_through_the_screens(name):
    """Random games entered as taps and presses until every decision kind the plugin declares
    has been met (at most 16 games): each decision met is declared, and each move's scripted
    inputs make exactly that move, as the screens send it."""
    plugin, shown = GAMES[name], display_for(name)
    rng = random.Random(3)
    seen: set[str] = set()
    counts = sorted(plugin.players)
    for k in range(16):
        ctl = Controller(None)
        ctl.start_game(name, plugin.demo_setup(counts[k % len(counts)], rng, load(plugin.data)))
        session = ctl.session
        while True:
            kind = session.state.pending.kind
            assert kind in plugin.decisions, kind
            seen.add(kind)
            if session.state.over:
                break
            move = plugin.random_move(session.game, rng)
            n = len(session.game.events)
            run_lines(ctl, inputs_for(ctl, move))
            assert len(session.game.events) == n + 1, (kind, move, ctl.message)
            assert session.game.events[-1] == shown.canonical(move, session.rules.board)
        if seen == set(plugin.decisions):
            break
    assert seen == set(plugin.decisions)


def test_tags_and_led_plans_cover_every_game():
    from firmware_host.engine.leds import LedLayout

    layout = LedLayout(count=26, track=tuple(range(21)), seats=tuple(range(21, 25)), status=25)
    for name, plugin in GAMES.items():
        kinds = tag_kinds(name)
        assert kinds and all(values for values in kinds.values())
        assert all(label for values in kinds.values() for _value, label in values)
        game = random_game(name, min(plugin.players), seed=2)
        lit, _animated = plugin.led_plan(game.rules, game.state, layout, 0.0)
        assert set(lit) <= set(range(layout.count))
