"""Chariot Race's screens, chosen by the decision the race is waiting for."""

from __future__ import annotations

from firmware_host.data import load
from firmware_host.engine.chariot_race.board import ChariotRaceBoard
from firmware_host.engine.core import N_
from firmware_host.i18n import _

from ..ui import Screen
from . import names
from .final import PodiumScreen
from .setup import NewGameScreen, PickSheetScreen, PlaceChariotScreen, StartSpacesScreen
from .turn import AttackScreen, DiceScreen, MoveScreen, RollScreen, SpeedScreen

TITLE = N_("Chariot Race")

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


def tag_kinds() -> dict[str, list[tuple[str, str]]]:
    """What can carry an NFC tag in Chariot Race: the chariots (a chariot touched names a
    target or confirms whose turn it is) and the start-space tokens drawn at setup."""
    board = ChariotRaceBoard(load("chariot_race"))
    return {
        "chariot": [(c, names.colour(c)) for c in board.colours],
        "start": [(str(n), _("Start space {n}").format(n=n)) for n in range(1, len(board.start_spaces) + 1)],
    }


def screen_for(ctl) -> Screen:
    """The screen for the race's pending decision."""
    return SCREENS[ctl.session.state.pending.kind](ctl)


__all__ = ["TITLE", "NewGameScreen", "screen_for", "tag_kinds"]
