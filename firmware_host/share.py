"""The results where players keep their plays: a BG Stats push link (a QR code on the final
screen), and exports of every finished game as BG Stats plays, CSV or JSON, to a file or to a
USB stick with a backup of the journal.

BG Stats takes a play as url-encoded JSON on ``https://app.bgstatsapp.com/createPlay.html?data=``:
the phone that scans the code opens its import dialog (the game matched by its BGG id, the
players by name, remembered by ``sourcePlayerId``); nothing goes over a network from the box.
The fields used, as few as the import needs so that the code stays small enough to scan
from the screen: ``sourceName`` (required), ``sourcePlayId``, ``playDate`` (the start, in the
box's local time, ``YYYY-MM-DD HH:MM:SS``: the form and zone BG Stats keeps its own dates in
and reads back; a UTC time would put an evening game on the wrong day), ``durationMin``,
``game`` (``name``, and ``bggId``, or ``sourceGameId`` for a game without one; ``noPoints``
for a game without points) and per player ``name`` (BG Stats matches players by name),
``score`` (left out for a game without points), ``winner`` (always given: BG Stats' Android
app wants it), ``rank``, ``startPlayer`` (only when true). The files exported (:func:`export`) add ``sourcePlayerId``.

The ``bgstats`` export is a JSON list of such plays, one per finished game, oldest first: not
a file BG Stats opens by itself (its own backup format is a database of players, games and
locations), but each item is the ``data`` of a ``createPlay`` link, for a script that sends
the plays to a phone one link at a time, or a player who imports a few by hand; the QR code
on the final screen is the everyday way. ``sourcePlayId`` lets BG Stats see a play it already
has. The CSV export is written UTF-8 with a byte-order mark (``utf-8-sig``), so that a
spreadsheet shows names in any script; its times are local too.
"""

from __future__ import annotations

import csv
import errno
import io
import json
import os
import sqlite3
import time
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any, Literal
from urllib.parse import quote

from .backup import BackupError, backup
from .engine.core import N_
from .games import GAMES, plugin
from .history import History, Played, SeatResult
from .journal import Notice

# BoardGameGeek ids by journal name, from the plugins (a game without one is matched by its title)
BGG_IDS: dict[str, int] = {name: g.bgg_id for name, g in GAMES.items() if g.bgg_id is not None}
SOURCE_NAME = "Table Companion"
CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html?data="
# characters a URL's query may hold as they are (RFC 3986 pchar); "&", "=", "+", "#", "%" and
# the JSON's quotes and brackets are escaped
_QUERY_SAFE = ":@!$'()*,;/?"

Format = Literal["bgstats", "csv", "json"]
JSON_FORMAT = "table-companion-history"
JSON_VERSION = 1


class ShareError(ValueError):
    """An export that did not complete; :attr:`notice` says why in one line (an ``N_``
    template and its parameters). Files already written stay; none is left half-written."""

    def __init__(self, message: str, advice: str = "", **params: Any) -> None:
        self.notice = Notice(message, params, advice)
        super().__init__(self.notice.text())


def _local(t: float) -> str:
    """Epoch seconds as the box's local time, ``YYYY-MM-DD HH:MM:SS`` (what the screens show)."""
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(t))


def _player_id(seat: SeatResult) -> str:
    return f"p{seat.player_id}" if seat.player_id is not None else seat.name


def _scored(game: str) -> bool:
    try:
        return plugin(game).scored
    except KeyError:
        return True


def _title(game: str) -> str:
    """The game's English title (its ``N_`` msgid), the name BG Stats knows it by."""
    try:
        return plugin(game).title
    except KeyError:
        return game


def bgstats_play(played: Played) -> dict[str, Any]:
    """``played`` as a BG Stats play (the ``createPlay`` JSON; fields in the module doc)."""
    scored = _scored(played.game)
    game: dict[str, Any] = {"name": _title(played.game)}
    if played.game in BGG_IDS:
        game["bggId"] = BGG_IDS[played.game]
    else:
        game["sourceGameId"] = played.game      # what BG Stats remembers its match by
    if not scored:
        game["noPoints"] = True
    players = []
    for s in played.seats:
        p: dict[str, Any] = {"name": s.name}
        if scored:
            p["score"] = s.score
        p["winner"] = s.winner
        p["rank"] = s.rank
        if s.start_player:
            p["startPlayer"] = True
        players.append(p)
    return {"sourceName": SOURCE_NAME, "sourcePlayId": f"tc-{played.game_id}-{int(played.finished)}",
            "playDate": _local(played.started), "durationMin": played.duration_min, "game": game,
            "players": players}


def bgstats_url(played: Played) -> str:
    """The BG Stats push link of ``played``: compact JSON, url-encoded (a 5-player Concordia
    game: 691 characters with short names, QR version 21 at error correction M; 857 with five
    16-letter names, version 23: docs/history.md)."""
    text = json.dumps(bgstats_play(played), separators=(",", ":"), ensure_ascii=False)
    return CREATE_PLAY + quote(text, safe=_QUERY_SAFE)


# ---------------------------------------------------------------------- exports

CSV_COLUMNS = ("game_id", "game", "started", "finished", "duration_min", "seat", "name", "player_id", "score",
               "rank", "winner", "start_player", "sources", "options", "tie_break")


def _played_json(p: Played) -> dict[str, Any]:
    doc = asdict(p)
    doc["tie_break_template"] = list(p.tie_break_template) if p.tie_break_template else None
    return doc


def played_from_json(doc: dict[str, Any]) -> Played:
    """A :class:`Played` from its JSON export (one item of ``"games"``). Raises
    ``ValueError`` (one line) for an item that is not one."""
    try:
        template = doc.get("tie_break_template")
        return Played(int(doc["game_id"]), str(doc["game"]), float(doc["started"]), float(doc["finished"]),
                      int(doc["duration_min"]),
                      tuple(SeatResult(int(s["seat"]), str(s["name"]),
                                       None if s["player_id"] is None else int(s["player_id"]), int(s["score"]),
                                       int(s["rank"]), bool(s["winner"]), bool(s["start_player"]),
                                       {str(k): int(v) for k, v in s["sources"].items()})
                            for s in doc["seats"]),
                      dict(doc["options"]), doc["tie_break"],
                      (str(template[0]), dict(template[1])) if template else None)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise ValueError(f"not a played game: {exc!r}") from None


def read_json(text: str) -> list[Played]:
    """The games of a JSON export (:func:`export` with ``"json"``). Raises ``ValueError``
    (one line) for text that is not one."""
    try:
        doc = json.loads(text)
    except ValueError as exc:
        raise ValueError(f"not JSON: {exc}") from None
    if not isinstance(doc, dict) or doc.get("format") != JSON_FORMAT:
        raise ValueError(f"not a {JSON_FORMAT} export")
    if doc.get("version") != JSON_VERSION:
        raise ValueError(f"export version {doc.get('version')!r}; this program reads {JSON_VERSION}")
    return [played_from_json(g) for g in doc.get("games", [])]


def _render(games: list[Played], fmt: Format) -> str:
    if fmt == "json":
        return json.dumps({"format": JSON_FORMAT, "version": JSON_VERSION, "games": [_played_json(p) for p in games]},
                          ensure_ascii=False, indent=1) + "\n"
    if fmt == "bgstats":
        plays = []
        for p in games:
            play = bgstats_play(p)
            for player, seat in zip(play["players"], p.seats):
                player["sourcePlayerId"] = _player_id(seat)
            plays.append(play)
        return json.dumps(plays, ensure_ascii=False, indent=1) + "\n"
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for p in games:
        for s in p.seats:
            writer.writerow([p.game_id, p.game, _local(p.started), _local(p.finished), p.duration_min, s.seat + 1,
                             s.name, "" if s.player_id is None else s.player_id, s.score, s.rank, int(s.winner),
                             int(s.start_player), json.dumps(s.sources, ensure_ascii=False),
                             json.dumps(p.options, ensure_ascii=False), p.tie_break or ""])
    return out.getvalue()


def export(history: History, fmt: Format, since: float | None = None) -> str:
    """Every finished game (ended at or after ``since``, epoch seconds), oldest first, as
    ``"bgstats"`` (a JSON list of BG Stats plays), ``"csv"`` (a row per seat, seats numbered
    from 1, local times; a file of it is written in :func:`encoding`, ``utf-8-sig``) or
    ``"json"`` (everything, read back by :func:`read_json`). Nothing is written to the
    journal: a game finished without results is replayed in memory
    (:meth:`~firmware_host.history.History.missing`). Raises ``ValueError`` for another
    format, :class:`~firmware_host.journal.JournalError` if the journal cannot be read."""
    if fmt not in ("bgstats", "csv", "json"):
        raise ValueError(f"format {fmt!r}: one of bgstats, csv, json")
    # nothing is written: games finished without results (an older program's) are replayed
    # in memory, so a file opened read only exports whole
    games = [*history.finished(since=since), *history.missing(since=since)]
    return _render(sorted(games, key=lambda p: (p.finished, p.game_id)), fmt)


def _share_error(path: Path, exc: BaseException) -> ShareError:
    """What to tell the players when writing ``path`` (on the stick) failed."""
    err = exc.errno if isinstance(exc, OSError) else None
    name = getattr(exc, "sqlite_errorname", "") or ""
    if err in (errno.ENOSPC, errno.EDQUOT) or name == "SQLITE_FULL":
        return ShareError(N_("The USB stick is full: {name} was not written."),
                          N_("Free some space on it, or use another stick."), name=path.name)
    if err in (errno.EROFS, errno.EACCES, errno.EPERM) or name.startswith(("SQLITE_READONLY", "SQLITE_PERM")):
        return ShareError(N_("The USB stick cannot be written (read-only): {name} was not written."),
                          N_("Slide its lock switch off, or use another stick."), name=path.name)
    return ShareError(N_("The USB stick went away while {name} was written."),
                      N_("Plug it in again and export again."), name=path.name)


def encoding(fmt: Format) -> str:
    """The encoding a file of ``fmt`` is written in: UTF-8, with a byte-order mark for CSV
    (without one, a spreadsheet takes the file for the local code page and garbles every
    name outside ASCII)."""
    return "utf-8-sig" if fmt == "csv" else "utf-8"


def _write_file(path: Path, text: str, fmt: Format) -> None:
    part = path.with_name(path.name + ".part")
    try:
        with open(part, "w", encoding=encoding(fmt), newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(part, path)
    except OSError:
        try:
            part.unlink(missing_ok=True)
        except OSError:
            pass
        raise


def export_to(folder: Path, history: History, journal_path: Path,
              progress: Callable[[int, int], None]) -> list[Path]:
    """Export everything to ``folder`` (a USB stick's mount point): ``history-<stamp>.csv``,
    ``.json``, ``bgstats-<stamp>.json`` and a backup of the journal (``<journal
    name>-<stamp>.db``, the online backup API, checked). ``progress(done, total)`` goes from
    0 to ``total`` (one step per export file, then the backup's pages). Returns the files
    written. Raises :class:`ShareError` (one line) for a target that is full, read-only or
    went away; files already complete stay."""
    folder = Path(folder)
    if not folder.is_dir():
        raise ShareError(N_("No USB stick at {path}."), N_("Plug one in, wait a moment, then try again."),
                         path=str(folder))
    stamp = time.strftime("%Y%m%d-%H%M%S")
    texts = []
    try:
        history.complete()
        games = list(reversed(history.finished()))
    except (sqlite3.Error, ValueError) as exc:       # JournalError is a ValueError
        raise ShareError(N_("The saved games cannot be read now: {error}"), error=str(exc)) from exc
    for fmt, name in (("csv", f"history-{stamp}.csv"), ("json", f"history-{stamp}.json"),
                      ("bgstats", f"bgstats-{stamp}.json")):
        texts.append((folder / name, fmt, _render(games, fmt)))   # type: ignore[arg-type]  # the three formats
    steps = len(texts)
    try:        # the backup copies every page: the bar's total is known before it starts
        pages = int(history.journal.db.execute("PRAGMA page_count").fetchone()[0])
    except sqlite3.Error as exc:
        raise ShareError(N_("The saved games cannot be read now: {error}"), error=str(exc)) from exc
    written: list[Path] = []
    progress(0, steps + pages)
    for done, (path, fmt, text) in enumerate(texts, 1):
        try:
            _write_file(path, text, fmt)   # type: ignore[arg-type]  # the three formats
        except OSError as exc:
            raise _share_error(path, exc) from exc
        written.append(path)
        progress(done, steps + pages)
    dest = folder / f"{journal_path.stem}-{stamp}.db"
    try:
        backup(history.journal, dest, lambda done, total: progress(steps + min(done, pages), steps + pages))
    except BackupError as exc:
        cause = exc.__cause__
        if isinstance(cause, (OSError, sqlite3.Error)) or not folder.is_dir():
            raise _share_error(dest, cause if cause is not None else OSError(errno.ENODEV, "gone")) from exc
        raise ShareError(exc.notice.message, exc.notice.advice, **exc.notice.params) from exc
    written.append(dest)
    return written
