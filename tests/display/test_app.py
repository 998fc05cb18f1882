"""The real event loop and the real start-up, headless."""

import os
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame

from display.controller import Controller
from firmware_host.app import InputQueue, _loop
from firmware_host.inputs import ButtonPressed
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
    inputs = InputQueue()
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2, mod=0, unicode="2"))

    def hardware_thread():
        """Presses OK once bowl 2 is chosen, as the button thread would; quits once sown."""
        deadline = time.monotonic() + 10
        while getattr(ctl.active, "bowl", None) != 1 and time.monotonic() < deadline:
            time.sleep(0.005)
        inputs.put(ButtonPressed("ok"))
        while len(ctl.session.game.events) == n and time.monotonic() < deadline:
            time.sleep(0.005)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
    threading.Thread(target=hardware_thread, daemon=True).start()
    _loop(ctl, surface, inputs)
    assert len(ctl.session.game.events) == n + 1
    assert ctl.session.game.events[-1].bowl == 1
    assert not ctl.running


def test_start_up_opens_the_journal_and_stops_cleanly_on_sigterm(tmp_path):
    journal = tmp_path / "journal.db"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", XDG_STATE_HOME=str(tmp_path))
    proc = subprocess.Popen([sys.executable, "-m", "firmware_host", "run", "--profile", "sim",
                             "--journal", str(journal)], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        log = []
        for line in proc.stderr:              # the app logs "first frame" once it is up
            log.append(line)
            if "first frame" in line:
                break
        assert any("first frame" in line for line in log), "".join(log)
        assert journal.exists()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=20) == 0, proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()


def test_input_queue_wakes_a_sleeping_loop_and_hands_over_in_order():
    from firmware_host.app import _sleep_until_input

    inputs = InputQueue()
    fake_device_r, fake_device_w = os.pipe()
    os.set_blocking(fake_device_r, False)
    try:
        sender = threading.Thread(target=lambda: [inputs.put(ButtonPressed(b)) for b in ("bowl1", "ok")])
        sender.start()
        _sleep_until_input(inputs, [fake_device_r], timeout=30)   # returns as soon as the put lands
        sender.join()
        assert list(inputs.drain()) == [ButtonPressed("bowl1"), ButtonPressed("ok")]
        assert list(inputs.drain()) == []
        os.write(fake_device_w, b"touch")                          # a device with an event
        _sleep_until_input(inputs, [fake_device_r], timeout=30)
        assert select.select([fake_device_r], [], [], 0)[0] == []  # our copy was discarded
    finally:
        inputs.close()
        os.close(fake_device_r)
        os.close(fake_device_w)


def test_a_device_that_is_gone_is_handed_back_to_be_closed():
    from firmware_host.app import _sleep_until_input

    inputs = InputQueue()
    r, w = os.pipe()
    gone_fd = os.open("/dev/null", os.O_WRONLY)      # readable to select, but reading fails
    try:
        assert _sleep_until_input(inputs, [gone_fd], timeout=30) == [gone_fd]
    finally:
        inputs.close()
        for fd in (r, w, gone_fd):
            os.close(fd)
