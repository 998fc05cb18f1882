"""Concordia's screens, chosen by the decision the game is waiting for; the quick tally is
reached from the home screen (``HOME_ACTIONS``)."""

from __future__ import annotations

from firmware_host.data import load
from firmware_host.engine.concordia.board import board_for
from firmware_host.engine.core import N_

from ..games import GameDisplay
from . import names
from .correct import CorrectScreen
from .final import FinalScreen
from .quick import QuickTallyScreen
from .screenshots import render_concordia
from .script import canonical, inputs_for
from .setup import NewGameScreen, RevealCardScreen
from .turn import (
    ArchitectScreen,
    BuyScreen,
    ColonistScreen,
    DiplomatScreen,
    KeepGoodsScreen,
    MercatorScreen,
    PlayScreen,
    PrefectScreen,
    TribuneScreen,
)

SCREENS = {
    "reveal_card": RevealCardScreen,
    "play": PlayScreen,
    "tribune": TribuneScreen,
    "architect": ArchitectScreen,
    "prefect": PrefectScreen,
    "colonist": ColonistScreen,
    "mercator": MercatorScreen,
    "diplomat": DiplomatScreen,
    "buy": BuyScreen,
    "keep_goods": KeepGoodsScreen,
    "game_over": FinalScreen,
}

# Extra buttons on the home screen: (id, label, screen opened over the home screen).
HOME_ACTIONS = (("quick_tally", N_("Concordia quick tally"), QuickTallyScreen),)

# Extra buttons in the menu while a game is open: the recount of a player's pieces (C-CORR-1).
MENU_ACTIONS = (("correct", N_("Correct the books"), CorrectScreen),)


TAG_TITLES = {"player": N_("Player tokens"), "card": N_("Personality cards")}


def tag_label(kind: str, value: str) -> str:
    """What a Concordia tag value is called: a player colour or a personality card (translated)."""
    return names.colour(value) if kind == "player" else names.card(board_for(load("concordia")), value)


DISPLAY = GameDisplay(new_game=NewGameScreen, screens=SCREENS, inputs_for=inputs_for, tag_titles=TAG_TITLES,
                      tag_label=tag_label, screenshots=render_concordia, home_actions=HOME_ACTIONS,
                      menu_actions=MENU_ACTIONS, canonical=canonical, names=names.NAMES)

__all__ = ["DISPLAY", "HOME_ACTIONS", "SCREENS"]
