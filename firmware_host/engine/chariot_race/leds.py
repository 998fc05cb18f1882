"""Chariot Race's LED plan (see :mod:`firmware_host.engine.leds`)."""

from __future__ import annotations

from typing import Any

from ..leds import OFF, OTHER_SEATS, RGB, LedLayout, bar, player_colour, pulse, scale


def _next_chariot_of(rules: Any, s: Any, seat: int) -> Any | None:
    """The seat's chariot that plays next this round, else its first still racing (``None``
    when all of the seat's chariots are wrecked)."""
    for i in rules.turns_left(s):
        if s.chariots[i].seat == seat:
            return s.chariots[i]
    return next((c for c in s.chariots if c.seat == seat and not c.wrecked), None)


def chariot_plan(rules: Any, s: Any, layout: LedLayout, t: float) -> tuple[dict[int, RGB], bool]:
    """Chariot Race: during a turn, the active chariot's colour on its player's seat LED (the
    other players' seats faint in the colour of their chariot that plays next, dark once all
    theirs are wrecked) and its resistance, the damage it can still take (CR-SHEET-1), as a
    bar in its colour over the track LEDs (all lit = the cap, 12). During setup the deciding
    seat is lit: white while it picks a black sheet (CR-VAR-BLACK-2), the chariot's colour
    while it places it (CR-VAR-BLACK-3/4). At the end the winner's colour pulses over the
    track and lights its seat (CR-END-3); if nobody wins (CR-END-5) the strip stays dark."""
    out: dict[int, RGB] = dict.fromkeys(layout.track, OFF)
    kind = s.pending.kind
    active = s.active()
    lit: dict[int, RGB] = {}
    animated = False
    if active is not None:
        colour = player_colour(active.colour)
        out.update(bar(layout.track, active.resistance / rules.board.max_resistance, colour))
        lit[active.seat] = colour
    elif kind == "race_over" and s.winner is not None:
        winner = s.chariots[s.winner]
        out.update(dict.fromkeys(layout.track, scale(player_colour(winner.colour), pulse(t))))
        lit[winner.seat] = player_colour(winner.colour)
        animated = True
    elif kind in ("pick_sheet", "place_chariot") and s.pending.player is not None:
        lit[s.pending.player] = player_colour(s.pending.chariot or "white")
    racing = active is not None
    for seat, led in enumerate(layout.seats):
        if seat in lit:
            out[led] = lit[seat]
            continue
        other = _next_chariot_of(rules, s, seat) if racing and seat < len(s.players) else None
        out[led] = scale(player_colour(other.colour), 1 / OTHER_SEATS) if other is not None else OFF
    return out, animated
