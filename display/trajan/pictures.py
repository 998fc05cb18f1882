"""Trajan's small vector pictures: the six actions (as on the action circle of the player
board) and the holdings a player's summary shows as icon + number (no image files, no
text, so nothing to translate and nothing too small to read)."""

from __future__ import annotations

import pygame

from .. import icons, theme

INK = (226, 222, 210)          # the pictures' light strokes on the dark panels


def action(surface: pygame.Surface, rect: pygame.Rect, kind: str, colour: tuple[int, int, int] = INK) -> None:
    """The picture of action ``kind`` (``seaport`` ship, ``forum`` tile, ``military`` helmet,
    ``senate`` columned front, ``trajan`` arch, ``construction`` crane) fitted into ``rect``."""
    s = min(rect.width, rect.height)
    box = pygame.Rect(0, 0, s, s)
    box.center = rect.center
    x, y, w = box.x, box.y, s
    line = max(2, s // 12)
    if kind == "seaport":            # a hull and a sail
        pygame.draw.polygon(surface, colour, [(x, y + w * 0.62), (x + w, y + w * 0.62), (x + w * 0.8, y + w * 0.9),
                                              (x + w * 0.2, y + w * 0.9)])
        pygame.draw.line(surface, colour, (x + w * 0.5, y + w * 0.08), (x + w * 0.5, y + w * 0.62), line)
        pygame.draw.polygon(surface, colour, [(x + w * 0.56, y + w * 0.12), (x + w * 0.9, y + w * 0.52),
                                              (x + w * 0.56, y + w * 0.52)])
    elif kind == "forum":            # a forum tile with a mark
        tile = box.inflate(-s // 5, -s // 5)
        pygame.draw.rect(surface, colour, tile, line, border_radius=max(2, s // 8))
        pygame.draw.circle(surface, colour, tile.center, max(2, s // 7))
    elif kind == "military":         # a helmet with its crest
        r = int(w * 0.34)
        c = (box.centerx, box.centery + w // 8)
        pygame.draw.circle(surface, colour, c, r, draw_top_left=True, draw_top_right=True)
        pygame.draw.rect(surface, colour, (c[0] - r, c[1], 2 * r, max(2, w // 9)))
        pygame.draw.rect(surface, colour, (c[0] - w // 14, c[1] - r - w // 6, max(3, w // 7), w // 6))
    elif kind == "senate":           # a pediment over columns
        pygame.draw.polygon(surface, colour, [(x + w * 0.1, y + w * 0.3), (x + w * 0.5, y + w * 0.08),
                                              (x + w * 0.9, y + w * 0.3)])
        for k in range(4):
            cx = x + w * (0.18 + 0.21 * k)
            pygame.draw.rect(surface, colour, (cx, y + w * 0.36, max(2, w // 11), w * 0.44))
        pygame.draw.rect(surface, colour, (x + w * 0.08, y + w * 0.82, w * 0.84, max(2, w // 10)))
    elif kind == "trajan":           # Trajan's arch
        icons.arch(surface, box.inflate(-s // 6, -s // 5), colour)
    else:                            # construction: a crane with its load
        pygame.draw.line(surface, colour, (x + w * 0.25, y + w * 0.92), (x + w * 0.25, y + w * 0.1), line)
        pygame.draw.line(surface, colour, (x + w * 0.1, y + w * 0.16), (x + w * 0.92, y + w * 0.16), line)
        pygame.draw.line(surface, colour, (x + w * 0.75, y + w * 0.16), (x + w * 0.75, y + w * 0.5), max(1, line // 2))
        pygame.draw.rect(surface, colour, (x + w * 0.62, y + w * 0.5, w * 0.26, w * 0.22))
        pygame.draw.line(surface, colour, (x + w * 0.05, y + w * 0.92), (x + w * 0.5, y + w * 0.92), line)


def holding(surface: pygame.Surface, rect: pygame.Rect, kind: str, player_rgb: tuple[int, int, int]) -> None:
    """The icon of a holding in a player's summary: ``senate`` (the senate front),
    ``cards`` (a card back), ``forum`` (a forum tile), ``bonus`` (a gold bonus tile),
    ``trajan`` (a Trajan tile with its two markers), ``legion`` (a legionary in the player's
    colour), ``worker`` (a worker figure in the player's colour), ``supply`` (the player's
    reserve: three stacked figures)."""
    s = min(rect.width, rect.height)
    box = pygame.Rect(0, 0, s, s)
    box.center = rect.center
    if kind == "senate":
        action(surface, box, "senate")
    elif kind == "cards":
        icons.cards(surface, box, 1)
    elif kind == "forum":
        tile = box.inflate(-2, -2)
        pygame.draw.rect(surface, (196, 170, 120), tile, border_radius=3)
        pygame.draw.rect(surface, (60, 50, 30), tile, 1, border_radius=3)
    elif kind == "bonus":
        tile = box.inflate(-2, -2)
        pygame.draw.rect(surface, (200, 160, 60), tile, border_radius=3)
        pygame.draw.circle(surface, (120, 90, 20), tile.center, max(2, s // 5))
    elif kind == "trajan":
        tile = box.inflate(-2, -2)
        pygame.draw.rect(surface, (90, 70, 140), tile, border_radius=3)
        r = max(2, s // 7)
        icons.marker(surface, (tile.x + r + 2, tile.y + r + 2), "yellow", r)
        icons.marker(surface, (tile.right - r - 2, tile.y + r + 2), "pink", r)
    elif kind == "legion":
        body = pygame.Rect(0, 0, s * 2 // 3, s - 2)
        body.center = box.center
        pygame.draw.rect(surface, player_rgb, body, border_radius=2)
        pygame.draw.rect(surface, INK, body, 1, border_radius=2)
    elif kind == "worker":
        head = max(3, s // 5)
        pygame.draw.circle(surface, player_rgb, (box.centerx, box.y + head + 1), head)
        pygame.draw.polygon(surface, player_rgb, [(box.centerx, box.y + 2 * head), (box.right - 2, box.bottom - 1),
                                                  (box.x + 2, box.bottom - 1)])
        pygame.draw.circle(surface, INK, (box.centerx, box.y + head + 1), head, 1)
    elif kind == "supply":
        for k in range(3):
            figure = pygame.Rect(box.x + k * s // 4, box.y + s // 3 - k * 2, s // 3, s * 2 // 3)
            pygame.draw.rect(surface, player_rgb, figure, border_radius=2)
            pygame.draw.rect(surface, theme.BG, figure, 1, border_radius=2)
