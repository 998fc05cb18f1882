"""Concordia (Mac Gerdts): personality-card bookkeeping and the end-game tally by gods.

``ConcordiaRules(setup)`` with ``ConcordiaSetup`` from ``state``; moves in ``events``; the
tally (also usable alone: the quick tally) in ``tally``; random legal play in ``play``.
"""

from .events import CODEC
from .rules import ConcordiaRules
from .state import ConcordiaSetup, ConcordiaState

__all__ = ["CODEC", "ConcordiaRules", "ConcordiaSetup", "ConcordiaState"]
