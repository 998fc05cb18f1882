"""Load games from a journal file or an exported JSON game, and summarise them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .games import plugin
from .journal import Journal
from .session import Session


def load_games(path: Path, game_id: int | None = None) -> list[Session]:
    """Sessions (not journaled further) for the games in ``path``.

    Raises ``ValueError`` for an unreadable file, ``KeyError`` for an unknown game id/name.
    """
    if path.suffix == ".json":
        doc = json.loads(path.read_text(encoding="utf-8"))
        kind = plugin(doc["game"])
        return [Session(doc["game"], kind.setup_type.from_json(doc["setup"]), events=doc["events"])]
    if not path.exists():
        raise ValueError("no such file")
    journal = Journal(path)
    try:
        ids = [game_id] if game_id is not None else [g[0] for g in reversed(journal.games())]
        out = []
        for gid in ids:
            record = journal.load(gid)
            setup = plugin(record.game).setup_type.from_json(record.setup)
            session = Session(record.game, setup, events=record.events)
            session.game_id = gid
            out.append(session)
        return out
    finally:
        journal.close()


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
