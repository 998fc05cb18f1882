"""Chariot Race events: every tap the table makes, as recorded in the journal.

Each event answers the race's current :class:`~.state.Pending` decision; its docstring names
that decision and the rule. Chariots are named by colour, dice by their index in the roll
(0-based), die faces by the symbol names of :data:`.board.FACES`. The track stays on the
table: what happens there is entered one event per happening, in the order it happens.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import Event, EventCodec

# ----------------------------------------------------------------- setup (CR-SETUP, CR-VAR-BLACK)

@dataclass(frozen=True)
class DrawStartSpaces(Event):
    """``start_spaces``: the start space (1..6) drawn for each chariot, in setup order; empty
    = the companion draws. CR-SETUP-2, CR-AMB-12."""

    kind = "draw_start_spaces"
    spaces: tuple[int, ...] = ()


@dataclass(frozen=True)
class PickSheet(Event):
    """``pick_sheet``: the player takes the black sheet (and chariot) of ``colour``. CR-VAR-BLACK-2."""

    kind = "pick_sheet"
    colour: str


@dataclass(frozen=True)
class ChooseStartSpace(Event):
    """``place_chariot``: the player puts the named chariot on start space ``space`` (1..6).
    CR-VAR-BLACK-3, CR-VAR-BLACK-4."""

    kind = "choose_start_space"
    space: int


# ----------------------------------------------------------------- phases 1-3 (CR-REPAIR, CR-DICE)

@dataclass(frozen=True)
class Repair(Event):
    """``roll``: spend 3 fate for 3 resistance, before rolling. CR-REPAIR-1."""

    kind = "repair"


@dataclass(frozen=True)
class RollDice(Event):
    """``roll``: the dice rolled at the table, one face per die; empty = the companion rolls.
    The number of dice follows from the starting speed. CR-SPEED-1, CR-SPEED-2, CR-DICE-1."""

    kind = "roll_dice"
    faces: tuple[str, ...] = ()


@dataclass(frozen=True)
class Reroll(Event):
    """``dice``: reroll the dice at indices ``dice``; ``faces`` are their new faces (empty =
    the companion rolls). The first is free, each later one costs 2 fate. CR-DICE-2..4."""

    kind = "reroll"
    dice: tuple[int, ...]
    faces: tuple[str, ...] = ()


@dataclass(frozen=True)
class SetDie(Event):
    """``dice``: pay 2 fate to turn die ``die`` to ``face`` (never Fortuna). CR-DICE-3b."""

    kind = "set_die"
    die: int
    face: str


@dataclass(frozen=True)
class KeepDice(Event):
    """``dice``: the dice are final; Fortuna's favour follows. CR-DICE-3, CR-FATE-1."""

    kind = "keep_dice"


# ----------------------------------------------------------------- phase 5 (CR-MOVE)

@dataclass(frozen=True)
class SetSpeed(Event):
    """``speed``: how many normal dice are used as +1 (``up``) and as -1 (``down``); the rest
    are unused. Fast dice apply by themselves. CR-MOVE-1, CR-AMB-1."""

    kind = "set_speed"
    up: int = 0
    down: int = 0


@dataclass(frozen=True)
class ChangeLane(Event):
    """``move``: one step into the adjacent lane, ``"in"`` or ``"out"``, using a lane die. CR-MOVE-3."""

    kind = "change_lane"
    direction: str


@dataclass(frozen=True)
class EnterCorner(Event):
    """``move``: the chariot entered a corner space showing ``limit`` (passed through or
    ended on). CR-MOVE-4, CR-AMB-2."""

    kind = "enter_corner"
    limit: int


@dataclass(frozen=True)
class Collide(Event):
    """``move``: the chariot ran into the chariot ``target``: passing through its space, or
    ending its move there (``ended_here``). CR-MOVE-5, CR-MOVE-6, CR-AMB-7, CR-AMB-8."""

    kind = "collide"
    target: str
    ended_here: bool = False


@dataclass(frozen=True)
class HitCaltrop(Event):
    """``move``: the chariot passed through or ended on a caltrop. CR-MOVE-7."""

    kind = "hit_caltrop"


@dataclass(frozen=True)
class HitRocks(Event):
    """``move``: the chariot drove into a rock pile (track side B). CR-VAR-TRACKB, CR-AMB-13."""

    kind = "hit_rocks"


@dataclass(frozen=True)
class CrossFinish(Event):
    """``move``: the chariot crossed the finish line. CR-MOVE-8."""

    kind = "cross_finish"


@dataclass(frozen=True)
class EndMove(Event):
    """``move``: the chariot has moved all its steps. CR-MOVE-2."""

    kind = "end_move"


# ----------------------------------------------------------------- phase 6 (CR-ATTACK)

@dataclass(frozen=True)
class DropCaltrop(Event):
    """``attack``: an attack die puts a caltrop on a space passed this turn. CR-ATTACK-2."""

    kind = "drop_caltrop"


@dataclass(frozen=True)
class ThrowJavelin(Event):
    """``attack``: an attack die throws a javelin at the chariot ``target``. CR-ATTACK-3."""

    kind = "throw_javelin"
    target: str


@dataclass(frozen=True)
class EndTurn(Event):
    """``attack``: the chariot makes no more attacks this turn. CR-ATTACK-1."""

    kind = "end_turn"


CODEC = EventCodec([
    DrawStartSpaces, PickSheet, ChooseStartSpace,
    Repair, RollDice, Reroll, SetDie, KeepDice,
    SetSpeed, ChangeLane, EnterCorner, Collide, HitCaltrop, HitRocks, CrossFinish, EndMove,
    DropCaltrop, ThrowJavelin, EndTurn,
])


# ----------------------------------------------------------------- corrections (CR-CORR, docs/corrections.md)

@dataclass(frozen=True)
class CorrectChariot(Event):
    """At any decision of the race (after setup, before the end): what the table read again
    on chariot ``chariot``'s sheet or the track. ``item`` is set to ``value``: ``lane`` (0
    inner), ``pos`` (spaces past the finish line at the start, laps included), ``resistance``,
    ``speed``, ``fate`` or ``laps`` (finish-line crossings, the lap counter). CR-CORR-1, CR-CORR-2."""

    kind = "correct_chariot"
    chariot: str
    item: str
    value: int


CODEC = EventCodec([*CODEC.by_kind.values(), CorrectChariot])
