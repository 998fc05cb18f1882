"""The home screen: start a game, or open one kept earlier; and, after a start-up problem
(no journal, no tags, a config file that cannot be read), what it is and a Try again button."""

from __future__ import annotations

import logging
import time

import pygame

from firmware_host import i18n
from firmware_host.games import GAMES
from firmware_host.i18n import _
from firmware_host.journal import JournalError

from . import text, theme
from .games import display_for, title
from .ui import Button, Screen, column, grid

log = logging.getLogger(__name__)

# ---------------------------------------------------------------------- the language chooser

#: where the languages' buttons are: in the top bar, between the title and the Menu button
LANGUAGE_ROW = pygame.Rect(288, 2, 396, theme.TOP_BAR - 4)
_font_notice: list[str] = []        # why the configured language is not shown (its fonts are missing)


def language_buttons(area: pygame.Rect, columns: int) -> list[Button]:
    """A button per language, each named in itself (its English name if its font is missing),
    the current one selected; ``lang:<code>`` chooses it."""
    langs = list(i18n.LANGUAGES.values())
    out = []
    for lang, rect in zip(langs, grid(area, len(langs), columns, gap=6)):
        usable = not text.missing_fonts(lang.code)
        out.append(Button(f"lang:{lang.code}", rect, lang.name if usable else lang.english,
                          selected=lang.code == i18n.language().code, lang=lang.code, size=16))
    return out


def choose_language(ctl, code: str) -> None:
    """A player chose the language ``code``: the screens switch at once and the choice is
    remembered for the next start (:func:`firmware_host.i18n.choose`). A language whose font
    is not installed is not switched to (its text would be boxes): the message line says
    which font is missing."""
    missing = text.missing_fonts(code)
    if missing:
        log.error("%s", "; ".join(missing))
        ctl.say("; ".join(missing) + ".", "bad")
        return
    i18n.choose(code)
    _font_notice.clear()
    ctl.set_language(code)


def check_fonts() -> None:
    """At start: if the current language's fonts are missing, say which (log and home screen)
    and show English instead of boxes."""
    missing = text.missing_fonts()
    if missing and i18n.language().code != "en":
        log.error("%s; showing English", "; ".join(missing))
        _font_notice[:] = missing
        i18n.set_language("en")
        text.clear_cache()


class HomeScreen(Screen):
    FAULT_TOP_GAP = 16      # between the last home action and the fault panel

    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        check_fonts()

    def _actions(self) -> list[tuple[str, str, str]]:
        return [(game, aid, label) for game in GAMES for aid, label, _screen in display_for(game).home_actions]

    def _fault_area(self) -> pygame.Rect:
        top = 110 + len(self._actions()) * 76 + (self.FAULT_TOP_GAP if self._actions() else 0)
        return pygame.Rect(436, top, 340, theme.CONTENT_BOTTOM - 12 - top)

    def build(self) -> list[Button]:
        rows = column(pygame.Rect(24, 110, 340, 0), len(GAMES) + 1, 64, 12)
        out = [Button(f"new:{game}", rect, _("New game: {title}").format(title=_(title(game))),
                      fill=(60, 120, 70)) for game, rect in zip(GAMES, rows)]
        if self.ctl.journal is not None:
            out.append(Button("games", rows[len(GAMES)], _("Saved games")))
        actions = self._actions()
        for (game, aid, label), rect in zip(actions, column(pygame.Rect(436, 110, 340, 0), len(actions), 64, 12)):
            out.append(Button(f"action:{game}:{aid}", rect, _(label)))
        if self.ctl.faults:
            area = self._fault_area()
            out.append(Button("retry", pygame.Rect(area.x, area.bottom - 56, 200, 56), _("Try again")))
        out += language_buttons(LANGUAGE_ROW, len(i18n.LANGUAGES))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.PANEL, (0, 0, theme.WIDTH, theme.TOP_BAR))
        text.draw(surface, _("table companion"), (16, theme.TOP_BAR // 2), 24, theme.ACCENT, "midleft", bold=True,
                  max_width=LANGUAGE_ROW.x - 24)
        if _font_notice:        # instead of the motto; English is shown, so is this message
            text.draw_block(surface, "; ".join(_font_notice) + ".", pygame.Rect(24, 58, theme.WIDTH - 48, 48), 15,
                            theme.BAD)
        else:
            text.draw(surface, _("Keeps the books while you play."), (24, 76), 18, theme.MUTED,
                      max_width=theme.WIDTH - 48)
        if self.ctl.faults:
            self._paint_faults(surface)

    def _paint_faults(self, surface: pygame.Surface) -> None:
        """Each lasting problem (what it is, then what to do), wrapped into the panel above
        the Try again button; what does not fit is left out (the log has it all)."""
        area = self._fault_area()
        pygame.draw.rect(surface, theme.PANEL, area.inflate(12, 12), border_radius=8)
        bottom = area.bottom - 64
        y = area.y
        width = area.width
        for notice in self.ctl.faults:
            for line, colour in ([(ln, theme.BAD) for ln in text.wrap(notice.text(_), 16, width)]
                                 + [(ln, theme.MUTED) for ln in text.wrap(notice.advice_text(_), 15, width)]):
                if y + 20 > bottom:
                    return
                text.draw(surface, line, (area.x, y), 16 if colour == theme.BAD else 15, colour, max_width=width)
                y += 20
            y += 8

    def press(self, wid: str) -> None:
        if wid.startswith("new:"):
            if self.ctl.ready_to_save():
                self.ctl.push(display_for(wid[4:]).new_game(self.ctl))
        elif wid == "retry":
            self.ctl.retry_stores()
        elif wid.startswith("lang:"):
            choose_language(self.ctl, wid[5:])
        elif wid == "games":
            self.ctl.push(GamesScreen(self.ctl))
        elif wid.startswith("action:"):
            _kind, game, aid = wid.split(":", 2)
            screen = next(s for a, _label, s in display_for(game).home_actions if a == aid)
            self.ctl.push(screen(self.ctl))


class GamesScreen(Screen):
    """Games in the journal, newest first: open one to see its tally or carry it on."""

    PAGE = 5

    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        self.page = 0
        self.rows = []
        if ctl.journal is not None:
            try:
                self.rows = ctl.journal.games()
            except JournalError as exc:
                ctl.say(exc.notice.text(_), "bad")

    def build(self) -> list[Button]:
        out = []
        shown = self.rows[self.page * self.PAGE:(self.page + 1) * self.PAGE]
        rects = column(pygame.Rect(24, 70, 560, 0), self.PAGE, 60)
        for (gid, game, created, finished, events), rect in zip(shown, rects):
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(created))
            state = _("finished") if finished and finished > 0 else _("set aside") if finished else _("in progress")
            out.append(Button(f"open:{gid}", rect, f"{_(title(game))} · {when}",
                              _("{n} moves, {state}").format(n=events, state=state), size=17))
        out.append(Button("prev", pygame.Rect(600, 70, 180, 56), _("Newer"), enabled=self.page > 0))
        out.append(Button("next", pygame.Rect(600, 136, 180, 56), _("Older"),
                          enabled=(self.page + 1) * self.PAGE < len(self.rows)))
        out.append(Button("close", pygame.Rect(600, 370, 180, 56), _("Back")))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        text.draw(surface, _("Saved games"), (24, 16), 24, theme.TEXT, bold=True)
        if not self.rows:
            text.draw(surface, _("No games yet."), (24, 80), 18, theme.MUTED)

    def press(self, wid: str) -> None:
        if wid.startswith("open:"):
            self.ctl.open_game(int(wid[5:]))
        elif wid in ("prev", "next"):
            self.page += 1 if wid == "next" else -1
            self.invalidate()
        elif wid == "close":
            self.ctl.pop()
