"""Golden UI playthroughs: the whole 2-, 4- and 5-player golden games of Concordia
(tests/concordia/golden/concordia-*.txt, one move per line) entered again as the taps and
presses a table makes, through the same input handler the window uses. The scripts are
readable files in tests/concordia/golden/ui-concordia-*.txt; the final tally must be the one
the engine's golden files expect (concordia-*.json), god by god. Re-record the scripts with
``.venv/bin/python tests/concordia/test_concordia_ui_golden.py`` after a deliberate change of
the rules or the screens, and read the diff."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).resolve().parent / "golden"
if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(ROOT))

from display.concordia.script import canonical, inputs_for  # noqa: E402
from display.controller import Controller  # noqa: E402
from display.script import run_lines  # noqa: E402
from firmware_host.data import load  # noqa: E402
from firmware_host.engine.concordia import CODEC, ConcordiaSetup  # noqa: E402
from firmware_host.engine.concordia.invariants import game_over_violations  # noqa: E402
from firmware_host.engine.core import Event, Game, event_to_json  # noqa: E402

GAMES = ("concordia-2p", "concordia-4p", "concordia-5p")


def engine_golden(name: str) -> tuple[ConcordiaSetup, list[Event]]:
    """The setup and the moves of an engine golden game (``concordia-*.txt``)."""
    setup, events = None, []
    for raw in (GOLDEN / f"{name}.txt").read_text(encoding="utf-8").splitlines():
        if not raw or raw.startswith("#"):
            continue
        if raw.startswith("setup "):
            setup = ConcordiaSetup.from_json({**json.loads(raw[6:]), "board": load("concordia")})
            continue
        _who, move = raw.split(": ", 1)
        kind, _sep, fields = move.partition(" ")
        events.append(CODEC.decode({"kind": kind, **(json.loads(fields) if fields else {})}))
    assert setup is not None
    return setup, events


def start(setup: ConcordiaSetup) -> Controller:
    ctl = Controller(None)
    ctl.start_game("concordia", setup)
    return ctl


def record(name: str) -> str:
    """Enter the engine golden game through the screens; returns the script. Raises
    ``AssertionError`` if a move's inputs do not make exactly that move."""
    setup, events = engine_golden(name)
    ctl = start(setup)
    board = ctl.session.rules.board
    players = len(setup.players)
    lines = [
        f"# Golden Concordia UI playthrough: {players} players on {setup.map.title()}, the market "
        + ("turned up at the table." if setup.market_mode == "table" else "drawn by the companion."),
        f"# The moves of {name}.txt as taps and presses (the starting personalities by bowl and OK,",
        "# other cards by touch); the tally expected is in " + f"{name}.json.",
        f"# Re-record with: .venv/bin/python tests/concordia/{Path(__file__).name}",
    ]
    for event in events:
        s = ctl.session.state
        who = "table" if s.pending.player is None else s.players[s.pending.player].name
        move = {k: v for k, v in event_to_json(event).items() if k != "kind"}
        lines.append(f"# turn {s.turns + 1}, {who}: {event.kind} {json.dumps(move, separators=(',', ':'))}")
        step = inputs_for(ctl, event)
        before = len(ctl.session.game.events)
        run_lines(ctl, step)
        assert len(ctl.session.game.events) == before + 1, (event, step, ctl.message)
        assert ctl.session.game.events[-1] == canonical(event, board), (ctl.session.game.events[-1], event)
        lines += step
    assert ctl.session.state.over
    return "\n".join(lines) + "\n"


def tally_of(ctl: Controller) -> dict:
    s = ctl.session.state
    return {
        "events": len(ctl.session.game.events),
        "turns": s.turns,
        "concordia": s.players[s.concordia].name,
        "players": [{"name": p["name"], "total": p["total"],
                     "gods": {line["god"]: line["vp"] for line in p["lines"]}} for p in s.final["players"]],
        "ranking": [s.players[i].name for i in s.final["ranking"]],
        "winner": s.players[s.final["winner"]].name,
    }


@pytest.mark.parametrize("name", GAMES)
def test_golden_ui_game(name):
    """C-END-1..4, C-GOD-*: a whole game from the first card turned up to the tally, typed in
    as taps and presses; the tally on the final screen is the engine golden's, god by god."""
    setup, _events = engine_golden(name)
    ctl = start(setup)
    n = run_lines(ctl, (GOLDEN / f"ui-{name}.txt").read_text(encoding="utf-8").splitlines())
    assert n > 500
    s = ctl.session.state
    assert s.over and type(ctl.active).__name__ == "FinalScreen"
    assert tally_of(ctl) == json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    assert game_over_violations(ctl.session.rules, s) == []
    assert Game(ctl.session.rules, ctl.session.game.events).state == s          # replay == live
    shown = ctl.active.tally.result
    assert [p["total"] for p in shown["players"]] == [p["total"] for p in s.final["players"]]


def test_the_ui_scripts_are_what_the_recorder_writes():
    """Nothing in the UI scripts is edited by hand: a change of rules or screens shows up as a
    diff of these files."""
    for name in GAMES:
        assert (GOLDEN / f"ui-{name}.txt").read_text(encoding="utf-8") == record(name), name


def test_the_scripts_use_bowls_touch_and_every_decision():
    """The scripts exercise both ways in: bowls and OK for the starting personalities, touch
    for the rest, and every decision screen of the game."""
    text = "".join((GOLDEN / f"ui-{name}.txt").read_text(encoding="utf-8") for name in GAMES)
    for line in ("press bowl1", "press bowl4", "press ok", "tap hand:", "tap card:", "tap province:", "tap city:",
                 "tap good:", "tap marker:", "tap cash", "tap land+", "tap sell:", "tap buy:", "tap done"):
        assert f"\n{line}" in text, line


if __name__ == "__main__":
    for game_name in GAMES:
        script = record(game_name)
        (GOLDEN / f"ui-{game_name}.txt").write_text(script, encoding="utf-8")
        print(game_name, script.count("\n"), "lines")
