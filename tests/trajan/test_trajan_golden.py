"""Golden playthroughs: whole 2-, 3- and 4-player games entered through the same input
handler the window uses (taps and button presses), final scores and quarter results checked.
The scripts are readable files in tests/golden/ (regenerate with scripts/make-golden.py)."""

import json
from pathlib import Path

import pytest

from display.controller import Controller
from display.script import run_lines
from firmware_host.data import load
from firmware_host.engine.core import to_jsonable
from firmware_host.engine.trajan.state import TrajanSetup

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_golden_playthrough(players):
    expected = json.loads((GOLDEN / f"trajan-{players}p.json").read_text())
    setup = TrajanSetup.from_json({**expected["setup"], "board": load("trajan")})
    ctl = Controller(None)
    ctl.start_game("trajan", setup)
    run_lines(ctl, (GOLDEN / f"trajan-{players}p.txt").read_text().splitlines())
    s = ctl.session.state
    assert s.over
    assert len(ctl.session.game.events) == expected["events"]
    assert [{"name": p.name, "vp": p.vp} for p in s.players] == expected["scores"]
    assert s.final["ranking"] == expected["ranking"]
    assert to_jsonable(s.quarter_results) == expected["quarters"]
