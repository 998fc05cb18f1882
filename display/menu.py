"""The menu (UNDO held, or the Menu button): leave the game, saved games, language, quit."""

from __future__ import annotations

import pygame

from firmware_host import i18n
from firmware_host.i18n import _

from . import text, theme
from .home import GamesScreen
from .tags import TagsScreen, TapTagScreen
from .ui import Button, Screen, column, grid


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
        langs = list(i18n.LANGUAGES.values())
        for lang, rect in zip(langs, grid(pygame.Rect(420, 100, 356, 130), len(langs), 2, gap=8)):
            out.append(Button(f"lang:{lang.code}", rect, lang.name, selected=lang.code == i18n.language().code,
                              lang=lang.code))
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
        elif wid == "quit":
            self.ctl.running = False
        elif wid.startswith("lang:"):
            self.ctl.set_language(wid[5:])
