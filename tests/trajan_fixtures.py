"""Small shared builders for tests outside tests/trajan (journal, CLI, display)."""

import json
import random
import sqlite3
from pathlib import Path

from firmware_host.data import load
from firmware_host.engine.core import event_to_json
from firmware_host.engine.trajan import TrajanRules, TrajanSetup
from firmware_host.engine.trajan.play import play_random_game

PLAYERS = (("red", "Anna"), ("green", "Bela"), ("blue", "Chen"), ("brown", "Dara"))


def setup(players: int = 4, seed: int = 5, mode: str = "table") -> TrajanSetup:
    return TrajanSetup(players=PLAYERS[:players], board=load("trajan"), demand_mode=mode, seed=seed)


def finished_events(players: int = 4, seed: int = 5):
    """The events of a whole random game for ``setup(players, seed)``."""
    return play_random_game(TrajanRules(setup(players, seed)), random.Random(seed)).events


def first_release_journal(path: Path, events, finished: float | None = None) -> None:
    """A journal file as the first release wrote it (no checksums, no results tables): one
    Trajan game of ``setup(2, 3)`` holding ``events``, finished at ``finished`` (epoch s) or
    not."""
    old = sqlite3.connect(path, isolation_level=None)
    old.executescript("""
        PRAGMA journal_mode=WAL;
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, setup TEXT NOT NULL,
                            created REAL NOT NULL, finished REAL);
        CREATE TABLE events (game_id INTEGER NOT NULL REFERENCES games(id), seq INTEGER NOT NULL,
                             event TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (game_id, seq));
        INSERT INTO meta VALUES ('schema_version', '1');""")
    old.execute("INSERT INTO games (game, setup, created, finished) VALUES ('trajan', ?, 0, ?)",
                (json.dumps(setup(2, 3).to_json()), finished))
    for seq, e in enumerate(events, 1):
        old.execute("INSERT INTO events VALUES (1, ?, ?, 0)", (seq, json.dumps(event_to_json(e))))
    old.close()
