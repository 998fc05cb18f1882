"""Trajan's LED plan (see :mod:`firmware_host.engine.leds`)."""

from __future__ import annotations

from typing import Any

from ..leds import (
    GAME_OVER,
    MARKER,
    OFF,
    OTHER_SEATS,
    PROGRESS,
    QUARTER_END,
    RGB,
    ROUND_END,
    LedLayout,
    player_colour,
    pulse,
    scale,
    track_led,
)


def trajan_plan(rules: Any, s: Any, layout: LedLayout, t: float) -> tuple[dict[int, RGB], bool]:
    """Trajan: the time track of the player count (T-NIS-1) with the marker bright and the
    spaces it passed this lap dim (a round is one lap, T-FLOW-1/T-ROUND-1); the seat LED of
    whoever decides now in their colour, the others faint; the whole track pulses amber at a
    round end / demand reveal (T-ROUND-2), violet during the quarter end (T-QUARTER), white
    when the game is over."""
    out: dict[int, RGB] = {}
    spaces = rules.board.spaces(s.n)
    for led in layout.track:
        out[led] = OFF
    kind = s.pending.kind
    if kind == "reveal_demand" or rules.demand_just_revealed(s) is not None:
        flash: RGB | None = ROUND_END
    elif kind in ("demands", "consul", "refill_bonus"):
        flash = QUARTER_END
    elif kind == "game_over":
        flash = GAME_OVER
    else:
        flash = None
    for space in range(spaces):
        lit = track_led(layout, space, spaces)
        if lit is None:
            break
        if flash is not None:
            out[lit] = scale(flash, pulse(t))
        elif space == s.time:
            out[lit] = MARKER
        elif space < s.time:
            out[lit] = PROGRESS
    who = s.pending.player if s.pending.player is not None else s.active
    for seat, led in enumerate(layout.seats):
        if seat >= s.n:
            out[led] = OFF
            continue
        colour = player_colour(s.players[seat].colour)
        out[led] = colour if kind == "game_over" or seat == who else scale(colour, 1 / OTHER_SEATS)
    return out, flash is not None
