"""The games the companion keeps: one registered :class:`~firmware_host.engine.plugin.GamePlugin` per game.

A plugin is the single home of everything the companion knows of one game: its setup type
and rules, the legal moves at each point, the invariants every state keeps, a demo setup,
its decision kinds, its LED plan, its tag kinds, its holdings scorer and (by import string,
so the engine never imports pygame) its screens and scripted inputs. Generic code (the
session, controller, simulator, screenshots, benchmark, golden playthroughs and contract
tests) loops over :data:`GAMES` and names no game.

Adding a game: a package under ``firmware_host/engine/`` with a ``plugin.py`` defining
``PLUGIN``, a package under ``display/`` defining ``DISPLAY`` (``display.games``), and one
line in :data:`REGISTERED` below (CONTRIBUTING.md).
"""

from __future__ import annotations

import importlib
import random
from typing import Any

from .data import load
from .engine.plugin import GamePlugin, GameRules


def demo_rules(game: GamePlugin, players: int, rng: random.Random) -> GameRules:
    """Rules for a demo game of ``game`` with ``players`` players, options drawn from ``rng``."""
    return game.rules(game.demo_setup(players, rng, load(game.data)))


# One line per game: the module holding its PLUGIN.
REGISTERED = (
    "firmware_host.engine.trajan.plugin",
    "firmware_host.engine.concordia.plugin",
    "firmware_host.engine.chariot_race.plugin",
)

GAMES: dict[str, GamePlugin] = {}
for _module in REGISTERED:
    _plugin: GamePlugin = importlib.import_module(_module).PLUGIN
    GAMES[_plugin.name] = _plugin


def plugin(game: str) -> GamePlugin:
    """The plugin of ``game`` (a journal name). Raises ``KeyError`` naming the known games."""
    try:
        return GAMES[game]
    except KeyError:
        raise KeyError(f"unknown game {game!r} (known: {', '.join(GAMES)})") from None


def rules_for(game: str, setup_json: dict[str, Any]) -> GameRules:
    """Rules for a journaled game. Raises ``KeyError`` for an unknown game name,
    ``ValueError`` for a malformed setup."""
    return plugin(game).rules_from_json(setup_json)
