"""Corrections of the books (docs/corrections.md): C-CORR-1 what the table counted again is
set, journaled, replayed, undone and shown in the news; C-CORR-2 a correction the pieces
cannot match is refused and changes nothing. C-NIS-1: the maps and their player counts."""

import random

import pytest

from concordia_helpers import new_game, refused, seat, setup
from firmware_host.engine.concordia import CODEC, ConcordiaRules
from firmware_host.engine.concordia import events as ev
from firmware_host.engine.concordia.invariants import violations
from firmware_host.engine.concordia.play import random_event
from firmware_host.engine.concordia.rules import map_players, setup_problem
from firmware_host.engine.core import Game, event_to_json


def test_c_corr_1_money_goods_colonists_set_to_what_the_table_counts():
    game = new_game(3)
    game.apply(ev.CorrectPlayer(1, "money", "", 11))
    assert game.state.players[1].money == 11
    assert game.state.news == [("{player}: {item} corrected from {old} to {new}",
                                {"player": "Brutus", "item": "money", "old": 6, "new": 11})]
    game.apply(ev.CorrectPlayer(0, "goods", "wine", 0))
    game.apply(ev.CorrectPlayer(0, "goods", "cloth", 2))
    p = game.state.players[0]
    assert "wine" not in p.goods and p.goods["cloth"] == 2
    game.apply(ev.CorrectPlayer(2, "colonists", "sea", 3))
    q = game.state.players[2]
    assert (q.colonists_board["sea"], q.colonists_store["sea"]) == (3, 0)
    assert game.state.pending.kind == "play" and game.state.active == 0      # the decision is unchanged
    assert violations(game.rules, game.state) == []


def test_c_corr_1_a_card_moves_between_the_hand_and_the_own_discard_pile():
    game = new_game(3)
    seat(game, 0, discard=["architect", "prefect"],
         hand={"tribune": 1, "diplomat": 1, "prefect": 1, "mercator": 1, "senator": 1})
    game.apply(ev.CorrectPlayer(0, "hand", "architect", 1))                # it was never played
    p = game.state.players[0]
    assert p.hand["architect"] == 1 and p.discard == ["prefect"]
    game.apply(ev.CorrectPlayer(0, "hand", "mercator", 0))                 # it was played
    assert "mercator" not in game.state.players[0].hand and game.state.players[0].discard == ["prefect", "mercator"]


def test_c_corr_1_journaled_replayed_and_undone():
    game = new_game(3)
    before = game.state
    game.apply(ev.PlayCard("mercator"))                                    # in the middle of an action
    correction = ev.CorrectPlayer(0, "money", "", 2)
    game.apply(correction)
    assert game.state.pending.kind == "mercator" and game.state.players[0].money == 2
    assert CODEC.decode(event_to_json(correction)) == correction
    assert Game(game.rules, game.events).state == game.state
    game.undo()
    assert game.state.players[0].money == 5 + 3
    game.undo()
    assert game.state == before


@pytest.mark.parametrize("event,rule,text", [
    (ev.CorrectPlayer(0, "goods", "food", 9), "C-CORR-2", "storehouse holds 17 of 12"),
    (ev.CorrectPlayer(0, "colonists", "land", 4), "C-CORR-2", "only 3 land colonists"),
    (ev.CorrectPlayer(0, "money", "", -1), "C-CORR-2", "below zero"),
    (ev.CorrectPlayer(0, "hand", "consul", 1), "C-CORR-2", "discard pile holds 0"),
    (ev.CorrectPlayer(0, "hand", "tribune", 0), "C-CORR-2", "Tribune on the discard pile"),
    (ev.CorrectPlayer(0, "money", "", 5), "C-CORR-1", "already say 5"),
    (ev.CorrectPlayer(0, "goods", "gold", 1), "C-CORR-1", "not something the companion keeps"),
    (ev.CorrectPlayer(3, "money", "", 1), "C-CORR-1", "no seat 4"),
])
def test_c_corr_2_a_correction_the_pieces_cannot_match_is_refused(event, rule, text):
    game = new_game(3)
    refused(game, event, rule, text)


def test_c_corr_1_not_after_the_end():
    game, rng = new_game(3), random.Random(4)
    while not game.state.over:
        game.apply(random_event(game, rng))
    refused(game, ev.CorrectPlayer(0, "money", "", 99), "C-CORR-1", "tally is final")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("map_id", ["imperium", "italia"])
def test_c_nis_1_imperium_is_for_3_to_5_players_italia_for_2_to_4(players, map_id):
    fits = {"imperium": range(3, 6), "italia": range(2, 5)}[map_id]
    assert map_players(map_id) == fits
    if players in fits:
        assert setup_problem(setup(players, map=map_id)) is None
    else:
        other = "Italia" if map_id == "imperium" else "Imperium"
        assert setup_problem(setup(players, map=map_id)) == (
            f"the {map_id.title()} map is for {fits.start} to {fits.stop - 1} players, "
            f"not {players}: choose the {other} map (C-NIS-1)")
    # a game kept before the check (e.g. 2 players on Imperium) still opens: never a lost game
    assert ConcordiaRules(setup(players, map=map_id)).map.name.lower() == map_id
