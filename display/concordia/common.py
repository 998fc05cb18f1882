"""What every Concordia screen shares: the top bar (turn, whose turn, the final-round banner,
the market stack), every player at a glance (cash, the 12-space storehouse, houses,
colonists, cards), the deciding player's panel, the market display, and the small pictures
(goods, colonists, houses, coins, cards by god)."""

from __future__ import annotations

from typing import Any

import pygame

from firmware_host.engine.concordia.board import ConcordiaBoard
from firmware_host.engine.concordia.rules import DISPLAY_SPACES, ConcordiaRules
from firmware_host.engine.concordia.state import ConcordiaState, PlayerState
from firmware_host.engine.core import Event, RuleError
from firmware_host.i18n import _

from .. import text, theme
from ..ui import Button, GameScreen
from . import names

TOP = theme.CONTENT_TOP
BOTTOM = theme.CONTENT_BOTTOM
ME = pygame.Rect(6, TOP + 6, 252, BOTTOM - TOP - 10)            # the deciding player's panel
RIGHT = pygame.Rect(ME.right + 10, TOP + 6, theme.WIDTH - ME.right - 16, BOTTOM - TOP - 10)
BOTTOM_ROW = pygame.Rect(RIGHT.x, BOTTOM - 58, RIGHT.width, 52)
GREEN = (60, 120, 70)
REFUSED = (84, 50, 48)            # an option the rules refuse: greyed out, its sub-line says why

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
    """Text colour that reads on ``rgb``."""
    return (20, 20, 20) if sum(rgb) > 420 else theme.TEXT


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
    pygame.draw.rect(surface, colour, rect, border_radius=3)
    pygame.draw.rect(surface, (20, 20, 20), rect, 1, border_radius=3)
    if label and rect.height >= 14:
        text.draw(surface, names.good(good)[:1], rect.center, max(10, rect.height * 2 // 3), ink(colour), "center",
                  bold=True)


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


def card_chip(surface: pygame.Surface, rect: pygame.Rect, board: ConcordiaBoard, cid: str, size: int = 14,
              sub: str | list[str] = "", title: str = "", inset: int = 0) -> None:
    """A personality card: its god's colour, its name (or ``title``) and lines under it, as
    many as the height allows; ``inset`` keeps the name clear of a corner mark."""
    god = board.cards[cid].god
    colour = GOD_RGB[god]
    fill = dim(colour, 0.75)
    pygame.draw.rect(surface, fill, rect, border_radius=5)
    pygame.draw.rect(surface, colour, rect, 2, border_radius=5)
    fg = ink(fill)
    lines = [sub] if isinstance(sub, str) else list(sub)
    lines = [line for line in lines if line]
    small = max(11, size - 3)
    room = (rect.height - size - 6) // (small + 2)
    lines = lines[:max(0, room)]
    height = size + sum(small + 2 for _line in lines)
    y = rect.centery - height // 2
    text.draw(surface, title or names.card(board, cid), (rect.centerx, y), size, fg, "midtop", bold=True,
              max_width=rect.width - 6 - 2 * inset)
    y += size + 2
    for line in lines:
        text.draw(surface, line, (rect.centerx, y), small, fg, "midtop", max_width=rect.width - 6)
        y += small + 2


def card_button(wid: str, rect: pygame.Rect, board: ConcordiaBoard, cid: str, sub: str | list[str] = "", *,
                selected: bool = False, enabled: bool = True, size: int = 16, badge: str = "",
                title: str = "") -> Button:
    """A personality card to tap, painted in its god's colour; ``badge``: a small mark in its
    corner (the bowl that chooses it)."""

    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        r = r.inflate(8, 8)
        card_chip(surface, r, board, cid, size, sub, title, inset=18 if badge else 0)
        if badge:
            corner = pygame.Rect(r.x + 3, r.y + 3, 17, 17)
            pygame.draw.rect(surface, theme.BG, corner, border_radius=4)
            text.draw(surface, badge, corner.center, 13, theme.ACCENT, "center", bold=True)
        if selected:
            pygame.draw.rect(surface, theme.SELECTED, r, 3, border_radius=6)
    return Button(wid, rect, sub=" · ".join([sub] if isinstance(sub, str) else sub), icon=paint, frame=False,
                  enabled=enabled, selected=selected)


def colour_button(wid: str, rect: pygame.Rect, colour: str, label: str, sub: str = "", *,
                  selected: bool = False, size: int = 17) -> Button:
    """A button painted in a player's colour, its label in a colour that reads on it."""
    rgb = PLAYER_RGB[colour]

    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        r = r.inflate(8, 8)
        chip(surface, r, rgb, 8)
        if selected:
            pygame.draw.rect(surface, theme.TEXT, r, 3, border_radius=8)
            pygame.draw.rect(surface, theme.BG, r.inflate(-6, -6), 1, border_radius=6)
        fg = ink(rgb)
        if sub:
            text.draw(surface, label, (r.centerx, r.centery - 1), size, fg, "midbottom", bold=True,
                      max_width=r.width - 10)
            text.draw(surface, sub, (r.centerx, r.centery + 1), 13, fg, "midtop", max_width=r.width - 10)
        else:
            text.draw(surface, label, r.center, size, fg, "center", bold=True, max_width=r.width - 10)
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
            text.draw(surface, names.good(good), (x, r.centery - 1), 16, fg, "bottomleft", bold=True,
                      max_width=r.right - x - 4)
            text.draw(surface, sub, (x, r.centery + 1), 13, theme.MUTED, "topleft", max_width=r.right - x - 4)
        else:
            text.draw(surface, names.good(good), (x, r.centery), 16, fg, "midleft", bold=True,
                      max_width=r.right - x - 4)
    return Button(wid, rect, sub=sub, icon=paint, frame=False, enabled=enabled, selected=selected)


def player_button(wid: str, rect: pygame.Rect, p: PlayerState, sub: str = "", *, enabled: bool = True,
                  fill: tuple[int, int, int] | None = None, number: int | None = None) -> Button:
    """A player to choose: their colour bar, name and a sub-line."""

    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        r = r.inflate(8, 8)
        pygame.draw.rect(surface, fill or theme.BUTTON, r, border_radius=8)
        bar = pygame.Rect(r.x, r.y, 30 if number is not None else 12, r.height)
        pygame.draw.rect(surface, PLAYER_RGB[p.colour], bar, border_top_left_radius=8, border_bottom_left_radius=8)
        if number is not None:
            text.draw(surface, str(number), bar.center, 17, ink(PLAYER_RGB[p.colour]), "center", bold=True)
        x = bar.right + 8
        fg = theme.TEXT if enabled else theme.DIM
        text.draw(surface, p.name, (x, r.y + 6), 17, fg, bold=True, max_width=r.right - x - 6)
        if sub:
            text.draw(surface, sub, (x, r.y + 29), 14, theme.ACCENT if enabled else theme.DIM,
                      max_width=r.right - x - 6)
    return Button(wid, rect, sub=sub, icon=paint, frame=False, enabled=enabled)


def bottom_buttons(*specs: tuple[str, str, bool, Any]) -> list[Button]:
    """Buttons along the bottom of the decision area, right-aligned: ``(id, label, enabled,
    fill)``."""
    out = []
    x = BOTTOM_ROW.right
    w = min(190, (BOTTOM_ROW.width - 8 * (len(specs) - 1)) // max(1, len(specs)))
    for wid, label, enabled, fill in reversed(specs):
        out.append(Button(wid, pygame.Rect(x - w, BOTTOM_ROW.y, w, BOTTOM_ROW.height), label, enabled=enabled,
                          fill=fill, size=16))
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
            params = {k: _(v) if isinstance(v, str) else v for k, v in exc.params.items()}
            return _(exc.message).format(**params)
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
        text.draw(surface, _("Concordia"), (10, 5), 17, theme.ACCENT, bold=True)
        where = _(names.MAP.get(self.rules.setup.map, ""))
        turn = (_("{map} · {n} turns").format(map=where, n=s.turns) if s.over else
                _("{map} · turn {n}").format(map=where, n=s.turns + 1))
        text.draw(surface, turn, (10, 28), 14, theme.MUTED, max_width=150)
        x = 170
        if s.turn is not None:
            p = s.players[s.active]
            chip(surface, pygame.Rect(x, 12, 14, 28), PLAYER_RGB[p.colour], 3)
            text.draw(surface, p.name, (x + 20, theme.TOP_BAR // 2), 19, theme.TEXT, "midleft", bold=True,
                      max_width=140)
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
            text.draw(surface, banner, r.center, 17, ink(colour), "center", bold=True, max_width=r.width - 10)
            return
        deck = self.rules.top_deck(s)
        left = sum(len(cards) for cards in s.market_left.values())
        stack = (_("Stack: {n} cards, deck {deck} on top").format(deck=deck, n=left) if deck else
                 _("Stack: empty"))
        text.draw(surface, stack, (right - 8, theme.TOP_BAR // 2), 15, theme.MUTED, "midright",
                  max_width=right - x - 16)

    def header(self, surface: pygame.Surface, title: str, sub: str = "", area: pygame.Rect = RIGHT,
               colour: tuple[int, int, int] = theme.MUTED) -> int:
        """A title and at most two smaller lines at the top of the decision area; returns the
        y below."""
        text.draw(surface, title, (area.x + 2, area.y), 19, theme.TEXT, bold=True, max_width=area.width - 4)
        if not sub:
            return area.y + 28
        lines = text.wrap(sub, 14, area.width - 4)[:2]
        for k, line in enumerate(lines):
            text.draw(surface, line, (area.x + 2, area.y + 26 + 17 * k), 14, colour, max_width=area.width - 4)
        return area.y + 30 + 17 * len(lines)

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
            r = text.draw(surface, str(k), (x + size + 2, y + size // 2), size, theme.TEXT, "midleft")
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
        text.draw(surface, p.name, (x, y), 17, theme.TEXT, bold=True, max_width=108)
        cx = x + 116
        coin(surface, (cx + 8, y + 10), 8)
        r = text.draw(surface, str(p.money), (cx + 20, y + 10), 17, GOLD, "midleft", bold=True)
        hx = max(r.right + 10, cx + 52)
        house(surface, pygame.Rect(hx, y + 2, 16, 16), colour)
        r = text.draw(surface, f"{len(p.houses)}/{b.houses_per_player}", (hx + 20, y + 10), 15, theme.TEXT, "midleft")
        px = r.right + 10
        pawn(surface, pygame.Rect(px, y + 1, 14, 18), colour)
        text.draw(surface, str(p.on_board()), (px + 17, y + 10), 15, theme.TEXT, "midleft")
        badges = []
        if s.praefectus == i:
            badges.append((_("PM"), (150, 60, 150)))
        if s.concordia == i:
            badges.append((_("Concordia"), GOLD))
        bx = rect.right - 6
        for badge, fill in reversed(badges):
            w = text.measure(badge, 12, True) + 10
            tag = pygame.Rect(bx - w, y + 1, w, 18)
            pygame.draw.rect(surface, fill, tag, border_radius=4)
            text.draw(surface, badge, tag.center, 12, ink(fill), "center", bold=True)
            bx = tag.x - 4
        cell = 14 if rect.height < 86 else 19
        store = pygame.Rect(x, y + 25, 12 * (cell + 2) - 2, cell)
        self.storehouse(surface, store, p)
        hand = sum(p.hand.values())
        text.draw(surface, _("hand {h} · played {d}").format(h=hand, d=len(p.discard)),
                  (store.right + 8, store.centery), 13, theme.MUTED, "midleft", max_width=rect.right - store.right - 14)
        ly = store.bottom + 6
        if ly + 20 > rect.bottom:
            return
        if p.discard:
            top = pygame.Rect(x, ly, 118, 20)
            card_chip(surface, top, b, p.discard[-1], 12)
            hx2 = top.right + 8
        else:
            r = text.draw(surface, _("no card played"), (x, ly + 10), 13, theme.DIM, "midleft")
            hx2 = r.right + 8
        self.houses_by_good(surface, (hx2, ly + 3), p, 14)

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
            text.draw(surface, _("after this move"), (area.right - 8, y + 4), 13, theme.ACCENT, "topright")
        y += 30
        coin(surface, (x + 10, y + 12), 11)
        money = str(p.money) if p.money == before.money else f"{before.money} → {p.money}"
        text.draw(surface, _("{money} sestertii").format(money=money), (x + 28, y + 12), 19,
                  GOLD if p.money == before.money else theme.ACCENT, "midleft", bold=True, max_width=area.width - 44)
        y += 30
        text.draw(surface, _("Storehouse: {used} of {cap}").format(used=p.used(), cap=self.board.capacity), (x, y), 14,
                  theme.MUTED)
        y += 19
        self.storehouse(surface, pygame.Rect(x, y, area.width - 20, 74), p, columns=6)
        y += 84
        text.draw(surface, _("Houses: {n} of {cap}").format(n=len(p.houses), cap=self.board.houses_per_player), (x, y),
                  14, theme.MUTED)
        y += 19
        end = self.houses_by_good(surface, (x, y), p, 16, s)
        if end == x:
            text.draw(surface, _("none yet"), (x, y), 14, theme.DIM)
        y += 26
        text.draw(surface, _("Colonists on the map: {n}").format(n=p.on_board()), (x, y), 14, theme.MUTED)
        y += 19
        cx = x
        for kind in self.board.colonist_kinds:
            for _k in range(p.colonists_board.get(kind, 0)):
                pawn(surface, pygame.Rect(cx, y, 18, 22), colour, sea=kind == "sea")
                cx += 22
        y += 30
        text.draw(surface, _("Cards: {h} in hand, {d} played").format(h=sum(p.hand.values()), d=len(p.discard)),
                  (x, y), 14, theme.MUTED, max_width=area.width - 20)
        y += 20
        badges = []
        if s.praefectus == i:
            badges.append(_("Praefectus Magnus"))
        if s.concordia == i:
            badges.append(_("Concordia card"))
        for badge in badges:
            if y + 22 > area.bottom:
                break
            chip = pygame.Rect(x, y, area.width - 20, 20)
            pygame.draw.rect(surface, (150, 60, 150) if badge == _("Praefectus Magnus") else GOLD, chip,
                             border_radius=4)
            text.draw(surface, badge, chip.center, 13, theme.TEXT if badge == _("Praefectus Magnus") else (20, 20, 20),
                      "center", bold=True)
            y += 24

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
                text.draw(surface, _("space {n}: empty").format(n=slot + 1), r.center, 12, theme.DIM, "center",
                          max_width=w - 4)
            else:
                card_chip(surface, r, self.board, entry[1], 14, self.price_lines(slot))
            if slot == highlight:
                pygame.draw.rect(surface, theme.ACCENT, r.inflate(4, 4), 3, border_radius=7)

    def market_list(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The display as a list, one space a line: number, card (in its god's colour), price."""
        h = max(14, min(24, area.height // DISPLAY_SPACES))
        size = max(11, min(15, h - 6))
        for slot in range(DISPLAY_SPACES):
            r = pygame.Rect(area.x, area.y + slot * h, area.width, h - 2)
            # a very full hand leaves less room: the rest is on the Senator's screen
            if r.bottom > area.bottom:
                break
            entry = self.s.display[slot]
            text.draw(surface, str(slot + 1), (r.x + 2, r.centery), size, theme.MUTED, "midleft")
            if entry is None:
                text.draw(surface, _("empty"), (r.x + 20, r.centery), size, theme.DIM, "midleft")
                continue
            god = self.board.cards[entry[1]].god
            pygame.draw.rect(surface, GOD_RGB[god], (r.x + 18, r.y + 2, 6, r.height - 4), border_radius=2)
            name = text.draw(surface, names.card(self.board, entry[1]), (r.x + 30, r.centery), size, theme.TEXT,
                             "midleft", bold=True, max_width=r.width // 2 - 30)
            text.draw(surface, self.price_text(slot), (r.right - 2, r.centery), size - 1, theme.MUTED, "midright",
                      max_width=r.right - name.right - 12)
