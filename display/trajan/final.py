"""The final tally (T-FINAL): per-player breakdown, each player's lines in detail, and the
score over time."""

from __future__ import annotations

import pygame

from firmware_host.engine.core import N_
from firmware_host.i18n import _

from .. import text, theme
from ..ui import Button, shared_widths
from .common import TrajanScreen

# Breakdown rows: (label, the group of final lines they sum)
ROWS = (
    (N_("Cards in hand"), "hand"),
    (N_("Worker camp"), "worker_camp"),
    (N_("Military camp"), "military_camp"),
    (N_("Trajan tiles on circle"), "circle"),
    (N_("Construction sets"), "construction"),
    (N_("Bonus tiles"), "bonus"),
)


class FinalScreen(TrajanScreen):
    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        self.view = "table"          # table, chart, or player:<i>

    def build(self) -> list[Button]:
        out = []
        x = 12
        tabs = [("view:table", _("Breakdown")), ("view:chart", _("Score chart"))]
        tabs += [(f"view:player:{i}", p.name) for i, p in enumerate(self.s.players)]
        # each tab as wide as its label at 18 px where the row allows ("Pontgrafikon" whole,
        # not hyphenated by the syllable rule, which knows no compound words)
        room = theme.WIDTH - 24 - 8 * len(tabs) - 150
        widths = shared_widths([text.measure(label, 18, True) + 16 for _wid, label in tabs], room)
        for (wid, label), w in zip(tabs, widths, strict=True):
            out.append(Button(wid, pygame.Rect(x, theme.CONTENT_BOTTOM - 56, w, 50), label,
                              selected=wid == f"view:{self.view}", size=18))
            x += w + 8
        out.append(Button("new", pygame.Rect(theme.WIDTH - 162, theme.CONTENT_BOTTOM - 56, 150, 50), _("New game"),
                          fill=theme.GO))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        final = self.s.final
        winner = self.s.players[final["winner"]]
        self.header(surface, _("{player} wins!").format(player=winner.name), "", final["winner"])
        area = pygame.Rect(12, theme.CONTENT_TOP + 44, theme.WIDTH - 24, theme.CONTENT_BOTTOM - theme.CONTENT_TOP - 108)
        if self.view == "table":
            self.paint_table(surface, area)
        elif self.view == "chart":
            self.paint_chart(surface, area)
        else:
            self.paint_player(surface, area, int(self.view.split(":")[1]))

    def paint_table(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        final = self.s.final
        n = self.s.n
        labels = [N_("During the game"), *(label for label, _group in ROWS), N_("Total")]
        # as wide as the longest row label at 18 px (Hungarian's "Traianuslapkák az akciókörön"),
        # leaving each player's column 110 px at least
        label_w = max(240, min(max(text.measure(_(lb), 18) for lb in labels) + 10, area.width - 110 * n))
        col_w = (area.width - label_w) // n
        y = area.y
        for i, p in enumerate(self.s.players):
            x = area.x + label_w + i * col_w
            pygame.draw.rect(surface, theme.PANEL_HI, (x + 4, y, col_w - 8, 26), border_radius=4)
            pygame.draw.rect(surface, theme.PLAYER_RGB[p.colour], (x + 4, y, 8, 26), border_top_left_radius=4,
                             border_bottom_left_radius=4)
            text.draw(surface, p.name, (x + col_w // 2 + 4, y + 13), 18, theme.TEXT, "center", bold=True,
                      max_width=col_w - 22, min_size=theme.PLAY_FLOOR)
        y += 30
        rows = [(N_("During the game"), [r["start_vp"] for r in final["players"]])]
        for label, group in ROWS:
            rows.append((label, [sum(line.vp for line in r["lines"] if line.group == group)
                                 for r in final["players"]]))
        rows.append((N_("Total"), [r["total"] for r in final["players"]]))
        for k, (label, values) in enumerate(rows):
            last = k == len(rows) - 1
            if last:
                pygame.draw.line(surface, theme.LINE, (area.x, y), (area.right, y), 2)
                y += 4
            text.draw(surface, _(label), (area.x, y + 2), 18, theme.TEXT if last else theme.MUTED, bold=last,
                      max_width=label_w - 8, min_size=theme.FLOOR, role="detail")
            for i, v in enumerate(values):
                x = area.x + label_w + i * col_w + col_w // 2
                text.draw(surface, str(v), (x, y + 1), 20 if last else 18, theme.ACCENT if last else theme.TEXT,
                          "midtop", bold=last)
            y += 26 if not last else 28
        ranks = {i: r for r, i in enumerate(final["ranking"], start=1)}
        for i in range(n):
            x = area.x + label_w + i * col_w + col_w // 2
            text.draw(surface, _("place {n}").format(n=ranks[i]), (x, y), 18, theme.MUTED, "midtop",
                      max_width=col_w - 8, min_size=theme.PLAY_FLOOR)

    def paint_player(self, surface: pygame.Surface, area: pygame.Rect, i: int) -> None:
        r = self.s.final["players"][i]
        y = area.y
        text.draw(surface, _("During the game"), (area.x, y), 18, theme.MUTED)
        text.draw(surface, str(r["start_vp"]), (area.right, y), 18, theme.TEXT, "topright")
        lines = r["lines"]
        step = max(18, min(24, (area.height - 56) // max(len(lines), 1)))
        size = 18 if step >= 22 else 16      # a long tally: the lines in the "detail" size
        y += step + 2
        for line in lines:
            text.draw(surface, _(line.what), (area.x, y), size, theme.TEXT, max_width=360, min_size=theme.FLOOR,
                      role="body" if size >= 18 else "detail")
            text.draw(surface, line.detail_text(_), (area.x + 370, y), 16, theme.MUTED, max_width=area.width - 450,
                      min_size=theme.FLOOR, role="detail")
            text.draw(surface, str(line.vp), (area.right, y), size, theme.ACCENT, "topright", bold=True,
                      role="body" if size >= 18 else "detail")
            y += step
        pygame.draw.line(surface, theme.LINE, (area.x, y + 2), (area.right, y + 2), 2)
        text.draw(surface, _("Total"), (area.x, y + 6), 18, theme.TEXT, bold=True)
        text.draw(surface, str(r["total"]), (area.right, y + 6), 18, theme.ACCENT, "topright", bold=True)

    def paint_chart(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """VP after every round (16) and after final scoring."""
        hist = self.s.history
        # the legend above the plot: each player's line colour, name and final VP
        left = area.x + 40
        for i, p in enumerate(self.s.players):
            pygame.draw.line(surface, theme.PLAYER_RGB[p.colour], (left, area.y + 11), (left + 24, area.y + 11), 5)
            r = text.draw(surface, f"{p.name} {hist[-1][2][i]}", (left + 30, area.y), 18, theme.TEXT, bold=True,
                          max_width=(area.width - 40) // self.s.n - 40, min_size=theme.PLAY_FLOOR)
            left = max(r.right + 18, left + 120)
        plot = pygame.Rect(area.x + 40, area.y + 30, area.width - 56, area.height - 54)
        lo = min(0, *(v for _q, _r, vps in hist for v in vps))
        hi = max(10, *(v for _q, _r, vps in hist for v in vps))
        pygame.draw.rect(surface, theme.PANEL, plot)
        for k in range(5):
            v = lo + (hi - lo) * k / 4
            y = plot.bottom - (v - lo) / (hi - lo) * plot.height
            pygame.draw.line(surface, theme.LINE, (plot.x, y), (plot.right, y))
            text.draw(surface, f"{v:.0f}", (plot.x - 6, y), "caption", theme.MUTED, "midright")
        steps = len(hist) - 1
        for q in range(1, 5):
            x = plot.x + plot.width * (4 * q) / max(steps, 1)
            if x <= plot.right:
                text.draw(surface, _("Q{q}").format(q=q), (x, plot.bottom + 4), "caption", theme.MUTED, "midtop")
        for i, p in enumerate(self.s.players):
            pts = [(plot.x + plot.width * k / max(steps, 1), plot.bottom - (vps[i] - lo) / (hi - lo) * plot.height)
                   for k, (_q, _r, vps) in enumerate(hist)]
            if len(pts) > 1:
                pygame.draw.lines(surface, theme.PLAYER_RGB[p.colour], False, pts, 3)

    def press(self, wid: str) -> None:
        if wid.startswith("view:"):
            self.view = wid[5:]
            self.invalidate()
        elif wid == "new":
            self.ctl.close_game()
