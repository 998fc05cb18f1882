"""Load games from a journal file or an exported JSON game, and summarise them
(``table-companion replay``).

Everything read is checked at this boundary and refused with :class:`ReplayFileError`, one
line that starts with the file's name: the export's shape (msgspec, through
:func:`~firmware_host.schema.convert`), the game's name, its setup and every event
(their field types, :class:`~firmware_host.engine.core.EventCodec`), and every move against
the rules. A journal is opened **read-only** (SQLite URI ``immutable=1``, or ``mode=ro``
while a write-ahead log beside it still holds moves): a damaged or foreign database is
reported, never repaired, converted to WAL or given tables.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Annotated, Any

from msgspec import Meta, Struct

from .engine.core import ReplayError
from .games import GAMES
from .journal import SCHEMA_VERSION
from .schema import InputError, convert, show
from .session import Session

MAX_BYTES = 64 * 1024 * 1024
"""The largest file read (a long exported game is about 60 kB)."""

_SQLITE_MAGIC = b"SQLite format 3\0"
# What a setup's board data or a rule may raise on data this program did not write.
_DAMAGE = (KeyError, TypeError, ValueError, IndexError, AttributeError, ZeroDivisionError, RecursionError)


class ReplayFileError(ValueError):
    """The file cannot be replayed; ``str()`` is one line starting with the file's name."""


class Export(Struct, forbid_unknown_fields=True):
    """An exported game (:meth:`Session.export`)."""

    game: Annotated[str, Meta(description="the name of a game: " + ", ".join(GAMES))]
    setup: dict[str, Any]
    events: Annotated[list[Any], Meta(description="a list of moves")]     # each checked by the game's codec


def load_games(path: Path, game_id: int | None = None) -> list[Session]:
    """Sessions (not journaled further) for the games in ``path``: an export (``.json``) or a
    journal (anything else). Raises :class:`ReplayFileError`."""
    if path.suffix == ".json":
        return [_load_export(path)]
    return _load_journal(path, game_id)


def _regular_file(path: Path) -> int:
    """The file's size; refuses a missing file, a directory, a device or a huge file."""
    try:
        st = path.stat()
    except FileNotFoundError:
        raise ReplayFileError(f"{path}: no such file") from None
    except (OSError, ValueError) as exc:
        raise ReplayFileError(f"{path}: cannot be read: {getattr(exc, 'strerror', None) or exc}") from None
    if not path.is_file():
        raise ReplayFileError(f"{path}: not a regular file")
    if st.st_size > MAX_BYTES:
        raise ReplayFileError(f"{path}: {st.st_size} bytes is too large for a game (at most {MAX_BYTES})")
    return st.st_size


def read_json(path: Path) -> Any:
    """The JSON document in ``path``. Raises :class:`ReplayFileError` (one line)."""
    _regular_file(path)
    try:
        return json.loads(path.read_bytes().decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise ReplayFileError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise ReplayFileError(f"{path}: not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise ReplayFileError(f"{path}: not JSON this program reads: nested too deeply") from None
    except ValueError:                          # an integer of thousands of digits
        raise ReplayFileError(f"{path}: not JSON this program reads: a number has too many digits") from None
    except OSError as exc:
        raise ReplayFileError(f"{path}: cannot be read: {exc.strerror or exc}") from None


def _session(where: str, game: str, setup_json: Any, events: list[Any], game_id: int | None = None) -> Session:
    """A session replaying ``events`` on ``setup_json``; every refusal is one line."""
    kind = GAMES.get(game) if isinstance(game, str) else None
    if kind is None:
        raise ReplayFileError(f"{where}: game = {show(game)}: must be one of {', '.join(GAMES)}")
    try:
        setup = kind.setup_type.from_json(setup_json)
    except ValueError as exc:
        raise ReplayFileError(f"{where}: {exc}") from None
    try:
        rules = kind.rules(setup)
    except ValueError as exc:           # the rules refuse the setup (players, colours, options)
        raise ReplayFileError(f"{where}: setup: {_text(exc)}") from None
    except _DAMAGE as exc:              # board data this program cannot read
        raise ReplayFileError(f"{where}: setup.board does not fit this program ({exc!r})") from None
    for i, event in enumerate(events):
        try:
            rules.codec.decode(event)
        except ValueError as exc:
            raise ReplayFileError(f"{where}: event {i + 1}: {exc}") from None
    try:
        session = Session(game, setup, events=events)
    except ReplayError as exc:
        raise ReplayFileError(f"{where}: {_text(exc)}") from None
    except _DAMAGE as exc:
        raise ReplayFileError(f"{where}: the game cannot be replayed: {_text(exc)}") from None
    session.game_id = game_id
    return session


def _text(exc: BaseException) -> str:
    """An exception as one line (its message, else its type and arguments)."""
    text = str(exc) if type(exc) in (ValueError, ReplayError) and str(exc) else repr(exc)
    return " ".join(text.split())


def _load_export(path: Path) -> Session:
    doc = read_json(path)
    try:
        export = convert(doc, Export, str(path))
    except InputError as exc:
        raise ReplayFileError(str(exc)) from None
    return _session(str(path), export.game, export.setup, export.events)


# --------------------------------------------------------------------------- journals

def _open_read_only(path: Path) -> sqlite3.Connection:
    """``path`` opened so that nothing is ever written to it: ``immutable=1`` (no locks, no
    journal files), or ``mode=ro`` while a ``-wal`` beside it holds moves not yet in the file."""
    size = _regular_file(path)
    try:
        with path.open("rb") as f:
            magic = f.read(16)
    except OSError as exc:
        raise ReplayFileError(f"{path}: cannot be read: {exc.strerror or exc}") from None
    if size < 100 or magic != _SQLITE_MAGIC:
        raise ReplayFileError(f"{path}: not a table companion journal (not an SQLite database)")
    live = Path(f"{path}-wal").exists()
    uri = path.resolve().as_uri() + ("?mode=ro" if live else "?immutable=1")
    try:
        return sqlite3.connect(uri, uri=True, isolation_level=None)
    except sqlite3.Error as exc:
        raise ReplayFileError(f"{path}: cannot be opened read-only: {exc}") from None


def _records(db: sqlite3.Connection, path: Path, game_id: int | None) -> list[tuple[int, Any, str, list[str]]]:
    """``(id, game, setup text, [event text])`` of the chosen games, oldest first."""
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    missing = {"meta", "games", "events"} - tables
    if missing:
        raise ReplayFileError(f"{path}: not a table companion journal (no {', '.join(sorted(missing))} table)")
    check = db.execute("PRAGMA quick_check").fetchone()[0]
    if check != "ok":
        raise ReplayFileError(f"{path}: the journal is damaged (quick_check: {' '.join(str(check).split())})")
    row = db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    try:
        version = int(row[0]) if row else SCHEMA_VERSION
    except (TypeError, ValueError):
        raise ReplayFileError(f"{path}: schema_version = {show(row[0])}: must be an integer") from None
    if version > SCHEMA_VERSION:
        raise ReplayFileError(f"{path}: journal schema {version} is newer than this program ({SCHEMA_VERSION})")
    if game_id is None:
        games = db.execute("SELECT id, game, setup FROM games ORDER BY id").fetchall()
    else:
        games = db.execute("SELECT id, game, setup FROM games WHERE id = ?", (game_id,)).fetchall()
        if not games:
            raise ReplayFileError(f"{path}: no game {game_id} in this journal")
    out = []
    for gid, game, setup in games:
        events = [e for (e,) in db.execute("SELECT event FROM events WHERE game_id = ? ORDER BY seq", (gid,))]
        out.append((gid, game, setup, events))
    return out


def _parse(where: str, text: Any) -> Any:
    if not isinstance(text, str):
        raise ReplayFileError(f"{where} = {show(text)}: must be JSON text")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReplayFileError(f"{where}: not JSON: {exc.msg} (column {exc.colno})") from None
    except RecursionError:
        raise ReplayFileError(f"{where}: not JSON this program reads: nested too deeply") from None
    except ValueError:                  # an integer of thousands of digits
        raise ReplayFileError(f"{where}: not JSON this program reads: a number has too many digits") from None


def _load_journal(path: Path, game_id: int | None) -> list[Session]:
    db = _open_read_only(path)
    try:
        records = _records(db, path, game_id)
    except sqlite3.Error as exc:
        raise ReplayFileError(f"{path}: cannot be read as a journal ({' '.join(str(exc).split())})") from None
    finally:
        db.close()
    out = []
    for gid, game, setup, events in records:
        where = f"{path}: game {gid}"
        hint = "" if game_id is not None else " (--game-id replays one game)"
        try:
            setup_json = _parse(f"{where}: setup", setup)
            moves = [_parse(f"{where}: event {i + 1}", e) for i, e in enumerate(events)]
            out.append(_session(where, game, setup_json, moves, gid))
        except ReplayFileError as exc:
            raise ReplayFileError(f"{exc}{hint}") from None
    return out


def summary(session: Session) -> dict[str, Any]:
    """``{"game", "id", "events", "over", "players": [{"name", "vp"}], "state": ..., "final": ...}``."""
    state = session.state
    to_json = getattr(session.rules, "state_to_json", None)
    return {
        "game": session.name,
        "id": session.game_id,
        "events": len(session.game.events),
        "over": bool(getattr(state, "over", False)),
        "players": session.rules.scores(state),
        "state": to_json(state) if to_json else None,
    }
