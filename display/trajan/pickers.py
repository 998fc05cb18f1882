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
from .common import draw_trajan_tile, tile_text

# Schematic map: (column, row) of each province on a 5 x 4 grid, roughly as on the board.
PROVINCE_CELL = {
    "britannia": (0, 0), "germania_inferior": (2, 0), "belgica": (1, 1), "germania_superior": (3, 1),
    "lugdunensis": (0, 2), "alpes": (2, 2), "raetia": (4, 2), "aquitania": (0, 3), "narbonensis": (1, 3),
    "noricum": (4, 3),
}
CAMP_CELL = (3, 3)


def forum_tile_buttons(area: pygame.Rect, s: TrajanState, board: TrajanBoard, *, green: bool = True,
                       yellow: bool = False, prefix: str = "tile") -> list[Button]:
    """Forum tile kinds (``<prefix>:<kind>``) and, with ``yellow``, the extra-action tiles of
    the yellow spaces (``<prefix>:yellow:extra:<action>``)."""
    entries: list[tuple[str, str, bool]] = []
    if green:
        for kind, total in board.forum_tiles.items():
            entries.append((f"{prefix}:{kind}", names.forum_tile(kind), s.forum_seen[kind] < total))
    if yellow:
        for action, total in board.extra_action_tiles.items():
            entries.append((f"{prefix}:yellow:extra:{action}",
                            _("Yellow: {action}").format(action=_(names.ACTION[action])),
                            s.forum_yellow > 0 and s.extra_seen[action] < total))
    cols = 6
    rects = grid(area, len(entries), cols, gap=6, height=min(58, (area.height - 6 * 3) // 4))
    out = []
    for (wid, label, ok), rect in zip(entries, rects):
        kind = wid.split(":")[-1]
        icon = None
        if kind in board.demand_kinds:
            icon = _demand_icon(kind)
        out.append(Button(wid, rect, label, enabled=ok, icon=icon, size=15,
                          fill=(60, 90, 70) if "yellow:" in wid else None))
    return out


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
    rects = grid(area, len(board.piles), 1, gap=6)
    return [Button(f"pile:{pile}", r, _(names.PILE[pile]), _("{n} left").format(n=len(s.trajan_piles[pile])),
                   enabled=bool(s.trajan_piles[pile]) and pile not in excluded, selected=pile == chosen, size=16)
            for pile, r in zip(board.piles, rects)]


def trajan_tile_buttons(area: pygame.Rect, s: TrajanState, board: TrajanBoard, pile: str) -> list[Button]:
    """The tiles still in ``pile`` (``trajan:<id>``): the one on top is the one to tap."""
    tiles = s.trajan_piles[pile]
    rects = grid(area, max(len(tiles), 1), 3, gap=8, height=min(96, (area.height - 16) // 3))
    out = []
    for tile_id, r in zip(tiles, rects):
        def paint(surface: pygame.Surface, rect: pygame.Rect, tile_id: str = tile_id) -> None:
            t = pygame.Rect(rect.x, rect.y, rect.height, rect.height)
            draw_trajan_tile(surface, t, board, tile_id)
            lines = text.wrap(tile_text(board, tile_id), 14, rect.width - t.width - 8)
            for k, line in enumerate(lines[:3]):
                text.draw(surface, line, (t.right + 6, rect.y + 2 + 17 * k), 14, theme.TEXT)
        out.append(Button(f"trajan:{tile_id}", r, icon=paint))
    return out


def construction_tile_buttons(area: pygame.Rect, s: TrajanState, board: TrajanBoard) -> list[Button]:
    """The 20 construction tiles (``ctile:<kind>-<vp>``); taken ones disabled."""
    tiles = board.construction_tiles
    rects = grid(area, len(tiles), len(board.construction_values), gap=6)
    out = []
    for tile, r in zip(tiles, rects):
        kind, vp = board.construction_kind(tile), board.construction_vp(tile)
        bonus = board.bonus_action[kind]
        out.append(Button(f"ctile:{tile}", r, _("{kind} {vp} VP").format(kind=_(names.CONSTRUCTION[kind]), vp=vp),
                          _("first: {action}").format(action=_(names.ACTION[bonus])),
                          enabled=tile not in s.construction_seen, size=15))
    return out


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


def province_buttons(area: pygame.Rect, s: TrajanState, board: TrajanBoard, allowed: tuple[str, ...],
                     commander_at: str) -> list[Button]:
    """A schematic map (``province:<id>``) with its connections: VP, forum tile and
    legionaries per province; the commander's marching targets enabled."""
    cols, rows, gap = 5, 4, 10
    w = (area.width - gap * (cols - 1)) // cols
    h = (area.height - gap * (rows - 1)) // rows

    def cell(c: int, r: int) -> pygame.Rect:
        return pygame.Rect(area.x + c * (w + gap), area.y + r * (h + gap), w, h)

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
                      size=15))
    for pid, rect in rects.items():
        if pid == "camp":
            continue
        prov = board.provinces[pid]
        sub = _("{vp} VP").format(vp=prov.vp) + ("  " + _("tile") if s.province_tile[pid] else "")
        out.append(Button(f"province:{pid}", rect, prov.name, sub, enabled=pid in allowed,
                          selected=pid == commander_at, size=15))

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
            icons.goods_chip(surface, rect, g, _(names.GOODS[g]))
            if n:
                pygame.draw.circle(surface, theme.ACCENT, (rect.right - 10, rect.y + 10), 11)
                text.draw(surface, str(n), (rect.right - 10, rect.y + 10), 15, (20, 20, 20), "center", bold=True)
        out.append(Button(f"{prefix}:{g}", r, icon=paint, selected=n > 0))
    return out


def bonus_tile_buttons(area: pygame.Rect, board: TrajanBoard, available: list[str],
                       prefix: str = "bonus") -> list[Button]:
    """The 12 bonus tiles (``bonus:<id>``); those not in ``available`` disabled."""
    tiles = list(board.bonus_tiles)
    rects = grid(area, len(tiles), 4, gap=8)
    return [Button(f"{prefix}:{t}", r, names.bonus_tile(board, t), names.bonus_sub(board, t),
                   enabled=t in available, size=16, fill=(120, 100, 40) if t in available else None)
            for t, r in zip(tiles, rects)]


def action_buttons(area: pygame.Rect, enabled: set[str], prefix: str = "action") -> list[Button]:
    rects = grid(area, len(ACTIONS), 3, gap=8)
    return [Button(f"{prefix}:{a}", r, _(names.ACTION[a]), enabled=a in enabled) for a, r in zip(ACTIONS, rects)]
