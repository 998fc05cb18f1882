"""The tag registry: which NFC tag stands for which thing of a game.

:class:`TagRegistry` maps tag UIDs to things of a game, ``(game, kind, value)`` strings,
e.g. ``("trajan", "player", "red")`` or ``("trajan", "demand", "bread")``, in its own SQLite
file (``Config.tags_path``). The NFC adapter (``firmware_host.io.nfc``) only reads UIDs; the
screens and the session look them up here, so neither depends on the other.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

from .engine.core import N_
from .inputs import normalize_uid
from .journal import Notice, Problem, clean, diagnose, first_line, is_damage

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class TagThing:
    """What a tag stands for: ``game`` ("trajan"), ``kind`` ("player", "demand", "bonus",
    "goods", ...) and ``value`` ("red", "bread", ...), all as the game's engine names them."""

    game: str
    kind: str
    value: str


class TagStoreError(Exception):
    """The registry's file refused a change or a read (a full or read-only disk); nothing
    changed. The SQLite error is the ``__cause__``; ``problem`` says what keeps the file from
    being opened, when that is known."""

    def __init__(self, message: str, problem: Problem | None = None) -> None:
        super().__init__(message)
        self.problem = problem


class TagStoreDamaged(TagStoreError):
    """The registry's file is damaged (not a database, or failing ``quick_check``)."""


class TagInUse(ValueError):
    """The tag is already enrolled as something else (``.thing``); forget it first."""

    def __init__(self, uid: str, thing: TagThing) -> None:
        super().__init__(f"tag {uid} is already {thing.game}/{thing.kind}/{thing.value}")
        self.uid, self.thing = uid, thing


class TagRegistry:
    """UID -> :class:`TagThing`, kept in SQLite at ``path`` (created with its folder).

    Used from one thread (the UI's). Every change is committed before the method returns.
    """

    def __init__(self, path: str | Path, busy_s: float = 1.0) -> None:
        """Open (or create) the registry. Raises :class:`TagStoreDamaged` for a damaged file,
        :class:`TagStoreError` (with ``.problem``, :func:`firmware_host.journal.diagnose`'s)
        for one that cannot be used now; :meth:`open_or_recover` never raises."""
        path = Path(path)
        self.path = path
        memory = str(path) == ":memory:"
        try:
            if not memory:
                if path.exists() and not path.is_file():
                    raise OSError(f"{path} is not a file")
                path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(str(path), timeout=busy_s)
            self._db.text_factory = lambda raw: raw.decode("utf-8", "replace")
        except (sqlite3.Error, OSError) as exc:
            self._fail(exc)
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            check = self._db.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise TagStoreDamaged(f"quick_check: {first_line(check)}")
            if not self._db.execute("SELECT 1 FROM sqlite_master WHERE name = 'tags'").fetchone():
                with self._db:
                    self._db.execute("""CREATE TABLE IF NOT EXISTS tags (
                        uid TEXT PRIMARY KEY, game TEXT NOT NULL, kind TEXT NOT NULL, value TEXT NOT NULL,
                        enrolled TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)""")
            self._db.execute("PRAGMA busy_timeout = 5000")
        except TagStoreError:
            self._db.close()
            raise
        except (sqlite3.Error, OSError) as exc:
            self._db.close()
            self._fail(exc)
        except UnicodeError as exc:
            self._db.close()
            raise TagStoreDamaged(f"not text: {exc}") from exc

    def _fail(self, exc: BaseException) -> NoReturn:
        if is_damage(exc):
            raise TagStoreDamaged(str(exc)) from exc
        raise TagStoreError(str(exc), diagnose(self.path, exc)) from exc

    @classmethod
    def open_or_recover(cls, path: str | Path) -> tuple[TagRegistry | None, Notice | None]:
        """Open the registry at start-up; never raises. A damaged file is renamed aside and a
        fresh one started (the tags must be enrolled again); one that cannot be used now is
        left as it is and ``(None, notice)`` says why (tags are then not available)."""
        path = Path(path)
        try:
            return cls(path), None
        except TagStoreDamaged as exc:
            aside = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
            try:
                for suffix in ("", "-wal", "-shm"):
                    src = Path(f"{path}{suffix}")
                    if src.exists():
                        src.rename(Path(f"{aside}{suffix}"))
                fresh = cls(path)
            except (OSError, TagStoreError) as exc2:
                log.error("tag registry %s damaged (%s) and not replaced: %s", path, exc, exc2)
                return None, Notice(N_("NFC tags cannot be used: their file is damaged ({error})."),
                                    {"error": str(exc), "path": str(path)},
                                    N_("Delete {path}, restart the companion, then enrol the tags again."),
                                    level="fault")
            log.error("tag registry %s unusable (%s); kept aside as %s", path, exc, aside)
            return fresh, Notice(N_("The NFC tags file was damaged ({error}); it was kept aside as {name}. "
                                    "Enrol the tags again."), {"error": str(exc), "name": aside.name})
        except TagStoreError as exc:
            problem = exc.problem or diagnose(path, exc)
            log.error("tag registry %s cannot be used now (%s); left as it is", path, exc)
            return None, Notice(N_("NFC tags cannot be used: {reason}."),
                                {**problem.params, "reason": problem.reason},
                                problem.advice, level="fault")

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
        """What ``uid`` stands for, ``None`` if unknown (or not a UID at all). Raises
        :class:`TagStoreError` if the registry cannot be read."""
        try:
            uid = normalize_uid(uid)
        except ValueError:
            return None
        try:
            row = self._db.execute("SELECT game, kind, value FROM tags WHERE uid = ?", (uid,)).fetchone()
        except sqlite3.Error as exc:
            raise TagStoreError(str(exc)) from exc
        return TagThing(*clean(list(row))) if row else None

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
        (the enrolment screen counts the bread demand tiles already tagged from this). A
        registry that cannot be read lists nothing (logged): the screens go on."""
        try:
            rows = self._db.execute(
                "SELECT uid, game, kind, value FROM tags WHERE (? IS NULL OR game = ?) AND (? IS NULL OR kind = ?) "
                "ORDER BY game, kind, value, uid", (game, game, kind, kind)).fetchall()
        except sqlite3.Error as exc:
            log.error("tag registry not readable: %s", exc)
            return []
        return [(uid, TagThing(g, k, v)) for uid, g, k, v in (clean(list(r)) for r in rows)]

    def close(self) -> None:
        self._db.close()
