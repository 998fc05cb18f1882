"""Share a finished game onto the players' phones: a QR code holding the BG Stats "create
play" link of the game (:func:`firmware_host.share.bgstats_url`), big enough for a phone's
camera from the other side of the table, with the players and scores beside it.

Sizes: the 7" 800x480 screen has 800 px over 154 mm, 0.19 mm a pixel. From 50 cm a phone's
camera (about 70° across, its scanning preview 1920 px wide) sees 700 mm of table in 1920
px, 2.7 px a mm; a decoder wants 2 camera px or more per module (the code's squares), so a
module is drawn at least :data:`MIN_MODULE_PX` = 4 px (0.77 mm: 2.1 camera px), as large as
the screen's height allows, in whole pixels (nearest-neighbour scaling: no blurred edges),
dark on white with the quiet zone the standard asks for (4 modules, ISO/IEC 18004). Error
correction is the lowest (L): a screen does not smudge, and the lower level keeps the code
smaller, so its modules bigger. A 4-player game's link (~610 characters) is version 17 (85
modules): 4 px modules, a code 65 mm wide; a 5-player one with 16-letter names version 19.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame
import segno

from firmware_host.history import Played
from firmware_host.i18n import _
from firmware_host.share import ShareError, bgstats_url

from . import text, theme
from .games import title
from .history import minutes, score_text, scored, when
from .players import said
from .ui import Button, Screen

MM_PER_PX = 154.2 / 800          # the official 7" display: 154.2 mm of active area over 800 px
MIN_MODULE_PX = 4                # 0.77 mm: read from 50 cm (module doc)
QUIET = 4                        # modules of white around the code (ISO/IEC 18004)
QR_AREA = pygame.Rect(8, 8, theme.CONTENT_BOTTOM - 16, theme.CONTENT_BOTTOM - 16)   # a square: 434 px


@dataclass(frozen=True)
class QrPicture:
    """A QR code as drawn: ``surface`` (white with the quiet zone), ``modules`` (its width
    in modules, without the quiet zone), ``module_px`` (px per module) and ``version``."""

    surface: pygame.Surface
    modules: int
    module_px: int
    version: int

    @property
    def module_mm(self) -> float:
        """A module's width on the 7" screen, mm."""
        return self.module_px * MM_PER_PX

    @property
    def side_mm(self) -> float:
        """The code's width without the quiet zone on the 7" screen, mm."""
        return self.modules * self.module_mm


class QrTooSmall(ValueError):
    """The data needs more modules than fit the area at :data:`MIN_MODULE_PX` each."""


def qr_picture(data: str, side_px: int = QR_AREA.width) -> QrPicture:
    """``data`` as a QR code (segno, error correction L, the smallest version that holds it)
    drawn in whole pixels into a square of at most ``side_px``. Raises :class:`QrTooSmall` if
    a module would be under :data:`MIN_MODULE_PX`, ``segno.DataOverflowError`` if no QR code
    holds ``data`` at all."""
    qr = segno.make(data, error="l", micro=False, boost_error=False)
    n = int(qr.symbol_size(scale=1, border=0)[0])      # modules across, without the quiet zone
    module = side_px // (n + 2 * QUIET)
    if module < MIN_MODULE_PX:
        raise QrTooSmall(f"{n} modules need {(n + 2 * QUIET) * MIN_MODULE_PX} px, {side_px} px are there")
    small = pygame.Surface((n + 2 * QUIET, n + 2 * QUIET))
    small.fill((255, 255, 255))
    for y, row in enumerate(qr.matrix):
        for x, dark in enumerate(row):
            if dark:
                small.set_at((x + QUIET, y + QUIET), (0, 0, 0))
    big = pygame.transform.scale(small, ((n + 2 * QUIET) * module, (n + 2 * QUIET) * module))
    return QrPicture(big, n, module, int(qr.version))


class ShareScreen(Screen):
    """A finished game's BG Stats QR code (left, as large as the screen allows) and what it
    holds (right): the game, when, how long, and each player by place with the score. A
    phone's camera opens the link; BG Stats shows the play filled in, to save it there. A link
    that cannot be made is said in one line and no code is drawn."""

    chrome = False

    def __init__(self, ctl: Any, played: Played) -> None:
        super().__init__(ctl)
        self.played = played
        self.qr: QrPicture | None = None
        self.url = ""
        try:
            self.url = bgstats_url(played)
            self.qr = qr_picture(self.url)
        except (ShareError, ValueError, segno.DataOverflowError) as exc:
            self.problem = said(exc) if isinstance(exc, ShareError) else _(
                "This game is too long for a QR code ({error}).").format(error=exc)
            ctl.say(self.problem, "bad")
        else:
            self.problem = ""

    def physical_areas(self) -> list[pygame.Rect]:
        """The code is a picture: on a mirrored (right-to-left) screen it moves to the right
        but is never mirrored (a mirrored QR code reads as nothing)."""
        return [self.qr_rect()]

    def qr_rect(self) -> pygame.Rect:
        size = self.qr.surface.get_width() if self.qr is not None else QR_AREA.width
        return pygame.Rect(QR_AREA.x, QR_AREA.y + (QR_AREA.height - size) // 2, size, size)

    def side(self) -> pygame.Rect:
        x = self.qr_rect().right + 20
        return pygame.Rect(x, 16, theme.WIDTH - x - 16, theme.CONTENT_BOTTOM - 16 - 72)

    def build(self) -> list[Button]:
        side = self.side()
        return [Button("close", pygame.Rect(side.x, theme.CONTENT_BOTTOM - 64, side.width, 56), _("Back"))]

    def paint(self, surface: pygame.Surface) -> None:
        p = self.played
        rect = self.qr_rect()
        if self.qr is not None:
            surface.blit(self.qr.surface, rect)
        else:
            pygame.draw.rect(surface, theme.PANEL, rect, border_radius=8)
            text.draw_block(surface, self.problem, rect.inflate(-32, -32), 18, theme.BAD, min_size=18)
        side = self.side()
        y = side.y
        text.draw(surface, _(title(p.game)), (side.x, y), 24, theme.TEXT, bold=True, max_width=side.width)
        y += 34
        info = text.joined((when(p.started), minutes(p.duration_min)))
        text.draw(surface, info, (side.x, y), 16, theme.MUTED, max_width=side.width, role="detail")
        y += 30
        points = scored(p.game)
        ranked = sorted(p.seats, key=lambda s: (s.rank or len(p.seats) + 1, s.seat))
        step = min(36, (side.bottom - y - 90) // max(1, len(ranked)))
        for s in ranked:
            colour = theme.ACCENT if s.winner else theme.TEXT
            mark = "★" if s.winner else str(s.rank or "–")
            text.draw(surface, mark, (side.x + 14, y), 20, colour, "midtop", bold=True)
            text.draw(surface, s.name, (side.x + 34, y), 20, colour, bold=s.winner, max_width=side.width - 100)
            if points:
                text.draw(surface, score_text(s.score), (side.right, y), 20, colour, "topright", bold=True)
            y += step
        text.draw_block(surface, _("Scan with a phone: BG Stats opens with this play filled in."),
                        pygame.Rect(side.x, side.bottom - 84, side.width, 84), 18, theme.MUTED, min_size=18)

    def press(self, wid: str) -> None:
        if wid == "close":
            self.ctl.pop()
            self.ctl.active.invalidate()


def share_open_game(ctl: Any) -> Screen | None:
    """The share screen of the open game, once it is finished (the menu's Share entry);
    ``None`` (said on the message line) if the journal has no result for it."""
    session = ctl.session
    if session is None or not session.finished or session.game_id is None or ctl.history is None:
        return None
    from .history import read
    played = read(ctl, "played", session.game_id)
    if played is None:
        if not ctl.message:
            ctl.say(_("This game's result is not in the history yet."), "bad")
        return None
    return ShareScreen(ctl, played)
