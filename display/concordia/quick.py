"""The quick tally: a Concordia game the companion did not keep, tallied from what each
player holds at the end (C-GOD, C-END-4), then shown as the same tally as a kept game.
Reached from the home screen; nothing is journaled.

Entry is by number pad (issue 13: a 3-player tally in at most 60 taps, was 214 with + and −):
one seat at a time, every count on one page. A tap on a box chooses it and the pad types its
number; a box whose number cannot take another digit (at most 9 houses of a good...) moves
on to the next box by itself (as does a 0), in the order players count: cards by god, houses by good,
provinces, colonists, sestertii. The few things a player holds one by one, specialists and
goods in the storehouse, are tapped once each (a tap adds one). The Vesta box is filled in:
every player holds the one Vesta card, the starting Senator (C-NIS-3; no market card is
Vesta's), and the other gods' boxes start at the starting hand. Map, options, names and the
score track are on the Game page.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from firmware_host.data import load
from firmware_host.engine.concordia.board import board_for
from firmware_host.engine.concordia.tally import PER_CARD_GODS, _market, _per_player, quick_tally
from firmware_host.engine.core import Phrase
from firmware_host.i18n import _

from .. import text, theme
from ..keyboard import KeyboardScreen
from ..ui import Button, ConfirmScreen, Screen, column, draw_label
from . import names
from .common import GOD_RGB, GOOD_RGB, GREEN, colour_button
from .final import TABS_Y, TallyView

# Layout (800x480): seats under the top bar, the boxes of one seat at the left, the pad at the
# right. Boxes are 60 px high: a name at 18 px over its number at 24 px (room for the taller
# Chinese and Persian faces).
SEATS_Y = theme.TOP_BAR + 4
ROWS_Y = SEATS_Y + 56
ROW_H, ROW_GAP = 60, 4
LABEL_W = 88                       # the row names (Cards, Houses...)
CELLS_X = 8 + LABEL_W + 6
CELL_W, CELL_GAP = 88, 6
GRID_RIGHT = CELLS_X + 5 * CELL_W + 4 * CELL_GAP
PAD_X = GRID_RIGHT + 8
KEY_W = (theme.WIDTH - 8 - PAD_X - 2 * 6) // 3
KEY_H = 48

MAX_SEATS = 5

#: the counts typed in one after another (the order of the boxes on screen); a seat's entry
#: starts at the first. Vesta is not among them: it is always 1 (module docstring).
FLOW = ("cards.jupiter", "cards.saturnus", "cards.mercurius", "cards.mars",
        "houses.brick", "houses.food", "houses.tools", "houses.wine", "houses.cloth",
        "provinces", "colonists", "money")


class QuickTallyScreen(Screen):
    """Holdings per seat, typed on a number pad, then the tally (``quick_tally``). Draft
    only: the screen holds what has been entered until it is closed.

    ``players[i]["counts"]`` maps a box (``cards.<god>``, ``spec.<card>``, ``houses.<good>``,
    ``goods.<good>``, ``provinces``, ``colonists``, ``money``, ``vp``) to its count; ``focus``
    is the box the pad types into, ``fresh`` whether the next digit replaces its number (the
    box was just chosen) rather than appending to it."""

    chrome = False

    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        self.data = load("concordia")
        self.board = board_for(self.data)
        self.colours = list(self.board.player_colours)
        self.players: list[dict[str, Any]] = [self.blank(i) for i in range(2)]
        self.current = 0
        self.page = "entry"
        self.focus = FLOW[0]
        self.fresh = True
        self.map = "imperium"
        self.vesta_per_card = True
        self.passes = "right"
        self.result: dict[str, Any] | None = None
        self.view = "table"
        self.keep_entries("current", "page", "view", "focus", "fresh")

    def discard_question(self) -> str:
        """Closing throws the tally away (nothing is journaled): ask once if anything was
        entered or tallied."""
        return _("Discard this tally?") if self.entries_changed() else ""

    def blank(self, i: int) -> dict[str, Any]:
        """Seat ``i`` before anything is typed: the starting hand's cards (C-NIS-3), nothing else."""
        b = self.board
        start = {g: 0 for g in PER_CARD_GODS}
        for card, k in b.start_hand.items():
            if b.cards[card].god in start:
                start[b.cards[card].god] += k
        counts = {f"cards.{g}": start[g] for g in PER_CARD_GODS}
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

    # ---------------------------------------------------------------- what a box may hold

    def most(self, key: str) -> int:
        """The largest count box ``key`` can hold on this map with this many seats: what
        ``quick_tally`` accepts (cards a player can hold, cities of a good, provinces, the
        6 colonists, the 12 storehouse spaces, the copies of a specialist)."""
        b = self.board
        kind, _sep, what = key.partition(".")
        n = max(2, len(self.players))
        if kind == "cards":                      # seats may still be added: the most any table allows
            return _per_player(b, MAX_SEATS).get(what, 0)
        if kind == "houses":
            return sum(tokens[what] for tokens in b.maps[self.map].tokens.values())
        if kind == "spec":
            return _market(b, n)[what]
        if kind == "goods":
            return b.capacity
        return {"provinces": len(b.maps[self.map].provinces), "colonists": b.colonists_per_kind * len(b.colonist_kinds),
                "money": 9999, "vp": 999}[key]

    def title(self, key: str) -> str:
        """A box's name (translated)."""
        kind, _sep, what = key.partition(".")
        if kind == "cards":
            return _(names.GOD[what])
        if kind == "spec":
            return names.card(self.board, what)
        if kind in ("houses", "goods"):
            return names.good(what)
        return {"provinces": _("Provinces with a house"), "colonists": _("Colonists on the map"),
                "money": _("Sestertii"), "vp": _("Score track")}[key]

    # ---------------------------------------------------------------- widgets

    def top_bar(self) -> tuple[tuple[pygame.Rect, pygame.Rect, pygame.Rect], int]:
        """The entry's Game/Counts, Back and Tally buttons, from the right edge of the top bar,
        each 110 px or as wide as its label at 20 px ("Összesítés" whole, not hyphenated), and
        the x where they start (the title stops short of it)."""
        labels = (_("Game") if self.page == "entry" else _("Counts"), _("Back"), _("Tally"))
        right = theme.WIDTH - 8
        rects = []
        for label in reversed(labels):
            w = max(110, text.measure(label, 20, True) + 20)
            rects.append(pygame.Rect(right - w, 2, w, 48))
            right -= w + 8
        page, close, tally = reversed(rects)
        return (page, close, tally), page.x

    def build(self) -> list[Button]:
        if self.result is not None:
            view = TallyView(self.board, self.result, self.colours)
            out = view.tabs(self.view)
            out.append(Button("edit", pygame.Rect(theme.WIDTH - 142, TABS_Y, 130, 52), _("Change"), size=20))
            out.append(Button("close", pygame.Rect(theme.WIDTH - 112, 2, 104, 48), _("Close"), size=20))
            return out
        (page, close, tally), _left = self.top_bar()
        out = [Button("page:game" if self.page == "entry" else "page:entry", page,
                      _("Game") if self.page == "entry" else _("Counts"), size=20),
               Button("close", close, _("Back"), size=20),
               Button("tally", tally, _("Tally"), fill=GREEN, size=20)]
        out += self.seat_buttons()
        out += self.entry_buttons() if self.page == "entry" else self.game_buttons()
        return out

    def seat_buttons(self) -> list[Button]:
        """One tab per seat (the seat whose boxes show is outlined), − drops the last seat,
        + adds one and shows it."""
        n = len(self.players)
        w = min(150, (theme.WIDTH - 16 - 2 * 62 - 6 * n) // n)
        out = []
        for i, p in enumerate(self.players):
            out.append(colour_button(f"player:{i}", pygame.Rect(8 + i * (w + 6), SEATS_Y, w, 50), self.colours[i],
                                     p["name"], selected=i == self.current, size=18))
        x = 8 + n * (w + 6)
        out.append(Button("remove", pygame.Rect(x, SEATS_Y, 56, 50), "−", enabled=n > 2, size=24,
                          reason=_("Concordia is for 2 to 5 players.")))
        out.append(Button("add", pygame.Rect(x + 62, SEATS_Y, 56, 50), "+", enabled=n < MAX_SEATS, size=24,
                          reason=_("Concordia is for 2 to 5 players.")))
        return out

    @staticmethod
    def cell(row: int, col: int, span: int = 1) -> pygame.Rect:
        """Box ``col`` (of 5) in row ``row`` of the entry page; ``span`` boxes wide."""
        return pygame.Rect(CELLS_X + col * (CELL_W + CELL_GAP), ROWS_Y + row * (ROW_H + ROW_GAP),
                           span * CELL_W + (span - 1) * CELL_GAP, ROW_H)

    def cells(self) -> list[tuple[str, pygame.Rect, str, tuple[int, int, int] | None]]:
        """Every box of the entry page: ``(key, rect, kind, colour)``; ``kind`` is ``"type"``
        (chosen, then typed) or ``"add"`` (a tap adds one)."""
        b = self.board
        out: list[tuple[str, pygame.Rect, str, tuple[int, int, int] | None]] = []
        for k, g in enumerate(PER_CARD_GODS):
            out.append((f"cards.{g}", self.cell(0, k), "type", GOD_RGB[g]))
        for k, g in enumerate(b.goods):
            out.append((f"houses.{g}", self.cell(1, k), "type", GOOD_RGB[g]))
        wide = (GRID_RIGHT - 8 - 2 * 6) // 3
        y = ROWS_Y + 2 * (ROW_H + ROW_GAP)
        for k, key in enumerate(("provinces", "colonists", "money")):
            out.append((key, pygame.Rect(8 + k * (wide + 6), y, wide, ROW_H), "type", None))
        for k, s in enumerate(b.specialists):
            out.append((f"spec.{s}", self.cell(3, k), "add", GOOD_RGB[b.specialists[s].good]))
        for k, g in enumerate(b.goods):
            out.append((f"goods.{g}", self.cell(4, k), "add", GOOD_RGB[g]))
        return out

    def entry_buttons(self) -> list[Button]:
        p = self.players[self.current]
        out = [self.box(key, rect, kind, colour) for key, rect, kind, colour in self.cells()]
        keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "del", "0", "next"]
        for k, key in enumerate(keys):
            r = pygame.Rect(PAD_X + (k % 3) * (KEY_W + 6), ROWS_Y + (k // 3) * (KEY_H + 5), KEY_W, KEY_H)
            if key == "del":
                out.append(Button("pad:del", r, icon=_backspace))
            elif key == "next":
                out.append(Button("pad:next", r, icon=_next_arrow, sub=_("Next")))
            else:
                out.append(Button(f"pad:{key}", r, key, size=26))
        y = ROWS_Y + 4 * (KEY_H + 5)
        for k, (flag, label) in enumerate((("concordia", _("Concordia card")),
                                           ("praefectus", _("Praefectus Magnus")))):
            held = p[flag]
            out.append(Button(f"toggle:{flag}", pygame.Rect(PAD_X, y + k * 53, theme.WIDTH - 8 - PAD_X, 48),
                              label, selected=held, fill=(96, 80, 36) if held else None, size=18))
        return out

    def box(self, key: str, rect: pygame.Rect, kind: str, colour: tuple[int, int, int] | None) -> Button:
        """The box of ``key`` on the entry page: its name over its count."""
        value = self.players[self.current]["counts"][key]
        focused = key == self.focus
        title = self.title(key)

        def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
            r = r.inflate(8, 8)
            pygame.draw.rect(surface, theme.PANEL_HI if focused else theme.BUTTON, r, border_radius=8)
            if colour is not None:
                band = pygame.Rect(r.x, r.y, r.width, 7)
                pygame.draw.rect(surface, colour, band, border_top_left_radius=8, border_top_right_radius=8)
            if focused:
                pygame.draw.rect(surface, theme.SELECTED, r, 3, border_radius=8)
            shown = str(value)
            figure = theme.ACCENT if value else theme.MUTED
            if r.width > 2 * CELL_W:             # a wide box: its name at the left, its count at the right
                room = 16 * min(3, len(str(self.most(key)))) + 20     # sestertii: 3 digits, more still drawn
                draw_label(surface, title, pygame.Rect(r.x + 4, r.y + 4, r.width - room - 4, r.height - 8), 18,
                           theme.TEXT, bold=False, min_size=18)
                text.draw(surface, shown, (r.right - 12, r.centery + 3), 28, figure, "midright", bold=True)
                return
            # the name is also told by the row and the colour band: it may shrink to 14 px
            text.draw(surface, title, (r.centerx, r.y + 6), 18, theme.TEXT, "midtop", max_width=r.width - 6,
                      min_size=14, role="detail")
            text.draw(surface, shown, (r.centerx, r.bottom - 1), 24, figure, "midbottom", bold=True)
            if kind == "add":                    # a tap adds one
                text.draw(surface, "+", (r.right - 8, r.bottom - 6), 20, theme.MUTED, "bottomright", bold=True,
                          role="detail")
        return Button(f"box:{key}", rect, sub=title, icon=paint, frame=False, selected=focused)

    def game_buttons(self) -> list[Button]:
        left = column(pygame.Rect(8, ROWS_Y, 384, 0), 5, 52, 8)
        right = column(pygame.Rect(408, ROWS_Y, theme.WIDTH - 416, 0), 5, 52, 8)
        out = []
        for k, m in enumerate(("imperium", "italia")):
            r = left[0]
            half = (r.width - 8) // 2
            out.append(Button(f"map:{m}", pygame.Rect(r.x + k * (half + 8), r.y, half, r.height), _(names.MAP[m]),
                              selected=m == self.map, size=20))
        out.append(Button("vesta", left[1], _("Vesta: scores per Vesta card") if self.vesta_per_card
                          else _("Vesta: scores once"), size=18))
        out.append(Button("passes", left[2], _("Praefectus Magnus passes to the right") if self.passes == "right"
                          else _("Praefectus Magnus passes to the left"), size=18))
        out.append(Button("rename", right[0], _("Rename {player}").format(player=self.players[self.current]["name"]),
                          size=18))
        track = right[1]
        out.append(Button("vp:-1", pygame.Rect(track.right - 118, track.y, 56, track.height), "−", size=24))
        out.append(Button("vp:+1", pygame.Rect(track.right - 56, track.y, 56, track.height), "+", size=24))
        return out

    # ---------------------------------------------------------------- drawing

    def paint(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.PANEL, (0, 0, theme.WIDTH, theme.TOP_BAR))
        if self.result is not None:
            view = TallyView(self.board, self.result, self.colours)
            text.draw(surface, _("Quick tally · {map}").format(map=_(names.MAP[self.map])), (12, 14), 22, theme.TEXT,
                      bold=True, max_width=theme.WIDTH - 140)
            text.draw(surface, view.title(), (12, theme.CONTENT_TOP + 6), 24, theme.ACCENT, bold=True,
                      max_width=theme.WIDTH - 24)
            sub = view.sub()
            if sub:
                text.draw(surface, sub, (12, theme.CONTENT_TOP + 34), 16, theme.MUTED, max_width=theme.WIDTH - 24,
                          role="detail")
            view.paint(surface, self.view)
            return
        text.draw(surface, _("Concordia quick tally"), (12, theme.TOP_BAR // 2), 22, theme.TEXT, "midleft", bold=True,
                  max_width=self.top_bar()[1] - 24, min_size=18)
        if self.page == "game":
            self._paint_game(surface)
            return
        rows = (_("Cards"), _("Houses"), "", _("Specialists"), _("Goods"))
        for k, label in enumerate(rows):
            if label:
                r = pygame.Rect(8, ROWS_Y + k * (ROW_H + ROW_GAP), LABEL_W, ROW_H)
                draw_label(surface, label, r, 18, theme.MUTED, bold=False, min_size=18)

    def _paint_game(self, surface: pygame.Surface) -> None:
        track = pygame.Rect(408, ROWS_Y + 60, theme.WIDTH - 416 - 124, 52)
        text.draw(surface, _("Score track: {vp}").format(vp=self.players[self.current]["counts"]["vp"]),
                  (track.x + 4, track.centery), 20, theme.TEXT, "midleft", bold=True, max_width=track.width - 8,
                  min_size=18)
        area = pygame.Rect(408, ROWS_Y + 2 * 60, theme.WIDTH - 416, theme.CONTENT_BOTTOM - ROWS_Y - 2 * 60 - 4)
        text.draw_block(surface, _("Count what each player holds at the end: hand and discard pile together. "
                                   "Enter the players clockwise from the start player: the Praefectus Magnus "
                                   "decides a tie by seat order (C-END-4)."), area, 18, theme.MUTED, min_size=18)

    # ---------------------------------------------------------------- input

    def press(self, wid: str) -> None:
        kind, _sep, value = wid.partition(":")
        p = self.players[self.current]
        if kind == "pad":
            self.pad(value)
        elif kind == "box":
            self.choose(value)
        elif kind == "vp":
            p["counts"]["vp"] = max(-999, min(999, p["counts"]["vp"] + int(value)))
        elif kind == "toggle":
            held = not p[value]
            for q in self.players:          # one Concordia card, one Praefectus Magnus
                q[value] = False
            p[value] = held
        elif kind == "player":
            self.seat(int(value))
        elif wid == "add" and len(self.players) < MAX_SEATS:
            self.players.append(self.blank(len(self.players)))
            self.seat(len(self.players) - 1)
        elif wid == "remove" and len(self.players) > 2:
            self.remove_last()
            return
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

    def seat(self, i: int) -> None:
        """Show seat ``i``'s boxes, the pad on its first count."""
        self.current = i
        self.focus, self.fresh = FLOW[0], True
        self.page = "entry"

    def remove_last(self) -> None:
        """Drop the last seat; if anything was typed for it, ask once first (no silent loss)."""
        last = self.players[-1]

        def drop() -> None:
            self.players.pop()
            if self.current >= len(self.players):
                self.seat(len(self.players) - 1)
            self.invalidate()
        if last != self.blank(len(self.players) - 1):
            self.ctl.push(ConfirmScreen(self.ctl, _("Remove {player} and their counts?").format(player=last["name"]),
                                        drop))
        else:
            drop()

    def choose(self, key: str) -> None:
        """A tap on a box: the pad types into it; a box of things held one by one (a
        specialist, a good in the storehouse) also counts one more."""
        self.focus, self.fresh = key, True
        if key.split(".")[0] not in ("spec", "goods"):
            return
        counts = self.players[self.current]["counts"]
        if key.startswith("spec."):
            card = key.split(".")[1]
            held = sum(q["counts"][key] for q in self.players)
            if held >= self.most(key):
                if counts[key]:                  # the only copy is this seat's: a second tap takes it back
                    counts[key] -= 1
                    return
                self.ctl.say(_("The game has {n} {card} card, held already.").format(
                    n=self.most(key), card=names.card(self.board, card)), "bad")
                return
        elif sum(counts[f"goods.{g}"] for g in self.board.goods) >= self.board.capacity:
            self.ctl.say(_("The storehouse holds {n} goods.").format(n=self.board.capacity), "bad")
            return
        counts[key] += 1
        self.ctl.say("")

    def pad(self, key: str) -> None:
        """A key of the number pad: a digit types into the chosen box (the first after choosing
        replaces its number) and moves on when the box can take no further digit; ``del``
        takes the last digit off; ``next`` moves on."""
        counts = self.players[self.current]["counts"]
        box = self.focus
        if key == "next":
            self.advance()
            return
        if key == "del":
            counts[box] //= 10
            self.fresh = False
            return
        digit = int(key)
        new = digit if self.fresh else counts[box] * 10 + digit
        most = self.most(box)
        if new > most:
            self.ctl.say(_("{box}: at most {n}.").format(box=self.title(box), n=most), "bad")
            return
        counts[box] = new
        self.fresh = False
        self.ctl.say("")
        if box in FLOW and (new == 0 or new * 10 > most):    # no number starts with 0: a 0 is the count
            self.advance()

    def advance(self) -> None:
        """The pad moves to the next box of the count order; after the last, to the next seat."""
        if self.focus in FLOW and self.focus != FLOW[-1]:
            self.focus, self.fresh = FLOW[FLOW.index(self.focus) + 1], True
        elif self.current + 1 < len(self.players):
            self.seat(self.current + 1)
        else:
            self.fresh = True

    def tally(self) -> None:
        try:
            self.result = quick_tally(self.data, self.holdings())
        except ValueError as exc:
            self.ctl.say(_("These holdings cannot be tallied: {error}").format(error=exc), "bad")
            return
        self.view = "table"
        if self.result["warnings"]:
            self.ctl.say(_("Counts no real game reaches (the maxima apply): {warnings}").format(
                warnings="; ".join(w.text(_) if isinstance(w, Phrase) else w for w in self.result["warnings"])), "bad")
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


def _backspace(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The pad's delete key: a key cap pointing left with a cross (a picture, not a glyph a
    font may lack)."""
    cx, cy = rect.center
    w, h = 34, 22
    pts = [(cx - w // 2, cy), (cx - w // 2 + 10, cy - h // 2), (cx + w // 2, cy - h // 2),
           (cx + w // 2, cy + h // 2), (cx - w // 2 + 10, cy + h // 2)]
    pygame.draw.polygon(surface, theme.TEXT, pts, 2)
    for dx in (-1, 1):
        pygame.draw.line(surface, theme.TEXT, (cx + 2 - 5, cy - 5 * dx), (cx + 2 + 5, cy + 5 * dx), 2)


def _next_arrow(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The pad's Next key: an arrow the way the boxes are read (a picture: "Következő" is
    wider than the key at 18 px)."""
    cx, cy = rect.center
    d = 1                       # a mirrored screen flips the picture: right to left, it points left
    pygame.draw.line(surface, theme.TEXT, (cx - 14 * d, cy), (cx + 12 * d, cy), 4)
    pygame.draw.polygon(surface, theme.TEXT, [(cx + 16 * d, cy), (cx + 4 * d, cy - 11), (cx + 4 * d, cy + 11)])
