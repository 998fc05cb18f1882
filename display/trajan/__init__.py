"""Trajan's screens, chosen by the decision the game is waiting for."""

from __future__ import annotations

from firmware_host.data import load
from firmware_host.engine.core import N_
from firmware_host.engine.trajan.board import TrajanBoard
from firmware_host.i18n import _

from ..games import GameDisplay
from . import names
from .final import FinalScreen
from .quarter import ConsulScreen, DemandsScreen, RevealDemandScreen
from .screenshots import render_trajan
from .script import inputs_for
from .setup import BonusDrawScreen, CardsScreen, MarkersScreen, NewGameScreen, StartingTilesScreen
from .turn import ActionScreen, BowlScreen, ExtraScreen, SpecialScreen

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


TAG_TITLES = {"player": N_("Player tokens"), "demand": N_("Demand tiles"), "bonus": N_("Bonus tiles"),
              "goods": N_("Goods cards"), "forum": N_("Forum tiles")}


def tag_label(kind: str, value: str) -> str:
    """What a Trajan tag value is called, translated (the forum kinds include one
    extra-action kind per action, green or yellow back)."""
    if kind == "bonus":
        return names.bonus_tile(TrajanBoard(load("trajan")), value)
    if kind == "forum":
        return names.forum_tile(value)
    table = {"player": names.COLOUR, "demand": names.DEMAND, "goods": names.GOODS}[kind]
    return _(table[value])


DISPLAY = GameDisplay(new_game=NewGameScreen, screens=SCREENS, inputs_for=inputs_for, tag_titles=TAG_TITLES,
                      tag_label=tag_label, screenshots=render_trajan, names=names.NAMES)

__all__ = ["DISPLAY", "SCREENS"]
