"""``table-companion run``: the window (simulator) or the full-screen appliance (Pi).

The loop blocks on input (``pygame.event.wait`` with a timeout), so an idle companion
uses no CPU; it redraws only when something changed. Hardware adapters run on their own
threads and post their inputs to this loop as pygame events.
"""

from __future__ import annotations

import logging
import os
import signal
import time
from typing import Any

from . import i18n, watchdog
from .config import load_config
from .io.inputs import ButtonHeld, ButtonPressed, Input, TextEntered, Touch
from .journal import Journal

log = logging.getLogger(__name__)

WAKE_MS = 1000          # the loop wakes at least this often (watchdog keep-alive)
STRIP_BAND = 28         # simulator: height of the on-screen LED strip under the screen

KEYS = {  # simulator keyboard = the box's buttons (README: Keys)
    "1": "bowl1", "2": "bowl2", "3": "bowl3", "4": "bowl4", "5": "bowl5", "6": "bowl6",
    "return": "ok", "enter": "ok", "backspace": "undo",
}


def translate(event: Any, wants_text: bool, input_type: int) -> Input | None:
    """A pygame event as an :class:`~firmware_host.io.inputs.Input` (``None`` if not one).

    Touches arrive as FINGERDOWN; the mouse events SDL synthesises from them are ignored.
    """
    import pygame

    if event.type == input_type:
        return event.input
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not getattr(event, "touch", False):
        return Touch(*event.pos)
    if event.type == pygame.FINGERDOWN:
        w, h = pygame.display.get_surface().get_size()
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

    from .io.hardware import open_hardware
    from .io.nfc import TagRegistry
    from .ledplan import LedLayout

    journal, notice = Journal.open_or_recover(config.journal_path)
    tags = TagRegistry(config.tags_path)
    pygame.init()
    sim = config.profile == "sim"
    flags = pygame.FULLSCREEN if not sim or config.fullscreen else 0
    # the simulator shows the LED strip in a band under the 800x480 screen
    window = pygame.display.set_mode((800, 480 + (STRIP_BAND if sim else 0)), flags)
    pygame.display.set_caption("table companion")
    if not sim:
        pygame.mouse.set_visible(False)
    input_type = pygame.event.custom_type()
    # systemd stops the service with SIGTERM: leave the loop so the journal closes cleanly
    signal.signal(signal.SIGTERM, lambda *_args: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    hardware = open_hardware(config, lambda inp: pygame.event.post(pygame.event.Event(input_type, input=inp)))
    ctl = Controller(journal, tags=tags, notice=notice, allow_quit=sim, hardware=hardware)
    try:
        _loop(ctl, window, input_type, hardware, LedLayout.from_config(config))
    finally:
        watchdog.notify_stopping()
        hardware.close()
        tags.close()
        journal.close()
        pygame.quit()
    return 0


def _loop(ctl, window, input_type: int, hardware: Any = None, layout: Any = None) -> None:
    """Draw when something changed, light the strip, then block until the next input."""
    import pygame

    from display.strip import draw_strip
    from .ledplan import PULSE_FRAME_S, led_plan

    screen = window.subsurface((0, 0, 800, 480)) if window.get_height() > 480 else window
    first_frame = True
    shown_version = -1
    while ctl.running:
        animated = False
        if hardware is not None and layout is not None:
            s = ctl.session
            frame = led_plan(s.name if s else None, s.rules if s else None, s.state if s else None, layout,
                             ctl.devices.values(), time.monotonic())
            hardware.strip.show(frame.pixels)
            animated = frame.animated
            version = getattr(hardware.strip, "version", None)
            if screen is not window and version != shown_version:
                draw_strip(window, pygame.Rect(0, 480, 800, window.get_height() - 480), hardware.strip.pixels)
                shown_version = version
                ctl.dirty = True
        if ctl.dirty:
            ctl.draw(screen)
            pygame.display.flip()
            if first_frame:     # `table-companion bench` times start-up to this line
                log.info("first frame")
                watchdog.notify_ready()
                first_frame = False
        watchdog.keepalive()
        event = pygame.event.wait(int(PULSE_FRAME_S * 1000) if animated else WAKE_MS)
        while event.type != pygame.NOEVENT:
            if event.type == pygame.QUIT:
                ctl.running = False
                break
            inp = translate(event, hasattr(ctl.active, "text_entered"), input_type)
            if inp is not None:
                ctl.handle(inp)
            event = pygame.event.poll()
