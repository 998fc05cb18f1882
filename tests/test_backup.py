"""Backup and restore of the journal (issue 15): the online backup API, checked copies, a
bad backup or a journal in use leaving the journal untouched."""

import sqlite3
from pathlib import Path

import pytest

from firmware_host.backup import BackupError, backup, restore
from firmware_host.history import History
from firmware_host.journal import Journal
from firmware_host.players import Players
from firmware_host.session import Session
from tests.trajan_fixtures import finished_events, setup


def _journal_with_games(path, games=2):
    journal = Journal(path)
    for seed in range(games):
        s = Session("trajan", setup(2, seed), journal)
        for e in finished_events(2, seed):
            s.submit(e)
    return journal


def test_backup_holds_every_commit_even_one_still_in_the_wal(tmp_path):
    journal = _journal_with_games(tmp_path / "journal.db")
    Players(journal).add("Only in the WAL")           # committed, not checkpointed
    assert (tmp_path / "journal.db-wal").stat().st_size > 0
    calls = []
    dest = backup(journal, tmp_path / "copy.db", lambda done, total: calls.append((done, total)))
    assert calls and calls[-1][0] == calls[-1][1] and [d for d, _t in calls] == sorted(d for d, _t in calls)
    assert not (tmp_path / "copy.db-wal").exists() and not (tmp_path / "copy.db.part").exists()
    copy = Journal(dest)
    assert Players(copy).by_name("only in the wal") is not None
    assert [p.seats for p in History(copy).finished()] == [p.seats for p in History(journal).finished()]


def test_backup_to_a_missing_folder_is_one_line_and_leaves_nothing(tmp_path):
    journal = _journal_with_games(tmp_path / "journal.db", 1)
    with pytest.raises(BackupError) as err:
        backup(journal, tmp_path / "gone" / "copy.db")
    assert "\n" not in str(err.value) and err.value.notice.message
    assert not (tmp_path / "gone").exists()


def test_restore_replaces_the_journal_and_drops_its_mark(tmp_path):
    path = tmp_path / "journal.db"
    journal = _journal_with_games(path, 1)
    backup(journal, tmp_path / "copy.db")
    s = Session("trajan", setup(2, 7), journal)           # played after the backup
    for e in finished_events(2, 7)[:5]:
        s.submit(e)
    journal.close()
    assert (tmp_path / "journal.db.mark").exists()
    restore(tmp_path / "copy.db", path)
    assert not (tmp_path / "journal.db.mark").exists()
    restored, notice = Journal.open_or_recover(path)
    assert notice is None and restored.unfinished() is None and len(History(restored).finished()) == 1


@pytest.mark.parametrize("bad", ["garbage", "foreign database", "missing"])
def test_a_bad_backup_leaves_the_journal_untouched(tmp_path, bad):
    path = tmp_path / "journal.db"
    _journal_with_games(path, 1).close()
    before = path.read_bytes()
    src = tmp_path / "bad.db"
    if bad == "garbage":
        src.write_bytes(b"SQLite format 3\x00" + b"\x17" * 5000)
    elif bad == "foreign database":
        db = sqlite3.connect(src)
        db.execute("CREATE TABLE songs (title TEXT)")
        db.commit()
        db.close()
    with pytest.raises(BackupError) as err:
        restore(src, path)
    assert "\n" not in str(err.value)
    assert path.read_bytes() == before
    assert not (tmp_path / "journal.db.restoring").exists()


def test_a_journal_in_use_is_not_replaced(tmp_path):
    path = tmp_path / "journal.db"
    journal = _journal_with_games(path, 1)
    backup(journal, tmp_path / "copy.db")
    with pytest.raises(BackupError, match="in use"):
        restore(tmp_path / "copy.db", path)
    assert len(History(journal).finished()) == 1
    Players(journal).add("Still writable")                 # the open journal still works


def test_a_restore_that_cannot_rename_puts_the_old_journal_back(tmp_path, monkeypatch):
    import os

    from firmware_host import backup as backup_module

    path = tmp_path / "journal.db"
    journal = _journal_with_games(path, 2)
    backup(journal, tmp_path / "copy.db")
    journal.close()
    real = os.replace

    def refused(src, dst):
        if str(dst) == str(path):
            raise OSError(28, "No space left on device")
        return real(src, dst)
    monkeypatch.setattr(backup_module.os, "replace", refused)
    with pytest.raises(BackupError):
        restore(tmp_path / "copy.db", path)
    monkeypatch.undo()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["copy.db", "journal.db", "journal.db.mark"]   # as it was
    back = Journal(path)
    assert len(History(back).finished()) == 2
    back.close()


def test_a_damaged_journal_goes_aside_whole_with_its_wal(tmp_path):
    path = tmp_path / "journal.db"
    journal = _journal_with_games(path, 1)
    backup(journal, tmp_path / "copy.db")
    journal.close()
    with open(path, "r+b") as f:            # the header's magic gone: SQLite calls it not a database
        f.write(b"\0" * 16)
    (tmp_path / "journal.db-wal").write_bytes(b"frames of the damaged file")
    aside = restore(tmp_path / "copy.db", path)
    assert aside is not None and (tmp_path / f"{aside.name}-wal").read_bytes() == b"frames of the damaged file"
    assert Path(aside).read_bytes()[:16] == b"\0" * 16
    restored = Journal(path)
    assert len(History(restored).finished()) == 1
    restored.close()
