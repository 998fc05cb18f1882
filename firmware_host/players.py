"""The players kept on the box: a name in any script, a colour, an optional personal NFC token.

Profiles live in the journal's ``players`` table (one file to back up, one transaction with
the results that link to them); a finished game's ``results`` rows keep the name each seat
played under and link to a profile by ``player_id``, so renaming a player renames them in
every statistic and deleting one keeps the games (their names, without the link).

Names are compared the way players read them: NFC-normalised (a precomposed "é" and "e" +
combining accent are the same name) and case-folded ("ANNA" is "anna", "Straße" is
"strasse"). A name is 1 to :data:`NAME_MAX` printable characters after stripping: the
on-screen keyboard's limit (``display/keyboard.py``).
"""

from __future__ import annotations

import sqlite3
import time
import unicodedata
from dataclasses import dataclass
from typing import Any

from .engine.core import N_
from .inputs import normalize_uid
from .journal import Journal, Notice, clean

NAME_MAX = 16           # the on-screen keyboard's limit
COLOUR_MAX = 24


@dataclass(frozen=True)
class Player:
    """A profile: ``id``; ``name``; ``colour`` (a colour name as the games use it, ``"red"``,
    or ``"#rrggbb"``; ``None``: none chosen); ``token`` (the personal NFC tag's UID as
    :func:`~firmware_host.inputs.normalize_uid` writes it, ``None``: none); ``last_played``
    (when the newest finished game they played ended, seconds since the epoch; ``None``:
    never); ``games``: finished games played."""

    id: int
    name: str
    colour: str | None
    token: str | None
    last_played: float | None
    games: int


class PlayerError(ValueError):
    """A change to the players refused, nothing changed: :attr:`notice` says why in one line
    (an ``N_`` template and its parameters, like :class:`~firmware_host.journal.JournalError`)."""

    def __init__(self, message: str, **params: Any) -> None:
        self.notice = Notice(message, params)
        super().__init__(self.notice.text())


def normal_name(name: object) -> str:
    """``name`` as it is kept: NFC-normalised and stripped. Raises :class:`PlayerError` unless
    it is text of 1 to :data:`NAME_MAX` printable characters."""
    if not isinstance(name, str):
        raise PlayerError(N_("A name is text of 1 to {max} letters."), max=NAME_MAX)
    text = unicodedata.normalize("NFC", name).strip()
    # the zero-width (non-)joiner is Persian spelling (the half-space of نیم‌فاصله), though
    # Python counts it unprintable; the name must still show something besides them
    shown = text.replace("\u200c", "").replace("\u200d", "")
    if not shown.strip():
        raise PlayerError(N_("A name cannot be empty."))
    if len(text) > NAME_MAX:
        raise PlayerError(N_("\"{name}…\" is too long: a name has at most {max} letters."),
                          name=text[:NAME_MAX], max=NAME_MAX)
    if not shown.isprintable() or any("\ud800" <= ch <= "\udfff" for ch in text):
        raise PlayerError(N_("A name holds only printable letters (no control characters)."))
    return text


def name_key(name: str) -> str:
    """What two names must share to be the same player: NFC, stripped, case-folded (NFC again
    after folding, which can decompose)."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).strip().casefold())


def _colour(colour: object) -> str | None:
    if colour is None:
        return None
    if (not isinstance(colour, str) or not 1 <= len(colour) <= COLOUR_MAX
            or not all(ch.isascii() and (ch.isalnum() or ch in "#_-") for ch in colour)):
        raise PlayerError(N_("A colour is a colour name (red) or #rrggbb, up to {max} characters."), max=COLOUR_MAX)
    return colour.lower()


def _uid(uid: object) -> str:
    try:
        return normalize_uid(uid)       # type: ignore[arg-type]  # refused below if not text
    except ValueError:
        raise PlayerError(N_("That is not an NFC tag's UID.")) from None


_SELECT = ("SELECT p.id, p.name, p.colour, p.token, MAX(o.finished), COUNT(o.game_id) FROM players p "
           "LEFT JOIN results r ON r.player_id = p.id LEFT JOIN outcomes o ON o.game_id = r.game_id ")


class Players:
    """The profiles of one journal. Reads raise :class:`~firmware_host.journal.JournalError`
    (damaged or unavailable), changes also :class:`PlayerError` (refused: nothing changed);
    each change is one transaction, on disk when the call returns."""

    def __init__(self, journal: Journal) -> None:
        self.journal = journal

    # ---------------------------------------------------------------- reading

    def _rows(self, where: str = "", params: tuple[Any, ...] = ()) -> list[Player]:
        if not {"players", "results", "outcomes"} <= self.journal.tables:   # an older file, read only
            return []
        with self.journal.reading() as db:
            rows = db.execute(_SELECT + where + " GROUP BY p.id ORDER BY MAX(o.finished) IS NULL, "
                              "MAX(o.finished) DESC, p.id DESC", params).fetchall()
        return [Player(pid, clean(name), clean(colour), token, last, n) for pid, name, colour, token, last, n in rows]

    def list(self) -> list[Player]:
        """Every profile: the most recently played first, then those never played, newest added first."""
        return self._rows()

    def get(self, player_id: int) -> Player:
        """The profile ``player_id``. Raises ``KeyError`` if there is none."""
        found = self._rows("WHERE p.id = ?", (player_id,))
        if not found:
            raise KeyError(player_id)
        return found[0]

    def by_name(self, name: str) -> Player | None:
        """The profile whose name is ``name`` (case-insensitive, NFC), ``None`` if none is."""
        if not isinstance(name, str):
            return None
        found = self._rows("WHERE p.name_key = ?", (name_key(name),))
        return found[0] if found else None

    def by_token(self, uid: str) -> Player | None:
        """The profile whose personal tag is ``uid`` (any spelling ``normalize_uid`` takes),
        ``None`` if none is or ``uid`` is no UID."""
        try:
            token = normalize_uid(uid)
        except ValueError:
            return None
        found = self._rows("WHERE p.token = ?", (token,))
        return found[0] if found else None

    # ---------------------------------------------------------------- changing

    @staticmethod
    def _free_name(db: sqlite3.Connection, name: str, but: int | None = None) -> None:
        row = db.execute("SELECT id, name FROM players WHERE name_key = ?", (name_key(name),)).fetchone()
        if row is not None and row[0] != but:
            raise PlayerError(N_("There is already a player called {name}."), name=clean(row[1]))

    @staticmethod
    def _free_token(db: sqlite3.Connection, token: str, but: int | None = None) -> None:
        row = db.execute("SELECT id, name FROM players WHERE token = ?", (token,)).fetchone()
        if row is not None and row[0] != but:
            raise PlayerError(N_("That tag is already {name}'s."), name=clean(row[1]))

    @staticmethod
    def _exists(db: sqlite3.Connection, player_id: int) -> None:
        if db.execute("SELECT 1 FROM players WHERE id = ?", (player_id,)).fetchone() is None:
            raise KeyError(player_id)

    def add(self, name: str, colour: str | None = None, token: str | None = None) -> Player:
        """A new profile. Raises :class:`PlayerError` for a name that is not one (see
        :func:`normal_name`) or is taken, a colour or token that is not one, a token in use."""
        text, colour = normal_name(name), _colour(colour)
        uid = _uid(token) if token is not None else None
        with self.journal.writing() as db:
            self._free_name(db, text)
            if uid is not None:
                self._free_token(db, uid)
            cur = db.execute("INSERT INTO players (name, name_key, colour, token, created) VALUES (?, ?, ?, ?, ?)",
                             (text, name_key(text), colour, uid, time.time()))
            player_id = cur.lastrowid
        assert player_id is not None    # set by every successful INSERT
        return self.get(player_id)

    def ensure(self, name: str) -> Player:
        """The profile called ``name``, added if there is none (a new name is added once).
        Raises :class:`PlayerError` for a name that cannot be one."""
        return self.by_name(normal_name(name)) or self.add(name)

    def rename(self, player_id: int, name: str) -> Player:
        """Rename a profile (their finished games keep the name played under, and count for
        them). Raises ``KeyError``, or :class:`PlayerError` for a bad or taken name."""
        text = normal_name(name)
        with self.journal.writing() as db:
            self._exists(db, player_id)
            self._free_name(db, text, but=player_id)
            db.execute("UPDATE players SET name = ?, name_key = ? WHERE id = ?", (text, name_key(text), player_id))
        return self.get(player_id)

    def set_colour(self, player_id: int, colour: str | None) -> Player:
        """Set (``None``: clear) a profile's colour. Raises ``KeyError`` or :class:`PlayerError`."""
        value = _colour(colour)
        with self.journal.writing() as db:
            self._exists(db, player_id)
            db.execute("UPDATE players SET colour = ? WHERE id = ?", (value, player_id))
        return self.get(player_id)

    def set_token(self, player_id: int, uid: str | None) -> Player:
        """Give a profile its personal tag (``None``: take it away). Raises ``KeyError``, or
        :class:`PlayerError` for a UID that is not one or is another player's."""
        token = _uid(uid) if uid is not None else None
        with self.journal.writing() as db:
            self._exists(db, player_id)
            if token is not None:
                self._free_token(db, token, but=player_id)
            db.execute("UPDATE players SET token = ? WHERE id = ?", (token, player_id))
        return self.get(player_id)

    def merge(self, keep_id: int, gone_id: int) -> Player:
        """One player under two profiles: ``gone_id``'s games count for ``keep_id`` from now
        on, its colour and token go to ``keep_id`` where that has none, and ``gone_id`` is
        deleted. Raises ``KeyError`` for either missing, :class:`PlayerError` if they are one
        or both sat in one game (two players, then: merged, that game would count twice)."""
        if keep_id == gone_id:
            raise PlayerError(N_("A player cannot be merged with themselves."))
        with self.journal.writing() as db:
            self._exists(db, keep_id)
            self._exists(db, gone_id)
            shared = db.execute("SELECT COUNT(*) FROM results a JOIN results b ON b.game_id = a.game_id "
                                "WHERE a.player_id = ? AND b.player_id = ?", (keep_id, gone_id)).fetchone()[0]
            if shared:
                names = dict(db.execute("SELECT id, name FROM players WHERE id IN (?, ?)", (keep_id, gone_id)))
                raise PlayerError(N_("{a} and {b} played in the same game, so they are two players: "
                                     "they cannot be merged."), a=clean(names[keep_id]), b=clean(names[gone_id]))
            colour, token = db.execute("SELECT colour, token FROM players WHERE id = ?", (gone_id,)).fetchone()
            db.execute("UPDATE results SET player_id = ? WHERE player_id = ?", (keep_id, gone_id))
            db.execute("DELETE FROM players WHERE id = ?", (gone_id,))     # first: its token is then free
            db.execute("UPDATE players SET colour = COALESCE(colour, ?), token = COALESCE(token, ?) WHERE id = ?",
                       (colour, token, keep_id))
        return self.get(keep_id)

    def delete(self, player_id: int) -> None:
        """Delete a profile; their finished games stay, under the names played, unlinked.
        Raises ``KeyError`` if there is no such profile."""
        with self.journal.writing() as db:
            self._exists(db, player_id)
            db.execute("UPDATE results SET player_id = NULL WHERE player_id = ?", (player_id,))
            db.execute("DELETE FROM players WHERE id = ?", (player_id,))
