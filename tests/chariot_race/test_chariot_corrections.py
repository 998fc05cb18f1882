"""Corrections of a chariot (docs/corrections.md): CR-CORR-1 what the table read again on a
sheet or the track is set, journaled, replayed, undone and shown in the news; CR-CORR-2 a
value the sheet or the track cannot show is refused and changes nothing."""

import pytest

from chariot_helpers import at, do, put, race, refused, setup
from firmware_host.engine.chariot_race import CODEC, ChariotRaceRules
from firmware_host.engine.chariot_race import events as ev
from firmware_host.engine.chariot_race.invariants import violations
from firmware_host.engine.core import Game, event_to_json


@pytest.mark.parametrize("item,value,field", [
    ("lane", 2, "lane"), ("pos", 7, "pos"), ("resistance", 9, "resistance"), ("speed", 6, "speed"),
    ("fate", 5, "fate"), ("laps", 1, "crossings"),
])
def test_cr_corr_1_each_item_is_set_to_what_the_table_reads(item, value, field):
    game = race(4)
    old = getattr(at(game, "yellow"), field)
    game.apply(ev.CorrectChariot("yellow", item, value))
    assert getattr(at(game, "yellow"), field) == value
    assert game.state.news == [("{chariot}: {item} corrected from {old} to {new}",
                                {"chariot": "yellow", "item": item, "old": old, "new": value})]
    assert game.state.pending.kind == "roll" and game.state.pending.chariot == "green"
    assert violations(game.rules, game.state) == []


def test_cr_corr_1_journaled_replayed_undone_and_a_speed_corrected_mid_move_counts():
    game = race(4)
    do(game, ev.RollDice(("lane", "lane", "lane", "lane")), ev.KeepDice())
    assert game.state.pending.kind == "move" and at(game, "green").speed == 4
    correction = ev.CorrectChariot("green", "speed", 2)
    game.apply(correction)
    assert CODEC.decode(event_to_json(correction)) == correction
    do(game, ev.EnterCorner(3), ev.EnterCorner(3))
    refused(game, ev.EnterCorner(3), "CR-MOVE-4")          # only 2 spaces this turn now
    assert Game(game.rules, game.events).state == game.state
    game.undo(3)
    assert at(game, "green").speed == 4 and game.state.pending.kind == "move"


@pytest.mark.parametrize("item,value,text", [
    ("resistance", 13, "resistance 13"), ("speed", 13, "speed 13"), ("speed", 0, "speed 0"),
    ("fate", 7, "fate 7"), ("lane", 3, "lane 3"), ("laps", 3, "3 finish-line crossings"),
])
def test_cr_corr_2_a_value_the_sheet_or_track_cannot_show_is_refused(item, value, text):
    game = race(4)
    err = refused(game, ev.CorrectChariot("yellow", item, value), "CR-CORR-2")
    assert text in str(err)


def test_cr_corr_2_a_correction_never_wrecks_a_chariot_nor_mends_a_wreck():
    game = race(4)
    refused(game, ev.CorrectChariot("yellow", "resistance", 0), "CR-CORR-2")
    put(game, "blue", resistance=0, wrecked=True)
    refused(game, ev.CorrectChariot("blue", "resistance", 5), "CR-DESTROY-3")


def test_cr_corr_1_refused_before_the_race_after_it_and_for_unknown_things():
    game = Game(ChariotRaceRules(setup(4)))
    assert game.state.pending.kind == "start_spaces"
    refused(game, ev.CorrectChariot("green", "fate", 4), "CR-CORR-1")
    game = race(4)
    refused(game, ev.CorrectChariot("orange", "fate", 4), "CR-CORR-1")
    refused(game, ev.CorrectChariot("green", "wheels", 4), "CR-CORR-1")
    refused(game, ev.CorrectChariot("green", "fate", at(game, "green").fate), "CR-CORR-1")
    game.state.pending = game.state.pending.__class__("race_over")        # white-box: the race is over
    refused(game, ev.CorrectChariot("green", "fate", 4), "CR-END-1")
