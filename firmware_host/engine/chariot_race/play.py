"""Random legal play: candidate moves for the pending decision, and a random legal one.

Used by the soak and property tests (and ``table-companion simulate`` once wired). The
track events are invented from the companion's track model (corners, chariots and the
finish line ahead in the lane), so random races look like races and end. Candidates may
include illegal moves (the rules decide); :func:`random_event` returns one the rules accept.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from ..core import Event, Game, first_legal, play_out
from . import events as ev
from .board import LANE_STEP
from .rules import ChariotRaceRules
from .state import ChariotRaceState


def candidates(rules: ChariotRaceRules, s: ChariotRaceState, rng: random.Random) -> Iterator[Event]:
    """Plausible moves for ``s.pending``, in the order a random player would try them."""
    b, p = rules.board, s.pending
    kind = p.kind
    if kind == "start_spaces":
        if rng.random() < 0.5:
            yield ev.DrawStartSpaces()
        spaces = rng.sample(range(1, len(b.start_spaces) + 1), len(s.chariots))
        yield ev.DrawStartSpaces(tuple(spaces))
    elif kind == "pick_sheet":
        free = [c for c in b.colours if s.by_colour(c) is None]
        yield ev.PickSheet(rng.choice(free))
    elif kind == "place_chariot":
        taken = {c.start_space for c in s.chariots}
        free_spaces = [n for n in range(1, len(b.start_spaces) + 1) if n not in taken]
        yield ev.ChooseStartSpace(rng.choice(free_spaces))
    elif kind == "roll":
        c = s.active()
        assert c is not None
        if c.fate >= b.repair_fate and c.resistance <= b.max_resistance - b.repair_resistance and rng.random() < 0.7:
            yield ev.Repair()
        if rng.random() < 0.5:
            yield ev.RollDice()
        n = rules.dice_to_roll(s, c.colour)
        yield ev.RollDice(tuple(rng.choice(b.die_faces) for _ in range(n)))
    elif kind == "dice":
        yield from _dice_candidates(rules, s, rng)
    elif kind == "speed":
        t = s.turn
        assert t is not None
        n = t.count("normal")
        want = _wanted_speed(rules, s, rng) - t.start_speed - 2 * t.count("fast")
        up, down = (min(n, want), 0) if want >= 0 else (0, min(n, -want))
        if rules.setup.normal_dice_must_be_used:
            up = n - down
        yield ev.SetSpeed(up, down)
    elif kind == "move":
        yield from _move_candidates(rules, s, rng)
    elif kind == "attack":
        targets = rules.javelin_targets(s)
        if targets and rng.random() < 0.8:
            yield ev.ThrowJavelin(rng.choice(targets))
        if rng.random() < 0.6:
            yield ev.DropCaltrop()
        yield ev.EndTurn()


def _wanted_speed(rules: ChariotRaceRules, s: ChariotRaceState, rng: random.Random) -> int:
    """A speed a driver might aim for: near the lane's limit with a corner in reach, else fast."""
    b = rules.board
    c = s.active()
    assert c is not None
    limit = b.corner_limits[c.lane]
    corner_near = any((c.pos + k) % b.spaces_per_lap in b.corner_spaces for k in range(1, b.max_speed + 1))
    return rng.randint(limit - 1, limit + 1) if corner_near else rng.randint(5, 10)


def _dice_candidates(rules: ChariotRaceRules, s: ChariotRaceState, rng: random.Random) -> Iterator[Event]:
    b, t = rules.board, s.turn
    c = s.active()
    assert t is not None and c is not None
    if t.manipulations < 3 and rng.random() < 0.5:
        dice = rng.sample(range(len(t.dice)), rng.randint(1, len(t.dice)))
        if rng.random() < 0.5:
            yield ev.Reroll(tuple(dice))
        yield ev.Reroll(tuple(dice), tuple(rng.choice(b.die_faces) for _ in dice))
    if t.manipulations < 3 and rng.random() < 0.3:
        yield ev.SetDie(rng.randrange(len(t.dice)), rng.choice(["normal", "fast", "lane", "attack"]))
    yield ev.KeepDice()


def _move_candidates(rules: ChariotRaceRules, s: ChariotRaceState, rng: random.Random) -> Iterator[Event]:
    b, t = rules.board, s.turn
    c = s.active()
    assert t is not None and c is not None
    if t.ended_on:
        if s.on_track and rng.random() < 0.2:
            yield ev.HitCaltrop()
        yield ev.EndMove()
        return
    if t.lane_changes < t.count("lane") and rng.random() < 0.5:
        yield ev.ChangeLane(rng.choice(list(LANE_STEP)))
    lap = b.spaces_per_lap
    if (c.pos + c.speed) // lap > c.pos // lap and t.crossed == 0:
        yield ev.CrossFinish()
    if t.corners < len(rules.corners_ahead(s, c.colour)):
        yield ev.EnterCorner(b.corner_limits[c.lane])
    ahead = sorted((o.pos, o.colour) for o in s.chariots
                   if o is not c and not o.wrecked and o.lane == c.lane and c.pos < o.pos <= c.pos + c.speed)
    if t.collisions < len(ahead):
        pos, colour = ahead[t.collisions]
        yield ev.Collide(colour, ended_here=pos == c.pos + c.speed)
    if s.on_track and rng.random() < 0.1:
        yield ev.HitCaltrop()
    if rules.setup.track == "B" and rng.random() < 0.02:
        yield ev.HitRocks()
    yield ev.EndMove()


def random_event(game: Game, rng: random.Random) -> Event:
    """A random move the rules accept for ``game``'s pending decision (``RuntimeError`` if
    none is: a bug in :func:`candidates` or the rules)."""
    rules = game.rules
    assert isinstance(rules, ChariotRaceRules), rules
    return first_legal(game, candidates(rules, game.state, rng))


def play_random_game(rules: ChariotRaceRules, rng: random.Random, max_events: int = 5000) -> Game:
    """A whole game of random legal moves. Raises ``RuntimeError`` if it does not end."""
    return play_out(rules, lambda game: random_event(game, rng), max_events)
