"""Concordia setup: players, starting holdings, the market decks and the display (C-SETUP,
C-NIS-1..5), and the board data behind them."""

from collections import Counter

import pytest

from concordia_helpers import BOARD, new_game, setup
from firmware_host.engine.concordia import ConcordiaRules, ConcordiaSetup
from firmware_host.engine.concordia import events as ev
from firmware_host.engine.concordia.board import ConcordiaBoard
from firmware_host.engine.concordia.invariants import all_cards
from firmware_host.engine.core import Game, RuleError

B = ConcordiaBoard(BOARD)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_c_setup_1_decks_i_to_n_and_one_starting_set_per_player(n):
    """C-SETUP-1: the market cards of decks beyond N and the surplus starting sets stay in the box."""
    s = new_game(n).state
    decks = ["I", "II", "III", "IV", "V"][:n]
    assert list(s.market_left) == decks
    in_market = Counter(s.market_left[d][i] for d in decks for i in range(len(s.market_left[d])))
    in_market.update(card for _, card in filter(None, s.display))
    expected = Counter()
    for d in decks:
        expected.update(list(BOARD["decks"][d]))
    assert in_market == expected
    assert sum(expected.values()) == [15, 21, 26, 30][n - 2]
    for p in s.players:
        assert p.hand == Counter(BOARD["start"]["hand"]) and sum(p.hand.values()) == 7
    assert sum(all_cards(ConcordiaRules(setup(n)), n).values()) == 7 * n + sum(expected.values())


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_c_setup_2_praefectus_magnus_goes_to_the_last_player(n):
    """C-SETUP-2: the last player in clockwise order (to the start player's right) gets it."""
    s = new_game(n).state
    assert s.praefectus == n - 1
    assert s.active == 0 and s.pending.kind == "play" and s.pending.player == 0


@pytest.mark.parametrize("n", [2, 5])
def test_c_nis_3_starting_money_storehouse_and_colonists(n):
    """C-NIS-3: 5 + seat sestertii; 1 brick, 2 food, 1 tool, 1 wine, 1 cloth; 1 land and 1 sea
    colonist in Roma, 2 + 2 in the storehouse (10 of 12 spaces)."""
    s = new_game(n).state
    assert [p.money for p in s.players] == [5, 6, 7, 8, 9][:n]
    for p in s.players:
        assert p.goods == Counter(brick=1, food=2, tools=1, wine=1, cloth=1)
        assert p.colonists_board == {"land": 1, "sea": 1}
        assert p.colonists_store == {"land": 2, "sea": 2}
        assert p.used() == 10 and p.on_board() == 2
        assert p.houses == [] and p.discard == []


def test_c_nis_4_cards_and_their_gods():
    """C-NIS-4: the starting hand's gods and the market cards' gods (board-data.md)."""
    gods = Counter()
    for card, k in BOARD["start"]["hand"].items():
        gods[B.cards[card].god] += k
    assert gods == Counter(mars=1, jupiter=2, saturnus=2, mercurius=1, vesta=1)
    market = Counter(B.cards[c].god for d in BOARD["decks"].values() for c in d)
    assert market == Counter(jupiter=8, saturnus=7, mercurius=5, mars=5, minerva=5)
    assert sum(len(d) for d in BOARD["decks"].values()) == 30
    assert {c.good for c in B.specialists.values()} == set(B.goods)


def test_c_nis_5_display_is_seven_cards_from_deck_i_in_companion_mode():
    """C-NIS-5: 7 display spaces, filled from the top of the stack (deck I) at the start."""
    s = new_game(3, seed=11).state
    assert len(s.display) == 7 and all(entry[0] == "I" for entry in s.display)
    assert len(s.market_left["I"]) == 1 and len(s.market_left["II"]) == 7


def test_c_nis_5_companion_draws_are_seeded_and_replayable():
    """The companion's draws come from the journaled seed: same seed, same display."""
    a, b = (new_game(2, seed=5).state.display for _ in range(2))
    assert a == b
    assert any(new_game(2, seed=k).state.display != a for k in range(6, 12))


def test_c_nis_5_table_mode_records_the_seven_cards_turned_up():
    """C-NIS-5, physical randomness recorded: the table turns up the display and says which."""
    game = Game(ConcordiaRules(setup(2, mode="table")))
    order = ["prefect", "mason", "mercator_market", "architect", "colonist", "diplomat_saturnus", "farmer"]
    for slot, card in enumerate(order):
        assert game.state.pending.kind == "reveal_card" and game.state.pending.slot == slot
        game.apply(ev.RevealCard(card))
    s = game.state
    assert [c for _, c in s.display] == order
    assert s.market_left["I"] == ["smith"]
    assert s.pending.kind == "play" and s.pending.player == 0


def test_c_nis_5_a_card_not_left_in_the_top_deck_is_refused():
    game = Game(ConcordiaRules(setup(2, mode="table")))
    with pytest.raises(RuleError) as err:
        game.apply(ev.RevealCard("consul"))         # deck II, not on top
    assert err.value.rule == "C-NIS-5" and "deck I" in str(err.value)
    game.apply(ev.RevealCard("prefect"))
    with pytest.raises(RuleError):
        game.apply(ev.RevealCard("prefect"))        # deck I has one Prefect
    assert len(game.events) == 1


def test_c_nis_1_map_provinces_cities_and_tokens():
    """C-NIS-1: Imperium 30 cities in 12 provinces (6 of 2, 6 of 3); Italia 25 in 11 (8 of 2,
    3 of 3); the tokens give Imperium 8/7/6/5/4 and Italia 7/6/5/4/3 cities per good."""
    for map_id, cities, sizes, per_good in (
            ("imperium", 30, Counter({2: 6, 3: 6}), [8, 7, 6, 5, 4]),
            ("italia", 25, Counter({2: 8, 3: 3}), [7, 6, 5, 4, 3])):
        m = B.maps[map_id]
        assert len(m.city_province) == cities
        assert Counter(len(p.cities) for p in m.provinces.values()) == sizes
        for letter, pool in m.tokens.items():
            assert sum(pool.values()) == sum(len(p.cities) for p in m.provinces.values() if p.letter == letter)
        tokens = Counter()
        for pool in m.tokens.values():
            tokens.update(pool)
        assert [tokens[g] for g in B.goods] == per_good
    assert B.maps["imperium"].saturnus_cap == 12 and B.maps["italia"].saturnus_cap == 11


def test_c_nis_2_goods_prices_and_storehouse():
    """C-NIS-2: brick 3, food 4, tools 5, wine 6, cloth 7; 12 storehouse spaces."""
    assert B.price == {"brick": 3, "food": 4, "tools": 5, "wine": 6, "cloth": 7}
    assert B.capacity == 12


@pytest.mark.parametrize("bad", [
    dict(players=(("red", "A"),)),
    dict(players=tuple((c, c) for c in ("red", "green", "yellow", "blue", "black", "red"))),
    dict(players=(("red", "A"), ("red", "B"))),
    dict(players=(("red", "A"), ("pink", "B"))),
    dict(map="atlantis"),
    dict(market_mode="dice"),
    dict(praefectus_passes="up"),
])
def test_impossible_setups_are_refused(bad):
    base = dict(players=(("red", "A"), ("green", "B")), board=BOARD)
    with pytest.raises(ValueError):
        ConcordiaRules(ConcordiaSetup(**{**base, **bad}))


def test_setup_round_trips_through_json():
    st = setup(4, map="italia", mode="table", seed=9, vesta_per_card=False, praefectus_passes="left")
    assert ConcordiaSetup.from_json(st.to_json()) == st


def test_italia_game_starts_like_imperium():
    s = new_game(3, map="italia").state
    assert len(s.marker_coins) == 11 and not any(s.marker_coins.values())
