"""What every Chariot Race screen shares: the top bar (round and this round's turn order),
every chariot's sheet at a glance on the left, the active chariot's dashboard large on the
right (resistance, speed and fate gauges, lap counter, dice), the six phases of the turn,
and the corner warning."""

from __future__ import annotations

from typing import Any

import pygame

from firmware_host.engine.chariot_race import ChariotRaceRules, corner_risk
from firmware_host.engine.chariot_race.board import ChariotRaceBoard
from firmware_host.engine.chariot_race.state import LAPS, Chariot, ChariotRaceState
from firmware_host.i18n import _

from .. import text, theme
from ..ui import Button, GameScreen
from . import icons, names

TOP = theme.CONTENT_TOP
LEFT = pygame.Rect(6, TOP + 6, 256, theme.CONTENT_BOTTOM - TOP - 10)
RIGHT_X = LEFT.right + 8
RIGHT_W = theme.WIDTH - RIGHT_X - 6
DASH = pygame.Rect(RIGHT_X, TOP + 6, RIGHT_W, 104)
STEPS = pygame.Rect(RIGHT_X, DASH.bottom + 4, RIGHT_W, 24)
AREA = pygame.Rect(RIGHT_X, STEPS.bottom + 6, RIGHT_W, theme.CONTENT_BOTTOM - STEPS.bottom - 10)
GREEN = theme.GO
SPEED_RGB = (96, 164, 232)
WARN_RGB = (150, 40, 34)
LABEL_W = 110       # the dashboard's track names ("Resistance") at 18 px

# The phase (1..6, CR-TURN-1) each pending decision belongs to.
PHASE = {"roll": 1, "dice": 3, "speed": 5, "move": 5, "attack": 6}

def dice_mode(session: Any) -> str:
    """How this race's dice are entered by default: ``"table"`` or ``"companion"`` (its setup)."""
    return session.setup.dice


def wreck_ahead(rules: ChariotRaceRules, s: ChariotRaceState, c: Chariot) -> tuple[int, int, bool]:
    """``(limit, damage per corner space, wrecks)`` for the corner spaces the chariot would
    enter going straight on at its speed (CR-MOVE-4, CR-DESTROY-1); ``(0, 0, False)`` if the
    track model has no corner in reach. ``wrecks`` when one space or all of them together
    take the last resistance."""
    ahead = rules.corners_ahead(s, c.colour)
    t = s.turn
    if t is not None and s.pending.kind == "move" and s.chariots[t.chariot] is c:
        ahead = ahead[t.corners:] if not t.ended_on else []      # the ones entered so far are behind it
    if not ahead or c.wrecked:
        return 0, 0, False
    limit = ahead[0][1]
    risk = corner_risk(s, c.colour, limit)
    return limit, risk.damage, risk.wrecks or risk.damage * len(ahead) >= c.resistance > 0


class ChariotScreen(GameScreen):
    """Base of the race screens: ``self.s`` is the state, ``self.rules`` the engine."""

    rules: ChariotRaceRules
    board: ChariotRaceBoard


    @property
    def chariot(self) -> Chariot | None:
        """The chariot the pending decision is about (the active one during a turn)."""
        return self.s.by_colour(self.s.pending.chariot) if self.s.pending.chariot else None

    def tag(self, thing: Any) -> bool:
        """A tagged chariot or start-space token touched the reader."""
        if thing.game != "chariot_race":
            return False
        if thing.kind == "chariot":
            return self.chariot_tag(thing.value)
        if thing.kind == "start" and thing.value.isdigit():
            return self.start_tag(int(thing.value))
        return False

    def chariot_tag(self, colour: str) -> bool:
        """A chariot's tag: here, it confirms whose turn it is."""
        c = self.s.active()
        if c is None:
            return False
        if c.colour == colour:
            self.ctl.say(_("{chariot}: yes, it is your turn.").format(chariot=names.chariot(self.s, c)), "good")
        else:
            self.ctl.say(_("It is {chariot}'s turn.").format(chariot=names.chariot(self.s, c)), "bad")
        return True

    def start_tag(self, space: int) -> bool:
        """A start-space token's tag (used while start spaces are drawn or chosen)."""
        return False

    # ---------------------------------------------------------------- top bar

    def top_bar(self, surface: pygame.Surface) -> None:
        """Round number and this round's turn order (CR-ROUND-2): played chariots dim, the
        active one ringed, wrecked ones crossed out."""
        s = self.s
        pygame.draw.rect(surface, theme.PANEL, (0, 0, theme.WIDTH, theme.TOP_BAR))
        if not s.round:
            text.draw(surface, _("Chariot Race: setup"), (10, theme.TOP_BAR // 2), 20, theme.TEXT, "midleft", bold=True)
            return
        text.draw(surface, _("Round {r}").format(r=s.round), (8, 4), 20, theme.TEXT, bold=True, max_width=112,
                  min_size=theme.PLAY_FLOOR)
        text.draw(surface, _("turn order"), (8, 30), "caption", theme.MUTED, max_width=112, min_size=theme.FLOOR)
        x = 124
        active = s.turn.chariot if s.turn is not None else None
        for k, i in enumerate(s.order):
            c = s.chariots[i]
            r = pygame.Rect(x, 10, 46, 32)
            played = i in s.played
            icons.chip(surface, r, c.colour, wrecked=c.wrecked)
            if played and not c.wrecked:        # played: dimmed, ticked; the others show their place
                shade = pygame.Surface(r.size, pygame.SRCALPHA)
                shade.fill((22, 24, 29, 150))
                surface.blit(shade, r)
                text.draw(surface, "✓", r.center, 20, theme.TEXT, "center", bold=True)
            elif not c.wrecked:
                text.draw(surface, str(k + 1), r.center, 20, icons.ink(c.colour), "center", bold=True)
            if i == active:
                pygame.draw.rect(surface, theme.ACCENT, r.inflate(6, 6), 3, border_radius=8)
            x += 52
        nxt = self.rules.next_chariot(s)
        if nxt and not s.over:
            c = s.by_colour(nxt)
            nxt_line = _("next: {chariot}").format(chariot=names.chariot(s, c))
            room = theme.WIDTH - 118 - x - 6
            if text.measure(nxt_line, theme.PLAY_FLOOR) > room:      # six chariots: the colour says it
                nxt_line = _("next: {chariot}").format(chariot=names.colour(c.colour))
            text.draw(surface, nxt_line, (x + 6, theme.TOP_BAR // 2), theme.PLAY_FLOOR, theme.MUTED, "midleft",
                      max_width=room, min_size=theme.PLAY_FLOOR)

    # ---------------------------------------------------------------- every chariot at a glance

    def overview(self, surface: pygame.Surface, area: pygame.Rect = LEFT, highlight: str | None = None) -> None:
        """One row per chariot in setup order: colour, driver, resistance / speed / fate, dice,
        lap counter, finished or wrecked."""
        s = self.s
        n = max(1, len(s.chariots))
        h = min(70, (area.height - 4 * (n - 1)) // n)
        active = s.active()
        highlight = highlight or (active.colour if active is not None else s.pending.chariot)
        for k, c in enumerate(s.chariots):
            row = pygame.Rect(area.x, area.y + k * (h + 4), area.width, h)
            self.chariot_row(surface, row, c, c.colour == highlight)
        y = area.y + n * (h + 4) + 2
        caltrops = _("Caltrops: {on} on the track, {left} in the supply").format(on=s.on_track, left=s.supply)
        lines = text.wrap(caltrops, theme.PLAY_FLOOR, area.width - 34)
        if y + 23 * len(lines) <= area.bottom and len(lines) <= 2:     # room under the rows (up to 4 chariots)
            icons.caltrop(surface, pygame.Rect(area.x + 4, y + 2, 22, 22), theme.MUTED)
            for k, line in enumerate(lines):
                text.draw(surface, line, (area.x + 32, y + 23 * k), theme.PLAY_FLOOR, theme.MUTED,
                          max_width=area.width - 34, min_size=theme.PLAY_FLOOR)

    def chariot_row(self, surface: pygame.Surface, rect: pygame.Rect, c: Chariot, active: bool) -> None:
        s = self.s
        played = s.round > 0 and s.chariots.index(c) in s.played
        pygame.draw.rect(surface, theme.PANEL_HI if active else theme.PANEL, rect, border_radius=7)
        pygame.draw.rect(surface, icons.rgb(c.colour), (rect.x, rect.y, 10, rect.height),
                         border_top_left_radius=7, border_bottom_left_radius=7)
        if c.colour in icons.RIM:
            pygame.draw.rect(surface, icons.RIM[c.colour], (rect.x, rect.y, 10, rect.height), 1,
                             border_top_left_radius=7, border_bottom_left_radius=7)
        if active:
            pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=7)
        fg = theme.DIM if c.wrecked else theme.TEXT
        x, y = rect.x + 16, rect.y + 2
        size = theme.PLAY_FLOOR
        r = text.draw(surface, names.colour(c.colour), (x, y), size, fg, bold=True, max_width=100, min_size=size)
        name_room = rect.right - r.right - 72
        if text.measure(s.players[c.seat], size) <= name_room:   # else the dashboard and top bar name the driver
            text.draw(surface, s.players[c.seat], (r.right + 6, y), size, theme.MUTED, max_width=name_room,
                      min_size=size)
        self.lap_badge(surface, pygame.Rect(rect.right - 62, y + 1, 56, 20), c)
        line2 = y + 24
        if c.wrecked:
            text.draw(surface, _("wrecked"), (x, line2), size, theme.BAD, bold=True)
            return
        if s.round == 0 and c.start_space:
            text.draw(surface, _("space {n}").format(n=c.start_space), (rect.right - 8, line2), size, theme.MUTED,
                      "topright")
        gx = x
        for icon, value, colour in ((icons.helmet, c.resistance, _health(c.resistance)),
                                    (icons.horse, c.speed, SPEED_RGB), (icons.fortuna, c.fate, icons.GOLD)):
            icon(surface, pygame.Rect(gx, line2 + 1, 19, 19), colour)
            r = text.draw(surface, str(value), (gx + 21, line2), size, fg, bold=True)
            gx = r.right + 8
        if s.round:
            dice = self.rules.dice_to_roll(s, c.colour)
            icons.pips(surface, pygame.Rect(gx, line2 + 2, 17, 17))
            r = text.draw(surface, _("×{n}").format(n=dice), (gx + 19, line2), size, theme.MUTED)
            gx = r.right + 6
        if played and rect.right - 8 - gx >= 22:          # the top bar ticks it too
            text.draw(surface, "✓", (rect.right - 8, line2), size, theme.MUTED, "topright", bold=True)
        if rect.height >= 56:
            seg = (rect.width - 24) / self.board.max_resistance
            for k in range(self.board.max_resistance):
                cell = pygame.Rect(int(x + k * seg), rect.bottom - 7, max(2, int(seg) - 2), 4)
                pygame.draw.rect(surface, _health(c.resistance) if k < c.resistance else theme.BUTTON_OFF, cell)

    def lap_badge(self, surface: pygame.Surface, rect: pygame.Rect, c: Chariot) -> None:
        """The lap counter: two dolphins, one dolphin, or the finish flag (CR-MOVE-8)."""
        if c.wrecked:
            return
        if c.finished:
            icons.flag(surface, pygame.Rect(rect.right - 20, rect.y, 20, 20), theme.TEXT)
            return
        for k in range(LAPS - c.crossings):
            icons.dolphin(surface, pygame.Rect(rect.right - 22 - 22 * k, rect.y, 20, 20), (120, 190, 230))

    # ---------------------------------------------------------------- the active chariot, large

    def dashboard(self, surface: pygame.Surface, c: Chariot, area: pygame.Rect = DASH,
                  after: Chariot | None = None) -> None:
        """Resistance, speed and fate gauges of ``c``, its lap counter and dice; ``after``
        outlines what a previewed move would change."""
        s = self.s
        pygame.draw.rect(surface, theme.PANEL, area, border_radius=8)
        chip = pygame.Rect(area.x + 8, area.y + 7, 34, 22)
        icons.chip(surface, chip, c.colour, c.wrecked)
        r = text.draw(surface, names.colour(c.colour), (chip.right + 8, chip.centery), 21, theme.TEXT, "midleft",
                      bold=True)
        r = text.draw(surface, s.players[c.seat], (r.right + 8, chip.centery + 1), theme.PLAY_FLOOR, theme.MUTED,
                      "midleft", max_width=150, min_size=theme.PLAY_FLOOR)
        if c.finished:
            lap = _("finished")
        elif c.crossings:
            lap = _("last lap")
        else:
            lap = _("lap 1 of {n}").format(n=LAPS)
        self.lap_badge(surface, pygame.Rect(area.right - 58, area.y + 8, 50, 20), c)
        status = lap if not c.wrecked else _("wrecked")
        st = text.draw(surface, status, (area.right - 64, chip.centery), theme.PLAY_FLOOR,
                       theme.BAD if c.wrecked else theme.TEXT, "midright")
        t = s.turn
        room = st.left - 12 - (r.right + 12)
        if t is not None and t.dice and s.chariots[t.chariot] is c:
            self.turn_dice(surface, pygame.Rect(r.right + 12, area.y + 6, room, 24), t)
        elif s.round and not c.wrecked:
            dice = self.rules.dice_to_roll(s, c.colour)
            line = _("{n} dice at speed {speed}").format(n=dice, speed=self.rules.starting_speed(s, c.colour))
            if text.measure(line, theme.PLAY_FLOOR) <= room:     # else the roll screen's title says it
                text.draw(surface, line, (st.left - 12, chip.centery), theme.PLAY_FLOOR, theme.MUTED, "midright")
        b = self.board
        rows = (
            (icons.helmet, _("Resistance"), c.resistance, after.resistance if after else None, b.max_resistance,
             _health(c.resistance)),
            (icons.horse, _("Speed"), c.speed, after.speed if after else None, b.max_speed, SPEED_RGB),
            (icons.fortuna, _("Fate"), c.fate, after.fate if after else None, b.max_fate, icons.GOLD),
        )
        for k, (icon, label, value, new, cap, colour) in enumerate(rows):
            y = area.y + 31 + 24 * k
            icon(surface, pygame.Rect(area.x + 10, y, 22, 22), colour)
            if text.measure(label, theme.PLAY_FLOOR) <= LABEL_W:     # else the picture alone names the track
                text.draw(surface, label, (area.x + 38, y + 11), theme.PLAY_FLOOR, theme.MUTED, "midleft")
            gauge(surface, pygame.Rect(area.x + 44 + LABEL_W, y + 2, area.width - 130 - LABEL_W, 18), value, cap,
                  colour, new)
            shown = str(value) if new is None or new == value else f"{value}→{new}"
            text.draw(surface, shown, (area.right - 8, y + 11), 20, theme.TEXT, "midright", bold=True, max_width=74)
        if c.speed > self.rules.sheet_of(c).speed_cap(max(1, c.resistance)) and not c.wrecked:
            cap = self.rules.sheet_of(c).speed_cap(max(1, c.resistance))
            y = area.y + 31 + 24
            seg = (area.width - 130 - LABEL_W) / b.max_speed
            x = area.x + 44 + LABEL_W + int(cap * seg)
            pygame.draw.line(surface, theme.BAD, (x - 1, y - 1), (x - 1, y + 23), 3)

    def turn_dice(self, surface: pygame.Surface, area: pygame.Rect, t) -> None:
        """This turn's dice, the ones already used dimmed: Fortuna once kept (CR-FATE-1), ±1
        and fast once the speed is set (CR-MOVE-1), lane and attack dice as they are used."""
        kind = self.s.pending.kind
        used = {"fortuna": len(t.dice) if kind != "dice" else 0,
                "normal": len(t.dice) if kind in ("move", "attack") else 0,
                "fast": len(t.dice) if kind in ("move", "attack") else 0,
                "lane": t.lane_changes if kind != "attack" else len(t.dice), "attack": t.attacks}
        seen: dict[str, int] = {}
        size = min(area.height, (area.width - 4 * 4) // max(1, len(t.dice)))
        for k, face in enumerate(t.dice):
            seen[face] = seen.get(face, 0) + 1
            icons.die(surface, pygame.Rect(area.x + k * (size + 4), area.y, size, size), face,
                      dim=seen[face] <= used.get(face, 0))

    def steps(self, surface: pygame.Surface, area: pygame.Rect = STEPS) -> None:
        """The six phases of the turn (CR-TURN-1): the current one (or ones: rolling is
        repair, speed and dice at once) lit and named, the others by their number only."""
        current = PHASE.get(self.s.pending.kind, 0)
        t = self.s.turn
        if self.s.pending.kind == "roll" and t is not None and t.repaired:
            current = 2
        lit = [k + 1 == current or (current == 1 and k + 1 in (2, 3)) for k in range(6)]
        small = 34
        wide = (area.width - 5 * 4 - small * (6 - sum(lit))) / max(1, sum(lit))
        x = float(area.x)
        for k, label in enumerate(names.STEPS):
            now = lit[k]
            r = pygame.Rect(int(x), area.y, int(wide if now else small), area.height)
            x += r.width + 4
            done = k + 1 < current
            pygame.draw.rect(surface, (86, 72, 30) if now else theme.PANEL, r, border_radius=5)
            colour = theme.ACCENT if now else theme.MUTED if done else theme.DIM
            shown = f"{k + 1} {_(label)}" if now else str(k + 1)
            if now and text.measure(shown, theme.PLAY_FLOOR, True) > r.width - 6:
                shown = str(k + 1)
            text.draw(surface, shown, r.center, theme.PLAY_FLOOR, colour, "center", bold=now)

    def warning(self, surface: pygame.Surface, rect: pygame.Rect, c: Chariot,
                state: ChariotRaceState | None = None) -> bool:
        """The corner warning for ``c`` (in ``state``, default the current one): red when a
        corner at this speed would wreck it, amber when it costs resistance. ``True`` if drawn."""
        s = state or self.s
        c = s.by_colour(c.colour) or c
        limit, damage, wrecks = wreck_ahead(self.rules, s, c)
        if not limit or not damage:
            return False
        if wrecks:
            pygame.draw.rect(surface, WARN_RGB, rect, border_radius=6)
            pygame.draw.rect(surface, theme.BAD, rect, 2, border_radius=6)
            line = _("Corner {limit} ahead at speed {speed}: −{n} per corner space. {chariot} would be WRECKED!")
            colour = theme.TEXT
        else:
            pygame.draw.rect(surface, (70, 58, 24), rect, border_radius=6)
            line = _("Corner {limit} ahead at speed {speed}: −{n} resistance per corner space.")
            colour = theme.ACCENT
        icons.corner(surface, pygame.Rect(rect.x + 4, rect.y + 4, rect.height - 8, rect.height - 8), limit,
                     theme.ACCENT)
        msg = line.format(limit=limit, speed=c.speed, n=damage, chariot=names.colour(c.colour))
        x, width = rect.x + rect.height + 2, rect.width - rect.height - 8
        size = theme.PLAY_FLOOR
        lines = text.wrap(msg, size, width, bold=wrecks)
        step = 22
        while len(lines) * step > rect.height - 2 and size > theme.FLOOR:    # reported by the type-scale test
            size -= 1
            lines = text.wrap(msg, size, width, bold=wrecks)
        for k, part in enumerate(lines):
            y = rect.centery + (k - (len(lines) - 1) / 2) * step
            text.draw(surface, part, (x, int(y)), size, colour, "midleft", bold=wrecks, max_width=width,
                      min_size=size)
        return True

    def turn_frame(self, surface: pygame.Surface, after: Chariot | None = None) -> Chariot:
        """Overview, dashboard and phases for the active chariot; returns it."""
        c = self.s.active()
        assert c is not None
        self.overview(surface)
        self.dashboard(surface, c, after=after)
        self.steps(surface)
        return c

    def title(self, surface: pygame.Surface | None, line: str, sub: str = "", area: pygame.Rect = AREA,
              sub_lines: int = 2, title_lines: int = 2) -> int:
        """What to decide, at the top of the decision area (18 px, bold, in up to
        ``title_lines`` lines), and how (``sub``: which taps or bowls, the rule: secondary
        detail, 16 px down to 14, in up to ``sub_lines`` lines); returns the y below. With
        ``surface`` ``None`` only measures: a screen lays its buttons out under its title."""
        y = area.y
        heads = text.wrap(line, theme.PLAY_FLOOR, area.width - 4, bold=True)
        if len(heads) > title_lines:
            heads = heads[:title_lines - 1] + [" ".join(heads[title_lines - 1:])]
        for head in heads:
            if surface is not None:
                text.draw(surface, head, (area.x + 2, y), theme.PLAY_FLOOR, theme.TEXT, bold=True,
                          max_width=area.width - 4, min_size=theme.PLAY_FLOOR)
            y += 22
        y += 2
        if sub:
            step = 19
            for size in range(theme.TYPE["detail"], theme.FLOOR - 1, -1):
                lines = text.wrap(sub, size, area.width - 4)
                if len(lines) <= sub_lines:
                    break
            lines = lines[:sub_lines - 1] + [" ".join(lines[sub_lines - 1:])]
            for part in lines:
                if surface is not None:
                    text.draw(surface, part, (area.x + 2, y), size, theme.MUTED, max_width=area.width - 4,
                              role="detail", min_size=size)
                y += step
            y += 2
        return y

    def heading(self) -> tuple[str, str]:
        """The decision area's title and how-to line (screens with a decision area say theirs)."""
        return "", ""

    def below_heading(self) -> int:
        """The y under :meth:`heading` as :meth:`title` draws it, where the buttons start."""
        return self.title(None, *self.heading()) + 2


def paragraph(surface: pygame.Surface, line: str, rect: pygame.Rect, colour: tuple[int, int, int],
              middle: bool = False) -> None:
    """``line`` wrapped into ``rect`` (from its top, or centred on its middle): at the size
    read during play if its lines fit, else as secondary detail (16 px, down to 14), lines
    22 px apart at 18 px. What still does not fit is cut (which the overflow test reports)."""
    for size in range(theme.PLAY_FLOOR, theme.FLOOR - 1, -1):
        step = round(size * 1.2)
        lines = text.wrap(line, size, rect.width)
        if len(lines) * step <= rect.height or size == theme.FLOOR:
            break
    room = max(1, rect.height // step)
    lines = lines[:room - 1] + [" ".join(lines[room - 1:])] if len(lines) > room else lines
    top = rect.centery - step * len(lines) / 2 if middle else rect.y
    role = "body" if size >= theme.PLAY_FLOOR else "detail"
    for k, part in enumerate(lines):
        text.draw(surface, part, (rect.x, int(top + k * step)), size, colour, max_width=rect.width, role=role,
                  min_size=size)


def sub_that_fits(sub: str, width: int) -> str:
    """A button's sub-line if it fits ``width`` px at :data:`theme.FLOOR`, else ``""``: a
    how-to hint the title also gives is left out rather than cut."""
    return sub if text.measure(sub, theme.FLOOR) <= width - 10 else ""


def gauge(surface: pygame.Surface, rect: pygame.Rect, value: int, cap: int, colour: tuple[int, int, int],
          new: int | None = None) -> None:
    """``cap`` segments, ``value`` of them filled; a previewed ``new`` value outlines the
    segments it would add (accent) or take away (red)."""
    seg = rect.width / cap
    for k in range(cap):
        cell = pygame.Rect(int(rect.x + k * seg), rect.y, max(2, int(seg) - 3), rect.height)
        filled = k < value
        pygame.draw.rect(surface, colour if filled else theme.BUTTON_OFF, cell, border_radius=3)
        if new is not None and new != value:
            if value <= k < new:
                pygame.draw.rect(surface, theme.ACCENT, cell, 2, border_radius=3)
            elif new <= k < value:
                pygame.draw.rect(surface, theme.BAD, cell, 3, border_radius=3)
                pygame.draw.line(surface, theme.BAD, cell.bottomleft, cell.topright, 2)


def _health(resistance: int) -> tuple[int, int, int]:
    """Resistance colour: green, amber at 6 and below, red at 3 and below."""
    if resistance <= 3:
        return theme.BAD
    if resistance <= 6:
        return theme.ACCENT
    return theme.GOOD


def go(enabled: bool = True) -> tuple[int, int, int] | None:
    """The fill of a confirming button: green while it can be pressed."""
    return GREEN if enabled else None


def colour_button(wid: str, rect: pygame.Rect, colour: str, label: str, sub: str = "", enabled: bool = True) -> Button:
    """A button painted as a chariot's colour chip, its label in a colour that reads on it
    (also when disabled: the chip then shows what holds a space or a sheet)."""

    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        r = r.inflate(8, 8)
        icons.chip(surface, r, colour)
        fg = icons.ink(colour)          # a taken colour is still read, only not pressed
        if sub:
            text.draw(surface, label, (r.centerx, r.centery + 1), theme.PLAY_FLOOR, fg, "midbottom", bold=True,
                      max_width=r.width - 8, min_size=theme.PLAY_FLOOR)
            text.draw(surface, sub, (r.centerx, r.centery + 2), "detail", fg, "midtop", max_width=r.width - 8,
                      min_size=theme.FLOOR)
        else:
            text.draw(surface, label, r.center, theme.PLAY_FLOOR, fg, "center", bold=True, max_width=r.width - 8,
                      min_size=theme.PLAY_FLOOR)
    return Button(wid, rect, icon=paint, frame=False, enabled=enabled)


def chariot_button(wid: str, rect: pygame.Rect, bowl: int, c: Chariot, sub: str, enabled: bool) -> Button:
    """A chariot to choose: its colour chip with the bowl number, its name and a sub-line."""

    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        r = r.inflate(8, 8)
        chip = pygame.Rect(r.x + 6, r.y + 6, 28, r.height - 12)
        icons.chip(surface, chip, c.colour, wrecked=c.wrecked)
        text.draw(surface, str(bowl), chip.center, theme.PLAY_FLOOR, icons.ink(c.colour) if not c.wrecked
                  else theme.TEXT, "center", bold=True)
        fg = theme.TEXT if enabled else theme.DIM
        text.draw(surface, names.colour(c.colour), (chip.right + 8, r.y + 5), theme.PLAY_FLOOR, fg, bold=True,
                  max_width=r.right - chip.right - 12, min_size=theme.PLAY_FLOOR)
        text.draw(surface, sub, (chip.right + 8, r.y + 28), "detail", theme.ACCENT if enabled else theme.DIM,
                  max_width=r.right - chip.right - 12, min_size=theme.FLOOR)
    return Button(wid, rect, icon=paint, enabled=enabled)


def target_buttons(screen: ChariotScreen, area: pygame.Rect, prefix: str, allowed: dict[str, str],
                   columns: int = 3, height: int = 56) -> list[Button]:
    """One button per other chariot in setup order (``<prefix>:<colour>``): ``allowed`` maps
    a colour to its sub-line; chariots not in it are shown disabled with why not."""
    s = screen.s
    active = s.active()
    others = [c for c in s.chariots if c is not active]
    w = (area.width - 8 * (columns - 1)) // columns
    out = []
    for k, c in enumerate(others):
        r = pygame.Rect(area.x + (k % columns) * (w + 8), area.y + (k // columns) * (height + 8), w, height)
        enabled = c.colour in allowed
        sub = allowed.get(c.colour) or (_("wrecked") if c.wrecked else _("out of reach"))
        out.append(chariot_button(f"{prefix}:{c.colour}", r, s.chariots.index(c) + 1, c, sub, enabled))
    return out
