"""Chariot Race's printed numbers, built from the board-data dict (``data/chariot_race.toml``).

The dict travels inside the race's setup, so the engine never reads a file and a journaled
race always replays with the data it was started with.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# CR-FACE: the five die symbols, by the names the seed's legend gives them.
FACES = ("normal", "fast", "lane", "attack", "fortuna")
SIDES = ("white", "black")          # CR-COMP-2: the two sides of a chariot sheet
TRACKS = ("A", "B")                 # CR-SETUP-1, CR-VAR-TRACKB
LANE_STEP = {"in": -1, "out": 1}    # lanes are numbered from the inside (0) out


@dataclass(frozen=True)
class Sheet:
    """One side of one chariot sheet: start values (CR-SETUP-3 / CR-VAR-BLACK-5), the dice
    column (CR-SHEET-2) and the speed numbers printed opposite each resistance value."""

    resistance: int
    speed: int
    fate: int
    dice_by_speed: tuple[int, ...]              # index speed - 1
    speed_opposite: tuple[tuple[int, ...], ...]  # index resistance - 1
    round_up: bool                               # CR-VAR-BLACK-6

    def dice(self, speed: int) -> int:
        """Dice rolled at starting ``speed`` (1..12). CR-SPEED-2, CR-AMB-3."""
        return self.dice_by_speed[speed - 1]

    def speed_cap(self, resistance: int) -> int:
        """Where phase 2 puts a speed that is too high for ``resistance`` (1..12): the number
        opposite the resistance clip, the higher of two for a round-up sheet. CR-SPEED-1,
        CR-VAR-BLACK-6."""
        numbers = self.speed_opposite[resistance - 1]
        return max(numbers) if self.round_up else min(numbers)


def _sheet(data: dict[str, Any], caps: dict[str, int], name: str) -> Sheet:
    sheet = Sheet(
        resistance=data["resistance"], speed=data["speed"], fate=data["fate"],
        dice_by_speed=tuple(data["dice_by_speed"]),
        speed_opposite=tuple(tuple(n) for n in data["speed_opposite"]),
        round_up=bool(data["round_up"]),
    )
    if len(sheet.dice_by_speed) != caps["speed"] or len(sheet.speed_opposite) != caps["resistance"]:
        raise ValueError(f"{name}: dice_by_speed needs one entry per speed, speed_opposite one per resistance")
    if not all(numbers and all(1 <= n <= caps["speed"] for n in numbers) for numbers in sheet.speed_opposite):
        raise ValueError(f"{name}: speed_opposite holds speeds outside 1..{caps['speed']}")
    if not 0 < sheet.resistance <= caps["resistance"] or not 0 < sheet.speed <= caps["speed"] \
            or not 0 <= sheet.fate <= caps["fate"]:
        raise ValueError(f"{name}: start values outside the tracks")
    return sheet


class ChariotRaceBoard:
    """Read-only view of the board data. Raises ``KeyError``/``ValueError`` on malformed data."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        caps = data["caps"]
        self.max_resistance: int = caps["resistance"]
        self.max_speed: int = caps["speed"]
        self.max_fate: int = caps["fate"]
        self.min_speed: int = caps["min_speed"]
        self.repair_fate: int = data["repair"]["fate"]
        self.repair_resistance: int = data["repair"]["resistance"]
        self.reroll_cost: int = data["fate_costs"]["reroll"]
        self.set_die_cost: int = data["fate_costs"]["set_die"]
        dmg = data["damage"]
        self.fast_damage: int = dmg["fast"]
        self.collision_damage: int = dmg["collision"]
        self.caltrop_damage: int = dmg["caltrop"]
        self.javelin_damage: int = dmg["javelin"]
        self.dice_count: int = data["dice"]["count"]
        self.die_faces: tuple[str, ...] = tuple(data["dice"]["faces"])
        if set(self.die_faces) - set(FACES):
            raise ValueError(f"dice.faces: unknown symbols {sorted(set(self.die_faces) - set(FACES))}")
        comp = data["components"]
        self.caltrops: int = comp["caltrops"]
        self.colours: tuple[str, ...] = tuple(data["colours"]["names"])
        track = data["track"]
        self.lanes: tuple[str, ...] = tuple(track["lanes"])
        self.corner_limits: tuple[int, ...] = tuple(track["corner_limits"])
        self.spaces_per_lap: int = track["spaces_per_lap"]
        self.corner_spaces: frozenset[int] = frozenset(track["corner_spaces"])
        self.start_spaces: tuple[tuple[int, int], ...] = tuple((lane, pos) for lane, pos in track["start_spaces"])
        self.javelin_range: int = track["javelin_range"]
        if len(self.corner_limits) != len(self.lanes):
            raise ValueError("track.corner_limits needs one limit per lane")
        if len(self.start_spaces) != comp["start_spaces"] or len(self.colours) < comp["start_spaces"]:
            raise ValueError("one start space and one colour per chariot the race can hold")
        self.white = _sheet(data["white"], caps, "white")
        self.black = {colour: _sheet(sheet, caps, f"black.{colour}") for colour, sheet in data["black"].items()}
        if set(self.black) != set(self.colours):
            raise ValueError("one black sheet per colour")
        for sheet in (self.white, *self.black.values()):
            if not all(1 <= n <= self.dice_count for n in sheet.dice_by_speed):
                raise ValueError(f"dice_by_speed must lie in 1..{self.dice_count}")

    def sheet(self, colour: str, side: str) -> Sheet:
        """The sheet a chariot of ``colour`` plays with on ``side`` (white/black)."""
        return self.white if side == "white" else self.black[colour]

    def lane_of_limit(self, limit: int) -> int:
        """The lane whose corner spaces show ``limit`` (CR-MOVE-4). Raises ``ValueError``."""
        return self.corner_limits.index(limit)
