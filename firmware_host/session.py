"""A kept game: the engine's live :class:`~firmware_host.engine.core.Game` plus its journal.

:meth:`Session.submit` commits a move to the journal before the new state becomes visible,
so what the screen shows is always already on disk (design.md, reliability promises).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from .engine.core import Event, Game, ReplayError, event_to_json
from .games import rules_for
from .journal import Journal


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
    def resume(cls, journal: Journal, game_id: int) -> "Session":
        """Rebuild a journaled game by replaying its events. Raises
        :class:`~firmware_host.engine.core.ReplayError` for anything that stops the rebuild
        (an unknown game, a malformed setup or move, a move the rules no longer accept)."""
        from .games import GAMES
        try:
            record = journal.load(game_id)
            setup = GAMES[record.game].setup_from_json(record.setup)
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

        Raises :class:`~firmware_host.engine.core.RuleError` (nothing recorded) if illegal.
        """
        new_state = self.game.check(event)
        if self.journal is not None:
            self.journal.append(self.game_id, len(self.game.events) + 1, event_to_json(event),
                                finished=bool(getattr(new_state, "over", False)))
        self.game.accept(event, new_state)
        return new_state

    def undo(self, n: int = 1) -> Any:
        """Take back the last ``n`` moves (journal first, then the state)."""
        keep = max(0, len(self.game.events) - n)
        if self.journal is not None:
            self.journal.truncate(self.game_id, keep)
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
