"""Fuzzing every command that reads a file: ``replay`` (an export or a journal), ``score
trajan``, ``score concordia``, ``run --config`` and ``selftest --config``.

Hypothesis makes malformed files: random bytes, random JSON, valid files with one value of
another type, an unknown key or a number out of range, foreign and damaged SQLite files,
journals with a broken move, config files with a wrong key or value. For each the command
must exit with 2 and write exactly one line on stderr, never a traceback, and leave the file
as it was (its bytes, its modification time, no file added beside it). The commands run in
this process (``firmware_host.cli.main``); a few run as real processes at the end.
"""

from __future__ import annotations

import copy
import json
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from firmware_host.cli import main
from firmware_host.config import ConfigError, load_config
from firmware_host.journal import Journal
from firmware_host.session import Session
from tests.trajan_fixtures import finished_events, setup

ROOT = Path(__file__).resolve().parents[1]
FUZZ: dict[str, Any] = dict(deadline=None, derandomize=True, database=None,
                            suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                                   HealthCheck.filter_too_much])

# ---------------------------------------------------------------------------- valid files to spoil


def _export(game: str, players: int, moves: int) -> dict[str, Any]:
    import random

    from firmware_host.engine.core import Game, event_to_json
    from firmware_host.games import GAMES, demo_rules

    kind = GAMES[game]
    rules = demo_rules(kind, players, random.Random(7))
    g = Game(rules)
    rng = random.Random(8)
    while len(g.events) < moves and not getattr(g.state, "over", False):
        g.apply(kind.random_move(g, rng))
    return {"game": game, "setup": rules.setup.to_json(), "events": [event_to_json(e) for e in g.events]}


EXPORTS = [_export("trajan", 2, 40), _export("concordia", 2, 30), _export("chariot_race", 2, 30)]
TRAJAN_HOLDINGS = json.loads((ROOT / "docs/examples/trajan-holdings.json").read_text())
CONCORDIA_HOLDINGS = json.loads((ROOT / "docs/examples/concordia-holdings.json").read_text())
EXAMPLE_CONFIG = (ROOT / "docs/config.md").read_text().split("```toml\n", 1)[1].split("```", 1)[0]

# ---------------------------------------------------------------------------- strategies

scalars = st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=True),
                    st.text(max_size=30))
json_values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                            st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                           max_leaves=12)


def _kind(value: Any) -> str:
    """The JSON type of ``value`` (bool, int and float apart)."""
    if value is None or isinstance(value, bool):
        return repr(value)
    return type(value).__name__


def _paths(value: Any, skip: tuple[str, ...] = (), path: tuple = ()) -> list[tuple]:
    """Every path to a value inside ``value`` (dict keys, list indexes), ``skip`` keys left out."""
    out = [path] if path else []
    if isinstance(value, dict):
        for k, v in value.items():
            if k not in skip:
                out += _paths(v, skip, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, skip, (*path, i))
    return out


def _get(doc: Any, path: tuple) -> Any:
    for p in path:
        doc = doc[p]
    return doc


def _set(doc: Any, path: tuple, value: Any) -> None:
    _get(doc, path[:-1])[path[-1]] = value


@st.composite
def spoiled(draw: st.DrawFn, valid: Any, skip: tuple[str, ...] = ()) -> Any:
    """``valid`` with one change that no reader may accept: a value of another JSON type, or
    an unknown key in an object (the paths under a ``skip`` key are left alone)."""
    doc = copy.deepcopy(valid)
    paths = _paths(doc, skip)
    objects = [p for p in paths if isinstance(_get(doc, p), dict)] + [()]
    if draw(st.booleans()):
        target = draw(st.sampled_from(objects))
        key = draw(st.text(min_size=1, max_size=10).filter(lambda k: k not in _get(doc, target)))
        _get(doc, target)[key] = draw(json_values)
    else:
        path = draw(st.sampled_from(paths))
        old = _get(doc, path)
        new = draw(json_values.filter(lambda v: _kind(v) != _kind(old)))
        _set(doc, path, new)
    return doc


def _text(value: Any) -> bytes:
    return json.dumps(value, allow_nan=True).encode()


# ---------------------------------------------------------------------------- the check

def _stamp(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.iterdir())}


PYTHON_TALK = re.compile(r"NoneType|subscriptable|list indices|unhashable|has no attribute|Error\(|"
                         r"object is not|argument of type")


def refused(capsys, argv: list[str], folder: Path, allow_ok: bool = False) -> None:
    """``main(argv)`` exits 2 with one line on stderr and no traceback, and the folder holding
    the input is exactly as it was (with ``allow_ok``, exit 0 is accepted too)."""
    before = _stamp(folder)
    code = main(argv)
    out = capsys.readouterr()
    assert "Traceback" not in out.err
    if allow_ok and code == 0:
        assert out.err == "" or all("warning" in line for line in out.err.splitlines())
    else:
        assert code == 2, (argv, out.err)
        assert len(out.err.splitlines()) == 1 and out.err.endswith("\n"), out.err
        if not allow_ok:            # said in the file's terms, not Python's
            assert not PYTHON_TALK.search(out.err), out.err
    assert _stamp(folder) == before, "the input was changed"


@pytest.fixture(autouse=True)
def _quiet(monkeypatch):
    """No lgpio set-up and no system config for run/selftest in this process."""
    monkeypatch.setattr("firmware_host.runtime.prepare_lgpio_workdir", lambda *a, **k: None)
    monkeypatch.delenv("TABLE_COMPANION_CONFIG", raising=False)


def _folder() -> tempfile.TemporaryDirectory:
    return tempfile.TemporaryDirectory(prefix="fuzz-")


# ---------------------------------------------------------------------------- replay FILE.json

@settings(**FUZZ, max_examples=100)
@given(data=st.data(), which=st.sampled_from(range(len(EXPORTS))))
def test_replay_refuses_a_spoiled_export(capsys, data, which):
    doc = data.draw(spoiled(EXPORTS[which], skip=("board",)))
    with _folder() as d:
        path = Path(d) / "game.json"
        path.write_bytes(_text(doc))
        refused(capsys, ["replay", str(path)], Path(d))


@settings(**FUZZ, max_examples=60)
@given(content=st.one_of(st.binary(max_size=300), json_values.map(_text),
                         st.integers(1, 3000).map(lambda n: b"[" * n)))
def test_replay_refuses_bytes_that_are_no_export(capsys, content):
    with _folder() as d:
        path = Path(d) / "game.json"
        path.write_bytes(content)
        refused(capsys, ["replay", str(path)], Path(d))


@settings(**FUZZ, max_examples=40)
@given(data=st.data())
def test_replay_of_an_export_with_spoiled_board_data_never_crashes(capsys, data):
    """Board data is the game's own (a game keeps the data it started with): a change the
    rules never read may still replay, anything else is refused in one line."""
    doc = copy.deepcopy(EXPORTS[0])
    doc["setup"]["board"] = data.draw(spoiled(doc["setup"]["board"]))
    with _folder() as d:
        path = Path(d) / "game.json"
        path.write_bytes(_text(doc))
        refused(capsys, ["replay", str(path)], Path(d), allow_ok=True)


# ---------------------------------------------------------------------------- replay FILE.db

def _journal(folder: Path) -> Path:
    path = folder / "journal.db"
    journal = Journal(path)
    s = Session("trajan", setup(2, seed=8), journal)
    for e in finished_events(2, seed=8)[:25]:
        s.submit(e)
    journal.close()
    for extra in folder.iterdir():          # only the database: no -wal, -shm or marks beside it
        if extra != path:
            extra.unlink()
    return path


with tempfile.TemporaryDirectory() as _d:
    JOURNAL = _journal(Path(_d)).read_bytes()


@settings(**FUZZ, max_examples=30)
@given(content=st.one_of(st.binary(max_size=3000),
                         st.binary(min_size=100, max_size=3000).map(lambda b: b"SQLite format 3\0" + b),
                         st.integers(0, 4095).map(lambda n: JOURNAL[:n])))        # not even its first page
def test_replay_refuses_a_file_that_is_no_journal(capsys, content):
    with _folder() as d:
        path = Path(d) / "journal.db"
        path.write_bytes(content)
        refused(capsys, ["replay", str(path)], Path(d))


names = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=10).filter(
    lambda n: n not in ("meta", "games", "events") and not n.startswith("sqlite"))


@settings(**FUZZ, max_examples=15)
@given(tables=st.lists(st.tuples(names, st.lists(names, min_size=1, max_size=3, unique=True)), min_size=1,
                       max_size=3, unique_by=lambda t: t[0]), wal=st.booleans())
def test_replay_never_changes_a_foreign_sqlite_file(capsys, tables, wal):
    with _folder() as d:
        path = Path(d) / "other.db"
        db = sqlite3.connect(path)
        if wal:
            db.execute("PRAGMA journal_mode=WAL")
        for name, columns in tables:
            db.execute(f'CREATE TABLE "{name}" ({", ".join(f"{chr(34)}{c}{chr(34)}" for c in columns)})')
        db.commit()
        db.close()
        refused(capsys, ["replay", str(path)], Path(d))
        db = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
        assert {r[0] for r in db.execute("SELECT name FROM sqlite_master")} == {t for t, _ in tables}
        db.close()


@settings(**FUZZ, max_examples=40)
@given(seq=st.integers(1, 25), event=st.one_of(st.text(max_size=40), json_values.filter(
    lambda v: not isinstance(v, dict) or not isinstance(v.get("kind"), str)).map(json.dumps)))
def test_replay_refuses_a_journal_with_a_broken_move(capsys, seq, event):
    with _folder() as d:
        path = Path(d) / "journal.db"
        path.write_bytes(JOURNAL)
        db = sqlite3.connect(path)
        db.execute("UPDATE events SET event = ? WHERE seq = ?", (event, seq))
        db.commit()
        db.close()
        for extra in Path(d).iterdir():
            if extra != path:
                extra.unlink()
        refused(capsys, ["replay", str(path)], Path(d))


@settings(**FUZZ, max_examples=40)
@given(flips=st.lists(st.tuples(st.integers(0, len(JOURNAL) - 1), st.integers(0, 255)), max_size=8),
       keep=st.integers(4096, len(JOURNAL)))
def test_replay_of_a_damaged_journal_never_crashes_nor_repairs_it(capsys, flips, keep):
    """Bytes changed or the end cut off: what still reads replays, the rest is refused."""
    content = bytearray(JOURNAL)
    for at, byte in flips:
        content[at] = byte
    content = content[:keep]
    with _folder() as d:
        path = Path(d) / "journal.db"
        path.write_bytes(bytes(content))
        refused(capsys, ["replay", str(path)], Path(d), allow_ok=True)


# ---------------------------------------------------------------------------- score FILE.json

@settings(**FUZZ, max_examples=100)
@given(data=st.data(), game=st.sampled_from(["trajan", "concordia"]))
def test_score_refuses_spoiled_holdings(capsys, data, game):
    valid = TRAJAN_HOLDINGS if game == "trajan" else CONCORDIA_HOLDINGS
    doc = data.draw(st.one_of(spoiled(valid), json_values.filter(
        lambda v: not isinstance(v, dict) or "players" not in v)))
    with _folder() as d:
        path = Path(d) / "holdings.json"
        path.write_bytes(_text(doc))
        refused(capsys, ["score", game, str(path)], Path(d))


@settings(**FUZZ, max_examples=30)
@given(data=st.data(), game=st.sampled_from(["trajan", "concordia"]))
def test_score_refuses_counts_out_of_range(capsys, data, game):
    valid = TRAJAN_HOLDINGS if game == "trajan" else CONCORDIA_HOLDINGS
    doc = copy.deepcopy(valid)
    counts = [p for p in _paths(doc["players"]) if type(_get(doc["players"], p)) is int]
    path = data.draw(st.sampled_from(counts))
    _set(doc["players"], path, data.draw(st.one_of(st.integers(max_value=-1000), st.integers(min_value=10_000))))
    with _folder() as d:
        file = Path(d) / "holdings.json"
        file.write_bytes(_text(doc))
        refused(capsys, ["score", game, str(file)], Path(d))


@settings(**FUZZ, max_examples=20)
@given(content=st.binary(max_size=200))
def test_score_refuses_bytes_that_are_no_holdings(capsys, content):
    assume(not content.strip().startswith(b"{"))
    with _folder() as d:
        path = Path(d) / "holdings.json"
        path.write_bytes(content)
        refused(capsys, ["score", "trajan", str(path)], Path(d))


# ---------------------------------------------------------------------------- run / selftest --config

toml_values = st.one_of(
    st.integers(-(2**63), 2**63 - 1).map(str), st.floats(allow_nan=True).map(
        lambda f: "nan" if f != f else ("inf" if f == float("inf") else "-inf" if f == -float("inf") else repr(f))),
    st.booleans().map(lambda b: "true" if b else "false"), st.text(max_size=12).map(json.dumps),
    st.just("[1, 2]"), st.just("{ a = 1 }"), st.just("1979-05-27"))
KEYS = [line.split("=")[0].strip() for line in EXAMPLE_CONFIG.splitlines()
        if "=" in line and not line.startswith("#")]


@st.composite
def bad_configs(draw: st.DrawFn) -> bytes:
    how = draw(st.sampled_from(["value", "key", "bytes"]))
    if how == "bytes":
        return draw(st.binary(min_size=1, max_size=200))
    lines = [ln for ln in EXAMPLE_CONFIG.splitlines() if not ln.startswith("[pins]")]
    key = draw(st.sampled_from(KEYS)) if how == "value" else draw(names.filter(lambda n: n not in KEYS))
    value = draw(toml_values)
    lines = [ln for ln in lines if ln.split("=")[0].strip() != key] + [f"{key} = {value}"]
    return "\n".join(lines).encode()


@settings(**FUZZ, max_examples=60)
@given(content=bad_configs())
def test_run_and_selftest_refuse_a_bad_config(capsys, content):
    with _folder() as d:
        path = Path(d) / "config.toml"
        path.write_bytes(content)
        try:
            load_config(path)
        except ConfigError:
            pass
        else:
            assume(False)           # a change that gives a valid config: nothing to refuse
        refused(capsys, ["run", "--config", str(path)], Path(d))
        refused(capsys, ["selftest", "--config", str(path)], Path(d))


# ---------------------------------------------------------------------------- as real processes

@pytest.mark.parametrize("argv,name,content", [
    (["replay"], "game.json", b'{"game": "trajan", "setup": {}, "events": [}'),
    (["replay"], "other.db", None),
    (["score", "trajan"], "holdings.json", b'{"players": [{"name": "A", "hand": -3}, {"name": "B"}]}'),
    (["score", "concordia"], "holdings.json", b'{"players": [{"name": "A", "colonists": 2.5}]}'),
    (["run", "--config"], "config.toml", b"led_count = 100000000\n"),
])
def test_the_installed_command_refuses_in_one_line(tmp_path, argv, name, content):
    path = tmp_path / name
    if content is None:
        db = sqlite3.connect(path)
        db.execute("CREATE TABLE notes (x)")
        db.commit()
        db.close()
    else:
        path.write_bytes(content)
    before = _stamp(tmp_path)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
    env.pop("TABLE_COMPANION_CONFIG", None)
    r = subprocess.run([sys.executable, "-m", "firmware_host", *argv, str(path)], capture_output=True, text=True,
                       cwd=ROOT, env=env, timeout=60)
    assert r.returncode == 2, r.stderr
    assert len(r.stderr.splitlines()) == 1 and "Traceback" not in r.stderr, r.stderr
    assert r.stderr.startswith(str(path)) and r.stdout == ""
    assert _stamp(tmp_path) == before
