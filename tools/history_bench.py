"""Journal size and start-up time against the number of finished games (issue 15).

``python -m tools.history_bench [--games 0,1000,10000] [--runs 5] [--out DIR]``

For each count a journal is filled with that many finished games (Trajan, Concordia and
Chariot Race in turn, 4 players; each a copy of a real random game's moves with its setup,
checksums, results and player links, exactly the rows the session writes) plus one unfinished
game of 120 moves (of the first registered game), the way a box is found after many evenings. The rows are written in
one transaction (generating 10,000 games through ``Session.submit``, an fsync per move, would
take hours) with the journal's own checksum functions.

Then it measures, in a fresh process each run (warm page cache: the file was just written),
what the companion does at start: open the journal (``Journal.open_or_recover``: WAL,
the checks of what resuming reads, schema, mark), find and resume the unfinished game
(``resume_unfinished``) and read the first page (20) of the history; then the whole-file
``quick_check`` the app runs in the background after its first frame. Printed as JSON and a
table; the figures go into docs/history.md and docs/performance.md.

``--out DIR --reuse`` keeps the journals in DIR and measures those already there again
instead of filling them anew (10,000 games take about half a minute to write, 385 MB).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from firmware_host.engine.core import Game, event_to_json
from firmware_host.games import GAMES, demo_rules
from firmware_host.history import outcome_of
from firmware_host.journal import Journal, Outcome, _chain, _game_sum
from firmware_host.players import Players

NAMES = ("Anna", "Bela", "Chen", "Dara", "Emese", "Farid", "Gosia", "Hiro")
RESUMED_MOVES = 120
PAGE = 20


def _recorded(per_game: int = 3) -> list[tuple[str, Any, list[dict[str, Any]], Any]]:
    """Real random games, ``per_game`` of each registered game: ``(name, rules, events, state)``."""
    out = []
    for name, g in GAMES.items():
        for seed in range(per_game):
            rng = random.Random(seed)
            rules = demo_rules(g, 4, rng)
            game = Game(rules, [])
            while not game.state.over:
                e = g.random_move(game, rng)
                game.accept(e, game.check(e))
            out.append((name, rules, [event_to_json(e) for e in game.events], game.state))
    return out


def fill(path: Path, finished: int) -> None:
    """A journal at ``path`` with ``finished`` finished games and one unfinished one."""
    journal = Journal(path)
    players = Players(journal)
    ids = {name: players.ensure(name).id for name in NAMES}
    recorded = _recorded()
    db = journal.db
    db.execute("PRAGMA synchronous=OFF")       # generation only: the measured opens use FULL
    t0 = 1_600_000_000.0
    db.execute("BEGIN")
    for n in range(finished):
        name, rules, events, state = recorded[n % len(recorded)]
        seats = random.Random(n).sample(NAMES, 4)
        setup_json = rules.setup.to_json()
        for i, player in enumerate(setup_json["players"]):     # names as the table picked them
            if isinstance(player, list):
                player[1] = seats[i]
            else:
                setup_json["players"][i] = seats[i]
        setup = json.dumps(setup_json, separators=(",", ":"))
        created = t0 + n * 86_400.0
        game_sum = _game_sum(name, setup)
        gid = db.execute("INSERT INTO games (game, setup, created, sum, ops, head) VALUES (?, ?, ?, ?, ?, ?)",
                         (name, setup, created, game_sum, len(events), game_sum)).lastrowid
        assert gid is not None      # set by every INSERT
        prev, rows = game_sum, []
        for seq, e in enumerate(events, 1):
            text = json.dumps(e, separators=(",", ":"))
            prev = _chain(prev, seq, text)
            rows.append((gid, seq, text, created + seq * 20.0, prev))
        db.executemany("INSERT INTO events (game_id, seq, event, at, sum) VALUES (?, ?, ?, ?, ?)", rows)
        end = created + len(events) * 20.0
        db.execute("UPDATE games SET head = ?, finished = ? WHERE id = ?", (prev, end, gid))
        outcome = outcome_of(None, name, rules, state)
        assert outcome is not None
        linked = Outcome(tuple(replace(r, name=seats[r.seat], player_id=ids[seats[r.seat]]) for r in outcome.seats),
                         outcome.tie_break, outcome.options)
        Journal._put_outcome(db, gid, linked, end)       # the very rows Journal.append writes
    db.execute("COMMIT")
    db.execute("PRAGMA synchronous=FULL")
    name, rules, events, _state = recorded[0]          # the first registered game
    gid = journal.new_game(name, rules.setup.to_json())
    for seq, e in enumerate(events[:RESUMED_MOVES], 1):
        journal.append(gid, seq, e)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    journal.close()


def startup(path: Path) -> dict[str, float]:
    """One start-up, in milliseconds by stage (run in a fresh process by :func:`measure`)."""
    from firmware_host.history import History
    from firmware_host.session import resume_unfinished

    t0 = time.perf_counter()
    journal, notice = Journal.open_or_recover(path)
    assert journal is not None and notice is None, notice
    t1 = time.perf_counter()
    session, _message = resume_unfinished(journal)
    assert session is not None and len(session.game.events) == RESUMED_MOVES
    t2 = time.perf_counter()
    page = History(journal).finished(limit=PAGE)
    t3 = time.perf_counter()
    out = {"open_ms": (t1 - t0) * 1000, "resume_ms": (t2 - t1) * 1000, "history_page_ms": (t3 - t2) * 1000,
           "total_ms": (t3 - t0) * 1000, "page": len(page)}
    # SQLite's whole-file quick_check (docs/reliability.md), which the app starts after its
    # first frame in a thread of its own: how long it runs, and the history page read meanwhile
    check = journal.check_whole_file()
    t4 = time.perf_counter()
    History(journal).finished(limit=PAGE)
    out["page_during_check_ms"] = (time.perf_counter() - t4) * 1000
    check.wait()
    assert check.damage is None and check.seconds is not None, check.damage
    out["background_check_ms"] = check.seconds * 1000
    # what the indexes save: the unfinished-game lookup when no game is unfinished (the usual
    # start: the last game was finished) and the history page, with and without them
    for label, hint in (("", ""), ("_no_index", "NOT INDEXED")):
        t5 = time.perf_counter()
        journal.db.execute(f"SELECT id FROM games {hint} WHERE finished IS NULL AND id != ? "
                           "ORDER BY id DESC LIMIT 1", (session.game_id,)).fetchall()
        t6 = time.perf_counter()
        journal.db.execute(f"SELECT game_id, game, started, finished FROM outcomes {hint} "
                           f"ORDER BY finished DESC, game_id DESC LIMIT {PAGE}").fetchall()
        t7 = time.perf_counter()
        out[f"lookup_none{label}_ms"] = (t6 - t5) * 1000
        out[f"page_query{label}_ms"] = (t7 - t6) * 1000
    # not start-up, but what the new-game form and the statistics screen read: over every game
    t8 = time.perf_counter()
    Players(journal).list()
    t9 = time.perf_counter()
    History(journal).player_stats()
    t10 = time.perf_counter()
    out["players_list_ms"] = (t9 - t8) * 1000
    out["player_stats_ms"] = (t10 - t9) * 1000
    journal.close()
    return out


def measure(path: Path, runs: int) -> dict[str, float]:
    """The median of ``runs`` start-ups, each in a fresh Python process."""
    samples = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-m", "tools.history_bench", "--startup", str(path)],
                             capture_output=True, text=True, check=True, cwd=Path(__file__).resolve().parents[1])
        samples.append(json.loads(out.stdout))
    return {k: round(statistics.median(s[k] for s in samples), 2) for k in samples[0]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.history_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="0,1000,10000", help="finished-game counts, comma-separated")
    parser.add_argument("--runs", type=int, default=5, help="start-ups measured per count (median)")
    parser.add_argument("--out", help="keep the journals in this folder (default: a temporary one)")
    parser.add_argument("--reuse", action="store_true",
                        help="with --out: measure the journals already in that folder (filled if missing)")
    parser.add_argument("--startup", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.startup:
        print(json.dumps(startup(Path(args.startup))))
        return 0
    try:
        counts = [int(c) for c in args.games.split(",")]
        if any(c < 0 for c in counts):
            raise ValueError(args.games)
    except ValueError:
        print(f"--games {args.games!r}: give counts like 0,1000,10000", file=sys.stderr)
        return 2
    if args.reuse and not args.out:
        print("--reuse needs --out DIR: the folder whose journals are measured again", file=sys.stderr)
        return 2
    folder = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="history-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    report: dict[str, Any] = {"machine": f"{platform.machine()} {platform.processor() or ''} "
                                         f"{os.cpu_count()} cpus, Python {platform.python_version()}, "
                                         f"SQLite {__import__('sqlite3').sqlite_version}",
                              "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "rows": []}
    for count in counts:
        path = folder / f"journal-{count}.db"
        filled = 0.0
        if not (args.reuse and path.is_file()):
            for p in folder.glob(f"journal-{count}.db*"):
                p.unlink()
            t0 = time.perf_counter()
            fill(path, count)
            filled = time.perf_counter() - t0
        row = {"games": count, "size_mb": round(path.stat().st_size / 2**20, 2),
               "kb_per_game": round(path.stat().st_size / 1024 / max(count, 1), 1) if count else None,
               "fill_s": round(filled, 1), **measure(path, args.runs)}
        report["rows"].append(row)
        print(json.dumps(row), flush=True)
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
