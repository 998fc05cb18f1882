"""The tally by gods, built by hand for every god with its maximum and the Vesta rounding
(C-GOD-*, C-EX-D5..D7, C-NIS-8, -9, -11), the quick-tally file and its printed table."""

import json
import re
from pathlib import Path

import pytest

from concordia_helpers import BOARD, board_with, house, new_game, play, seat
from firmware_host.engine.concordia import events as ev
from firmware_host.engine.concordia.board import ConcordiaBoard
from firmware_host.engine.concordia.tally import Holdings, format_tally, quick_tally, score_player, tally

B = ConcordiaBoard(BOARD)
DOC = Path(__file__).resolve().parents[2] / "docs" / "concordia-tally.md"


def line(h: Holdings, god: str, board=B, saturnus_cap=12, **kw) -> dict:
    return next(x for x in score_player(board, saturnus_cap, h, **kw) if x["god"] == god)


# ----------------------------------------------------------------------------- Vesta

def test_c_ex_d5_cash_and_goods_at_their_prices_per_full_ten():
    """C-GOD-VESTA, C-EX-D5: cash 23 + goods worth 15 = 38 -> 3 VP per Vesta card."""
    h = Holdings("A", cards={"vesta": 1}, money=23, goods={"brick": 1, "food": 3})
    v = line(h, "vesta")
    assert (v["count"], v["per_card"], v["vp"]) == (38, 3, 3)
    assert v["text"] == "(23+15)/10=3 x1 = 3"


@pytest.mark.parametrize("money,goods,vp", [
    (9, {}, 0), (10, {}, 1), (19, {}, 1), (20, {}, 2),
    (3, {"cloth": 1}, 1),                         # 3 + 7 = 10
    (0, {"brick": 3}, 0),                         # 9: leftover coins are ignored
    (1, {"brick": 1, "food": 1, "tools": 1, "wine": 1, "cloth": 1}, 2),   # 1 + 25 = 26
    (0, {}, 0),
])
def test_c_god_vesta_rounds_down_to_full_tens(money, goods, vp):
    assert line(Holdings("A", cards={"vesta": 1}, money=money, goods=goods), "vesta")["vp"] == vp


def test_c_amb_1_vesta_per_vesta_card_or_once_by_option():
    h = Holdings("A", cards={"vesta": 2}, money=38)
    assert line(h, "vesta")["vp"] == 6
    assert line(h, "vesta", vesta_per_card=False)["vp"] == 3
    assert line(Holdings("A", money=38), "vesta")["vp"] == 0
    assert line(Holdings("A", money=38), "vesta", vesta_per_card=False)["vp"] == 0


def test_c_god_order_vesta_counts_goods_without_removing_them():
    """C-GOD-ORDER: the gods are independent; Vesta's sum leaves the goods where they are."""
    h = Holdings("A", cards={"vesta": 1, "mercurius": 1}, money=4, goods={"wine": 1}, houses={"wine": 1})
    lines = score_player(B, 12, h)
    assert [x["god"] for x in lines] == ["vesta", "jupiter", "saturnus", "mercurius", "mars", "minerva",
                                         "concordia", "track"]
    assert h.goods == {"wine": 1}
    assert [x["vp"] for x in lines][:4] == [1, 0, 0, 2]


# ----------------------------------------------------------------------------- Jupiter

def test_c_god_jupiter_houses_in_non_brick_cities_per_card():
    h = Holdings("A", cards={"jupiter": 2}, houses={"brick": 3, "food": 2, "wine": 1})
    j = line(h, "jupiter")
    assert (j["count"], j["per_card"], j["vp"], j["text"]) == (3, 3, 6, "3 x1 x2 = 6")


def test_c_god_jupiter_at_most_fifteen_per_card():
    h = Holdings("A", cards={"jupiter": 2}, houses={"food": 10, "cloth": 6, "brick": 2})
    j = line(h, "jupiter")
    assert (j["count"], j["per_card"], j["vp"], j["capped"]) == (16, 15, 30, True)
    assert j["text"] == "16 x1 (max 15) x2 = 30"


# ----------------------------------------------------------------------------- Saturnus

def test_c_god_saturnus_provinces_with_a_house_per_card():
    j = line(Holdings("A", cards={"saturnus": 3}, provinces=7), "saturnus")
    assert (j["per_card"], j["vp"]) == (7, 21)


@pytest.mark.parametrize("map_id,cap", [("imperium", 12), ("italia", 11)])
def test_c_god_saturnus_at_most_twelve_on_imperium_eleven_on_italia(map_id, cap):
    result = tally(B, map_id, [Holdings("A", cards={"saturnus": 2}, provinces=13)])
    s = next(x for x in result["players"][0]["lines"] if x["god"] == "saturnus")
    assert (s["per_card"], s["vp"], s["capped"]) == (cap, 2 * cap, True)


# ----------------------------------------------------------------------------- Mercurius

def test_c_ex_d7_four_goods_types_one_mercurius_card_give_eight():
    """C-GOD-MERCURIUS, C-EX-D7."""
    h = Holdings("A", cards={"mercurius": 1}, houses={"brick": 2, "food": 1, "wine": 3, "cloth": 1, "tools": 0})
    m = line(h, "mercurius")
    assert (m["count"], m["vp"], m["text"]) == (4, 8, "4 x2 x1 = 8")


def test_c_god_mercurius_at_most_ten_per_card():
    """C-GOD-MERCURIUS: all five types reach the maximum 10 exactly; with a (hypothetical)
    value of 3 per type the cap binds."""
    h = Holdings("A", cards={"mercurius": 2}, houses={g: 1 for g in B.goods})
    assert line(h, "mercurius")["vp"] == 20 and not line(h, "mercurius")["capped"]
    three = ConcordiaBoard(board_with(**{"gods.mercurius_value": 3}))
    m = line(h, "mercurius", board=three)
    assert (m["per_card"], m["vp"], m["capped"]) == (10, 20, True)


# ----------------------------------------------------------------------------- Mars

def test_c_ex_d6_six_colonists_two_mars_cards_give_twenty_four():
    """C-GOD-MARS, C-EX-D6: 12 per card, each card at its maximum."""
    m = line(Holdings("A", cards={"mars": 2}, colonists=6), "mars")
    assert (m["per_card"], m["vp"], m["capped"]) == (12, 24, False)


def test_c_god_mars_at_most_twelve_per_card():
    m = line(Holdings("A", cards={"mars": 1}, colonists=7), "mars")
    assert (m["per_card"], m["vp"], m["capped"], m["text"]) == (12, 12, True, "7 x2 (max 12) x1 = 12")


# ----------------------------------------------------------------------------- Minerva

@pytest.mark.parametrize("card,good,value", [
    ("mason", "brick", 3), ("farmer", "food", 3), ("smith", "tools", 3), ("vintner", "wine", 4), ("weaver", "cloth", 5),
])
def test_c_nis_9_and_c_god_minerva_vp_per_city_of_the_specialists_good(card, good, value):
    """C-GOD-MINERVA, C-NIS-9: Mason, Farmer, Smith 3; Vintner 4; Weaver 5 per own city."""
    houses = {g: 2 for g in B.goods}
    houses[good] = 3
    m = line(Holdings("A", specialists=[card], houses=houses), "minerva")
    assert m["vp"] == 3 * value
    assert m["parts"] == [{"card": card, "name": card.title(), "good": good, "cards": 1, "count": 3,
                           "value": value, "vp": 3 * value}]


def test_c_god_minerva_sums_the_specialists_and_shows_each():
    h = Holdings("A", specialists=["weaver", "farmer"], houses={"food": 3, "cloth": 1, "brick": 4})
    m = line(h, "minerva")
    assert m["vp"] == 14 and m["text"] == "Farmer 3 x3 + Weaver 1 x5 = 14"
    assert line(Holdings("A", specialists=["smith"]), "minerva")["vp"] == 0


# ----------------------------------------------------------------------------- caps, total

def test_c_god_caps_match_the_physical_limits():
    """C-GOD-CAPS: 15 houses, 12/11 provinces, 5 goods types, 6 colonists."""
    assert B.jupiter_cap == B.houses_per_player == 15
    assert {m.saturnus_cap for m in B.maps.values()} == {len(m.provinces) for m in B.maps.values()} == {11, 12}
    for m in B.maps.values():
        assert m.saturnus_cap == len(m.provinces)
    assert B.mercurius_cap == B.mercurius_value * len(B.goods) == 10
    assert B.mars_cap == B.mars_value * B.colonists_per_kind * len(B.colonist_kinds) == 12


def test_c_god_total_track_plus_gods_plus_concordia():
    """C-GOD-TOTAL, C-END-2."""
    h = Holdings("A", vp=4, cards={"vesta": 1, "jupiter": 1, "saturnus": 1, "mercurius": 1, "mars": 1},
                 specialists=["vintner"], money=21, houses={"wine": 2, "brick": 1}, provinces=2, colonists=3,
                 concordia=True)
    result = tally(B, "imperium", [h])
    vps = {x["god"]: x["vp"] for x in result["players"][0]["lines"]}
    assert vps == {"vesta": 2, "jupiter": 2, "saturnus": 2, "mercurius": 4, "mars": 6, "minerva": 8,
                   "concordia": 7, "track": 4}
    assert result["players"][0]["total"] == 35


def test_c_nis_8_the_concordia_card_has_no_god():
    lines = tally(B, "imperium", [Holdings("A", concordia=True)])["players"][0]["lines"]
    assert [(x["god"], x["vp"]) for x in lines if x["vp"]] == [("concordia", 7)]


def test_c_god_0_the_engine_gathers_hand_and_discard_pile_by_god():
    """C-GOD-0: all cards, hand and discard pile together, grouped by god."""
    game = new_game(2)
    seat(game, 0, hand={"senator": 1, "prefect": 2, "weaver": 1}, discard=["architect", "colonist", "diplomat_mars"])
    h = game.rules.holdings(game.state)[0]
    assert h.cards == {"vesta": 1, "saturnus": 2, "jupiter": 1, "mars": 2}
    assert h.specialists == ["weaver"]


def test_c_nis_11_nothing_scores_on_the_track_during_play():
    game = new_game(3)
    house(game, 0, "londinium", "wine")
    play(game, "mercator", ev.Done())
    scores = game.rules.scores(game.state)
    assert all(p["projected"] for p in scores)
    assert all(h.vp == 0 for h in game.rules.holdings(game.state))
    assert scores[0]["vp"] == sum(x["vp"] for x in scores[0]["lines"])


# ----------------------------------------------------------------------------- quick tally

def doc_blocks():
    text = DOC.read_text()
    data = json.loads(re.search(r"```json\n(.*?)```", text, re.S).group(1))
    shown = re.search(r"Here is the example file above:\n\n```\n(.*?)\n```", text, re.S).group(1)
    return data, shown


def test_the_documented_example_tallies_as_documented():
    data, shown = doc_blocks()
    result = quick_tally(BOARD, data)
    assert [p["total"] for p in result["players"]] == [131, 106]
    assert format_tally(result) == shown
    assert json.loads(json.dumps(result)) == result


def test_quick_tally_tie_break_by_seat_order_and_holder():
    data = {"players": [{"name": "A", "vp": 10}, {"name": "B", "vp": 10}, {"name": "C", "vp": 10,
                                                                          "praefectus_magnus": True}]}
    assert quick_tally(BOARD, data)["winner"] == 2
    data["players"][2]["vp"] = 3                         # C holds it but is not tied: right passes to B
    result = quick_tally(BOARD, data)
    assert result["winner"] == 1 and "B would receive it first" in result["tie_break"]
    data["options"] = {"praefectus_passes": "left"}
    assert quick_tally(BOARD, data)["winner"] == 0
    text = format_tally(quick_tally(BOARD, data))
    assert "Tie-break: A, B tie on 10 VP" in text


TWO = [{"name": "B"}]         # a second player, so that only the first one is wrong


@pytest.mark.parametrize("data,message", [
    ({"players": []}, "players = []: must be a non-empty list"),
    ({"players": [{"vp": 1}]}, "player 1: name is missing"),
    ({"players": [{"name": "A", "gold": 1}]}, "player 1 (A): unknown key gold; the known keys are name, vp,"),
    ({"players": [{"name": "A", "cards": {"venus": 1}}]}, 'cards.venus = 1: unknown god'),
    ({"players": [{"name": "A", "cards": {"minerva": 1}}]}, "Minerva's cards go in specialists"),
    ({"players": [{"name": "A", "money": -1}]}, "player 1 (A): money = -1: must be an integer from 0 to 9999"),
    ({"players": [{"name": "A", "houses": {"salt": 1}}]}, 'houses.salt = 1: unknown good'),
    ({"players": [{"name": "A", "specialists": ["baker"]}]}, 'specialists[0] = "baker": unknown specialist'),
    ({"players": [{"name": "A", "colonists": 2.5}]}, "colonists = 2.5: must be an integer"),
    ({"players": [{"name": "A", "colonists": True}]}, "colonists = true: must be an integer"),
    ({"players": [{"name": "A", "praefectus_magnus": True}, {"name": "B", "praefectus_magnus": True}]}, "only one"),
    ({"players": [{"name": "A", "concordia": True}, {"name": "B", "concordia": True}]}, "Concordia card"),
    ({"map": "crete", "players": [{"name": "A"}]}, 'map = "crete": unknown map'),
    ({"options": {"vesta": 2}, "players": [{"name": "A"}]}, "unknown key options.vesta"),
    ({"options": {"praefectus_passes": "up"}, "players": [{"name": "A"}]}, '"right" or "left"'),
    ({"extra": 1, "players": [{"name": "A"}]}, "unknown key extra"),
    ({"players": [{"name": "A" * 25}, *TWO]}, "name = \"AAAA"),
    ({"players": [{"name": "A\u0000"}, *TWO]}, "must be printable"),
    ({"players": [{"name": "A"}]}, "players: 1 listed: Concordia is for 2 to 5 players"),
    ({"players": [{"name": "A", "specialists": ["mason"]}, {"name": "B", "specialists": ["mason"]}]}, "held already"),
    # more than the map, the box or a game of this many players has
    ({"map": "italia", "players": [{"name": "A", "houses": {"food": 7}}, *TWO]}, "Italia has 6 food cities"),
    ({"players": [{"name": "A", "houses": {g: 4 for g in ("brick", "food", "tools", "wine")}}, *TWO]},
     "16 houses, but a player has 15"),
    ({"map": "italia", "players": [{"name": "A", "houses": {"brick": 7, "food": 6}, "provinces": 12}, *TWO]},
     "Italia has 11 provinces"),
    ({"players": [{"name": "A", "houses": {"food": 2}, "provinces": 3}, *TWO]}, "but 2 houses"),
    ({"players": [{"name": "A", "colonists": 7}, *TWO]}, "colonists = 7: a player has 6 colonists"),
    ({"players": [{"name": "A", "goods": {"brick": 13}}, *TWO]}, "13 goods, but the storehouse holds 12"),
    ({"players": [{"name": "A", "cards": {"jupiter": 6}}, *TWO]}, "a game of 2 players has 5 jupiter cards"),
])
def test_quick_tally_refuses_a_malformed_file_and_says_why(data, message):
    with pytest.raises(ValueError) as err:
        quick_tally(BOARD, data)
    assert message in str(err.value)
    assert "\n" not in str(err.value)


def test_quick_tally_warns_about_counts_a_game_rarely_reaches():
    data = {"players": [{"name": "A", "houses": {"food": 3}, "goods": {"brick": 9}, "colonists": 2, "money": 250,
                         "cards": {"saturnus": 1}},
                        {"name": "B", "houses": {"food": 1}, "provinces": 1}]}
    result = quick_tally(BOARD, data)
    assert result["warnings"] == [
        "player 1 (A): goods: 9 goods and 4 colonists off the board fill more than the storehouse's 12 spaces "
        "(are colonists left out?)",
        "player 1 (A): provinces = 0 with 3 houses: Saturnus scores nothing",
        "player 1 (A): money = 250: unusually much at the end of a game",
    ]
    assert "Warning" not in format_tally(result)      # shown apart (stderr, the screen's message)


def test_format_tally_shows_every_god_row_totals_and_winner():
    result = quick_tally(BOARD, {"players": [
        {"name": "Anna", "cards": {"jupiter": 2}, "houses": {"food": 5}},
        {"name": "Bo", "cards": {"mars": 1}, "colonists": 4}]})
    text = format_tally(result)
    for label in ("Vesta", "Jupiter", "Saturnus", "Mercurius", "Mars", "Minerva", "Concordia card", "Total"):
        assert re.search(rf"^{label}\s", text, re.M), label
    assert "5 x1 x2 = 10" in text and "4 x2 x1 = 8" in text
    assert "Winner: Anna (10 VP)" in text


def test_quick_tally_agrees_with_the_engine_at_the_end_of_a_kept_game():
    """The tally of a kept game equals the quick tally of the same holdings written by hand."""
    import random

    from firmware_host.engine.concordia.play import play_random_game

    game = play_random_game(new_game(3, seed=31).rules, random.Random(31))
    s, rules = game.state, game.rules
    rows = []
    for i, h in enumerate(rules.holdings(s)):
        rows.append({"name": h.name, "cards": h.cards, "specialists": h.specialists, "houses": h.houses,
                     "provinces": h.provinces, "colonists": h.colonists, "goods": h.goods, "money": h.money,
                     "concordia": h.concordia, "praefectus_magnus": s.praefectus == i})
    result = quick_tally(BOARD, {"map": "imperium", "players": rows})
    assert result["players"] == s.final["players"] and result["winner"] == s.final["winner"]
