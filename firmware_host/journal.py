"""The journal: every accepted move, committed to SQLite before its effect is shown.

One database file holds every game kept on the box: its game name, setup and events.
WAL mode with ``synchronous=FULL`` makes each commit durable across a power cut; on start
the newest unfinished game is replayed to the exact state it had.

Start-up tells *damage* from *circumstance* (``docs/reliability.md``):

- **Damage** (:class:`JournalDamaged`): a file that is not a database, fails the open's
  ``PRAGMA quick_check`` of what resuming reads, was found damaged by the whole-file check the
  app runs after its first frame (:class:`FileCheck`: said at once, acted on at the next
  start), or was written by a newer version. :meth:`Journal.open_or_recover` renames it aside
  with a timestamp, starts a fresh journal and takes the unfinished game along if its record
  is whole, so a bad file never stops the companion from starting nor loses the game played.
- **Circumstance** (:class:`JournalUnavailable`): a full or read-only disk, a file another
  program holds locked, one the companion may not read or write, a folder where the file
  should be. Nothing is renamed and not a byte of the journal changes; the players are told
  what it is and what to do, and no game can be played until it can be saved.

Three checks of our own cover what SQLite's cannot see:

- Each event row carries ``sum``, a hash chained from the game's setup through every earlier
  move, and each commit stores the newest one as the game's ``head``. :meth:`Journal.load`
  verifies the chain, that it ends at the head and that the moves are numbered 1..n, so a
  flipped byte inside a move, a move missing, doubled, out of order or hidden at the end (a
  damaged index) is reported (:class:`JournalDamaged`), never replayed into a wrong game.
- Each commit raises the game's ``ops`` counter, and after it returns the counter is written
  to a small *mark* file beside the journal (``journal.db.mark``, no fsync). A damaged WAL
  frame makes SQLite silently drop that commit and every later one; at the next start the
  mark is then ahead of the file and :attr:`Journal.lost` says how many changes are gone.
- The journal's inode (and its WAL's) is remembered at open and checked before every commit:
  a file deleted or replaced while the companion runs (:class:`JournalGone`) refuses further
  moves rather than "saving" them into a file nobody will read again.

Every string read back from the journal is cleaned of NUL and lone surrogates (which no font
can draw) at this boundary: :func:`clean`.
"""

from __future__ import annotations

import errno
import hashlib
import json
import logging
import os
import re
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .engine.core import N_

log = logging.getLogger(__name__)

SCHEMA_VERSION = 1
OPEN_BUSY_S = 1.0           # at start, how long to wait for another program's lock
WRITE_BUSY_S = 5.0          # during play, how long a commit waits for a lock
LOW_SPACE = 2 * 2 ** 20     # below this much free space the players are warned at start
FULL_BELOW = 64 * 2 ** 10   # an unexplained write error with less free space than this: full

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    setup TEXT NOT NULL,
    created REAL NOT NULL,
    finished REAL,
    sum TEXT,
    ops INTEGER NOT NULL DEFAULT 0,
    head TEXT
);
CREATE TABLE IF NOT EXISTS events (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    event TEXT NOT NULL,
    at REAL NOT NULL,
    sum TEXT,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS players (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    colour TEXT,
    token TEXT UNIQUE,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS outcomes (
    game_id INTEGER PRIMARY KEY REFERENCES games(id),
    game TEXT NOT NULL,
    started REAL NOT NULL,
    finished REAL NOT NULL,
    duration_min INTEGER NOT NULL,
    tie_break TEXT,
    options TEXT NOT NULL,
    sum TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS results (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    player_id INTEGER REFERENCES players(id),
    score INTEGER NOT NULL,
    rank INTEGER NOT NULL,
    winner INTEGER NOT NULL,
    start_player INTEGER NOT NULL,
    sources TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
-- start-up finds the unfinished game from this index alone: a games row holds its setup
-- (several KB: overflow pages), so a scan of the table reads every setup. For the same reason
-- an outcome keeps its game's name and times (copied in the transaction that ends the game,
-- deleted with it: the trigger below): the history and the statistics never read games rows.
CREATE INDEX IF NOT EXISTS games_finished ON games(finished);
CREATE INDEX IF NOT EXISTS outcomes_finished ON outcomes(finished);
CREATE INDEX IF NOT EXISTS results_player ON results(player_id, game_id);
-- a profile sits once in a game (unlinked seats, NULL, as often as there are): a merge of two
-- profiles that played each other is refused (players.py), and this keeps any program honest
CREATE UNIQUE INDEX IF NOT EXISTS results_once ON results(game_id, player_id);
"""
# Kept apart from _SCHEMA (a trigger's body holds semicolons). Results live only as long as
# their game is finished: an undo or an abandon sets ``finished`` to NULL or -1, and this
# deletes them in the same statement, whichever program wrote it (an older companion that
# knows nothing of results included: the trigger is part of the file).
_TRIGGERS = {
    "results_follow_games": """CREATE TRIGGER IF NOT EXISTS results_follow_games
        AFTER UPDATE OF finished ON games WHEN new.finished IS NULL OR new.finished < 0
        BEGIN
            DELETE FROM results WHERE game_id = new.id;
            DELETE FROM outcomes WHERE game_id = new.id;
        END""",
}
_TABLES = ("meta", "games", "events", "players", "outcomes", "results")
# the tables quick_check reads at open: their size follows the players, not the games (the
# others are checked after the first frame: Journal.check_whole_file)
_OPEN_CHECKED = ("meta", "players")
_INDEXES = ("games_finished", "outcomes_finished", "results_player", "results_once")
# columns added after schema 1 was first released: additive, so an older program still reads
# and writes the file (its rows have no sum and are not verified)
_ADDED = (("games", "sum", "TEXT"), ("games", "ops", "INTEGER NOT NULL DEFAULT 0"), ("games", "head", "TEXT"),
          ("events", "sum", "TEXT"))
# every column: (table, name) -> (declared type, place in the primary key); a schema whose text
# was damaged (the table definitions are text in the first page) differs from this
_COLUMNS = {
    ("meta", "key"): ("TEXT", 1), ("meta", "value"): ("TEXT", 0),
    ("games", "id"): ("INTEGER", 1), ("games", "game"): ("TEXT", 0), ("games", "setup"): ("TEXT", 0),
    ("games", "created"): ("REAL", 0), ("games", "finished"): ("REAL", 0), ("games", "sum"): ("TEXT", 0),
    ("games", "ops"): ("INTEGER", 0), ("games", "head"): ("TEXT", 0),
    ("events", "game_id"): ("INTEGER", 1), ("events", "seq"): ("INTEGER", 2), ("events", "event"): ("TEXT", 0),
    ("events", "at"): ("REAL", 0), ("events", "sum"): ("TEXT", 0),
    # players, outcomes and results: added to schema 1 without a new version, being additive (an
    # older program neither checks nor touches them; the trigger above keeps its undo honest,
    # and games it finishes get their results later: firmware_host.history.History.complete)
    ("players", "id"): ("INTEGER", 1), ("players", "name"): ("TEXT", 0), ("players", "name_key"): ("TEXT", 0),
    ("players", "colour"): ("TEXT", 0), ("players", "token"): ("TEXT", 0), ("players", "created"): ("REAL", 0),
    ("outcomes", "game_id"): ("INTEGER", 1), ("outcomes", "game"): ("TEXT", 0), ("outcomes", "started"): ("REAL", 0),
    ("outcomes", "finished"): ("REAL", 0), ("outcomes", "duration_min"): ("INTEGER", 0),
    ("outcomes", "tie_break"): ("TEXT", 0), ("outcomes", "options"): ("TEXT", 0), ("outcomes", "sum"): ("TEXT", 0),
    ("results", "game_id"): ("INTEGER", 1), ("results", "seat"): ("INTEGER", 2), ("results", "name"): ("TEXT", 0),
    ("results", "player_id"): ("INTEGER", 0), ("results", "score"): ("INTEGER", 0), ("results", "rank"): ("INTEGER", 0),
    ("results", "winner"): ("INTEGER", 0), ("results", "start_player"): ("INTEGER", 0),
    ("results", "sources"): ("TEXT", 0),
}


# ---------------------------------------------------------------------- what players are told

@dataclass(frozen=True)
class Notice:
    """What the companion tells the players about its stores: ``message`` and ``advice``
    (what to do) are English, ``N_``-marked, formatted with ``params`` after translation; a
    ``reason`` parameter is itself an ``N_`` template (a :class:`Problem`'s ``reason``),
    translated, then formatted with the other ``params`` (``{path}``, ``{error}``)."""

    message: str
    params: dict[str, Any] = field(default_factory=dict)
    advice: str = ""
    level: str = "bad"          # "bad": said once; "fault": lasts (the home screen shows it)

    def _params(self, translate: Callable[[str], str]) -> dict[str, Any]:
        out = dict(self.params)
        reason = out.get("reason")
        if isinstance(reason, str):
            others = {k: v for k, v in self.params.items() if k != "reason"}
            try:
                out["reason"] = translate(reason).format(**others)
            except (KeyError, IndexError, ValueError):
                # a reason that is already text (another notice's, said in English), not a
                # template: a brace in it is no field
                out["reason"] = translate(reason)
        return out

    def text(self, translate: Callable[[str], str] = str) -> str:
        return translate(self.message).format(**self._params(translate))

    def advice_text(self, translate: Callable[[str], str] = str) -> str:
        return translate(self.advice).format(**self._params(translate)) if self.advice else ""

    def __str__(self) -> str:
        return self.text()


class JournalError(ValueError):
    """The journal cannot be used; ``notice`` says why for the players."""

    def __init__(self, message: str, advice: str = "", **params: Any) -> None:
        self.notice = Notice(message, params, advice)
        super().__init__(self.notice.text())


class JournalDamaged(JournalError):
    """The file (or a game's record in it) is damaged: not a database, failing
    ``quick_check`` or a move's checksum, or written by a newer version."""


class JournalUnavailable(JournalError):
    """The file is sound as far as anyone can tell, but cannot be used now (``kind``: full,
    readonly, locked, permission, directory, notafile, io). Nothing was changed."""

    def __init__(self, kind: str, message: str, advice: str = "", **params: Any) -> None:
        super().__init__(message, advice, **params)
        self.kind = kind


class JournalGone(JournalUnavailable):
    """The journal file was deleted or replaced while the companion was running."""

    def __init__(self, path: Path) -> None:
        super().__init__("gone", N_("Not saved: the saved games file was removed or replaced while the companion "
                                    "was running."),
                         N_("Restart the companion: it opens the saved games file again."), path=str(path))


# ---------------------------------------------------------------------- telling damage from circumstance

@dataclass(frozen=True)
class Problem:
    """A circumstance that keeps a store file from being used: ``kind``, and ``reason`` and
    ``advice`` as ``N_`` texts formatted with ``params``."""

    kind: str
    reason: str
    advice: str
    params: dict[str, Any]


_REASONS = {
    "directory": (N_("{path} is a folder, not a file"),
                  N_("Nothing was changed. Move that folder away, then tap Try again.")),
    "notafile": (N_("{path} is not an ordinary file"),
                 N_("Nothing was changed. Move it away, then tap Try again.")),
    "nofolder": (N_("{path} cannot be made a folder"),
                 N_("Nothing was changed. Check the state folder in the settings, then tap Try again.")),
    "readonly": (N_("the storage is read-only"),
                 N_("Nothing was changed. Make it writable (the SD card's lock switch, a read-only mount), "
                    "then tap Try again.")),
    "locked": (N_("another program is using {path}"),
               N_("Nothing was changed. Close that program (another companion?), then tap Try again.")),
    "permission": (N_("the companion may not read or write {path}"),
                   N_("Nothing was changed. Give the companion's user that file and its folder "
                      "(chown), then tap Try again.")),
    "full": (N_("the storage is full"),
             N_("Nothing was changed. Free some space, then tap Try again.")),
    "io": (N_("the storage failed ({error})"),
           N_("Nothing was changed. Check the SD card or disk, then tap Try again.")),
    "damaged": (N_("the saved games file is damaged ({error})"),
                N_("Restart the companion: it keeps the damaged file aside and starts a new one.")),
}


def is_damage(exc: BaseException) -> bool:
    """Whether a SQLite error says the file itself is damaged (SQLITE_CORRUPT, SQLITE_NOTADB),
    rather than that it cannot be used now."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    if name:
        return name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB"))
    return isinstance(exc, sqlite3.DatabaseError) and any(
        words in str(exc) for words in ("malformed", "not a database"))


def _existing(folder: Path) -> Path:
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    return folder


def _free_bytes(folder: Path) -> int | None:
    try:
        vfs = os.statvfs(_existing(folder))
    except OSError:
        return None
    return vfs.f_bavail * vfs.f_frsize


def _read_only(folder: Path) -> bool:
    try:
        return bool(os.statvfs(_existing(folder)).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def _blocked(path: Path) -> Path | None:
    """The first of ``path``, its ``-wal`` and ``-shm`` and its folder the companion may not
    read and write (``None``: all fine). ``os.access`` also sees ``chattr +i``."""
    for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        if p.exists() and not os.access(p, os.R_OK | os.W_OK):
            return p
    folder = _existing(path.parent)
    if not os.access(folder, os.R_OK | os.W_OK | os.X_OK):
        return folder
    return None


def diagnose(path: str | Path, exc: BaseException | None = None) -> Problem:
    """What keeps store file ``path`` from being used, from the error ``exc`` and a look at
    the file system (the SQLite error alone often says only "unable to open database file")."""
    path = Path(path)
    name = getattr(exc, "sqlite_errorname", "") or ""
    err = exc.errno if isinstance(exc, OSError) else None
    kind, params = "io", {"path": str(path), "error": str(exc) if exc else "?"}
    blocked = _blocked(path)
    if exc is not None and is_damage(exc):
        kind = "damaged"
    elif path.is_dir():
        kind = "directory"
    elif path.exists() and not path.is_file():
        kind = "notafile"
    elif err in (errno.ENOTDIR, errno.EEXIST) or not _existing(path.parent).is_dir():
        kind, params["path"] = "nofolder", str(path.parent)
    elif err == errno.EROFS or _read_only(path.parent):
        kind = "readonly"
    elif name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        kind = "locked"
    elif blocked is not None or err in (errno.EACCES, errno.EPERM) or name.startswith(("SQLITE_PERM",
                                                                                       "SQLITE_AUTH")):
        kind, params["path"] = "permission", str(blocked or path)
    elif err in (errno.ENOSPC, errno.EDQUOT) or name == "SQLITE_FULL" or (
            (_free_bytes(path.parent) or 0) < FULL_BELOW):
        kind = "full"
    reason, advice = _REASONS[kind]
    return Problem(kind, reason, advice, params)


def unavailable(path: str | Path, exc: BaseException | None = None) -> JournalUnavailable:
    """:class:`JournalUnavailable` for the journal at ``path`` (see :func:`diagnose`)."""
    p = diagnose(path, exc)
    return JournalUnavailable(p.kind, N_("Games cannot be saved: {reason}."), p.advice,
                              reason=p.reason, **p.params)


# ---------------------------------------------------------------------- checksums, cleaning

def _chain(prev: str, seq: int, text: str) -> str:
    """The checksum of row ``seq`` holding ``text``, chained from the row before (``prev``)."""
    h = hashlib.blake2b(f"{prev}\x1f{seq}\x1f".encode(), digest_size=8)
    h.update(text.encode("utf-8", "surrogatepass"))
    return h.hexdigest()


def first_line(text: str, chars: int = 100) -> str:
    line = str(text).strip().splitlines()[0] if str(text).strip() else ""
    return line if len(line) <= chars else line[:chars - 1] + "…"


def _text(raw: bytes) -> str:
    return raw.decode("utf-8", "replace")


def _game_sum(game: str, setup: str) -> str:
    return _chain("", 0, f"{game}\x1f{setup}")


_UNDRAWABLE = re.compile("[\x00\ud800-\udfff]")


def clean(value: Any) -> Any:
    """``value`` (JSON: dicts, lists, strings, numbers) with NUL and lone surrogates in every
    string replaced by U+FFFD: no font can draw them (pygame raises), and they come only from
    damage or a foreign program."""
    if isinstance(value, str):
        return _UNDRAWABLE.sub("\ufffd", value)
    if isinstance(value, list):
        return [clean(v) for v in value]
    if isinstance(value, dict):
        return {clean(k): clean(v) for k, v in value.items()}
    return value


@dataclass(frozen=True)
class GameRecord:
    """One game in the journal: ``setup`` and ``events`` are their JSON forms."""

    id: int
    game: str
    setup: dict[str, Any]
    events: list[dict[str, Any]]
    created: float
    finished: float | None


@dataclass(frozen=True)
class SeatRow:
    """One seat's result of a finished game, as the journal keeps it: ``seat`` (0-based, seat
    order), ``name`` (as played), ``player_id`` (a ``players`` row, ``None``: not linked),
    ``score``, ``rank`` (1 = first, after the tie-break), ``winner``, ``start_player``,
    ``sources`` (score by source, in the game's display order)."""

    seat: int
    name: str
    player_id: int | None
    score: int
    rank: int
    winner: bool
    start_player: bool
    sources: dict[str, int]


@dataclass(frozen=True)
class Outcome:
    """What a finished game's results are: ``seats`` in seat order, ``tie_break`` (``None``,
    or ``(template, params)``: an ``N_`` text and its parameters saying how a tie for a place
    was broken), ``options`` (the setup's choices a player would name: map, edition, ...,
    JSON values)."""

    seats: tuple[SeatRow, ...]
    tie_break: tuple[str, dict[str, Any]] | None
    options: dict[str, Any]


PAUSE_S = 30 * 60   # a longer gap between two moves is a pause (dinner, the next evening), not play


def active_minutes(created: float, times: list[float], end: float) -> int:
    """Minutes played from ``created`` through the moves made at ``times`` to ``end`` (all
    seconds since the epoch), each gap longer than :data:`PAUSE_S` left out (a game resumed the
    next day did not last a day)."""
    total, prev = 0.0, created
    for t in [*times, end]:
        gap = t - prev
        if 0 < gap <= PAUSE_S:
            total += gap
        prev = max(prev, t)
    return round(total / 60)


def outcome_text(game: str, started: float, finished: float, duration_min: int, tie_break: str | None,
                 options: str, rows: list[tuple[Any, ...]]) -> str:
    """The text an outcome's checksum covers: the columns of its ``outcomes`` row and the
    ``(seat, name, score, rank, winner, start_player, sources)`` of its ``results`` rows (the
    player link is left out: merging or deleting a player changes it, not the result)."""
    parts = [game, repr(float(started)), repr(float(finished)), str(duration_min), tie_break or "", options]
    parts += ["\x1e".join(str(int(v) if isinstance(v, bool) else v) for v in row) for row in rows]
    return "\x1d".join(parts)


def outcome_sum(game_id: int, text: str) -> str:
    """An outcome's checksum, over its game's id and :func:`outcome_text` (results never
    outlive their game's end: :meth:`Journal.truncate` and the trigger delete them)."""
    return _chain(str(game_id), 0, text)


def _load(db: sqlite3.Connection, game_id: int) -> GameRecord:
    """:meth:`Journal.load` on the connection ``db`` (also a damaged file's, read only)."""
    row = db.execute("SELECT id, game, setup, created, finished, sum, head FROM games WHERE id = ?",
                     (game_id,)).fetchone()
    if row is None:
        raise KeyError(game_id)
    rows = db.execute("SELECT seq, event, sum FROM events WHERE game_id = ? ORDER BY seq", (game_id,)).fetchall()
    gid, game, setup, created, finished, game_sum, head = row
    if game_sum is not None and game_sum != _game_sum(game, setup):
        raise JournalDamaged("the setup of game {game_id} fails its checksum", game_id=game_id)
    prev = game_sum or ""
    for expected, (seq, text, row_sum) in enumerate(rows, 1):
        if seq != expected:
            raise JournalDamaged("game {game_id} has move {seq} where move {expected} belongs",
                                 game_id=game_id, seq=seq, expected=expected)
        if row_sum is not None and row_sum != _chain(prev, seq, text):
            raise JournalDamaged("move {seq} of game {game_id} fails its checksum",
                                 game_id=game_id, seq=seq)
        prev = row_sum or ""
    if head is not None and prev and head != prev:
        raise JournalDamaged("game {game_id} ends at move {n}, not where its last commit left it",
                             game_id=game_id, n=len(rows))
    try:
        events = [json.loads(text) for _seq, text, _sum in rows]
        return GameRecord(gid, clean(game), clean(json.loads(setup)), clean(events), created, finished)
    except (ValueError, TypeError) as exc:
        raise JournalDamaged("game {game_id} is not readable: {error}", game_id=game_id,
                             error=str(exc)) from exc



# ---------------------------------------------------------------------- the whole-file check

CHECK_NICE = 10     # the check's thread yields the CPU (and, by the kernel's default, the disk) to play


class FileCheck:
    """SQLite's whole-file ``PRAGMA quick_check`` of the journal at ``path``, run in a thread
    of its own on a read-only connection (WAL: it reads one snapshot while play commits;
    the GIL is released while SQLite works, so the event loop never waits for it).

    When it is done, :attr:`seconds` says how long it took and :attr:`damage` what it found
    (``None``: sound, or the check could not run: logged). Damage writes ``marker`` (fsync'd:
    the next start must see it), so the next open checks the whole file first and sets it
    aside; :meth:`notice` says it, once, for the players. :meth:`stop` interrupts it (the
    journal closes)."""

    def __init__(self, path: Path, marker: Path) -> None:
        self.path = path
        self.marker = marker
        self.seconds: float | None = None
        self.damage: str | None = None
        self._told = False
        self._stopping = False
        self._db: sqlite3.Connection | None = None
        self._lock = threading.Lock()      # guards _db between the check's thread and stop()
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, name="journal-check", daemon=True)
        self._thread.start()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the check is done (tests, the benchmark); ``False`` if ``timeout`` (s) ran out."""
        return self._done.wait(timeout)

    def _run(self) -> None:
        try:
            self._check()
        except Exception:  # noqa: BLE001 - a check that fails to run must not take the app down
            log.exception("whole-file check of %s not done", self.path)
        finally:
            self._done.set()

    def _check(self) -> None:
        try:        # Linux: a thread's nice value is its own
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), CHECK_NICE)
        except (AttributeError, OSError):
            pass
        t0 = time.monotonic()
        try:
            db = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True, timeout=WRITE_BUSY_S,
                                 check_same_thread=False)
            try:
                with self._lock:
                    if self._stopping:
                        return
                    self._db = db
                row = db.execute("PRAGMA quick_check").fetchone()
            finally:
                with self._lock:
                    self._db = None
                db.close()
            found = str(row[0]) if row else "ok"
        except sqlite3.Error as exc:
            if self._stopping:
                return
            if not is_damage(exc):      # a circumstance (I/O, a lock): nothing is known
                log.warning("whole-file check of %s not done: %s", self.path, exc)
                return
            found = str(exc)
        self.seconds = time.monotonic() - t0
        if found == "ok":
            log.info("whole-file check of %s: sound (%.2f s)", self.path, self.seconds)
            return
        self.damage = f"quick_check: {first_line(found)}"
        log.error("whole-file check of %s found damage (%.2f s): %s", self.path, self.seconds, found)
        try:
            fd = os.open(self.marker, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            try:
                os.write(fd, f"{time.strftime('%Y-%m-%d %H:%M:%S')} {self.damage}\n".encode("utf-8", "replace"))
                os.fsync(fd)
            finally:
                os.close(fd)
        except OSError as exc:      # the next background check finds it again
            log.error("damage marker %s not written: %s", self.marker, exc)

    def notice(self) -> Notice | None:
        """What to tell the players, once, when the check found damage (else ``None``)."""
        if self._told or not self.done or self.damage is None:
            return None
        self._told = True
        # "fault": it lasts (the home screen lists the faults) while play goes on in a damaged file
        return Notice(N_("The saved games file is damaged ({error}). This game is still saved; at the next "
                         "start it moves to a new file."),
                      {"error": self.damage},
                      N_("At the next start the damaged file is kept aside and a new one started; think of "
                         "replacing the SD card."), level="fault")

    def stop(self) -> None:
        """Interrupt the check (if still running) and wait for its thread (at most a second)."""
        self._stopping = True
        with self._lock:
            if self._db is not None:
                self._db.interrupt()
        self._thread.join(1.0)


# ---------------------------------------------------------------------- the journal

class Journal:
    """A journal file. Raises :class:`JournalDamaged` or :class:`JournalUnavailable` if the
    file cannot be used; :meth:`open_or_recover` at start-up sets a damaged file aside and
    turns either into a :class:`Notice` instead.

    After opening, :attr:`lost` is the number of committed changes the mark file knew of and
    the database no longer holds (0 normally), :attr:`free` the free space beside the file.
    Reads raise :class:`JournalError`; writes raise ``sqlite3.Error`` (the disk refused) or
    :class:`JournalGone`.
    """

    db: sqlite3.Connection
    tables: frozenset[str]

    def __init__(self, path: str | Path, busy_s: float = OPEN_BUSY_S) -> None:
        self.path = Path(path)
        self._mark_fd: int | None = None
        self.file_check: FileCheck | None = None
        self.lost = 0
        self.free: int | None = None
        try:
            self._open(busy_s)
        except JournalError:
            self._close_quietly()
            raise
        except UnicodeError as exc:         # bytes that are not text where SQLite keeps text
            self._close_quietly()
            raise JournalDamaged(f"not text: {exc}") from exc
        except (sqlite3.Error, OSError) as exc:
            self._close_quietly()
            if is_damage(exc):
                raise JournalDamaged(str(exc)) from exc
            raise unavailable(self.path, exc) from exc

    @classmethod
    def read_only(cls, path: str | Path) -> Journal:
        """``path`` opened only to be read (``table-companion players``, ``export``,
        ``backup``): SQLite's ``immutable=1``, or ``mode=ro`` while a ``-wal`` beside it holds
        changes not yet in the file (the companion running). Nothing is written: no upgrade,
        no mark file, no whole-file check; a file made by an older program keeps its missing
        tables (:attr:`tables` says which there are). Raises :class:`JournalDamaged` (one line
        naming the full path) for a file that is not a table companion journal or is newer
        than this program, :class:`JournalUnavailable` if it cannot be read."""
        path = Path(path)
        self = cls.__new__(cls)
        self.path, self._mark_fd, self.file_check, self.lost, self.free = path, None, None, 0, None
        self.journal_id, self._wal_identity = "", None
        try:
            with path.open("rb") as f:
                magic = f.read(16)
        except OSError as exc:
            raise JournalUnavailable(diagnose(path, exc).kind, "{path}: cannot be read: {error}", path=str(path),
                                     error=exc.strerror or str(exc)) from exc
        if magic != b"SQLite format 3\0":
            raise JournalDamaged("{path}: not a table companion journal (not an SQLite database)", path=str(path))
        live = Path(f"{path}-wal").exists()
        uri = path.resolve().as_uri() + ("?mode=ro" if live else "?immutable=1")
        try:
            self.db = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=OPEN_BUSY_S)
            self.db.text_factory = _text
            self.tables = frozenset(name for (name,) in self.db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'"))
            missing = {"meta", "games", "events"} - self.tables
            if missing:
                raise JournalDamaged("{path}: not a table companion journal (no {tables} table)",
                                     path=str(path), tables=", ".join(sorted(missing)))
            version = self._version()
            if version > SCHEMA_VERSION:
                raise JournalDamaged("{path}: journal schema {version} is newer than this program ({ours})",
                                     path=str(path), version=version, ours=SCHEMA_VERSION)
            self._check_schema()
            self.journal_id = self._meta("journal_id", "")
        except JournalError:
            self._close_quietly()
            raise
        except (sqlite3.Error, UnicodeError) as exc:
            self._close_quietly()
            if isinstance(exc, UnicodeError) or is_damage(exc):
                raise JournalDamaged("{path}: {error}", path=str(path), error=first_line(str(exc))) from exc
            raise JournalUnavailable(diagnose(path, exc).kind, "{path}: cannot be read: {error}", path=str(path),
                                     error=first_line(str(exc))) from exc
        self._identity = self._stat(path)
        return self

    def _open(self, busy_s: float) -> None:
        path = self.path
        if path.exists() and not path.is_file():
            raise unavailable(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        if _blocked(path) is not None:
            raise unavailable(path)
        self.db = db = sqlite3.connect(path, isolation_level=None, timeout=busy_s)
        db.text_factory = _text       # damaged text reads as U+FFFD (and fails its checksum)
        mode = db.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise unavailable(path)
        db.execute("PRAGMA synchronous=FULL")
        # What resuming needs is checked here; the whole file after the first frame
        # (:meth:`check_whole_file`: its time grows with the history, 0.4 to 0.5 s at 10,000
        # games on an x86 machine, several seconds on a Pi). Here: the schema table and the
        # tables whose size follows the players, not the games (SQLite >= 3.33 limits
        # quick_check to a table and its indexes), below the pages of the game to resume;
        # load() then verifies that game's checksums. The marker a background check leaves
        # when it found damage brings the whole-file check back to the open, so such a file
        # is set aside at this start (:meth:`_recover`).
        marked = self.damage_marker.exists()
        present = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        checked = ("",) if marked else ("sqlite_schema", *(t for t in _OPEN_CHECKED if t in present))
        for table in checked:
            check = db.execute(f"PRAGMA quick_check({table})" if table else "PRAGMA quick_check").fetchone()[0]
            if check != "ok":       # SQLite lists every fault found, one a line: the first says enough
                raise JournalDamaged("quick_check: {error}", error=first_line(check))
        version = self._version()
        if version > SCHEMA_VERSION:
            raise JournalDamaged("journal schema {version} is newer than this program ({ours})",
                                 version=version, ours=SCHEMA_VERSION)
        self._check_schema()
        self._upgrade()
        # the pages start-up reads anyway: SQLite finds damage in them that quick_check misses
        # (a record's header that does not match its body); the checksums are load()'s
        for (game_id,) in db.execute("SELECT id FROM games WHERE finished IS NULL ORDER BY id DESC LIMIT 1"):
            db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchall()
            db.execute("SELECT seq, event, sum FROM events WHERE game_id = ? ORDER BY seq", (game_id,)).fetchall()
        db.execute("BEGIN IMMEDIATE")   # nobody else holds the write lock (writes nothing)
        db.execute("ROLLBACK")
        db.execute(f"PRAGMA busy_timeout = {int(WRITE_BUSY_S * 1000)}")
        self.journal_id = self._meta("journal_id", "")
        self.tables = frozenset(_TABLES)         # the upgrade made any missing
        self._identity = self._stat(path)
        self._wal_identity = self._stat(Path(f"{path}-wal"))
        self.free = _free_bytes(path.parent)
        self._open_mark()
        if marked:          # checked whole again and sound (a restored file, a stale marker)
            self.damage_marker.unlink(missing_ok=True)

    # -------------------------------------------------------------- schema

    def _version(self) -> int:
        has_meta = self.db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").fetchone()
        if not has_meta:
            return SCHEMA_VERSION
        try:
            return int(self._meta("schema_version", str(SCHEMA_VERSION)))
        except ValueError as exc:
            raise JournalDamaged("schema version {error}", error=str(exc)) from exc

    def _check_schema(self) -> None:
        """The tables that exist have our columns, with their types and keys (the added ones
        may be missing); anything else is a damaged schema."""
        for table in _TABLES:
            found = {row[1]: (str(row[2]).upper(), row[5]) for row in self.db.execute(f"PRAGMA table_info({table})")}
            if not found:
                continue
            wanted = {name: decl for (t, name), decl in _COLUMNS.items() if t == table}
            added = {name for t, name, _decl in _ADDED if t == table}
            if any(found.get(name) != decl for name, decl in wanted.items() if name in found or name not in added) \
                    or set(found) - set(wanted):
                raise JournalDamaged("the {table} table's definition is damaged", table=table)

    def _upgrade(self) -> None:
        """Create the tables, add the columns and the journal's id if any is missing; a
        journal already up to date is not written to."""
        db = self.db
        have = {(kind, name) for kind, name in db.execute("SELECT type, name FROM sqlite_master")}
        missing_tables = not {("table", t) for t in _TABLES} <= have
        missing_other = not ({("index", i) for i in _INDEXES} | {("trigger", t) for t in _TRIGGERS}) <= have
        # the columns added since a table first existed (a table still missing is made whole)
        columns = [
            (table, column, decl) for table, column, decl in _ADDED if ("table", table) in have
            and column not in {row[1] for row in db.execute(f"PRAGMA table_info({table})")}]
        if not missing_tables and not missing_other and not columns and self._meta("journal_id", ""):
            return
        db.execute("BEGIN IMMEDIATE")
        try:
            if ("table", "results") in have and ("index", "results_once") not in have:
                # a file from before results_once: a profile linked to two seats of one game
                # (two seats of one name) keeps the first; the others' names stay, unlinked
                db.execute("UPDATE results SET player_id = NULL WHERE player_id IS NOT NULL AND rowid NOT IN "
                           "(SELECT MIN(rowid) FROM results WHERE player_id IS NOT NULL GROUP BY game_id, player_id)")
            for statement in _SCHEMA.strip().split(";"):
                if statement.strip():
                    db.execute(statement)
            for trigger in _TRIGGERS.values():
                db.execute(trigger)
            for table, column, decl in columns:
                db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {decl}")
            db.execute("INSERT OR IGNORE INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
            db.execute("INSERT OR IGNORE INTO meta VALUES ('journal_id', ?)", (secrets.token_hex(8),))
            db.execute("COMMIT")
        except BaseException:
            self._rollback()
            raise
        # into the main file at once: a damaged WAL frame can then drop games, never the
        # journal's id (without which the mark could not tell the loss)
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def _meta(self, key: str, default: str) -> str:
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return str(row[0]) if row else default

    # -------------------------------------------------------------- identity, mark

    @staticmethod
    def _stat(path: Path) -> tuple[int, int] | None:
        try:
            st = os.stat(path)
        except OSError:
            return None
        return st.st_dev, st.st_ino

    def _check_alive(self) -> None:
        """Raise :class:`JournalGone` if the file (or its WAL) is no longer the one opened."""
        if self._stat(self.path) != self._identity:
            raise JournalGone(self.path)
        if self._wal_identity is not None and self._stat(Path(f"{self.path}-wal")) != self._wal_identity:
            raise JournalGone(self.path)

    @property
    def mark_path(self) -> Path:
        return self.path.with_name(self.path.name + ".mark")

    def _open_mark(self) -> None:
        """Compare the mark file with the database (:attr:`lost`)."""
        try:
            parts = self.mark_path.read_text(encoding="ascii").split()
            journal_id, game_id, ops = parts[0], int(parts[1]), int(parts[2])
        except (OSError, ValueError, IndexError, UnicodeDecodeError):
            journal_id, game_id, ops = "", 0, 0
        if journal_id and journal_id == self.journal_id and game_id > 0:
            row = self._db.execute("SELECT ops FROM games WHERE id = ?", (game_id,)).fetchone()
            have = row[0] if row else -1
            if have < ops:
                self.lost = ops - have
                log.error("journal %s: the mark says game %s had %s changes, the file holds %s: %s lost",
                          self.path, game_id, ops, have, self.lost)
        if self.lost:       # told once: from now on the mark follows this file
            row = self._db.execute("SELECT id, ops FROM games ORDER BY id DESC LIMIT 1").fetchone()
            self._write_mark(*(row or (0, 0)))

    def _write_mark(self, game_id: int, ops: int) -> None:
        """After a commit: the newest change the journal must hold (no fsync: a lost mark only
        weakens the check, it never raises a false alarm). Opened at the first write, so a
        journal only read (``table-companion replay``) gets no mark file."""
        if self._mark_fd is None:
            try:
                self._mark_fd = os.open(self.mark_path, os.O_WRONLY | os.O_CREAT, 0o644)
            except OSError as exc:
                log.warning("no mark file %s: %s", self.mark_path, exc)
                self._mark_fd = -1
        if self._mark_fd < 0:
            return
        line = f"{self.journal_id:<32} {game_id:>12} {ops:>12}\n".encode("ascii")
        try:
            os.pwrite(self._mark_fd, line, 0)
            os.ftruncate(self._mark_fd, len(line))
        except OSError as exc:
            log.warning("mark file not written: %s", exc)

    def _close_quietly(self) -> None:
        check, self.file_check = getattr(self, "file_check", None), None
        if check is not None:
            check.stop()
        fd, self._mark_fd = self._mark_fd, None
        try:
            if fd is not None and fd >= 0:
                os.close(fd)
            db = getattr(self, "db", None)
            if db is not None:
                db.close()
        except Exception:  # noqa: BLE001 - closing a broken handle must not mask the real error
            pass

    # -------------------------------------------------------------- the whole-file check

    @property
    def damage_marker(self) -> Path:
        """``journal.db.check-failed``: written when the whole-file check finds damage; while it
        exists, the open runs that check before the first frame (and sets a damaged file
        aside)."""
        return self.path.with_name(self.path.name + ".check-failed")

    def check_whole_file(self) -> FileCheck:
        """Start SQLite's whole-file ``PRAGMA quick_check`` in the background (once; later
        calls return the same :class:`FileCheck`). The app calls it after its first frame."""
        if self.file_check is None:
            self.file_check = FileCheck(self.path, self.damage_marker)
        return self.file_check

    # -------------------------------------------------------------- start-up

    @classmethod
    def open_or_recover(cls, path: str | Path) -> tuple[Journal | None, Notice | None]:
        """Open ``path`` at start-up; never raises. Returns ``(journal, notice)``:

        - a sound file: ``(journal, None)``, or a warning (changes lost, storage almost full);
        - a damaged file: renamed aside (with its -wal/-shm) and a fresh journal started,
          with a notice naming the copy;
        - a circumstance (see :class:`JournalUnavailable`): ``(None, notice)``, nothing touched.
        """
        path = Path(path)
        try:
            journal = cls(path)
        except JournalUnavailable as exc:
            log.error("journal %s cannot be used now (%s); left as it is", path, exc)
            return None, replace(exc.notice, level="fault")
        except JournalDamaged as exc:
            return cls._recover(path, exc)
        cls._resume_carry_over(journal)
        if journal.lost:
            log.error("journal %s: %s committed changes lost (a damaged WAL?)", path, journal.lost)
            return journal, Notice(N_("The saved games file lost its last {n} saved changes (the storage may be "
                                      "failing); play goes on from the last change it kept."),
                                   {"n": journal.lost},
                                   N_("Check the table against the screen, and think of replacing the SD card."))
        if journal.free is not None and journal.free < LOW_SPACE:
            log.warning("journal %s: only %s bytes free", path, journal.free)
            return journal, Notice(N_("The storage is almost full ({kb} KB free): moves may soon not be saved."),
                                   {"kb": journal.free // 1024}, N_("Free some space."))
        return journal, None

    @classmethod
    def _recover(cls, path: Path, damage: JournalDamaged) -> tuple[Journal | None, Notice | None]:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"{path.name}.damaged-{stamp}")
        try:
            for suffix in ("", "-wal", "-shm"):
                src = Path(str(path) + suffix)
                if src.exists():
                    src.rename(Path(str(aside) + suffix))
        except OSError as exc:
            log.error("journal %s unusable (%s) and cannot be kept aside: %s", path, damage, exc)
            p = diagnose(path, exc)
            return None, Notice(N_("The saved games file is damaged ({damage}) and cannot be kept aside: {reason}."),
                                {**p.params, "damage": str(damage), "reason": p.reason}, p.advice,
                                level="fault")
        log.error("journal %s unusable (%s); kept aside as %s", path, damage, aside)
        # until the fresh file holds what is taken along, a note says where from: a power cut
        # before then and the next start takes it along (_resume_carry_over)
        carry = cls._carry_note(path)
        try:
            fd = os.open(carry, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            try:
                os.write(fd, os.fsencode(aside.name))
                os.fsync(fd)
            finally:
                os.close(fd)
        except OSError as exc:
            log.error("carry-over note %s not written: %s", carry, exc)
        try:
            fresh = cls(path)
        except JournalError as exc:
            log.error("no fresh journal at %s: %s", path, exc)
            return None, Notice(N_("The saved games file was damaged ({error}); it was kept aside as {name}, "
                                   "but a new one cannot be started: {detail}"),
                                {"error": str(damage), "name": aside.name, "detail": str(exc)},
                                exc.notice.advice, level="fault")
        carried = cls._carry_over(aside, fresh)
        cls._done_carrying(path)
        if carried:
            return fresh, Notice(N_("The saved games file was damaged ({error}); it was kept aside as {name}. "
                                    "Its unfinished game goes on."),
                                 {"error": str(damage), "name": aside.name})
        return fresh, Notice(N_("The saved games file was damaged ({error}); it was kept aside as {name}."),
                             {"error": str(damage), "name": aside.name})

    @staticmethod
    def _carry_note(path: Path) -> Path:
        """``journal.db.carry-over``: the name of a damaged file set aside whose players and
        unfinished game are not yet in the fresh journal at ``path``."""
        return path.with_name(path.name + ".carry-over")

    @classmethod
    def _done_carrying(cls, path: Path) -> None:
        try:
            cls._carry_note(path).unlink(missing_ok=True)
        except OSError as exc:      # the next start finds the game already there: nothing twice
            log.warning("carry-over note of %s not removed: %s", path, exc)

    @classmethod
    def _resume_carry_over(cls, journal: Journal) -> None:
        """A carry-over a power cut interrupted (:meth:`_recover`): done now, unless the
        journal already holds an unfinished game (the carry-over committed)."""
        note = cls._carry_note(journal.path)
        try:
            name = os.fsdecode(note.read_bytes()).strip()
        except FileNotFoundError:
            return
        except OSError as exc:
            log.warning("carry-over note %s not read: %s", note, exc)
            return
        aside = journal.path.with_name(name)
        if name and "/" not in name and aside.is_file() and journal.unfinished() is None:
            log.warning("taking along what %s held (interrupted at the last start)", aside)
            cls._carry_over(aside, journal)
        cls._done_carrying(journal.path)

    @classmethod
    def _carry_over(cls, aside: Path, fresh: Journal) -> bool:
        """Copy the newest unfinished game of the damaged file ``aside`` into ``fresh`` if its
        record is whole: read only, its checksums verified (:func:`_load`), written by this
        schema version. Whole-file damage found after the first frame is mostly in other
        games' pages, and the game being played must not be lost with them. ``True`` if it
        was copied."""
        # a WAL file's reader makes its -wal and -shm when missing: removed again below, so
        # the copy set aside stays as it was found (only an empty -wal: nothing is lost)
        made = [p for p in (Path(f"{aside}-wal"), Path(f"{aside}-shm")) if not p.exists()]
        try:
            db = sqlite3.connect(f"{aside.resolve().as_uri()}?mode=ro", uri=True, timeout=OPEN_BUSY_S)
        except sqlite3.Error:
            return False
        db.text_factory = _text
        try:
            row = db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
            if row is not None and str(row[0]) != str(SCHEMA_VERSION):     # a newer program's game
                return False
            try:        # the players too: their profiles and tags are not in any game
                players = db.execute("SELECT id, name, name_key, colour, token, created FROM players").fetchall()
            except (sqlite3.Error, UnicodeError) as exc:
                log.warning("the players in %s are not readable, not taken along: %s", aside, exc)
                players = []
            if players:
                try:
                    with fresh.writing() as target:
                        target.executemany("INSERT OR IGNORE INTO players (id, name, name_key, colour, token, "
                                           "created) VALUES (?, ?, ?, ?, ?, ?)", players)
                except JournalError as exc:
                    log.error("the players in %s not taken along: %s", aside, exc)
            row = db.execute("SELECT id FROM games WHERE finished IS NULL ORDER BY id DESC LIMIT 1").fetchone()
            if row is None:
                return False
            record = _load(db, row[0])
            times = [at for (at,) in db.execute("SELECT at FROM events WHERE game_id = ? ORDER BY seq", (row[0],))]
        except (JournalError, sqlite3.Error, KeyError, UnicodeError) as exc:
            log.warning("the unfinished game in %s is not whole, not taken along: %s", aside, exc)
            return False
        finally:
            db.close()
            for p in made:
                try:
                    if p.name.endswith("-shm") or p.stat().st_size == 0:
                        p.unlink()
                except OSError:
                    pass
        try:
            game_id = fresh.adopt(record, times)
        except (sqlite3.Error, JournalError) as exc:
            log.error("the unfinished game in %s not taken along: %s", aside, exc)
            return False
        log.warning("game %s of %s (%s moves) taken into %s as game %s", record.id, aside, len(record.events),
                    fresh.path, game_id)
        return True

    def adopt(self, record: GameRecord, times: list[float]) -> int:
        """Record ``record``, an unfinished game read from another journal, with its time of
        creation and ``times`` (its moves', seconds since the epoch, one per event), its
        checksums computed here, in one transaction. Returns its id in this journal."""
        self._check_alive()
        setup = json.dumps(record.setup, separators=(",", ":"))
        texts = [json.dumps(e, separators=(",", ":")) for e in record.events]
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            prev = _game_sum(record.game, setup)
            cur = db.execute("INSERT INTO games (game, setup, created, sum, ops, head) VALUES (?, ?, ?, ?, ?, ?)",
                             (record.game, setup, record.created, prev, len(texts), prev))
            game_id = cur.lastrowid
            assert game_id is not None  # set by every successful INSERT
            rows = []
            for seq, (text, at) in enumerate(zip(texts, times), 1):
                prev = _chain(prev, seq, text)
                rows.append((game_id, seq, text, at, prev))
            db.executemany("INSERT INTO events (game_id, seq, event, at, sum) VALUES (?, ?, ?, ?, ?)", rows)
            db.execute("UPDATE games SET head = ? WHERE id = ?", (prev, game_id))
            db.execute("COMMIT")
        except BaseException:
            self._rollback()
            raise
        self._write_mark(game_id, len(texts))
        return game_id

    # -------------------------------------------------------------- writing

    @property
    def _db(self) -> sqlite3.Connection:
        return self.db

    def _rollback(self) -> None:
        """Roll back if a transaction is still open (SQLite rolls back by itself after some
        errors, e.g. a full disk; a second ROLLBACK would hide the real error)."""
        if getattr(self, "db", None) is not None and self.db.in_transaction:
            try:
                self.db.execute("ROLLBACK")
            except sqlite3.Error as exc:
                log.warning("rollback: %s", exc)

    def _write(self, game_id: int, body: Callable[[sqlite3.Connection], None]) -> None:
        """Run ``body`` and raise the game's ``ops`` counter in one transaction: all of it is
        on disk when this returns, or none of it. Then the mark file records it."""
        self._check_alive()
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            body(db)
            db.execute("UPDATE games SET ops = ops + 1 WHERE id = ?", (game_id,))
            row = db.execute("SELECT ops FROM games WHERE id = ?", (game_id,)).fetchone()
            db.execute("COMMIT")
        except BaseException:
            self._rollback()
            raise
        if self._wal_identity is None:
            self._wal_identity = self._stat(Path(f"{self.path}-wal"))
        self._write_mark(game_id, row[0] if row else 0)

    def new_game(self, game: str, setup: dict[str, Any]) -> int:
        """Record a new game; returns its id. Committed on return."""
        self._check_alive()
        text = json.dumps(setup, separators=(",", ":"))
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            game_sum = _game_sum(game, text)
            cur = db.execute("INSERT INTO games (game, setup, created, sum, ops, head) VALUES (?, ?, ?, ?, 0, ?)",
                             (game, text, time.time(), game_sum, game_sum))
            db.execute("COMMIT")
        except BaseException:
            self._rollback()
            raise
        game_id = cur.lastrowid
        assert game_id is not None  # set by every successful INSERT
        self._write_mark(game_id, 0)
        return game_id

    def append(self, game_id: int, seq: int, event: dict[str, Any], finished: bool = False,
               outcome: Outcome | None = None) -> None:
        """Record event number ``seq`` (1-based) of a game, and with ``finished`` that the game
        is over and its ``outcome`` (the results: one ``results`` row per seat, one
        ``outcomes`` row), in one transaction. Committed (fsync'd) on return; raises
        ``sqlite3.Error`` (nothing recorded) if the disk refuses, :class:`JournalGone` if the
        file was deleted or replaced."""
        now = time.time()
        text = json.dumps(event, separators=(",", ":"))

        def body(db: sqlite3.Connection) -> None:
            row_sum = _chain(self._prev_sum(game_id, seq), seq, text)
            db.execute("INSERT INTO events (game_id, seq, event, at, sum) VALUES (?, ?, ?, ?, ?)",
                       (game_id, seq, text, now, row_sum))
            db.execute("UPDATE games SET head = ? WHERE id = ?", (row_sum, game_id))
            if finished:
                db.execute("UPDATE games SET finished = ? WHERE id = ?", (now, game_id))
                if outcome is not None:
                    self._put_outcome(db, game_id, outcome, now)
        self._write(game_id, body)

    def record_outcome(self, game_id: int, outcome: Outcome) -> None:
        """Record the results of a game already finished without them (by an older program,
        or before results were kept), replacing any there are. Raises ``KeyError`` if the game
        is not finished; else as :meth:`append`."""
        def body(db: sqlite3.Connection) -> None:
            row = db.execute("SELECT finished FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None or row[0] is None or row[0] < 0:
                raise KeyError(game_id)
            self._put_outcome(db, game_id, outcome, row[0])
        self._write(game_id, body)

    @staticmethod
    def _put_outcome(db: sqlite3.Connection, game_id: int, outcome: Outcome, end: float) -> None:
        game, created = db.execute("SELECT game, created FROM games WHERE id = ?", (game_id,)).fetchone()
        times = [t for (t,) in db.execute("SELECT at FROM events WHERE game_id = ? ORDER BY seq", (game_id,))]
        duration = active_minutes(created, times, end)
        tie = (json.dumps({"text": outcome.tie_break[0], "params": outcome.tie_break[1]}, separators=(",", ":"))
               if outcome.tie_break else None)
        options = json.dumps(outcome.options, separators=(",", ":"))
        rows = [(r.seat, r.name, r.score, r.rank, r.winner, r.start_player,
                 json.dumps(r.sources, separators=(",", ":"))) for r in outcome.seats]
        db.execute("DELETE FROM results WHERE game_id = ?", (game_id,))
        text = outcome_text(game, created, end, duration, tie, options, rows)
        db.execute("INSERT OR REPLACE INTO outcomes (game_id, game, started, finished, duration_min, tie_break, "
                   "options, sum) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                   (game_id, game, created, end, duration, tie, options, outcome_sum(game_id, text)))
        db.executemany("INSERT INTO results (game_id, seat, name, player_id, score, rank, winner, start_player, "
                       "sources) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       [(game_id, seat, name, r.player_id, score, rank, int(win), int(start), src)
                        for r, (seat, name, score, rank, win, start, src) in zip(outcome.seats, rows)])

    def _prev_sum(self, game_id: int, seq: int) -> str:
        """The checksum row ``seq`` chains from: row ``seq - 1``'s, or the game's for the first."""
        if seq <= 1:
            row = self._db.execute("SELECT sum FROM games WHERE id = ?", (game_id,)).fetchone()
        else:
            row = self._db.execute("SELECT sum FROM events WHERE game_id = ? AND seq = ?",
                                   (game_id, seq - 1)).fetchone()
        return (row[0] or "") if row else ""

    def truncate(self, game_id: int, keep: int) -> None:
        """Forget the events after the first ``keep`` (undo), in one transaction."""
        def body(db: sqlite3.Connection) -> None:
            db.execute("DELETE FROM events WHERE game_id = ? AND seq > ?", (game_id, keep))
            # a game no longer over has no results (the trigger does it too, for older programs)
            db.execute("DELETE FROM results WHERE game_id = ?", (game_id,))
            db.execute("DELETE FROM outcomes WHERE game_id = ?", (game_id,))
            db.execute("UPDATE games SET finished = NULL, head = ? WHERE id = ?",
                       (self._prev_sum(game_id, keep + 1) or None, game_id))
        self._write(game_id, body)

    def abandon(self, game_id: int) -> None:
        """Mark an unfinished game as set aside so start-up no longer resumes it."""
        def body(db: sqlite3.Connection) -> None:
            db.execute("UPDATE games SET finished = -1 WHERE id = ?", (game_id,))
        self._write(game_id, body)

    @contextmanager
    def writing(self) -> Iterator[sqlite3.Connection]:
        """One transaction for a change that belongs to no game (the players): all of it is
        on disk when the block ends, or none of it. SQLite errors become
        :class:`JournalError` (damaged, or unavailable: a full disk, ...); a file deleted or
        replaced raises :class:`JournalGone` before anything is written. Other exceptions
        raised in the block roll it back and pass through."""
        self._check_alive()
        db = self._db
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
                db.execute("COMMIT")
            except BaseException:
                self._rollback()
                raise
        except sqlite3.Error as exc:
            if is_damage(exc):
                raise JournalDamaged(str(exc)) from exc
            raise unavailable(self.path, exc) from exc

    # -------------------------------------------------------------- reading

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        """The connection for reads: SQLite errors while reading become :class:`JournalError`
        (damaged, or unavailable)."""
        try:
            yield self._db
        except sqlite3.Error as exc:
            if is_damage(exc):
                raise JournalDamaged(str(exc)) from exc
            raise unavailable(self.path, exc) from exc

    _reading = reading

    def load(self, game_id: int) -> GameRecord:
        """A game with its events in order, its checksums verified and its strings cleaned
        (:func:`clean`). Raises ``KeyError`` if there is no such game, :class:`JournalDamaged`
        if its record is damaged."""
        with self._reading() as db:
            return _load(db, game_id)

    def unfinished(self) -> int | None:
        """The newest game that is neither finished nor abandoned."""
        with self._reading() as db:
            row = db.execute("SELECT id FROM games WHERE finished IS NULL ORDER BY id DESC LIMIT 1").fetchone()
        return row[0] if row else None

    def set_aside(self) -> list[tuple[int, str, float, int]]:
        """``(id, game, created, events)`` of the games set aside (``finished < 0``: abandoned,
        or a record that could not be rebuilt), newest first: found through the
        ``games_finished`` index, events counted for those rows only (the history screen's
        tab: its cost follows the games set aside, not the whole history)."""
        with self._reading() as db:
            rows = db.execute(
                "SELECT g.id, g.game, g.created, (SELECT COUNT(*) FROM events e WHERE e.game_id = g.id) "
                "FROM games g INDEXED BY games_finished WHERE g.finished < 0 ORDER BY g.id DESC").fetchall()
        return [(gid, clean(game), created, n) for gid, game, created, n in rows]

    def games(self) -> list[tuple[int, str, float, float | None, int]]:
        """``(id, game, created, finished, events)`` for every game, newest first (every row and
        every game's events counted: for tools and tests; the screens use :meth:`set_aside`
        and :meth:`~firmware_host.history.History.unfinished`)."""
        with self._reading() as db:
            rows = db.execute(
                "SELECT g.id, g.game, g.created, g.finished, "
                "(SELECT COUNT(*) FROM events e WHERE e.game_id = g.id) "
                "FROM games g ORDER BY g.id DESC").fetchall()
        return [(gid, clean(game), created, finished, n) for gid, game, created, finished, n in rows]

    def close(self) -> None:
        self._close_quietly()
