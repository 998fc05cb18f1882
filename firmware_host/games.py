"""The games the companion keeps: how to build each one's rules from a journaled setup.

Each entry maps a game name (as stored in the journal) to its setup class (with
``to_json``/``from_json``) and its rules class (``Rules(setup)``, see ``engine.core.Rules``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .engine.chariot_race import ChariotRaceRules, ChariotRaceSetup
from .engine.concordia import ConcordiaRules, ConcordiaSetup
from .engine.core import Rules
from .engine.trajan import TrajanRules, TrajanSetup


@dataclass(frozen=True)
class GameKind:
    name: str
    title: str
    setup_from_json: Callable[[dict[str, Any]], Any]
    rules: Callable[[Any], Rules]


GAMES: dict[str, GameKind] = {
    "trajan": GameKind("trajan", "Trajan", TrajanSetup.from_json, TrajanRules),
    "concordia": GameKind("concordia", "Concordia", ConcordiaSetup.from_json, ConcordiaRules),
    "chariot_race": GameKind("chariot_race", "Chariot Race", ChariotRaceSetup.from_json, ChariotRaceRules),
}


def rules_for(game: str, setup_json: dict[str, Any]) -> Rules:
    """Rules for a journaled game. Raises ``KeyError`` for an unknown game name."""
    kind = GAMES[game]
    return kind.rules(kind.setup_from_json(setup_json))
