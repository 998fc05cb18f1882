"""Sharing results (issue 15): the BG Stats push link, the exports (JSON read back field by
field), the export to a USB stick with its progress and its refusals."""

import errno
import json
import os
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from firmware_host.history import History, Played, SeatResult
from firmware_host.journal import Journal
from firmware_host.players import Players
from firmware_host.session import Session
from firmware_host.share import (
    BGG_IDS,
    CREATE_PLAY,
    ShareError,
    bgstats_play,
    bgstats_url,
    export,
    export_to,
    read_json,
)
from tests.trajan_fixtures import finished_events, setup

FIVE = ("Annamária Kovács", "Bartholomew Jone", "Zsófia & Co =1+", "Дмитрий Соколов", "李小龙")


def _played(names=FIVE, game="concordia"):
    seats = tuple(SeatResult(i, n, 10 + i, 150 - 7 * i, i + 1, i == 0, i == 1, {"vesta": i})
                  for i, n in enumerate(names))
    return Played(42, game, 1_700_000_000.0, 1_700_007_200.0, 118, seats, {"map": "imperium"}, None)


def _decode(url):
    assert url.startswith(CREATE_PLAY)
    query = urlsplit(url).query
    assert query.count("=") == 1 and "&" not in query and "#" not in url and " " not in url
    return json.loads(unquote(query.removeprefix("data=")))


def test_the_push_link_holds_the_play_bg_stats_imports():
    url = bgstats_url(_played())
    play = _decode(url)
    assert play == bgstats_play(_played())
    assert play["sourceName"] and play["sourcePlayId"] == "tc-42-1700007200"
    assert play["playDate"] == "2023-11-14 22:13:20" and play["durationMin"] == 118
    assert play["game"] == {"name": "Concordia", "bggId": BGG_IDS["concordia"]}
    assert [p["name"] for p in play["players"]] == list(FIVE)
    assert [(p["score"], p["winner"], p["rank"]) for p in play["players"]] == [
        (150, True, 1), (143, False, 2), (136, False, 3), (129, False, 4), (122, False, 5)]
    assert [p.get("startPlayer", False) for p in play["players"]] == [False, True, False, False, False]


def test_a_game_without_points_is_pushed_without_scores():
    play = bgstats_play(_played(("Anna", "Bela"), game="chariot_race"))
    assert play["game"] == {"name": "Chariot Race", "sourceGameId": "chariot_race", "noPoints": True}
    assert all("score" not in p and "winner" in p for p in play["players"])


def test_the_push_link_of_five_long_names_fits_a_qr_code_read_from_the_screen():
    segno = pytest.importorskip("segno")
    url = bgstats_url(_played())
    assert len(url) < 900
    qr = segno.make(url, error="m", boost_error=False)
    # version 24: 113 modules + 8 of quiet zone in 400 px of the 7" screen = 3.3 px (0.64 mm) a module
    assert qr.version <= 24


@pytest.fixture
def history(tmp_path):
    journal = Journal(tmp_path / "journal.db")
    for name in ("Anna", "Bela"):      # picked on the set-up screen: profiles before the game
        Players(journal).add(name)
    for seed in (3, 8):
        s = Session("trajan", setup(2, seed), journal)
        for e in finished_events(2, seed):
            s.submit(e)
    yield History(journal)
    journal.close()


def test_the_json_export_reads_back_field_by_field(history):
    text = export(history, "json")
    back = read_json(text)
    assert back == list(reversed(history.finished()))          # oldest first
    assert back[0].seats[0].sources and back[0].options["edition"] == 2
    with pytest.raises(ValueError, match="not a table-companion-history"):
        read_json('{"games": []}')


def test_the_csv_export_has_a_row_per_seat_and_bgstats_a_play_per_game(history):
    rows = export(history, "csv").splitlines()
    assert rows[0].startswith("game_id,game,started,finished,duration_min,seat,name")
    assert len(rows) == 1 + 2 * 2
    plays = json.loads(export(history, "bgstats"))
    assert len(plays) == 2 and all(p["players"][0]["sourcePlayerId"].startswith("p") for p in plays)
    assert export(history, "json", since=4e9).count('"game_id"') == 0
    with pytest.raises(ValueError):
        export(history, "xml")      # type: ignore[arg-type]


def test_export_to_a_stick_writes_everything_with_progress(history, tmp_path):
    stick = tmp_path / "stick"
    stick.mkdir()
    calls = []
    files = export_to(stick, history, history.journal.path, lambda done, total: calls.append((done, total)))
    assert sorted(p.suffix for p in files) == [".csv", ".db", ".json", ".json"]
    assert sorted(stick.iterdir()) == sorted(files)                   # nothing half-written left
    assert calls[0][0] == 0 and calls[-1][0] == calls[-1][1]
    assert all(a[0] <= b[0] for a, b in zip(calls, calls[1:]))
    assert read_json(next(p for p in files if p.name.startswith("history-") and p.suffix == ".json")
                     .read_text(encoding="utf-8")) == list(reversed(history.finished()))


@pytest.mark.parametrize("code, words", [(errno.ENOSPC, "full"), (errno.EROFS, "read-only"), (errno.EIO, "went away")])
def test_a_full_read_only_or_vanished_stick_is_one_line(history, tmp_path, monkeypatch, code, words):
    stick = tmp_path / "stick"
    stick.mkdir()
    real = os.replace

    def failing(src, dst):
        if Path(dst).parent == stick:
            raise OSError(code, os.strerror(code))
        return real(src, dst)
    monkeypatch.setattr(os, "replace", failing)
    with pytest.raises(ShareError) as err:
        export_to(stick, history, history.journal.path, lambda d, t: None)
    assert words in str(err.value) and "\n" not in str(err.value)
    assert list(stick.iterdir()) == []


def test_no_stick_is_said_before_anything_is_written(history, tmp_path):
    with pytest.raises(ShareError, match="No USB stick"):
        export_to(tmp_path / "not-mounted", history, history.journal.path, lambda d, t: None)


@pytest.fixture
def tehran(monkeypatch):
    """The box's local time zone: Tehran (UTC+3:30, no daylight saving since 2022)."""
    import time

    monkeypatch.setenv("TZ", "Asia/Tehran")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_play_dates_and_csv_times_are_local(tehran, history):
    assert bgstats_play(_played())["playDate"] == "2023-11-15 01:43:20"        # 22:13:20 UTC
    from firmware_host.share import _render

    row = _render([_played()], "csv").splitlines()[1].split(",")
    assert row[2:4] == ["2023-11-15 01:43:20", "2023-11-15 03:43:20"]


def test_the_csv_on_the_stick_has_a_byte_order_mark(history, tmp_path):
    stick = tmp_path / "stick"
    stick.mkdir()
    files = export_to(stick, history, history.journal.path, lambda done, total: None)
    csv_file = next(p for p in files if p.suffix == ".csv")
    assert csv_file.read_bytes().startswith(b"\xef\xbb\xbfgame_id,")
    assert not next(p for p in files if p.suffix == ".json").read_bytes().startswith(b"\xef\xbb\xbf")
