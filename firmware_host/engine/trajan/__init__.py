"""Trajan (Stefan Feld): the full game as an event-sourced engine.

``TrajanRules(setup)`` with ``TrajanSetup`` from ``state``; moves in ``events``; final scoring
in ``scoring``; random legal play in ``play``; every decision the game can wait for is a
``Decision`` (listed in ``DECISIONS``).
"""

from .events import CODEC
from .rules import TrajanRules
from .state import DECISIONS, Decision, TrajanSetup, TrajanState

__all__ = ["CODEC", "DECISIONS", "Decision", "TrajanRules", "TrajanSetup", "TrajanState"]
