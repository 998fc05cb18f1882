"""Chariot Race (Matt Leacock): every chariot's sheet, the dice and the race as an
event-sourced engine; the chariots themselves race on the physical track.

``ChariotRaceRules(setup)`` with ``ChariotRaceSetup`` from ``state``; moves in ``events``;
printed numbers in ``board``; random legal play in ``play``; invariants in ``invariants``; every
decision the race can wait for is a ``Decision`` (listed in ``DECISIONS``).
"""

from .events import CODEC
from .rules import ChariotRaceRules, CornerRisk, corner_risk
from .state import DECISIONS, ChariotRaceSetup, ChariotRaceState, Decision

__all__ = [
    "CODEC", "DECISIONS", "ChariotRaceRules", "ChariotRaceSetup", "ChariotRaceState", "CornerRisk", "Decision",
    "corner_risk",
]
