"""Trajan components, setup and game structure: T-COMP, T-SETUP, T-FLOW (shared/rules/trajan.md)."""

from collections import Counter

import pytest

from firmware_host.engine.core import Game
from firmware_host.engine.trajan import events as ev
from firmware_host.engine.trajan.board import ACTIONS, CAMP, SHIPS
from tests.trajan.helpers import (
    BOARD,
    SEATS,
    SENATE_BONUS,
    START_BONUS,
    START_MARKERS,
    START_TILES,
    end_round,
    finish_turn,
    lap,
    make_rules,
    me,
    meet_demands,
    refuse,
    setup_events,
    sow_to,
    started,
)

# ----------------------------------------------------------------------------- T-COMP

def test_t_comp_1_board_has_six_action_areas_three_ships_20_spaces_10_provinces():
    assert sorted(BOARD.bowl_actions) == sorted(ACTIONS) and len(ACTIONS) == 6
    assert SHIPS == ("same", "pairs", "diff")
    assert BOARD.rows * BOARD.columns == 20
    assert len(BOARD.provinces) == 10 and CAMP not in BOARD.provinces
    assert len(BOARD.senate_vp) == 8                     # the senate track
    assert sorted(BOARD.time_track) == [2, 3, 4]          # three time tracks
    game = started(2)
    assert len(game.state.senate_bonus) == 2              # 2 bonus spaces at the senate's end


def test_t_comp_2_each_player_has_15_figures_and_12_markers_two_per_colour():
    game = started(4)
    for p in game.state.players:
        assert p.supply + p.military_camp + p.worker_camp == 15
        assert p.commander == CAMP
        assert Counter(c for b in p.bowls for c in b) == Counter({c: 2 for c in BOARD.marker_colours})
    assert [p.colour for p in game.state.players] == ["red", "green", "blue", "brown"]
    assert len(BOARD.marker_colours) == 6


def test_t_comp_2_two_players_cannot_share_a_colour():
    with pytest.raises(ValueError, match="T-COMP-2"):
        make_rules(2, seats=(("red", "A"), ("red", "B")))


def test_t_comp_2_unknown_player_colour_is_refused():
    with pytest.raises(ValueError):
        make_rules(2, seats=(("red", "A"), ("purple", "B")))


def test_t_comp_3_player_board_has_six_bowls_six_slots_and_six_plus2_spaces():
    game = started(2)
    p = me(game)
    assert len(p.bowls) == 6 and len(p.slots) == 6
    p.plus2 = list(ACTIONS)                     # every [+2] space filled
    assert not game.rules._special_possible(game.state, p, "plus2")


def test_t_comp_4_component_counts():
    assert len(BOARD.goods_types) * BOARD.cards_per_type == 60
    assert len(BOARD.trajan_tiles) == 54
    assert sum(BOARD.forum_tiles.values()) == 70
    assert sum(BOARD.extra_action_tiles.values()) == 12
    assert len(BOARD.construction_tiles) == 20
    assert BOARD.plus2_total == 24
    assert len(BOARD.demand_kinds) * BOARD.demand_tiles_per_kind == 15
    assert len(BOARD.bonus_tiles) == 12
    s = make_rules(2).initial_state()
    assert len(s.ships) == 3 and s.plus2_left == 24
    assert s.quarter == 1                                   # 4 quarter tiles: quarters 1..4


def test_t_comp_4_no_more_cards_of_a_goods_type_than_exist():
    """T-COMP-4: 5 cards per goods type; a sixth wine in the displays is a typing error."""
    game = started(2)
    game.state.players[1].display["wine"] = 5
    sow_to(game, "seaport")
    refuse(game, ev.SeaportDisplay(("wine",)), "T-COMP-4")


def test_t_comp_5_three_demand_kinds_five_tiles_each():
    """BREAD = bread, GAMES = helmet, RELIGION = flame."""
    assert BOARD.demand_kinds == ("bread", "games", "religion")
    assert BOARD.demand_tiles_per_kind == 5


def test_t_comp_6_five_construction_kinds_worth_2_to_5_with_a_4vp_window():
    kinds = {BOARD.construction_kind(t) for t in BOARD.construction_tiles}
    assert kinds == {"stairs", "fountain", "roof", "door", "window"}
    assert {BOARD.construction_vp(t) for t in BOARD.construction_tiles} == {2, 3, 4, 5}
    assert "window-4" in BOARD.construction_tiles


# ----------------------------------------------------------------------------- T-SETUP

def test_t_setup_1_each_player_takes_their_colour():
    game = started(3)
    assert [(p.colour, p.name) for p in game.state.players] == list(SEATS[:3])


def test_t_setup_2_forum_and_extra_action_tiles_are_separate_stacks():
    s = make_rules(3).initial_state()
    assert s.forum_stack + s.forum_green + sum(s.province_tile.values()) == 70
    assert s.extra_stack + s.forum_yellow == 12


def test_t_setup_3_companion_draws_12_demands_after_removing_3_unseen():
    s = make_rules(2, demand_mode="companion", seed=7).initial_state()
    assert len(s.demand_stack) == 12
    assert all(k <= 5 for k in Counter(s.demand_stack).values())
    assert s.demand_stack == make_rules(2, demand_mode="companion", seed=7).initial_state().demand_stack
    assert make_rules(2).initial_state().demand_stack == []       # table mode: drawn at the table


@pytest.mark.parametrize("players,green", [(2, 6), (3, 9), (4, 12)])
def test_t_setup_4_forum_tiles_on_provinces_green_and_yellow_spaces(players, green):
    s = make_rules(players).initial_state()
    assert all(s.province_tile.values()) and len(s.province_tile) == 10
    assert s.forum_green == green
    assert s.forum_yellow == 3


def test_t_setup_5_a_construction_tile_on_each_of_the_20_spaces():
    s = make_rules(2).initial_state()
    assert s.site_tile == [True] * 20 and s.site_workers == [[] for _ in range(20)]


def test_t_setup_6_time_marker_on_start_first_quarter():
    s = make_rules(2).initial_state()
    assert (s.time, s.quarter, s.round) == (0, 1, 1)


def test_t_setup_7_commander_legionary_worker_and_13_in_supply():
    for p in make_rules(4).initial_state().players:
        assert (p.commander, p.military_camp, p.worker_camp, p.supply) == (CAMP, 1, 1, 13)


def test_t_setup_8_arch_starts_on_slot_i():
    assert all(p.arch == 0 for p in make_rules(2).initial_state().players)


def test_t_setup_9_two_markers_per_bowl_any_colours():
    game = Game(make_rules(2))
    assert game.state.pending.kind == "setup_markers"
    three = (("yellow", "orange", "pink"), ("lightgreen", "white"), ("blue",),
             ("yellow", "orange"), ("lightgreen", "white"), ("pink", "blue"))
    refuse(game, ev.PlaceStartMarkers(0, three), "T-SETUP-9")
    wrong = (("yellow", "yellow"),) + START_MARKERS[1:]        # 3 yellow, 1 orange
    refuse(game, ev.PlaceStartMarkers(0, wrong), "T-SETUP-9")
    refuse(game, ev.PlaceStartMarkers(1, START_MARKERS), "T-TURN-1")   # seat 0 first
    same = tuple((c, c) for c in BOARD.marker_colours)          # any arrangement is fine
    game.apply(ev.PlaceStartMarkers(0, same))
    assert game.state.players[0].bowls == [[c, c] for c in BOARD.marker_colours]


def test_t_setup_9_markers_are_placed_before_anyone_picks_trajan_tiles():
    game = Game(make_rules(2))
    refuse(game, ev.TakeStartingTrajanTiles(0, START_TILES[0]), "T-TURN-1")
    kinds = []
    for e in setup_events(2):
        kinds.append(game.state.pending.kind)
        game.apply(e)
    assert kinds.index("setup_trajan") > max(i for i, k in enumerate(kinds) if k == "setup_markers")


def test_t_setup_10_six_trajan_piles_of_nine():
    s = make_rules(2).initial_state()
    assert sorted(s.trajan_piles) == sorted(["goods", "vp", "legion", "worker", "plus2", "demand"])
    assert all(len(p) == 9 for p in s.trajan_piles.values())


def test_t_setup_11_ships_start_coloured_side_up():
    assert make_rules(2).initial_state().ships == {"same": "coloured", "pairs": "coloured", "diff": "coloured"}


def test_t_setup_12_senate_stack_start_player_at_the_bottom_last_player_on_top():
    game = started(4)
    s = game.state
    assert [p.senate for p in s.players] == [0, 0, 0, 0]
    assert game.rules.senate_ranking(s) == [3, 2, 1, 0]


def test_t_setup_13_everyone_starts_on_zero_vp():
    assert [p.vp for p in started(3).state.players] == [0, 0, 0]


def test_t_setup_14_one_bonus_tile_each_yellow_and_two_on_the_senate():
    game = started(3)
    s = game.state
    assert [p.bonus_tiles for p in s.players] == [[(START_BONUS[i], "yellow")] for i in range(3)]
    assert s.senate_bonus == list(SENATE_BONUS)
    assert len(s.bonus_bag) == 12 - 3 - 2


def test_t_setup_14_a_bonus_tile_can_be_drawn_only_once():
    game = Game(make_rules(2))
    for e in setup_events(2)[:2]:
        game.apply(e)
    game.apply(ev.DrawBonusTile("legion"))
    refuse(game, ev.DrawBonusTile("legion"), "T-SETUP-14")


def test_t_setup_15_draw_pile_with_one_card_on_each_discard_pile():
    s = make_rules(2).initial_state()
    assert (s.draw_pile, s.discard) == (58, {"A": 1, "B": 1})


def test_t_setup_16_three_cards_each_from_draw_or_discards_refilling_at_once():
    game = Game(make_rules(2))
    for e in setup_events(2)[:6]:
        game.apply(e)
    assert game.state.pending.kind == "setup_cards"
    refuse(game, ev.TakeStartingCards(0, 2, 0, 0), "T-SETUP-16")
    refuse(game, ev.TakeStartingCards(0, 4, -1, 0), "T-SETUP-16")
    game.apply(ev.TakeStartingCards(0, 0, 2, 1))
    s = game.state
    assert s.players[0].hand == 3
    assert s.discard == {"A": 1, "B": 1}          # each emptied pile refilled from the draw pile
    assert s.draw_pile == 58 - 3
    game.apply(ev.TakeStartingCards(1, 3, 0, 0))
    assert (game.state.players[1].hand, game.state.draw_pile) == (3, 52)


def test_t_setup_17_three_tiles_from_different_piles_on_slots_ii_iv_vi_last():
    game = Game(make_rules(2))
    for e in setup_events(2)[:8]:
        game.apply(e)
    assert game.state.pending.kind == "setup_trajan"
    refuse(game, ev.TakeStartingTrajanTiles(0, ("goods-1", "goods-2", "vp-1")), "T-SETUP-17")
    game.apply(ev.TakeStartingTrajanTiles(0, ("legion-3", "goods-1", "demand-2")))
    assert game.state.players[0].slots == [None, "legion-3", None, "goods-1", None, "demand-2"]
    assert "goods-1" not in game.state.trajan_piles["goods"]
    refuse(game, ev.TakeStartingTrajanTiles(1, ("goods-1", "vp-1", "legion-1")), "T-TRAJ-1")
    game.apply(ev.TakeStartingTrajanTiles(1, START_TILES[1]))
    assert game.state.pending.kind == "bowl" and game.state.pending.player == 0   # setup was the last step


# ----------------------------------------------------------------------------- T-FLOW

def test_t_flow_1_a_quarter_is_four_rounds_and_the_game_four_quarters():
    """T-FLOW-1: rounds 1-3 reveal a demand, round 4 ends the quarter; quarter 4 ends the game."""
    game = started(2, demand_mode="companion", seed=3)
    for q in range(1, 5):
        for r in range(1, 5):
            assert (game.state.quarter, game.state.round) == (q, r)
            end_round(game)
        meet_demands(game)
        game.apply(ev.ChooseBonusTile(game.state.senate_bonus[0]))
        while game.state.pending.kind == "refill_bonus":
            game.apply(ev.DrawBonusTile(game.state.bonus_bag[0]))
    assert game.state.over and game.state.quarter == 5
    rounds = [(q, r) for q, r, _ in game.state.history if 1 <= q <= 4]
    assert rounds == [(q, r) for q in range(1, 5) for r in range(1, 5)]


def test_t_flow_2_turn_order_runs_on_through_a_round_end():
    game = started(3, demand_mode="companion", seed=1)
    sow_to(game, "senate")
    finish_turn(game)                       # seat 0 -> seat 1
    end_round(game)                         # seat 1's turn ends round 1
    assert game.state.round == 2
    assert game.state.pending.kind == "bowl" and game.state.pending.player == 2


def test_t_flow_3_round_end_waits_until_the_triggering_turn_is_over():
    game = started(2)
    p = me(game)
    p.forum_tiles["extra:senate"] = 1
    game.state.time = lap(game) - 1
    sow_to(game, "senate")
    game.apply(ev.SenateAdvance())
    assert game.state.pending.kind == "extra"         # the turn goes on first
    assert game.state.demands == [] and game.state.round == 1
    game.apply(ev.UseExtraAction("senate"))
    game.apply(ev.SenateAdvance())
    assert game.state.pending.kind == "reveal_demand"
    assert me(game, 0).senate == 2


@pytest.mark.parametrize("players", [1, 5])
def test_t_flow_4_two_to_four_players(players):
    with pytest.raises(ValueError, match="T-FLOW-4"):
        make_rules(players, seats=(SEATS + (("purple", "Purple"),))[:players])
    for n in (2, 3, 4):
        assert make_rules(n).initial_state().n == n
