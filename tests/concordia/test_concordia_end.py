"""The game end (C-END-1..4): the triggers, the Concordia card, one more turn for everyone
else, the winner and the Praefectus Magnus tie-break (C-AMB-6, C-AMB-7)."""

import pytest

from concordia_helpers import BOARD, finish_turn, house, new_game, play, refused, seat
from firmware_host.engine.concordia import events as ev
from firmware_host.engine.concordia.board import ConcordiaBoard
from firmware_host.engine.concordia.play import dealt_cities
from firmware_host.engine.concordia.tally import Holdings, tally

B = ConcordiaBoard(BOARD)


def last_cards(game, *cards):
    """The stack is empty and the display holds only ``cards`` (deck I Prefects cost 1 wine)."""
    s = game.state
    s.market_left = {d: [] for d in s.market_left}
    s.display = [("I", c) for c in cards] + [None] * (7 - len(cards))


def fourteen_houses(game, player):
    """``player`` has 14 houses and can pay for a 15th in the next city of the dealt board."""
    world = dealt_cities(game.rules)
    cities = [c for c in world if not game.state.houses.get(c)][:15]
    for city in cities[:14]:
        house(game, player, city, world[city])
    coins, goods = game.rules.board.house_cost(world[cities[14]], 0)
    seat(game, player, money=coins, goods=dict(goods))
    return ev.BuildHouse(cities[14], world[cities[14]])


def test_c_end_1a_buying_the_last_display_card_triggers_the_end():
    game = new_game(2)
    last_cards(game, "prefect")
    seat(game, 0, goods={"wine": 1})
    play(game, "senator", ev.BuyCard(0))
    s = game.state
    assert s.concordia == 0 and s.final_turns_left == 1 and s.ending
    assert not any(s.display) and s.active == 1


def test_c_end_1a_a_card_left_in_the_display_does_not_end_the_game():
    game = new_game(2)
    last_cards(game, "prefect", "architect")
    seat(game, 0, goods={"wine": 1})
    play(game, "senator", ev.BuyCard(0), ev.Done())
    assert game.state.concordia is None


def test_c_end_1b_the_fifteenth_house_triggers_the_end():
    game = new_game(3)
    build = fourteen_houses(game, 0)
    play(game, "architect", build)
    assert game.state.concordia == 0 and game.state.final_turns_left == 2


def test_c_end_2_the_trigger_gets_the_concordia_card_worth_seven():
    game = new_game(2)
    last_cards(game, "prefect")
    seat(game, 0, goods={"wine": 1})
    play(game, "senator", ev.BuyCard(0))
    finish_turn(game)
    s = game.state
    assert s.over
    lines = {line["god"]: line for line in s.final["players"][0]["lines"]}
    assert lines["concordia"]["vp"] == 7
    assert all(line["vp"] == 0 for line in s.final["players"][1]["lines"] if line["god"] == "concordia")


def test_c_end_3_and_c_ex_d8_everyone_else_takes_exactly_one_more_turn():
    """C-EX-D8: A, B, C, D; B builds the 15th house; C, D and A take one more turn each."""
    game = new_game(4)
    finish_turn(game)                                  # A
    build = fourteen_houses(game, 1)
    play(game, "architect", build)                     # B triggers
    assert game.state.concordia == 1
    order = []
    while not game.state.over:
        order.append(game.state.active)
        finish_turn(game)
    assert order == [2, 3, 0]
    assert game.state.pending.kind == "game_over" and game.state.final is not None
    refused(game, ev.PlayCard("mercator"), "C-TURN-2", "the game is over")


def test_c_amb_7_the_triggering_action_finishes_before_the_concordia_card():
    """C-AMB-7: a Senator buying the last two cards: nothing is triggered between the two."""
    game = new_game(2)
    last_cards(game, "prefect", "prefect")
    seat(game, 0, goods={"wine": 2, "food": 1})
    play(game, "senator", ev.BuyCard(0))
    assert game.state.concordia is None and game.state.pending.kind == "buy"
    game.apply(ev.BuyCard(1, ("food",)))
    assert game.state.concordia == 0 and game.state.active == 1


def holdings(totals_vp, holder, passes="right"):
    n = len(totals_vp)
    out = []
    for i, vp in enumerate(totals_vp):
        order = (holder - i) % n if passes == "right" else (i - holder) % n
        out.append(Holdings(name="ABCDE"[i], vp=vp, praefectus_order=order))
    return out


def test_c_end_4_the_most_points_win():
    result = tally(B, "imperium", holdings([50, 61, 58], holder=0))
    assert result["winner"] == 1 and result["ranking"] == [1, 2, 0] and result["tie_break"] == ""


def test_c_end_4_a_tie_goes_to_the_praefectus_magnus_holder():
    result = tally(B, "imperium", holdings([60, 61, 61, 40], holder=2))
    assert result["winner"] == 2 and result["ranking"][:2] == [2, 1]
    assert "C holds the Praefectus Magnus" in result["tie_break"]


@pytest.mark.parametrize("passes,winner", [("right", 1), ("left", 0)])
def test_c_amb_6_otherwise_who_would_receive_it_soonest(passes, winner):
    """C-AMB-6: the card passes to the right-hand neighbour (counter-clockwise): from seat 3
    it goes to 2, then 1, then 0; the option passes it to the left (3 -> 0 -> 1)."""
    result = tally(B, "imperium", holdings([70, 70, 10, 50], holder=3, passes=passes))
    assert result["winner"] == winner
    assert "would receive it first" in result["tie_break"]


def test_c_amb_6_the_engine_counts_the_passing_from_the_holder():
    game = new_game(4)
    assert [game.rules.praefectus_order(game.state, i) for i in range(4)] == [3, 2, 1, 0]
    game = new_game(4, praefectus_passes="left")
    assert [game.rules.praefectus_order(game.state, i) for i in range(4)] == [1, 2, 3, 0]


def test_c_end_4_an_unknown_holder_leaves_a_tie_undecided():
    result = tally(B, "imperium", [Holdings("A", vp=5), Holdings("B", vp=5)])
    assert result["winner"] is None and "say who holds the Praefectus Magnus" in result["tie_break"]
