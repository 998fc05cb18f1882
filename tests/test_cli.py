"""The command line: replay, score, simulate, screenshot (run is covered by the display tests)."""

import json
from pathlib import Path

from firmware_host.cli import main
from firmware_host.journal import Journal
from firmware_host.session import Session
from tests.trajan_fixtures import finished_events, setup

ROOT = Path(__file__).resolve().parents[1]


def test_replay_journal_json(tmp_path, capsys):
    path = tmp_path / "j.db"
    events = finished_events(2, seed=8)
    s = Session("trajan", setup(2, seed=8), Journal(path))
    for e in events:
        s.submit(e)
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["over"] is True and out["events"] == len(events)
    assert [p["vp"] for p in out["players"]] == [p.vp for p in s.state.players]
    assert {p["rank"] for p in out["players"]} == {1, 2}
    assert out["state"]["quarter"] == 5


def test_replay_exported_game_in_progress(tmp_path, capsys):
    s = Session("trajan", setup(3, seed=2))
    for e in finished_events(3, seed=2)[:50]:
        s.submit(e)
    s.save(tmp_path / "game.json")
    assert main(["replay", str(tmp_path / "game.json")]) == 0
    text = capsys.readouterr().out
    assert "50 events, in progress" in text and "Anna" in text


def test_replay_unreadable_file(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "missing.db")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_score_trajan_example(capsys):
    assert main(["score", "trajan", str(ROOT / "docs/examples/trajan-holdings.json"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    totals = {p["name"]: p["total"] for p in out["players"]}
    # Anna: 112 + 3 + 2 + 1 + 2 + 20 (3 doors + joker) + 15 (5 wine/fish incl. joker x3) + 4 + 6
    assert totals == {"Anna": 165, "Bela": 137}
    assert out["players"][out["winner"]]["name"] == "Anna"


def test_score_rejects_unknown_bonus_tile(tmp_path, capsys):
    bad = tmp_path / "h.json"
    bad.write_text(json.dumps({"players": [{"name": "X", "bonus_tiles": [["nonsense", "yellow"]]}]}))
    assert main(["score", "trajan", str(bad)]) == 2
    assert "unknown bonus tile" in capsys.readouterr().err


def test_simulate_reports_all_games(capsys):
    assert main(["simulate", "trajan", "--players", "2", "--games", "3", "--seed", "4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["finished"] == 3 and out["failures"] == 0


def test_simulate_refuses_five_players(capsys):
    assert main(["simulate", "trajan", "--players", "5", "--games", "1"]) == 2


def test_module_entry_point_is_the_same_cli():
    import subprocess
    import sys
    r = subprocess.run([sys.executable, "-m", "firmware_host", "score", "trajan",
                        str(ROOT / "docs/examples/trajan-holdings.json")], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0 and "Winner: Anna" in r.stdout


def test_score_concordia_example(capsys):
    assert main(["score", "concordia", str(ROOT / "docs/examples/concordia-holdings.json"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    text = json.dumps(out)
    assert "131" in text and "106" in text
    assert main(["score", "concordia", str(ROOT / "docs/examples/concordia-holdings.json")]) == 0
    assert "Winner: Aurelia (131 VP)" in capsys.readouterr().out
