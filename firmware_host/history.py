"""The games played: finished games with their results, unfinished ones, and statistics.

Everything here is read by SQL from the journal (``games``, ``outcomes``, ``results``,
``players``): no second store that could drift from it. A finished game's results are written
by the session in the same transaction as the move that ends it (:func:`outcome_of`); a game
finished without them (by an older companion, or before results were kept) gets them from
:meth:`History.complete`, which replays it.

Times are seconds since the epoch (``time.time()``); durations are whole minutes of play, a
gap of more than :data:`~firmware_host.journal.PAUSE_S` between two moves left out.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .engine.core import Game
from .games import plugin, rules_for
from .journal import (
    GameRecord,
    Journal,
    JournalDamaged,
    JournalError,
    JournalUnavailable,
    Outcome,
    SeatRow,
    active_minutes,
    clean,
    outcome_sum,
    outcome_text,
)
from .players import Players

log = logging.getLogger(__name__)

#: journal path -> ids of finished games that did not replay (logged once): not tried again on
#: every opening of the history while the program runs
_UNREPLAYABLE: dict[Path, set[int]] = {}


#: a seat's result as History reads it: the row the journal keeps (one shape for both)
SeatResult = SeatRow


@dataclass(frozen=True)
class Played:
    """A finished game: ``game_id``, ``game`` (journal name), ``started`` and ``finished``
    (epoch seconds), ``duration_min`` (minutes of play), ``seats`` in seat order, ``options``
    (map, edition, variants: the plugin's ``results`` says which), ``tie_break``: how a tie
    for first was broken, in English (``None``: no tie); :meth:`tie_break_text` translates it."""

    game_id: int
    game: str
    started: float
    finished: float
    duration_min: int
    seats: tuple[SeatResult, ...]
    options: dict[str, Any]
    tie_break: str | None
    tie_break_template: tuple[str, dict[str, Any]] | None = None

    def tie_break_text(self, gettext: Callable[[str], str] = str) -> str | None:
        """The tie-break in the language of ``gettext`` (``None``: no tie)."""
        if self.tie_break_template is None:
            return self.tie_break
        template, params = self.tie_break_template
        return gettext(template).format(**params)

    @property
    def winners(self) -> tuple[SeatResult, ...]:
        """The winning seats (none when nobody won)."""
        return tuple(s for s in self.seats if s.winner)


@dataclass(frozen=True)
class Unfinished:
    """A game neither finished nor abandoned (it can be resumed): ``game_id``, ``game``,
    ``started`` (epoch seconds), ``moves`` made, ``names`` of the players in seat order."""

    game_id: int
    game: str
    started: float
    moves: int
    names: tuple[str, ...]


@dataclass(frozen=True)
class PlayerStats:
    """One profile's record over the finished games it played (of one game or all):
    ``plays``, ``wins``, ``win_rate`` (wins / plays, 0..1), ``average`` and ``best`` score
    (``None`` over all games, whose points do not add up, and for a game without points:
    the plugin's ``scored`` is false), ``longest_win_streak`` (most wins in a row),
    ``current_streak`` (wins in a row up to its newest game; 0 if that was not a win)."""

    player_id: int
    name: str
    plays: int
    wins: int
    win_rate: float
    average: float | None
    best: int | None
    longest_win_streak: int
    current_streak: int


# ---------------------------------------------------------------------- writing results

def outcome_of(journal: Journal | None, game: str, rules: Any, state: Any) -> Outcome | None:
    """The results of a finished game (``state.over``) for the journal: the plugin's
    ``results`` hook, each seat linked to the profile of its name if there is one
    (:meth:`Players.by_name`; no profile is made here: the seat's default name, "Red" or
    "Player 1", must not become a player that every unnamed game counts for. The set-up
    screen's picker makes the profile when a player is picked or typed). ``None`` if the
    hook fails (logged: the game still ends, :meth:`History.complete` tries again)."""
    try:
        res = plugin(game).results(rules, state)
    except Exception:  # noqa: BLE001 - a fault in a results hook must not stop the game from ending
        log.exception("no results for a finished %s game", game)
        return None
    seats = []
    linked: set[int] = set()
    for s in res.seats:
        player_id = None
        if journal is not None:
            try:
                profile = Players(journal).by_name(s.name)
            except JournalError as exc:
                log.info("seat %s (%r) not linked to a player: %s", s.seat, s.name, exc)
            else:       # two seats of one name: the first is the profile's (a player sits once)
                player_id = profile.id if profile is not None and profile.id not in linked else None
                if player_id is not None:
                    linked.add(player_id)
        seats.append(SeatRow(s.seat, s.name, player_id, s.score, s.rank, s.winner, s.seat == res.start_seat,
                             dict(s.sources)))
    return Outcome(tuple(seats), res.tie_break, dict(res.options))


# ---------------------------------------------------------------------- reading

# an outcome holds its game's name and times (journal.py says why): no games row is read here
_PLAYED = "SELECT game_id, game, started, finished, duration_min, tie_break, options, sum FROM outcomes "
_SEATS = ("SELECT game_id, seat, name, player_id, score, rank, winner, start_player, sources FROM results "
          "WHERE game_id IN ({}) ORDER BY game_id, seat")
_GAME = "(:game IS NULL OR o.game = :game)"
# the statistics read only results that verify (History._failing: a JSON list of the others)
_SOUND = "o.game_id NOT IN (SELECT value FROM json_each(:bad))"


def _ordered(game: str, values: dict[str, Any]) -> dict[str, Any]:
    """``values`` in the order of the game's ``sources`` (others after, as they came)."""
    try:
        keys = [k for k, _label in plugin(game).sources]
    except KeyError:
        keys = []
    return {**{k: values[k] for k in keys if k in values}, **{k: v for k, v in values.items() if k not in keys}}


def _scored(game: str) -> bool:
    """Whether ``game``'s scores are points (an unknown game's are taken to be)."""
    try:
        return bool(plugin(game).scored)
    except KeyError:
        return True


class History:
    """The finished and unfinished games of a journal and its statistics. Every method reads
    through the journal's connection: it raises :class:`~firmware_host.journal.JournalError`
    (damaged, or unavailable now) instead of ``sqlite3`` errors."""

    def __init__(self, journal: Journal) -> None:
        self.journal = journal
        self._bad: tuple[tuple[int, int], str] | None = None

    def _failing(self, db: Any) -> str:
        """The ids of the finished games whose results fail their checksum or do not parse, as
        a JSON list (the statistics leave them out, as :meth:`finished` does: the two never
        disagree). Computed again only after the file changed (``PRAGMA data_version`` for
        other connections' commits, ``total_changes`` for this one's)."""
        key = (int(db.execute("PRAGMA data_version").fetchone()[0]), db.total_changes)
        if self._bad is None or self._bad[0] != key:
            # the checksum alone (the sources' JSON is under it: text that fails to parse
            # fails it too); no Played built: 3,000 games in about 40 ms on an x86 machine
            seats: dict[int, list[tuple[Any, ...]]] = {}
            for gid, *seat in db.execute("SELECT game_id, seat, name, score, rank, winner, start_player, sources "
                                         "FROM results ORDER BY game_id, seat"):
                seats.setdefault(gid, []).append(tuple(seat))
            bad = [gid for gid, game, started, finished, duration, tie, options, row_sum
                   in db.execute("SELECT game_id, game, started, finished, duration_min, tie_break, options, sum "
                                 "FROM outcomes")
                   if row_sum != outcome_sum(gid, outcome_text(game, started, finished, duration, tie, options,
                                                               seats.get(gid, [])))]
            if bad:
                log.error("games %s left out of the statistics: their results fail their checksum", bad)
            self._bad = (key, json.dumps(bad))
        return self._bad[1]

    # ---------------------------------------------------------------- games

    def finished(self, since: float | None = None, game: str | None = None, limit: int | None = None,
                 offset: int = 0) -> list[Played]:
        """Finished games with their results, newest first: those that ended at or after
        ``since`` (epoch seconds), of ``game`` only, at most ``limit`` of them after skipping
        ``offset`` (a page of the history screen: its cost does not grow with the history).
        A game whose results fail their checksum is left out (logged). A file an older
        program wrote, opened read only (:meth:`Journal.read_only`), may have no results
        table: then none (:meth:`missing` replays them)."""
        if "outcomes" not in self.journal.tables:
            return []
        with self.journal.reading() as db:
            rows = db.execute(_PLAYED + "o WHERE (:since IS NULL OR o.finished >= :since) AND "
                              f"{_GAME} ORDER BY o.finished DESC, o.game_id DESC LIMIT :limit OFFSET :offset",
                              {"since": since, "game": game, "limit": -1 if limit is None else limit,
                               "offset": offset}).fetchall()
            seats = self._seats(db, [r[0] for r in rows])
        out = []
        for row in rows:
            try:
                out.append(self._played(row, seats.get(row[0], [])))
            except JournalDamaged as exc:
                log.error("%s", exc)
        return out

    def played(self, game_id: int) -> Played:
        """One finished game with its results. Raises ``KeyError`` if there is no such
        finished game with results, :class:`~firmware_host.journal.JournalDamaged` if its
        results fail their checksum."""
        with self.journal.reading() as db:
            row = db.execute(_PLAYED + "WHERE game_id = ?", (game_id,)).fetchone()
            if row is None:
                raise KeyError(game_id)
            seats = self._seats(db, [game_id])
        return self._played(row, seats.get(game_id, []))

    @staticmethod
    def _seats(db: Any, ids: list[int]) -> dict[int, list[tuple[Any, ...]]]:
        out: dict[int, list[tuple[Any, ...]]] = {}
        for start in range(0, len(ids), 500):          # SQLite's limit on parameters
            chunk = ids[start:start + 500]
            for row in db.execute(_SEATS.format(",".join("?" * len(chunk))), chunk):
                out.setdefault(row[0], []).append(row[1:])
        return out

    @staticmethod
    def _played(row: tuple[Any, ...], seats: list[tuple[Any, ...]]) -> Played:
        gid, game, created, finished, duration, tie, options, row_sum = row
        text = outcome_text(game, created, finished, duration, tie, options,
                            [(seat, name, score, rank, win, start, src)
                             for seat, name, _pid, score, rank, win, start, src in seats])
        if row_sum != outcome_sum(gid, text):
            raise JournalDamaged("the results of game {game_id} fail their checksum", game_id=gid)
        try:
            tie_doc = json.loads(tie) if tie else None
            template = (tie_doc["text"], dict(tie_doc["params"])) if tie_doc else None
            results = tuple(SeatResult(seat, clean(name), pid, score, rank, bool(win), bool(start),
                                       _ordered(game, json.loads(src)))
                            for seat, name, pid, score, rank, win, start, src in seats)
            return Played(gid, clean(game), created, finished, duration, results, clean(json.loads(options)),
                          template[0].format(**template[1]) if template else None,
                          clean(template) if template else None)
        except (ValueError, TypeError, KeyError) as exc:
            raise JournalDamaged("the results of game {game_id} are not readable: {error}", game_id=gid,
                                 error=str(exc)) from exc

    def unfinished(self) -> list[Unfinished]:
        """Games neither finished nor abandoned, newest first, with their players' names
        (empty if a setup can no longer be read)."""
        with self.journal.reading() as db:
            rows = db.execute("SELECT g.id, g.game, g.created, g.setup, "
                              "(SELECT COUNT(*) FROM events e WHERE e.game_id = g.id) FROM games g "
                              "WHERE g.finished IS NULL ORDER BY g.id DESC").fetchall()
        out = []
        for gid, game, created, setup, moves in rows:
            out.append(Unfinished(gid, clean(game), created, moves, self._names(game, setup)))
        return out

    @staticmethod
    def _names(game: str, setup: str) -> tuple[str, ...]:
        try:
            rules = rules_for(game, json.loads(setup))
            return tuple(clean(str(p["name"])) for p in rules.scores(rules.initial_state()))
        except Exception as exc:  # noqa: BLE001 - an unreadable setup: listed without names, opened to find out
            log.warning("names of an unfinished %s game not read: %s", game, exc)
            return ()

    # ---------------------------------------------------------------- results missing

    def _ids_without_results(self, since: float | None = None) -> list[int]:
        """The ids of the finished games without results (ended at or after ``since``), oldest
        first, less those that did not replay before in this journal's session. Raises
        :class:`~firmware_host.journal.JournalError` if the journal cannot be read."""
        with self.journal.reading() as db:
            if "outcomes" in self.journal.tables:
                ids = [gid for (gid,) in db.execute(
                    "SELECT g.id FROM games g WHERE g.finished > 0 AND (:since IS NULL OR g.finished >= :since) "
                    "AND NOT EXISTS (SELECT 1 FROM outcomes o WHERE o.game_id = g.id) ORDER BY g.id",
                    {"since": since})]
            else:       # an older file, read only: every finished game
                ids = [gid for (gid,) in db.execute(
                    "SELECT id FROM games WHERE finished > 0 AND (:since IS NULL OR finished >= :since) "
                    "ORDER BY id", {"since": since})]
        return [gid for gid in ids if gid not in _UNREPLAYABLE.get(self.journal.path, ())]

    def _replayed(self, gid: int) -> tuple[int, GameRecord, Any, Any] | None:
        """``(id, record, rules, final state)`` of a finished game, replayed; ``None`` (logged,
        and not tried again while this program runs) if it does not replay. Raises
        :class:`~firmware_host.journal.JournalUnavailable` if the journal cannot be read."""
        try:
            record = self.journal.load(gid)
            rules = rules_for(record.game, record.setup)
            game = Game(rules, [rules.codec.decode(e) for e in record.events])
            if not getattr(game.state, "over", False):
                raise ValueError("its moves do not end it")
        except JournalUnavailable:
            raise
        except Exception as exc:  # noqa: BLE001 - any fault of a replay: that game stays without results
            log.error("finished game %s has no results and does not replay: %s", gid, exc)
            _UNREPLAYABLE.setdefault(self.journal.path, set()).add(gid)
            return None
        return gid, record, rules, game.state

    def complete(self, progress: Callable[[int, int], None] | None = None) -> int:
        """Give every finished game without results its results, by replaying it (games an
        older companion finished, or finished before results were kept), one game at a time:
        each is written before the next is replayed, and ``progress(done, total)`` is called
        after each (the screen shows it and feeds the watchdog: hundreds of old games take
        minutes on a Pi). Returns how many were completed; a game that does not replay is left
        as it is (logged, not tried again while the program runs). Raises
        :class:`~firmware_host.journal.JournalError` if the journal cannot be read, or
        written (``sqlite3.Error``, like a move)."""
        ids = self._ids_without_results()
        done = 0
        for k, gid in enumerate(ids, 1):
            replayed = self._replayed(gid)
            if replayed is not None:
                _gid, record, rules, state = replayed
                outcome = outcome_of(self.journal, record.game, rules, state)
                if outcome is not None:
                    self.journal.record_outcome(gid, outcome)
                    done += 1
            if progress is not None:
                progress(k, len(ids))
        return done

    def missing(self, since: float | None = None) -> list[Played]:
        """The finished games without results (ended at or after ``since``), oldest first, with
        results replayed in memory and not written (:meth:`complete` writes them): what an
        export of a file opened read only adds to :meth:`finished`. A game that does not
        replay is left out (logged). Raises :class:`~firmware_host.journal.JournalError`."""
        out = []
        for gid, record, rules, state in filter(None, map(self._replayed, self._ids_without_results(since))):
            outcome = outcome_of(self.journal, record.game, rules, state)
            if outcome is None or record.finished is None:
                continue
            with self.journal.reading() as db:
                times = [t for (t,) in db.execute("SELECT at FROM events WHERE game_id = ? ORDER BY seq", (gid,))]
            template = (outcome.tie_break[0], dict(outcome.tie_break[1])) if outcome.tie_break else None
            out.append(Played(
                gid, record.game, record.created, record.finished,
                active_minutes(record.created, times, record.finished),
                tuple(SeatResult(r.seat, r.name, r.player_id, r.score, r.rank, r.winner, r.start_player,
                                 _ordered(record.game, dict(r.sources))) for r in outcome.seats),
                dict(outcome.options), template[0].format(**template[1]) if template else None, template))
        return out

    # ---------------------------------------------------------------- statistics

    def player_stats(self, game: str | None = None) -> list[PlayerStats]:
        """Each profile's record over its finished games (of ``game``, or all), most plays
        first (then most wins, then by name). Profiles without a finished game are left out;
        so are games whose results fail their checksum (as :meth:`finished` leaves them out)."""
        with self.journal.reading() as db:
            rows = db.execute(f"""
                WITH mine AS (
                    SELECT r.player_id, r.winner, r.score,
                           ROW_NUMBER() OVER (PARTITION BY r.player_id ORDER BY o.finished, o.game_id, r.seat) AS n,
                           ROW_NUMBER() OVER (PARTITION BY r.player_id, r.winner
                                              ORDER BY o.finished, o.game_id, r.seat) AS k
                    FROM results r JOIN outcomes o ON o.game_id = r.game_id
                    WHERE r.player_id IS NOT NULL AND {_GAME} AND {_SOUND}),
                runs AS (                       -- runs of wins: n - k is constant along a run
                    SELECT player_id, COUNT(*) AS len, MAX(n) AS last FROM mine WHERE winner GROUP BY player_id, n - k),
                totals AS (
                    SELECT player_id, COUNT(*) AS plays, SUM(winner) AS wins, AVG(score) AS average,
                           MAX(score) AS best, MAX(n) AS newest FROM mine GROUP BY player_id)
                SELECT t.player_id, p.name, t.plays, t.wins, t.average, t.best,
                       COALESCE((SELECT MAX(len) FROM runs WHERE runs.player_id = t.player_id), 0),
                       COALESCE((SELECT len FROM runs WHERE runs.player_id = t.player_id AND runs.last = t.newest), 0)
                FROM totals t JOIN players p ON p.id = t.player_id
                ORDER BY t.plays DESC, t.wins DESC, p.name_key""", {"game": game, "bad": self._failing(db)}).fetchall()
        points = game is not None and _scored(game)
        return [PlayerStats(pid, clean(name), plays, wins, wins / plays, float(average) if points else None,
                            best if points else None, longest, current)
                for pid, name, plays, wins, average, best, longest, current in rows]

    def sources(self, player_id: int, game: str) -> dict[str, float]:
        """A profile's average score by source over its finished games of ``game`` (a source
        a game did not give counts 0), in the game's order of sources; empty if none."""
        with self.journal.reading() as db:
            params = {"p": player_id, "game": game, "bad": self._failing(db)}
            plays = db.execute("SELECT COUNT(*) FROM results r JOIN outcomes o ON o.game_id = r.game_id "
                               f"WHERE r.player_id = :p AND o.game = :game AND {_SOUND}", params).fetchone()[0]
            rows = db.execute("SELECT j.key, SUM(j.value) FROM results r JOIN outcomes o ON o.game_id = r.game_id, "
                              f"json_each(r.sources) j WHERE r.player_id = :p AND o.game = :game AND {_SOUND} "
                              "GROUP BY j.key", params).fetchall()
        return _ordered(game, {clean(key): total / plays for key, total in rows}) if plays else {}

    def head_to_head(self, a: int, b: int, game: str | None = None) -> tuple[int, int, int]:
        """Over the finished games both profiles played (of ``game``, or all): ``(a ahead, b
        ahead, level)`` by rank (the game's own order after its tie-break, so "level" counts
        only equal ranks)."""
        with self.journal.reading() as db:
            row = db.execute(f"""
                SELECT COALESCE(SUM(ra.rank < rb.rank), 0), COALESCE(SUM(ra.rank > rb.rank), 0),
                       COALESCE(SUM(ra.rank = rb.rank), 0)
                FROM results ra JOIN results rb ON rb.game_id = ra.game_id AND rb.seat != ra.seat
                JOIN outcomes o ON o.game_id = ra.game_id
                WHERE ra.player_id = :a AND rb.player_id = :b AND {_GAME} AND {_SOUND}""",
                             {"a": a, "b": b, "game": game, "bad": self._failing(db)}).fetchone()
        return int(row[0]), int(row[1]), int(row[2])

    def scores_over_time(self, player_id: int, game: str | None = None) -> list[tuple[float, int]]:
        """``(finished, score)`` of each finished game a profile played (of ``game``, or all),
        oldest first: the points of a plot."""
        with self.journal.reading() as db:
            rows = db.execute(f"SELECT o.finished, r.score FROM results r JOIN outcomes o ON o.game_id = r.game_id "
                              f"WHERE r.player_id = :p AND {_GAME} AND {_SOUND} ORDER BY o.finished, o.game_id",
                              {"p": player_id, "game": game, "bad": self._failing(db)}).fetchall()
        return [(finished, score) for finished, score in rows]
