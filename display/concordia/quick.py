"""The quick tally: a Concordia game the companion did not keep, tallied from what each
player holds at the end (C-GOD, C-END-4). Entered with + and − per player (cards by god,
specialists, houses by good, provinces, colonists, goods, cash, the Concordia card and the
Praefectus Magnus), then shown as the same tally as a kept game. Reached from the home
screen; nothing is journaled.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from firmware_host.data import load
from firmware_host.engine.concordia.board import board_for
from firmware_host.engine.concordia.tally import PER_CARD_GODS, quick_tally
from firmware_host.engine.core import N_
from firmware_host.i18n import _

from .. import text, theme
from ..keyboard import KeyboardScreen
from ..ui import Button, Screen, column
from . import names
from .common import GOD_RGB, GREEN, colour_button, good_cell
from .final import TABS_Y, TallyView

PAGES = (("cards", N_("Cards")), ("map", N_("Houses & map")), ("store", N_("Storehouse")), ("game", N_("Game")))
COUNTERS = pygame.Rect(12, 172, theme.WIDTH - 24, theme.CONTENT_BOTTOM - 176)


class QuickTallyScreen(Screen):
    """Holdings per player, page by page, then the tally (``quick_tally``). Draft only: the
    screen holds what has been entered until it is closed."""

    chrome = False

    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        self.data = load("concordia")
        self.board = board_for(self.data)
        self.colours = list(self.board.player_colours)
        self.players: list[dict[str, Any]] = [self.blank(i) for i in range(2)]
        self.current = 0
        self.page = "cards"
        self.map = "imperium"
        self.vesta_per_card = True
        self.passes = "right"
        self.result: dict[str, Any] | None = None
        self.view = "table"
        self.keep_entries("current", "page", "view")

    def discard_question(self) -> str:
        """Closing throws the tally away (nothing is journaled): ask once if anything was
        entered or tallied."""
        return _("Discard this tally?") if self.entries_changed() else ""

    def blank(self, i: int) -> dict[str, Any]:
        b = self.board
        counts = {f"cards.{g}": 0 for g in PER_CARD_GODS}
        counts.update({f"spec.{c}": 0 for c in b.specialists})
        counts.update({f"houses.{g}": 0 for g in b.goods})
        counts.update({f"goods.{g}": 0 for g in b.goods})
        counts.update({"provinces": 0, "colonists": 0, "money": 0, "vp": 0})
        return {"name": names.colour(self.colours[i]), "counts": counts, "concordia": False, "praefectus": False}

    # ---------------------------------------------------------------- the holdings file

    def holdings(self) -> dict[str, Any]:
        """What was entered, as a holdings file (``docs/concordia-tally.md``)."""
        b = self.board
        rows = []
        for p in self.players:
            c = p["counts"]
            rows.append({
                "name": p["name"],
                "vp": c["vp"],
                "cards": {g: c[f"cards.{g}"] for g in PER_CARD_GODS if c[f"cards.{g}"]},
                "specialists": [s for s in b.specialists for _k in range(c[f"spec.{s}"])],
                "houses": {g: c[f"houses.{g}"] for g in b.goods if c[f"houses.{g}"]},
                "provinces": c["provinces"], "colonists": c["colonists"],
                "goods": {g: c[f"goods.{g}"] for g in b.goods if c[f"goods.{g}"]},
                "money": c["money"], "concordia": p["concordia"], "praefectus_magnus": p["praefectus"],
            })
        return {"map": self.map, "options": {"vesta_per_card": self.vesta_per_card, "praefectus_passes": self.passes},
                "players": rows}

    # ---------------------------------------------------------------- widgets

    def build(self) -> list[Button]:
        if self.result is not None:
            view = TallyView(self.board, self.result, self.colours)
            out = view.tabs(self.view)
            out.append(Button("edit", pygame.Rect(theme.WIDTH - 162, TABS_Y, 150, 52), _("Change")))
            out.append(Button("close", pygame.Rect(theme.WIDTH - 112, 2, 104, 48), _("Close"), size=16))
            return out
        out = [Button("close", pygame.Rect(theme.WIDTH - 236, 2, 110, 48), _("Back"), size=16),
               Button("tally", pygame.Rect(theme.WIDTH - 118, 2, 110, 48), _("Tally"), fill=GREEN, size=17)]
        x = 12
        for i, p in enumerate(self.players):
            out.append(colour_button(f"player:{i}", pygame.Rect(x, 60, 118, 50), self.colours[i], p["name"],
                                     selected=i == self.current, size=16))
            x += 124
        out.append(Button("remove", pygame.Rect(x, 60, 56, 50), "−", enabled=len(self.players) > 2))
        out.append(Button("add", pygame.Rect(x + 62, 60, 56, 50), "+", enabled=len(self.players) < 5))
        w = (theme.WIDTH - 24 - 8 * (len(PAGES) - 1)) // len(PAGES)
        for k, (page, label) in enumerate(PAGES):
            out.append(Button(f"page:{page}", pygame.Rect(12 + k * (w + 8), 116, w, 50), _(label),
                              selected=page == self.page, size=16))
        out += getattr(self, f"_page_{self.page}")()
        return out

    @staticmethod
    def slots(rect: pygame.Rect, big: bool) -> dict[str, pygame.Rect]:
        """Where a counter's buttons and value sit, right-aligned in ``rect``."""
        w, gap, value = 56, 6, 50
        keys = ("minus10", "minus", "value", "plus", "plus10") if big else ("minus", "value", "plus")
        widths = [value if k == "value" else w for k in keys]
        x = rect.right - sum(widths) - gap * (len(keys) - 1)
        out = {}
        for k, width in zip(keys, widths):
            out[k] = pygame.Rect(x, rect.y, width, rect.height)
            x += width + gap
        return out

    def counter(self, rect: pygame.Rect, key: str, big: bool = False) -> list[Button]:
        """− and + for one count (and −10 / +10 when ``big``) at the right of ``rect``."""
        value = self.players[self.current]["counts"][key]
        signed = key == "vp"                    # points on the track may be negative
        at = self.slots(rect, big)
        out = [Button(f"minus:{key}", at["minus"], "−", enabled=signed or value > 0),
               Button(f"plus:{key}", at["plus"], "+")]
        if big:
            out += [Button(f"minus10:{key}", at["minus10"], "−10", enabled=signed or value >= 10, size=15),
                    Button(f"plus10:{key}", at["plus10"], "+10", size=15)]
        return out

    def columns(self) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        half = (COUNTERS.width - 24) // 2
        left = column(pygame.Rect(COUNTERS.x, COUNTERS.y, half, 0), 5, 48, 6)
        right = column(pygame.Rect(COUNTERS.x + half + 24, COUNTERS.y, half, 0), 5, 48, 6)
        return left, right

    def _page_cards(self) -> list[Button]:
        left, right = self.columns()
        out = []
        for g, rect in zip(PER_CARD_GODS, left):
            out += self.counter(rect, f"cards.{g}")
        for s, rect in zip(self.board.specialists, right):
            out += self.counter(rect, f"spec.{s}")
        return out

    def _page_map(self) -> list[Button]:
        left, right = self.columns()
        out = []
        for g, rect in zip(self.board.goods, left):
            out += self.counter(rect, f"houses.{g}")
        out += self.counter(right[0], "provinces") + self.counter(right[1], "colonists")
        p = self.players[self.current]
        for k, (flag, label) in enumerate((("concordia", _("Concordia card")), ("praefectus", _("Praefectus Magnus")))):
            out.append(Button(f"toggle:{flag}", right[2 + k], label, _("held") if p[flag] else _("not held"),
                              selected=p[flag], fill=(96, 80, 36) if p[flag] else None, size=16))
        return out

    def _page_store(self) -> list[Button]:
        left, right = self.columns()
        out = []
        for g, rect in zip(self.board.goods, left):
            out += self.counter(rect, f"goods.{g}")
        out += self.counter(right[0], "money", big=True) + self.counter(right[1], "vp")
        return out

    def _page_game(self) -> list[Button]:
        left, right = self.columns()
        out = []
        for k, m in enumerate(("imperium", "italia")):
            r = left[0]
            half = (r.width - 8) // 2
            out.append(Button(f"map:{m}", pygame.Rect(r.x + k * (half + 8), r.y, half, r.height), _(names.MAP[m]),
                              selected=m == self.map, size=16))
        out.append(Button("vesta", left[1], _("Vesta"),
                          _("scores per Vesta card") if self.vesta_per_card else _("scores once"), size=16))
        out.append(Button("passes", left[2], _("Praefectus Magnus"),
                          _("passes to the right") if self.passes == "right" else _("passes to the left"), size=16))
        out.append(Button("rename", right[0], _("Rename {player}").format(player=self.players[self.current]["name"]),
                          size=16))
        return out

    # ---------------------------------------------------------------- drawing

    def paint(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.PANEL, (0, 0, theme.WIDTH, theme.TOP_BAR))
        if self.result is not None:
            view = TallyView(self.board, self.result, self.colours)
            text.draw(surface, _("Quick tally · {map}").format(map=_(names.MAP[self.map])), (12, 14), 20, theme.TEXT,
                      bold=True, max_width=theme.WIDTH - 140)
            text.draw(surface, view.title(), (12, theme.CONTENT_TOP + 6), 22, theme.ACCENT, bold=True,
                      max_width=theme.WIDTH - 24)
            sub = view.sub()
            if sub:
                text.draw(surface, sub, (12, theme.CONTENT_TOP + 32), 13, theme.MUTED, max_width=theme.WIDTH - 24)
            view.paint(surface, self.view)
            return
        text.draw(surface, _("Concordia quick tally"), (12, 8), 21, theme.TEXT, bold=True)
        text.draw(surface, _("What each player holds at the end: hand and discard pile together."), (12, 32), 13,
                  theme.MUTED, max_width=theme.WIDTH - 260)
        getattr(self, f"_paint_{self.page}")(surface)

    def label(self, surface: pygame.Surface, rect: pygame.Rect, key: str, title: str, swatch=None,
              big: bool = False) -> None:
        """A counter's name (with a swatch) and its value between its buttons."""
        value = self.players[self.current]["counts"][key]
        at = self.slots(rect, big)
        x = rect.x
        if swatch is not None:
            swatch(surface, pygame.Rect(x, rect.centery - 12, 24, 24))
            x += 32
        first = at["minus10" if big else "minus"]
        text.draw(surface, title, (x, rect.centery), 16, theme.TEXT, "midleft", max_width=first.x - x - 8)
        text.draw(surface, str(value), at["value"].center, 22, theme.ACCENT if value else theme.DIM, "center",
                  bold=True)

    def _paint_cards(self, surface: pygame.Surface) -> None:
        left, right = self.columns()
        for g, rect in zip(PER_CARD_GODS, left):
            self.label(surface, rect, f"cards.{g}", _("{god} cards").format(god=_(names.GOD[g])), _god_swatch(g))
        for s, rect in zip(self.board.specialists, right):
            card = self.board.specialists[s]
            self.label(surface, rect, f"spec.{s}", _("{card} ({good})").format(card=names.card(self.board, s),
                                                                                good=names.good(card.good)),
                       _god_swatch("minerva"))

    def _paint_map(self, surface: pygame.Surface) -> None:
        left, right = self.columns()
        for g, rect in zip(self.board.goods, left):
            self.label(surface, rect, f"houses.{g}", _("Houses in {good} cities").format(good=names.good(g)),
                       _good_swatch(g))
        self.label(surface, right[0], "provinces", _("Provinces with a house"))
        self.label(surface, right[1], "colonists", _("Colonists on the map"))

    def _paint_store(self, surface: pygame.Surface) -> None:
        left, right = self.columns()
        for g, rect in zip(self.board.goods, left):
            self.label(surface, rect, f"goods.{g}", _("{good} ({price})").format(good=names.good(g),
                                                                                 price=self.board.price[g]),
                       _good_swatch(g))
        self.label(surface, right[0], "money", _("Sestertii"), big=True)
        self.label(surface, right[1], "vp", _("Score track"))
        p = self.players[self.current]["counts"]
        used = sum(p[f"goods.{g}"] for g in self.board.goods)
        text.draw(surface, _("{n} goods of {cap} spaces").format(n=used, cap=self.board.capacity),
                  (right[2].x, right[2].y + 12), 15, theme.BAD if used > self.board.capacity else theme.MUTED)

    def _paint_game(self, surface: pygame.Surface) -> None:
        left, right = self.columns()
        lines = text.wrap(_("Seat order matters for the tie-break: enter the players clockwise from the start "
                            "player. The Praefectus Magnus decides a tie (C-END-4)."), 14, right[1].width)
        for k, line in enumerate(lines[:4]):
            text.draw(surface, line, (right[1].x, right[1].y + 4 + 18 * k), 14, theme.MUTED)

    # ---------------------------------------------------------------- input

    def press(self, wid: str) -> None:
        kind, _sep, value = wid.partition(":")
        p = self.players[self.current]
        if kind in ("plus", "minus", "plus10", "minus10"):
            step = {"plus": 1, "minus": -1, "plus10": 10, "minus10": -10}[kind]
            new = p["counts"][value] + step
            p["counts"][value] = new if value == "vp" else max(0, new)
        elif kind == "toggle":
            held = not p[value]
            for q in self.players:          # one Concordia card, one Praefectus Magnus
                q[value] = False
            p[value] = held
        elif kind == "player":
            self.current = int(value)
        elif wid == "add" and len(self.players) < 5:
            self.players.append(self.blank(len(self.players)))
            self.current = len(self.players) - 1
        elif wid == "remove" and len(self.players) > 2:
            self.players.pop()
            self.current = min(self.current, len(self.players) - 1)
        elif kind == "page":
            self.page = value
        elif kind == "map":
            self.map = value
        elif wid == "vesta":
            self.vesta_per_card = not self.vesta_per_card
        elif wid == "passes":
            self.passes = "left" if self.passes == "right" else "right"
        elif wid == "rename":
            i = self.current
            self.ctl.push(KeyboardScreen(self.ctl, _("Name of seat {n}").format(n=i + 1), p["name"],
                                         partial(self._rename, i)))
            return
        elif wid == "tally":
            self.tally()
        elif wid == "edit":
            self.result = None
        elif kind == "view":
            self.view = value
        elif wid == "close":
            self.ctl.close_asking(self)
            return
        self.invalidate()

    def tally(self) -> None:
        try:
            self.result = quick_tally(self.data, self.holdings())
        except ValueError as exc:
            self.ctl.say(_("These holdings cannot be tallied: {error}").format(error=exc), "bad")
            return
        self.view = "table"
        if self.result["warnings"]:
            self.ctl.say(_("Counts no real game reaches (the maxima apply): {warnings}").format(
                warnings="; ".join(self.result["warnings"])), "bad")
        else:
            self.ctl.say("")

    def _rename(self, i: int, name: str) -> None:
        if name.strip():
            self.players[i]["name"] = name.strip()[:16]
        self.invalidate()

    def back(self) -> bool:
        if self.result is None:
            return False
        self.result = None
        return True


def _god_swatch(god: str):
    def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, GOD_RGB[god], rect, border_radius=4)
    return paint


def _good_swatch(good: str):
    def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
        good_cell(surface, rect, good)
    return paint
