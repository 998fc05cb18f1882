"""History (Home → History, Menu → History): the games kept on the box.

Three lists, newest first: finished games (date, duration, the players in seat order with
their scores, the winner), unfinished ones (resume, or abandon after a question) and games
set aside (a record that could not be rebuilt, kept for inspection). A finished game opens
on :class:`PlayedScreen`: its seats, scores, ranks, winner, tie-break and options, with its
final tally and score chart again (the game's own final screen, read-only: a finished game
refuses undo) and the BG Stats QR code (:mod:`display.share`). Everything is read through
:class:`firmware_host.history.History` (SQL over the journal). Names no game.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from typing import Any

import pygame

from firmware_host.engine.core import N_
from firmware_host.games import plugin
from firmware_host.history import Played, Unfinished
from firmware_host.i18n import _, ngettext
from firmware_host.journal import JournalError, Notice, diagnose
from firmware_host.players import PlayerError

from . import text, theme
from .controller import told
from .games import humanised, title
from .players import said
from .ui import Button, ConfirmScreen, Screen, column
from .usb import stick_problem

ROWS = 5
LIST = pygame.Rect(24, 112, 552, 0)
ROW_H = 58
SIDE_X = 596
SIDE_W = theme.WIDTH - SIDE_X - 24

log = logging.getLogger(__name__)


def when(t: float | None) -> str:
    """A Unix time (s) as the local date and time, ``YYYY-MM-DD HH:MM``; ``""`` if unknown."""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(t)) if t else ""


def minutes(n: int | float | None) -> str:
    """A duration in minutes, in words (translated); ``""`` if unknown."""
    if n is None:
        return ""
    n = round(n)
    if n >= 60:
        return _("{h} h {m:02d} min").format(h=n // 60, m=n % 60)
    return ngettext("{n} min", "{n} min", n).format(n=n)


def score_text(score: float | int | None) -> str:
    """A score as printed: whole numbers without a decimal point; ``–`` for none (a game
    that ranks by finishing place)."""
    if score is None:
        return "–"
    return str(int(score)) if float(score).is_integer() else f"{score:.1f}"


def scored(game: str) -> bool:
    """Whether ``game`` has points (``GamePlugin.scored``; a race has only places): where it
    has none, no score is shown."""
    try:
        return plugin(game).scored
    except KeyError:
        return True


def seats_line(played: Played) -> str:
    """"Anna 102 ★ · Bela 95 · Chen 80": the seats in seat order, the winner starred (a game
    without points: the names and the star)."""
    points = scored(played.game)
    return text.joined(s.name + (f" {score_text(s.score)}" if points else "") + (" ★" if s.winner else "")
                       for s in played.seats)


def option_lines(options: dict[str, Any]) -> list[str]:
    """A played game's board, map, edition and options in words: ``Map: Italia``; the
    engine's names turned into words (translated where the catalogs have them)."""
    out = []
    for key, value in options.items():
        if isinstance(value, bool):
            shown = _("yes") if value else _("no")
        elif isinstance(value, str):
            shown = humanised(value)
        else:
            shown = str(value)
        out.append(_("{option}: {value}").format(option=humanised(key), value=shown))
    return out


def read(ctl: Any, what: str, *args: Any, default: Any = None) -> Any:
    """``ctl.history.<what>(*args)``; a journal that cannot be read now (or written, for
    ``complete``: a full or read-only disk) is said on the message line and ``default``
    returned (the screen shows what it has)."""
    history = ctl.history
    if history is None:
        return default
    try:
        return getattr(history, what)(*args)
    except (JournalError, PlayerError, KeyError, ValueError, sqlite3.Error) as exc:
        ctl.say(said(exc), "bad")
        return default


def complete(ctl: Any) -> None:
    """Give the games an older companion finished their results (:meth:`History.complete`),
    saying how far it is on the message line and showing it at once after each game
    (``Controller.present``, set by the app's loop, also feeds the watchdog): after an
    upgrade, hundreds of old games are replayed once, minutes on a Pi."""
    def progress(done: int, total: int) -> None:
        ctl.say(_("Reading the older games: {done} of {total}").format(done=done, total=total))
        if ctl.present is not None:
            ctl.present()
    read(ctl, "complete", progress)


class HistoryScreen(Screen):
    """The games kept, newest first, five a page, in three lists (tabs): finished, unfinished
    and set aside. A finished game opens its page (:class:`PlayedScreen`); an unfinished one
    is resumed, or abandoned after a question; a set-aside one is opened (it is rebuilt if
    its record allows). Export (:mod:`display.usb`) writes every game onto a USB stick."""

    chrome = False

    def __init__(self, ctl: Any, tab: str = "") -> None:
        super().__init__(ctl)
        self.page = 0
        # games an older companion finished have no results yet: replayed once to get them
        # (one cheap query when none is missing)
        complete(ctl)
        self.reload()
        self.tab = tab or next((t for t in ("finished", "unfinished", "aside") if self.rows(t)), "finished")
        self.any_finished = bool(self.finished)

    def reload(self) -> None:
        """Read the lists again: the finished games a page at a time (``limit``/``offset``:
        the cost of a page does not grow with the history), one more than shown to know
        whether there is an older page."""
        page = self.page if getattr(self, "tab", "finished") == "finished" else 0
        self.finished: list[Played] = read(self.ctl, "finished", None, None, ROWS + 1, page * ROWS, default=[])
        self.finished_offset = page * ROWS
        self.unfinished: list[Unfinished] = read(self.ctl, "unfinished", default=[])
        # set aside (finished < 0): a record that could not be rebuilt, kept for inspection;
        # read through the index, so the tab costs what the games set aside cost
        self.aside: list[tuple[int, str, float, int]] = []
        if self.ctl.journal is not None:
            try:
                self.aside = self.ctl.journal.set_aside()
            except JournalError as exc:
                self.ctl.say(said(exc), "bad")

    def rows(self, tab: str) -> list[Any]:
        """The rows of ``tab`` from the first shown (the finished games: this page's, read
        with one more; the others: all of them)."""
        lists: dict[str, list[Any]] = {"finished": self.finished, "unfinished": self.unfinished, "aside": self.aside}
        return lists[tab]

    def page_rows(self) -> tuple[list[Any], bool]:
        """The rows on the page shown, and whether an older page follows."""
        rows = self.rows(self.tab)
        if self.tab == "finished":
            return rows[:ROWS], len(rows) > ROWS
        return rows[self.page * ROWS:(self.page + 1) * ROWS], len(rows) > (self.page + 1) * ROWS

    def build(self) -> list[Button]:
        out = []
        tabs = [("finished", _("Finished")), ("unfinished", _("Unfinished"))]
        if self.aside:
            tabs.append(("aside", _("Set aside")))
        for k, (tab, label) in enumerate(tabs):
            count = f" ({len(self.rows(tab))})" if tab != "finished" else ""
            out.append(Button(f"tab:{tab}", pygame.Rect(24 + k * 188, 52, 180, 50), label + count,
                              selected=tab == self.tab))
        shown, older = self.page_rows()
        rects = column(LIST, ROWS, ROW_H, 6)
        for row, rect in zip(shown, rects):
            if self.tab == "finished":
                p: Played = row
                head = text.joined((_(title(p.game)), when(p.finished or p.started), minutes(p.duration_min)))
                out.append(Button(f"played:{p.game_id}", rect, head, seats_line(p)))
            elif self.tab == "unfinished":
                u: Unfinished = row
                moves = ngettext("{n} move", "{n} moves", u.moves).format(n=u.moves)
                out.append(Button(f"resume:{u.game_id}", rect.inflate(-144, 0).move(-72, 0),
                                  text.joined((_(title(u.game)), when(u.started))),
                                  text.joined((", ".join(u.names), moves))))
                out.append(Button(f"abandon:{u.game_id}", pygame.Rect(rect.right - 136, rect.y, 136, rect.height),
                                  _("Abandon"), fill=theme.BAD))
            else:
                gid, game, created, events = row
                out.append(Button(f"open:{gid}", rect, text.joined((_(title(game)), when(created))),
                                  _("{n} moves, set aside").format(n=events)))
        out.append(Button("prev", pygame.Rect(SIDE_X, 112, SIDE_W, 56), _("Newer"), enabled=self.page > 0,
                          reason=_("These are the newest games.")))
        out.append(Button("next", pygame.Rect(SIDE_X, 176, SIDE_W, 56), _("Older"), enabled=older,
                          reason=_("These are the oldest games.")))
        out.append(Button("stats", pygame.Rect(SIDE_X, 240, SIDE_W, 56), _("Statistics")))
        problem = self.usb_problem()
        out.append(Button("usb", pygame.Rect(SIDE_X, 304, SIDE_W, 56), _("Export to USB"),
                          enabled=not problem and self.any_finished, reason=problem or _("No games to export yet.")))
        out.append(Button("close", pygame.Rect(SIDE_X, theme.CONTENT_BOTTOM - 64, SIDE_W, 56), _("Back")))
        return out

    def usb_problem(self) -> str:
        return stick_problem(self.ctl.usb_path)

    def paint(self, surface: pygame.Surface) -> None:
        text.draw(surface, _("History"), (24, 12), 24, theme.TEXT, bold=True, max_width=SIDE_X - 40)
        shown, _older = self.page_rows()
        if not shown:
            empty = {"finished": _("No finished games yet."), "unfinished": _("No unfinished games."),
                     "aside": ""}[self.tab]
            text.draw(surface, empty, (LIST.x, LIST.y + 8), 18, theme.MUTED, max_width=LIST.width)
        else:
            text.draw(surface, _("page {page}").format(page=self.page + 1), (SIDE_X + SIDE_W // 2, 84), 16,
                      theme.MUTED, "center", max_width=SIDE_W, role="detail")

    def press(self, wid: str) -> None:
        kind, _sep, value = wid.partition(":")
        if kind == "tab":
            self.tab, self.page = value, 0
            self.reload()
        elif wid in ("prev", "next"):
            self.page += 1 if wid == "next" else -1
            self.reload()
        elif kind == "played":
            played = read(self.ctl, "played", int(value))
            if played is not None:
                self.ctl.push(PlayedScreen(self.ctl, played))
            return
        elif kind in ("resume", "open"):
            self.ctl.open_game(int(value))
            return
        elif kind == "abandon":
            gid = int(value)
            u = next((u for u in self.unfinished if u.game_id == gid), None)
            what = text.joined((_(title(u.game)), when(u.started))) if u is not None else str(gid)
            self.ctl.push(ConfirmScreen(self.ctl, _("Abandon {game}?").format(game=what),
                                        lambda: self._abandon(gid)))
            return
        elif wid == "stats":
            from .stats import StatsScreen
            self.ctl.push(StatsScreen(self.ctl))
            return
        elif wid == "usb":
            from .usb import UsbScreen
            self.ctl.push(UsbScreen(self.ctl))
            return
        elif wid == "close":
            self.ctl.pop()
            self.ctl.active.invalidate()
            return
        self.invalidate()

    def _abandon(self, gid: int) -> None:
        """Set the game aside for good: it stays in the journal (listed under Set aside) but
        is no longer resumed at start. The open game, if it is this one, is closed first."""
        journal = self.ctl.journal
        assert journal is not None
        try:
            journal.abandon(gid)
        except JournalError as exc:         # damaged, or the file deleted or replaced
            self.ctl.say(said(exc), "bad")
            return
        except sqlite3.Error as exc:        # the disk refused: full, read-only, locked
            log.error("abandon not saved: %s", exc)
            problem = diagnose(journal.path, exc)
            self.ctl.say(told(Notice(N_("The game could not be abandoned ({reason}); nothing changed."),
                                     {"reason": problem.reason, **problem.params})), "bad")
            return
        if self.ctl.session is not None and self.ctl.session.game_id == gid:
            overlays = list(self.ctl.overlays)
            self.ctl.close_game()           # the abandoned game is no longer played
            self.ctl.overlays = overlays
        self.ctl.say(_("Game abandoned; it stays under Set aside."), "good")
        self.reload()
        self.page = 0
        self.invalidate()


class PlayedScreen(Screen):
    """One finished game: when, how long, each seat in seat order with score, rank, winner
    and start player, the tie-break and the options; Final tally opens the game's own final
    screen again (read-only), Share its BG Stats QR code."""

    chrome = False

    def __init__(self, ctl: Any, played: Played) -> None:
        super().__init__(ctl)
        self.played = played

    def build(self) -> list[Button]:
        y = theme.CONTENT_BOTTOM - 64
        return [Button("close", pygame.Rect(24, y, 150, 56), _("Back")),
                Button("tally", pygame.Rect(186, y, 260, 56), _("Final tally and chart")),
                Button("share", pygame.Rect(theme.WIDTH - 264, y, 240, 56), _("Share (QR code)"), fill=theme.GO)]

    def paint(self, surface: pygame.Surface) -> None:
        p = self.played
        text.draw(surface, _(title(p.game)), (24, 12), 26, theme.TEXT, bold=True, max_width=theme.WIDTH - 48)
        info = text.joined((when(p.started), minutes(p.duration_min)))
        text.draw(surface, info, (24, 50), 18, theme.MUTED, max_width=theme.WIDTH - 48)
        table = pygame.Rect(24, 84, 460, 0)
        heads = ((_("Seat"), 0, "topleft"), (_("Player"), 60, "topleft"), (_("Score"), 330, "topright"),
                 (_("Place"), 410, "topright"))
        for label, dx, anchor in heads:
            text.draw(surface, label, (table.x + dx, table.y), 15, theme.MUTED, anchor, max_width=120, role="caption",
                      min_size=14)
        y = table.y + 24
        step = min(40, (theme.CONTENT_BOTTOM - 84 - y) // max(1, len(p.seats)))
        points = scored(p.game)
        for s in p.seats:
            if s.winner:
                pygame.draw.rect(surface, theme.PANEL_HI, (table.x - 6, y - 4, table.width + 12, step - 4),
                                 border_radius=6)
            text.draw(surface, str(s.seat + 1), (table.x + 8, y), 20, theme.MUTED)
            mark = " ▶" if s.start_player else ""
            text.draw(surface, s.name + mark, (table.x + 60, y), 20, theme.ACCENT if s.winner else theme.TEXT,
                      bold=s.winner, max_width=200)
            text.draw(surface, score_text(s.score if points else None), (table.x + 330, y), 20, theme.TEXT,
                      "topright", bold=True)
            place = "★" if s.winner else (str(s.rank) if s.rank else "–")
            text.draw(surface, place, (table.x + 410, y), 20, theme.ACCENT if s.winner else theme.TEXT, "topright")
            y += step
        side = pygame.Rect(510, 84, theme.WIDTH - 534, theme.CONTENT_BOTTOM - 84 - 80)
        lines = []
        if any(s.start_player for s in p.seats):
            lines.append((_("▶ start player"), theme.MUTED))
        tie = p.tie_break_text(_)
        if tie:
            lines.append((tie, theme.ACCENT))
        lines += [(line, theme.TEXT) for line in option_lines(p.options)]
        y = side.y
        for line, colour in lines:
            for part in text.wrap(line, 16, side.width):
                if y + 20 > side.bottom:
                    return
                text.draw(surface, part, (side.x, y), 16, colour, max_width=side.width, role="detail")
                y += 21

    def press(self, wid: str) -> None:
        if wid == "close":
            self.ctl.pop()
            self.ctl.active.invalidate()
        elif wid == "tally":
            self.ctl.open_game(self.played.game_id)
        elif wid == "share":
            from .share import ShareScreen
            self.ctl.push(ShareScreen(self.ctl, self.played))
