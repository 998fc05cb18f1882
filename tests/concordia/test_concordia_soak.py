"""Random-play soak: 100 complete games of 2 to 5 players on the maps for them, every invariant
checked after every move and the replay compared with the live state at the end."""

import random

import pytest

from concordia_helpers import setup
from firmware_host.engine.concordia import ConcordiaRules
from firmware_host.engine.concordia.invariants import game_over_violations, violations
from firmware_host.engine.concordia.play import random_event
from firmware_host.engine.concordia.rules import map_players
from firmware_host.engine.core import Game


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_finish_with_invariants_holding(players):
    for k in range(25):
        rng = random.Random(players * 1000 + k)
        maps = [m for m in ("imperium", "italia") if players in map_players(m)]        # C-NIS-1
        rules = ConcordiaRules(setup(players, map=rng.choice(maps),
                                     mode=rng.choice(["table", "companion"]), seed=rng.randrange(2**32)))
        game = Game(rules)
        while not game.state.over:
            assert len(game.events) < 5000, f"game {k} does not end"
            game.apply(random_event(game, rng))
            assert violations(rules, game.state) == [], f"game {k}, event {len(game.events)}"
        assert game_over_violations(rules, game.state) == []
        assert Game(rules, game.events).state == game.state
