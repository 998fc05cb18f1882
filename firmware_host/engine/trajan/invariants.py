"""What must hold in every Trajan state: pieces conserved, values in range (for the
property tests, ``table-companion simulate`` and the input storms)."""

from __future__ import annotations

from collections import Counter

from .rules import TrajanRules
from .state import TrajanState


def violations(rules: TrajanRules, s: TrajanState) -> list[str]:
    """Every broken invariant, as readable sentences (empty = all hold)."""
    b = rules.board
    out: list[str] = []
    setup_done = s.pending.kind not in ("setup_markers",)
    for i, p in enumerate(s.players):
        markers = Counter(c for bowl in p.bowls for c in bowl)
        placed = setup_done or i < (s.pending.player or 0)
        if placed and markers != Counter({c: b.markers_per_colour for c in b.marker_colours}):
            out.append(f"{p.name}: markers {dict(markers)} are not 2 of each colour")
        legions = sum(1 for ps in s.legions.values() if i in ps)
        workers = sum(1 for w in s.site_workers if i in w)
        figures = p.supply + p.military_camp + p.worker_camp + legions + workers
        if figures != b.figures:
            out.append(f"{p.name}: {figures} figures, not {b.figures}")
        if min(p.supply, p.military_camp, p.worker_camp, p.hand) < 0:
            out.append(f"{p.name}: a negative count")
        if not 0 <= p.senate < len(b.senate_vp):
            out.append(f"{p.name}: senate position {p.senate}")
        if any(v < 0 for v in p.forum_tiles.values()):
            out.append(f"{p.name}: negative forum tiles {dict(p.forum_tiles)}")
        if p.arch is not None and p.slots[p.arch] is not None:
            out.append(f"{p.name}: the arch stands on a full slot")
        if p.arch is None and None in p.slots:
            out.append(f"{p.name}: the arch is in the centre with a free slot")
    tiles = [t for pile in s.trajan_piles.values() for t in pile]
    tiles += [t for p in s.players for t in p.slots if t] + [t for p in s.players for t in p.completed]
    if sorted(tiles) != sorted(b.trajan_tiles):
        out.append(f"Trajan tiles not conserved: {len(tiles)} of {len(b.trajan_tiles)}")
    forum = (s.forum_stack + s.forum_green + sum(s.province_tile.values()) + sum(s.forum_seen.values())
             + s.forum_discarded)
    if forum != sum(b.forum_tiles.values()):
        out.append(f"forum tiles not conserved: {forum}")
    for kind, k in s.forum_seen.items():
        if k > b.forum_tiles[kind]:
            out.append(f"more {kind} forum tiles than exist")
    extra = s.extra_stack + s.forum_yellow + sum(s.extra_seen.values()) + s.extra_discarded
    if extra != sum(b.extra_action_tiles.values()):
        out.append(f"extra-action tiles not conserved: {extra}")
    built = [t for p in s.players for t in p.construction_tiles]
    if sorted(built) != sorted(s.construction_seen) or len(built) + sum(s.site_tile) != len(b.construction_tiles):
        out.append("construction tiles not conserved")
    cards = s.draw_pile + s.discard["A"] + s.discard["B"] + sum(p.hand + sum(p.display.values()) for p in s.players)
    if cards != len(b.goods_types) * b.cards_per_type:
        out.append(f"goods cards not conserved: {cards}")
    bonus = len(s.bonus_bag) + len(s.senate_bonus) + sum(len(p.bonus_tiles) for p in s.players)
    if bonus != len(b.bonus_tiles):
        out.append(f"bonus tiles not conserved: {bonus}")
    if s.plus2_left + sum(len(p.plus2) for p in s.players) != b.plus2_total:
        out.append("+2 markers not conserved")
    if not 0 <= s.time < b.spaces(s.n):
        out.append(f"time marker at {s.time}")
    if len(s.demands) > 3 or sum(s.demands_seen.values()) > 12:
        out.append("too many demands revealed")
    return out


def game_over_violations(rules: TrajanRules, s: TrajanState) -> list[str]:
    """At the end: 16 rounds, 12 demand reveals, 4 quarter results (T-FLOW-1, T-ROUND-3)."""
    out = violations(rules, s)
    rounds = sum(1 for q, r, _ in s.history if 1 <= q <= 4)
    if rounds != 16:
        out.append(f"{rounds} rounds, not 16")
    if sum(s.demands_seen.values()) != 12:
        out.append(f"{sum(s.demands_seen.values())} demand reveals, not 12")
    if len(s.quarter_results) != 4:
        out.append(f"{len(s.quarter_results)} quarter results, not 4")
    return out
