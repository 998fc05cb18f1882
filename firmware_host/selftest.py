"""``table-companion selftest``: check every part of the box (hardware/wiring.md, last section).

The adapters are those of the profile (``--profile``, else the config's, else detected: as
``run`` chooses), opened by :func:`~firmware_host.io.hardware.open_hardware`, and the screen
is opened as ``run`` opens it. Then, in this order:

* ``display``: the screen opens; its driver, size, full screen and refresh rate are
  reported (a Pi screen that is not full screen fails).
* ``leds``: a chase (each LED red, then green, then blue, one at a time, then all off) is
  written to the strip and every frame is read back from what the driver handed to its data
  line: for the WS2812 strip the bytes given to the NeoPixel's transmit (colour order and
  brightness applied), for the simulated strip its frame. ``leds by eye``: asked on the
  terminal (``yes=True``, ``--yes``, skips the question and says so).
* ``button <name>``: each of the eight buttons seen pressed and then released, through the
  adapter's own debounce (``debounce_ms``). ``undo hold``: UNDO held for ``hold_ms`` is
  reported as a hold, then released. In the simulator the keys of README's table stand in,
  through the same debounce and hold state machine (:class:`~.io.buttons.ButtonState`).
* ``nfc``: the reader answers, and a tag touched to it is read (simulator: T in the window).
* ``touch``: a target at each corner of the screen, each tapped near its centre.

Every prompt goes to ``out`` (stdout) and waits at most ``timeout`` seconds. The summary has
PASS, FAIL or SKIPPED for every check and ends with ``failed: ...``; the exit code is 1 if a
check failed. A part that is missing or fails to open is a FAIL with its reason, never a
traceback. On a Pi, stop the service first (``sudo systemctl stop table-companion``): it holds
the pins, the serial port and the screen.
"""

from __future__ import annotations

import logging
import math
import os
import queue
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .config import Config
from .i18n import _
from .inputs import BUTTONS, ButtonHeld, ButtonPressed, DeviceStatus, Input, InputSink, TagRead, Touch
from .io.buttons import HOLDABLE, ButtonState, button_label
from .io.hardware import Hardware, open_hardware
from .io.leds import OFF, RGB, NeoPixelStrip, Strip
from .io.nfc import NfcReader, SimulatedNfc

log = logging.getLogger(__name__)

PASS, FAIL, SKIPPED = "PASS", "FAIL", "SKIPPED"
CHASE: tuple[RGB, ...] = ((255, 0, 0), (0, 255, 0), (0, 0, 255))
SCREEN = (800, 480)                   # what every screen is laid out for (scaled to the display by run)
CORNER_INSET = 40                     # the corner targets' centres, from the screen's edges
NEAR_PX = 60                          # a tap this close to a target's centre hits it
TARGET_PX = 24                        # the target's radius (a 48 px touch target)
SIM_TAG = "0453454c465431"            # the tag the simulator's T key touches to its reader
SIM_KEYS = {**{f"bowl{i}": str(i) for i in range(1, 7)}, "ok": "Enter", "undo": "Backspace"}
POLL_S = 0.01                         # how often a wait looks at the screen's events
CHECK_NAMES = ("display", "leds", "leds by eye", *(f"button {b}" for b in BUTTONS), "undo hold", "nfc", "touch")
REASONS_FROM = {"buttons": "firmware_host.io.hardware", "nfc": "firmware_host.io.nfc", "leds": "firmware_host.io.leds"}


@dataclass(frozen=True)
class Check:
    """One line of the summary: ``name`` as listed after ``failed:``, PASS/FAIL/SKIPPED, why."""

    name: str
    status: str
    detail: str


class _Stopped(Exception):
    """The window was closed or Ctrl-C pressed: the checks not yet done are not run."""


class _Reasons(logging.Handler):
    """The adapters' warnings while the self-test runs: they name why a part failed to open
    (the exception), which the status messages shown to players leave out."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def last(self, logger: str, besides: str = "") -> str | None:
        """The last warning of ``logger`` other than ``besides`` (the status message)."""
        for record in reversed(self.records):
            if record.name == logger and record.getMessage() != besides:
                return record.getMessage()
        return None


class _StripTap:
    """The strip opener, wrapped: keeps the strip it built and why opening failed, and records
    every buffer the NeoPixel driver hands to its transmit (the bytes for the data line)."""

    def __init__(self, opener: Callable[[], Strip]) -> None:
        self._opener = opener
        self.strip: Strip | None = None
        self.error: BaseException | None = None
        self.sent: list[bytes] = []
        self.wired = False                 # the transmit is recorded

    def __call__(self) -> Strip:
        try:
            strip = self._opener()
        except Exception as exc:
            self.error = exc
            raise
        self.strip = strip
        driver = getattr(strip, "_np", None)           # NeoPixelStrip's adafruit NeoPixel
        transmit = getattr(driver, "_transmit", None)
        if transmit is not None:
            def recorded(buffer: Any) -> Any:
                self.sent.append(bytes(buffer))
                try:
                    return transmit(buffer)
                except Exception as exc:
                    self.error = exc
                    raise
            driver._transmit = recorded    # type: ignore[union-attr]
            self.wired = True
        return strip


class _KeyButtons:
    """The simulator's keys (README: Keys) as the eight buttons, each through the GPIO
    adapter's own state machine: a key counts once held ``debounce_ms``, Backspace held
    ``hold_ms`` is UNDO held. Driven by the self-test's event loop (:meth:`key`, :meth:`tick`)."""

    def __init__(self, config: Config, sink: InputSink) -> None:
        from .app import KEYS

        self._keys = KEYS
        self._sink = sink
        timing = {"debounce": config.debounce_ms / 1000, "hold": config.hold_ms / 1000, "stuck": config.stuck_s}
        now = time.monotonic()
        self._states = {name: ButtonState.started(name, False, now, holdable=name in HOLDABLE, **timing)
                        for name in BUTTONS}

    def key(self, key_name: str, down: bool) -> None:
        button = self._keys.get(key_name.strip("[]"))
        if button in self._states:
            self._deliver(self._states[button].edge(down, time.monotonic()))

    def tick(self) -> None:
        now = time.monotonic()
        for state in self._states.values():
            self._deliver(state.tick(now))

    def _deliver(self, inputs: list[Input]) -> None:
        for inp in inputs:
            self._sink(inp)

    def is_pressed(self, button: str) -> bool:
        return self._states[button].stable


class _Screen:
    """The screen as ``run`` opens it: on the Pi (or with ``fullscreen``) full screen at the
    display's own size through KMS/DRM, else an 800x480 window. The pygame display is shut
    again on :meth:`close`, or the window put back as it was if it was already open (tests
    share one)."""

    def __init__(self, config: Config) -> None:
        if config.profile == "pi":
            os.environ.setdefault("SDL_VIDEODRIVER", "kmsdrm")
        import pygame

        from display.viewport import open_window

        self._owned = not pygame.display.get_init()
        self._fonts_owned = not pygame.font.get_init()
        before = pygame.display.get_surface() if not self._owned else None
        self._before = (before.get_size(), before.get_flags()) if before is not None else None
        self.pi = config.profile == "pi"
        try:
            pygame.display.init()
            pygame.font.init()
            self.window = open_window(self.pi or config.fullscreen, "table companion: self-test")
        except BaseException:
            self.close()
            raise
        if self.pi:
            pygame.mouse.set_visible(False)
        pygame.event.clear()

    def mode(self) -> tuple[bool, str]:
        """Whether the mode is the one the game needs, and the mode in words."""
        import pygame

        w, h = self.window.get_size()
        full = bool(self.window.get_flags() & pygame.FULLSCREEN)
        try:
            hz = pygame.display.get_current_refresh_rate()
        except pygame.error:
            hz = 0
        try:
            desktop = pygame.display.get_desktop_sizes()
        except pygame.error:
            desktop = []
        words = [_("driver {driver}").format(driver=pygame.display.get_driver()), f"{w}x{h}",
                 _("full screen") if full else _("windowed"),
                 _("{hz} Hz").format(hz=hz) if hz else _("refresh rate unknown")]
        if desktop:
            words.append(_("display {w}x{h}").format(w=desktop[0][0], h=desktop[0][1]))
        if (w, h) != SCREEN:
            words.append(_("the {w}x{h} picture is scaled to fit").format(w=SCREEN[0], h=SCREEN[1]))
        if self.pi and not full:
            return False, ", ".join(words) + _("; not full screen (the appliance runs full screen)")
        return True, ", ".join(words)

    def show(self, prompt: str, target: tuple[int, int] | None = None, strip: Sequence[RGB] | None = None) -> None:
        import pygame

        from display import text, theme
        from display.strip import draw_strip

        win = self.window
        w, h = win.get_size()
        win.fill(theme.BG)
        text.draw(win, _("Self-test"), (w // 2, h // 2 - 130), 22, theme.MUTED, anchor="midtop")
        y = h // 2 - 80
        for line in text.wrap(prompt, 28, min(600, w - 4 * CORNER_INSET)):
            text.draw(win, line, (w // 2, y), 28, theme.TEXT, anchor="midtop")
            y += 38
        if target is not None:
            x, y, r = target[0], target[1], TARGET_PX
            pygame.draw.circle(win, theme.ACCENT, target, r, 4)
            pygame.draw.line(win, theme.ACCENT, (x - r, y), (x + r, y), 2)
            pygame.draw.line(win, theme.ACCENT, (x, y - r), (x, y + r), 2)
        if strip is not None:
            draw_strip(win, pygame.Rect(0, h - 28, w, 28), strip)
        pygame.display.flip()

    def close(self) -> None:
        import pygame

        if self._owned and pygame.display.get_init():
            pygame.display.quit()
        elif self._before is not None and pygame.display.get_init():
            pygame.display.set_mode(*self._before)       # the window as its owner had it
        if self._fonts_owned and pygame.font.get_init():
            from display import text

            text.clear_cache()          # its cached fonts die with pygame.font
            pygame.font.quit()


def _wire(frame: Sequence[RGB], order: str, brightness: float) -> bytes:
    """The bytes a WS2812 strip of ``order`` gets for ``frame`` at ``brightness``."""
    return bytes(int(px["RGB".index(c)] * brightness) for px in frame for c in order)


def _difference(sent: bytes, wanted: bytes, order: str) -> str | None:
    """Where the bytes sent differ from those wanted (1 apart is rounding), ``None`` if nowhere."""
    if len(sent) != len(wanted):
        return _("{got} bytes sent for {n} LEDs").format(got=len(sent), n=len(wanted) // len(order))
    step = len(order)
    for i in range(0, len(wanted), step):
        got, want = sent[i:i + step], wanted[i:i + step]
        if any(abs(a - b) > 1 for a, b in zip(got, want)):
            return _("LED {i}: sent {got}, expected {want} ({order})").format(
                i=i // step, got=got.hex(" "), want=want.hex(" "), order=order)
    return None


def corners(size: tuple[int, int]) -> dict[str, tuple[int, int]]:
    """The centres of the four corner targets on a screen of ``size``."""
    w, h, d = size[0], size[1], CORNER_INSET
    return {"top-left": (d, d), "top-right": (w - d, d), "bottom-left": (d, h - d), "bottom-right": (w - d, h - d)}


def _corner(corner: str) -> str:
    return {"top-left": _("top left"), "top-right": _("top right"), "bottom-left": _("bottom left"),
            "bottom-right": _("bottom right")}[corner]


def _say(line: str) -> None:
    print(line, flush=True)


class _SelfTest:
    def __init__(self, config: Config, out: Callable[[str], Any], ask: Callable[[str], str], *, yes: bool,
                 timeout: float, reader_timeout: float, blink_s: float, pin_factory: Any,
                 strip_opener: Callable[[], Strip] | None) -> None:
        self.config = config
        self.pi = config.profile == "pi"
        self.out, self.ask, self.yes = out, ask, yes
        self.timeout, self.reader_timeout, self.blink_s = timeout, reader_timeout, blink_s
        self.pin_factory = pin_factory
        self.tap = _StripTap(strip_opener or (lambda: NeoPixelStrip(
            config.led_pin, config.led_count, config.led_brightness, config.led_order)))
        self.q: queue.Queue[Input] = queue.Queue()
        self.devices: dict[str, DeviceStatus] = {}
        self.reasons = _Reasons()
        self.checks: list[Check] = []
        self.hw: Hardware | None = None
        self.screen: _Screen | None = None
        self.keys: _KeyButtons | None = None
        self.unseen: str | None = _("the LEDs were not lit")   # why nobody is asked about the LEDs

    # ------------------------------------------------------------------ the run

    def run(self) -> int:
        c = self.config
        self.out(_("Self-test, {profile} profile: the screen, the LED strip, the {n} buttons, the NFC reader "
                   "and the touchscreen; each prompt waits {s:g} s.").format(profile=c.profile, n=len(BUTTONS),
                                                                             s=self.timeout))
        io_log = logging.getLogger("firmware_host.io")
        io_log.addHandler(self.reasons)
        try:
            try:
                self.hw = open_hardware(c, self.q.put, pin_factory=self.pin_factory, strip_opener=self.tap)
            except Exception as exc:          # it reports hardware trouble itself: this is a bug
                log.debug("opening the adapters failed", exc_info=True)
                self.checks = [Check(n, FAIL, _("the adapters could not be opened: {error}").format(error=repr(exc)))
                               for n in CHECK_NAMES]
                return self._summary()
            self.out(_("Adapters: {adapters}.").format(adapters=self._adapters()))
            steps: list[tuple[list[str], Callable[[], Iterable[Check]]]] = [
                (["display"], self._display),
                (["leds"], self._leds),
                (["leds by eye"], self._eye),
                ([f"button {b}" for b in BUTTONS] + ["undo hold"], self._buttons),
                (["nfc"], self._nfc),
                (["touch"], self._touch),
            ]
            stopped: str | None = None
            for names, step in steps:
                if stopped is None:
                    try:
                        for check in step():          # one by one: a stop keeps what was done
                            self.checks.append(check)
                        continue
                    except (_Stopped, KeyboardInterrupt):
                        stopped = _("the self-test was stopped")
                    except Exception as exc:          # a bug or an odd driver: reported, not raised
                        log.debug("self-test step %s failed", names[0], exc_info=True)
                        done = {ch.name for ch in self.checks}
                        self.checks += [Check(n, FAIL, _("error: {error}").format(error=repr(exc)))
                                        for n in names if n not in done]
                        continue
                done = {ch.name for ch in self.checks}
                self.checks += [Check(n, FAIL, _("not run: {why}").format(why=stopped)) for n in names if n not in done]
        finally:
            if self.hw is not None:
                self.hw.close()
            if self.screen is not None:
                self.screen.close()
            io_log.removeHandler(self.reasons)
        return self._summary()

    def _adapters(self) -> str:
        assert self.hw is not None
        c, hw = self.config, self.hw
        if not self.pi:
            buttons = _("keyboard (debounce {d} ms)").format(d=c.debounce_ms)
        elif hw.buttons is None:
            buttons = _("none (failed to open)")
        else:
            buttons = _("{kind} on GPIO (debounce {d} ms)").format(kind=type(hw.buttons).__name__, d=c.debounce_ms)
        if isinstance(hw.nfc, NfcReader):
            nfc = _("{kind} on {port}").format(kind=type(hw.nfc).__name__, port=hw.nfc.port)
        else:
            nfc = type(hw.nfc).__name__ if hw.nfc is not None else _("none (nfc = false)")
        if not self.pi or not c.leds:
            strip = _("{kind} ({n} LEDs)").format(kind=type(hw.strip).__name__, n=hw.strip.count)
        elif self.tap.strip is None:
            strip = _("none (failed to open)")
        else:
            strip = _("{kind} on GPIO{pin} ({n} LEDs)").format(kind=type(self.tap.strip).__name__, pin=c.led_pin,
                                                              n=hw.strip.count)
        return f"buttons={buttons}, nfc={nfc}, strip={strip}"

    def _summary(self) -> int:
        self.out("")
        width = max(len(ch.name) for ch in self.checks) + 2
        self.out(f"{'check':<{width}}{'result':<9}detail")
        for ch in self.checks:
            self.out(f"{ch.name:<{width}}{ch.status:<9}{ch.detail}")
        failed = [ch.name for ch in self.checks if ch.status == FAIL]
        skipped = sum(1 for ch in self.checks if ch.status == SKIPPED)
        if failed:
            self.out("failed: " + ", ".join(failed))
            return 1
        self.out(_("Every check passed ({n} skipped).").format(n=skipped) if skipped else _("Every check passed."))
        return 0

    # ------------------------------------------------------------------ waiting

    def _note(self, inp: Input) -> bool:
        """Remember a device status (printing a failure); ``True`` if ``inp`` was one."""
        if not isinstance(inp, DeviceStatus):
            return False
        self.devices[inp.device] = inp
        if not inp.ok:
            self.out(f"  ! {inp.message}")
        return True

    def pump(self) -> None:
        """The screen's events: taps become :class:`Touch` inputs; in the simulator the keys
        drive the buttons (and T the reader). Closing the window stops the self-test."""
        if self.screen is not None:
            import pygame

            from .app import translate

            for event in pygame.event.get():
                if event.type == pygame.QUIT:
                    raise _Stopped
                if event.type in (pygame.KEYDOWN, pygame.KEYUP):
                    if self.pi:
                        continue                 # only the real buttons count on the box
                    name = pygame.key.name(event.key)
                    reader = self.hw.nfc if self.hw is not None else None
                    if name == "t":
                        if event.type == pygame.KEYDOWN and isinstance(reader, SimulatedNfc):
                            reader.tap(SIM_TAG)
                    elif self.keys is not None:
                        self.keys.key(name, event.type == pygame.KEYDOWN)
                elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN):
                    inp = translate(event, False)
                    if inp is not None:
                        self.q.put(inp)
        if self.keys is not None:
            self.keys.tick()

    def next(self, deadline: float) -> Input | None:
        """The next input other than a device status; ``None`` at ``deadline`` (monotonic)."""
        while True:
            self.pump()
            try:
                inp = self.q.get_nowait()
            except queue.Empty:
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                try:
                    inp = self.q.get(timeout=min(POLL_S, left))
                except queue.Empty:
                    continue
            if not self._note(inp):
                return inp

    def wait_for(self, condition: Callable[[], bool], deadline: float) -> bool:
        """Wait until ``condition()`` holds (``True``) or ``deadline`` passes (``False``)."""
        while True:
            self.pump()
            if condition():
                return True
            if time.monotonic() >= deadline:
                return False
            time.sleep(POLL_S)

    def drain(self) -> None:
        """Forget what came before a prompt (device statuses are remembered)."""
        self.pump()
        while True:
            try:
                self._note(self.q.get_nowait())
            except queue.Empty:
                return

    def prompt(self, text: str, **screen: Any) -> None:
        self.drain()
        if self.screen is not None:
            self.screen.show(text, **screen)
        self.out(text)

    def reason(self, device: str, fallback: str) -> str:
        """Why ``device`` failed: its status message and the error the adapter logged."""
        self.drain()
        status = self.devices.get(device)
        message = status.message if status is not None and not status.ok else fallback
        logged = self.reasons.last(REASONS_FROM[device], besides=message)
        return f"{message} ({logged})" if logged else message

    # ------------------------------------------------------------------ the checks

    def _display(self) -> list[Check]:
        try:
            self.screen = _Screen(self.config)
        except Exception as exc:
            return [Check("display", FAIL, _("cannot open the screen: {error}").format(error=f"{exc}" or repr(exc)))]
        if not self.pi:
            self.keys = _KeyButtons(self.config, self.q.put)
        ok, detail = self.screen.mode()
        return [Check("display", PASS if ok else FAIL, detail)]

    def _leds(self) -> list[Check]:
        assert self.hw is not None
        c, strip = self.config, self.hw.strip
        if self.pi and not c.leds:
            self.unseen = _("not fitted (leds = false)")
            return [Check("leds", SKIPPED, self.unseen)]
        if not getattr(strip, "ok", True):
            why = f"{type(self.tap.error).__name__}: {self.tap.error}" if self.tap.error else self.reason(
                "leds", _("does not open"))
            self.unseen = _("the strip is not working")
            return [Check("leds", FAIL, _("cannot be driven on GPIO{pin}: {why}").format(pin=c.led_pin, why=why))]
        n = strip.count
        frames = [[colour if j == i else OFF for j in range(n)] for colour in CHASE for i in range(n)] + [[OFF] * n]
        text = _("Watch the LED strip: each LED lights red, then green, then blue, one after the other.")
        self.prompt(text, strip=frames[0] if not self.pi else None)
        problem: str | None = None
        for frame in frames:
            before = len(self.tap.sent)
            strip.show(frame)
            if not getattr(strip, "ok", True):
                why = repr(self.tap.error) if self.tap.error else self.reason("leds", _("write failed"))
                self.unseen = _("the strip is not working")
                return [Check("leds", FAIL, _("stopped working while the pattern was written: {why}").format(why=why))]
            problem = problem or self._read_back(strip, frame, before)
            if self.screen is not None and not self.pi:
                self.screen.show(text, strip=frame)
            self.pump()
            if self.blink_s:
                time.sleep(self.blink_s)
        if problem:
            self.unseen = _("the read-back failed")
            return [Check("leds", FAIL, _("read back wrong: {problem}").format(problem=problem))]
        if self.tap.wired:
            source = _("the bytes sent to the data line ({order}, brightness {b:g})").format(
                order=c.led_order, b=c.led_brightness)
        else:
            source = _("the {kind}'s frame").format(kind=type(self.tap.strip or strip).__name__)
        self.unseen = None
        return [Check("leds", PASS, _("{n} LEDs; all {k} frames read back from {source}").format(
            n=n, k=len(frames), source=source))]

    def _read_back(self, strip: Strip, frame: Sequence[RGB], before: int) -> str | None:
        """What differs between ``frame`` and what reached the strip's driver."""
        if self.tap.wired:
            if len(self.tap.sent) == before:
                return _("a frame was not sent to the strip")
            return _difference(self.tap.sent[-1], _wire(frame, self.config.led_order, self.config.led_brightness),
                               self.config.led_order)
        pixels = getattr(self.tap.strip or strip, "pixels", None)
        if pixels is None:
            return _("the strip cannot be read back")
        if len(pixels) != len(frame):
            return _("{got} LEDs read back for {n}").format(got=len(pixels), n=len(frame))
        for i, (got, want) in enumerate(zip(pixels, frame)):
            if tuple(got) != tuple(want):
                return _("LED {i}: shows {got}, expected {want}").format(i=i, got=tuple(got), want=tuple(want))
        return None

    def _eye(self) -> list[Check]:
        return [self._eye_check()]

    def _eye_check(self) -> Check:
        if self.unseen is not None:
            return Check("leds by eye", SKIPPED, self.unseen)
        if self.yes:
            self.out(_("--yes: nobody is asked whether the LEDs lit as they should."))
            return Check("leds by eye", SKIPPED, _("not looked at (--yes: unattended run)"))
        question = _("Did each LED light red, then green, then blue, one after the other? [y/n] ")
        if self.screen is not None:
            self.screen.show(_("Answer on the terminal: {question}").format(question=question.strip()))
        for _attempt in range(3):
            try:
                answer = self.ask(question).strip().lower()
            except EOFError:
                self.out("")
                return Check("leds by eye", FAIL, _("no answer on the terminal (--yes runs without asking)"))
            if answer in ("y", "yes"):
                return Check("leds by eye", PASS, _("confirmed by eye"))
            if answer in ("n", "no"):
                return Check("leds by eye", FAIL, _("not as they should be: see hardware/wiring.md, if a part fails"))
        return Check("leds by eye", FAIL, _("no clear answer"))

    def _buttons(self) -> Iterator[Check]:
        assert self.hw is not None
        source: Any = self.hw.buttons if self.pi else self.keys
        names = [f"button {b}" for b in BUTTONS] + ["undo hold"]
        if source is None:
            why = (self.reason("buttons", _("the buttons could not be opened")) if self.pi
                   else _("the simulator's keys need the screen (see display)"))
            yield Check(names[0], FAIL, why)
            yield from (Check(n, FAIL, _("as {first}").format(first=names[0])) for n in names[1:])
            return
        for button in BUTTONS:
            yield self._button(source, button)
        yield self._hold(source)

    def _label(self, button: str) -> str:
        label = button_label(button)
        return label if self.pi else _("{button} (key {key})").format(button=label, key=SIM_KEYS[button])

    def _released(self, source: Any, button: str) -> bool:
        return self.wait_for(lambda: not source.is_pressed(button), time.monotonic() + self.timeout)

    def _button(self, source: Any, button: str) -> Check:
        name = f"button {button}"
        self.prompt(_("Press {button} and release it (within {s:g} s).").format(button=self._label(button),
                                                                               s=self.timeout))
        deadline = time.monotonic() + self.timeout
        wrong: list[str] = []
        while True:
            inp = self.next(deadline)
            if inp is None:
                detail = _("no press")
                if wrong:
                    detail += _("; got {others} instead: check the wiring").format(
                        others=", ".join(button_label(w) for w in wrong))
                return Check(name, FAIL, detail)
            if isinstance(inp, (ButtonPressed, ButtonHeld)):
                if inp.button == button:
                    break
                if inp.button not in wrong:
                    wrong.append(inp.button)
        if not self._released(source, button):
            return Check(name, FAIL, _("pressed, but not released within {s:g} s: stuck, or a normally-closed "
                                       "button?").format(s=self.timeout))
        detail = _("pressed and released")
        if wrong:
            detail += _(" ({others} came first: check the wiring)").format(
                others=", ".join(button_label(w) for w in wrong))
        return Check(name, PASS, detail)

    def _hold(self, source: Any) -> Check:
        hold = self.config.hold_ms / 1000
        self.prompt(_("Hold {button} down for {hold:g} s, then release it (within {s:g} s).").format(
            button=self._label("undo"), hold=hold, s=self.timeout + hold))
        deadline = time.monotonic() + self.timeout + hold
        short = 0
        while True:
            inp = self.next(deadline)
            if inp is None:
                why = (_("pressed {n} time(s), each released before {hold:g} s").format(n=short, hold=hold) if short
                       else _("not held"))
                return Check("undo hold", FAIL, why)
            if isinstance(inp, ButtonHeld) and inp.button == "undo":
                break
            if isinstance(inp, ButtonPressed) and inp.button == "undo":
                short += 1
                self.out(_("  released too soon: hold it down for {hold:g} s").format(hold=hold))
        if not self._released(source, "undo"):
            return Check("undo hold", FAIL, _("held, but not released within {s:g} s").format(s=self.timeout))
        return Check("undo hold", PASS, _("held {hold:g} s (seen as a hold), then released").format(hold=hold))

    def _nfc(self) -> list[Check]:
        assert self.hw is not None
        reader = self.hw.nfc
        if reader is None:
            if self.pi and not self.config.nfc:
                return [Check("nfc", SKIPPED, _("not fitted (nfc = false)"))]
            return [Check("nfc", FAIL, _("no reader"))]
        if not self.wait_for(lambda: reader.ok is True, time.monotonic() + self.reader_timeout):
            why = self.reason("nfc", _("no answer"))
            return [Check("nfc", FAIL, _("not answering on {port}: {why}").format(port=self.config.serial_port,
                                                                                  why=why))]
        if isinstance(reader, SimulatedNfc) and self.screen is None:
            return [Check("nfc", FAIL, _("the simulator's reader needs the screen (key T; see display)"))]
        if isinstance(reader, SimulatedNfc):
            self.prompt(_("Touch a tag to the reader (within {s:g} s; simulator: press T in the window).").format(
                s=self.timeout))
        else:
            self.prompt(_("Touch a tag to the reader (within {s:g} s).").format(s=self.timeout))
        deadline = time.monotonic() + self.timeout
        while (inp := self.next(deadline)) is not None:
            if isinstance(inp, TagRead):
                return [Check("nfc", PASS, _("read tag {uid}").format(uid=inp.uid))]
        return [Check("nfc", FAIL, _("the reader answers but read no tag within {s:g} s").format(s=self.timeout))]

    def _touch(self) -> list[Check]:
        if self.screen is None:
            return [Check("touch", FAIL, _("no screen (see display)"))]
        missed: list[str] = []
        targets = corners(self.screen.window.get_size())
        for corner, (x, y) in targets.items():
            self.prompt(_("Tap the target in the {corner} corner of the screen (within {s:g} s).").format(
                corner=_corner(corner), s=self.timeout), target=(x, y))
            deadline = time.monotonic() + self.timeout
            far: list[str] = []
            while True:
                inp = self.next(deadline)
                if inp is None:
                    missed.append(_corner(corner) + (_(" (taps at {taps}: too far from the target)").format(
                        taps=", ".join(far)) if far else ""))
                    break
                if isinstance(inp, Touch):
                    if math.hypot(inp.x - x, inp.y - y) <= NEAR_PX:
                        break
                    far.append(f"({inp.x}, {inp.y})")
        if missed:
            return [Check("touch", FAIL, _("not tapped: {corners}").format(corners="; ".join(missed)))]
        return [Check("touch", PASS, _("all {n} corners tapped").format(n=len(targets)))]


def selftest(config: Config, out: Callable[[str], Any] = _say, ask: Callable[[str], str] = input, *,
             yes: bool = False, timeout: float = 15.0, reader_timeout: float = 5.0, blink_s: float = 0.05,
             pin_factory: Any = None, strip_opener: Callable[[], Strip] | None = None) -> int:
    """Check every part with the adapters of ``config.profile`` (module doc); 0 if every check
    passed or was skipped, else 1 (the summary's last line lists what failed).

    ``out`` gets each line (prompts and the summary); ``ask`` asks the by-eye question and
    returns the answer (``input``; ``yes=True`` does not ask). ``timeout``: seconds each prompt
    waits; ``reader_timeout``: seconds the NFC reader has to answer. ``pin_factory`` and
    ``strip_opener`` go to :func:`~firmware_host.io.hardware.open_hardware` (tests pass gpiozero's
    MockFactory and a NeoPixelStrip on Blinka's OS-agnostic board).
    """
    return _SelfTest(config, out, ask, yes=yes, timeout=timeout, reader_timeout=reader_timeout, blink_s=blink_s,
                     pin_factory=pin_factory, strip_opener=strip_opener).run()

