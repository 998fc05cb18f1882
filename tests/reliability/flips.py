"""Single-byte flips in a journal file: what notices them (docs/reliability.md).

A journal holding finished games and one unfinished 4-player game is checkpointed (no WAL),
then, one at a time, a byte at a random offset is replaced by a random other value. Each
damaged copy is judged four ways: ``PRAGMA quick_check`` and ``PRAGMA integrity_check`` say
ok or not, and the start-up path (:meth:`Journal.open_or_recover`, then
:func:`~firmware_host.session.resume_unfinished`) either refuses the file, sets the game
aside, or resumes it: to the state it had (the flip hit bytes nobody reads) or to another
one (silently wrong), or resumes nothing. (The open checks what resuming reads; a flip
elsewhere that ``quick_check`` faults is found by the whole-file check after the first
frame, said, and the file set aside at the next start: ``tests/test_journal.py``.) The same
resume is then repeated without the journal's checksums, as the companion did before it
kept them.

:func:`check_cost` measures what the start-up check costs on a large journal (thousands of
finished games written at once with ``executemany``): ``quick_check`` (what runs after the
first frame, in the background), ``integrity_check`` (what could run) and the whole
start-up path.

Run: ``python -m tests.reliability.flips [--flips 400] [--seed 1] [--cost 2000,10000]``.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sqlite3
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from tests.reliability.powercut import state_digest


def make_base(path: Path, finished: int = 3, moves: int = 150) -> None:
    """``finished`` whole 2-player games, then one unfinished 4-player game of ``moves`` moves."""
    from firmware_host.journal import Journal
    from firmware_host.session import Session
    from tests.trajan_fixtures import finished_events, setup

    journal = Journal(path)
    for seed in range(finished):
        s = Session("trajan", setup(2, seed), journal)
        for event in finished_events(2, seed):
            s.submit(event)
    s = Session("trajan", setup(4, 5), journal)
    for event in finished_events(4, 5)[:moves]:
        s.submit(event)
    journal.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    journal.close()


def _pragma(path: Path, pragma: str) -> bool:
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return db.execute(f"PRAGMA {pragma}").fetchone()[0] == "ok"
        finally:
            db.close()
    except (sqlite3.Error, UnicodeError):
        return False


def _resume(path: Path) -> tuple[str, Any]:
    """The start-up path: ``(outcome, digest)``: ``refused`` (file set aside), ``set aside``
    (the game), ``none`` (no unfinished game found), ``unreadable`` (reading failed) or
    ``resumed`` with the resumed state's digest."""
    from firmware_host.journal import Journal
    from firmware_host.session import resume_unfinished

    opened, notice = Journal.open_or_recover(path)
    if opened is None or (notice is not None and "kept aside" in notice.text()):
        return "refused", None
    try:
        session, message = resume_unfinished(opened)
    finally:
        opened.close()
    if session is None:
        return ("set aside" if "set aside" in message else "unreadable" if message else "none"), None
    return "resumed", state_digest(session.rules, session.state)


def _resume_unchecked(path: Path) -> tuple[str, Any]:
    """The same decisions as the companion made before its checksums: ``quick_check`` at open,
    then the newest unfinished game replayed from its rows as they are (read only)."""
    from firmware_host.games import plugin
    from firmware_host.session import Session

    if not _pragma(path, "quick_check"):
        return "refused", None
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            row = db.execute("SELECT id, game, setup FROM games WHERE finished IS NULL ORDER BY id DESC LIMIT 1"
                             ).fetchone()
            if row is None:
                return "none", None
            events = [json.loads(e) for (e,) in db.execute(
                "SELECT event FROM events WHERE game_id = ? ORDER BY seq", (row[0],))]
        finally:
            db.close()
        session = Session(row[1], plugin(row[1]).setup_type.from_json(json.loads(row[2])), events=events)
    except Exception:  # noqa: BLE001 - any failure to rebuild: the game was set aside
        return "set aside", None
    return "resumed", state_digest(session.rules, session.state)


def survey(flips: int = 400, seed: int = 1) -> dict[str, Any]:
    """Flip ``flips`` single bytes (one per copy); count what noticed each."""
    rng = random.Random(seed)
    counts: dict[str, Counter[str]] = {"quick_check": Counter(), "integrity_check": Counter(),
                                       "start, with checksums": Counter(), "start, without checksums": Counter()}
    missed_by_quick = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base.db"
        make_base(base)
        _outcome, truth = _resume(base)
        data = base.read_bytes()
        for i in range(flips):
            at = rng.randrange(len(data))
            damaged = bytearray(data)
            damaged[at] = (damaged[at] + rng.randrange(1, 256)) % 256
            work = Path(tmp) / f"flip{i}"
            quick, full = (_pragma_on(bytes(damaged), work / p / "journal.db", p)
                           for p in ("quick_check", "integrity_check"))
            counts["quick_check"]["ok" if quick else "damage found"] += 1
            counts["integrity_check"]["ok" if full else "damage found"] += 1
            for label, resume in (("start, with checksums", _resume), ("start, without checksums", _resume_unchecked)):
                path = work / label.replace(" ", "_").replace(",", "") / "journal.db"
                path.parent.mkdir(parents=True)
                path.write_bytes(bytes(damaged))
                outcome, digest = resume(path)
                if outcome == "resumed":
                    outcome = "resumed, same state" if digest == truth else "resumed, DIFFERENT state"
                counts[label][outcome] += 1
                if label == "start, with checksums" and quick and not full:
                    missed_by_quick[outcome] += 1
            shutil.rmtree(work)
    return {"flips": flips, "file_bytes": len(data), "counts": {k: dict(v) for k, v in counts.items()},
            "missed_by_quick_check_then": dict(missed_by_quick)}


def _pragma_on(data: bytes, path: Path, pragma: str) -> bool:
    path.parent.mkdir(parents=True)
    path.write_bytes(data)
    return _pragma(path, pragma)


def _big_journal(path: Path, games: int) -> int:
    """``games`` finished 4-player games (the same one, its rows written at once), the newest
    left unfinished so that start-up resumes it. Returns the file's size in bytes."""
    from firmware_host.engine.core import event_to_json
    from firmware_host.journal import Journal
    from tests.trajan_fixtures import finished_events, setup

    journal = Journal(path)
    text = json.dumps(setup(4, 5).to_json(), separators=(",", ":"))
    events = [json.dumps(event_to_json(e), separators=(",", ":")) for e in finished_events(4, 5)]
    db = journal.db
    db.execute("BEGIN")
    db.executemany("INSERT INTO games (id, game, setup, created, finished) VALUES (?, 'trajan', ?, 0, ?)",
                   ((g, text, None if g == games else 1.0) for g in range(1, games + 1)))
    db.executemany("INSERT INTO events (game_id, seq, event, at) VALUES (?, ?, ?, 0)",
                   ((g, i, e) for g in range(1, games + 1) for i, e in enumerate(events, 1)))
    db.execute("COMMIT")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    journal.close()
    return path.stat().st_size


def check_cost(sizes: tuple[int, ...] = (2000, 10000), runs: int = 3) -> list[dict[str, Any]]:
    """Seconds (median of ``runs``, the file in the page cache) of ``quick_check``,
    ``integrity_check`` and the start-up path (open with its checks, resume the newest
    unfinished game) on journals of ``sizes`` finished games."""
    import statistics
    import time

    from firmware_host.journal import Journal
    from firmware_host.session import resume_unfinished

    def start(path: Path) -> None:
        journal, _notice = Journal.open_or_recover(path)
        assert journal is not None
        resume_unfinished(journal)
        journal.close()

    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for games in sizes:
            path = Path(tmp) / f"{games}.db"
            size = _big_journal(path, games)
            row: dict[str, Any] = {"games": games, "mib": round(size / 2 ** 20)}
            for label in ("quick_check", "integrity_check", "start-up"):
                times = []
                for _ in range(runs + 1):           # the first run warms the page cache
                    t0 = time.perf_counter()
                    if label == "start-up":
                        start(path)
                    else:
                        _pragma(path, label)
                    times.append(time.perf_counter() - t0)
                row[label] = round(statistics.median(times[1:]), 3)
            out.append(row)
            path.unlink()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--flips", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cost", default="", help="also time the checks at these numbers of games, e.g. 2000,10000")
    args = parser.parse_args()
    out: dict[str, Any] = {"survey": survey(args.flips, args.seed)}
    if args.cost:
        out["check_cost"] = check_cost(tuple(int(n) for n in args.cost.split(",")))
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
