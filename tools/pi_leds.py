"""The Raspberry Pi's LED driver path on this machine, with only the wire replaced.

On a Pi 3/4/Zero 2 W, adafruit-circuitpython-neopixel hands its buffer to Blinka's
``adafruit_blinka.microcontroller.bcm283x.neopixel.neopixel_write``, which copies it LED by LED
into the rpi_ws281x driver (``_rpi_ws281x``, a SWIG module), calls ``ws2811_render`` and then
sleeps about 1 ms per 100 bytes. :func:`install` runs that real Blinka function, with a stand-in
``_rpi_ws281x`` whose ``ws2811_render`` only waits as long as the data takes on the wire
(:data:`WIRE_US_PER_LED` per LED plus the latch), holding the GIL as the real one does (the
generated wrapper, rpi-ws281x-python's ``rpi_ws281x_wrap.c``, never releases it; on GPIO10 the
render is the blocking SPI transfer). Every render is recorded in :data:`RENDERS`:
``(start, end of the data on the wire incl. latch, return)``, ``time.perf_counter`` seconds.
"""

from __future__ import annotations

import ctypes
import sys
import threading
import time
import types
from collections.abc import Callable
from typing import Any

WIRE_US_PER_LED = 30.0      # 24 bits at 800 kHz
LATCH_US = 280.0            # WS2812B reset (latch) time
PI_LED_GPIO = 10            # SPI0 MOSI, as hardware/wiring.md wires it

RENDERS: list[tuple[float, float, float]] = []
_lock = threading.Lock()
_libc: Any = None


def wire_s(leds: int) -> float:
    """Seconds the data of ``leds`` LEDs and the latch take on the wire."""
    return (leds * WIRE_US_PER_LED + LATCH_US) / 1e6


def _hold_gil_for(seconds: float) -> None:
    """Block this thread for ``seconds`` without releasing the GIL (a C call through
    ``ctypes.PyDLL`` keeps it, as a SWIG wrapper without -threads does)."""
    global _libc
    if _libc is None:
        _libc = ctypes.PyDLL(None)
        _libc.usleep.argtypes = [ctypes.c_uint]
    _libc.usleep(max(1, int(seconds * 1e6)))


class _Channel:
    def __init__(self) -> None:
        self.count = self.gpionum = self.invert = self.brightness = 0
        self.strip_type = 0
        self.leds: list[int] = []


class _Strip:
    def __init__(self) -> None:
        self.channels = [_Channel(), _Channel()]
        self.freq = self.dmanum = 0


def _fake_rpi_ws281x(gil_held: bool) -> types.ModuleType:
    """A stand-in ``_rpi_ws281x`` with the functions Blinka's Pi driver calls."""
    ws = types.ModuleType("_rpi_ws281x")
    ws.WS2811_SUCCESS = 0                                   # type: ignore[attr-defined]
    ws.WS2811_STRIP_RGB = 0x00100800                        # type: ignore[attr-defined]
    ws.SK6812_STRIP_RGBW = 0x18100800                       # type: ignore[attr-defined]

    def setter(attr: str):
        return lambda obj, value: setattr(obj, attr, value)

    def getter(attr: str):
        return lambda obj: getattr(obj, attr)

    funcs: dict[str, Any] = {
        "new_ws2811_t": _Strip,
        "delete_ws2811_t": lambda strip: None,
        "ws2811_channel_get": lambda strip, n: strip.channels[n],
        "ws2811_t_freq_set": setter("freq"),
        "ws2811_t_dmanum_set": setter("dmanum"),
        "ws2811_get_return_t_str": lambda code: f"code {code}",
        "ws2811_fini": lambda strip: None,
    }
    for attr in ("count", "gpionum", "invert", "brightness", "strip_type"):
        funcs[f"ws2811_channel_t_{attr}_set"] = setter(attr)
        funcs[f"ws2811_channel_t_{attr}_get"] = getter(attr)

    def init(strip: _Strip) -> int:
        for ch in strip.channels:
            ch.leds = [0] * ch.count
        return 0

    def led_set(channel: _Channel, i: int, value: int) -> int:
        channel.leds[i] = value
        return 0

    def render(strip: _Strip) -> int:
        leds = max(ch.count for ch in strip.channels)
        start = time.perf_counter()
        wire = wire_s(leds)
        if gil_held:
            _hold_gil_for(wire)
        else:
            time.sleep(wire)
        with _lock:
            RENDERS.append((start, start + wire, time.perf_counter()))
        return 0

    funcs.update(ws2811_init=init, ws2811_led_set=led_set, ws2811_render=render)
    for name, fn in funcs.items():
        setattr(ws, name, fn)
    return ws


class _Pin:
    """What Blinka's driver reads of the ``DigitalInOut`` it is given: the BCM pin number."""

    def __init__(self, bcm: int) -> None:
        self.id = bcm


class _Gpio:
    def __init__(self, bcm: int) -> None:
        self._pin = _Pin(bcm)


def install(gil_held: bool = True, gpio: int = PI_LED_GPIO) -> Callable[[], None]:
    """Route adafruit NeoPixel's writes through Blinka's Raspberry Pi driver with the stand-in
    wire (module doc). Call before opening a ``NeoPixelStrip``; needs ``BLINKA_OS_AGNOSTIC=1``
    (or a Pi) for ``import board``. Returns what puts everything back."""
    before = sys.modules.get("_rpi_ws281x")
    sys.modules["_rpi_ws281x"] = _fake_rpi_ws281x(gil_held)
    sys.modules.pop("adafruit_blinka.microcontroller.bcm283x.neopixel", None)
    import neopixel
    from adafruit_blinka.microcontroller.bcm283x import neopixel as pi_driver

    write = neopixel.neopixel_write
    target = _Gpio(gpio)
    neopixel.neopixel_write = lambda _pin, buf: pi_driver.neopixel_write(target, buf)

    def restore() -> None:
        neopixel.neopixel_write = write
        sys.modules.pop("adafruit_blinka.microcontroller.bcm283x.neopixel", None)
        if before is None:
            sys.modules.pop("_rpi_ws281x", None)
        else:
            sys.modules["_rpi_ws281x"] = before
    return restore


def open_strip(count: int, brightness: float = 0.2, order: str = "GRB") -> Any:
    """A ``NeoPixelStrip`` of ``count`` LEDs on the Pi driver path (after :func:`install`)."""
    import board

    from firmware_host.io.leds import NeoPixelStrip

    return NeoPixelStrip(PI_LED_GPIO, count, brightness, order, pin_object=board.Dx_OUTPUT)
