"""The command line: replay, score, simulate, screenshot (run is covered by the display tests)."""

import json
from pathlib import Path

from firmware_host.cli import main
from firmware_host.journal import Journal
from firmware_host.players import Players
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
    assert capsys.readouterr().err == f"{tmp_path / 'missing.db'}: no such file\n"


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


# ---------------------------------------------------------------- bad input: one line, exit 2

def _one_line(capsys) -> str:
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert len(lines) == 1 and "Traceback" not in captured.err, captured.err
    return lines[0]


def _chariot_export_at_speed(tmp_path) -> dict:
    """A Chariot Race export whose next decision is the speed (CR-MOVE-1)."""
    import random

    from firmware_host.engine.core import Game, event_to_json
    from firmware_host.games import GAMES, demo_rules

    kind = GAMES["chariot_race"]
    rules = demo_rules(kind, 2, random.Random(3))
    game = Game(rules)
    rng = random.Random(4)
    while game.state.pending.kind != "speed":
        game.apply(kind.random_move(game, rng))
    return {"game": "chariot_race", "setup": rules.setup.to_json(), "events": [event_to_json(e) for e in game.events]}


def test_replay_refuses_a_fractional_speed_instead_of_racing_at_4_5(tmp_path, capsys):
    doc = _chariot_export_at_speed(tmp_path)
    good = tmp_path / "good.json"
    good.write_text(json.dumps({**doc, "events": doc["events"] + [{"kind": "set_speed", "up": 1, "down": 0}]}))
    assert main(["replay", str(good)]) == 0
    capsys.readouterr()
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**doc, "events": doc["events"] + [{"kind": "set_speed", "up": 0.5, "down": 0}]}))
    assert main(["replay", str(bad)]) == 2
    n = len(doc["events"]) + 1
    assert _one_line(capsys) == f"{bad}: event {n}: SetSpeed.up = 0.5: must be an integer"


def test_replay_names_an_illegal_or_mistyped_move_in_one_line(tmp_path, capsys):
    s = Session("trajan", setup(2, seed=8))
    for e in finished_events(2, seed=8)[:30]:
        s.submit(e)
    doc = s.export()
    path = tmp_path / "game.json"
    for events, expected in [
        (doc["events"] + [{"kind": "sow", "bowl": 9, "colours": []}], "event 31 (sow) no longer applies: T-"),
        (doc["events"][:5] + [{"kind": "sow", "bowl": True, "colours": []}], "event 6: Sow.bowl = true: must be"),
        (doc["events"] + [{"kind": "fly"}], 'event 31: unknown event kind "fly"'),
        (doc["events"] + [[1, 2]], "event 31: an event is a JSON object, not [1, 2]"),
        (doc["events"] + [{"kind": "sow", "colours": []}], "event 31: sow: the field bowl is missing"),
    ]:
        path.write_text(json.dumps({**doc, "events": events}))
        assert main(["replay", str(path)]) == 2
        assert _one_line(capsys).startswith(f"{path}: {expected}")


def test_replay_refuses_a_malformed_export_in_one_line(tmp_path, capsys):
    s = Session("trajan", setup(2, seed=8))
    doc = s.export()
    path = tmp_path / "game.json"
    bad_names = {**doc["setup"], "players": [["red", "A\u0000nna"], ["blue", "B"]]}
    for text, expected in [
        ("", "not JSON: Expecting value (line 1, column 1)"),
        ("[1]", "the file must be an object with the keys game, setup, events, not [1]"),
        (json.dumps({**doc, "game": "chess"}), 'game = "chess": must be one of trajan, concordia, chariot_race'),
        (json.dumps({**doc, "events": {}}), "events = {}: must be a list"),
        (json.dumps({**doc, "extra": 1}), "unknown key extra; the known keys are game, setup, events"),
        (json.dumps({**doc, "setup": bad_names}), 'setup: TrajanSetup.players[0] = "A\\u0000nna": the name must'),
        (json.dumps({**doc, "setup": {**doc["setup"], "players": [["red", "A" * 25], ["blue", "B"]]}}),
         "the name must be at most 24 characters long"),
        (json.dumps({**doc, "setup": {**doc["setup"], "seed": 1.5}}), "setup: TrajanSetup.seed = 1.5: must be"),
        (json.dumps({**doc, "setup": {**doc["setup"], "players": [["red", "A"]]}}), "setup: Trajan is for 2 to 4"),
    ]:
        path.write_text(text)
        assert main(["replay", str(path)]) == 2
        line = _one_line(capsys)
        assert line.startswith(f"{path}: ") and expected in line


def _stamp(path):
    return path.read_bytes(), path.stat().st_mtime_ns


def test_replay_opens_a_foreign_or_damaged_database_read_only(tmp_path, capsys):
    import sqlite3

    foreign = tmp_path / "foreign.db"
    db = sqlite3.connect(foreign)
    db.execute("CREATE TABLE notes (x)")
    db.execute("INSERT INTO notes VALUES ('keep me')")
    db.commit()
    db.close()
    before = _stamp(foreign)
    assert main(["replay", str(foreign)]) == 2
    assert _one_line(capsys) == f"{foreign}: not a table companion journal (no events, games, meta table)"
    assert _stamp(foreign) == before and sorted(p.name for p in tmp_path.iterdir()) == ["foreign.db"]
    db = sqlite3.connect(foreign)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "delete"    # not switched to WAL
    db.close()
    damaged = tmp_path / "damaged.db"
    damaged.write_bytes(before[0][:1024] + b"\xff" * 2048)
    assert main(["replay", str(damaged)]) == 2
    assert _one_line(capsys).startswith(f"{damaged}: ")


def test_replay_of_a_journal_changes_nothing_in_it(tmp_path, capsys):
    path = tmp_path / "j.db"
    journal = Journal(path)
    s = Session("trajan", setup(2, seed=8), journal)
    for e in finished_events(2, seed=8)[:20]:
        s.submit(e)
    journal.close()
    before = _stamp(path)
    assert main(["replay", str(path)]) == 0
    assert "20 events, in progress" in capsys.readouterr().out
    assert _stamp(path) == before


def _holdings(**changes):
    data = json.loads((ROOT / "docs/examples/trajan-holdings.json").read_text())
    data["players"][0].update(changes)
    return data


def test_score_trajan_refuses_impossible_counts_naming_the_field(tmp_path, capsys):
    path = tmp_path / "h.json"
    for data, expected in [
        (_holdings(hand=-3), "player 1 (Anna): hand = -3: must be an integer from 0 to 99"),
        (_holdings(hand=2.5), "player 1 (Anna): hand = 2.5: must be an integer from 0 to 99"),
        (_holdings(hand=True), "player 1 (Anna): hand = true: must be an integer from 0 to 99"),
        (_holdings(vp=100000019), "player 1 (Anna): vp = 100000019: must be an integer from -999 to 999"),
        (_holdings(hand=70), "player 1 (Anna): hand = 70: at most 60: the box has 60 goods cards"),
        (_holdings(bonus_tiles=[[None, "grey"]]), "player 1 (Anna): bonus_tiles[0][0] = null: must be text"),
        (_holdings(bonus_tiles=[["legion", "pink"]]), 'bonus_tiles[0][1] = "pink": must be "yellow" or "grey"'),
        (_holdings(construction=["door"] * 5), "construction = "),
        ({"players": [None]}, "player 1 = null: must be an object with the keys name, vp,"),
        ({"players": "Anna"}, 'players = "Anna": must be a list of the players\' holdings'),
        ([], "the file must be an object with the keys players, options, not []"),
    ]:
        path.write_text(json.dumps(data))
        assert main(["score", "trajan", str(path)]) == 2
        line = _one_line(capsys)
        assert line.startswith(f"{path}: ") and expected in line


def test_score_warns_about_unusual_holdings_on_stderr(tmp_path, capsys):
    path = tmp_path / "h.json"
    path.write_text(json.dumps(_holdings(vp=300)))
    assert main(["score", "trajan", str(path)]) == 0
    captured = capsys.readouterr()
    assert "Winner: Anna" in captured.out and "warning" not in captured.out
    assert captured.err == (f"{path}: warning: player 1 (Anna): vp = 300: unusual for the end of a game "
                            f"(0 to 250 is usual)\n")


def test_run_and_selftest_refuse_a_bad_config_file_in_one_line(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("firmware_host.runtime.prepare_lgpio_workdir", lambda *a, **k: None)
    bad = tmp_path / "config.toml"
    bad.write_text("led_count = 100000000\n")
    for command in (["run", "--config", str(bad)], ["selftest", "--config", str(bad)]):
        assert main(command) == 2
        assert _one_line(capsys).endswith(f"{bad}: led_count = 100000000: must be an integer from 1 to 1000")
    assert main(["run", "--language", "xx"]) == 2
    assert _one_line(capsys) == '--language "xx": must be one of en, fa, hu, zh_TW ("zh" = "zh_TW")'


def test_simulate_refuses_no_games(capsys):
    assert main(["simulate", "trajan", "--players", "2", "--games", "0"]) == 2
    assert _one_line(capsys) == "--games 0: must be an integer from 1 to 100000"


# ---------------------------------------------------------------------- the saved games (issue 15)

def _journal_with_finished_games(path, seeds=(3, 8)):
    journal = Journal(path)
    for name in ("Anna", "Bela"):      # picked on the set-up screen: profiles before the game
        if Players(journal).by_name(name) is None:
            Players(journal).add(name)
    for seed in seeds:
        s = Session("trajan", setup(2, seed=seed), journal)
        for e in finished_events(2, seed=seed):
            s.submit(e)
    return journal


def test_export_json_round_trips_through_the_command_line(tmp_path, capsys):
    from firmware_host.history import History
    from firmware_host.share import read_json

    path = tmp_path / "j.db"
    journal = _journal_with_finished_games(path)
    expected = list(reversed(History(journal).finished()))
    journal.close()
    assert main(["export", "--format", "json", "--journal", str(path), "--out", str(tmp_path / "all.json")]) == 0
    back = read_json((tmp_path / "all.json").read_text(encoding="utf-8"))
    assert back == expected
    assert [(s.name, s.score, s.rank, s.winner) for s in back[0].seats] == [
        (s.name, s.score, s.rank, s.winner) for s in expected[0].seats]
    assert main(["export", "--format", "csv", "--journal", str(path), "--since", "2999-01-01"]) == 0
    assert capsys.readouterr().out.count("\n") == 1          # the header only


def test_export_refuses_a_bad_date_or_missing_journal_in_one_line(tmp_path, capsys):
    path = tmp_path / "j.db"
    _journal_with_finished_games(path, (3,)).close()
    assert main(["export", "--format", "csv", "--journal", str(path), "--since", "23.11.2026"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "YYYY-MM-DD" in err
    assert main(["export", "--format", "csv", "--journal", str(tmp_path / "none.db")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no saved games file" in err


def test_backup_then_restore_from_the_command_line(tmp_path, capsys):
    path = tmp_path / "j.db"
    _journal_with_finished_games(path, (3,)).close()
    assert main(["backup", str(tmp_path / "b.db"), "--journal", str(path)]) == 0
    _journal_with_finished_games(path, (8,)).close()              # a game more after the backup
    assert main(["restore", str(tmp_path / "b.db"), "--journal", str(path)]) == 0
    assert main(["players", "--journal", str(path), "--json"]) == 0
    out = capsys.readouterr().out
    players = json.loads(out[out.index("["):])
    assert [(p["name"], p["games"]) for p in players] == [("Bela", 1), ("Anna", 1)]
    (tmp_path / "junk.db").write_bytes(b"not a database at all" * 100)
    assert main(["restore", str(tmp_path / "junk.db"), "--journal", str(path)]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def _sha(path):
    import hashlib

    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def test_players_export_and_backup_leave_the_journal_byte_for_byte_as_it_was(tmp_path, capsys):
    path = tmp_path / "j.db"
    _journal_with_finished_games(path, (3,)).close()
    before = _sha(path)
    beside = sorted(p.name for p in tmp_path.iterdir())
    assert main(["players", "--journal", str(path)]) == 0
    for fmt in ("bgstats", "csv", "json"):
        assert main(["export", "--format", fmt, "--journal", str(path)]) == 0
    capsys.readouterr()
    assert main(["backup", str(tmp_path / "out" / "b.db"), "--journal", str(path)]) == 2     # no such folder
    assert capsys.readouterr().err.count("\n") == 1                 # one line, no log lines before it
    assert main(["backup", str(tmp_path / "b.db"), "--journal", str(path)]) == 0
    assert _sha(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*beside, "b.db"])   # no -wal, -shm, .mark


def test_read_commands_work_on_a_read_only_journal(tmp_path, capsys):
    path = tmp_path / "j.db"
    _journal_with_finished_games(path, (3,)).close()
    path.chmod(0o444)
    try:
        assert main(["players", "--journal", str(path), "--json"]) == 0
        assert main(["export", "--format", "csv", "--journal", str(path)]) == 0
        assert main(["backup", str(tmp_path / "b.db"), "--journal", str(path)]) == 0
    finally:
        path.chmod(0o644)
    out = capsys.readouterr()
    assert "Anna" in out.out and out.err == ""


def test_export_and_backup_onto_the_journal_itself_are_refused(tmp_path, capsys):
    path = tmp_path / "j.db"
    _journal_with_finished_games(path, (3,)).close()
    before = _sha(path)
    capsys.readouterr()
    for target in (path, Path(f"{path}-wal"), tmp_path / "." / "j.db"):
        assert main(["export", "--format", "json", "--journal", str(path), "--out", str(target)]) == 2
        assert main(["backup", str(target), "--journal", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 6 and all("saved games file itself" in line for line in err)
    assert _sha(path) == before and not Path(f"{path}-wal").exists()


def test_a_sqlite_file_that_is_not_a_journal_is_refused_unchanged(tmp_path, capsys):
    import sqlite3

    other = tmp_path / "other.db"
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE notes (text TEXT)")
    db.commit()
    db.close()
    text = tmp_path / "notes.txt"
    text.write_text("hello, not a database\n" * 10, encoding="utf-8")
    before = {p: _sha(p) for p in (other, text)}
    for p in (other, text):
        for argv in (["players"], ["export", "--format", "csv"], ["backup", str(tmp_path / "b.db")]):
            assert main([*argv, "--journal", str(p)]) == 2
            err = capsys.readouterr().err
            assert err.count("\n") == 1 and f"{p}: not a table companion journal" in err
    assert {p: _sha(p) for p in before} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt", "other.db"]


def test_an_older_journal_exports_its_results_without_being_written(tmp_path, capsys):
    import sqlite3

    path = tmp_path / "j.db"
    _journal_with_finished_games(path, (3,)).close()
    db = sqlite3.connect(path)          # as an older companion left it: no players, results, outcomes
    db.executescript("DROP TRIGGER results_follow_games; DROP TABLE results; DROP TABLE outcomes; "
                     "DROP TABLE players; PRAGMA journal_mode=DELETE;")
    db.close()
    before = _sha(path)
    capsys.readouterr()
    assert main(["export", "--format", "csv", "--journal", str(path)]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert len(rows) == 3 and {r.split(",")[6] for r in rows[1:]} == {"Anna", "Bela"}
    assert main(["players", "--journal", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == []
    assert _sha(path) == before


def test_restore_keeps_the_old_journal_and_takes_a_hash_in_a_path(tmp_path, capsys):
    folder = tmp_path / "bk #1?x"
    folder.mkdir()
    path = folder / "j #.db"
    _journal_with_finished_games(path, (3,)).close()
    assert main(["backup", str(folder / "b #1.db"), "--journal", str(path)]) == 0
    _journal_with_finished_games(path, (8,)).close()
    assert main(["restore", str(folder / "b #1.db"), "--journal", str(path)]) == 0
    [aside] = [p for p in folder.iterdir() if ".before-restore-" in p.name]
    assert str(aside) in capsys.readouterr().out
    kept = Journal.read_only(aside)
    assert len(kept.games()) == 2           # both games: the journal as it was before the restore
    kept.close()
    assert sorted(p.name for p in folder.iterdir()) == sorted(["b #1.db", "j #.db", aside.name])
    assert main(["players", "--journal", str(path), "--json"]) == 0
    assert [p["games"] for p in json.loads(capsys.readouterr().out)] == [1, 1]   # the backup's one game


def test_a_csv_export_file_has_a_byte_order_mark(tmp_path):
    path = tmp_path / "j.db"
    _journal_with_finished_games(path, (3,)).close()
    assert main(["export", "--format", "csv", "--journal", str(path), "--out", str(tmp_path / "h.csv")]) == 0
    assert (tmp_path / "h.csv").read_bytes().startswith(b"\xef\xbb\xbfgame_id,")


def test_a_failing_backup_or_restore_says_one_line_and_logs_only_with_v(tmp_path):
    """In a process of its own: there the command's logging is set up as on the box (under
    pytest the root logger already has handlers, so the CLI's level would not show)."""
    import subprocess
    import sys

    path = tmp_path / "j.db"
    _journal_with_finished_games(path, (3,)).close()
    (tmp_path / "t.db").write_bytes(b"not a database " * 20)

    def run(*argv):
        return subprocess.run([sys.executable, "-m", "firmware_host", *argv], capture_output=True, text=True,
                              cwd=ROOT)
    r = run("backup", str(tmp_path / "no" / "b.db"), "--journal", str(path))
    assert r.returncode == 2 and r.stderr == f"The backup could not be written: there is no folder {tmp_path / 'no'}.\n"
    r = run("restore", str(tmp_path / "t.db"), "--journal", str(path))
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and str(tmp_path / "t.db") in r.stderr
    r = run("-v", "export", "--format", "csv", "--journal", str(tmp_path / "t.db"))
    assert r.returncode == 2 and r.stderr.splitlines()[-1].startswith(f"{tmp_path / 't.db'}: not a table companion")
