"""Random legal play: candidate moves for the pending decision, and a random legal one.

Used by ``table-companion simulate``, the soak and property tests and the benchmark.
Candidates may include illegal moves (the rules decide); :func:`random_event` returns one
the rules accept.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from ..core import Event, Game, first_legal, play_out
from . import events as ev
from .board import ACTIONS, SHIPS
from .rules import TrajanRules
from .state import Pending, TrajanState


def _weighted_pick(rng: random.Random, remaining: Counter) -> str | None:
    kinds = [k for k, v in remaining.items() if v > 0]
    if not kinds:
        return None
    return rng.choices(kinds, weights=[remaining[k] for k in kinds])[0]


def _unseen_forum(rules: TrajanRules, s: TrajanState) -> Counter:
    return Counter({k: v - s.forum_seen[k] for k, v in rules.board.forum_tiles.items()})


def _seat(p: Pending) -> int:
    """Whose decision ``p`` is; only the senate's (bonus tiles, demands) have nobody."""
    assert p.player is not None, p
    return p.player


def candidates(rules: TrajanRules, s: TrajanState, rng: random.Random) -> Iterator[Event]:
    """Plausible moves for ``s.pending``, most interesting first, in random order within groups."""
    b, p = rules.board, s.pending
    kind = p.kind
    if kind == "setup_markers":
        markers = [c for c in b.marker_colours for _ in range(b.markers_per_colour)]
        rng.shuffle(markers)
        yield ev.PlaceStartMarkers(_seat(p), tuple(tuple(markers[i:i + 2]) for i in range(0, 12, 2)))
    elif kind in ("setup_bonus", "refill_bonus"):
        yield ev.DrawBonusTile(rng.choice(s.bonus_bag))
    elif kind == "setup_cards":
        a = rng.choice([0, 0, 0, 1])
        yield ev.TakeStartingCards(_seat(p), 3 - a, a, 0)
        yield ev.TakeStartingCards(_seat(p))
    elif kind == "setup_trajan":
        piles = rng.sample([k for k, v in s.trajan_piles.items() if v], 3)
        first, second, third = (rng.choice(s.trajan_piles[k]) for k in piles)
        yield ev.TakeStartingTrajanTiles(_seat(p), (first, second, third))
    elif kind == "bowl":
        me = s.players[_seat(p)]
        bowls = [i for i in range(6) if me.bowls[i]]
        rng.shuffle(bowls)
        for bowl in bowls:
            colours = list(me.bowls[bowl])
            rng.shuffle(colours)
            yield ev.Sow(bowl, tuple(colours))
    elif kind == "trajan_special":
        me = s.players[_seat(p)]
        assert s.turn is not None                   # a tile is completed during a turn
        if rules.board.trajan_tiles[s.turn.special].effect == "plus2":
            yield ev.TrajanTileAction(True, rng.choice([a for a in ACTIONS if a not in me.plus2]))
        else:
            yield ev.TrajanTileAction(True)
        yield ev.TrajanTileAction(False)
    elif kind == "action":
        moves = list(_action_candidates(rules, s, rng, p.action))
        rng.shuffle(moves)
        yield from moves
        yield ev.SkipAction()
    elif kind == "extra":
        opts = rules.extra_options(s)
        rng.shuffle(opts)
        for action, tile in opts:
            yield ev.UseExtraAction(action, tile)
        yield ev.EndTurn()
    elif kind == "reveal_demand":
        left = Counter({d: b.demand_tiles_per_kind - s.demands_seen[d] for d in b.demand_kinds})
        yield ev.RevealDemand(_weighted_pick(rng, left) or b.demand_kinds[0])
    elif kind == "demands":
        yield ev.FulfilDemands(_seat(p), rules.suggest_demands(s, _seat(p)))
    elif kind == "consul":
        yield ev.ChooseBonusTile(rng.choice(s.senate_bonus))


def _action_candidates(rules: TrajanRules, s: TrajanState, rng: random.Random, action: str) -> Iterator[Event]:
    b = rules.board
    me = s.players[s.active]
    if action == "seaport":
        yield ev.SeaportDraw(rng.choice("AB"))
        yield ev.SeaportTake(rng.choice("AB"))
        if me.hand:
            hand = _imagined_hand(rules, s, rng, me.hand)
            yield ev.SeaportDisplay(tuple(sorted(hand[: rng.choice([1, 2])])))
            jokers = me.forum_tiles["goods_joker"]
            for ship in SHIPS:
                load = _ship_load(ship, hand, rng)
                if load:
                    yield ev.SeaportShip(ship, tuple(sorted(load)), 0)
                    if jokers:
                        yield ev.SeaportShip(ship, tuple(sorted(load[:-1])), 1)
    elif action == "forum":
        if s.forum_yellow and rng.random() < 0.3:
            left = Counter({a: b.extra_action_tiles[a] - s.extra_seen[a] for a in b.extra_action_tiles})
            pick = _weighted_pick(rng, left)
            if pick:
                yield ev.ForumTake(f"extra:{pick}", "yellow")
        pick = _weighted_pick(rng, _unseen_forum(rules, s))
        if pick:
            yield ev.ForumTake(pick, "green")
    elif action == "military":
        for target in b.march_targets(me.commander):
            tile = _weighted_pick(rng, _unseen_forum(rules, s)) if s.province_tile[target] else ""
            yield ev.March(target, tile or "")
        yield ev.Deploy()
        yield ev.Recruit()
    elif action == "trajan":
        piles = [k for k, v in s.trajan_piles.items() if v]
        if piles:
            pile = rng.choice(piles)
            yield ev.TakeTrajanTile(rng.choice(s.trajan_piles[pile]))
    elif action == "senate":
        yield ev.SenateAdvance()
    elif action == "construction":
        spaces = rules.build_spaces(s, s.active)
        rng.shuffle(spaces)
        unseen = [t for t in b.construction_tiles if t not in s.construction_seen]
        for space in spaces[:3]:
            yield ev.Build(space, rng.choice(unseen) if s.site_tile[space] and unseen else "")
        yield ev.Hire()


def _imagined_hand(rules: TrajanRules, s: TrajanState, rng: random.Random, n: int) -> list[str]:
    """A hand of ``n`` goods the table could hold (cards not yet displayed), for random play."""
    b = rules.board
    left = Counter({g: b.cards_per_type - sum(p.display[g] for p in s.players) for g in b.goods_types})
    hand = []
    for _ in range(n):
        g = _weighted_pick(rng, left)
        if g is None:
            break
        left[g] -= 1
        hand.append(g)
    return hand


def _ship_load(ship: str, hand: list[str], rng: random.Random) -> list[str]:
    counts = Counter(hand)
    if ship == "same":
        g, k = counts.most_common(1)[0]
        return [g] * min(k, 4)
    if ship == "diff":
        kinds = list(counts)
        rng.shuffle(kinds)
        return kinds[:4]
    pairs = [g for g, k in counts.items() if k >= 2][:3]
    return [g for g in pairs for _ in range(2)]


def random_event(game: Game, rng: random.Random) -> Event:
    """A random move the rules accept for ``game``'s pending decision (``RuntimeError`` if
    none is: a bug in :func:`candidates` or the rules)."""
    rules = game.rules
    assert isinstance(rules, TrajanRules), rules
    return first_legal(game, candidates(rules, game.state, rng))


def play_random_game(rules: TrajanRules, rng: random.Random, max_events: int = 5000) -> Game:
    """A whole game of random legal moves. Raises ``RuntimeError`` if it does not end."""
    return play_out(rules, lambda game: random_event(game, rng), max_events)
