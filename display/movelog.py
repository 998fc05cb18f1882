"""The move log (Menu → Move log): who did what in the open game, in order, page by page,
with the VP each move brought when the game keeps VP. Built from the session's moves and
the states replayed between them (:func:`display.games.describe_move`); names no game."""

from __future__ import annotations

from typing import Any

import pygame

from firmware_host.engine.core import copy_state
from firmware_host.i18n import _

from . import text, theme
from .ui import Button, Screen

LIST_TOP = 64
LINE_H = 22              # a line of a move at 18 px; a move takes one or two
TEXT_X = 60


def move_lines(ctl: Any) -> list[str]:
    """Each move of the open game in words, in order (translated); ``[]`` without a game."""
    from .games import describe_move

    session = ctl.session
    if session is None:
        return []
    rules = session.game.rules
    state = rules.initial_state()
    lines = []
    for event in session.game.events:
        before = copy_state(state)
        rules.apply(state, event)
        try:
            what = describe_move(session.name, event, before, state)
        except Exception:  # noqa: BLE001 - one move that cannot be put in words leaves the log readable
            what = event.kind
        lines.append(what)
    return lines


class MoveLogScreen(Screen):
    """The open game's moves, newest page first; Earlier / Later turn the pages."""

    chrome = False

    def __init__(self, ctl: Any) -> None:
        super().__init__(ctl)
        self.lines = move_lines(ctl)
        self.wrapped = [text.wrap(line, theme.PLAY_FLOOR, theme.WIDTH - TEXT_X - 16) for line in self.lines]
        self.page_starts = self.paginate()
        self.pages = len(self.page_starts)
        self.page = self.pages - 1

    def paginate(self) -> list[int]:
        """The index of each page's first move: as many whole moves (one or two lines each,
        at the size read during play) as fit between the title and the buttons."""
        room = theme.CONTENT_BOTTOM - 62 - LIST_TOP
        starts, used = [0], 0
        for k, lines in enumerate(self.wrapped):
            height = len(lines[:2]) * LINE_H + 8
            if used + height > room and used:
                starts.append(k)
                used = 0
            used += height
        return starts

    def build(self) -> list[Button]:
        y = theme.CONTENT_BOTTOM - 56
        return [
            Button("earlier", pygame.Rect(12, y, 180, 52), _("Earlier moves"), enabled=self.page > 0,
                   reason=_("These are the first moves of the game.")),
            Button("later", pygame.Rect(200, y, 180, 52), _("Later moves"), enabled=self.page < self.pages - 1,
                   reason=_("These are the latest moves.")),
            Button("close", pygame.Rect(theme.WIDTH - 132, 2, 120, 52), _("Close")),
        ]

    def paint(self, surface: pygame.Surface) -> None:
        text.draw(surface, _("Move log"), (12, 14), 22, theme.TEXT, bold=True)
        if not self.lines:
            text.draw(surface, _("No moves yet."), (12, LIST_TOP + 10), 18, theme.MUTED)
            return
        first = self.page_starts[self.page]
        end = self.page_starts[self.page + 1] if self.page + 1 < self.pages else len(self.lines)
        y = LIST_TOP
        for k in range(first, end):
            lines = self.wrapped[k]
            if len(lines) > 2:          # a move longer than two lines: its last line takes the rest, shrunk
                lines = [lines[0], " ".join(lines[1:])]
            h = len(lines) * LINE_H + 8
            if (k - first) % 2:
                pygame.draw.rect(surface, theme.PANEL, (8, y, theme.WIDTH - 16, h))
            text.draw(surface, str(k + 1), (TEXT_X - 12, y + 4), theme.PLAY_FLOOR, theme.MUTED, "topright")
            for n, line in enumerate(lines):
                text.draw(surface, line, (TEXT_X, y + 4 + n * LINE_H), theme.PLAY_FLOOR, theme.TEXT,
                          max_width=theme.WIDTH - TEXT_X - 16)
            y += h
        text.draw(surface, _("Page {n} of {count}").format(n=self.page + 1, count=self.pages),
                  (396, theme.CONTENT_BOTTOM - 30), theme.PLAY_FLOOR, theme.MUTED, "midleft",
                  max_width=theme.WIDTH - 396 - 12, min_size=theme.PLAY_FLOOR)

    def press(self, wid: str) -> None:
        if wid == "earlier" and self.page > 0:
            self.page -= 1
        elif wid == "later" and self.page < self.pages - 1:
            self.page += 1
        elif wid == "close":
            self.ctl.pop()
            self.ctl.active.invalidate()
            return
        self.invalidate()
