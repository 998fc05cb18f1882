"""The tag registry: which NFC tag stands for which thing of a game.

:class:`TagRegistry` maps tag UIDs to things of a game, ``(game, kind, value)`` strings,
e.g. ``("trajan", "player", "red")`` or ``("trajan", "demand", "bread")``, in its own SQLite
file (``Config.tags_path``). The NFC adapter (``firmware_host.io.nfc``) only reads UIDs; the
screens and the session look them up here, so neither depends on the other.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from .inputs import normalize_uid


@dataclass(frozen=True)
class TagThing:
    """What a tag stands for: ``game`` ("trajan"), ``kind`` ("player", "demand", "bonus",
    "goods", ...) and ``value`` ("red", "bread", ...), all as the game's engine names them."""

    game: str
    kind: str
    value: str


class TagStoreError(Exception):
    """The registry's file refused a change (a full or read-only disk); nothing changed. The
    SQLite error is the ``__cause__``."""


class TagInUse(ValueError):
    """The tag is already enrolled as something else (``.thing``); forget it first."""

    def __init__(self, uid: str, thing: TagThing) -> None:
        super().__init__(f"tag {uid} is already {thing.game}/{thing.kind}/{thing.value}")
        self.uid, self.thing = uid, thing


class TagRegistry:
    """UID -> :class:`TagThing`, kept in SQLite at ``path`` (created with its folder).

    Used from one thread (the UI's). Every change is committed before the method returns.
    """

    def __init__(self, path: str | Path) -> None:
        path = Path(path)
        if str(path) != ":memory:":
            path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path))
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        with self._db:
            self._db.execute("""CREATE TABLE IF NOT EXISTS tags (
                uid TEXT PRIMARY KEY, game TEXT NOT NULL, kind TEXT NOT NULL, value TEXT NOT NULL,
                enrolled TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)""")

    def enroll(self, uid: str, thing: TagThing) -> bool:
        """Record that tag ``uid`` is ``thing``. ``True`` if new, ``False`` if it already was.

        Raises :class:`TagInUse` if the tag is enrolled as something else, ``ValueError``
        for a malformed UID or an empty field, :class:`TagStoreError` if it cannot be saved.
        """
        uid = normalize_uid(uid)
        if not all((thing.game, thing.kind, thing.value)):
            raise ValueError(f"incomplete tag meaning: {thing}")
        known = self.lookup(uid)
        if known == thing:
            return False
        if known is not None:
            raise TagInUse(uid, known)
        try:
            with self._db:
                self._db.execute("INSERT INTO tags (uid, game, kind, value) VALUES (?, ?, ?, ?)",
                                 (uid, thing.game, thing.kind, thing.value))
        except sqlite3.Error as exc:
            raise TagStoreError(str(exc)) from exc
        return True

    def lookup(self, uid: str) -> TagThing | None:
        """What ``uid`` stands for, ``None`` if unknown (or not a UID at all)."""
        try:
            uid = normalize_uid(uid)
        except ValueError:
            return None
        row = self._db.execute("SELECT game, kind, value FROM tags WHERE uid = ?", (uid,)).fetchone()
        return TagThing(*row) if row else None

    def forget(self, uid: str) -> bool:
        """Remove the tag; ``True`` if it was enrolled. Raises :class:`TagStoreError` if the
        change cannot be saved."""
        try:
            with self._db:
                cur = self._db.execute("DELETE FROM tags WHERE uid = ?", (normalize_uid(uid),))
        except sqlite3.Error as exc:
            raise TagStoreError(str(exc)) from exc
        return cur.rowcount > 0

    def enrolled(self, game: str | None = None, kind: str | None = None) -> list[tuple[str, TagThing]]:
        """``(uid, thing)`` pairs, optionally of one game / kind, ordered by kind, value, UID
        (the enrolment screen counts the bread demand tiles already tagged from this)."""
        rows = self._db.execute(
            "SELECT uid, game, kind, value FROM tags WHERE (? IS NULL OR game = ?) AND (? IS NULL OR kind = ?) "
            "ORDER BY game, kind, value, uid", (game, game, kind, kind)).fetchall()
        return [(uid, TagThing(g, k, v)) for uid, g, k, v in rows]

    def close(self) -> None:
        self._db.close()
