"""Chariot Race legal moves: the single home of "what the game allows at this point".

:func:`legal_moves` lists, for the race's pending decision, every move the rules accept,
in a fixed readable order, with one representative for each parameter the table fills in
freely (dice faces rolled at the table, a start-space draw made at the table).
:func:`choice_key` maps any move to the key of the listed move that stands for it, so a
move entered with other faces can be matched to the list (the random player of ``play.py``,
a replayed journal, a screen's buttons).

Pure and deterministic: no RNG, no I/O, the state is only read. Compare ``play.py``, whose
:func:`~.play.candidates` are a random player's *plausible* moves (possibly illegal).
"""

from __future__ import annotations

from collections.abc import Hashable
from itertools import combinations

from ..core import Event
from . import events as ev
from .board import LANE_STEP, ChariotRaceBoard
from .rules import ChariotRaceRules
from .state import ChariotRaceState

TABLE = "table"
COMPANION = "companion"


def table_faces(board: ChariotRaceBoard, n: int) -> tuple[str, ...]:
    """The representative faces of ``n`` dice rolled at the table: the board's distinct die
    faces in data order, cycled (``normal, fast, lane, attack, fortuna`` for 5 dice), so the
    representative roll reaches every later phase."""
    faces = tuple(dict.fromkeys(board.die_faces))
    return tuple(faces[i % len(faces)] for i in range(n))


def legal_moves(rules: ChariotRaceRules, state: ChariotRaceState) -> list[Event]:
    """Every move ``rules.apply`` accepts for ``state.pending``, in a stable readable order.

    Each listed move, applied to a copy of ``state``, raises no ``RuleError``. The list is
    empty once the race is over (CR-END-1) and never empty before. At most about 100 moves
    (the dice phase with fate to spend and 5 dice: 62 rerolls + 20 changes + keep).

    Shapes, by ``state.pending.kind`` (what is free is marked *free*):

    - ``start_spaces`` (CR-SETUP-2, CR-AMB-12): ``DrawStartSpaces()`` (the companion draws),
      then one table draw ``DrawStartSpaces((1, 2, ..., n))``. *Free:* ``spaces``, the draw
      made at the table (any ``n`` distinct spaces); ``(1..n)`` in setup order represents them.
    - ``pick_sheet`` (CR-VAR-BLACK-2): ``PickSheet(colour)`` for each sheet still on the
      table, in the board's colour order.
    - ``place_chariot`` (CR-VAR-BLACK-3, -4): ``ChooseStartSpace(space)`` for each free start
      space, ascending.
    - ``roll`` (CR-REPAIR-1, CR-DICE-1): ``Repair()`` if not yet repaired this turn and fate
      allows (also at full resistance, the excess is lost: CR-AMB-6), then ``RollDice()``
      (the companion rolls), then one table roll ``RollDice(table_faces(board, n))`` with
      ``n`` = :meth:`~.rules.ChariotRaceRules.dice_to_roll` (CR-SPEED-1, CR-SPEED-2).
      *Free:* ``faces`` of a table roll.
    - ``dice`` (CR-DICE-2..4, CR-DICE-3b): if the free reroll is left or fate pays for one,
      for every non-empty set of dice (by size, then ascending indices): ``Reroll(dice)``
      (companion) then ``Reroll(dice, table_faces(board, len(dice)))``; then if fate pays,
      ``SetDie(die, face)`` for every die and every face but Fortuna (the die's own face
      included: legal, if pointless); then ``KeepDice()``. *Free:* the new ``faces`` of a
      table reroll, and the order of ``dice`` (listed ascending).
    - ``speed`` (CR-MOVE-1, CR-AMB-1): ``SetSpeed(up, down)`` for every ``up + down`` up to the
      number of normal dice (exactly that number with ``normal_dice_must_be_used``), ``up``
      ascending then ``down`` ascending; ``(1, 1)`` and ``(0, 0)`` are both listed.
    - ``move`` (CR-MOVE-2..9): the track events the table may enter next:
      ``ChangeLane("in"/"out")`` while a lane die is left and the lane exists (CR-MOVE-3);
      ``CrossFinish()`` unless finished or already crossed this move (CR-MOVE-8);
      ``EnterCorner(limit)`` for each printed limit, inner lane first (CR-MOVE-4, CR-AMB-2);
      ``Collide(colour)`` and ``Collide(colour, ended_here=True)`` for every other chariot
      still in the race, in race-entry order (CR-MOVE-5, CR-MOVE-6, CR-AMB-7, CR-AMB-8);
      ``HitCaltrop()`` if a caltrop lies on the track (CR-MOVE-7); ``HitRocks()`` on track
      side B (CR-VAR-TRACKB); ``EndMove()`` last. Lane changes, corners and collisions are
      each limited to the turn's speed, crossings to one per lap of speed. Once the move
      ended on a chariot only ``HitCaltrop()`` and ``EndMove()`` remain (CR-MOVE-6).
      The companion cannot know what really happened on the track, so nothing here is
      representative: these are all the entries the rules accept.
    - ``attack`` (CR-ATTACK-1..3, CR-VAR-NODMG): ``ThrowJavelin(colour)`` for each chariot in
      range, nearest first (:meth:`~.rules.ChariotRaceRules.javelin_targets`); ``DropCaltrop()``
      if the supply has one and a passed space is left (CR-ATTACK-2, CR-NIS-6);
      ``EndTurn()`` last.
    - ``race_over``: ``[]``.

    Corrections (``CorrectChariot``, CR-CORR-1/2) are accepted at every decision of the race
    but are not listed: they are the table's second reading of a sheet or the track, with a
    free value (the Correct screen asks the rules about each value).
    """
    p = state.pending
    kind = p.kind
    b = rules.board
    if kind == "race_over":
        return []
    if kind == "start_spaces":
        return [ev.DrawStartSpaces(), ev.DrawStartSpaces(tuple(range(1, len(state.chariots) + 1)))]
    if kind == "pick_sheet":
        return [ev.PickSheet(colour) for colour in b.colours if state.by_colour(colour) is None]
    if kind == "place_chariot":
        taken = {c.start_space for c in state.chariots}
        return [ev.ChooseStartSpace(n) for n in range(1, len(b.start_spaces) + 1) if n not in taken]

    t = state.turn
    c = state.active()
    assert t is not None and c is not None, f"no active chariot for {kind}"
    out: list[Event] = []
    if kind == "roll":
        if not t.repaired and c.fate >= b.repair_fate:
            out.append(ev.Repair())
        out += [ev.RollDice(), ev.RollDice(table_faces(b, rules.dice_to_roll(state, c.colour)))]
    elif kind == "dice":
        n = len(t.dice)
        if t.free_reroll or c.fate >= b.reroll_cost:
            for size in range(1, n + 1):
                for dice in combinations(range(n), size):
                    out += [ev.Reroll(dice), ev.Reroll(dice, table_faces(b, size))]
        if c.fate >= b.set_die_cost:
            faces = [f for f in dict.fromkeys(b.die_faces) if f != "fortuna"]
            out += [ev.SetDie(die, face) for die in range(n) for face in faces]
        out.append(ev.KeepDice())
    elif kind == "speed":
        n = t.count("normal")
        must = rules.setup.normal_dice_must_be_used
        out += [ev.SetSpeed(up, down) for up in range(n + 1) for down in range(n + 1 - up)
                if not must or up + down == n]
    elif kind == "move":
        if not t.ended_on:
            if t.lane_changes < min(t.count("lane"), c.speed):
                out += [ev.ChangeLane(d) for d, step in LANE_STEP.items() if 0 <= c.lane + step < len(b.lanes)]
            if not c.finished and t.crossed * b.spaces_per_lap < c.speed:
                out.append(ev.CrossFinish())
            if t.corners < c.speed:
                out += [ev.EnterCorner(limit) for limit in b.corner_limits]
            if t.collisions < c.speed:
                for o in state.chariots:
                    if o is not c and not o.wrecked:
                        out += [ev.Collide(o.colour), ev.Collide(o.colour, ended_here=True)]
        if state.on_track > 0:
            out.append(ev.HitCaltrop())
        if not t.ended_on and rules.setup.track == "B":
            out.append(ev.HitRocks())
        out.append(ev.EndMove())
    elif kind == "attack":
        if t.attacks < t.count("attack"):
            out += [ev.ThrowJavelin(colour) for colour in rules.javelin_targets(state)]
            if state.supply > 0 and t.caltrops_dropped + 1 <= c.speed - 1:
                out.append(ev.DropCaltrop())
        out.append(ev.EndTurn())
    else:  # pragma: no cover - a pending kind this module does not know yet
        raise ValueError(f"legal_moves does not know the pending decision {kind!r}")
    return out


def choice_key(rules: ChariotRaceRules, state: ChariotRaceState, event: Event) -> Hashable:
    """The key of the screen-level choice ``event`` makes, with its free parameters
    normalised: a table draw or table roll (any faces) keys as its representative in
    :func:`legal_moves`, a companion one as itself, and a reroll's dice are sorted. Every
    other move is its own key. So ``choice_key(e)`` is in ``{choice_key(m) for m in
    legal_moves(...)}`` for every move ``e`` the rules accept (``rules`` and ``state`` are
    there for parameters that depend on them; ``state`` is only read)."""
    if isinstance(event, ev.DrawStartSpaces):
        return (event.kind, TABLE if event.spaces else COMPANION)
    if isinstance(event, ev.RollDice):
        return (event.kind, TABLE if event.faces else COMPANION)
    if isinstance(event, ev.Reroll):
        return (event.kind, tuple(sorted(event.dice)), TABLE if event.faces else COMPANION)
    return event
