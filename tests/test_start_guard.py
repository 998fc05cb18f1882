"""Start-up's one guard around the stores (journal, tags, config), in process: a store that
cannot be used is a message on the home screen with Try again, and no game is played until it
can be saved; damaged names do not crash a start; unknown tags do not stack; a UID that is not
one is refused at the door; a journal deleted while running refuses the next move through the
app's real loop. The same faults against the real entry point: tests/reliability/test_store_faults.py."""

import json
import sqlite3
import time

import pytest

from display.controller import Controller
from display.script import run_line
from display.tags import UnknownTagScreen
from firmware_host.inputs import TagRead, TextEntered
from firmware_host.journal import Journal, Notice, _chain, _game_sum
from firmware_host.session import Session, Stores
from firmware_host.tags import TagRegistry
from tests.reliability.damage import _through_the_loop
from tests.trajan_fixtures import finished_events, setup


@pytest.fixture(scope="module")
def surface():
    """The 800x480 screen, headless (tests/conftest.py selects SDL's dummy driver)."""
    import pygame

    pygame.display.init()
    pygame.font.init()
    return pygame.display.get_surface() or pygame.display.set_mode((800, 480))


def _stores(tmp_path):
    return Stores(tmp_path / "journal.db", tmp_path / "tags.db")


# ---------------------------------------------------------------------- a store that cannot be used

def test_a_journal_that_cannot_be_used_is_a_home_screen_message_and_play_waits_for_it(tmp_path, surface):
    (tmp_path / "journal.db").mkdir()
    stores = _stores(tmp_path)
    ctl = Controller(None, stores=stores)
    assert ctl.journal is None and ctl.faults and ctl.message_level == "bad"
    assert "Games cannot be saved" in ctl.message and "is a folder" in ctl.message
    ctl.draw(surface)
    assert ctl.active.find("retry") is not None and ctl.active.find("games") is None
    run_line(ctl, "tap new:trajan")                     # refused: nothing could be saved
    assert not ctl.overlays and "Games cannot be saved" in ctl.message
    ctl.start_game("trajan", setup(2))                  # not even through the back door
    assert ctl.session is None
    (tmp_path / "journal.db").rmdir()                   # the player moved the folder away
    run_line(ctl, "tap retry")
    assert ctl.journal is not None and not ctl.faults and ctl.message_level == "good"
    ctl.draw(surface)
    run_line(ctl, "tap new:trajan")
    assert ctl.overlays                                 # the new-game form
    stores.close()


def test_a_journal_that_opens_on_a_later_try_resumes_its_unfinished_game(tmp_path):
    path = tmp_path / "journal.db"
    journal = Journal(path)
    s = Session("trajan", setup(2, 3), journal)
    for e in finished_events(2, 3)[:8]:
        s.submit(e)
    journal.close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("PRAGMA locking_mode=EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")                   # another program holds it
    stores = _stores(tmp_path)
    ctl = Controller(None, stores=stores)
    assert "another program is using" in ctl.message and ctl.session is None
    holder.execute("ROLLBACK")
    holder.close()
    run_line(ctl, "tap new:trajan")                     # tries again: opens, and resumes first
    assert ctl.session is not None and len(ctl.session.game.events) == 8 and not ctl.overlays
    stores.close()


def test_a_config_that_cannot_be_read_refuses_play_with_its_reason(surface):
    notice = Notice("The settings cannot be used, so nothing can be saved: {error}",
                    {"error": "config.toml: not valid TOML"}, "Fix the settings file.", level="fault")
    ctl = Controller(None, stores=Stores.failed(notice))
    assert "not valid TOML" in ctl.message
    ctl.draw(surface)
    run_line(ctl, "tap new:trajan")
    run_line(ctl, "tap retry")
    assert ctl.session is None and not ctl.overlays and "not valid TOML" in ctl.message


def test_tags_that_cannot_be_used_leave_the_game_playable(tmp_path, surface):
    (tmp_path / "tags.db").mkdir()
    stores = _stores(tmp_path)
    ctl = Controller(None, stores=stores)
    assert ctl.journal is not None and ctl.tags is None
    assert any("NFC tags cannot be used" in n.text() for n in ctl.faults)
    ctl.draw(surface)
    ctl.handle(TagRead("04a1a1a1"))
    assert "not available" in ctl.message
    run_line(ctl, "tap new:trajan")
    assert ctl.overlays
    stores.close()


def test_a_damaged_tags_file_is_kept_aside_and_a_fresh_one_started(tmp_path):
    (tmp_path / "tags.db").write_text("not a database\n" * 100)
    registry, notice = TagRegistry.open_or_recover(tmp_path / "tags.db")
    assert registry is not None and "kept aside" in notice.text()
    assert registry.enrolled() == []
    assert list(tmp_path.glob("tags.db.damaged-*"))
    registry.close()


# ---------------------------------------------------------------------- names no font can draw

def _rechain(journal, gid):
    """Recompute a game's checksums after the test changed its setup (as a foreign program
    writing the file would)."""
    game, text = journal.db.execute("SELECT game, setup FROM games WHERE id = ?", (gid,)).fetchone()
    prev = _game_sum(game, text)
    journal.db.execute("UPDATE games SET sum = ? WHERE id = ?", (prev, gid))
    for seq, event in journal.db.execute("SELECT seq, event FROM events WHERE game_id = ? ORDER BY seq",
                                         (gid,)).fetchall():
        prev = _chain(prev, seq, event)
        journal.db.execute("UPDATE events SET sum = ? WHERE game_id = ? AND seq = ?", (prev, gid, seq))
    journal.db.execute("UPDATE games SET head = ? WHERE id = ?", (prev, gid))


@pytest.mark.parametrize("moves", [0, 10, 10_000])
@pytest.mark.parametrize("name", ["An\x00na", "An\ud800na"])
def test_a_name_holding_nul_or_a_lone_surrogate_does_not_crash_a_start(tmp_path, surface, name, moves):
    path = tmp_path / "journal.db"
    journal = Journal(path)
    s = Session("trajan", setup(4, 5), journal)
    for e in finished_events(4, 5)[:moves]:
        s.submit(e)
    doc = json.loads(journal.db.execute("SELECT setup FROM games").fetchone()[0])
    doc["players"][0][1] = name
    journal.db.execute("UPDATE games SET setup = ?", (json.dumps(doc),))
    _rechain(journal, s.game_id)
    journal.close()
    journal = Journal(path)
    ctl = Controller(journal)
    if ctl.session is None:                             # the finished game, from Saved games
        ctl.open_game(s.game_id)
    assert ctl.session is not None, ctl.message
    ctl.draw(surface)
    journal.close()


def test_text_typed_or_said_is_cleaned_and_cut_before_it_is_drawn(surface):
    ctl = Controller(None)
    ctl.say("bad\x00name \ud800 " + "x" * 50_000)
    assert "\x00" not in ctl.message and "\ud800" not in ctl.message and len(ctl.message) <= 300
    started = time.perf_counter()
    ctl.draw(surface)
    assert time.perf_counter() - started < 2
    got = []
    ctl.active.text_entered = got.append               # a screen with a text field
    ctl.handle(TextEntered("A\x00\ud800"))
    assert got == ["A\ufffd\ufffd"]


# ---------------------------------------------------------------------- unknown tags

@pytest.fixture
def tag_ctl(tmp_path):
    return Controller(None, tags=TagRegistry(tmp_path / "tags.db"))


def test_a_thousand_unknown_tags_make_one_screen_and_one_undo_closes_it(tag_ctl, surface):
    for i in range(1000):
        tag_ctl.handle(TagRead(f"04{i:012x}"))
    unknown = [o for o in tag_ctl.overlays if isinstance(o, UnknownTagScreen)]
    assert len(unknown) == 1 and unknown[0].uid == f"04{999:012x}"
    tag_ctl.draw(surface)
    run_line(tag_ctl, "press undo")
    assert not tag_ctl.overlays


def test_an_unknown_tag_under_the_menu_is_replaced_not_stacked(tag_ctl):
    tag_ctl.handle(TagRead("04a1a1a1"))
    run_line(tag_ctl, "hold undo")                      # the menu over the question
    tag_ctl.handle(TagRead("04a1a1a2"))
    assert [type(o).__name__ for o in tag_ctl.overlays] == ["MenuScreen", "UnknownTagScreen"]


@pytest.mark.parametrize("uid", ["0" * 10_000, "04:a1" * 5000, "zz" * 7, "04a1a1", "04" * 11, "\x00" * 8])
def test_a_uid_that_is_not_one_is_refused_at_once(tag_ctl, surface, uid):
    started = time.perf_counter()
    tag_ctl.handle(TagRead(uid))
    tag_ctl.draw(surface)
    assert time.perf_counter() - started < 1
    assert not tag_ctl.overlays and "not a tag" in tag_ctl.message


# ---------------------------------------------------------------------- deleted while running

def test_a_journal_deleted_while_running_refuses_the_next_move_through_the_loop(tmp_path, surface):
    from display.script import inputs_for
    from firmware_host.engine.trajan.play import random_event

    folder = tmp_path / "state"
    journal = Journal(folder / "journal.db")
    ctl = Controller(journal)
    ctl.start_game("trajan", setup(4, 8))
    import random
    rng = random.Random(8)
    for _ in range(5):
        _through_the_loop(ctl, surface, inputs_for(ctl, random_event(ctl.session.game, rng)))
    moves = len(ctl.session.game.events)
    (folder / "journal.db").unlink()
    for _ in range(3):
        _through_the_loop(ctl, surface, inputs_for(ctl, random_event(ctl.session.game, rng)))
    assert len(ctl.session.game.events) == moves
    assert "removed or replaced" in ctl.message and ctl.message_level == "bad"
    assert not (folder / "journal.db").exists()
    journal.close()


def test_whatever_a_store_raises_at_start_is_a_message(tmp_path, monkeypatch, surface):
    def broken(cls, path):
        raise RuntimeError("something nobody foresaw")
    monkeypatch.setattr(Journal, "open_or_recover", classmethod(broken))
    monkeypatch.setattr(TagRegistry, "open_or_recover", classmethod(broken))
    stores = _stores(tmp_path)
    ctl = Controller(None, stores=stores)
    assert "something nobody foresaw" in ctl.message and len(ctl.faults) == 2
    ctl.draw(surface)


def test_a_rules_bug_met_while_resuming_sets_the_game_aside_not_a_crash_loop(tmp_path, monkeypatch):
    path = tmp_path / "journal.db"
    journal = Journal(path)
    s = Session("trajan", setup(2, 3), journal)
    for e in finished_events(2, 3)[:5]:
        s.submit(e)
    journal.close()

    def bug(*args, **kwargs):
        raise ZeroDivisionError("a bug in the rules")
    monkeypatch.setattr("firmware_host.session.Game", bug)
    journal = Journal(path)
    ctl = Controller(journal)
    assert ctl.session is None and "set aside" in ctl.message
    monkeypatch.undo()
    ctl.open_game(s.game_id)            # once the bug is fixed the game opens from Saved games
    assert ctl.session is not None and len(ctl.session.game.events) == 5
    journal.close()
