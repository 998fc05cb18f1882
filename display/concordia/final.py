"""The tally (C-GOD, C-END-4) as players check it: a table with each god's working (count ×
value × cards) under its VP, a bar chart per god whose segments are the cards and whose
ticks are the units counted, and each player's lines in words. The same views show a game
the companion kept (:class:`FinalScreen`) and a quick tally entered by hand (``quick.py``).
"""

from __future__ import annotations

from typing import Any

import pygame

from firmware_host.engine.concordia.board import ConcordiaBoard
from firmware_host.i18n import _

from .. import text, theme
from ..ui import Button
from . import names
from .common import CHART_RGB, GOD_RGB, GOLD, GREEN, PLAYER_RGB, TOP, ConcordiaScreen, chip, ink

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
        colour = PLAYER_RGB.get(self.colours[i], theme.MUTED)
        r = pygame.Rect(x + 3, area.y, w - 6, 26)
        chip(surface, r, colour)
        text.draw(surface, p["name"], r.center, 16, ink(colour), "center", bold=True, max_width=w - 12)

    def paint_table(self, surface: pygame.Surface, area: pygame.Rect = AREA) -> None:
        """One row per god, one column per player: the VP and, under it, the working."""
        r = self.result
        rows = shown_rows(r)
        n = len(r["players"])
        label_w = 124
        col_w = (area.width - label_w) // max(1, n)
        for i in range(n):
            self.heading(surface, area, area.x + label_w + i * col_w, col_w, i)
        row_h = min(40, (area.height - 30 - 34) // max(1, len(rows)))
        y = area.y + 30
        for god in rows:
            pygame.draw.rect(surface, GOD_RGB[god], (area.x, y + 4, 6, row_h - 8), border_radius=2)
            text.draw(surface, _(names.GOD[god]), (area.x + 12, y + row_h // 2), 16, theme.TEXT, "midleft",
                      max_width=label_w - 14)
            for i, p in enumerate(r["players"]):
                line = line_of(p, god)
                cx = area.x + label_w + i * col_w + col_w // 2
                text.draw(surface, str(line["vp"]), (cx, y + 1), 17, theme.TEXT if line["vp"] else theme.DIM, "midtop",
                          bold=True)
                text.draw(surface, working(self.board, line, col_w - 6), (cx, y + row_h - 1), 12, theme.MUTED,
                          "midbottom", max_width=col_w - 6)
            y += row_h
            pygame.draw.line(surface, theme.PANEL_HI, (area.x, y), (area.right, y))
        pygame.draw.line(surface, theme.LINE, (area.x, y + 1), (area.right, y + 1), 2)
        text.draw(surface, _("Total"), (area.x + 12, y + 16), 18, theme.TEXT, "midleft", bold=True)
        ranks = {i: k for k, i in enumerate(r["ranking"], start=1)}
        for i, p in enumerate(r["players"]):
            cx = area.x + label_w + i * col_w + col_w // 2
            text.draw(surface, str(p["total"]), (cx - 8, y + 16), 22, GOLD, "midright", bold=True)
            text.draw(surface, _("place {n}").format(n=ranks[i]), (cx - 2, y + 17), 13, theme.MUTED, "midleft")

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
            pygame.draw.rect(surface, colour, (x, legend_y + 3, 14, 14), border_radius=3)
            rr = text.draw(surface, p["name"], (x + 18, legend_y), 14, theme.TEXT, max_width=130)
            x = rr.right + 14
        text.draw(surface, _("segment = one card · tick = one unit counted"), (area.right, legend_y), 13, theme.MUTED,
                  "topright", max_width=max(60, area.right - x - 10))
        plot = pygame.Rect(area.x, area.y + 40, area.width, area.height - 62)
        top = max([line["vp"] for p in r["players"] for line in p["lines"] if line["god"] in rows] + [10])
        group_w = plot.width / max(1, len(rows))
        bar_w = max(6, int((group_w - 16) / max(1, n)) - 3)
        pygame.draw.line(surface, theme.LINE, (plot.x, plot.bottom), (plot.right, plot.bottom), 2)
        for g, god in enumerate(rows):
            gx = plot.x + g * group_w + 8
            text.draw(surface, _(names.GOD[god]), (int(gx + (group_w - 16) / 2), plot.bottom + 4), 13,
                      GOD_RGB[god], "midtop", max_width=int(group_w) - 4)
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
                text.draw(surface, str(line["vp"]), (bx + bar_w // 2, int(y) - 1), 12,
                          theme.TEXT if line["vp"] else theme.DIM, "midbottom")

    def paint_player(self, surface: pygame.Surface, i: int, area: pygame.Rect = AREA) -> None:
        """One player's lines in words, each with its bar cut into cards."""
        r = self.result
        p = r["players"][i]
        rows = shown_rows(r)
        colour = CHART_RGB.get(self.colours[i], theme.MUTED)
        place = r["ranking"].index(i) + 1
        chip(surface, pygame.Rect(area.x, area.y + 2, 14, 20), PLAYER_RGB.get(self.colours[i], theme.MUTED), 3)
        text.draw(surface, _("{player}: {vp} VP, place {n}").format(player=p["name"], vp=p["total"], n=place),
                  (area.x + 22, area.y), 18, theme.TEXT, bold=True, max_width=area.width - 30)
        y = area.y + 28
        row_h = min(34, (area.height - 28 - 30) // max(1, len(rows)))
        top = max([line["vp"] for line in p["lines"]] + [10])
        for god in rows:
            line = line_of(p, god)
            pygame.draw.rect(surface, GOD_RGB[god], (area.x, y + 4, 6, row_h - 8), border_radius=2)
            text.draw(surface, _(names.GOD[god]), (area.x + 12, y + 1), 15, theme.TEXT, bold=True, max_width=118)
            text.draw(surface, working_long(self.board, line), (area.x + 12, y + row_h - 1), 12, theme.MUTED,
                      "bottomleft", max_width=440)
            bx = area.x + 470
            for vp, _unit in segments(line):
                w = int(vp / top * (area.width - 470 - 50))
                seg = pygame.Rect(bx, y + 6, max(1, w), row_h - 12)
                pygame.draw.rect(surface, colour, seg)
                pygame.draw.rect(surface, theme.BG, seg, 1)
                bx += w
            text.draw(surface, str(line["vp"]), (area.right, y + row_h // 2), 17, theme.ACCENT, "midright", bold=True)
            y += row_h
        pygame.draw.line(surface, theme.LINE, (area.x, y + 2), (area.right, y + 2), 2)
        text.draw(surface, _("Total"), (area.x + 12, y + 6), 18, theme.TEXT, bold=True)
        text.draw(surface, str(p["total"]), (area.right, y + 6), 20, GOLD, "topright", bold=True)

    def tabs(self, view: str, extra: int = 150) -> list[Button]:
        """``view:table``, ``view:chart`` and one ``view:player:<i>`` per player."""
        tabs = [("view:table", _("Tally")), ("view:chart", _("Chart"))]
        tabs += [(f"view:player:{i}", p["name"]) for i, p in enumerate(self.result["players"])]
        w = (theme.WIDTH - 24 - 8 * len(tabs) - extra) // len(tabs)
        out = []
        x = 12
        for wid, label in tabs:
            out.append(Button(wid, pygame.Rect(x, TABS_Y, w, 52), label, selected=wid == f"view:{view}", size=15))
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
        out.append(Button("new", pygame.Rect(theme.WIDTH - 162, TABS_Y, 150, 52), _("New game"), fill=GREEN))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        title = self.tally.title()
        text.draw(surface, title, (12, TOP + 6), 22, theme.ACCENT, bold=True, max_width=theme.WIDTH - 24)
        sub = self.tally.sub()
        if sub:
            text.draw(surface, sub, (12, TOP + 32), 13, theme.MUTED, max_width=theme.WIDTH - 24)
        self.tally.paint(surface, self.view)

    def press(self, wid: str) -> None:
        if wid.startswith("view:"):
            self.view = wid[5:]
            self.invalidate()
        elif wid == "new":
            self.ctl.close_game()
