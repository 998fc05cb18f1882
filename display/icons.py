"""Small vector pictures for the components players know by their icons (no image files)."""

from __future__ import annotations

import math

import pygame

from . import text, theme


def demand(surface: pygame.Surface, rect: pygame.Rect, kind: str) -> None:
    """Bread loaf, helmet (games) or flame (religion), fitted into ``rect``."""
    s = min(rect.width, rect.height)
    cx, cy = rect.center
    colour = theme.DEMAND_RGB.get(kind, theme.MUTED)
    if kind == "bread":
        loaf = pygame.Rect(0, 0, int(s * 0.86), int(s * 0.56))
        loaf.center = (cx, cy)
        pygame.draw.ellipse(surface, colour, loaf)
        for i in (-1, 0, 1):
            x = cx + i * loaf.width // 4
            pygame.draw.line(surface, (150, 100, 44), (x - 4, loaf.top + 6), (x + 4, loaf.bottom - 6), 3)
    elif kind == "games":
        r = int(s * 0.36)
        pygame.draw.circle(surface, colour, (cx, cy + r // 3), r, draw_top_left=True, draw_top_right=True)
        pygame.draw.rect(surface, colour, (cx - r, cy + r // 3, 2 * r, max(3, r // 3)))
        pygame.draw.polygon(surface, (200, 40, 40), [(cx - r // 4, cy - r + r // 3), (cx + r // 4, cy - r + r // 3),
                                                     (cx + r // 8, cy - r - r // 3), (cx - r // 8, cy - r - r // 3)])
    else:
        h = s * 0.42
        pts = [(cx, cy - h), (cx + h * 0.55, cy + h * 0.1), (cx + h * 0.45, cy + h * 0.7), (cx, cy + h * 0.9),
               (cx - h * 0.45, cy + h * 0.7), (cx - h * 0.55, cy + h * 0.1)]
        pygame.draw.polygon(surface, colour, pts)
        inner = [(x * 0.5 + cx * 0.5, y * 0.5 + (cy + h * 0.45) * 0.5) for x, y in pts]
        pygame.draw.polygon(surface, (250, 210, 80), inner)


def marker(surface: pygame.Surface, centre: tuple[int, int], colour: str, radius: int = 7,
           ring: tuple[int, int, int] | None = None) -> None:
    """An octagonal action marker of ``colour`` (a marker colour name)."""
    cx, cy = centre
    angles = [math.pi / 8 + k * math.pi / 4 for k in range(8)]
    pts = [(cx + radius * math.cos(a), cy + radius * math.sin(a)) for a in angles]
    pygame.draw.polygon(surface, theme.MARKER_RGB.get(colour, theme.MUTED), pts)
    pygame.draw.polygon(surface, ring or (30, 30, 30), pts, 2 if ring else 1)


def arch(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """Trajan's arch: two pillars and a lintel."""
    w, h = rect.width, rect.height
    pygame.draw.rect(surface, colour, (rect.x, rect.y, w, h // 4))
    pygame.draw.rect(surface, colour, (rect.x + w // 10, rect.y, w // 4, h))
    pygame.draw.rect(surface, colour, (rect.right - w // 10 - w // 4, rect.y, w // 4, h))


def cards(surface: pygame.Surface, rect: pygame.Rect, n: int) -> None:
    """``n`` small fanned card backs (the goods-card Trajan tile)."""
    h = int(rect.height * 0.9)
    w = int(h * 0.66)
    for k in range(n):
        card = pygame.Rect(0, 0, w, h)
        card.center = (rect.centerx + (k - (n - 1) / 2) * (w * 0.6), rect.centery)
        pygame.draw.rect(surface, (240, 236, 220), card, border_radius=2)
        pygame.draw.rect(surface, (20, 20, 20), card, 1, border_radius=2)


def figures(surface: pygame.Surface, rect: pygame.Rect, kind: str, n: int,
            colour: tuple[int, int, int] = (236, 236, 236)) -> None:
    """``n`` figures side by side in ``rect``: ``"worker"`` a person (head and body),
    ``"legion"`` a legionary's shield (an upright oval with its boss): pictures, not a
    letter ("2W", "1L"), so no language has to read them."""
    h = rect.height
    w = min(int(h * 0.6), rect.width // max(n, 1))
    for k in range(n):
        cx = rect.centerx + int((k - (n - 1) / 2) * w)
        if kind == "worker":
            head = max(2, h // 6)
            pygame.draw.circle(surface, colour, (cx, rect.y + head + 1), head)
            body = [(cx - w * 0.35, rect.bottom - 1), (cx + w * 0.35, rect.bottom - 1),
                    (cx + w * 0.2, rect.y + 2 * head + 3), (cx - w * 0.2, rect.y + 2 * head + 3)]
            pygame.draw.polygon(surface, colour, body)
        else:
            shield = pygame.Rect(0, 0, max(4, int(w * 0.7)), h - 2)
            shield.center = (cx, rect.centery)
            pygame.draw.ellipse(surface, colour, shield)
            pygame.draw.ellipse(surface, (20, 20, 20), shield, 1)
            pygame.draw.circle(surface, (200, 150, 40), shield.center, max(2, shield.width // 5))


def goods_chip(surface: pygame.Surface, rect: pygame.Rect, goods: str, label: str) -> None:
    """A goods card type: a coloured card with its name."""
    colour = GOODS_RGB.get(goods, theme.MUTED)
    card = rect.inflate(-rect.width // 5, -4)
    pygame.draw.rect(surface, colour, card, border_radius=5)
    pygame.draw.rect(surface, (20, 20, 20), card, 1, border_radius=5)
    text.draw(surface, label, card.center, 14, (20, 20, 20), "center", max_width=card.width - 4)


GOODS_RGB = {
    "columns": (214, 206, 190), "furs": (150, 110, 80), "scrolls": (232, 218, 170),
    "oils": (196, 180, 70), "fruit": (226, 120, 90), "ceramics": (196, 110, 60),
    "wine": (150, 60, 110), "fish": (110, 170, 210), "jewelry": (236, 200, 90),
    "gems": (120, 200, 190), "cattle": (170, 140, 110), "wheat": (230, 200, 110),
}


def undo_arrow(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """The UNDO button's picture: an arrow turning back to the left (a word such as
    "Visszavonás" does not fit the top bar's button at a size read across the table)."""
    s = min(rect.width, rect.height)
    r = int(s * 0.32)
    cx, cy = rect.centerx + r // 3, rect.centery + r // 4
    arc = pygame.Rect(cx - r, cy - r, 2 * r, 2 * r)
    pygame.draw.arc(surface, colour, arc, -math.pi / 2, math.pi / 2, max(3, s // 9))   # the right half
    tip = (cx - r // 2, cy - r)                                                        # the arrowhead on top
    head = max(5, s // 5)
    pygame.draw.line(surface, colour, (cx, cy - r), tip, max(3, s // 9))
    pygame.draw.polygon(surface, colour, [(tip[0] - head, tip[1]), (tip[0], tip[1] - head), (tip[0], tip[1] + head)])


def menu_bars(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """The menu button's picture: three bars."""
    s = min(rect.width, rect.height)
    w, h = int(s * 0.7), max(3, s // 9)
    for k in (-1, 0, 1):
        bar = pygame.Rect(0, 0, w, h)
        bar.center = (rect.centerx, rect.centery + k * int(s * 0.25))
        pygame.draw.rect(surface, colour, bar, border_radius=h // 2)
