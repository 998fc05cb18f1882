"""The result on the players' phones (issue 15, part 4): the share screen's QR code, read back
from the rendered PNG by zbar as a phone would, holds the BG Stats link of the game: the
game and its BGG id, the players, their scores and the winner. Reached from the menu of a
finished game (generic: no game named) and from History."""

from __future__ import annotations

import json
import shutil
import subprocess
from urllib.parse import parse_qs, urlsplit

import pygame
import pytest
from test_history_screens import NAMES, play_out
from test_players_screens import readable

from display import theme, ui
from display.controller import Controller
from display.script import run_line, run_lines
from display.share import MIN_MODULE_PX, MM_PER_PX, QrTooSmall, ShareScreen, qr_picture
from firmware_host import i18n
from firmware_host.games import GAMES, plugin
from firmware_host.history import Played, SeatResult
from firmware_host.journal import Journal
from firmware_host.share import bgstats_url

ZBAR = shutil.which("zbarimg")
#: BoardGameGeek's ids (issue 15); Chariot Race's is left out, BG Stats matches it by name
BGG = {"trajan": 102680, "concordia": 124361}


def decode(png) -> str:
    """The text of the one QR code in ``png``, as zbar reads it."""
    if ZBAR is None:
        pytest.skip("zbarimg is not installed (Debian package zbar-tools; ./test.sh installs it)")
    out = subprocess.run([ZBAR, "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(png)],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    codes = out.stdout.strip().splitlines()
    assert len(codes) == 1, codes
    return codes[0]


def play_of(url: str) -> dict:
    """The BG Stats play a createPlay link carries."""
    parts = urlsplit(url)
    assert (parts.scheme, parts.netloc, parts.path) == ("https", "app.bgstatsapp.com", "/createPlay.html")
    return json.loads(parse_qs(parts.query)["data"][0])


def check_play(play: dict, played: Played) -> None:
    """The decoded play is ``played``: game, BGG id, each player's name, score and winner."""
    assert play["game"]["name"] == plugin(played.game).title
    assert play["game"].get("bggId") == BGG.get(played.game)
    assert [p["name"] for p in sorted(play["players"], key=lambda p: p["name"])] == \
        sorted(s.name for s in played.seats)
    by_name = {p["name"]: p for p in play["players"]}
    for s in played.seats:
        p = by_name[s.name]
        assert p["winner"] is s.winner
        if plugin(played.game).scored:
            assert p["score"] == s.score
        else:
            assert "score" not in p
    assert play["durationMin"] == played.duration_min


@pytest.fixture
def ctl(tmp_path):
    c = Controller(Journal(tmp_path / "j.db"))
    yield c
    c.journal.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_the_qr_code_of_a_finished_game_reads_back_as_its_bg_stats_play(ctl, surface, tmp_path, game):
    count = max(n for n in plugin(game).players if n <= 5)
    gid = play_out(ctl, game, NAMES[:count], 21)
    played = ctl.history.played(gid)
    run_lines(ctl, ["tap games", f"tap played:{gid}", "tap share"])
    screen = ctl.active
    assert isinstance(screen, ShareScreen) and screen.qr is not None
    png = tmp_path / "share.png"
    ctl.draw(surface)
    pygame.image.save(surface, str(png))
    url = decode(png)
    assert url == bgstats_url(played)
    check_play(play_of(url), played)
    # big enough for a phone's camera at 50 cm (display/share.py): whole-pixel modules of 4 px
    assert screen.qr.module_px >= MIN_MODULE_PX and screen.qr.module_mm >= 4 * MM_PER_PX
    assert screen.qr.surface.get_height() <= theme.CONTENT_BOTTOM
    assert readable(ctl, surface) == []


def test_the_menu_of_a_finished_game_shares_it_and_an_unfinished_one_does_not(ctl, tmp_path, surface):
    game = next(iter(GAMES))
    p = plugin(game)
    gid = play_out(ctl, game, NAMES[:2], 5)
    play_out(ctl, game, NAMES[:2], 6, moves=4)        # unfinished: resumed below
    ctl.open_game(gid + 1)
    run_line(ctl, "hold undo")
    assert ctl.active.find("share") is None
    run_line(ctl, "tap resume")
    ctl.open_game(gid)                                 # the finished one, shown read-only
    run_lines(ctl, ["hold undo", "tap share"])
    assert isinstance(ctl.active, ShareScreen) and ctl.active.played.game_id == gid
    png = tmp_path / "menu-share.png"
    ctl.draw(surface)
    pygame.image.save(surface, str(png))
    check_play(play_of(decode(png)), ctl.history.played(gid))
    assert p.name == game


@pytest.mark.parametrize("lang", ["fa", "zh_TW", "hu"])
def test_the_code_is_never_mirrored_and_reads_in_every_language(ctl, surface, tmp_path, lang):
    gid = play_out(ctl, next(iter(GAMES)), ("فرهاد", "陳美玲", "Ödön", "Anna"), 8)
    run_lines(ctl, ["tap games", f"tap played:{gid}", "tap share"])
    assert readable(ctl, surface, lang) == []
    i18n.set_language(lang)
    try:
        ctl.set_language(lang)
        png = tmp_path / f"{lang}.png"
        ctl.draw(surface)
        pygame.image.save(surface, str(png))
    finally:
        i18n.set_language("en")
        ctl.set_language("en")
    screen = ctl.active
    shown = ui.Mirror(theme.WIDTH, screen.physical_areas()).rect(screen.qr_rect()) if lang == "fa" \
        else screen.qr_rect()
    assert (shown.x > theme.WIDTH // 2) == (lang == "fa")       # moved to the right in Persian...
    picture = pygame.image.load(str(png)).subsurface(shown)
    assert pygame.image.tobytes(picture, "RGB") == pygame.image.tobytes(screen.qr.surface, "RGB")  # ...not flipped
    play = play_of(decode(png))
    assert sorted(p["name"] for p in play["players"]) == sorted(("فرهاد", "陳美玲", "Ödön", "Anna"))


def test_five_players_with_long_names_still_fit_at_four_pixels_a_module():
    seats = tuple(SeatResult(k, f"Bartholomew Xen{k}"[:16], k + 1, 150 - k, k + 1, k == 0, k == 0, {})
                  for k in range(5))
    played = Played(7, "concordia", 1.7e9, 1.7e9 + 7200, 120, seats, {"map": "imperium"}, None)
    pygame.display.init()
    qr = qr_picture(bgstats_url(played))
    assert qr.module_px >= MIN_MODULE_PX and qr.side_mm > 60
    with pytest.raises(QrTooSmall):
        qr_picture("x" * 2000)          # version 40 would need 6 px less than 4 a module


def test_a_link_that_cannot_be_a_code_is_one_line(ctl, surface, monkeypatch):
    gid = play_out(ctl, next(iter(GAMES)), NAMES[:2], 3)
    monkeypatch.setattr("display.share.bgstats_url", lambda played: "x" * 5000)
    run_lines(ctl, ["tap games", f"tap played:{gid}", "tap share"])
    assert ctl.active.qr is None and ctl.message_level == "bad" and "QR code" in ctl.message
    ctl.draw(surface)                                   # the screen still draws, without a code
