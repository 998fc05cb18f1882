"""The six actions and extra actions: T-HARB, T-SHIP, T-FORUM, T-MIL, T-TRAJ, T-SEN, T-BUILD,
T-EXTRA, T-XTILE, T-FTILE-GOODSJOKER/XJOKER; worked examples T-EX-6..9; derived ship checks."""

import pytest

from firmware_host.engine.trajan import events as ev
from tests.trajan.helpers import BOARD, finish_turn, me, pass_turn, put_tile, refuse, sow_to, started


def at(action, players=2, **kw):
    """A game where seat 0 has just made ``action`` its target."""
    game = started(players, **kw)
    sow_to(game, action)
    return game


# ----------------------------------------------------------------------------- T-ACT

@pytest.mark.parametrize("action", BOARD.bowl_actions)
def test_t_act_the_target_action_is_optional(action):
    game = at(action)
    refuse(game, ev.EndTurn(), "T-TURN-1")
    game.apply(ev.SkipAction())
    s = game.state
    assert s.pending.kind == "bowl" and s.pending.player == 1
    assert s.players[0].vp == 0 and s.players[0].supply == 13 and s.players[0].hand == 3


# ----------------------------------------------------------------------------- T-HARB

def test_t_harb_1_draw_two_then_discard_one():
    game = at("seaport")
    refuse(game, ev.SeaportDraw("C"), "T-HARB-1")
    game.apply(ev.SeaportDraw("B"))
    s = game.state
    assert (s.players[0].hand, s.draw_pile, s.discard) == (4, 50, {"A": 1, "B": 2})


def test_t_harb_2_take_the_top_card_of_a_discard_pile_which_is_refilled():
    """T-HARB-2 with T-AMB-7: an emptied discard pile is refilled from the draw pile."""
    game = at("seaport")
    game.apply(ev.SeaportTake("A"))
    s = game.state
    assert (s.players[0].hand, s.draw_pile, s.discard) == (4, 51, {"A": 1, "B": 1})


def test_t_harb_2_an_empty_discard_pile_cannot_be_taken_from():
    game = at("seaport")
    game.state.discard["A"] = 0
    refuse(game, ev.SeaportTake("A"), "T-HARB-2")
    refuse(game, ev.SeaportTake("Z"), "T-HARB-2")


def test_t_harb_3_display_one_or_two_cards_and_draw_as_many():
    game = at("seaport")
    refuse(game, ev.SeaportDisplay(()), "T-HARB-3")
    refuse(game, ev.SeaportDisplay(("wine", "fish", "gems")), "T-HARB-3")
    refuse(game, ev.SeaportDisplay(("ale",)), "T-HARB-3")
    game.apply(ev.SeaportDisplay(("wine", "fish")))
    s = game.state
    assert (s.players[0].hand, s.draw_pile) == (3, 50)
    assert dict(s.players[0].display) == {"wine": 1, "fish": 1}


def test_t_harb_3_cannot_display_more_cards_than_in_hand():
    game = at("seaport")
    me(game).hand = 1
    refuse(game, ev.SeaportDisplay(("wine", "fish")), "T-HARB-3")


def test_t_harb_4_ship_load_scores_flips_and_moves_cards_to_display_without_refill():
    game = at("seaport")
    refuse(game, ev.SeaportShip("galley", ("wine",)), "T-HARB-4")
    refuse(game, ev.SeaportShip("same", ("wine",) * 4), "T-HARB-4")        # only 3 in hand
    game.apply(ev.SeaportShip("same", ("wine",) * 3))
    s = game.state
    assert s.players[0].vp == 12 and s.players[0].vp_by == {"ships": 12}
    assert s.ships == {"same": "grey", "pairs": "coloured", "diff": "coloured"}
    assert dict(s.players[0].display) == {"wine": 3}
    assert (s.players[0].hand, s.draw_pile) == (0, 52)


# ----------------------------------------------------------------------------- T-SHIP

@pytest.mark.parametrize("ship,side,cards,vp", [
    ("same", "coloured", ("gems",), 2), ("same", "coloured", ("gems",) * 2, 6),
    ("same", "coloured", ("gems",) * 3, 12), ("same", "coloured", ("gems",) * 4, 20),
    ("same", "grey", ("gems",), 0), ("same", "grey", ("gems",) * 2, 1),
    ("same", "grey", ("gems",) * 3, 7), ("same", "grey", ("gems",) * 4, 15),
    ("pairs", "coloured", ("gems",) * 2, 5), ("pairs", "coloured", ("gems", "gems", "fish", "fish"), 10),
    ("pairs", "coloured", ("gems", "gems", "fish", "fish", "wine", "wine"), 15),
    ("pairs", "grey", ("gems",) * 2, 1), ("pairs", "grey", ("gems", "gems", "fish", "fish"), 6),
    ("pairs", "grey", ("gems", "gems", "fish", "fish", "wine", "wine"), 11),
    ("diff", "coloured", ("gems",), 2), ("diff", "coloured", ("gems", "fish"), 4),
    ("diff", "coloured", ("gems", "fish", "wine"), 6), ("diff", "coloured", ("gems", "fish", "wine", "oils"), 8),
    ("diff", "grey", ("gems",), 0), ("diff", "grey", ("gems", "fish"), 1),
    ("diff", "grey", ("gems", "fish", "wine"), 3), ("diff", "grey", ("gems", "fish", "wine", "oils"), 5),
])
def test_t_ship_same_pairs_diff_tables(ship, side, cards, vp):
    """T-SHIP-SAME, T-SHIP-PAIRS, T-SHIP-DIFF: VP by ship, side and load."""
    game = at("seaport")
    me(game).hand = 6
    game.state.ships[ship] = side
    game.apply(ev.SeaportShip(ship, cards))
    assert me(game, 0).vp == vp
    assert game.state.ships[ship] == "grey"
    assert sum(me(game, 0).display.values()) == len(cards)


@pytest.mark.parametrize("ship,cards,rule", [
    ("same", ("gems", "fish"), "T-SHIP-SAME"),
    ("same", ("gems",) * 5, "T-SHIP-SAME"),
    ("pairs", ("gems",) * 4, "T-SHIP-PAIRS"),            # two pairs of one good are not 2 pairs
    ("pairs", ("gems",) * 4 + ("fish",) * 2, "T-SHIP-PAIRS"),   # nor is this 3 pairs
    ("pairs", ("gems", "gems", "fish"), "T-SHIP-PAIRS"),
    ("pairs", ("gems", "gems", "fish", "fish", "wine", "wine", "oils", "oils"), "T-SHIP-PAIRS"),
    ("diff", ("gems", "gems"), "T-SHIP-DIFF"),
    ("diff", ("gems", "fish", "wine", "oils", "furs"), "T-SHIP-DIFF"),
])
def test_t_ship_loads_that_do_not_fit_are_refused(ship, cards, rule):
    game = at("seaport")
    me(game).hand = 8
    refuse(game, ev.SeaportShip(ship, cards), rule)


def test_t_ship_grey_load_worth_zero_is_still_legal():
    game = at("seaport")
    game.state.ships["same"] = "grey"
    game.apply(ev.SeaportShip("same", ("fish",)))
    assert me(game, 0).vp == 0 and dict(me(game, 0).display) == {"fish": 1} and me(game, 0).hand == 2


def test_derived_same_ship_twelve_then_seven_and_stays_grey():
    """Derived table check: 3 identical = 12 coloured, then 3 identical = 7 grey, still grey."""
    game = at("seaport")
    p = me(game)
    p.hand = 6
    p.forum_tiles["extra:seaport"] = 1
    game.apply(ev.SeaportShip("same", ("wine",) * 3))
    game.apply(ev.UseExtraAction("seaport"))
    game.apply(ev.SeaportShip("same", ("fish",) * 3))
    assert me(game, 0).vp == 12 + 7
    assert game.state.ships["same"] == "grey"


def test_derived_pairs_ship_coloured_two_pairs_score_ten():
    game = at("seaport")
    me(game).hand = 4
    game.apply(ev.SeaportShip("pairs", ("cattle", "cattle", "wheat", "wheat")))
    assert me(game, 0).vp == 10


def test_derived_pairs_ship_two_pairs_of_the_same_good_are_not_two_pairs():
    game = at("seaport")
    me(game).hand = 4
    refuse(game, ev.SeaportShip("pairs", ("cattle",) * 4), "T-SHIP-PAIRS")


def test_derived_diff_ship_grey_four_different_score_five():
    game = at("seaport")
    me(game).hand = 4
    game.state.ships["diff"] = "grey"
    game.apply(ev.SeaportShip("diff", ("cattle", "wheat", "wine", "fish")))
    assert me(game, 0).vp == 5


def test_t_ftile_goodsjoker_stands_in_for_one_card_and_is_used_up():
    game = at("seaport")
    me(game).forum_tiles["goods_joker"] = 1
    refuse(game, ev.SeaportShip("same", ("wine",) * 2, 2), "T-FTILE-GOODSJOKER")
    refuse(game, ev.SeaportShip("same", ("wine",) * 2, -1), "T-FTILE-GOODSJOKER")
    game.apply(ev.SeaportShip("pairs", ("wine", "wine", "fish"), 1))
    p = me(game, 0)
    assert p.vp == 10 and p.forum_tiles["goods_joker"] == 0
    assert dict(p.display) == {"wine": 2, "fish": 1} and p.hand == 0       # the joker is not a card


# ----------------------------------------------------------------------------- T-FORUM / T-XTILE

def test_t_forum_1_take_a_tile_from_a_green_space():
    game = at("forum")
    game.apply(ev.ForumTake("senate3", "green"))
    s = game.state
    assert s.players[0].forum_tiles["senate3"] == 1 and s.forum_green == 5 and s.forum_seen["senate3"] == 1


def test_t_forum_1_or_an_extra_action_tile_from_a_yellow_space():
    game = at("forum")
    game.apply(ev.ForumTake("extra:military", "yellow"))
    s = game.state
    assert s.players[0].forum_tiles["extra:military"] == 1 and s.forum_yellow == 2 and s.forum_green == 6


def test_t_forum_1_refusals_empty_spaces_and_unknown_tiles():
    game = at("forum")
    refuse(game, ev.ForumTake("senate3", "red"), "T-FORUM-1")
    refuse(game, ev.ForumTake("chariot", "green"), "T-FORUM-1")
    game.state.forum_green = 0
    refuse(game, ev.ForumTake("senate3", "green"), "T-FORUM-1")
    game.state.forum_yellow = 0
    refuse(game, ev.ForumTake("extra:forum", "yellow"), "T-FORUM-1")


def test_t_xtile_1_yellow_spaces_hold_extra_action_tiles_two_per_action():
    game = at("forum")
    refuse(game, ev.ForumTake("bread", "yellow"), "T-XTILE-1")
    refuse(game, ev.ForumTake("extra:tavern", "yellow"), "T-XTILE-1")
    game.state.extra_seen["military"] = 2
    refuse(game, ev.ForumTake("extra:military", "yellow"), "T-XTILE-1")


# ----------------------------------------------------------------------------- T-MIL

def test_t_mil_1_recruit_moves_a_figure_from_supply_to_the_camp():
    game = at("military")
    game.apply(ev.Recruit())
    p = me(game, 0)
    assert (p.supply, p.military_camp) == (12, 2)


def test_t_mil_1_recruit_needs_a_figure_in_supply():
    game = at("military")
    me(game).supply = 0
    refuse(game, ev.Recruit(), "T-MIL-1")


def test_t_mil_2_march_one_step_taking_the_forum_tile_for_no_vp():
    game = at("military")
    refuse(game, ev.March("aquitania", "bread"), "T-MIL-2")            # not adjacent to the camp
    refuse(game, ev.March("alpes"), "T-MIL-2")                         # the tile must be named
    game.apply(ev.March("alpes", "senate4"))
    s = game.state
    assert s.players[0].commander == "alpes" and s.players[0].forum_tiles["senate4"] == 1
    assert s.province_tile["alpes"] is False and s.players[0].vp == 0


def test_t_mil_2_march_into_a_province_without_a_tile():
    game = at("military")
    game.state.province_tile["noricum"] = False
    refuse(game, ev.March("noricum", "bread"), "T-MIL-2")
    game.apply(ev.March("noricum"))
    assert me(game, 0).commander == "noricum" and sum(me(game, 0).forum_tiles.values()) == 0


def test_t_mil_2_the_camp_is_adjacent_to_three_provinces_britannia_via_dashed_lines():
    assert len(BOARD.march_targets("camp")) == 3
    assert set(BOARD.march_targets("britannia")) == {"lugdunensis", "belgica", "germania_inferior"}
    game = at("military")
    me(game).commander = "britannia"
    game.state.province_tile["belgica"] = False
    game.apply(ev.March("belgica"))
    assert me(game, 0).commander == "belgica"


def test_t_mil_3_deploy_scores_province_value_minus_three_per_other_legionary():
    game = at("military", players=3)
    me(game).commander = "lugdunensis"                   # 6 VP
    game.state.legions["lugdunensis"] = [1]
    game.apply(ev.Deploy())
    s = game.state
    assert s.players[0].vp == 3 and s.players[0].military_camp == 0 and s.legions["lugdunensis"] == [1, 0]


def test_t_mil_3_deploy_needs_the_commander_in_a_province_and_a_legionary_in_camp():
    game = at("military")
    refuse(game, ev.Deploy(), "T-MIL-3")                 # commander still in the camp
    me(game).commander = "alpes"
    me(game).military_camp = 0
    refuse(game, ev.Deploy(), "T-MIL-3")


def test_t_mil_4_at_most_one_own_legionary_per_province():
    game = at("military")
    me(game).commander = "alpes"
    game.state.legions["alpes"] = [0]
    refuse(game, ev.Deploy(), "T-MIL-4")


def test_t_amb_8_other_players_legionaries_do_not_block_deploy():
    """T-AMB-8: the condition is no legionary of your own there."""
    game = at("military", players=4)
    me(game).commander = "britannia"
    game.state.legions["britannia"] = [1, 2, 3]
    game.apply(ev.Deploy())
    assert me(game, 0).vp == 1                          # 10 - 9


def test_t_ex_9_military_options():
    game = at("military", players=3)
    p = me(game)
    p.commander = "aquitania"
    game.state.legions["aquitania"] = [1]
    game.state.players[1].military_camp = 0
    assert game.check(ev.Recruit()).players[0].military_camp == 2                       # (a)
    for target in ("lugdunensis", "narbonensis"):                                         # (b)
        after = game.check(ev.March(target, "bread"))
        assert after.players[0].commander == target and after.players[0].vp == 0
        assert after.players[0].forum_tiles["bread"] == 1
    refuse(game, ev.March("britannia", "bread"), "T-MIL-2")
    assert game.check(ev.Deploy()).players[0].vp == 7                                     # (c) 10 - 3
    game.apply(ev.Deploy())
    refuse(game, ev.Recruit(), "T-TURN-1")                                                # exactly one


@pytest.mark.parametrize("province,others,vp", [("aquitania", [1, 2], 4), ("noricum", [1, 2], 0),
                                                ("aquitania", [], 10)])
def test_t_ex_9_derived_deploy_values(province, others, vp):
    game = at("military", players=3)
    me(game).commander = province
    game.state.legions[province] = list(others)
    game.apply(ev.Deploy())
    assert me(game, 0).vp == vp


def test_t_ex_9_derived_deploy_illegal_with_own_legionary_there():
    game = at("military", players=3)
    me(game).commander = "aquitania"
    game.state.legions["aquitania"] = [1, 0]
    refuse(game, ev.Deploy(), "T-MIL-4")


# ----------------------------------------------------------------------------- T-TRAJ

def test_t_traj_1_a_tile_from_a_pile_goes_on_the_arch_slot():
    game = at("trajan")
    refuse(game, ev.TakeTrajanTile("palace-1"), "T-TRAJ-1")
    refuse(game, ev.TakeTrajanTile("goods-1"), "T-TRAJ-1")              # on seat 0's slot II
    game.apply(ev.TakeTrajanTile("legion-2"))
    s = game.state
    assert s.players[0].slots[0] == "legion-2" and "legion-2" not in s.trajan_piles["legion"]


def test_t_traj_2_the_arch_moves_clockwise_to_the_first_empty_slot():
    game = at("trajan")
    p = me(game)
    put_tile(game, 5, None)
    put_tile(game, 0, "vp-9")
    p.arch = 5
    game.apply(ev.TakeTrajanTile("legion-2"))
    assert me(game, 0).slots[5] == "legion-2" and me(game, 0).arch == 2         # skips full I and II


def test_t_traj_2_the_very_next_empty_slot_gets_the_arch():
    game = at("trajan")
    put_tile(game, 1, None)
    game.apply(ev.TakeTrajanTile("legion-2"))
    assert me(game, 0).slots[0] == "legion-2" and me(game, 0).arch == 1


def test_t_traj_3_no_empty_slot_sends_the_arch_to_the_centre_and_blocks_the_action():
    game = at("trajan")
    put_tile(game, 2, "vp-8")
    put_tile(game, 4, "vp-9")
    game.apply(ev.TakeTrajanTile("legion-2"))
    assert me(game, 0).arch is None
    finish_turn(game)
    pass_turn(game)
    sow_to(game, "trajan", keep_slot=True)                 # vp-9 needs blue+white; not there
    assert me(game, 0).slots[4] == "vp-9"
    refuse(game, ev.TakeTrajanTile("legion-3"), "T-TRAJ-3")
    game.apply(ev.SkipAction())


# ----------------------------------------------------------------------------- T-SEN

def test_t_sen_1_and_t_ex_6_senate_step_from_4_to_5_on_top_of_the_stack():
    game = at("senate")
    s = game.state
    s.players[0].senate = 3                   # the "4" space
    s.players[1].senate = 4                   # already on "5"
    assert game.rules.senate_ranking(s)[0] == 1
    game.apply(ev.SenateAdvance())
    s = game.state
    assert s.players[0].senate == 4 and s.players[0].vp == 5
    assert s.players[0].senate_height > s.players[1].senate_height
    assert game.rules.senate_ranking(s) == [0, 1]


def test_t_sen_2_no_senate_action_on_the_8vp_space():
    game = at("senate")
    me(game).senate = 7
    refuse(game, ev.SenateAdvance(), "T-SEN-2")
    game.apply(ev.SkipAction())
    assert me(game, 0).senate == 7


# ----------------------------------------------------------------------------- T-BUILD

def test_t_build_1_hire_moves_a_figure_to_the_worker_camp():
    game = at("construction")
    game.apply(ev.Hire())
    assert (me(game, 0).supply, me(game, 0).worker_camp) == (12, 2)


def test_t_build_1_hire_needs_a_figure_in_supply():
    game = at("construction")
    me(game).supply = 0
    refuse(game, ev.Hire(), "T-BUILD-1")


def test_t_build_2_first_worker_anywhere_later_ones_orthogonally_adjacent():
    game = at("construction")
    p = me(game)
    p.worker_camp = 3
    p.forum_tiles["extra:construction"] = 1
    refuse(game, ev.Build(20, ""), "T-BUILD-2")
    game.apply(ev.Build(19, "door-3"))                     # the far corner
    assert me(game, 0).vp == 3 and game.state.site_workers[19] == [0] and me(game, 0).worker_camp == 2
    game.apply(ev.SkipAction())                            # the door's bonus senate action
    game.apply(ev.UseExtraAction("construction"))
    refuse(game, ev.Build(0, "stairs-2"), "T-BUILD-2")
    refuse(game, ev.Build(13, "stairs-2"), "T-BUILD-2")    # diagonal
    refuse(game, ev.Build(19, ""), "T-BUILD-2")            # own space (T-NIS-10)
    game.apply(ev.Build(14, "stairs-2"))
    assert game.state.site_workers[14] == [0] and me(game, 0).vp == 5


def test_t_build_2_needs_a_worker_in_the_worker_camp():
    game = at("construction")
    me(game).worker_camp = 0
    refuse(game, ev.Build(0, "door-3"), "T-BUILD-2")


def test_t_build_2a_tile_taken_and_scored_first_of_a_kind_gives_a_bonus_action():
    game = at("construction")
    refuse(game, ev.Build(0, ""), "T-BUILD-2a")
    refuse(game, ev.Build(0, "palace-3"), "T-BUILD-2a")
    game.state.construction_seen.append("door-3")
    game.state.players[1].construction_tiles.append("door-3")
    refuse(game, ev.Build(0, "door-3"), "T-BUILD-2a")
    game.apply(ev.Build(0, "window-5"))
    s = game.state
    assert s.players[0].construction_tiles == ["window-5"] and s.players[0].vp == 5 and s.site_tile[0] is False
    assert (s.pending.kind, s.pending.action, s.pending.reason) == ("action", "military", "bonus")


def test_t_build_2b_building_on_another_players_worker_gives_nothing():
    game = at("construction")
    s = game.state
    s.site_tile[7] = False
    s.site_workers[7] = [1]
    refuse(game, ev.Build(7, "door-2"), "T-BUILD-2b")
    game.apply(ev.Build(7))
    s = game.state
    assert s.site_workers[7] == [1, 0] and s.players[0].vp == 0 and s.players[0].construction_tiles == []
    assert s.pending.kind == "bowl" and s.pending.player == 1          # no bonus action


def test_t_build_3_first_tile_bonus_actions_by_kind():
    """T-BUILD-3 / T-NIS-5: stairs -> Forum ([003]), one kind -> Senate; the rest is data."""
    assert BOARD.bonus_action["stairs"] == "forum"
    assert "senate" in BOARD.bonus_action.values()
    assert sorted(BOARD.bonus_action.values()) == sorted(["forum", "senate", "seaport", "trajan", "military"])
    for kind, action in BOARD.bonus_action.items():
        game = at("construction")
        game.apply(ev.Build(0, f"{kind}-2"))
        assert (game.state.pending.action, game.state.pending.reason) == (action, "bonus")


def test_t_ex_7_first_construction_tile_gives_a_bonus_senate_action_second_does_not():
    game = at("construction")
    me(game).worker_camp = 2
    game.apply(ev.Build(0, "door-4"))
    assert (game.state.pending.action, game.state.pending.reason) == ("senate", "bonus")
    game.apply(ev.SenateAdvance())
    assert me(game, 0).vp == 4 + 2
    sow_to(game, "senate")                                  # seat 1
    finish_turn(game)
    sow_to(game, "construction")
    game.apply(ev.Build(1, "door-5"))
    assert me(game, 0).vp == 6 + 5
    assert game.state.pending.kind == "bowl" and game.state.pending.player == 1


def test_t_ex_7_variant_first_stairs_gives_a_bonus_forum_action():
    game = at("construction")
    game.apply(ev.Build(0, "stairs-3"))
    assert (game.state.pending.action, game.state.pending.reason) == ("forum", "bonus")
    game.apply(ev.ForumTake("bread"))
    assert me(game, 0).forum_tiles["bread"] == 1 and me(game, 0).vp == 3


def test_t_ex_8_building_on_an_occupied_space_bridges_to_the_window():
    game = started(2, seats=(("green", "Green"), ("blue", "Blue")))
    s = game.state
    s.site_tile[6] = s.site_tile[7] = False
    s.site_workers[6] = [0]                # green
    s.site_workers[7] = [1]                # blue; the window lies on 8
    s.players[0].worker_camp = 2
    s.players[0].forum_tiles["extra:construction"] = 1
    sow_to(game, "construction")
    refuse(game, ev.Build(8, "window-4"), "T-BUILD-2")      # not yet adjacent
    game.apply(ev.Build(7))
    assert me(game, 0).vp == 0 and game.state.site_workers[7] == [1, 0]
    game.apply(ev.UseExtraAction("construction"))
    game.apply(ev.Build(8, "window-4"))
    assert me(game, 0).vp == 4 and me(game, 0).construction_tiles == ["window-4"]


# ----------------------------------------------------------------------------- T-EXTRA

def test_t_extra_1_a_matching_tile_repeats_the_action_once():
    game = at("senate")
    me(game).forum_tiles["extra:senate"] = 1
    me(game).forum_tiles["extra:forum"] = 1
    game.apply(ev.SenateAdvance())
    assert game.state.pending.kind == "extra"
    refuse(game, ev.UseExtraAction("forum"), "T-EXTRA-1")                  # forum was not taken
    refuse(game, ev.UseExtraAction("senate", "extra_joker"), "T-EXTRA-1")  # holds no joker
    game.apply(ev.UseExtraAction("senate"))
    assert (game.state.pending.action, game.state.pending.reason) == ("senate", "repeat")
    game.apply(ev.SenateAdvance())
    p = me(game, 0)
    assert (p.senate, p.vp) == (2, 2 + 3)
    assert game.state.pending.kind == "bowl" and game.state.pending.player == 1


def test_t_extra_1_no_repeat_of_a_skipped_action():
    game = at("senate")
    me(game).forum_tiles["extra:senate"] = 1
    game.apply(ev.SkipAction())
    assert game.state.pending.kind == "bowl" and game.state.pending.player == 1
    assert game.state.players[0].forum_tiles["extra:senate"] == 1


def test_t_extra_2_with_a_plus2_marker_the_tile_gives_two_repeats():
    """T-EXTRA-2 / T-AMB-9: one tile, two repeats."""
    game = at("senate")
    me(game).forum_tiles["extra:senate"] = 1
    me(game).plus2 = ["senate"]
    game.apply(ev.SenateAdvance())
    game.apply(ev.UseExtraAction("senate"))
    game.apply(ev.SenateAdvance())
    assert (game.state.pending.action, game.state.pending.reason) == ("senate", "repeat")
    game.apply(ev.SenateAdvance())
    assert (me(game, 0).senate, me(game, 0).vp) == (3, 2 + 3 + 4)


def test_t_extra_3_the_tile_leaves_the_game_the_plus2_marker_stays():
    game = at("senate")
    me(game).forum_tiles["extra:senate"] = 1
    me(game).plus2 = ["senate"]
    game.apply(ev.SenateAdvance())
    game.apply(ev.UseExtraAction("senate"))
    p = me(game, 0)
    assert p.forum_tiles["extra:senate"] == 0 and p.plus2 == ["senate"]


def test_t_extra_3_a_plus2_marker_alone_gives_no_repeat():
    game = at("senate")
    me(game).plus2 = ["senate"]
    game.apply(ev.SenateAdvance())
    assert game.state.pending.kind == "bowl" and me(game, 0).senate == 1


def test_t_extra_4_one_extra_action_tile_per_turn():
    game = at("senate")
    me(game).forum_tiles["extra:senate"] = 2
    game.apply(ev.SenateAdvance())
    game.apply(ev.UseExtraAction("senate"))
    game.apply(ev.SenateAdvance())
    assert game.state.pending.kind == "bowl" and game.state.pending.player == 1
    assert game.state.players[0].forum_tiles["extra:senate"] == 1


def test_t_extra_4_the_limit_covers_the_construction_bonus_action_too():
    game = at("construction")
    p = me(game)
    p.worker_camp = 2
    p.forum_tiles["extra:construction"] = 1
    p.forum_tiles["extra:senate"] = 1
    game.apply(ev.Build(0, "stairs-2"))
    game.apply(ev.SkipAction())                            # bonus forum
    game.apply(ev.UseExtraAction("construction"))
    game.apply(ev.Build(1, "door-2"))                      # first door: bonus senate (T-EXTRA-7)
    game.apply(ev.SenateAdvance())
    assert game.state.pending.kind == "bowl"               # no second tile for the senate bonus
    assert game.state.players[0].forum_tiles["extra:senate"] == 1


def test_t_extra_5_the_construction_bonus_action_can_be_repeated_by_a_tile():
    game = at("construction")
    me(game).forum_tiles["extra:senate"] = 1
    game.apply(ev.Build(0, "door-2"))
    game.apply(ev.SenateAdvance())
    assert game.state.pending.kind == "extra"
    assert game.rules.extra_options(game.state) == [("senate", "extra")]
    game.apply(ev.UseExtraAction("senate"))
    game.apply(ev.SenateAdvance())
    assert (me(game, 0).senate, me(game, 0).vp) == (2, 2 + 2 + 3)


def test_t_extra_6_and_t_ftile_xjoker_the_joker_repeats_any_action():
    game = at("military")
    me(game).forum_tiles["extra_joker"] = 1
    game.apply(ev.Recruit())
    game.apply(ev.UseExtraAction("military", "extra_joker"))
    game.apply(ev.Recruit())
    p = me(game, 0)
    assert (p.military_camp, p.supply, p.forum_tiles["extra_joker"]) == (3, 11, 0)


def test_t_extra_7_a_repeated_construction_can_take_a_first_tile_bonus():
    """T-EXTRA-7 / T-AMB-10."""
    game = at("construction")
    p = me(game)
    p.worker_camp = 2
    p.forum_tiles["extra:construction"] = 1
    game.apply(ev.Hire())
    game.apply(ev.UseExtraAction("construction"))
    game.apply(ev.Build(4, "roof-5"))
    assert (game.state.pending.action, game.state.pending.reason) == ("trajan", "bonus")
    game.apply(ev.TakeTrajanTile("worker-3"))
    assert me(game, 0).slots[0] == "worker-3" and me(game, 0).vp == 5


def test_t_extra_1_and_t_sen_2_no_repeat_offered_from_the_8_vp_space():
    """A Senate repeat that T-SEN-2 would refuse is not offered: the turn ends, the tile is kept."""
    game = at("senate")
    p = me(game)
    p.senate = len(BOARD.senate_vp) - 2
    p.forum_tiles["extra:senate"] = 1
    p.forum_tiles["extra_joker"] = 1
    game.apply(ev.SenateAdvance())
    assert me(game, 0).senate == len(BOARD.senate_vp) - 1
    assert game.state.pending.kind == "bowl" and game.state.pending.player == 1
    assert me(game, 0).forum_tiles["extra:senate"] == 1 and me(game, 0).forum_tiles["extra_joker"] == 1


def test_t_extra_1_a_repeat_that_cannot_be_carried_out_is_refused_before_the_tile_is_discarded():
    """T-EXTRA-1 with T-SEN-2: after a construction bonus Senate action onto the 8-VP space only
    the construction can be repeated; asking for the Senate is refused and nothing is discarded."""
    from firmware_host.engine.trajan.moves import legal_moves

    game = at("construction")
    p = me(game)
    p.senate = len(BOARD.senate_vp) - 2
    p.forum_tiles["extra:senate"] = 1
    p.forum_tiles["extra:construction"] = 1
    game.apply(ev.Build(0, "door-2"))
    game.apply(ev.SenateAdvance())                        # T-BUILD-2a bonus: onto the 8-VP space
    assert game.state.pending.kind == "extra"
    assert game.rules.extra_options(game.state) == [("construction", "extra")]
    assert legal_moves(game.rules, game.state) == [ev.UseExtraAction("construction"), ev.EndTurn()]
    err = refuse(game, ev.UseExtraAction("senate"), "T-EXTRA-1")
    assert "cannot be carried out again" in str(err)
    assert me(game, 0).forum_tiles["extra:senate"] == 1


def test_t_extra_1_and_t_traj_3_no_trajan_repeat_with_the_arch_in_the_centre():
    game = at("trajan")
    p = me(game)
    p.forum_tiles["extra:trajan"] = 1
    for slot in range(6):
        if slot != p.arch and p.slots[slot] is None:
            put_tile(game, slot, game.state.trajan_piles["legion"][0])
    game.apply(ev.TakeTrajanTile(game.state.trajan_piles["worker"][0]))
    assert me(game, 0).arch is None                       # T-TRAJ-3: all six slots full
    assert game.state.pending.kind == "bowl" and me(game, 0).forum_tiles["extra:trajan"] == 1


def test_t_extra_2_a_second_repeat_that_became_impossible_can_only_be_skipped():
    """With a [+2] the tile gives two repeats (T-EXTRA-2); it is offered because the first can
    be carried out; if the first takes the disc to the 8-VP space, the second is only a skip."""
    from firmware_host.engine.trajan.moves import legal_moves

    game = at("senate")
    p = me(game)
    p.senate = len(BOARD.senate_vp) - 3
    p.plus2 = ["senate"]
    p.forum_tiles["extra:senate"] = 1
    game.apply(ev.SenateAdvance())
    game.apply(ev.UseExtraAction("senate"))
    game.apply(ev.SenateAdvance())
    assert (game.state.pending.action, game.state.pending.reason) == ("senate", "repeat")
    assert legal_moves(game.rules, game.state) == [ev.SkipAction()]
    refuse(game, ev.SenateAdvance(), "T-SEN-2")
