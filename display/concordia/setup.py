"""Starting a Concordia game: the new-game form and the setup step the engine asks for (the
cards turned up into the market display at the table, C-NIS-5)."""

from __future__ import annotations

import secrets
from collections import Counter
from functools import partial

import pygame

from firmware_host.data import load
from firmware_host.engine.concordia import ConcordiaSetup
from firmware_host.engine.concordia import events as ev
from firmware_host.engine.concordia.board import board_for
from firmware_host.engine.concordia.rules import map_players
from firmware_host.i18n import _

from .. import text, theme
from ..players import pick_player
from ..ui import Button, Screen, grid
from . import names
from .common import GREEN, TOP, ConcordiaScreen, Goods, card_button, colour_button

X = 404          # the options column of the form
DISPLAY = pygame.Rect(12, TOP + 222, theme.WIDTH - 24, theme.CONTENT_BOTTOM - TOP - 228)


class NewGameScreen(Screen):
    """Players (2-5) with names and colours in seat order (start player first; the last seat
    gets the Praefectus Magnus, C-SETUP-2), the map (only one for that many players: Imperium
    3-5, Italia 2-4, C-NIS-1; a count the chosen map is not for switches to the other), who
    turns up the market cards, and the two rulings that are options (C-AMB-1 Vesta per card,
    C-AMB-6 the Praefectus Magnus passing). Start journals the setup."""

    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        self.board = load("concordia")
        self.palette = list(board_for(self.board).player_colours)
        self.count = 4
        self.colours = list(self.palette)
        self.names = [names.colour(c) for c in self.colours]
        self.map = "imperium"
        self.market = "table"
        self.vesta_per_card = True
        self.passes = "right"
        self.keep_entries()

    def discard_question(self) -> str:
        return _("Discard this new game?") if self.entries_changed() else ""

    def build(self) -> list[Button]:
        out = []
        for i in range(self.count):
            y = TOP + 40 + i * 58
            c = self.colours[i]
            out.append(colour_button(f"colour:{i}", pygame.Rect(12, y, 112, 52), c, names.colour(c)))
            out.append(Button(f"name:{i}", pygame.Rect(132, y, 196, 52), self.names[i], _("tap to rename"), size=18))
            out.append(Button(f"up:{i}", pygame.Rect(336, y, 56, 52), "↑" if i else "", enabled=i > 0))
        w = theme.WIDTH - X - 12
        q = (w - 3 * 8) // 4
        for k, n in enumerate(range(2, 6)):
            out.append(Button(f"count:{n}", pygame.Rect(X + k * (q + 8), TOP + 24, q, 50), str(n), _("players"),
                              selected=n == self.count, size=18))
        half = (w - 8) // 2
        for k, m in enumerate(("imperium", "italia")):
            fits = map_players(m)
            out.append(Button(f"map:{m}", pygame.Rect(X + k * (half + 8), TOP + 100, half, 50), _(names.MAP[m]),
                              _("{a}-{b} players").format(a=fits.start, b=fits.stop - 1),
                              selected=m == self.map, enabled=self.count in fits, size=18))
        markets = (("table", _("Turned up at the table")), ("companion", _("Companion draws")))
        for k, (mode, label) in enumerate(markets):
            out.append(Button(f"market:{mode}", pygame.Rect(X + k * (half + 8), TOP + 176, half, 50), label,
                              selected=mode == self.market, size=18))
        # "Praefectus Magnus" needs ~200 px at 18 px: the Vesta option gives it room, its
        # sub-line wraps
        vesta = half - 20
        out.append(option_button("vesta", pygame.Rect(X, TOP + 252, vesta, 54), _("Vesta"),
                                 _("scores per Vesta card") if self.vesta_per_card else _("scores once")))
        out.append(option_button("passes", pygame.Rect(X + vesta + 8, TOP + 252, w - vesta - 8, 54),
                                 _("Praefectus Magnus"),
                                 _("passes to the right") if self.passes == "right" else _("passes to the left")))
        out.append(Button("cancel", pygame.Rect(X, theme.CONTENT_BOTTOM - 58, half, 52), _("Back")))
        out.append(Button("ok", pygame.Rect(X + half + 8, theme.CONTENT_BOTTOM - 58, half, 52), _("Start"), fill=GREEN))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.PANEL, (0, 0, theme.WIDTH, theme.TOP_BAR))
        text.draw(surface, _("New game of Concordia"), (12, 12), 22, theme.TEXT, bold=True)
        seats = _("Seats, clockwise from the start player")
        if text.measure(seats, 16) <= 380:
            text.draw(surface, seats, (12, TOP + 14), 18, theme.MUTED, max_width=380, min_size=16, role="detail")
        else:                                   # a longer sentence: two lines above the seats
            for k, line in enumerate(text.wrap(seats, 14, 380)[:2]):
                text.draw(surface, line, (12, TOP + 3 + 17 * k), 14, theme.MUTED, max_width=380, role="caption")
        last = self.count - 1
        y = TOP + 40 + last * 58 + 58
        text.draw(surface, _("{player} starts with the Praefectus Magnus.").format(player=self.names[last]),
                  (12, y), 16, theme.MUTED, max_width=380, min_size=14, role="detail")
        text.draw(surface, _("Players"), (X, TOP + 4), 18, theme.MUTED, max_width=theme.WIDTH - X - 12, min_size=16,
                  role="detail")
        text.draw(surface, _("Map"), (X, TOP + 80), 18, theme.MUTED, max_width=theme.WIDTH - X - 12, min_size=16,
                  role="detail")
        text.draw(surface, _("Market cards"), (X, TOP + 156), 18, theme.MUTED, max_width=theme.WIDTH - X - 12,
                  min_size=16, role="detail")
        text.draw(surface, _("Options (tap to change)"), (X, TOP + 232), 18, theme.MUTED,
                  max_width=theme.WIDTH - X - 12, min_size=16, role="detail")

    def press(self, wid: str) -> None:
        kind, _sep, value = wid.partition(":")
        if kind == "colour":
            i = int(value)
            others = set(self.colours[: self.count]) - {self.colours[i]}
            free = [c for c in self.palette if c not in others]
            if len(free) == 1:                 # every colour is at the table: swap with the next one
                free = self.palette
            old = self.colours[i]
            new = free[(free.index(old) + 1) % len(free)]
            j = self.colours.index(new)
            self.colours[i], self.colours[j] = new, old
            if self.names[i] == names.colour(old):
                self.names[i] = names.colour(new)
        elif kind == "name":
            i = int(value)
            self.ctl.push(pick_player(self.ctl, _("Name of seat {n}").format(n=i + 1), self.names[i],
                                      partial(self._rename, i), self.names[:self.count]))
        elif kind == "up":
            i = int(value)
            for lst in (self.colours, self.names):
                lst[i - 1], lst[i] = lst[i], lst[i - 1]
        elif kind == "count":
            self.count = int(value)
            if self.count not in map_players(self.map):
                self.map = next(m for m in ("imperium", "italia") if self.count in map_players(m))
        elif kind == "map" and self.count in map_players(value):
            self.map = value
        elif kind == "market":
            self.market = value
        elif wid == "vesta":
            self.vesta_per_card = not self.vesta_per_card
        elif wid == "passes":
            self.passes = "left" if self.passes == "right" else "right"
        elif wid == "cancel":
            self.ctl.pop()
            return
        elif wid == "ok":
            self.ctl.start_game("concordia", self.setup())
            return
        self.invalidate()

    def _rename(self, i: int, name: str) -> None:
        if name.strip():
            self.names[i] = name.strip()[:16]
        self.invalidate()

    def setup(self) -> ConcordiaSetup:
        return ConcordiaSetup(
            players=tuple(zip(self.colours[: self.count], self.names[: self.count])), board=self.board,
            map=self.map, market_mode=self.market, vesta_per_card=self.vesta_per_card,
            praefectus_passes=self.passes, seed=secrets.randbits(32),
        )


def option_button(wid: str, rect: pygame.Rect, label: str, sub: str) -> Button:
    """An option that a tap changes: its name at 18 px, its setting under it at 14 px on one
    or two lines (a long setting wraps rather than being cut)."""

    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        r = r.inflate(8, 8)
        pygame.draw.rect(surface, theme.BUTTON, r, border_radius=8)
        lines = text.wrap(sub, 14, r.width - 10)
        lines = lines[:1] if len(lines) == 1 else [lines[0], " ".join(lines[1:])]
        top = r.centery - (21 + 16 * len(lines)) // 2
        text.draw(surface, label, (r.centerx, top), 18, theme.TEXT, "midtop", bold=True, max_width=r.width - 10,
                  min_size=16, role="detail")
        for k, line in enumerate(lines):
            text.draw(surface, line, (r.centerx, top + 21 + 16 * k), 14, theme.MUTED, "midtop",
                      max_width=r.width - 10, role="caption")
    return Button(wid, rect, sub=f"{label}: {sub}", icon=paint, frame=False)


class RevealCardScreen(ConcordiaScreen):
    """C-NIS-5: the card turned up from the stack into a display space. The companion knows
    the deck it comes from and offers only that deck's cards still in the stack; a card's
    NFC tag enters it too."""

    def build(self) -> list[Button]:
        deck = self.rules.top_deck(self.s)
        if deck is None:                       # the stack is empty: no card to turn up
            return []
        left = Counter(self.s.market_left[deck])
        cards = sorted(left, key=lambda c: names.card(self.board, c))
        area = pygame.Rect(12, TOP + 78, theme.WIDTH - 24, 120)
        out = []
        for cid, rect in zip(cards, grid(area, len(cards), 4, gap=8, height=56)):
            cost = self.board.market_cost(deck, cid)
            sub: list[str | Goods] = [Goods(tuple(sorted(cost, key=self.board.goods.index)))]
            # copies still in the stack after the name ("Farmer ×2"): no room for a line of its own
            title = names.card(self.board, cid) + (f" ×{left[cid]}" if left[cid] > 1 else "")
            out.append(card_button(f"card:{cid}", rect, self.board, cid, sub, size=18, title=title))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        s = self.s
        deck = self.rules.top_deck(s)
        n = len(s.market_left.get(deck, []))
        self.header(surface, _("Turn up a card for display space {k}").format(k=s.pending.slot + 1),
                    _("It comes from deck {deck} ({n} cards left): tap the card turned up, or touch its tag.").format(
                        deck=deck, n=n), pygame.Rect(12, TOP + 6, theme.WIDTH - 24, 60))
        text.draw(surface, _("Market display, cheapest first"), (DISPLAY.x, DISPLAY.y - 22), 18, theme.MUTED,
                  max_width=DISPLAY.width, min_size=16, role="detail")
        self.display_strip(surface, DISPLAY, 4, highlight=s.pending.slot)

    def press(self, wid: str) -> None:
        if wid.startswith("card:"):
            self.ctl.submit(ev.RevealCard(wid[5:]))

    def card_tag(self, card: str) -> bool:
        self.ctl.submit(ev.RevealCard(card))
        return True
