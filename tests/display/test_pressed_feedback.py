"""What the player sees first: the pressed widget (or a badge) is drawn and sent to the display
before the input is acted on, i.e. before a move is committed; the move's result after. And
how the loop waits: on the X server's connection under X11 (pygame-ce's event.wait polls
every millisecond), checked under Xvfb when it is installed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame
import pytest

from display import theme
from display.controller import Controller
from firmware_host.app import InputQueue, _loop, _show_pressed, x11_connection
from firmware_host.inputs import ButtonPressed, DeviceStatus, TagRead, TextEntered, Touch
from tests.trajan_fixtures import finished_events, setup

ROOT = Path(__file__).resolve().parents[2]


def _first_turn_controller():
    ctl = Controller(None)
    ctl.start_game("trajan", setup(2, 3))
    for e in finished_events(2, 3):
        if ctl.session.state.pending.kind == "bowl":
            break
        ctl.submit(e)
    return ctl


def _wait_for(predicate, what: str) -> None:
    deadline = time.monotonic() + 10          # an upper bound for another thread, not a measurement
    while not predicate():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.002)


class Updates:
    """Records pygame.display.update / flip calls, in order."""

    def __init__(self, monkeypatch) -> None:
        self.calls: list[tuple[str, object]] = []
        update, flip = pygame.display.update, pygame.display.flip
        monkeypatch.setattr(pygame.display, "update", lambda *a: self.calls.append(("update", a)) or update(*a))
        monkeypatch.setattr(pygame.display, "flip", lambda: self.calls.append(("flip", None)) or flip())


def test_a_touch_frames_its_widget_on_screen_before_the_move_is_made(surface, monkeypatch):
    ctl = _first_turn_controller()
    bowl = ctl.active.find("bowl:2")
    assert bowl is not None and bowl.enabled
    inputs = InputQueue()
    window = pygame.Surface((800, 480))
    updates = Updates(monkeypatch)
    seen: dict[str, object] = {}
    handle = ctl.handle

    def handle_and_look(inp):
        if isinstance(inp, Touch):
            # the frame round the widget is on the window and sent, the move not yet made
            seen["frame"] = window.get_at((bowl.rect.x + 1, bowl.rect.centery))[:3]
            seen["sent"] = [c for c in updates.calls if c[0] == "update"]
            seen["chosen"] = getattr(ctl.active, "bowl", None)
        handle(inp)
    monkeypatch.setattr(ctl, "handle", handle_and_look)

    def table():
        _wait_for(lambda: not ctl.dirty, "the first frame")
        updates.calls.clear()
        inputs.put(Touch(*bowl.rect.center))
        _wait_for(lambda: getattr(ctl.active, "bowl", None) is not None and not ctl.dirty, "bowl 3 chosen, drawn")
        ctl.running = False
        inputs.put(DeviceStatus("test", True, "stop"))
    threading.Thread(target=table, daemon=True).start()
    try:
        _loop(ctl, window, inputs)
    finally:
        inputs.close()
    assert seen["frame"] == theme.SELECTED and seen["chosen"] is None
    assert [pygame.Rect(c[1][0]).collidepoint(bowl.rect.center) for c in seen["sent"]] == [True]
    assert ("flip", None) in updates.calls                  # then the result, in full
    assert ctl.active.bowl == 2


def test_a_button_shows_its_widget_or_a_badge_and_a_tag_a_badge(surface, monkeypatch):
    from display.viewport import Presenter

    ctl = _first_turn_controller()
    window = pygame.Surface((800, 480))
    presenter = Presenter(window)
    updates = Updates(monkeypatch)
    undo = ctl.active.find("undo")
    assert undo is not None and undo.enabled
    assert _show_pressed(presenter, ctl, ButtonPressed("undo")) == undo.rect   # its widget in the top bar
    badge = _show_pressed(presenter, ctl, ButtonPressed("bowl4"))             # no widget named so: a badge
    assert badge is not None and badge.top >= theme.CONTENT_BOTTOM
    assert window.get_at((badge.x + 1, badge.centery))[:3] == theme.SELECTED
    assert _show_pressed(presenter, ctl, TagRead("04a1b2c3")) == badge         # the same place
    assert _show_pressed(presenter, ctl, Touch(2, 470)) is None               # on no widget: nothing
    assert _show_pressed(presenter, ctl, TextEntered("x")) is None
    assert _show_pressed(presenter, ctl, DeviceStatus("nfc", True, "")) is None
    assert [c[0] for c in updates.calls] == ["update"] * 3
    assert ctl.session is not None and len(ctl.session.game.events) > 0       # nothing acted on


def test_on_a_scaled_screen_the_frame_lands_where_the_widget_is_shown(surface, monkeypatch):
    from display.viewport import Presenter

    ctl = _first_turn_controller()
    window = pygame.Surface((1600, 960))                     # a whole factor: 2x
    presenter = Presenter(window)
    Updates(monkeypatch)
    bowl = ctl.active.find("bowl:2")
    rect = _show_pressed(presenter, ctl, Touch(*bowl.rect.center))
    x, y, _w, _h = presenter.view.picture
    assert rect == pygame.Rect(x + bowl.rect.x * 2, y + bowl.rect.y * 2, bowl.rect.w * 2, bowl.rect.h * 2)


def test_no_x11_connection_without_the_x11_driver(surface):
    assert pygame.display.get_driver() != "x11"
    assert x11_connection() is None


X11_CHILD = r'''
import ctypes, os, sys, threading, time
os.environ["SDL_VIDEO_WINDOW_POS"] = "0,0"
import pygame
pygame.display.init(); pygame.font.init()
window = pygame.display.set_mode((800, 480))
from display.controller import Controller
from firmware_host.app import InputQueue, _loop, x11_connection
from firmware_host.inputs import DeviceStatus
from tests.trajan_fixtures import finished_events, setup

assert pygame.display.get_driver() == "x11" and x11_connection() is not None
ctl = Controller(None)
ctl.start_game("trajan", setup(2, 3))
for e in finished_events(2, 3):
    if ctl.session.state.pending.kind == "bowl":
        break
    ctl.submit(e)
bowl = ctl.active.find("bowl:2")
inputs = InputQueue()
waits = []
import firmware_host.app as app
sleep = app._sleep_until_input
def counted(*a, **k):
    waits.append((time.monotonic(), a[2]))
    return sleep(*a, **k)
app._sleep_until_input = counted

def click():
    xlib, xtst = ctypes.CDLL("libX11.so.6"), ctypes.CDLL("libXtst.so.6")
    xlib.XOpenDisplay.restype = ctypes.c_void_p
    xlib.XOpenDisplay.argtypes = [ctypes.c_char_p]
    xlib.XFlush.argtypes = [ctypes.c_void_p]
    xtst.XTestFakeMotionEvent.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_ulong]
    xtst.XTestFakeButtonEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
    d = xlib.XOpenDisplay(None)
    deadline = time.monotonic() + 10
    while ctl.dirty and time.monotonic() < deadline:
        time.sleep(0.01)
    # the warm-up after the first frame polls between its steps (timeout 0); then idle
    while time.monotonic() < deadline and (not waits or waits[-1][1] == 0 or time.monotonic() - max(
            (t for t, timeout in waits if timeout == 0), default=0) < 0.3):
        time.sleep(0.01)
    start = len(waits)
    time.sleep(0.5)                       # idle: the loop sleeps on the X connection
    idle_waits = len(waits) - start
    xtst.XTestFakeMotionEvent(d, -1, *bowl.rect.center, 0)
    xtst.XTestFakeButtonEvent(d, 1, 1, 0)
    xtst.XTestFakeButtonEvent(d, 1, 0, 0)
    xlib.XFlush(d)
    while getattr(ctl.active, "bowl", None) is None and time.monotonic() < deadline:
        time.sleep(0.01)
    ctl.running = False
    inputs.put(DeviceStatus("test", True, "stop"))
    print("idle_waits", idle_waits)
threading.Thread(target=click, daemon=True).start()
_loop(ctl, window, inputs)
print("bowl", ctl.active.bowl)
'''


@pytest.mark.skipif(shutil.which("Xvfb") is None, reason="Xvfb not installed (Debian: xvfb)")
def test_under_x11_the_loop_sleeps_on_the_x_connection_and_a_real_click_wakes_it(tmp_path):
    """A click sent through the X server (XTest) wakes the loop sleeping in select() on the X
    connection; idle for half a second (after the warm-up's steps), it slept in a handful of
    waits, not one per millisecond."""
    try:
        import ctypes
        ctypes.CDLL("libXtst.so.6")
    except OSError:
        pytest.skip("libXtst not installed (Debian: libxtst6)")
    display = f":{os.getpid() % 400 + 100}"
    server = subprocess.Popen(["Xvfb", display, "-screen", "0", "800x480x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", PYTHONPATH=str(ROOT))
        for _ in range(100):                                   # the server is up once its socket is
            if Path(f"/tmp/.X11-unix/X{display[1:]}").exists():
                break
            time.sleep(0.05)
        proc = subprocess.run([sys.executable, "-c", X11_CHILD], cwd=ROOT, env=env, capture_output=True,
                              text=True, timeout=60)
    finally:
        server.terminate()
        server.wait(10)
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = dict(line.split() for line in proc.stdout.splitlines() if line.count(" ") == 1)
    assert out["bowl"] == "2"
    assert int(out["idle_waits"]) < 10          # ~1 per watchdog second, never ~1,000/s
