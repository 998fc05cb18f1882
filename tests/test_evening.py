"""A whole evening through the screens (issue 15, "done when"): three games, one of each kind,
five players (four known from earlier evenings, one new typed in on the keyboard, one picked
by touching her own NFC tag), every move entered as a table enters it (``inputs_for``); then
History and Statistics show the evening's figures, and the last game's QR code, read back from
the screen by zbar, is its BG Stats play."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pygame
import pytest

sys.path.insert(0, str(Path(__file__).parent / "display"))       # the screen tests' helpers

from test_share_screen import check_play, decode, play_of  # noqa: E402

from display.controller import Controller  # noqa: E402
from display.script import inputs_for, run_line, run_lines  # noqa: E402
from firmware_host.games import GAMES, plugin  # noqa: E402
from firmware_host.inputs import TagRead, TextEntered  # noqa: E402
from firmware_host.journal import Journal  # noqa: E402
from firmware_host.tags import TagRegistry  # noqa: E402

TOKEN = "04c0ffee123456"                # Dara's own tag
KNOWN = ("Anna", "Bela", "Chen", "Dara")
NEW = "Emil"


def typed(ctl, name: str) -> None:
    ctl.handle(TextEntered(name))
    run_line(ctl, "tap ok")


def seats_for(game: str, k: int) -> tuple[str, ...]:
    """Who sits where in the evening's ``k``-th game: the first has Dara (by her tag), the
    second brings Emil (new), the last five or as many as the game takes."""
    count = {0: 4, 1: 5, 2: 3}[k]
    allowed = plugin(game).players
    count = max(n for n in allowed if n <= count)
    order = (("Anna", "Bela", "Chen", "Dara"), ("Bela", "Chen", "Dara", "Anna", NEW), (NEW, "Anna", "Chen"))[k]
    return order[:count]


@pytest.fixture
def surface():
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.get_surface() or pygame.display.set_mode((800, 480))


def test_a_whole_evening(tmp_path, surface):
    ctl = Controller(Journal(tmp_path / "journal.db"), tags=TagRegistry(tmp_path / "tags.db"))
    # the group from earlier evenings, entered on Home → Players; Dara gives her tag there
    run_line(ctl, "tap players")
    for name in KNOWN:
        run_line(ctl, "tap new")
        typed(ctl, name)
    dara = ctl.players.by_name("Dara")
    run_lines(ctl, [f"tap player:{dara.id}", "tap token"])
    ctl.handle(TagRead(TOKEN))
    run_lines(ctl, ["tap back", "tap cancel"])
    assert ctl.players.by_token(TOKEN) == ctl.players.by_name("Dara")

    results = []
    rng = random.Random(2026)
    for k, game in enumerate(GAMES):
        seats = seats_for(game, k)
        run_lines(ctl, [f"tap new:{game}", f"tap count:{len(seats)}"])
        for i, who in enumerate(seats):
            run_line(ctl, f"tap name:{i}")
            if who == "Dara" and k == 0:
                ctl.handle(TagRead(TOKEN))                  # picked by her tag, not from the list
            elif who == NEW and ctl.players.by_name(NEW) is None:
                run_line(ctl, "tap new")                    # the new player, typed in once
                typed(ctl, NEW)
            else:
                run_line(ctl, f"tap player:{ctl.players.by_name(who).id}")
            assert ctl.active.names[i] == who, (game, i, ctl.message)
        run_line(ctl, "tap ok")
        session = ctl.session
        assert session is not None and session.name == game, ctl.message
        while not session.state.over:
            event = plugin(game).random_move(session.game, rng)
            for line in inputs_for(ctl, event):
                run_line(ctl, line)
        results.append((session.game_id, plugin(game).results(session.rules, session.state)))
        run_lines(ctl, ["hold undo", "tap leave"])          # the final screen seen, back home
        assert ctl.session is None
    assert sorted(p.name for p in ctl.players.list()) == sorted((*KNOWN, NEW))   # Emil added once

    # History: the three games, newest first, each seat with its score and the winner starred
    run_line(ctl, "tap games")
    rows = [b for b in ctl.active.widgets() if b.id.startswith("played:")]
    assert [b.id for b in rows] == [f"played:{gid}" for gid, _r in reversed(results)]
    for b, (gid, res) in zip(rows, reversed(results)):
        for s in res.seats:
            assert s.name in b.sub
            assert (f"{s.name} {s.score}" in b.sub) == plugin(ctl.history.played(gid).game).scored
        assert b.sub.count("★") == sum(s.winner for s in res.seats)

    # Statistics: each player's plays and wins over all games, counted here from the games as
    # they ended; their best score game by game (a game with points: "All games" shows none)
    run_line(ctl, "tap stats")
    shown = {s.name: s for s in ctl.active.stats}
    for name in (*KNOWN, NEW):
        plays = [s for _gid, res in results for s in res.seats if s.name == name]
        assert shown[name].plays == len(plays), name
        assert shown[name].wins == sum(s.winner for s in plays), name
    assert shown["Anna"].plays == 3 and shown[NEW].plays == 2
    ctl.draw(surface)
    for game, (_gid, res) in zip(GAMES, results, strict=True):
        if not plugin(game).scored:
            continue
        run_line(ctl, f"tap game:{game}")
        shown = {s.name: s for s in ctl.active.stats}
        assert sorted(shown) == sorted(s.name for s in res.seats), game
        for s in res.seats:
            assert shown[s.name].best == s.score, (game, s.name)
        ctl.draw(surface)

    # the last game pushed to BG Stats: its QR code read back from the screen
    gid, res = results[1]                                   # the five-player game
    run_lines(ctl, ["tap close", f"tap played:{gid}", "tap share"])
    png = tmp_path / "share.png"
    ctl.draw(surface)
    pygame.image.save(surface, str(png))
    play = play_of(decode(png))
    check_play(play, ctl.history.played(gid))
    assert sorted(p["name"] for p in play["players"]) == sorted(s.name for s in res.seats)
    assert [p["name"] for p in play["players"] if p["winner"]] == [s.name for s in res.seats if s.winner]
    ctl.journal.close()
