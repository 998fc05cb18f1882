"""Chariot Race's screens, chosen by the decision the race is waiting for."""

from __future__ import annotations

from firmware_host.engine.core import N_
from firmware_host.i18n import _

from ..games import GameDisplay
from . import names
from .correct import CorrectScreen
from .final import PodiumScreen
from .screenshots import render_chariot
from .script import canonical, inputs_for
from .setup import NewGameScreen, PickSheetScreen, PlaceChariotScreen, StartSpacesScreen
from .turn import AttackScreen, DiceScreen, MoveScreen, RollScreen, SpeedScreen

SCREENS = {
    "start_spaces": StartSpacesScreen,
    "pick_sheet": PickSheetScreen,
    "place_chariot": PlaceChariotScreen,
    "roll": RollScreen,
    "dice": DiceScreen,
    "speed": SpeedScreen,
    "move": MoveScreen,
    "attack": AttackScreen,
    "race_over": PodiumScreen,
}


TAG_TITLES = {"chariot": N_("Chariots"), "start": N_("Start space tokens")}

# Extra buttons in the menu while a race is open: a second reading of a sheet or the track (CR-CORR-1).
MENU_ACTIONS = (("correct", N_("Correct a chariot"), CorrectScreen),)


def tag_label(kind: str, value: str) -> str:
    """What a Chariot Race tag value is called: a chariot's colour or a start space (translated)."""
    return names.colour(value) if kind == "chariot" else _("Start space {n}").format(n=value)


DISPLAY = GameDisplay(new_game=NewGameScreen, screens=SCREENS, inputs_for=inputs_for, tag_titles=TAG_TITLES,
                      tag_label=tag_label, screenshots=render_chariot, menu_actions=MENU_ACTIONS, canonical=canonical)

__all__ = ["DISPLAY", "SCREENS"]
