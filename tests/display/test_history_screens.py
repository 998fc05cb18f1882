"""History and statistics on screen (issue 15, parts 2-4): finished games with their players,
scores and winner, unfinished ones apart (resume, or abandon after a question), a finished
game opened read-only, the statistics as the journal's SQL computes them, and the export onto
a USB stick with its progress bar."""

from __future__ import annotations

import os
import random
import sqlite3
from pathlib import Path

import pytest
from test_players_screens import readable

from display import text, theme
from display.controller import Controller
from display.screenshots import _named
from display.script import run_line, run_lines
from firmware_host import i18n
from firmware_host.data import load
from firmware_host.games import GAMES, plugin
from firmware_host.journal import Journal

NAMES = ("Anna", "Bela", "Chen", "Dara", "Emil")


def play_out(ctl, game: str, names: tuple[str, ...], seed: int, moves: int | None = None) -> int:
    """A random game of ``game`` by ``names`` through the session, to its end (or ``moves``
    moves); returns its journal id and leaves the home screen shown. Each name is a profile
    first, as the set-up screen's picker makes it (the end of a game links by name only)."""
    for name in names:
        ctl.players.ensure(name)
    p = plugin(game)
    rng = random.Random(seed)
    ctl.start_game(game, _named(p.demo_setup(len(names), rng, load(p.data)), names))
    gid = ctl.session.game_id
    while not ctl.session.state.over and (moves is None or len(ctl.session.game.events) < moves):
        assert ctl.submit(p.random_move(ctl.session.game, rng)), ctl.message
    ctl.close_game()
    return gid


@pytest.fixture
def ctl(tmp_path):
    c = Controller(Journal(tmp_path / "j.db"))
    yield c
    c.journal.close()


@pytest.fixture
def evening(ctl):
    """One finished game of each kind, then one Trajan game left after 10 moves."""
    ids = [play_out(ctl, game, NAMES[k % 2:k % 2 + 4], 10 + k) for k, game in enumerate(GAMES)]
    unfinished = play_out(ctl, next(iter(GAMES)), NAMES[:3], 99, moves=10)
    return ids, unfinished


def drawn_texts(ctl, surface) -> list[str]:
    with text.recording() as drawn:
        ctl.draw(surface)
    return [d.text for d in drawn]


def test_finished_games_newest_first_with_players_scores_and_winner(ctl, evening, surface):
    ids, unfinished = evening
    run_line(ctl, "tap games")
    screen = ctl.active
    rows = [b for b in screen.widgets() if b.id.startswith("played:")]
    assert [b.id for b in rows] == [f"played:{g}" for g in reversed(ids)]
    history = ctl.history
    for b in rows:
        played = history.played(int(b.id[7:]))
        parts = b.sub.split(" · ")              # each part isolated (FSI ... PDI) for right to left
        assert all(n.startswith(text.FSI) and n.endswith(text.PDI) for n in parts)
        assert [s.name for s in played.seats] == [n.strip(text.FSI + text.PDI).split(" ")[0] for n in parts]
        assert ("★" in b.sub) == bool(played.winners)
        if plugin(played.game).scored:          # a race has places, no points: none shown
            assert all(f"{s.name} {s.score}" in b.sub for s in played.seats)
    assert f"resume:{unfinished}" not in [b.id for b in screen.widgets()]      # listed apart
    run_line(ctl, "tap tab:unfinished")
    assert [b.id for b in ctl.active.widgets() if b.id.startswith(("resume:", "abandon:"))] == \
        [f"resume:{unfinished}", f"abandon:{unfinished}"]
    assert readable(ctl, surface) == []


def test_a_played_game_shows_its_seats_and_opens_read_only(ctl, evening, surface):
    ids, _unfinished = evening
    run_lines(ctl, ["tap games", f"tap played:{ids[0]}"])
    played = ctl.history.played(ids[0])
    texts = drawn_texts(ctl, surface)
    for s in played.seats:
        assert any(t.startswith(s.name) for t in texts), s.name
    assert readable(ctl, surface) == []
    run_line(ctl, "tap tally")                           # the game's own final screen, again
    assert ctl.session.game_id == ids[0] and ctl.session.finished and not ctl.overlays
    events = len(ctl.session.game.events)
    run_line(ctl, "press undo")                          # refused: a finished game is only shown
    assert "finished" in ctl.message and len(ctl.session.game.events) == events
    assert ctl.history.played(ids[0]) == played


def test_an_unfinished_game_is_resumed_or_abandoned_after_a_question(ctl, evening):
    _ids, unfinished = evening
    run_lines(ctl, ["tap games", "tap tab:unfinished", f"tap abandon:{unfinished}"])
    assert type(ctl.active).__name__ == "ConfirmScreen"
    run_line(ctl, "tap no")
    assert ctl.journal.unfinished() == unfinished
    run_line(ctl, f"tap resume:{unfinished}")
    assert ctl.session.game_id == unfinished and len(ctl.session.game.events) == 10
    run_lines(ctl, ["hold undo", "tap games", "tap tab:unfinished", f"tap abandon:{unfinished}", "tap yes"])
    assert ctl.journal.unfinished() is None and ctl.session is None     # the abandoned game is closed
    assert "Set aside" in ctl.message
    run_line(ctl, "tap tab:aside")
    assert ctl.active.find(f"open:{unfinished}") is not None


@pytest.mark.parametrize("error", [sqlite3.OperationalError("database or disk is full"),
                                   sqlite3.OperationalError("database is locked")])
def test_an_abandon_the_disk_refuses_is_one_line_and_changes_nothing(ctl, evening, monkeypatch, error):
    """The journal's write raises SQLite's own error (full, locked, read-only): said on the
    message line, the game still unfinished, the screen still History."""
    _ids, unfinished = evening

    def refuse(*_a, **_k):
        raise error
    monkeypatch.setattr(ctl.journal, "abandon", refuse)
    run_lines(ctl, ["tap games", "tap tab:unfinished", f"tap abandon:{unfinished}", "tap yes"])
    assert ctl.message.startswith("The game could not be abandoned") and "nothing changed" in ctl.message
    assert ctl.message_level == "bad" and "\n" not in ctl.message
    assert type(ctl.active).__name__ == "HistoryScreen" and ctl.journal.unfinished() == unfinished
    assert ctl.active.find(f"abandon:{unfinished}") is not None


def test_older_games_a_page_at_a_time(ctl):
    game = next(iter(GAMES))
    ids = [play_out(ctl, game, NAMES[:2], seed) for seed in range(7)]
    run_line(ctl, "tap games")
    assert not ctl.active.find("prev").enabled
    first = [b.id for b in ctl.active.widgets() if b.id.startswith("played:")]
    run_line(ctl, "tap next")
    second = [b.id for b in ctl.active.widgets() if b.id.startswith("played:")]
    assert first + second == [f"played:{g}" for g in reversed(ids)]
    assert not ctl.active.find("next").enabled


def test_statistics_show_the_journals_figures(ctl, evening, surface):
    run_lines(ctl, ["tap stats"])
    screen = ctl.active
    expected = sorted(ctl.history.player_stats(), key=lambda s: (-s.plays, -s.wins, s.name))
    assert screen.stats == expected and len(expected) == 5
    texts = drawn_texts(ctl, surface)
    top = expected[0]
    assert top.name in texts and f"{round(top.win_rate * 100)} %" in texts
    assert readable(ctl, surface) == []
    run_line(ctl, "tap view:h2h")
    a, b = expected[0], expected[1]
    ahead, behind, level = ctl.history.head_to_head(a.player_id, b.player_id)
    assert f"{ahead}–{behind}" + (f" ({level})" if level else "") in drawn_texts(ctl, surface)
    assert readable(ctl, surface) == []
    game = next(g for g in GAMES if plugin(g).sources)
    run_lines(ctl, [f"tap game:{game}", "tap view:table", f"tap player:{a.player_id}"])
    assert ctl.active.view == "player" and ctl.active.player_id == a.player_id
    sources = ctl.history.sources(a.player_id, game)
    labels = dict(plugin(game).sources)
    texts = drawn_texts(ctl, surface)
    if sources:
        biggest = max(sources, key=lambda k: abs(sources[k]))
        assert labels.get(biggest, biggest) in texts
    assert readable(ctl, surface) == []


def test_all_games_show_no_scores_and_a_race_no_points(ctl, evening, surface):
    """One game's points added to another's say nothing: "All games" shows plays, wins and
    streaks; a game without points (a race) shows places and chariots, not "points"."""
    run_line(ctl, "tap stats")
    for view in ("table", "player"):
        run_line(ctl, f"tap view:{view}")
        texts = drawn_texts(ctl, surface)
        assert "Plays" in texts and "Average" not in texts and "Best" not in texts, view
    scored_game = next(g for g in GAMES if plugin(g).scored and plugin(g).sources)
    run_lines(ctl, [f"tap game:{scored_game}", "tap view:table"])
    assert "Average" in drawn_texts(ctl, surface)
    race = next((g for g in GAMES if not plugin(g).scored and plugin(g).sources), None)
    if race is None:
        return
    run_lines(ctl, [f"tap game:{race}", "tap view:player"])
    texts = drawn_texts(ctl, surface)
    assert "Average" not in texts and not any("Points" in t or "points" in t for t in texts), texts
    assert "By source (average a game)" in texts


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_history_and_statistics_in_every_language(ctl, evening, surface, tmp_path, lang):
    """Text readable and not cut in each language; Persian mirrored (Back on the left, the
    list on the right)."""
    ids, _unfinished = evening
    bad = []
    for key, lines in (("history", ["tap games"]), ("played", [f"tap played:{ids[1]}"]),
                       ("stats", ["tap close", "tap stats"]), ("h2h", ["tap view:h2h"]),
                       ("player", ["tap view:player"])):
        run_lines(ctl, lines)
        bad += [f"{key}: {p}" for p in readable(ctl, surface, lang)]
        i18n.set_language(lang)
        try:
            back = ctl.active.find("close")
            on_the_right = key != "played"          # History and Statistics keep Back on the right
            assert (back.rect.centerx > theme.WIDTH // 2) == on_the_right ^ (lang == "fa"), key
        finally:
            i18n.set_language("en")
            ctl.set_language("en")
    assert bad == []


# ---------------------------------------------------------------------- USB

def test_export_to_a_usb_stick_with_a_progress_bar(ctl, evening, tmp_path, monkeypatch):
    stick = tmp_path / "stick"
    ctl.usb_path = stick
    run_lines(ctl, ["tap games"])
    assert not ctl.active.find("usb").enabled and "No USB stick" in ctl.active.find("usb").reason
    stick.mkdir()
    assert not ctl.active.find("usb").enabled            # a folder, nothing mounted: no stick
    real = os.path.ismount
    monkeypatch.setattr(os.path, "ismount", lambda p: Path(p) == stick or real(p))
    ctl.active.invalidate()
    shown = []
    ctl.present = lambda: shown.append((ctl.active.done, ctl.active.total))
    run_lines(ctl, ["tap usb", "tap start"])
    usb = ctl.active
    assert usb.state == "done" and ctl.message_level == "good"
    names = sorted(p.name for p in stick.iterdir())
    assert [p.name for p in usb.written] and sorted(p.name for p in usb.written) == names
    assert any(n.startswith("bgstats-") for n in names) and any(n.endswith(".db") for n in names)
    assert shown[-1][0] == shown[-1][1] > 0 and len(shown) > 2       # the bar moved, file by file


def test_a_stick_that_cannot_be_written_is_one_line(ctl, evening, tmp_path, monkeypatch):
    stick = tmp_path / "stick"
    stick.mkdir()
    ctl.usb_path = stick
    monkeypatch.setattr(os.path, "ismount", lambda p: Path(p) == stick)
    run_lines(ctl, ["tap games", "tap usb"])
    from firmware_host import share

    def full(*_a, **_k):
        raise share.ShareError("The USB stick is full ({path}).", path=str(stick))
    monkeypatch.setattr("display.usb.export_to", full)
    run_line(ctl, "tap start")
    assert ctl.active.state == "failed" and ctl.message == f"The USB stick is full ({stick})."
    assert ctl.message_level == "bad" and "\n" not in ctl.message
    assert ctl.active.find("start").label == "Try again"


def test_a_game_an_older_companion_finished_is_listed_with_its_results(ctl):
    """A finished game without results (kept before there were any) gets them when History
    opens: replayed once, then listed like the others."""
    gid = play_out(ctl, next(iter(GAMES)), NAMES[:2], 4)
    with ctl.journal.writing() as db:
        db.execute("DELETE FROM results WHERE game_id = ?", (gid,))
        db.execute("DELETE FROM outcomes WHERE game_id = ?", (gid,))
    assert ctl.history.finished() == []
    run_line(ctl, "tap games")
    assert ctl.active.find(f"played:{gid}") is not None
    assert [s.name for s in ctl.history.played(gid).seats] == list(NAMES[:2])


def test_a_persian_row_keeps_each_number_beside_its_unit():
    """A History row in Persian: title · date · minutes, each part isolated (FSI ... PDI).
    Drawn left to right (the line reads from the right): the minutes, "0" right beside
    "دقیقه", then the date whole, then the title. Joined without the isolates the date pulls
    the "0" away from its unit (bidi rule W7: a number after Latin-typed text is Latin)."""
    date = "2026-11-23 23:36"
    drawn = [p.text.strip() for p in text.pieces(text.joined(("ترایانوس", date, "0 دقیقه")))]
    assert drawn == ["دقیقه", "0", "·", date, "·", "ترایانوس"]
    plain = [p.text.strip() for p in text.pieces(" · ".join(("ترایانوس", date, "0 دقیقه")))]
    assert plain[1] == f"{date} · 0"                                # the defect the isolates mend
    assert text.levels("\u2067abc\u2069") == [0, 2, 2, 2, 0]       # RLI in a left-to-right line
