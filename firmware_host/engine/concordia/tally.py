"""Concordia's end-of-game tally by gods (C-GOD, C-END-4), with its working shown.

The same :func:`tally` scores a game the companion kept (``rules.py`` builds the holdings
from the state) and a game it did not keep: :func:`quick_tally` reads the holdings players
enter by hand (schema: ``docs/concordia-tally.md``) and :func:`format_tally` prints the
table. Every line keeps its count, value per unit, cap and number of cards, so a player can
check it by eye. Pure: no I/O.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Annotated, Any

from msgspec import Meta

from ...schema import InputError, PlayerName, convert, player_labels, refuse
from ..core import N_, Phrase
from .board import DECKS, ConcordiaBoard, board_for

PER_CARD_GODS = ("vesta", "jupiter", "saturnus", "mercurius", "mars")   # Minerva goes by specialist
LABELS = {
    "vesta": N_("Vesta"), "jupiter": N_("Jupiter"), "saturnus": N_("Saturnus"),
    "mercurius": N_("Mercurius"), "mars": N_("Mars"), "minerva": N_("Minerva"),
    "concordia": N_("Concordia card"), "track": N_("Score track"),
}
UNITS = {
    "vesta": N_("sestertii (cash + goods)"), "jupiter": N_("houses in non-brick cities"),
    "saturnus": N_("provinces with a house"), "mercurius": N_("goods types produced"),
    "mars": N_("colonists on the board"), "minerva": N_("cities of the specialist's good"),
}


@dataclass
class Holdings:
    """What one player has at the end, for the tally.

    ``vp``: points already on the score track (C-GOD-0; nothing scores during play, C-NIS-11).
    ``cards``: god -> personality cards of that god, hand and discard pile together (C-GOD-0),
    Minerva excluded: the specialists go in ``specialists`` (card ids, e.g. ``"farmer"``).
    ``houses``: good -> own houses in cities of that good. ``provinces``: provinces with at
    least one own house. ``colonists``: own colonists on the board. ``goods``: good -> units
    in the storehouse. ``praefectus_order``: 0 = holds the Praefectus Magnus, k = would
    receive it k-th; ``None`` = not known (C-END-4, C-AMB-6).
    """

    name: str
    vp: int = 0
    cards: dict[str, int] = field(default_factory=dict)
    specialists: list[str] = field(default_factory=list)
    money: int = 0
    goods: dict[str, int] = field(default_factory=dict)
    houses: dict[str, int] = field(default_factory=dict)
    provinces: int = 0
    colonists: int = 0
    concordia: bool = False
    praefectus_order: int | None = None


def _per_card_line(god: str, cards: int, count: int, value: int, cap: int) -> dict[str, Any]:
    raw = count * value
    per_card = min(raw, cap)
    vp = per_card * cards
    if cards == 0:
        text = f"- ({count})"
    else:
        text = f"{count} x{value}" + (f" (max {cap})" if raw > cap else "") + f" x{cards} = {vp}"
    return {"god": god, "label": LABELS[god], "unit": UNITS[god], "cards": cards, "count": count,
            "value": value, "cap": cap, "capped": raw > cap, "per_card": per_card, "vp": vp, "text": text}


def score_player(board: ConcordiaBoard, saturnus_cap: int, h: Holdings, *,
                 vesta_per_card: bool = True) -> list[dict[str, Any]]:
    """One player's lines in the order of C-GOD-ORDER, then the Concordia card and the track.

    Each line: ``{"god", "label", "unit", "cards", "count", "value", "cap", "capped",
    "per_card", "vp", "text"}`` (Minerva adds ``"parts"``, one per specialist). Rules:
    C-GOD-VESTA (C-AMB-1: per card unless ``vesta_per_card`` is False), -JUPITER,
    -SATURNUS, -MERCURIUS, -MARS, -MINERVA, -CAPS, C-END-2, C-GOD-TOTAL.
    """
    lines = []
    goods_value = board.value(h.goods)                                        # C-GOD-VESTA
    wealth = h.money + goods_value
    tens = wealth // board.vesta_per
    vesta_cards = h.cards.get("vesta", 0)
    times = vesta_cards if vesta_per_card else min(vesta_cards, 1)            # C-AMB-1
    lines.append({"god": "vesta", "label": LABELS["vesta"], "unit": UNITS["vesta"], "cards": vesta_cards,
                  "count": wealth, "value": 1, "cap": None, "capped": False, "per_card": tens,
                  "vp": tens * times, "money": h.money, "goods_value": goods_value,
                  "text": (f"({h.money}+{goods_value})/{board.vesta_per}={tens} x{times} = {tens * times}"
                           if times else f"- ({h.money}+{goods_value})")})
    not_brick = sum(k for g, k in h.houses.items() if g != board.jupiter_not)
    lines.append(_per_card_line("jupiter", h.cards.get("jupiter", 0), not_brick, 1, board.jupiter_cap))
    lines.append(_per_card_line("saturnus", h.cards.get("saturnus", 0), h.provinces, 1, saturnus_cap))
    types = sum(1 for k in h.houses.values() if k > 0)
    lines.append(_per_card_line("mercurius", h.cards.get("mercurius", 0), types, board.mercurius_value,
                                board.mercurius_cap))
    lines.append(_per_card_line("mars", h.cards.get("mars", 0), h.colonists, board.mars_value, board.mars_cap))
    parts: list[dict[str, Any]] = []
    for cid in sorted(set(h.specialists), key=lambda c: board.goods.index(board.specialists[c].good)):
        card = board.specialists[cid]                                         # C-GOD-MINERVA
        n_cards = h.specialists.count(cid)
        count = h.houses.get(card.good, 0)
        parts.append({"card": cid, "name": card.name, "good": card.good, "cards": n_cards, "count": count,
                      "value": card.minerva, "vp": count * card.minerva * n_cards})
    minerva_vp = sum(p["vp"] for p in parts)
    text = " + ".join(f"{p['name']} {p['count']} x{p['value']}" + (f" x{p['cards']}" if p["cards"] > 1 else "")
                      for p in parts)
    lines.append({"god": "minerva", "label": LABELS["minerva"], "unit": UNITS["minerva"],
                  "cards": len(h.specialists), "count": sum(p["count"] for p in parts), "value": None,
                  "cap": None, "capped": False, "per_card": None, "vp": minerva_vp, "parts": parts,
                  "text": f"{text} = {minerva_vp}" if parts else "-"})
    concordia = board.concordia_vp if h.concordia else 0                      # C-END-2
    lines.append({"god": "concordia", "label": LABELS["concordia"], "unit": "", "cards": int(h.concordia),
                  "count": int(h.concordia), "value": board.concordia_vp, "cap": None, "capped": False,
                  "per_card": board.concordia_vp, "vp": concordia, "text": str(concordia) if h.concordia else "-"})
    lines.append({"god": "track", "label": LABELS["track"], "unit": "", "cards": 0, "count": h.vp, "value": 1,
                  "cap": None, "capped": False, "per_card": None, "vp": h.vp, "text": str(h.vp)})
    return lines


def tally(board: ConcordiaBoard, map_id: str, holdings: list[Holdings], *,
          vesta_per_card: bool = True) -> dict[str, Any]:
    """Final scoring for every player (C-GOD, C-GOD-TOTAL, C-END-4), JSON-ready.

    Returns ``{"map", "map_name", "players": [{"name", "lines", "total"}], "ranking": [index,
    best first], "winner": index or None, "tie_break": text or "", "warnings": []}``. Equal
    totals go to the lower ``praefectus_order`` (the holder, then who would receive the
    Praefectus Magnus soonest); ``winner`` is ``None`` when a tie for first cannot be broken
    because the holder is unknown. Raises ``KeyError`` for an unknown map or specialist.
    """
    m = board.maps[map_id]
    players = []
    for h in holdings:
        lines = score_player(board, m.saturnus_cap, h, vesta_per_card=vesta_per_card)
        players.append({"name": h.name, "lines": lines, "total": sum(line["vp"] for line in lines)})
    unknown = len(holdings)

    def order(i: int) -> int:
        o = holdings[i].praefectus_order
        return unknown if o is None else o

    ranking = sorted(range(len(holdings)), key=lambda i: (-players[i]["total"], order(i)))
    winner: int | None = ranking[0] if ranking else None
    tie_break = ""
    if ranking:
        best = players[ranking[0]]["total"]
        tied = [i for i in ranking if players[i]["total"] == best]
        if len(tied) > 1:
            names = ", ".join(players[i]["name"] for i in tied)
            first = tied[0]
            if holdings[first].praefectus_order is None or sum(1 for i in tied if order(i) == order(first)) > 1:
                winner = None
                tie_break = (f"{names} tie on {best} VP; say who holds the Praefectus Magnus "
                             f"to break the tie (C-END-4).")
            elif holdings[first].praefectus_order == 0:
                tie_break = (f"{names} tie on {best} VP; {players[first]['name']} holds the "
                             f"Praefectus Magnus and wins (C-END-4).")
            else:
                tie_break = (f"{names} tie on {best} VP; nobody of them holds the Praefectus Magnus; "
                             f"{players[first]['name']} would receive it first and wins (C-END-4, C-AMB-6).")
    return {"map": map_id, "map_name": m.name, "vesta_per_card": vesta_per_card, "players": players,
            "ranking": ranking, "winner": winner, "tie_break": tie_break, "warnings": []}


# --------------------------------------------------------------------------- quick tally

Count = Annotated[int, Meta(ge=0, le=99)]


@dataclass(frozen=True)
class PlayerRow:
    """One player of a holdings file, as written (docs/concordia-tally.md): the types and
    ranges a file may hold; what the game can reach is checked by :func:`quick_tally`."""

    name: PlayerName
    vp: Annotated[int, Meta(ge=-999, le=999)] = 0
    cards: dict[str, Count] = field(default_factory=dict)
    specialists: list[str] = field(default_factory=list)
    money: Annotated[int, Meta(ge=0, le=9999)] = 0
    goods: dict[str, Count] = field(default_factory=dict)
    houses: dict[str, Count] = field(default_factory=dict)
    provinces: Count = 0
    colonists: Count = 0
    concordia: bool = False
    praefectus_magnus: bool = False


@dataclass(frozen=True)
class TallyOptions:
    """C-AMB-1 and C-AMB-6."""

    vesta_per_card: bool = True
    praefectus_passes: Annotated[str, Meta(pattern="^(right|left)$", description='"right" or "left"')] = "right"


@dataclass(frozen=True)
class TallyFile:
    """A Concordia holdings file."""

    players: Annotated[list[PlayerRow], Meta(min_length=1, max_length=99, description=(
        "a non-empty list of players, in seat order (start player first)"))]
    map: str = "imperium"
    options: TallyOptions = field(default_factory=TallyOptions)


USUAL_MONEY = 200


def _market(b: ConcordiaBoard, players: int) -> Counter:
    """Card kind -> copies in a game of ``players``: the starting hands and decks I..N."""
    copies: Counter = Counter()
    for card, k in b.start_hand.items():
        copies[card] += k * players
    for deck in b.decks_for(players):
        copies.update(b.decks.get(deck, {}).keys())
    return copies


def _per_player(b: ConcordiaBoard, players: int) -> dict[str, int]:
    """God -> the most cards of that god one player can hold in a game of ``players``."""
    most: Counter = Counter()
    for card, k in b.start_hand.items():
        most[b.cards[card].god] += k
    for deck in b.decks_for(players):
        for card in b.decks.get(deck, {}):
            most[b.cards[card].god] += 1
    return dict(most)


def quick_tally(board: dict[str, Any], data: Any) -> dict[str, Any]:
    """The tally of a game entered by hand (``docs/concordia-tally.md``).

    ``board``: the board-data dict (``firmware_host.data.load("concordia")``); ``data``: the
    parsed holdings file. Returns :func:`tally`'s result with ``"warnings"`` for counts a real
    game rarely reaches. Raises :class:`~firmware_host.schema.InputError` (a ``ValueError``, one line
    naming the player and the field) for a malformed file (unknown keys, wrong types, counts
    out of range) and for holdings no game on that map with that many players can reach
    (more houses of a good than the map has cities of it, more provinces than it has, more
    than 6 colonists or 12 goods, more cards of a god than the game has, a specialist twice,
    two Praefectus Magnus or Concordia card holders...).
    """
    b = board_for(board)
    label = player_labels(data)
    doc = convert(data, TallyFile, "", explain=label)
    if doc.map not in b.maps:
        raise refuse("", "map", doc.map, "unknown map; the maps are " + ", ".join(b.maps))
    m = b.maps[doc.map]
    rows, n = doc.players, len(doc.players)

    def fail(i: int, key: str, value: Any, problem: str) -> InputError:
        return InputError(label(str(refuse("", f"players[{i}].{key}", value, problem))))

    cities: Counter = Counter()
    for tokens in m.tokens.values():
        cities.update(tokens)
    copies = _market(b, max(n, 2))
    most_cards = _per_player(b, max(n, 2))
    colonists = b.colonists_per_kind * len(b.colonist_kinds)
    warnings: list[Phrase] = []     # English for the command line, translated on the screen
    for i, row in enumerate(rows):
        for god, k in row.cards.items():
            if god not in PER_CARD_GODS:
                raise fail(i, f"cards.{god}", k, "unknown god; the gods with cards are " + ", ".join(PER_CARD_GODS)
                           + " (Minerva's cards go in specialists)")
            if k > most_cards.get(god, 0):
                raise fail(i, f"cards.{god}", k, f"a game of {n} players has {most_cards.get(god, 0)} {god} cards "
                                                 f"a player can hold")
        for k, card in enumerate(row.specialists):
            if card not in b.specialists:
                raise fail(i, f"specialists[{k}]", card, "unknown specialist; they are " + ", ".join(b.specialists))
        for what, counts in (("goods", row.goods), ("houses", row.houses)):
            for good, k in counts.items():
                if good not in b.goods:
                    raise fail(i, f"{what}.{good}", k, "unknown good; the goods are " + ", ".join(b.goods))
        for good, k in row.houses.items():
            if k > cities[good]:
                raise fail(i, f"houses.{good}", k, f"{m.name} has {cities[good]} {good} cities (one house each)")
        houses = sum(row.houses.values())
        if houses > b.houses_per_player:
            raise fail(i, "houses", row.houses, f"{houses} houses, but a player has {b.houses_per_player}")
        if row.provinces > len(m.provinces):
            raise fail(i, "provinces", row.provinces, f"{m.name} has {len(m.provinces)} provinces")
        if row.provinces > houses:
            raise fail(i, "provinces", row.provinces, f"houses in {row.provinces} provinces, but {houses} houses")
        if row.colonists > colonists:
            raise fail(i, "colonists", row.colonists, f"a player has {colonists} colonists")
        goods = sum(row.goods.values())
        if goods > b.capacity:
            raise fail(i, "goods", row.goods, f"{goods} goods, but the storehouse holds {b.capacity}")
        stored = colonists - row.colonists
        if goods + stored > b.capacity:
            warnings.append(Phrase(
                N_("{player}: {goods} goods and {stored} colonists off the board fill more than the storehouse's "
                   "{capacity} spaces (are colonists left out?)"),
                label(f"players[{i}].goods: {goods} goods and {stored} colonists off the board fill "
                      f"more than the storehouse's {b.capacity} spaces (are colonists left out?)"),
                player=row.name, goods=goods, stored=stored, capacity=b.capacity))
        if houses and not row.provinces:
            warnings.append(Phrase(
                N_("{player}: no province with {houses} houses: Saturnus scores nothing"),
                label(f"players[{i}].provinces = 0 with {houses} houses: Saturnus scores nothing"),
                player=row.name, houses=houses))
        if row.money > USUAL_MONEY:
            warnings.append(Phrase(
                N_("{player}: {money} sestertii: unusually much at the end of a game"),
                label(f"players[{i}].money = {row.money}: unusually much at the end of a game"),
                player=row.name, money=row.money))
    if not 2 <= n <= len(DECKS):
        raise InputError(f"players: {n} listed: Concordia is for 2 to {len(DECKS)} players")
    held: Counter = Counter()
    for i, row in enumerate(rows):
        for k, card in enumerate(row.specialists):
            held[card] += 1
            if held[card] > copies[card]:
                raise fail(i, f"specialists[{k}]", card, f"a game of {n} players has {copies[card]} {card} card"
                                                         f"{'s' if copies[card] != 1 else ''}, held already")
    for flag, what in (("praefectus_magnus", "the Praefectus Magnus"), ("concordia", "the Concordia card")):
        holders = [i for i, row in enumerate(rows) if getattr(row, flag)]
        if len(holders) > 1:
            raise fail(holders[1], flag, True, f"only one player can hold {what}; " + label(
                f"players[{holders[0]}] holds it"))
    holder = next((i for i, row in enumerate(rows) if row.praefectus_magnus), None)
    passes = doc.options.praefectus_passes
    holdings = []
    for i, row in enumerate(rows):
        if holder is not None:
            order: int | None = (holder - i) % n if passes == "right" else (i - holder) % n
        else:
            order = None
        holdings.append(Holdings(
            name=row.name, vp=row.vp, cards=dict(row.cards), specialists=list(row.specialists), money=row.money,
            goods=dict(row.goods), houses=dict(row.houses), provinces=row.provinces, colonists=row.colonists,
            concordia=row.concordia, praefectus_order=order))
    result = tally(b, doc.map, holdings, vesta_per_card=doc.options.vesta_per_card)
    result["warnings"] = warnings
    return result


# --------------------------------------------------------------------------- text

def format_tally(result: dict[str, Any]) -> str:
    """The tally as a plain-text table: one row per god, one column per player, each cell
    ``count xvalue xcards = VP``; then the totals, the winner and the tie-break. (The
    result's warnings are shown apart: on stderr by ``table-companion score``, as a message
    by the quick-tally screen.)"""
    players = result["players"]
    rows = [line["god"] for line in players[0]["lines"]] if players else []
    label_w = max([len(LABELS[g]) for g in rows] + [len("Total")])
    cells = [[line["text"] for line in p["lines"]] + [str(p["total"])] for p in players]
    widths = [max(len(p["name"]), *(len(c) for c in col)) for p, col in zip(players, cells)]
    out = [f"Concordia tally ({result['map_name']})",
           " ".join([" " * label_w] + [p["name"].ljust(w) for p, w in zip(players, widths)]).rstrip()]
    for r, god in enumerate(rows + ["total"]):
        label = "Total" if god == "total" else LABELS[god]
        out.append(" ".join([label.ljust(label_w)] + [col[r].ljust(w) for col, w in zip(cells, widths)]).rstrip())
    out.append("")
    if result["winner"] is not None:
        w = players[result["winner"]]
        out.append(f"Winner: {w['name']} ({w['total']} VP)")
    else:
        out.append("Winner: not decided")
    if result["tie_break"]:
        out.append(f"Tie-break: {result['tie_break']}")
    out.append("Ranking: " + ", ".join(f"{players[i]['name']} {players[i]['total']}" for i in result["ranking"]))
    out.append("")
    out.append("Cells: count xVP each xcards = VP (per card at most the maximum shown).")
    vesta = "per Vesta card" if result.get("vesta_per_card", True) else "once"
    out.append(f"Vesta: (cash + goods at their prices) / 10, rounded down, {vesta}.")
    for god in ("jupiter", "saturnus", "mercurius", "mars", "minerva"):
        out.append(f"{LABELS[god]}: {UNITS[god]}.")
    return "\n".join(out)
