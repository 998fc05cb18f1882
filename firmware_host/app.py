"""``table-companion run``: the window (simulator) or the full-screen appliance (Pi).

The loop blocks on input (``pygame.event.wait`` with a timeout), so an idle companion
uses no CPU; it redraws only when something changed. Hardware adapters run on their own
threads and post their inputs to this loop as pygame events.
"""

from __future__ import annotations

import logging
import os
import signal
from typing import Any

from . import i18n
from .config import Config, load_config
from .io.inputs import ButtonHeld, ButtonPressed, Input, TextEntered, Touch
from .journal import Journal

log = logging.getLogger(__name__)

WAKE_MS = 1000          # the loop wakes at least this often (watchdog keep-alive)

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

    journal, notice = Journal.open_or_recover(config.journal_path)
    pygame.init()
    flags = pygame.FULLSCREEN if config.profile == "pi" or config.fullscreen else 0
    surface = pygame.display.set_mode((800, 480), flags)
    pygame.display.set_caption("table companion")
    if config.profile == "pi":
        pygame.mouse.set_visible(False)
    input_type = pygame.event.custom_type()
    # systemd stops the service with SIGTERM: leave the loop so the journal closes cleanly
    signal.signal(signal.SIGTERM, lambda *_args: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    ctl = Controller(journal, notice=notice, allow_quit=config.profile == "sim")
    hardware = _open_hardware(config, lambda inp: pygame.event.post(pygame.event.Event(input_type, input=inp)))
    try:
        _loop(ctl, surface, input_type)
    finally:
        if hardware is not None:
            hardware.close()
        journal.close()
        pygame.quit()
    return 0


def _open_hardware(config: Config, sink) -> Any:
    """The hardware adapters of the profile (buttons, NFC, LEDs); ``None`` if not built in."""
    try:
        from .io.hardware import open_hardware
    except ImportError:
        return None
    return open_hardware(config, sink)


def _loop(ctl, surface, input_type: int) -> None:
    import pygame

    first_frame = True
    while ctl.running:
        if ctl.dirty:
            ctl.draw(surface)
            pygame.display.flip()
            if first_frame:     # `table-companion bench` times start-up to this line
                log.info("first frame")
                first_frame = False
        event = pygame.event.wait(WAKE_MS)
        while event.type != pygame.NOEVENT:
            if event.type == pygame.QUIT:
                ctl.running = False
                break
            inp = translate(event, hasattr(ctl.active, "text_entered"), input_type)
            if inp is not None:
                ctl.handle(inp)
            event = pygame.event.poll()
