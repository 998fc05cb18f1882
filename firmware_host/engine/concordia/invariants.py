"""What must hold in every Concordia state: pieces and cards conserved, storehouses within
their 12 spaces, no negative money (for the property tests, the soak and ``simulate``)."""

from __future__ import annotations

from collections import Counter

from .rules import DISPLAY_SPACES, ConcordiaRules
from .state import ConcordiaState


def all_cards(rules: ConcordiaRules, n: int) -> Counter:
    """Every personality card in an ``n``-player game: n starting hands and decks I..N (C-SETUP-1)."""
    b = rules.board
    cards = Counter({k: v * n for k, v in b.start_hand.items()})
    for deck in b.decks_for(n):
        cards.update(list(b.decks[deck]))
    return cards


def violations(rules: ConcordiaRules, s: ConcordiaState) -> list[str]:
    """Every broken invariant, as readable sentences (empty = all hold)."""
    b, m = rules.board, rules.map
    out: list[str] = []
    cards: Counter = Counter()
    for i, p in enumerate(s.players):
        if p.used() > b.capacity:
            out.append(f"{p.name}: storehouse holds {p.used()} of {b.capacity}")
        if p.money < 0:
            out.append(f"{p.name}: {p.money} sestertii")
        if any(k < 0 for k in p.goods.values()) or any(k < 0 for k in p.hand.values()):
            out.append(f"{p.name}: a negative count of goods or cards")
        for kind in b.colonist_kinds:
            store, board = p.colonists_store[kind], p.colonists_board[kind]
            if min(store, board) < 0 or store + board != b.colonists_per_kind:
                out.append(f"{p.name}: {kind} colonists {store} + {board}, not {b.colonists_per_kind}")
        if len(p.houses) > b.houses_per_player or len(set(p.houses)) != len(p.houses):
            out.append(f"{p.name}: houses {p.houses}")
        for city in p.houses:
            if i not in s.houses.get(city, []) or city not in s.city_good:
                out.append(f"{p.name}: house in {city} not on the map")
        if p.arriving and (s.turn is None or i not in s.turn.keep):
            out.append(f"{p.name}: goods waiting with nobody asked")
        cards.update(p.hand)
        cards.update(p.discard)
        if any(b.cards[c].action == "tribune" for c in p.discard):
            out.append(f"{p.name}: a Tribune on the discard pile")
    if sum(len(owners) for owners in s.houses.values()) != sum(len(p.houses) for p in s.players):
        out.append("houses on the map and in the players' records differ")
    for letter in m.tokens:
        if any(k < 0 for k in rules.tokens_left(s, letter).values()):
            out.append(f"more {letter} tokens known than exist")
    for left in s.market_left.values():
        cards.update(left)
    if len(s.display) != DISPLAY_SPACES:
        out.append(f"display has {len(s.display)} spaces")
    cards.update(entry[1] for entry in s.display if entry is not None)
    if +cards != all_cards(rules, s.n):
        out.append(f"cards not conserved: {dict(cards - all_cards(rules, s.n))} extra, "
                   f"{dict(all_cards(rules, s.n) - cards)} missing")
    if not 0 <= s.praefectus < s.n:
        out.append(f"Praefectus Magnus with seat {s.praefectus}")
    for pid, up in s.marker_coins.items():
        if up and pid not in s.marker_good:
            out.append(f"{pid}: marker on its coin side with an unknown good")
    return out


def game_over_violations(rules: ConcordiaRules, s: ConcordiaState) -> list[str]:
    """At the end: a Concordia card was given and its trigger happened (C-END-1/2)."""
    out = violations(rules, s)
    if s.concordia is None:
        out.append("the game ended without the Concordia card")
    elif any(s.display) and len(s.players[s.concordia].houses) < rules.board.houses_per_player:
        out.append("the Concordia card went to a player who neither emptied the display nor built 15 houses")
    if s.final is None:
        out.append("no tally at the end")
    return out
