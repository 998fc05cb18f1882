"""The engine core: events round-trip, errors name their rule, copies share nothing."""

import dataclasses
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_host.engine.core import EventCodec, Game, RuleError, copy_state, event_to_json
from firmware_host.engine.trajan import CODEC, TrajanRules
from firmware_host.engine.trajan import events as ev
from tests.trajan_fixtures import finished_events, setup

EVENTS = finished_events(4, 5)
RULES = TrajanRules(setup(4, 5))


def _mutables(obj, seen=None):
    """ids of every mutable container reachable from ``obj``."""
    seen = set() if seen is None else seen
    if isinstance(obj, (list, dict, Counter, set)) or (dataclasses.is_dataclass(obj)
                                                       and not obj.__dataclass_params__.frozen):
        if id(obj) in seen:
            return seen
        seen.add(id(obj))
    if isinstance(obj, dict):
        for v in obj.values():
            _mutables(v, seen)
    elif isinstance(obj, (list, tuple, set)):
        for v in obj:
            _mutables(v, seen)
    elif dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            _mutables(getattr(obj, f.name), seen)
    return seen


@settings(max_examples=30, deadline=None)
@given(st.integers(0, len(EVENTS)))
def test_copy_state_is_equal_and_shares_nothing_mutable(k):
    state = Game(RULES, EVENTS[:k]).state
    copy = copy_state(state)
    assert copy == state
    assert not (_mutables(copy) & _mutables(state))


def test_apply_never_touches_the_state_it_was_given():
    game = Game(RULES)
    for e in EVENTS[:200]:
        before = copy_state(game.state)
        old = game.state
        game.apply(e)
        assert old == before


def test_every_event_round_trips_through_json():
    for e in EVENTS:
        assert CODEC.decode(event_to_json(e)) == e


def test_codec_refuses_unknown_kinds_and_fields():
    with pytest.raises(ValueError):
        CODEC.decode({"kind": "teleport"})
    with pytest.raises(ValueError):
        CODEC.decode({"kind": "sow", "bowl": 1, "colours": ["white"], "speed": 3})
    with pytest.raises(ValueError):
        EventCodec([ev.Sow, ev.Sow])


def test_rule_error_names_rule_message_and_fix_and_translates():
    err = RuleError("T-SEN-2", "{player} already reached the 8 VP space this quarter.", "Skip it.", player="red")
    assert str(err) == "T-SEN-2: red already reached the 8 VP space this quarter. Skip it."
    catalog = {"{player} already reached the 8 VP space this quarter.": "{player} már elérte a 8 GP-s mezőt.",
               "Skip it.": "Hagyd ki.", "red": "piros"}
    assert err.translated(lambda s: catalog.get(s, s)) == "T-SEN-2: piros már elérte a 8 GP-s mezőt. Hagyd ki."


def test_undo_more_than_there_is_goes_back_to_the_start():
    game = Game(RULES, EVENTS[:5])
    game.undo(50)
    assert game.events == [] and game.state == RULES.initial_state()


def test_parsed_boards_are_shared_per_dict_and_only_the_last_few_are_kept():
    from firmware_host.data import load
    from firmware_host.engine import core
    from firmware_host.engine.trajan.board import TrajanBoard

    data = load("trajan")
    assert core.parsed_board(TrajanBoard, data) is core.parsed_board(TrajanBoard, data)
    for _ in range(30):
        core.parsed_board(TrajanBoard, load("trajan"))
    assert len(core._parsed) <= core._PARSED_KEEP


def test_setups_round_trip_and_refuse_what_they_do_not_know():
    import pytest as _pytest

    from firmware_host.engine.trajan import TrajanSetup
    s = setup(3, seed=9)
    assert TrajanSetup.from_json(s.to_json()) == s
    older = {k: v for k, v in s.to_json().items() if k != "edition"}       # a field added later
    assert TrajanSetup.from_json(older).edition == 2
    with _pytest.raises(ValueError):
        TrajanSetup.from_json({**s.to_json(), "speed": 3})
    with _pytest.raises(ValueError):
        TrajanSetup.from_json({"board": {}})                                   # players missing
    with _pytest.raises(ValueError):
        TrajanSetup.from_json([])


def test_undo_from_a_kept_state_equals_a_fresh_replay():
    """Undo replays from the nearest kept state (every Game.SNAPSHOT_EVERY events): for every
    distance, across kept states, the result equals replaying the remaining moves from the
    start, and later moves apply on top of it as before."""
    import random

    from firmware_host.games import GAMES, demo_rules

    plugin = GAMES["trajan"]
    rng = random.Random(8)
    rules = demo_rules(plugin, 3, rng)
    played = Game(rules)
    while not played.state.over:
        played.apply(plugin.random_move(played, rng))
    events = list(played.events)
    assert len(events) > 3 * Game.SNAPSHOT_EVERY
    game = Game(rules, events)
    for n in (1, 5, Game.SNAPSHOT_EVERY, Game.SNAPSHOT_EVERY + 1, 70, 1):
        game.undo(n)
        assert game.state == Game(rules, game.events).state
        assert game.events == events[:len(game.events)]
    for event in events[len(game.events):]:
        game.apply(event)
    assert game.state == played.state


def test_undo_of_the_last_move_restores_the_state_before_it_unchanged():
    """The usual UNDO (one move, right after it) takes the kept state before the move: equal to
    a copy taken then, whatever was applied after it; a second undo replays as before."""
    game = Game(RULES)
    for event in EVENTS[:40]:
        game.apply(event)
    before = copy_state(game.state)
    game.apply(EVENTS[40])
    assert game.undo(1) == before
    assert game.events == EVENTS[:40]
    game.apply(EVENTS[40])
    game.apply(EVENTS[41])
    game.undo(1)
    game.undo(1)            # not the move just accepted: replayed from the kept state at 32
    assert game.state == before and game.state == Game(RULES, EVENTS[:40]).state
    for event in EVENTS[40:]:
        game.apply(event)
    assert game.state == Game(RULES, EVENTS).state


def test_a_copy_of_a_game_is_independent():
    """Game.copy: moves and undos on the copy leave the original as it was (compared with a
    copy made before, not with itself)."""
    events = finished_events(2, seed=3)
    rules = TrajanRules(setup(2, seed=3))
    game = Game(rules, events[:80])
    before_state, before_events = copy_state(game.state), list(game.events)
    twin = game.copy()
    twin.undo(40)
    for event in events[40:90]:
        twin.apply(event)
    assert game.state == before_state and game.events == before_events
    assert twin.state == Game(rules, events[:90]).state
