"""Shared set-up for the Concordia tests: games in a chosen position, and quick moves."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from firmware_host.data import load
from firmware_host.engine.concordia import ConcordiaRules, ConcordiaSetup
from firmware_host.engine.concordia import events as ev
from firmware_host.engine.core import Game, RuleError

BOARD = load("concordia")
COLOURS = ("red", "green", "yellow", "blue", "black")
NAMES = ("Aurelia", "Brutus", "Cassia", "Decimus", "Egnatia")


def setup(n: int = 2, *, map: str | None = None, mode: str = "companion", seed: int = 1,
          board: dict | None = None, **options) -> ConcordiaSetup:
    """``n`` players on ``map`` (default: Imperium, or Italia for 2 players, which Imperium
    is not for: C-NIS-1)."""
    return ConcordiaSetup(players=tuple(zip(COLOURS[:n], NAMES[:n])), board=board or BOARD,
                          map=map or ("imperium" if n >= 3 else "italia"), market_mode=mode, seed=seed, **options)


def new_game(n: int = 2, **kw) -> Game:
    """A game waiting for the start player's first card (companion-drawn display)."""
    return Game(ConcordiaRules(setup(n, **kw)))


def board_with(**changes) -> dict:
    """A deep copy of the board data with dotted-path values replaced, e.g.
    ``board_with(**{"bonus_markers.coins.wine": 1})``."""
    data = copy.deepcopy(BOARD)
    for path, value in changes.items():
        *parents, last = path.split(".")
        node = data
        for key in parents:
            node = node[key]
        node[last] = value
    return data


def seat(game: Game, player: int, *, money: int | None = None, goods: dict | None = None,
         hand: dict | None = None, discard: list | None = None, board: dict | None = None,
         store: dict | None = None) -> None:
    """Put ``player`` into a chosen position (white-box set-up for a rule test)."""
    p = game.state.players[player]
    if money is not None:
        p.money = money
    if goods is not None:
        p.goods = Counter(goods)
    if hand is not None:
        p.hand = Counter(hand)
    if discard is not None:
        p.discard = list(discard)
    if board is not None:
        p.colonists_board = {"land": 0, "sea": 0, **board}
    if store is not None:
        p.colonists_store = {"land": 0, "sea": 0, **store}


def house(game: Game, player: int, city: str, good: str) -> None:
    """A house of ``player`` already standing in ``city`` (a city of ``good``)."""
    s = game.state
    s.city_good[city] = good
    s.houses.setdefault(city, []).append(player)
    s.players[player].houses.append(city)


def play(game: Game, card: str, *events: ev.Event):
    """The active player plays ``card`` and answers the decisions with ``events``."""
    game.apply(ev.PlayCard(card))
    for e in events:
        game.apply(e)
    return game.state


def finish_turn(game: Game) -> None:
    """The active player plays a Mercator or a Prefect for cash and does nothing more."""
    p = game.state.players[game.state.active]
    if p.hand["mercator"]:
        play(game, "mercator", ev.Done())
    else:
        assert p.hand["prefect"], "no quiet card left in hand"
        play(game, "prefect", ev.PrefectCash())


def refused(game, event, rule, text=""):
    """``event`` is refused under ``rule`` (the message containing ``text``) and changes nothing."""
    before, n = game.state, len(game.events)
    with pytest.raises(RuleError) as err:
        game.apply(event)
    assert err.value.rule == rule, str(err.value)
    assert text in str(err.value), str(err.value)
    assert game.state == before and len(game.events) == n
    return err.value
