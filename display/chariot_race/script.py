"""The taps and presses a table makes for each Chariot Race move (for golden playthroughs,
screenshots and input tests). Lines as in :mod:`display.script`: ``tap <widget id>`` or
``press <button>``; :func:`inputs_for` writes them for the screen the move is made on."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from firmware_host.engine.chariot_race import events as ev
from firmware_host.engine.core import Event

from .turn import faces_of

if TYPE_CHECKING:
    from ..controller import Controller


def canonical(event: Event, board: object = None) -> Event:
    """The event as the screens send it: a reroll names its dice in rising order (the same
    move; its faces follow their dice). ``board`` is not needed (``GameDisplay.canonical``)."""
    if isinstance(event, ev.Reroll):
        if event.faces:
            pairs = sorted(zip(event.dice, event.faces))
            return ev.Reroll(tuple(d for d, _f in pairs), tuple(f for _d, f in pairs))
        return ev.Reroll(tuple(sorted(event.dice)))
    return event


def inputs_for(ctl: Controller, event: Event) -> list[str]:
    """The lines a table enters for Chariot Race ``event`` on the current screen (which must
    be the fresh screen of the pending decision, no draft open). Raises ``ValueError`` for an
    event the screens cannot make."""
    assert ctl.session is not None  # moves are scripted for an open game
    s = ctl.session.state
    rules: Any = ctl.session.rules  # the ChariotRaceRules (board data)
    board = rules.board
    faces = faces_of(board)
    e = canonical(event)

    def bowl_of_chariot(colour: str) -> str:
        return f"press bowl{[c.colour for c in s.chariots].index(colour) + 1}"

    if isinstance(e, ev.DrawStartSpaces):
        return ["tap draw"] if not e.spaces else [f"press bowl{space}" for space in e.spaces] + ["press ok"]
    if isinstance(e, ev.PickSheet):
        return [f"press bowl{board.colours.index(e.colour) + 1}"]
    if isinstance(e, ev.ChooseStartSpace):
        return [f"tap space:{e.space}"]
    if isinstance(e, ev.Repair):
        return ["tap repair"]
    if isinstance(e, ev.RollDice):
        if not e.faces:
            return ["press bowl6"]
        return [f"press bowl{faces.index(f) + 1}" for f in e.faces] + ["press ok"]
    if isinstance(e, ev.Reroll):
        lines = [f"press bowl{d + 1}" for d in e.dice] + ["tap reroll"]
        if not e.faces:
            return lines + ["tap roll"]
        return lines + [f"tap face:{f}" for f in e.faces] + ["tap ok"]
    if isinstance(e, ev.SetDie):
        return [f"tap die:{e.die}", "tap turn", f"tap face:{e.face}"]
    if isinstance(e, ev.KeepDice):
        return ["press ok"]
    if isinstance(e, ev.SetSpeed):
        if rules.setup.normal_dice_must_be_used:          # every die starts at +1
            taps = [0] * e.up + [1] * e.down
        else:                                             # every die starts unused
            taps = [1] * e.up + [2] * e.down
        return [f"press bowl{k + 1}" for k, n in enumerate(taps) for _ in range(n)] + ["press ok"]
    if isinstance(e, ev.ChangeLane):
        return [f"tap lane:{e.direction}"]
    if isinstance(e, ev.EnterCorner):
        return [f"press bowl{board.corner_limits.index(e.limit) + 1}"]
    if isinstance(e, ev.Collide):
        return ["press bowl4"] + (["tap ended"] if e.ended_here else []) + [bowl_of_chariot(e.target)]
    if isinstance(e, ev.HitCaltrop):
        return ["press bowl5"]
    if isinstance(e, ev.CrossFinish):
        return ["press bowl6"]
    if isinstance(e, ev.HitRocks):
        return ["tap rocks"]
    if isinstance(e, ev.EndMove):
        return ["press ok"]
    if isinstance(e, ev.DropCaltrop):
        return ["tap caltrop"]
    if isinstance(e, ev.ThrowJavelin):
        return [f"tap javelin:{e.target}"]
    if isinstance(e, ev.EndTurn):
        return ["press ok"]
    raise ValueError(f"no inputs for {e.kind}")
