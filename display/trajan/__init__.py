"""Trajan's screens, chosen by the decision the game is waiting for."""

from __future__ import annotations

from firmware_host.engine.core import N_

from ..ui import Screen
from .final import FinalScreen
from .quarter import ConsulScreen, DemandsScreen, RevealDemandScreen
from .setup import BonusDrawScreen, CardsScreen, MarkersScreen, NewGameScreen, StartingTilesScreen
from .turn import ActionScreen, BowlScreen, ExtraScreen, SpecialScreen

TITLE = N_("Trajan")

SCREENS = {
    "setup_markers": MarkersScreen,
    "setup_bonus": BonusDrawScreen,
    "setup_cards": CardsScreen,
    "setup_trajan": StartingTilesScreen,
    "bowl": BowlScreen,
    "trajan_special": SpecialScreen,
    "action": ActionScreen,
    "extra": ExtraScreen,
    "reveal_demand": RevealDemandScreen,
    "demands": DemandsScreen,
    "consul": ConsulScreen,
    "refill_bonus": BonusDrawScreen,
    "game_over": FinalScreen,
}


def screen_for(ctl) -> Screen:
    """The screen for the game's pending decision."""
    return SCREENS[ctl.session.state.pending.kind](ctl)


__all__ = ["TITLE", "NewGameScreen", "screen_for"]
