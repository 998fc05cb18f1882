"""The benchmark (a developer tool): every speed budget of design.md, measured on this machine.

Each line holds one figure against its budget: the dev-machine column of design.md, with the
Pi column beside it (a Pi Zero 2 W is about 10x slower). Budgets design.md marks "(p99)" are
held at the 99th percentile; the others at the median of repeated runs (the worst run is
shown too). Lines without a budget (games per second, journal commit) are reported for
context. ``--check`` exits 1 when a budget is broken; ``--out FILE`` writes the results and
the machine they came from into a Markdown file (``docs/performance.md``), keeping the text
outside the generated block. Unit tests check the structure and the verdicts, never times.

Run: ``.venv/bin/python -m tools.bench [--json] [--check] [--quick] [--out docs/performance.md]``.
``--quick`` shrinks every sample (CI: it runs and reports every line; its figures are not
worth quoting). Every registered game is measured where a line is per game (applying events,
screens); the lines design.md sets on one game (replay, random games, input to pixels, the
app, LEDs) use :data:`REFERENCE`, the first registered game (the deepest).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from firmware_host.engine.plugin import GamePlugin
from firmware_host.games import GAMES

ROOT = Path(__file__).resolve().parents[1]      # the folder holding firmware_host/ and display/
REFERENCE: GamePlugin = next(iter(GAMES.values()))
REFERENCE_PLAYERS = max(REFERENCE.players)

LED_COUNT = 60
LED_WIRE_US_PER_LED = 30.0      # 24 bits at 800 kHz
LED_LATCH_US = 280.0            # WS2812B reset (latch) time
LED_WIRE_MS = (LED_COUNT * LED_WIRE_US_PER_LED + LED_LATCH_US) / 1000


@dataclass(frozen=True)
class Budget:
    """One line of design.md's budget table. ``limit`` is in ``unit`` (``None``: reported
    only); ``stat`` names the figure held against it."""

    what: str
    unit: str
    stat: str
    limit: float | None
    pi: str


BUDGETS: dict[str, Budget] = {
    **{f"engine.{name}": Budget(f"engine: apply one event, {game.title}", "us", "p50", 100, "1 ms")
       for name, game in GAMES.items()},
    "replay": Budget(f"replay a whole {REFERENCE_PLAYERS}-player {REFERENCE.title} game from the journal", "ms",
                     "median", 50, "0.5 s"),
    "games_per_s": Budget(f"random legal {REFERENCE_PLAYERS}-player {REFERENCE.title} games, invariants checked",
                          "games/s", "value",
                          None, "-"),
    "frame": Budget("full 800x480 frame, slowest screen (p99)", "ms", "p99", 4, "40 ms"),
    "input_to_pixels": Budget("input to updated pixels (p99)", "ms", "p99", 5, "50 ms"),
    "journal_commit": Budget("journal commit, synchronous=FULL", "ms", "p99", None, "-"),
    "idle_cpu": Budget("CPU while idle (nothing pressed), a turn on screen", "% of a core", "value", 1, "1 %"),
    "idle_cpu_pulse": Budget("CPU while idle, LEDs pulsing (round/quarter end)", "% of a core", "value", 1, "1 %"),
    "memory": Budget("peak resident memory (VmHWM)", "MB", "value", 80, "80 MB"),
    "start": Budget("start to first frame (fresh process)", "s", "median", 1.5, "5 s"),
    "leds": Budget(f"LED plan + strip update, {LED_COUNT} LEDs (p99)", "ms", "p99", round(LED_WIRE_MS, 2),
                   "same"),
}


@dataclass
class Line:
    """A measured budget: ``figures`` (e.g. ``{"p50": 41.0, "p99": 120.0}``) in the budget's
    unit; ``note`` says how it was measured or why it was not."""

    key: str
    figures: dict[str, float] = field(default_factory=dict)
    note: str = ""

    @property
    def budget(self) -> Budget:
        return BUDGETS[self.key]

    @property
    def figure(self) -> float | None:
        return self.figures.get(self.budget.stat)

    @property
    def verdict(self) -> str:
        """``ok``, ``BROKEN``, ``info`` (no budget) or ``not measured``."""
        if self.figure is None:
            return "not measured"
        if self.budget.limit is None:
            return "info"
        return "ok" if self.figure <= self.budget.limit else "BROKEN"

    def to_json(self) -> dict[str, Any]:
        b = self.budget
        return {"key": self.key, "what": b.what, "unit": b.unit, "stat": b.stat, "budget": b.limit,
                "pi_budget": b.pi, "figures": self.figures, "figure": self.figure, "verdict": self.verdict,
                "note": self.note}


@dataclass(frozen=True)
class Sizes:
    """How much each measurement samples."""

    apply_games: int = 12         # random games per engine, every event timed
    replay_runs: int = 20
    sim_games: int = 30
    frame_games: int = 6          # scripted games walked to meet every screen
    frame_draws: int = 100        # full redraws timed per screen
    input_games: int = 3
    idle_s: float = 10.0
    starts: int = 5
    led_frames: int = 2000


FULL = Sizes()
QUICK = Sizes(apply_games=1, replay_runs=2, sim_games=1, frame_games=1, frame_draws=5, input_games=1,
              idle_s=1.0, starts=1, led_frames=100)


# ---------------------------------------------------------------------- statistics

def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile, ``q`` in 0..100. Raises ``ValueError`` on no values."""
    if not values:
        raise ValueError("no values")
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, math.ceil(q / 100 * len(ordered)) - 1))]


def spread(values: Sequence[float]) -> dict[str, float]:
    """``{"p50", "p99", "max", "n"}`` of ``values``."""
    return {"p50": percentile(values, 50), "p99": percentile(values, 99), "max": max(values), "n": len(values)}


def _rounded(figures: dict[str, float]) -> dict[str, float]:
    return {k: (v if k == "n" else round(v, 3)) for k, v in figures.items()}


# ---------------------------------------------------------------------- machine

def machine() -> dict[str, Any]:
    """CPU model, cores, OS, Python, pygame/SDL and SQLite versions, load, git commit."""
    info: dict[str, str] = {}
    try:
        for row in Path("/proc/cpuinfo").read_text().splitlines():
            name, _sep, value = row.partition(":")
            info.setdefault(name.strip().lower(), value.strip())
    except OSError:
        pass
    # x86 names the CPU in "model name"; a Raspberry Pi names the board in "Model"
    cpu = info.get("model name") or info.get("model") or platform.processor() or platform.machine()
    if info.get("model name") and info.get("model", "").startswith("Raspberry"):
        cpu = f"{info['model']} ({info['model name']})"
    try:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        pygame_version = f"pygame-ce {pygame.version.ver} (SDL {'.'.join(map(str, pygame.get_sdl_version()))})"
    except ImportError:
        pygame_version = "not installed"
    try:
        commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True, timeout=5).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        commit = ""
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "os": platform.platform(),
        "python": platform.python_version(),
        "pygame": pygame_version,
        "sqlite": sqlite3.sqlite_version,
        "load_average": [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None,
        "commit": commit,
        "date": time.strftime("%Y-%m-%d %H:%M"),
    }


# ---------------------------------------------------------------------- engines

def _random_game(game: GamePlugin, players: int, seed: int) -> tuple[Any, list[Any]]:
    """A demo setup of ``game`` and the events of a whole random legal game from it."""
    from firmware_host.engine.core import play_out
    from firmware_host.games import demo_rules

    rng = random.Random(seed)
    rules = demo_rules(game, players, rng)
    return rules, play_out(rules, lambda g: game.random_move(g, rng)).events


def bench_engine(game: str, games: int) -> Line:
    """Every event of ``games`` random games (every player count in turn) applied through
    ``Game.apply``, which checks it on a copy of the state as the session does; microseconds."""
    from firmware_host.engine.core import Game

    plugin = GAMES[game]
    counts = list(plugin.players)

    key = f"engine.{game}"
    times: list[float] = []
    cpu: list[float] = []
    try:
        for k in range(games):
            rules, events = _random_game(plugin, counts[k % len(counts)], 1000 + k)
            live = Game(rules)
            for event in events:
                t0, c0 = time.perf_counter_ns(), time.thread_time_ns()
                live.apply(event)
                times.append((time.perf_counter_ns() - t0) / 1000)
                cpu.append((time.thread_time_ns() - c0) / 1000)
    except (ImportError, AttributeError, KeyError, TypeError, ValueError, RuntimeError) as exc:
        return Line(key, note=f"not measured: the engine is not usable here ({type(exc).__name__}: {exc})")
    return Line(key, _rounded({**spread(times), "cpu_p99": percentile(cpu, 99)}),
                f"{len(times)} events of {games} random games, state copy included")


def bench_games_per_second(games: int) -> Line:
    """``table-companion simulate`` of the reference game with the most players: random legal
    games, invariants checked after every move and replay compared at the end."""
    from firmware_host.simulate import simulate

    t0 = time.perf_counter()
    report = simulate(REFERENCE.name, REFERENCE_PLAYERS, games, seed=7)
    elapsed = time.perf_counter() - t0
    note = f"{games} games, {report['mean_events']:.0f} moves each on average, {report['failures']} failures"
    return Line("games_per_s", {"value": round(games / elapsed, 2)}, note)


# ---------------------------------------------------------------------- journal

def bench_journal(workdir: Path, runs: int) -> tuple[Line, Line]:
    """A whole game of the reference game with the most players submitted move by move to a
    journal file (each commit timed), then reopened and resumed ``runs`` times (open + load +
    replay, as at start-up)."""
    from firmware_host.journal import Journal
    from firmware_host.session import Session

    rules, events = _random_game(REFERENCE, REFERENCE_PLAYERS, 4242)
    path = workdir / "replay.db"
    journal = Journal(path)
    commits: list[float] = []
    append = journal.append

    def timed_append(*args: Any, **kwargs: Any) -> None:
        t0 = time.perf_counter()
        append(*args, **kwargs)
        commits.append((time.perf_counter() - t0) * 1000)
    journal.append = timed_append  # type: ignore[method-assign]
    session = Session(REFERENCE.name, rules.setup, journal)
    for event in events:
        session.submit(event)
    journal.close()
    game_id = session.game_id
    assert game_id is not None  # a session with a journal records its game
    replays: list[float] = []
    for _ in range(runs):
        t0 = time.perf_counter()
        reopened = Journal(path)
        resumed = Session.resume(reopened, game_id)
        replays.append((time.perf_counter() - t0) * 1000)
        reopened.close()
        if resumed.state != session.state:
            raise RuntimeError("the replayed game differs from the one played")
    commit = Line("journal_commit", _rounded(spread(commits)),
                  f"{len(commits)} moves, WAL, fsync on every commit, file in {tempfile.gettempdir()}")
    replay = Line("replay", _rounded({"median": statistics.median(replays), "max": max(replays), "n": runs}),
                  f"{len(events)} events: open the file, load, replay every event; {runs} runs")
    return replay, commit


# ---------------------------------------------------------------------- display

def _pygame():
    """pygame with the display and fonts only (headless unless a driver is chosen), and the
    800x480 surface."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.get_surface() or pygame.display.set_mode((800, 480))
    return pygame, surface


def _scripted_games(ctl, game: GamePlugin, games: int, run: Callable[[Any, str], None]) -> None:
    """Play ``games`` seeded demo games of ``game`` (the most players first, then fewer)
    through the taps and presses a table makes (:func:`display.script.inputs_for`);
    ``run(ctl, line)`` enters each line."""
    from display.script import inputs_for
    from firmware_host.data import load

    rng = random.Random(11)
    counts = sorted(game.players, reverse=True)
    for g in range(games):
        ctl.start_game(game.name, game.demo_setup(counts[g % len(counts)], rng, load(game.data)))
        while not ctl.session.state.over:
            for line in inputs_for(ctl, game.random_move(ctl.session.game, rng)):
                run(ctl, line)
        ctl.close_game()


def bench_frames(games: int, draws: int) -> tuple[Line, dict[str, dict[str, float]]]:
    """Every screen of every game (and picker, menu, keyboard, final view) met in scripted
    games, each drawn ``draws`` times in full (draw + ``display.flip``) at 800x480; ms."""
    from display.controller import Controller
    from display.screenshots import screen_name
    from display.script import run_line

    pygame, surface = _pygame()
    screens: dict[str, dict[str, float]] = {}

    def measure(ctl, key: str | None = None) -> None:
        key = key or screen_name(ctl)
        if key in screens:
            return
        times, cpu = [], []
        for _ in range(draws + 1):
            t0, c0 = time.perf_counter(), time.thread_time()
            ctl.draw(surface)
            pygame.display.flip()
            times.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.thread_time() - c0) * 1000)
        first = times.pop(0)
        cpu.pop(0)
        screens[key] = _rounded({**spread(times), "cpu_p99": percentile(cpu, 99), "first": first})

    with tempfile.TemporaryDirectory() as tmp:
        from firmware_host.journal import Journal

        journal = Journal(Path(tmp) / "frames.db")
        ctl = Controller(journal, allow_quit=True)
        measure(ctl, "home")

        def measure_then_run(c, line: str) -> None:
            measure(c)
            run_line(c, line)
        for game in GAMES.values():
            run_line(ctl, f"tap new:{game.name}")
            measure(ctl, f"{game.name}:new-game")
            run_line(ctl, "tap cancel")
            _scripted_games(ctl, game, games, measure_then_run)
        run_line(ctl, "hold undo")
        measure(ctl, "menu")
        run_line(ctl, "tap games")
        measure(ctl, "saved-games")
        journal.close()
    worst = max(screens, key=lambda k: screens[k]["p99"])
    figures = {"p50": max(s["p50"] for s in screens.values()), "p99": screens[worst]["p99"],
               "cpu_p99": max(s["cpu_p99"] for s in screens.values()), "screens": len(screens)}
    note = f"{len(screens)} screens x {draws} full redraws; slowest: {worst}"
    return Line("frame", figures, note), screens


def bench_input_to_pixels(workdir: Path, games: int) -> Line:
    """Each tap and press of scripted games, from :meth:`Controller.handle` until the redrawn
    frame is presented by ``pygame.display.flip``; moves are committed to a journal file on
    disk first, as in the app. Milliseconds."""
    from display.controller import Controller
    from firmware_host.inputs import ButtonHeld, ButtonPressed, Touch
    from firmware_host.journal import Journal

    pygame, surface = _pygame()
    times: list[float] = []
    cpu: list[float] = []
    moves: list[float] = []
    journal = Journal(workdir / "input.db")
    ctl = Controller(journal)
    ctl.draw(surface)

    def as_input(c, line: str):
        verb, _sep, arg = line.partition(" ")
        if verb == "tap":
            return Touch(*c.active.find(arg).rect.center)
        return ButtonPressed(arg) if verb == "press" else ButtonHeld(arg)

    def timed(c, line: str) -> None:
        inp = as_input(c, line)
        before = len(c.session.game.events)
        t0, c0 = time.perf_counter(), time.thread_time()
        c.handle(inp)
        if c.dirty:
            c.draw(surface)
            pygame.display.flip()
        elapsed = (time.perf_counter() - t0) * 1000
        times.append(elapsed)
        cpu.append((time.thread_time() - c0) * 1000)
        if len(c.session.game.events) != before:
            moves.append(elapsed)

    _scripted_games(ctl, REFERENCE, games, timed)
    journal.close()
    figures = {**spread(times), "cpu_p99": percentile(cpu, 99), "moves_p50": percentile(moves, 50),
               "moves_p99": percentile(moves, 99)}
    note = (f"{len(times)} inputs ({len(moves)} of them committed a move: p50 {figures['moves_p50']:.2f} ms, "
            f"p99 {figures['moves_p99']:.2f} ms), journal on disk, dummy SDL video driver")
    return Line("input_to_pixels", _rounded(figures), note)


# ---------------------------------------------------------------------- the real app

def _proc_stat(pid: int) -> tuple[float, float]:
    """(user + system CPU seconds, wall clock) of a running process, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"), time.perf_counter()


def _vm_hwm_mb(pid: int) -> float:
    for row in Path(f"/proc/{pid}/status").read_text().splitlines():
        if row.startswith("VmHWM:"):
            return int(row.split()[1]) / 1024
    raise OSError("no VmHWM")


class AppProcess:
    """A ``table-companion run --profile sim`` child with the dummy SDL driver; notes when its
    log says "first frame"."""

    def __init__(self, journal: Path, config: Path) -> None:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
                   XDG_STATE_HOME=str(journal.parent), PYTHONPATH=os.pathsep.join(
                       [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]))
        env.pop("TABLE_COMPANION_CONFIG", None)
        self.first_frame = threading.Event()
        self.stderr: list[str] = []
        self.started = time.perf_counter()
        self.proc = subprocess.Popen([sys.executable, "-m", "firmware_host", "run", "--profile", "sim",
                                      "--journal", str(journal), "--config", str(config)],
                                     cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.frame_at = 0.0
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for row in self.proc.stderr:
            self.stderr.append(row)
            if "first frame" in row and not self.first_frame.is_set():
                self.frame_at = time.perf_counter()
                self.first_frame.set()

    def wait_first_frame(self, timeout: float = 60) -> float:
        """Seconds from spawn to the first presented frame. Raises ``RuntimeError`` (the app
        stopped first, or ``timeout`` passed), after stopping it."""
        deadline = time.perf_counter() + timeout
        while not self.first_frame.wait(0.05):
            if not self._reader.is_alive() or time.perf_counter() > deadline:
                code = self.stop()
                raise RuntimeError(f"no first frame (exit code {code}): " + "".join(self.stderr[-8:]))
        return self.frame_at - self.started

    @property
    def log(self) -> str:
        return "".join(self.stderr)

    def stop(self) -> int:
        """SIGTERM (as systemd stops it), wait; returns the exit code."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._reader.join(5)
        return self.proc.returncode


def _journal_with_unfinished_game(path: Path, pulsing: bool) -> int:
    """A journal holding a game of the reference game with the most players, cut at the last
    moment its LEDs pulse (``pulsing``: a round or quarter end) or, otherwise, at the last
    decision where they are still, so the app resumes a long game into that screen. Returns
    the number of moves kept."""
    from firmware_host.engine.core import Game
    from firmware_host.engine.leds import LedLayout
    from firmware_host.journal import Journal
    from firmware_host.ledplan import led_plan
    from firmware_host.session import Session

    rules, events = _random_game(REFERENCE, REFERENCE_PLAYERS, 4242)
    layout = LedLayout(count=26, track=tuple(range(21)), seats=tuple(range(21, 25)), status=25)
    game, keep = Game(rules), 0
    for k, event in enumerate(events):
        game.apply(event)
        animated = led_plan(REFERENCE.led_plan, rules, game.state, layout).animated
        if animated if pulsing else (not game.state.over and not animated):
            keep = k + 1
    journal = Journal(path)
    session = Session(REFERENCE.name, rules.setup, journal)
    for event in events[:keep]:
        session.submit(event)
    journal.close()
    return keep


def _idle_cpu(journal: Path, config: Path, idle_s: float) -> tuple[float, float, float]:
    """(seconds to the first frame, % of a core used over ``idle_s`` s after it, VmHWM in MB)."""
    app = AppProcess(journal, config)
    try:
        first = app.wait_first_frame()
        time.sleep(0.5)                              # let start-up work settle
        cpu0, wall0 = _proc_stat(app.proc.pid)
        time.sleep(idle_s)
        cpu1, wall1 = _proc_stat(app.proc.pid)
        return first, 100 * (cpu1 - cpu0) / (wall1 - wall0), _vm_hwm_mb(app.proc.pid)
    finally:
        app.stop()


def bench_app(workdir: Path, starts: int, idle_s: float) -> tuple[Line, ...]:
    """Start the real app ``starts`` times on a game resumed at a player's turn (choosing a
    bowl); on the first start, CPU time over ``idle_s`` idle seconds and VmHWM from /proc;
    then once more on a game waiting at a round or quarter end, where the LEDs pulse."""
    reasons = ("start", "idle_cpu", "idle_cpu_pulse", "memory")
    if not Path("/proc/self/stat").exists():
        return tuple(Line(key, note="not measured: needs /proc (Linux)") for key in reasons)
    config = workdir / "empty.toml"
    config.write_text("")
    turn, pulse = workdir / "turn.db", workdir / "pulse.db"
    moves = _journal_with_unfinished_game(turn, pulsing=False)
    _journal_with_unfinished_game(pulse, pulsing=True)
    first, idle, memory = _idle_cpu(turn, config, idle_s)
    seconds = [first]
    for _ in range(starts - 1):
        app = AppProcess(turn, config)
        try:
            seconds.append(app.wait_first_frame())
        finally:
            app.stop()
    _first, idle_pulse, memory_pulse = _idle_cpu(pulse, config, idle_s)
    start = Line("start", _rounded({"median": statistics.median(seconds), "max": max(seconds), "n": starts}),
                 f"spawn of `table-companion run` to its first display.flip(), resuming a {moves}-move "
                 f"{REFERENCE_PLAYERS}-player {REFERENCE.title} game; {starts} starts")
    note = f"user+system time of `table-companion run --profile sim` over {idle_s:g} s after the first frame (/proc)"
    return (start,
            Line("idle_cpu", {"value": round(idle, 2)}, note + ", a player's turn on screen"),
            Line("idle_cpu_pulse", {"value": round(idle_pulse, 2)}, note + ", a round/quarter end on screen "
                 "(the LED plan pulses: the loop wakes every 50 ms)"),
            Line("memory", {"value": round(max(memory, memory_pulse), 1)},
                 "VmHWM of the app process after start-up and the idle period (the larger of the two runs)"))


# ---------------------------------------------------------------------- LEDs

def bench_leds(frames: int) -> Line:
    """The LED plan of a reference-game state for a 60-LED strip plus its write through the real
    adafruit NeoPixel class, the data line replaced by a buffer (BLINKA_OS_AGNOSTIC); every
    frame differs from the last, so every one is encoded and written. Milliseconds."""
    from firmware_host.engine.leds import LedLayout
    from firmware_host.ledplan import led_plan

    os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
    note = f"{frames} frames"
    try:
        import board
        import neopixel

        from firmware_host.io.leds import NeoPixelStrip

        wire: list[bytes] = []
        restore = (neopixel, "neopixel_write", neopixel.neopixel_write)
        neopixel.neopixel_write = lambda _pin, buf: wire.append(bytes(buf))
        strip: Any = NeoPixelStrip(18, LED_COUNT, brightness=0.2, pin_object=board.Dx_OUTPUT)
        note += ", NeoPixel class with the data line captured"
    except Exception as exc:  # noqa: BLE001 - any Blinka/driver failure: fall back to the simulated strip
        from firmware_host.io.leds import SimulatedStrip

        strip = SimulatedStrip(LED_COUNT)
        restore = None
        note += f", simulated strip (NeoPixel unavailable: {type(exc).__name__})"
    from firmware_host.engine.core import Game

    rules, events = _random_game(REFERENCE, REFERENCE_PLAYERS, 4242)
    game = Game(rules)
    states = []
    for event in events:
        game.apply(event)
        states.append(game.state)
    layout = LedLayout(count=LED_COUNT, track=tuple(range(21)), seats=tuple(range(21, 25)), status=25)
    times = []
    for k in range(frames):
        state = states[k % len(states)]
        t0 = time.perf_counter()
        frame = led_plan(REFERENCE.led_plan, rules, state, layout, t=k * 0.05)
        pixels = list(frame.pixels)
        pixels[-1] = (k % 256, 0, 0)     # force a change so every frame is written
        strip.show(pixels)
        times.append((time.perf_counter() - t0) * 1000)
    if restore is not None:
        setattr(*restore)
    note += (f"; the wire itself takes {LED_WIRE_MS:.2f} ms ({LED_COUNT} x {LED_WIRE_US_PER_LED:g} us + "
             f"{LED_LATCH_US:g} us latch), the budget for our part")
    return Line("leds", _rounded(spread(times)), note)


# ---------------------------------------------------------------------- running

def run_bench(sizes: Sizes = FULL, progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Measure every budget; returns ``{"machine", "quick", "lines": [Line.to_json()], "screens"}``."""
    say = progress or (lambda _msg: None)
    report: dict[str, Any] = {"machine": machine(), "quick": sizes != FULL}
    lines: list[Line] = []
    with tempfile.TemporaryDirectory(prefix="tc-bench-") as tmp:
        workdir = Path(tmp)
        for game in GAMES:
            say(f"engine: {game}")
            lines.append(bench_engine(game, sizes.apply_games))
        say("journal: commits and replay")
        replay, commit = bench_journal(workdir, sizes.replay_runs)
        say("random games")
        lines += [replay, bench_games_per_second(sizes.sim_games)]
        say("frames")
        frame, screens = bench_frames(sizes.frame_games, sizes.frame_draws)
        say("input to pixels")
        lines += [frame, bench_input_to_pixels(workdir, sizes.input_games), commit]
        say("the app: start, idle, memory")
        start, idle, idle_pulse, memory = bench_app(workdir, sizes.starts, sizes.idle_s)
        say("LEDs")
        lines += [idle, idle_pulse, memory, start, bench_leds(sizes.led_frames)]
    report["lines"] = [line.to_json() for line in lines]
    report["screens"] = screens
    report["machine"]["load_average_after"] = [round(x, 2) for x in os.getloadavg()] \
        if hasattr(os, "getloadavg") else None
    return report


def broken(report: dict[str, Any]) -> list[dict[str, Any]]:
    """The lines whose budget is broken."""
    return [line for line in report["lines"] if line["verdict"] == "BROKEN"]


def _fmt(value: float | None, unit: str) -> str:
    if value is None:
        return "-"
    if unit == "us" or abs(value) >= 100:
        return f"{value:.0f}"
    return f"{value:.2f}" if abs(value) < 10 else f"{value:.1f}"


def _figure_text(line: dict[str, Any]) -> str:
    figs, unit = line["figures"], line["unit"]
    if not figs:
        return "-"
    if "p50" in figs and "p99" in figs:
        text = f"p50 {_fmt(figs['p50'], unit)} / p99 {_fmt(figs['p99'], unit)} {unit}"
        if "cpu_p99" in figs:
            text += f" (CPU time p99 {_fmt(figs['cpu_p99'], unit)})"
        return text
    if "median" in figs:
        return f"median {_fmt(figs['median'], unit)} / max {_fmt(figs['max'], unit)} {unit}"
    return f"{_fmt(figs.get(line['stat']), unit)} {unit}"


def _budget_text(line: dict[str, Any]) -> str:
    if line["budget"] is None:
        return "-"
    return f"<= {_fmt(line['budget'], line['unit'])} {line['unit']} ({line['stat']})"


def _machine_text(m: dict[str, Any]) -> str:
    return (f"{m['cpu']}, {m['cores']} cores; {m['os']}; Python {m['python']}; {m['pygame']}; "
            f"SQLite {m['sqlite']}; load average {m['load_average']} before, {m.get('load_average_after')} after; "
            f"commit {m['commit'] or '-'}; {m['date']}")


def render_text(report: dict[str, Any]) -> str:
    """The table for a terminal: what, figure, budget, Pi budget, verdict."""
    rows = [("what", "figure", "budget (dev)", "Pi budget", "verdict")]
    for line in report["lines"]:
        rows.append((line["what"], _figure_text(line), _budget_text(line), line["pi_budget"], line["verdict"]))
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    out = ["machine: " + _machine_text(report["machine"])]
    if report.get("quick"):
        out.append("(--quick: small samples, figures not representative)")
    for k, r in enumerate(rows):
        out.append("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
        if k == 0:
            out.append("  ".join("-" * w for w in widths))
    for line in report["lines"]:
        if line["note"].startswith("not measured"):
            out.append(f"{line['key']}: {line['note']}")
    return "\n".join(out)


START, END = "<!-- bench:start (generated by `python -m tools.bench --out`) -->", "<!-- bench:end -->"


def render_markdown(report: dict[str, Any]) -> str:
    """The generated block of docs/performance.md: machine, budget table, notes, per-screen frames."""
    out = [START, "", f"Measured on: {_machine_text(report['machine'])}.", ""]
    if report.get("quick"):
        out += ["**--quick run: small samples, not representative.**", ""]
    out += ["| what | figure | budget (dev machine) | Pi budget | verdict |", "|---|---|---|---|---|"]
    for line in report["lines"]:
        verdict = f"**{line['verdict']}**" if line["verdict"] == "BROKEN" else line["verdict"]
        out.append(f"| {line['what']} | {_figure_text(line)} | {_budget_text(line)} | {line['pi_budget']} "
                   f"| {verdict} |")
    out += ["", "How each line was measured:", ""]
    out += [f"- **{line['what']}**: {line['note']}" for line in report["lines"]]
    out += ["", "Frame time per screen (ms; draw + flip, full redraw, wall clock; CPU p99 = time the drawing "
            "thread itself ran; `first` = the first draw, its text not yet cached):", "",
            "| screen | p50 | p99 | CPU p99 | first |", "|---|---|---|---|---|"]
    for key, s in sorted(report["screens"].items()):
        out.append(f"| {key} | {s['p50']:.2f} | {s['p99']:.2f} | {s['cpu_p99']:.2f} | {s['first']:.2f} |")
    out += ["", END]
    return "\n".join(out)


def replace_block(path: Path, block: str, start: str, end: str, title: str) -> None:
    """Put ``block`` (which begins with ``start`` and ends with ``end``) in place of the one
    between those markers in ``path``, or append it; the rest of the file is kept (a new file
    starts with ``title``)."""
    old = path.read_text(encoding="utf-8") if path.exists() else f"# {title}\n\n"
    if start in old and end in old:
        head, rest = old.split(start, 1)
        new = head + block + rest.split(end, 1)[1]
    else:
        new = old.rstrip("\n") + "\n\n" + block + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(new, encoding="utf-8")


def write_markdown(report: dict[str, Any], path: Path) -> None:
    """Replace the generated block of ``path`` (or append one), keeping everything else."""
    replace_block(path, render_markdown(report), START, END, "Performance")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--check", action="store_true", help="exit 1 if a budget is broken")
    parser.add_argument("--quick", action="store_true", help="small samples (CI: every line runs)")
    parser.add_argument("--out", help="write the results into this Markdown file (docs/performance.md)")


def run_from_args(args: argparse.Namespace, measure: Callable[[Sizes], dict[str, Any]] | None = None) -> int:
    """The ``bench`` command: measure (``measure`` is for tests), print, write, check."""
    progress = None if args.json else (lambda msg: print(f"... {msg}", file=sys.stderr, flush=True))
    report = (measure or (lambda sizes: run_bench(sizes, progress)))(QUICK if args.quick else FULL)
    print(json.dumps(report, indent=1) if args.json else render_text(report))
    if args.out:
        write_markdown(report, Path(args.out))
    if args.check and broken(report):
        if not args.json:
            print("broken: " + ", ".join(line["key"] for line in broken(report)), file=sys.stderr)
        return 1
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench", description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    return run_from_args(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
