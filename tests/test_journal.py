"""The journal: durable commits, exact resume, damaged files set aside, circumstances (a folder
in place, a lock, no permission, a full disk) told and left alone, checksums, the mark that
notices commits a damaged WAL dropped, a file deleted while running (design.md promises;
docs/reliability.md)."""

import errno
import json
import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

from firmware_host.engine.core import RuleError, copy_state
from firmware_host.engine.trajan import events as ev
from firmware_host.journal import (
    SCHEMA_VERSION,
    Journal,
    JournalDamaged,
    JournalError,
    _game_sum,
    diagnose,
    is_damage,
)
from firmware_host.session import SaveError, Session, resume_unfinished
from tests.trajan_fixtures import finished_events, first_release_journal, setup


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
    fresh, notice = Journal.open_or_recover(path)
    assert notice and "kept aside" in notice.text()
    assert fresh.games() == []
    assert any(p.name.startswith("j.db.damaged-") for p in tmp_path.iterdir())


# ---------------------------------------------------------------------- damage or circumstance

def _journal_with_moves(path, moves=20, seed=5):
    j = Journal(path)
    s = Session("trajan", setup(4, seed), j)
    for e in finished_events(4, seed)[:moves]:
        s.submit(e)
    return j, s


def _closed_journal(path, moves=20):
    j, s = _journal_with_moves(path, moves)
    j.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    j.close()
    return s


def _files(folder):
    """Every file under ``folder`` with its bytes (the mark file aside: it is not the journal)."""
    return {p.name: p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file() and not p.name.endswith(".mark")}


def test_a_folder_where_the_journal_should_be_is_told_and_left_alone(tmp_path):
    path = tmp_path / "journal.db"
    path.mkdir()
    (path / "keep.txt").write_text("mine")
    journal, notice = Journal.open_or_recover(path)
    assert journal is None and notice.level == "fault"
    assert "is a folder, not a file" in notice.text() and "Try again" in notice.advice_text()
    assert path.is_dir() and (path / "keep.txt").read_text() == "mine"
    assert [p.name for p in tmp_path.iterdir()] == ["journal.db"]            # nothing renamed aside


def test_a_journal_locked_by_another_program_is_told_not_set_aside(tmp_path):
    path = tmp_path / "journal.db"
    _closed_journal(path)
    before = _files(tmp_path)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("PRAGMA locking_mode=EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        journal, notice = Journal.open_or_recover(path)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert journal is None and "another program is using" in notice.text()
    assert not list(tmp_path.glob("*.damaged-*"))
    assert _files(tmp_path)["journal.db"] == before["journal.db"]


def test_a_journal_the_companion_may_not_write_is_told_not_set_aside(tmp_path):
    path = tmp_path / "journal.db"
    _closed_journal(path)
    before = path.read_bytes()
    if os.getuid() == 0:
        if subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode:
            pytest.skip("root, and chattr +i does not work here")
    else:
        path.chmod(0o400)
    try:
        journal, notice = Journal.open_or_recover(path)
    finally:
        if os.getuid() == 0:
            subprocess.run(["chattr", "-i", str(path)], check=True)
        path.chmod(0o600)
    assert journal is None and "may not read or write" in notice.text()
    assert path.read_bytes() == before and not list(tmp_path.glob("*.damaged-*"))


def test_diagnose_tells_full_from_locked_from_io_by_the_error():
    class Err(sqlite3.OperationalError):
        def __init__(self, name):
            super().__init__(name)
            self.sqlite_errorname = name

    where = Path("/tmp")
    assert diagnose(where / "x.db", Err("SQLITE_FULL")).kind == "full"
    assert diagnose(where / "x.db", OSError(errno.ENOSPC, "no space")).kind == "full"
    assert diagnose(where / "x.db", Err("SQLITE_BUSY")).kind == "locked"
    assert diagnose(where / "x.db", Err("SQLITE_CORRUPT")).kind == "damaged"
    assert diagnose(where / "x.db", Err("SQLITE_IOERR_READ")).kind == "io"
    assert is_damage(Err("SQLITE_NOTADB")) and not is_damage(Err("SQLITE_FULL"))


def test_the_parent_of_the_journal_being_a_file_is_told(tmp_path):
    (tmp_path / "state").write_text("a file, not a folder")
    journal, notice = Journal.open_or_recover(tmp_path / "state" / "journal.db")
    assert journal is None and "cannot be made a folder" in notice.text()


def test_opening_an_up_to_date_journal_writes_nothing(tmp_path):
    path = tmp_path / "journal.db"
    _closed_journal(path)
    before = path.read_bytes()
    journal, notice = Journal.open_or_recover(path)
    assert notice is None and journal.unfinished() is not None
    journal.close()
    assert path.read_bytes() == before


def test_a_full_disk_message_names_the_full_disk_not_the_rollback(tmp_path):
    journal, s = _journal_with_moves(tmp_path / "journal.db", 10)
    pages = journal.db.execute("PRAGMA page_count").fetchone()[0]
    journal.db.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(SaveError) as raised:
        for e in finished_events(4, 5)[10:200]:
            s.submit(e)
    text = raised.value.notice.text()
    assert "could not be saved" in text and "rollback" not in text


# ---------------------------------------------------------------------- checksums

def _flip_inside_a_move(path):
    """Change one digit inside a move's JSON in the file itself (valid JSON, valid page):
    damage no SQLite check can see. Returns the move's number."""
    data = bytearray(path.read_bytes())
    db = sqlite3.connect(path)
    seq, text = db.execute("SELECT seq, event FROM events WHERE seq >= 5 AND event GLOB '*[0-9]*' "
                           "ORDER BY seq LIMIT 1").fetchone()
    db.close()
    at = data.find(text.encode())
    assert at >= 0
    digit = next(i for i, ch in enumerate(text) if ch.isdigit())
    data[at + digit] = ord("9") if text[digit] != "9" else ord("8")
    path.write_bytes(bytes(data))
    return seq


def test_a_flipped_byte_inside_a_move_is_found_by_its_checksum_not_replayed(tmp_path):
    path = tmp_path / "journal.db"
    _closed_journal(path, moves=30)
    seq = _flip_inside_a_move(path)
    check = sqlite3.connect(path)
    assert check.execute("PRAGMA integrity_check").fetchone()[0] == "ok"      # SQLite sees nothing
    check.close()
    journal, notice = Journal.open_or_recover(path)
    assert notice is None
    with pytest.raises(JournalDamaged, match=f"move {seq} of game 1 fails its checksum"):
        journal.load(1)
    session, message = resume_unfinished(journal)
    assert session is None and "set aside" in message
    assert journal.games()[0][3] == -1                    # abandoned, kept for inspection


def test_a_move_missing_or_doubled_is_found(tmp_path):
    path = tmp_path / "journal.db"
    journal, _s = _journal_with_moves(path, 12)
    journal.db.execute("DELETE FROM events WHERE seq = 5")
    with pytest.raises(JournalDamaged, match="move 6 where move 5 belongs"):
        journal.load(1)


def test_moves_hidden_at_the_end_are_found_by_the_head(tmp_path):
    """A damaged index can hide the last rows: the rest is a sound chain, but the game's head
    (stored with every commit) says where it ended."""
    journal, _s = _journal_with_moves(tmp_path / "journal.db", 12)
    journal.db.execute("DELETE FROM events WHERE seq > 9")
    with pytest.raises(JournalDamaged, match="ends at move 9"):
        journal.load(1)


def test_rows_without_checksums_from_an_older_journal_still_load_and_new_ones_chain(tmp_path):
    path = tmp_path / "journal.db"
    events = finished_events(2, 3)
    first_release_journal(path, events[:5])         # the schema as first released
    journal = Journal(path)
    resumed = Session.resume(journal, 1)
    for e in events[5:10]:
        resumed.submit(e)
    assert len(journal.load(1).events) == 10
    assert journal.db.execute("SELECT COUNT(*) FROM events WHERE sum IS NOT NULL").fetchone()[0] == 5


def _game_with_names(path, *names):
    """A journal whose one game has these player names, written as a foreign program (or
    damage) would: the engine itself refuses such names."""
    journal = Journal(path)
    s = Session("trajan", setup(len(names), 1), journal)
    doc = setup(len(names), 1).to_json()
    doc["players"] = [[colour, name] for (colour, _old), name in zip(doc["players"], names)]
    text = json.dumps(doc, separators=(",", ":"))
    game_sum = _game_sum("trajan", text)
    journal.db.execute("UPDATE games SET setup = ?, sum = ?, head = ?", (text, game_sum, game_sum))
    return journal, s.game_id


def test_names_holding_nul_or_a_lone_surrogate_are_cleaned_when_read(tmp_path):
    journal, gid = _game_with_names(tmp_path / "journal.db", "An\x00na", "Be\ud800la")
    assert [name for _colour, name in journal.load(gid).setup["players"]] == ["An\ufffdna", "Be\ufffdla"]
    session, _message = resume_unfinished(journal)
    assert session is not None


# ---------------------------------------------------------------------- a WAL that lost commits

def _power_cut_copy(src, dst):
    """The journal's files as a power cut would leave them: copied while still open."""
    dst.mkdir()
    for p in src.iterdir():
        if p.name.startswith("journal.db"):
            shutil.copy(p, dst / p.name)


def test_a_flipped_byte_in_the_wal_drops_commits_silently_in_sqlite_but_the_mark_tells(tmp_path):
    live = tmp_path / "live"
    journal, s = _journal_with_moves(live / "journal.db", 40)
    wal = live / "journal.db-wal"
    assert wal.stat().st_size > 0
    _power_cut_copy(live, tmp_path / "cut")
    journal.close()
    copy = tmp_path / "cut" / "journal.db-wal"
    data = bytearray(copy.read_bytes())
    frame = 32 + 24 + 4096           # the first frame's page, then the second frame's header ...
    data[32 + 24 + 100] ^= 0xFF      # a byte of the first frame's page: SQLite stops reading there
    copy.write_bytes(bytes(data))
    assert frame < len(data)
    reopened, notice = Journal.open_or_recover(tmp_path / "cut" / "journal.db")
    assert reopened is not None
    kept = len(reopened.load(1).events) if reopened.games() else 0
    assert kept < 40                                   # SQLite fell back to an earlier state, silently
    assert reopened.lost > 0 and notice is not None and "lost its last" in notice.text()
    reopened.close()
    again, notice = Journal.open_or_recover(tmp_path / "cut" / "journal.db")
    assert notice is None and again.lost == 0          # told once; the mark now matches the file


def test_an_undo_whose_mark_was_lost_is_no_false_alarm(tmp_path):
    path = tmp_path / "journal.db"
    journal, s = _journal_with_moves(path, 10)
    mark = journal.mark_path.read_bytes()
    s.undo()
    journal.close()
    journal.mark_path.write_bytes(mark)                 # the mark's write after the undo never reached the disk
    reopened, notice = Journal.open_or_recover(path)
    assert notice is None and reopened.lost == 0


# ---------------------------------------------------------------------- the file going away while running

@pytest.mark.parametrize("how", ["deleted", "replaced", "folder removed"])
def test_a_journal_deleted_or_replaced_while_running_refuses_further_moves(tmp_path, how):
    folder = tmp_path / "state"
    journal, s = _journal_with_moves(folder / "journal.db", 10)
    if how == "deleted":
        (folder / "journal.db").unlink()
    elif how == "replaced":
        (folder / "other.db").write_bytes((folder / "journal.db").read_bytes())
        (folder / "other.db").replace(folder / "journal.db")
    else:
        shutil.rmtree(folder)
    before = copy_state(s.state)
    with pytest.raises(SaveError) as raised:
        s.submit(finished_events(4, 5)[10])
    assert "removed or replaced" in raised.value.notice.text()
    assert s.state == before and len(s.game.events) == 10
    with pytest.raises(SaveError):
        s.undo()
    assert len(s.game.events) == 10
    if how != "replaced":
        assert not (folder / "journal.db").exists()       # nothing "saved" into a new file either


# ---------------------------------------------------------------------- the whole-file check, after the first frame

def _old_game_damaged(path):
    """A journal with two finished games and an unfinished one (10 moves), the first leaf
    page of the moves (rows of the first finished game only) zeroed: damage only SQLite's
    whole-file check reads. Returns the unfinished game's session as played."""
    j = Journal(path)
    for seed in (1, 2):
        done = Session("trajan", setup(2, seed=seed), j)
        for e in finished_events(2, seed=seed):
            done.submit(e)
    s = Session("trajan", setup(2, seed=7), j)
    for e in finished_events(2, seed=7)[:10]:
        s.submit(e)
    j.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    try:
        (page,), = j.db.execute("SELECT pageno FROM dbstat WHERE name = 'events' AND pagetype = 'leaf' "
                                "ORDER BY path LIMIT 1").fetchall()
    except sqlite3.OperationalError:
        pytest.skip("this SQLite has no dbstat table to find an old game's page by")
    size = j.db.execute("PRAGMA page_size").fetchone()[0]
    j.close()
    with open(path, "r+b") as f:
        f.seek((page - 1) * size)
        f.write(bytes(size))
    db = sqlite3.connect(path)      # what the old open refused: a fault listed, or raised
    try:
        assert db.execute("PRAGMA quick_check").fetchone()[0] != "ok"
    except sqlite3.DatabaseError as exc:
        assert is_damage(exc)
    finally:
        db.close()
    return s


def test_start_up_does_not_run_the_whole_file_check(tmp_path):
    """Damage in an old finished game's pages: the open (which checks what resuming reads)
    goes on, the game resumes exactly; only the check after the first frame finds it."""
    path = tmp_path / "j.db"
    played = _old_game_damaged(path)
    j, notice = Journal.open_or_recover(path)
    assert j is not None and notice is None and j.file_check is None
    session, _message = resume_unfinished(j)
    assert session is not None and session.state == played.state
    j.close()


def test_damage_in_an_old_game_is_found_in_the_background_shown_and_set_aside_next_start(tmp_path):
    path = tmp_path / "j.db"
    played = _old_game_damaged(path)
    j, _notice = Journal.open_or_recover(path)
    assert j is not None
    session, _message = resume_unfinished(j)
    check = j.check_whole_file()
    assert check.wait(30) and check.damage and check.seconds is not None
    notice = check.notice()
    assert notice is not None and "damaged" in notice.text() and "next start" in notice.text()
    assert notice.level == "fault"                      # it lasts: play goes on in a damaged file
    assert check.notice() is None                       # said once
    assert j.damage_marker.exists()
    session.submit(finished_events(2, seed=7)[10])      # play goes on, saved
    j.close()
    fresh, notice = Journal.open_or_recover(path)      # the next start: set aside, the game taken along
    assert fresh is not None and notice is not None and "kept aside" in notice.text()
    assert "unfinished game goes on" in notice.text()
    aside = [p.name for p in tmp_path.iterdir() if p.name.startswith("j.db.damaged-")]
    assert len(aside) == 1, aside               # taking the game along made no -wal or -shm there
    assert not fresh.damage_marker.exists()
    resumed, _message = resume_unfinished(fresh)
    assert resumed is not None and resumed.game.events == played.game.events + [finished_events(2, seed=7)[10]]
    fresh.close()


def test_the_app_says_what_the_background_check_found(tmp_path):
    from display.controller import Controller
    from firmware_host.app import _check_journal

    path = tmp_path / "j.db"
    _old_game_damaged(path)
    j, _notice = Journal.open_or_recover(path)
    ctl = Controller(j)
    _check_journal(ctl)                      # the first call, after the first frame, starts it
    assert j.file_check is not None and j.file_check.wait(30)
    _check_journal(ctl)                      # a later turn of the loop says it
    assert ctl.message_level == "bad" and "damaged" in ctl.message
    j.close()


def test_a_sound_file_passes_the_background_check_quietly(tmp_path):
    j, _s = _journal_with_moves(tmp_path / "j.db")
    check = j.check_whole_file()
    assert check.wait(30) and check.damage is None and check.notice() is None
    assert not j.damage_marker.exists()
    j.close()


def test_closing_the_journal_stops_the_check(tmp_path, monkeypatch):
    """The check is held mid-way (a progress handler slows SQLite to 10 ms an instruction:
    minutes for this file) when the journal closes: only the interrupt ends it."""
    import threading
    import time

    from firmware_host import journal as journal_module

    j, _s = _journal_with_moves(tmp_path / "j.db")
    real, running = sqlite3.connect, threading.Event()

    def slow(*args, **kwargs):
        db = real(*args, **kwargs)
        if kwargs.get("check_same_thread") is False:        # the check's own connection

            def crawl():
                running.set()
                time.sleep(0.01)
                return 0
            db.set_progress_handler(crawl, 1)
        return db
    monkeypatch.setattr(journal_module.sqlite3, "connect", slow)
    check = j.check_whole_file()
    assert running.wait(30) and not check.done
    j.close()
    assert check.wait(5)
    assert check.seconds is None and check.damage is None           # interrupted: nothing found, nothing told


def test_a_marker_on_a_sound_file_is_checked_whole_and_removed(tmp_path):
    """A marker left for a file since replaced (a restored backup): the open checks the whole
    file, finds it sound, keeps it and removes the marker."""
    s = _closed_journal(tmp_path / "j.db")
    marker = tmp_path / "j.db.check-failed"
    marker.write_text("2026-01-01 00:00:00 quick_check: old news\n")
    j, notice = Journal.open_or_recover(tmp_path / "j.db")
    assert j is not None and notice is None and not marker.exists()
    assert len(j.load(s.game_id).events) == 20
    j.close()


def test_the_players_go_along_with_the_unfinished_game(tmp_path):
    from firmware_host.players import Players

    path = tmp_path / "j.db"
    j = Journal(path)
    Players(j).add("Anna", colour="red", token="04a22b3c")
    j.close()
    played = _old_game_damaged(path)
    j, _notice = Journal.open_or_recover(path)
    assert j is not None and j.check_whole_file().wait(30)
    j.close()
    fresh, notice = Journal.open_or_recover(path)
    assert fresh is not None and notice is not None and "unfinished game goes on" in notice.text()
    [anna] = Players(fresh).list()
    assert (anna.name, anna.colour, anna.token) == ("Anna", "red", "04a22b3c")
    assert resume_unfinished(fresh)[0].state == played.state
    fresh.close()


def test_a_carry_over_cut_short_is_done_at_the_next_start(tmp_path, monkeypatch):
    """A power cut after the damaged file went aside and the fresh one was made, before the
    game was taken along: the note left beside it brings the game along at the next start."""
    path = tmp_path / "j.db"
    played = _old_game_damaged(path)
    j, _notice = Journal.open_or_recover(path)
    assert j is not None and j.check_whole_file().wait(30)
    j.close()

    def cut(cls, aside, fresh):
        raise KeyboardInterrupt             # stands for the power going: nothing after it runs
    monkeypatch.setattr(Journal, "_carry_over", classmethod(cut))
    with pytest.raises(KeyboardInterrupt):
        Journal.open_or_recover(path)
    monkeypatch.undo()
    assert (tmp_path / "j.db.carry-over").exists() and not (tmp_path / "j.db.check-failed").exists()
    fresh, _notice = Journal.open_or_recover(path)
    assert fresh is not None and not (tmp_path / "j.db.carry-over").exists()
    assert resume_unfinished(fresh)[0].state == played.state
    fresh.close()
    again, _notice = Journal.open_or_recover(path)          # once only
    assert again is not None and len(again.games()) == 1
    again.close()


def test_the_games_set_aside_are_found_by_the_index(tmp_path):
    j, s = _journal_with_moves(tmp_path / "j.db", moves=3)
    other = Session("trajan", setup(2, 8), j)
    j.abandon(s.game_id)
    # the unfinished game and the finished ones are not read (INDEXED BY: an error without the index)
    assert [(gid, game, n) for gid, game, _created, n in j.set_aside()] == [(s.game_id, "trajan", 3)]
    assert other.game_id not in [gid for gid, *_rest in j.set_aside()]
    j.close()
