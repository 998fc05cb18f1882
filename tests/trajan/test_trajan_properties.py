"""Invariants of Trajan under random legal play (hypothesis): pieces conserved, exactly 16
rounds and 12 demand reveals, replay == live state, undo(n) then redo == original."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firmware_host.data import load
from firmware_host.engine.core import Game, copy_state, event_to_json
from firmware_host.engine.trajan import CODEC, TrajanRules, TrajanSetup
from firmware_host.engine.trajan.board import PLAYER_COLOURS
from firmware_host.engine.trajan.invariants import game_over_violations, violations
from firmware_host.engine.trajan.play import play_random_game, random_event
from tests.engine_checks import check_undo_then_redo

BOARD = load("trajan")
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def rules_for(players: int, seed: int, mode: str) -> TrajanRules:
    return TrajanRules(TrajanSetup(players=tuple((c, c) for c in PLAYER_COLOURS[:players]), board=BOARD,
                                   demand_mode=mode, seed=seed))


games = st.tuples(st.integers(2, 4), st.integers(0, 2**31), st.sampled_from(["table", "companion"]))


@SETTINGS
@given(games)
def test_whole_game_conserves_pieces_and_lasts_16_rounds(spec):
    """T-FLOW-1 (4 quarters x 4 rounds), T-ROUND-3 (3 demands a quarter), T-COMP-2/4 counts."""
    players, seed, mode = spec
    rules = rules_for(players, seed, mode)
    game = Game(rules)
    rng = random.Random(seed)
    while not game.state.over:
        game.apply(random_event(game, rng))
        assert violations(rules, game.state) == []
    assert game_over_violations(rules, game.state) == []
    rounds = [(q, r) for q, r, _ in game.state.history if 1 <= q <= 4]
    assert rounds == [(q, r) for q in range(1, 5) for r in range(1, 5)]


@SETTINGS
@given(games)
def test_replay_equals_live_state(spec):
    """Event sourcing: the journaled events (through their JSON form) rebuild the state exactly."""
    players, seed, mode = spec
    rules = rules_for(players, seed, mode)
    live = play_random_game(rules, random.Random(seed))
    events = [CODEC.decode(event_to_json(e)) for e in live.events]
    assert events == live.events
    assert Game(rules, events).state == live.state


@SETTINGS
@given(games, st.integers(1, 40), st.floats(0.05, 0.95))
def test_undo_n_then_redo_gives_the_original(spec, n, where):
    players, seed, mode = spec
    rules = rules_for(players, seed, mode)
    full = play_random_game(rules, random.Random(seed))
    cut = int(len(full.events) * where)
    check_undo_then_redo(rules, full.events, cut, n)


@SETTINGS
@given(games, st.floats(0, 1))
def test_refused_moves_change_nothing(spec, where):
    """Bad input: a move for the wrong decision is refused with a rule ID and changes nothing."""
    import pytest

    from firmware_host.engine.core import RuleError
    from firmware_host.engine.trajan import events as ev

    players, seed, mode = spec
    rules = rules_for(players, seed, mode)
    full = play_random_game(rules, random.Random(seed))
    game = Game(rules, full.events[: int(len(full.events) * where)])
    before, count = copy_state(game.state), len(game.events)
    wrong = ev.SenateAdvance() if game.state.pending.kind != "action" else ev.RevealDemand("bread")
    with pytest.raises(RuleError) as err:
        game.apply(wrong)
    assert err.value.rule.startswith("T-")
    assert game.state == before and len(game.events) == count


def test_t_final_5_more_jokers_never_score_less():
    """T-FINAL-5 / T-FTILE-BUILDJOKER: jokers fill rows where they help; one that has no row
    left to fill is simply not used (4/4/4/4/3 with 2 jokers is still 100)."""
    from firmware_host.engine.trajan.board import TrajanBoard
    from firmware_host.engine.trajan.scoring import construction_sets

    board = TrajanBoard(BOARD)
    kinds = tuple(board.bonus_action)
    tiles = [k for k in kinds[:4] for _ in range(4)] + [kinds[4]] * 3
    scores = [construction_sets(tiles, j, board.set_vp, kinds)[0] for j in range(4)]
    assert scores == [90, 100, 100, 100]
    assert construction_sets([kinds[0]] * 2, 3, board.set_vp, kinds)[0] == 20
