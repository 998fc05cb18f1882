"""Correcting the books (C-CORR-1, docs/corrections.md): Menu → Correct the books.

The table counted something again (a player's sestertii, goods in the storehouse, colonists
on the board, cards in the hand) and the books follow: choose the player and what was
miscounted, set the value, Correct. The correction is a journaled move like any other (undo
takes it back) and shows in the move news; one the pieces cannot match is refused with the
rule (C-CORR-2), its button greyed out with the reason.
"""

from __future__ import annotations

import pygame

from firmware_host.engine.concordia import events as ev
from firmware_host.engine.core import N_
from firmware_host.i18n import _

from .. import text, theme
from ..ui import Button, CorrectionScreen, grid
from . import names
from .common import TOP, ConcordiaScreen

ITEM = {"money": N_("Sestertii"), "goods": N_("Goods"), "colonists": N_("Colonists on the board"),
        "hand": N_("Cards in hand")}
WIDE = pygame.Rect(12, TOP, theme.WIDTH - 24, theme.CONTENT_BOTTOM - TOP)


class CorrectScreen(CorrectionScreen, ConcordiaScreen):
    """Over the game (opened from the menu): player, item, value, Correct (C-CORR-1/2)."""

    rect = WIDE
    lowest = 0

    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        self.player = self.me
        self.item = ("money", "")
        self.value = self.books()

    def books(self) -> int:
        """What the books say now for the chosen player and item."""
        item, key = self.item
        return self.rules.correction_value(self.s, self.player, item, key)

    def event(self) -> ev.CorrectPlayer:
        item, key = self.item
        return ev.CorrectPlayer(self.player, item, key, self.value)

    def items(self) -> list[tuple[str, str]]:
        """What can be corrected for the chosen player: money, each good, each colonist kind,
        the card kinds in the hand or on the discard pile (a card moves between the two)."""
        b, p = self.board, self.s.players[self.player]
        cards = sorted(set(p.hand) | set(p.discard), key=list(b.cards).index)
        out = [("money", "")] + [("goods", g) for g in b.goods] + [("colonists", k) for k in b.colonist_kinds]
        return out + [("hand", c) for c in cards[:12]]

    def label(self, item: str, key: str) -> str:
        if item == "money":
            return _(ITEM[item])
        if item == "goods":
            return names.good(key)
        if item == "colonists":
            return _("Land colonists") if key == "land" else _("Sea colonists")
        return names.card(self.board, key)

    def choices(self) -> list[Button]:
        s = self.s
        out = []
        for i, rect in enumerate(grid(pygame.Rect(WIDE.x, TOP + 50, WIDE.width, 48), s.n, s.n, gap=8)):
            out.append(Button(f"player:{i}", rect, s.players[i].name, selected=i == self.player, size=18))
        items = self.items()
        fixed = [it for it in items if it[0] != "hand"]
        cards = [it for it in items if it[0] == "hand"]
        rects = grid(pygame.Rect(WIDE.x, TOP + 106, WIDE.width, 0), len(fixed), 4, gap=6, height=48)
        rects += grid(pygame.Rect(WIDE.x, TOP + 216, WIDE.width, 0), len(cards), 6, gap=6, height=48)
        for (item, key), rect in zip(items, rects):
            sub = _("{n} in hand").format(n=self.rules.correction_value(s, self.player, item, key)) \
                if item == "hand" else str(self.rules.correction_value(s, self.player, item, key))
            out.append(Button(f"item:{item}:{key}", rect, self.label(item, key), sub,
                              selected=(item, key) == self.item, size=18))
        return out

    def correction_refused(self) -> str:
        """Why the drafted correction cannot be made ("" if it can): the rules' answer."""
        if self.value == self.books():
            return _("Set the value the table counts.")
        return self.legal(self.event())

    def draft_line(self) -> str:
        item, key = self.item
        return _("{player}, {what}: the books say {old}, the table {new}").format(
            player=self.s.players[self.player].name, what=self.label(item, key), old=self.books(), new=self.value)

    def paint(self, surface: pygame.Surface) -> None:
        text.draw(surface, _("Correct the books: what the table counts"), (WIDE.x, TOP + 6), 20, theme.TEXT,
                  bold=True, max_width=WIDE.width)
        text.draw(surface, _("A recount of a player's pieces (C-CORR-1); undo takes it back."), (WIDE.x, TOP + 30),
                  14, theme.MUTED, max_width=WIDE.width)
        self.paint_draft(surface)

    def choose(self, wid: str) -> None:
        kind, _sep, value = wid.partition(":")
        if kind == "player":
            self.player = int(value)
            if self.item not in self.items():
                self.item = ("money", "")
        elif kind == "item":
            item, _s, key = value.partition(":")
            self.item = (item, key)
        self.value = self.books()
