"""Trajan's screens, chosen by the decision the game is waiting for."""

from __future__ import annotations

from firmware_host.data import load
from firmware_host.engine.core import N_
from firmware_host.engine.trajan.board import PLAYER_COLOURS, TrajanBoard
from firmware_host.i18n import _

from ..ui import Screen
from . import names
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


def tag_kinds() -> dict[str, list[tuple[str, str]]]:
    """What can carry an NFC tag in Trajan: ``{kind: [(value, label)]}`` (labels translated)."""
    board = TrajanBoard(load("trajan"))
    return {
        "player": [(c, _(names.COLOUR[c])) for c in PLAYER_COLOURS],
        "demand": [(d, _(names.DEMAND[d])) for d in board.demand_kinds],
        "bonus": [(b, names.bonus_tile(board, b)) for b in board.bonus_tiles],
        "goods": [(g, _(names.GOODS[g])) for g in board.goods_types],
        # the forum tile kinds include one extra-action kind per action (green or yellow back)
        "forum": [(k, names.forum_tile(k)) for k in board.forum_tiles],
    }


def screen_for(ctl) -> Screen:
    """The screen for the game's pending decision."""
    return SCREENS[ctl.session.state.pending.kind](ctl)


__all__ = ["TITLE", "NewGameScreen", "screen_for", "tag_kinds"]
