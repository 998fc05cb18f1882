"""The market: Senator and Consul purchases, display surcharges and the refill
(C-CARD-SENATOR-1, C-CARD-CONSUL-1, C-NIS-5)."""

from collections import Counter

import pytest

from concordia_helpers import new_game, play, refused, seat
from firmware_host.engine.concordia import events as ev

DISPLAY = [("I", "prefect"), ("I", "mason"), ("I", "architect"), ("I", "colonist"),
           ("I", "farmer"), ("I", "smith"), ("I", "diplomat_saturnus")]


def market_game(mode="companion"):
    """A 2-player game whose display is :data:`DISPLAY`; deck I's Mercator is still in the stack."""
    game = new_game(2, mode=mode)
    if mode == "table":
        for _, card in DISPLAY:
            game.apply(ev.RevealCard(card))
    else:
        game.state.display = list(DISPLAY)
        game.state.market_left["I"] = ["mercator_market"]
    return game


@pytest.mark.parametrize("slot,extra,anys", [
    (0, {}, 0), (1, {}, 1), (2, {}, 1), (3, {"cloth": 1}, 0), (4, {"cloth": 1}, 0),
    (5, {"cloth": 1}, 1), (6, {"cloth": 2}, 0),
])
def test_c_nis_5_a_display_card_costs_its_box_plus_the_space_surcharge(slot, extra, anys):
    """C-NIS-5: surcharges left to right: none, any, any, cloth, cloth, any + cloth, 2 cloth."""
    game = market_game()
    s = game.state
    s.display = [("I", "prefect")] * 7                 # Prefect's box: 1 wine
    cost, k = game.rules.card_price(s, slot)
    assert cost == Counter({"wine": 1, **extra}) and k == anys
    assert game.rules.card_price(s, slot, surcharge=False) == (Counter(wine=1), 0)


def test_c_card_senator_1_buys_two_cards_paying_cost_and_surcharge():
    game = market_game()
    seat(game, 0, goods={"food": 2, "brick": 2, "cloth": 2, "tools": 1})
    s = play(game, "senator")
    assert s.pending.kind == "buy" and s.pending.left == 2 and s.pending.surcharge
    game.apply(ev.BuyCard(1, ("brick",)))              # Mason: food + any (brick)
    assert game.state.pending.left == 1 and game.state.display[1] is None
    game.apply(ev.BuyCard(3))                          # Colonist: food + cloth
    s = game.state
    p = s.players[0]
    assert p.hand["mason"] == 1 and p.hand["colonist"] == 1
    assert p.goods == Counter(brick=1, cloth=1, tools=1)
    # the display slides to the cheap end; the stack fills the expensive end, deck I first
    assert s.display[:5] == [("I", "prefect"), ("I", "architect"), ("I", "farmer"), ("I", "smith"),
                             ("I", "diplomat_saturnus")]
    assert s.display[5] == ("I", "mercator_market") and s.display[6][0] == "II"
    assert s.market_left["I"] == [] and len(s.market_left["II"]) == 6
    assert s.active == 1


def test_c_card_senator_1_one_card_is_enough_and_none_is_allowed():
    game = market_game()
    seat(game, 0, goods={"wine": 1})
    play(game, "senator", ev.BuyCard(0), ev.Done())
    assert game.state.players[0].hand["prefect"] == 3 and game.state.active == 1
    play(game, "senator", ev.Done())
    assert game.state.active == 0 and game.state.players[1].discard == ["senator"]


def test_c_card_senator_1_refusals_say_why():
    game = market_game()
    seat(game, 0, goods={"food": 1, "wine": 1})
    game.state.display[2] = None
    play(game, "senator")
    refused(game, ev.BuyCard(2), "C-CARD-SENATOR-1", "no card on display space 3")
    refused(game, ev.BuyCard(9), "C-CARD-SENATOR-1")
    refused(game, ev.BuyCard(1), "C-NIS-5", "1 good(s) of the buyer's choice")
    refused(game, ev.BuyCard(1, ("gold",)), "C-NIS-5")
    refused(game, ev.BuyCard(1, ("food",)), "C-CARD-SENATOR-1", "lacks 1 food")    # food + food
    refused(game, ev.BuyCard(6), "C-CARD-SENATOR-1", "lacks")
    game.apply(ev.BuyCard(1, ("wine",)))


def test_c_card_consul_1_one_card_paying_only_its_own_cost():
    """C-CARD-CONSUL-1: the red box only; the space's surcharge is not paid."""
    game = market_game()
    seat(game, 0, goods={"tools": 1}, hand={"consul": 1})
    s = play(game, "consul")
    assert s.pending.left == 1 and not s.pending.surcharge
    refused(game, ev.BuyCard(6, ("tools",)), "C-NIS-5", "0 good(s)")
    game.apply(ev.BuyCard(6))                          # Diplomat (Saturnus): 1 tool; space 7 adds 2 cloth
    p = game.state.players[0]
    assert p.hand["diplomat_saturnus"] == 1 and not p.goods
    assert game.state.active == 1


def test_c_nis_5_table_mode_asks_for_each_card_turned_up_after_the_slide():
    game = market_game(mode="table")
    seat(game, 0, goods={"wine": 1, "food": 2, "brick": 1})
    play(game, "senator", ev.BuyCard(0), ev.BuyCard(1, ("brick",)))
    s = game.state
    assert s.pending.kind == "reveal_card" and s.pending.slot == 5
    refused(game, ev.RevealCard("consul"), "C-NIS-5", "deck I")       # deck I's last card comes first
    game.apply(ev.RevealCard("mercator_market"))
    assert game.state.pending.kind == "reveal_card" and game.state.pending.slot == 6
    refused(game, ev.RevealCard("mason"), "C-NIS-5", "deck II")
    game.apply(ev.RevealCard("weaver"))
    s = game.state
    assert s.display[5:] == [("I", "mercator_market"), ("II", "weaver")]
    assert s.pending.kind == "play" and s.active == 1


def test_c_card_senator_1_with_an_empty_display_the_turn_passes():
    game = market_game()
    game.state.display = [None] * 7
    game.state.market_left = {"I": [], "II": []}
    play(game, "senator")
    assert game.state.active == 1 and game.state.players[0].discard == ["senator"]


def test_c_nis_5_the_any_good_surcharge_is_preselected_with_the_cheapest_spare_goods():
    game = market_game()
    seat(game, 0, goods={"food": 2, "wine": 1, "brick": 1})
    play(game, "senator")
    rules, s = game.rules, game.state
    assert rules.suggest_any_goods(s, 1) == ("brick",)     # Mason: food + any
    assert rules.suggest_any_goods(s, 5) is None           # Smith: brick + tools + any + cloth
    assert rules.suggest_any_goods(s, 0) == ()             # Prefect: wine
