"""Trajan final scoring (T-FINAL, T-BONUS, T-TIE-1) from what each player holds.

The same tally serves the engine at the end of a kept game and ``table-companion score
trajan FILE.json`` for a game that was not kept (holdings schema: ``docs/holdings.md``).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..core import N_
from .board import TrajanBoard


@dataclass
class Holdings:
    """What one player has when the fourth quarter is over.

    ``vp``: VP on the track before final scoring. ``construction``: construction-tile kinds
    (``"door"``...), one entry per tile. ``bonus_tiles``: ``(tile id, "yellow"/"grey")``.
    ``display``: goods type -> cards played in front of the player. ``forum_demand``: demand
    kind -> unspent forum demand tiles. ``senate_order``: 0 = top of the senate stack after
    the last quarter's reset (T-AMB-14); lower wins ties.
    """

    name: str
    vp: int = 0
    hand: int = 0
    worker_camp: int = 0
    military_camp: int = 0
    trajan_tiles_on_circle: int = 0
    construction: list[str] = field(default_factory=list)
    build_jokers: int = 0
    goods_jokers: int = 0
    bonus_tiles: list[tuple[str, str]] = field(default_factory=list)
    display: dict[str, int] = field(default_factory=dict)
    forum_demand: dict[str, int] = field(default_factory=dict)
    legionaries_in_provinces: int = 0
    workers_on_site: int = 0
    senate_order: int = 0

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Holdings:
        """Build from the holdings-file form; raises ``ValueError`` on unknown keys."""
        known = {f for f in cls.__dataclass_fields__}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown holdings keys: {sorted(unknown)}")
        data = dict(data)
        data["bonus_tiles"] = [tuple(t) for t in data.get("bonus_tiles", [])]
        return cls(**data)


Piece = tuple[str, tuple[tuple[str, Any], ...]]


def piece(template: str, **params: Any) -> Piece:
    """One part of a line's detail: an English template marked with ``N_`` and its values."""
    return template, tuple(params.items())


@dataclass(frozen=True)
class Line:
    """One line of a player's breakdown. ``group``: hand, worker_camp, military_camp,
    circle, construction or bonus (the rows of the tally table); ``what``: its name (English,
    marked for translation); ``detail``: the counts it comes from, so a player can check it
    by eye, as translatable pieces; ``vp``."""

    group: str
    what: str
    vp: int
    detail: tuple[Piece, ...] = ()

    def detail_text(self, gettext: Callable[[str], str] = str) -> str:
        """The detail as text, each piece and its words passed through ``gettext``."""
        parts = [gettext(t).format(**{k: gettext(v) if isinstance(v, str) else v for k, v in p})
                 for t, p in self.detail]
        return ", ".join(parts) or "-"


def _times(n: int, per: float) -> Piece:
    return piece(N_("{n} x {per}"), n=n, per=f"{per:g}")


def construction_sets(kinds: list[str], jokers: int, set_vp: dict[int, int],
                      all_kinds: tuple[str, ...]) -> tuple[int, dict[str, int]]:
    """Best VP from construction sets (T-FINAL-5) with ``jokers`` placed optimally.

    Returns ``(vp, {kind: tiles counted incl. jokers})``. A kind counts at most 4
    (T-AMB-13: 3 -> 10, 4 -> 20, not added together).
    """
    cap = max(set_vp)
    counts = {k: min(cap, kinds.count(k)) for k in all_kinds}

    def value(c: dict[str, int]) -> int:
        return sum(max((vp for n, vp in set_vp.items() if c[k] >= n), default=0) for k in c)

    best, best_counts = value(counts), dict(counts)
    # every joker that can still go somewhere is placed; the rest have no row left to fill
    placeable = min(jokers, sum(cap - c for c in counts.values()))
    for combo in itertools.combinations_with_replacement(all_kinds, placeable):
        trial = dict(counts)
        for k in combo:
            trial[k] += 1
        if any(v > cap for v in trial.values()):
            continue
        v = value(trial)
        if v > best:
            best, best_counts = v, trial
    return best, best_counts


def _goods_bonus(board: TrajanBoard, h: Holdings) -> list[tuple[str, int, int]]:
    """Per goods bonus tile: (tile id, cards counted, VP); unused goods jokers go where a card
    is worth most (T-BONUS-GOODS: a joker is one card of one type, so it counts once)."""
    tiles: list[tuple[str, int, int]] = []          # (tile id, cards counted, VP per card)
    for tile_id, side in h.bonus_tiles:
        tile = board.bonus_tiles[tile_id]
        if tile.kind == "goods":
            per = board.bonus_values["goods"][0 if side == "yellow" else 1]
            tiles.append((tile_id, sum(h.display.get(g, 0) for g in tile.goods), int(per)))
    if tiles:
        best = max(range(len(tiles)), key=lambda i: tiles[i][2])    # the first of the dearest
        tile_id, cards, per_card = tiles[best]
        tiles[best] = (tile_id, cards + h.goods_jokers, per_card)
    return [(tile_id, cards, cards * per_card) for tile_id, cards, per_card in tiles]


def tally(board: TrajanBoard, holdings: list[Holdings], *, edition: int = 2,
          yellow_counts_itself: bool = True) -> dict[str, Any]:
    """Final scoring for every player.

    Returns ``{"players": [{"name", "start_vp", "lines": [Line...], "total"}...],
    "ranking": [player index, best first], "winner": index}``. Ties go to the better
    ``senate_order`` (T-TIE-1, T-AMB-14). Rule sources: T-FINAL-1..6, T-BONUS.
    """
    out: list[dict[str, Any]] = []
    for h in holdings:
        lines = [
            Line("hand", N_("Goods cards in hand"), h.hand, (_times(h.hand, 1),)),                    # T-FINAL-1
            Line("worker_camp", N_("Workers in the worker camp"), h.worker_camp,
                 (_times(h.worker_camp, 1),)),                                                        # T-FINAL-2
            Line("military_camp", N_("Legionaries in the military camp"), h.military_camp,
                 (_times(h.military_camp, 1),)),                                                      # T-FINAL-3
        ]
        if edition >= 2:                                                                              # T-FINAL-4
            lines.append(Line("circle", N_("Trajan tiles on the action circle"), h.trajan_tiles_on_circle,
                              (_times(h.trajan_tiles_on_circle, 1),)))
        kinds = tuple(board.bonus_action)
        vp, counts = construction_sets(h.construction, h.build_jokers, board.set_vp, kinds)           # T-FINAL-5
        detail = tuple(piece(N_("{kind} {n}"), kind=k, n=n) for k, n in counts.items() if n)
        if h.build_jokers:
            detail += (piece(N_("jokers: {n}"), n=h.build_jokers),)
        lines.append(Line("construction", N_("Construction sets"), vp, detail))
        yellow = sum(1 for _, side in h.bonus_tiles if side == "yellow")
        goods = {tid: (cards, v) for tid, cards, v in _goods_bonus(board, h)}
        for tile_id, side in h.bonus_tiles:                                                           # T-FINAL-6
            tile = board.bonus_tiles[tile_id]
            per = board.bonus_values[tile.kind][0 if side == "yellow" else 1]
            side_piece = piece(N_("{side} side"), side=side)
            if tile.kind == "forum":                                                                  # T-BONUS-FORUM
                held = h.forum_demand.get(tile.demand, 0)
                lines.append(Line("bonus", N_("Bonus tile: forum demand tiles"), int(per) if held else 0,
                                  (side_piece, piece(N_("{demand}: {n} held"), demand=tile.demand, n=held))))
            elif tile.kind == "workers":                                                              # T-BONUS-WORKERS
                n = h.workers_on_site
                lines.append(Line("bonus", N_("Bonus tile: workers on the site"), math.ceil(n * per),
                                  (side_piece, _times(n, per))))
            elif tile.kind == "goods":                                                                # T-BONUS-GOODS
                cards, v = goods[tile_id]
                lines.append(Line("bonus", N_("Bonus tile: goods in display"), v,
                                  (side_piece, piece(N_("{a} and {b}"), a=tile.goods[0], b=tile.goods[1]),
                                   _times(cards, per))))
            elif tile.kind == "legion":                                                               # T-BONUS-LEGION
                n = h.legionaries_in_provinces
                lines.append(Line("bonus", N_("Bonus tile: legionaries in provinces"), int(n * per),
                                  (side_piece, _times(n, per))))
            elif tile.kind == "yellow":                                                               # T-BONUS-YELLOW
                n = yellow if yellow_counts_itself or side != "yellow" else yellow - 1
                lines.append(Line("bonus", N_("Bonus tile: yellow bonus tiles"), int(n * per),
                                  (side_piece, _times(n, per))))
        total = h.vp + sum(line.vp for line in lines)
        out.append({"name": h.name, "start_vp": h.vp, "lines": lines, "total": total})
    ranking = sorted(range(len(holdings)), key=lambda i: (-out[i]["total"], holdings[i].senate_order))
    return {"players": out, "ranking": ranking, "winner": ranking[0] if ranking else None}


def tally_to_json(result: dict[str, Any]) -> dict[str, Any]:
    """The tally with its lines as plain dicts (for ``--json``)."""
    return {
        "players": [
            {"name": p["name"], "start_vp": p["start_vp"], "total": p["total"],
             "lines": [{"group": line.group, "what": line.what, "detail": line.detail_text(), "vp": line.vp}
                       for line in p["lines"]]}
            for p in result["players"]
        ],
        "ranking": result["ranking"],
        "winner": result["winner"],
    }
