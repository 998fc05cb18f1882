"""Backup and restore of the whole journal (players, games, results) to and from a file.

A live WAL database is never copied byte for byte (a copy taken between a commit and its
checkpoint misses the commit or tears a page): :func:`backup` uses SQLite's online backup API
(``sqlite3 .backup`` semantics) through the journal's own connection, then checks the copy
with ``PRAGMA integrity_check`` before it takes the file's name. :func:`restore` checks a
backup (integrity, our schema) in a copy beside the journal, renames the journal aside
(``journal.db.before-restore-<stamp>``, kept) and the copy into its place: a bad backup
leaves the journal as it was, a wrong one can be undone by hand. Paths go to SQLite as
``file:`` URIs (:meth:`pathlib.Path.as_uri`: a ``#`` or ``?`` in a name stays a name).
"""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
import time
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
    """Remove the half-made copy ``path`` and SQLite's files beside it, those that exist
    (a folder that cannot be written made none: nothing to say about them)."""
    for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm"), Path(f"{path}-journal")):
        if not os.path.lexists(p):
            continue
        try:
            p.unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            log.warning("%s not removed: %s", p, exc)


def _uri(path: Path) -> str:
    """``path`` as a read-only SQLite URI (``#``, ``?``, ``%`` in a name escaped)."""
    return f"{path.resolve().as_uri()}?mode=ro"


def is_journal_file(path: Path, journal_path: Path) -> bool:
    """Whether writing ``path`` would write over the journal or a file SQLite or the
    companion keeps beside it (``-wal``, ``-shm``, ``-journal``, ``.mark``): the same path,
    or another name (a link) of the same file."""
    for p in (journal_path, Path(f"{journal_path}-wal"), Path(f"{journal_path}-shm"),
              Path(f"{journal_path}-journal"), journal_path.with_name(journal_path.name + ".mark")):
        if path.resolve() == p.resolve():
            return True
        try:
            if path.exists() and p.exists() and path.samefile(p):
                return True
        except OSError:
            pass
    return False


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
    db = sqlite3.connect(_uri(path), uri=True, isolation_level=None)
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
    if is_journal_file(dest, journal.path) or is_journal_file(dest.with_name(dest.name + ".part"), journal.path):
        raise BackupError(N_("{name} is the saved games file itself: back it up to another file."),
                          name=str(dest))
    if not dest.parent.is_dir():
        raise BackupError(N_("The backup could not be written: there is no folder {folder}."),
                          folder=str(dest.parent))
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
        raise BackupError(N_("{name} is not a file."), name=str(path))
    try:
        check = _integrity(path)
        db = sqlite3.connect(_uri(path), uri=True, isolation_level=None)
        try:
            tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        finally:
            db.close()
    except sqlite3.Error as exc:
        raise BackupError(N_("{name} is not a backup of the saved games ({error})."), name=str(path),
                          error=first_line(str(exc))) from exc
    if check != "ok":
        raise BackupError(N_("{name} is damaged ({error}); it cannot be restored."), name=str(path),
                          error=first_line(check))
    if not {"meta", "games", "events"} <= tables:
        raise BackupError(N_("{name} is not a backup of the saved games."), name=str(path))


def restore(src: str | Path, journal_path: str | Path) -> Path | None:
    """Replace the journal at ``journal_path`` with the backup ``src``: checked first
    (:func:`verify`), copied beside the journal with the backup API and opened as a journal
    there (our schema and version checks, the upgrade a backup from an older program needs),
    fsync'd; then the journal (with its ``-wal``/``-shm``) is renamed aside as
    ``<journal>.before-restore-<stamp>`` and the copy renamed into its place; the mark file
    goes (it described the old file). Returns the old journal's new name (``None``: there
    was none). Nothing is deleted: a restore of the wrong backup can be undone by hand.
    The journal must not be open (the companion stopped, or its journal closed). Raises
    :class:`BackupError`; the journal is then where and as it was."""
    src, journal_path = Path(src), Path(journal_path)
    verify(src)
    part = journal_path.with_name(journal_path.name + ".restoring")
    _remove(part)
    try:
        source = sqlite3.connect(_uri(src), uri=True, isolation_level=None)
        try:
            _copy(source, part, None)
        finally:
            source.close()
        try:
            Journal(part).close()           # schema, version and quick checks; the upgrade if older
        except JournalError as exc:
            raise BackupError(N_("{name} cannot be restored: {reason}"), name=str(src), reason=exc.notice.text()) \
                from exc
        _fsync(part)
        aside = _set_aside(journal_path)
        try:
            os.replace(part, journal_path)
        except OSError:
            if aside is not None:
                _put_back(aside, journal_path)
            raise
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
    except OSError as exc:      # a stale mark only weakens the next start's check (it names another file)
        log.warning("mark file %s not removed: %s", mark, exc)
    return aside


_SIDE = ("", "-wal", "-shm")        # a WAL database is these files together


def _set_aside(journal_path: Path) -> Path | None:
    """Check that nothing holds the journal (:func:`_quiesce`), then rename it with its
    ``-wal``/``-shm`` to ``<journal>.before-restore-<stamp>``. Returns the new name, ``None``
    if there is no journal. Raises ``OSError`` or :class:`BackupError` with the journal where
    it was.

    A damaged journal's ``-wal`` is hard-linked to its new name before SQLite opens the
    journal (SQLite deletes a ``-wal`` it could not use when its last connection closes:
    the link keeps it); a sound journal's ``-wal`` is checkpointed into it by the switch out
    of WAL mode, and its links go."""
    if not journal_path.exists():
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = journal_path.with_name(f"{journal_path.name}.before-restore-{stamp}")
    n = 1
    while any(os.path.lexists(f"{aside}{suffix}") for suffix in _SIDE):
        n += 1
        aside = journal_path.with_name(f"{journal_path.name}.before-restore-{stamp}-{n}")
    links = []
    try:
        for suffix in _SIDE[1:]:
            if os.path.exists(f"{journal_path}{suffix}"):
                try:
                    os.link(f"{journal_path}{suffix}", f"{aside}{suffix}")
                except OSError:     # a file system without hard links (FAT): a copy
                    shutil.copy2(f"{journal_path}{suffix}", f"{aside}{suffix}")
                links.append(Path(f"{aside}{suffix}"))
        if _quiesce(journal_path) == "delete":      # its WAL is in the file now
            _unlink_all(links)
        os.rename(journal_path, aside)
    except BaseException:
        _unlink_all(links)
        raise
    for suffix in _SIDE[1:]:        # kept under the new name (linked or copied above)
        if os.path.exists(f"{aside}{suffix}"):
            Path(f"{journal_path}{suffix}").unlink(missing_ok=True)
    log.info("journal %s kept as %s before the restore", journal_path, aside)
    return aside


def _unlink_all(paths: list[Path]) -> None:
    for p in paths:
        try:
            p.unlink(missing_ok=True)
        except OSError as exc:
            log.warning("%s not removed: %s", p, exc)


def _put_back(aside: Path, journal_path: Path) -> None:
    """Undo :func:`_set_aside` (a restore that failed after it)."""
    for suffix in _SIDE:
        if os.path.lexists(f"{aside}{suffix}") and not os.path.lexists(f"{journal_path}{suffix}"):
            try:
                os.rename(f"{aside}{suffix}", f"{journal_path}{suffix}")
            except OSError as exc:
                log.error("%s%s not put back as %s%s: %s", aside, suffix, journal_path, suffix, exc)


def _quiesce(journal_path: Path) -> str:
    """Make sure nothing holds the journal: switch it out of WAL mode (its committed changes
    go into the file, the ``-wal`` away), which SQLite allows only to the one connection
    there is. Returns ``"delete"``, or ``"damaged"`` for a journal SQLite cannot read (what
    a restore is for: it is left as it is). Raises :class:`BackupError` if the journal is in
    use, ``sqlite3.Error`` if it cannot be written (read-only, full)."""
    db = sqlite3.connect(journal_path, isolation_level=None, timeout=0.5)
    try:
        mode = str(db.execute("PRAGMA journal_mode=DELETE").fetchone()[0]).lower()
    except sqlite3.Error as exc:
        if getattr(exc, "sqlite_errorname", "").startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
            raise BackupError(N_("The saved games file is in use; close the game (or stop the companion), "
                                 "then restore again.")) from exc
        if not is_damage(exc):
            raise               # read-only, full, ...: the restore's caller says which
        mode = "damaged"
    finally:
        db.close()
    if mode not in ("delete", "damaged"):
        raise BackupError(N_("The saved games file is in use; close the game (or stop the companion), "
                             "then restore again."))
    return mode
