"""The real event loop and the real start-up, headless."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame

from display.controller import Controller
from firmware_host.app import _loop
from firmware_host.io.inputs import ButtonPressed
from tests.trajan_fixtures import finished_events, setup

ROOT = Path(__file__).resolve().parents[2]


def _to_first_turn(ctl):
    for e in finished_events(2, 3):
        if ctl.session.state.pending.kind == "bowl":
            return
        ctl.submit(e)


def test_loop_turns_keys_and_posted_inputs_into_moves(surface):
    ctl = Controller(None)
    ctl.start_game("trajan", setup(2, 3))
    _to_first_turn(ctl)
    n = len(ctl.session.game.events)
    input_type = pygame.event.custom_type()
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2, mod=0, unicode="2"))
    pygame.event.post(pygame.event.Event(input_type, input=ButtonPressed("ok")))   # as a hardware thread posts
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    _loop(ctl, surface, input_type)
    assert len(ctl.session.game.events) == n + 1
    assert ctl.session.game.events[-1].bowl == 1
    assert not ctl.running


def test_start_up_opens_the_journal_and_stops_cleanly_on_sigterm(tmp_path):
    journal = tmp_path / "journal.db"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", XDG_STATE_HOME=str(tmp_path))
    proc = subprocess.Popen([sys.executable, "-m", "firmware_host", "run", "--profile", "sim",
                             "--journal", str(journal)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while not journal.exists() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert journal.exists(), proc.stderr.read() if proc.poll() is not None else "no journal"
        time.sleep(0.5)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=20) == 0, proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
