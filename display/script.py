"""Input scripts: what a player would tap and press, and a runner.

A script is a list of lines ``tap <widget id>`` / ``press <button>`` / ``hold <button>`` /
``tag <uid>``; :func:`run_lines` feeds them to :meth:`Controller.handle` exactly as the
window does. Each game's display writes the lines for one of its moves
(``GameDisplay.inputs_for``, :func:`inputs_for`); golden playthroughs, screenshots, storms
and the benchmark are built from them.
"""

from __future__ import annotations

from collections.abc import Iterable

from firmware_host.engine.core import Event
from firmware_host.inputs import ButtonHeld, ButtonPressed, TagRead

from .controller import Controller


def run_line(ctl: Controller, line: str) -> None:
    """One script line. Raises ``KeyError`` (unknown widget) or ``ValueError`` (bad line)."""
    verb, _sep, arg = line.strip().partition(" ")
    if verb == "tap":
        ctl.tap(arg)
    elif verb == "press":
        ctl.handle(ButtonPressed(arg))
    elif verb == "hold":
        ctl.handle(ButtonHeld(arg))
    elif verb == "tag":
        ctl.handle(TagRead(arg))
    else:
        raise ValueError(f"bad script line: {line!r}")


def run_lines(ctl: Controller, lines: Iterable[str]) -> int:
    """Run script lines (blank lines and ``#`` comments skipped); returns how many ran."""
    n = 0
    for line in lines:
        line = line.strip()
        if line and not line.startswith("#"):
            run_line(ctl, line)
            n += 1
    return n


def inputs_for(ctl: Controller, event: Event) -> list[str]:
    """The lines a table enters for ``event`` of the open game, on the screen now shown.
    Raises ``ValueError`` for a move the screens cannot make."""
    from .games import display_for

    assert ctl.session is not None
    return display_for(ctl.session.name).inputs_for(ctl, event)


def swaps(start: list, goal: list) -> list[tuple[int, int]]:
    """Swaps (by position) that turn ``start`` into ``goal`` (same multiset): the taps that
    reorder markers or dice on a screen."""
    cur = list(start)
    out = []
    for i, want in enumerate(goal):
        if cur[i] != want:
            j = next(k for k in range(i + 1, len(cur)) if cur[k] == want)
            cur[i], cur[j] = cur[j], cur[i]
            out.append((i, j))
    return out
