"""A damaged journal is detected, kept aside with a clear message, and never causes a crash loop
(design.md, reliability promises): the real app is started twice on each damaged journal
(damage.py lists the cases). tests/test_journal.py covers Journal.open_or_recover itself."""

import pytest

from display.controller import Controller
from display.script import run_line
from firmware_host.journal import Journal
from tests.reliability.damage import CASES, check_case, make_journal, shown_message, unknown_event


def _params():
    return [pytest.param(c, id=c.name, marks=[pytest.mark.xfail(strict=True, reason=c.known_bug)] if c.known_bug
                         else []) for c in CASES]


@pytest.mark.parametrize("case", _params())
def test_app_starts_cleanly_twice_on_a_damaged_journal(case, tmp_path):
    assert check_case(case, tmp_path) == []


@pytest.mark.parametrize("case", _params())
def test_the_damage_is_told_on_screen(case, tmp_path):
    message = shown_message(case, tmp_path)
    assert ("kept aside" if case.kind == "file" else "set aside") in message


def test_opening_a_set_aside_game_from_saved_games_does_not_crash(tmp_path, surface):
    path = tmp_path / "journal.db"
    make_journal(path)
    unknown_event(path)
    journal = Journal(path)
    ctl = Controller(journal)
    assert ctl.session is None                       # set aside at start-up
    run_line(ctl, "tap games")
    run_line(ctl, "tap open:1")                      # the player opens it from Saved games
    assert ctl.session is None and ctl.message_level == "bad"
    ctl.draw(surface)
