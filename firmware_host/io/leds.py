"""The LED strip: a real WS2812 backend (adafruit-circuitpython-neopixel, imported only when
opened), an in-memory one the simulator draws on screen, and a wrapper that turns a failing
strip into a ``DeviceStatus("leds", ...)`` instead of a crash.

Every backend takes whole frames: :meth:`Strip.show` gets one ``(r, g, b)`` per LED (0..255,
before brightness) and writes to the LEDs only if the frame differs from the last one, so the
data line carries one update per change.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ..i18n import _
from ..inputs import DeviceStatus, InputSink

log = logging.getLogger(__name__)

RGB = tuple[int, int, int]
OFF: RGB = (0, 0, 0)


def _frame(pixels: Sequence[RGB], count: int) -> tuple[RGB, ...]:
    frame = tuple((int(r), int(g), int(b)) for r, g, b in pixels)
    if len(frame) != count:
        raise ValueError(f"a frame needs {count} pixels, got {len(frame)}")
    if any(not 0 <= c <= 255 for px in frame for c in px):
        raise ValueError("pixel components must be 0..255")
    return frame


class Strip(Protocol):
    """A strip of ``count`` LEDs."""

    count: int

    def show(self, pixels: Sequence[RGB]) -> bool:
        """Display ``pixels`` (``count`` RGB tuples); ``True`` if anything was written.
        Raises ``ValueError`` for a frame of the wrong length or components outside 0..255."""

    def close(self) -> None:
        """Turn the LEDs off and release the hardware."""


class SimulatedStrip:
    """An in-memory strip. ``pixels``: the frame as requested; :meth:`lit`: what the LEDs would
    emit at ``brightness``; ``version`` goes up on every change (so a screen knows to redraw)."""

    def __init__(self, count: int, brightness: float = 1.0) -> None:
        self.count = count
        self.brightness = brightness
        self.pixels: tuple[RGB, ...] = (OFF,) * count
        self.version = 0

    def show(self, pixels: Sequence[RGB]) -> bool:
        frame = _frame(pixels, self.count)
        if frame == self.pixels:
            return False
        self.pixels = frame
        self.version += 1
        return True

    def lit(self) -> tuple[RGB, ...]:
        b = self.brightness
        return tuple((int(r * b), int(g * b), int(bl * b)) for r, g, bl in self.pixels)

    def close(self) -> None:
        self.show((OFF,) * self.count)


class NeoPixelStrip:
    """WS2812 LEDs on BCM ``pin`` through adafruit-circuitpython-neopixel (Blinka picks the
    Pi's driver: rpi_ws281x on a Pi 3/4/Zero 2 W, the RP1 PIO on a Pi 5).

    ``order`` is the strip's byte order (WS2812: "GRB"); ``brightness`` 0..1 scales every
    write. ``pin_object`` replaces ``board.D<pin>`` (tests use Blinka's OS-agnostic board).
    Raises ``ImportError``/``NotImplementedError`` where no driver exists, ``RuntimeError`` or
    ``OSError`` when the hardware cannot be claimed.
    """

    def __init__(self, pin: int, count: int, brightness: float = 0.2, order: str = "GRB",
                 pin_object: Any = None) -> None:
        import neopixel

        if pin_object is None:
            import board

            pin_object = getattr(board, f"D{pin}")
        self.count = count
        self._np = neopixel.NeoPixel(pin_object, count, brightness=brightness, auto_write=False,
                                     pixel_order=order)
        self._last: tuple[RGB, ...] | None = None

    def show(self, pixels: Sequence[RGB]) -> bool:
        frame = _frame(pixels, self.count)
        if frame == self._last:
            return False
        self._np[:] = frame
        self._np.show()
        self._last = frame
        return True

    def close(self) -> None:
        self._np.deinit()      # writes all-off, then releases the pin


class SafeStrip:
    """A strip that never raises: the first failure (to open or to write) is reported once as
    ``DeviceStatus("leds", False, ...)`` on ``sink``, and the strip is reopened at most every
    ``retry_s`` seconds on the next :meth:`show`; recovery reports ``ok=True`` and shows the
    latest frame. ``opener`` builds the real strip (e.g. ``lambda: NeoPixelStrip(...)``).
    """

    def __init__(self, opener: Callable[[], Strip], count: int, sink: InputSink, *, retry_s: float = 30.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.count = count
        self._opener = opener
        self._sink = sink
        self._retry_s = retry_s
        self._clock = clock
        self._strip: Strip | None = None
        self._next_try = clock()
        self._ok: bool | None = None
        self._wanted: tuple[RGB, ...] = (OFF,) * count
        self._try_open()

    @property
    def ok(self) -> bool:
        return self._strip is not None

    def _status(self, ok: bool, message: str) -> None:
        if ok != self._ok:
            self._ok = ok
            try:
                self._sink(DeviceStatus("leds", ok, message))
            except Exception:
                log.exception("input sink failed")

    def _fail(self, exc: BaseException) -> None:
        if self._ok is not False:
            log.warning("LED strip failed: %r", exc)
        self._strip = None
        self._next_try = self._clock() + self._retry_s
        self._status(False, _("The LED strip is not working; the game goes on without it."))

    def _try_open(self) -> None:
        try:
            self._strip = self._opener()
        except Exception as exc:
            self._fail(exc)
            return
        self._status(True, _("LED strip ready."))
        self._write()

    def _write(self) -> bool:
        assert self._strip is not None
        try:
            return self._strip.show(self._wanted)
        except Exception as exc:
            self._fail(exc)
            return False

    def show(self, pixels: Sequence[RGB]) -> bool:
        """Like :meth:`Strip.show`; a broken strip just returns ``False``. A malformed frame
        still raises ``ValueError`` (that is a bug, not hardware)."""
        self._wanted = _frame(pixels, self.count)
        if self._strip is None:
            if self._clock() < self._next_try:
                return False
            self._try_open()
            return self._strip is not None
        return self._write()

    def close(self) -> None:
        if self._strip is not None:
            try:
                self._strip.close()
            except Exception:
                log.debug("closing the LED strip failed", exc_info=True)
            self._strip = None
