"""``table-companion simulate chariot_race``: random legal races through the engine, the
invariants after every move and at the end, replay compared with the live race."""

from __future__ import annotations

import dataclasses

import pytest

from firmware_host.games import GAMES
from firmware_host.simulate import simulate


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_random_races_finish_with_every_invariant_holding(players):
    report = simulate("chariot_race", players, 6, seed=players)
    assert report["finished"] == 6 and report["failures"] == 0, report["failure_details"]
    assert report["game"] == "chariot_race" and report["mean_events"] > 20
    assert f"6/6 random {players}-player games of Chariot Race" in report["text"]


def test_the_same_seed_gives_the_same_report():
    assert simulate("chariot_race", 3, 4, seed=9) == simulate("chariot_race", 3, 4, seed=9)


def test_a_broken_invariant_is_reported_not_hidden(monkeypatch):
    """The check can fail: an invariant that never holds fails every race, with the move named."""
    broken = dataclasses.replace(GAMES["chariot_race"], invariants=lambda rules, s: ["resistance 13"])
    monkeypatch.setitem(GAMES, "chariot_race", broken)
    report = simulate("chariot_race", 2, 3, seed=1)
    assert report["failures"] == 3 and report["finished"] == 0
    assert "after event 1: ['resistance 13']" in report["failure_details"][0]


def test_a_wrong_ending_is_reported(monkeypatch):
    """CR-END-1..5 checked at the end of every race."""
    broken = dataclasses.replace(GAMES["chariot_race"],
                                 final_invariants=lambda rules, s: ["winner 0 is not the finisher furthest ahead"])
    monkeypatch.setitem(GAMES, "chariot_race", broken)
    report = simulate("chariot_race", 4, 2, seed=3)
    assert report["failures"] == 2 and "at the end" in report["failure_details"][0]


@pytest.mark.parametrize("players", [1, 7])
def test_cr_comp_1_two_to_six_players(players):
    """CR-COMP-1: the game is for 2 to 6 players."""
    with pytest.raises(ValueError, match="2 to 6"):
        simulate("chariot_race", players, 1, seed=0)


def test_unknown_game_names_the_known_ones():
    with pytest.raises(ValueError, match="trajan, concordia, chariot_race"):
        simulate("chess", 2, 1, seed=0)
