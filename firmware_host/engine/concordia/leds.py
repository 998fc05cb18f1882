"""Concordia's LED plan (see :mod:`firmware_host.engine.leds`)."""

from __future__ import annotations

from typing import Any

from ..leds import GAME_OVER, OFF, OTHER_SEATS, RGB, LedLayout, bar, player_colour, pulse, scale

FINAL_ROUND: RGB = (255, 40, 0)          # red-orange pulse: the final round (the banner on screen)


def concordia_plan(rules: Any, s: Any, layout: LedLayout, t: float) -> tuple[dict[int, RGB], bool]:
    """Concordia: the seat LED of whoever decides now (the active player, or the player
    choosing which produced goods to keep, C-NIS-2) in their colour, the others faint; the
    track LEDs show that player's houses as a bar (all lit = 15, the end trigger C-END-1b).
    Once the Concordia card is taken, the track pulses red-orange for the final round
    (C-END-3); at the end it pulses in the winner's colour, whose seat is lit (C-END-4).
    While the table turns up the first display cards nobody's seat is lit."""
    out: dict[int, RGB] = dict.fromkeys(layout.track, OFF)
    kind = s.pending.kind
    who: int | None = s.pending.player
    animated = False
    if kind == "game_over":
        who = s.final["winner"] if s.final else None
        colour = player_colour(s.players[who].colour) if who is not None else GAME_OVER
        out.update(dict.fromkeys(layout.track, scale(colour, pulse(t))))
        animated = True
    elif who is None and s.turn is not None:
        who = s.active
    if kind != "game_over" and who is not None:
        if s.concordia is not None:
            out.update(dict.fromkeys(layout.track, scale(FINAL_ROUND, pulse(t))))
            animated = True
        else:
            houses = len(s.players[who].houses) / rules.board.houses_per_player
            out.update(bar(layout.track, houses, player_colour(s.players[who].colour)))
    for seat, led in enumerate(layout.seats):
        if seat >= s.n:
            out[led] = OFF
            continue
        colour = player_colour(s.players[seat].colour)
        out[led] = colour if seat == who else scale(colour, 1 / OTHER_SEATS) if who is not None else OFF
    return out, animated
