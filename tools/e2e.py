"""Input to pixels, end to end, through the real app loop: the benchmark's child process.

``python -m tools.e2e --driver dummy|x11 [--games N] [--limit K] --dir DIR`` plays seeded
games of the reference game (the benchmark's, :data:`tools.bench.REFERENCE`) through the
companion's real input path and prints one JSON object: every input with the time of each of
its stages. The app is built as ``run --profile pi`` builds it, in this process:

* the eight buttons: our :class:`~firmware_host.io.buttons.Buttons` on gpiozero's
  ``MockFactory`` pins; a press is the pin's falling edge (``drive_low``), and its time is the
  input's start; UNDO acts on its release, which is its start;
* the NFC reader: our :class:`~firmware_host.io.nfc.NfcReader` on the PN532 emulator of the
  tests (``tests/io/pn532_emulator.py``) over a pseudo-terminal; the start is the moment the
  emulated chip writes the frame with the tag's UID (the tag read); a tap the screens would
  make on a tagged thing (``tap goods:furs``) is made with that thing's tag instead;
* touches: an SDL ``FINGERDOWN`` event posted while the touchscreen's device becomes readable
  (a pipe stands in for ``/dev/input/event*``, which the loop watches under KMS/DRM and the
  dummy driver); under X11 a real click sent to the X server with XTest;
* the journal: SQLite with ``synchronous=FULL`` in ``DIR`` (its fsync on that disk);
* the LED strip: ``StripWriter(SafeStrip(NeoPixelStrip))`` on Blinka's Raspberry Pi driver with
  only the wire replaced (:mod:`tools.pi_leds`);
* the loop: :func:`firmware_host.app._loop` on this process's main thread, the display SDL's
  ``dummy`` or ``x11`` driver (``DISPLAY`` set by the caller).

A driver thread makes each input once the loop sleeps and the LED writer is idle (a player
does not press within a millisecond of the last frame), then waits for the frame. Stages, in
milliseconds (:data:`STAGES`): ``decide`` the source until the input is queued (the debounce
decision, or the reader's parsing of the tag), ``wake`` until the loop runs, ``feedback`` the
pressed widget drawn and sent, ``engine`` the screen and the rules, ``commit`` the journal
(fsync), ``leds`` the LED plan, ``draw`` the new frame, ``flip`` presenting it, ``other`` the
rest (event translation, Python between them). ``total`` ends when the flip returns; ``cpu``
is the time the UI thread ran from its wake to then (the rest of ``total`` it waited: for the
disk, the CPU, the GIL).
"""

from __future__ import annotations

import argparse
import ctypes
import hashlib
import json
import os
import random
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
KINDS = ("button", "touch", "nfc")
STAGES = ("decide", "wake", "feedback", "engine", "commit", "leds", "draw", "flip", "other")
GAP_S = 0.003           # pause after the previous frame (and LED write) before the next input
FRAME_TIMEOUT_S = 5.0   # an input whose frame never comes is recorded as lost
UNDO_RATE = 0.03        # share of moves followed by an UNDO press
PLAYERS = 4


def _environment(driver: str) -> None:
    os.environ["SDL_VIDEODRIVER"] = driver
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ["SDL_VIDEO_WINDOW_POS"] = "0,0"          # XTest clicks land in root coordinates
    os.environ["GPIOZERO_PIN_FACTORY"] = "mock"
    os.environ["BLINKA_OS_AGNOSTIC"] = "1"


class Trace:
    """One input: its kind, script line, start and the stage times (seconds)."""

    def __init__(self, kind: str, line: str) -> None:
        self.kind, self.line = kind, line
        self.t0 = time.perf_counter()
        self.put: float | None = None
        self.wake: float | None = None
        self.feedback_end: float | None = None
        self.end: float | None = None
        self.handled = False
        self.committed = False
        self.spans = dict.fromkeys(("feedback", "handle", "commit", "leds", "draw", "flip"), 0.0)
        self.led_handoff: float | None = None
        self.placed: float | None = None                  # NFC: when the tag was put on the reader
        self.cpu0: float | None = None                    # the UI thread's CPU time when it woke
        self.cpu = 0.0

    def started(self, at: float) -> None:
        """The loop runs for this input (called on the UI thread)."""
        if self.wake is None:
            self.wake = at
            self.cpu0 = time.thread_time()

    def record(self) -> dict[str, Any]:
        assert self.end is not None
        ms = 1000.0
        put = self.put if self.put is not None else self.t0
        wake = self.wake if self.wake is not None else put
        stages = {"decide": (put - self.t0) * ms, "wake": (wake - put) * ms,
                  "feedback": self.spans["feedback"] * ms,
                  "engine": (self.spans["handle"] - self.spans["commit"]) * ms,
                  "commit": self.spans["commit"] * ms, "leds": self.spans["leds"] * ms,
                  "draw": self.spans["draw"] * ms, "flip": self.spans["flip"] * ms}
        total = (self.end - self.t0) * ms
        stages["other"] = max(0.0, total - sum(stages.values()))
        return {"kind": self.kind, "line": self.line, "committed": self.committed, "total": total, "cpu": self.cpu * ms,
                "to_feedback": ((self.feedback_end or self.end) - self.t0) * ms, "stages": stages,
                "led_handoff": None if self.led_handoff is None else (self.led_handoff - self.t0) * ms,
                "t0": self.t0, "reader_wait": None if self.placed is None else (self.t0 - self.placed) * ms}


class Tracer:
    """Wraps the loop's steps (module doc) and hands each finished input to the driver."""

    def __init__(self, inputs: Any) -> None:
        self.inputs = inputs
        self.current: Trace | None = None
        self.just_ended: Trace | None = None
        self.done = threading.Event()
        self.asleep = threading.Event()
        self.records: list[dict[str, Any]] = []
        self.commits: list[float] = []
        self.writer: Any = None

    def begin(self, kind: str, line: str) -> Trace:
        self.done.clear()
        trace = Trace(kind, line)
        self.current = trace
        return trace

    def sink(self, inp: Any) -> None:
        """What the hardware adapters deliver to (``InputQueue.put`` behind it)."""
        from firmware_host.inputs import DeviceStatus

        trace = self.current
        if trace is not None and trace.put is None and not isinstance(inp, DeviceStatus):
            trace.put = time.perf_counter()
        self.inputs.put(inp)

    def span(self, name: str, fn: Callable[..., Any], start: bool = False) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            trace = self.current
            t = time.perf_counter()
            if trace is not None and start and trace.put is not None:
                trace.started(t)
            try:
                return fn(*args, **kwargs)
            finally:
                if trace is not None and trace.wake is not None:
                    trace.spans[name] += time.perf_counter() - t
                    if name == "feedback":
                        trace.feedback_end = time.perf_counter()
        return timed

    def instrument(self, ctl: Any, journal: Any) -> None:
        import pygame

        import firmware_host.app as app
        import firmware_host.ledplan as ledplan
        from firmware_host.io.leds import StripWriter

        sleep = app._sleep_until_input

        def sleeping(*args: Any, **kwargs: Any) -> Any:
            self.just_ended = None
            if args[2] > 0:                                  # not a poll between warm-up steps
                self.asleep.set()
            try:
                return sleep(*args, **kwargs)
            finally:
                self.asleep.clear()
                trace = self.current
                if trace is not None and trace.put is not None:
                    trace.started(time.perf_counter())
        app._sleep_until_input = sleeping
        app._show_pressed = self.span("feedback", app._show_pressed, start=True)
        handle = self.span("handle", ctl.handle, start=True)

        def handling(inp: Any) -> None:
            handle(inp)
            if self.current is not None:
                self.current.handled = True
        ctl.handle = handling
        ctl.draw = self.span("draw", ctl.draw)
        ledplan.led_plan = self.span("leds", ledplan.led_plan)   # _loop imports it at each call

        for name in ("append", "truncate"):
            commit = getattr(journal, name)

            def committing(*args: Any, _commit: Callable[..., Any] = commit, **kwargs: Any) -> Any:
                t = time.perf_counter()
                try:
                    return _commit(*args, **kwargs)
                finally:
                    took = time.perf_counter() - t
                    self.commits.append(took * 1000)
                    trace = self.current
                    if trace is not None:
                        trace.spans["commit"] += took
                        trace.committed = True
            setattr(journal, name, committing)

        flip = pygame.display.flip

        def flipping() -> None:
            trace = self.current
            t = time.perf_counter()
            flip()
            if trace is not None and trace.handled:
                trace.end = time.perf_counter()
                trace.spans["flip"] += trace.end - t
                trace.cpu = time.thread_time() - (trace.cpu0 if trace.cpu0 is not None else time.thread_time())
                self.current = None
                self.just_ended = trace
                self.records.append(trace.record())
                self.done.set()
        pygame.display.flip = flipping

        tracer = self
        show, init = StripWriter.show, StripWriter.__init__

        def writer_init(writer: Any, *args: Any, **kwargs: Any) -> None:
            init(writer, *args, **kwargs)
            tracer.writer = writer

        def writer_show(writer: Any, pixels: Any) -> bool:
            changed = show(writer, pixels)
            ended = tracer.just_ended
            if changed and ended is not None and ended.led_handoff is None:
                ended.led_handoff = time.perf_counter()
                tracer.records[-1]["led_handoff"] = (ended.led_handoff - ended.t0) * 1000
            return changed
        setattr(StripWriter, "__init__", writer_init)      # noqa: B010 - instrumenting the class
        setattr(StripWriter, "show", writer_show)          # noqa: B010


class XTest:
    """Clicks sent to the X server, as a mouse or a touchscreen's X driver would."""

    def __init__(self) -> None:
        self.xlib = ctypes.CDLL("libX11.so.6")
        self.xtst = ctypes.CDLL("libXtst.so.6")
        self.xlib.XOpenDisplay.restype = ctypes.c_void_p
        self.xlib.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.xlib.XFlush.argtypes = [ctypes.c_void_p]
        self.xtst.XTestFakeMotionEvent.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                                   ctypes.c_ulong]
        self.xtst.XTestFakeButtonEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
        self.display = self.xlib.XOpenDisplay(None)
        if not self.display:
            raise OSError("cannot open the X display")

    def move(self, x: int, y: int) -> None:
        self.xtst.XTestFakeMotionEvent(self.display, -1, x, y, 0)
        self.xlib.XFlush(self.display)

    def button(self, down: bool) -> None:
        self.xtst.XTestFakeButtonEvent(self.display, 1, int(down), 0)
        self.xlib.XFlush(self.display)


class Table:
    """The players: makes each input at its source and waits for its frame (module doc)."""

    def __init__(self, ctl: Any, tracer: Tracer, factory: Any, emulator: Any, uids: dict[tuple[str, str], str],
                 config: Any, driver: str, touch_pipe: Callable[[], int]) -> None:
        self.ctl, self.tracer, self.factory, self.emulator = ctl, tracer, factory, emulator
        self.uids, self.config = uids, config
        self.pins = config.pins.as_dict()
        self.debounce_s = config.debounce_ms / 1000
        self.last_edge: dict[str, float] = {}
        self.last_uid: str | None = None
        self.touch_pipe = touch_pipe
        self.x = XTest() if driver == "x11" else None
        self.lost = 0
        self.errors: list[str] = []

    # ---------------------------------------------------------------- pacing

    def ready(self) -> None:
        """Wait until the loop sleeps with everything drawn and the LED writer is idle."""
        deadline = time.monotonic() + 10
        while True:
            while not (self.tracer.asleep.is_set() and not self.ctl.dirty):
                if time.monotonic() > deadline:
                    raise RuntimeError("the loop never went back to sleep")
                time.sleep(0.0005)
            if self.tracer.writer is not None:
                self.tracer.writer.flush(2.0)
            time.sleep(GAP_S)
            if self.tracer.asleep.is_set() and not self.ctl.dirty:
                return

    def wait_frame(self, trace: Trace) -> None:
        if not self.tracer.done.wait(FRAME_TIMEOUT_S):
            self.lost += 1
            self.tracer.current = None
            self.errors.append(f"no frame for {trace.line!r}")

    # ---------------------------------------------------------------- sources

    def button(self, name: str, line: str) -> None:
        from firmware_host.io.buttons import HOLDABLE

        pin = self.factory.pin(self.pins[name])
        quiet = self.last_edge.get(name, 0.0) + self.debounce_s + 0.002
        while time.perf_counter() < quiet:
            time.sleep(0.001)
        self.ready()
        if name in HOLDABLE:                          # UNDO acts on its release: the press first
            pin.drive_low()
            time.sleep(self.debounce_s + 0.01)
            trace = self.tracer.begin("button", line)
            pin.drive_high()
        else:
            trace = self.tracer.begin("button", line)
            pin.drive_low()
        self.wait_frame(trace)
        if name not in HOLDABLE:
            pin.drive_high()                          # the release: in the press's window, no input
        self.last_edge[name] = time.perf_counter()

    def touch(self, wid: str, line: str) -> None:
        import pygame

        widget = self.ctl.active.find(wid)
        if widget is None:
            raise KeyError(wid)
        x, y = widget.rect.center
        self.ready()
        if self.x is not None:
            self.x.move(x, y)
            time.sleep(0.002)
            self.ready()
            trace = self.tracer.begin("touch", line)
            trace.put = trace.t0
            self.x.button(True)
            self.wait_frame(trace)
            self.x.button(False)
            return
        trace = self.tracer.begin("touch", line)
        trace.put = trace.t0
        pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, touch_id=1, finger_id=0, x=x / 800, y=y / 480,
                                             dx=0.0, dy=0.0, pressure=1.0))
        os.write(self.touch_pipe(), b"t")              # the touchscreen's device becomes readable
        self.wait_frame(trace)

    def tag(self, uid: str, line: str) -> None:
        if uid == self.last_uid:                     # the same tag again: let the reader see it leave
            self.emulator.wait_polls(3, timeout=5)
        self.ready()
        trace = self.tracer.begin("nfc", line)
        trace.placed = trace.t0
        self.emulator.place(bytes.fromhex(uid))
        self.wait_frame(trace)
        self.emulator.remove()
        self.last_uid = uid

    def hold(self, name: str) -> None:
        """Held buttons are made but not timed (their input is due at ``hold_ms``)."""
        pin = self.factory.pin(self.pins[name])
        self.ready()
        pin.drive_low()
        time.sleep(self.config.hold_ms / 1000 + 0.1)
        pin.drive_high()
        self.last_edge[name] = time.perf_counter()

    def line(self, line: str, nfc: bool = True) -> None:
        verb, _sep, arg = line.strip().partition(" ")
        if verb == "tap":
            kind, _sep, value = arg.partition(":")
            uid = self.uids.get((kind, value)) if nfc else None
            if uid is not None:
                self.tag(uid, line)
            else:
                self.touch(arg, line)
        elif verb == "press":
            self.button(arg, line)
        elif verb == "hold":
            self.hold(arg)
        elif verb == "tag":
            self.tag(arg, line)
        else:
            raise ValueError(line)

    # ---------------------------------------------------------------- a game

    def enough(self, limit: int | None) -> bool:
        """Every kind of input timed ``limit`` times (``None``: never enough: whole games)."""
        if limit is None:
            return False
        kinds = [r["kind"] for r in self.tracer.records]
        return all(kinds.count(kind) >= limit for kind in KINDS)

    def play(self, game: Any, rng: random.Random, limit: int | None) -> None:
        from display.script import inputs_for

        ctl = self.ctl
        failures = 0
        while not ctl.session.state.over and not self.enough(limit):
            if ctl.can_undo() and rng.random() < UNDO_RATE:
                self.line("press undo")
                continue
            move = game.random_move(ctl.session.game, rng)
            try:
                lines = inputs_for(ctl, move)
                before = len(ctl.session.game.events)
                for k, line in enumerate(lines):
                    self.line(line)
                    last = k == len(lines) - 1
                    if last and line.startswith("tap ") and len(ctl.session.game.events) == before \
                            and not ctl.session.state.over and ctl.active.find(line[4:]) is not None:
                        self.line(line, nfc=False)      # the tag did not make the move here: tap it
            except (KeyError, ValueError) as exc:
                failures += 1
                self.errors.append(f"{type(exc).__name__}: {exc}")
                if failures > 20:
                    raise
                self.line("press undo")                 # out of a menu or a half-made move


def run(driver: str, games: int, limit: int | None, workdir: Path, seed: int = 7,
        slow_commit_s: float = 0.0) -> dict[str, Any]:
    _environment(driver)
    from tools import pi_leds

    pi_leds.install(gil_held=True)
    sys.path.insert(0, str(ROOT / "tests" / "io"))
    import pygame

    import firmware_host.app as app
    from display.controller import Controller
    from display.games import tag_kinds
    from firmware_host.config import Config
    from firmware_host.data import load
    from firmware_host.engine.leds import LedLayout
    from firmware_host.games import GAMES
    from firmware_host.inputs import DeviceStatus
    from firmware_host.io.hardware import open_hardware
    from firmware_host.session import Stores
    from firmware_host.tags import TagThing
    from pn532_emulator import PN532Emulator  # type: ignore[import-not-found]

    game = next(iter(GAMES.values()))
    workdir.mkdir(parents=True, exist_ok=True)
    emulator = PN532Emulator(workdir).plug()
    answer = emulator._answer_listen
    tracer_box: list[Tracer] = []

    def answered() -> None:                       # the tag read: the chip writes the UID frame
        trace = tracer_box[0].current if tracer_box else None
        if trace is not None and trace.kind == "nfc" and trace.placed is not None and trace.t0 == trace.placed:
            trace.t0 = time.perf_counter()
        answer()
    emulator._answer_listen = answered

    pygame.display.init()
    pygame.font.init()
    app.native_framebuffer()                       # as `run` does
    window = pygame.display.set_mode((800, 480))
    config = Config(profile="pi", state_dir=workdir, serial_port=str(emulator.path), dim_after_minutes=0)
    stores = Stores(config.journal_path, config.tags_path)
    assert stores.journal is not None and stores.tags is not None, stores.notices
    uids: dict[tuple[str, str], str] = {}
    for kind, values in tag_kinds(game.name).items():
        for value, _label in values:
            uid = "04" + hashlib.sha1(f"{kind}:{value}".encode()).hexdigest()[:12]
            stores.tags.enroll(uid, TagThing(game.name, kind, value))
            uids[(kind, value)] = uid
    inputs = app.InputQueue()
    tracer = Tracer(inputs)
    tracer_box.append(tracer)
    from gpiozero.pins.mock import MockFactory

    factory = MockFactory()
    hw = open_hardware(config, tracer.sink, pin_factory=factory, strip_opener=lambda: pi_leds.open_strip(
        config.led_count, config.led_brightness, config.led_order))
    ctl = Controller(None, stores=stores, hardware=hw)
    if slow_commit_s:                               # the benchmark's own test: a slow stage must show
        append = stores.journal.append

        def slow_append(*args: Any, **kwargs: Any) -> Any:
            time.sleep(slow_commit_s)
            return append(*args, **kwargs)
        stores.journal.append = slow_append         # type: ignore[method-assign]
    tracer.instrument(ctl, stores.journal)
    pipes: list[tuple[int, int]] = []

    def touch_device() -> list[int]:
        r, w = os.pipe()
        os.set_blocking(r, False)
        pipes.append((r, w))
        return [r]
    app.input_devices = touch_device
    table = Table(ctl, tracer, factory, emulator, uids, config, driver, lambda: pipes[-1][1])
    layout = LedLayout.from_config(config)
    rng = random.Random(seed)
    started = time.perf_counter()
    try:
        for g in range(games):
            if table.enough(limit):
                break
            ctl.start_game(game.name, game.demo_setup(PLAYERS, rng, load(game.data)))
            ctl.running = True
            failure: list[BaseException] = []

            def drive(g: int = g, failure: list[BaseException] = failure) -> None:
                try:
                    table.play(game, random.Random(seed * 1000 + g), limit)
                except BaseException as exc:          # reported after the loop ends
                    failure.append(exc)
                finally:
                    ctl.running = False
                    inputs.put(DeviceStatus("bench", True, ""))
            thread = threading.Thread(target=drive, name="table", daemon=True)
            thread.start()
            app._loop(ctl, window, inputs, hw, layout)
            thread.join()
            for _r, w in pipes:
                os.close(w)
            pipes.clear()
            if failure:
                raise failure[0]
            ctl.close_game()
    finally:
        hw.close()
        emulator.close()
        stores.close()
        inputs.close()
        pygame.quit()
    writer = tracer.writer
    return {"driver": driver, "game": game.name, "players": PLAYERS, "records": tracer.records,
            "commits": tracer.commits, "lost": table.lost, "errors": table.errors[:20],
            "led_frames": {"written": getattr(writer, "written", 0), "dropped": getattr(writer, "dropped", 0)},
            "renders": [(r[1] - r[0]) * 1000 for r in pi_leds.RENDERS[:1]],
            "seconds": time.perf_counter() - started, "journal": str(config.journal_path)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.e2e", description=__doc__.split("\n\n")[0])
    parser.add_argument("--driver", choices=["dummy", "x11"], default="dummy")
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--limit", type=int, help="stop once every kind of input was timed this many times")
    parser.add_argument("--dir", required=True, help="where the journal goes (a folder on the disk to measure)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--slow-commit", type=float, default=0.0,
                        help="add this many seconds to every commit (the benchmark's own test)")
    args = parser.parse_args(argv)
    result = run(args.driver, args.games, args.limit, Path(args.dir), args.seed, args.slow_commit)
    json.dump(result, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
