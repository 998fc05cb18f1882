"""The project's rulings on the seeds' open questions (T-AMB, as decided in shared/rules/rulings.md)
and the numbers not in the seeds (T-NIS: data checks and the engine's documented edge cases)."""

from collections import Counter

import pytest

from firmware_host.engine.core import Game
from firmware_host.engine.trajan import events as ev
from firmware_host.engine.trajan.scoring import Holdings, construction_sets, tally
from tests.trajan.helpers import (
    BOARD,
    SENATE_BONUS,
    complete_tile,
    end_round,
    finish_turn,
    lap,
    make_rules,
    me,
    meet_demands,
    put_tile,
    refuse,
    set_bowls,
    setup_events,
    sow_to,
    started,
    to_quarter_end,
)

# ----------------------------------------------------------------------------- T-AMB

@pytest.mark.parametrize("players", [2, 4])
def test_t_amb_1_setup_order_markers_bonus_cards_then_trajan_tiles(players):
    game = Game(make_rules(players))
    kinds = []
    for e in setup_events(players):
        kinds.append((game.state.pending.kind, game.state.pending.player))
        game.apply(e)
    expected = ([("setup_markers", i) for i in range(players)] + [("setup_bonus", i) for i in range(players)]
                + [("setup_bonus", None)] * 2 + [("setup_cards", i) for i in range(players)]
                + [("setup_trajan", i) for i in range(players)])
    assert kinds == expected


def test_t_amb_2_each_player_takes_all_three_starting_tiles_before_the_next():
    """T-AMB-2: tops of the piles, 3 different piles. The piles are shuffled at the table, so the
    companion records the tile the player names; it refuses only tiles no longer in their pile."""
    game = Game(make_rules(2))
    for e in setup_events(2)[:8]:
        game.apply(e)
    game.apply(ev.TakeStartingTrajanTiles(0, ("goods-9", "worker-9", "demand-9")))
    assert game.state.pending.kind == "setup_trajan" and game.state.pending.player == 1
    refuse(game, ev.TakeStartingTrajanTiles(1, ("goods-8", "worker-9", "demand-1")), "T-TRAJ-1")
    refuse(game, ev.TakeStartingTrajanTiles(1, ("goods-8", "goods-7", "demand-1")), "T-SETUP-17")


def test_t_amb_3_six_markers_end_in_the_source_bowl():
    game = started(2)
    six = ["yellow", "orange", "lightgreen", "white", "pink", "blue"]
    set_bowls(game, {"senate": six})
    put_tile(game, "senate", None)
    game.apply(ev.Sow(3, tuple(six)))
    assert game.state.turn.target == 3 and game.state.pending.action == "senate"
    assert me(game, 0).bowls[3][-1] == "blue"


def test_t_amb_5_figure_tiles_may_be_declined_too():
    game = started(2)
    complete_tile(game, "senate", "legion-1")
    game.apply(ev.TrajanTileAction(False))
    p = me(game, 0)
    assert (p.vp, p.military_camp, p.supply) == (5, 1, 13)


def test_t_amb_7_an_empty_draw_pile_is_not_reshuffled_and_the_table_is_told():
    """T-AMB-7 / T-NIS-12: cards run out; the screen says so."""
    game = started(2)
    game.state.draw_pile = 1
    sow_to(game, "seaport")
    game.apply(ev.SeaportDraw("A"))
    s = game.state
    assert (s.players[0].hand, s.draw_pile, s.discard["A"]) == (3, 0, 2)
    assert [t for t, _ in s.news] == ["The goods draw pile is empty."]


def test_t_amb_9_and_t_amb_10_one_tile_per_turn_even_across_bonus_actions():
    """With a [+2] on construction one tile gives two repeated constructions; each may take a
    first-tile bonus; no second tile afterwards."""
    game = started(2)
    p = me(game)
    p.plus2 = ["construction"]
    p.worker_camp = 3
    p.forum_tiles.update({"extra:construction": 2, "extra_joker": 1})
    sow_to(game, "construction")
    game.apply(ev.Build(0, "door-2"))
    game.apply(ev.SkipAction())                               # senate bonus
    game.apply(ev.UseExtraAction("construction"))
    game.apply(ev.Build(1, "window-2"))
    assert (game.state.pending.action, game.state.pending.reason) == ("military", "bonus")
    game.apply(ev.Recruit())
    assert (game.state.pending.action, game.state.pending.reason) == ("construction", "repeat")
    game.apply(ev.Build(2, "roof-2"))
    game.apply(ev.SkipAction())                               # trajan bonus
    assert game.state.pending.kind == "bowl" and game.state.pending.player == 1
    p = me(game, 0)
    assert p.vp == 6 and p.forum_tiles["extra:construction"] == 1 and p.forum_tiles["extra_joker"] == 1


def test_t_amb_13_sets_are_exclusive_and_capped_at_four():
    h = Holdings("A", construction=["door"] * 4, build_jokers=2)
    assert tally(BOARD, [h])["players"][0]["total"] == 20
    for kind in BOARD.bonus_action:
        vp, counts = construction_sets([kind] * 3, 2, BOARD.set_vp, tuple(BOARD.bonus_action))
        assert vp == 20 and counts[kind] == 4           # the breakdown never shows a fifth tile


def test_t_amb_14_the_tie_break_is_the_stack_after_the_last_reset_not_the_track():
    """Seat 0 ends Q4 further along the track but seat 1 out-votes it with a senate tile: seat 1
    is on top of the reset stack and wins the tie."""
    game = started(2)
    s = game.state
    s.players[0].senate = 5                    # 6 votes
    s.players[1].senate = 2                    # 3 + 5 = 8 votes
    s.players[1].forum_tiles["senate5"] = 1
    s.players[0].vp, s.players[1].vp = 11, 10
    to_quarter_end(game, quarter=4)
    meet_demands(game)
    game.apply(ev.ChooseBonusTile(SENATE_BONUS[1]))
    s = game.state
    assert s.players[0].vp == s.players[1].vp
    assert s.final["winner"] == 1


def test_t_amb_15_grey_workers_bonus_rounds_up():
    h = Holdings("A", workers_on_site=5, bonus_tiles=[("workers", "grey")])
    assert tally(BOARD, [h])["players"][0]["total"] == 3


def test_t_amb_16_forum_bonus_is_flat():
    h = Holdings("A", forum_demand={"bread": 3}, bonus_tiles=[("forum_bread", "yellow")])
    assert tally(BOARD, [h])["players"][0]["total"] == 9


def test_t_amb_18_yellow_bonus_option_to_exclude_itself():
    game = started(2, yellow_counts_itself=False)
    game.state.players[0].bonus_tiles = [("yellow", "yellow"), ("legion", "yellow")]
    h = game.rules.holdings(game.state)[0]
    result = tally(BOARD, [h], yellow_counts_itself=game.rules.setup.yellow_counts_itself)
    assert [line.vp for line in result["players"][0]["lines"] if "yellow" in line.what] == [3]


def test_t_amb_19_extra_action_tiles_among_the_green_forum_tiles():
    assert all(BOARD.forum_tiles[f"extra:{a}"] == 1 for a in BOARD.bowl_actions)
    assert BOARD.forum_tiles["extra_joker"] == 2
    game = started(2)
    sow_to(game, "forum")
    game.apply(ev.ForumTake("extra:forum", "green"))
    assert game.rules.extra_options(game.state) == [("forum", "extra")]
    game.apply(ev.UseExtraAction("forum"))
    game.apply(ev.ForumTake("bread", "green"))
    s = game.state
    assert s.players[0].forum_tiles["bread"] == 1 and s.players[0].forum_tiles["extra:forum"] == 0
    assert s.forum_green == 4


def test_t_amb_20_final_scoring_after_the_4th_quarter_only():
    game = started(2, demand_mode="companion", seed=5)
    to_quarter_end(game, quarter=3)
    meet_demands(game)
    game.apply(ev.ChooseBonusTile(SENATE_BONUS[0]))
    while game.state.pending.kind == "refill_bonus":
        game.apply(ev.DrawBonusTile(game.state.bonus_bag[0]))
    assert not game.state.over and game.state.final is None and game.state.quarter == 4
    to_quarter_end(game)
    meet_demands(game)
    game.apply(ev.ChooseBonusTile(game.state.senate_bonus[0]))
    assert game.state.over and game.state.final is not None


def test_t_amb_21_no_storage_limits():
    game = started(2)
    p = me(game)
    p.forum_tiles.update({"senate2": 3, "senate3": 3, "senate4": 2, "bread": 10, "games": 9})
    game.state.forum_seen.update(p.forum_tiles)
    sow_to(game, "forum")
    game.apply(ev.ForumTake("senate4", "green"))
    assert me(game, 0).forum_tiles["senate4"] == 3
    assert game.rules.votes(game.state, 0) == 6 + 9 + 12


# ----------------------------------------------------------------------------- T-NIS

def test_t_nis_1_time_track_spaces_per_lap_and_the_round_end():
    assert BOARD.time_track == {2: 11, 3: 16, 4: 21}
    for n in (2, 3, 4):
        game = started(n)
        assert lap(game) == BOARD.time_track[n]
        end_round(game)
        assert game.state.pending.kind == "reveal_demand"


def test_t_nis_2_senate_track_eight_positions_vp_equals_votes():
    assert BOARD.senate_vp == (0, 2, 3, 4, 5, 6, 7, 8)
    assert BOARD.senate_votes == BOARD.senate_vp


def test_t_nis_3_provinces_values_and_adjacency():
    names = {p.name for p in BOARD.provinces.values()}
    assert {"Britannia", "Germania Inferior", "Germania Superior", "Aquitania", "Lugdunensis", "Narbonensis"} <= names
    assert BOARD.provinces["aquitania"].vp == 10
    assert set(BOARD.provinces["aquitania"].neighbours) == {"lugdunensis", "narbonensis"}
    for p in BOARD.provinces.values():
        assert all(p.id in BOARD.provinces[n].neighbours for n in p.neighbours)
    assert sorted(p.vp for p in BOARD.provinces.values()) == [3, 3, 5, 6, 6, 6, 6, 10, 10, 10]


def test_t_nis_3_the_commander_never_re_enters_the_camp():
    game = started(2)
    me(game).commander = "alpes"
    sow_to(game, "military")
    refuse(game, ev.March("camp"), "T-MIL-2")


def test_t_nis_4_construction_grid_4x5_orthogonal_first_worker_anywhere():
    assert (BOARD.rows, BOARD.columns) == (4, 5)
    assert sorted(BOARD.neighbours(0)) == [1, 5]
    assert sorted(BOARD.neighbours(7)) == [2, 6, 8, 12]
    assert sorted(BOARD.neighbours(19)) == [14, 18]
    game = started(2)
    assert game.rules.build_spaces(game.state, 0) == list(range(20))


def test_t_nis_4_own_occupied_space_is_illegal():
    """T-NIS-10 / T-NIS-4: placing a worker on a space with one's own worker is refused."""
    game = started(2)
    s = game.state
    s.site_workers[3] = [0]
    s.site_tile[3] = False
    sow_to(game, "construction")
    refuse(game, ev.Build(3), "T-BUILD-2")


def test_t_nis_5_construction_tiles_four_per_kind_worth_2_to_5():
    kinds = Counter(BOARD.construction_kind(t) for t in BOARD.construction_tiles)
    assert kinds == Counter({k: 4 for k in ("stairs", "door", "fountain", "roof", "window")})
    assert BOARD.set_vp == {3: 10, 4: 20}


def test_t_nis_6_slot_i_is_beside_the_seaport_bowl():
    assert BOARD.bowl_actions == ("seaport", "forum", "military", "senate", "trajan", "construction")


def test_t_nis_7_trajan_tiles_split_colours_and_values():
    tiles = BOARD.trajan_tiles.values()
    piles = ("goods", "vp", "legion", "worker", "plus2", "demand")
    assert Counter(t.pile for t in tiles) == Counter({p: 9 for p in piles})
    assert all(len(t.colours) == 2 for t in tiles)
    assert {t.vp for t in tiles if t.pile == "goods"} == {3}
    assert {t.vp for t in tiles if t.pile == "vp"} == {9}
    for pile in ("legion", "worker"):
        assert Counter((t.vp, t.figures) for t in tiles if t.pile == pile) == Counter({(5, 1): 5, (2, 2): 4})
    assert Counter(t.demand for t in tiles if t.pile == "demand") == Counter({"bread": 3, "games": 3, "religion": 3})


def test_t_nis_8_bonus_tiles_by_kind():
    kinds = Counter(b.kind for b in BOARD.bonus_tiles.values())
    assert kinds == Counter({"forum": 3, "workers": 1, "goods": 6, "legion": 1, "yellow": 1})
    shown = [g for b in BOARD.bonus_tiles.values() for g in b.goods]
    assert sorted(shown) == sorted(BOARD.goods_types)
    assert BOARD.bonus_values == {"forum": (9, 6), "workers": (1, 0.5), "goods": (3, 2), "legion": (2, 1),
                                  "yellow": (3, 2)}


def test_t_nis_9_forum_tiles_by_kind_senate_votes_2_to_5():
    f = BOARD.forum_tiles
    assert [f[f"senate{v}"] for v in (2, 3, 4, 5)] == [3, 3, 3, 3]
    assert (f["bread"], f["games"], f["religion"]) == (14, 14, 14)
    assert (f["goods_joker"], f["demand_joker"], f["build_joker"], f["extra_joker"]) == (3, 3, 2, 2)
    assert BOARD.extra_action_tiles == {a: 2 for a in BOARD.bowl_actions}
    game = started(2)
    game.state.forum_seen["senate5"] = 3
    sow_to(game, "forum")
    refuse(game, ev.ForumTake("senate5", "green"), "T-NIS-9")


def test_t_nis_10_a_two_figure_tile_with_one_figure_in_supply_moves_one():
    game = started(2)
    me(game).supply = 1
    complete_tile(game, "senate", "legion-6")                 # 2 VP, 2 legionaries
    game.apply(ev.TrajanTileAction(True))
    p = me(game, 0)
    assert (p.vp, p.supply, p.military_camp) == (2, 0, 2)


def test_t_nis_10_no_supply_no_special_action():
    game = started(2)
    me(game).supply = 0
    complete_tile(game, "senate", "worker-6")
    assert me(game, 0).vp == 2 and game.state.pending.kind == "action"


def test_t_nis_10_plus2_tile_with_every_plus2_space_filled_scores_only_vp():
    game = started(2)
    me(game).plus2 = list(BOARD.bowl_actions)
    complete_tile(game, "senate", "plus2-6")
    assert me(game, 0).vp == 4 and game.state.pending.kind == "action"


def test_t_nis_10_plus2_tile_when_the_markers_have_run_out():
    game = started(2)
    game.state.plus2_left = 0
    complete_tile(game, "senate", "plus2-6")
    assert me(game, 0).vp == 4 and game.state.pending.kind == "action"


def test_t_nis_10_an_empty_trajan_pile_cannot_be_chosen():
    game = started(2)
    pile = list(game.state.trajan_piles["vp"])
    game.state.trajan_piles["vp"] = []
    game.state.players[1].completed.extend(pile)
    sow_to(game, "trajan")
    refuse(game, ev.TakeTrajanTile("vp-9"), "T-TRAJ-1")


def test_t_nis_10_forum_stack_running_out_fills_what_it_can():
    game = started(2)
    s = game.state
    s.forum_discarded += s.forum_stack - 4
    s.forum_stack = 4
    s.province_tile["alpes"] = False
    to_quarter_end(game)
    meet_demands(game)
    game.apply(ev.ChooseBonusTile(SENATE_BONUS[0]))
    for tile in game.state.bonus_bag[:2]:
        game.apply(ev.DrawBonusTile(tile))
    s = game.state
    assert s.province_tile["alpes"] is True
    assert (s.forum_green, s.forum_stack) == (3, 0)


def test_t_nis_10_passing_the_start_twice_in_one_turn_ends_one_round():
    game = started(2)
    twelve = [c for c in BOARD.marker_colours for _ in range(2)]
    set_bowls(game, {0: twelve})
    put_tile(game, "seaport", None)
    game.state.time = lap(game) - 1
    game.apply(ev.Sow(0, tuple(twelve)))               # 10 + 12 = 22: past the start twice
    assert game.state.time == 0
    finish_turn(game)
    game.apply(ev.RevealDemand("bread"))
    assert game.state.round == 2 and game.state.demands == ["bread"]
    assert game.state.pending.kind == "bowl"


def test_t_nis_11_twelve_goods_types():
    assert len(set(BOARD.goods_types)) == 12
    assert {"wine", "fish", "wheat", "cattle", "furs", "scrolls", "oils", "jewelry"} <= set(BOARD.goods_types)


def test_t_nis_12_no_hand_limit():
    game = started(2)
    me(game).hand = 40
    sow_to(game, "seaport")
    game.apply(ev.SeaportTake("B"))
    assert me(game, 0).hand == 41


def test_t_nis_13_the_vp_track_is_an_unbounded_count():
    game = started(2)
    me(game).vp = 148
    complete_tile(game, "senate", "vp-9")
    assert me(game, 0).vp == 157
