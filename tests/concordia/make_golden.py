#!/usr/bin/env python3
"""Write the golden Concordia playthroughs in tests/concordia/golden/ (run after a deliberate
change of the rules, then read the diff): a seeded random game per player count, written as
the moves the table enters, one per line, with the final tally expected.

    .venv/bin/python tests/concordia/make_golden.py
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from firmware_host.data import load  # noqa: E402
from firmware_host.engine.concordia import ConcordiaRules, ConcordiaSetup  # noqa: E402
from firmware_host.engine.concordia.play import random_event  # noqa: E402
from firmware_host.engine.core import Game, event_to_json  # noqa: E402

OUT = Path(__file__).resolve().parent / "golden"
PLAYERS = (("red", "Aurelia"), ("green", "Brutus"), ("yellow", "Cassia"), ("blue", "Decimus"),
           ("black", "Egnatia"))
GAMES = {   # name: (players, map, market mode, seed)
    "concordia-2p": (2, "imperium", "table", 202),
    "concordia-4p": (4, "italia", "companion", 404),
    "concordia-5p": (5, "imperium", "table", 505),
}


def expected(game: Game) -> dict:
    """What the test checks at the end: totals and every god's VP per player, the ranking."""
    s = game.state
    return {
        "events": len(game.events),
        "turns": s.turns,
        "concordia": s.players[s.concordia].name,
        "players": [{"name": p["name"], "total": p["total"],
                     "gods": {line["god"]: line["vp"] for line in p["lines"]}} for p in s.final["players"]],
        "ranking": [s.players[i].name for i in s.final["ranking"]],
        "winner": s.players[s.final["winner"]].name,
    }


def describe(s, who: int) -> str:
    p = s.players[who]
    goods = ", ".join(f"{k} {g}" for g, k in sorted(p.goods.items()) if k) or "no goods"
    return (f"# Turn {s.turns + 1}, {p.name}: {p.money} sestertii, {goods}, {len(p.houses)} houses, "
            f"{p.on_board()} colonists on the board")


def make(name: str, players: int, map_id: str, mode: str, seed: int) -> None:
    setup = ConcordiaSetup(players=PLAYERS[:players], board=load("concordia"), map=map_id, market_mode=mode,
                           seed=seed)
    game = Game(ConcordiaRules(setup))
    rng = random.Random(seed)
    head = {k: v for k, v in setup.to_json().items() if k != "board"}
    lines = [
        f"# Golden Concordia game: {players} players on {map_id.title()}, display cards "
        + ("recorded from the table." if mode == "table" else "drawn by the companion."),
        "# One move per line: '<who>: <move> <fields>'; 'table' turns up display cards.",
        "# Regenerate with tests/concordia/make_golden.py; the expected tally is in the .json file.",
        "setup " + json.dumps(head, separators=(",", ":")),
    ]
    while not game.state.over:
        s = game.state
        event = random_event(game, rng)
        if s.pending.kind == "play":
            lines.append(describe(s, s.active))
        who = "table" if s.pending.player is None else s.players[s.pending.player].name
        fields = {k: v for k, v in event_to_json(event).items() if k != "kind"}
        lines.append(f"{who}: {event.kind}" + (" " + json.dumps(fields, separators=(",", ":")) if fields else ""))
        game.apply(event)
    (OUT / f"{name}.txt").write_text("\n".join(lines) + "\n")
    (OUT / f"{name}.json").write_text(json.dumps(expected(game), indent=1) + "\n")
    kinds = sorted({e.kind for e in game.events})
    print(name, len(game.events), "events;", [p["total"] for p in game.state.final["players"]], kinds)


if __name__ == "__main__":
    OUT.mkdir(exist_ok=True)
    for name, spec in GAMES.items():
        make(name, *spec)
