"""The LED strip: a real WS2812 backend (adafruit-circuitpython-neopixel, imported only when
opened), an in-memory one the simulator draws on screen, and a wrapper that turns a failing
strip into a ``DeviceStatus("leds", ...)`` instead of a crash.

Every backend takes whole frames: :meth:`Strip.show` gets one ``(r, g, b)`` per LED (0..255,
before brightness) and writes to the LEDs only if the frame differs from the last one, so the
data line carries one update per change. Every backend also tells what it was last asked to
show, through the same two read-only members (:class:`FrameMemory`): ``pixels`` (that frame)
and ``version`` (goes up on every change), so a screen can draw the strip whatever backend,
or wrapper, it is.

A write takes time on the wire (30 us per LED plus the latch: 2.1 ms for 60 LEDs), spent in the
driver's call. :class:`StripWriter` moves it off the caller's thread: the UI loop hands it a
frame and goes on; its own thread writes the newest frame, and frames handed over while a
write is under way replace each other (only the last is written).
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable, Sequence
from itertools import chain, compress
from operator import ne
from typing import Any, Protocol

from ..i18n import _
from ..inputs import DeviceStatus, InputSink

log = logging.getLogger(__name__)

RGB = tuple[int, int, int]
OFF: RGB = (0, 0, 0)


class Frame(tuple[RGB, ...]):
    """A frame :func:`_frame` has checked: ``(r, g, b)`` tuples of integers in 0..255 (what
    ``bytes`` takes: ``int``, ``bool``, ``IntEnum``...). Immutable all the way down, so a backend
    handed one (``StripWriter`` -> ``SafeStrip`` -> ``NeoPixelStrip``, on the LED thread) does
    not check it again."""

    __slots__ = ()


def _frame(pixels: Sequence[RGB], count: int) -> Frame:
    """``pixels`` as a :class:`Frame`; ``ValueError`` unless ``count`` pixels of three
    components in 0..255. (Checked in C where it can be: a frame is checked on the UI thread at
    every LED change; a :class:`Frame` only has its length checked.)"""
    if type(pixels) is Frame:
        frame = pixels
    else:
        try:
            raw = bytes(chain.from_iterable(pixels))          # ints in 0..255, else an error
        except TypeError:                                     # not ints (e.g. floats): the slow way
            frame = Frame((int(r), int(g), int(b)) for r, g, b in pixels)
            if any(not 0 <= c <= 255 for px in frame for c in px):
                raise ValueError("pixel components must be 0..255") from None
        except ValueError:
            raise ValueError("pixel components must be 0..255") from None
        else:
            # 3 per pixel on average and none short: 3 each (map/min run in C)
            if len(raw) != 3 * len(pixels) or min(map(len, pixels), default=3) != 3:
                raise ValueError("every pixel needs 3 components (r, g, b)")
            if set(map(type, pixels)) <= {tuple}:                 # the LED plan's: kept, not rebuilt
                frame = Frame(pixels)
            else:                                                 # lists (mutable): copied
                frame = Frame(zip(raw[0::3], raw[1::3], raw[2::3]))
    if len(frame) != count:
        raise ValueError(f"a frame needs {count} pixels, got {len(frame)}")
    return frame


class Strip(Protocol):
    """A strip of ``count`` LEDs."""

    count: int

    @property
    def pixels(self) -> tuple[RGB, ...]:
        """The last frame :meth:`show` was given (all off before the first)."""

    @property
    def version(self) -> int:
        """Goes up by one each time ``pixels`` changes (a screen redraws the strip then)."""

    def show(self, pixels: Sequence[RGB]) -> bool:
        """Display ``pixels`` (``count`` RGB tuples); ``True`` if anything was written.
        Raises ``ValueError`` for a frame of the wrong length or components outside 0..255."""

    def close(self) -> None:
        """Turn the LEDs off and release the hardware."""


class FrameMemory:
    """The last frame a strip was given: the ``pixels`` and ``version`` of :class:`Strip`,
    shared by every backend and by :class:`SafeStrip`."""

    def __init__(self, count: int) -> None:
        self.count = count
        self._pixels: tuple[RGB, ...] = Frame((OFF,) * count)
        self._version = 0

    @property
    def pixels(self) -> tuple[RGB, ...]:
        return self._pixels

    @property
    def version(self) -> int:
        return self._version

    def _remember(self, pixels: Sequence[RGB]) -> tuple[RGB, ...] | None:
        """Check ``pixels`` (``ValueError`` if malformed) and keep it; the frame if it differs
        from the last one, else ``None``."""
        return self._keep(_frame(pixels, self.count))

    def _keep(self, frame: tuple[RGB, ...]) -> tuple[RGB, ...] | None:
        """:meth:`_remember` of a frame :func:`_frame` already checked."""
        if frame == self._pixels:
            return None
        self._pixels = frame
        self._version += 1
        return frame


class SimulatedStrip(FrameMemory):
    """An in-memory strip. ``pixels``: the frame as requested; :meth:`lit`: what the LEDs would
    emit at ``brightness``; ``version`` goes up on every change (so a screen knows to redraw)."""

    def __init__(self, count: int, brightness: float = 1.0) -> None:
        super().__init__(count)
        self.brightness = brightness

    def show(self, pixels: Sequence[RGB]) -> bool:
        return self._remember(pixels) is not None

    def lit(self) -> tuple[RGB, ...]:
        b = self.brightness
        return tuple((int(r * b), int(g * b), int(bl * b)) for r, g, bl in self.pixels)

    def close(self) -> None:
        self.show((OFF,) * self.count)


class NeoPixelStrip(FrameMemory):
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
        super().__init__(count)
        self._np = neopixel.NeoPixel(pin_object, count, brightness=brightness, auto_write=False,
                                     pixel_order=order)
        self._written = False        # the LEDs' state at power-on is unknown: the first frame is sent

    def show(self, pixels: Sequence[RGB]) -> bool:
        frame = _frame(pixels, self.count)        # a Frame (from StripWriter, SafeStrip): not checked again
        if self._written and frame == self.pixels:
            return False
        np = self._np
        if not self._written:
            np[:] = frame
        else:
            # Only the LEDs that changed, one by one: adafruit_pixelbuf is pure Python on
            # Blinka, each LED costs a call (the slice ``np[:] = frame`` costs 60 of them);
            # which ones changed is found in C (map/compress), not in a Python loop.
            for i in compress(range(self.count), map(ne, self.pixels, frame)):
                np[i] = frame[i]
        np.show()
        self._written = True
        self._keep(frame)
        return True

    def close(self) -> None:
        self._np.deinit()      # writes all-off, then releases the pin


class SafeStrip(FrameMemory):
    """A strip that never raises: the first failure (to open or to write) is reported once as
    ``DeviceStatus("leds", False, ...)`` on ``sink``, and the strip is reopened at most every
    ``retry_s`` seconds on the next :meth:`show`; recovery reports ``ok=True`` and shows the
    latest frame. ``opener`` builds the real strip (e.g. ``lambda: NeoPixelStrip(...)``).
    ``pixels``/``version``: the frame the game wants on the strip, whether or not the strip
    is working now (it shows that frame once back).
    """

    def __init__(self, opener: Callable[[], Strip], count: int, sink: InputSink, *, retry_s: float = 30.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(count)
        self._opener = opener
        self._sink = sink
        self._retry_s = retry_s
        self._clock = clock
        self._strip: Strip | None = None
        self._next_try = clock()
        self._ok: bool | None = None
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
            return self._strip.show(self.pixels)
        except Exception as exc:
            self._fail(exc)
            return False

    def show(self, pixels: Sequence[RGB]) -> bool:
        """Like :meth:`Strip.show`; a broken strip just returns ``False``. A malformed frame
        still raises ``ValueError`` (that is a bug, not hardware)."""
        self._remember(pixels)
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


class StripWriter(FrameMemory):
    """Writes the frames of :meth:`show` to ``strip`` on a thread of its own.

    :meth:`show` checks and keeps the frame (``pixels``/``version`` are the newest frame given)
    and returns at once; the thread then writes the newest frame not yet written, so a frame
    given while a write is under way replaces any that waited (``dropped`` counts those). A
    failing ``strip`` (one that raises) is logged and the next frame is tried; wrap it in
    :class:`SafeStrip` to have the failure reported. :meth:`flush` waits for the writes;
    :meth:`stop` writes what is pending and ends the thread, leaving ``strip`` open;
    :meth:`close` also closes ``strip``.

    The caller never waits for the wire, but on a Pi the driver keeps the GIL while the data is
    on it (rpi_ws281x's wrapper does not release it): Python in the caller's thread that has to
    run then (an input that arrives) waits up to the wire time, 2.1 ms for 60 LEDs
    (``tools.bench`` reports it beside the LED line). The strip in a process of its own, fed
    frames through a pipe, was measured against this thread (issue 16): it takes the stall away
    (p50 1.3 -> 0.09 ms) but waking the other process adds 50-90 us between hand-over and wire,
    which puts the LED line over its budget (p50 2.24-2.40 ms against 2.29 ms; the thread:
    2.18-2.24 ms), so the writer stays a thread.
    """

    def __init__(self, strip: Strip) -> None:
        super().__init__(strip.count)
        self.strip = strip
        self._lock = threading.Lock()           # guards the fields below (C: no Python call to take it)
        self._cond = threading.Condition(self._lock)    # flush() waits on it
        # The thread sleeps in the bell's get(): one C call that returns with no Python code to
        # run first (a Condition's wait runs its own: 20 us more from hand-over to wire, measured
        # here). Whoever finds the thread asleep rings once and marks it awake: no ring is lost,
        # at most one waits, and an unchanged or refused frame wakes nothing.
        self._bell: queue.SimpleQueue[None] = queue.SimpleQueue()
        self._asleep = False
        self._pending: tuple[RGB, ...] | None = None
        self._busy = False
        self._stopping = False
        self.written = 0
        self.dropped = 0
        self._thread = threading.Thread(target=self._run, name="leds", daemon=True)
        self._thread.start()

    def _wake(self) -> None:
        """Ring the thread if it sleeps (call with ``_lock`` held)."""
        if self._asleep:
            self._asleep = False
            self._bell.put(None)

    def show(self, pixels: Sequence[RGB]) -> bool:
        """Hand ``pixels`` to the thread; ``True`` if it differs from the last frame given (it
        will be written unless a newer one comes first). ``ValueError`` for a malformed frame."""
        frame = self._remember(pixels)
        if frame is None:
            return False
        with self._lock:
            if self._pending is not None:
                self.dropped += 1
            self._pending = frame
            self._wake()
        return True

    def _run(self) -> None:
        while True:
            with self._lock:
                frame, self._pending = self._pending, None
                if frame is None:
                    if self._stopping:
                        return
                    self._asleep = True
                else:
                    self._busy = True
            if frame is None:
                self._bell.get()
                continue
            try:
                self.strip.show(frame)
            except Exception:
                log.exception("LED strip write failed")
            with self._cond:
                self._busy = False
                self.written += 1
                self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every frame given has been written (or dropped for a newer one);
        ``False`` if ``timeout`` passed first."""
        with self._cond:
            return self._cond.wait_for(lambda: self._pending is None and not self._busy, timeout)

    def stop(self) -> None:
        """Write the pending frame, then end the thread. Safe to call twice."""
        with self._lock:
            self._stopping = True
            self._wake()                        # it writes what is pending first
        if self._thread is not threading.current_thread():
            self._thread.join()

    def close(self) -> None:
        self.stop()
        self.strip.close()
