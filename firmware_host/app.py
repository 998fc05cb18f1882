"""``table-companion run``: the window (simulator) or the full-screen appliance (Pi).

The loop redraws only when something changed and otherwise sleeps until an input can have
arrived. Inputs from the hardware threads go into an :class:`InputQueue`, whose pipe wakes
the loop. Touches and keys come from SDL: where its video driver can wait (X11, Wayland:
the simulator) the loop waits in SDL; where it cannot (KMS/DRM on the Pi, the headless
driver), SDL would poll every millisecond, so the loop instead sleeps in ``select`` on the
queue's pipe and on the touchscreen's input devices, and asks SDL for events only once one
of them is readable. Either way an idle companion wakes about once a second (the systemd
watchdog) and a tap is handled at once.
"""

from __future__ import annotations

import glob
import logging
import math
import os
import queue
import select
import signal
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from . import i18n, watchdog
from .config import load_config
from .inputs import ButtonHeld, ButtonPressed, Input, TextEntered, Touch
from .journal import Journal

if TYPE_CHECKING:
    import pygame

    from display.controller import Controller

log = logging.getLogger(__name__)

WAKE_S = 1.0            # the loop wakes at least this often (watchdog keep-alive)
STRIP_BAND = 28         # simulator: height of the on-screen LED strip under the screen
SDL_CAN_WAIT = ("x11", "wayland", "windows", "cocoa")

KEYS = {  # simulator keyboard = the box's buttons (README: Keys)
    "1": "bowl1", "2": "bowl2", "3": "bowl3", "4": "bowl4", "5": "bowl5", "6": "bowl6",
    "return": "ok", "enter": "ok", "backspace": "undo",
}


class InputQueue:
    """Inputs from the adapters' threads (buttons, NFC, devices) for the UI loop. ``put`` is
    thread-safe; it also writes a byte to a pipe, so a loop sleeping in ``select`` on
    :meth:`fileno` wakes at once."""

    def __init__(self) -> None:
        self._items: queue.SimpleQueue[Input] = queue.SimpleQueue()
        self._read, self._write = os.pipe()
        os.set_blocking(self._read, False)
        os.set_blocking(self._write, False)

    def fileno(self) -> int:
        return self._read

    def put(self, inp: Input) -> None:
        self._items.put(inp)
        try:
            os.write(self._write, b"!")
        except BlockingIOError:        # the pipe is full of wake-ups already
            pass

    def drain(self) -> Iterator[Input]:
        try:
            while os.read(self._read, 4096):
                pass
        except BlockingIOError:
            pass
        while True:
            try:
                yield self._items.get_nowait()
            except queue.Empty:
                return

    def close(self) -> None:
        os.close(self._read)
        os.close(self._write)


def input_devices() -> list[int]:
    """Non-blocking descriptors of the readable ``/dev/input/event*`` devices (the
    touchscreen among them): readable when SDL has a touch to read. Devices we may not
    open are skipped."""
    fds = []
    for path in sorted(glob.glob("/dev/input/event*")):
        try:
            fds.append(os.open(path, os.O_RDONLY | os.O_NONBLOCK))
        except OSError:
            continue
    return fds


def _sleep_until_input(inputs: InputQueue, devices: list[int], timeout: float) -> list[int]:
    """Block in ``select`` until the queue or a device is readable; our copies of the device
    events are discarded (SDL reads its own). Returns the devices that are gone (unplugged:
    they stay readable and fail to read), for the caller to close."""
    watched: list[InputQueue | int] = [inputs, *devices]
    readable, _w, _x = select.select(watched, [], [], timeout)
    gone = []
    for fd in readable:
        if isinstance(fd, int):         # a device (the queue is the only other entry)
            try:
                while os.read(fd, 4096):
                    pass
            except BlockingIOError:
                pass
            except OSError:
                gone.append(fd)
    return gone


def translate(event: Any, wants_text: bool) -> Input | None:
    """A pygame event as an :class:`~firmware_host.inputs.Input` (``None`` if not one).

    Touches arrive as FINGERDOWN; the mouse events SDL synthesises from them are ignored.
    """
    import pygame

    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not getattr(event, "touch", False):
        return Touch(*event.pos)
    if event.type == pygame.FINGERDOWN:
        window = pygame.display.get_surface()
        assert window is not None       # touches only arrive once the window is open
        w, h = window.get_size()
        return Touch(int(event.x * w), int(event.y * h))
    if event.type == pygame.TEXTINPUT and wants_text:
        return TextEntered(event.text)
    if event.type == pygame.KEYDOWN:
        name = pygame.key.name(event.key)
        if name in ("escape", "f1"):
            return ButtonHeld("undo")
        if name == "backspace" or not wants_text:
            button = KEYS.get(name.strip("[]"))
            if button:
                return ButtonPressed(button)
    return None


def run(profile: str | None = None, config_path: str | None = None, journal_path: str | None = None,
        language: str | None = None) -> int:
    """Run until quit (simulator) or stopped (service). Returns the exit code."""
    config = load_config(config_path, profile=profile, journal=journal_path, language=language)
    i18n.set_language(config.language)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if config.profile == "pi":
        os.environ.setdefault("SDL_VIDEODRIVER", "kmsdrm")
    import pygame

    from display.controller import Controller

    from .engine.leds import LedLayout
    from .io.hardware import open_hardware
    from .tags import TagRegistry

    journal, notice = Journal.open_or_recover(config.journal_path)
    tags = TagRegistry(config.tags_path)
    # only what is used: pygame.init() would also start audio and joystick threads that poll
    pygame.display.init()
    pygame.font.init()
    sim = config.profile == "sim"
    flags = pygame.FULLSCREEN if not sim or config.fullscreen else 0
    # the simulator shows the LED strip in a band under the 800x480 screen
    window = pygame.display.set_mode((800, 480 + (STRIP_BAND if sim else 0)), flags)
    pygame.display.set_caption("table companion")
    if not sim:
        pygame.mouse.set_visible(False)
    inputs = InputQueue()
    hardware = open_hardware(config, inputs.put)
    ctl = Controller(journal, tags=tags, notice=notice, allow_quit=sim, hardware=hardware)

    def stop(*_args: Any) -> None:      # systemd stops the service with SIGTERM
        ctl.running = False
    signal.signal(signal.SIGTERM, stop)
    try:
        _loop(ctl, window, inputs, hardware, LedLayout.from_config(config))
    finally:
        watchdog.notify_stopping()
        hardware.close()
        inputs.close()
        tags.close()
        journal.close()
        pygame.quit()
    return 0


def _loop(ctl: Controller, window: pygame.Surface, inputs: InputQueue, hardware: Any = None,
          layout: Any = None) -> None:
    """Draw what changed, light the strip, then sleep until the next input (module doc)."""
    import pygame

    from display.strip import draw_strip

    from .engine.leds import PULSE_FRAME_S
    from .games import GAMES
    from .ledplan import led_plan

    screen = window.subsurface((0, 0, 800, 480)) if window.get_height() > 480 else window
    band = pygame.Rect(0, 480, 800, window.get_height() - 480)
    sdl_waits = pygame.display.get_driver() in SDL_CAN_WAIT
    devices = [] if sdl_waits else input_devices()
    first_frame = True
    shown_version: int | None = -1
    led_due = 0.0                       # when the LED plan must be looked at again
    try:
        while ctl.running:
            now = time.monotonic()
            if hardware is not None and layout is not None and now >= led_due:
                s = ctl.session
                frame = led_plan(GAMES[s.name].led_plan if s else None, s.rules if s else None,
                                 s.state if s else None, layout, ctl.devices.values(), now)
                hardware.strip.show(frame.pixels)
                led_due = now + PULSE_FRAME_S if frame.animated else float("inf")
                version = getattr(hardware.strip, "version", None)
                if band.height and version != shown_version:
                    draw_strip(window, band, hardware.strip.pixels)
                    shown_version = version
                    if not ctl.dirty:
                        pygame.display.update(band)
            if ctl.dirty:
                ctl.draw(screen)
                pygame.display.flip()
                if first_frame:     # `table-companion bench` times start-up to this line
                    log.info("first frame")
                    watchdog.notify_ready()
                    first_frame = False
            watchdog.keepalive()
            timeout = max(0.0, min(WAKE_S, led_due - now))
            if sdl_waits:
                # wait(0) would block with no time limit: at least 1 ms
                events = [pygame.event.wait(max(1, math.ceil(timeout * 1000)))]
            else:
                for fd in _sleep_until_input(inputs, devices, timeout):
                    devices.remove(fd)
                    os.close(fd)
                events = []
            handled = False
            for event in events + pygame.event.get():
                if event.type == pygame.QUIT:
                    ctl.running = False
                    break
                inp = translate(event, hasattr(ctl.active, "text_entered"))
                if inp is not None:
                    ctl.handle(inp)
                    handled = True
            # after SDL's events: an input queued while handling them (the simulated reader)
            # is handled now, not at the next wake
            for inp in inputs.drain():
                ctl.handle(inp)
                handled = True
            if handled:
                led_due = time.monotonic()          # a move may change the lights
    finally:
        for fd in devices:
            os.close(fd)
