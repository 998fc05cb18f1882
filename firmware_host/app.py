"""``table-companion run``: the window (simulator) or the full-screen appliance (Pi).

The loop redraws only when something changed and otherwise sleeps until an input can have
arrived. Inputs from the hardware threads go into an :class:`InputQueue`, whose pipe wakes
the loop. Touches and keys come from SDL, which would poll every millisecond if the loop
waited in it (pygame-ce's ``event.wait`` with a time-out is a 1 ms polling loop), so the loop
sleeps in ``select`` on the queue's pipe and on what brings SDL its events: the X server's
connection under X11 (the simulator), the touchscreen's input devices under KMS/DRM (the Pi)
and the headless driver; it asks SDL for events once one of them is readable. (On Wayland,
Windows and macOS it still waits in SDL.) An idle companion wakes about once a second (the
systemd watchdog), or at the next LED frame while the strip pulses, and a tap is handled at
once: first shown pressed, then acted on (a move committed), then drawn.

The screens are laid out for 800x480; on any other display the picture is scaled to fit, with
bars, and touches are mapped back (:mod:`display.viewport`). After ``dim_after_minutes``
without input the screen goes dark (:class:`Idle`); the moment it is due is one more deadline
of the same sleep, and the input that wakes the screen does nothing else.
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
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from . import i18n, watchdog
from .config import load_config
from .inputs import ButtonHeld, ButtonPressed, DeviceStatus, Input, TagRead, TextEntered, Touch

if TYPE_CHECKING:
    import pygame

    from display.controller import Controller
    from display.viewport import View

    from .config import Config
    from .io.backlight import Backlight
    from .session import Stores

log = logging.getLogger(__name__)

WAKE_S = 1.0            # the loop wakes at least this often (watchdog keep-alive)
BAND_KEY = "f2"         # shows or hides the on-screen LED strip (display.viewport)
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


def _sleep_until_input(inputs: InputQueue, devices: list[int], timeout: float,
                       watch: Sequence[int] = ()) -> list[int]:
    """Block in ``select`` until the queue, a device or a ``watch`` descriptor is readable;
    our copies of the device events are discarded (SDL reads its own), the ``watch`` ones (the
    X server's connection) are left for SDL to read. Returns the devices that are gone
    (unplugged: they stay readable and fail to read), for the caller to close."""
    watched: list[InputQueue | int] = [inputs, *devices, *watch]
    readable, _w, _x = select.select(watched, [], [], timeout)
    gone = []
    for fd in readable:
        if isinstance(fd, int) and fd in devices:
            try:
                while os.read(fd, 4096):
                    pass
            except BlockingIOError:
                pass
            except OSError:
                gone.append(fd)
    return gone


def x11_connection() -> tuple[int, Callable[[], int]] | None:
    """The X server connection SDL reads its window's events from, where the video driver is
    X11: ``(fd, queued)``, ``queued()`` sending what Xlib has buffered and returning how many
    events it holds already read (those no ``select`` on ``fd`` would see). ``None`` on another
    driver, or without libX11.

    Why: pygame-ce's ``event.wait(timeout)`` is its own loop of SDL's pump and a 1 ms sleep, so
    a window waiting in it wakes about 1,000 times a second (measured under Xvfb: 870 wake-ups
    and 2.8 % of a core per idle second); ``select`` on this descriptor sleeps until the X
    server sends something."""
    import ctypes
    import ctypes.util

    import pygame

    if pygame.display.get_driver() != "x11":
        return None
    try:
        capsule = pygame.display.get_wm_info().get("display")
        pointer = ctypes.PYFUNCTYPE(ctypes.c_void_p, ctypes.py_object, ctypes.c_char_p)(
            ("PyCapsule_GetPointer", ctypes.pythonapi))
        display = pointer(capsule, b"display")
        xlib = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
        xlib.XConnectionNumber.argtypes = [ctypes.c_void_p]
        xlib.XEventsQueued.argtypes = [ctypes.c_void_p, ctypes.c_int]
        fd = int(xlib.XConnectionNumber(display))
    except (OSError, ValueError, TypeError, AttributeError) as exc:
        log.warning("cannot wait on the X connection (%r): waiting in SDL", exc)
        return None
    queued_after_flush = 2
    return fd, lambda: int(xlib.XEventsQueued(display, queued_after_flush))


def native_framebuffer() -> None:
    """Under X11, have SDL present the window with X's shared-memory images instead of through
    OpenGL (its default there). Without a GPU that is Mesa's llvmpipe: its threads, 140 MB of
    memory and 4 % of a core for an idle window whose LED band pulses (tools.bench, Xvfb); with
    it, 54 MB and 1 %. Call after ``pygame.display.init()``, before ``set_mode``. Other drivers
    are left alone: KMS/DRM and Wayland have only the OpenGL path."""
    import pygame

    if pygame.display.get_driver() == "x11":
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


def _waiter(inputs: InputQueue) -> tuple[Callable[[float], list[Any]], list[int]]:
    """How the loop sleeps until its next input: ``(wait, devices)``, ``wait(timeout)``
    returning the SDL events it already took (module doc). ``devices``: the input devices
    it watches, for the caller to close."""
    import pygame

    x11 = x11_connection()
    if x11 is not None:
        fd, queued = x11

        def wait_x11(timeout: float) -> list[Any]:
            if not queued() and not pygame.event.peek(pump=False):
                _sleep_until_input(inputs, [], timeout, watch=(fd,))
            return []
        return wait_x11, []
    if pygame.display.get_driver() in SDL_CAN_WAIT:
        # Wayland, Windows, macOS: wait in SDL (pygame-ce polls there, every millisecond)
        def wait_sdl(timeout: float) -> list[Any]:
            return [pygame.event.wait(max(1, math.ceil(timeout * 1000)))]   # wait(0): no time limit
        return wait_sdl, []
    devices = input_devices()

    def wait_select(timeout: float) -> list[Any]:
        for fd in _sleep_until_input(inputs, devices, timeout):
            devices.remove(fd)
            os.close(fd)
        return []
    return wait_select, devices


def translate(event: Any, wants_text: bool, view: View | None = None) -> Input | None:
    """A pygame event as an :class:`~firmware_host.inputs.Input` (``None`` if not one).

    Touches arrive as FINGERDOWN; the mouse events SDL synthesises from them are ignored.
    ``view``: where the 800x480 picture is on the display; a touch or click lands in the
    picture's coordinates, and one on a bar or on the LED band is no input. Without it the
    display is the picture.
    """
    import pygame

    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not getattr(event, "touch", False):
        return _touch(view, *event.pos)
    if event.type == pygame.FINGERDOWN:
        if view is not None:
            w, h = view.window
        else:
            window = pygame.display.get_surface()
            assert window is not None       # touches only arrive once the window is open
            w, h = window.get_size()
        return _touch(view, event.x * w, event.y * h)
    if event.type == pygame.TEXTINPUT and wants_text:
        return TextEntered(event.text)
    if event.type == pygame.KEYDOWN:
        name = pygame.key.name(event.key)
        if name == "escape":
            return ButtonHeld("undo")
        if name == "f1":                    # the simulator's key-hint line, on and off
            return ButtonPressed("hints")
        if name == "backspace" or not wants_text:
            button = KEYS.get(name.strip("[]"))
            if button:
                return ButtonPressed(button)
    return None


def _touch(view: View | None, x: float, y: float) -> Touch | None:
    if view is None:
        return Touch(int(x), int(y))
    at = view.to_ui(x, y)
    return Touch(*at) if at is not None else None


#: SDL events that show a player is there (they wake a dark screen even off the picture)
WAKING_EVENTS = ("MOUSEBUTTONDOWN", "FINGERDOWN", "KEYDOWN")


class Idle:
    """Screen dimming. After ``after_s`` seconds of ``clock`` without input (``0``: never) the
    screen goes dark: the panel's light off where ``backlight`` can, and drawn black in any
    case (the loop then draws nothing until it wakes). The next input wakes it and is used for
    nothing else. A backlight left off (by a run that ended dark) is switched on at once.
    """

    def __init__(self, after_s: float, backlight: Backlight | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.after_s = after_s
        self.backlight = backlight
        self.last = clock()
        self.dark = False
        if backlight is not None:
            backlight.power(True)

    def due(self) -> float:
        """When the screen goes dark if nothing happens (``inf``: never, or already dark)."""
        if self.dark or self.after_s <= 0:
            return math.inf
        return self.last + self.after_s

    def tick(self, now: float) -> bool:
        """Go dark if it is time; ``True`` if it just did (the caller draws black)."""
        if now < self.due():
            return False
        self.dark = True
        if self.backlight is not None:
            self.backlight.power(False)
        return True

    def activity(self, now: float) -> bool:
        """A player did something at ``now``. ``True`` if that only woke the screen: the
        caller must not act on it (nor on the rest of the same touch or key press)."""
        self.last = now
        if not self.dark:
            return False
        self.dark = False
        if self.backlight is not None:
            self.backlight.power(True)
        return True


def open_stores(config_path: str | None, **overrides: Any) -> tuple[Config, Stores]:
    """Start-up's one guard around every store: the config file, then the journal and the tag
    registry (:class:`~firmware_host.session.Stores`). Never raises: a config file that cannot
    be used gives the defaults (without the NFC reader and the LED strip, whose wiring it may
    have changed) and a notice, and no journal is opened (its path may be in that file); a
    store that cannot be opened is a notice too. Returns ``(config, stores)``."""
    from dataclasses import replace

    from .config import Config, detect_profile
    from .engine.core import N_
    from .journal import Notice
    from .session import Stores

    try:
        config = load_config(config_path, **overrides)
    except Exception as exc:  # noqa: BLE001 - whatever the config file does, the screen says it
        log.error("config not used: %s", exc)
        config = replace(Config(profile=overrides.get("profile") or detect_profile()), nfc=False, leds=False)
        return config, Stores.failed(Notice(
            N_("The settings cannot be used, so nothing can be saved: {error}"), {"error": str(exc)},
            N_("Fix the settings file (docs/config.md lists every setting), then restart the companion."),
            level="fault"))
    return config, Stores(config.journal_path, config.tags_path)


def run(profile: str | None = None, config_path: str | None = None, journal_path: str | None = None,
        language: str | None = None) -> int:
    """Run until quit (simulator) or stopped (service). Returns the exit code."""
    config, stores = open_stores(config_path, profile=profile, journal=journal_path, language=language)
    # --language wins, then the language chosen on the home screen (kept in the state dir),
    # then the config file's, then the environment's
    i18n.start(config.language, config.state_dir, language, persian_digits=config.persian_digits)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if config.profile == "pi":
        os.environ.setdefault("SDL_VIDEODRIVER", "kmsdrm")
    import pygame

    from display.controller import Controller
    from display.viewport import open_window

    from .engine.leds import LedLayout
    from .io.backlight import SysfsBacklight
    from .io.hardware import open_hardware

    # only what is used: pygame.init() would also start audio and joystick threads that poll
    pygame.display.init()
    pygame.font.init()
    native_framebuffer()
    sim = config.profile == "sim"
    # the simulator's window fits an 800x480 screen; its LED band goes inside (F2)
    window = open_window(not sim or config.fullscreen, "table companion")
    if not sim:
        pygame.mouse.set_visible(False)
    inputs = InputQueue()
    hardware = open_hardware(config, inputs.put)
    ctl = Controller(None, stores=stores, allow_quit=sim, hardware=hardware)
    ctl.usb_path = config.usb_mount         # History → Export to USB, when a stick is mounted there

    def stop(*_args: Any) -> None:      # systemd stops the service with SIGTERM
        ctl.running = False
    signal.signal(signal.SIGTERM, stop)
    try:
        # the simulator never touches a computer's own backlight (it draws black), nor does a
        # companion that never dims
        dims = config.dim_after_minutes > 0
        idle = Idle(config.dim_after_minutes * 60, SysfsBacklight.find() if dims and not sim else None)
        _loop(ctl, window, inputs, hardware, LedLayout.from_config(config), band=sim, idle=idle)
    finally:
        watchdog.notify_stopping()
        hardware.close()
        inputs.close()
        stores.close()
        pygame.quit()
    return 0


def _loop(ctl: Controller, window: pygame.Surface, inputs: InputQueue, hardware: Any = None,
          layout: Any = None, *, band: bool = False, idle: Idle | None = None,
          clock: Callable[[], float] = time.monotonic) -> None:
    """Draw what changed, light the strip, then sleep until the next input, LED frame or the
    moment the screen dims (module doc). ``window``: the display surface, of any size;
    ``band``: show the LED strip on screen even where the picture must shrink for it (the
    simulator; F2 switches it); ``idle``: the dimming (``None``: never dims).

    An input is shown at once where it landed (:func:`_show_pressed`), then acted on (a move is
    committed to the journal), then the screen is drawn from the new state and flipped. A real
    LED strip is written through a :class:`~firmware_host.io.leds.StripWriter`: the loop hands
    it the frame after the flip and goes on while the frame travels down the wire."""
    import pygame

    from display.viewport import Presenter

    from .engine.leds import PULSE_FRAME_S, PULSE_PERIOD_S
    from .games import GAMES
    from .io.leds import SimulatedStrip, StripWriter
    from .ledplan import led_plan

    presenter = Presenter(window, band)
    idle = idle or Idle(0, clock=clock)
    strip = hardware.strip if hardware is not None else None
    writer = StripWriter(strip) if strip is not None and not isinstance(strip, SimulatedStrip) else None
    strip = writer or strip
    waking = tuple(getattr(pygame, name) for name in WAKING_EVENTS)
    resized = (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED)
    wait, devices = _waiter(inputs)
    first_frame = True
    band_shown: int | None = None       # the strip's version the band shows (None: draw it again)
    pulse_frames = round(PULSE_PERIOD_S / PULSE_FRAME_S)    # frames in a pulse's period
    warming: Iterator[None] | None = None   # the warm-up's remaining steps (after the first frame)
    lights = strip is not None and layout is not None
    # the LED plan's frames of one state pulse with the period PULSE_PERIOD_S (engine.leds:
    # ``pulse`` is its only clock): each of a period's frames is computed once
    pulse_for: tuple[Any, Any] = (None, None)
    pulses: dict[int, Any] = {}
    led_due = 0.0 if lights else math.inf   # when the LED plan must be looked at again

    def act(inp: Input) -> None:
        shown = _show_pressed(presenter, ctl, inp)
        ctl.handle(inp)
        if shown is not None:
            ctl.dirty = True            # the next frame replaces the pressed look, whatever the input did

    drawn_dirty = False

    def paint(surface: pygame.Surface) -> None:
        nonlocal drawn_dirty
        ctl.draw(surface)
        drawn_dirty, ctl.dirty = ctl.dirty, True    # not dirty once on the window (scaled or not)

    def present() -> None:
        """Show the screen now, while a long job (an export to USB) keeps the loop waiting;
        the job is alive, so the watchdog is fed too (a big backup outlasts WatchdogSec)."""
        presenter.draw(paint)
        pygame.display.flip()
        watchdog.keepalive()
    ctl.present = present

    band_frames: dict[tuple[Any, ...], pygame.Surface] = {}     # a pulse repeats its frames: drawn once each

    def show_band(flipped: bool) -> None:
        nonlocal band_shown
        band = presenter.band
        if strip is None or band is None or strip.version == band_shown:
            return
        pixels = strip.pixels                               # whatever the strip, its last frame
        area = band.clip(presenter.window.get_rect())
        cached = band_frames.get(pixels)
        if cached is not None and cached.get_size() == area.size:
            presenter.window.blit(cached, area)
        elif presenter.draw_band(pixels) is not None and area.width and area.height:
            if len(band_frames) >= BAND_FRAMES:
                band_frames.pop(next(iter(band_frames)))
            band_frames[pixels] = presenter.window.subsurface(area).copy()
        band_shown = strip.version
        if not flipped:
            pygame.display.update(area)

    try:
        while ctl.running:
            now = clock()
            leds = None
            if lights and now >= led_due:
                assert strip is not None
                s = ctl.session
                state = s.state if s else None
                health = tuple((d.device, d.ok) for d in ctl.devices.values())
                if state is not pulse_for[0] or health != pulse_for[1]:
                    pulse_for, pulses = (state, health), {}
                step = math.floor(now / PULSE_FRAME_S)          # frames on a fixed grid: a pulse repeats
                frame = pulses.get(step % pulse_frames)
                if frame is None:
                    frame = led_plan(GAMES[s.name].led_plan if s else None, s.rules if s else None, state,
                                     layout, ctl.devices.values(), step * PULSE_FRAME_S)
                    if frame.animated:
                        pulses[step % pulse_frames] = frame
                led_due = (step + 1) * PULSE_FRAME_S if frame.animated else math.inf
                if writer is None:              # an in-memory strip: shown at once, drawn below
                    strip.show(frame.pixels)
                else:
                    leds = frame.pixels
            if not idle.dark:
                full = ctl.dirty
                show_band(full)                 # before the picture: drawn once not dirty
                if full:
                    presenter.draw(paint)
                    ctl.dirty = drawn_dirty
                    pygame.display.flip()
                    if first_frame:     # `tools.bench` times start-up to this line
                        log.info("first frame")
                        watchdog.notify_ready()
                        first_frame = False
                        warming = warm_up_steps()   # while the players look at the first frame
            if not first_frame:
                _check_journal(ctl)
            if writer is not None and leds is not None:
                writer.show(leds)               # after the flip: the wire never holds up a frame
                if not idle.dark:
                    show_band(False)
            watchdog.keepalive()
            dim_due = idle.due() if not first_frame else math.inf   # dims only what was shown
            timeout = max(0.0, min(WAKE_S, led_due - now, dim_due - now))
            events = wait(0.0 if warming is not None else timeout)
            now = clock()
            if not first_frame and idle.tick(now):     # an input from now on finds it dark
                presenter.clear()
                pygame.display.flip()
            woke = handled = False
            for event in events + pygame.event.get():
                if event.type == pygame.QUIT:
                    ctl.running = False
                    break
                if event.type in resized:
                    presenter.resize(pygame.display.get_surface() or window)
                    band_shown, ctl.dirty = None, True
                    band_frames.clear()
                    continue
                if event.type in waking:
                    woke = idle.activity(now) or woke
                    if not woke and event.type == pygame.KEYDOWN and pygame.key.name(event.key) == BAND_KEY:
                        presenter.toggle_band()
                        band_shown, ctl.dirty = None, True
                        band_frames.clear()
                        continue
                inp = translate(event, hasattr(ctl.active, "text_entered"), presenter.view)
                if inp is not None and not woke:   # the touch or key that woke the screen does nothing
                    act(inp)
                    handled = True
            # after SDL's events: an input queued while handling them (the simulated reader)
            # is handled now, not at the next wake
            for inp in inputs.drain():
                if not isinstance(inp, DeviceStatus):
                    woke = idle.activity(now) or woke
                    if woke:
                        continue
                act(inp)
                handled = True
            if woke:                                # everything is drawn again
                band_shown, ctl.dirty = None, True
            if handled and lights:
                led_due = clock()                   # a move may change the lights
            elif warming is not None and not handled and not ctl.dirty:
                if next(warming, StopIteration) is StopIteration:     # one step, then look for input
                    warming = None
    finally:
        if writer is not None:
            writer.stop()                           # the last frame written; the strip stays open
        for fd in devices:
            os.close(fd)
        if idle.dark:                               # leave the panel lit
            idle.activity(clock())


def _check_journal(ctl: Controller) -> None:
    """After the first frame: start the journal's whole-file check in the background (once
    per journal: also one opened later by Try again), and say what it found when it found
    damage (``docs/reliability.md``: the file is set aside at the next start)."""
    journal = ctl.journal
    if journal is None:
        return
    check = journal.check_whole_file()      # started once, then the same check
    notice = check.notice()
    if notice is not None:
        ctl.say(notice.text(i18n._), "bad")
        if ctl.stores is not None:      # a lasting fault: the home screen lists it until the next start
            ctl.stores.notices.append(notice)


PRESSED_FRAME = 4       # px: the frame drawn round a pressed widget
BAND_FRAMES = 40        # LED band pictures kept (a pulse cycles through 32)
WARM_SIZES = (*range(10, 27), 40)   # every text size the screens draw (all three games, menus)
WARM_TEXT = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,:;!?()[]+-/%·…→×–"


def _warm_up() -> None:
    """All of :func:`warm_up_steps` at once (the benchmark puts the app's caches back so)."""
    for _step in warm_up_steps():
        pass


def warm_up_steps() -> Iterator[None]:
    """Load, a step at a time, what the first draw of each screen would otherwise load in the
    middle of a move: the fonts at every size the screens use, the glyphs of the common
    characters and every language's name in its own script (the home screen's language
    buttons), then every game's new-game form and first decision drawn off screen (a demo setup
    on a scratch controller with no journal). The loop takes one step each time it finds no
    input waiting, after the first frame (tools.bench: a screen's first draw spent up to 29 ms
    loading fonts, the home screen's 95-118 ms loading the Arabic and CJK fonts, a new-game
    form's 6 ms rendering its texts; the steps take about 0.25 s here in all, each at most a
    screen's draw). A failing step only costs that time later."""
    try:
        from display import text, theme
    except Exception:  # noqa: BLE001 - an optimisation: never a reason to stop
        log.debug("warming up failed", exc_info=True)
        return
    steps: list[Callable[[], Any]] = []
    for bold in (False, True):
        steps += [partial(text.font, size, bold) for size in WARM_SIZES]
        # a wrapped label's line height reads every fallback font's (the CJK collection: 3 ms)
        steps += [partial(text.line_height, size, bold) for size in WARM_SIZES]
        steps.append(partial(text.render, WARM_TEXT, 16, theme.TEXT, bold))
    for lang in i18n.LANGUAGES.values():
        steps += [partial(text.render, lang.name, size, theme.TEXT, True, lang=lang.code) for size in (16, 18)]
    for step in steps:
        try:
            step()
        except Exception:  # noqa: BLE001 - likewise
            log.debug("warming up failed", exc_info=True)
            return
        yield
    try:
        yield from _pre_render()
    except Exception:  # noqa: BLE001 - likewise
        log.debug("pre-rendering the first screens failed", exc_info=True)


def _pre_render() -> Iterator[None]:
    """Draw, off screen, what a new game shows first, for every game: its new-game form and
    its first decision, a step each (:func:`warm_up_steps`)."""
    import random

    import pygame

    from display.controller import Controller
    from display.script import run_line
    from display.viewport import UI_SIZE

    from .data import load
    from .games import GAMES

    canvas = pygame.Surface(UI_SIZE)
    scratch = Controller(None)
    for name, game in GAMES.items():
        run_line(scratch, f"tap new:{name}")
        scratch.draw(canvas)
        scratch.overlays.clear()
        yield
        scratch.start_game(name, game.demo_setup(max(game.players), random.Random(0), load(game.data)))
        scratch.draw(canvas)
        scratch.close_game()
        yield


def _show_pressed(presenter: Any, ctl: Controller, inp: Input) -> Any:
    """Show at once, before ``inp`` is acted on, that it arrived (a move's result appears only
    after its commit, which on an SD card can take tens of milliseconds): the widget under a
    touch, or the one on screen a button stands for (OK, UNDO), gets a frame in the selection
    colour; a button with no widget on screen, or a tag, a badge in the message bar (the
    button's name; a ring for a tag). Only that rectangle is sent to the display. Returns it
    (``None``: nothing to show, e.g. a touch beside every widget)."""
    import pygame

    from display import text, theme

    from .io.buttons import button_label

    screen = ctl.active
    label = None
    target = None
    if isinstance(inp, Touch):
        target = screen.hit(inp.x, inp.y)
        if target is None:
            return None
    elif isinstance(inp, (ButtonPressed, ButtonHeld)):
        target = screen.find(inp.button)
        if target is None or not target.enabled:
            target, label = None, button_label(inp.button)
    elif isinstance(inp, TagRead):
        label = ""
    else:
        return None
    view = presenter.view
    px, py, pw, _ph = view.picture
    scale = pw / theme.WIDTH
    if target is not None:
        r = target.rect
    else:
        r = pygame.Rect(theme.WIDTH // 2 - 70, theme.CONTENT_BOTTOM + 2, 140, theme.MESSAGE_BAR - 4)
    rect = pygame.Rect(px + round(r.x * scale), py + round(r.y * scale), max(1, round(r.w * scale)),
                       max(1, round(r.h * scale))).clip(presenter.window.get_rect())
    if not rect.width or not rect.height:
        return None
    frame = max(2, round(PRESSED_FRAME * scale))
    if label is not None:                       # a badge
        pygame.draw.rect(presenter.window, theme.PANEL_HI, rect, border_radius=rect.height // 2)
        if label:
            text.draw(presenter.window, label, rect.center, max(12, round(16 * scale)), theme.SELECTED, "center",
                      bold=True, max_width=rect.width - 8)
        else:
            pygame.draw.circle(presenter.window, theme.SELECTED, rect.center, max(4, rect.height // 3), frame // 2 + 1)
    pygame.draw.rect(presenter.window, theme.SELECTED, rect, width=frame, border_radius=max(2, round(8 * scale)))
    pygame.display.update(rect)
    return rect
