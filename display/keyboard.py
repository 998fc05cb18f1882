"""An on-screen keyboard for short texts (player names) on a touchscreen without keys."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from firmware_host.i18n import _

from . import text, theme
from .ui import Button, Screen

ROWS = ("1234567890", "QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM")


class KeyboardScreen(Screen):
    """Edits ``value``; OK calls ``done(value)`` and closes. Typed keys (simulator) work too."""

    chrome = False

    def __init__(self, ctl, title: str, value: str, done: Callable[[str], None]) -> None:
        super().__init__(ctl)
        self.title = title
        self.value = value
        self.done = done

    def physical_areas(self) -> list[pygame.Rect]:
        """The keys keep their QWERTY order on a mirrored (right-to-left) screen; the row with
        Cancel, the name and OK reads from the right."""
        return [pygame.Rect(0, 146, theme.WIDTH, theme.CONTENT_BOTTOM - 146)]

    def build(self) -> list[Button]:
        out = []
        top = 150
        for r, row in enumerate(ROWS):
            x0 = 12 + r * 26
            for k, ch in enumerate(row):
                out.append(Button(f"key:{ch}", pygame.Rect(x0 + k * 74, top + r * 60, 68, 54), ch, size=20))
        y = top + 4 * 60
        out.append(Button("key: ", pygame.Rect(150, y, 300, 54), _("space")))
        out.append(Button("del", pygame.Rect(460, y, 120, 54), _("delete")))
        out.append(Button("cancel", pygame.Rect(12, 80, 130, 54), _("Cancel")))
        out.append(Button("ok", pygame.Rect(theme.WIDTH - 142, 80, 130, 54), _("OK"), fill=(60, 120, 70)))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        text.draw(surface, self.title, (12, 14), 22, theme.TEXT, bold=True)
        box = pygame.Rect(152, 80, theme.WIDTH - 306, 54)
        pygame.draw.rect(surface, theme.PANEL_HI, box, border_radius=6)
        text.draw(surface, self.value + "_", (box.x + 10, box.centery), 24, theme.TEXT, "midleft")

    def press(self, wid: str) -> None:
        if wid.startswith("key:"):
            ch = wid[4:]
            self.value = (self.value + (ch if not self.value or self.value.endswith(" ") else ch.lower()))[:16]
        elif wid == "del":
            self.value = self.value[:-1]
        elif wid == "cancel":
            self.ctl.pop()
            return
        elif wid == "ok":
            self.ctl.pop()
            self.done(self.value)
            return
        self.invalidate()

    def text_entered(self, typed: str) -> None:
        # printable characters only: a name goes into the game's setup, which refuses others
        self.value = (self.value + "".join(ch for ch in typed if ch.isprintable()))[:16]
        self.invalidate()

    def back(self) -> bool:
        self.value = self.value[:-1]
        return True
