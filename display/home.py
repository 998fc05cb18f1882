"""The home screen: start a game, or open one kept earlier."""

from __future__ import annotations

import time

import pygame

from firmware_host.games import GAMES
from firmware_host.i18n import _

from . import text, theme
from .games import display_for, title
from .ui import Button, Screen, column


class HomeScreen(Screen):
    def build(self) -> list[Button]:
        rows = column(pygame.Rect(24, 110, 340, 0), len(GAMES) + 1, 64, 12)
        out = [Button(f"new:{game}", rect, _("New game: {title}").format(title=_(title(game))),
                      fill=(60, 120, 70)) for game, rect in zip(GAMES, rows)]
        if self.ctl.journal is not None:
            out.append(Button("games", rows[len(GAMES)], _("Saved games")))
        actions = [(game, aid, label) for game in GAMES
                   for aid, label, _screen in display_for(game).home_actions]
        for (game, aid, label), rect in zip(actions, column(pygame.Rect(436, 110, 340, 0), len(actions), 64, 12)):
            out.append(Button(f"action:{game}:{aid}", rect, _(label)))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.PANEL, (0, 0, theme.WIDTH, theme.TOP_BAR))
        text.draw(surface, _("table companion"), (16, 12), 24, theme.ACCENT, bold=True)
        text.draw(surface, _("Keeps the books while you play."), (24, 76), 18, theme.MUTED)

    def press(self, wid: str) -> None:
        if wid.startswith("new:"):
            self.ctl.push(display_for(wid[4:]).new_game(self.ctl))
        elif wid == "games":
            self.ctl.push(GamesScreen(self.ctl))
        elif wid.startswith("action:"):
            _kind, game, aid = wid.split(":", 2)
            screen = next(s for a, _label, s in display_for(game).home_actions if a == aid)
            self.ctl.push(screen(self.ctl))


class GamesScreen(Screen):
    """Games in the journal, newest first: open one to see its tally or carry it on."""

    PAGE = 5

    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        self.page = 0
        self.rows = ctl.journal.games() if ctl.journal is not None else []

    def build(self) -> list[Button]:
        out = []
        shown = self.rows[self.page * self.PAGE:(self.page + 1) * self.PAGE]
        rects = column(pygame.Rect(24, 70, 560, 0), self.PAGE, 60)
        for (gid, game, created, finished, events), rect in zip(shown, rects):
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(created))
            state = _("finished") if finished and finished > 0 else _("set aside") if finished else _("in progress")
            out.append(Button(f"open:{gid}", rect, f"{_(title(game))} · {when}",
                              _("{n} moves, {state}").format(n=events, state=state), size=17))
        out.append(Button("prev", pygame.Rect(600, 70, 180, 56), _("Newer"), enabled=self.page > 0))
        out.append(Button("next", pygame.Rect(600, 136, 180, 56), _("Older"),
                          enabled=(self.page + 1) * self.PAGE < len(self.rows)))
        out.append(Button("close", pygame.Rect(600, 370, 180, 56), _("Back")))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        text.draw(surface, _("Saved games"), (24, 16), 24, theme.TEXT, bold=True)
        if not self.rows:
            text.draw(surface, _("No games yet."), (24, 80), 18, theme.MUTED)

    def press(self, wid: str) -> None:
        if wid.startswith("open:"):
            self.ctl.open_game(int(wid[5:]))
        elif wid in ("prev", "next"):
            self.page += 1 if wid == "next" else -1
            self.invalidate()
        elif wid == "close":
            self.ctl.pop()
