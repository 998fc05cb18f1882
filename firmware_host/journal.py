"""The journal: every accepted move, committed to SQLite before its effect is shown.

One database file holds every game kept on the box: its game name, setup and events.
WAL mode with ``synchronous=FULL`` makes each commit durable across a power cut; on start
the newest unfinished game is replayed to the exact state it had.

A damaged file (not a database, failing ``quick_check``, or written by a newer version)
is renamed aside with a timestamp and a fresh journal is started, so a bad file never
stops the companion from starting (see ``docs/reliability.md``).
"""

from __future__ import annotations

import json
import logging
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    setup TEXT NOT NULL,
    created REAL NOT NULL,
    finished REAL
);
CREATE TABLE IF NOT EXISTS events (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    event TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""


class JournalError(Exception):
    """The journal file cannot be used (damaged, or from a newer version)."""


@dataclass(frozen=True)
class GameRecord:
    """One game in the journal: ``setup`` and ``events`` are their JSON forms."""

    id: int
    game: str
    setup: dict[str, Any]
    events: list[dict[str, Any]]
    created: float
    finished: float | None


class Journal:
    """A journal file. Raises :class:`JournalError` if the file is unusable; use
    :meth:`open_or_recover` at start-up to set a bad file aside instead."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None, timeout=5.0)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            check = self.db.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise JournalError(f"quick_check: {check}")
            self._create()
            version = int(self._meta("schema_version", str(SCHEMA_VERSION)))
        except sqlite3.DatabaseError as exc:
            self._close_quietly()
            raise JournalError(str(exc)) from exc
        except JournalError:
            self._close_quietly()
            raise
        if version > SCHEMA_VERSION:
            self._close_quietly()
            raise JournalError(f"journal schema {version} is newer than this program ({SCHEMA_VERSION})")

    def _create(self) -> None:
        self.db.execute("BEGIN")
        for statement in _SCHEMA.strip().split(";"):
            if statement.strip():
                self.db.execute(statement)
        self.db.execute("INSERT OR IGNORE INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
        self.db.execute("COMMIT")

    def _meta(self, key: str, default: str) -> str:
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else default

    def _close_quietly(self) -> None:
        try:
            self.db.close()
        except Exception:  # noqa: BLE001 - closing a broken handle must not mask the real error
            pass

    @classmethod
    def open_or_recover(cls, path: str | Path) -> tuple[Journal, str | None]:
        """Open ``path``; if it is unusable, rename it (and its -wal/-shm) aside and start a
        fresh journal. Returns ``(journal, message)`` where ``message`` says what was set
        aside, or ``None``."""
        path = Path(path)
        try:
            return cls(path), None
        except JournalError as exc:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            aside = path.with_name(f"{path.name}.damaged-{stamp}")
            for suffix in ("", "-wal", "-shm"):
                src = Path(str(path) + suffix)
                if src.exists():
                    src.rename(Path(str(aside) + suffix))
            log.error("journal %s unusable (%s); kept aside as %s", path, exc, aside)
            return cls(path), f"The saved games file was damaged ({exc}); it was kept aside as {aside.name}."

    # ------------------------------------------------------------------ writing

    def new_game(self, game: str, setup: dict[str, Any]) -> int:
        """Record a new game; returns its id. Committed on return."""
        cur = self.db.execute("INSERT INTO games (game, setup, created) VALUES (?, ?, ?)",
                              (game, json.dumps(setup, separators=(",", ":")), time.time()))
        game_id = cur.lastrowid
        assert game_id is not None  # set by every successful INSERT
        return game_id

    def _transaction(self, *statements: tuple[str, tuple]) -> None:
        """Run ``statements`` as one transaction: all of them are on disk, or none."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            for sql, args in statements:
                self.db.execute(sql, args)
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def append(self, game_id: int, seq: int, event: dict[str, Any], finished: bool = False) -> None:
        """Record event number ``seq`` (1-based) of a game, and with ``finished`` that the game
        is over, in one transaction. Committed (fsync'd) on return; raises ``sqlite3.Error``
        (nothing recorded) if the disk refuses."""
        now = time.time()
        insert = ("INSERT INTO events (game_id, seq, event, at) VALUES (?, ?, ?, ?)",
                  (game_id, seq, json.dumps(event, separators=(",", ":")), now))
        if finished:
            self._transaction(insert, ("UPDATE games SET finished = ? WHERE id = ?", (now, game_id)))
        else:
            self._transaction(insert)

    def truncate(self, game_id: int, keep: int) -> None:
        """Forget the events after the first ``keep`` (undo), in one transaction."""
        self._transaction(("DELETE FROM events WHERE game_id = ? AND seq > ?", (game_id, keep)),
                          ("UPDATE games SET finished = NULL WHERE id = ?", (game_id,)))

    def abandon(self, game_id: int) -> None:
        """Mark an unfinished game as set aside so start-up no longer resumes it."""
        self.db.execute("UPDATE games SET finished = -1 WHERE id = ?", (game_id,))

    # ------------------------------------------------------------------ reading

    def load(self, game_id: int) -> GameRecord:
        """A game with its events in order. Raises ``KeyError`` if there is no such game."""
        row = self.db.execute("SELECT id, game, setup, created, finished FROM games WHERE id = ?",
                              (game_id,)).fetchone()
        if row is None:
            raise KeyError(game_id)
        events = [json.loads(e) for (e,) in self.db.execute(
            "SELECT event FROM events WHERE game_id = ? ORDER BY seq", (game_id,))]
        return GameRecord(row[0], row[1], json.loads(row[2]), events, row[3], row[4])

    def unfinished(self) -> int | None:
        """The newest game that is neither finished nor abandoned."""
        row = self.db.execute("SELECT id FROM games WHERE finished IS NULL ORDER BY id DESC LIMIT 1").fetchone()
        return row[0] if row else None

    def games(self) -> list[tuple[int, str, float, float | None, int]]:
        """``(id, game, created, finished, events)`` for every game, newest first."""
        return [tuple(r) for r in self.db.execute(
            "SELECT g.id, g.game, g.created, g.finished, "
            "(SELECT COUNT(*) FROM events e WHERE e.game_id = g.id) "
            "FROM games g ORDER BY g.id DESC")]

    def close(self) -> None:
        self.db.close()
