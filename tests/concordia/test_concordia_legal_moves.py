"""The legal-move enumeration (``firmware_host/engine/concordia/moves.py``): pure,
deterministic, every listed move accepted, and complete up to the free parameters
(the Mercator's amounts C-CARD-MERCATOR-2, the "any good" payment C-NIS-5, the goods kept
C-NIS-2), checked against random games and against a brute force over every move."""

from __future__ import annotations

import copy
import random
from itertools import combinations, combinations_with_replacement

import pytest

from concordia_helpers import house, new_game, play, seat, setup
from firmware_host.engine.concordia import ConcordiaRules
from firmware_host.engine.concordia import events as ev
from firmware_host.engine.concordia.moves import choice_key, legal_moves
from firmware_host.engine.concordia.play import random_event
from firmware_host.engine.core import Game, RuleError, copy_state

# players, map, market mode, seed, options: 2..5 players, both maps, both market modes.
GAMES = [
    (3, "imperium", "companion", 11, {}),
    (3, "italia", "table", 12, {}),
    (4, "imperium", "table", 13, {"praefectus_passes": "left"}),
    (4, "italia", "companion", 14, {"vesta_per_card": False}),
    (5, "imperium", "table", 15, {}),
    (2, "italia", "table", 16, {}),
]


def accepted(rules, s, event) -> bool:
    """``event`` is accepted by the rules in ``s`` (tried on a copy)."""
    try:
        rules.apply(copy_state(s), event)
    except RuleError:
        return False
    return True


def keys(rules, s, moves) -> set:
    return {choice_key(rules, s, m) for m in moves}


def brute_force(rules: ConcordiaRules, s) -> set:
    """The choice keys of every move the rules accept in ``s``, found by trying all moves of
    the pending kind (amounts bounded where free: trades of up to 3 units per type, which is
    enough to reach every legal shape with prices 3..7 and 1 unit bought)."""
    b, m, kind = rules.board, rules.map, s.pending.kind
    tries: list[ev.Event] = []
    if kind == "reveal_card":
        tries = [ev.RevealCard(c) for c in b.cards]
    elif kind == "play":
        tries = [ev.PlayCard(c) for c in b.cards]
    elif kind == "tribune":
        tries = [ev.BuyColonist(k) for k in b.colonist_kinds] + [ev.Done()]
    elif kind == "architect":
        tries = [ev.BuildHouse(c, g) for c in m.city_province for g in ("", *b.goods)] + [ev.Done()]
    elif kind == "prefect":
        tries = [ev.Produce(p, g) for p in m.provinces for g in ("", *b.goods)] + [ev.PrefectCash()]
    elif kind == "colonist":
        tries = [ev.PlaceColonists(land, sea) for land in range(4) for sea in range(4)] + [ev.ColonistCash()]
    elif kind == "mercator":
        units = [k for k in range(-3, 4) if k]
        tries = [ev.Trade(((g, k),)) for g in b.goods for k in units]
        tries += [ev.Trade(((g, k), (h, j))) for g, h in combinations(b.goods, 2) for k in units for j in units]
        tries.append(ev.Done())
    elif kind == "diplomat":
        tries = [ev.CopyCard(i) for i in range(-1, s.n + 1)]
    elif kind == "buy":
        for slot, entry in enumerate(s.display):
            if entry is not None:
                anys = rules.card_price(s, slot, s.pending.surcharge)[1]
                tries += [ev.BuyCard(slot, pay) for pay in combinations_with_replacement(b.goods, anys)]
        tries.append(ev.Done())
    elif kind == "keep_goods":
        tries = [ev.KeepGoods(rules.suggest_keep(s, s.pending.player))]
    out = set()
    for e in tries:
        if accepted(rules, s, e):
            # a good the companion already knows may be given again: the same move
            if isinstance(e, ev.BuildHouse) and e.good and s.city_good.get(e.city) == e.good:
                e = ev.BuildHouse(e.city)
            if isinstance(e, ev.Produce) and e.bonus_good and rules.marker_good(s, e.province) == e.bonus_good:
                e = ev.Produce(e.province)
            out.add(choice_key(rules, s, e))
    return out


@pytest.mark.parametrize("n,map_,mode,seed,options", GAMES)
def test_random_games_every_step_lists_accepted_moves_deterministically(n, map_, mode, seed, options):
    """At every step of a random game: non-empty until the end, the same list twice, the
    state untouched, each move accepted on a copy, the random player's move covered
    (C-TURN-2: a move answers the pending decision), and [] once the game is over."""
    rules = ConcordiaRules(setup(n, map=map_, mode=mode, seed=seed, **options))
    game = Game(rules)
    rng = random.Random(seed)
    brute_seen: dict[str, int] = {}
    steps = 0
    while not game.state.over:
        s = game.state
        before = copy.deepcopy(s)
        moves = legal_moves(rules, s)
        assert moves, f"no legal move for {s.pending}"
        assert s == before, "legal_moves changed the state"
        assert legal_moves(rules, s) == moves
        assert legal_moves(rules, copy_state(s)) == moves
        assert len(moves) <= 300 and len(set(moves)) == len(moves)
        for m in moves:
            assert accepted(rules, s, m), (s.pending.kind, m)
        listed = keys(rules, s, moves)
        assert len(listed) == len(moves), "two listed moves make the same choice"
        chosen = random_event(game, rng)
        assert choice_key(rules, s, chosen) in listed, (chosen, moves)
        # completeness against a brute force, for the first states of each kind and a sample
        kind = s.pending.kind
        if brute_seen.get(kind, 0) < 4 or steps % 23 == 0:
            brute_seen[kind] = brute_seen.get(kind, 0) + 1
            assert brute_force(rules, s) == listed, kind
        assert s == before
        game.apply(chosen)
        steps += 1
    assert legal_moves(rules, game.state) == []
    assert steps > 50


# --------------------------------------------------------------------------- hand-made positions

def test_the_opening_lists_each_starting_card_once_by_id():
    """C-TURN-2: one card of the hand; the doubled Prefect is one choice."""
    game = new_game(2)
    assert legal_moves(game.rules, game.state) == [
        ev.PlayCard(c) for c in ("architect", "diplomat", "mercator", "prefect", "senator", "tribune")]


def test_table_mode_lists_each_card_left_in_the_top_deck():
    """C-NIS-5: the card turned up comes from the deck on top of the stack."""
    game = new_game(3, mode="table")
    moves = legal_moves(game.rules, game.state)
    assert moves == [ev.RevealCard(c) for c in sorted(set(game.state.market_left["I"]))]
    game.apply(ev.RevealCard("mason"))
    assert ev.RevealCard("mason") not in legal_moves(game.rules, game.state)


def test_tribune_colonist_only_when_food_and_tools_pay_for_it():
    """C-CARD-TRIBUNE-2: 1 food + 1 tool for a land or sea colonist from the storehouse."""
    game = new_game(2)
    seat(game, 0, goods={"food": 1, "tools": 1}, discard=["prefect"], store={"land": 2, "sea": 0})
    play(game, "tribune")
    assert legal_moves(game.rules, game.state) == [ev.BuyColonist("land"), ev.Done()]
    seat(game, 0, goods={"food": 1}, store={"land": 2, "sea": 2})
    assert legal_moves(game.rules, game.state) == [ev.Done()]


def test_architect_lists_payable_cities_and_the_goods_their_tokens_can_show():
    """C-NIS-6 (cost, one house per player and city), C-NIS-1 (the goods a token can show)."""
    game = new_game(3)
    house(game, 1, "londinium", "food")          # known: 2 x 2 sestertii + brick + food
    house(game, 0, "isca_dumnoniorum", "brick")  # own house: not again
    game.state.marker_good["germania"] = "food"   # so Colonia and Vindobona show brick or food
    seat(game, 0, money=5, goods={"brick": 2, "food": 2, "tools": 1, "wine": 1})
    play(game, "architect")
    rules, s = game.rules, game.state
    moves = legal_moves(rules, s)
    assert moves[-1] == ev.Done()
    assert ev.BuildHouse("londinium") in moves and ev.BuildHouse("londinium", "food") not in moves
    assert not [m for m in moves if isinstance(m, ev.BuildHouse) and m.city == "isca_dumnoniorum"]
    assert [m for m in moves if getattr(m, "city", "") == "colonia"] == [
        ev.BuildHouse("colonia", "brick"), ev.BuildHouse("colonia", "food")]
    lutetia = [m.good for m in moves if getattr(m, "city", "") == "lutetia"]
    assert lutetia == ["brick", "food", "tools", "wine"]          # no cloth in store for a cloth house


def test_architect_money_limits_the_cities():
    """C-NIS-6: a house costs sestertii by the city's good and the houses already there."""
    game = new_game(3)
    house(game, 1, "londinium", "food")
    seat(game, 0, money=3, goods={"brick": 2, "food": 2, "tools": 1, "wine": 1})
    play(game, "architect")
    moves = legal_moves(game.rules, game.state)
    assert ev.BuildHouse("londinium") not in moves                # 2 x 2 = 4 > 3
    assert {m.good for m in moves if isinstance(m, ev.BuildHouse)} == {"brick", "food", "tools"}


def test_prefect_lists_goods_side_provinces_and_the_marker_goods_still_possible():
    """C-AMB-4 (coin side up: not again), C-CARD-PREFECT-1 (a known marker needs no good),
    C-NIS-1 (a marker good must be left among the tokens), C-CARD-PREFECT-2 last."""
    game = new_game(3)
    s = game.state
    s.marker_coins["britannia"] = True
    s.marker_good["britannia"] = "food"
    house(game, 1, "lutetia", "cloth")            # Gallia's marker is cloth, the dearest
    s = play(game, "prefect")
    moves = legal_moves(game.rules, s)
    assert moves[-1] == ev.PrefectCash()
    assert not [m for m in moves if getattr(m, "province", "") == "britannia"]
    assert [m for m in moves if getattr(m, "province", "") == "gallia"] == [ev.Produce("gallia")]
    # letter B has one cloth token, on Lutetia: Hispania's marker cannot show cloth
    assert [m.bonus_good for m in moves if getattr(m, "province", "") == "hispania"] == [
        "brick", "food", "tools", "wine"]


def test_colonist_lists_every_count_the_goods_pay_for():
    """C-CARD-COLONIST-1 (1 food + 1 tool each, from the storehouse), C-CARD-COLONIST-2 last."""
    game = new_game(2)
    seat(game, 0, hand={"colonist": 1}, goods={"food": 2, "tools": 3}, store={"land": 2, "sea": 1})
    play(game, "colonist")
    assert legal_moves(game.rules, game.state) == [
        ev.PlaceColonists(1, 0), ev.PlaceColonists(0, 1), ev.PlaceColonists(2, 0), ev.PlaceColonists(1, 1),
        ev.ColonistCash()]


def test_mercator_one_trade_per_shape():
    """C-CARD-MERCATOR-1/2, C-AMB-5: +3 sestertii, then one representative trade per choice
    of goods sold and bought (two distinct types at most)."""
    game = new_game(2)
    seat(game, 0, money=0, goods={})
    play(game, "mercator")                         # +3: one brick
    assert legal_moves(game.rules, game.state) == [ev.Trade((("brick", 1),)), ev.Done()]
    game = new_game(2)
    seat(game, 0, money=0, goods={"wine": 2})
    play(game, "mercator")                         # 3 sestertii + wine at 6
    moves = legal_moves(game.rules, game.state)
    assert moves[0] == ev.Trade((("wine", -1),))
    assert ev.Trade((("wine", -1), ("cloth", 1))) in moves        # 3 + 6 >= 7
    assert ev.Trade((("brick", 1), ("food", 1))) not in moves     # 7 > 3
    trades = [m.changes for m in moves if isinstance(m, ev.Trade)]
    assert all(len({g for g, _ in c}) == len(c) <= 2 for c in trades)   # C-AMB-5: two distinct types
    assert moves[-1] == ev.Done()
    game = new_game(2)
    seat(game, 0, money=0, goods={"brick": 3})
    play(game, "mercator")
    moves = legal_moves(game.rules, game.state)
    assert ev.Trade((("brick", -2), ("cloth", 1))) in moves       # the fewest bricks that pay: 3 + 6 >= 7
    s = game.state
    assert choice_key(game.rules, s, ev.Trade((("cloth", 1), ("brick", -3)))) == \
        choice_key(game.rules, s, ev.Trade((("brick", -2), ("cloth", 1))))


def test_diplomat_lists_the_copy_targets():
    """C-CARD-DIPLOMAT-1/2, C-AMB-2: another player's top card, not a Diplomat."""
    game = new_game(3)
    seat(game, 1, discard=["prefect", "architect"])
    seat(game, 2, discard=["diplomat"])
    play(game, "diplomat")
    assert legal_moves(game.rules, game.state) == [ev.CopyCard(1)]


def test_buy_lists_payable_spaces_with_the_preselected_any_goods():
    """C-CARD-SENATOR-1, C-NIS-5: the surcharge's "any good" pre-selected as on the screen."""
    game = new_game(2)
    game.state.display = [("I", "prefect"), ("I", "mason"), ("I", "architect"), ("I", "colonist"),
                          ("I", "farmer"), ("I", "smith"), ("I", "diplomat_saturnus")]
    seat(game, 0, goods={"food": 2, "wine": 1, "brick": 1})
    play(game, "senator")
    rules, s = game.rules, game.state
    moves = legal_moves(rules, s)
    assert moves[0] == ev.BuyCard(0, ())                            # Prefect: wine
    assert ev.BuyCard(1, rules.suggest_any_goods(s, 1)) in moves    # Mason: food + any
    assert ev.BuyCard(1, ("brick",)) in moves
    assert not [m for m in moves if getattr(m, "slot", None) == 5]  # Smith: cannot pay
    assert moves[-1] == ev.Done()
    assert choice_key(rules, s, ev.BuyCard(1, ("wine",))) == choice_key(rules, s, ev.BuyCard(1, ("brick",)))


def test_keep_goods_is_the_preselected_choice():
    """C-NIS-2: the produced goods that do not all fit; the screen pre-selects the dearest."""
    game = new_game(3)
    house(game, 0, "lutetia", "cloth")
    house(game, 0, "burdigala", "brick")
    seat(game, 0, goods={"food": 7}, store={"land": 2, "sea": 2})  # 11 of 12 spaces
    s = play(game, "prefect", ev.Produce("gallia"))                 # cloth (marker) + cloth + brick
    assert s.pending.kind == "keep_goods"
    assert legal_moves(game.rules, s) == [ev.KeepGoods(game.rules.suggest_keep(s, 0))] == [ev.KeepGoods(("cloth",))]


def test_game_over_lists_nothing():
    """C-END-3: after the last turn nothing more is asked."""
    game = new_game(2)
    game.state.pending.kind = "game_over"
    assert legal_moves(game.rules, game.state) == []
