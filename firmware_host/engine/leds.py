"""The LED strip's vocabulary, shared by every game's LED plan: colours, the strip layout,
frames, pulses and bars.

Pure: no hardware, no clock. A game's plan (``<game>/leds.py``, registered in its plugin)
is ``plan(rules, state, layout, t) -> (pixels, animated)``: it fills the track and seat LEDs
from the state; ``t`` (seconds, any monotonic origin) drives the pulses, which are
quantised, so consecutive calls often return the same frame and the strip (which writes only
changes) stays quiet. ``animated`` says a pulse is running: the caller comes back within
:data:`PULSE_FRAME_S`. The status LED is common to all games (``firmware_host.ledplan``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

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
    def from_config(cls, config: Any) -> LedLayout:
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


def player_colour(name: str) -> RGB:
    """The LED colour of a player or chariot colour name (white if unknown)."""
    return PLAYER_COLOURS.get(name, (255, 255, 255))


PlanFn = Callable[[Any, Any, LedLayout, float], "tuple[dict[int, RGB], bool]"]
