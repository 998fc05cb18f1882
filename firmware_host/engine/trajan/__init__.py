"""Trajan (Stefan Feld): the full game as an event-sourced engine.

``TrajanRules(setup)`` with ``TrajanSetup`` from ``state``; moves in ``events``; final scoring
in ``scoring``; random legal play in ``play``.
"""

from .events import CODEC
from .rules import TrajanRules
from .state import TrajanSetup, TrajanState

__all__ = ["CODEC", "TrajanRules", "TrajanSetup", "TrajanState"]
