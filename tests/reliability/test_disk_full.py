"""The disk full (SQLite's error path): the move is refused with a clear message, the game on
screen and the journal stay the same, the loop goes on, and nothing is lost once space is back
(design.md, reliability promises). A full disk is simulated with ``PRAGMA max_page_count``,
which makes SQLite fail exactly as on a full disk (SQLITE_FULL), and a failing second
statement with an authorizer that refuses it."""

import sqlite3

from display.controller import Controller
from firmware_host.journal import Journal
from tests.reliability.damage import disk_full, journaled
from tests.trajan_fixtures import finished_events, setup


def test_disk_full_refuses_the_move_with_a_message_and_loses_nothing(tmp_path, surface):
    result = disk_full(tmp_path / "journal.db", surface)
    assert result["problems"] == []
    assert "could not be saved" in result["message"]


def _deny_update_of_games(journal):
    """From now on SQLite refuses any UPDATE of the games table (a second statement failing)."""
    def authorizer(action, table, *_rest):
        return sqlite3.SQLITE_DENY if action == sqlite3.SQLITE_UPDATE and table == "games" else sqlite3.SQLITE_OK
    journal.db.set_authorizer(authorizer)


def test_a_failure_marking_the_game_finished_keeps_journal_and_screen_together(tmp_path):
    journal = Journal(tmp_path / "journal.db")
    ctl = Controller(journal)
    ctl.start_game("trajan", setup(2, 4))
    events = finished_events(2, 4)
    for event in events[:-1]:
        assert ctl.submit(event)
    _deny_update_of_games(journal)
    ctl.submit(events[-1])                                          # the last move ends the game
    assert journaled(journal, ctl.session.game_id) == len(ctl.session.game.events)


def test_a_failing_undo_keeps_journal_and_screen_together(tmp_path):
    journal = Journal(tmp_path / "journal.db")
    ctl = Controller(journal)
    ctl.start_game("trajan", setup(2, 4))
    for event in finished_events(2, 4)[:12]:
        assert ctl.submit(event)
    _deny_update_of_games(journal)
    ctl.undo()
    assert journaled(journal, ctl.session.game_id) == len(ctl.session.game.events)
