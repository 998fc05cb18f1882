"""``table-companion simulate concordia``: random legal games through the engine (map, market
mode and the option rulings drawn per game), the invariants after every move and at the end,
replay compared with the live game."""

from __future__ import annotations

import dataclasses

import pytest

from firmware_host.games import GAMES
from firmware_host.simulate import simulate


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_finish_with_every_invariant_holding(players):
    report = simulate("concordia", players, 4, seed=players)
    assert report["finished"] == 4 and report["failures"] == 0, report["failure_details"]
    assert report["game"] == "concordia" and report["mean_events"] > 100
    assert f"4/4 random {players}-player games of Concordia" in report["text"]
    assert "ended by the 15th house" in report["text"]


def test_the_same_seed_gives_the_same_report():
    assert simulate("concordia", 3, 3, seed=9) == simulate("concordia", 3, 3, seed=9)


def test_a_broken_invariant_is_reported_not_hidden(monkeypatch):
    """The check can fail: an invariant that never holds fails every game, with the move named."""
    broken = dataclasses.replace(GAMES["concordia"], invariants=lambda rules, s: ["storehouse holds 13 of 12"])
    monkeypatch.setitem(GAMES, "concordia", broken)
    report = simulate("concordia", 2, 3, seed=1)
    assert report["failures"] == 3 and report["finished"] == 0
    assert "after event 1: ['storehouse holds 13 of 12']" in report["failure_details"][0]


def test_c_end_a_wrong_ending_is_reported(monkeypatch):
    """C-END-1..4 checked at the end of every game."""
    broken = dataclasses.replace(GAMES["concordia"],
                                 final_invariants=lambda rules, s: ["the game ended without the Concordia card"])
    monkeypatch.setitem(GAMES, "concordia", broken)
    report = simulate("concordia", 4, 2, seed=3)
    assert report["failures"] == 2 and "at the end" in report["failure_details"][0]


@pytest.mark.parametrize("players", [1, 6])
def test_c_setup_1_two_to_five_players(players):
    with pytest.raises(ValueError, match="2 to 5"):
        simulate("concordia", players, 1, seed=0)


def test_unknown_game_names_concordia_too():
    with pytest.raises(ValueError, match="concordia"):
        simulate("chess", 2, 1, seed=0)
