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
from .history import outcome_of
from .journal import Journal, JournalError, JournalUnavailable, Notice, diagnose
from .tags import TagRegistry

log = logging.getLogger(__name__)


class SessionError(Exception):
    """A game could not be started, resumed or opened. ``message`` is for players (English,
    marked with ``N_``; the display translates it and formats it with ``params``, a
    ``reason`` parameter translated too: :attr:`notice`)."""

    def __init__(self, message: str, advice: str = "", **params: Any) -> None:
        super().__init__(message.format(**params))
        self.message = message
        self.advice = advice        # what to do, ``N_``-marked ("" for nothing more to say)
        self.params = params

    @property
    def notice(self) -> Notice:
        return Notice(self.message, self.params, self.advice)


class SaveError(SessionError):
    """The journal refused a move or an undo (a full or read-only disk, a file deleted while
    running); the game is unchanged. The SQLite or journal error is the ``__cause__``."""


def _save_error(journal: Journal, what: str, exc: Exception) -> SaveError:
    """What to tell the players when the journal refused a change: the move/undo/new game
    (``what``, an ``N_`` template with ``{reason}``) and why, from the error and a look at
    the disk (:func:`~firmware_host.journal.diagnose`)."""
    if isinstance(exc, JournalError):
        return SaveError(exc.notice.message, exc.notice.advice, **exc.notice.params)
    problem = diagnose(journal.path, exc)
    return SaveError(what, reason=problem.reason, **problem.params)


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
        except (ReplayError, JournalUnavailable):
            raise
        except Exception as exc:  # noqa: BLE001 - whatever stops a rebuild (a damaged record, a rules bug):
            # the game is set aside, kept in the journal, not a crash loop at every start
            raise ReplayError(f"game {game_id} cannot be rebuilt: {exc!r}") from exc

    @property
    def state(self) -> Any:
        return self.game.state

    @property
    def finished(self) -> bool:
        """Whether the game is over (then it is shown read-only: no undo)."""
        return bool(getattr(self.game.state, "over", False))

    def submit(self, event: Event) -> Any:
        """Check ``event``, commit it, then make it the current state.

        Raises :class:`~firmware_host.engine.core.RuleError` (nothing recorded) if illegal,
        :class:`SaveError` (nothing changed) if the journal refuses the commit.
        """
        new_state = self.game.check(event)
        if self.journal is not None:
            assert self.game_id is not None  # a journaled session always has its game's id
            over = bool(getattr(new_state, "over", False))
            # the results go into the same transaction as the move that ends the game
            outcome = outcome_of(self.journal, self.name, self.rules, new_state) if over else None
            try:
                self.journal.append(self.game_id, len(self.game.events) + 1, event_to_json(event),
                                    finished=over, outcome=outcome)
            except (sqlite3.Error, JournalError) as exc:
                log.error("move not saved: %s", exc)
                raise _save_error(self.journal, N_("The move could not be saved ({reason}); nothing changed. "
                                                   "Try again."), exc) from exc
        self.game.accept(event, new_state)
        return new_state

    def undo(self, n: int = 1) -> Any:
        """Take back the last ``n`` moves (journal first, then the state). Raises
        :class:`SaveError` (nothing changed) if the journal refuses, :class:`SessionError`
        (nothing changed) if the game is finished: a finished game is only shown."""
        if self.finished:
            raise SessionError(N_("This game is finished; its moves can no longer be taken back."))
        keep = max(0, len(self.game.events) - n)
        if self.journal is not None:
            assert self.game_id is not None  # a journaled session always has its game's id
            try:
                self.journal.truncate(self.game_id, keep)
            except (sqlite3.Error, JournalError) as exc:
                log.error("undo not saved: %s", exc)
                raise _save_error(self.journal, N_("The undo could not be saved ({reason}); nothing changed."),
                                  exc) from exc
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
    except (sqlite3.Error, JournalError) as exc:
        log.error("new game not saved: %s", exc)
        assert journal is not None      # only a journal refuses
        raise _save_error(journal, N_("The new game could not be saved ({reason})."), exc) from exc


def open_saved(journal: Journal, game_id: int) -> Session:
    """A game from the journal (resumed if unfinished). Raises :class:`SessionError` if its
    record cannot be rebuilt; nothing is changed then."""
    try:
        return Session.resume(journal, game_id)
    except ReplayError as exc:
        log.error("game %s cannot be opened: %s", game_id, exc)
        raise SessionError(N_("That game cannot be opened: its record is damaged.")) from exc
    except JournalUnavailable as exc:
        log.error("game %s cannot be read now: %s", game_id, exc)
        raise SessionError(exc.notice.message, exc.notice.advice, **exc.notice.params) from exc


def resume_unfinished(journal: Journal) -> tuple[Session | None, str]:
    """At start: the unfinished game, resumed, and what to tell the players (an ``N_``
    message, ``""`` for nothing). A game that cannot be rebuilt (a record that fails its
    checksums or no longer replays) is set aside (abandoned in the journal, kept for
    inspection) and ``(None, message)`` says so; if even that cannot be written (a full
    disk), it is tried again at the next start. A journal that cannot be read now is left
    alone. Never raises."""
    try:
        game_id = journal.unfinished()
    except JournalError as exc:
        log.error("no unfinished game read: %s", exc)
        return None, N_("The saved games cannot be read now; nothing was changed.")
    if game_id is None:
        return None, ""
    try:
        return Session.resume(journal, game_id), N_("Game resumed where it stopped.")
    except JournalUnavailable as exc:
        log.error("game %s cannot be read now: %s", game_id, exc)
        return None, N_("The saved games cannot be read now; nothing was changed.")
    except ReplayError as exc:
        log.error("game %s cannot be resumed: %s", game_id, exc)
        try:
            journal.abandon(game_id)
        except (sqlite3.Error, JournalError) as exc2:
            log.error("could not set game %s aside: %s", game_id, exc2)
        return None, N_("The last game could not be resumed and was set aside.")


# ---------------------------------------------------------------------- the stores at start-up

class Stores:
    """The journal and the tag registry, opened at start-up behind one guard: nothing here
    raises. A damaged file is set aside (a fresh one started); one that cannot be used now
    is left untouched. :attr:`notices` is what to tell the players, in order; while
    :attr:`problem` is set (no journal), no game may be played: nothing could be saved.

    ``Stores.failed(notice)`` is the start where even the paths are unknown (the config file
    cannot be read): no stores, and the notice says why."""

    def __init__(self, journal_path: str | Path | None, tags_path: str | Path | None) -> None:
        self.journal_path = Path(journal_path) if journal_path is not None else None
        self.tags_path = Path(tags_path) if tags_path is not None else None
        self.journal: Journal | None = None
        self.tags: TagRegistry | None = None
        self.notices: list[Notice] = []
        self.problem: Notice | None = None
        if self.journal_path is not None:
            self._open_journal()
        if self.tags_path is not None:
            self._open_tags()

    @classmethod
    def failed(cls, notice: Notice) -> Stores:
        stores = cls(None, None)
        stores.problem = notice
        stores.notices.append(notice)
        return stores

    def _open_journal(self) -> None:
        assert self.journal_path is not None
        try:
            self.journal, notice = Journal.open_or_recover(self.journal_path)
        except Exception as exc:  # noqa: BLE001 - the guard: whatever it is, a message, not a crash
            log.exception("journal %s not opened", self.journal_path)
            self.journal, notice = None, Notice(N_("Games cannot be saved: {reason}."), {"reason": str(exc)},
                                                N_("Restart the companion; if this stays, see its log."),
                                                level="fault")
        self.problem = notice if self.journal is None else None
        if notice is not None:
            self.notices.append(notice)

    def _open_tags(self) -> None:
        assert self.tags_path is not None
        try:
            self.tags, notice = TagRegistry.open_or_recover(self.tags_path)
        except Exception as exc:  # noqa: BLE001 - the guard: whatever it is, a message, not a crash
            log.exception("tag registry %s not opened", self.tags_path)
            self.tags, notice = None, Notice(N_("NFC tags cannot be used: {reason}."), {"reason": str(exc)},
                                             N_("Restart the companion; if this stays, see its log."),
                                             level="fault")
        if notice is not None:
            self.notices.append(notice)

    def retry(self) -> bool:
        """Try again each store that could not be opened (a player tapped Try again, or wants
        to play); ``True`` if there is a journal now. Their notices are replaced."""
        if self.journal is None and self.journal_path is not None:
            old = self.problem
            self.notices = [n for n in self.notices if n is not old]
            self._open_journal()
        if self.tags is None and self.tags_path is not None:
            self.notices = [n for n in self.notices if not n.message.startswith("NFC tags")]
            self._open_tags()
        return self.journal is not None

    def close(self) -> None:
        for store in (self.tags, self.journal):
            if store is not None:
                try:
                    store.close()
                except Exception as exc:  # noqa: BLE001 - closing must not hide how the app ended
                    log.warning("closing a store: %s", exc)
