"""Record the golden Chariot Race playthroughs in tests/chariot_race/golden/.

Run ``.venv/bin/python tests/chariot_race/record_golden.py`` after a deliberate change of the
rules or the data, read the diff, and commit it. A scripted table plays each race: dice are
"rolled at the table" from a fixed seed and entered face by face; drivers slow down for
corners, swerve out with a lane die, throw javelins at the nearest rival; the track (corners,
chariots, caltrops, rock piles, the finish line) is simulated on the companion's track model
and entered as the events a table would tap. After every turn the script states what every
chariot's sheet shows, so a replay checks each number.
"""

from __future__ import annotations

import dataclasses
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from firmware_host.data import load  # noqa: E402
from firmware_host.engine.chariot_race import ChariotRaceRules, ChariotRaceSetup  # noqa: E402
from firmware_host.engine.chariot_race import events as ev  # noqa: E402
from firmware_host.engine.core import Event, Game, event_to_json  # noqa: E402

GOLDEN = Path(__file__).resolve().parent / "golden"
ROCKS = {(0, 13), (1, 4), (2, 15)}          # the scripted table's rock piles (lane, space in lap)


def words(event: Event) -> str:
    """An event as a script line: ``kind field=value`` (tuples comma-separated, defaults left out)."""
    out = [event.kind]
    defaults = {f.name: f.default for f in dataclasses.fields(event)}
    for key, value in event_to_json(event).items():
        if key == "kind" or value == defaults[key] or value == []:
            continue
        if isinstance(value, list):
            value = ",".join(map(str, value))
        elif isinstance(value, bool):
            value = str(value).lower()
        out.append(f"{key}={value}")
    return " ".join(out)


class Table:
    """A scripted table: plays the race through the engine and writes the script."""

    def __init__(self, setup: ChariotRaceSetup, seed: int, title: list[str], companion_rolls: tuple[int, ...] = ()) -> None:
        self.game = Game(ChariotRaceRules(setup))
        self.rules = self.game.rules
        self.rng = random.Random(seed)
        self.lines = [f"# {line}" if line else "#" for line in title]
        self.lines.append(setup_line(setup))
        self.caltrops: set[tuple[int, int]] = set()     # where the table's caltrops lie
        self.companion_rolls = companion_rolls          # seats whose dice the companion rolls

    def tap(self, event: Event, note: str = "") -> None:
        self.game.apply(event)
        self.lines.append(words(event) + (f"    # {note}" if note else ""))

    def refuse(self, event: Event, rule: str) -> None:
        self.lines.append(f"expect error {rule} {words(event)}")

    def sheets(self, before: dict[str, tuple]) -> None:
        """``expect`` lines for every chariot whose sheet changed this turn."""
        for c in self.game.state.chariots:
            now = sheet(c)
            if now != before[c.colour]:
                if c.wrecked:
                    self.lines.append(f"expect {c.colour} wrecked=true resistance=0")
                else:
                    self.lines.append(f"expect {c.colour} resistance={c.resistance} speed={c.speed} "
                                      f"fate={c.fate} laps={c.crossings} lane={c.lane} pos={c.pos}")

    # --------------------------------------------------------------- one turn

    def turn(self) -> None:
        s = self.game.state
        c = s.active()
        assert c is not None
        before = {o.colour: sheet(o) for o in s.chariots}
        self.lines += ["", f"# round {s.round}, {c.colour} ({s.players[c.seat]}): resistance {c.resistance}, "
                           f"speed {c.speed}, fate {c.fate}, lap counter {2 - c.crossings} dolphin(s)",
                       f"expect turn {c.colour}"]
        b = self.rules.board
        if c.fate >= b.repair_fate and c.resistance <= 8:
            self.tap(ev.Repair(), "3 fate for 3 resistance")
            s = self.game.state
        n = self.rules.dice_to_roll(s, c.colour)
        start = self.rules.starting_speed(s, c.colour)
        if c.seat in self.companion_rolls:
            self.tap(ev.RollDice())
            self.lines[-1] += f"    # starting speed {start}: the companion rolls " + \
                ",".join(self.game.state.turn.dice)
        else:
            self.tap(ev.RollDice(self.roll(n)), f"starting speed {start}: {n} dice")
        self.dice()
        t = self.game.state.turn
        if self.game.state.pending.kind == "speed":
            want = self.wanted_speed() - t.start_speed - 2 * t.count("fast")
            up, down = (min(t.count("normal"), want), 0) if want >= 0 else (0, min(t.count("normal"), -want))
            self.tap(ev.SetSpeed(up, down))
        if self.game.state.pending.kind == "move":
            self.move()
        if self.game.state.pending.kind == "attack":
            self.attack()
        self.sheets(before)

    def roll(self, n: int) -> tuple[str, ...]:
        return tuple(self.rng.choice(self.rules.board.die_faces) for _ in range(n))

    def corner_near(self) -> bool:
        c = self.game.state.active()
        b = self.rules.board
        return any((c.pos + k) % b.spaces_per_lap in b.corner_spaces for k in range(1, 10))

    def wanted_speed(self) -> int:
        c = self.game.state.active()
        limit = self.rules.board.corner_limits[c.lane]
        return min(limit, c.resistance) if self.corner_near() else 8

    def dice(self) -> None:
        s = self.game.state
        t, c = s.turn, s.active()
        fast = [i for i, f in enumerate(t.dice) if f == "fast"]
        if fast and self.corner_near():
            if c.seat in self.companion_rolls:
                self.tap(ev.Reroll(tuple(fast)))
                self.lines[-1] += "    # the free reroll of the fast dice: " + ",".join(self.game.state.turn.dice)
            else:
                self.tap(ev.Reroll(tuple(fast), self.roll(len(fast))), "the free reroll: the fast dice")
        t, c = self.game.state.turn, self.game.state.active()
        if self.corner_near() and c.lane < 2 and "lane" not in t.dice and c.fate >= 4:
            spare = [i for i, f in enumerate(t.dice) if f in ("attack", "fortuna", "fast")]
            if spare:
                self.tap(ev.SetDie(spare[0], "lane"), "2 fate: a lane die to swing out")
        self.tap(ev.KeepDice())

    def move(self) -> None:
        s = self.game.state
        t, c = s.turn, s.active()
        b = self.rules.board
        lane, pos = c.lane, c.pos
        swerve = self.swerve(lane, pos, c.speed) if t.count("lane") else None
        if swerve:
            direction, why = swerve
            self.tap(ev.ChangeLane(direction), why)
            lane += 1 if direction == "out" else -1
        for step in range(1, c.speed + 1):
            here = (lane, pos + step)
            if (here[1]) % b.spaces_per_lap == 0:
                self.tap(ev.CrossFinish())
            if here[1] % b.spaces_per_lap in b.corner_spaces:
                self.tap(ev.EnterCorner(b.corner_limits[lane]))
            if self.game.state.turn is None or self.game.state.pending.kind != "move":
                return                                                  # wrecked
            if self.rules.setup.track == "B" and (lane, here[1] % b.spaces_per_lap) in ROCKS:
                self.tap(ev.HitRocks(), "a rock pile")
                self.caltrops.add(here)
                return
            others = self.game.state.chariots
            hit = [o for o in others if o.colour != c.colour and not o.wrecked and (o.lane, o.pos) == here]
            if hit:
                last = step == c.speed
                self.tap(ev.Collide(hit[0].colour, ended_here=last))
                if self.game.state.by_colour(hit[0].colour).wrecked:
                    self.caltrops.add(here)
                if self.game.state.pending.kind != "move":
                    return
                if last:
                    c = self.game.state.active()
                    if (c.lane, c.pos) in self.caltrops:
                        self.caltrops.discard((c.lane, c.pos))
                        self.tap(ev.HitCaltrop(), "the caltrop behind")
                    break
            if here in self.caltrops:
                self.caltrops.discard(here)
                self.tap(ev.HitCaltrop())
                if self.game.state.pending.kind != "move":
                    return
        self.tap(ev.EndMove())

    def rocks_ahead(self, lane: int, pos: int, speed: int) -> bool:
        lap = self.rules.board.spaces_per_lap
        return self.rules.setup.track == "B" and any((lane, (pos + k) % lap) in ROCKS for k in range(1, speed + 1))

    def swerve(self, lane: int, pos: int, speed: int) -> tuple[str, str] | None:
        """With a lane die: away from a rock pile ahead, or out before a corner."""
        if self.rocks_ahead(lane, pos, speed):
            for direction, other in (("out", lane + 1), ("in", lane - 1)):
                if 0 <= other <= 2 and not self.rocks_ahead(other, pos, speed):
                    return direction, "around the rock pile ahead"
        if self.corner_near() and lane < 2 and not self.rocks_ahead(lane + 1, pos, speed):
            return "out", "swing out before the corner"
        return None

    def attack(self) -> None:
        while self.game.state.pending.kind == "attack":
            s = self.game.state
            c = s.active()
            targets = self.rules.javelin_targets(s)
            if targets:
                self.tap(ev.ThrowJavelin(targets[0]))
                target = self.game.state.by_colour(targets[0])
                if target.wrecked:
                    self.caltrops.add((target.lane, target.pos))
            elif c.speed >= 2 and s.supply and s.turn.caltrops_dropped < c.speed - 1:
                self.tap(ev.DropCaltrop(), "on the space just behind")
                self.caltrops.add((c.lane, c.pos - 1 - s.turn.caltrops_dropped))
            else:
                self.tap(ev.EndTurn())

    def play(self) -> str:
        while not self.game.state.over:
            self.turn()
        s = self.game.state
        winner = s.chariots[s.winner].colour if s.winner is not None else "none"
        self.lines += ["", f"expect winner {winner}"]
        return "\n".join(self.lines) + "\n"


def sheet(c) -> tuple:
    return (c.resistance, c.speed, c.fate, c.crossings, c.lane, c.pos, c.wrecked)


def setup_line(setup: ChariotRaceSetup) -> str:
    parts = ["setup", "players=" + ",".join(setup.players)]
    if setup.chariots:
        parts.append("chariots=" + ",".join(f"{c}:{s}" for c, s in setup.chariots))
    parts += [f"sheets={setup.sheets}", f"track={setup.track}", f"seed={setup.seed}"]
    if setup.no_damage_after_finish:
        parts.append("no_damage_after_finish=true")
    return " ".join(parts)


def two_players() -> str:
    setup = ChariotRaceSetup(players=("Ann", "Ben"), board=load("chariot_race"), seed=2,
                             chariots=(("green", 0), ("yellow", 0), ("blue", 1), ("purple", 1)))
    table = Table(setup, seed=21, companion_rolls=(1,), title=[
        "Golden Chariot Race: 2 players, two chariots each (CR-VAR-2P3P), white sheets, track A.",
        "Recorded by tests/chariot_race/record_golden.py; each line is one tap at the table.",
        "Ann rolls her dice at the table and enters them; the companion rolls Ben's (seed 2).",
        "Start spaces drawn at the table: green 3, yellow 1, blue 4, purple 2 (CR-SETUP-2, -6).",
    ])
    table.tap(ev.DrawStartSpaces((3, 1, 4, 2)))
    table.lines.append("expect turn yellow")
    table.refuse(ev.ThrowJavelin("green"), "CR-ATTACK-1")
    table.refuse(ev.RollDice(("lane", "lane")), "CR-DICE-1")
    return table.play()


def six_chariots() -> str:
    setup = ChariotRaceSetup(players=("Ann", "Ben", "Cai", "Dora", "Eli", "Fay"), board=load("chariot_race"),
                             sheets="black", track="B", no_damage_after_finish=True, seed=6)
    table = Table(setup, seed=72, title=[
        "Golden Chariot Race: 6 players, black sheets (CR-VAR-BLACK), track B with rock piles",
        "(CR-VAR-TRACKB), no damage after finishing (CR-VAR-NODMG). Recorded by",
        "tests/chariot_race/record_golden.py; each line is one tap at the table.",
        "Sheets picked clockwise from Ann; the last picker (Fay) places first, then",
        "counter-clockwise (CR-VAR-BLACK-2, -3).",
    ])
    for colour in ("green", "red", "purple", "blue", "yellow", "black"):
        table.tap(ev.PickSheet(colour))
    table.refuse(ev.PickSheet("green"), "CR-VAR-BLACK-2")
    for space in (1, 2, 3, 4, 5, 6):
        table.tap(ev.ChooseStartSpace(space))
    table.lines.append("expect turn black")
    return table.play()


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    (GOLDEN / "two-players.txt").write_text(two_players(), encoding="utf-8")
    (GOLDEN / "six-chariots.txt").write_text(six_chariots(), encoding="utf-8")
