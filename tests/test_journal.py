"""The journal: durable commits, exact resume, damaged files set aside (design.md promises)."""

import os
import sqlite3

import pytest

from firmware_host.engine.core import RuleError, copy_state
from firmware_host.engine.trajan import events as ev
from firmware_host.journal import SCHEMA_VERSION, Journal, JournalError
from firmware_host.session import SaveError, Session
from tests.trajan_fixtures import finished_events, setup


def test_wal_and_full_synchronous(tmp_path):
    j = Journal(tmp_path / "j.db")
    assert j.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert j.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_moves_are_committed_and_the_game_resumes_exactly(tmp_path):
    path = tmp_path / "j.db"
    events = finished_events(3, seed=9)
    s = Session("trajan", setup(3, seed=9), Journal(path))
    for e in events[:120]:
        s.submit(e)
    # a second connection sees every move: each submit committed before returning
    other = Journal(path)
    assert len(other.load(s.game_id).events) == 120
    assert other.unfinished() == s.game_id
    resumed = Session.resume(other, s.game_id)
    assert resumed.state == s.state
    assert resumed.game.events == s.game.events


def test_refused_move_is_not_journaled(tmp_path):
    j = Journal(tmp_path / "j.db")
    s = Session("trajan", setup(2), j)
    with pytest.raises(RuleError):
        s.submit(ev.SenateAdvance())
    assert j.load(s.game_id).events == []


def test_undo_removes_the_move_from_the_journal(tmp_path):
    j = Journal(tmp_path / "j.db")
    events = finished_events(2, seed=3)
    s = Session("trajan", setup(2, seed=3), j)
    for e in events[:30]:
        s.submit(e)
    s.undo(4)
    assert len(j.load(s.game_id).events) == 26
    assert Session.resume(j, s.game_id).state == s.state


def test_finished_game_is_marked_and_stays_listed(tmp_path):
    j = Journal(tmp_path / "j.db")
    events = finished_events(2, seed=4)
    s = Session("trajan", setup(2, seed=4), j)
    for e in events:
        s.submit(e)
    assert j.unfinished() is None
    (gid, game, _created, finished, count), = j.games()
    assert (gid, game, count) == (s.game_id, "trajan", len(events)) and finished


def test_commit_happens_before_the_state_changes(tmp_path):
    """If the commit fails (disk full), the move is not shown: the state stays as it was."""
    j = Journal(tmp_path / "j.db")
    s = Session("trajan", setup(2, seed=4), j)
    first = finished_events(2, seed=4)[0]
    before = copy_state(s.state)

    def broken(*args, **kwargs):
        raise sqlite3.OperationalError("database or disk is full")
    j.append = broken
    with pytest.raises(SaveError) as raised:
        s.submit(first)
    assert isinstance(raised.value.__cause__, sqlite3.OperationalError)
    assert s.state == before and s.game.events == []


@pytest.mark.parametrize("damage", ["garbage", "truncated", "newer"])
def test_damaged_journal_is_set_aside_and_a_fresh_one_starts(tmp_path, damage):
    path = tmp_path / "j.db"
    j = Journal(path)
    s = Session("trajan", setup(2), j)
    for e in finished_events(2)[:10]:
        s.submit(e)
    if damage == "newer":
        j.db.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION + 1),))
    j.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    j.close()
    if damage == "garbage":
        data = bytearray(path.read_bytes())
        data[100:4000] = os.urandom(3900)
        path.write_bytes(bytes(data))
    elif damage == "truncated":
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 2 + 17])
    with pytest.raises(JournalError):
        Journal(path)
    fresh, message = Journal.open_or_recover(path)
    assert message and "kept aside" in message
    assert fresh.games() == []
    assert any(p.name.startswith("j.db.damaged-") for p in tmp_path.iterdir())
