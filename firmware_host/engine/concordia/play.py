"""Random legal play: candidate moves for the pending decision, and a random legal one.

Used by the soak and property tests (and ``table-companion simulate`` once wired).
Candidates may include illegal moves (the rules decide); :func:`random_event` returns one
the rules accept. The city tokens of a random game are dealt once from the setup's seed
(:func:`dealt_cities`), so the goods "seen at the table" stay consistent all game long.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from ..core import Event, Game, first_legal, play_out
from . import events as ev
from .rules import DISPLAY_SPACES, ConcordiaRules
from .state import ConcordiaState


def dealt_cities(rules: ConcordiaRules) -> dict[str, str]:
    """city -> good: the tokens of each letter shuffled onto the cities of that letter with
    ``random.Random(seed)``, standing in for the physical board of a random game."""
    m = rules.map
    rng = random.Random(rules.setup.seed)
    out: dict[str, str] = {}
    for letter, pool in sorted(m.tokens.items()):
        tokens = sorted(pool.elements())
        rng.shuffle(tokens)
        cities = [c for p in m.provinces.values() if p.letter == letter for c in p.cities]
        out.update(zip(cities, tokens))
    return out


def _marker(rules: ConcordiaRules, s: ConcordiaState, province: str, world: dict[str, str]) -> str:
    known = rules.marker_good(s, province)
    if known is not None:
        return ""
    return rules.board.dearest([world[c] for c in rules.map.provinces[province].cities])


def candidates(rules: ConcordiaRules, s: ConcordiaState, rng: random.Random) -> Iterator[Event]:
    """Plausible moves for ``s.pending``: the interesting ones first, then the plain ones."""
    p = s.pending
    kind = p.kind
    if kind == "reveal_card":
        deck = rules.top_deck(s)
        assert deck is not None                     # a card is turned up only while the stack lasts
        yield ev.RevealCard(rng.choice(s.market_left[deck]))
        return
    me = s.players[p.player] if p.player is not None else None
    world = dealt_cities(rules)
    if kind == "play":
        assert me is not None
        cards = sorted(me.hand)
        rng.shuffle(cards)
        for card in cards:
            yield ev.PlayCard(card)
    elif kind == "tribune":
        assert me is not None
        kinds = [k for k, v in me.colonists_store.items() if v > 0]
        if kinds and rng.random() < 0.7:
            yield ev.BuyColonist(rng.choice(kinds))
        yield ev.Done()
    elif kind == "architect":
        assert me is not None
        if rng.random() < 0.9:
            cities = [c for c in rules.map.city_province if c not in me.houses]
            rng.shuffle(cities)
            for city in cities:
                yield ev.BuildHouse(city, "" if city in s.city_good else world[city])
        yield ev.Done()
    elif kind == "prefect":
        flipped = sum(s.marker_coins.values())
        if flipped >= 3 and rng.random() < 0.5:
            yield ev.PrefectCash()
        provinces = [pid for pid, up in s.marker_coins.items() if not up]
        rng.shuffle(provinces)
        for pid in provinces:
            yield ev.Produce(pid, _marker(rules, s, pid, world))
        yield ev.PrefectCash()
    elif kind == "colonist":
        assert me is not None
        store = me.colonists_store
        if rng.random() < 0.6:
            land = rng.randint(0, store["land"])
            sea = rng.randint(0, store["sea"])
            if land + sea:
                yield ev.PlaceColonists(land, sea)
            for k in ("land", "sea"):
                if store[k]:
                    yield ev.PlaceColonists(**{k: 1})
        yield ev.ColonistCash()
    elif kind == "mercator":
        yield from _trades(rules, s, rng)
        yield ev.Done()
    elif kind == "diplomat":
        targets = rules.copy_targets(s)
        rng.shuffle(targets)
        for t in targets:
            yield ev.CopyCard(t)
    elif kind == "buy":
        slots = [i for i in range(DISPLAY_SPACES) if s.display[i] is not None]
        rng.shuffle(slots)
        if rng.random() < 0.85:
            for slot in slots:
                pay = rules.suggest_any_goods(s, slot, p.surcharge)
                if pay is not None:
                    yield ev.BuyCard(slot, pay)
        yield ev.Done()
    elif kind == "keep_goods":
        assert p.player is not None
        yield ev.KeepGoods(rules.suggest_keep(s, p.player))


def _trades(rules: ConcordiaRules, s: ConcordiaState, rng: random.Random) -> Iterator[Event]:
    b = rules.board
    me = s.players[s.active]
    held = sorted(me.goods)
    for _ in range(3):
        changes = []
        if held and rng.random() < 0.7:
            g = rng.choice(held)
            changes.append((g, -rng.randint(1, me.goods[g])))
        if rng.random() < 0.7:
            g = rng.choice([x for x in b.goods if x not in dict(changes)])
            changes.append((g, rng.randint(1, 2)))
        if changes:
            yield ev.Trade(tuple(changes))


def random_event(game: Game, rng: random.Random) -> Event:
    """A random move the rules accept for ``game``'s pending decision (``RuntimeError`` if
    none is: a bug in :func:`candidates` or the rules)."""
    rules = game.rules
    assert isinstance(rules, ConcordiaRules), rules
    return first_legal(game, candidates(rules, game.state, rng))


def play_random_game(rules: ConcordiaRules, rng: random.Random, max_events: int = 5000) -> Game:
    """A whole game of random legal moves. Raises ``RuntimeError`` if it does not end."""
    return play_out(rules, lambda game: random_event(game, rng), max_events)
