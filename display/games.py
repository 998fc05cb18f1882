"""Which display package shows which game. Each package provides ``TITLE``,
``NewGameScreen`` (the new-game form) and ``screen_for(ctl)`` (the screen for the game's
pending decision)."""

from __future__ import annotations

import importlib
from types import ModuleType

PACKAGES = {
    "trajan": "display.trajan",
    "chariot_race": "display.chariot_race",
    "concordia": "display.concordia",
}


def package(game: str) -> ModuleType:
    """The display package of ``game``. Raises ``KeyError`` for a game without screens."""
    return importlib.import_module(PACKAGES[game])
