"""Legal-move enumeration (``firmware_host/engine/trajan/moves.py``): every listed move is
accepted, the list is deterministic and leaves the state alone, the random player's moves are
covered once their free parameters are normalised (``choice_key``), and specific positions
list exactly the moves the rules allow (T-TURN-2, T-FORUM-1, T-XTILE-1, T-MIL-2, T-TRAJ-3,
T-SEN-2, T-BUILD-2, T-TT-5, T-EXTRA-1, T-ROUND-2, T-QUARTER-1, T-QUARTER-2c)."""

import copy
import random
from itertools import combinations

import pytest

from firmware_host.engine.core import Game, RuleError, copy_state
from firmware_host.engine.trajan import TrajanRules, TrajanSetup
from firmware_host.engine.trajan import events as ev
from firmware_host.engine.trajan.board import ACTIONS, PLAYER_COLOURS
from firmware_host.engine.trajan.moves import MAX_BUILDS, choice_key, legal_moves
from firmware_host.engine.trajan.play import random_event
from firmware_host.engine.trajan.state import Pending
from tests.trajan.helpers import BOARD, BOARD_DATA, finish_turn, me, set_bowls, sow_to, started, to_quarter_end


def _accepted(game: Game, event) -> bool:
    try:
        game.rules.apply(copy_state(game.state), event)
    except RuleError:
        return False
    return True


def _check_step(game: Game) -> list:
    rules, s = game.rules, game.state
    before = copy.deepcopy(s)
    moves = legal_moves(rules, s)
    assert moves == legal_moves(rules, s), "not deterministic"
    assert s == before, "legal_moves changed the state"
    if s.over:
        assert moves == []
        return moves
    assert moves, f"no legal move for {s.pending}"
    assert len(moves) <= 300
    for m in moves:
        assert _accepted(game, m), (s.pending, m)
    keys = [choice_key(rules, s, m) for m in moves]
    assert len(set(keys)) == len(keys), "two listed moves make the same choice"
    return keys


# 2, 3 and 4 players, both demand modes (T-ROUND-2: "table" asks for each demand revealed).
@pytest.mark.parametrize("players,mode,seed", [(n, mode, 10 * n + k) for n in (2, 3, 4)
                                                for mode in ("table", "companion") for k in range(3)])
def test_random_games_every_listed_move_is_legal_and_the_played_one_is_listed(players, mode, seed):
    rng = random.Random(seed)
    rules = TrajanRules(TrajanSetup(players=tuple((c, c.title()) for c in PLAYER_COLOURS[:players]),
                                    board=BOARD_DATA, demand_mode=mode, seed=rng.randrange(2**32)))
    game = Game(rules)
    kinds = set()
    while not game.state.over:
        keys = _check_step(game)
        kinds.add(game.state.pending.kind)
        event = random_event(game, rng)
        assert choice_key(rules, game.state, event) in keys, (game.state.pending, event)
        game.apply(event)
    assert _check_step(game) == []
    assert {"setup_markers", "setup_trajan", "bowl", "action", "demands"} <= kinds
    assert ("reveal_demand" in kinds) == (mode == "table")


# ----------------------------------------------------------------------------- positions

def test_t_flow_game_over_has_no_moves():
    game = started(2)
    game.state.pending = Pending("game_over")
    assert legal_moves(game.rules, game.state) == []


def test_t_turn_2_only_non_empty_bowls_are_sown_in_their_current_order():
    """T-TURN-2/4: one Sow per non-empty bowl, bowl order; the drop order is free (kept as is)."""
    game = started(2)
    set_bowls(game, {0: [], 1: ["pink", "blue", "white"], 2: [], 3: [], 4: ["yellow"]})
    p = me(game)
    assert legal_moves(game.rules, game.state) == [
        ev.Sow(1, tuple(p.bowls[1])), ev.Sow(4, ("yellow",)), ev.Sow(5, tuple(p.bowls[5]))]
    assert [b for b in range(6) if p.bowls[b]] == [1, 4, 5]
    # Any drop order is the same screen-level choice as the listed one.
    shuffled = ev.Sow(1, tuple(reversed(p.bowls[1])))
    assert choice_key(game.rules, game.state, shuffled) == choice_key(game.rules, game.state,
                                                                      ev.Sow(1, tuple(p.bowls[1])))


def test_t_setup_9_one_marker_arrangement_the_screens_preselect():
    game = Game(started(2).rules)
    (first,) = legal_moves(game.rules, game.state)
    c = BOARD.marker_colours
    assert first == ev.PlaceStartMarkers(0, tuple((c[i], c[(i + 3) % 6]) for i in range(6)))
    game.apply(first)
    assert legal_moves(game.rules, game.state) == [ev.PlaceStartMarkers(1, first.bowls)]


def test_t_setup_17_one_start_choice_per_set_of_three_piles():
    game = Game(started(2).rules)
    while game.state.pending.kind != "setup_trajan":
        game.apply(legal_moves(game.rules, game.state)[0])
    moves = legal_moves(game.rules, game.state)
    assert len(moves) == 20
    assert {frozenset(BOARD.trajan_tiles[t].pile for t in m.tiles) for m in moves} == {
        frozenset(c) for c in combinations(BOARD.piles, 3)}


def test_t_setup_16_the_draw_pile_split_comes_first():
    game = Game(started(2).rules)
    while game.state.pending.kind != "setup_cards":
        game.apply(legal_moves(game.rules, game.state)[0])
    moves = legal_moves(game.rules, game.state)
    assert moves[0] == ev.TakeStartingCards(0, 3, 0, 0)
    assert len(moves) == 10 and all(m.from_draw + m.from_a + m.from_b == 3 for m in moves)


def test_t_forum_1_green_kinds_left_then_yellow_extra_action_tiles():
    game = started(2)
    sow_to(game, "forum")
    s = game.state
    s.forum_seen["bread"] = BOARD.forum_tiles["bread"]           # all bread tiles are out (T-NIS-9)
    s.extra_seen["senate"] = BOARD.extra_action_tiles["senate"]  # both senate extra tiles are out (T-XTILE-1)
    moves = legal_moves(game.rules, s)
    green = [m.tile for m in moves if isinstance(m, ev.ForumTake) and m.space == "green"]
    yellow = [m.tile for m in moves if isinstance(m, ev.ForumTake) and m.space == "yellow"]
    assert green == [k for k in BOARD.forum_tiles if k != "bread"]
    assert yellow == [f"extra:{a}" for a in BOARD.extra_action_tiles if a != "senate"]
    assert moves[-1] == ev.SkipAction()
    s.forum_yellow = 0
    assert not [m for m in legal_moves(game.rules, s) if isinstance(m, ev.ForumTake) and m.space == "yellow"]
    s.forum_green = 0
    assert legal_moves(game.rules, s) == [ev.SkipAction()]


def test_t_mil_2_march_targets_with_each_possible_tile_then_deploy():
    game = started(2)
    sow_to(game, "military")
    s = game.state
    rules = game.rules
    targets = BOARD.march_targets("camp")
    s.province_tile[targets[0]] = False
    moves = legal_moves(rules, s)
    assert moves[0] == ev.Recruit()
    marches = [m for m in moves if isinstance(m, ev.March)]
    assert ev.March(targets[0]) in marches
    assert [m.province for m in marches] == sorted((m.province for m in marches), key=targets.index)
    assert {m.tile for m in marches if m.province == targets[1]} == set(BOARD.forum_tiles)
    assert ev.Deploy() not in moves                               # commander in the camp (T-MIL-3)
    me(game).commander = targets[0]
    assert legal_moves(rules, s)[-2:] == [ev.Deploy(), ev.SkipAction()]


def test_t_traj_3_and_t_sen_2_blocked_actions_only_skip():
    game = started(2)
    sow_to(game, "trajan")
    assert len(legal_moves(game.rules, game.state)) == 1 + sum(len(v) for v in game.state.trajan_piles.values())
    me(game).arch = None
    assert legal_moves(game.rules, game.state) == [ev.SkipAction()]
    game = started(2)
    sow_to(game, "senate")
    assert legal_moves(game.rules, game.state) == [ev.SenateAdvance(), ev.SkipAction()]
    me(game).senate = len(BOARD.senate_vp) - 1
    assert legal_moves(game.rules, game.state) == [ev.SkipAction()]


def test_t_build_2_first_worker_lists_each_kind_later_workers_every_tile():
    """T-BUILD-2: the first worker may go anywhere (20 spaces x 20 tiles is over MAX_BUILDS,
    so one tile per kind, T-BUILD-2a); later ones beside own workers, every untaken tile;
    a space another worker emptied is built without a tile (T-BUILD-2b)."""
    game = started(2)
    sow_to(game, "construction")
    s, rules = game.state, game.rules
    moves = legal_moves(rules, s)
    builds = [m for m in moves if isinstance(m, ev.Build)]
    assert 20 * 20 > MAX_BUILDS and len(builds) == 20 * 5
    assert moves[0] == ev.Hire() and moves[-1] == ev.SkipAction()
    # A random tile on a space is the same choice as the listed tile of its kind.
    keys = {choice_key(rules, s, m) for m in moves}
    assert choice_key(rules, s, ev.Build(7, "door-5")) in keys
    s.site_workers[6].append(0)
    s.site_tile[6] = False
    s.site_workers[7].append(1)
    s.site_tile[7] = False
    builds = [m for m in legal_moves(rules, s) if isinstance(m, ev.Build)]
    spaces = sorted(BOARD.neighbours(6))
    assert [m.space for m in builds] == [sp for sp in spaces for _ in (range(1) if sp == 7 else range(20))]
    assert ev.Build(7) in builds
    me(game).worker_camp = 0
    assert not [m for m in legal_moves(rules, s) if isinstance(m, ev.Build)]


def test_t_harb_seaport_options_one_per_screen_choice():
    """T-HARB-1..4: draws, takes, display 1 or 2 and each ship load size with jokers; the goods
    of the hidden hand are free (one representative)."""
    game = started(2)
    sow_to(game, "seaport")
    s, rules = game.state, game.rules
    p = me(game)
    p.hand, p.forum_tiles["goods_joker"] = 0, 1
    s.discard["B"] = 0
    moves = legal_moves(rules, s)
    assert moves[:3] == [ev.SeaportDraw("A"), ev.SeaportDraw("B"), ev.SeaportTake("A")]
    assert not [m for m in moves if isinstance(m, ev.SeaportDisplay)]
    ships = [m for m in moves if isinstance(m, ev.SeaportShip)]
    assert ships == [ev.SeaportShip("same", (), 1), ev.SeaportShip("diff", (), 1)]   # T-FTILE-GOODSJOKER
    p.hand = 5
    moves = legal_moves(rules, s)
    assert [len(m.cards) for m in moves if isinstance(m, ev.SeaportDisplay)] == [1, 2]
    keys = {choice_key(rules, s, m) for m in moves}
    assert choice_key(rules, s, ev.SeaportShip("pairs", ("fish", "fish", "wine"), 1)) in keys
    assert choice_key(rules, s, ev.SeaportDisplay(("gems", "wheat"))) in keys


def test_t_tt_5_plus2_special_lists_free_spaces_then_decline():
    game = started(2)
    s = game.state
    s.turn.special = "plus2-1"
    s.pending = Pending("trajan_special", 0)
    me(game).plus2 = ["senate"]
    assert legal_moves(game.rules, s) == ([ev.TrajanTileAction(True, a) for a in ACTIONS if a != "senate"]
                                          + [ev.TrajanTileAction(False)])


def test_t_extra_1_extra_options_then_end_turn():
    game = started(2)
    sow_to(game, "senate")
    me(game).forum_tiles["extra:senate"] = 1
    me(game).forum_tiles["extra_joker"] = 1
    game.apply(ev.SenateAdvance())
    assert legal_moves(game.rules, game.state) == [
        ev.UseExtraAction("senate", "extra"), ev.UseExtraAction("senate", "extra_joker"), ev.EndTurn()]


def test_t_round_2_reveal_each_demand_kind_left():
    game = started(2)
    finish_turn(game)
    s = game.state
    s.turn = None
    s.pending = Pending("reveal_demand")
    s.demands_seen["games"] = BOARD.demand_tiles_per_kind
    assert legal_moves(game.rules, s) == [ev.RevealDemand(d) for d in BOARD.demand_kinds if d != "games"]


def test_t_quarter_1_the_suggested_demands_then_t_quarter_2c_consul_picks():
    game = started(2)
    me(game, 0).forum_tiles["bread"] = 1
    to_quarter_end(game)
    s, rules = game.state, game.rules
    (only,) = legal_moves(rules, s)
    assert only == ev.FulfilDemands(0, rules.suggest_demands(s, 0)) == ev.FulfilDemands(0, ("forum", "", ""))
    while s.pending.kind == "demands":
        game.apply(legal_moves(rules, s)[0])
        s = game.state
    assert s.pending.kind == "consul"
    assert legal_moves(rules, s) == [ev.ChooseBonusTile(t) for t in s.senate_bonus]
