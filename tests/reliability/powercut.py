"""Power cuts: a child keeps a Trajan game through the controller and the journal, saying what it
is about to do and acknowledging each move once committed; the driver SIGKILLs it at random
instants, starts it again and checks what survived (design.md: reliability promises).

Child (``python -m tests.reliability.powercut JOURNAL SEED``), one line per step on stdout:

- ``ready <game> <moves> <digest>`` after start-up: the journal opened (a damaged one would be
  reported as ``notice ...``), the unfinished game resumed by :class:`Controller`. The child
  then waits for a line on stdin, so the driver reads the journal exactly as the boot found it.
- ``intent move <game> <seq> <event json>`` / ``intent undo <game> <seq>`` /
  ``intent new`` before a step; ``ack move ...`` / ``ack undo ...`` / ``ack new <game>`` with
  the state digest once it returned, i.e. once the journal committed it and the screen may
  show it. The screen is redrawn after every step, as the app's loop does.

Driver (:func:`run_kills`): after each restart, the game the child resumed must hold every
acknowledged move, and at most the one step in flight may be missing or present; the resumed
state must equal an independent replay of the journal's events and, when nothing was in
flight, the state acknowledged last (the one the screen showed at the cut).
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = (("red", "Anna"), ("green", "Bela"), ("blue", "Chen"), ("brown", "Dara"))
UNDO_CHANCE = 0.05


def state_digest(rules: Any, state: Any) -> str:
    """A short fingerprint of a whole game state."""
    text = json.dumps(rules.state_to_json(state), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha1(text.encode()).hexdigest()[:16]


def replay_digest(setup_json: dict[str, Any], events: list[str]) -> str:
    """The digest of the state the journal's ``events`` (JSON texts) lead to."""
    from firmware_host.engine.core import Game
    from firmware_host.games import rules_for

    rules = rules_for("trajan", setup_json)
    return state_digest(rules, Game(rules, [rules.codec.decode(json.loads(e)) for e in events]).state)


# ---------------------------------------------------------------------- the child

def child(journal_path: str, seed: int) -> None:
    """Keep Trajan games in ``journal_path`` until killed (see the module doc)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    import pygame

    from display.controller import Controller
    from firmware_host.data import load
    from firmware_host.engine.core import event_to_json
    from firmware_host.engine.trajan.play import random_event
    from firmware_host.engine.trajan.state import TrajanSetup
    from firmware_host.journal import Journal

    def say(*words: Any) -> None:
        sys.stdout.write(" ".join(map(str, words)) + "\n")
        sys.stdout.flush()

    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((800, 480))
    journal, notice = Journal.open_or_recover(journal_path)
    if notice:
        say("notice", notice.text().replace("\n", " "))
    assert journal is not None, notice
    ctl = Controller(journal)
    ctl.draw(surface)

    def digest() -> str:
        return state_digest(ctl.session.rules, ctl.session.state)

    def new_game() -> None:
        say("intent new")
        n = len(journal.games())
        setup = TrajanSetup(players=PLAYERS, board=load("trajan"), demand_mode="table" if n % 2 else "companion",
                            seed=seed + n)
        ctl.start_game("trajan", setup)
        say("ack new", ctl.session.game_id, digest())

    if ctl.session is None:
        new_game()
    gid = ctl.session.game_id
    say("ready", gid, len(ctl.session.game.events), digest())
    sys.stdin.readline()          # the driver reads the journal as the boot left it, then says go
    rng = random.Random(f"{seed}:{os.getpid()}")
    while True:
        session = ctl.session
        gid, n = session.game_id, len(session.game.events)
        if session.state.over:
            new_game()
        elif n and rng.random() < UNDO_CHANCE:
            say("intent undo", gid, n)
            ctl.undo()
            if len(ctl.session.game.events) == n - 1:
                say("ack undo", gid, n, digest())
        else:
            event = random_event(session.game, rng)
            say("intent move", gid, n + 1, json.dumps(event_to_json(event), separators=(",", ":")))
            if ctl.submit(event):
                say("ack move", gid, n + 1, digest())
        if ctl.dirty:
            ctl.draw(surface)
            pygame.display.flip()


# ---------------------------------------------------------------------- the driver

def _spawn(journal: Path, seed: int) -> tuple[subprocess.Popen, list[str], threading.Thread, threading.Event]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "tests.reliability.powercut", str(journal), str(seed)],
                            cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    lines: list[str] = []
    ready = threading.Event()

    def read() -> None:
        assert proc.stdout is not None
        for row in proc.stdout:
            lines.append(row.rstrip("\n"))
            if row.startswith("ready"):
                ready.set()
    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    return proc, lines, reader, ready


def _journal_rows(path: Path) -> dict[int, tuple[dict[str, Any], list[str]]]:
    """game id -> (setup, event JSON texts in order), read without writing."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        out = {gid: (json.loads(setup), []) for gid, setup in db.execute("SELECT id, setup FROM games")}
        for gid, event in db.execute("SELECT game_id, event FROM events ORDER BY game_id, seq"):
            out[gid][1].append(event)
        return out
    finally:
        db.close()


@dataclass
class Model:
    """What the driver was told was committed: acknowledged events per game, the digest shown
    after the last acknowledgement, and the step in flight (its ``intent`` words) at the cut."""

    games: dict[int, list[str]] = field(default_factory=dict)
    shown: dict[int, str] = field(default_factory=dict)
    in_flight: list[str] | None = None
    acked_moves: int = 0

    def feed(self, line: str) -> None:
        words = line.split(" ", 4)
        if words[0] == "intent":
            self.in_flight = words
        elif words[:2] == ["ack", "move"]:
            gid = int(words[2])
            self.games[gid].append(self.in_flight[4])      # type: ignore[index]
            self.shown[gid] = words[4]
            self.acked_moves += 1
            self.in_flight = None
        elif words[:2] == ["ack", "undo"]:
            gid = int(words[2])
            self.games[gid].pop()
            self.shown[gid] = words[4]
            self.in_flight = None
        elif words[:2] == ["ack", "new"]:
            self.games[int(words[2])] = []
            self.shown[int(words[2])] = words[3]
            self.in_flight = None


@dataclass
class Restart:
    """The verdict on one restart: ``problems`` (empty = survived), acknowledged moves lost,
    and whether a move or undo was in flight at the cut and reached the journal."""

    problems: list[str]
    lost: int = 0
    in_flight: bool = False
    committed: bool = False


def check_restart(model: Model, ready: list[str], rows: dict[int, tuple[dict[str, Any], list[str]]]) -> Restart:
    """Check a restart: ``ready`` is the new life's ready line split in words, ``rows`` the
    journal read while the child waits. Then makes ``model`` hold what the journal holds."""
    out = Restart([])
    gid, n, digest = int(ready[1]), int(ready[2]), ready[3]
    flight = model.in_flight or []
    out.in_flight = flight[1:2] in (["move"], ["undo"])
    for g, acked in model.games.items():
        events = rows.get(g, ({}, []))[1]
        with_flight = None
        if flight[1:2] == ["move"] and int(flight[2]) == g:
            with_flight = acked + [flight[4]]
        if flight[1:2] == ["undo"] and int(flight[2]) == g:
            with_flight = acked[:-1]
        if events == with_flight:
            out.committed = True
        elif events != acked:
            out.lost += sum(1 for k, e in enumerate(acked) if k >= len(events) or events[k] != e)
            out.problems.append(f"game {g}: the journal has {len(events)} moves where {len(acked)} were "
                                f"acknowledged ({out.lost} acknowledged moves missing or changed)")
        model.games[g] = events
    if gid not in model.games and not (flight[1:2] == ["new"] and n == 0):
        out.problems.append(f"resumed game {gid}, which was never started")
    model.games.setdefault(gid, [])
    if n != len(model.games[gid]):
        out.problems.append(f"game {gid}: resumed with {n} moves, the journal has {len(model.games[gid])}")
    replayed = replay_digest(rows[gid][0], rows[gid][1][:n])
    if replayed != digest:
        out.problems.append(f"game {gid}: resumed state {digest} is not the replay of its moves ({replayed})")
    if not out.committed and gid in model.shown and model.shown[gid] != digest:
        out.problems.append(f"game {gid}: resumed state is not the state shown before the cut")
    model.shown[gid] = digest
    model.in_flight = None
    return out


def run_kills(kills: int, workdir: Path, seed: int = 1, window_s: float = 0.3, progress=None) -> dict[str, Any]:
    """SIGKILL the child ``kills`` times at random instants (a fifth of them during start-up, the
    rest up to ``window_s`` into play) and check the restart after each (:func:`check_restart`;
    a cut during start-up is checked at the next restart that gets going).

    Returns ``{"tried", "survived", "acked_moves", "lost_moves", "in_flight",
    "in_flight_committed", "during_start", "games", "failures"}``.
    """
    rng = random.Random(seed)
    journal = workdir / "journal.db"
    model = Model()
    report: dict[str, Any] = {"tried": kills, "survived": 0, "acked_moves": 0, "lost_moves": 0, "in_flight": 0,
                              "in_flight_committed": 0, "during_start": 0, "failures": []}
    startup = 0.5
    unchecked: list[int] = []          # cuts not yet followed by a checked restart
    for k in range(kills + 1):
        proc, lines, reader, ready = _spawn(journal, seed)
        t0 = time.perf_counter()
        if k < kills and rng.random() < 0.2:
            ready.wait(rng.uniform(0, startup))
        else:
            ready.wait(60)
        seen = 0
        if ready.is_set():
            startup = 0.8 * startup + 0.2 * (time.perf_counter() - t0)
            seen = next(i for i, row in enumerate(lines) if row.startswith("ready")) + 1
            for row in lines[:seen]:
                if row.startswith("ack new"):          # a game this life started before it was ready
                    words = row.split(" ")
                    model.games[int(words[2])], model.shown[int(words[2])] = [], words[3]
            result = check_restart(model, lines[seen - 1].split(" "), _journal_rows(journal))
            if any(row.startswith("notice") for row in lines):
                result.problems.append("the journal was set aside as damaged")
            report["lost_moves"] += result.lost
            report["in_flight"] += result.in_flight
            report["in_flight_committed"] += result.committed
            if result.problems:
                report["failures"].append({"cuts": list(unchecked), "problems": result.problems})
            else:
                report["survived"] += len(unchecked)
            unchecked = []
            if k < kills:
                proc.stdin.write("go\n")
                proc.stdin.flush()
                time.sleep(rng.uniform(0, window_s))
        elif k < kills:
            report["during_start"] += 1
        if k == kills:
            if not ready.is_set():
                report["failures"].append({"cuts": list(unchecked), "problems": ["the last restart never got ready"]})
            proc.kill()
        else:
            os.kill(proc.pid, signal.SIGKILL)
            unchecked.append(k)
        proc.wait()
        reader.join(10)
        stderr = proc.stderr.read()
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            stream.close()
        if proc.returncode != -signal.SIGKILL or "Traceback" in stderr:
            report["failures"].append({"cuts": [k], "problems": [f"the child ended by itself ({proc.returncode}): "
                                                                 f"{stderr[-800:]}"]})
        for row in lines[seen:]:
            model.feed(row)
        if progress and k % 20 == 0:
            progress(f"cut {k}/{kills}: {report['survived']} survived, {model.acked_moves} moves acknowledged")
    report["acked_moves"] = model.acked_moves
    report["games"] = len(model.games)
    return report


if __name__ == "__main__":
    child(sys.argv[1], int(sys.argv[2]))
