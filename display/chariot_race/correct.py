"""Correcting the books (CR-CORR-1, docs/corrections.md): Menu → Correct a chariot.

The table read a sheet or the track again (a clip on the wrong number, the lap counter on
the wrong side, a chariot in another lane or space than the companion's model): choose the
chariot and what was misread, set the value, Correct. The correction is a journaled move
like any other (undo takes it back) and shows in the move news; a value the sheet or the
track cannot show is refused with the rule (CR-CORR-2), its button greyed out with the
reason. A wreck is not a correction: it is entered as what happened on the track.
"""

from __future__ import annotations

import pygame

from firmware_host.engine.chariot_race import events as ev
from firmware_host.engine.chariot_race.rules import CORRECTIONS
from firmware_host.engine.core import N_
from firmware_host.i18n import _

from .. import text, theme
from ..ui import Button, CorrectionScreen, grid
from . import names
from .common import TOP, ChariotScreen, colour_button

ITEM = {"lane": N_("Lane on the track"), "pos": N_("Position"), "resistance": N_("Resistance"), "speed": N_("Speed"),
        "fate": N_("Fate"), "laps": N_("Finish-line crossings")}
WIDE = pygame.Rect(12, TOP, theme.WIDTH - 24, theme.CONTENT_BOTTOM - TOP)


class CorrectScreen(CorrectionScreen, ChariotScreen):
    """Over the race (opened from the menu): chariot, item, value, Correct (CR-CORR-1/2)."""

    rect = WIDE

    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        racing = [c.colour for c in self.s.chariots if not c.wrecked]
        active = self.s.active()
        self.colour = active.colour if active is not None else (racing[0] if racing else "")
        self.item = "resistance"
        self.value = self.books()

    def books(self) -> int:
        """What the books say now for the chosen chariot and item (0 without a chariot)."""
        c = self.s.by_colour(self.colour)
        return self.rules.correction_value(c, self.item) if c is not None else 0

    def event(self) -> ev.CorrectChariot:
        return ev.CorrectChariot(self.colour, self.item, self.value)

    def shown(self, item: str, value: int) -> str:
        """A value as the table reads it (a lane by its name)."""
        if item == "lane" and 0 <= value < len(self.board.lanes):
            return _(names.LANE_NAME.get(self.board.lanes[value], self.board.lanes[value]))
        return str(value)

    def choices(self) -> list[Button]:
        s = self.s
        out = []
        rects = grid(pygame.Rect(WIDE.x, TOP + 50, WIDE.width, 52), len(s.chariots), max(1, len(s.chariots)), gap=8)
        for c, rect in zip(s.chariots, rects):
            button = colour_button(f"chariot:{c.colour}", rect, c.colour, names.colour(c.colour),
                                   _("wrecked") if c.wrecked else s.players[c.seat], enabled=not c.wrecked)
            button.selected = c.colour == self.colour
            out.append(button)
        c = s.by_colour(self.colour)
        for item, rect in zip(CORRECTIONS, grid(pygame.Rect(WIDE.x, TOP + 112, WIDE.width, 0), len(CORRECTIONS), 3,
                                                gap=8, height=52)):
            sub = self.shown(item, self.rules.correction_value(c, item)) if c is not None else ""
            out.append(Button(f"item:{item}", rect, _(ITEM[item]), sub, selected=item == self.item,
                              enabled=c is not None))
        return out

    def correction_refused(self) -> str:
        """Why the drafted correction cannot be made ("" if it can): the rules' answer."""
        if self.s.by_colour(self.colour) is None:
            return _("No chariot to correct.")
        if self.value == self.books():
            return _("Set the value the table reads.")
        return self.legal(self.event())

    def draft_line(self) -> str:
        return _("{chariot}, {what}: the books say {old}, the table {new}").format(
            chariot=names.colour(self.colour), what=_(ITEM[self.item]), old=self.shown(self.item, self.books()),
            new=self.shown(self.item, self.value))

    def paint(self, surface: pygame.Surface) -> None:
        text.draw(surface, _("Correct a chariot: what the table reads"), (WIDE.x, TOP + 6), 20, theme.TEXT,
                  bold=True, max_width=WIDE.width)
        text.draw(surface, _("A second reading of a sheet or the track (CR-CORR-1); undo takes it back."),
                  (WIDE.x, TOP + 30), "detail", theme.MUTED, max_width=WIDE.width, min_size=theme.FLOOR)
        if self.s.by_colour(self.colour) is not None:
            self.paint_draft(surface)

    def choose(self, wid: str) -> None:
        kind, _sep, value = wid.partition(":")
        if kind == "chariot":
            self.colour = value
        elif kind == "item":
            self.item = value
        self.value = self.books()
