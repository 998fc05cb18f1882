"""Small vector pictures for Chariot Race: the die faces (CR-FACE), the sheet's track icons
(helmet = resistance, horse head = speed, Fortuna = fate, CR-SHEET-1..3), the lap counter's
dolphins, caltrops, javelins and chariot colour chips. No image files; every picture is
fitted into the rectangle it is given."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import text, theme

# Chariot colours on screen; black gets a light rim so it shows on the dark background.
CHARIOT_RGB = {
    "green": (58, 154, 76), "yellow": (236, 200, 52), "blue": (52, 98, 200),
    "purple": (140, 72, 186), "red": (184, 44, 38), "black": (18, 18, 20),
}
RIM = {"black": (190, 190, 200)}

IVORY = (238, 230, 208)
INK = (40, 34, 30)
GOLD = (236, 188, 64)
FACE_INK = {"normal": INK, "fast": (190, 52, 40), "lane": (40, 90, 170), "attack": (110, 60, 30),
            "fortuna": (176, 124, 20)}


def rgb(colour: str) -> tuple[int, int, int]:
    return CHARIOT_RGB.get(colour, theme.MUTED)


def ink(colour: str) -> tuple[int, int, int]:
    """Text colour that reads on a chip of ``colour``: light or dark, whichever has the higher
    contrast (WCAG; 4.5:1 at least for every chariot colour)."""
    return max((theme.TEXT, theme.INK), key=lambda fg: theme.contrast(fg, rgb(colour)))


def _pts(rect: pygame.Rect, coords: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Unit-square coordinates placed in the largest square centred in ``rect``."""
    s = min(rect.width, rect.height)
    x0, y0 = rect.centerx - s / 2, rect.centery - s / 2
    return [(x0 + u * s, y0 + v * s) for u, v in coords]


def _square(rect: pygame.Rect) -> pygame.Rect:
    s = min(rect.width, rect.height)
    r = pygame.Rect(0, 0, s, s)
    r.center = rect.center
    return r


# ---------------------------------------------------------------------- die faces (CR-FACE)

def plus_minus(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """The NORMAL face: +1 or −1."""
    sq = _square(rect)
    s = sq.width
    w = max(2, s // 12)
    cx, cy = sq.x + s * 0.34, sq.y + s * 0.34
    arm = s * 0.16
    pygame.draw.line(surface, colour, (cx - arm, cy), (cx + arm, cy), w)
    pygame.draw.line(surface, colour, (cx, cy - arm), (cx, cy + arm), w)
    my = sq.y + s * 0.72
    pygame.draw.line(surface, colour, (cx - arm, my), (cx + arm, my), w)
    one = _pts(sq, [(0.62, 0.36), (0.74, 0.24), (0.74, 0.84)])
    pygame.draw.lines(surface, colour, False, one, w)
    pygame.draw.line(surface, colour, (sq.x + s * 0.62, sq.y + s * 0.84), (sq.x + s * 0.86, sq.y + s * 0.84), w)


def plus_two(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """The FAST face: +2 (and a damage notch)."""
    sq = _square(rect)
    s = sq.width
    w = max(2, s // 11)
    cx, cy, arm = sq.x + s * 0.27, sq.centery, s * 0.15
    pygame.draw.line(surface, colour, (cx - arm, cy), (cx + arm, cy), w)
    pygame.draw.line(surface, colour, (cx, cy - arm), (cx, cy + arm), w)
    two = _pts(sq, [(0.52, 0.34), (0.6, 0.24), (0.74, 0.22), (0.84, 0.32), (0.82, 0.46), (0.52, 0.8), (0.88, 0.8)])
    pygame.draw.lines(surface, colour, False, two, w)
    for k in range(3):      # speed lines
        y = sq.y + s * (0.14 + 0.05 * k)
        pygame.draw.line(surface, colour, (sq.x + s * (0.08 + 0.04 * k), y), (sq.x + s * 0.3, y), max(1, w // 2))


def lane_arrow(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int],
               direction: str = "out") -> None:
    """The LANE face: an arrow that steps into the next lane (``out`` to the right)."""
    sq = _square(rect)
    s = sq.width
    w = max(2, s // 12)
    flip = (lambda u: 1 - u) if direction == "in" else (lambda u: u)
    body = _pts(sq, [(flip(0.36), 0.88), (flip(0.36), 0.5), (flip(0.66), 0.24)])
    pygame.draw.lines(surface, colour, False, body, w)
    tip = _pts(sq, [(flip(0.74), 0.14), (flip(0.52), 0.2), (flip(0.7), 0.36)])
    pygame.draw.polygon(surface, colour, tip)
    for k in range(4):      # the dashed line between the lanes
        y0 = sq.y + s * (0.12 + 0.21 * k)
        x = sq.x + s * 0.5
        pygame.draw.line(surface, colour, (x, y0), (x, y0 + s * 0.1), max(1, w // 3))


def javelin(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """The ATTACK face: a javelin thrown up and to the right."""
    sq = _square(rect)
    s = sq.width
    w = max(2, s // 14)
    a, b = _pts(sq, [(0.14, 0.86), (0.7, 0.3)])
    pygame.draw.line(surface, colour, a, b, w)
    pygame.draw.polygon(surface, colour, _pts(sq, [(0.9, 0.1), (0.62, 0.24), (0.76, 0.38)]))
    for u, v in ((0.14, 0.86), (0.2, 0.8)):    # fletching
        p = _pts(sq, [(u, v), (u - 0.08, v - 0.08)])
        q = _pts(sq, [(u, v), (u + 0.08, v + 0.08)])
        pygame.draw.line(surface, colour, p[0], (p[1][0], p[0][1]), max(1, w // 2))
        pygame.draw.line(surface, colour, q[0], (q[0][0], q[1][1]), max(1, w // 2))


def fortuna(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """The FORTUNA face and the fate track's icon: the goddess's head in profile, hair bound up."""
    sq = _square(rect)
    s = sq.width
    pygame.draw.polygon(surface, colour, _pts(sq, [(0.4, 0.6), (0.62, 0.6), (0.66, 0.94), (0.34, 0.94)]))   # neck
    head = pygame.Rect(0, 0, int(s * 0.5), int(s * 0.54))
    head.center = (int(sq.x + s * 0.52), int(sq.y + s * 0.44))
    pygame.draw.ellipse(surface, colour, head)
    pygame.draw.polygon(surface, colour, _pts(sq, [(0.72, 0.36), (0.86, 0.52), (0.74, 0.56)]))               # nose
    pygame.draw.circle(surface, colour, _pts(sq, [(0.22, 0.3)])[0], max(3, int(s * 0.13)))                  # bun
    hair = head.inflate(-int(s * 0.1), -int(s * 0.1))
    light = IVORY if sum(colour) < 600 else INK
    pygame.draw.arc(surface, light, hair, 1.2, 3.6, max(1, s // 20))                                        # hair band
    pygame.draw.circle(surface, light, _pts(sq, [(0.64, 0.4)])[0], max(1, s // 22))                         # eye


FACES: dict[str, Callable[[pygame.Surface, pygame.Rect, tuple[int, int, int]], None]] = {
    "normal": plus_minus, "fast": plus_two, "lane": lane_arrow, "attack": javelin, "fortuna": fortuna,
}


def die(surface: pygame.Surface, rect: pygame.Rect, face: str, dim: bool = False) -> None:
    """A die showing ``face`` ("" = not entered yet: an empty outline)."""
    sq = _square(rect)
    if not face:
        pygame.draw.rect(surface, theme.LINE, sq, 2, border_radius=max(4, sq.width // 6))
        text.draw(surface, "?", sq.center, max(12, sq.width // 2), theme.DIM, "center", bold=True)
        return
    body = IVORY if not dim else (120, 116, 106)
    pygame.draw.rect(surface, body, sq, border_radius=max(4, sq.width // 6))
    pygame.draw.rect(surface, INK, sq, 1, border_radius=max(4, sq.width // 6))
    FACES[face](surface, sq.inflate(-sq.width // 5, -sq.width // 5), FACE_INK[face])


def pips(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A plain die (three pips): "dice" in counts."""
    sq = _square(rect)
    pygame.draw.rect(surface, IVORY, sq, border_radius=max(2, sq.width // 5))
    for u in (0.27, 0.5, 0.73):
        pygame.draw.circle(surface, INK, _pts(sq, [(u, u)])[0], max(1, sq.width // 9))


# ---------------------------------------------------------------------- the sheet's icons

def helmet(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """Resistance (CR-SHEET-1): a crested helmet."""
    sq = _square(rect)
    s = sq.width
    dome = pygame.Rect(0, 0, int(s * 0.7), int(s * 0.7))
    dome.center = (sq.centerx, int(sq.y + s * 0.58))
    pygame.draw.circle(surface, colour, dome.center, dome.width // 2, draw_top_left=True, draw_top_right=True)
    pygame.draw.polygon(surface, colour, _pts(sq, [(0.15, 0.58), (0.4, 0.58), (0.36, 0.92), (0.2, 0.86)]))   # cheek
    pygame.draw.rect(surface, colour, (int(sq.x + s * 0.55), int(sq.y + s * 0.58), int(s * 0.3), max(2, s // 10)))
    pygame.draw.polygon(surface, (200, 50, 40), _pts(sq, [(0.2, 0.2), (0.5, 0.04), (0.82, 0.16), (0.5, 0.2)]))  # crest


def horse(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """Speed (CR-SHEET-2): a horse's head in profile."""
    sq = _square(rect)
    pts = _pts(sq, [(0.34, 0.04), (0.44, 0.18), (0.58, 0.2), (0.86, 0.52), (0.9, 0.68), (0.8, 0.74),
                    (0.58, 0.6), (0.54, 0.96), (0.16, 0.96), (0.18, 0.5), (0.28, 0.2)])
    pygame.draw.polygon(surface, colour, pts)
    mane = _pts(sq, [(0.28, 0.2), (0.1, 0.5), (0.12, 0.96), (0.18, 0.96), (0.18, 0.5)])
    pygame.draw.polygon(surface, colour, mane)
    pygame.draw.circle(surface, theme.BG, _pts(sq, [(0.56, 0.36)])[0], max(1, sq.width // 16))


def dolphin(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """One dolphin of the lap counter (CR-SETUP-4, CR-MOVE-8)."""
    sq = _square(rect)
    body = _pts(sq, [(0.04, 0.62), (0.26, 0.4), (0.56, 0.32), (0.82, 0.42), (0.96, 0.5), (0.82, 0.56),
                     (0.58, 0.56), (0.34, 0.66), (0.18, 0.82), (0.14, 0.96), (0.02, 0.8)])
    pygame.draw.polygon(surface, colour, body)
    pygame.draw.polygon(surface, colour, _pts(sq, [(0.42, 0.36), (0.5, 0.14), (0.6, 0.33)]))


def caltrop(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """A caltrop token: four spikes."""
    sq = _square(rect)
    c = sq.center
    for u, v in ((0.5, 0.08), (0.1, 0.82), (0.9, 0.82), (0.5, 0.56)):
        tip = _pts(sq, [(u, v)])[0]
        pygame.draw.line(surface, colour, c, tip, max(2, sq.width // 9))
    pygame.draw.circle(surface, colour, c, max(2, sq.width // 8))


def flag(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """The finish line: a chequered flag."""
    sq = _square(rect)
    s = sq.width
    pygame.draw.line(surface, colour, _pts(sq, [(0.16, 0.06)])[0], _pts(sq, [(0.16, 0.96)])[0], max(2, s // 14))
    cell = s * 0.17
    for i in range(4):
        for j in range(3):
            x, y = sq.x + s * 0.2 + i * cell, sq.y + s * 0.08 + j * cell
            fill = colour if (i + j) % 2 == 0 else theme.BG
            pygame.draw.rect(surface, fill, (int(x), int(y), int(cell) + 1, int(cell) + 1))
    pygame.draw.rect(surface, colour,
                     (int(sq.x + s * 0.2), int(sq.y + s * 0.08), int(4 * cell) + 1, int(3 * cell) + 1), 1)


def corner(surface: pygame.Surface, rect: pygame.Rect, limit: int, colour: tuple[int, int, int]) -> None:
    """A corner space: its speed limit in a shield, as printed on the track."""
    sq = _square(rect)
    pts = _pts(sq, [(0.14, 0.1), (0.86, 0.1), (0.86, 0.56), (0.5, 0.94), (0.14, 0.56)])
    pygame.draw.polygon(surface, colour, pts)
    text.draw(surface, str(limit), (sq.centerx, int(sq.y + sq.height * 0.44)), max(12, int(sq.height * 0.56)),
              (20, 20, 20), "center", bold=True)


def chip(surface: pygame.Surface, rect: pygame.Rect, colour: str, wrecked: bool = False) -> None:
    """A chariot's colour as a rounded chip (crossed out when wrecked)."""
    pygame.draw.rect(surface, rgb(colour) if not wrecked else theme.BUTTON_OFF, rect, border_radius=6)
    pygame.draw.rect(surface, RIM.get(colour, (20, 20, 20)) if not wrecked else rgb(colour), rect, 2, border_radius=6)
    if wrecked:
        pygame.draw.line(surface, theme.BAD, rect.topleft, rect.bottomright, 3)
        pygame.draw.line(surface, theme.BAD, rect.bottomleft, rect.topright, 3)
