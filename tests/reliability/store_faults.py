"""Start-up faults against the real entry point (docs/reliability.md, "Faults at start-up").

Each case prepares a state folder holding a journal with an unfinished game (or none), puts
the fault in place, starts ``python -m firmware_host run --profile sim`` on it (dummy SDL
driver), waits for the first frame, may do something while it runs, then stops it with
SIGTERM as systemd does. It reports what a test asserts: the first frame, the exit code, the
log, and every file under the case's folder with its hash before and after.

The faults that need a file system of their own (a full disk, a tiny one, a read-only one)
mount a tmpfs over the case's folder: ``mount`` needs root and a private mount namespace, so
the test runs this module under ``unshare -m`` (``python -m tests.reliability.store_faults
CASE FOLDER`` prints the report as JSON; ``--all`` runs every case and prints the table of
docs/reliability.md). "permission" runs the app as ``nobody`` through
``setpriv`` (root only): root itself may read and write any file.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
NOBODY = 65534


@dataclass(frozen=True)
class Case:
    """``mount``: tmpfs options for the state folder (``None``: none); ``prepare(state)``
    puts the fault in place; ``running(state)`` runs after the first frame; ``logged``: a
    phrase the log must hold; ``journal``: what may happen to the journal's bytes
    (``same``, ``set aside``, ``gone``); ``as_nobody``: run the app as user nobody."""

    name: str
    fault: str
    logged: str
    prepare: Callable[[Path], None] = lambda state: None
    running: Callable[[Path], None] | None = None
    mount: str | None = None
    remount_ro: bool = False
    journal: str = "same"
    as_nobody: bool = False
    config: str = ""
    make_journal: bool = True
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def needs_root(self) -> bool:
        return self.mount is not None or self.as_nobody


def _fill(state: Path) -> None:
    """Fill the file system holding ``state`` to the last byte."""
    try:
        with open(state / "filler", "wb", buffering=0) as f:
            while True:
                f.write(b"\0" * 4096)
    except OSError:
        pass


def _flip_header(state: Path) -> None:
    path = state / "journal.db"
    data = bytearray(path.read_bytes())
    data[0:100] = random.Random(3).randbytes(100)            # the header: "not a database"
    path.write_bytes(bytes(data))


def _folder_in_place(state: Path) -> None:
    (state / "journal.db").mkdir()
    (state / "journal.db" / "keep.txt").write_text("someone's folder")


def _root_only(state: Path) -> None:
    """The journal belongs to root, 0600; the folder to nobody (who could rename it)."""
    for p in state.rglob("*"):
        os.chown(p, 0, 0)
    (state / "journal.db").chmod(0o600)
    os.chown(state, NOBODY, NOBODY)


def _tags_folder(state: Path) -> None:
    (state / "table-companion" / "tags.db").mkdir(parents=True)


def _delete_everything(state: Path) -> None:
    for p in state.iterdir():
        shutil.rmtree(p) if p.is_dir() else p.unlink()


CASES = {c.name: c for c in (
    Case("disk full", "a 1 MiB tmpfs filled to the last byte around a sound journal", "the storage is full",
         prepare=_fill, mount="size=1m"),
    Case("tiny disk", "a 16 KiB tmpfs, first start (no journal yet)", "the storage is full",
         mount="size=16k", make_journal=False, journal="none"),
    Case("read-only", "the journal's tmpfs remounted read-only", "the storage is read-only",
         mount="size=1m", remount_ro=True),
    Case("locked", "another process holds an EXCLUSIVE lock (locking_mode=EXCLUSIVE)", "another program is using"),
    Case("permission", "journal root:root 0600, the app run as nobody (setpriv)", "may not read or write",
         prepare=_root_only, as_nobody=True),
    Case("directory", "a folder (with a file in it) where the journal should be", "is a folder, not a file",
         prepare=_folder_in_place, make_journal=False, journal="none"),
    Case("damaged", "the journal's 100-byte header overwritten (not a database)", "kept aside as",
         prepare=_flip_header, journal="set aside"),
    Case("deleted while running", "the journal and the whole state folder deleted after the first frame",
         "first frame", running=_delete_everything, journal="gone"),
    Case("config unreadable", "the config file the service finds ($TABLE_COMPANION_CONFIG) is not TOML",
         "config not used", config="this is [not toml"),
    Case("tags folder", "a folder where the tag registry should be", "tag registry",
         prepare=_tags_folder),
)}


def _hashes(folder: Path) -> dict[str, str]:
    out = {}
    for p in sorted(folder.rglob("*")):
        if p.is_file():
            try:
                out[str(p.relative_to(folder))] = hashlib.sha256(p.read_bytes()).hexdigest()[:16]
            except OSError:
                out[str(p.relative_to(folder))] = "unreadable"
    return out


def _lock(path: Path) -> subprocess.Popen:
    """Another process holding ``path`` locked, until killed."""
    holder = subprocess.Popen([sys.executable, "-c", (
        "import sqlite3, sys, time\n"
        "db = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
        "db.execute('PRAGMA locking_mode=EXCLUSIVE')\n"
        "db.execute('BEGIN EXCLUSIVE')\n"
        "print('locked', flush=True)\n"
        "time.sleep(120)\n"), str(path)], stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
    return holder


def run_case(name: str, work: Path) -> dict[str, Any]:
    """Run case ``name`` in ``work`` (the state folder is ``work/state``); the report."""
    case = CASES[name]
    state = work / "state"
    state.mkdir(parents=True, exist_ok=True)
    if case.mount:
        subprocess.run(["mount", "-t", "tmpfs", "-o", f"{case.mount},mode=0755", "tmpfs", str(state)], check=True)
    journal = state / "journal.db"
    if case.make_journal:
        from tests.reliability.damage import make_journal
        make_journal(journal, moves=60)
        Path(f"{journal}.mark").unlink(missing_ok=True)
    config = work / "config.toml"
    config.write_text(case.config)
    config.chmod(0o644)
    case.prepare(state)
    if case.remount_ro:
        subprocess.run(["mount", "-o", "remount,ro", str(state)], check=True)
    before = _hashes(work)
    holder = _lock(journal) if name == "locked" else None
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               XDG_STATE_HOME=str(state), PYTHONPATH=str(ROOT), HOME=str(work / "home"))
    env.pop("TABLE_COMPANION_CONFIG", None)
    (work / "home").mkdir(exist_ok=True)
    command = [sys.executable, "-m", "firmware_host", "run", "--profile", "sim", "--journal", str(journal)]
    if case.config:     # found by the app itself, reported on screen (a --config file is refused by the CLI)
        env["TABLE_COMPANION_CONFIG"] = str(config)
    else:
        command += ["--config", str(config)]
    if case.as_nobody:
        os.chown(work / "home", NOBODY, NOBODY)
        command = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", "--", *command]
    started = time.monotonic()
    app = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    lines: list[str] = []
    framed = threading.Event()

    def read() -> None:
        assert app.stderr is not None
        for line in app.stderr:
            lines.append(line)
            if "first frame" in line:
                framed.set()
    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    first_frame = None
    while not framed.wait(0.05):
        if app.poll() is not None or time.monotonic() - started > 60:
            break
    if framed.is_set():
        first_frame = round(time.monotonic() - started, 2)
        if case.running is not None:
            case.running(state)
            time.sleep(0.3)
    if app.poll() is None:
        app.send_signal(signal.SIGTERM)
    try:
        code = app.wait(20)
    except subprocess.TimeoutExpired:
        app.kill()
        code = app.wait()
    reader.join(5)
    if holder is not None:
        holder.kill()
        holder.wait()
    after = _hashes(work)
    return {"case": name, "fault": case.fault, "first_frame": first_frame, "exit_code": code,
            "log": "".join(lines), "before": before, "after": after, "seconds": round(time.monotonic() - started, 2)}


def command_for(name: str, work: Path) -> list[str]:
    """How a test runs case ``name``: under ``unshare -m`` when it mounts a file system."""
    base = [sys.executable, "-m", "tests.reliability.store_faults", name, str(work)]
    return ["unshare", "-m", "--propagation", "private", *base] if CASES[name].mount else base


def can_run(name: str) -> str:
    """Why case ``name`` cannot run here (``""``: it can)."""
    case = CASES[name]
    if case.needs_root and os.geteuid() != 0:
        return "needs root (mount, setpriv)"
    if case.mount and subprocess.run(["unshare", "-m", "true"], capture_output=True).returncode:
        return "unshare -m does not work here"
    if case.as_nobody and not shutil.which("setpriv"):
        return "no setpriv"
    return ""


def work_folder(parent: Path, name: str) -> Path:
    """A folder for case ``name``: for ``nobody`` one it can reach (pytest's own are root's, 0700)."""
    if CASES[name].as_nobody:
        folder = Path(tempfile.mkdtemp(prefix="tc-fault-", dir="/tmp"))
        folder.chmod(0o755)
        return folder
    folder = parent / name.replace(" ", "-")
    folder.mkdir()
    return folder


def check(report: dict[str, Any]) -> list[str]:
    """What is wrong with a case's report (empty: handled): the first frame, a clean exit on
    SIGTERM, no traceback, the fault named in the log, the journal's bytes as the case allows,
    nothing outside the state folder touched."""
    case = CASES[report["case"]]
    problems = []
    log, before, after = report["log"], report["before"], report["after"]
    if report["first_frame"] is None:
        problems.append("no first frame")
    if report["exit_code"] != 0:
        problems.append(f"exit code {report['exit_code']}")
    if "Traceback" in log:
        problems.append("a traceback")
    if case.logged not in log:
        problems.append(f"{case.logged!r} not in the log")
    journal = "state/journal.db"
    if case.journal == "same" and after.get(journal) != before.get(journal):
        problems.append("the journal's bytes changed")
    if case.journal == "set aside":
        aside = [k for k in after if k.startswith("state/journal.db.damaged-") and k[-4:] not in ("-wal", "-shm")]
        if len(aside) != 1 or after[aside[0]] != before[journal]:
            problems.append(f"not set aside intact: {aside}")
    if case.journal == "gone" and journal in after:
        problems.append("the deleted journal came back")
    vanished = [k for k in before if k not in after and not (case.journal in ("set aside", "gone")
                                                             and k.startswith("state/"))]
    if vanished:
        problems.append(f"renamed or deleted: {vanished}")
    outside = [k for k in set(before) | set(after) if not k.startswith(("state/", "home/"))
               and before.get(k) != after.get(k)]
    if outside:
        problems.append(f"changed outside the state folder: {outside}")
    return problems


def shown(report: dict[str, Any]) -> str:
    """The first thing start-up logged about the fault: what the screen says."""
    for line in report["log"].splitlines():
        if " ERROR " in line or " WARNING " in line:
            return re.sub(r"/\S*?/(state|config)", r"…/\1", line.split(": ", 1)[-1].strip())
    return ""


def table() -> str:
    """Every case run as the test runs it, as a Markdown table (docs/reliability.md)."""
    rows = ["| fault | how | first frame | exit | journal | result | logged (and shown) |",
            "|---|---|---|---|---|---|---|"]
    with tempfile.TemporaryDirectory() as tmp:
        for name, case in CASES.items():
            why = can_run(name)
            if why:
                rows.append(f"| {name} | {case.fault} | | | | not run: {why} | |")
                continue
            work = work_folder(Path(tmp), name)
            try:
                done = subprocess.run(command_for(name, work), cwd=ROOT, capture_output=True, text=True, timeout=120)
                report = json.loads(done.stdout)
            finally:
                if not str(work).startswith(tmp):
                    shutil.rmtree(work, ignore_errors=True)
            problems = check(report)
            frame = f"{report['first_frame']} s" if report["first_frame"] is not None else "none"
            rows.append(f"| {name} | {case.fault} | {frame} | {report['exit_code']} | {case.journal} | "
                        f"{'handled' if not problems else '; '.join(problems)} | {shown(report).replace('|', '/')} |")
    return "\n".join(rows)


def main() -> None:
    if sys.argv[1:] == ["--all"]:
        print(table())
        return
    name, work = sys.argv[1], Path(sys.argv[2])
    print(json.dumps(run_case(name, work)))


if __name__ == "__main__":
    main()
