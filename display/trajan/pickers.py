"""Grids for recording what was taken at the table: forum tiles, Trajan tiles, construction
tiles and spaces, provinces, goods cards, bonus tiles and demands.

Each function returns buttons with ids ``<prefix>:<value>``; a tile whose copies are all
accounted for is shown disabled, so a wrong tap is not even possible.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Set

import pygame

from firmware_host.engine.trajan.board import ACTIONS, TrajanBoard
from firmware_host.engine.trajan.state import TrajanState
from firmware_host.i18n import _

from .. import icons, text, theme
from ..ui import Button, grid
from . import names
from .common import draw_trajan_tile, tile_effect

# Schematic map: (column, row) of each province on a 5 x 4 grid, roughly as on the board.
PROVINCE_CELL = {
    "britannia": (0, 0), "germania_inferior": (2, 0), "belgica": (1, 1), "germania_superior": (3, 1),
    "lugdunensis": (0, 2), "alpes": (2, 2), "raetia": (4, 2), "aquitania": (0, 3), "narbonensis": (1, 3),
    "noricum": (4, 3),
}
CAMP_CELL = (3, 3)
EXIT_CELL = (4, 0)      # an empty corner of the map: where the screen puts its Back button


def forum_tile_buttons(area: pygame.Rect, s: TrajanState, board: TrajanBoard, *, green: bool = True,
                       yellow: bool = False, prefix: str = "tile",
                       tail: tuple[tuple[str, str, bool], ...] = ()) -> list[Button]:
    """Forum tile kinds (``<prefix>:<kind>``) and, with ``yellow``, the extra-action tiles of
    the yellow spaces (``<prefix>:yellow:extra:<action>``), five to a row so that the longest
    names fit at 18 px; ``tail``: ``(id, label, enabled)`` buttons (Back, Skip) in the cells
    after them."""
    entries: list[tuple[str, str, bool]] = []
    if green:
        for kind, total in board.forum_tiles.items():
            entries.append((f"{prefix}:{kind}", names.forum_tile(kind), s.forum_seen[kind] < total))
    if yellow:
        for action, total in board.extra_action_tiles.items():
            entries.append((f"{prefix}:yellow:extra:{action}",
                            _("Yellow: {action}").format(action=_(names.ACTION[action])),
                            s.forum_yellow > 0 and s.extra_seen[action] < total))
    cols = 5
    rows = -(-(len(entries) + len(tail)) // cols)
    rects = grid(area, len(entries) + len(tail), cols, gap=6, height=min(64, (area.height - 6 * (rows - 1)) // rows))
    out = [Button(wid, rect, label, enabled=ok) for (wid, label, ok), rect in zip(tail, rects[len(entries):])]
    for (wid, label, ok), rect in zip(entries, rects):
        kind = wid.split(":")[-1]
        fill = (60, 90, 70) if "yellow:" in wid else None
        if kind in board.demand_kinds:
            out.append(Button(wid, rect, label, enabled=ok, icon=_demand_icon(kind), size=18, fill=fill))
        else:
            out.append(Button(wid, rect, enabled=ok, icon=wrapped_label(label, ok), fill=fill))
    return out


def wrapped_label(label: str, enabled: bool):
    """A painter for a button's label on up to two lines at 18 px (bold), where a long
    translated name would otherwise be shrunk below the type scale."""
    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        width = r.width - 4
        lines = text.wrap(label, 18, width, bold=True)[:2]
        top = r.centery - 23 * len(lines) // 2
        for k, line in enumerate(lines):
            text.draw(surface, line, (r.centerx, top + 23 * k), 18, theme.TEXT if enabled else theme.DIM, "midtop",
                      bold=True, max_width=width, min_size=theme.PLAY_FLOOR)
    return paint


def _demand_icon(kind: str):
    def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
        icons.demand(surface, rect, kind)
    return paint


def demand_buttons(area: pygame.Rect, board: TrajanBoard, left: Counter | None = None,
                   prefix: str = "demand") -> list[Button]:
    """Bread, games and religion as big icons; ``left`` disables kinds with none remaining."""
    rects = grid(area, len(board.demand_kinds), len(board.demand_kinds), gap=16)
    return [Button(f"{prefix}:{k}", r, _(names.DEMAND[k]), enabled=left is None or left[k] > 0,
                   icon=_demand_icon(k)) for k, r in zip(board.demand_kinds, rects)]


def pile_buttons(area: pygame.Rect, s: TrajanState, board: TrajanBoard, chosen: str | None,
                 excluded: Set[str] = frozenset()) -> list[Button]:
    """The six Trajan piles (``pile:<name>``) with how many tiles are left."""
    rects = grid(area, len(board.piles), 1, gap=4)
    return [Button(f"pile:{pile}", r, _(names.PILE[pile]), _("{n} left").format(n=len(s.trajan_piles[pile])),
                   enabled=bool(s.trajan_piles[pile]) and pile not in excluded, selected=pile == chosen, size=18)
            for pile, r in zip(board.piles, rects)]


def trajan_tile_buttons(area: pygame.Rect, s: TrajanState, board: TrajanBoard, pile: str) -> list[Button]:
    """The tiles still in ``pile`` (``trajan:<id>``): the one on top is the one to tap."""
    tiles = s.trajan_piles[pile]
    rects = grid(area, max(len(tiles), 1), 3, gap=8, height=min(96, (area.height - 16) // 3))
    out = []
    for tile_id, r in zip(tiles, rects):
        def paint(surface: pygame.Surface, rect: pygame.Rect, tile_id: str = tile_id) -> None:
            # the tile's picture (marker colours, VP, effect) and what it does in words
            side = min(rect.height, 64)
            t = pygame.Rect(rect.x, rect.centery - side // 2, side, side)
            draw_trajan_tile(surface, t, board, tile_id)
            width = rect.width - t.width - 8
            lines = text.wrap(tile_effect(board, tile_id), 18, width)[:2]
            top = rect.centery - 23 * len(lines) // 2
            for k, line in enumerate(lines):
                text.draw(surface, line, (t.right + 6, top + 23 * k), 18, theme.TEXT, max_width=width,
                          min_size=theme.PLAY_FLOOR)
        out.append(Button(f"trajan:{tile_id}", r, icon=paint))
    return out


def construction_tile_buttons(area: pygame.Rect, s: TrajanState, board: TrajanBoard) -> list[Button]:
    """The 20 construction tiles (``ctile:<kind>-<vp>``); taken ones disabled."""
    # a row per kind: its name and first-tile bonus action (T-BUILD-2a) in front, then one
    # button per value
    tiles = board.construction_tiles
    cols = len(board.construction_values)
    head = min(170, area.width // 4)
    rects = grid(pygame.Rect(area.x + head + 6, area.y, area.width - head - 6, area.height), len(tiles), cols, gap=6)
    out = []
    for k, (tile, r) in enumerate(zip(tiles, rects)):
        kind, vp = board.construction_kind(tile), board.construction_vp(tile)
        if k % cols == 0:
            bonus = board.bonus_action[kind]
            out.append(Button(f"kind:{kind}", pygame.Rect(area.x, r.y, head, r.height), enabled=False, frame=False,
                              icon=_kind_label(_(names.CONSTRUCTION[kind]),
                                               _("first: {action}").format(action=_(names.ACTION[bonus])))))
        out.append(Button(f"ctile:{tile}", r, _("{vp} VP").format(vp=vp), enabled=tile not in s.construction_seen,
                          size=18))
    return out


def _kind_label(name: str, bonus: str):
    """A painter: a construction kind's name (18 px) and its bonus action (16 px) in front of
    its row of tiles."""
    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        r = r.inflate(8, 8)
        text.draw(surface, name, (r.x, r.centery - 1), 18, theme.TEXT, "bottomleft", bold=True, max_width=r.width,
                  min_size=theme.FLOOR, role="detail")
        text.draw(surface, bonus, (r.x, r.centery + 1), 16, theme.MUTED, "topleft", max_width=r.width,
                  min_size=theme.FLOOR, role="detail")
    return paint


def site_buttons(area: pygame.Rect, s: TrajanState, board: TrajanBoard, allowed: list[int]) -> list[Button]:
    """The construction site (``site:<i>``): a tile where one still lies, the workers standing
    there, and the spaces the player may use now framed and lit."""
    rects = grid(area, board.rows * board.columns, board.columns, gap=6)
    out = []
    for i, r in enumerate(rects):
        ok = i in allowed

        def paint(surface: pygame.Surface, rect: pygame.Rect, i: int = i, ok: bool = ok) -> None:
            if s.site_tile[i]:
                tile = pygame.Rect(0, 0, 34, 34)
                tile.center = (rect.centerx, rect.centery - 6)
                pygame.draw.rect(surface, (176, 150, 104) if ok else (96, 86, 68), tile, border_radius=4)
            for k, w in enumerate(s.site_workers[i]):
                pygame.draw.circle(surface, theme.PLAYER_RGB[s.players[w].colour],
                                   (rect.x + 14 + 18 * k, rect.bottom - 12), 8)
        out.append(Button(f"site:{i}", r, enabled=ok, selected=ok, icon=paint,
                          fill=(64, 84, 70) if ok else None))
    return out


def map_cell(area: pygame.Rect, column: int, row: int) -> pygame.Rect:
    """The cell at ``(column, row)`` of the schematic map's 5 x 4 grid over ``area``."""
    cols, rows, gap = 5, 4, 10
    w = (area.width - gap * (cols - 1)) // cols
    h = (area.height - gap * (rows - 1)) // rows
    return pygame.Rect(area.x + column * (w + gap), area.y + row * (h + gap), w, h)


def province_buttons(area: pygame.Rect, s: TrajanState, board: TrajanBoard, allowed: tuple[str, ...],
                     commander_at: str) -> list[Button]:
    """A schematic map (``province:<id>``) with its connections: VP, forum tile and
    legionaries per province; the commander's marching targets enabled."""
    def cell(c: int, r: int) -> pygame.Rect:
        return map_cell(area, c, r)

    rects = {pid: cell(*rc) for pid, rc in PROVINCE_CELL.items()}
    rects["camp"] = cell(*CAMP_CELL)

    def paint_links(surface: pygame.Surface, _rect: pygame.Rect) -> None:
        for pid, prov in board.provinces.items():
            for other in prov.neighbours:
                if pid < other:
                    pygame.draw.line(surface, theme.LINE, rects[pid].center, rects[other].center, 3)
        for pid in board.camp_neighbours:
            pygame.draw.line(surface, theme.DIM, rects["camp"].center, rects[pid].center, 2)

    out = [Button("links", area.copy(), enabled=False, icon=paint_links, frame=False)]
    out.append(Button("camp", rects["camp"], _("Military camp"), enabled=False, selected=commander_at == "camp",
                      size=18))
    for pid, rect in rects.items():
        if pid == "camp":
            continue
        prov = board.provinces[pid]
        # the VP and the forum tile (as printed on the board) small along the top, with the
        # legionaries; the name under them on up to two lines at 18 px
        corner = _("{vp} VP").format(vp=prov.vp) + ("  " + _("tile") if s.province_tile[pid] else "")
        ok = pid in allowed

        def paint_province(surface: pygame.Surface, r: pygame.Rect, name: str = names.province(board, pid),
                           corner: str = corner, ok: bool = ok) -> None:
            r = r.inflate(8, 8)
            text.draw(surface, corner, (r.x + 8, r.y + 3), "caption", theme.ACCENT if ok else theme.DIM)
            lines = text.wrap(name, 18, r.width - 8, bold=True)[:2]
            top = r.y + 20 + (r.height - 20 - 23 * len(lines)) // 2
            for k, line in enumerate(lines):
                text.draw(surface, line, (r.centerx, top + 23 * k), 18, theme.TEXT if ok else theme.DIM, "midtop",
                          bold=True, max_width=r.width - 8, min_size=theme.FLOOR, role="detail")
        out.append(Button(f"province:{pid}", rect, enabled=ok, selected=pid == commander_at, icon=paint_province))

        def paint_legions(surface: pygame.Surface, r: pygame.Rect, legions: list[int] = s.legions[pid]) -> None:
            for k, q in enumerate(legions):
                pygame.draw.rect(surface, theme.PLAYER_RGB[s.players[q].colour],
                                 (r.right - 14 - 12 * k, r.y + 6, 9, 13))
        out.append(Button(f"legions:{pid}", rect.inflate(8, 8), enabled=False, icon=paint_legions, frame=False))
    return out


def goods_buttons(area: pygame.Rect, board: TrajanBoard, counts: Counter, prefix: str = "goods") -> list[Button]:
    """The 12 goods types (``goods:<type>``) with how many are selected."""
    rects = grid(area, len(board.goods_types), 6, gap=6)
    out = []
    for g, r in zip(board.goods_types, rects):
        n = counts[g]

        def paint(surface: pygame.Surface, rect: pygame.Rect, g: str = g, n: int = n) -> None:
            # the card's colour as a swatch, its name below it in light text (readable on any
            # goods colour, 18 px)
            swatch = pygame.Rect(rect.x + 6, rect.y + 2, rect.width - 34, max(12, rect.height - 30))
            pygame.draw.rect(surface, icons.GOODS_RGB.get(g, theme.MUTED), swatch, border_radius=5)
            pygame.draw.rect(surface, (20, 20, 20), swatch, 1, border_radius=5)
            text.draw(surface, _(names.GOODS[g]), (rect.centerx, rect.bottom), 18, theme.TEXT, "midbottom",
                      max_width=rect.width - 4, min_size=theme.FLOOR, role="detail")
            if n:
                pygame.draw.circle(surface, theme.ACCENT, (rect.right - 10, rect.y + 10), 11)
                text.draw(surface, str(n), (rect.right - 10, rect.y + 10), 18, (20, 20, 20), "center", bold=True)
        out.append(Button(f"{prefix}:{g}", r, icon=paint, selected=n > 0))
    return out


def bonus_tile_buttons(area: pygame.Rect, board: TrajanBoard, available: list[str],
                       prefix: str = "bonus") -> list[Button]:
    """The 12 bonus tiles (``bonus:<id>``); those not in ``available`` disabled."""
    tiles = list(board.bonus_tiles)
    rects = grid(area, len(tiles), 4, gap=8)
    return [bonus_tile_button(f"{prefix}:{t}", r, board, t, t in available) for t, r in zip(tiles, rects)]


BONUS_FILL = (76, 62, 20)          # a bonus tile's gold, dark enough for light text (4.5:1)


def bonus_tile_button(wid: str, rect: pygame.Rect, board: TrajanBoard, tile: str, enabled: bool) -> Button:
    """A bonus tile as a button: its name on up to two lines (18 px), what kind of tile it
    is below in the detail size."""
    name, sub = names.bonus_tile(board, tile), names.bonus_sub(board, tile)

    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        fg = theme.TEXT if enabled else theme.DIM
        width = r.width - 4
        lines = text.wrap(name, 18, width, bold=True)[:2]
        top = r.centery - (23 * len(lines) + (20 if sub else 0)) // 2
        for k, line in enumerate(lines):
            text.draw(surface, line, (r.centerx, top + 23 * k), 18, fg, "midtop", bold=True, max_width=width,
                      min_size=theme.PLAY_FLOOR)
        if sub:
            text.draw(surface, sub, (r.centerx, top + 23 * len(lines) + 2), 16, theme.MUTED if enabled else theme.DIM,
                      "midtop", max_width=width, min_size=theme.FLOOR, role="detail")
    return Button(wid, rect, icon=paint, enabled=enabled, fill=BONUS_FILL if enabled else None)


def action_buttons(area: pygame.Rect, enabled: set[str], prefix: str = "action") -> list[Button]:
    rects = grid(area, len(ACTIONS), 3, gap=8)
    return [Button(f"{prefix}:{a}", r, _(names.ACTION[a]), enabled=a in enabled) for a, r in zip(ACTIONS, rects)]
