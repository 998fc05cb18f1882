#!/usr/bin/env python3
"""Write the golden Trajan playthroughs in tests/golden/ (run after a deliberate change of
rules or screens, then read the diff): a seeded random game per player count, entered as
the taps and presses a player makes, with the final scores and quarter results expected."""

import json
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from display.controller import Controller  # noqa: E402
from display.script import inputs_for, run_lines  # noqa: E402
from firmware_host.data import load  # noqa: E402
from firmware_host.engine.core import to_jsonable  # noqa: E402
from firmware_host.engine.trajan.play import random_event  # noqa: E402
from firmware_host.engine.trajan.state import TrajanSetup  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "tests" / "golden"
NAMES = (("red", "Aurelia"), ("green", "Brutus"), ("blue", "Cassia"), ("brown", "Decimus"))


def make(players: int, seed: int, mode: str) -> None:
    setup = TrajanSetup(players=NAMES[:players], board=load("trajan"), demand_mode=mode, seed=seed)
    ctl = Controller(None)
    ctl.start_game("trajan", setup)
    rng = random.Random(seed)
    lines = []
    while not ctl.session.state.over:
        s = ctl.session.state
        event = random_event(ctl.session.game, rng)
        who = s.players[s.pending.player].name if s.pending.player is not None else "table"
        lines.append(f"# Q{min(s.quarter, 4)} R{s.round} {who}: {event.kind} "
                     + json.dumps({k: v for k, v in event.__dict__.items()}, separators=(",", ":")))
        step = inputs_for(ctl, event)
        run_lines(ctl, step)
        lines += step
    s = ctl.session.state
    setup_json = setup.to_json()
    del setup_json["board"]
    expected = {
        "setup": setup_json,
        "scores": [{"name": p.name, "vp": p.vp} for p in s.players],
        "ranking": s.final["ranking"],
        "quarters": to_jsonable(s.quarter_results),
        "events": len(ctl.session.game.events),
    }
    name = f"trajan-{players}p"
    (OUT / f"{name}.txt").write_text(
        f"# Golden Trajan playthrough, {players} players, demands {mode}: what the players tap and press.\n"
        f"# Regenerate with scripts/make-golden.py; expected results in {name}.json.\n" + "\n".join(lines) + "\n")
    (OUT / f"{name}.json").write_text(json.dumps(expected, indent=1) + "\n")
    print(name, len(lines), "lines", [p.vp for p in s.players])


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    make(2, 101, "table")
    make(3, 202, "companion")
    make(4, 303, "table")
