"""Random-play soak: 240 complete races over every player count, both sheet sides, both
track sides and both options, every invariant checked after every move."""

import random

import pytest

from chariot_helpers import BOARD, NAMES, white_chariots
from firmware_host.engine.chariot_race import ChariotRaceRules, ChariotRaceSetup
from firmware_host.engine.chariot_race.invariants import game_over_violations, violations
from firmware_host.engine.chariot_race.play import random_event
from firmware_host.engine.core import Game


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_races_finish_with_invariants_holding(players):
    outcomes = {"winner": 0, "no winner": 0}
    for k in range(48):
        rng = random.Random(players * 1000 + k)
        sheets = ("white", "black")[k % 2]
        rules = ChariotRaceRules(ChariotRaceSetup(
            players=NAMES[:players], board=BOARD,
            chariots=white_chariots(players) if sheets == "white" else (), sheets=sheets,
            track="AB"[k // 2 % 2], no_damage_after_finish=k % 3 == 0, normal_dice_must_be_used=k % 5 == 0,
            seed=k))
        game = Game(rules)
        while not game.state.over:
            assert len(game.events) < 3000, "race does not end"
            game.apply(random_event(game, rng))
            assert violations(rules, game.state) == [], f"race {k}, event {len(game.events)}"
        assert game_over_violations(rules, game.state) == []
        assert Game(rules, game.events).state == game.state
        outcomes["winner" if game.state.winner is not None else "no winner"] += 1
    assert outcomes["winner"] > 0 and outcomes["no winner"] > 0
