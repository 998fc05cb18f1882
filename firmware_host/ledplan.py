"""The LED plan: which colour each LED of the strip shows, computed from the game state.

Pure: no hardware, no clock. The caller passes ``t`` (seconds, any monotonic origin) for the
pulses, and gets back a :class:`LedFrame`; ``frame.animated`` says a pulse is running, so the
caller should come back within :data:`PULSE_FRAME_S` (otherwise the frame only changes when
the state or a device does). Pulses are quantised, so consecutive calls often return the same
frame and the strip (which writes only changes) stays quiet.

The strip is cut into groups by :class:`LedLayout` (from the config): the time-track LEDs,
one LED per seat and a status LED. Each game registers a plan in :data:`PLANS`:
``plan(rules, state, layout, t) -> (pixels, animated)`` filling the track and seat LEDs; the
status LED is common to all games (:func:`status_colour`). Chariot Race shows the active
chariot's colour on its seat LED and its damage with :func:`bar` on the track LEDs
(:func:`chariot_plan`); Concordia lights the deciding player's seat, their houses as a bar,
and pulses through the final round (:func:`concordia_plan`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from .io.inputs import DeviceStatus

RGB = tuple[int, int, int]
OFF: RGB = (0, 0, 0)

PLAYER_COLOURS: dict[str, RGB] = {
    "red": (255, 0, 0), "green": (0, 255, 0), "blue": (0, 0, 255), "brown": (160, 60, 8),
    "yellow": (255, 170, 0), "white": (255, 255, 255), "black": (40, 0, 80), "purple": (150, 0, 255),
}
MARKER: RGB = (255, 255, 255)            # the time marker
PROGRESS: RGB = (64, 40, 12)             # spaces the marker passed this round (warm, dim)
ROUND_END: RGB = (255, 120, 0)           # amber pulse: round over, a demand is (being) revealed
QUARTER_END: RGB = (170, 0, 255)         # violet pulse: quarter end scoring
GAME_OVER: RGB = (255, 255, 255)
STATUS_OK: RGB = (0, 40, 0)
STATUS_NFC: RGB = (255, 0, 0)            # red: the NFC reader is missing
STATUS_BUTTONS: RGB = (255, 100, 0)      # amber: a button is stuck
STATUS_OTHER: RGB = (255, 0, 255)        # any other device down

PULSE_PERIOD_S = 1.6
PULSE_STEPS = 16
PULSE_FRAME_S = PULSE_PERIOD_S / (2 * PULSE_STEPS)
OTHER_SEATS = 8                          # other players' seats glow at 1/8 of their colour


@dataclass(frozen=True)
class LedLayout:
    """Strip indices: ``track[i]`` shows time-track space ``i`` (0 = start space), ``seats[i]``
    seat ``i`` (seat order), ``status`` the status LED (``None``: none). ``count``: strip length."""

    count: int
    track: tuple[int, ...]
    seats: tuple[int, ...]
    status: int | None

    @classmethod
    def from_config(cls, config: Any) -> "LedLayout":
        c = config
        return cls(
            count=c.led_count,
            track=tuple(range(c.led_track_first, c.led_track_first + c.led_track_count)),
            seats=tuple(range(c.led_seat_first, c.led_seat_first + c.led_seat_count)),
            status=c.led_status if c.led_status >= 0 else None,
        )


@dataclass(frozen=True)
class LedFrame:
    """One frame for the whole strip: ``pixels`` (RGB 0..255 per LED, strip order) and
    whether a pulse is running (``animated``: come back within :data:`PULSE_FRAME_S`)."""

    pixels: tuple[RGB, ...]
    animated: bool


def scale(colour: RGB, factor: float) -> RGB:
    """``colour`` at ``factor`` (0..1) of its brightness."""
    return tuple(int(round(c * factor)) for c in colour)  # type: ignore[return-value]


def pulse(t: float) -> float:
    """Brightness factor 0.25..1.0 of a pulse at time ``t``, in :data:`PULSE_STEPS` steps."""
    wave = 0.5 - 0.5 * math.cos(2 * math.pi * t / PULSE_PERIOD_S)
    return 0.25 + 0.75 * round(wave * PULSE_STEPS) / PULSE_STEPS


def bar(leds: tuple[int, ...], fraction: float, colour: RGB) -> dict[int, RGB]:
    """A bar graph over ``leds``: the first ``round(fraction * len(leds))`` lit in ``colour``."""
    lit = round(max(0.0, min(1.0, fraction)) * len(leds))
    return {led: colour if i < lit else OFF for i, led in enumerate(leds)}


def track_led(layout: LedLayout, space: int, spaces: int) -> int | None:
    """The LED showing ``space`` of a track with ``spaces`` spaces (shared out evenly when the
    strip has fewer track LEDs than the track has spaces)."""
    n = len(layout.track)
    if n == 0:
        return None
    return layout.track[space if spaces <= n else space * n // spaces]


def status_colour(devices: Iterable[DeviceStatus]) -> RGB:
    """The status LED: red = NFC reader missing, amber = a button stuck, magenta = something
    else down, dim green = all well. The latest status of each device counts."""
    latest = {d.device: d.ok for d in devices}
    if latest.get("nfc") is False:
        return STATUS_NFC
    if latest.get("buttons") is False:
        return STATUS_BUTTONS
    if any(ok is False for ok in latest.values()):
        return STATUS_OTHER
    return STATUS_OK


def player_colour(name: str) -> RGB:
    """The LED colour of a player or chariot colour name (white if unknown)."""
    return PLAYER_COLOURS.get(name, (255, 255, 255))


# ---------------------------------------------------------------------- Trajan

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
        led = track_led(layout, space, spaces)
        if led is None:
            break
        if flash is not None:
            out[led] = scale(flash, pulse(t))
        elif space == s.time:
            out[led] = MARKER
        elif space < s.time:
            out[led] = PROGRESS
    who = s.pending.player if s.pending.player is not None else s.active
    for seat, led in enumerate(layout.seats):
        if seat >= s.n:
            out[led] = OFF
            continue
        colour = player_colour(s.players[seat].colour)
        out[led] = colour if kind == "game_over" or seat == who else scale(colour, 1 / OTHER_SEATS)
    return out, flash is not None


# ---------------------------------------------------------------------- Chariot Race

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


# ---------------------------------------------------------------------- Concordia

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


PlanFn = Callable[[Any, Any, LedLayout, float], "tuple[dict[int, RGB], bool]"]
PLANS: dict[str, PlanFn] = {"trajan": trajan_plan, "chariot_race": chariot_plan, "concordia": concordia_plan}


def led_plan(game: str | None, rules: Any, state: Any, layout: LedLayout,
             devices: Iterable[DeviceStatus] = (), t: float = 0.0) -> LedFrame:
    """The whole strip for ``game``'s ``state`` (``None``: no game open; a game without a plan
    in :data:`PLANS` lights only the status LED). ``devices``: the latest
    :class:`DeviceStatus` of each device."""
    pixels = [OFF] * layout.count
    animated = False
    plan = PLANS.get(game) if game else None
    if plan is not None and state is not None:
        lit, animated = plan(rules, state, layout, t)
        for led, colour in lit.items():
            pixels[led] = colour
    if layout.status is not None:
        pixels[layout.status] = status_colour(devices)
    return LedFrame(tuple(pixels), animated)
