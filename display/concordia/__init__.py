"""Concordia's screens, chosen by the decision the game is waiting for; the quick tally is
reached from the home screen (``HOME_ACTIONS``)."""

from __future__ import annotations

from firmware_host.data import load
from firmware_host.engine.concordia.board import board_for
from firmware_host.engine.core import N_

from ..ui import Screen
from . import names
from .final import FinalScreen
from .quick import QuickTallyScreen
from .setup import NewGameScreen, RevealCardScreen
from .turn import (ArchitectScreen, BuyScreen, ColonistScreen, DiplomatScreen, KeepGoodsScreen, MercatorScreen,
                   PlayScreen, PrefectScreen, TribuneScreen)

TITLE = N_("Concordia")

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
HOME_ACTIONS = [("quick_tally", N_("Concordia quick tally"), QuickTallyScreen)]


def tag_kinds() -> dict[str, list[tuple[str, str]]]:
    """What can carry an NFC tag in Concordia: the player tokens (a token confirms whose turn
    it is and names the player a Diplomat copies) and the personality cards by name (a card
    touched is played from the hand, turned up into the display or chosen in the market)."""
    board = board_for(load("concordia"))
    return {
        "player": [(c, names.colour(c)) for c in board.player_colours],
        "card": [(cid, names.card(board, cid)) for cid in board.cards],
    }


def screen_for(ctl) -> Screen:
    """The screen for the game's pending decision."""
    return SCREENS[ctl.session.state.pending.kind](ctl)


__all__ = ["HOME_ACTIONS", "TITLE", "NewGameScreen", "screen_for", "tag_kinds"]
