"""Final scoring from holdings (scoring.tally): T-FINAL, T-BONUS, T-TIE-1, T-FTILE-BUILDJOKER,
T-FTILE-GOODSJOKER at game end, and the derived table checks for bonus tiles."""

import pytest

from firmware_host.engine.trajan.scoring import Holdings, construction_sets, tally
from tests.trajan.helpers import BOARD, started


def lines(h: Holdings, **options) -> list[tuple[str, int]]:
    """(what, VP) for each breakdown line of one player's final scoring."""
    result = tally(BOARD, [h], **options)
    return [(line.what, line.vp) for line in result["players"][0]["lines"]]


def vp_of(h: Holdings, what: str, **options) -> list[int]:
    return [vp for w, vp in lines(h, **options) if w == what]


def total(h: Holdings, **options) -> int:
    return tally(BOARD, [h], **options)["players"][0]["total"]


def test_t_final_1_one_vp_per_card_in_hand_not_in_display():
    h = Holdings("A", vp=10, hand=4, display={"wine": 3})
    assert vp_of(h, "Goods cards in hand") == [4]
    assert total(h) == 14


def test_t_final_2_one_vp_per_worker_in_the_camp_not_on_the_site():
    h = Holdings("A", worker_camp=3, workers_on_site=5)
    assert vp_of(h, "Workers in the worker camp") == [3]
    assert total(h) == 3


def test_t_final_3_one_vp_per_legionary_in_the_camp_not_in_provinces():
    h = Holdings("A", military_camp=2, legionaries_in_provinces=4)
    assert vp_of(h, "Legionaries in the military camp") == [2]
    assert total(h) == 2


def test_t_final_4_one_vp_per_trajan_tile_on_the_circle_second_edition():
    """T-FINAL-4 / T-AMB-12: edition 2 (default) scores it, edition 1 does not."""
    h = Holdings("A", trajan_tiles_on_circle=3)
    assert vp_of(h, "Trajan tiles on the action circle") == [3]
    assert total(h) == 3
    assert vp_of(h, "Trajan tiles on the action circle", edition=1) == []
    assert total(h, edition=1) == 0


@pytest.mark.parametrize("kinds,jokers,vp", [
    (["door"] * 2, 0, 0),
    (["door"] * 3, 0, 10),
    (["door"] * 4, 0, 20),                       # T-AMB-13: 20, not 10 + 20
    (["door"] * 3 + ["roof"] * 3, 0, 20),
    (["door"] * 4 + ["roof"] * 3 + ["stairs"], 0, 30),
    (["door"] * 2, 1, 10),                       # T-FTILE-BUILDJOKER
    (["door"] * 3, 1, 20),
    (["door"] * 2, 2, 20),
    (["door"] * 4, 1, 20),                       # a row holds at most 4
    (["door", "roof", "window"], 2, 10),
    (["door"] * 2 + ["roof"] * 2, 2, 20),
    ([], 2, 0),
])
def test_t_final_5_construction_sets_three_for_10_four_for_20_jokers_fill_in(kinds, jokers, vp):
    """T-FINAL-5, T-AMB-13, T-FTILE-BUILDJOKER: jokers go where they score most."""
    h = Holdings("A", construction=kinds, build_jokers=jokers)
    assert vp_of(h, "Construction sets") == [vp]
    assert construction_sets(kinds, jokers, BOARD.set_vp, tuple(BOARD.bonus_action))[0] == vp


def test_t_final_6_every_bonus_tile_held_is_scored():
    h = Holdings("A", bonus_tiles=[("legion", "yellow"), ("workers", "grey"), ("forum_bread", "yellow")],
                 legionaries_in_provinces=2, workers_on_site=3, forum_demand={"bread": 1})
    assert vp_of(h, "Bonus tile: legionaries in provinces") == [4]
    assert vp_of(h, "Bonus tile: workers on the site") == [2]
    assert vp_of(h, "Bonus tile: forum demand tiles") == [9]
    assert total(h) == 4 + 2 + 9


def test_t_bonus_goods_per_displayed_card_of_the_shown_types():
    h = Holdings("A", hand=5, display={"wine": 2, "fish": 1, "gems": 4}, bonus_tiles=[("goods_wine_fish", "yellow")])
    assert vp_of(h, "Bonus tile: goods in display") == [9]
    h.bonus_tiles = [("goods_wine_fish", "grey")]
    assert vp_of(h, "Bonus tile: goods in display") == [6]


def test_t_bonus_goods_an_unused_goods_joker_counts_as_one_card_once():
    """T-BONUS-GOODS / T-FTILE-GOODSJOKER: the joker is one card, placed on the better tile."""
    h = Holdings("A", goods_jokers=1, display={"wine": 1, "gems": 2},
                 bonus_tiles=[("goods_jewelry_gems", "grey"), ("goods_wine_fish", "yellow")])
    assert vp_of(h, "Bonus tile: goods in display") == [2 * 2, (1 + 1) * 3]
    assert total(h) == 4 + 6


def test_t_bonus_legion_per_legionary_in_a_province():
    h = Holdings("A", military_camp=4, legionaries_in_provinces=3, bonus_tiles=[("legion", "yellow")])
    assert vp_of(h, "Bonus tile: legionaries in provinces") == [6]
    h.bonus_tiles = [("legion", "grey")]
    assert vp_of(h, "Bonus tile: legionaries in provinces") == [3]


def test_t_bonus_yellow_per_yellow_side_tile_itself_included():
    """T-BONUS-YELLOW / T-AMB-18: counts itself by default; option: exclude itself."""
    tiles = [("yellow", "yellow"), ("legion", "yellow"), ("workers", "yellow"), ("goods_wine_fish", "grey")]
    h = Holdings("A", bonus_tiles=tiles)
    assert vp_of(h, "Bonus tile: yellow bonus tiles") == [9]
    assert vp_of(h, "Bonus tile: yellow bonus tiles", yellow_counts_itself=False) == [6]
    h.bonus_tiles = [("yellow", "grey"), ("legion", "yellow"), ("workers", "yellow")]
    assert vp_of(h, "Bonus tile: yellow bonus tiles") == [4]
    assert vp_of(h, "Bonus tile: yellow bonus tiles", yellow_counts_itself=False) == [4]


@pytest.mark.parametrize("side,held,vp", [("yellow", 1, 9), ("yellow", 3, 9), ("grey", 2, 6), ("yellow", 0, 0)])
def test_t_bonus_forum_flat_9_or_6_for_holding_a_forum_tile_of_the_icon(side, held, vp):
    """T-BONUS-FORUM / T-AMB-16: flat, not per tile."""
    h = Holdings("A", forum_demand={"bread": held, "games": 4}, bonus_tiles=[("forum_bread", side)])
    assert vp_of(h, "Bonus tile: forum demand tiles") == [vp]


def test_derived_yellow_forum_bonus_bread_with_three_bread_tiles_is_9():
    h = Holdings("A", forum_demand={"bread": 3}, bonus_tiles=[("forum_bread", "yellow")])
    assert total(h) == 9


def test_t_amb_17_a_demand_joker_does_not_count_for_the_forum_bonus():
    game = started(2)
    p = game.state.players[0]
    p.forum_tiles["demand_joker"] = 2
    p.forum_tiles["religion"] = 1
    p.bonus_tiles.append(("forum_bread", "yellow"))
    h = game.rules.holdings(game.state)[0]
    assert h.forum_demand == {"religion": 1}
    assert vp_of(h, "Bonus tile: forum demand tiles") == [0]


@pytest.mark.parametrize("side,workers,vp", [("yellow", 5, 5), ("grey", 5, 3), ("grey", 4, 2), ("grey", 1, 1),
                                             ("grey", 0, 0)])
def test_t_bonus_workers_per_worker_on_the_site_grey_half_rounded_up(side, workers, vp):
    """T-BONUS-WORKERS / T-AMB-15 (derived check: 5 workers, grey = 3)."""
    h = Holdings("A", worker_camp=7, workers_on_site=workers, bonus_tiles=[("workers", side)])
    assert vp_of(h, "Bonus tile: workers on the site") == [vp]


def test_t_tie_1_most_vp_wins_ties_go_to_the_higher_senate_position():
    a = Holdings("A", vp=20, senate_order=1)
    b = Holdings("B", vp=18, hand=2, senate_order=0)
    c = Holdings("C", vp=25, senate_order=2)
    result = tally(BOARD, [a, b, c])
    assert [p["total"] for p in result["players"]] == [20, 20, 25]
    assert result["ranking"] == [2, 1, 0] and result["winner"] == 2


def test_t_final_totals_add_the_lines_to_the_track():
    h = Holdings("A", vp=-7, hand=1, worker_camp=1, military_camp=1, trajan_tiles_on_circle=1,
                 construction=["door"] * 3, bonus_tiles=[("legion", "yellow")], legionaries_in_provinces=1)
    result = tally(BOARD, [h])["players"][0]
    assert result["start_vp"] == -7
    assert result["total"] == -7 + 1 + 1 + 1 + 1 + 10 + 2
