"""Backup and restore of the whole journal (players, games, results) to and from a file.

A live WAL database is never copied byte for byte (a copy taken between a commit and its
checkpoint misses the commit or tears a page): :func:`backup` uses SQLite's online backup API
(``sqlite3 .backup`` semantics) through the journal's own connection, then checks the copy
with ``PRAGMA integrity_check`` before it takes the file's name. :func:`restore` checks a
backup (integrity, our schema) in a copy beside the journal, then renames that copy over the
journal: a bad backup leaves the journal as it was.
"""

from __future__ import annotations

import logging
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .engine.core import N_
from .journal import Journal, JournalError, Notice, diagnose, first_line, is_damage

log = logging.getLogger(__name__)

PAGES_PER_STEP = 256        # pages copied between two progress reports (1 MB at 4 KB pages)

Progress = Callable[[int, int], None]


class BackupError(ValueError):
    """A backup or restore that did not happen; nothing was changed (the journal, and no
    half-written file is left under the destination's name). :attr:`notice` says why in one
    line (an ``N_`` template and its parameters)."""

    def __init__(self, message: str, advice: str = "", **params: Any) -> None:
        self.notice = Notice(message, params, advice)
        super().__init__(self.notice.text())


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _remove(path: Path) -> None:
    for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm"), Path(f"{path}-journal")):
        try:
            p.unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            log.warning("%s not removed: %s", p, exc)


def _write_error(dest: Path, exc: BaseException) -> BackupError:
    problem = diagnose(dest, exc)
    return BackupError(N_("The backup could not be written: {reason}."), problem.advice,
                       reason=problem.reason, **problem.params)


def _copy(source: sqlite3.Connection, dest: Path, progress: Progress | None) -> None:
    """Copy ``source`` into a new file ``dest`` with the online backup API, as one
    self-contained file (rollback-journal mode: no ``-wal`` beside it), fsync'd."""
    def report(_status: int, remaining: int, total: int) -> None:
        if progress is not None:
            progress(total - remaining, total)
    target = sqlite3.connect(dest, isolation_level=None)
    try:
        source.backup(target, pages=PAGES_PER_STEP, progress=report)
        target.execute("PRAGMA journal_mode=DELETE")
    finally:
        target.close()
    _fsync(dest)


def _integrity(path: Path) -> str:
    """``"ok"`` or SQLite's first complaint about the database file ``path`` (read only)."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
    try:
        return str(db.execute("PRAGMA integrity_check").fetchone()[0])
    finally:
        db.close()


def backup(journal: Journal, dest: str | Path, progress: Progress | None = None) -> Path:
    """Back the whole journal up to the file ``dest`` (replaced if it exists); returns it.
    ``progress(pages done, pages in all)`` is called as the copy goes (every
    :data:`PAGES_PER_STEP` pages). The copy is written beside ``dest`` first, checked with
    ``PRAGMA integrity_check``, fsync'd and then renamed. Raises :class:`BackupError` (one
    line: a full or read-only target, a folder that is not there, a copy that fails its check)."""
    dest = Path(dest)
    part = dest.with_name(dest.name + ".part")
    _remove(part)
    try:
        journal._check_alive()          # a journal deleted or replaced: nothing worth copying
        _copy(journal.db, part, progress)
        check = _integrity(part)
        if check != "ok":
            raise BackupError(N_("The backup failed its check ({error}); it was not kept."), error=first_line(check))
        os.replace(part, dest)
        _fsync(dest.parent)
    except BackupError:
        _remove(part)
        raise
    except JournalError as exc:
        _remove(part)
        raise BackupError(exc.notice.message, exc.notice.advice, **exc.notice.params) from exc
    except (sqlite3.Error, OSError) as exc:
        _remove(part)
        log.error("backup to %s failed: %s", dest, exc)
        raise _write_error(dest, exc) from exc
    return dest


def verify(path: str | Path) -> None:
    """Check that ``path`` is a backup this program can restore: a SQLite database passing
    ``PRAGMA integrity_check`` with the journal's tables. Raises :class:`BackupError`."""
    path = Path(path)
    if not path.is_file():
        raise BackupError(N_("{name} is not a file."), name=path.name)
    try:
        check = _integrity(path)
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
        try:
            tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        finally:
            db.close()
    except sqlite3.Error as exc:
        raise BackupError(N_("{name} is not a backup of the saved games ({error})."), name=path.name,
                          error=first_line(str(exc))) from exc
    if check != "ok":
        raise BackupError(N_("{name} is damaged ({error}); it cannot be restored."), name=path.name,
                          error=first_line(check))
    if not {"meta", "games", "events"} <= tables:
        raise BackupError(N_("{name} is not a backup of the saved games."), name=path.name)


def restore(src: str | Path, journal_path: str | Path) -> None:
    """Replace the journal at ``journal_path`` with the backup ``src``: checked first
    (:func:`verify`), copied beside the journal with the backup API and opened as a journal
    there (our schema and version checks, the upgrade a backup from an older program needs),
    fsync'd, then renamed over the journal; the mark file goes (it described the old file).
    The journal must not be open (the companion stopped, or its journal closed). Raises
    :class:`BackupError`; the journal is then unchanged."""
    src, journal_path = Path(src), Path(journal_path)
    verify(src)
    part = journal_path.with_name(journal_path.name + ".restoring")
    _remove(part)
    try:
        source = sqlite3.connect(f"file:{src}?mode=ro", uri=True, isolation_level=None)
        try:
            _copy(source, part, None)
        finally:
            source.close()
        try:
            Journal(part).close()           # schema, version and quick checks; the upgrade if older
        except JournalError as exc:
            raise BackupError(N_("{name} cannot be restored: {reason}"), name=src.name, reason=exc.notice.text()) \
                from exc
        _fsync(part)
        _quiesce(journal_path)
        os.replace(part, journal_path)
        _fsync(journal_path.parent)
    except BackupError:
        _remove(part)
        raise
    except (sqlite3.Error, OSError) as exc:
        _remove(part)
        log.error("restore of %s into %s failed: %s", src, journal_path, exc)
        problem = diagnose(journal_path, exc)
        raise BackupError(N_("The backup could not be restored: {reason}."), problem.advice,
                          reason=problem.reason, **problem.params) from exc
    mark = journal_path.with_name(journal_path.name + ".mark")
    try:
        mark.unlink()
    except FileNotFoundError:
        pass


def _quiesce(journal_path: Path) -> None:
    """Make sure nothing holds the journal and that it has no ``-wal`` left (a WAL beside the
    restored file would be replayed into it): switch it out of WAL mode, which SQLite
    allows only to the one connection there is. Raises :class:`BackupError` if the journal
    is in use."""
    if not journal_path.exists():
        return
    db = sqlite3.connect(journal_path, isolation_level=None, timeout=0.5)
    try:
        mode = str(db.execute("PRAGMA journal_mode=DELETE").fetchone()[0]).lower()
    except sqlite3.Error as exc:
        if not is_damage(exc):
            raise BackupError(N_("The saved games file is in use; close the game (or stop the companion), "
                                 "then restore again.")) from exc
        mode = "damaged"    # what a restore is for: its -wal and -shm go with it
        for p in (Path(f"{journal_path}-wal"), Path(f"{journal_path}-shm")):
            p.unlink(missing_ok=True)
    finally:
        db.close()
    if mode not in ("delete", "damaged"):
        raise BackupError(N_("The saved games file is in use; close the game (or stop the companion), "
                             "then restore again."))
