"""Small shared builders for tests outside tests/trajan (journal, CLI, display)."""

import random

from firmware_host.data import load
from firmware_host.engine.trajan import TrajanRules, TrajanSetup
from firmware_host.engine.trajan.play import play_random_game

PLAYERS = (("red", "Anna"), ("green", "Bela"), ("blue", "Chen"), ("brown", "Dara"))


def setup(players: int = 4, seed: int = 5, mode: str = "table") -> TrajanSetup:
    return TrajanSetup(players=PLAYERS[:players], board=load("trajan"), demand_mode=mode, seed=seed)


def finished_events(players: int = 4, seed: int = 5):
    """The events of a whole random game for ``setup(players, seed)``."""
    return play_random_game(TrajanRules(setup(players, seed)), random.Random(seed)).events
