"""Chariot Race (Matt Leacock): every chariot's sheet, the dice and the race as an
event-sourced engine; the chariots themselves race on the physical track.

``ChariotRaceRules(setup)`` with ``ChariotRaceSetup`` from ``state``; moves in ``events``;
printed numbers in ``board``; random legal play in ``play``; invariants in ``invariants``.
"""

from .events import CODEC
from .rules import ChariotRaceRules, CornerRisk, corner_risk
from .state import ChariotRaceSetup, ChariotRaceState

__all__ = ["CODEC", "ChariotRaceRules", "ChariotRaceSetup", "ChariotRaceState", "CornerRisk", "corner_risk"]
