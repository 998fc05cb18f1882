"""The menu (UNDO held, or the Menu button): leave the game, its move log, saved games, language, quit."""

from __future__ import annotations

import pygame

from firmware_host.i18n import _

from . import text, theme
from .home import GamesScreen, choose_language, language_buttons
from .tags import TagsScreen, TapTagScreen
from .ui import Button, Screen, column


class MenuScreen(Screen):
    chrome = False

    def build(self) -> list[Button]:
        rows = column(pygame.Rect(24, 64, 360, 0), 6, 56, 6)
        out = [Button("resume", rows[0], _("Back to the game"), fill=(60, 120, 70))]
        if self.ctl.session is not None:
            out.append(Button("leave", rows[1], _("Leave this game"), _("it stays saved")))
        if self.ctl.journal is not None:
            out.append(Button("games", rows[2], _("Saved games")))
        if self.ctl.tags is not None:
            out.append(Button("tags", rows[3], _("Tags")))
        if hasattr(getattr(self.ctl.hardware, "nfc", None), "tap"):
            out.append(Button("tap", rows[4], _("Touch a tag to the reader"), _("simulator")))
        if self.ctl.allow_quit:
            out.append(Button("quit", rows[5], _("Quit")))
        out += language_buttons(pygame.Rect(420, 100, 356, 2 * 60 + 6), 2)
        out += self.game_actions(pygame.Rect(420, 276, 356, 56))
        return out

    def game_actions(self, first: pygame.Rect) -> list[Button]:
        """The open game's own entries (``GameDisplay.menu_actions``: the Correct screen...)."""
        from .games import display_for

        if self.ctl.session is None:
            return []
        actions = display_for(self.ctl.session.name).menu_actions
        out = [Button(f"game:{wid}", first.move(0, k * 62), _(label), size=17)
               for k, (wid, label, _screen) in enumerate(actions)]
        out.append(Button("log", first.move(0, len(actions) * 62), _("Move log"), _("who did what"), size=17))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        text.draw(surface, _("Menu"), (24, 16), 24, theme.TEXT, bold=True)
        text.draw(surface, _("Language"), (420, 70), 17, theme.MUTED)

    def press(self, wid: str) -> None:
        if wid == "resume":
            self.ctl.pop()
        elif wid == "leave":
            self.ctl.close_game()
        elif wid == "games":
            self.ctl.push(GamesScreen(self.ctl))
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
