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
import pytest

from display.controller import Controller
from firmware_host.app import InputQueue, _loop
from firmware_host.inputs import ButtonPressed, DeviceStatus, Touch
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


# ---------------------------------------------------------------------- screens of any size

class Clock:
    """A clock the test moves by hand (the loop's sleeps stay real, never asserted on)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _wait_for(predicate, what: str) -> None:
    deadline = time.monotonic() + 10          # an upper bound for another thread, not a measurement
    while not predicate():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.002)


def _first_turn_controller():
    ctl = Controller(None)
    ctl.start_game("trajan", setup(2, 3))
    _to_first_turn(ctl)
    return ctl


def _stop(ctl, inputs):
    ctl.running = False
    inputs.put(DeviceStatus("test", True, "stop"))        # wakes the loop; not a player's input


def _failing_strip():
    raise RuntimeError("no strip")


def _neopixel_strip(monkeypatch, count):
    import board
    import neopixel

    from firmware_host.io.leds import NeoPixelStrip

    monkeypatch.setattr(neopixel, "neopixel_write", lambda pin, buf: None)
    return NeoPixelStrip(18, count, pin_object=board.Dx_OUTPUT)


@pytest.mark.parametrize("backend", ["simulated", "neopixel", "failing"])
def test_the_led_band_on_a_tall_screen_draws_the_last_frame_of_any_strip(surface, monkeypatch, backend):
    """`run --profile pi` on a screen taller than 480 px used to crash here: the band read
    ``pixels`` that only the simulated strip had. Now every strip, wrapped in SafeStrip as on
    the Pi, tells its last frame, and the band shows it in the bar under the picture."""
    from display.viewport import fit
    from firmware_host.config import Config
    from firmware_host.engine.leds import LedLayout
    from firmware_host.io.leds import SafeStrip, SimulatedStrip

    config = Config()
    count = config.led_count
    opener = {"simulated": lambda: SimulatedStrip(count), "failing": _failing_strip,
              "neopixel": lambda: _neopixel_strip(monkeypatch, count)}[backend]
    ctl = _first_turn_controller()
    inputs = InputQueue()
    strip = SafeStrip(opener, count, inputs.put)           # its status wakes the loop at once
    window = pygame.Surface((1024, 768))
    hardware = type("Hardware", (), {"strip": strip})()

    def stopper():
        _wait_for(lambda: strip.version > 0 and not ctl.dirty, "the lights and the frame")
        _stop(ctl, inputs)
    threading.Thread(target=stopper, daemon=True).start()
    try:
        _loop(ctl, window, inputs, hardware, LedLayout.from_config(config))
    finally:
        inputs.close()
    band = fit((1024, 768)).band
    assert band is not None                                 # 1024x614 picture: room for the band
    x, y, w, h = band
    step = w / count
    lit = [i for i, px in enumerate(strip.pixels) if px != (0, 0, 0)]
    assert lit                                              # a player's turn lights their seat
    for i in lit:
        assert window.get_at((int(x + step * (i + 0.5)), y + h // 2))[:3] == strip.pixels[i]


@pytest.mark.parametrize("size", [(1024, 600), (480, 800)])
def test_a_click_on_a_scaled_screen_reaches_the_widget_under_it(surface, size):
    """Through the real loop: a click at the scaled centre of bowl 3 on a larger (or portrait)
    window chooses bowl 3; a click on a bar does nothing."""
    from display.viewport import fit

    ctl = _first_turn_controller()
    n = len(ctl.session.game.events)
    inputs = InputQueue()
    view = fit(size)
    bowl = ctl.active.find("bowl:2")
    assert bowl is not None and bowl.enabled
    pygame.event.clear()
    on_bar = (0, 0) if view.picture[:2] != (0, 0) else (size[0] - 1, size[1] - 1)
    assert view.to_ui(*on_bar) is None
    for pos in (on_bar, view.to_window(*bowl.rect.center)):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos, touch=False))

    def stopper():
        _wait_for(lambda: getattr(ctl.active, "bowl", None) is not None, "bowl 3 chosen")
        _stop(ctl, inputs)
    threading.Thread(target=stopper, daemon=True).start()
    inputs.put(DeviceStatus("test", True, "go"))           # the dummy driver: the queue wakes the loop
    try:
        _loop(ctl, pygame.Surface(size), inputs)
    finally:
        inputs.close()
    assert ctl.active.bowl == 2 and len(ctl.session.game.events) == n


def test_translate_maps_touches_and_clicks_into_the_picture():
    from display.viewport import fit
    from firmware_host.app import translate

    view = fit((1920, 1080))                               # 1800x1080 at x = 60
    assert view.picture == (60, 0, 1800, 1080)
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(60 + 900, 540), touch=False)
    assert translate(click, False, view) == Touch(400, 240)
    finger = pygame.event.Event(pygame.FINGERDOWN, x=(60 + 1799.5) / 1920, y=1079.5 / 1080, touch_id=0,
                                finger_id=0, dx=0, dy=0, pressure=1)
    assert translate(finger, False, view) == Touch(799, 479)
    bar = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(30, 540), touch=False)
    assert translate(bar, False, view) is None
    assert translate(click, False) == Touch(960, 540)      # no view: the window is the picture


def test_the_simulator_window_fits_an_800x480_screen_with_the_band_inside():
    from display.viewport import STRIP_BAND, fit

    plain, with_band = fit((800, 480)), fit((800, 480), band=True)
    assert plain.identity and plain.band is None
    x, y, w, h = with_band.picture
    assert with_band.band == (x, y + h, w, STRIP_BAND)
    assert y + h + STRIP_BAND <= 480 and (w, h) == (753, 452)
    portrait = fit((480, 800))
    assert portrait.picture[2:] == (480, 288) and portrait.band is not None    # room: shown anyway


# ---------------------------------------------------------------------- dimming

def test_idle_dims_after_its_time_and_the_waking_input_is_not_used():
    from firmware_host.app import Idle
    from firmware_host.io.backlight import FakeBacklight

    clock, light = Clock(), FakeBacklight()
    idle = Idle(600, light, clock)
    assert light.calls == [True]                             # lit at start, whatever a past run left
    assert idle.due() == 1600 and not idle.tick(1599.9) and not idle.dark
    assert idle.activity(1500) is False and idle.due() == 2100     # an input postpones it
    assert idle.tick(2100) and idle.dark and light.calls[-1] is False
    assert idle.due() == float("inf") and not idle.tick(5000)      # dark: no deadline, dims once
    assert idle.activity(5000) is True and not idle.dark and light.calls[-1] is True
    assert idle.activity(5001) is False                             # the next input acts


def test_idle_never_dims_at_0_and_dims_without_a_backlight():
    from firmware_host.app import Idle
    from firmware_host.io.backlight import FakeBacklight

    never = Idle(0, clock=Clock())
    assert never.due() == float("inf") and not never.tick(10 ** 9)
    dark_only = Idle(60, FakeBacklight(works=False), Clock())
    assert dark_only.tick(1060) and dark_only.dark                 # drawn black instead


def _all_black(surf) -> bool:
    return pygame.mask.from_threshold(surf, (0, 0, 0), (1, 1, 1, 255)).count() == surf.get_width() * surf.get_height()


def test_the_loop_dims_draws_nothing_while_dark_and_swallows_the_waking_press(surface):
    from firmware_host.app import Idle
    from firmware_host.io.backlight import FakeBacklight

    clock, light = Clock(), FakeBacklight()
    ctl = _first_turn_controller()
    n = len(ctl.session.game.events)
    inputs = InputQueue()
    window = pygame.Surface((1024, 600))
    seen = {}

    def table():
        _wait_for(lambda: not ctl.dirty, "the first frame")
        clock.now += 601                                       # ten minutes and a second pass
        inputs.put(DeviceStatus("nfc", False, "reader gone"))  # wakes the loop, not the screen
        _wait_for(lambda: light.calls == [True, False], "dimmed")
        _wait_for(lambda: ctl.devices.get("nfc") is not None, "the status handled")
        seen["dark"] = _all_black(window)
        inputs.put(ButtonPressed("bowl3"))                     # wakes the screen, nothing else
        _wait_for(lambda: light.calls == [True, False, True] and not ctl.dirty, "woken and redrawn")
        seen["after wake"] = getattr(ctl.active, "bowl", None)
        seen["lit"] = not _all_black(window)
        inputs.put(ButtonPressed("bowl3"))                     # this one acts: bowl 3 is sown
        _wait_for(lambda: len(ctl.session.game.events) == n + 1, "bowl 3 sown")
        _stop(ctl, inputs)
    threading.Thread(target=table, daemon=True).start()
    try:
        _loop(ctl, window, inputs, idle=Idle(600, light, clock), clock=clock)
    finally:
        inputs.close()
    assert seen == {"dark": True, "after wake": None, "lit": True}
    assert len(ctl.session.game.events) == n + 1 and ctl.session.game.events[-1].bowl == 2


def test_pi_profile_on_a_screen_taller_than_480_starts_and_stops(tmp_path):
    """The crash of issue 11 end to end: the pi profile on the dummy driver's 1024x768 display,
    with the LED strip that cannot open here (SafeStrip) drawn in the band."""
    config = tmp_path / "config.toml"
    config.write_text('profile = "pi"\nnfc = false\ndim_after_minutes = 0\n')
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", XDG_STATE_HOME=str(tmp_path),
               GPIOZERO_PIN_FACTORY="mock", BLINKA_OS_AGNOSTIC="1")
    env.pop("TABLE_COMPANION_CONFIG", None)
    proc = subprocess.Popen([sys.executable, "-m", "firmware_host", "run", "--config", str(config)], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        log = []
        for line in proc.stderr:
            log.append(line)
            if "first frame" in line:
                break
        assert any("first frame" in line for line in log), "".join(log)
        assert (tmp_path / "table-companion" / "journal.db").exists()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=20) == 0, proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()


def test_f2_shows_or_hides_the_led_band_and_is_no_input(surface):
    """The simulator's 800x480 window: with the band the picture is 753x452 over the band;
    F2 hides it (the picture fills the window), and is not taken as a button."""
    from firmware_host.config import Config
    from firmware_host.engine.leds import LedLayout
    from firmware_host.io.leds import SimulatedStrip

    config = Config()
    ctl = _first_turn_controller()
    n, before = len(ctl.session.game.events), ctl.message
    inputs = InputQueue()
    window = pygame.Surface((800, 480))
    hardware = type("Hardware", (), {"strip": SimulatedStrip(config.led_count)})()
    seen = {}

    def table():
        _wait_for(lambda: hardware.strip.version > 0 and not ctl.dirty, "the first frame")
        seen["band"] = window.get_at((400, 479))[:3]
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F2, mod=0, unicode=""))
        inputs.put(DeviceStatus("test", True, "go"))
        _wait_for(lambda: not ctl.dirty and window.get_at((400, 479))[:3] != seen["band"], "redrawn")
        _stop(ctl, inputs)
    threading.Thread(target=table, daemon=True).start()
    try:
        _loop(ctl, window, inputs, hardware, LedLayout.from_config(config), band=True)
    finally:
        inputs.close()
    assert seen["band"] == (8, 8, 10)                         # the band's background
    assert window.get_at((400, 479))[:3] != (8, 8, 10)       # now the message bar, full width
    assert len(ctl.session.game.events) == n and ctl.message == before
