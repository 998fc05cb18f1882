"""Statistics (Home → Statistics, History → Statistics, a player's page): what the journal's
finished games say about the players, for every game or one (the buttons along the top).

Three views (the buttons along the bottom):

- **Table**: each player's plays, wins, win rate, average and best score, longest winning
  streak and the streak now, most plays first; a row opens that player's view. Average and
  best only for one game with points: a race has places, and "All games" would mix one
  game's victory points with another's.
- **Head to head**: the players with the most plays (up to :data:`H2H_MAX`) against each
  other: how often the row's player finished ahead of the column's, behind, level.
- **Player**: one player's figures, their score game after game (a line plot: a trend says
  more than a list) and, for one game, their average a game by source (bars: the game's tally
  lines and gods in points; a race's finishing place and chariots, not points), as
  :meth:`firmware_host.history.History.sources` names them.

The figures come from :class:`firmware_host.history.History` (SQL over the journal); nothing
is kept here. Names no game: the games are :data:`firmware_host.games.GAMES`.
"""

from __future__ import annotations

from typing import Any

import pygame

from firmware_host.games import GAMES, plugin
from firmware_host.history import PlayerStats
from firmware_host.i18n import _, pgettext

from . import text, theme
from .games import humanised, title
from .history import complete, read, score_text, scored
from .ui import Button, Screen, grid

TOP = 110                                   # below the game buttons
BOTTOM = theme.CONTENT_BOTTOM - 70          # above the view buttons
ROW = 34
TABLE_ROWS = (BOTTOM - TOP - 30) // ROW     # players on a page of the table
H2H_MAX = 6
LINE_RGB = (110, 170, 250)                  # bars and the first line: 7.7:1 on the plot's panel
SERIES_RGB = (LINE_RGB, (242, 192, 64), (226, 130, 226))    # a line per game, each 4.5:1 or more on it


def percent(rate: float | None) -> str:
    """A win rate (0.0 .. 1.0) as a whole percentage ("67 %"); ``–`` for none."""
    return "–" if rate is None else f"{round(rate * 100)} %"


def number(v: float | None) -> str:
    """An average or a best score: one decimal at most; ``–`` for none."""
    if v is None:
        return "–"
    return score_text(round(v, 1))


class StatsScreen(Screen):
    """The statistics, for every game (``game=None``) or one, in the view ``view``
    (``table``, ``h2h`` or ``player``); ``player_id`` opens the player view on that player."""

    chrome = False

    def __init__(self, ctl: Any, game: str | None = None, player_id: int | None = None) -> None:
        super().__init__(ctl)
        self.game = game
        self.view = "player" if player_id is not None else "table"
        self.player_id = player_id
        self.page = 0
        complete(ctl)           # results of games finished before they were kept
        self.reload()

    def reload(self) -> None:
        """Read the figures for the chosen game (one SQL query per figure)."""
        self.stats: list[PlayerStats] = read(self.ctl, "player_stats", self.game, default=[])
        self.stats.sort(key=lambda s: (-s.plays, -s.wins, s.name))
        if self.player_id is None and self.stats:
            self.player_id = self.stats[0].player_id
        self._h2h: dict[tuple[int, int], tuple[int, int, int]] | None = None

    @property
    def player(self) -> PlayerStats | None:
        return next((s for s in self.stats if s.player_id == self.player_id), None)

    # -------------------------------------------------------------- widgets

    def build(self) -> list[Button]:
        out = []
        games = [("all", _("All games"))] + [(g, _(title(g))) for g in GAMES]
        for (g, label), rect in zip(games, grid(pygame.Rect(24, 52, theme.WIDTH - 48, 48), len(games), len(games))):
            out.append(Button(f"game:{g}", rect, label, selected=(self.game or "all") == g))
        y = theme.CONTENT_BOTTOM - 62
        views = (("table", pgettext("statistics view", "Table")), ("h2h", _("Head to head")), ("player", _("Player")))
        for k, (view, label) in enumerate(views):
            out.append(Button(f"view:{view}", pygame.Rect(24 + k * 168, y, 160, 56), label,
                              selected=self.view == view, enabled=bool(self.stats),
                              reason=_("No finished games yet.")))
        out.append(Button("close", pygame.Rect(theme.WIDTH - 174, y, 150, 56), _("Back")))
        if self.view == "table":
            shown = self.stats[self.page * TABLE_ROWS:(self.page + 1) * TABLE_ROWS]
            for k, s in enumerate(shown):
                out.append(Button(f"player:{s.player_id}", pygame.Rect(24, TOP + 30 + k * ROW, theme.WIDTH - 48, ROW),
                                  frame=False))
            if len(self.stats) > TABLE_ROWS:
                out.append(Button("more", pygame.Rect(528, y, 90, 56), _("More")))
        elif self.view == "player" and len(self.stats) > 1:     # beside the player's name
            out.append(Button("prev", pygame.Rect(262, TOP - 4, 56, 48), "‹", size=24))
            out.append(Button("next", pygame.Rect(324, TOP - 4, 56, 48), "›", size=24))
        return out

    # -------------------------------------------------------------- drawing

    def paint(self, surface: pygame.Surface) -> None:
        text.draw(surface, _("Statistics"), (24, 12), 24, theme.TEXT, bold=True, max_width=theme.WIDTH - 48)
        if not self.stats:
            text.draw(surface, _("No finished games yet."), (24, TOP + 8), 18, theme.MUTED,
                      max_width=theme.WIDTH - 48)
            return
        if self.view == "table":
            self.paint_table(surface)
        elif self.view == "h2h":
            self.paint_h2h(surface)
        else:
            self.paint_player(surface)

    #: the x of each column's right edge (the name column's: its left edge), with the
    #: average and best score, and without them ("All games", or a game without points)
    EDGES = {True: (24, 326, 396, 486, 576, 646, 716, 776), False: (24, 366, 446, 556, 666, 776)}

    def points(self) -> bool:
        """Whether scores are shown: one game chosen, and a game with points (the average of
        "All games" would add one game's points to another's)."""
        return self.game is not None and scored(self.game)

    def paint_table(self, surface: pygame.Surface) -> None:
        points = self.points()
        heads = (_("Player"), _("Plays"), _("Wins"), _("Win rate"), *((_("Average"), _("Best")) if points else ()),
                 _("Longest streak"), _("Streak now"))
        edges = self.EDGES[points]
        for k, head in enumerate(heads):
            if k == 0:
                text.draw(surface, head, (edges[0], TOP), 15, theme.MUTED, max_width=180, role="caption")
            else:
                width = edges[k] - edges[k - 1] - 6 if k > 1 else 64
                self._head(surface, head, edges[k], width)
        shown = self.stats[self.page * TABLE_ROWS:(self.page + 1) * TABLE_ROWS]
        for k, s in enumerate(shown):
            y = TOP + 30 + k * ROW
            if k % 2 == 0:
                pygame.draw.rect(surface, theme.PANEL, (16, y, theme.WIDTH - 32, ROW), border_radius=4)
            cells = (s.name, str(s.plays), str(s.wins), percent(s.win_rate),
                     *((number(s.average), number(s.best)) if points else ()),
                     str(s.longest_win_streak), str(s.current_streak))
            for c, value in enumerate(cells):
                if c == 0:
                    text.draw(surface, value, (edges[0], y + ROW // 2), 20, theme.TEXT, "midleft", bold=True,
                              max_width=edges[1] - edges[0] - 70, min_size=18)
                else:
                    text.draw(surface, value, (edges[c], y + ROW // 2), 20, theme.TEXT, "midright")

    def _head(self, surface: pygame.Surface, head: str, right: int, width: int) -> None:
        """A column's heading, right-aligned over it: on one line at 15 or 14 px, else on two
        lines as even as they break ("目前 / 連勝", not "目前連 / 勝")."""
        lines = [head]
        if text.measure(head, 15) > width and text.measure(head, 14) > width:
            even = -(-text.measure(head, 14) // 2)
            while even < width and len(text.wrap(head, 14, even)) > 2:
                even += 4
            lines = text.wrap(head, 14, min(even, width))[:2]
        for k, line in enumerate(lines):
            y = TOP + (k * 15 if len(lines) > 1 else 0) - (6 if len(lines) > 1 else 0)
            text.draw(surface, line, (right, y), 15 if len(lines) == 1 and text.measure(head, 15) <= width else 14,
                      theme.MUTED, "topright",
                      max_width=width, role="caption", min_size=14)

    def head_to_head(self) -> dict[tuple[int, int], tuple[int, int, int]]:
        """``(a, b) -> (a ahead, b ahead, level)`` for the most-played players, read once."""
        if self._h2h is None:
            ids = [s.player_id for s in self.stats[:H2H_MAX]]
            self._h2h = {}
            for i, a in enumerate(ids):
                for b in ids[i + 1:]:
                    r = read(self.ctl, "head_to_head", a, b, self.game, default=(0, 0, 0))
                    self._h2h[(a, b)] = tuple(r)
                    self._h2h[(b, a)] = (r[1], r[0], r[2])
        return self._h2h

    def paint_h2h(self, surface: pygame.Surface) -> None:
        who = self.stats[:H2H_MAX]
        pairs = self.head_to_head()
        name_w = 170
        cell = (theme.WIDTH - 48 - name_w) // max(1, len(who))
        text.draw(surface, _("Games the row's player finished ahead – behind (level)"), (24, TOP), 15, theme.MUTED,
                  max_width=theme.WIDTH - 48, role="caption", min_size=14)
        y0 = TOP + 26
        for j, b in enumerate(who):
            x = 24 + name_w + j * cell + cell // 2
            text.draw(surface, b.name, (x, y0 + 12), 17, theme.TEXT, "center", bold=True, max_width=cell - 8,
                      role="detail", min_size=14)
        step = min(40, (BOTTOM - y0 - 30) // max(1, len(who)))
        for i, a in enumerate(who):
            y = y0 + 30 + i * step
            if i % 2 == 0:
                pygame.draw.rect(surface, theme.PANEL, (16, y, theme.WIDTH - 32, step), border_radius=4)
            text.draw(surface, a.name, (24, y + step // 2), 18, theme.TEXT, "midleft", bold=True,
                      max_width=name_w - 10)
            for j, b in enumerate(who):
                x = 24 + name_w + j * cell + cell // 2
                if a.player_id == b.player_id:
                    text.draw(surface, "·", (x, y + step // 2), 18, theme.MUTED, "center")
                    continue
                ahead, behind, level = pairs.get((a.player_id, b.player_id), (0, 0, 0))
                shown = f"{ahead}–{behind}" + (f" ({level})" if level else "")
                colour = theme.GOOD if ahead > behind else theme.BAD if ahead < behind else theme.TEXT
                text.draw(surface, shown, (x, y + step // 2), 18, colour, "center", max_width=cell - 8)

    def paint_player(self, surface: pygame.Surface) -> None:
        s = self.player
        if s is None:
            return
        text.draw(surface, s.name, (24, TOP + 20), 24, theme.ACCENT, "midleft", bold=True, max_width=230)
        figures = ((_("Plays"), str(s.plays)), (_("Wins"), f"{s.wins} · {percent(s.win_rate)}"),
                   *(((_("Average"), number(s.average)), (_("Best"), number(s.best))) if self.points() else ()),
                   (_("Longest streak"), str(s.longest_win_streak)), (_("Streak now"), str(s.current_streak)))
        for k, (label, value) in enumerate(figures):
            x, y = 24 + (k % 2) * 180, TOP + 56 + (k // 2) * 48
            text.draw(surface, label, (x, y), 14, theme.MUTED, max_width=160, role="caption", min_size=14)
            text.draw(surface, value, (x, y + 16), 20, theme.TEXT, bold=True, max_width=160)
        plot = pygame.Rect(400, TOP, theme.WIDTH - 424, 100)
        self.paint_scores(surface, s, plot)
        self.paint_sources(surface, s, pygame.Rect(400, plot.bottom + 30, plot.width, BOTTOM - plot.bottom - 30))

    def paint_scores(self, surface: pygame.Surface, s: PlayerStats, area: pygame.Rect) -> None:
        """The player's score in each finished game over time (x: when it ended), one line per
        game with points (all of them, or the one chosen; a race has places, not points), the
        lowest and highest score on the axis: a line shows a trend at a glance."""
        games = [self.game] if self.game is not None else [g for g in GAMES if scored(g)]
        series = [(g, [(float(t), float(v)) for t, v in read(self.ctl, "scores_over_time", s.player_id, g,
                                                               default=[])]) for g in games if scored(g)]
        series = [(g, pts) for g, pts in series if pts]
        head = text.draw(surface, _("Score, game after game"), (area.x, area.y - 4), 15, theme.MUTED,
                         max_width=area.width, role="caption", min_size=14)
        if len(series) > 1:                     # the legend: each game's title in its line's colour
            x = head.right + 12
            for k, (g, _pts) in enumerate(series):
                x = text.draw(surface, _(title(g)), (x, area.y - 4), 15, SERIES_RGB[k % len(SERIES_RGB)],
                              role="caption").right + 10
        box = pygame.Rect(area.x + 40, area.y + 18, area.width - 40, area.height - 18)
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=4)
        every = [p for _g, pts in series for p in pts]
        if len(every) < 2:
            text.draw(surface, _("A line needs two games."), box.center, 16, theme.MUTED, "center",
                      max_width=box.width - 16, role="detail")
            return
        t0, t1 = min(t for t, _v in every), max(t for t, _v in every)
        lo, hi = min(v for _t, v in every), max(v for _t, v in every)
        if hi == lo:
            lo, hi = lo - 1, hi + 1
        inner = box.inflate(-16, -16)

        def at(t: float, v: float) -> tuple[float, float]:
            x = inner.x + (inner.width * (t - t0) / (t1 - t0) if t1 > t0 else inner.width / 2)
            return x, inner.bottom - (v - lo) / (hi - lo) * inner.height

        for v in (lo, hi):
            y = at(t0, v)[1]
            pygame.draw.line(surface, theme.LINE, (box.x, y), (box.right, y))
            text.draw(surface, score_text(round(v)), (box.x - 6, y), 14, theme.MUTED, "midright", role="caption")
        for k, (_g, pts) in enumerate(series):
            colour = SERIES_RGB[k % len(SERIES_RGB)]
            line = [at(t, v) for t, v in pts]
            if len(line) > 1:
                pygame.draw.lines(surface, colour, False, line, 3)
            for p in line:
                pygame.draw.circle(surface, colour, p, 4)

    def paint_sources(self, surface: pygame.Surface, s: PlayerStats, area: pygame.Rect) -> None:
        """The player's average a game per source in the chosen game, largest first, as bars:
        points where the game has them; a game without (a race) counts places and pieces,
        and its heading does not call them points."""
        head = _("Points by source (average a game)") if self.game is None or scored(self.game) else _(
            "By source (average a game)")
        text.draw(surface, head, (area.x, area.y - 22), 15, theme.MUTED, max_width=area.width, role="caption",
                  min_size=14)
        if self.game is None:
            text.draw_block(surface, _("Choose a game above to see where the points come from."), area, 18,
                            theme.MUTED, min_size=18)
            return
        sources = read(self.ctl, "sources", s.player_id, self.game, default={}) or {}
        shown = sorted(((k, v) for k, v in sources.items() if v), key=lambda kv: -abs(kv[1]))
        if not shown:
            text.draw(surface, _("No points recorded by source.") if scored(self.game) else _(
                "Nothing recorded by source."), area.topleft, 16, theme.MUTED,
                      max_width=area.width, role="detail")
            return
        labels = {key: _(label) for key, label in plugin(self.game).sources}
        rows = max(1, min(len(shown), area.height // 22))
        top = max(abs(v) for _k, v in shown) or 1
        names = [labels.get(source) or humanised(source) for source, _value in shown[:rows]]
        # as wide as the longest label (Hungarian's are long), leaving the bars two fifths
        label_w = min(area.width * 3 // 5, max(140, max(text.measure(n, 16) for n in names) + 10))
        for k, (name, (_source, value)) in enumerate(zip(names, shown[:rows], strict=True)):
            y = area.y + k * 22
            text.draw(surface, name, (area.x, y + 10), 16, theme.TEXT,
                      "midleft", max_width=label_w - 6, role="detail", min_size=14)
            width = round((area.width - label_w - 50) * abs(value) / top)
            pygame.draw.rect(surface, LINE_RGB if value >= 0 else theme.BAD, (area.x + label_w, y + 2, width, 16),
                             border_radius=3)
            text.draw(surface, number(value), (area.x + label_w + width + 6, y + 10), 16, theme.TEXT, "midleft",
                      role="detail")

    # -------------------------------------------------------------- input

    def press(self, wid: str) -> None:
        kind, _sep, value = wid.partition(":")
        if kind == "game":
            self.game = None if value == "all" else value
            self.page = 0
            self.reload()
        elif kind == "view":
            self.view = value
        elif kind == "player":
            self.player_id, self.view = int(value), "player"
        elif wid == "more":
            self.page = (self.page + 1) % max(1, -(-len(self.stats) // TABLE_ROWS))
        elif wid in ("prev", "next") and self.stats:
            ids = [s.player_id for s in self.stats]
            k = ids.index(self.player_id) if self.player_id in ids else 0
            self.player_id = ids[(k + (1 if wid == "next" else -1)) % len(ids)]
        elif wid == "close":
            self.ctl.pop()
            self.ctl.active.invalidate()
            return
        self.invalidate()
