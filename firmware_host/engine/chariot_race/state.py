"""Chariot Race state: plain, picklable data. The rules live in ``rules.py``.

Chariots are named by colour (unique in a race) and kept in the order they joined the race
(setup order on the white side, pick order on the black side). Players are seats in
clockwise order. Lanes are numbered from the inside: 0 inner, 1 middle, 2 outer.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias

from ..core import JsonSetup

LAPS = 2   # CR-MOVE-8: the second crossing of the finish line finishes the race [seed][2+]


@dataclass(frozen=True)
class ChariotRaceSetup(JsonSetup):
    """How a race starts.

    ``players``: names clockwise, starting with the first player (who picks first on the
    black side, CR-VAR-BLACK-2). ``chariots``: on the white side, ``(colour, seat)`` of
    every chariot (two per player with 2 or 3 players, CR-SETUP-7); on the black side empty,
    because the sheets are picked during setup (CR-VAR-BLACK-2). ``sheets``: ``"white"`` or
    ``"black"``. ``track``: board side ``"A"`` or ``"B"`` (rock piles, CR-VAR-TRACKB).
    ``no_damage_after_finish``: the optional rule CR-VAR-NODMG. ``normal_dice_must_be_used``:
    the other reading of CR-AMB-1. ``board``: the board-data dict (``data/chariot_race.toml``).
    ``dice``: how dice are entered by default, ``"table"`` (rolled at the table, faces
    entered) or ``"companion"`` (the companion rolls); either can still be used for any roll.
    ``seed``: for the draws and rolls the companion makes.
    """

    players: tuple[str, ...]
    board: dict[str, Any]
    chariots: tuple[tuple[str, int], ...] = ()
    sheets: str = "white"
    track: str = "A"
    no_damage_after_finish: bool = False
    normal_dice_must_be_used: bool = False
    dice: str = "table"
    seed: int = 0



@dataclass
class Chariot:
    """One chariot's sheet, lap counter and place on the track model.

    ``lane`` and ``pos`` are the companion's model of where the chariot stands: ``pos``
    counts the spaces its front edge is past the finish line at the start (laps included),
    so it orders the race (CR-ROUND-2). ``crossings`` is the lap counter: 0 two dolphins,
    1 one dolphin, 2 finished (CR-MOVE-8).
    """

    colour: str
    seat: int
    resistance: int
    speed: int
    fate: int
    start_space: int = 0                 # 1..6; 0 = not placed yet (black-side setup)
    lane: int = 0
    pos: int = 0
    crossings: int = 0
    wrecked: bool = False

    @property
    def finished(self) -> bool:
        return self.crossings >= LAPS


Decision: TypeAlias = Literal[
    "start_spaces",      # white-side setup: the draw of start spaces (player None)
    "pick_sheet",        # black-side setup: a player picks a chariot sheet
    "place_chariot",     # black-side setup: the picked chariot's start space
    "roll",              # phase 1 repair or phase 3 roll
    "dice",              # phase 3: rerolls and changes
    "speed",             # phase 5: the normal dice
    "move",              # phase 5: what happens on the track
    "attack",            # phase 6
    "race_over",         # nothing more: the race is over (player None)
]
"""Every decision a Chariot Race can wait for: the values of :attr:`Pending.kind`.

Typed as a literal so that a checker catches a misspelt kind where a :class:`Pending` is
made; :data:`DECISIONS` lists them at run time (screens and scripts must cover each one).
"""

DECISIONS: tuple[str, ...] = typing.get_args(Decision)


@dataclass
class Pending:
    """The decision the race waits for.

    ``kind`` is a :data:`Decision`: ``start_spaces`` (white-side setup: the draw of start spaces),
    ``pick_sheet`` and ``place_chariot`` (black-side setup), ``roll`` (phase 1 repair or
    phase 3 roll), ``dice`` (phase 3 rerolls and changes), ``speed`` (phase 5: the normal
    dice), ``move`` (phase 5: what happens on the track), ``attack`` (phase 6),
    ``race_over``. ``player`` is the deciding seat, ``chariot`` the colour concerned.
    """

    kind: Decision
    player: int | None = None
    chariot: str = ""


@dataclass
class Turn:
    """What the active chariot has done this turn."""

    chariot: int                         # index into ChariotRaceState.chariots
    repaired: bool = False               # CR-REPAIR-1: at most once
    start_speed: int = 0                 # after phase 2
    dice: list[str] = field(default_factory=list)
    free_reroll: bool = True             # CR-DICE-2: still available
    manipulations: int = 0               # rerolls and changes made, free one included
    lane_changes: int = 0                # CR-MOVE-3
    corners: int = 0                     # corner spaces entered (CR-MOVE-4)
    collisions: int = 0                  # CR-MOVE-5
    crossed: int = 0                     # finish-line crossings this move (CR-MOVE-8)
    ended_on: str = ""                   # colour hit at the end of the move (CR-MOVE-6)
    attacks: int = 0                     # attack dice used (CR-ATTACK-1)
    caltrops_dropped: int = 0

    def count(self, face: str) -> int:
        return self.dice.count(face)


@dataclass
class ChariotRaceState:
    players: list[str]
    chariots: list[Chariot]
    pending: Pending
    setup_queue: list[tuple[str, int, int]] = field(default_factory=list)  # black side: (step, seat, nth chariot)
    round: int = 0
    order: list[int] = field(default_factory=list)    # this round's turn order (CR-ROUND-2)
    played: list[int] = field(default_factory=list)   # chariots that took their turn this round
    turn: Turn | None = None
    supply: int = 0                      # caltrops beside the board (CR-SETUP-5)
    on_track: int = 0                    # caltrops lying on the track
    rolls: int = 0                       # dice rolls the companion made (its RNG stream)
    winner: int | None = None
    news: list[tuple[str, dict[str, Any]]] = field(default_factory=list)   # what the last move did

    @property
    def over(self) -> bool:
        return self.pending.kind == "race_over"

    def by_colour(self, colour: str) -> Chariot | None:
        """The chariot of ``colour`` (``None`` if no chariot has it)."""
        for c in self.chariots:
            if c.colour == colour:
                return c
        return None

    def active(self) -> Chariot | None:
        """The chariot whose turn it is (``None`` during setup and after the race)."""
        return self.chariots[self.turn.chariot] if self.turn is not None else None
