"""What every Concordia screen shares: the top bar (turn, whose turn, the final-round banner,
the market stack), every player at a glance (cash, the 12-space storehouse, houses,
colonists, cards), the deciding player's panel, the market display, and the small pictures
(goods, colonists, houses, coins, cards by god)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from firmware_host.engine.concordia.board import ConcordiaBoard
from firmware_host.engine.concordia.rules import DISPLAY_SPACES, ConcordiaRules
from firmware_host.engine.concordia.state import ConcordiaState, PlayerState
from firmware_host.engine.core import Event, RuleError
from firmware_host.i18n import _

from .. import text, theme
from ..ui import Button, GameScreen, refusal
from . import names

TOP = theme.CONTENT_TOP
BOTTOM = theme.CONTENT_BOTTOM
ME = pygame.Rect(6, TOP + 6, 252, BOTTOM - TOP - 10)            # the deciding player's panel
RIGHT = pygame.Rect(ME.right + 10, TOP + 6, theme.WIDTH - ME.right - 16, BOTTOM - TOP - 10)
BOTTOM_ROW = pygame.Rect(RIGHT.x, BOTTOM - 58, RIGHT.width, 52)
HEADER_STEP = 22          # between the lines under a decision's title (18-px text)
GREEN = (54, 112, 64)     # white text on it at 5:1 (WCAG AA)
REFUSED = (72, 42, 40)            # an option the rules refuse: greyed out (its text at 4.5:1), its sub-line says why

PLAYER_RGB = {"red": (200, 56, 48), "green": (56, 150, 72), "yellow": (232, 196, 52), "blue": (60, 100, 204),
              "black": (30, 30, 34)}
GOOD_RGB = {"brick": (178, 76, 54), "food": (226, 196, 96), "tools": (132, 142, 156), "wine": (132, 54, 124),
            "cloth": (92, 140, 214)}
GOD_RGB = {"vesta": (214, 124, 60), "jupiter": (132, 102, 200), "saturnus": (64, 132, 198),
           "mercurius": (206, 176, 56), "mars": (196, 66, 58), "minerva": (78, 160, 100),
           "concordia": (236, 200, 90), "track": (150, 156, 168)}
GOLD = (236, 196, 72)
CHART_RGB = {**PLAYER_RGB, "black": (124, 124, 134)}     # black bars must show on the dark background
SEA_RGB = (70, 130, 200)


def ink(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """Text colour that reads on ``rgb``: near-black or near-white, whichever contrasts more
    (WCAG contrast ratio, not a guess from the channels' sum)."""
    dark = (20, 20, 20)
    return dark if theme.contrast(dark, rgb) >= theme.contrast(theme.TEXT, rgb) else theme.TEXT


def text_fill(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """``rgb`` as a fill with text on it: darkened just enough that :func:`ink` reads on it at
    WCAG AA (4.5:1); a colour that already reads is returned as it is."""
    fill = tuple(rgb[:3])
    while max(theme.contrast(ink(fill), fill), 0) < theme.MIN_CONTRAST and sum(fill) > 0:  # type: ignore[arg-type]
        fill = tuple(int(c * 0.93) for c in fill)
    return fill  # type: ignore[return-value]


def rim(rgb: tuple[int, int, int]) -> tuple[int, int, int] | None:
    """An outline for a colour too dark to see on the background (the black player)."""
    return (170, 170, 180) if sum(rgb) < 150 else None


def chip(surface: pygame.Surface, rect: pygame.Rect, rgb: tuple[int, int, int], radius: int = 5) -> None:
    """A filled player-colour chip, outlined when it would vanish on the background."""
    pygame.draw.rect(surface, rgb, rect, border_radius=radius)
    outline = rim(rgb)
    if outline is not None:
        pygame.draw.rect(surface, outline, rect, 1, border_radius=radius)


def dim(rgb: tuple[int, int, int], factor: float = 0.45) -> tuple[int, int, int]:
    return tuple(int(c * factor + b * (1 - factor)) for c, b in zip(rgb, theme.BUTTON))  # type: ignore[return-value]


def go(enabled: bool = True) -> tuple[int, int, int] | None:
    """The fill of a confirming button: green while it can be pressed."""
    return GREEN if enabled else None


# ---------------------------------------------------------------------- small pictures

def good_cell(surface: pygame.Surface, rect: pygame.Rect, good: str, label: bool = True) -> None:
    """One unit of a good: a square in its colour with the good's initial."""
    colour = GOOD_RGB.get(good, theme.MUTED)
    if label and rect.height >= 21:
        colour = text_fill(colour)
    pygame.draw.rect(surface, colour, rect, border_radius=3)
    pygame.draw.rect(surface, (20, 20, 20), rect, 1, border_radius=3)
    if label and rect.height >= 21:          # the colour says the good; its picture where it reads
        good_glyph(surface, rect.inflate(-rect.width // 4, -rect.height // 4), good, ink(colour))


def good_glyph(surface: pygame.Surface, rect: pygame.Rect, good: str, colour: tuple[int, int, int]) -> None:
    """A good's picture in ``rect`` (instead of its initial, which no other language shares):
    brick a wall of bricks, food an ear of wheat, tools a hammer, wine an amphora, cloth a
    bolt of folded cloth. An unknown good: nothing (its colour still says it)."""
    x, y, w, h = rect
    line = max(1, h // 10)
    if good == "brick":
        rows = 3
        for r in range(rows):
            top = y + r * h // rows
            pygame.draw.rect(surface, colour, (x, top, w, h // rows), line)
            mid = x + (w // 2 if r % 2 == 0 else w // 4)
            pygame.draw.line(surface, colour, (mid, top), (mid, top + h // rows - 1), line)
            if r % 2:
                pygame.draw.line(surface, colour, (mid + w // 2, top), (mid + w // 2, top + h // rows - 1), line)
    elif good == "food":
        cx = rect.centerx
        pygame.draw.line(surface, colour, (cx, y + h // 5), (cx, rect.bottom), line)
        grain = pygame.Rect(0, 0, max(3, w // 3), max(3, h // 5))
        for k in range(3):
            for side in (-1, 1):
                grain.center = (cx + side * grain.width // 2, y + h // 5 + k * grain.height)
                pygame.draw.ellipse(surface, colour, grain)
        grain.center = (cx, y + grain.height // 2)
        pygame.draw.ellipse(surface, colour, grain)
    elif good == "tools":
        pygame.draw.line(surface, colour, (x + w // 4, rect.bottom), (x + w * 3 // 4, y + h // 4), max(2, line * 2))
        head = [(x + w * 0.35, y + h * 0.15), (x + w * 0.65, y), (x + w, y + h * 0.45), (x + w * 0.8, y + h * 0.55)]
        pygame.draw.polygon(surface, colour, head)
    elif good == "wine":
        body = pygame.Rect(x + w // 6, y + h // 4, w * 2 // 3, h * 3 // 5)
        pygame.draw.ellipse(surface, colour, body)
        pygame.draw.rect(surface, colour, (rect.centerx - w // 8, y, w // 4, h // 3))
        pygame.draw.polygon(surface, colour, [(rect.centerx, rect.bottom), (rect.centerx - w // 6, body.bottom - 2),
                                              (rect.centerx + w // 6, body.bottom - 2)])
    elif good == "cloth":
        for k in range(3):
            top = y + k * h // 3
            pygame.draw.rect(surface, colour, (x, top + 1, w, h // 3 - 2), line, border_radius=h // 8)


def pawn(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], sea: bool = False) -> None:
    """A colonist: a pawn for land, a boat for sea, in the player's colour."""
    cx = rect.centerx
    rim = (220, 220, 220) if sum(colour) < 150 else (20, 20, 20)
    if sea:
        hull = [(rect.x + 1, rect.y + rect.height * 0.55), (rect.right - 1, rect.y + rect.height * 0.55),
                (rect.right - rect.width * 0.22, rect.bottom - 1), (rect.x + rect.width * 0.22, rect.bottom - 1)]
        pygame.draw.polygon(surface, colour, hull)
        pygame.draw.polygon(surface, rim, hull, 1)
        sail = [(cx, rect.y + 1), (cx, rect.y + rect.height * 0.5),
                (rect.right - rect.width * 0.2, rect.y + rect.height * 0.5)]
        pygame.draw.polygon(surface, SEA_RGB, sail)
        return
    r = max(2, rect.width // 5)
    pygame.draw.circle(surface, colour, (cx, rect.y + r + 1), r)
    body = [(cx - rect.width * 0.34, rect.bottom - 1), (cx + rect.width * 0.34, rect.bottom - 1),
            (cx + rect.width * 0.12, rect.y + 2 * r), (cx - rect.width * 0.12, rect.y + 2 * r)]
    pygame.draw.polygon(surface, colour, body)
    pygame.draw.polygon(surface, rim, body, 1)
    pygame.draw.circle(surface, rim, (cx, rect.y + r + 1), r, 1)


def house(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """A house: a square with a roof."""
    roof = rect.height * 0.45
    pts = [(rect.x + 1, rect.y + roof), (rect.centerx, rect.y), (rect.right - 1, rect.y + roof),
           (rect.right - 1, rect.bottom), (rect.x + 1, rect.bottom)]
    pygame.draw.polygon(surface, colour, pts)
    pygame.draw.polygon(surface, (220, 220, 220) if sum(colour) < 150 else (20, 20, 20), pts, 1)


def coin(surface: pygame.Surface, centre: tuple[int, int], radius: int = 8) -> None:
    pygame.draw.circle(surface, GOLD, centre, radius)
    pygame.draw.circle(surface, (120, 90, 20), centre, radius, 1)


@dataclass(frozen=True)
class Goods:
    """A price drawn as goods, not words (icons: a good's name does not fit a card in every
    language): ``units`` the goods one by one (``"any"`` for a good of the payer's choice),
    ``extra`` the space's surcharge, drawn after a "+"."""

    units: tuple[str, ...]
    extra: tuple[str, ...] = ()


def goods_icons(surface: pygame.Surface, goods: Goods, pos: tuple[int, int], anchor: str = "center",
                size: int = 18, colour: tuple[int, int, int] = theme.TEXT) -> pygame.Rect:
    """Draw ``goods`` as a row of squares in the goods' colours ("any good": an outlined
    square with "?"), ``anchor`` (``midleft``, ``center``, ``midright``) at ``pos``; returns
    the area drawn."""
    gap = 3
    plus = text.measure("+", 16, True) + 2 * gap if goods.extra else 0
    total = (len(goods.units) + len(goods.extra)) * (size + gap) - gap + plus
    x = {"midleft": pos[0], "center": pos[0] - total // 2, "midright": pos[0] - total}[anchor]
    left = x
    top = pos[1] - size // 2
    for k, good in enumerate(goods.units + goods.extra):
        if k == len(goods.units) and goods.extra:
            text.draw(surface, "+", (x + plus // 2 - gap, pos[1]), 16, colour, "center", bold=True, role="detail")
            x += plus
        cell = pygame.Rect(x, top, size, size)
        if good == "any":
            pygame.draw.rect(surface, theme.BG, cell, border_radius=3)
            pygame.draw.rect(surface, theme.TEXT, cell, 1, border_radius=3)
            text.draw(surface, "?", cell.center, 14, theme.TEXT, "center", bold=True, role="caption")
        else:
            good_cell(surface, cell, good, label=False)
        x += size + gap
    return pygame.Rect(left, top, total, size)


def card_chip(surface: pygame.Surface, rect: pygame.Rect, board: ConcordiaBoard, cid: str, size: int = 14,
              sub: str | Sequence[str | Goods] = "", title: str = "", inset: int = 0) -> None:
    """A personality card: its god's colour, its name (or ``title``) and lines under it (a
    text, or :class:`Goods` drawn as icons), as many as the height allows; ``inset`` keeps the
    name clear of a corner mark."""
    god = board.cards[cid].god
    colour = GOD_RGB[god]
    fill = text_fill(dim(colour, 0.75))
    pygame.draw.rect(surface, fill, rect, border_radius=5)
    pygame.draw.rect(surface, colour, rect, 2, border_radius=5)
    fg = ink(fill)
    lines = [sub] if isinstance(sub, str) else list(sub)
    lines = [line for line in lines if line]
    size = max(size, 16)
    small = max(14, size - 2)
    room = (rect.height - size - 6) // (small + 2)
    lines = lines[:max(0, room)]
    height = size + sum(small + 2 for _line in lines)
    y = rect.centery - height // 2
    # the name is read across the table; the lines under it (god, price) are detail the
    # Senator's screen and a tap also show
    name = title or names.card(board, cid)
    room = rect.width - 8 - inset               # the corner mark is at the left: the name centred right of it
    cx = rect.centerx + inset // 2
    two = text.wrap(name, size, room, True)
    if text.measure(name, size, True) > room and len(two) == 2 and rect.height >= 2 * (size + 2) + 6:
        for part in two:                        # a long name on two lines rather than shrunk
            text.draw(surface, part, (cx, y), size, fg, "midtop", bold=True, max_width=room, min_size=14,
                      role="detail" if size < 18 else "body")
            y += size + 2
        lines = lines[:max(0, (rect.bottom - y - 3) // (small + 2))]
    else:
        text.draw(surface, name, (cx, y), size, fg, "midtop", bold=True, max_width=room, min_size=14,
                  role="detail" if size < 18 else "body")
        y += size + 2
    for line in lines:
        if isinstance(line, Goods):
            goods_icons(surface, line, (rect.centerx, y + small // 2 + 1), "center", small, fg)
        else:
            text.draw(surface, line, (rect.centerx, y), small, fg, "midtop", max_width=rect.width - 6, min_size=14,
                      role="detail")
        y += small + 2


def card_button(wid: str, rect: pygame.Rect, board: ConcordiaBoard, cid: str, sub: str | Sequence[str | Goods] = "", *,
                selected: bool = False, enabled: bool = True, size: int = 16, badge: str = "",
                title: str = "") -> Button:
    """A personality card to tap, painted in its god's colour; ``badge``: a small mark in its
    corner (the bowl that chooses it)."""

    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        r = r.inflate(8, 8)
        card_chip(surface, r, board, cid, size, sub, title, inset=18 if badge else 0)
        if badge:
            corner = pygame.Rect(r.x + 3, r.y + 3, 18, 20)
            pygame.draw.rect(surface, theme.BG, corner, border_radius=4)
            text.draw(surface, badge, corner.center, 14, theme.ACCENT, "center", bold=True, role="caption")
        if selected:
            pygame.draw.rect(surface, theme.SELECTED, r, 3, border_radius=6)
    words = [sub] if isinstance(sub, str) else [line for line in sub if isinstance(line, str)]
    return Button(wid, rect, sub=" · ".join(words), icon=paint, frame=False,
                  enabled=enabled, selected=selected)


def colour_button(wid: str, rect: pygame.Rect, colour: str, label: str, sub: str = "", *,
                  selected: bool = False, size: int = 18) -> Button:
    """A button painted in a player's colour, its label in a colour that reads on it."""
    rgb = text_fill(PLAYER_RGB[colour])

    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        r = r.inflate(8, 8)
        chip(surface, r, rgb, 8)
        if selected:
            pygame.draw.rect(surface, theme.TEXT, r, 3, border_radius=8)
            pygame.draw.rect(surface, theme.BG, r.inflate(-6, -6), 1, border_radius=6)
        fg = ink(rgb)
        if sub:
            text.draw(surface, label, (r.centerx, r.centery - 1), size, fg, "midbottom", bold=True,
                      max_width=r.width - 10, min_size=16, role="detail")
            text.draw(surface, sub, (r.centerx, r.centery + 1), 14, fg, "midtop", max_width=r.width - 10,
                      role="caption")
        else:
            text.draw(surface, label, r.center, size, fg, "center", bold=True, max_width=r.width - 10, min_size=16,
                      role="detail")
    return Button(wid, rect, sub=sub, icon=paint, frame=False, selected=selected)


def good_button(wid: str, rect: pygame.Rect, good: str, sub: str = "", *, selected: bool = False,
                enabled: bool = True, fill: tuple[int, int, int] | None = None) -> Button:
    """A good to choose: its colour swatch and name (and a sub-line)."""

    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        r = r.inflate(8, 8)
        pygame.draw.rect(surface, fill or theme.BUTTON, r, border_radius=8)
        if selected:
            pygame.draw.rect(surface, theme.SELECTED, r, 3, border_radius=8)
        sw = min(26, r.height - 16)
        good_cell(surface, pygame.Rect(r.x + 8, r.centery - sw // 2, sw, sw), good)
        x = r.x + 14 + sw
        fg = theme.TEXT if enabled else theme.DIM
        if sub:
            # the sub-line (a price, or why not) on as many lines as fit: a tap on it says it in full
            lines = text.wrap(sub, 14, r.right - x - 4)
            room = max(1, (r.height - 22) // 17)     # lines that fit under the name
            if len(lines) > room:                    # too long to show: a tap says it (the button's reason)
                lines = text.wrap(_("Not possible now: tap to see why") if not enabled else sub, 14,
                                  r.right - x - 4)[:room]
            top = r.centery - (22 + 17 * len(lines)) // 2
            text.draw(surface, names.good(good), (x, top), 18, fg, "topleft", bold=True,
                      max_width=r.right - x - 4, min_size=16, role="detail")
            for k, line in enumerate(lines):
                text.draw(surface, line, (x, top + 22 + 17 * k), 14, theme.MUTED, "topleft",
                          max_width=r.right - x - 4, min_size=14, role="caption")
        else:
            text.draw(surface, names.good(good), (x, r.centery), 18, fg, "midleft", bold=True,
                      max_width=r.right - x - 4, min_size=16, role="detail")
    return Button(wid, rect, sub=sub, icon=paint, frame=False, enabled=enabled, selected=selected,
                  reason="" if enabled else sub)


def player_button(wid: str, rect: pygame.Rect, p: PlayerState, sub: str = "", *, enabled: bool = True,
                  fill: tuple[int, int, int] | None = None, number: int | None = None) -> Button:
    """A player to choose: their colour bar, name and a sub-line."""

    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        r = r.inflate(8, 8)
        pygame.draw.rect(surface, fill or theme.BUTTON, r, border_radius=8)
        bar = pygame.Rect(r.x, r.y, 30 if number is not None else 12, r.height)
        pygame.draw.rect(surface, PLAYER_RGB[p.colour], bar, border_top_left_radius=8, border_bottom_left_radius=8)
        if number is not None:
            text.draw(surface, str(number), bar.center, 18, ink(PLAYER_RGB[p.colour]), "center", bold=True)
        x = bar.right + 8
        fg = theme.TEXT if enabled else theme.DIM
        text.draw(surface, p.name, (x, r.y + 5), 18, fg, bold=True, max_width=r.right - x - 6, min_size=16,
                  role="detail")
        if sub:
            text.draw(surface, sub, (x, r.y + 29), 16, theme.ACCENT if enabled else theme.DIM,
                      max_width=r.right - x - 6, min_size=14, role="detail")
    return Button(wid, rect, sub=sub, icon=paint, frame=False, enabled=enabled)


def bottom_buttons(*specs: tuple[str, str, bool, Any]) -> list[Button]:
    """Buttons along the bottom of the decision area, right-aligned: ``(id, label, enabled,
    fill)``."""
    out = []
    x = BOTTOM_ROW.right
    w = min(190, (BOTTOM_ROW.width - 8 * (len(specs) - 1)) // max(1, len(specs)))
    for wid, label, enabled, fill in reversed(specs):
        out.append(Button(wid, pygame.Rect(x - w, BOTTOM_ROW.y, w, BOTTOM_ROW.height), label, enabled=enabled,
                          fill=fill, size=18))
        x -= w + 8
    return out


# ---------------------------------------------------------------------- the screens' base

class ConcordiaScreen(GameScreen):
    """Base of the game's screens: ``self.s`` is the state, ``self.rules`` the engine."""

    rules: ConcordiaRules
    board: ConcordiaBoard

    @property
    def me(self) -> int:
        """The seat deciding now (the active player, or who keeps goods)."""
        p = self.s.pending.player
        return self.s.active if p is None else p


    def refusal(self, event: Event) -> str:
        """What the rules say against ``event``, without the rule ID and the fix (for a
        button's sub-line; a tap shows the whole message); ``""`` if legal."""
        try:
            self.session.game.check(event)
        except RuleError as exc:
            return refusal(exc, self.session.name, fix=False)
        return ""

    # ---------------------------------------------------------------- tags

    def tag(self, thing: Any) -> bool:
        """An enrolled player token or personality card touched the reader."""
        if thing.game != "concordia":
            return False
        if thing.kind == "player":
            return self.player_tag(thing.value)
        if thing.kind == "card":
            return self.card_tag(thing.value)
        return False

    def player_tag(self, colour: str) -> bool:
        """A player's token: here it confirms whose decision it is."""
        s = self.s
        if s.over:
            return False
        p = s.players[self.me]
        if p.colour == colour:
            self.ctl.say(_("{player}: yes, it is your turn.").format(player=p.name), "good")
        else:
            self.ctl.say(_("It is {player}'s turn.").format(player=p.name), "bad")
        return True

    def card_tag(self, card: str) -> bool:
        """A personality card's tag (used where a card is chosen)."""
        return False

    # ---------------------------------------------------------------- drawing

    def top_bar(self, surface: pygame.Surface) -> None:
        """Turn number, whose turn, the final-round banner (C-END-3) and the market stack."""
        s = self.s
        pygame.draw.rect(surface, theme.PANEL, (0, 0, theme.WIDTH, theme.TOP_BAR))
        text.draw(surface, _("Concordia"), (10, 3), 18, theme.ACCENT, bold=True)
        where = _(names.MAP.get(self.rules.setup.map, ""))
        turn = (_("{map} · {n} turns").format(map=where, n=s.turns) if s.over else
                _("{map} · turn {n}").format(map=where, n=s.turns + 1))
        text.draw(surface, turn, (10, 27), 16, theme.MUTED, max_width=156, min_size=14, role="detail")
        x = 170
        if s.turn is not None:
            p = s.players[s.active]
            chip(surface, pygame.Rect(x, 12, 14, 28), PLAYER_RGB[p.colour], 3)
            text.draw(surface, p.name, (x + 20, theme.TOP_BAR // 2), 20, theme.TEXT, "midleft", bold=True,
                      max_width=140, min_size=18)
            x += 172
        if s.over:
            banner, colour = _("Game over: the tally"), GOLD
        elif s.ending:
            left = s.final_turns_left
            banner = (_("FINAL ROUND · last turn") if left == 1 else
                      _("FINAL ROUND · {n} turns left").format(n=left))
            colour = theme.BAD
        else:
            banner, colour = "", None
        right = theme.WIDTH - 118
        if colour is not None:
            r = pygame.Rect(x, 8, right - x - 8, 36)
            pygame.draw.rect(surface, colour, r, border_radius=8)
            text.draw(surface, banner, r.center, 18, ink(colour), "center", bold=True, max_width=r.width - 10,
                      min_size=18)
            return
        deck = self.rules.top_deck(s)
        left = sum(len(cards) for cards in s.market_left.values())
        stack = (_("Stack: {n} cards, deck {deck} on top").format(deck=deck, n=left) if deck else
                 _("Stack: empty"))
        text.draw(surface, stack, (right - 8, theme.TOP_BAR // 2), 18, theme.MUTED, "midright",
                  max_width=right - x - 16, min_size=16, role="detail")

    def header(self, surface: pygame.Surface, title: str, sub: str = "", area: pygame.Rect = RIGHT,
               colour: tuple[int, int, int] = theme.MUTED, lines: int = 2) -> int:
        """A title and at most ``lines`` lines under it at the top of the decision area (18 px;
        a longer text at 16, then cut); returns the y below."""
        fits = text.measure(title, 18, True) <= area.width - 4
        text.draw(surface, title, (area.x + 2, area.y), 20, theme.TEXT, bold=True, max_width=area.width - 4,
                  min_size=18 if fits else 16, role="body" if fits else "detail")
        if not sub:
            return area.y + 28
        size = 18
        wrapped = text.wrap(sub, size, area.width - 4)
        if len(wrapped) > lines:
            size = 16
            wrapped = text.wrap(sub, size, area.width - 4)
        if len(wrapped) > lines:
            wrapped = wrapped[:lines - 1] + [" ".join(wrapped[lines - 1:])]
        for k, line in enumerate(wrapped):
            text.draw(surface, line, (area.x + 2, area.y + 27 + HEADER_STEP * k), size, colour,
                      max_width=area.width - 4, min_size=size, role="body" if size >= 18 else "detail")
        return area.y + 30 + HEADER_STEP * len(wrapped)

    # ---------------------------------------------------------------- players

    def storehouse(self, surface: pygame.Surface, area: pygame.Rect, p: PlayerState, columns: int = 12) -> None:
        """The 12 spaces: goods cheapest first, then the colonists not on the board, then the
        empty spaces (C-NIS-2)."""
        b = self.board
        cap = b.capacity
        rows = -(-cap // columns)
        size = min((area.width - 2 * (columns - 1)) // columns, (area.height - 2 * (rows - 1)) // rows)
        content: list[tuple[str, str]] = [("good", g) for g in b.goods for _k in range(p.goods.get(g, 0))]
        content += [("colonist", k) for k in b.colonist_kinds for _n in range(p.colonists_store.get(k, 0))]
        colour = PLAYER_RGB[p.colour]
        for k in range(cap):
            cell = pygame.Rect(area.x + (k % columns) * (size + 2), area.y + (k // columns) * (size + 2), size, size)
            if k < len(content):
                kind, what = content[k]
                if kind == "good":
                    good_cell(surface, cell, what, label=size >= 16)
                else:
                    pygame.draw.rect(surface, theme.PANEL_HI, cell, border_radius=3)
                    pawn(surface, cell.inflate(-4, -4), colour, sea=what == "sea")
            else:
                pygame.draw.rect(surface, theme.BUTTON_OFF, cell, border_radius=3)
                pygame.draw.rect(surface, theme.LINE, cell, 1, border_radius=3)

    def houses_by_good(self, surface: pygame.Surface, pos: tuple[int, int], p: PlayerState, size: int = 14,
                       state: ConcordiaState | None = None) -> int:
        """Own houses counted by their city's good: a small house in the good's colour and
        the count. Returns the x after the last one."""
        s = state or self.s
        x, y = pos
        for g in self.board.goods:
            k = sum(1 for c in p.houses if s.city_good.get(c) == g)
            if not k:
                continue
            house(surface, pygame.Rect(x, y, size, size), GOOD_RGB[g])
            r = text.draw(surface, str(k), (x + size + 2, y + size // 2), max(size, 16), theme.TEXT, "midleft",
                          role="body" if size >= 18 else "detail")
            x = r.right + 6
        return x

    def player_row(self, surface: pygame.Surface, rect: pygame.Rect, i: int, active: bool) -> None:
        """One player at a glance: name, cash, houses, colonists on the board, the storehouse,
        the cards (hand, played, the top of the discard pile) and who holds the Praefectus
        Magnus and the Concordia card. Taller rows draw the storehouse larger."""
        s, b = self.s, self.board
        p = s.players[i]
        colour = PLAYER_RGB[p.colour]
        pygame.draw.rect(surface, theme.PANEL_HI if active else theme.PANEL, rect, border_radius=8)
        pygame.draw.rect(surface, colour, (rect.x, rect.y, 9, rect.height), border_top_left_radius=8,
                         border_bottom_left_radius=8)
        pygame.draw.rect(surface, theme.ACCENT if active else rim(colour) or theme.PANEL, rect,
                         2 if active else 1, border_radius=8)
        x, y = rect.x + 15, rect.y + 4
        text.draw(surface, p.name, (x, y), 18, theme.TEXT, bold=True, max_width=108, min_size=16, role="detail")
        cx = x + 112
        coin(surface, (cx + 8, y + 11), 8)
        r = text.draw(surface, str(p.money), (cx + 20, y + 11), 18, GOLD, "midleft", bold=True)
        hx = max(r.right + 10, cx + 56)
        house(surface, pygame.Rect(hx, y + 2, 17, 17), colour)
        r = text.draw(surface, f"{len(p.houses)}/{b.houses_per_player}", (hx + 20, y + 11), 18, theme.TEXT, "midleft")
        px = r.right + 8
        pawn(surface, pygame.Rect(px, y + 1, 14, 19), colour)
        text.draw(surface, str(p.on_board()), (px + 17, y + 11), 18, theme.TEXT, "midleft")
        badges = []
        if s.praefectus == i:
            badges.append((_("PM"), (150, 60, 150)))
        if s.concordia == i:
            badges.append((_("Concordia"), GOLD))
        bx = rect.right - 6
        for badge, fill in reversed(badges):
            w = text.measure(badge, 14, True) + 10
            tag = pygame.Rect(bx - w, y + 1, w, 20)
            pygame.draw.rect(surface, fill, tag, border_radius=4)
            text.draw(surface, badge, tag.center, 14, ink(fill), "center", bold=True, role="caption")
            bx = tag.x - 4
        cell = 15 if rect.height < 86 else 17      # leaves ~160 px for the hand beside it
        store = pygame.Rect(x, y + 26, 12 * (cell + 2) - 2, cell)
        self.storehouse(surface, store, p)
        hand = sum(p.hand.values())
        text.draw(surface, _("hand {h} · played {d}").format(h=hand, d=len(p.discard)),
                  (store.right + 8, store.centery), 16, theme.MUTED, "midleft", max_width=rect.right - store.right - 14,
                  min_size=14, role="detail")
        ly = store.bottom + 4
        if ly + 22 > rect.bottom:
            return
        if p.discard:
            top = pygame.Rect(x, ly, 130, 22)
            card_chip(surface, top, b, p.discard[-1], 16)
            hx2 = top.right + 8
        else:
            r = text.draw(surface, _("no card played"), (x, ly + 11), 16, theme.DIM, "midleft", role="detail")
            hx2 = r.right + 8
        self.houses_by_good(surface, (hx2, ly + 3), p, 16)

    def players_panel(self, surface: pygame.Surface, area: pygame.Rect, highlight: int | None) -> None:
        n = self.s.n
        h = min(96, (area.height - 5 * (n - 1)) // n)
        for i in range(n):
            self.player_row(surface, pygame.Rect(area.x, area.y + i * (h + 5), area.width, h), i, i == highlight)

    def me_panel(self, surface: pygame.Surface, i: int | None = None, after: ConcordiaState | None = None,
                 area: pygame.Rect = ME) -> None:
        """The deciding player in detail: cash, the storehouse with its 12 spaces, houses by
        good, colonists on the board and in the storehouse, cards. ``after``: a previewed
        move's state, drawn instead and marked so."""
        s = after or self.s
        i = self.me if i is None else i
        p = s.players[i]
        before = self.s.players[i]
        colour = PLAYER_RGB[p.colour]
        pygame.draw.rect(surface, theme.PANEL, area, border_radius=8)
        pygame.draw.rect(surface, colour, (area.x, area.y, area.width, 8), border_top_left_radius=8,
                         border_top_right_radius=8)
        x, y = area.x + 10, area.y + 14
        text.draw(surface, p.name, (x, y), 20, theme.TEXT, bold=True, max_width=area.width - 20)
        if after is not None:
            text.draw(surface, _("after this move"), (area.right - 8, y + 3), 16, theme.ACCENT, "topright",
                      role="detail")
        y += 30
        coin(surface, (x + 10, y + 12), 11)
        money = str(p.money) if p.money == before.money else f"{before.money} → {p.money}"
        text.draw(surface, _("{money} sestertii").format(money=money), (x + 28, y + 12), 19,
                  GOLD if p.money == before.money else theme.ACCENT, "midleft", bold=True, max_width=area.width - 44)
        y += 30
        text.draw(surface, _("Storehouse: {used} of {cap}").format(used=p.used(), cap=self.board.capacity), (x, y), 18,
                  theme.MUTED, max_width=area.width - 20, min_size=16, role="detail")
        y += 23
        self.storehouse(surface, pygame.Rect(x, y, area.width - 20, 74), p, columns=6)
        y += 80
        text.draw(surface, _("Houses: {n} of {cap}").format(n=len(p.houses), cap=self.board.houses_per_player), (x, y),
                  18, theme.MUTED, max_width=area.width - 20, min_size=16, role="detail")
        y += 23
        end = self.houses_by_good(surface, (x, y), p, 18, s)
        if end == x:
            text.draw(surface, _("none yet"), (x, y), 18, theme.DIM)
        y += 26
        text.draw(surface, _("Colonists on the map: {n}").format(n=p.on_board()), (x, y), 18, theme.MUTED,
                  max_width=area.width - 20, min_size=16, role="detail")
        y += 23
        cx = x
        for kind in self.board.colonist_kinds:
            for _k in range(p.colonists_board.get(kind, 0)):
                pawn(surface, pygame.Rect(cx, y, 18, 22), colour, sea=kind == "sea")
                cx += 22
        y += 27
        text.draw(surface, _("Cards: {h} in hand, {d} played").format(h=sum(p.hand.values()), d=len(p.discard)),
                  (x, y), 18, theme.MUTED, max_width=area.width - 20, min_size=14, role="detail")
        y += 24
        badges = []
        if s.praefectus == i:
            badges.append(_("Praefectus Magnus"))
        if s.concordia == i:
            badges.append(_("Concordia card"))
        for badge in badges:
            if y + 24 > area.bottom:
                break
            chip = pygame.Rect(x, y, area.width - 20, 24)
            fill = (150, 60, 150) if badge == _("Praefectus Magnus") else GOLD
            pygame.draw.rect(surface, fill, chip, border_radius=4)
            text.draw(surface, badge, chip.center, 18, ink(fill), "center", bold=True, max_width=chip.width - 8,
                      min_size=16, role="detail")
            y += 27

    # ---------------------------------------------------------------- the market display

    def price_text(self, slot: int, surcharge: bool = True) -> str:
        """What a display card costs on ``slot``: its cost box plus the space's surcharge
        (C-NIS-5), e.g. "Wine + Cloth + any"."""
        cost, anys = self.rules.card_price(self.s, slot, surcharge)
        parts = [names.good(g) if k == 1 else f"{k} {names.good(g)}" for g in self.board.goods
                 for k in [cost.get(g, 0)] if k]
        parts += [_("any good")] * anys
        return " + ".join(parts) or _("free")

    def price_lines(self, slot: int, surcharge: bool = True) -> list[str]:
        """The price of a display card in two parts: its cost box, and the space's surcharge
        (none for the Consul, C-CARD-CONSUL-1)."""
        deck, card = self.s.display[slot]
        lines = [_("cost: {goods}").format(goods=names.goods_list(self.board.market_cost(deck, card)))]
        extra = self.board.surcharge[slot] if surcharge else ()
        if extra:
            fixed = names.goods_list([g for g in extra if g != "any"])
            anys = [_("any good")] * sum(1 for g in extra if g == "any")
            lines.append("+ " + " + ".join(anys + ([fixed] if fixed else [])))
        elif surcharge:
            lines.append(_("no surcharge"))
        return lines

    def price_goods(self, slot: int, surcharge: bool = True) -> Goods:
        """:meth:`price_lines` as goods to draw: the cost box, then after a "+" the space's
        surcharge (none for the Consul, C-CARD-CONSUL-1; C-NIS-5)."""
        deck, card = self.s.display[slot]
        cost = self.board.market_cost(deck, card)
        extra = self.board.surcharge[slot] if surcharge else ()
        return Goods(tuple(sorted(cost, key=self.board.goods.index)),
                     tuple(sorted(extra, key=lambda g: (g == "any", g))))

    def display_strip(self, surface: pygame.Surface, area: pygame.Rect, columns: int = 4,
                      highlight: int | None = None) -> None:
        """The 7 display spaces, cheapest first: each card with its price (C-NIS-5)."""
        w = (area.width - 4 * (columns - 1)) // columns
        rows = -(-DISPLAY_SPACES // columns)
        h = (area.height - 4 * (rows - 1)) // rows
        for slot in range(DISPLAY_SPACES):
            r = pygame.Rect(area.x + (slot % columns) * (w + 4), area.y + (slot // columns) * (h + 4), w, h)
            entry = self.s.display[slot]
            if entry is None:
                pygame.draw.rect(surface, theme.BUTTON_OFF, r, border_radius=5)
                text.draw(surface, _("space {n}: empty").format(n=slot + 1), r.center, 16, theme.MUTED, "center",
                          max_width=w - 4, min_size=14, role="detail")
            else:
                card_chip(surface, r, self.board, entry[1], 18, [self.price_goods(slot)])
            if slot == highlight:
                pygame.draw.rect(surface, theme.ACCENT, r.inflate(4, 4), 3, border_radius=7)

    def market_list(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The display as a list, one space a line: number, card (in its god's colour), price."""
        h = 25                     # 18-px lines; a very full hand leaves room for fewer spaces
        size = 18
        for slot in range(DISPLAY_SPACES):
            r = pygame.Rect(area.x, area.y + slot * h, area.width, h - 2)
            # a very full hand leaves less room: the rest is on the Senator's screen
            if r.bottom > area.bottom:
                break
            entry = self.s.display[slot]
            text.draw(surface, str(slot + 1), (r.x + 2, r.centery), 16, theme.MUTED, "midleft", role="detail")
            if entry is None:
                text.draw(surface, _("empty"), (r.x + 22, r.centery), size, theme.DIM, "midleft")
                continue
            god = self.board.cards[entry[1]].god
            pygame.draw.rect(surface, GOD_RGB[god], (r.x + 18, r.y + 2, 6, r.height - 4), border_radius=2)
            # the price as goods (icons): its words would not fit beside the card's name
            price = goods_icons(surface, self.price_goods(slot), (r.right - 2, r.centery), "midright", 16)
            text.draw(surface, names.card(self.board, entry[1]), (r.x + 30, r.centery), size, theme.TEXT,
                      "midleft", bold=True, max_width=price.x - r.x - 38, min_size=14, role="detail")
