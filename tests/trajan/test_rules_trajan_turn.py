"""The Trajan turn and Trajan tiles: T-TURN, T-TT, worked examples T-EX-1..5."""

import pytest

from firmware_host.engine.trajan import events as ev
from tests.trajan.helpers import (
    BOARD,
    bowl,
    complete_tile,
    finish_turn,
    me,
    pass_turn,
    put_tile,
    refuse,
    set_bowls,
    sow_to,
    started,
)

# ----------------------------------------------------------------------------- T-TURN

def test_t_turn_1_steps_in_order_sow_then_trajan_tile_then_action_then_extra():
    game = started(2)
    me(game).forum_tiles["extra:senate"] = 1
    complete_tile(game, "senate", "goods-3")                # step 1 and 2: the tile completes
    assert game.state.pending.kind == "trajan_special"
    refuse(game, ev.SenateAdvance(), "T-TURN-1")            # the action waits for the tile
    game.apply(ev.TrajanTileAction(True))
    pending = game.state.pending
    assert (pending.kind, pending.action, pending.reason) == ("action", "senate", "main")
    refuse(game, ev.Sow(0, ("pink",)), "T-TURN-1")
    game.apply(ev.SenateAdvance())
    assert game.state.pending.kind == "extra"
    game.apply(ev.EndTurn())
    assert game.state.pending.kind == "bowl" and game.state.pending.player == 1


def test_t_turn_2_the_source_bowl_must_hold_a_marker_and_is_emptied():
    game = started(2)
    set_bowls(game, {"seaport": [], "forum": ["pink", "blue", "white"]})
    refuse(game, ev.Sow(bowl("seaport"), ()), "T-TURN-2")
    refuse(game, ev.Sow(6, ("pink",)), "T-TURN-2")
    refuse(game, ev.Sow(-1, ("pink",)), "T-TURN-2")
    game.apply(ev.Sow(bowl("forum"), ("pink", "blue", "white")))
    assert me(game, 0).bowls[bowl("forum")] == []


def test_t_turn_3_time_marker_advances_by_the_markers_taken():
    game = started(2)
    set_bowls(game, {"seaport": ["pink", "blue", "white"], "military": []})
    game.apply(ev.Sow(0, ("pink", "blue", "white")))
    assert game.state.time == 3


def test_t_turn_4_markers_sown_one_per_bowl_clockwise_in_the_players_order():
    game = started(2)
    set_bowls(game, {"senate": ["pink", "blue", "white"], "trajan": [], "construction": [], "seaport": []})
    refuse(game, ev.Sow(bowl("senate"), ("pink", "blue", "yellow")), "T-TURN-4")
    refuse(game, ev.Sow(bowl("senate"), ("pink", "blue")), "T-TURN-4")
    game.apply(ev.Sow(bowl("senate"), ("white", "pink", "blue")))
    bowls = me(game, 0).bowls
    assert bowls[bowl("trajan")] == ["white"]
    assert bowls[bowl("construction")] == ["pink"]
    assert bowls[bowl("seaport")] == ["blue"]
    assert bowls[bowl("senate")] == []


def test_t_turn_4_more_than_six_markers_go_round_and_the_source_gets_the_sixth():
    """T-TURN-4 with n > 6 (T-AMB-3): marker k goes to bowl (s + k) mod 6."""
    game = started(2)
    seven = ["yellow", "orange", "lightgreen", "white", "pink", "blue", "yellow"]
    set_bowls(game, {0: seven})
    expected = [list(b) for b in me(game).bowls]
    expected[0] = []
    for k, colour in enumerate(seven, start=1):
        expected[k % 6].append(colour)
    game.apply(ev.Sow(0, tuple(seven)))
    bowls = me(game, 0).bowls
    assert bowls == expected
    assert bowls[0] == ["blue"] and bowls[1][-2:] == ["yellow", "yellow"]
    assert game.state.pending.action == BOARD.bowl_actions[1]      # target (0 + 7) mod 6
    assert game.state.time == 7


@pytest.mark.parametrize("source,n", [(0, 1), (2, 2), (5, 3), (3, 6)])
def test_t_turn_5_the_bowl_getting_the_last_marker_is_the_target(source, n):
    game = started(2)
    markers = ["yellow", "orange", "lightgreen", "white", "pink", "blue"][:n]
    set_bowls(game, {source: markers})
    target = (source + n) % 6
    put_tile(game, target, None)
    game.apply(ev.Sow(source, tuple(markers)))
    assert game.state.turn.target == target
    assert (game.state.pending.kind, game.state.pending.action) == ("action", BOARD.bowl_actions[target])


def test_t_turn_6_circle_order_fits_the_seed_examples():
    """T-TURN-6 / T-NIS-6: clockwise Military -> Senate -> Trajan -> X -> Harbour -> Y,
    {X, Y} = {Forum, Construction}; slot i beside bowl i."""
    order = BOARD.bowl_actions
    m = order.index("military")
    rotated = [order[(m + k) % 6] for k in range(6)]
    assert rotated[:3] == ["military", "senate", "trajan"]
    assert rotated[4] == "seaport"
    assert {rotated[3], rotated[5]} == {"forum", "construction"}


# ----------------------------------------------------------------------------- T-TT

def test_t_tt_1_only_the_target_slot_is_checked():
    game = started(2)
    put_tile(game, "forum", "vp-1")                 # orange+orange, satisfied in a bowl not targeted
    set_bowls(game, {"forum": ["orange", "orange"], "military": ["pink"], "senate": ["blue"]})
    put_tile(game, "senate", None)
    game.apply(ev.Sow(bowl("military"), ("pink",)))
    p = me(game, 0)
    assert p.slots[bowl("forum")] == "vp-1" and p.vp == 0 and p.completed == []


def test_t_tt_1_extra_markers_in_the_target_do_not_matter():
    game = started(2)
    put_tile(game, "senate", "vp-8")                # yellow + white
    set_bowls(game, {"military": ["pink"], "senate": ["yellow", "white", "orange", "orange", "blue"]})
    game.apply(ev.Sow(bowl("military"), ("pink",)))
    assert me(game, 0).vp == 9 and me(game, 0).completed == ["vp-8"]


def test_t_tt_1_markers_already_in_the_target_count_not_only_the_last_one():
    game = started(2)
    complete_tile(game, "forum", "vp-8", last="blue")      # tray held yellow + white already
    assert me(game, 0).vp == 9


def test_t_tt_1_a_doubled_colour_needs_two_markers():
    """T-TT-1 / T-AMB-4: multiset inclusion."""
    game = started(2)
    put_tile(game, "senate", "vp-1")                       # orange + orange
    set_bowls(game, {"military": ["yellow"], "senate": ["orange", "white"]})
    game.apply(ev.Sow(bowl("military"), ("yellow",)))
    assert me(game, 0).slots[bowl("senate")] == "vp-1" and me(game, 0).vp == 0
    game2 = started(2)
    complete_tile(game2, "senate", "vp-1")
    assert me(game2, 0).vp == 9


def test_t_tt_2_completion_scores_the_printed_vp_and_frees_the_slot():
    game = started(2)
    complete_tile(game, "senate", "plus2-5")                # 4 VP
    p = me(game, 0)
    assert p.vp == 4 and p.vp_by == {"trajan_tiles": 4}
    assert p.slots[bowl("senate")] is None


def test_t_tt_2_declining_the_special_action_keeps_the_vp():
    """T-TT-2 / T-AMB-5: VP automatic, the special action may be declined."""
    game = started(2)
    complete_tile(game, "senate", "worker-6")               # 2 VP, 2 workers
    game.apply(ev.TrajanTileAction(False))
    p = me(game, 0)
    assert (p.vp, p.worker_camp, p.supply) == (2, 1, 13)
    assert game.state.pending.kind == "action"


def test_t_tt_3_a_completed_tile_leaves_the_game_but_a_demand_tile_is_kept():
    game = started(2)
    complete_tile(game, "senate", "goods-3")
    game.apply(ev.TrajanTileAction(True))
    s = game.state
    assert "goods-3" not in s.trajan_piles["goods"] and s.players[0].completed == ["goods-3"]
    assert s.players[0].demand_tiles == []
    finish_turn(game)
    pass_turn(game)
    complete_tile(game, "forum", "demand-4")                # games (helmet), 1 VP
    assert me(game, 0).demand_tiles == ["games"]


def test_t_tt_4_the_arch_returns_from_the_centre_to_the_freed_slot():
    game = started(2)
    p = me(game)
    for i, tile in enumerate(["vp-5", "vp-6", "vp-7", "vp-8", "vp-9", "goods-6"]):
        put_tile(game, i, tile)
    p.arch = None
    complete_tile(game, "military", "vp-7")
    assert me(game, 0).arch == bowl("military")


def test_t_tt_4_the_arch_stays_put_when_it_is_not_in_the_centre():
    game = started(2)
    complete_tile(game, "senate", "vp-7")
    assert me(game, 0).arch == 0


def test_t_tt_5a_goods_tile_draws_two_cards():
    game = started(2)
    complete_tile(game, "senate", "goods-6")
    assert game.state.pending.kind == "trajan_special"
    game.apply(ev.TrajanTileAction(True))
    assert (me(game, 0).hand, game.state.draw_pile) == (5, 52 - 2)
    assert me(game, 0).vp == 3


def test_t_tt_5a_goods_tile_with_an_empty_draw_pile_has_no_special():
    game = started(2)
    game.state.draw_pile = 0
    complete_tile(game, "senate", "goods-6")
    assert game.state.pending.kind == "action" and me(game, 0).vp == 3


def test_t_tt_5b_the_9_vp_tile_has_no_special_action():
    """T-TT-5b / T-AMB-6: printed 9 VP, nothing more."""
    game = started(2)
    complete_tile(game, "senate", "vp-2")
    assert me(game, 0).vp == 9
    assert game.state.pending.kind == "action"
    refuse(game, ev.TrajanTileAction(True), "T-TURN-1")


@pytest.mark.parametrize("tile,vp,figures", [("legion-1", 5, 1), ("legion-6", 2, 2)])
def test_t_tt_5c_legion_tile_moves_printed_figures_to_the_military_camp(tile, vp, figures):
    game = started(2)
    complete_tile(game, "senate", tile)
    game.apply(ev.TrajanTileAction(True))
    p = me(game, 0)
    assert (p.vp, p.military_camp, p.supply, p.worker_camp) == (vp, 1 + figures, 13 - figures, 1)


@pytest.mark.parametrize("tile,vp,figures", [("worker-2", 5, 1), ("worker-9", 2, 2)])
def test_t_tt_5d_worker_tile_moves_printed_figures_to_the_worker_camp(tile, vp, figures):
    game = started(2)
    complete_tile(game, "senate", tile)
    game.apply(ev.TrajanTileAction(True))
    p = me(game, 0)
    assert (p.vp, p.worker_camp, p.supply, p.military_camp) == (vp, 1 + figures, 13 - figures, 1)


def test_t_tt_5e_plus2_tile_puts_a_marker_on_a_free_plus2_space():
    game = started(2)
    complete_tile(game, "senate", "plus2-5")
    refuse(game, ev.TrajanTileAction(True), "T-TT-5")                  # which action?
    refuse(game, ev.TrajanTileAction(True, "tavern"), "T-TT-5")
    refuse(game, ev.TrajanTileAction(False, "senate"), "T-TT-5")
    game.apply(ev.TrajanTileAction(True, "military"))
    assert me(game, 0).plus2 == ["military"] and game.state.plus2_left == 23


def test_t_tt_5e_a_plus2_space_takes_one_marker_and_it_never_moves():
    game = started(2)
    me(game).plus2 = ["military"]
    game.state.plus2_left = 23
    complete_tile(game, "senate", "plus2-5")
    refuse(game, ev.TrajanTileAction(True, "military"), "T-TT-5")
    game.apply(ev.TrajanTileAction(True, "forum"))
    assert me(game, 0).plus2 == ["military", "forum"]


def test_t_tt_5f_demand_tile_is_stored_with_no_immediate_effect():
    game = started(2)
    complete_tile(game, "senate", "demand-8")               # religion (flame), white+white
    p = me(game, 0)
    assert p.vp == 1 and p.demand_tiles == ["religion"]
    assert game.state.pending.kind == "action"


def test_t_tt_5_non_plus2_tiles_take_no_action_argument():
    game = started(2)
    complete_tile(game, "senate", "goods-6")
    refuse(game, ev.TrajanTileAction(True, "senate"), "T-TT-5")


# ----------------------------------------------------------------------------- worked examples

def test_t_ex_1_two_markers_from_the_trajan_tray_target_the_harbour():
    game = started(2)
    set_bowls(game, {"trajan": ["pink", "blue"], "construction": [], "seaport": []})
    game.apply(ev.Sow(bowl("trajan"), ("pink", "blue")))
    s = game.state
    assert s.players[0].bowls[bowl("construction")] == ["pink"]
    assert s.players[0].bowls[bowl("seaport")] == ["blue"]
    assert (s.pending.kind, s.pending.action) == ("action", "seaport")
    assert s.time == 2


def test_t_ex_3_trajan_tile_on_the_target_only():
    game = started(2)
    set_bowls(game, {"military": ["white", "lightgreen"], "senate": ["white"], "trajan": ["yellow"]})
    put_tile(game, "senate", "vp-7")                        # white + white: matches after sowing
    put_tile(game, "trajan", "goods-3")                     # yellow + lightgreen, 3 VP
    game.apply(ev.Sow(bowl("military"), ("white", "lightgreen")))
    s = game.state
    assert s.turn.target == bowl("trajan")
    assert s.players[0].vp == 3
    assert s.players[0].slots[bowl("trajan")] is None
    assert s.players[0].slots[bowl("senate")] == "vp-7"     # not completed
    game.apply(ev.TrajanTileAction(True))
    assert me(game, 0).hand == 5
    assert (game.state.pending.kind, game.state.pending.action) == ("action", "trajan")


def test_t_ex_4_completing_a_worker_tile():
    game = started(2)
    complete_tile(game, "forum", "worker-1", last="blue")   # 5 VP, 1 worker; yellow+orange held
    game.apply(ev.TrajanTileAction(True))
    p = me(game, 0)
    assert (p.vp, p.worker_camp, p.supply) == (5, 2, 12)
    assert p.slots[bowl("forum")] is None and "worker-1" not in game.state.trajan_piles["worker"]


def test_t_ex_5_trajan_action_and_the_arch():
    game = started(2)
    p = me(game)
    assert p.arch == 0 and [t is not None for t in p.slots] == [False, True, False, True, False, True]
    sow_to(game, "trajan")
    game.apply(ev.TakeTrajanTile("vp-5"))
    assert me(game, 0).slots[0] == "vp-5" and me(game, 0).arch == 2          # arch to III
    finish_turn(game)
    pass_turn(game)
    sow_to(game, "trajan")
    game.apply(ev.TakeTrajanTile("vp-6"))
    assert me(game, 0).slots[2] == "vp-6" and me(game, 0).arch == 4          # arch to V
    finish_turn(game)
    pass_turn(game)
    sow_to(game, "trajan")                                                   # slot V still empty
    game.apply(ev.TakeTrajanTile("vp-7"))
    assert me(game, 0).slots[4] == "vp-7" and me(game, 0).arch is None       # centre
    finish_turn(game)
    pass_turn(game)
    set_bowls(game, {"senate": ["yellow"], "trajan": ["pink"]})              # vp-7 (white+white) stays
    game.apply(ev.Sow(bowl("senate"), ("yellow",)))
    refuse(game, ev.TakeTrajanTile("vp-8"), "T-TRAJ-3")
    finish_turn(game)
    pass_turn(game)
    complete_tile(game, "senate", "vp-1")                                     # the starting tile on IV
    assert me(game, 0).arch == 3
