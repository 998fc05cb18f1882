"""The simulator's LED strip, drawn under the screen the way the real strip lights up."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from . import theme


def draw_strip(surface: pygame.Surface, band: pygame.Rect, pixels: Sequence[tuple[int, int, int]]) -> None:
    """One dot per LED across ``band``; an LED that is off shows as a dark dot."""
    pygame.draw.rect(surface, (8, 8, 10), band)
    if not pixels:
        return
    step = band.width / len(pixels)
    r = max(3, min(int(step / 2) - 2, band.height // 2 - 3))
    for i, (red, green, blue) in enumerate(pixels):
        centre = (int(band.x + step * (i + 0.5)), band.centery)
        lit = (red, green, blue) != (0, 0, 0)
        if lit:
            # a lit LED glows: a soft halo behind a bright core
            pygame.draw.circle(surface, tuple(c // 3 for c in (red, green, blue)), centre, r + 3)
        pygame.draw.circle(surface, (red, green, blue) if lit else theme.PANEL, centre, r)
