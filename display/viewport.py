"""The 800x480 picture on a screen of any size, and touches back into it.

Every screen is laid out for the official 800x480 display (:mod:`.theme`). On another display
the picture is drawn at 800x480 and scaled to the largest size that fits with its aspect kept
(letterbox or pillarbox bars in black): copied as it is at 800x480, pixel-doubled at a whole
factor (1600x960), smooth-scaled otherwise (1024x600 -> 1000x600, 1920x1080 -> 1800x1080,
portrait 480x800 -> 480x288: the width fits). :meth:`View.to_ui` maps a touch on the display
back to the picture's coordinates, so the screens only ever see 800x480.

The LED strip can be shown in a band of :data:`STRIP_BAND` px just under the picture (the pair
centred on the display). It is shown where the bars leave room for it (portrait, a 5:4 or 4:3
monitor), and wherever it is asked for (the simulator; F2 switches it): where there is no
room the picture is made that much smaller.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from . import theme
from .strip import draw_strip

UI_SIZE = (theme.WIDTH, theme.HEIGHT)   # what every screen is laid out for
STRIP_BAND = 28                         # height of the on-screen LED strip
MIN_PICTURE = 96                        # the picture is never made smaller than this (px high) for the band
BARS = (0, 0, 0)

Box = tuple[int, int, int, int]         # x, y, width, height


@dataclass(frozen=True)
class View:
    """Where the picture and the LED band go on a ``window`` of any size."""

    window: tuple[int, int]
    picture: Box
    band: Box | None

    @property
    def identity(self) -> bool:
        """The display is the picture: drawn straight onto it, no copy, no scaling."""
        return self.picture == (0, 0, *UI_SIZE) and self.window == UI_SIZE

    @property
    def scale(self) -> float:
        return self.picture[2] / UI_SIZE[0]

    def to_ui(self, x: float, y: float) -> tuple[int, int] | None:
        """The picture's pixel under the display's pixel ``(x, y)``; ``None`` on a bar or the
        band."""
        px, py, pw, ph = self.picture
        if not (px <= x < px + pw and py <= y < py + ph):
            return None
        ux = int((x - px + 0.5) * UI_SIZE[0] / pw)
        uy = int((y - py + 0.5) * UI_SIZE[1] / ph)
        return min(ux, UI_SIZE[0] - 1), min(uy, UI_SIZE[1] - 1)

    def to_window(self, x: float, y: float) -> tuple[int, int]:
        """The display's pixel that shows the picture's pixel ``(x, y)`` (its centre)."""
        px, py, pw, ph = self.picture
        return (px + min(pw - 1, int((x + 0.5) * pw / UI_SIZE[0])),
                py + min(ph - 1, int((y + 0.5) * ph / UI_SIZE[1])))


def open_window(fullscreen: bool, caption: str) -> pygame.Surface:
    """The window the companion draws into: the display's own size, full screen (the Pi; the
    800x480 picture is scaled to it, :func:`fit`), or an 800x480 resizable window that fits
    an 800x480 screen (the simulator). Call after ``pygame.display.init()``. Raises
    ``pygame.error`` if the display cannot be opened."""
    if fullscreen:
        window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    else:
        window = pygame.display.set_mode(UI_SIZE, pygame.RESIZABLE)
    pygame.display.set_caption(caption)
    return window


def fit(window: tuple[int, int], band: bool = False) -> View:
    """The :class:`View` of a ``window`` (width, height): the largest picture with the 800x480
    aspect; the LED band under it where the bars leave room, or (``band``) always."""
    ww, wh = window
    uw, uh = UI_SIZE

    def picture(height: int) -> tuple[int, int]:
        scale = min(ww / uw, height / uh)
        return max(1, min(ww, round(uw * scale))), max(1, min(height, round(uh * scale)))

    pw, ph = picture(wh)
    show = wh - ph >= STRIP_BAND
    if band and not show and wh - STRIP_BAND >= MIN_PICTURE:
        pw, ph = picture(wh - STRIP_BAND)
        show = True
    total = ph + (STRIP_BAND if show else 0)
    x, y = (ww - pw) // 2, (wh - total) // 2
    return View((ww, wh), (x, y, pw, ph), (x, y + ph, pw, STRIP_BAND) if show else None)


class Presenter:
    """Draws the 800x480 picture and the LED band onto the display surface ``window`` after
    :func:`fit`. ``band``: show the band even where there is no room for it."""

    def __init__(self, window: pygame.Surface, band: bool = False) -> None:
        self.band_wanted = band
        self.window = window
        self.view = fit(window.get_size(), band)
        self.canvas = pygame.Surface(UI_SIZE, 0, 32)
        self.clear()

    def resize(self, window: pygame.Surface) -> None:
        """The display surface changed (a resized window): lay out again, bars drawn afresh."""
        self.window = window
        self.view = fit(window.get_size(), self.band_wanted)
        self.clear()

    def toggle_band(self) -> None:
        self.band_wanted = not self.band_wanted
        self.resize(self.window)

    def clear(self) -> None:
        """Everything black: the bars (drawn only here) and a dark screen."""
        self.window.fill(BARS)

    @property
    def band(self) -> pygame.Rect | None:
        return pygame.Rect(self.view.band) if self.view.band else None

    def draw(self, paint: Callable[[pygame.Surface], None]) -> None:
        """``paint`` draws the picture onto an 800x480 surface; it lands scaled on the window."""
        if self.view.identity:
            paint(self.window)
            return
        paint(self.canvas)
        x, y, w, h = self.view.picture
        target = self.window.subsurface((x, y, w, h))
        if (w, h) == UI_SIZE:
            target.blit(self.canvas, (0, 0))
        elif w % UI_SIZE[0] == 0 and h % UI_SIZE[1] == 0:
            pygame.transform.scale(self.canvas, (w, h), target)         # a whole factor: crisp
        else:
            pygame.transform.smoothscale(self.canvas, (w, h), target)

    def draw_band(self, pixels: Sequence[tuple[int, int, int]]) -> pygame.Rect | None:
        """The LED strip in the band (if shown); returns the rectangle drawn."""
        band = self.band
        if band is not None:
            draw_strip(self.window, band, pixels)
        return band
