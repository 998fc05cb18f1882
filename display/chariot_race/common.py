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
DASH = pygame.Rect(RIGHT_X, TOP + 6, RIGHT_W, 118)
STEPS = pygame.Rect(RIGHT_X, DASH.bottom + 4, RIGHT_W, 24)
AREA = pygame.Rect(RIGHT_X, STEPS.bottom + 6, RIGHT_W, theme.CONTENT_BOTTOM - STEPS.bottom - 10)
GREEN = (60, 120, 70)
SPEED_RGB = (96, 164, 232)
WARN_RGB = (150, 40, 34)

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
        text.draw(surface, _("Round {r}").format(r=s.round), (10, 6), 18, theme.TEXT, bold=True)
        text.draw(surface, _("turn order"), (10, 30), 13, theme.MUTED)
        x = 104
        active = s.turn.chariot if s.turn is not None else None
        for k, i in enumerate(s.order):
            c = s.chariots[i]
            r = pygame.Rect(x, 10, 46, 32)
            played = i in s.played
            icons.chip(surface, r, c.colour, wrecked=c.wrecked)
            if played and not c.wrecked:
                shade = pygame.Surface(r.size, pygame.SRCALPHA)
                shade.fill((22, 24, 29, 150))
                surface.blit(shade, r)
                text.draw(surface, "✓", r.center, 18, theme.TEXT, "center", bold=True)
            if i == active:
                pygame.draw.rect(surface, theme.ACCENT, r.inflate(6, 6), 3, border_radius=8)
            text.draw(surface, str(k + 1), (r.x + 3, r.y + 1), 11, icons.ink(c.colour))
            x += 52
        nxt = self.rules.next_chariot(s)
        if nxt and not s.over:
            c = s.by_colour(nxt)
            text.draw(surface, _("next: {chariot}").format(chariot=names.chariot(s, c)), (x + 6, theme.TOP_BAR // 2),
                      15, theme.MUTED, "midleft", max_width=theme.WIDTH - 118 - x - 6)

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
        if y + 18 < area.bottom:
            caltrops = _("Caltrops: {on} on the track, {left} in the supply").format(on=s.on_track, left=s.supply)
            text.draw(surface, caltrops, (area.x + 4, y), 13, theme.MUTED, max_width=area.width - 8)

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
        x, y = rect.x + 16, rect.y + 4
        r = text.draw(surface, names.colour(c.colour), (x, y), 16, fg, bold=True, max_width=80)
        text.draw(surface, s.players[c.seat], (r.right + 6, y + 2), 14, theme.MUTED,
                  max_width=rect.right - r.right - 70)
        self.lap_badge(surface, pygame.Rect(rect.right - 62, y, 56, 20), c)
        if c.wrecked:
            text.draw(surface, _("wrecked"), (x, y + 24), 15, theme.BAD, bold=True)
            return
        if s.round == 0:
            where = _("space {n}").format(n=c.start_space) if c.start_space else _("not placed")
            text.draw(surface, where, (rect.right - 8, y + 24), 13, theme.MUTED, "topright")
        gx = x
        for icon, value, colour in ((icons.helmet, c.resistance, _health(c.resistance)),
                                    (icons.horse, c.speed, SPEED_RGB), (icons.fortuna, c.fate, icons.GOLD)):
            icon(surface, pygame.Rect(gx, y + 23, 18, 18), colour)
            r = text.draw(surface, str(value), (gx + 21, y + 22), 17, fg, bold=True)
            gx = r.right + 10
        if s.round:
            dice = self.rules.dice_to_roll(s, c.colour)
            icons.pips(surface, pygame.Rect(gx, y + 24, 16, 16))
            text.draw(surface, _("×{n}").format(n=dice), (gx + 19, y + 23), 15, theme.MUTED)
        if played:
            text.draw(surface, _("played"), (rect.right - 8, y + 24), 13, theme.MUTED, "topright")
        if rect.height >= 56:
            seg = (rect.width - 24) / self.board.max_resistance
            for k in range(self.board.max_resistance):
                cell = pygame.Rect(int(x + k * seg), rect.bottom - 9, max(2, int(seg) - 2), 5)
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
        r = text.draw(surface, s.players[c.seat], (r.right + 8, chip.centery + 1), 16, theme.MUTED, "midleft",
                      max_width=150)
        if c.finished:
            lap = _("finished")
        elif c.crossings:
            lap = _("last lap")
        else:
            lap = _("lap 1 of {n}").format(n=LAPS)
        self.lap_badge(surface, pygame.Rect(area.right - 58, area.y + 8, 50, 20), c)
        status = lap if not c.wrecked else _("wrecked")
        text.draw(surface, status, (area.right - 64, chip.centery), 15, theme.BAD if c.wrecked else theme.TEXT,
                  "midright")
        t = s.turn
        if t is not None and t.dice and s.chariots[t.chariot] is c:
            self.turn_dice(surface, pygame.Rect(r.right + 12, area.y + 6, area.right - 190 - r.right, 24), t)
        elif s.round and not c.wrecked:
            dice = self.rules.dice_to_roll(s, c.colour)
            text.draw(surface,
                      _("{n} dice at speed {speed}").format(n=dice, speed=self.rules.starting_speed(s, c.colour)),
                      (area.right - 180, chip.centery), 15, theme.MUTED, "midright",
                      max_width=area.right - 180 - r.right - 8)
        b = self.board
        rows = (
            (icons.helmet, _("Resistance"), c.resistance, after.resistance if after else None, b.max_resistance,
             _health(c.resistance)),
            (icons.horse, _("Speed"), c.speed, after.speed if after else None, b.max_speed, SPEED_RGB),
            (icons.fortuna, _("Fate"), c.fate, after.fate if after else None, b.max_fate, icons.GOLD),
        )
        for k, (icon, label, value, new, cap, colour) in enumerate(rows):
            y = area.y + 36 + 27 * k
            icon(surface, pygame.Rect(area.x + 10, y, 22, 22), colour)
            text.draw(surface, label, (area.x + 38, y + 11), 15, theme.MUTED, "midleft", max_width=88)
            gauge(surface, pygame.Rect(area.x + 130, y + 2, area.width - 216, 18), value, cap, colour, new)
            shown = str(value) if new is None or new == value else f"{value}→{new}"
            text.draw(surface, shown, (area.right - 8, y + 11), 20, theme.TEXT, "midright", bold=True, max_width=74)
        if c.speed > self.rules.sheet_of(c).speed_cap(max(1, c.resistance)) and not c.wrecked:
            cap = self.rules.sheet_of(c).speed_cap(max(1, c.resistance))
            y = area.y + 36 + 27
            seg = (area.width - 216) / b.max_speed
            x = area.x + 130 + int(cap * seg)
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
        """The six phases of the turn (CR-TURN-1), the current one lit."""
        current = PHASE.get(self.s.pending.kind, 0)
        t = self.s.turn
        if self.s.pending.kind == "roll" and t is not None and t.repaired:
            current = 2
        w = (area.width - 5 * 4) / 6
        for k, label in enumerate(names.STEPS):
            r = pygame.Rect(int(area.x + k * (w + 4)), area.y, int(w), area.height)
            done = k + 1 < current
            now = k + 1 == current or (current == 1 and k + 1 in (2, 3))
            fill = (86, 72, 30) if now else theme.PANEL
            pygame.draw.rect(surface, fill, r, border_radius=5)
            colour = theme.ACCENT if now else theme.MUTED if done else theme.DIM
            text.draw(surface, f"{k + 1} {_(label)}", r.center, 14, colour, "center", bold=now, max_width=r.width - 6)

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
        lines = text.wrap(msg, 15, width, bold=wrecks)[:2]
        for k, part in enumerate(lines):
            y = rect.centery + (k - (len(lines) - 1) / 2) * 18
            text.draw(surface, part, (x, int(y)), 15, colour, "midleft", bold=wrecks, max_width=width)
        return True

    def turn_frame(self, surface: pygame.Surface, after: Chariot | None = None) -> Chariot:
        """Overview, dashboard and phases for the active chariot; returns it."""
        c = self.s.active()
        assert c is not None
        self.overview(surface)
        self.dashboard(surface, c, after=after)
        self.steps(surface)
        return c

    def title(self, surface: pygame.Surface, line: str, sub: str = "", area: pygame.Rect = AREA) -> int:
        """A line (and a smaller one) at the top of the decision area; returns the y below."""
        text.draw(surface, line, (area.x + 2, area.y), 18, theme.TEXT, bold=True, max_width=area.width - 4)
        if sub:
            text.draw(surface, sub, (area.x + 2, area.y + 24), 14, theme.MUTED, max_width=area.width - 4)
            return area.y + 44
        return area.y + 26


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
            text.draw(surface, label, (r.centerx, r.centery - 1), 17, fg, "midbottom", bold=True, max_width=r.width - 8)
            text.draw(surface, sub, (r.centerx, r.centery + 2), 14, fg, "midtop", max_width=r.width - 8)
        else:
            text.draw(surface, label, r.center, 17, fg, "center", bold=True, max_width=r.width - 8)
    return Button(wid, rect, icon=paint, frame=False, enabled=enabled)


def chariot_button(wid: str, rect: pygame.Rect, bowl: int, c: Chariot, sub: str, enabled: bool) -> Button:
    """A chariot to choose: its colour chip with the bowl number, its name and a sub-line."""

    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        r = r.inflate(8, 8)
        chip = pygame.Rect(r.x + 6, r.y + 6, 34, r.height - 12)
        icons.chip(surface, chip, c.colour, wrecked=c.wrecked)
        text.draw(surface, str(bowl), chip.center, 18, icons.ink(c.colour) if not c.wrecked else theme.TEXT, "center",
                  bold=True)
        fg = theme.TEXT if enabled else theme.DIM
        text.draw(surface, names.colour(c.colour), (chip.right + 8, r.y + 6), 17, fg, bold=True,
                  max_width=r.right - chip.right - 12)
        text.draw(surface, sub, (chip.right + 8, r.y + 28), 14, theme.ACCENT if enabled else theme.DIM,
                  max_width=r.right - chip.right - 12)
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
