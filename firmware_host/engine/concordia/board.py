"""Concordia's printed numbers, built from the board-data dict (``firmware_host/data/concordia.toml``).

The dict travels inside the game's setup, so the engine never reads a file and a journaled
game always replays with the data it was played with.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..core import parsed_board

GODS = ("vesta", "jupiter", "saturnus", "mercurius", "mars", "minerva")   # C-GOD-ORDER
ACTIONS = ("tribune", "architect", "prefect", "colonist", "mercator", "diplomat", "senator",
           "consul", "specialist")
DECKS = ("I", "II", "III", "IV", "V")                                     # C-SETUP-1
ANY = "any"                                                               # a display surcharge


@dataclass(frozen=True)
class Card:
    """A personality card kind: ``id`` (e.g. ``"prefect"``), its ``action`` (one of
    :data:`ACTIONS`), ``god`` (C-GOD-0), for a Mercator the sestertii it gives, for a
    specialist its ``good`` and Minerva VP per city (C-NIS-9)."""

    id: str
    name: str
    action: str
    god: str
    coins: int = 0
    good: str = ""
    minerva: int = 0


@dataclass(frozen=True)
class Province:
    id: str
    name: str
    letter: str                       # which city tokens its cities get (C-NIS-1)
    cities: tuple[str, ...]


@dataclass(frozen=True)
class MapData:
    id: str
    name: str
    saturnus_cap: int
    provinces: dict[str, Province]
    city_names: dict[str, str]
    city_province: dict[str, str]
    tokens: dict[str, Counter]        # letter -> goods on that letter's tokens


class ConcordiaBoard:
    """Read-only view of the board data. Raises ``KeyError``/``ValueError`` on malformed data."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.player_colours: tuple[str, ...] = tuple(data["player_colours"])
        self.goods: tuple[str, ...] = tuple(data["goods"]["order"])
        self.price: dict[str, int] = {g: int(data["goods"]["price"][g]) for g in self.goods}
        if sorted(self.goods, key=self.price.__getitem__) != list(self.goods):
            raise ValueError("goods.order must list the goods cheapest first")
        self.capacity: int = int(data["storehouse"]["capacity"])
        houses = data["houses"]
        self.houses_per_player: int = int(houses["per_player"])
        self.house_coins: dict[str, int] = {g: int(houses["cost"][g]["coins"]) for g in self.goods}
        self.house_goods: dict[str, tuple[str, ...]] = {g: tuple(houses["cost"][g]["goods"]) for g in self.goods}
        col = data["colonists"]
        self.colonist_kinds: tuple[str, ...] = tuple(col["kinds"])
        self.colonists_per_kind: int = int(col["per_kind"])
        self.colonists_start_on_board: int = int(col["start_on_board"])
        self.colonist_cost: tuple[str, ...] = tuple(col["cost"])
        start = data["start"]
        self.start_goods = Counter({g: int(k) for g, k in start["goods"].items()})
        self.start_money: tuple[int, ...] = tuple(start["money"])
        self.start_hand = Counter({c: int(k) for c, k in start["hand"].items()})
        self.cards: dict[str, Card] = {
            cid: Card(id=cid, name=c["name"], action=c["action"], god=c["god"], coins=int(c.get("coins", 0)),
                      good=c.get("good", ""), minerva=int(c.get("minerva", 0)))
            for cid, c in data["cards"].items()
        }
        for card in self.cards.values():
            if card.action not in ACTIONS or card.god not in GODS:
                raise ValueError(f"card {card.id}: unknown action or god")
            if card.action == "specialist" and card.good not in self.goods:
                raise ValueError(f"card {card.id}: a specialist needs a good")
        self.decks: dict[str, dict[str, tuple[str, ...]]] = {
            deck: {cid: tuple(cost) for cid, cost in cards.items()} for deck, cards in data["decks"].items()
        }
        for deck, cards in self.decks.items():
            if deck not in DECKS or any(cid not in self.cards for cid in cards):
                raise ValueError(f"deck {deck}: unknown deck or card")
        for cid in self.start_hand:
            if cid not in self.cards:
                raise ValueError(f"starting card {cid} is not a card")
        self.surcharge: tuple[tuple[str, ...], ...] = tuple(tuple(s) for s in data["market"]["surcharge"])
        self.marker_coins: dict[str, int] = {g: int(data["bonus_markers"]["coins"][g]) for g in self.goods}
        self.praefectus_factor: int = int(data["praefectus_magnus"]["bonus_factor"])
        gods = data["gods"]
        self.vesta_per: int = int(gods["vesta_per"])
        self.jupiter_not: str = gods["jupiter_not"]
        self.jupiter_cap: int = int(gods["jupiter_cap"])
        self.mercurius_value: int = int(gods["mercurius_value"])
        self.mercurius_cap: int = int(gods["mercurius_cap"])
        self.mars_value: int = int(gods["mars_value"])
        self.mars_cap: int = int(gods["mars_cap"])
        self.concordia_vp: int = int(gods["concordia_vp"])
        self.maps: dict[str, MapData] = {mid: self._map(mid, m) for mid, m in data["maps"].items()}
        self.specialists: dict[str, Card] = {c.id: c for c in self.cards.values() if c.action == "specialist"}

    def _map(self, mid: str, m: dict[str, Any]) -> MapData:
        provinces = {
            pid: Province(id=pid, name=p["name"], letter=p["letter"], cities=tuple(p["cities"]))
            for pid, p in m["provinces"].items()
        }
        names = {cid: name for p in m["provinces"].values() for cid, name in p["cities"].items()}
        where = {cid: pid for pid, p in provinces.items() for cid in p.cities}
        tokens = {letter: Counter({g: int(k) for g, k in t.items()}) for letter, t in m["tokens"].items()}
        for p in provinces.values():
            if p.letter not in tokens:
                raise ValueError(f"map {mid}: province {p.id} has no tokens of letter {p.letter}")
        for letter, pool in tokens.items():
            cities = sum(len(p.cities) for p in provinces.values() if p.letter == letter)
            if sum(pool.values()) != cities:
                raise ValueError(f"map {mid}: {sum(pool.values())} tokens of letter {letter} for {cities} cities")
        if len(where) != sum(len(p.cities) for p in provinces.values()):
            raise ValueError(f"map {mid}: a city is listed twice")
        return MapData(id=mid, name=m["name"], saturnus_cap=int(m["saturnus_cap"]), provinces=provinces,
                       city_names=names, city_province=where, tokens=tokens)

    # ------------------------------------------------------------------ helpers

    def decks_for(self, players: int) -> tuple[str, ...]:
        """The market decks used with ``players`` players: I..N (C-SETUP-1)."""
        return DECKS[:players]

    def market_cost(self, deck: str, card: str) -> tuple[str, ...]:
        """The goods in a market card's cost box (what the Consul pays, C-CARD-CONSUL-1)."""
        return self.decks[deck][card]

    def house_cost(self, good: str, houses_there: int) -> tuple[int, Counter]:
        """``(sestertii, goods)`` to build in a city of ``good`` that already has
        ``houses_there`` houses (C-NIS-6)."""
        return self.house_coins[good] * (houses_there + 1), Counter(self.house_goods[good])

    def dearest(self, goods) -> str:
        """The most expensive of ``goods`` (non-empty)."""
        return max(goods, key=self.price.__getitem__)

    def value(self, goods: Counter | dict[str, int]) -> int:
        """Sestertii the goods are worth at the printed prices (C-GOD-VESTA)."""
        return sum(self.price[g] * k for g, k in goods.items())


def board_for(data: dict[str, Any]) -> ConcordiaBoard:
    """The parsed board for a data dict (see :func:`~firmware_host.engine.core.parsed_board`)."""
    return parsed_board(ConcordiaBoard, data)
