"""Golden playthroughs: a whole 2-player race (four chariots) and a whole 6-chariot race
on black sheets and track B, as readable scripts of the taps a table makes, with every
chariot's sheet checked after every turn (tests/chariot_race/golden/*.txt; re-record with
tests/chariot_race/record_golden.py after a deliberate change)."""

from pathlib import Path

import pytest

from chariot_helpers import run_script
from firmware_host.engine.core import Game

GOLDEN = Path(__file__).resolve().parent / "golden"


@pytest.mark.parametrize("name", ["two-players", "six-chariots"])
def test_golden_race(name):
    game = run_script((GOLDEN / f"{name}.txt").read_text(encoding="utf-8"))
    assert game.state.over
    assert Game(game.rules, game.events).state == game.state


def test_the_scripts_are_what_the_recorder_writes():
    """The committed scripts are exactly the recorder's output (nothing edited by hand, and
    a rules change shows up as a diff of these files)."""
    import record_golden

    assert (GOLDEN / "two-players.txt").read_text(encoding="utf-8") == record_golden.two_players()
    assert (GOLDEN / "six-chariots.txt").read_text(encoding="utf-8") == record_golden.six_chariots()
