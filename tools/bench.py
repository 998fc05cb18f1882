"""The benchmark (a developer tool): every budget of design.md, each measured on the real path
its name says.

Each line holds one figure against its budget: the dev-machine column of design.md, with the
Pi column beside it. Budgets design.md marks "(p99)" are held at the 99th percentile; the LED
line, start-up and replay at the median of repeated runs (the worst run shown too); the
frame line at the worst of every screen's p99 and every screen's first (cold) draw. Lines
without a budget (commit times, X11, the SD-card model, the command line) are reported for
context. ``--check`` exits 1 when a budget is broken; ``--out FILE`` writes the results and the
machine they came from into a Markdown file (``docs/performance.md``), keeping the text outside
the generated block. Unit tests check the structure and the verdicts, never times.

Run: ``.venv/bin/python -m tools.bench [--json] [--check] [--quick] [--xvfb] [--only GROUP,..]
[--out docs/performance.md]``. ``--quick`` shrinks every sample (CI: it runs and reports every
line; its figures are not worth quoting). ``--xvfb`` installs Debian's ``xvfb`` when it is
missing (as root); the X11 lines run whenever ``Xvfb`` is there. The paths:

* input to pixels: :mod:`tools.e2e`, a child process running the app's own loop with the Pi's
  adapters on their test doubles (gpiozero MockFactory pins, the PN532 emulator on a pty,
  Blinka's Raspberry Pi LED driver with only the wire replaced), the journal with its fsync in
  a folder on this disk, the dummy SDL driver and, under Xvfb, X11;
* the commit on an SD card: the same child with ``fsync``/``fdatasync`` wrapped (LD_PRELOAD of
  a shim compiled here) to add the latencies of :data:`SD_MODEL` (sources in
  docs/performance.md);
* idle CPU, start-up, the command line: ``table-companion`` itself in child processes;
* memory: a child process playing whole games through the screens, the journal on disk.

Every registered game is measured where a line is per game (applying events, screens, memory
after a game); the lines design.md sets on one game use :data:`REFERENCE`, the first
registered game (the deepest).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from firmware_host.engine.plugin import GamePlugin
from firmware_host.games import GAMES

ROOT = Path(__file__).resolve().parents[1]      # the folder holding firmware_host/ and display/
REFERENCE: GamePlugin = next(iter(GAMES.values()))
REFERENCE_PLAYERS = max(REFERENCE.players)
KINDS = ("button", "touch", "nfc")
KIND_WHAT = {"button": "a button (pin's first edge)", "touch": "a touch (the touch event)",
             "nfc": "an NFC tag (the tag read)"}

LED_COUNT = 60
LED_WIRE_US_PER_LED = 30.0      # 24 bits at 800 kHz
LED_LATCH_US = 280.0            # WS2812B reset (latch) time
LED_WIRE_MS = (LED_COUNT * LED_WIRE_US_PER_LED + LED_LATCH_US) / 1000
LED_LIMIT_MS = round(LED_WIRE_MS * 1.10, 3)     # design.md: within 10 % of the wire time

# Pi projections: design.md (a Pi Zero 2 W is about 10x slower than the dev machine); a Pi 4
# from there by leoncode.co.uk's single-core sysbench figures (Pi 3B+ 687.45, Pi 4 1477.83
# events/s) with the Zero 2 W's same Cortex-A53 at 1.0 instead of 1.4 GHz: 10 x 491 / 1478.
PI_FACTORS = {"Pi Zero 2 W": 10.0, "Pi 4": round(10.0 * 687.45 * (1.0 / 1.4) / 1477.83, 1)}

# The SD-card commit model (docs/performance.md cites each number): a commit's fsync costs
# WRITES random 4 KB writes (the WAL frame and ext4's journal blocks for it), each lognormal with
# median 2 ms (1/500 s: an A1 card's minimum random-write rate) and p99 6 ms; and with
# probability STALL_P the card is busy garbage-collecting for a time uniform in
# STALL_MS (250 ms: the SD specification's write busy time-out).
SD_MODEL: dict[str, Any] = {"writes": 3, "median_ms": 2.0, "p99_ms": 6.0, "stall_p": 0.01, "stall_ms": (10.0, 250.0)}


@dataclass(frozen=True)
class Budget:
    """One line of design.md's budget table. ``limit`` is in ``unit`` (``None``: reported
    only); ``stat`` names the figure held against it; ``group`` the measurement giving it."""

    what: str
    unit: str
    stat: str
    limit: float | None
    pi: str
    group: str


def _input_budgets() -> dict[str, Budget]:
    out = {}
    for kind in KINDS:
        out[f"input.{kind}"] = Budget(f"input to pixels (p99), {KIND_WHAT[kind]} to the completed flip, dummy driver",
                                      "ms", "p99", 5, "50 ms + SD commit", "input")
    for kind in KINDS:
        out[f"input_x11.{kind}"] = Budget(f"input to pixels (p99), {KIND_WHAT[kind]}, X11 (Xvfb)", "ms", "p99",
                                          None, "-", "x11")
    return out


BUDGETS: dict[str, Budget] = {
    **{f"engine.{name}": Budget(f"engine: apply one event, {game.title}", "us", "p50", 100, "1 ms", "engine")
       for name, game in GAMES.items()},
    "replay": Budget(f"replay a whole {REFERENCE_PLAYERS}-player {REFERENCE.title} game from the journal", "ms",
                     "median", 50, "0.5 s", "journal"),
    "games_per_s": Budget(f"random legal {REFERENCE_PLAYERS}-player {REFERENCE.title} games, invariants checked",
                          "games/s", "value", None, "-", "engine"),
    "frame": Budget("full 800x480 frame (p99), incl. the first (cold) draw of every screen", "ms", "worst", 4,
                    "40 ms", "frames"),
    **_input_budgets(),
    "feedback": Budget("input to pressed feedback on screen (p99), every kind, dummy driver", "ms", "p99", None,
                       "-", "input"),
    "commit": Budget("commit of one move, synchronous=FULL (fsync), this disk", "ms", "p99", None,
                     "SD card: see next line", "input"),
    "commit_sd": Budget("commit of one move on the SD-card model (fsync + published SD latencies)", "ms", "p99",
                        None, "estimate", "sd"),
    "input_sd": Budget("input to pixels (p99) with the SD-card commit; feedback beside it", "ms", "p99", None,
                       "50 ms + SD commit", "sd"),
    "idle.home": Budget("CPU while idle: home screen", "% of a core", "value", 1, "1 %", "idle"),
    "idle.still": Budget("CPU while idle: every still game screen (worst)", "% of a core", "value", 1, "1 %",
                         "idle"),
    "idle.pulse": Budget("CPU while idle: every animated screen, LEDs pulsing (worst)", "% of a core", "value", 1,
                         "1 %", "idle"),
    "idle.x11": Budget("CPU while idle: the simulator under X11 (Xvfb), still and pulsing (worst)", "% of a core",
                       "value", 1, "1 %", "x11"),
    **{f"memory.{name}": Budget(f"resident memory after a whole {game.title} game", "MB", "value", 80, "80 MB",
                                "memory")
       for name, game in GAMES.items()},
    "memory.many": Budget("resident memory after 100 games in one process", "MB", "value", 80, "80 MB", "memory"),
    "start": Budget("start to first frame (fresh process)", "s", "median", 1.5, "5 s", "app"),
    "cli.run": Budget("`run`: imports before the first frame (python -X importtime)", "ms", "value", None, "-",
                      "cli"),
    "cli.score": Budget("`score`: start to result", "s", "median", None, "-", "cli"),
    "leds": Budget(f"LED strip update, {LED_COUNT} LEDs, Pi driver path, off the UI thread: frame handed over "
                   f"to last bit latched", "ms", "p50", LED_LIMIT_MS, "same", "leds"),
}
GROUPS = tuple(dict.fromkeys(b.group for b in BUDGETS.values()))


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
    input_games: int = 2          # whole games played through the real loop (dummy driver)
    input_limit: int | None = None    # stop once every kind was timed this often (None: whole games)
    x11_limit: int | None = 60        # inputs of each kind timed under X11
    sd_limit: int = 30                # inputs of each kind timed with the SD-card commit model
    idle_s: float = 10.0
    starts: int = 5
    led_frames: int = 600
    memory_games: int = 100
    memory_players: int | None = None   # None: 4 where the game allows it
    idle_screens: int | None = None     # None: every screen; else one of each kind
    parallel: bool = False              # child processes side by side (figures then mean little)


FULL = Sizes()
QUICK = Sizes(apply_games=1, replay_runs=2, sim_games=1, frame_games=1, frame_draws=3, input_games=1,
              input_limit=2, x11_limit=1, sd_limit=1, idle_s=1.0, starts=1, led_frames=40, memory_games=3,
              memory_players=2, idle_screens=1, parallel=True)


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

def _filesystem(path: Path) -> str:
    """``type device`` of the filesystem holding ``path`` (from /proc/mounts)."""
    best = ("", "?", "?")
    try:
        for row in Path("/proc/mounts").read_text().splitlines():
            device, mount, kind = row.split()[:3]
            if str(path.resolve()).startswith(mount) and len(mount) >= len(best[0]):
                best = (mount, kind, device)
    except OSError:
        pass
    return f"{best[1]} on {best[2]}"


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

def _players(game: GamePlugin) -> int:
    """The player count the lines on whole games use: 4 where the game allows it."""
    return 4 if 4 in game.players else max(game.players)


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

def bench_replay(workdir: Path, runs: int) -> Line:
    """A whole game of the reference game with the most players in a journal file, reopened
    and resumed ``runs`` times (open + load + replay, as at start-up)."""
    from firmware_host.journal import Journal
    from firmware_host.session import Session

    rules, events = _random_game(REFERENCE, REFERENCE_PLAYERS, 4242)
    path = workdir / "replay.db"
    journal = Journal(path)
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
    return Line("replay", _rounded({"median": statistics.median(replays), "max": max(replays), "n": runs}),
                f"{len(events)} events: open the file, load, replay every event; {runs} runs")


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


def _scripted_games(ctl, game: GamePlugin, games: int, run: Callable[[Any, str], None],
                    after_game: Callable[[Any], None] | None = None) -> None:
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
        if after_game is not None:
            after_game(ctl)
        ctl.close_game()


def cold_text() -> None:
    """The text caches as the app has them right after it starts: emptied, then what the app
    warms after its first frame (``app.warm_up_steps``: the fonts, the common characters, the
    new-game forms and first screens of every game), nothing else."""
    from display import text
    from firmware_host.app import _warm_up

    text.clear_cache()
    _warm_up()


def _walk_screens(games: int, measure: Callable[[Any, str | None], None]) -> None:
    """Every screen of every game (and picker, menu, keyboard, final view) met in scripted
    games, ``measure(ctl, key)`` called on each before its input is entered."""
    from display.controller import Controller
    from display.script import run_line

    with tempfile.TemporaryDirectory() as tmp:
        from firmware_host.journal import Journal

        journal = Journal(Path(tmp) / "frames.db")
        ctl = Controller(journal, allow_quit=True)
        measure(ctl, "home")

        def measure_then_run(c, line: str) -> None:
            measure(c, None)
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


def bench_frames(games: int, draws: int, cold_walk: bool = True) -> tuple[Line, dict[str, dict[str, float]]]:
    """Every screen met in scripted games (:func:`_walk_screens`), as a fresh app meets them:
    the first frame drawn, the fonts warmed (:func:`cold_text`), then each screen's first draw
    timed as it comes (``first``: its own texts not rendered yet, those it shares with the
    screens before it cached), then ``draws`` full redraws (draw + ``display.flip``) at 800x480.
    A second walk draws each screen once with the text caches put back as at the app's start
    before it (``cold``: each screen as if it were the first one opened after the start;
    without ``cold_walk`` the first walk's screens are drawn that way instead: --quick).
    Milliseconds."""
    from display.screenshots import screen_name

    pygame, surface = _pygame()
    screens: dict[str, dict[str, float]] = {}

    def draw_ms(ctl) -> tuple[float, float]:
        t0, c0 = time.perf_counter(), time.thread_time()
        ctl.draw(surface)
        pygame.display.flip()
        return (time.perf_counter() - t0) * 1000, (time.thread_time() - c0) * 1000

    def measure(ctl, key: str | None) -> None:
        key = key or screen_name(ctl)
        if key in screens:
            return
        if not cold_walk:
            cold_text()
            cold[key] = draw_ms(ctl)[0]
        first, _cpu = draw_ms(ctl)
        times, cpu = zip(*(draw_ms(ctl) for _ in range(draws)))
        screens[key] = _rounded({**spread(times), "cpu_p99": percentile(cpu, 99), "first": first})

    def measure_cold(ctl, key: str | None) -> None:
        key = key or screen_name(ctl)
        if key in cold:
            return
        cold_text()
        cold[key] = draw_ms(ctl)[0]

    from display.controller import Controller
    from display.home import HomeScreen

    HomeScreen(Controller(None)).draw(surface)           # the app's first frame, then its warm-up
    cold_text()
    cold: dict[str, float] = {}
    _walk_screens(games, measure)
    if cold_walk:
        _walk_screens(1, measure_cold)
    for key, ms in cold.items():
        if key in screens:
            screens[key]["cold"] = round(ms, 3)
    worst = max(screens, key=lambda k: screens[k]["p99"])
    firsts = max(screens, key=lambda k: screens[k]["first"])
    coldest = max(cold, key=lambda k: cold[k])
    p99, first = screens[worst]["p99"], screens[firsts]["first"]
    figures = {"p50": max(s["p50"] for s in screens.values()), "p99": p99, "first": first, "cold": cold[coldest],
               "worst": max(p99, first), "cpu_p99": max(s["cpu_p99"] for s in screens.values()),
               "screens": len(screens)}
    over = sorted(k for k, ms in cold.items() if ms > BUDGETS["frame"].limit)  # type: ignore[operator]
    note = (f"{len(screens)} screens x {draws} full redraws, slowest p99 {p99:.2f} ms ({worst}); each screen's first "
            f"draw as a fresh app meets it (after its warm-up), slowest {first:.2f} ms ({firsts}); each drawn as if "
            f"it were the first screen opened after the start, slowest {cold[coldest]:.2f} ms ({coldest}), "
            f"{len(over)} of {len(cold)} screens over {BUDGETS['frame'].limit:g} ms that way")
    return Line("frame", _rounded(figures), note), screens


# ---------------------------------------------------------------------- input to pixels

class Xvfb:
    """An X server of our own for the X11 lines (Debian ``xvfb``); ``env`` points a child at it.
    ``install``: apt-get it when missing (as root). ``why`` says why there is none."""

    def __init__(self, install: bool = False) -> None:
        self.install = install
        self.proc: subprocess.Popen[bytes] | None = None
        self.env: dict[str, str] = {}
        self.why = ""

    def __enter__(self) -> Xvfb:
        binary = shutil.which("Xvfb")
        if binary is None and self.install and os.geteuid() == 0 and shutil.which("apt-get"):
            subprocess.run(["apt-get", "install", "-y", "-qq", "xvfb", "libxtst6"], capture_output=True, timeout=600)
            binary = shutil.which("Xvfb")
        if binary is None:
            self.why = "not measured: Xvfb is not installed (Debian: xvfb; --xvfb installs it)"
            return self
        for number in range(180, 260):
            if not Path(f"/tmp/.X11-unix/X{number}").exists() and not Path(f"/tmp/.X{number}-lock").exists():
                break
        self.proc = subprocess.Popen([binary, f":{number}", "-screen", "0", "800x480x24", "-nolisten", "tcp"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(200):
            if Path(f"/tmp/.X11-unix/X{number}").exists():
                self.env = {"DISPLAY": f":{number}", "SDL_VIDEODRIVER": "x11"}
                return self
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        self.why = "not measured: Xvfb did not start"
        return self

    def __exit__(self, *exc: object) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def _child_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               PYTHONPATH=os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]))
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.pop("TABLE_COMPANION_CONFIG", None)
    env.update(extra or {})
    return env


def run_e2e(workdir: Path, driver: str, games: int, limit: int | None, env: dict[str, str] | None = None,
            slow_commit_s: float = 0.0, tag: str = "") -> dict[str, Any]:
    """:mod:`tools.e2e` in a child process; its JSON. Raises ``RuntimeError`` if it fails."""
    folder = workdir / f"e2e-{driver}{tag}"
    cmd = [sys.executable, "-m", "tools.e2e", "--driver", driver, "--games", str(games), "--dir", str(folder)]
    if limit is not None:
        cmd += ["--limit", str(limit)]
    if slow_commit_s:
        cmd += ["--slow-commit", str(slow_commit_s)]
    proc = subprocess.run(cmd, cwd=ROOT, env=_child_env(env), capture_output=True, text=True, timeout=3600)
    if proc.returncode != 0:
        raise RuntimeError(f"tools.e2e --driver {driver} failed: {proc.stderr[-1500:]}")
    result = json.loads(proc.stdout)
    result["filesystem"] = _filesystem(folder)
    return result


def stage_shares(records: Sequence[dict[str, Any]]) -> str:
    """Mean milliseconds of each stage and its share of the mean total."""
    from tools.e2e import STAGES

    total = statistics.fmean(r["total"] for r in records)
    parts = []
    for stage in STAGES:
        mean = statistics.fmean(r["stages"][stage] for r in records)
        parts.append(f"{stage} {mean:.2f} ({100 * mean / total:.0f} %)")
    return ", ".join(parts)


def _projection(records: Sequence[dict[str, Any]], sd_commit_p99: float | None) -> str:
    """The p99 of each input's time without its commit, times each Pi's factor, plus the
    SD-card model's commit p99."""
    cpu = [r["total"] - r["stages"]["commit"] for r in records]
    p99 = percentile(cpu, 99)
    sd = f" + SD commit p99 {sd_commit_p99:.0f} ms" if sd_commit_p99 is not None else ""
    return "; ".join(f"{pi}: {p99 * factor:.0f} ms{sd}" for pi, factor in PI_FACTORS.items())


def input_lines(result: dict[str, Any], prefix: str, sd_commit_p99: float | None = None) -> list[Line]:
    """A line per input kind from a :mod:`tools.e2e` result."""
    lines = []
    for kind in KINDS:
        records = [r for r in result["records"] if r["kind"] == kind]
        key = f"{prefix}.{kind}"
        if not records:
            lines.append(Line(key, note=f"not measured: no {kind} input in the games played"))
            continue
        totals = [r["total"] for r in records]
        moves = [r["total"] for r in records if r["committed"]]
        figures = {**spread(totals), "cpu_p99": percentile([r.get("cpu", 0.0) for r in records], 99),
                   "feedback_p99": percentile([r["to_feedback"] for r in records], 99)}
        if moves:
            figures["moves_p99"] = percentile(moves, 99)
        worst = max(records, key=lambda r: r["total"])
        note = (f"{len(records)} inputs ({len(moves)} made or took back a move: p99 "
                f"{figures.get('moves_p99', 0):.2f} ms); pressed feedback p99 {figures['feedback_p99']:.2f} ms; "
                f"the UI thread's own CPU time from its wake to the flip p99 {figures['cpu_p99']:.2f} ms (the rest "
                f"of the wall time it waited: for the disk, a CPU, the GIL); "
                f"stages, mean ms (share): {stage_shares(records)}; slowest {worst['total']:.1f} ms "
                f"(`{worst['line']}`: " + ", ".join(f"{s} {v:.1f}" for s, v in worst["stages"].items() if v >= 0.5)
                + ")")
        if prefix == "input":
            note += f". Projected p99 (commit aside, x factor): {_projection(records, sd_commit_p99)}"
        lines.append(Line(key, _rounded(figures), note))
    return lines


SHIM = r"""
#define _GNU_SOURCE
#include <dlfcn.h>
#include <math.h>
#include <stdlib.h>
#include <time.h>
static unsigned int seed = 12345;
static double uniform(void) { return (rand_r(&seed) + 1.0) / ((double)RAND_MAX + 2.0); }
static double env(const char *name, double fallback) {
    const char *v = getenv(name); return v ? atof(v) : fallback;
}
static void sd_delay(void) {
    double writes = env("TC_SD_WRITES", 3), median = env("TC_SD_MEDIAN_MS", 2), p99 = env("TC_SD_P99_MS", 6);
    double stall_p = env("TC_SD_STALL_P", 0.01), lo = env("TC_SD_STALL_LO_MS", 10), hi = env("TC_SD_STALL_HI_MS", 250);
    double sigma = log(p99 / median) / 2.326, ms = 0;
    for (int i = 0; i < (int)writes; i++) {
        double z = sqrt(-2 * log(uniform())) * cos(2 * M_PI * uniform());
        ms += median * exp(sigma * z);
    }
    if (uniform() < stall_p) ms += lo + (hi - lo) * uniform();
    struct timespec ts = {(time_t)(ms / 1000), (long)(fmod(ms, 1000) * 1e6)};
    nanosleep(&ts, NULL);
}
int fsync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    int r = real(fd); sd_delay(); return r;
}
int fdatasync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    int r = real(fd); sd_delay(); return r;
}
"""


def sd_shim(workdir: Path) -> tuple[dict[str, str] | None, str]:
    """Build the fsync shim; ``(env for a child, "")`` or ``(None, why not)``."""
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        return None, "not measured: no C compiler for the fsync shim"
    source, lib = workdir / "sd_fsync.c", workdir / "sd_fsync.so"
    source.write_text(SHIM)
    proc = subprocess.run([cc, "-shared", "-fPIC", "-O2", "-o", str(lib), str(source), "-ldl", "-lm"],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        return None, f"not measured: the fsync shim did not build ({proc.stderr[-200:]})"
    lo, hi = SD_MODEL["stall_ms"]
    return {"LD_PRELOAD": str(lib), "TC_SD_WRITES": str(SD_MODEL["writes"]),
            "TC_SD_MEDIAN_MS": str(SD_MODEL["median_ms"]), "TC_SD_P99_MS": str(SD_MODEL["p99_ms"]),
            "TC_SD_STALL_P": str(SD_MODEL["stall_p"]), "TC_SD_STALL_LO_MS": str(lo),
            "TC_SD_STALL_HI_MS": str(hi)}, ""


def bench_input(workdir: Path, sizes: Sizes, slow_commit_s: float = 0.0,
                with_sd: bool = True) -> tuple[list[Line], dict[str, Any]]:
    """Input to pixels through the real loop (dummy driver), the commits on this disk, the
    pressed feedback; then (``with_sd``) the same with the SD-card commit model (fewer inputs)."""
    lines: list[Line] = []
    result = run_e2e(workdir, "dummy", sizes.input_games, sizes.input_limit, slow_commit_s=slow_commit_s)
    sd_env, why = sd_shim(workdir) if with_sd else (None, "not measured: not asked for (--only)")
    sd: dict[str, Any] | None = None
    if sd_env is not None:
        sd = run_e2e(workdir, "dummy", 1, sizes.sd_limit, env=sd_env, tag="-sd")
    sd_commit_p99 = percentile(sd["commits"], 99) if sd and sd["commits"] else None
    lines += input_lines(result, "input", sd_commit_p99)
    records = result["records"]
    feedback = [r["to_feedback"] for r in records]
    lines.append(Line("feedback", _rounded(spread(feedback)),
                      f"{len(records)} inputs: from the source to the pressed widget (or badge) drawn and sent to "
                      f"the display, before the move is committed"))
    commits = result["commits"]
    lines.append(Line("commit", _rounded(spread(commits)) if commits else {},
                      f"{len(commits)} commits (moves and undos) of the games above, WAL, fsync each, journal on "
                      f"{result['filesystem']}" if commits else "not measured: no commit"))
    if sd is None:
        lines += [Line("commit_sd", note=why), Line("input_sd", note=why)]
    else:
        lo, hi = SD_MODEL["stall_ms"]
        model = (f"model: {SD_MODEL['writes']} random 4 KB writes per fsync, each median {SD_MODEL['median_ms']} / "
                 f"p99 {SD_MODEL['p99_ms']} ms, and a {SD_MODEL['stall_p']:.0%} chance of a {lo:g}-{hi:g} ms busy "
                 f"card (docs/performance.md: sources)")
        lines.append(Line("commit_sd", _rounded(spread(sd["commits"])) if sd["commits"] else {},
                          f"{len(sd['commits'])} commits through the fsync shim (LD_PRELOAD); {model}"))
        srec = sd["records"]
        moves = [r for r in srec if r["committed"]]
        seen_first = [r["to_feedback"] for r in srec]
        figures = {**spread([r["total"] for r in srec]), "feedback_p99": percentile(seen_first, 99)}
        lines.append(Line("input_sd", _rounded(figures),
                          f"{len(srec)} inputs of every kind ({len(moves)} committed); what the player sees first, "
                          f"the pressed feedback, p50 {percentile(seen_first, 50):.2f} / p99 "
                          f"{figures['feedback_p99']:.2f} ms whatever the card does; the move's result after its "
                          f"commit"))
    return lines, result


def bench_input_x11(workdir: Path, sizes: Sizes, xvfb: Xvfb) -> list[Line]:
    if not xvfb.env:
        return [Line(f"input_x11.{kind}", note=xvfb.why) for kind in KINDS]
    try:
        import ctypes

        ctypes.CDLL("libXtst.so.6")
    except OSError:
        return [Line(f"input_x11.{kind}", note="not measured: libXtst is not installed (Debian: libxtst6)")
                for kind in KINDS]
    result = run_e2e(workdir, "x11", 1, sizes.x11_limit, env=xvfb.env)
    return input_lines(result, "input_x11")


# ---------------------------------------------------------------------- the real app

def _proc_stat(pid: int) -> tuple[float, float]:
    """(CPU seconds so far, wall clock) of a running process: the sum of its threads' run time
    in /proc/PID/task/*/schedstat (nanoseconds), else user + system time from /proc/PID/stat
    (in 10 ms ticks: too coarse for a 1 s sample)."""
    total, found = 0, False
    for path in Path(f"/proc/{pid}/task").glob("*/schedstat"):
        try:
            total += int(path.read_text().split()[0])
            found = True
        except (OSError, ValueError, IndexError):
            continue
    if found:
        return total / 1e9, time.perf_counter()
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"), time.perf_counter()


def _wakeups(pid: int) -> int:
    """Context switches of every thread of ``pid`` so far (each is a wake-up or a preemption)."""
    total = 0
    for status in Path(f"/proc/{pid}/task").glob("*/status"):
        try:
            for row in status.read_text().splitlines():
                if row.endswith("ctxt_switches:") or "ctxt_switches" in row:
                    total += int(row.split()[1])
        except (OSError, ValueError, IndexError):
            continue
    return total


def _vm_mb(pid: int, key: str = "VmHWM") -> float:
    for row in Path(f"/proc/{pid}/status").read_text().splitlines():
        if row.startswith(key + ":"):
            return int(row.split()[1]) / 1024
    raise OSError(f"no {key}")


class AppProcess:
    """A ``table-companion run --profile sim`` child (dummy SDL driver unless ``env`` says);
    notes when its log says "first frame"."""

    def __init__(self, journal: Path, config: Path, env: dict[str, str] | None = None,
                 python_flags: Sequence[str] = ()) -> None:
        environment = _child_env({"XDG_STATE_HOME": str(journal.parent), **(env or {})})
        self.first_frame = threading.Event()
        self.stderr: list[str] = []
        self.started = time.perf_counter()
        self.proc = subprocess.Popen([sys.executable, *python_flags, "-m", "firmware_host", "run", "--profile", "sim",
                                      "--journal", str(journal), "--config", str(config)],
                                     cwd=ROOT, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                     text=True)
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


@dataclass(frozen=True)
class IdleScreen:
    """A screen the app is left on: ``game`` cut after ``keep`` moves (``None``: no game,
    the home screen), ``pulsing`` if its LEDs pulse there."""

    label: str
    group: str                  # "home", "still" or "pulse"
    game: str | None = None
    players: int = 0
    seed: int = 0
    keep: int = 0
    pulsing: bool = False


def idle_screens() -> list[IdleScreen]:
    """The home screen; for every game, one still decision (a player's turn, the kind most met)
    and every decision kind at which its LED plan pulses (round and quarter ends, a demand
    just revealed...), each at its last occurrence in a seeded game."""
    from collections import Counter

    from firmware_host.engine.core import Game
    from firmware_host.engine.leds import LedLayout
    from firmware_host.ledplan import led_plan

    layout = LedLayout(count=27, track=tuple(range(21)), seats=tuple(range(21, 25)), status=25)
    screens = [IdleScreen("home screen", "home")]
    for name, plugin in GAMES.items():
        players, seed = _players(plugin), 4242
        rules, events = _random_game(plugin, players, seed)
        game = Game(rules)
        still: Counter[str] = Counter()
        last_still: dict[str, int] = {}
        pulses: dict[str, int] = {}
        for k, event in enumerate(events):
            game.apply(event)
            state = game.state
            if getattr(state, "over", False):
                continue
            kind = str(getattr(getattr(state, "pending", None), "kind", "?"))
            if led_plan(plugin.led_plan, rules, state, layout).animated:
                pulses[kind] = k + 1
            else:
                still[kind] += 1
                last_still[kind] = k + 1
        if still:
            kind = still.most_common(1)[0][0]
            screens.append(IdleScreen(f"{plugin.title}: {kind}", "still", name, players, seed, last_still[kind]))
        for kind, keep in pulses.items():
            screens.append(IdleScreen(f"{plugin.title}: {kind}, LEDs pulsing", "pulse", name, players, seed, keep,
                                      True))
    return screens


def _journal_for(screen: IdleScreen, path: Path) -> None:
    """A journal holding ``screen``'s game cut where the app must resume it (or none)."""
    from firmware_host.journal import Journal
    from firmware_host.session import Session

    journal = Journal(path)
    if screen.game is not None:
        plugin = GAMES[screen.game]
        rules, events = _random_game(plugin, screen.players, screen.seed)
        session = Session(screen.game, rules.setup, journal)
        for event in events[:screen.keep]:
            session.submit(event)
    journal.close()


def measure_idle(screens: Sequence[IdleScreen], workdir: Path, idle_s: float, env: dict[str, str] | None = None,
                 tag: str = "") -> dict[str, dict[str, Any]]:
    """Every screen's app at once (each its own process): % of a core and wake-ups per second
    over ``idle_s`` seconds after the first frame, VmHWM; ``{label: figures}``."""
    config = workdir / "empty.toml"
    config.write_text("")
    apps: list[tuple[IdleScreen, AppProcess]] = []
    out: dict[str, dict[str, Any]] = {}
    try:
        for k, screen in enumerate(screens):
            folder = workdir / f"idle{tag}-{k}"
            folder.mkdir(parents=True, exist_ok=True)
            _journal_for(screen, folder / "journal.db")
            apps.append((screen, AppProcess(folder / "journal.db", config, env)))
        for _screen, app in apps:
            app.wait_first_frame()
        time.sleep(1.0)                                      # start-up work and the font warm-up settle
        before = {app.proc.pid: (_proc_stat(app.proc.pid), _wakeups(app.proc.pid)) for _s, app in apps}
        time.sleep(idle_s)
        for screen, app in apps:
            (cpu0, wall0), wake0 = before[app.proc.pid]
            cpu1, wall1 = _proc_stat(app.proc.pid)
            wakes = _wakeups(app.proc.pid) - wake0
            out[screen.label] = {"cpu": round(100 * (cpu1 - cpu0) / (wall1 - wall0), 2),
                                 "wakeups_s": round(wakes / (wall1 - wall0), 1),
                                 "hwm_mb": round(_vm_mb(app.proc.pid), 1), "group": screen.group}
    finally:
        for _screen, app in apps:
            app.stop()
    return out


def idle_lines(results: dict[str, dict[str, Any]], idle_s: float, x11: dict[str, dict[str, Any]] | None,
               x11_why: str) -> list[Line]:
    """``idle.home``, ``idle.still``, ``idle.pulse`` (the worst of their screens) and ``idle.x11``."""
    method = (f"CPU time of `table-companion run --profile sim`, all threads (/proc/PID/task/*/schedstat) over "
              f"{idle_s:g} s, from 1 s after "
              f"its first frame, each screen its own process, all at once; wake-ups = context switches of "
              f"all its threads")
    lines = []
    for group in ("home", "still", "pulse"):
        mine = {label: r for label, r in results.items() if r["group"] == group}
        key = f"idle.{group}"
        if not mine:
            lines.append(Line(key, note="not measured: no such screen"))
            continue
        worst = max(mine, key=lambda label: mine[label]["cpu"])
        lines.append(Line(key, {"value": mine[worst]["cpu"], "wakeups_s": mine[worst]["wakeups_s"]},
                          f"{len(mine)} screen(s), worst: {worst} ({mine[worst]['wakeups_s']:g} wake-ups/s); "
                          f"{method}"))
    if x11:
        worst = max(x11, key=lambda label: x11[label]["cpu"])
        lines.append(Line("idle.x11", {"value": x11[worst]["cpu"], "wakeups_s": x11[worst]["wakeups_s"]},
                          f"{len(x11)} screens under Xvfb, worst: {worst} ({x11[worst]['wakeups_s']:g} wake-ups/s); "
                          f"the loop sleeps in select() on the X connection"))
    else:
        lines.append(Line("idle.x11", note=x11_why or "not measured"))
    return lines


def bench_start(workdir: Path, starts: int) -> Line:
    """Spawn to the first frame, resuming a long game of the reference game."""
    config = workdir / "empty.toml"
    config.write_text("")
    folder = workdir / "start"
    folder.mkdir(exist_ok=True)
    journal = folder / "journal.db"
    screens = [s for s in idle_screens() if s.game == REFERENCE.name and s.group == "still"]
    _journal_for(screens[0], journal)
    seconds = []
    for _ in range(starts):
        app = AppProcess(journal, config)
        try:
            seconds.append(app.wait_first_frame())
        finally:
            app.stop()
    return Line("start", _rounded({"median": statistics.median(seconds), "max": max(seconds), "n": starts}),
                f"spawn of `table-companion run` to its first display.flip(), resuming a {screens[0].keep}-move "
                f"{screens[0].players}-player {REFERENCE.title} game; {starts} starts")


# ---------------------------------------------------------------------- command line

def _import_times(stderr: str) -> tuple[float, list[tuple[str, float]]]:
    """Total import time (ms, the sum of every module's own time) and the slowest top-level
    imports (cumulative ms) from ``python -X importtime``'s report."""
    total, top = 0.0, []
    for row in stderr.splitlines():
        m = re.match(r"import time:\s+(\d+) \|\s+(\d+) \| (\s*)(\S+)", row)
        if not m:
            continue
        total += int(m.group(1)) / 1000
        if not m.group(3):
            top.append((m.group(4), int(m.group(2)) / 1000))
    return total, sorted(top, key=lambda t: -t[1])[:6]


def bench_cli(workdir: Path, runs: int) -> list[Line]:
    """``run`` under ``-X importtime`` until its first frame; ``score`` of the reference
    game's example holdings file, start to exit."""
    config = workdir / "empty.toml"
    config.write_text("")
    folder = workdir / "cli"
    folder.mkdir(exist_ok=True)
    app = AppProcess(folder / "journal.db", config, python_flags=("-X", "importtime"))
    try:
        app.wait_first_frame()
        log = app.log
    finally:
        app.stop()
    total, top = _import_times(log.split("first frame")[0])
    lines = [Line("cli.run", {"value": round(total, 1)},
                  "sum of every module's own import time before the first frame; slowest top-level: "
                  + ", ".join(f"{name} {ms:.0f} ms" for name, ms in top))]
    example = ROOT / "docs" / "examples" / f"{REFERENCE.name}-holdings.json"
    if not example.exists():
        return lines + [Line("cli.score", note=f"not measured: no {example.relative_to(ROOT)}")]
    seconds = []
    for _ in range(runs):
        t0 = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "firmware_host", "score", REFERENCE.name, str(example)],
                              cwd=ROOT, env=_child_env(), capture_output=True, text=True, timeout=60)
        seconds.append(time.perf_counter() - t0)
        if proc.returncode != 0:
            return lines + [Line("cli.score", note=f"not measured: score failed: {proc.stderr[-300:]}")]
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "firmware_host", "score", REFERENCE.name,
                           str(example)], cwd=ROOT, env=_child_env(), capture_output=True, text=True, timeout=60)
    total, top = _import_times(proc.stderr)
    return lines + [Line("cli.score", _rounded({"median": statistics.median(seconds), "max": max(seconds),
                                                "n": runs, "imports_ms": total}),
                         f"`score {REFERENCE.name} docs/examples/{example.name}`, spawn to exit, {runs} runs; imports "
                         f"{total:.0f} ms, slowest top-level: " + ", ".join(f"{n} {ms:.0f} ms" for n, ms in top))]


# ---------------------------------------------------------------------- memory

def memory_child(games: int, workdir: Path, players: int | None = None) -> dict[str, Any]:
    """In this process (the child of :func:`bench_memory`): ``games`` whole games, the
    registered games in turn, each through the screens' taps and presses with every frame
    drawn, the journal on disk; VmRSS after each game, and VmHWM at the end."""
    from display.controller import Controller
    from display.script import inputs_for, run_line
    from firmware_host.data import load
    from firmware_host.journal import Journal

    pygame, surface = _pygame()
    journal = Journal(workdir / "memory.db")
    ctl = Controller(journal, allow_quit=True)
    plugins = list(GAMES.values())
    rng = random.Random(5)
    after: list[dict[str, Any]] = []
    for g in range(games):
        plugin = plugins[g % len(plugins)]
        count = _players(plugin) if players is None else max(min(plugin.players), min(players, max(plugin.players)))
        ctl.start_game(plugin.name, plugin.demo_setup(count, rng, load(plugin.data)))
        session = ctl.session
        assert session is not None
        while not session.state.over:
            for line in inputs_for(ctl, plugin.random_move(session.game, rng)):
                run_line(ctl, line)
                if ctl.dirty:
                    ctl.draw(surface)
                    pygame.display.flip()
        ctl.close_game()
        ctl.draw(surface)
        after.append({"game": plugin.name, "rss_mb": round(_vm_mb(os.getpid(), "VmRSS"), 1)})
    journal.close()
    return {"after": after, "hwm_mb": round(_vm_mb(os.getpid()), 1)}


def bench_memory(workdir: Path, games: int, players: int | None = None) -> list[Line]:
    folder = workdir / "memory"
    folder.mkdir(exist_ok=True)
    cmd = [sys.executable, "-m", "tools.bench", "--memory-child", str(games), str(folder)]
    if players is not None:
        cmd += ["--memory-players", str(players)]
    proc = subprocess.run(cmd, cwd=ROOT, env=_child_env(), capture_output=True, text=True, timeout=7200)
    if proc.returncode != 0:
        why = f"not measured: the memory child failed: {proc.stderr[-300:]}"
        return [Line(f"memory.{name}", note=why) for name in GAMES] + [Line("memory.many", note=why)]
    result = json.loads(proc.stdout)
    lines = []
    for name, plugin in GAMES.items():
        first = next((a for a in result["after"] if a["game"] == name), None)
        count = _players(plugin) if players is None else players
        lines.append(Line(f"memory.{name}", {"value": first["rss_mb"]} if first else {},
                          f"VmRSS of one process after its first whole {count}-player {plugin.title} game "
                          f"(the games before it: " + ", ".join(a["game"] for a in result["after"][:3]) + " in turn), "
                          "every input through the screens, every frame drawn, journal on disk"))
    last = result["after"][-1]["rss_mb"]
    lines.append(Line("memory.many", {"value": last, "hwm": result["hwm_mb"]},
                      f"VmRSS after {len(result['after'])} whole games in one process (the registered games in turn), "
                      f"VmHWM {result['hwm_mb']:.1f} MB; after each game: "
                      + " ".join(f"{a['rss_mb']:g}" for a in result["after"][:10])
                      + (" ..." if len(result["after"]) > 10 else "")))
    return lines


# ---------------------------------------------------------------------- LEDs

def _led_frames(frames: int) -> list[tuple[tuple[int, int, int], ...]]:
    """``frames`` LED frames of a 60-LED strip as the app makes them (a tuple, as
    ``LedFrame.pixels``): the reference game's LED plan through a whole game, 50 ms apart (its
    pulses), the last LED changed each time so that every frame is written."""
    from firmware_host.engine.core import Game
    from firmware_host.engine.leds import LedLayout
    from firmware_host.ledplan import led_plan

    rules, events = _random_game(REFERENCE, REFERENCE_PLAYERS, 4242)
    game = Game(rules)
    states = []
    for event in events:
        game.apply(event)
        states.append(game.state)
    layout = LedLayout(count=LED_COUNT, track=tuple(range(21)), seats=tuple(range(21, 25)), status=25)
    out = []
    for k in range(frames):
        pixels = list(led_plan(REFERENCE.led_plan, rules, states[k % len(states)], layout, t=k * 0.05).pixels)
        pixels[-1] = (k % 256, 0, 0)
        out.append(tuple(pixels))
    return out


LED_GAP_S = 0.012       # between two frames: the writer is idle again (Blinka sleeps 2 ms after each)


def _led_times(writer: Any, renders: list[tuple[float, float, float]], plan: Sequence[Any],
               rng: random.Random) -> dict[str, list[float]]:
    """The timings of :func:`bench_leds`, milliseconds: ``latched``, ``handed`` and ``encode``
    for each frame of ``plan``, then ``late_writing``/``late_idle`` (its stall probe).
    ``renders``: :data:`tools.pi_leds.RENDERS`. ``RuntimeError`` if a frame never reaches it."""
    times: dict[str, list[float]] = {k: [] for k in ("latched", "handed", "encode", "late_writing", "late_idle")}

    def render_after(n: int) -> tuple[float, float, float]:
        writer.flush(5)
        if len(renders) <= n:
            raise RuntimeError("no frame reached the wire")
        return renders[n]

    for pixels in plan:
        n = len(renders)
        t0 = time.perf_counter()
        writer.show(pixels)
        times["handed"].append((time.perf_counter() - t0) * 1000)
        start, wire_end, _done = render_after(n)
        times["latched"].append((wire_end - t0) * 1000)
        times["encode"].append((start - t0) * 1000)
        time.sleep(LED_GAP_S)
    for k, pixels in enumerate(plan):
        delay = rng.uniform(0, LED_WIRE_MS / 1000 + 0.2e-3)
        writing = k % 2 == 1                        # else what sleeping alone costs
        n = len(renders)
        t0 = time.perf_counter()
        if writing:
            writer.show(pixels)
        time.sleep(max(0.0, t0 + delay - time.perf_counter()))
        late = (time.perf_counter() - t0 - delay) * 1000
        if not writing:
            times["late_idle"].append(late)
        elif t0 + delay <= render_after(n)[1]:      # woke before the last bit: while the writer ran
            times["late_writing"].append(late)
        time.sleep(LED_GAP_S)
    return times


def bench_leds(frames: int) -> Line:
    """60 LEDs as the app drives them on a Pi: ``StripWriter(SafeStrip(NeoPixelStrip))``
    (``open_hardware`` builds the ``SafeStrip``, the app's loop the writer) on Blinka's Raspberry
    Pi driver with only the wire replaced (:mod:`tools.pi_leds`: it takes the wire time,
    holding the GIL as rpi_ws281x's wrapper does). Milliseconds.

    The budgeted figure: from the UI thread's ``show`` to the last bit latched, the LED plan's
    frames (:func:`_led_frames`) :data:`LED_GAP_S` apart, the UI thread waiting meanwhile (in
    ``flush``, as the app's loop waits in ``select``). Reported beside it: the UI thread's own
    time in ``show`` (``ui_p99``), and its stall: as many frames again, the UI thread sleeping
    after every other hand-over until a moment drawn uniformly over the write (an input that
    arrives then) and timing how late it runs again (``stall_*``), against the same sleeps with
    no write (``idle_late_p99``): the difference is how long the writer keeps the GIL."""
    from firmware_host.inputs import DeviceStatus, Input

    os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
    plan = _led_frames(frames)
    try:
        from firmware_host.io.leds import SafeStrip, StripWriter
        from tools import pi_leds

        restore = pi_leds.install(gil_held=True)
        strip = pi_leds.open_strip(LED_COUNT)
    except Exception as exc:  # noqa: BLE001 - any Blinka/driver failure: say why
        return Line("leds", note=f"not measured: the NeoPixel/Blinka path is not usable here ({type(exc).__name__}: "
                                 f"{exc})")
    statuses: list[Input] = []
    writer = StripWriter(SafeStrip(lambda: strip, LED_COUNT, statuses.append))
    try:
        times = _led_times(writer, pi_leds.RENDERS, plan, random.Random(16))
    except RuntimeError as exc:
        failed = [s.message for s in statuses if isinstance(s, DeviceStatus) and not s.ok]
        return Line("leds", note=f"not measured: {exc} ({'; '.join(failed) or 'the strip reported nothing'})")
    finally:
        writer.close()
        restore()
    handed, late, idle = times["handed"], times["late_writing"], times["late_idle"]
    figures = {**spread(times["latched"]), "ui_p99": percentile(handed, 99),
               "encode_p50": percentile(times["encode"], 50)}
    note = (f"{frames} frames of the LED plan through StripWriter(SafeStrip(NeoPixelStrip)); the wire itself takes "
            f"{LED_WIRE_MS:.2f} ms ({LED_COUNT} x {LED_WIRE_US_PER_LED:g} us + {LED_LATCH_US:g} us latch), budget 10 % "
            f"over it; on the UI thread `show` took p50 {percentile(handed, 50) * 1000:.0f} / p99 "
            f"{figures['ui_p99'] * 1000:.0f} us; from the hand-over to the driver's render (wake, NeoPixel encoding "
            f"of the changed LEDs, Blinka's copy into rpi_ws281x) p50 {figures['encode_p50'] * 1000:.0f} us")
    if late and idle:
        figures |= {"stall_p50": percentile(late, 50), "stall_p99": percentile(late, 99), "stall_max": max(late),
                    "idle_late_p99": percentile(idle, 99)}
        note += (f"; the UI thread, woken during a write ({len(late)} times), ran late by p50 "
                 f"{figures['stall_p50']:.2f} / p99 {figures['stall_p99']:.2f} / max {figures['stall_max']:.2f} ms "
                 f"(sleeping alone: p99 {figures['idle_late_p99']:.2f} ms): rpi_ws281x keeps the GIL while the "
                 f"data is on the wire")
    return Line("leds", _rounded(figures), note)


# ---------------------------------------------------------------------- running

def _skipped(group: str) -> list[Line]:
    return [Line(key, note="not measured: not asked for (--only)") for key, b in BUDGETS.items() if b.group == group]


@contextmanager
def _nothing() -> Iterator[None]:
    yield None


def run_bench(sizes: Sizes = FULL, progress: Callable[[str], None] | None = None, *,
              only: Sequence[str] | None = None, install_xvfb: bool = False,
              slow_commit_s: float = 0.0) -> dict[str, Any]:
    """Measure every budget (or the groups in ``only``); returns ``{"machine", "quick",
    "lines": [Line.to_json()], "screens", "idle"}``. ``slow_commit_s`` adds that much to every
    commit of the input-to-pixels run (for the benchmark's own test). A full run measures one
    thing at a time; ``sizes.parallel`` (--quick) runs the child processes side by side."""
    from concurrent.futures import Future, ThreadPoolExecutor

    say = progress or (lambda _msg: None)
    wanted = set(only or GROUPS)
    report: dict[str, Any] = {"machine": machine(), "quick": sizes != FULL, "screens": {}, "idle": {}}
    lines: dict[str, Line] = {}

    def add(new: Sequence[Line]) -> None:
        for line in new:
            lines[line.key] = line

    x_server = Xvfb(install_xvfb) if "x11" in wanted else _nothing()
    with tempfile.TemporaryDirectory(prefix="tc-bench-", dir=_disk_tmp()) as tmp, x_server as started, \
            ThreadPoolExecutor(max_workers=8 if sizes.parallel else 1) as pool:
        xvfb = started if isinstance(started, Xvfb) else Xvfb()
        workdir = Path(tmp)
        children: list[tuple[str, Future[Any]]] = []

        def child(what: str, fn: Callable[..., Any], *args: Any) -> None:
            """A measurement run in child processes: now (full) or beside the others (quick)."""
            if sizes.parallel:
                children.append((what, pool.submit(fn, *args)))
            else:
                say(what)
                children.append((what, _done(fn(*args))))

        idle_all = idle_screens() if wanted & {"idle", "x11"} else []
        if idle_all and sizes.idle_screens is not None:    # one screen of each kind
            idle_all = [next(s for s in idle_all if s.group == g) for g in ("home", "still", "pulse")]
        if "input" in wanted or "sd" in wanted:
            child("input to pixels (dummy driver, this disk, then the SD-card model)", bench_input, workdir, sizes,
                  slow_commit_s, "sd" in wanted)
        if "x11" in wanted:
            child("input to pixels under X11 (Xvfb)", bench_input_x11, workdir, sizes, xvfb)
        if "idle" in wanted:
            child("idle CPU on every screen", measure_idle, idle_all, workdir, sizes.idle_s)
        if "x11" in wanted and xvfb.env:
            x11_screens = [s for s in idle_all if s.game in (None, REFERENCE.name) and s.group != "home"]
            child("idle CPU under X11", measure_idle, x11_screens, workdir, sizes.idle_s, xvfb.env, "-x11")
        if "app" in wanted:
            child("start to first frame", bench_start, workdir, sizes.starts)
        if "cli" in wanted:
            child("command line", bench_cli, workdir, max(1, min(3, sizes.starts)))
        if "memory" in wanted:
            child(f"memory over {sizes.memory_games} games", bench_memory, workdir, sizes.memory_games,
                  sizes.memory_players)
        if "engine" in wanted:
            for game in GAMES:
                say(f"engine: {game}")
                add([bench_engine(game, sizes.apply_games)])
            say("random games")
            add([bench_games_per_second(sizes.sim_games)])
        if "journal" in wanted:
            say("journal: replay")
            add([bench_replay(workdir, sizes.replay_runs)])
        if "frames" in wanted:
            say("frames")
            frame, screens = bench_frames(sizes.frame_games, sizes.frame_draws, cold_walk=not sizes.parallel)
            add([frame])
            report["screens"] = screens
        if "leds" in wanted:
            say("LEDs")
            add([bench_leds(sizes.led_frames)])
        results: dict[str, Any] = {}
        for what, future in children:
            results[what] = future.result()
        idle = x11 = None
        for what, result in results.items():
            if what.startswith("idle CPU under X11"):
                x11 = result
            elif what.startswith("idle CPU"):
                idle = result
            elif what.startswith("input to pixels (dummy"):
                add(result[0])
            elif isinstance(result, Line):
                add([result])
            else:
                add(result)
        if idle is not None or x11 is not None:
            report["idle"] = {**(idle or {}), **{f"X11: {k}": v for k, v in (x11 or {}).items()}}
            new_idle = idle_lines(idle or {}, sizes.idle_s, x11, xvfb.why)
            add([line for line in new_idle if BUDGETS[line.key].group in wanted])
    for group in GROUPS:
        if group not in wanted:
            add(_skipped(group))
    report["lines"] = [(lines.get(key) or Line(key, note="not measured")).to_json() for key in BUDGETS]
    report["machine"]["load_average_after"] = [round(x, 2) for x in os.getloadavg()] \
        if hasattr(os, "getloadavg") else None
    report["machine"]["disk"] = _filesystem(Path(_disk_tmp() or tempfile.gettempdir()))
    return report


def _done(value: Any) -> Any:
    """``value`` as a finished future."""
    from concurrent.futures import Future

    future: Future[Any] = Future()
    future.set_result(value)
    return future


def _disk_tmp() -> str | None:
    """A temporary folder on a real disk: /var/tmp (/tmp may be a RAM disk)."""
    return "/var/tmp" if os.path.isdir("/var/tmp") and os.access("/var/tmp", os.W_OK) else None


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
    if line["stat"] == "worst":
        return (f"worst {_fmt(figs['worst'], unit)} {unit} (redraw p99 {_fmt(figs['p99'], unit)}, first draw "
                f"{_fmt(figs['first'], unit)}, opened first {_fmt(figs.get('cold'), unit)})")
    if "p50" in figs and "p99" in figs:
        text = f"p50 {_fmt(figs['p50'], unit)} / p99 {_fmt(figs['p99'], unit)}"
        if "max" in figs:
            text += f" / max {_fmt(figs['max'], unit)}"
        text += f" {unit}"
        if "cpu_p99" in figs:
            text += f" (CPU time p99 {_fmt(figs['cpu_p99'], unit)})"
        if "feedback_p99" in figs:
            text += f"; feedback p99 {_fmt(figs['feedback_p99'], unit)}"
        return text
    if "median" in figs:
        return f"median {_fmt(figs['median'], unit)} / max {_fmt(figs['max'], unit)} {unit}"
    text = f"{_fmt(figs.get(line['stat']), unit)} {unit}"
    if "wakeups_s" in figs:
        text += f", {figs['wakeups_s']:g} wake-ups/s"
    return text


def _budget_text(line: dict[str, Any]) -> str:
    if line["budget"] is None:
        return "-"
    return f"<= {_fmt(line['budget'], line['unit'])} {line['unit']} ({line['stat']})"


def _machine_text(m: dict[str, Any]) -> str:
    return (f"{m['cpu']}, {m['cores']} cores; {m['os']}; Python {m['python']}; {m['pygame']}; "
            f"SQLite {m['sqlite']}; disk: {m.get('disk', '?')}; load average {m['load_average']} before, "
            f"{m.get('load_average_after')} after; commit {m['commit'] or '-'}; {m['date']}")


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
    """The generated block of docs/performance.md: machine, budget table, notes, per-screen
    frames and idle CPU."""
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
    if report.get("idle"):
        out += ["", "CPU while idle, per screen (% of a core; wake-ups per second, all threads; VmHWM):", "",
                "| screen | CPU | wake-ups/s | VmHWM MB |", "|---|---|---|---|"]
        for label, r in report["idle"].items():
            out.append(f"| {label} | {r['cpu']:.2f} | {r['wakeups_s']:g} | {r['hwm_mb']:.1f} |")
    out += ["", "Frame time per screen (ms; draw + flip, full redraw, wall clock; CPU p99 = time the drawing "
            "thread itself ran; `first` = its first draw as a fresh app meets it, after its warm-up; `cold` = "
            "drawn as if it were the first screen opened after the start):", "",
            "| screen | p50 | p99 | CPU p99 | first | cold |", "|---|---|---|---|---|---|"]
    for key, s in sorted(report["screens"].items()):
        cold = f"{s['cold']:.2f}" if "cold" in s else "-"
        out.append(f"| {key} | {s['p50']:.2f} | {s['p99']:.2f} | {s['cpu_p99']:.2f} | {s['first']:.2f} | {cold} |")
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


def _groups(text: str) -> list[str]:
    groups = [g.strip() for g in text.split(",") if g.strip()]
    unknown = [g for g in groups if g not in GROUPS]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown group(s) {', '.join(unknown)}; known: {', '.join(GROUPS)}")
    return groups


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--check", action="store_true", help="exit 1 if a budget is broken")
    parser.add_argument("--quick", action="store_true", help="small samples (CI: every line runs)")
    parser.add_argument("--xvfb", action="store_true",
                        help="install Debian's xvfb if it is missing (as root) for the X11 lines")
    parser.add_argument("--only", type=_groups, help=f"measure only these groups ({', '.join(GROUPS)})")
    parser.add_argument("--out", help="write the results into this Markdown file (docs/performance.md)")
    parser.add_argument("--slow-commit", type=float, default=0.0, help=argparse.SUPPRESS)
    parser.add_argument("--memory-child", nargs=2, metavar=("GAMES", "DIR"), help=argparse.SUPPRESS)
    parser.add_argument("--memory-players", type=int, help=argparse.SUPPRESS)


def run_from_args(args: argparse.Namespace, measure: Callable[[Sizes], dict[str, Any]] | None = None) -> int:
    """The ``bench`` command: measure (``measure`` is for tests), print, write, check."""
    progress = None if args.json else (lambda msg: print(f"... {msg}", file=sys.stderr, flush=True))
    sizes = QUICK if args.quick else FULL
    if measure is not None:
        report = measure(sizes)
    else:
        report = run_bench(sizes, progress, only=args.only, install_xvfb=args.xvfb, slow_commit_s=args.slow_commit)
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
    args = parser.parse_args(argv)
    if args.memory_child:
        json.dump(memory_child(int(args.memory_child[0]), Path(args.memory_child[1]), args.memory_players),
                  sys.stdout)
        return 0
    return run_from_args(args)


if __name__ == "__main__":
    sys.exit(main())
