"""Random-play soak: 200+ complete games in CI, every invariant checked after every move
(10,000 belong in `python -m tools.bench`)."""

import pytest

from firmware_host.simulate import simulate


@pytest.mark.parametrize("players,games", [(2, 70), (3, 70), (4, 70)])
def test_random_games_finish_with_invariants_holding(players, games):
    report = simulate("trajan", players, games, seed=2026)
    assert report["failure_details"] == []
    assert report["finished"] == games
