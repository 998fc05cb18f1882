"""The controller: one input at a time, from any source, to the current screen and the session.

The window's event loop, the golden-playthrough scripts and the input storms all drive the
companion through :meth:`Controller.handle`; a scripted ``tap <id>`` becomes a touch at the
centre of that widget, so scripts take exactly the path a finger does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from firmware_host import i18n
from firmware_host.engine.core import Event, RuleError
from firmware_host.i18n import _
from firmware_host.inputs import (
    BOWL_BUTTONS,
    ButtonHeld,
    ButtonPressed,
    DeviceStatus,
    Input,
    TagRead,
    TextEntered,
    Touch,
)
from firmware_host.journal import Journal
from firmware_host.session import SaveError, Session, SessionError, open_saved, resume_unfinished, start

from . import text, theme
from .ui import Screen


class Controller:
    """Owns the session (or none, on the home screen), the current screen and the message line.

    ``journal`` may be ``None`` (screenshots, benchmarks: nothing is written). ``tags`` is the
    tag registry (``firmware_host.io.nfc.TagRegistry``) or ``None``; ``hardware`` the open
    adapters (the simulator's tag screen taps its simulated reader).
    """

    def __init__(self, journal: Journal | None, *, tags: Any = None, notice: str | None = None,
                 allow_quit: bool = False, hardware: Any = None) -> None:
        self.journal = journal
        self.tags = tags
        self.hardware = hardware
        self.allow_quit = allow_quit
        self.session: Session | None = None
        self.dirty = True
        self.message = ""
        self.message_level = "info"
        self.devices: dict[str, DeviceStatus] = {}
        self.overlays: list[Screen] = []      # menus, forms and pickers over the game screen
        self.running = True
        self.on_state_change: Callable[[], None] | None = None
        self.screen: Screen = self._home()
        if notice:
            self.say(notice, "bad")
        if journal is not None:
            self._resume_unfinished()

    # ------------------------------------------------------------------ sessions

    def _resume_unfinished(self) -> None:
        assert self.journal is not None
        session, message = resume_unfinished(self.journal)
        if session is not None:
            self.session = session
            self.say(_(message))
            self.refresh()
        elif message:
            self.say(_(message), "bad")

    def start_game(self, game: str, setup: Any) -> None:
        """Begin keeping a new game (journaled at once); if the journal refuses, say so."""
        try:
            self.session = start(self.journal, game, setup)
        except SessionError as exc:
            self.say(_(exc.message).format(**exc.params), "bad")
            return
        self.overlays = []
        self.refresh()

    def open_game(self, game_id: int) -> None:
        """Show a game from the journal (resume it if unfinished); one that cannot be rebuilt
        is reported and nothing else changes."""
        assert self.journal is not None
        try:
            self.session = open_saved(self.journal, game_id)
        except SessionError as exc:
            self.say(_(exc.message).format(**exc.params), "bad")
            return
        self.overlays = []
        self.refresh()

    def close_game(self) -> None:
        self.session = None
        self.overlays = []
        self.refresh()

    @property
    def state(self) -> Any:
        return self.session.state if self.session else None

    # ------------------------------------------------------------------ moves

    def submit(self, event: Event) -> bool:
        """Send a move to the session; an illegal move is shown and changes nothing."""
        assert self.session is not None
        try:
            self.session.submit(event)
        except RuleError as exc:
            self.say(exc.translated(_), "bad")
            self.screen.invalidate()
            return False
        except SaveError as exc:
            self.say(_(exc.message).format(**exc.params), "bad")
            self.screen.invalidate()
            return False
        self.message = ""
        self.refresh()
        return True

    def can_undo(self) -> bool:
        return self.session is not None and bool(self.session.game.events)

    def undo(self) -> None:
        if self.overlays:
            if not self.overlays[-1].back():
                self.pop()
            self.active.invalidate()
            return
        if self.screen.back():
            self.screen.invalidate()
            return
        if not self.can_undo():
            self.say(_("Nothing to undo."))
            return
        assert self.session is not None
        try:
            self.session.undo()
        except SaveError as exc:
            self.say(_(exc.message).format(**exc.params), "bad")
            return
        self.say(_("Last move taken back."))
        self.refresh()

    def refresh(self) -> None:
        """Rebuild the screen from the current state (after a move, an undo, a new game)."""
        self.screen = self._screen_for_state()
        self.dirty = True
        if self.on_state_change is not None:
            self.on_state_change()

    def _home(self) -> Screen:
        from .home import HomeScreen
        return HomeScreen(self)

    def _screen_for_state(self) -> Screen:
        if self.session is None:
            return self._home()
        from .games import display_for
        return display_for(self.session.name).screen_for(self)

    def push(self, screen: Screen) -> None:
        """Put ``screen`` over the current one (menus, forms, the keyboard)."""
        self.overlays.append(screen)
        self.dirty = True

    def pop(self) -> None:
        """Close the top overlay."""
        if self.overlays:
            self.overlays.pop()
        self.dirty = True

    @property
    def active(self) -> Screen:
        return self.overlays[-1] if self.overlays else self.screen

    def set_language(self, code: str) -> None:
        """Switch the screen language at once (fonts, direction, catalog)."""
        i18n.set_language(code)
        text.clear_cache()
        self.refresh()
        for overlay in self.overlays:
            overlay.invalidate()

    # ------------------------------------------------------------------ messages

    def say(self, message: str, level: str = "info") -> None:
        self.message = message
        self.message_level = level
        self.dirty = True

    # ------------------------------------------------------------------ input

    def handle(self, event: Input) -> None:
        """One input from any source."""
        screen = self.active
        if isinstance(event, Touch):
            hit = screen.hit(event.x, event.y)
            if hit is not None:
                self.press(hit.id)
        elif isinstance(event, ButtonPressed):
            if event.button == "undo":
                self.undo()
            elif not screen.button(event.button) and event.button in BOWL_BUTTONS + ("ok",):
                self.dirty = True
        elif isinstance(event, ButtonHeld):
            if event.button == "undo":
                self.open_menu()
        elif isinstance(event, TagRead):
            self._tag(event.uid)
        elif isinstance(event, TextEntered):
            handler = getattr(screen, "text_entered", None)
            if handler is not None:
                handler(event.text)
        elif isinstance(event, DeviceStatus):
            self.devices[event.device] = event
            if not event.ok:
                self.say(event.message or _("{device} is not working.").format(device=event.device), "bad")
            self.dirty = True

    def press(self, wid: str) -> None:
        """A widget was tapped: global ones here, the rest to the screen."""
        if wid == "undo":
            self.undo()
        elif wid == "menu":
            self.open_menu()
        else:
            self.active.press(wid)
        self.dirty = True

    def tap(self, wid: str) -> None:
        """Scripted tap: a touch at the centre of widget ``wid``. Raises ``KeyError`` if the
        current screen has no such enabled widget."""
        b = self.active.find(wid)
        if b is None or not b.enabled:
            raise KeyError(f"no enabled widget {wid!r} on {type(self.active).__name__}: "
                           f"{[w.id for w in self.active.widgets() if w.enabled]}")
        self.handle(Touch(*b.rect.center))

    def open_menu(self) -> None:
        from .menu import MenuScreen
        if not any(isinstance(o, MenuScreen) for o in self.overlays):
            self.push(MenuScreen(self))

    def _tag(self, uid: str) -> None:
        """A tag touched the reader: the screen may use it; an unknown one is offered for
        enrolment (nothing else changes)."""
        if self.tags is None:
            self.say(_("Tags are not available here."), "bad")
            return
        if self.active.tag_uid(uid):
            return
        thing = self.tags.lookup(uid)
        if thing is None:
            from .tags import UnknownTagScreen
            self.say(_("Unknown tag {uid}.").format(uid=uid), "bad")
            self.push(UnknownTagScreen(self, uid))
            return
        if not self.active.tag(thing):
            self.say(_("That tag is not needed now."))

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        self.active.draw(surface)
        self._message_bar(surface)
        self.dirty = False

    def _message_bar(self, surface: pygame.Surface) -> None:
        rect = pygame.Rect(0, theme.CONTENT_BOTTOM, theme.WIDTH, theme.MESSAGE_BAR)
        pygame.draw.rect(surface, theme.PANEL, rect)
        msg, level = self.message, self.message_level
        if not msg and self.session is not None:
            news = getattr(self.session.state, "news", None)
            if news:
                msg = " · ".join(_(t).format(**{k: _(v) if isinstance(v, str) else v for k, v in dict(p).items()})
                                 for t, p in news)
                level = "good"
        colour = {"bad": theme.BAD, "good": theme.GOOD}.get(level, theme.TEXT)
        if msg:
            text.draw(surface, msg, (10, rect.centery), 16, colour, "midleft", max_width=theme.WIDTH - 20)
        down = [d for d in self.devices.values() if not d.ok]
        if down:
            text.draw(surface, "⚠ " + ", ".join(d.device for d in down), (theme.WIDTH - 8, rect.centery), 14,
                      theme.BAD, "midright")
