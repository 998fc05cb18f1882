"""Every command ends quietly on Ctrl+C (exit 130) and when the reader of its output goes away
(``| head``: exit 141, 128 + SIGPIPE, as a shell reports ``yes | head``): no traceback, no
"Exception ignored" at exit. Real processes, real signals and pipes; the commands too quick to
interrupt are interrupted in process (the same handler in ``main``)."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from firmware_host import cli
from firmware_host.engine.core import event_to_json
from firmware_host.journal import Journal
from tests.trajan_fixtures import finished_events, setup

ROOT = Path(__file__).resolve().parents[1]
HOLDINGS = ROOT / "docs/examples/trajan-holdings.json"


def _env(tmp_path):
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
                XDG_STATE_HOME=str(tmp_path), PYTHONPATH=str(ROOT))


def _spawn(args, tmp_path, **kwargs):
    # SIGINT as a terminal delivers it: not ignored (a shell's background jobs ignore it)
    return subprocess.Popen([sys.executable, "-m", "firmware_host", *args], cwd=ROOT, env=_env(tmp_path),
                            stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL), **kwargs)


def _many_games(path, games=400):
    """A journal of ``games`` finished 2-player games, written at once (replay takes a while)."""
    journal = Journal(path)
    text = json.dumps(setup(2, 3).to_json(), separators=(",", ":"))
    events = [json.dumps(event_to_json(e), separators=(",", ":")) for e in finished_events(2, 3)]
    db = sqlite3.connect(path)
    with db:
        db.executemany("INSERT INTO games (id, game, setup, created, finished) VALUES (?, 'trajan', ?, 0, 1)",
                       ((g, text) for g in range(1, games + 1)))
        db.executemany("INSERT INTO events (game_id, seq, event, at) VALUES (?, ?, ?, 0)",
                       ((g, i, e) for g in range(1, games + 1) for i, e in enumerate(events, 1)))
    db.close()
    journal.close()


def _commands(tmp_path):
    """``name -> (args, when it is busy)``: each command at work when Ctrl+C comes."""
    (tmp_path / "empty.toml").write_text("")
    _many_games(tmp_path / "many.db")
    first_frame = "first frame"
    return {
        "run": (["run", "--profile", "sim", "--journal", str(tmp_path / "j.db"), "--config",
                 str(tmp_path / "empty.toml")], first_frame),
        "selftest": (["selftest", "--profile", "sim", "--config", str(tmp_path / "empty.toml"), "--timeout", "60"],
                     1.5),
        "simulate": (["simulate", "trajan", "--games", "100000"], 1.5),
        "replay": (["replay", str(tmp_path / "many.db")], 1.5),
        "screenshot": (["screenshot", "--out", str(tmp_path / "shots")], 1.5),
    }


def _stderr(proc, lines):
    for line in proc.stderr:
        lines.append(line)


@pytest.mark.parametrize("name", ["run", "selftest", "simulate", "replay", "screenshot"])
def test_ctrl_c_ends_a_command_quietly_with_130(tmp_path, name):
    args, busy = _commands(tmp_path)[name]
    proc = _spawn(args, tmp_path, stdout=subprocess.DEVNULL)
    lines: list[str] = []
    reader = threading.Thread(target=_stderr, args=(proc, lines), daemon=True)
    reader.start()
    try:
        deadline = time.monotonic() + 60
        if isinstance(busy, str):
            while not any(busy in line for line in lines) and proc.poll() is None and time.monotonic() < deadline:
                time.sleep(0.02)
        else:
            time.sleep(busy)
        assert proc.poll() is None, f"{name} ended before Ctrl+C: " + "".join(lines)
        proc.send_signal(signal.SIGINT)
        code = proc.wait(30)
    finally:
        if proc.poll() is None:
            proc.kill()
    reader.join(5)
    err = "".join(lines)
    assert code == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err


@pytest.mark.parametrize("args", [
    ["replay", "{many}"],
    ["replay", "{many}", "--json"],
    ["score", "trajan", str(HOLDINGS)],
    ["simulate", "trajan", "--games", "3", "--players", "2"],
    ["screenshot", "--out", "{tmp}/shots"],
], ids=["replay", "replay-json", "score", "simulate", "screenshot"])
def test_a_closed_pipe_ends_a_command_quietly_with_141(tmp_path, args):
    _many_games(tmp_path / "many.db", games=3)
    args = [a.format(many=tmp_path / "many.db", tmp=tmp_path) for a in args]
    read, write = os.pipe()
    os.close(read)                      # `| head` that has already gone: every write fails
    proc = _spawn(args, tmp_path, stdout=write)
    os.close(write)
    err = proc.communicate(timeout=120)[1]
    assert proc.returncode == 141, err
    assert "Traceback" not in err and "Exception ignored" not in err and "BrokenPipe" not in err, err


@pytest.mark.parametrize("command", ["score", "replay", "simulate", "screenshot", "selftest", "run"])
def test_main_turns_ctrl_c_in_any_command_into_130(monkeypatch, command):
    def interrupted(args):
        raise KeyboardInterrupt
    monkeypatch.setattr(cli, f"_{command}", interrupted)
    monkeypatch.setattr("firmware_host.runtime.prepare_lgpio_workdir", lambda: None, raising=False)
    argv = {"score": ["score", "trajan", "x.json"], "replay": ["replay", "x.db"],
            "simulate": ["simulate", "trajan"], "screenshot": ["screenshot"], "selftest": ["selftest"],
            "run": ["run"]}[command]
    assert cli.main(argv) == 130
