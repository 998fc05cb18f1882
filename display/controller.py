"""The controller: one input at a time, from any source, to the current screen and the session.

The window's event loop, the golden-playthrough scripts and the input storms all drive the
companion through :meth:`Controller.handle`; a scripted ``tap <id>`` becomes a touch at the
centre of that widget, so scripts take exactly the path a finger does.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from firmware_host import i18n
from firmware_host.engine.core import Event, RuleError, translate_params
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
    normalize_uid,
)
from firmware_host.journal import Journal, JournalError, Notice, clean
from firmware_host.session import SaveError, Session, SessionError, Stores, open_saved, resume_unfinished, start
from firmware_host.tags import TagStoreError

from . import text, theme
from .games import names_of
from .ui import Screen, refusal

MESSAGE_CHARS = 300     # a message is cut to this many characters before it is drawn
UID_CHARS = 64          # a 10-byte UID written with separators ("04:a2:...") is 29


def told(notice: Notice) -> str:
    """A notice as the message line says it: what happened, then what to do, translated."""
    return " ".join(filter(None, (notice.text(_), notice.advice_text(_))))


class Controller:
    """Owns the session (or none, on the home screen), the current screen and the message line.

    ``journal`` may be ``None`` (screenshots, benchmarks: nothing is written). ``tags`` is the
    tag registry (``firmware_host.tags.TagRegistry``) or ``None``; ``hardware`` the open
    adapters (the simulator's tag screen taps its simulated reader). ``notice`` is said at
    once (a start-up message).

    ``stores`` (the app): the journal and tags opened at start-up
    (:class:`~firmware_host.session.Stores`), which then replace ``journal`` and ``tags``.
    While it has a ``problem`` (no journal: a full or read-only disk, a locked file, ...) no
    game can be started or opened, and every try opens the journal again first
    (:meth:`ready_to_save`); the home screen shows its lasting notices (:attr:`faults`).
    """

    def __init__(self, journal: Journal | None, *, tags: Any = None, notice: str | Notice | None = None,
                 allow_quit: bool = False, hardware: Any = None, stores: Stores | None = None) -> None:
        self.stores = stores
        if stores is not None:
            journal, tags = stores.journal, stores.tags if tags is None else tags
        self.journal = journal
        self.tags = tags
        self.hardware = hardware
        self.allow_quit = allow_quit
        self.session: Session | None = None
        self.dirty = True
        self.message = ""
        self.message_level = "info"
        self.message_rule = ""              # the rule ID of a refusal, drawn apart from it
        self.devices: dict[str, DeviceStatus] = {}
        self.overlays: list[Screen] = []      # menus, forms and pickers over the game screen
        self.running = True
        self.show_hints = False             # the simulator's key-hint line (F1)
        self.on_state_change: Callable[[], None] | None = None
        self._players: tuple[Journal, Any] | None = None        # (the journal it reads, Players)
        self._history: tuple[Journal, Any] | None = None
        #: where a USB stick is mounted (``Config.usb_mount``): History offers to export
        #: every game onto it when a writable one is there (``None``: never)
        self.usb_path: Path | None = None
        #: draw and show the screen now, while a long job (an export) keeps the loop waiting;
        #: set by the app's loop (``None``: the next frame shows it)
        self.present: Callable[[], None] | None = None
        self.screen: Screen = self._home()
        if journal is not None:
            self._resume_unfinished()
        said = [notice.text(_) if isinstance(notice, Notice) else notice] if notice else []
        if stores is not None and stores.notices:
            said.append((stores.problem or stores.notices[0]).text(_))
        if said:        # start-up news first, then what the resume said if it went wrong
            self.say(" · ".join(said + ([self.message] if self.message_level == "bad" and self.message else [])),
                     "bad")

    # ------------------------------------------------------------------ stores

    @property
    def faults(self) -> list[Notice]:
        """Lasting start-up problems (no journal, no tags, no config): shown on the home screen."""
        return [n for n in self.stores.notices if n.level == "fault"] if self.stores is not None else []

    def ready_to_save(self) -> bool:
        """Whether a game can be played now, i.e. saved. Without a journal (a start-up
        problem) the stores are tried again first (:meth:`retry_stores`); ``False`` if the
        journal still cannot be used (the players are told why) or if it opened with an
        unfinished game in it (that game is now on screen)."""
        stores = self.stores
        if stores is None or stores.problem is None:
            return True
        self.retry_stores()
        return stores.problem is None and self.session is None

    def retry_stores(self) -> None:
        """Open again each store that could not be opened at start (the Try again button);
        say how it went. A journal that opens now resumes its unfinished game."""
        stores = self.stores
        if stores is None:
            return
        had_journal = self.journal is not None
        stores.retry()
        self.journal, self.tags = stores.journal, stores.tags
        faults = self.faults
        if stores.problem is not None:
            self.say(stores.problem.text(_), "bad")
        elif faults:
            self.say(faults[0].text(_), "bad")
        else:
            self.say(_("Everything is working again."), "good")
        if not had_journal and self.journal is not None:
            self._resume_unfinished()
        if self.session is None:
            self.refresh()
        self.dirty = True

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
        """Begin keeping a new game (journaled at once); if the journal refuses, or there is
        none because of a start-up problem, say so."""
        if not self.ready_to_save():
            return
        try:
            self.session = start(self.journal, game, setup)
        except SessionError as exc:
            self.say(told(exc.notice), "bad")
            return
        self.overlays = []
        self.refresh()

    def open_game(self, game_id: int) -> None:
        """Show a game from the journal (resume it if unfinished); one that cannot be rebuilt
        is reported and nothing else changes."""
        if self.journal is None:
            self.ready_to_save()
            return
        try:
            self.session = open_saved(self.journal, game_id)
        except SessionError as exc:
            self.say(told(exc.notice), "bad")
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

    # ------------------------------------------------------------------ between games

    @property
    def players(self) -> Any:
        """The players' profiles kept in the journal
        (:class:`firmware_host.players.Players`), ``None`` without a journal; made again
        when the journal is (:meth:`retry_stores`)."""
        if self.journal is None:
            return None
        if self._players is None or self._players[0] is not self.journal:
            from firmware_host.players import Players
            self._players = (self.journal, Players(self.journal))
        return self._players[1]

    @property
    def history(self) -> Any:
        """The games played, as the journal keeps them (:class:`firmware_host.history.History`),
        ``None`` without a journal."""
        if self.journal is None:
            return None
        if self._history is None or self._history[0] is not self.journal:
            from firmware_host.history import History
            self._history = (self.journal, History(self.journal))
        return self._history[1]

    # ------------------------------------------------------------------ moves

    def submit(self, event: Event) -> bool:
        """Send a move to the session; an illegal move is shown and changes nothing."""
        assert self.session is not None
        try:
            self.session.submit(event)
        except RuleError as exc:
            self.say(refusal(exc, self.session.name), "bad")
            self.screen.invalidate()
            return False
        except SaveError as exc:
            self.say(told(exc.notice), "bad")
            self.screen.invalidate()
            return False
        self.message = ""
        self.refresh()
        return True

    def can_undo(self) -> bool:
        return self.session is not None and bool(self.session.game.events) and not self.session.finished

    def undo_refused(self) -> str:
        """Why there is nothing to undo now (translated), ``""`` if there is."""
        if self.session is not None and self.session.finished:
            return _("This game is finished; its moves can no longer be taken back.")
        return "" if self.can_undo() else _("Nothing to undo.")

    def close_asking(self, overlay: Screen) -> None:
        """Close ``overlay``; if that would throw away what was entered on it, ask once first
        (:meth:`Screen.discard_question`)."""
        question = overlay.discard_question()
        if not question:
            self.close(overlay)
            return
        from .ui import ConfirmScreen
        self.push(ConfirmScreen(self, question, lambda: self.close(overlay)))

    def close(self, overlay: Screen) -> None:
        """Take ``overlay`` off the screen (wherever it is among the overlays)."""
        if overlay in self.overlays:
            self.overlays.remove(overlay)
        self.active.invalidate()

    def undo(self) -> None:
        if self.overlays:
            top = self.overlays[-1]
            if not top.back():
                self.close_asking(top)
            self.active.invalidate()
            return
        if self.screen.back():
            self.screen.invalidate()
            return
        refused = self.undo_refused()
        if refused:
            self.say(refused, "bad" if self.session is not None and self.session.finished else "info")
            return
        assert self.session is not None
        event, after = self.session.game.events[-1], self.session.state
        try:
            before = self.session.undo()
        except SessionError as exc:
            self.say(told(exc.notice), "bad")
            return
        from .games import describe_move
        try:
            what = describe_move(self.session.name, event, before, after)
        except Exception:  # noqa: BLE001 - a description must never stop an undo
            what = ""
        self.say(_("Took back: {move}").format(move=what) if what else _("Last move taken back."))
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
        """Show ``message`` on the message line (cleaned of what no font can draw, and cut to
        :data:`MESSAGE_CHARS`: it may quote a file name or an error). A refusal
        (:class:`~display.ui.Refusal`) brings its rule ID, drawn apart at the line's end."""
        self.message_rule = getattr(message, "rule", "")
        message = clean(message)
        self.message = message if len(message) <= MESSAGE_CHARS else message[:MESSAGE_CHARS - 1] + "…"
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
            else:
                off = screen.hit_disabled(event.x, event.y)
                if off is not None and off.reason:
                    self.say(off.reason)
        elif isinstance(event, ButtonPressed):
            if event.button == "undo":
                self.undo()
            elif event.button == "hints":
                self.show_hints = not self.show_hints
                self.dirty = True
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
                handler(clean(event.text))
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
        enrolment (nothing else changes), replacing the question about an earlier unknown
        tag. What cannot be a UID is refused here, before any screen sees it: anything longer
        than :data:`UID_CHARS` at once, and, if the registry does not know it, anything but
        4, 7 or 10 bytes of hex (nothing else can be enrolled)."""
        if self.tags is None:
            self.say(_("Tags are not available here."), "bad")
            return
        if len(uid) > UID_CHARS:
            self.say(_("That is not a tag the companion can use."), "bad")
            return
        try:
            uid, is_uid = normalize_uid(uid), True
        except ValueError:
            is_uid = False
        if self.active.tag_uid(uid):
            return
        try:
            thing = self.tags.lookup(uid)
        except TagStoreError as exc:
            self.say(_("The tags cannot be read ({error}).").format(error=exc), "bad")
            return
        if thing is None and is_uid and self._players_token(uid):
            return
        if thing is None:
            if not is_uid:
                self.say(_("That is not a tag the companion can use."), "bad")
                return
            from .tags import UnknownTagScreen
            self.say(_("Unknown tag {uid}.").format(uid=uid), "bad")
            self.overlays = [o for o in self.overlays if not isinstance(o, UnknownTagScreen)]
            self.push(UnknownTagScreen(self, uid))
            return
        if not self.active.tag(thing):
            self.say(_("That tag is not needed now."))

    def _players_token(self, uid: str) -> bool:
        """A player's own token read where no screen wants it: say whose it is (it picks them
        for a seat of a new game) instead of offering it for enrolment; ``False`` if it is
        nobody's."""
        from firmware_host.players import PlayerError
        try:
            player = self.players.by_token(uid) if self.players is not None else None
        except (PlayerError, JournalError):
            return False
        if player is None:
            return False
        self.say(_("That is {name}'s tag: it picks {name} for a seat when a new game is set up.").format(
            name=player.name))
        return True

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
                names = names_of(self.session.name)
                msg = " · ".join(_(t).format(**translate_params(dict(p), _, i18n.pgettext, names)) for t, p in news)
                level = "good"
        colour = {"bad": theme.BAD, "good": theme.GOOD}.get(level, theme.TEXT)
        msg = clean(msg)[:MESSAGE_CHARS]
        if self.show_hints:
            hints = _("Keys: 1-6 bowls · Enter OK · Backspace UNDO · Esc menu · F1 hides this")
            msg = f"{hints} · {msg}" if msg else hints
            colour = theme.MUTED if not self.message else colour
        right = theme.WIDTH - 8
        down = [d for d in self.devices.values() if not d.ok]
        if down:
            right = text.draw(surface, "⚠ " + ", ".join(d.device for d in down), (right, rect.centery),
                              theme.PLAY_FLOOR, theme.BAD, "midright", bold=True).left - 12
        if self.message_rule and self.message:
            # the rule ID of a refusal: small and muted at the end, where a player who wants to
            # look the rule up finds it, and the sentence reads without it (issue 12)
            right = text.draw(surface, self.message_rule, (right, rect.centery), "caption", theme.MUTED,
                              "midright").left - 12
        if msg:
            self._message_lines(surface, msg, pygame.Rect(10, rect.y, right - 10, rect.height), colour)

    @staticmethod
    def _message_lines(surface: pygame.Surface, msg: str, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
        """``msg`` in up to two lines at the size read during play (:data:`theme.PLAY_FLOOR`),
        centred in ``rect``. News of several moves (" · " between them) that takes more keeps
        its latest parts, after "…": the whole is in the move log."""
        size = theme.PLAY_FLOOR
        lines = text.wrap(msg, size, rect.width)
        parts = msg.split(" · ")
        while len(lines) > 2 and len(parts) > 1:
            parts = parts[1:]
            lines = text.wrap("… " + " · ".join(parts), size, rect.width)
        if len(lines) > 2:              # one sentence longer than two lines: an error report
            lines = lines[:1] + [" ".join(lines[1:])]
        step = rect.height // 2 - 1     # 23 px: a line of Latin, Persian or Chinese at 18 px
        top = rect.centery - step * (len(lines) - 1) / 2
        for k, line in enumerate(lines):
            text.draw(surface, line, (rect.x, top + k * step), size, colour, "midleft", max_width=rect.width,
                      min_size=size)
