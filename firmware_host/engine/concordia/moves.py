"""Concordia's legal moves: what the game allows at this point, in a stable order.

:func:`legal_moves` is the single home of "which moves does the pending decision accept"
(as ``ai.enumerate`` in boardgame.io or ``legal_moves`` in python-chess): pure and
deterministic (no RNG, no I/O, the state is not changed), every move it lists is accepted by
:meth:`ConcordiaRules.apply <.rules.ConcordiaRules.apply>`, and every finite choice of the
screens is listed. Where a move carries a parameter that is free in a way that cannot be
listed sensibly, one representative stands for each screen-level choice;
:func:`choice_key` maps any move onto the key of the listed move that represents it.

The list per pending decision (``state.pending.kind``), in this order:

- ``reveal_card``: ``RevealCard(card)`` for each distinct card still left in the deck on top
  of the stack, by card id (C-NIS-5).
- ``play``: ``PlayCard(card)`` for each card kind in hand, by card id (C-TURN-2).
- ``tribune``: ``BuyColonist(kind)`` for each colonist kind (board order) with one in the
  storehouse when 1 food + 1 tool can be paid (C-CARD-TRIBUNE-2), then ``Done()``.
- ``architect``: ``BuildHouse(city, good)`` for each city (map order: provinces, then their
  cities) without an own house whose house the player can pay (C-NIS-6); ``good`` is ``""``
  when the companion knows the city's good, otherwise one move per good the city's token can
  still show (the tokens of its letter left and the province's bonus marker, C-NIS-1) and the
  player can pay for, cheapest good first. Then ``Done()``. Routes and adjacency stay on the
  table (C-CARD-ARCHITECT-1/2), so every city is listed. At most 30 cities x 5 goods.
- ``prefect``: ``Produce(province, bonus_good)`` for each province whose marker shows its
  goods side (C-AMB-4), map order; ``bonus_good`` is ``""`` when the companion can tell the
  marker (``rules.marker_good``), otherwise one move per good the marker can still show
  (C-CARD-PREFECT-1, C-NIS-1). Then ``PrefectCash()`` (C-CARD-PREFECT-2).
- ``colonist``: ``PlaceColonists(land, sea)`` for every count the storehouse holds and 1 food
  + 1 tool each can pay, fewest first, land before sea (C-CARD-COLONIST-1); then
  ``ColonistCash()`` (C-CARD-COLONIST-2). All counts are listed (at most 4 x 4 - 1).
- ``mercator``: **free** — the amounts traded. One ``Trade`` per *shape*: each set of one or
  two distinct goods types (C-AMB-5), each type sold or bought (C-CARD-MERCATOR-2), that
  some amounts make legal. The representative buys 1 unit of each type bought, sells 1 unit
  of each type sold when nothing is bought, and otherwise sells the fewest units of the sold
  type that pay for and make room for the unit bought. Sales come before purchases, goods
  cheapest first. Then ``Done()``. At most 5 + 5 + 10 + 10 + 20 + 1 = 51 moves.
- ``diplomat``: ``CopyCard(seat)`` for each seat of ``rules.copy_targets`` (C-CARD-DIPLOMAT-1/2,
  C-AMB-2).
- ``buy``: **free** — the goods paying a space's "any good" surcharge (C-NIS-5). One
  ``BuyCard(slot, any_goods)`` per display space the player can pay for, ``any_goods`` being
  the screens' pre-selection ``rules.suggest_any_goods`` (the cheapest spare goods); then
  ``Done()`` (C-CARD-SENATOR-1, C-CARD-CONSUL-1).
- ``keep_goods``: **free** — which produced goods are kept. The single move
  ``KeepGoods(rules.suggest_keep(...))``, the screen's pre-selection (the dearest, C-NIS-2).
- ``game_over``: none.

Corrections (``CorrectPlayer``, C-CORR-1/2) are accepted at every decision before the end but
are not listed: they are not a choice the game offers but the table's recount, with a value
that is free (the Correct screen asks the rules about each value, :mod:`display.concordia.correct`).

No list is longer than about 160 moves (the Architect early in a game, when no city's good is
known yet); most have 2 to 15.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from itertools import combinations

from ..core import Event, RuleError
from . import events as ev
from .rules import ConcordiaRules
from .state import ConcordiaState

__all__ = ["legal_moves", "choice_key"]


def legal_moves(rules: ConcordiaRules, state: ConcordiaState) -> list[Event]:
    """Every move ``rules.apply`` accepts for ``state.pending``, one representative per
    screen-level choice where a parameter is free (see the module docstring), in a stable,
    readable order; ``[]`` once the game is over. Pure: ``state`` is not changed.

    Raises ``ValueError`` for a pending decision it does not know.
    """
    kind = state.pending.kind
    if kind == "game_over":
        return []
    make = _BY_KIND.get(kind)
    if make is None:
        raise ValueError(f"no legal moves known for the pending decision {kind!r}")
    return make(rules, state)


def choice_key(rules: ConcordiaRules, state: ConcordiaState, event: Event) -> Hashable:
    """The screen-level choice ``event`` makes in ``state``: equal for ``event`` and the move
    of :func:`legal_moves` that represents it. Free parameters are dropped: the amounts of a
    ``Trade`` (its key is which goods are sold and which bought), the ``any_goods`` of a
    ``BuyCard`` (its key is the space) and the goods of a ``KeepGoods``. Any other move is its
    own key."""
    if isinstance(event, ev.Trade):
        return ("trade", tuple(sorted((g, k > 0) for g, k in event.changes)))
    if isinstance(event, ev.BuyCard):
        return ("buy_card", event.slot)
    if isinstance(event, ev.KeepGoods):
        return ("keep_goods",)
    return event


# --------------------------------------------------------------------------- per decision

def _reveal(rules: ConcordiaRules, s: ConcordiaState) -> list[Event]:
    deck = rules.top_deck(s)
    if deck is None:
        return []
    return [ev.RevealCard(card) for card in sorted(set(s.market_left[deck]))]


def _play(rules: ConcordiaRules, s: ConcordiaState) -> list[Event]:
    hand = s.players[s.active].hand
    return [ev.PlayCard(card) for card in sorted(c for c, k in hand.items() if k > 0)]


def _affords(goods: Counter, cost: Counter) -> bool:
    return all(goods[g] >= k for g, k in cost.items())


def _tribune(rules: ConcordiaRules, s: ConcordiaState) -> list[Event]:
    b = rules.board
    p = s.players[s.active]
    out: list[Event] = []
    if _affords(p.goods, Counter(b.colonist_cost)):
        out = [ev.BuyColonist(k) for k in b.colonist_kinds if p.colonists_store.get(k, 0) > 0]
    return out + [ev.Done()]


def _architect(rules: ConcordiaRules, s: ConcordiaState) -> list[Event]:
    b, m = rules.board, rules.map
    me = s.active
    p = s.players[me]
    out: list[Event] = []
    for province in m.provinces.values():
        for city in province.cities:
            owners = s.houses.get(city, ())
            if me in owners:
                continue
            known = s.city_good.get(city)
            for good in (known,) if known is not None else b.goods:
                coins, goods = b.house_cost(good, len(owners))
                if p.money < coins or not _affords(p.goods, goods):
                    continue
                if known is not None:
                    out.append(ev.BuildHouse(city))
                    continue
                try:
                    rules._city_good(s, city, good)          # the token check of C-NIS-1, pure
                except RuleError:
                    continue
                out.append(ev.BuildHouse(city, good))
    return out + [ev.Done()]


def _prefect(rules: ConcordiaRules, s: ConcordiaState) -> list[Event]:
    b, m = rules.board, rules.map
    out: list[Event] = []
    for pid, province in m.provinces.items():
        if s.marker_coins.get(pid):
            continue                                          # C-AMB-4
        if rules.marker_good(s, pid) is not None:
            out.append(ev.Produce(pid))
            continue
        for good in b.goods:
            try:
                rules._check_marker(s, province, good)       # the marker check of C-NIS-1, pure
            except RuleError:
                continue
            out.append(ev.Produce(pid, good))
    return out + [ev.PrefectCash()]


def _colonist(rules: ConcordiaRules, s: ConcordiaState) -> list[Event]:
    b = rules.board
    p = s.players[s.active]
    land_max, sea_max = p.colonists_store.get("land", 0), p.colonists_store.get("sea", 0)
    cost = Counter(b.colonist_cost)
    out: list[Event] = []
    for total in range(1, land_max + sea_max + 1):
        if not _affords(p.goods, Counter({g: k * total for g, k in cost.items()})):
            break
        for land in range(min(total, land_max), -1, -1):
            sea = total - land
            if sea > sea_max:
                break
            out.append(ev.PlaceColonists(land, sea))
    return out + [ev.ColonistCash()]


def _mercator(rules: ConcordiaRules, s: ConcordiaState) -> list[Event]:
    b = rules.board
    p = s.players[s.active]
    free = b.capacity - p.used()
    held = [g for g in b.goods if p.goods[g] > 0]
    out: list[Event] = []

    def fits(sell: dict[str, int], buy: dict[str, int]) -> bool:
        room = free + sum(sell.values())
        cash = p.money + b.value(sell)
        return sum(buy.values()) <= room and b.value(buy) <= cash

    for g in held:                                            # sell one type
        out.append(ev.Trade(((g, -1),)))
    for g in b.goods:                                         # buy one type
        if fits({}, {g: 1}):
            out.append(ev.Trade(((g, 1),)))
    for g, h in combinations(held, 2):                        # sell two types
        out.append(ev.Trade(((g, -1), (h, -1))))
    for g, h in combinations(b.goods, 2):                     # buy two types
        if fits({}, {g: 1, h: 1}):
            out.append(ev.Trade(((g, 1), (h, 1))))
    for g in held:                                            # sell one type, buy another
        for h in b.goods:
            if h == g:
                continue                                      # C-AMB-5
            k = next((k for k in range(1, p.goods[g] + 1) if fits({g: k}, {h: 1})), None)
            if k is not None:
                out.append(ev.Trade(((g, -k), (h, 1))))
    return out + [ev.Done()]


def _diplomat(rules: ConcordiaRules, s: ConcordiaState) -> list[Event]:
    return [ev.CopyCard(seat) for seat in rules.copy_targets(s)]


def _buy(rules: ConcordiaRules, s: ConcordiaState) -> list[Event]:
    out: list[Event] = []
    for slot, entry in enumerate(s.display):
        if entry is None:
            continue
        pay = rules.suggest_any_goods(s, slot, s.pending.surcharge)
        if pay is not None:
            out.append(ev.BuyCard(slot, pay))
    return out + [ev.Done()]


def _keep(rules: ConcordiaRules, s: ConcordiaState) -> list[Event]:
    player = s.pending.player
    assert player is not None
    return [ev.KeepGoods(rules.suggest_keep(s, player))]


_BY_KIND = {
    "reveal_card": _reveal,
    "play": _play,
    "tribune": _tribune,
    "architect": _architect,
    "prefect": _prefect,
    "colonist": _colonist,
    "mercator": _mercator,
    "diplomat": _diplomat,
    "buy": _buy,
    "keep_goods": _keep,
}
