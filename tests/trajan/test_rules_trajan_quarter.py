"""Round end, quarter end and the end of the game through the engine: T-ROUND, T-QUARTER,
T-FTILE-SENATE/DEMAND/DEMANDJOKER, T-TIE-1; worked examples T-EX-2, T-EX-10..13."""

from collections import Counter

import pytest

from firmware_host.engine.trajan import events as ev
from tests.trajan.helpers import (
    SENATE_BONUS,
    end_round,
    finish_turn,
    lap,
    me,
    meet_demands,
    put_tile,
    refuse,
    set_bowls,
    sow_to,
    started,
    to_quarter_end,
)

# ----------------------------------------------------------------------------- T-ROUND

def test_t_round_1_reaching_the_start_space_ends_the_round_after_the_turn():
    game = started(2)
    game.state.time = lap(game) - 2
    sow_to(game, "senate")
    finish_turn(game)
    assert game.state.pending.kind == "bowl" and game.state.time == lap(game) - 1
    sow_to(game, "senate")                                   # seat 1 reaches the start exactly
    assert game.state.time == 0 and game.state.turn.round_end
    assert game.state.pending.kind == "action"               # the turn is finished first
    finish_turn(game)
    assert game.state.pending.kind == "reveal_demand"


def test_t_round_2_reveal_one_demand_next_player_starts_time_not_reset():
    game = started(2)
    game.state.time = lap(game) - 1
    set_bowls(game, {"military": ["pink", "blue", "white"]})
    put_tile(game, "seaport", None)
    game.apply(ev.Sow(2, ("pink", "blue", "white")))        # target: seaport
    finish_turn(game)
    refuse(game, ev.RevealDemand("wine"), "T-COMP-5")
    refuse(game, ev.Sow(0, ("pink",)), "T-TURN-1")
    game.apply(ev.RevealDemand("bread"))
    s = game.state
    assert s.demands == ["bread"] and s.round == 2 and s.time == 2
    assert s.pending.kind == "bowl" and s.pending.player == 1


def test_t_round_2_no_more_than_five_demand_tiles_of_a_kind():
    game = started(2)
    game.state.demands_seen["bread"] = 5
    end_round(game)
    refuse(game, ev.RevealDemand("bread"), "T-COMP-5")


def test_t_round_2_companion_mode_reveals_from_its_own_stack():
    game = started(2, demand_mode="companion", seed=11)
    first = game.state.demand_stack[0]
    end_round(game)
    assert game.state.demands == [first] and len(game.state.demand_stack) == 11
    assert game.state.pending.kind == "bowl" and game.state.pending.player == 1


def test_t_round_3_with_three_demands_face_up_the_quarter_ends_instead():
    game = started(2)
    to_quarter_end(game, ("bread", "bread", "games"))
    s = game.state
    assert s.demands == ["bread", "bread", "games"]
    assert s.pending.kind == "demands" and s.pending.player == 0


def test_t_ex_2_round_end_by_time():
    game = started(2)
    game.state.time = lap(game) - 3
    set_bowls(game, {"seaport": ["pink", "blue", "white", "yellow"]})
    put_tile(game, "trajan", None)
    game.apply(ev.Sow(0, ("pink", "blue", "white", "yellow")))     # target: trajan
    assert game.state.time == 1                                      # passed the start, not moved back
    assert game.state.pending.kind == "action"
    game.apply(ev.TakeTrajanTile("vp-9"))
    assert game.state.pending.kind == "reveal_demand"
    game.apply(ev.RevealDemand("religion"))
    s = game.state
    assert s.demands == ["religion"] and s.round == 2 and s.time == 1
    assert s.pending.player == 1


def test_t_ex_13_demand_cadence():
    game = started(2, demand_mode="companion", seed=4)
    shown = []
    for _ in range(3):
        end_round(game)
        shown.append(len(game.state.demands))
    assert shown == [1, 2, 3]
    end_round(game)
    assert game.state.pending.kind == "demands" and len(game.state.demands) == 3
    assert len(game.state.demand_stack) == 9


# ----------------------------------------------------------------------------- T-QUARTER-1

def holding(game, seat, forum=None, trajan=(), jokers=0, vp=0):
    p = game.state.players[seat]
    for kind, k in (forum or {}).items():
        p.forum_tiles[kind] = k
    p.demand_tiles = list(trajan)
    p.forum_tiles["demand_joker"] = jokers
    p.vp = vp


def test_t_quarter_1a_what_meets_a_demand_forum_and_joker_spent_trajan_tile_kept():
    game = started(2)
    to_quarter_end(game)
    holding(game, 0, forum={"bread": 1}, trajan=["games"], jokers=1)
    refuse(game, ev.FulfilDemands(0, ("forum", "trajan")), "T-QUARTER-1a")
    refuse(game, ev.FulfilDemands(0, ("forum", "trajan", "coin")), "T-QUARTER-1a")
    refuse(game, ev.FulfilDemands(0, ("trajan", "trajan", "joker")), "T-QUARTER-1a")   # no bread Trajan tile
    refuse(game, ev.FulfilDemands(1, ("", "", "")), "T-TURN-1")                        # seat 0 first
    game.apply(ev.FulfilDemands(0, ("forum", "trajan", "joker")))
    p = me(game, 0)
    assert p.forum_tiles["bread"] == 0 and p.forum_tiles["demand_joker"] == 0
    assert p.demand_tiles == ["games"] and p.vp == 0
    assert game.state.pending.kind == "demands" and game.state.pending.player == 1


def test_t_quarter_1a_a_trajan_tile_meets_only_one_demand_per_quarter_end():
    game = started(2)
    to_quarter_end(game, ("games", "games", "bread"))
    holding(game, 0, trajan=["games"])
    refuse(game, ev.FulfilDemands(0, ("trajan", "trajan", "")), "T-QUARTER-1a")
    game.apply(ev.FulfilDemands(0, ("trajan", "", "")))
    assert me(game, 0).vp == -9


def test_t_quarter_1b_meeting_demands_is_compulsory():
    game = started(2)
    to_quarter_end(game)
    holding(game, 0, forum={"bread": 1}, trajan=["games"], jokers=1)
    refuse(game, ev.FulfilDemands(0, ("", "trajan", "joker")), "T-QUARTER-1b")
    refuse(game, ev.FulfilDemands(0, ("forum", "trajan", "")), "T-QUARTER-1b")


def test_t_quarter_1b_any_maximum_assignment_is_allowed():
    """T-QUARTER-1b / T-AMB-11: a forum tile may be spent where a Trajan tile would do; the
    companion's suggestion keeps the most forum tiles."""
    game = started(2)
    to_quarter_end(game, ("games", "bread", "bread"))
    holding(game, 0, forum={"games": 1, "bread": 1}, trajan=["games"], jokers=1)
    assert game.rules.suggest_demands(game.state, 0) == ("trajan", "forum", "joker")
    game.apply(ev.FulfilDemands(0, ("forum", "joker", "forum")))
    p = me(game, 0)
    assert (p.forum_tiles["games"], p.forum_tiles["bread"], p.forum_tiles["demand_joker"]) == (0, 0, 0)
    assert p.vp == 0


def test_t_amb_11_the_prefill_keeps_a_bread_tile_for_the_bread_bonus_and_spends_the_joker():
    """T-AMB-11 with T-BONUS-FORUM and T-AMB-17: both assignments keep as many forum tiles, but
    the player's last bread tile scores 9 VP with their yellow forum-bread bonus tile, a spare
    demand joker nothing: the pre-fill spends the joker (it used to spend the bread tile)."""
    game = started(2)
    to_quarter_end(game, ("bread", "games", "religion"))
    holding(game, 0, forum={"bread": 1}, trajan=["games", "religion"], jokers=1)
    game.state.players[0].bonus_tiles = [("forum_bread", "yellow")]
    rules = game.rules
    assert rules.suggest_demands(game.state, 0) == ("joker", "trajan", "trajan")
    assert rules._final_value(game.state, 0, Counter()) - rules._final_value(game.state, 0, Counter(bread=1)) == 9
    game.state.players[0].bonus_tiles = [("legion", "yellow")]          # no bread bonus: Trajan, forum, joker order
    assert rules.suggest_demands(game.state, 0) == ("forum", "trajan", "trajan")
    game.state.players[0].bonus_tiles = [("forum_bread", "yellow")]
    meet_demands(game)
    p = me(game, 0)
    assert p.forum_tiles["bread"] == 1 and p.forum_tiles["demand_joker"] == 0 and p.vp == 0


def test_t_amb_11_the_prefill_first_keeps_the_most_forum_tiles_then_the_most_vp():
    """Keeping more forum tiles comes first (the kept Trajan tile is used), then the VP (a
    bread tile stays for the bonus either way), then Trajan, forum, joker; the suggestion
    always meets the most demands (T-QUARTER-1b), none where nothing is held."""
    game = started(2)
    to_quarter_end(game, ("bread", "bread", "games"))
    holding(game, 0, forum={"bread": 2, "games": 1}, trajan=["bread"], jokers=1)
    game.state.players[0].bonus_tiles = [("forum_bread", "yellow")]
    assert game.rules.suggest_demands(game.state, 0) == ("trajan", "forum", "forum")
    holding(game, 0, forum={"bread": 1, "games": 1}, trajan=["bread"], jokers=1)
    assert game.rules.suggest_demands(game.state, 0) == ("trajan", "joker", "forum")   # the last bread tile stays
    holding(game, 0, forum={"bread": 0, "games": 0}, trajan=[], jokers=0)
    assert game.rules.suggest_demands(game.state, 0) == ("", "", "")


@pytest.mark.parametrize("met,penalty", [(3, 0), (2, 4), (1, 9), (0, 15)])
def test_t_quarter_1c_penalty_for_unmet_demands(met, penalty):
    game = started(2)
    to_quarter_end(game, ("bread", "bread", "bread"))
    holding(game, 0, forum={"bread": met}, vp=20)
    game.apply(ev.FulfilDemands(0, ("forum",) * met + ("",) * (3 - met)))
    assert me(game, 0).vp == 20 - penalty
    assert me(game, 0).vp_by.get("demands", 0) == -penalty


def test_t_quarter_1d_score_may_go_below_zero():
    game = started(2)
    to_quarter_end(game)
    holding(game, 0, vp=2)
    game.apply(ev.FulfilDemands(0, ("", "", "")))
    assert me(game, 0).vp == -13


def test_t_ex_10_demands():
    game = started(2)
    to_quarter_end(game, ("games", "games", "bread"))
    holding(game, 0, forum={"games": 1, "senate2": 1}, trajan=["games"], vp=3)
    refuse(game, ev.FulfilDemands(0, ("trajan", "", "")), "T-QUARTER-1b")      # may not keep the tile
    game.apply(ev.FulfilDemands(0, ("forum", "trajan", "")))
    p = me(game, 0)
    assert p.vp == 3 - 4 == -1
    assert p.forum_tiles["games"] == 0 and p.demand_tiles == ["games"]


@pytest.mark.parametrize("unmet,vp", [(2, -9), (3, -15)])
def test_t_ex_10_derived_two_and_three_unmet(unmet, vp):
    game = started(2)
    to_quarter_end(game, ("games", "games", "bread"))
    holding(game, 0, forum={"games": 3 - unmet})
    game.apply(ev.FulfilDemands(0, ("forum",) * (3 - unmet) + ("",) * unmet))
    assert me(game, 0).vp == vp


# ----------------------------------------------------------------------------- T-QUARTER-2

def test_t_quarter_2a_votes_are_track_position_plus_senate_tiles():
    """T-QUARTER-2a / T-FTILE-SENATE."""
    game = started(2)
    s = game.state
    s.players[0].senate = 4                      # "5"
    s.players[0].forum_tiles.update({"senate3": 1, "senate2": 2})
    assert game.rules.votes(s, 0) == 5 + 3 + 4
    assert game.rules.votes(s, 1) == 0


def test_t_quarter_2b_ties_go_to_the_disc_further_along_then_higher_in_the_stack():
    game = started(3)
    s = game.state
    s.players[0].senate = 4                              # 5 votes
    s.players[1].senate = 2                              # 3 + 2 = 5 votes
    s.players[1].forum_tiles["senate2"] = 1
    s.players[2].senate = 4                              # 5 votes, same space as seat 0
    s.players[2].senate_height = 10
    s.players[0].senate_height = 11                      # seat 0 arrived later: on top
    assert game.rules.senate_ranking(s) == [0, 2, 1]


def test_t_quarter_2c_consul_picks_yellow_proconsul_gets_the_other_grey():
    game = started(3)
    s = game.state
    s.players[2].senate = 3
    s.players[1].senate = 2
    to_quarter_end(game)
    meet_demands(game)
    assert game.state.pending.kind == "consul" and game.state.pending.player == 2
    refuse(game, ev.ChooseBonusTile("yellow"), "T-QUARTER-2c")
    game.apply(ev.ChooseBonusTile(SENATE_BONUS[1]))
    s = game.state
    assert s.players[2].bonus_tiles[-1] == (SENATE_BONUS[1], "yellow")
    assert s.players[1].bonus_tiles[-1] == (SENATE_BONUS[0], "grey")
    assert len(s.players[0].bonus_tiles) == 1
    assert s.senate_bonus == []


def test_t_quarter_2d_discs_restacked_on_start_by_the_ranking():
    game = started(3)
    s = game.state
    s.players[0].senate = 1
    s.players[1].senate = 6
    s.players[2].senate = 3
    to_quarter_end(game)
    meet_demands(game)
    game.apply(ev.ChooseBonusTile(SENATE_BONUS[0]))
    s = game.state
    assert [p.senate for p in s.players] == [0, 0, 0]
    assert s.quarter_results[0].ranking == (1, 2, 0)
    assert game.rules.senate_ranking(s) == [1, 2, 0]
    assert s.players[1].senate_height > s.players[2].senate_height > s.players[0].senate_height


def test_t_sen_2_the_senate_action_is_open_again_after_the_quarter_reset():
    game = started(2, demand_mode="companion", seed=2)
    me(game, 1).senate = 7
    to_quarter_end(game)
    meet_demands(game)
    game.apply(ev.ChooseBonusTile(SENATE_BONUS[0]))
    while game.state.pending.kind == "refill_bonus":
        game.apply(ev.DrawBonusTile(game.state.bonus_bag[0]))
    assert game.state.pending.player == 1
    sow_to(game, "senate")
    game.apply(ev.SenateAdvance())
    assert me(game, 1).senate == 1


def test_t_ex_11_senate_majority_with_a_senate_tile():
    game = started(3, seats=(("green", "Green"), ("brown", "Brown"), ("red", "Red")))
    s = game.state
    s.players[0].senate = s.players[1].senate = 4                  # 5 track votes each
    s.players[1].senate_height, s.players[0].senate_height = 7, 8  # green on top of brown
    s.players[2].senate = 1
    assert game.rules.senate_ranking(s)[:2] == [0, 1]              # without tiles green wins
    s.players[1].forum_tiles["senate3"] = 1
    to_quarter_end(game)
    meet_demands(game)
    assert game.state.quarter_end.votes == [5, 8, 2]
    assert game.state.pending.player == 1                          # brown is consul
    left, right = game.state.senate_bonus
    game.apply(ev.ChooseBonusTile(left))
    s = game.state
    assert s.players[1].bonus_tiles[-1] == (left, "yellow")
    assert s.players[0].bonus_tiles[-1] == (right, "grey")
    assert sorted(range(3), key=lambda i: -s.players[i].senate_height) == [1, 0, 2]
    assert s.players[1].forum_tiles["senate3"] == 0


# ----------------------------------------------------------------------------- T-QUARTER-3 / 4

def test_t_quarter_3a_remove_spent_tiles_all_senate_tiles_and_the_whole_forum():
    """T-QUARTER-3a, T-FTILE-SENATE (removed used or not), T-FTILE-DEMAND and
    T-FTILE-DEMANDJOKER (unspent ones stay)."""
    game = started(2)
    s = game.state
    s.players[0].forum_tiles.update({"senate5": 1, "bread": 2, "demand_joker": 2, "goods_joker": 1})
    s.players[1].forum_tiles.update({"senate2": 2, "extra:forum": 1})
    s.forum_green = 4
    s.forum_yellow = 1
    to_quarter_end(game, ("bread", "games", "games"))
    meet_demands(game)
    game.apply(ev.ChooseBonusTile(SENATE_BONUS[0]))
    s = game.state
    assert dict(s.players[0].forum_tiles) == {"bread": 1, "goods_joker": 1}
    assert dict(s.players[1].forum_tiles) == {"extra:forum": 1}
    assert (s.forum_discarded, s.extra_discarded) == (4, 1)
    assert s.demands == []
    assert s.pending.kind == "refill_bonus"


def test_t_quarter_3b_and_t_quarter_4_refill_then_next_quarter():
    game = started(2)
    s = game.state
    for pid in ("alpes", "raetia", "noricum", "britannia"):
        s.province_tile[pid] = False
    s.players[1].commander = "alpes"
    s.legions["raetia"] = [0]
    s.ships = {"same": "grey", "pairs": "grey", "diff": "coloured"}
    s.forum_green = 1
    s.forum_yellow = 0
    stack = s.forum_stack
    s.time = 5
    to_quarter_end(game)
    meet_demands(game)
    game.apply(ev.ChooseBonusTile(SENATE_BONUS[0]))
    refuse(game, ev.DrawBonusTile("legion"), "T-SETUP-14")        # red holds it
    game.apply(ev.DrawBonusTile("forum_games"))
    assert game.state.pending.kind == "refill_bonus"
    game.apply(ev.DrawBonusTile("forum_bread"))
    s = game.state
    assert s.senate_bonus == ["forum_games", "forum_bread"]
    assert s.province_tile == {**{p: True for p in s.province_tile}, "alpes": False, "raetia": False}
    assert s.forum_green == 6 and s.forum_yellow == 3
    assert s.forum_stack == stack - 2 - 6
    assert s.ships == {"same": "coloured", "pairs": "coloured", "diff": "coloured"}
    assert (s.quarter, s.round) == (2, 1)
    assert s.pending.kind == "bowl" and s.pending.player == 1       # next after the trigger (seat 0)
    assert s.time == 0


def test_t_ex_12_quarter_end_refill_with_four_players():
    game = started(4, demand_mode="companion", seed=9)
    s = game.state
    s.province_tile.update({"aquitania": False, "britannia": False, "belgica": False, "noricum": False})
    s.players[2].commander = "belgica"
    s.legions["noricum"] = [3]
    s.players[0].forum_tiles.update({"bread": 1, "senate4": 1})
    s.forum_green, s.forum_yellow = 3, 2
    s.ships["pairs"] = "grey"
    to_quarter_end(game, ("bread", "games", "religion"))
    meet_demands(game)
    game.apply(ev.ChooseBonusTile(game.state.senate_bonus[0]))
    for tile in game.state.bonus_bag[:2]:
        game.apply(ev.DrawBonusTile(tile))
    s = game.state
    assert s.players[0].forum_tiles["bread"] == 0 and s.players[0].forum_tiles["senate4"] == 0
    assert [p for p, tile in s.province_tile.items() if not tile] == ["noricum", "belgica"]
    assert (s.forum_green, s.forum_yellow) == (12, 3)
    assert s.ships["pairs"] == "coloured"
    assert s.quarter == 2


def test_t_quarter_3c_no_refill_after_the_fourth_quarter():
    game = started(2)
    s = game.state
    s.province_tile["alpes"] = False
    s.ships["same"] = "grey"
    bag = list(s.bonus_bag)
    to_quarter_end(game, quarter=4)
    meet_demands(game)
    game.apply(ev.ChooseBonusTile(SENATE_BONUS[0]))
    s = game.state
    assert s.over and s.quarter == 5                           # T-QUARTER-4: last quarter tile gone
    assert s.bonus_bag == bag and s.senate_bonus == []
    assert s.province_tile["alpes"] is False and s.ships["same"] == "grey"
    assert (s.forum_green, s.forum_yellow) == (0, 0)


# ----------------------------------------------------------------------------- end of game

def end_of_game(red_consul=True, edition=2):
    """Quarter 4 ends with these holdings (see the expected breakdowns in the tests)."""
    game = started(2, edition=edition)
    s = game.state
    red, green = s.players
    red.vp, green.vp = 50, 30
    (red if red_consul else green).senate = 7
    red.forum_tiles.update({"bread": 2, "build_joker": 1})
    red.demand_tiles = ["games"]
    red.construction_tiles = ["door-2", "door-3", "door-4", "stairs-5"]
    s.legions["alpes"] = [0]
    s.legions["britannia"] = [0]
    red.display.update({"wine": 2, "fish": 1, "columns": 3})
    green.forum_tiles["goods_joker"] = 1
    green.display["furs"] = 2
    for space in (0, 1, 2, 3):
        s.site_workers[space] = [1]
    to_quarter_end(game, ("bread", "games", "religion"), quarter=4)
    meet_demands(game)
    game.apply(ev.ChooseBonusTile("goods_wine_fish"))
    return game


def test_t_final_end_of_game_through_the_engine():
    """T-FINAL-1..6 and T-QUARTER-4 through real events: quarter 4's demands and senate, then
    final scoring. Red: 50 - 4 (religion unmet) + hand 3 + worker camp 1 + military camp 1
    + 2 Trajan tiles on the circle + doors 3 + joker = 20 + legion bonus 2 x 2 + wine/fish
    bonus 3 x 3 = 86. Green: 30 - 15 + 3 + 1 + 1 + 3 tiles + workers bonus 4 x 1 +
    columns/furs grey (2 furs + goods joker) x 2 = 33."""
    game = end_of_game()
    s = game.state
    assert s.over and s.pending.kind == "game_over"
    assert s.players[0].bonus_tiles == [("legion", "yellow"), ("goods_wine_fish", "yellow")]
    assert s.players[1].bonus_tiles == [("workers", "yellow"), ("goods_columns_furs", "grey")]
    red_lines = [line.vp for line in s.final["players"][0]["lines"]]
    green_lines = [line.vp for line in s.final["players"][1]["lines"]]
    assert red_lines == [3, 1, 1, 2, 20, 4, 9]
    assert green_lines == [3, 1, 1, 3, 0, 4, 6]
    assert [p.vp for p in s.players] == [86, 33]
    assert s.final["ranking"] == [0, 1]
    assert [row["rank"] for row in game.rules.scores(s)] == [1, 2]
    refuse(game, ev.Sow(0, ("pink",)), "T-TURN-1")


def test_t_amb_12_first_edition_does_not_score_trajan_tiles_on_the_circle():
    game = end_of_game(edition=1)
    assert [p.vp for p in game.state.players] == [86 - 2, 33 - 3]


@pytest.mark.parametrize("red_consul,winner", [(True, 0), (False, 1)])
def test_t_tie_1_equal_totals_go_to_the_top_of_the_senate_stack(red_consul, winner):
    """T-TIE-1 / T-AMB-14: the stack after the last quarter's reset decides."""
    game = started(2)
    s = game.state
    s.players[0].vp, s.players[1].vp = 11, 10            # red has one Trajan tile fewer on the circle
    (s.players[0] if red_consul else s.players[1]).senate = 3
    to_quarter_end(game, quarter=4)
    meet_demands(game)
    game.apply(ev.ChooseBonusTile(SENATE_BONUS[0]))
    s = game.state
    assert s.players[0].vp == s.players[1].vp
    assert s.final["winner"] == winner
    assert game.rules.scores(s)[winner]["rank"] == 1
