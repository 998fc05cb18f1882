"""Trajan game state: plain, picklable data. The rules live in ``rules.py``.

Indices: players by seat (0 = start player, clockwise); bowls and Trajan slots 0..5 clockwise,
slot *i* beside bowl *i* (slot 0 is "I"); construction spaces 0..19 row-major.
"""

from __future__ import annotations

import typing
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias

from ..core import JsonSetup


@dataclass(frozen=True)
class TrajanSetup(JsonSetup):
    """How a game starts. ``players``: ``(colour, name)`` per seat, start player first.

    ``demand_mode``: ``"table"`` (demand tiles drawn at the table and recorded) or
    ``"companion"`` (the companion draws from the real pool with ``seed``, T-SETUP-3).
    ``edition``: 2 scores 1 VP per Trajan tile left on the circle (T-AMB-12), 1 does not.
    ``yellow_counts_itself``: T-AMB-18. ``board``: the board-data dict (``data/trajan.toml``).
    """

    players: tuple[tuple[str, str], ...]
    board: dict[str, Any]
    demand_mode: str = "table"
    edition: int = 2
    yellow_counts_itself: bool = True
    seed: int = 0



@dataclass
class PlayerState:
    colour: str
    name: str
    bowls: list[list[str]] = field(default_factory=lambda: [[] for _ in range(6)])
    slots: list[str | None] = field(default_factory=lambda: [None] * 6)
    arch: int | None = 0                 # slot index; None = centre of the circle (T-TRAJ-3)
    vp: int = 0
    vp_by: dict[str, int] = field(default_factory=dict)   # source -> VP, for the breakdown
    senate: int = 0                      # 0 = start space .. 7 = the 8-VP space
    senate_height: int = 0               # higher = on top of the stack on the same space
    supply: int = 0
    military_camp: int = 0               # legionaries in the camp
    worker_camp: int = 0                 # workers in the camp
    commander: str = "camp"
    construction_tiles: list[str] = field(default_factory=list)
    forum_tiles: Counter = field(default_factory=Counter)   # kind -> count (see board data)
    demand_tiles: list[str] = field(default_factory=list)   # collected demand Trajan tiles (T-TT-5f)
    completed: list[str] = field(default_factory=list)      # Trajan tiles completed (ids)
    plus2: list[str] = field(default_factory=list)          # actions with a [+2] marker
    hand: int = 0                        # goods cards in hand: only the count is known
    display: Counter = field(default_factory=Counter)       # goods type -> cards in display
    bonus_tiles: list[tuple[str, str]] = field(default_factory=list)  # (tile id, "yellow"/"grey")

    def markers(self) -> int:
        return sum(len(b) for b in self.bowls)

    def add_vp(self, source: str, points: int) -> None:
        self.vp += points
        self.vp_by[source] = self.vp_by.get(source, 0) + points


Decision: TypeAlias = Literal[
    "setup_markers",     # a player's start markers into the bowls (T-SETUP)
    "setup_bonus",       # a bonus tile drawn from the bag: each player's, then the senate's (player None)
    "setup_cards",       # where a player's starting goods cards came from
    "setup_trajan",      # a player's starting Trajan tiles
    "bowl",              # the bowl the active player empties and sows
    "trajan_special",    # whether to use the completed Trajan tile's action
    "action",            # the action of the bowl's last marker (``Pending.action``)
    "extra",             # an extra action, or the end of the turn
    "reveal_demand",     # the demand tile turned up at a quarter end (player None)
    "demands",           # a player's demands fulfilled
    "consul",            # the bonus tile the consul takes
    "refill_bonus",      # bonus tiles drawn for the senate after a quarter (player None)
    "game_over",         # nothing more: the game is over (player None)
]
"""Every decision a Trajan game can wait for: the values of :attr:`Pending.kind`.

Typed as a literal so that a checker catches a misspelt kind where a :class:`Pending` is
made; :data:`DECISIONS` lists them at run time (screens and scripts must cover each one).
"""

DECISIONS: tuple[str, ...] = typing.get_args(Decision)


@dataclass(frozen=True)
class Pending:
    """The decision the game waits for.

    ``kind`` is a :data:`Decision`: ``setup_markers``, ``setup_bonus``, ``setup_cards``,
    ``setup_trajan``, ``bowl``, ``trajan_special``, ``action``, ``extra``,
    ``reveal_demand``, ``demands``, ``consul``, ``refill_bonus``, ``game_over``.
    ``player`` is whose decision it is (``None`` for the senate's bonus spaces);
    ``action`` names the action for ``action`` (with ``reason`` main/bonus/repeat).
    """

    kind: Decision
    player: int | None = None
    action: str = ""
    reason: str = ""


@dataclass(frozen=True)
class QuarterResult:
    """What a quarter end decided: its demands, each player's votes, the senate ranking
    (best first) and everyone's VP afterwards (seat order)."""

    quarter: int
    demands: tuple[str, ...]
    votes: tuple[int, ...]
    ranking: tuple[int, ...]
    vp: tuple[int, ...]


@dataclass
class TurnState:
    player: int
    bowl: int = -1
    markers: int = 0
    target: int = -1
    completed_tile: str = ""             # Trajan tile completed this turn
    special: str = ""                    # Trajan tile whose special action is still open
    queue: list[tuple[str, str]] = field(default_factory=list)   # (action, reason) to do
    performed: list[str] = field(default_factory=list)           # actions carried out
    extra_used: bool = False             # T-EXTRA-4: one extra-action tile per turn
    round_end: bool = False              # T-ROUND-1: time marker reached or passed start


@dataclass
class QuarterEnd:
    ranking: list[int] = field(default_factory=list)   # T-QUARTER-2b, best first
    votes: list[int] = field(default_factory=list)     # by player


@dataclass
class TrajanState:
    players: list[PlayerState]
    active: int = 0                      # whose turn it is (or was, during round/quarter end)
    pending: Pending = field(default_factory=lambda: Pending("setup_markers", 0))
    turn: TurnState | None = None
    quarter: int = 1                     # 1..4 (5 after the last quarter tile is removed)
    round: int = 1                       # 1..4 within the quarter
    turns: int = 0                       # turns taken in the game
    time: int = 0                        # time marker, 0 = start space
    demands: list[str] = field(default_factory=list)   # face up this quarter
    demands_seen: Counter = field(default_factory=Counter)   # revealed in the game, by kind
    demand_stack: list[str] = field(default_factory=list)    # companion mode: hidden order
    trajan_piles: dict[str, list[str]] = field(default_factory=dict)
    forum_green: int = 0                 # tiles on the forum's green spaces
    forum_yellow: int = 0                # extra-action tiles on the yellow spaces
    forum_stack: int = 0                 # face-down forum tiles left
    extra_stack: int = 0                 # face-down extra-action tiles left
    forum_discarded: int = 0             # forum tiles cleared unseen at quarter ends (T-QUARTER-3a)
    extra_discarded: int = 0             # extra-action tiles cleared unseen at quarter ends
    forum_seen: Counter = field(default_factory=Counter)     # identified forum tiles by kind
    extra_seen: Counter = field(default_factory=Counter)     # identified extra tiles by action
    province_tile: dict[str, bool] = field(default_factory=dict)
    legions: dict[str, list[int]] = field(default_factory=dict)   # province -> players
    site_tile: list[bool] = field(default_factory=lambda: [True] * 20)
    site_workers: list[list[int]] = field(default_factory=lambda: [[] for _ in range(20)])
    construction_seen: list[str] = field(default_factory=list)
    ships: dict[str, str] = field(default_factory=dict)      # ship -> "coloured"/"grey"
    senate_bonus: list[str] = field(default_factory=list)    # bonus tiles on the senate spaces
    bonus_bag: list[str] = field(default_factory=list)       # bonus tiles not drawn yet
    draw_pile: int = 0
    discard: dict[str, int] = field(default_factory=lambda: {"A": 0, "B": 0})
    plus2_left: int = 0
    quarter_end: QuarterEnd | None = None
    history: list[tuple[int, int, tuple[int, ...]]] = field(default_factory=list)
    quarter_results: list[QuarterResult] = field(default_factory=list)
    final: dict[str, Any] | None = None
    news: list[tuple[str, tuple[tuple[str, Any], ...]]] = field(default_factory=list)  # what the last move did

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def over(self) -> bool:
        return self.pending.kind == "game_over"
