"""The tally (C-GOD, C-END-4) as players check it: a table of each god's VP per player, a bar
chart per god whose segments are the cards and whose ticks are the units counted, and each
player's page with each god's working (count × value × cards) in words. The same views show a game
the companion kept (:class:`FinalScreen`) and a quick tally entered by hand (``quick.py``).
"""

from __future__ import annotations

from typing import Any

import pygame

from firmware_host.engine.concordia.board import ConcordiaBoard
from firmware_host.i18n import _

from .. import text, theme
from ..ui import Button, shared_widths
from . import names
from .common import CHART_RGB, GOD_RGB, GOLD, GREEN, PLAYER_RGB, TOP, ConcordiaScreen, chip, ink, text_fill

AREA = pygame.Rect(12, TOP + 46, theme.WIDTH - 24, theme.CONTENT_BOTTOM - TOP - 112)
TABS_Y = theme.CONTENT_BOTTOM - 58


def shown_rows(result: dict[str, Any]) -> list[str]:
    """The tally's rows: every god and the Concordia card; the score track only when a player
    has points on it (nothing scores during a kept game, C-NIS-11)."""
    rows = [line["god"] for line in result["players"][0]["lines"]] if result["players"] else []
    return [g for g in rows if g != "track" or any(p["lines"][rows.index(g)]["vp"] for p in result["players"])]


def line_of(player: dict[str, Any], god: str) -> dict[str, Any]:
    return next(line for line in player["lines"] if line["god"] == god)


def working(board: ConcordiaBoard, line: dict[str, Any], width: int = 0) -> str:
    """A cell's working, short: ``9×1 ×3``, ``(17+23)/10=4 ×1``, ``Farmer 4×3 + Weaver 1×5``
    (``4×3 + 1×5`` when the names do not fit ``width`` px at the table's size)."""
    god = line["god"]
    if god == "vesta":
        base = f"({line['money']}+{line['goods_value']})"
        return f"{base}/{board.vesta_per}={line['per_card']} ×{line['cards']}" if line["vp"] or line["cards"] \
            else f"– {base}"
    if god == "minerva":
        numbers = [f"{p['count']}×{p['value']}" + (f" ×{p['cards']}" if p["cards"] > 1 else "") for p in line["parts"]]
        named = " + ".join(f"{names.card(board, p['card'])} {n}" for p, n in zip(line["parts"], numbers))
        if width and text.measure(named, 12) > width:
            return " + ".join(numbers)
        return named or "–"
    if god == "concordia":
        return "✓" if line["cards"] else "–"
    if god == "track":
        return ""
    if not line["cards"]:
        return f"– ({line['count']})"
    capped = f"→{line['cap']}" if line["capped"] else ""
    return f"{line['count']}×{line['value']}{capped} ×{line['cards']}"


def working_long(board: ConcordiaBoard, line: dict[str, Any]) -> str:
    """A line's working in words, for one player's page."""
    god = line["god"]
    if god == "vesta":
        return _("{money} cash + {goods} in goods = {total}: {tens} per card × {cards}").format(
            money=line["money"], goods=line["goods_value"], total=line["count"], tens=line["per_card"],
            cards=names.cards(line["cards"]))
    if god == "minerva":
        return " + ".join(_("{card}: {n} cities × {value}").format(card=names.card(board, p["card"]), n=p["count"],
                                                                     value=p["value"])
                          + (f" × {names.cards(p['cards'])}" if p["cards"] > 1 else "") for p in line["parts"]) \
            or _("no specialist")
    if god == "concordia":
        return _("holds the Concordia card") if line["cards"] else _("not held")
    if god == "track":
        return _("points on the score track")
    cap = _(" (max {cap})").format(cap=line["cap"]) if line["capped"] else ""
    return _("{count} {unit} × {value}{cap} = {per} per card × {cards}").format(
        count=line["count"], unit=_(names.GOD_UNIT[god]), value=line["value"], cap=cap, per=line["per_card"],
        cards=names.cards(line["cards"]))


def _readable(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """``rgb`` lightened until text in it reads on the background (WCAG AA, 4.5:1)."""
    while theme.contrast(rgb, theme.BG) < theme.MIN_CONTRAST:
        rgb = tuple(min(255, c + (255 - c) // 5 + 1) for c in rgb)  # type: ignore[assignment]
    return rgb


def segments(line: dict[str, Any]) -> list[tuple[int, int]]:
    """A line's VP cut into cards: ``(vp of that card, VP per unit counted)`` per card."""
    god = line["god"]
    if god == "minerva":
        return [(p["count"] * p["value"], p["value"]) for p in line["parts"] for _k in range(p["cards"])]
    if god == "concordia":
        return [(line["vp"], line["vp"])] if line["vp"] else []
    if god == "track":
        return [(line["vp"], 1)] if line["vp"] else []
    if god == "vesta":
        times = line["vp"] // line["per_card"] if line["per_card"] else 0
        return [(line["per_card"], 1)] * times
    return [(line["per_card"], line["value"])] * line["cards"]


class TallyView:
    """Paints a tally result: ``board`` the parsed board data, ``result`` from
    :func:`~firmware_host.engine.concordia.tally.tally`, ``colours`` the players' colours."""

    def __init__(self, board: ConcordiaBoard, result: dict[str, Any], colours: list[str]) -> None:
        self.board = board
        self.result = result
        self.colours = colours

    def title(self) -> str:
        r = self.result
        if r["winner"] is None:
            return _("Tie for first: say who holds the Praefectus Magnus (C-END-4)")
        w = r["players"][r["winner"]]
        return _("{player} wins with {vp} VP").format(player=w["name"], vp=w["total"])

    def sub(self) -> str:
        r = self.result
        if r["tie_break"] and r["winner"] is not None:
            return _("Tie on {vp} VP: the Praefectus Magnus decides (C-END-4, C-AMB-6).").format(
                vp=r["players"][r["winner"]]["total"])
        return ""

    def heading(self, surface: pygame.Surface, area: pygame.Rect, x: int, w: int, i: int) -> None:
        p = self.result["players"][i]
        colour = text_fill(PLAYER_RGB.get(self.colours[i], theme.MUTED))
        r = pygame.Rect(x + 3, area.y, w - 6, 28)
        chip(surface, r, colour)
        text.draw(surface, p["name"], r.center, 18, ink(colour), "center", bold=True, max_width=w - 12, min_size=16,
                  role="detail")

    def paint_table(self, surface: pygame.Surface, area: pygame.Rect = AREA) -> None:
        """One row per god, one column per player: the VP of each, the totals under them.
        The working (count × value × cards) is on each player's page: in a cell of a
        5-player table it could only be drawn too small to read across the table."""
        r = self.result
        rows = shown_rows(r)
        n = len(r["players"])
        label_w = 172
        col_w = (area.width - label_w) // max(1, n)
        for i in range(n):
            self.heading(surface, area, area.x + label_w + i * col_w, col_w, i)
        row_h = min(34, (area.height - 32 - 36) // max(1, len(rows)))
        y = area.y + 32
        for god in rows:
            pygame.draw.rect(surface, GOD_RGB[god], (area.x, y + 4, 6, row_h - 8), border_radius=2)
            text.draw(surface, _(names.GOD[god]), (area.x + 12, y + row_h // 2), 18, theme.TEXT, "midleft",
                      max_width=label_w - 14, min_size=16, role="detail")
            for i, p in enumerate(r["players"]):
                line = line_of(p, god)
                cx = area.x + label_w + i * col_w + col_w // 2
                text.draw(surface, str(line["vp"]) if line["vp"] or line["cards"] else "–", (cx, y + row_h // 2),
                          20, theme.TEXT if line["vp"] else theme.MUTED, "center", bold=True)
            y += row_h
            pygame.draw.line(surface, theme.PANEL_HI, (area.x, y), (area.right, y))
        pygame.draw.line(surface, theme.LINE, (area.x, y + 1), (area.right, y + 1), 2)
        text.draw(surface, _("Total"), (area.x + 12, y + 19), 20, theme.TEXT, "midleft", bold=True)
        ranks = {i: k for k, i in enumerate(r["ranking"], start=1)}
        for i, p in enumerate(r["players"]):
            cx = area.x + label_w + i * col_w + col_w // 2
            text.draw(surface, str(p["total"]), (cx - 4, y + 19), 24, GOLD, "midright", bold=True)
            text.draw(surface, _("#{n}").format(n=ranks[i]), (cx + 2, y + 21), 16, theme.MUTED, "midleft",
                      role="detail")

    def paint_chart(self, surface: pygame.Surface, area: pygame.Rect = AREA) -> None:
        """Grouped bars per god: one bar per player, cut into its cards (segments) with a tick
        per unit counted, the VP on top; a player checks count × value × cards by eye."""
        r = self.result
        rows = shown_rows(r)
        n = len(r["players"])
        legend_y = area.y
        x = area.x
        for i, p in enumerate(r["players"]):
            colour = CHART_RGB.get(self.colours[i], theme.MUTED)
            pygame.draw.rect(surface, colour, (x, legend_y + 3, 16, 16), border_radius=3)
            rr = text.draw(surface, p["name"], (x + 20, legend_y), 18, theme.TEXT, max_width=130, min_size=16,
                           role="detail")
            x = rr.right + 14
        text.draw(surface, _("segment = one card · tick = one unit counted"), (area.x, legend_y + 24), 14,
                  theme.MUTED, max_width=area.width, role="caption", min_size=14)
        plot = pygame.Rect(area.x, area.y + 62, area.width, area.height - 100)
        top = max([line["vp"] for p in r["players"] for line in p["lines"] if line["god"] in rows] + [10])
        group_w = plot.width / max(1, len(rows))
        bar_w = max(6, int((group_w - 16) / max(1, n)) - 3)
        pygame.draw.line(surface, theme.LINE, (plot.x, plot.bottom), (plot.right, plot.bottom), 2)
        for g, god in enumerate(rows):
            gx = plot.x + g * group_w + 8
            for k, word in enumerate(text.wrap(_(names.GOD[god]), 14, int(group_w) - 4)[:2]):
                text.draw(surface, word, (int(gx + (group_w - 16) / 2), plot.bottom + 4 + 17 * k), 14,
                          _readable(GOD_RGB[god]), "midtop", max_width=int(group_w) - 4, min_size=14, role="caption")
            for i, p in enumerate(r["players"]):
                line = line_of(p, god)
                bx = int(gx + i * (bar_w + 3))
                colour = CHART_RGB.get(self.colours[i], theme.MUTED)
                y = plot.bottom
                for vp, unit in segments(line):
                    h = vp / top * (plot.height - 18)
                    seg = pygame.Rect(bx, int(y - h), bar_w, max(1, int(round(h))))
                    pygame.draw.rect(surface, colour, seg)
                    pygame.draw.rect(surface, theme.BG, seg, 1)
                    step = unit / top * (plot.height - 18)
                    if step >= 3 and vp > unit:
                        for k in range(1, vp // unit):
                            ty = int(y - k * step)
                            pygame.draw.line(surface, theme.BG, (bx, ty), (bx + bar_w // 3, ty))
                    y -= h
                if line["vp"]:              # the figures are in the table: here a caption over the bar
                    text.draw(surface, str(line["vp"]), (bx + bar_w // 2, int(y) - 1), 14, theme.TEXT, "midbottom",
                              role="caption")

    def paint_player(self, surface: pygame.Surface, i: int, area: pygame.Rect = AREA) -> None:
        """One player's lines: each god's VP and its working in words (the tab says whose)."""
        r = self.result
        p = r["players"][i]
        rows = shown_rows(r)
        place = r["ranking"].index(i) + 1
        chip(surface, pygame.Rect(area.x, area.y + 2, 14, 22), PLAYER_RGB.get(self.colours[i], theme.MUTED), 3)
        text.draw(surface, _("{player}: {vp} VP, place {n}").format(player=p["name"], vp=p["total"], n=place),
                  (area.x + 22, area.y), 20, theme.TEXT, bold=True, max_width=area.width - 30, min_size=18)
        y = area.y + 30
        row_h = min(34, (area.height - 30) // max(1, len(rows)))
        name_w = 176
        for god in rows:
            line = line_of(p, god)
            pygame.draw.rect(surface, GOD_RGB[god], (area.x, y + 4, 6, row_h - 8), border_radius=2)
            text.draw(surface, _(names.GOD[god]), (area.x + 12, y + row_h // 2), 18, theme.TEXT, "midleft", bold=True,
                      max_width=name_w - 14, min_size=14, role="detail")
            room = area.width - name_w - 56
            long = working_long(self.board, line)
            if text.measure(long, 14) > room:          # many specialists: the numbers only
                long = working(self.board, line)
            text.draw(surface, long, (area.x + name_w, y + row_h // 2), 18, theme.MUTED, "midleft", max_width=room,
                      min_size=14, role="detail")
            text.draw(surface, str(line["vp"]), (area.right, y + row_h // 2), 22, theme.ACCENT, "midright", bold=True)
            y += row_h

    def tabs(self, view: str, extra: int = 138) -> list[Button]:
        """``view:table``, ``view:chart`` and one ``view:player:<i>`` per player."""
        pictures = {"view:table": (_("Tally"), _table_icon), "view:chart": (_("Chart"), _chart_icon)}
        tabs = [(f"view:player:{i}", p["name"]) for i, p in enumerate(self.result["players"])]
        # the table and the chart as pictures (their names would take the players' room)
        room = theme.WIDTH - 24 - 8 * (len(tabs) + 2) - extra - 2 * 60
        out = []
        x = 12
        for wid, (label, icon) in pictures.items():
            out.append(Button(wid, pygame.Rect(x, TABS_Y, 60, 52), sub=label, icon=icon,
                              selected=wid == f"view:{view}"))
            x += 68
        # each tab as wide as its label at 18 px; when they do not all fit, the narrow ones keep
        # their width and the wide ones share what is left (water-filling); room to spare is
        # shared alike
        widths = shared_widths([max(theme.MIN_TARGET, text.measure(label, 18, True) + 16) for _wid, label in tabs],
                               room)
        for (wid, label), w in zip(tabs, widths):
            out.append(Button(wid, pygame.Rect(x, TABS_Y, w, 52), label, selected=wid == f"view:{view}", size=18))
            x += w + 8
        return out

    def paint(self, surface: pygame.Surface, view: str) -> None:
        if view == "table":
            self.paint_table(surface)
        elif view == "chart":
            self.paint_chart(surface)
        else:
            self.paint_player(surface, int(view.split(":")[1]))


class FinalScreen(ConcordiaScreen):
    """C-END-4 and C-GOD: the tally of the game just kept, with the winner and the tie-break."""

    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        self.view = "table"
        self.tally = TallyView(self.board, self.s.final, [p.colour for p in self.s.players])

    def build(self) -> list[Button]:
        out = self.tally.tabs(self.view)
        out.append(Button("new", pygame.Rect(theme.WIDTH - 142, TABS_Y, 130, 52), _("New game"), fill=GREEN, size=18))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        title = self.tally.title()
        text.draw(surface, title, (12, TOP + 4), 24, theme.ACCENT, bold=True, max_width=theme.WIDTH - 24, min_size=18)
        sub = self.tally.sub()
        if sub:
            text.draw(surface, sub, (12, TOP + 30), 18, theme.TEXT, max_width=theme.WIDTH - 24, min_size=16,
                      role="detail")
        self.tally.paint(surface, self.view)

    def press(self, wid: str) -> None:
        if wid.startswith("view:"):
            self.view = wid[5:]
            self.invalidate()
        elif wid == "new":
            self.ctl.close_game()


def _table_icon(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The tally table's tab: a grid of rows and columns."""
    r = pygame.Rect(0, 0, 30, 24)
    r.center = rect.center
    pygame.draw.rect(surface, theme.TEXT, r, 2, border_radius=2)
    for k in (1, 2):
        y = r.y + k * r.height // 3
        pygame.draw.line(surface, theme.TEXT, (r.x, y), (r.right - 1, y), 2)
    pygame.draw.line(surface, theme.TEXT, (r.x + 10, r.y), (r.x + 10, r.bottom - 1), 2)


def _chart_icon(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The chart's tab: three bars on a base line."""
    base = rect.centery + 12
    for k, h in enumerate((12, 22, 16)):
        pygame.draw.rect(surface, theme.TEXT, (rect.centerx - 14 + k * 10, base - h, 7, h))
    pygame.draw.line(surface, theme.TEXT, (rect.centerx - 17, base), (rect.centerx + 17, base), 2)
