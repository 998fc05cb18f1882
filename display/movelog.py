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

ROWS = 8                 # moves on a page
ROW_H = 38
LIST_TOP = 64


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
        self.pages = max(1, (len(self.lines) + ROWS - 1) // ROWS)
        self.page = self.pages - 1

    def build(self) -> list[Button]:
        y = theme.CONTENT_BOTTOM - 56
        return [
            Button("earlier", pygame.Rect(12, y, 180, 52), _("Earlier moves"), enabled=self.page > 0,
                   reason=_("These are the first moves of the game.")),
            Button("later", pygame.Rect(200, y, 180, 52), _("Later moves"), enabled=self.page < self.pages - 1,
                   reason=_("These are the latest moves.")),
            Button("close", pygame.Rect(theme.WIDTH - 132, 2, 120, 52), _("Close"), size=16),
        ]

    def paint(self, surface: pygame.Surface) -> None:
        text.draw(surface, _("Move log"), (12, 14), 22, theme.TEXT, bold=True)
        if not self.lines:
            text.draw(surface, _("No moves yet."), (12, LIST_TOP + 10), 18, theme.MUTED)
            return
        first = self.page * ROWS
        for k, line in enumerate(self.lines[first:first + ROWS]):
            y = LIST_TOP + k * ROW_H
            if k % 2:
                pygame.draw.rect(surface, theme.PANEL, (8, y, theme.WIDTH - 16, ROW_H))
            text.draw(surface, str(first + k + 1), (48, y + ROW_H // 2), 16, theme.MUTED, "midright")
            text.draw(surface, line, (60, y + ROW_H // 2), 17, theme.TEXT, "midleft", max_width=theme.WIDTH - 76)
        text.draw(surface, _("Page {n} of {count}").format(n=self.page + 1, count=self.pages),
                  (396, theme.CONTENT_BOTTOM - 30), 15, theme.MUTED, "midleft")

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
