"""A kept game: the engine's live :class:`~firmware_host.engine.core.Game` plus its journal.

:meth:`Session.submit` commits a move to the journal before the new state becomes visible,
so what the screen shows is always already on disk (design.md, reliability promises).
"""

from __future__ import annotations

import json
import logging
import sqlite3
from pathlib import Path
from typing import Any

from .engine.core import N_, Event, Game, ReplayError, event_to_json
from .games import plugin, rules_for
from .journal import Journal

log = logging.getLogger(__name__)


class SessionError(Exception):
    """A game could not be started, resumed or opened. ``message`` is for players (English,
    marked with ``N_``; the display translates it and formats it with ``params``)."""

    def __init__(self, message: str, **params: Any) -> None:
        super().__init__(message.format(**params))
        self.message = message
        self.params = params


class SaveError(SessionError):
    """The journal refused a move or an undo (a full or read-only disk); the game is
    unchanged. The SQLite error is the ``__cause__``."""


class Session:
    """One game being kept. ``game_id`` is its journal id; ``journal`` may be ``None`` for a
    game kept only in memory (screenshots, benchmarks)."""

    def __init__(self, game: str, setup: Any, journal: Journal | None = None,
                 game_id: int | None = None, events: list[dict[str, Any]] | None = None) -> None:
        self.name = game
        self.setup = setup
        self.journal = journal
        self.rules = rules_for(game, setup.to_json())
        codec = self.rules.codec
        self.game = Game(self.rules, [codec.decode(e) for e in events or []])
        if journal is not None and game_id is None:
            game_id = journal.new_game(game, setup.to_json())
        self.game_id = game_id

    @classmethod
    def resume(cls, journal: Journal, game_id: int) -> Session:
        """Rebuild a journaled game by replaying its events. Raises
        :class:`~firmware_host.engine.core.ReplayError` for anything that stops the rebuild
        (an unknown game, a malformed setup or move, a move the rules no longer accept)."""
        try:
            record = journal.load(game_id)
            setup = plugin(record.game).setup_type.from_json(record.setup)
            return cls(record.game, setup, journal, game_id, record.events)
        except ReplayError:
            raise
        except (KeyError, ValueError, TypeError, AttributeError, IndexError, sqlite3.DatabaseError) as exc:
            raise ReplayError(f"game {game_id} cannot be rebuilt: {exc!r}") from exc

    @property
    def state(self) -> Any:
        return self.game.state

    def submit(self, event: Event) -> Any:
        """Check ``event``, commit it, then make it the current state.

        Raises :class:`~firmware_host.engine.core.RuleError` (nothing recorded) if illegal,
        :class:`SaveError` (nothing changed) if the journal refuses the commit.
        """
        new_state = self.game.check(event)
        if self.journal is not None:
            assert self.game_id is not None  # a journaled session always has its game's id
            try:
                self.journal.append(self.game_id, len(self.game.events) + 1, event_to_json(event),
                                    finished=bool(getattr(new_state, "over", False)))
            except sqlite3.Error as exc:
                log.error("move not saved: %s", exc)
                raise SaveError(N_("The move could not be saved ({error}); nothing changed. Try again."),
                                error=str(exc)) from exc
        self.game.accept(event, new_state)
        return new_state

    def undo(self, n: int = 1) -> Any:
        """Take back the last ``n`` moves (journal first, then the state). Raises
        :class:`SaveError` (nothing changed) if the journal refuses."""
        keep = max(0, len(self.game.events) - n)
        if self.journal is not None:
            assert self.game_id is not None  # a journaled session always has its game's id
            try:
                self.journal.truncate(self.game_id, keep)
            except sqlite3.Error as exc:
                log.error("undo not saved: %s", exc)
                raise SaveError(N_("The undo could not be saved ({error}); nothing changed."),
                                error=str(exc)) from exc
        return self.game.undo(n)

    def export(self) -> dict[str, Any]:
        """The game as a self-contained JSON document (``replay FILE``)."""
        return {
            "game": self.name,
            "setup": self.setup.to_json(),
            "events": [event_to_json(e) for e in self.game.events],
        }

    def save(self, path: str | Path) -> None:
        """Write :meth:`export` to ``path`` as JSON. Raises ``OSError``."""
        Path(path).write_text(json.dumps(self.export(), indent=1), encoding="utf-8")


# ---------------------------------------------------------------------- policy

def start(journal: Journal | None, game: str, setup: Any) -> Session:
    """Begin keeping a new game, journaled at once. Raises :class:`SessionError` if the
    journal refuses it (a full disk): nothing is kept then."""
    try:
        return Session(game, setup, journal)
    except sqlite3.Error as exc:
        log.error("new game not saved: %s", exc)
        raise SessionError(N_("The new game could not be saved ({error})."), error=str(exc)) from exc


def open_saved(journal: Journal, game_id: int) -> Session:
    """A game from the journal (resumed if unfinished). Raises :class:`SessionError` if its
    record cannot be rebuilt; nothing is changed then."""
    try:
        return Session.resume(journal, game_id)
    except ReplayError as exc:
        log.error("game %s cannot be opened: %s", game_id, exc)
        raise SessionError(N_("That game cannot be opened: its record is damaged.")) from exc


def resume_unfinished(journal: Journal) -> tuple[Session | None, str]:
    """At start: the unfinished game, resumed, and what to tell the players (an ``N_``
    message, ``""`` for nothing). A game that cannot be rebuilt is set aside (abandoned in
    the journal, kept for inspection) and ``(None, message)`` says so; if even that cannot
    be written (a full disk), it is tried again at the next start."""
    game_id = journal.unfinished()
    if game_id is None:
        return None, ""
    try:
        return Session.resume(journal, game_id), N_("Game resumed where it stopped.")
    except ReplayError as exc:
        log.error("game %s cannot be resumed: %s", game_id, exc)
        try:
            journal.abandon(game_id)
        except sqlite3.Error as exc2:
            log.error("could not set game %s aside: %s", game_id, exc2)
        return None, N_("The last game could not be resumed and was set aside.")
