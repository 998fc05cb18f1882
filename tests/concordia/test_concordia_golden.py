"""Golden playthroughs: whole 2-, 4- and 5-player games of Concordia, one move per line as
the table enters them (tests/concordia/golden/*.txt), with the final tally checked god by
god (*.json). The 2-player tally was checked by hand against the final holdings.
Regenerate with tests/concordia/make_golden.py after a deliberate rules change."""

import json
from pathlib import Path

import pytest

from firmware_host.data import load
from firmware_host.engine.concordia import CODEC, ConcordiaRules, ConcordiaSetup
from firmware_host.engine.concordia.invariants import game_over_violations, violations
from firmware_host.engine.core import Game

GOLDEN = Path(__file__).resolve().parent / "golden"


def run_script(path: Path) -> Game:
    """Replay a golden script; each move must be entered by the player the game waits for."""
    game = None
    for number, raw in enumerate(path.read_text().splitlines(), start=1):
        if not raw or raw.startswith("#"):
            continue
        if raw.startswith("setup "):
            setup = ConcordiaSetup.from_json({**json.loads(raw[6:]), "board": load("concordia")})
            game = Game(ConcordiaRules(setup))
            continue
        who, move = raw.split(": ", 1)
        kind, _, fields = move.partition(" ")
        s = game.state
        expected_who = "table" if s.pending.player is None else s.players[s.pending.player].name
        assert who == expected_who, f"line {number}: {who} moves while the game waits for {expected_who}"
        game.apply(CODEC.decode({"kind": kind, **(json.loads(fields) if fields else {})}))
        assert violations(game.rules, game.state) == [], f"line {number}"
    return game


@pytest.mark.parametrize("name", ["concordia-2p", "concordia-4p", "concordia-5p"])
def test_golden_playthrough(name):
    """C-END-1..4 and C-GOD-*: a whole game from setup to tally."""
    expected = json.loads((GOLDEN / f"{name}.json").read_text())
    game = run_script(GOLDEN / f"{name}.txt")
    s = game.state
    assert s.over and game_over_violations(game.rules, s) == []
    assert len(game.events) == expected["events"] and s.turns == expected["turns"]
    assert s.players[s.concordia].name == expected["concordia"]
    got = [{"name": p["name"], "total": p["total"], "gods": {x["god"]: x["vp"] for x in p["lines"]}}
           for p in s.final["players"]]
    assert got == expected["players"]
    assert [s.players[i].name for i in s.final["ranking"]] == expected["ranking"]
    assert s.players[s.final["winner"]].name == expected["winner"]
    assert [p["vp"] for p in game.rules.scores(s)] == [p["total"] for p in expected["players"]]


def test_golden_2p_holdings_checked_by_hand():
    """The 2-player game's final holdings, as read off the state and summed by hand:
    Aurelia 30 + 30 + 20 + 16 + 24 + 24 + 7 = 151; Brutus 26 + 20 + 40 + 20 + 4 + 39 = 149."""
    game = run_script(GOLDEN / "concordia-2p.txt")
    a, b = game.rules.holdings(game.state)
    assert (a.money, a.goods, a.provinces, a.colonists) == (260, {"food": 6, "cloth": 2, "brick": 2}, 10, 6)
    assert a.houses == {"wine": 4, "food": 3, "brick": 5, "cloth": 3} and sorted(a.specialists) == ["farmer", "mason"]
    assert a.cards == {"saturnus": 2, "jupiter": 3, "vesta": 1, "mars": 2, "mercurius": 2} and a.concordia
    assert (b.money, b.goods, b.provinces, b.colonists) == (234, {"wine": 5}, 10, 2)
    assert b.cards == {"saturnus": 4, "mercurius": 2, "mars": 1, "jupiter": 2, "vesta": 1}
    assert [p["total"] for p in game.state.final["players"]] == [151, 149]
