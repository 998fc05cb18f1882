"""Every screen on displays from 800x480 to 1920x1080 and portrait 480x800, as the loop shows
them (display.viewport): the scripted games of every game's screenshot tour, each screen drawn
through the Presenter with the LED strip lit (a SimulatedStrip in a SafeStrip, as on the Pi)
and checked: nothing outside the picture and the band is drawn on, and a tap at each widget's
scaled centre reaches that widget, as a click and as a finger.

To stay quick, each screen is checked at 800x480 as the Pi shows it, at one of the other sizes
in turn (so every screen at a size other than 800x480, and each size on a quarter of the
screens), and every third screen also in the simulator's 800x480 window with its LED band."""

from __future__ import annotations

import math

import pygame
import pytest

import display.screenshots
from display.screenshots import Shooter, render_all
from display.viewport import UI_SIZE, Presenter, fit
from firmware_host.app import translate
from firmware_host.config import Config
from firmware_host.engine.leds import LedLayout
from firmware_host.games import GAMES
from firmware_host.inputs import Touch
from firmware_host.io.leds import SafeStrip, SimulatedStrip
from firmware_host.ledplan import led_plan

# (width, height, band asked for): the official display as the Pi shows it, the other sizes
# (taken in turn) and the simulator's window; portrait has room for the band by itself
NATIVE = (800, 480, False)
OTHERS = [(1024, 600, True), (1280, 720, False), (1920, 1080, True), (480, 800, False)]
SIMULATOR = (800, 480, True)


def _bars_untouched(window: pygame.Surface, presenter: Presenter) -> bool:
    """Everything outside the picture and the band is still black."""
    keep = pygame.mask.from_threshold(window, (0, 0, 0), (1, 1, 1, 255))
    for box in (presenter.view.picture, presenter.view.band):
        if box is not None:
            x, y, w, h = box
            keep.draw(pygame.mask.Mask((w, h), fill=True), (x, y))
    return keep.count() == window.get_width() * window.get_height()


class Checker(Shooter):
    """In place of the screenshot tour's Shooter: each new screen is drawn on every display
    and checked, not saved."""

    def __init__(self, out, key, prefix: str = "") -> None:
        super().__init__(out, key, prefix)
        config = Config()
        self.layout = LedLayout.from_config(config)
        self.strip = SafeStrip(lambda: SimulatedStrip(config.led_count), config.led_count, lambda inp: None)
        show = {d: Presenter(pygame.Surface(d[:2]), d[2]) for d in (NATIVE, *OTHERS, SIMULATOR)}
        self.rounds = [[show[NATIVE], show[other]] + ([show[SIMULATOR]] if k % 3 == 0 else [])
                       for k, other in enumerate(OTHERS * 3)]
        self.sizes: set[tuple[int, int]] = set()
        self.lit_bands = 0

    def __call__(self, ctl, name=None) -> None:
        key = self.prefix + (name or self.key(ctl))
        if key in self.seen:
            return
        self.seen.add(key)
        self.written.append(key)
        s = ctl.session
        frame = led_plan(GAMES[s.name].led_plan if s else None, s.rules if s else None, s.state if s else None,
                         self.layout, (), 0.0)
        self.strip.show(frame.pixels)
        self.lit_bands += any(px != (0, 0, 0) for px in self.strip.pixels)
        screen = ctl.active
        widgets = [b for b in screen.widgets() if b.enabled]
        ui = pygame.Rect(0, 0, *UI_SIZE)
        for b in widgets:
            assert ui.contains(b.rect), f"{key}: widget {b.id} {b.rect} is off the 800x480 screen"
        for show in self.rounds[len(self.written) % len(self.rounds)]:
            self.sizes.add(show.view.window)
            show.draw(ctl.draw)
            show.draw_band(self.strip.pixels)
            where = f"{key} at {show.view.window}"
            assert _bars_untouched(show.window, show), f"{where}: drawn on a bar"
            w, h = show.view.window
            tolerance = max(1, math.ceil(1 / show.view.scale))
            for b in widgets:
                target = screen.hit(*b.rect.center)             # what a tap at its centre hits at 800x480
                x, y = show.view.to_window(*b.rect.center)
                click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(x, y), touch=False)
                finger = pygame.event.Event(pygame.FINGERDOWN, x=(x + 0.5) / w, y=(y + 0.5) / h, touch_id=0,
                                            finger_id=0, dx=0, dy=0, pressure=1)
                for event in (click, finger):
                    touch = translate(event, False, show.view)
                    assert isinstance(touch, Touch), f"{where}: {b.id} at {(x, y)} is off the picture"
                    assert screen.hit(touch.x, touch.y) is target, f"{where}: a tap on {b.id} hits something else"
                    cx, cy = b.rect.center                      # and lands within a display pixel of it
                    assert abs(touch.x - cx) <= tolerance and abs(touch.y - cy) <= tolerance, (where, b.id, touch)


def test_every_screen_on_every_display_size(monkeypatch, tmp_path, surface):
    """All the screens of the tours (96 today), each at 800x480 and at one other size."""
    made: list[Checker] = []

    class Recording(Checker):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            made.append(self)
    monkeypatch.setattr(display.screenshots, "Shooter", Recording)
    render_all(tmp_path)
    screens = sum(len(c.written) for c in made)
    assert len(made) == len(GAMES) + 1 and screens >= 90       # the tours of all three games and between games
    assert sum(c.lit_bands for c in made) > screens // 2       # the band showed lit LEDs
    assert not list(tmp_path.iterdir())                        # drawn and checked, nothing saved
    assert set.union(*(c.sizes for c in made)) == {d[:2] for d in (NATIVE, *OTHERS)}


@pytest.mark.parametrize("size", [(800, 480), (1024, 600), (1280, 720), (1920, 1080), (480, 800), (1366, 768),
                                  (1280, 1024), (801, 481), (100, 60)])
@pytest.mark.parametrize("band", [False, True])
def test_the_picture_and_the_band_always_fit_the_display(size, band):
    view = fit(size, band)
    w, h = size
    x, y, pw, ph = view.picture
    assert 0 <= x and 0 <= y and x + pw <= w and y + ph <= h
    assert abs(pw / ph - 800 / 480) < 0.02 or min(pw, ph) < 100      # the shape is kept
    assert pw == w or ph == h or view.band is not None              # as large as it fits
    if view.band is not None:
        bx, by, bw, bh = view.band
        assert (bx, by, bw) == (x, y + ph, pw) and by + bh <= h
    corners = [(0, 0), (799, 479), (400, 240)]
    for ux, uy in corners:
        assert view.to_ui(*view.to_window(ux, uy)) is not None
