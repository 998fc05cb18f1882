"""The LED strip drawn on screen (the simulator's band, or the letterbox bar of a large
screen), the way the real strip lights up."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from . import theme


def draw_strip(surface: pygame.Surface, band: pygame.Rect, pixels: Sequence[tuple[int, int, int]]) -> None:
    """One dot per LED across ``band``; an LED that is off shows as a dark dot. Nothing is
    drawn outside ``band`` (a part of it outside ``surface`` is left out)."""
    band = band.clip(surface.get_rect())
    if not band.width or not band.height:
        return
    area = surface.subsurface(band)         # the glow of the end LEDs stays inside the band
    area.fill((8, 8, 10))
    if not pixels:
        return
    step = band.width / len(pixels)
    r = max(1, min(int(step / 2) - 2, band.height // 2 - 3))
    for i, (red, green, blue) in enumerate(pixels):
        centre = (int(step * (i + 0.5)), band.height // 2)
        lit = (red, green, blue) != (0, 0, 0)
        if lit:
            # a lit LED glows: a soft halo behind a bright core
            pygame.draw.circle(area, tuple(c // 3 for c in (red, green, blue)), centre, r + 3)
        pygame.draw.circle(area, (red, green, blue) if lit else theme.PANEL, centre, r)
