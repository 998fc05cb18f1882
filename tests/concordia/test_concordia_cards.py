"""The personality cards' actions as bookkeeping (C-CARD-*), their rulings (C-AMB-2..5, 8)
and the numbers behind them (C-NIS-1, 2, 6, 7, 10)."""

from collections import Counter

import pytest

from concordia_helpers import board_with, house, new_game, play, refused, seat
from firmware_host.engine.concordia import events as ev
from firmware_host.engine.concordia.play import dealt_cities

# ----------------------------------------------------------------------------- Tribune

@pytest.mark.parametrize("discard,pay", [
    ([], 0),
    (["architect", "prefect"], 0),
    (["architect", "prefect", "mercator"], 1),
    (["architect", "prefect", "mercator", "colonist"], 2),
    (["architect", "prefect", "mercator", "colonist", "senator", "diplomat"], 4),
])
def test_c_card_tribune_1_all_cards_back_and_one_sestertius_per_card_beyond_three(discard, pay):
    """C-CARD-TRIBUNE-1, C-AMB-8, C-EX-D1: payout max(0, n - 3), n counting the Tribune."""
    game = new_game(2)
    seat(game, 0, discard=discard, hand={"tribune": 1}, money=5, goods={})
    play(game, "tribune")
    p = game.state.players[0]
    assert p.money == 5 + pay
    assert p.discard == [] and p.hand == Counter(discard + ["tribune"])
    assert game.state.active == 1                  # no food or tools: no colonist question


def test_c_ex_d1_four_played_cards_and_the_tribune_give_two():
    """C-EX-D1: discard Architect, Prefect, Mercator, Colonist; Tribune -> 5 back, +2."""
    game = new_game(2)
    seat(game, 0, discard=["architect", "prefect", "mercator", "colonist"], hand={"tribune": 1}, money=0)
    play(game, "tribune", ev.Done())
    assert game.state.players[0].money == 2 and sum(game.state.players[0].hand.values()) == 5


def test_c_card_tribune_2_buy_a_colonist_for_food_and_tool_into_roma():
    """C-CARD-TRIBUNE-2, C-EX-D2: pay 1 food + 1 tool, a colonist from the storehouse to Roma."""
    game = new_game(2)
    seat(game, 0, goods={"food": 1, "tools": 1, "wine": 1}, discard=["architect"])
    s = play(game, "tribune")
    assert s.pending.kind == "tribune" and s.pending.player == 0
    refused(game, ev.BuyColonist("horse"), "C-CARD-TRIBUNE-2")
    game.apply(ev.BuyColonist("sea"))
    p = game.state.players[0]
    assert p.goods == Counter(wine=1)
    assert p.colonists_store == {"land": 2, "sea": 1} and p.colonists_board == {"land": 1, "sea": 2}
    assert game.state.active == 1


def test_c_card_tribune_2_the_colonist_is_optional_and_needs_one_in_the_storehouse():
    game = new_game(2)
    seat(game, 0, goods={"food": 2, "tools": 2}, store={"land": 1}, board={"land": 2, "sea": 3})
    play(game, "tribune")
    refused(game, ev.BuyColonist("sea"), "C-CARD-TRIBUNE-2", "0 sea colonist(s) in the storehouse")
    game.apply(ev.Done())
    assert game.state.players[0].goods == Counter(food=2, tools=2) and game.state.active == 1


def test_c_card_tribune_2_not_asked_when_it_cannot_be_paid():
    game = new_game(2)
    seat(game, 0, goods={"food": 3})
    play(game, "tribune")
    assert game.state.pending.kind == "play" and game.state.active == 1


# ----------------------------------------------------------------------------- Architect

def test_c_card_architect_1_steps_are_the_colonists_on_the_board():
    """C-CARD-ARCHITECT-1, C-AMB-3: one shared pool of steps = own colonists on the board
    (the moves themselves happen on the table)."""
    game = new_game(2)
    assert play(game, "architect").pending.steps == 2
    game.apply(ev.Done())
    seat(game, 1, board={"land": 2, "sea": 3})
    assert play(game, "architect").pending.steps == 5


@pytest.mark.parametrize("good,coins,goods", [
    ("brick", 1, {"food": 1}),
    ("food", 2, {"brick": 1, "food": 1}),
    ("tools", 3, {"brick": 1, "tools": 1}),
    ("wine", 4, {"brick": 1, "wine": 1}),
    ("cloth", 5, {"brick": 1, "cloth": 1}),
])
def test_c_nis_6_house_cost_by_the_city_good(good, coins, goods):
    """C-CARD-ARCHITECT-2, C-NIS-6: first house in a city: coins and goods by its good."""
    game = new_game(3)
    start = Counter(brick=2, food=2, tools=2, wine=2, cloth=2)
    seat(game, 0, money=20, goods=dict(start))
    city = {"brick": "sirmium", "food": "napoca", "tools": "tomis", "wine": "londinium", "cloth": "colonia"}[good]
    play(game, "architect", ev.BuildHouse(city, good))
    p, s = game.state.players[0], game.state
    assert p.money == 20 - coins and p.goods == start - Counter(goods)
    assert p.houses == [city] and s.houses[city] == [0] and s.city_good[city] == good


def test_c_nis_6_coins_multiply_by_the_houses_in_the_city_after_building():
    """C-NIS-6: the second house in a tools city costs 6, the third 9 (goods unchanged)."""
    game = new_game(3)
    for player, coins in ((0, 3), (1, 6), (2, 9)):
        seat(game, player, money=20, goods={"brick": 1, "tools": 1})
        play(game, "architect", ev.BuildHouse("londinium", "tools" if player == 0 else ""), ev.Done())
        assert game.state.players[player].money == 20 - coins
        assert not game.state.players[player].goods
    assert game.state.houses["londinium"] == [0, 1, 2]


def test_c_card_architect_2_several_houses_in_one_action_then_done():
    game = new_game(3)
    seat(game, 0, money=30, goods={"brick": 3, "food": 3, "wine": 1})
    play(game, "architect", ev.BuildHouse("sirmium", "brick"), ev.BuildHouse("napoca", "food"),
         ev.BuildHouse("londinium", "wine"))
    assert game.state.pending.kind == "architect"
    game.apply(ev.Done())
    p = game.state.players[0]
    assert p.houses == ["sirmium", "napoca", "londinium"]
    assert p.money == 30 - 1 - 2 - 4 and p.goods == Counter(brick=1, food=1)
    assert game.state.turns == 1 and game.state.active == 1


def test_c_card_architect_2_illegal_builds_are_refused_and_say_why():
    game = new_game(3)
    seat(game, 0, money=4, goods={"brick": 1, "food": 1, "tools": 1})
    house(game, 1, "napoca", "food")
    play(game, "architect")
    refused(game, ev.BuildHouse("roma", "food"), "C-CARD-ARCHITECT-2", "not a city")
    refused(game, ev.BuildHouse("londinium"), "C-NIS-1", "Which good does Londinium produce")
    refused(game, ev.BuildHouse("londinium", "gold"), "C-NIS-1", "not a good")
    refused(game, ev.BuildHouse("napoca", "wine"), "C-NIS-1", "Napoca produces food")
    refused(game, ev.BuildHouse("londinium", "wine"), "C-NIS-6", "lacks 1 wine")
    refused(game, ev.BuildHouse("colonia", "cloth"), "C-NIS-6", "costs 5 sestertii; Aurelia has 4")
    game.apply(ev.BuildHouse("londinium", "tools"))
    refused(game, ev.BuildHouse("londinium"), "C-NIS-6", "already has a house in Londinium")


def test_c_nis_1_a_city_good_must_match_the_tokens_left():
    """C-NIS-1: letter D (Italia and Hellas on Imperium) has one cloth token."""
    game = new_game(3)
    house(game, 1, "novaria", "cloth")
    seat(game, 0, money=30, goods={"brick": 2, "cloth": 2})
    play(game, "architect")
    refused(game, ev.BuildHouse("athenae", "cloth"), "C-NIS-1", "All D tokens showing cloth")
    game.apply(ev.BuildHouse("londinium", "cloth"))          # letter A has its own cloth


def test_c_end_1_the_fifteenth_house_ends_the_architect_action():
    game = new_game(2)
    world = dealt_cities(game.rules)
    cities = list(world)[:15]
    for city in cities[:14]:
        house(game, 0, city, world[city])
    coins, goods = game.rules.board.house_cost(world[cities[14]], 0)
    seat(game, 0, money=coins, goods=dict(goods))
    play(game, "architect", ev.BuildHouse(cities[14], world[cities[14]]))
    assert len(game.state.players[0].houses) == 15
    assert game.state.pending.kind == "play" and game.state.active == 1
    assert game.state.concordia == 0


# ----------------------------------------------------------------------------- Prefect

def britannia(game):
    """Londinium (wine): houses of players 0 and 1; Isca Dumnoniorum (brick): player 1."""
    house(game, 0, "londinium", "wine")
    house(game, 1, "londinium", "wine")
    house(game, 1, "isca_dumnoniorum", "brick")


def test_c_card_prefect_1_every_house_in_the_province_produces_for_its_owner():
    """C-CARD-PREFECT-1: the marker (dearest good: wine) flips and its good goes to the
    player; each house produces its city's good for its owner, whoever that is."""
    game = new_game(3)
    britannia(game)
    seat(game, 0, goods={})
    seat(game, 1, goods={})
    s = play(game, "prefect")
    assert s.pending.kind == "prefect"
    assert game.rules.marker_good(s, "britannia") == "wine"
    game.apply(ev.Produce("britannia"))
    s = game.state
    assert s.players[0].goods == Counter(wine=2)       # bonus + own house
    assert s.players[1].goods == Counter(wine=1, brick=1)
    assert s.marker_coins["britannia"] and s.marker_good["britannia"] == "wine"


def test_c_card_prefect_1_a_province_without_own_house_may_produce():
    game = new_game(3)
    house(game, 1, "lutetia", "cloth")
    seat(game, 0, goods={})
    play(game, "prefect", ev.Produce("gallia"))        # a cloth city: the marker shows cloth
    assert game.state.players[0].goods == Counter(cloth=1)
    assert game.state.players[1].goods["cloth"] == 2


def test_c_amb_4_a_province_showing_coins_cannot_produce():
    game = new_game(3)
    britannia(game)
    play(game, "prefect", ev.Produce("britannia"))
    play(game, "prefect")
    refused(game, ev.Produce("britannia"), "C-AMB-4", "coin side")
    refused(game, ev.Produce("thule"), "C-CARD-PREFECT-1", "not a province")


def test_c_card_prefect_1_the_marker_good_is_asked_once_when_the_companion_cannot_tell():
    game = new_game(3)
    play(game, "prefect")
    refused(game, ev.Produce("gallia"), "C-CARD-PREFECT-1", "Which good does Gallia's bonus marker show")
    refused(game, ev.Produce("gallia", "gold"), "C-NIS-1")
    game.apply(ev.Produce("gallia", "tools"))
    s = game.state
    assert s.marker_good["gallia"] == "tools" and s.players[0].goods["tools"] == 2
    # the marker now constrains the cities: none dearer than tools, the last one tools
    seat(game, 1, money=50, goods={"brick": 4, "food": 2, "wine": 1, "tools": 1})
    play(game, "architect")
    refused(game, ev.BuildHouse("lutetia", "wine"), "C-NIS-1", "marker shows tools")
    game.apply(ev.BuildHouse("lutetia", "brick"))
    game.apply(ev.BuildHouse("burdigala", "food"))
    refused(game, ev.BuildHouse("massilia", "food"), "C-NIS-1", "its last city produces tools")
    game.apply(ev.BuildHouse("massilia", "tools"))


def test_c_nis_1_the_marker_shows_the_dearest_good_of_the_province():
    game = new_game(3)
    house(game, 1, "lutetia", "wine")
    play(game, "prefect")
    refused(game, ev.Produce("gallia", "food"), "C-NIS-1", "wine or dearer")
    house(game, 1, "burdigala", "brick")
    house(game, 1, "massilia", "food")
    assert game.rules.marker_good(game.state, "gallia") == "wine"     # all cities known
    refused(game, ev.Produce("gallia", "cloth"), "C-CARD-PREFECT-1", "shows wine")
    game.apply(ev.Produce("gallia", "wine"))


def test_c_card_prefect_2_cash_for_coin_sides_then_all_markers_back():
    """C-CARD-PREFECT-2: 1 sestertius per coin symbol (2 for a wine, food or tools marker,
    1 for cloth, board data), then every marker shows its good again."""
    game = new_game(2)
    s = game.state
    for pid, good in (("britannia", "wine"), ("gallia", "food"), ("asia", "cloth")):
        s.marker_good[pid] = good
        s.marker_coins[pid] = True
    seat(game, 0, money=0)
    play(game, "prefect", ev.PrefectCash())
    assert game.state.players[0].money == 5
    assert not any(game.state.marker_coins.values())


def test_c_ex_d4_three_coin_sides_of_one_coin_each_give_three():
    """C-EX-D4 with markers of one coin symbol each (the seed's example)."""
    one = board_with(**{"bonus_markers.coins": {g: 1 for g in ("brick", "food", "tools", "wine", "cloth")}})
    game = new_game(2, board=one)
    s = game.state
    for pid in ("britannia", "gallia", "asia"):
        s.marker_good[pid] = "food"
        s.marker_coins[pid] = True
    seat(game, 0, money=0)
    play(game, "prefect", ev.PrefectCash())
    assert game.state.players[0].money == 3 and not any(game.state.marker_coins.values())


@pytest.mark.parametrize("passes,to", [("right", 2), ("left", 0)])
def test_c_nis_7_praefectus_magnus_doubles_the_bonus_then_passes(passes, to):
    """C-NIS-7, C-AMB-6: the holder's Prefect production takes the province bonus twice (not
    the cities' production); the card then passes to the right (option: left)."""
    game = new_game(4, praefectus_passes=passes)
    for _ in range(3):
        play(game, "mercator", ev.Done())
    house(game, 3, "londinium", "wine")
    seat(game, 3, goods={})
    assert game.state.praefectus == 3 and game.state.active == 3
    play(game, "prefect", ev.Produce("britannia", "wine"))
    assert game.state.players[3].goods == Counter(wine=3)          # 2 bonus + 1 house
    assert game.state.praefectus == to


def test_c_nis_7_the_cash_option_keeps_the_praefectus_magnus():
    game = new_game(2)
    play(game, "mercator", ev.Done())
    play(game, "prefect", ev.PrefectCash())
    assert game.state.praefectus == 1


# ----------------------------------------------------------------------------- Colonist

def test_c_card_colonist_1_new_colonists_for_food_and_tool_each():
    game = new_game(2)
    seat(game, 0, goods={"food": 2, "tools": 3}, hand={"colonist": 1})
    play(game, "colonist", ev.PlaceColonists(land=1, sea=1))
    p = game.state.players[0]
    assert p.goods == Counter(tools=1)
    assert p.colonists_board == {"land": 2, "sea": 2} and p.colonists_store == {"land": 1, "sea": 1}


def test_c_card_colonist_1_refusals():
    game = new_game(2)
    seat(game, 0, goods={"food": 3, "tools": 3}, hand={"colonist": 1})
    play(game, "colonist")
    refused(game, ev.PlaceColonists(), "C-CARD-COLONIST-1", "at least one")
    refused(game, ev.PlaceColonists(land=3), "C-CARD-COLONIST-1", "2 land colonist(s) in the storehouse")
    refused(game, ev.PlaceColonists(land=2, sea=2), "C-CARD-COLONIST-1", "lacks 1 food, 1 tools")
    refused(game, ev.PlaceColonists(land=-1, sea=2), "C-CARD-COLONIST-1")
    game.apply(ev.PlaceColonists(land=2, sea=1))


def test_c_nis_10_three_colonists_of_each_kind():
    """C-NIS-10: 3 land + 3 sea per player; none left in the storehouse, none to place."""
    game = new_game(2)
    seat(game, 0, goods={"food": 4, "tools": 4}, hand={"colonist": 1}, store={}, board={"land": 3, "sea": 3})
    play(game, "colonist")
    refused(game, ev.PlaceColonists(sea=1), "C-CARD-COLONIST-1", "0 sea colonist(s)")


def test_c_card_colonist_2_and_c_ex_d3_five_plus_one_per_colonist_on_the_board():
    """C-CARD-COLONIST-2, C-EX-D3: 4 colonists on the board -> +9."""
    game = new_game(2)
    seat(game, 0, money=0, hand={"colonist": 1}, board={"land": 2, "sea": 2}, store={"land": 1, "sea": 1})
    play(game, "colonist", ev.ColonistCash())
    assert game.state.players[0].money == 9


# ----------------------------------------------------------------------------- Mercator

def test_c_card_mercator_1_three_sestertii_from_the_starting_mercator():
    game = new_game(2)
    seat(game, 0, money=0)
    play(game, "mercator")
    assert game.state.players[0].money == 3 and game.state.pending.kind == "mercator"


def test_c_card_mercator_1_the_market_mercator_gives_five():
    """C-CARD-MERCATOR-1 with the market card's printed 5 (board data [1])."""
    game = new_game(2)
    seat(game, 0, money=0, hand={"mercator_market": 1})
    play(game, "mercator_market", ev.Done())
    assert game.state.players[0].money == 5


@pytest.mark.parametrize("changes,money,goods", [
    ((("wine", -1), ("cloth", -1)), 10 + 3 + 6 + 7, {"brick": 1, "food": 2, "tools": 1}),          # sell 2 types
    ((("brick", 1), ("food", 1)), 3 + 10 - 3 - 4, {"brick": 2, "food": 3, "tools": 1, "wine": 1, "cloth": 1}),
    ((("food", -2), ("cloth", 2)), 3 + 10 + 8 - 14, {"brick": 1, "tools": 1, "wine": 1, "cloth": 3}),
])
def test_c_card_mercator_2_trade_up_to_two_types_at_the_printed_prices(changes, money, goods):
    """C-CARD-MERCATOR-2: sell 2 types, buy 2 types, or sell 1 and buy 1."""
    game = new_game(2)
    seat(game, 0, money=10)
    play(game, "mercator", ev.Trade(changes))
    p = game.state.players[0]
    assert p.money == money and p.goods == Counter(goods)


def test_c_card_mercator_2_storehouse_space_and_cash_limit_the_trade():
    game = new_game(2)
    seat(game, 0, money=100)                            # 10 of 12 spaces taken
    play(game, "mercator")
    refused(game, ev.Trade((("cloth", 3),)), "C-CARD-MERCATOR-2", "room for 2 more goods, not 3")
    refused(game, ev.Trade((("brick", -1), ("food", 1), ("wine", 1))), "C-CARD-MERCATOR-2", "at most two")
    refused(game, ev.Trade((("wine", -2),)), "C-CARD-MERCATOR-2", "cannot sell 1 wine")
    refused(game, ev.Trade((("wine", 0),)), "C-CARD-MERCATOR-2")
    game.apply(ev.Trade((("food", -2), ("cloth", 4))))  # sold goods make room
    assert game.state.players[0].used() == 12
    game2 = new_game(2)
    seat(game2, 0, money=0)
    play(game2, "mercator")
    refused(game2, ev.Trade((("cloth", 1),)), "C-CARD-MERCATOR-2", "cost 7 sestertii; Aurelia has 3")


def test_c_amb_5_one_goods_type_cannot_be_both_sold_and_bought():
    game = new_game(2)
    play(game, "mercator")
    refused(game, ev.Trade((("wine", -1), ("wine", 2))), "C-AMB-5", "two different goods types")


# ----------------------------------------------------------------------------- Diplomat

def test_c_card_diplomat_1_copies_another_players_top_card_as_if_played():
    game = new_game(2)
    seat(game, 1, discard=["prefect", "architect"])
    seat(game, 0, board={"land": 2, "sea": 1})
    s = play(game, "diplomat")
    assert s.pending.kind == "diplomat" and game.rules.copy_targets(s) == [1]
    refused(game, ev.CopyCard(0), "C-CARD-DIPLOMAT-1", "another player's")
    game.apply(ev.CopyCard(1))
    s = game.state
    assert s.pending.kind == "architect" and s.pending.steps == 3 and s.turn.copied == "architect"
    assert s.players[0].discard == ["diplomat"] and s.players[1].discard == ["prefect", "architect"]


def test_c_card_diplomat_1_a_copied_market_mercator_gives_its_five():
    game = new_game(2)
    seat(game, 1, discard=["mercator_market"])
    seat(game, 0, money=0)
    play(game, "diplomat", ev.CopyCard(1), ev.Done())
    assert game.state.players[0].money == 5


def test_c_card_diplomat_2_and_c_ex_d9_a_diplomat_on_top_cannot_be_copied():
    """C-CARD-DIPLOMAT-2, C-EX-D9: C's top card is a Diplomat; D's is an Architect."""
    game = new_game(4)
    seat(game, 2, discard=["architect", "diplomat"])
    seat(game, 3, discard=["architect"])
    play(game, "diplomat")
    assert game.rules.copy_targets(game.state) == [3]
    refused(game, ev.CopyCard(2), "C-CARD-DIPLOMAT-2", "cannot be copied")
    game.apply(ev.CopyCard(3))
    assert game.state.pending.kind == "architect"


def test_c_amb_2_a_player_whose_tribune_emptied_the_pile_offers_nothing():
    game = new_game(2)
    seat(game, 1, discard=["architect"])
    play(game, "mercator", ev.Done())
    play(game, "tribune", ev.Done())                    # Brutus takes everything back
    assert game.state.players[1].discard == []
    play(game, "diplomat")
    assert game.state.active == 1                       # nothing to copy: the turn passes
    assert game.state.players[0].discard == ["mercator", "diplomat"]


def test_c_amb_2_the_empty_pile_is_refused_by_name():
    game = new_game(3)
    seat(game, 1, discard=[])
    seat(game, 2, discard=["prefect"])
    play(game, "diplomat")
    refused(game, ev.CopyCard(1), "C-AMB-2", "no discarded card")
    refused(game, ev.CopyCard(7), "C-CARD-DIPLOMAT-1")


def test_c_card_diplomat_1_copying_a_prefect_uses_the_copiers_praefectus_magnus():
    game = new_game(3)
    game.state.praefectus = 1                                   # white-box: seat 1 holds it
    play(game, "prefect", ev.PrefectCash())
    house(game, 1, "lutetia", "cloth")
    seat(game, 1, goods={})
    play(game, "diplomat", ev.CopyCard(0), ev.Produce("gallia"))
    assert game.state.players[1].goods == Counter(cloth=3)      # 2 bonus (holder) + 1 house
    assert game.state.praefectus == 0


def test_c_card_diplomat_1_copying_a_specialist_produces_in_the_copiers_cities():
    game = new_game(2)
    seat(game, 1, discard=["vintner"])
    house(game, 0, "londinium", "wine")
    house(game, 1, "colonia", "wine")
    seat(game, 0, goods={})
    play(game, "diplomat", ev.CopyCard(1))
    assert game.state.players[0].goods == Counter(wine=1) and game.state.players[1].goods["wine"] == 1


# ----------------------------------------------------------------------------- specialists

def test_c_card_specialist_1_own_houses_in_cities_of_its_good_produce_one_each():
    game = new_game(2)
    house(game, 0, "napoca", "food")
    house(game, 0, "sirmium", "food")
    house(game, 0, "londinium", "wine")
    house(game, 1, "tomis", "food")
    seat(game, 0, goods={}, hand={"farmer": 1})
    seat(game, 1, goods={})
    play(game, "farmer")
    assert game.state.players[0].goods == Counter(food=2)
    assert game.state.players[1].goods == Counter()
    assert game.state.active == 1


# ----------------------------------------------------------------------------- the storehouse

def test_c_nis_2_produced_goods_beyond_twelve_spaces_the_player_chooses_what_to_keep():
    """C-NIS-2: the storehouse holds 12; of the goods produced that do not all fit the player
    keeps what they choose (the others stay in the bank); one kind only is not asked."""
    game = new_game(3)
    britannia(game)
    seat(game, 1, goods={"food": 7})                   # 11 of 12 taken; wine + brick arrive
    s = play(game, "prefect", ev.Produce("britannia"))
    assert s.pending.kind == "keep_goods" and s.pending.player == 1 and s.pending.fit == 1
    refused(game, ev.KeepGoods(("wine", "brick")), "C-NIS-2", "room for 1")
    refused(game, ev.KeepGoods(("cloth",)), "C-NIS-2", "only keep goods just produced")
    game.apply(ev.KeepGoods(("wine",)))
    p = game.state.players[1]
    assert p.goods == Counter(food=7, wine=1) and p.used() == 12 and not p.arriving
    assert game.state.active == 1 and game.state.pending.kind == "play"


def test_c_nis_2_one_kind_of_good_overflowing_needs_no_question():
    game = new_game(2)
    for city in ("napoca", "sirmium", "tomis"):
        house(game, 0, city, "food")
    seat(game, 0, goods={"brick": 6}, hand={"farmer": 1})    # 10 of 12: 2 of 3 food fit
    play(game, "farmer")
    assert game.state.players[0].goods == Counter(brick=6, food=2)
    assert game.state.active == 1


def test_c_nis_1_a_recorded_marker_keeps_its_token_in_reserve():
    """C-NIS-1: letter A has one cloth token; Britannia's marker shows cloth, so that token
    lies in Britannia: no other A city and no other A marker can claim it."""
    game = new_game(3)
    play(game, "prefect", ev.Produce("britannia", "cloth"))
    play(game, "prefect")
    refused(game, ev.Produce("germania", "cloth"), "C-NIS-1", "No A token showing cloth is left for Germania")
    game.apply(ev.Produce("germania", "wine"))
    play(game, "architect")
    refused(game, ev.BuildHouse("colonia", "cloth"), "C-NIS-1", "left for Britannia, whose bonus marker shows cloth")
    game.apply(ev.BuildHouse("londinium", "cloth"))
