"""What every Trajan screen shares: the top bar (quarter, round, time track, demands),
the action circle, Trajan tiles and the players' summary rows."""

from __future__ import annotations

import math

import pygame

from firmware_host.engine.trajan.board import SLOT_NAMES, TrajanBoard
from firmware_host.engine.trajan.rules import TrajanRules
from firmware_host.engine.trajan.state import PlayerState
from firmware_host.i18n import _

from .. import icons, text, theme
from ..ui import Button, GameScreen
from . import names, pictures

# the piles' tile colours, dark enough for light text at 4.5:1 (WCAG AA)
PILE_RGB = {
    "goods": (58, 92, 136), "vp": (120, 94, 36), "legion": (150, 60, 60),
    "worker": (110, 90, 60), "plus2": (90, 70, 140), "demand": (48, 100, 72),
}


TIME_TRACK = pygame.Rect(132, 8, 408, 36)      # the time track drawn in the top bar


class TrajanScreen(GameScreen):
    """Base of the Trajan screens: ``self.s`` is the state, ``self.rules`` the engine."""

    rules: TrajanRules
    board: TrajanBoard

    def tag(self, thing) -> bool:
        """A player token says "it's me": confirm whose decision it is."""
        if thing.game != "trajan" or thing.kind != "player":
            return False
        deciding = self.s.pending.player if self.s.pending.player is not None else self.s.active
        p = self.s.players[deciding]
        if thing.value == p.colour:
            self.ctl.say(_("{player}: yes, it is your turn.").format(player=p.name), "good")
        else:
            self.ctl.say(_("It is {player}'s turn.").format(player=p.name), "bad")
        return True

    def player(self, i: int | None = None) -> PlayerState:
        return self.s.players[self.s.pending.player if i is None else i]

    def physical_areas(self) -> list[pygame.Rect]:
        """The time track in the top bar runs as on the board, also in Persian."""
        return [TIME_TRACK]

    # ---------------------------------------------------------------- top bar

    def top_bar(self, surface: pygame.Surface) -> None:
        s = self.s
        pygame.draw.rect(surface, theme.PANEL, (0, 0, theme.WIDTH, theme.TOP_BAR))
        quarter = min(s.quarter, 4)
        width = TIME_TRACK.x - 12
        text.draw(surface, _("Quarter {q}").format(q=quarter), (8, 2), 18, theme.TEXT, bold=True, max_width=width,
                  min_size=theme.FLOOR, role="detail")
        text.draw(surface, _("Round {r}").format(r=s.round), (8, 26), 18, theme.MUTED, max_width=width,
                  min_size=theme.FLOOR, role="detail")
        self.time_track(surface, TIME_TRACK)
        just_revealed = self.rules.demand_just_revealed(s) is not None
        for i in range(3):
            r = pygame.Rect(552 + i * 44, 6, 40, 40)
            pygame.draw.rect(surface, theme.PANEL_HI, r, border_radius=6)
            if i < len(s.demands):
                icons.demand(surface, r.inflate(-6, -6), s.demands[i])
            if just_revealed and i == len(s.demands) - 1:      # T-ROUND-2: the new demand
                pygame.draw.rect(surface, theme.ACCENT, r.inflate(4, 4), 3, border_radius=8)

    def time_track(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """One cell per space of the lap, the start space marked, the time marker lit."""
        spaces = self.board.spaces(self.s.n)
        w = area.width / spaces
        for i in range(spaces):
            cell = pygame.Rect(int(area.x + i * w) + 1, area.y + 8, int(w) - 2, area.height - 16)
            colour = theme.PANEL_HI
            if i == 0:
                colour = (90, 80, 50)
            pygame.draw.rect(surface, colour, cell, border_radius=3)
        mx = int(area.x + self.s.time * w + w / 2)
        pygame.draw.circle(surface, theme.ACCENT, (mx, area.centery), min(12, int(w / 2) + 2))
        pygame.draw.circle(surface, (40, 30, 10), (mx, area.centery), min(12, int(w / 2) + 2), 2)

    # ---------------------------------------------------------------- the action circle

    def circle_geometry(self, centre: tuple[int, int], radius: int) -> list[tuple[int, int]]:
        """Bowl centres, clockwise from the top-left (slot I), like the player board."""
        cx, cy = centre
        return [(int(cx + radius * math.cos(math.radians(-120 + 60 * i))),
                 int(cy + radius * math.sin(math.radians(-120 + 60 * i)))) for i in range(6)]

    def bowl_buttons(self, p: PlayerState, centre: tuple[int, int], radius: int = 104, bowl_r: int = 38,
                     bowls: list[list[str]] | None = None, fresh: dict[int, int] | None = None,
                     target: int | None = None, enabled: bool = True, selected: int | None = None) -> list[Button]:
        """The six bowls as touch targets ``bowl:<i>``; ``fresh`` = markers just sown per bowl."""
        bowls = bowls if bowls is not None else p.bowls
        out = []
        for i, (x, y) in enumerate(self.circle_geometry(centre, radius)):
            rect = pygame.Rect(0, 0, 2 * bowl_r, 2 * bowl_r)
            rect.center = (x, y)
            out.append(Button(f"bowl:{i}", rect, enabled=enabled and bool(bowls[i]) if target is None else enabled,
                              icon=self._bowl_painter(i, bowls[i], (fresh or {}).get(i, 0), i == target,
                                                      i == selected), frame=False))
        return out

    def _bowl_painter(self, i: int, markers: list[str], fresh: int, target: bool, selected: bool):
        action = self.board.bowl_actions[i]

        def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
            r = rect.inflate(8, 8)
            fill = (70, 62, 44) if target else theme.PANEL_HI
            pygame.draw.ellipse(surface, fill, r)
            lit = target or selected
            pygame.draw.ellipse(surface, theme.ACCENT if lit else theme.LINE, r, 3 if lit else 2)
            text.draw(surface, f"{i + 1}", (r.x + 2, r.y - 6), 20, theme.ACCENT, bold=True)
            # the action as the board shows it: a picture (its name is on the action screens)
            pictures.action(surface, pygame.Rect(r.centerx - 10, r.bottom - 26, 20, 20), action,
                            theme.ACCENT if lit else theme.MUTED)
            n = len(markers)
            ring = min(n, 8)
            for k, colour in enumerate(markers[:8]):
                ang = -math.pi / 2 + 2 * math.pi * k / max(ring, 1)
                rad = 0 if n == 1 else 13
                pos = (int(r.centerx + rad * math.cos(ang)), int(r.centery - 10 + rad * math.sin(ang)))
                is_new = k >= n - fresh
                icons.marker(surface, pos, colour, 7, theme.ACCENT if is_new else None)
            if n > 8:
                text.draw(surface, f"+{n - 8}", (r.right - 4, r.y + 2), "caption", theme.TEXT, "topright", bold=True)
        return paint

    def paint_slots(self, surface: pygame.Surface, p: PlayerState, centre: tuple[int, int], radius: int = 104,
                    outer: int = 168, tile: int = 44) -> None:
        """The Trajan slots I..VI outside their bowls, with tiles and the arch."""
        for i, (x, y) in enumerate(self.circle_geometry(centre, outer)):
            rect = pygame.Rect(0, 0, tile, tile)
            rect.center = (x, y)
            tile_id = p.slots[i]
            if tile_id:
                draw_trajan_tile(surface, rect, self.board, tile_id)
            else:
                pygame.draw.rect(surface, theme.PANEL, rect, border_radius=5)
                pygame.draw.rect(surface, theme.LINE, rect, 1, border_radius=5)
                text.draw(surface, SLOT_NAMES[i], rect.center, "caption", theme.MUTED, "center")
            if p.arch == i:
                icons.arch(surface, pygame.Rect(rect.right - 14, rect.y - 10, 22, 18), theme.ACCENT)
        if p.arch is None:
            icons.arch(surface, pygame.Rect(centre[0] - 14, centre[1] - 40, 28, 22), theme.ACCENT)

    # ---------------------------------------------------------------- players

    def player_row(self, surface: pygame.Surface, rect: pygame.Rect, i: int, active: bool) -> None:
        """One player's summary: name and VP, then icon + number for the senate votes, cards,
        forum tiles, bonus tiles and Trajan tiles, and for the legionaries (military camp),
        workers (worker camp) and supply, with the commander's province. The bowls' contents
        are on the player's board and on the action circle of the player's turn."""
        p = self.s.players[i]
        pygame.draw.rect(surface, theme.PANEL_HI if active else theme.PANEL, rect, border_radius=8)
        pygame.draw.rect(surface, theme.PLAYER_RGB[p.colour], (rect.x, rect.y, 8, rect.height),
                         border_top_left_radius=8, border_bottom_left_radius=8)
        if active:
            pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=8)
        x, y = rect.x + 16, rect.y + 4
        vp = text.draw(surface, _("{vp} VP").format(vp=p.vp), (rect.right - 10, y), 22, theme.ACCENT, "topright",
                       bold=True)
        text.draw(surface, p.name, (x, y + 1), 20, theme.TEXT, bold=True, max_width=vp.x - x - 8,
                  min_size=theme.PLAY_FLOOR)
        tiles = sum(v for v in p.forum_tiles.values() if v > 0)
        votes = self.board.senate_votes[p.senate] if p.senate else 0
        rgb = theme.PLAYER_RGB[p.colour]
        step = (rect.height - 30) // 2
        row1 = [("senate", votes), ("cards", p.hand), ("forum", tiles), ("bonus", len(p.bonus_tiles)),
                ("trajan", sum(1 for t in p.slots if t))]
        row2 = [("legion", p.military_camp), ("worker", p.worker_camp), ("supply", p.supply)]
        self._holdings(surface, x, y + 28, row1, rgb, 56)
        end = self._holdings(surface, x, y + 28 + step, row2, rgb, 56)
        text.draw(surface, names.province(self.board, p.commander), (end, y + 28 + step), 18, theme.MUTED,
                  max_width=rect.right - 10 - end, min_size=theme.FLOOR, role="detail")

    def _holdings(self, surface: pygame.Surface, x: int, y: int, items: list[tuple[str, int]],
                  rgb: tuple[int, int, int], pitch: int) -> int:
        """Icon + number pairs from ``x`` on line ``y``, ``pitch`` px apart; returns where the
        next item would go."""
        for kind, n in items:
            pictures.holding(surface, pygame.Rect(x, y + 2, 20, 20), kind, rgb)
            text.draw(surface, str(n), (x + 24, y), 18, theme.TEXT, bold=True)
            x += pitch
        return x

    def players_panel(self, surface: pygame.Surface, area: pygame.Rect, highlight: int | None) -> None:
        n = self.s.n
        h = min(112, (area.height - 6 * (n - 1)) // n)
        for i in range(n):
            self.player_row(surface, pygame.Rect(area.x, area.y + i * (h + 6), area.width, h), i, i == highlight)

    def header(self, surface: pygame.Surface, title: str, sub: str = "", player: int | None = None) -> None:
        """A screen title under the top bar, with the deciding player's colour."""
        y = theme.CONTENT_TOP + 8
        x = 12
        if player is not None:
            p = self.s.players[player]
            pygame.draw.rect(surface, theme.PLAYER_RGB[p.colour], (x, y + 2, 10, 26), border_radius=3)
            x += 18
        text.draw(surface, title, (x, y - 2), 22, theme.TEXT, bold=True, max_width=theme.WIDTH - x - 12,
                  min_size=theme.PLAY_FLOOR)
        if sub:       # one line at 18 px, else smaller; two lines of 14 px for a long translation
            width = theme.WIDTH - x - 12
            if text.measure(sub, 16) <= width:
                paragraph(surface, sub, (x, y + 27), width, theme.MUTED, lines=1)
            else:
                paragraph(surface, sub, (x, y + 24), width, theme.MUTED, size=theme.FLOOR, lines=2)


def paragraph(surface: pygame.Surface, words: str, pos: tuple[int, int], width: int,
              colour: tuple[int, int, int] = theme.TEXT, size: int = 18, lines: int = 2, bold: bool = False,
              anchor: str = "topleft") -> int:
    """``words`` from ``pos`` in at most ``lines`` lines of ``width`` px: at ``size`` if they
    fit so, else in the type scale's smaller roles (16 px "detail", then 14 px "caption"), and
    only then cut. ``anchor``: "topleft" or "midtop" (centred lines). Returns the y under the
    last line."""
    steps = [(size, "body" if size >= theme.PLAY_FLOOR else "detail")]
    steps += [(theme.TYPE[r], r) for r in ("detail", "caption") if theme.TYPE[r] < size]
    def fits(px: int) -> bool:
        wrapped = text.wrap(words, px, width, bold)
        return len(wrapped) <= lines and all(text.measure(w, px, bold) <= width for w in wrapped)

    px, role = next((step for step in steps if fits(step[0])), steps[-1])
    wrapped = text.wrap(words, px, width, bold)[:lines]
    step = px + 5
    x, y = pos
    for k, line in enumerate(wrapped):
        text.draw(surface, line, (x, y + step * k), px, colour, anchor, bold=bold, max_width=width,
                  min_size=theme.FLOOR, role=role)
    return y + step * len(wrapped)


def draw_trajan_tile(surface: pygame.Surface, rect: pygame.Rect, board: TrajanBoard, tile_id: str) -> None:
    """A Trajan tile: pile colour, its two required marker colours, VP and effect."""
    tile = board.trajan_tiles[tile_id]
    pygame.draw.rect(surface, PILE_RGB[tile.pile], rect, border_radius=5)
    pygame.draw.rect(surface, (20, 20, 20), rect, 1, border_radius=5)
    r = max(5, rect.height // 7)
    for k, colour in enumerate(tile.colours):
        icons.marker(surface, (rect.x + r + 3 + k * (2 * r + 3), rect.y + r + 3), colour, r)
    # the tile's own print, as on the cardboard: a picture, small on the action circle
    small = "caption" if rect.height // 3 < theme.PLAY_FLOOR else "body"
    text.draw(surface, str(tile.vp), (rect.right - 3, rect.y + 1), max(theme.FLOOR, rect.height // 3), theme.TEXT,
              "topright", bold=True, role=small)
    lower = pygame.Rect(rect.x + 2, rect.centery, rect.width - 4, rect.height // 2 - 2)
    if tile.effect == "demand":
        icons.demand(surface, lower, tile.demand)
    elif tile.effect == "goods":
        icons.cards(surface, lower, 2)
    elif tile.effect in ("legion", "worker"):       # its figures as pictures, not "2W" / "1L"
        icons.figures(surface, lower.inflate(0, -4), tile.effect, tile.figures)
    elif tile.effect != "vp":
        text.draw(surface, "+2", lower.center, max(theme.FLOOR, rect.height // 3), theme.TEXT, "center", bold=True,
                  role=small)


def tile_effect(board: TrajanBoard, tile_id: str) -> str:
    """What a Trajan tile does, in words (translated): beside its picture, which shows its
    marker colours and VP."""
    tile = board.trajan_tiles[tile_id]
    what = _(names.PILE[tile.pile]) if tile.effect != "vp" else _("no action")
    if tile.effect in ("legion", "worker"):
        what = _("{what} x{n}").format(what=what, n=tile.figures)
    if tile.effect == "demand":
        what = _(names.DEMAND[tile.demand])
    return what


def tile_text(board: TrajanBoard, tile_id: str) -> str:
    """One line naming a Trajan tile for players (translated)."""
    tile = board.trajan_tiles[tile_id]
    colours = " + ".join(_(names.MARKER[c]) for c in tile.colours)
    return _("{what}, {vp} VP ({colours})").format(what=tile_effect(board, tile_id), vp=tile.vp, colours=colours)
