"""The end of the race (CR-END): the winner on the podium and every chariot's final place."""

from __future__ import annotations

import pygame

from firmware_host.i18n import _

from .. import text, theme
from ..ui import Button
from . import icons, names
from .common import GREEN, TOP, ChariotScreen

PODIUM = pygame.Rect(12, TOP + 70, 430, 300)
PLACES = pygame.Rect(456, TOP + 8, theme.WIDTH - 456 - 8, theme.CONTENT_BOTTOM - TOP - 80)


class PodiumScreen(ChariotScreen):
    """Winner first (the finisher furthest ahead, CR-END-3), then the chariots still racing
    by laps and position, the wrecked last (CR-DESTROY-3); nobody wins if all are wrecked
    (CR-END-5)."""

    def build(self) -> list[Button]:
        return [Button("new", pygame.Rect(theme.WIDTH - 208, theme.CONTENT_BOTTOM - 58, 200, 52), _("New race"),
                       fill=GREEN)]

    def standing(self) -> list:
        return [self.s.by_colour(colour) for colour in self.rules.standings(self.s)]

    def paint(self, surface: pygame.Surface) -> None:
        s = self.s
        if s.winner is not None:
            w = s.chariots[s.winner]
            title = _("{chariot} wins the race!").format(chariot=names.chariot(s, w))
        else:
            title = _("Every chariot is wrecked: nobody wins")
        for k, line in enumerate(text.wrap(title, 24, PLACES.x - 24, bold=True)[:2]):
            text.draw(surface, line, (12, TOP + 10 + 30 * k), 24, theme.ACCENT if s.winner is not None else theme.BAD,
                      bold=True)
        standing = self.standing()
        racing = [c for c in standing if not c.wrecked]
        if s.winner is not None:
            self.podium(surface, racing[:3])
        else:
            icons.caltrop(surface, pygame.Rect(PODIUM.centerx - 60, PODIUM.y + 60, 120, 120), theme.DIM)
        self.places(surface, standing)

    def podium(self, surface: pygame.Surface, top: list) -> None:
        """Three steps: second on the left, first in the middle, third on the right."""
        area = PODIUM
        w = (area.width - 16) // 3
        heights = {0: 150, 1: 110, 2: 80}
        for place, col in ((1, 0), (0, 1), (2, 2)):
            h = heights[place]
            block = pygame.Rect(area.x + col * (w + 8), area.bottom - h, w, h)
            pygame.draw.rect(surface, theme.PANEL_HI if place else (96, 80, 36), block, border_radius=6)
            text.draw(surface, str(place + 1), (block.centerx, block.bottom - 10), 40,
                      theme.ACCENT if place == 0 else theme.MUTED, "midbottom", bold=True)
            if place >= len(top):
                continue
            c = top[place]
            chip = pygame.Rect(0, 0, 70, 44)
            chip.midbottom = (block.centerx, block.y - 60)
            icons.chip(surface, chip, c.colour)
            if c.finished:
                icons.flag(surface, pygame.Rect(chip.right - 8, chip.y - 24, 26, 26), theme.TEXT)
            text.draw(surface, names.colour(c.colour), (block.centerx, block.y - 52), 19, theme.TEXT, "midtop",
                      bold=True, max_width=w)
            text.draw(surface, self.s.players[c.seat], (block.centerx, block.y - 28), theme.PLAY_FLOOR, theme.MUTED,
                      "midtop", max_width=w, min_size=theme.PLAY_FLOOR)

    def places(self, surface: pygame.Surface, standing: list) -> None:
        s = self.s
        area = PLACES
        h = min(52, (area.height - 4 * (len(standing) - 1)) // max(1, len(standing)))
        for k, c in enumerate(standing):
            r = pygame.Rect(area.x, area.y + k * (h + 4), area.width, h)
            pygame.draw.rect(surface, theme.PANEL, r, border_radius=6)
            text.draw(surface, f"{k + 1}." if not c.wrecked else "–", (r.x + 8, r.centery), 18, theme.TEXT, "midleft",
                      bold=True)
            icons.chip(surface, pygame.Rect(r.x + 36, r.y + 8, 30, h - 16), c.colour, c.wrecked)
            text.draw(surface, names.chariot(s, c), (r.x + 74, r.y + 1), theme.PLAY_FLOOR,
                      theme.DIM if c.wrecked else theme.TEXT, bold=True, max_width=r.width - 80,
                      min_size=theme.PLAY_FLOOR)
            if c.wrecked:
                state = _("wrecked")
            elif s.winner is not None and s.chariots[s.winner] is c:
                state = _("winner · resistance {r}").format(r=c.resistance)
            elif c.finished:
                state = _("finished · resistance {r}").format(r=c.resistance)
            else:
                state = (_("last lap · resistance {r}") if c.crossings else _("first lap · resistance {r}")).format(
                    r=c.resistance)
            text.draw(surface, state, (r.x + 74, r.y + h // 2), theme.PLAY_FLOOR,
                      theme.BAD if c.wrecked else theme.MUTED, max_width=r.width - 80, min_size=theme.PLAY_FLOOR)

    def press(self, wid: str) -> None:
        if wid == "new":
            self.ctl.close_game()
