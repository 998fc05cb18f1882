"""The home screen: start a game; History, Players and Statistics between games; and, after a start-up problem
(no journal, no tags, a config file that cannot be read), what it is and a Try again button."""

from __future__ import annotations

import logging

import pygame

from firmware_host import i18n
from firmware_host.games import GAMES
from firmware_host.i18n import _

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
                          selected=lang.code == i18n.language().code, lang=lang.code))
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
                      fill=theme.GO) for game, rect in zip(GAMES, rows)]
        if self.ctl.journal is not None:      # between games: what was played, by whom, how well
            row = rows[len(GAMES)]
            right_free = 110 + len(self._actions()) * 76 <= row.y     # the games' own actions end above
            if right_free and not self.ctl.faults:  # across both columns: "Statisztika" needs no hyphen
                row = pygame.Rect(row.x, row.y, theme.WIDTH - 2 * row.x, row.height)
            for wid, label, rect in zip(("games", "players", "stats"), (_("History"), _("Players"), _("Statistics")),
                                        grid(row, 3, 3, gap=12 if row.width > 340 else 8)):
                out.append(Button(wid, rect, label))
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
            lines = text.wrap("; ".join(_font_notice) + ".", theme.PLAY_FLOOR, theme.WIDTH - 48)
            for k, line in enumerate(lines[:2]):        # two lines of 18 px above the buttons (at 110)
                text.draw(surface, line if k == 0 or len(lines) <= 2 else " ".join(lines[1:]), (24, 60 + 22 * k),
                          theme.PLAY_FLOOR, theme.BAD, max_width=theme.WIDTH - 48, min_size=theme.FLOOR)
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
            size = theme.PLAY_FLOOR
            for line, colour in ([(ln, theme.BAD) for ln in text.wrap(notice.text(_), size, width)]
                                 + [(ln, theme.MUTED) for ln in text.wrap(notice.advice_text(_), size, width)]):
                if y + 22 > bottom:
                    return
                text.draw(surface, line, (area.x, y), size, colour, max_width=width, min_size=size)
                y += 22
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
            from .history import HistoryScreen
            self.ctl.push(HistoryScreen(self.ctl))
        elif wid == "players":
            from .players import PlayersScreen
            self.ctl.push(PlayersScreen(self.ctl))
        elif wid == "stats":
            from .stats import StatsScreen
            self.ctl.push(StatsScreen(self.ctl))
        elif wid.startswith("action:"):
            _kind, game, aid = wid.split(":", 2)
            screen = next(s for a, _label, s in display_for(game).home_actions if a == aid)
            self.ctl.push(screen(self.ctl))

