"""Trajan's printed numbers, built from the board-data dict (``firmware_host/data/trajan.toml``).

The dict travels inside the game's setup, so the engine never reads a file and a journaled
game always replays with the data it was played with.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

ACTIONS = ("seaport", "forum", "military", "senate", "trajan", "construction")
SLOT_NAMES = ("I", "II", "III", "IV", "V", "VI")
PLAYER_COLOURS = ("red", "green", "blue", "brown")   # T-COMP-2 (blue = dark blue)
SHIPS = ("same", "pairs", "diff")                     # T-SHIP
CAMP = "camp"                                         # the military camp, not a province


@dataclass(frozen=True)
class TrajanTile:
    """One Trajan tile: ``id`` like ``"legion-6"``, its pile, printed VP, required marker
    colours (a multiset, T-TT-1), its effect (``goods``, ``vp``, ``legion``, ``worker``,
    ``plus2``, ``demand``), figures moved (legion/worker) and demand kind (demand)."""

    id: str
    pile: str
    vp: int
    colours: tuple[str, ...]
    effect: str
    figures: int = 0
    demand: str = ""


@dataclass(frozen=True)
class BonusTile:
    """One of the 12 bonus tiles (T-BONUS): ``kind`` is forum/workers/goods/legion/yellow."""

    id: str
    kind: str
    demand: str = ""
    goods: tuple[str, ...] = ()


@dataclass(frozen=True)
class Province:
    id: str
    name: str
    vp: int
    neighbours: tuple[str, ...]


class TrajanBoard:
    """Read-only view of the board data. Raises ``KeyError``/``ValueError`` on malformed data."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.time_track = {int(k): int(v) for k, v in data["time_track"].items()}
        dem = data["demands"]
        self.demand_penalty: tuple[int, ...] = tuple(dem["penalty"])
        self.demand_kinds: tuple[str, ...] = tuple(dem["kinds"])
        self.demand_tiles_per_kind: int = dem["tiles_per_kind"]
        self.demand_removed_unseen: int = dem["removed_unseen"]
        circle = data["action_circle"]
        self.bowl_actions: tuple[str, ...] = tuple(circle["bowls"])
        if sorted(self.bowl_actions) != sorted(ACTIONS):
            raise ValueError("action_circle.bowls must name the six actions once each")
        self.marker_colours: tuple[str, ...] = tuple(circle["marker_colours"])
        self.markers_per_colour: int = circle["markers_per_colour"]
        self.senate_vp: tuple[int, ...] = tuple(data["senate"]["vp"])
        self.senate_votes: tuple[int, ...] = tuple(data["senate"]["votes"])
        fig = data["figures"]
        self.figures: int = fig["per_player"]
        self.start_legionaries: int = fig["start_legionaries"]
        self.start_workers: int = fig["start_workers"]
        self.ship_vp = {
            ship: {"coloured": tuple(t["coloured"]), "grey": tuple(t["grey"])}
            for ship, t in data["ships"].items()
        }
        self.goods_types: tuple[str, ...] = tuple(data["goods"]["types"])
        self.cards_per_type: int = data["goods"]["cards_per_type"]
        mil = data["military"]
        self.camp_neighbours: tuple[str, ...] = tuple(mil["camp_neighbours"])
        self.deploy_penalty: int = mil["deploy_penalty"]
        self.provinces: dict[str, Province] = {
            pid: Province(pid, p["name"], p["vp"], tuple(p["neighbours"]))
            for pid, p in mil["provinces"].items()
        }
        con = data["construction"]
        self.rows: int = con["rows"]
        self.columns: int = con["columns"]
        self.construction_values: tuple[int, ...] = tuple(con["values"])
        self.set_vp = {int(k): v for k, v in con["set_vp"].items()}
        self.bonus_action: dict[str, str] = dict(con["bonus_action"])
        forum = data["forum"]
        self.green_spaces_per_player: int = forum["green_spaces_per_player"]
        self.yellow_spaces: int = forum["yellow_spaces"]
        self.forum_tiles: dict[str, int] = dict(forum["tiles"])
        self.extra_action_tiles: dict[str, int] = dict(forum["extra_action_tiles"])
        self.bonus_tiles: dict[str, BonusTile] = {
            bid: BonusTile(bid, b["kind"], b.get("demand", ""), tuple(b.get("goods", ())))
            for bid, b in data["bonus_tiles"].items()
        }
        self.bonus_values: dict[str, tuple[float, float]] = {
            k: (v[0], v[1]) for k, v in data["bonus_values"].items()
        }
        self.plus2_total: int = data["plus2_markers"]["total"]
        self.trajan_tiles: dict[str, TrajanTile] = {}
        for pile, spec in data["trajan_tiles"].items():
            for i, tile in enumerate(self._pile_tiles(pile, spec), start=1):
                self.trajan_tiles[f"{pile}-{i}"] = TrajanTile(f"{pile}-{i}", pile, **tile)
        self.piles: tuple[str, ...] = tuple(data["trajan_tiles"])
        self._check()

    @staticmethod
    def _pile_tiles(pile: str, spec: dict[str, Any]) -> list[dict[str, Any]]:
        effect = spec["effect"]
        if "colours" in spec:
            return [dict(vp=spec["vp"], colours=tuple(c), effect=effect) for c in spec["colours"]]
        if effect == "demand":
            return [dict(vp=spec["vp"], colours=tuple(t[1:]), effect=effect, demand=t[0])
                    for t in spec["tiles"]]
        return [dict(vp=t[0], figures=t[1], colours=tuple(t[2:]), effect=effect)
                for t in spec["tiles"]]

    def _check(self) -> None:
        for p in self.provinces.values():
            for n in p.neighbours:
                if n not in self.provinces:
                    raise ValueError(f"province {p.id}: unknown neighbour {n}")
                if p.id not in self.provinces[n].neighbours:
                    raise ValueError(f"province adjacency {p.id}-{n} is one-way")
        for n in self.camp_neighbours:
            if n not in self.provinces:
                raise ValueError(f"camp neighbour {n} unknown")
        for t in self.trajan_tiles.values():
            for c in t.colours:
                if c not in self.marker_colours:
                    raise ValueError(f"Trajan tile {t.id}: unknown colour {c}")
        for b in self.bonus_tiles.values():
            if b.kind not in self.bonus_values:
                raise ValueError(f"bonus tile {b.id}: unknown kind {b.kind}")

    # ----------------------------------------------------------------- derived tables

    def spaces(self, players: int) -> int:
        """Time-track spaces per lap for ``players`` (T-NIS-1)."""
        return self.time_track[players]

    def green_spaces(self, players: int) -> int:
        """Forum green spaces filled for ``players`` (T-SETUP-4)."""
        return self.green_spaces_per_player * players

    @cached_property
    def construction_tiles(self) -> tuple[str, ...]:
        """All construction tile ids, ``"<kind>-<vp>"``."""
        return tuple(f"{k}-{v}" for k in self.bonus_action for v in self.construction_values)

    @staticmethod
    def construction_kind(tile: str) -> str:
        """``"door-4"`` -> ``"door"`` (tile ids are ``<kind>-<vp>``)."""
        return tile.rsplit("-", 1)[0]

    @staticmethod
    def construction_vp(tile: str) -> int:
        """``"door-4"`` -> ``4``. Raises ``ValueError`` for an id without a VP."""
        return int(tile.rsplit("-", 1)[1])

    def neighbours(self, space: int) -> tuple[int, ...]:
        """Orthogonal neighbours of a construction space (row-major index)."""
        r, c = divmod(space, self.columns)
        out = []
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < self.rows and 0 <= cc < self.columns:
                out.append(rr * self.columns + cc)
        return tuple(out)

    def march_targets(self, position: str) -> tuple[str, ...]:
        """Where a commander at ``position`` may march (T-MIL-2); the camp is never re-entered."""
        if position == CAMP:
            return self.camp_neighbours
        return self.provinces[position].neighbours
