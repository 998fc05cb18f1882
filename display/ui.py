"""The building blocks of every screen: buttons (touch targets) and the Screen base class.

A screen is rebuilt from the game state whenever a move is accepted or undone; between
moves it keeps only the *draft* of the decision being entered (a chosen bowl, a sowing
order, selected cards). Its widgets are plain rectangles with ids; a touch, a key or a
scripted ``tap <id>`` all end in :meth:`Screen.press`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from firmware_host.engine.core import RuleError
from firmware_host.i18n import _

from . import text, theme

if TYPE_CHECKING:
    from firmware_host.session import Session

    from .controller import Controller


@dataclass
class Button:
    """A touch target: ``id`` is what a press reports; ``label``/``sub`` are already translated."""

    id: str
    rect: pygame.Rect
    label: str = ""
    sub: str = ""
    enabled: bool = True
    selected: bool = False
    fill: tuple[int, int, int] | None = None
    icon: Callable[[pygame.Surface, pygame.Rect], None] | None = None
    size: int = 18
    frame: bool = True
    lang: str = ""          # draw the label in this language (a language's own name)

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        if self.frame:
            colour = self.fill or (theme.BUTTON if self.enabled else theme.BUTTON_OFF)
            pygame.draw.rect(surface, colour, r, border_radius=8)
            if self.selected:
                pygame.draw.rect(surface, theme.SELECTED, r, width=3, border_radius=8)
        fg = theme.TEXT if self.enabled else theme.DIM
        if self.fill and sum(self.fill) > 540:
            fg = (20, 20, 20)
        if self.icon is not None:
            icon_rect = r.inflate(-8, -8)
            if self.label:
                icon_rect.height -= 20
            self.icon(surface, icon_rect)
            if self.label:
                text.draw(surface, self.label, (r.centerx, r.bottom - 4), 14, fg, "midbottom", max_width=r.width - 6)
            return
        if self.sub:
            text.draw(surface, self.label, (r.centerx, r.centery - 2), self.size, fg, "midbottom",
                      bold=True, max_width=r.width - 10)
            text.draw(surface, self.sub, (r.centerx, r.centery + 2), 14, theme.MUTED if self.enabled else theme.DIM,
                      "midtop", max_width=r.width - 10)
        elif self.label:
            text.draw(surface, self.label, r.center, self.size, fg, "center", bold=True, max_width=r.width - 10,
                      lang=self.lang)


def grid(area: pygame.Rect, count: int, columns: int, gap: int = 8, height: int | None = None) -> list[pygame.Rect]:
    """``count`` cells laid out left to right in ``columns`` inside ``area``."""
    rows = max(1, (count + columns - 1) // columns)
    w = (area.width - gap * (columns - 1)) // columns
    h = height or (area.height - gap * (rows - 1)) // rows
    return [pygame.Rect(area.x + (i % columns) * (w + gap), area.y + (i // columns) * (h + gap), w, h)
            for i in range(count)]


def column(area: pygame.Rect, count: int, height: int = 52, gap: int = 8) -> list[pygame.Rect]:
    return [pygame.Rect(area.x, area.y + i * (height + gap), area.width, height) for i in range(count)]


class Screen:
    """Base of all screens. Subclasses implement :meth:`build` (widgets), :meth:`paint`
    (everything that is not a widget) and :meth:`press`."""

    #: shows the global undo / menu buttons in the top bar
    chrome = True

    def __init__(self, ctl: Controller) -> None:
        self.ctl = ctl
        self._widgets: list[Button] | None = None

    # ---------------------------------------------------------------- widgets

    def widgets(self) -> list[Button]:
        if self._widgets is None:
            self._widgets = self.build()
            if self.chrome:
                self._widgets += self.chrome_buttons()
        return self._widgets

    def invalidate(self) -> None:
        """The draft changed: rebuild the widgets and redraw."""
        self._widgets = None
        self.ctl.dirty = True

    def chrome_buttons(self) -> list[Button]:
        w = theme.WIDTH
        return [
            Button("menu", pygame.Rect(w - 112, 2, 54, theme.TOP_BAR - 4), _("Menu"), size=15),
            Button("undo", pygame.Rect(w - 56, 2, 54, theme.TOP_BAR - 4), _("Undo"), size=15,
                   enabled=self.ctl.can_undo()),
        ]

    def hit(self, x: int, y: int) -> Button | None:
        for b in reversed(self.widgets()):
            if b.enabled and b.rect.collidepoint(x, y):
                return b
        return None

    def find(self, wid: str) -> Button | None:
        return next((b for b in self.widgets() if b.id == wid), None)

    # ---------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        self.paint(surface)
        for b in self.widgets():
            b.draw(surface)

    def build(self) -> list[Button]:
        return []

    def paint(self, surface: pygame.Surface) -> None:
        """Draw what is not a widget (boards, tracks, texts)."""

    # ---------------------------------------------------------------- input

    def press(self, wid: str) -> None:
        """A widget was tapped (or its key pressed)."""

    def button(self, name: str) -> bool:
        """A hardware button (``bowl1``..``bowl6``, ``ok``). Default: OK taps the ``ok`` widget."""
        if name == "ok":
            ok = self.find("ok")
            if ok is not None and ok.enabled:
                self.press("ok")
                return True
        return False

    def back(self) -> bool:
        """UNDO with a draft open: step back inside the draft. ``False`` if there is none."""
        return False

    def tag(self, thing: Any) -> bool:
        """An enrolled NFC tag was read (``thing``: game, kind, value); ``True`` if used."""
        return False

    def tag_uid(self, uid: str) -> bool:
        """A tag was read, before it is looked up (the enrolment screens take any tag)."""
        return False


class GameScreen(Screen):
    """Base of a game's screens: the open session's ``rules``, ``board`` and state ``s``;
    :meth:`legal` and :meth:`preview` ask the engine about a move without making it, so no
    screen repeats a rule."""

    def __init__(self, ctl: Controller) -> None:
        super().__init__(ctl)
        assert ctl.session is not None
        self.rules: Any = ctl.session.rules
        self.board: Any = self.rules.board

    @property
    def session(self) -> Session:
        """The open game's session (a game screen exists only while a game is open)."""
        session = self.ctl.session
        assert session is not None
        return session

    @property
    def s(self) -> Any:
        return self.session.state

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.top_bar(surface)
        for b in self.widgets():                 # the menu and undo buttons sit on the bar
            if b.id in ("menu", "undo"):
                b.draw(surface)

    def top_bar(self, surface: pygame.Surface) -> None:
        """The game's bar across the top of the screen (where it stands, whose turn)."""

    def legal(self, event: Any) -> str:
        """Why ``event`` is illegal now (``""`` if legal), translated."""
        try:
            self.session.game.check(event)
        except RuleError as exc:
            return exc.translated(_)
        return ""

    def preview(self, event: Any) -> Any:
        """The state after ``event``, or ``None`` if the rules refuse it."""
        try:
            return self.session.game.check(event)
        except RuleError:
            return None
