"""The menu (UNDO held, or the Menu button): leave the game, share a finished one's result, its move
log, the history, language, quit."""

from __future__ import annotations

import pygame

from firmware_host.i18n import _

from . import text, theme
from .history import HistoryScreen
from .home import choose_language, language_buttons
from .tags import TagsScreen, TapTagScreen
from .ui import Button, Screen, column


class MenuScreen(Screen):
    chrome = False

    def build(self) -> list[Button]:
        session = self.ctl.session
        entries = [Button("resume", pygame.Rect(0, 0, 0, 0), _("Back to the game"), fill=theme.GO)]
        if session is not None and session.finished and self.ctl.journal is not None:
            entries.append(Button("share", pygame.Rect(0, 0, 0, 0), _("Share the result"), _("QR code for phones")))
        if session is not None:
            entries.append(Button("leave", pygame.Rect(0, 0, 0, 0), _("Leave this game"), _("it stays saved")))
        if self.ctl.journal is not None:
            entries.append(Button("games", pygame.Rect(0, 0, 0, 0), _("History")))
        if self.ctl.tags is not None:
            entries.append(Button("tags", pygame.Rect(0, 0, 0, 0), _("Tags")))
        if hasattr(getattr(self.ctl.hardware, "nfc", None), "tap"):
            entries.append(Button("tap", pygame.Rect(0, 0, 0, 0), _("Touch a tag to the reader"), _("simulator")))
        if self.ctl.allow_quit:
            entries.append(Button("quit", pygame.Rect(0, 0, 0, 0), _("Quit")))
        # as many rows as there are entries, each at least a touch target high
        height = max(theme.MIN_TARGET, min(56, (theme.CONTENT_BOTTOM - 64 - 6 * (len(entries) - 1)) // len(entries)))
        for b, rect in zip(entries, column(pygame.Rect(24, 64, 360, 0), len(entries), height, 6)):
            b.rect = rect
        out = entries
        out += language_buttons(pygame.Rect(420, 100, 356, 2 * 60 + 6), 2)
        out += self.game_actions(pygame.Rect(420, 276, 356, 56))
        return out

    def game_actions(self, first: pygame.Rect) -> list[Button]:
        """The open game's own entries (``GameDisplay.menu_actions``: the Correct screen...)."""
        from .games import display_for

        if self.ctl.session is None:
            return []
        actions = display_for(self.ctl.session.name).menu_actions
        out = [Button(f"game:{wid}", first.move(0, k * 62), _(label))
               for k, (wid, label, _screen) in enumerate(actions)]
        out.append(Button("log", first.move(0, len(actions) * 62), _("Move log"), _("who did what")))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        text.draw(surface, _("Menu"), (24, 16), 24, theme.TEXT, bold=True)
        text.draw(surface, _("Language"), (420, 70), theme.PLAY_FLOOR, theme.MUTED)

    def press(self, wid: str) -> None:
        if wid == "resume":
            self.ctl.pop()
        elif wid == "leave":
            self.ctl.close_game()
        elif wid == "games":
            self.ctl.push(HistoryScreen(self.ctl))
        elif wid == "share":
            from .share import share_open_game
            screen = share_open_game(self.ctl)
            if screen is not None:
                self.ctl.push(screen)
        elif wid == "tags":
            self.ctl.push(TagsScreen(self.ctl))
        elif wid == "tap":
            self.ctl.pop()
            self.ctl.push(TapTagScreen(self.ctl))
        elif wid == "log":
            from .movelog import MoveLogScreen
            self.ctl.push(MoveLogScreen(self.ctl))
        elif wid == "quit":
            self.ctl.running = False
        elif wid.startswith("game:") and self.ctl.session is not None:
            from .games import display_for

            screens = {a[0]: a[2] for a in display_for(self.ctl.session.name).menu_actions}
            self.ctl.push(screens[wid[5:]](self.ctl))
        elif wid.startswith("lang:"):
            choose_language(self.ctl, wid[5:])
