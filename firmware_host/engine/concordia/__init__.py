"""Concordia (Mac Gerdts): personality-card bookkeeping and the end-game tally by gods.

``ConcordiaRules(setup)`` with ``ConcordiaSetup`` from ``state``; moves in ``events``; the
tally (also usable alone: the quick tally) in ``tally``; random legal play in ``play``; every
decision the game can wait for is a ``Decision`` (listed in ``DECISIONS``).
"""

from .events import CODEC
from .rules import ConcordiaRules
from .state import DECISIONS, ConcordiaSetup, ConcordiaState, Decision

__all__ = ["CODEC", "DECISIONS", "ConcordiaRules", "ConcordiaSetup", "ConcordiaState", "Decision"]
