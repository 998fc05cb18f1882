"""Trajan final scoring (T-FINAL, T-BONUS, T-TIE-1) from what each player holds.

The same tally serves the engine at the end of a kept game and ``table-companion score
trajan FILE.json`` for a game that was not kept (holdings schema: ``docs/holdings.md``).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any

from msgspec import Meta

from ...schema import InputError, PlayerName, convert, player_labels, refuse, show
from ..core import N_
from .board import TrajanBoard

Count = Annotated[int, Meta(ge=0, le=99)]
Side = Annotated[str, Meta(pattern="^(yellow|grey)$", description='"yellow" or "grey"')]


@dataclass
class Holdings:
    """What one player has when the fourth quarter is over.

    ``vp``: VP on the track before final scoring. ``construction``: construction-tile kinds
    (``"door"``...), one entry per tile. ``bonus_tiles``: ``(tile id, "yellow"/"grey")``.
    ``display``: goods type -> cards played in front of the player. ``forum_demand``: demand
    kind -> unspent forum demand tiles. ``senate_order``: 0 = top of the senate stack after
    the last quarter's reset (T-AMB-14); lower wins ties. The annotations are what a holdings
    file may hold (docs/holdings.md); what the box holds is checked by :func:`read_holdings`.
    """

    name: PlayerName
    vp: Annotated[int, Meta(ge=-999, le=999)] = 0
    hand: Count = 0
    worker_camp: Count = 0
    military_camp: Count = 0
    trajan_tiles_on_circle: Count = 0
    construction: list[str] = field(default_factory=list)
    build_jokers: Count = 0
    goods_jokers: Count = 0
    bonus_tiles: list[tuple[str, Side]] = field(default_factory=list)
    display: dict[str, Count] = field(default_factory=dict)
    forum_demand: dict[str, Count] = field(default_factory=dict)
    legionaries_in_provinces: Count = 0
    workers_on_site: Count = 0
    senate_order: Count = 0

    @classmethod
    def from_json(cls, data: dict[str, Any], where: str = "") -> Holdings:
        """One player of a holdings file. Raises :class:`~firmware_host.schema.InputError` (a
        ``ValueError``, one line) for an unknown key or a value of the wrong type or range."""
        return convert(data, cls, where)


@dataclass(frozen=True)
class Options:
    """``edition``: 2 scores T-FINAL-4 (T-AMB-12); ``yellow_counts_itself``: T-AMB-18."""

    edition: Annotated[int, Meta(ge=1, le=2, description="1 or 2")] = 2
    yellow_counts_itself: bool = True


@dataclass(frozen=True)
class HoldingsFile:
    """A Trajan holdings file (docs/holdings.md)."""

    players: Annotated[list[Holdings], Meta(min_length=1, max_length=99, description=(
        "a list of the players' holdings, in seat order"))]
    options: Options = field(default_factory=Options)


# What a holdings file may report once the box is considered: more is refused, the unusual
# is reported as a warning (docs/holdings.md).
USUAL_VP = range(0, 251)
USUAL_HAND = 15


def read_holdings(board: TrajanBoard, data: Any) -> tuple[HoldingsFile, list[str]]:
    """A holdings file checked against the schema and against the box: the component counts
    of ``board`` for the number of players. Returns the file and warnings for what a real
    game rarely reaches. Raises :class:`~firmware_host.schema.InputError` (one line naming the player
    and the field) for what no game can reach."""
    label = player_labels(data)
    doc = convert(data, HoldingsFile, "", explain=label)
    players = doc.players

    def fail(i: int, key: str, value: Any, problem: str) -> InputError:
        return InputError(label(str(refuse("", f"players[{i}].{key}", value, problem))))

    kinds = tuple(board.bonus_action)
    per_kind = len(board.construction_values)
    jokers = {"build_jokers": board.forum_tiles.get("build_joker", 0),
              "goods_jokers": board.forum_tiles.get("goods_joker", 0)}
    figures, site = board.figures, board.rows * board.columns
    cards = board.cards_per_type * len(board.goods_types)
    warnings: list[str] = []
    for i, h in enumerate(players):
        for k, kind in enumerate(h.construction):
            if kind not in kinds:
                raise fail(i, f"construction[{k}]", kind, "must be one of " + ", ".join(kinds))
        for kind in kinds:
            if h.construction.count(kind) > per_kind:
                raise fail(i, "construction", h.construction,
                           f"{h.construction.count(kind)} {kind} tiles, but the box has {per_kind}")
        for k, (tile, _side) in enumerate(h.bonus_tiles):
            if tile not in board.bonus_tiles:
                raise fail(i, f"bonus_tiles[{k}]", [tile, _side],
                           "unknown bonus tile; the tiles are " + ", ".join(board.bonus_tiles))
        for good, n in h.display.items():
            if good not in board.goods_types:
                raise fail(i, f"display.{good}", n, "unknown goods type; the types are " + ", ".join(board.goods_types))
            if n > board.cards_per_type:
                raise fail(i, f"display.{good}", n, f"the box has {board.cards_per_type} {good} cards")
        for kind, n in h.forum_demand.items():
            if kind not in board.demand_kinds:
                raise fail(i, f"forum_demand.{kind}", n,
                           "unknown demand; the demands are " + ", ".join(board.demand_kinds))
            if n > board.forum_tiles.get(kind, 0):
                raise fail(i, f"forum_demand.{kind}", n, f"the box has {board.forum_tiles.get(kind, 0)} {kind} tiles")
        limits = {"hand": (h.hand, cards, f"the box has {cards} goods cards"),
                  "trajan_tiles_on_circle": (h.trajan_tiles_on_circle, 6, "the action circle has 6 slots"),
                  "workers_on_site": (h.workers_on_site, site, f"the construction site has {site} spaces"),
                  "legionaries_in_provinces": (h.legionaries_in_provinces, len(board.provinces),
                                               f"a player has at most one legionary in each of the "
                                               f"{len(board.provinces)} provinces"),
                  "build_jokers": (h.build_jokers, jokers["build_jokers"],
                                   f"the box has {jokers['build_jokers']} construction jokers"),
                  "goods_jokers": (h.goods_jokers, jokers["goods_jokers"],
                                   f"the box has {jokers['goods_jokers']} goods jokers")}
        for key, (n, most, why) in limits.items():
            if n > most:
                raise fail(i, key, n, f"at most {most}: {why}")
        on_table = h.worker_camp + h.workers_on_site + h.military_camp + h.legionaries_in_provinces
        if on_table > figures:
            raise fail(i, "worker_camp", h.worker_camp,
                       f"worker_camp + workers_on_site + military_camp + legionaries_in_provinces = {on_table}, "
                       f"but a player has {figures} figures")
        if h.vp not in USUAL_VP:
            warnings.append(label(f"players[{i}].vp = {h.vp}: unusual for the end of a game "
                                  f"({USUAL_VP.start} to {USUAL_VP.stop - 1} is usual)"))
        if h.hand > USUAL_HAND:
            warnings.append(label(f"players[{i}].hand = {h.hand}: unusually many goods cards in hand"))
    n = len(players)
    counts = sorted(board.time_track)
    if n not in board.time_track:
        raise InputError(f"players: {n} listed: Trajan is for {counts[0]} to {counts[-1]} players")
    _check_totals(board, players, fail, label)
    explicit = [i for i, row in enumerate(data["players"]) if isinstance(row, dict) and "senate_order" in row]
    for i in explicit:
        if players[i].senate_order >= n:
            raise fail(i, "senate_order", players[i].senate_order, f"must be from 0 to {n - 1} ({n} players)")
        same = [j for j in explicit if j < i and players[j].senate_order == players[i].senate_order]
        if same:
            raise fail(i, "senate_order", players[i].senate_order,
                       label(f"players[{same[0]}] has the same place in the senate stack"))
    names = [h.name for h in players]
    for i, name in enumerate(names):
        if name in names[:i]:
            warnings.append(label(f"players[{i}].name = {show(name)}: two players have this name"))
    return doc, warnings


def _check_totals(board: TrajanBoard, players: list[Holdings], fail: Callable[..., InputError],
                  label: Callable[[str], str]) -> None:
    """What all players hold together must be in the box."""
    def total(what: str, used: int, most: int, key: str) -> None:
        if used > most:
            last = max(i for i, h in enumerate(players) if _uses(h, key))
            raise fail(last, key, _value(players[last], key),
                       f"the players hold {used} {what} together, but the box has {most}")

    for kind in board.bonus_action:
        total(f"{kind} construction tiles", sum(h.construction.count(kind) for h in players),
              len(board.construction_values), "construction")
    total("construction jokers", sum(h.build_jokers for h in players), board.forum_tiles.get("build_joker", 0),
          "build_jokers")
    total("goods jokers", sum(h.goods_jokers for h in players), board.forum_tiles.get("goods_joker", 0),
          "goods_jokers")
    for good in board.goods_types:
        total(f"{good} cards on display", sum(h.display.get(good, 0) for h in players), board.cards_per_type,
              f"display.{good}")
    cards = board.cards_per_type * len(board.goods_types)
    total("goods cards (hands and displays)", sum(h.hand + sum(h.display.values()) for h in players), cards, "hand")
    for kind in board.demand_kinds:
        total(f"{kind} forum tiles", sum(h.forum_demand.get(kind, 0) for h in players),
              board.forum_tiles.get(kind, 0), f"forum_demand.{kind}")
    seen: dict[str, int] = {}
    for i, h in enumerate(players):
        for k, (tile, side) in enumerate(h.bonus_tiles):
            if tile in seen:
                holder = "this player" if seen[tile] == i else label(f"players[{seen[tile]}]")
                raise fail(i, f"bonus_tiles[{k}]", [tile, side],
                           f"{holder} already holds it; the box has one of each bonus tile")
            seen[tile] = i


def _value(h: Holdings, key: str) -> Any:
    """The value of ``key`` (a field, or ``field.key`` of a dict field) in ``h``."""
    head, _, sub = key.partition(".")
    value = getattr(h, head)
    return value.get(sub, 0) if sub else value


def _uses(h: Holdings, key: str) -> bool:
    return bool(_value(h, key))


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
