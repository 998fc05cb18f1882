"""Golden UI playthroughs: a whole 2-player race (four chariots, white sheets, track A, dice
entered at the table) and a whole 6-chariot race (3 players with two chariots each, black
sheets picked and placed at the table, track B, no damage after finishing, the companion
rolling), entered as the taps and presses a table makes, through the same input handler the
window uses. The scripts are readable files in tests/chariot_race/golden/ui-*.txt with the
results expected in ui-*.json; re-record them with
``.venv/bin/python tests/chariot_race/test_chariot_ui_golden.py`` after a deliberate change
of the rules or the screens, and read the diff."""

from __future__ import annotations

import dataclasses
import json
import os
import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).resolve().parent / "golden"
if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(ROOT))

from display.chariot_race.common import dice_mode  # noqa: E402
from display.chariot_race.script import canonical, inputs_for  # noqa: E402
from display.controller import Controller  # noqa: E402
from display.script import run_lines  # noqa: E402
from firmware_host.data import load  # noqa: E402
from firmware_host.engine.chariot_race import ChariotRaceSetup  # noqa: E402
from firmware_host.engine.chariot_race.play import random_event  # noqa: E402
from firmware_host.engine.core import Game, event_to_json  # noqa: E402


def races() -> dict[str, tuple[ChariotRaceSetup, str, int, list[str]]]:
    """name -> (setup, dice mode, seed of the table's choices, title lines)."""
    board = load("chariot_race")
    return {
        "ui-two-players": (
            ChariotRaceSetup(players=("Aurelia", "Brutus"), board=board, seed=21,
                             chariots=(("green", 0), ("yellow", 0), ("blue", 1), ("purple", 1))),
            "table", 2021,
            ["Golden Chariot Race UI playthrough: 2 players with two chariots each (CR-SETUP-7), white",
             "sheets, track A; start spaces and every die entered at the table (bowl 1-5 = the faces)."]),
        "ui-six-chariots": (
            ChariotRaceSetup(players=("Cassia", "Decimus", "Flavia"), board=board, sheets="black", track="B",
                             no_damage_after_finish=True, seed=63),
            "companion", 6084,
            ["Golden Chariot Race UI playthrough: 6 chariots (3 players with two each), black sheets picked",
             "and placed at the table (CR-VAR-BLACK-2, -4), track B (CR-VAR-TRACKB), no damage after",
             "finishing (CR-VAR-NODMG); the companion rolls (bowl 6)."]),
    }


def start(setup: ChariotRaceSetup, mode: str) -> Controller:
    ctl = Controller(None)
    ctl.start_game("chariot_race", dataclasses.replace(setup, dice=mode))
    return ctl


def results(ctl: Controller) -> dict:
    s, rules = ctl.session.state, ctl.session.rules
    return {
        "events": len(ctl.session.game.events),
        "rounds": s.round,
        "winner": s.chariots[s.winner].colour if s.winner is not None else None,
        "standings": rules.standings(s),
        "chariots": [{"colour": c.colour, "seat": c.seat, "resistance": c.resistance, "speed": c.speed,
                      "fate": c.fate, "laps": c.crossings, "wrecked": c.wrecked} for c in s.chariots],
        "scores": [{"name": p["name"], "vp": p["vp"]} for p in rules.scores(s)],
    }


def record(name: str) -> tuple[str, str]:
    """Play the named race through the screens; returns (script text, expected JSON text).
    Raises ``AssertionError`` if a move's inputs do not make exactly that move."""
    setup, mode, seed, title = races()[name]
    ctl = start(setup, mode)
    rng = random.Random(seed)
    lines = [f"# {line}" for line in title]
    lines.append(f"# Re-record with: .venv/bin/python tests/chariot_race/{Path(__file__).name}")
    while not ctl.session.state.over:
        s = ctl.session.state
        event = random_event(ctl.session.game, rng)
        who = f"{s.pending.chariot} ({s.players[s.pending.player]})" if s.pending.chariot else (
            s.players[s.pending.player] if s.pending.player is not None else "table")
        move = {k: v for k, v in event_to_json(canonical(event)).items() if k != "kind"}
        lines.append(f"# round {s.round}, {who}: {event.kind} {json.dumps(move, separators=(',', ':'))}")
        step = inputs_for(ctl, event)
        before = len(ctl.session.game.events)
        run_lines(ctl, step)
        assert len(ctl.session.game.events) == before + 1, (event, step, ctl.message)
        assert ctl.session.game.events[-1] == canonical(event), (ctl.session.game.events[-1], event)
        lines += step
    setup_json = setup.to_json()
    del setup_json["board"]
    expected = {"setup": setup_json, "dice": mode, **results(ctl)}
    return "\n".join(lines) + "\n", json.dumps(expected, indent=1) + "\n"


@pytest.mark.parametrize("name", sorted(races()))
def test_golden_ui_race(name):
    """The whole race, from the first start space to the podium, typed in as taps and presses:
    every move lands, and the sheets, laps, winner and standings are as recorded (CR-END-1..5)."""
    expected = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    setup = ChariotRaceSetup.from_json({**expected["setup"], "board": load("chariot_race")})
    ctl = start(setup, expected["dice"])
    n = run_lines(ctl, (GOLDEN / f"{name}.txt").read_text(encoding="utf-8").splitlines())
    assert n > 200
    s = ctl.session.state
    assert s.over and ctl.active.__class__.__name__ == "PodiumScreen"
    assert {"dice": expected["dice"], "setup": expected["setup"], **results(ctl)} == expected
    assert Game(ctl.session.rules, ctl.session.game.events).state == s          # replay == live
    assert dice_mode(ctl.session) == expected["dice"]


def test_the_ui_scripts_are_what_the_recorder_writes():
    """Nothing in the golden files is edited by hand: a change of rules or screens shows up as
    a diff of these files."""
    for name in races():
        script, expected = record(name)
        assert (GOLDEN / f"{name}.txt").read_text(encoding="utf-8") == script, name
        assert (GOLDEN / f"{name}.json").read_text(encoding="utf-8") == expected, name


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for race_name in races():
        script_text, expected_text = record(race_name)
        (GOLDEN / f"{race_name}.txt").write_text(script_text, encoding="utf-8")
        (GOLDEN / f"{race_name}.json").write_text(expected_text, encoding="utf-8")
        print(race_name, script_text.count("\n"), "lines", json.loads(expected_text)["winner"])
