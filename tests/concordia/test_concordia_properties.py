"""Invariants of Concordia under random legal play (hypothesis): storehouses never over 12,
money never negative, cards and colonists conserved, replay == live state, undo(n) then
re-applying == original, and refused moves change nothing."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from concordia_helpers import setup
from firmware_host.engine.concordia import CODEC, ConcordiaRules
from firmware_host.engine.concordia import events as ev
from firmware_host.engine.concordia.invariants import game_over_violations, violations
from firmware_host.engine.concordia.play import play_random_game, random_event
from firmware_host.engine.concordia.rules import map_players
from firmware_host.engine.core import Game, RuleError, copy_state, event_to_json
from tests.engine_checks import check_undo_then_redo

SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
games = st.tuples(st.integers(2, 5), st.integers(0, 2**31), st.sampled_from(["imperium", "italia"]),
                  st.sampled_from(["table", "companion"]))


def rules_for(spec) -> ConcordiaRules:
    """The drawn map, or the other one where the drawn one is not for ``n`` players (C-NIS-1)."""
    n, seed, map_id, mode = spec
    if n not in map_players(map_id):
        map_id = "italia" if map_id == "imperium" else "imperium"
    return ConcordiaRules(setup(n, map=map_id, mode=mode, seed=seed))


@SETTINGS
@given(games)
def test_every_state_keeps_the_invariants(spec):
    """C-NIS-2 (12 spaces), C-NIS-3/10 (3 + 3 colonists), C-SETUP-1 (cards conserved),
    money never negative, every game ends with the Concordia card given (C-END-1/2)."""
    rules = rules_for(spec)
    game = Game(rules)
    rng = random.Random(spec[1])
    while not game.state.over:
        game.apply(random_event(game, rng))
        assert violations(rules, game.state) == []
        assert all(p.used() <= 12 and p.money >= 0 for p in game.state.players)
    assert game_over_violations(rules, game.state) == []


@SETTINGS
@given(games)
def test_replay_equals_live_state(spec):
    """Event sourcing: the journaled events (through their JSON form) rebuild the state exactly."""
    rules = rules_for(spec)
    live = play_random_game(rules, random.Random(spec[1]))
    events = [CODEC.decode(event_to_json(e)) for e in live.events]
    assert events == live.events
    assert Game(rules, events).state == live.state


@SETTINGS
@given(games, st.integers(1, 40), st.floats(0.05, 0.95))
def test_undo_n_then_reapply_gives_the_original(spec, n, where):
    rules = rules_for(spec)
    full = play_random_game(rules, random.Random(spec[1]))
    cut = int(len(full.events) * where)
    check_undo_then_redo(rules, full.events, cut, n)


BAD_MOVES = [
    ev.PlayCard("venus"), ev.BuildHouse("roma", "food"), ev.BuildHouse("atlantis"), ev.Produce("thule"),
    ev.Trade((("brick", 1), ("food", 1), ("wine", 1))), ev.Trade((("cloth", 99),)), ev.CopyCard(9),
    ev.BuyCard(12), ev.BuyColonist("horse"), ev.PlaceColonists(land=9), ev.KeepGoods(("salt",)),
    ev.RevealCard("venus"), ev.Done(), ev.PrefectCash(), ev.ColonistCash(),
]


@SETTINGS
@given(games, st.floats(0, 1), st.sampled_from(BAD_MOVES))
def test_refused_moves_change_nothing_and_name_the_rule(spec, where, move):
    """Bad input: a refused move raises RuleError with a C- rule and a fix, and changes nothing."""
    rules = rules_for(spec)
    full = play_random_game(rules, random.Random(spec[1]))
    game = Game(rules, full.events[: int(len(full.events) * where)])
    before, count = copy_state(game.state), len(game.events)
    try:
        game.apply(move)
    except RuleError as err:
        assert err.rule.startswith("C-") and str(err).startswith(err.rule)
        assert game.state == before and len(game.events) == count
    else:
        # only the always-legal answers may be accepted, and only where they are asked
        assert move in (ev.Done(), ev.PrefectCash(), ev.ColonistCash())
        assert before.pending.kind in ("tribune", "architect", "mercator", "buy", "prefect", "colonist")


@pytest.mark.parametrize("mode", ["table", "companion"])
def test_a_game_over_refuses_every_move(mode):
    game = play_random_game(ConcordiaRules(setup(2, mode=mode, seed=3)), random.Random(3))
    for move in BAD_MOVES + [ev.PlayCard("tribune")]:
        with pytest.raises(RuleError):
            game.apply(move)
