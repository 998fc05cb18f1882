"""Starting a race: the new-game form and the setup steps the engine asks for (the draw of
start spaces on the white side, CR-SETUP-2; sheet picks and start spaces on the black side,
CR-VAR-BLACK-2..4)."""

from __future__ import annotations

import secrets
from functools import partial

import pygame

from firmware_host.data import load
from firmware_host.engine.chariot_race import ChariotRaceSetup
from firmware_host.engine.chariot_race import events as ev
from firmware_host.engine.chariot_race.rules import board_for, chariots_per_player
from firmware_host.i18n import _

from .. import text, theme
from ..players import pick_player
from ..ui import Button, Refusal, Screen
from . import icons, names
from .common import GREEN, SPEED_RGB, TOP, ChariotScreen, colour_button, go, paragraph


def start_grid(board, area: pygame.Rect) -> dict[int, pygame.Rect]:
    """Start space number -> its rectangle, laid out as on the track: the race runs left to
    right from the finish line, the outer lane on top (positions from ``[track]``)."""
    lanes = len(board.lanes)
    positions = sorted({pos for _lane, pos in board.start_spaces})
    w = (area.width - 8 * (len(positions) - 1)) // len(positions)
    h = (area.height - 6 * (lanes - 1)) // lanes
    out = {}
    for n, (lane, pos) in enumerate(board.start_spaces, start=1):
        col, row = positions.index(pos), lanes - 1 - lane
        out[n] = pygame.Rect(area.x + col * (w + 8), area.y + row * (h + 6), w, h)
    return out


def paint_start_grid(surface: pygame.Surface, board, area: pygame.Rect, taken: dict[int, str]) -> None:
    """The start spaces as a small picture, ``taken`` maps a space to the chariot on it."""
    pygame.draw.line(surface, theme.TEXT, (area.x - 6, area.y - 4), (area.x - 6, area.bottom + 4), 3)
    text.draw(surface, _("finish"), (area.x - 10, area.bottom + 6), "caption", theme.MUTED, "topleft")
    for n, r in start_grid(board, area).items():
        if n in taken:
            icons.chip(surface, r, taken[n])
        else:
            pygame.draw.rect(surface, theme.PANEL_HI, r, border_radius=5)
        ink = icons.ink(taken[n]) if n in taken else theme.TEXT
        text.draw(surface, str(n), r.center, theme.PLAY_FLOOR, ink, "center", bold=True)
    text.draw(surface, "→", (area.right + 4, area.centery), 22, theme.MUTED, "midleft")


class NewGameScreen(Screen):
    """Players (2-6) and their names in seat order, each player's chariot colours (two each
    with 2-3 players, CR-SETUP-7), white or black sheets, track side, the no-damage-after-
    finishing option and who rolls the dice. Start journals the setup."""

    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        self.board = load("chariot_race")
        self.colours_all = list(board_for(self.board).colours)
        self.count = 4
        self.names = [_("Player {n}").format(n=i + 1) for i in range(6)]
        self.palette = list(self.colours_all)       # chariot k drives palette[k]
        self.sheets = "white"
        self.track = "A"
        self.no_damage = False
        self.dice = "table"
        self.keep_entries()

    def discard_question(self) -> str:
        return _("Discard this new game?") if self.entries_changed() else ""

    @property
    def per(self) -> int:
        return chariots_per_player(self.count)

    def build(self) -> list[Button]:
        out = []
        per = self.per
        for i in range(self.count):
            y = TOP + 48 + i * 56          # under a heading of up to two lines
            # the hint under a name where it fits at 14 px (a tap on the name shows the keyboard anyway)
            hint = _("tap to rename")
            hint = hint if text.measure(hint, theme.FLOOR) <= 130 else ""
            out.append(Button(f"name:{i}", pygame.Rect(12, y, 140, 50), self.names[i], hint))
            for k in range(per):
                colour = self.palette[i * per + k]
                w = 80 if per == 2 else 164
                r = pygame.Rect(158 + k * 84, y, w, 50)
                if self.sheets == "white":
                    out.append(colour_button(f"colour:{i * per + k}", r, colour, names.colour(colour)))
                else:
                    out.append(Button(f"colour:{i * per + k}", r, _("picked"), _("at the table"), enabled=False))
            out.append(Button(f"up:{i}", pygame.Rect(324, y, 48, 50), "↑" if i else "", enabled=i > 0))
        x, w = 386, theme.WIDTH - 386 - 12
        for k, n in enumerate(range(2, 7)):
            bw = (w - 4 * 6) // 5
            out.append(Button(f"count:{n}", pygame.Rect(x + k * (bw + 6), TOP + 24, bw, 48), str(n),
                              _("players"), selected=n == self.count, size=18))
        q = (w - 3 * 6) // 4
        for k, (kind, value, label) in enumerate((("sheets", "white", _("White")), ("sheets", "black", _("Black")),
                                                   ("track", "A", _("Side A")), ("track", "B", _("Side B")))):
            current = self.sheets if kind == "sheets" else self.track
            out.append(Button(f"{kind}:{value}", pygame.Rect(x + k * (q + 6), TOP + 98, q, 48), label,
                              selected=value == current))
        half = (w - 6) // 2
        for k, (mode, label) in enumerate((("table", _("Rolled at the table")), ("companion", _("Companion rolls")))):
            out.append(Button(f"dice:{mode}", pygame.Rect(x + k * (half + 6), TOP + 172, half, 48), label,
                              selected=mode == self.dice))
        out.append(Button("nodamage", pygame.Rect(x, TOP + 226, w, 50), _("No damage after finishing"),
                          _("optional rule: on") if self.no_damage else _("optional rule: off"),
                          selected=self.no_damage))
        out.append(Button("cancel", pygame.Rect(x, theme.CONTENT_BOTTOM - 52, half, 50), _("Back")))
        out.append(Button("ok", pygame.Rect(x + half + 6, theme.CONTENT_BOTTOM - 52, half, 50), _("Start"), fill=GREEN))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.PANEL, (0, 0, theme.WIDTH, theme.TOP_BAR))
        text.draw(surface, _("New race: Chariot Race"), (12, 12), 22, theme.TEXT, bold=True)
        size = theme.PLAY_FLOOR
        paragraph(surface, _("Seats, clockwise from the first player"), pygame.Rect(12, TOP + 2, 360, 44),
                  theme.MUTED)
        x = 386
        text.draw(surface, _("Players"), (x, TOP + 2), size, theme.MUTED)
        text.draw(surface, _("Chariot sheets · track side"), (x, TOP + 75), size, theme.MUTED,
                  max_width=theme.WIDTH - x - 12, min_size=size)
        text.draw(surface, _("Dice"), (x, TOP + 149), size, theme.MUTED)
        note = [_("With 2 or 3 players each player drives two chariots.") if self.per == 2
                else _("Each player drives one chariot.")]
        if self.sheets == "black":
            note.append(_("Black sheets are picked in turn before the race."))
        # two lines between the optional rule and Start: the sentences that fit, whole
        lines: list[str] = []
        for sentence in note:
            more = text.wrap(sentence, size, theme.WIDTH - x - 12)
            if len(lines) + len(more) > 2:
                break
            lines += more
        for k, line in enumerate(lines):
            text.draw(surface, line, (x, TOP + 280 + 22 * k), size, theme.MUTED)

    def press(self, wid: str) -> None:
        kind, _sep, value = wid.partition(":")
        if kind == "colour":
            self._next_colour(int(value))
        elif kind == "name":
            i = int(value)
            self.ctl.push(pick_player(self.ctl, _("Name of seat {n}").format(n=i + 1), self.names[i],
                                      partial(self._rename, i), self.names[:self.count]))
        elif kind == "up":
            i, per = int(value), self.per
            self.names[i - 1], self.names[i] = self.names[i], self.names[i - 1]
            a, b = self.palette[(i - 1) * per:i * per], self.palette[i * per:(i + 1) * per]
            self.palette[(i - 1) * per:(i + 1) * per] = b + a
        elif kind == "count":
            self.count = int(value)
        elif kind == "sheets":
            self.sheets = value
        elif kind == "track":
            self.track = value
        elif kind == "dice":
            self.dice = value
        elif wid == "nodamage":
            self.no_damage = not self.no_damage
        elif wid == "cancel":
            self.ctl.pop()
            return
        elif wid == "ok":
            self.ctl.start_game("chariot_race", self.setup())
            return
        self.invalidate()

    def _next_colour(self, k: int) -> None:
        """Chariot ``k`` takes the next colour no other chariot of this race drives, or, with
        every colour driven, swaps colours with the chariot of the next colour."""
        used = set(self.palette[:self.count * self.per]) - {self.palette[k]}
        free = [c for c in self.colours_all if c not in used]
        if len(free) == 1:
            free = self.colours_all
        new = free[(free.index(self.palette[k]) + 1) % len(free)]
        j = self.palette.index(new)
        self.palette[k], self.palette[j] = new, self.palette[k]

    def _rename(self, i: int, name: str) -> None:
        if name.strip():
            self.names[i] = name.strip()[:16]
        self.invalidate()

    def setup(self) -> ChariotRaceSetup:
        per = self.per
        chariots = tuple((self.palette[k], k // per) for k in range(self.count * per)) if self.sheets == "white" else ()
        return ChariotRaceSetup(players=tuple(self.names[:self.count]), board=self.board, chariots=chariots,
                                sheets=self.sheets, track=self.track, no_damage_after_finish=self.no_damage,
                                dice=self.dice, seed=secrets.randbits(32))


ROWS_Y = TOP + 68       # the start spaces' rows, under a title and two lines of how-to


class StartSpacesScreen(ChariotScreen):
    """CR-SETUP-2, CR-AMB-12: each chariot's start space, drawn at random at the table (tap
    the number drawn, or press bowl 1-6 for the next chariot) or by the companion."""

    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        self.spaces: dict[str, int] = {}

    def build(self) -> list[Button]:
        out = []
        n = len(self.board.start_spaces)
        for k, c in enumerate(self.s.chariots):
            y = ROWS_Y + k * 52
            for space in range(1, n + 1):
                holder = next((col for col, sp in self.spaces.items() if sp == space), None)
                out.append(Button(f"space:{c.colour}:{space}", pygame.Rect(196 + (space - 1) * 62, y, 56, 48),
                                  str(space), selected=self.spaces.get(c.colour) == space,
                                  enabled=holder in (None, c.colour), size=18))
        x = 592
        out.append(Button("draw", pygame.Rect(x, TOP + 206, 196, 50), _("Companion draws"), enabled=not self.spaces))
        out.append(Button("clear", pygame.Rect(x, TOP + 262, 196, 50), _("Clear"), enabled=bool(self.spaces)))
        ready = len(self.spaces) == len(self.s.chariots)
        out.append(Button("ok", pygame.Rect(x, theme.CONTENT_BOTTOM - 52, 196, 50), _("Start the race"), fill=go(ready),
                          enabled=ready))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        self.title(surface, _("Draw the start spaces"),
                   _("Tap the start space drawn for each chariot (or press bowl 1-6 in this order). Space 1 starts."),
                   pygame.Rect(12, TOP + 4, theme.WIDTH - 24, 60), title_lines=1)
        for k, c in enumerate(self.s.chariots):
            y = ROWS_Y + k * 52
            icons.chip(surface, pygame.Rect(12, y + 8, 32, 32), c.colour)
            text.draw(surface, names.colour(c.colour), (52, y + 1), theme.PLAY_FLOOR, theme.TEXT, bold=True,
                      max_width=136, min_size=theme.PLAY_FLOOR)
            text.draw(surface, self.s.players[c.seat], (52, y + 24), theme.PLAY_FLOOR, theme.MUTED, max_width=136,
                      min_size=theme.PLAY_FLOOR)
        taken = {sp: col for col, sp in self.spaces.items()}
        paint_start_grid(surface, self.board, pygame.Rect(606, TOP + 70, 156, 110), taken)

    def press(self, wid: str) -> None:
        kind, _sep, value = wid.partition(":")
        if kind == "space":
            colour, space = value.split(":")
            if self.spaces.get(colour) == int(space):
                del self.spaces[colour]
            else:
                self.spaces[colour] = int(space)
        elif wid == "clear":
            self.spaces = {}
        elif wid == "draw":
            self.ctl.submit(ev.DrawStartSpaces())
            return
        elif wid == "ok":
            self.ctl.submit(ev.DrawStartSpaces(tuple(self.spaces[c.colour] for c in self.s.chariots)))
            return
        self.invalidate()

    def button(self, name: str) -> bool:
        if name.startswith("bowl"):
            space = int(name[4:])
            nxt = next((c for c in self.s.chariots if c.colour not in self.spaces), None)
            if nxt is None:
                self.ctl.say(_("Every chariot has a start space: press OK to start, or UNDO to change one."))
            elif space in self.spaces.values():
                self.ctl.say(Refusal(_("Start space {space} is taken. Choose a free start space.").format(
                    space=space), "CR-SETUP-2"), "bad")
            else:
                self.spaces[nxt.colour] = space
                self.invalidate()
            return True
        return super().button(name)

    def start_tag(self, space: int) -> bool:
        return self.button(f"bowl{space}")

    def back(self) -> bool:
        if not self.spaces:
            return False
        last = next(c.colour for c in reversed(self.s.chariots) if c.colour in self.spaces)
        del self.spaces[last]
        return True


SHEETS_Y = TOP + 68


class PickSheetScreen(ChariotScreen):
    """CR-VAR-BLACK-2: the deciding player takes one of the six black sheets (bowl 1-6)."""

    def build(self) -> list[Button]:
        out = []
        w, h = (theme.WIDTH - 24 - 16) // 3, 124
        for k, colour in enumerate(self.board.colours):
            r = pygame.Rect(12 + (k % 3) * (w + 8), SHEETS_Y + (k // 3) * (h + 8), w, h)
            holder = self.s.by_colour(colour)
            if holder is not None:
                out.append(Button(f"sheet:{colour}", r, names.colour(colour),
                                  _("taken by {player}").format(player=self.s.players[holder.seat]), enabled=False))
                continue
            out.append(Button(f"sheet:{colour}", r, icon=self._sheet_painter(k, colour),
                              enabled=ev.PickSheet(colour) in self.offered))
        return out

    def _sheet_painter(self, k: int, colour: str):
        sheet = self.board.sheet(colour, "black")

        def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
            r = rect.inflate(8, 8)
            icons.chip(surface, pygame.Rect(r.x + 10, r.y + 8, 44, 34), colour)
            text.draw(surface, f"{k + 1}", (r.x + 32, r.y + 25), theme.PLAY_FLOOR, icons.ink(colour), "center",
                      bold=True)
            text.draw(surface, names.colour(colour), (r.x + 64, r.y + 12), 20, theme.TEXT, bold=True,
                      max_width=r.width - 72, min_size=theme.PLAY_FLOOR)
            # the sheet's tracks as on the overview: helmet, horse, Fortuna and their starting values
            x = r.x + 12
            for icon, value, ink in ((icons.helmet, sheet.resistance, theme.GOOD), (icons.horse, sheet.speed,
                                     SPEED_RGB), (icons.fortuna, sheet.fate, icons.GOLD)):
                icon(surface, pygame.Rect(x, r.y + 49, 20, 20), ink)
                drawn = text.draw(surface, str(value), (x + 23, r.y + 48), theme.PLAY_FLOOR, theme.TEXT, bold=True)
                x = drawn.right + 14
            rounding = _("speed drops to the higher number") if sheet.round_up else _("speed drops to the lower number")
            paragraph(surface, rounding, pygame.Rect(r.x + 12, r.y + 74, r.width - 20, 44),
                      theme.ACCENT if sheet.round_up else theme.MUTED)
        return paint

    def paint(self, surface: pygame.Surface) -> None:
        s = self.s
        player = s.players[s.pending.player]
        nth = s.setup_queue[0][2] if s.setup_queue else 0
        which = _("first chariot") if nth == 0 else _("second chariot")
        self.title(surface, _("{player} picks a black sheet ({which})").format(player=player, which=which),
                   _("Picks go clockwise; with 2 or 3 players a second pick follows in reverse order."),
                   pygame.Rect(12, TOP + 4, theme.WIDTH - 24, 60), title_lines=1)
        y = SHEETS_Y + 2 * 132
        upcoming = [s.players[seat] for step, seat, _n in s.setup_queue[1:] if step == "pick"]
        if upcoming:
            text.draw(surface, _("then: {players}").format(players=", ".join(upcoming)), (12, y), theme.PLAY_FLOOR,
                      theme.MUTED, max_width=theme.WIDTH - 24, min_size=theme.PLAY_FLOOR)
        placed = [_("places next: {players}").format(
            players=", ".join(s.players[seat] for step, seat, _n in s.setup_queue if step == "place"))]
        text.draw(surface, placed[0], (12, y + 24), theme.PLAY_FLOOR, theme.MUTED, max_width=theme.WIDTH - 24,
                  min_size=theme.PLAY_FLOOR)

    def press(self, wid: str) -> None:
        if wid.startswith("sheet:"):
            self.ctl.submit(ev.PickSheet(wid[6:]))

    def button(self, name: str) -> bool:
        if name.startswith("bowl"):
            k = int(name[4:]) - 1
            if k < len(self.board.colours):
                self.ctl.submit(ev.PickSheet(self.board.colours[k]))
            return True
        return super().button(name)

    def chariot_tag(self, colour: str) -> bool:
        self.ctl.submit(ev.PickSheet(colour))
        return True


class PlaceChariotScreen(ChariotScreen):
    """CR-VAR-BLACK-3/-4: the deciding player puts the named chariot on a free start space
    (tap it, or press bowl 1-6)."""

    GRID = pygame.Rect(300, TOP + 90, 340, 240)        # lane names at its right at 18 px

    def build(self) -> list[Button]:
        out = []
        taken = {c.start_space: c for c in self.s.chariots if c.start_space}
        for n, r in start_grid(self.board, self.GRID).items():
            c = taken.get(n)
            if c is not None:
                out.append(colour_button(f"space:{n}", r, c.colour, str(n), names.colour(c.colour), enabled=False))
            else:
                out.append(Button(f"space:{n}", r, str(n), size=26, enabled=ev.ChooseStartSpace(n) in self.offered))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        s = self.s
        c = self.chariot
        assert c is not None
        rule = "CR-VAR-BLACK-4" if chariots_per_player(len(s.players)) == 2 else "CR-VAR-BLACK-3"
        self.title(surface, _("{player} places the {colour} chariot").format(player=s.players[s.pending.player],
                                                                            colour=names.colour(c.colour)),
                   _("Choose a free start space; the chariot on space 1 plays first."),
                   pygame.Rect(12, TOP + 4, theme.WIDTH - 24, 60), title_lines=1)
        # the rule ID apart from the sentence, small (issue 12): for a player who looks it up
        text.draw(surface, rule, (theme.WIDTH - 12, TOP + 4), theme.FLOOR, theme.MUTED, "topright", role="caption")
        self.overview(surface, pygame.Rect(6, TOP + 68, 256, theme.CONTENT_BOTTOM - TOP - 72), c.colour)
        g = self.GRID
        pygame.draw.line(surface, theme.TEXT, (g.x - 10, g.y - 6), (g.x - 10, g.bottom + 6), 4)
        finish = text.draw(surface, _("finish line"), (g.x - 16, g.bottom + 10), theme.PLAY_FLOOR, theme.MUTED)
        text.draw(surface, _("race direction →"), (g.right, g.bottom + 10), theme.PLAY_FLOOR, theme.MUTED, "topright",
                  max_width=g.right - finish.right - 12, min_size=theme.PLAY_FLOOR)
        for k, lane in enumerate(reversed(self.board.lanes)):
            h = (g.height - 12) // 3
            paragraph(surface, _(names.LANE_NAME.get(lane, lane)),
                      pygame.Rect(g.right + 8, g.y + k * (h + 6) + h // 2 - 22, theme.WIDTH - g.right - 12, 44),
                      theme.MUTED, middle=True)

    def press(self, wid: str) -> None:
        if wid.startswith("space:"):
            self.ctl.submit(ev.ChooseStartSpace(int(wid[6:])))

    def button(self, name: str) -> bool:
        if name.startswith("bowl"):
            self.ctl.submit(ev.ChooseStartSpace(int(name[4:])))
            return True
        return super().button(name)

    def start_tag(self, space: int) -> bool:
        self.ctl.submit(ev.ChooseStartSpace(space))
        return True
