"""Invariants of Chariot Race under random legal play (hypothesis): values stay on their
tracks, wrecked chariots never act, replay == live state, undo then redo == original, and
bad input changes nothing and names the rule it breaks."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chariot_helpers import BOARD, NAMES, white_chariots
from firmware_host.engine.chariot_race import CODEC, ChariotRaceRules, ChariotRaceSetup
from firmware_host.engine.chariot_race import events as ev
from firmware_host.engine.chariot_race.invariants import game_over_violations, violations
from firmware_host.engine.chariot_race.play import play_random_game, random_event
from firmware_host.engine.core import Game, RuleError, copy_state, event_to_json
from tests.engine_checks import check_undo_then_redo

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])

races = st.fixed_dictionaries({
    "players": st.integers(2, 6),
    "seed": st.integers(0, 2**31),
    "sheets": st.sampled_from(["white", "black"]),
    "track": st.sampled_from(["A", "B"]),
    "no_damage_after_finish": st.booleans(),
    "normal_dice_must_be_used": st.booleans(),
})


def rules_for(spec: dict) -> ChariotRaceRules:
    n = spec["players"]
    return ChariotRaceRules(ChariotRaceSetup(
        players=NAMES[:n], board=BOARD, chariots=white_chariots(n) if spec["sheets"] == "white" else (),
        sheets=spec["sheets"], track=spec["track"], no_damage_after_finish=spec["no_damage_after_finish"],
        normal_dice_must_be_used=spec["normal_dice_must_be_used"], seed=spec["seed"]))


@SETTINGS
@given(races)
def test_values_stay_on_their_tracks_and_wrecks_never_act(spec):
    """CR-SHEET-4 (caps), CR-DESTROY-3 (a wreck takes no turn and is never moved, hurt or
    healed again), caltrops conserved; at the end the winner is the finisher furthest ahead
    (CR-END-3) or nobody (CR-END-5)."""
    rules = rules_for(spec)
    game = Game(rules)
    rng = random.Random(spec["seed"])
    wrecks: dict[str, tuple] = {}
    while not game.state.over:
        event = random_event(game, rng)
        game.apply(event)
        s = game.state
        assert violations(rules, s) == []
        for c in s.chariots:
            frozen = (c.resistance, c.speed, c.fate, c.crossings, c.lane, c.pos)
            if c.colour in wrecks:
                assert wrecks[c.colour] == frozen, f"wrecked {c.colour} changed after {event}"
            elif c.wrecked:
                wrecks[c.colour] = frozen
        assert s.pending.chariot not in wrecks
        assert len(game.events) < 5000
    assert game_over_violations(rules, game.state) == []


@SETTINGS
@given(races)
def test_replay_equals_live_state(spec):
    """Event sourcing: the journaled events (through their JSON form) rebuild the race
    exactly, companion rolls included."""
    rules = rules_for(spec)
    live = play_random_game(rules, random.Random(spec["seed"]))
    events = [CODEC.decode(event_to_json(e)) for e in live.events]
    assert events == live.events
    assert Game(rules, events).state == live.state


@SETTINGS
@given(races, st.integers(1, 30), st.floats(0.05, 0.95))
def test_undo_n_then_redo_gives_the_original(spec, n, where):
    rules = rules_for(spec)
    full = play_random_game(rules, random.Random(spec["seed"]))
    cut = max(1, int(len(full.events) * where))
    check_undo_then_redo(rules, full.events, cut, n)


BAD_INPUT = [
    ev.DrawStartSpaces((9, 9)), ev.PickSheet("pink"), ev.ChooseStartSpace(0), ev.Repair(),
    ev.RollDice(("skull",)), ev.Reroll((7,)), ev.SetDie(0, "fortuna"), ev.KeepDice(), ev.SetSpeed(5, 5),
    ev.ChangeLane("up"), ev.EnterCorner(4), ev.Collide("pink"), ev.HitCaltrop(), ev.CrossFinish(),
    ev.EndMove(), ev.DropCaltrop(), ev.ThrowJavelin("pink"), ev.EndTurn(), ev.HitRocks(),
]


@SETTINGS
@given(races, st.floats(0, 1), st.sampled_from(BAD_INPUT))
def test_refused_moves_change_nothing_and_say_why(spec, where, event):
    """Bad input: an event the rules refuse leaves the state unchanged and names the rule."""
    rules = rules_for(spec)
    full = play_random_game(rules, random.Random(spec["seed"]))
    game = Game(rules, full.events[: int(len(full.events) * where)])
    before, count = copy_state(game.state), len(game.events)
    try:
        game.apply(event)
    except RuleError as err:
        assert err.rule.startswith("CR-") and err.rule in str(err) and err.message
        assert game.state == before and len(game.events) == count
    else:
        assert event in (ev.Repair(), ev.KeepDice(), ev.EndMove(), ev.EndTurn(), ev.HitCaltrop(),
                         ev.CrossFinish(), ev.HitRocks(), ev.DropCaltrop())


def test_an_unknown_event_is_refused():
    class Foreign(ev.Event):
        kind = "foreign"
    game = Game(rules_for({"players": 4, "seed": 1, "sheets": "white", "track": "A",
                           "no_damage_after_finish": False, "normal_dice_must_be_used": False}))
    with pytest.raises(RuleError) as err:
        game.apply(Foreign())
    assert err.value.rule == "CR-TURN-1"
