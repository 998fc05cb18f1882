"""Damaged journals: ways a journal file (or a game inside it) can be broken, and a start of the
real app on it (design.md: a damaged journal is detected, kept aside, and never causes a crash
loop).

Each case damages a journal holding one unfinished 4-player Trajan game. ``file`` cases make the
file itself unusable: the app must set it aside (``journal.db.damaged-<time>``) and start a
fresh one. ``game`` cases leave a sound file with a game record that no longer replays: the
app must set that game aside and start on the home screen. :func:`disk_full` plays through the
app's real loop until SQLite reports the disk full.
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from firmware_host.journal import SCHEMA_VERSION


@dataclass(frozen=True)
class Case:
    name: str
    kind: str                       # "file" or "game"
    damage: Callable[[Path], None]
    known_bug: str = ""             # set while the app still fails this case (see the report)


def make_journal(path: Path, moves: int = 150, seed: int = 5) -> None:
    """A journal with one unfinished 4-player game of ``moves`` moves, checkpointed into the
    main file (no -wal left), as after a clean shutdown."""
    from firmware_host.journal import Journal
    from firmware_host.session import Session
    from tests.trajan_fixtures import finished_events, setup

    journal = Journal(path)
    session = Session("trajan", setup(4, seed), journal)
    for event in finished_events(4, seed)[:moves]:
        session.submit(event)
    journal.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    journal.close()


def _page_size(path: Path) -> int:
    return int.from_bytes(path.read_bytes()[16:18], "big") or 65536


def truncate_mid_page(path: Path) -> None:
    page = _page_size(path)
    pages = path.stat().st_size // page
    with open(path, "r+b") as f:
        f.truncate(page * (pages // 2) + page // 2)


def random_bytes_over_header(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[100:4000] = random.Random(1).randbytes(3900)
    path.write_bytes(bytes(data))


def random_bytes_over_pages(path: Path) -> None:
    """A run of random bytes across every page after the first (a bad flash block)."""
    data = bytearray(path.read_bytes())
    page = _page_size(path)
    rng = random.Random(2)
    for start in range(page, len(data), page):
        at = start + rng.randrange(0, page - 64)
        data[at:at + 64] = rng.randbytes(64)
    path.write_bytes(bytes(data))


def not_a_database(path: Path) -> None:
    path.write_text("this is not a journal\n" * 50)


def _sql(statement: str, *params: object) -> Callable[[Path], None]:
    def damage(path: Path) -> None:
        db = sqlite3.connect(path)
        with db:
            db.execute(statement, params)
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        db.close()
    return damage


newer_schema = _sql("UPDATE meta SET value = ? WHERE key = 'schema_version'", str(SCHEMA_VERSION + 1))
missing_move = _sql("DELETE FROM events WHERE seq = 40")
unknown_event = _sql("UPDATE events SET event = ? WHERE seq = 40", json.dumps({"kind": "teleport"}))
setup_not_an_object = _sql("UPDATE games SET setup = '[]'")
event_not_an_object = _sql("UPDATE events SET event = '[1]' WHERE seq = 40")
event_not_json = _sql("UPDATE events SET event = '{\"kind\": \"sow\", \"bo' WHERE seq = 40")
event_field_of_wrong_type = _sql(
    "UPDATE events SET event = json_set(event, '$.bowl', 'x') "
    "WHERE seq = (SELECT MIN(seq) FROM events WHERE event LIKE '%\"kind\":\"sow\"%')")

CASES = (
    Case("truncated mid-page", "file", truncate_mid_page),
    Case("random bytes over the header page", "file", random_bytes_over_header),
    Case("random bytes over every data page", "file", random_bytes_over_pages),
    Case("not a database", "file", not_a_database),
    Case("newer schema version", "file", newer_schema),
    Case("a move missing from the middle", "game", missing_move),
    Case("a move of an unknown kind", "game", unknown_event),
    Case("setup that is not an object", "game", setup_not_an_object),
    Case("move that is not an object", "game", event_not_an_object),
    Case("move field of the wrong type", "game", event_field_of_wrong_type),
    Case("a move cut off mid-line (not JSON)", "game", event_not_json),
)


@dataclass
class Start:
    """One start of the real app: did it draw its first frame, how did it end, its log."""

    first_frame: bool
    exit_code: int
    log: str


def start_app(journal: Path, workdir: Path) -> Start:
    """Start ``table-companion run`` on ``journal`` (dummy SDL driver), wait for its first
    frame, stop it with SIGTERM as systemd does."""
    from tools.bench import AppProcess

    config = workdir / "empty.toml"
    config.write_text("")
    app = AppProcess(journal, config)
    try:
        app.wait_first_frame(timeout=60)
    except RuntimeError:
        return Start(False, app.proc.returncode, app.log)
    code = app.stop()
    return Start(True, code, app.log)


def set_aside(journal: Path) -> list[Path]:
    return sorted(journal.parent.glob(journal.name + ".damaged-*"))


def check_case(case: Case, workdir: Path) -> list[str]:
    """Damage a journal as ``case`` says, start the app on it twice; the problems seen (empty:
    handled: detected, set aside with a message, both starts clean, the second without any
    complaint)."""
    journal = workdir / "journal.db"
    make_journal(journal)
    case.damage(journal)
    problems = []
    first, second = start_app(journal, workdir), start_app(journal, workdir)
    for label, start in (("first", first), ("second", second)):
        if not start.first_frame or start.exit_code != 0 or "Traceback" in start.log:
            tail = "".join(start.log.splitlines(True)[-3:])
            problems.append(f"{label} start: first frame {start.first_frame}, exit code {start.exit_code}: {tail}")
    expected = "unusable" if case.kind == "file" else "cannot be resumed"
    if expected not in first.log:
        problems.append(f"first start did not report the damage ({expected!r} not logged)")
    if case.kind == "file" and len(set_aside(journal)) != 1:
        problems.append(f"{len(set_aside(journal))} files set aside, not 1")
    if case.kind == "game" and set_aside(journal):
        problems.append("a sound file with one bad game was set aside as a whole")
    if "unusable" in second.log or "cannot be resumed" in second.log:
        problems.append("the second start complained again")
    return problems


def shown_message(case: Case, workdir: Path) -> str:
    """The message the companion shows after starting on the damaged journal (in process)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from display.controller import Controller
    from firmware_host.journal import Journal

    journal = workdir / "journal.db"
    make_journal(journal)
    case.damage(journal)
    opened, notice = Journal.open_or_recover(journal)
    assert opened is not None, notice
    try:
        return Controller(opened, notice=notice).message
    finally:
        opened.close()


# ---------------------------------------------------------------------- disk full

def _as_input(ctl, line: str):
    from firmware_host.inputs import ButtonHeld, ButtonPressed, Touch

    verb, _sep, arg = line.partition(" ")
    if verb == "tap":
        return Touch(*ctl.active.find(arg).rect.center)
    return ButtonPressed(arg) if verb == "press" else ButtonHeld(arg)


def _through_the_loop(ctl, surface, lines) -> None:
    """Enter ``lines`` one by one as posted inputs, through the app's real event loop."""
    import pygame

    from firmware_host.app import InputQueue, _loop

    for line in lines:
        pygame.event.clear()
        inputs = InputQueue()
        inputs.put(_as_input(ctl, line))          # as a hardware thread does
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        ctl.running = True
        _loop(ctl, surface, inputs)


def journaled(journal, gid: int) -> int:
    """How many moves of game ``gid`` the journal holds."""
    return journal.db.execute("SELECT COUNT(*) FROM events WHERE game_id = ?", (gid,)).fetchone()[0]


def disk_full(path: Path, surface) -> dict:
    """A game kept through the app's real loop (posted inputs) until the journal cannot grow
    (``PRAGMA max_page_count``, SQLITE_FULL as on a full disk); the refused move must leave
    screen and journal as they were, with a message; once there is space again the player
    presses OK again and the move goes through; a restart resumes what was shown. Returns
    ``{"problems", "message", "moves_before_full"}``."""
    import random

    from display.controller import Controller
    from display.script import inputs_for
    from firmware_host.engine.trajan.play import random_event
    from firmware_host.journal import Journal
    from tests.trajan_fixtures import setup

    problems: list[str] = []
    journal = Journal(path)
    ctl = Controller(journal)
    ctl.start_game("trajan", setup(4, 8))
    rng = random.Random(8)
    for _ in range(20):
        _through_the_loop(ctl, surface, inputs_for(ctl, random_event(ctl.session.game, rng)))
    pages = journal.db.execute("PRAGMA page_count").fetchone()[0]
    journal.db.execute(f"PRAGMA max_page_count = {pages}")          # the disk is now full
    message, lines, events = "", [], 0
    for _ in range(300):
        before, events = ctl.session.state, len(ctl.session.game.events)
        lines = inputs_for(ctl, random_event(ctl.session.game, rng))
        _through_the_loop(ctl, surface, lines)
        if journaled(journal, ctl.session.game_id) != len(ctl.session.game.events):
            problems.append("journal and screen disagree after a move on a full disk")
        if len(ctl.session.game.events) == events:
            message = ctl.message
            if ctl.session.state != before:
                problems.append("the refused move changed the state")
            if "could not be saved" not in message or ctl.message_level != "bad":
                problems.append(f"no clear message: {message!r}")
            break
    else:
        problems.append("the journal never filled up")
    journal.db.execute("PRAGMA max_page_count = 1073741823")         # space again
    _through_the_loop(ctl, surface, lines[-1:])                      # the player presses OK again
    if len(ctl.session.game.events) != events + 1:
        problems.append("the move did not go through once there was space")
    shown = ctl.session.state
    journal.close()
    reopened = Journal(path)
    if Controller(reopened).session.state != shown:
        problems.append("the restart did not resume the state shown")
    reopened.close()
    return {"problems": problems, "message": message, "moves_before_full": events}
