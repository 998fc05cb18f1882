"""Concordia's end-of-game tally by gods (C-GOD, C-END-4), with its working shown.

The same :func:`tally` scores a game the companion kept (``rules.py`` builds the holdings
from the state) and a game it did not keep: :func:`quick_tally` reads the holdings players
enter by hand (schema: ``docs/concordia-tally.md``) and :func:`format_tally` prints the
table. Every line keeps its count, value per unit, cap and number of cards, so a player can
check it by eye. Pure: no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core import N_
from .board import ConcordiaBoard, board_for

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

_PLAYER_KEYS = {"name", "vp", "cards", "specialists", "money", "goods", "houses", "provinces", "colonists",
                "concordia", "praefectus_magnus"}


def _count(value: Any, what: str, *, negative: bool = False) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or (value < 0 and not negative):
        raise ValueError(f"{what} must be a whole number{'' if negative else ' of 0 or more'}, not {value!r}")
    return value


def _counts(value: Any, allowed: tuple[str, ...], what: str) -> dict[str, int]:
    if not isinstance(value, dict):
        raise ValueError(f"{what} must be an object")
    for key in value:
        if key not in allowed:
            raise ValueError(f"{what}: unknown key {key!r} (known: {', '.join(allowed)})")
    return {k: _count(v, f"{what}.{k}") for k, v in value.items()}


def quick_tally(board: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    """The tally of a game entered by hand (``docs/concordia-tally.md``).

    ``board``: the board-data dict (``firmware_host.data.load("concordia")``); ``data``: the
    parsed holdings file. Returns :func:`tally`'s result with ``"warnings"`` for counts no
    real game can reach (the per-card maxima still apply, C-GOD-CAPS). Raises ``ValueError``
    on a malformed file (unknown keys, negative counts, two Praefectus Magnus holders...).
    """
    b = board_for(board)
    if not isinstance(data, dict):
        raise ValueError("the holdings file must be a JSON object")
    unknown_top = set(data) - {"map", "options", "players"}
    if unknown_top:
        raise ValueError(f"unknown keys: {sorted(unknown_top)}")
    map_id = data.get("map", "imperium")
    if map_id not in b.maps:
        raise ValueError(f"unknown map {map_id!r} (known: {', '.join(b.maps)})")
    options = data.get("options", {})
    unknown_opts = set(options) - {"vesta_per_card", "praefectus_passes"}
    if unknown_opts:
        raise ValueError(f"unknown options: {sorted(unknown_opts)}")
    vesta_per_card = options.get("vesta_per_card", True)
    passes = options.get("praefectus_passes", "right")
    if not isinstance(vesta_per_card, bool) or passes not in ("right", "left"):
        raise ValueError("options: vesta_per_card is true/false, praefectus_passes is right/left")
    rows = data.get("players")
    if not isinstance(rows, list) or not rows:
        raise ValueError("players must be a non-empty list, in seat order (start player first)")
    n = len(rows)
    holder = [i for i, r in enumerate(rows) if isinstance(r, dict) and r.get("praefectus_magnus") is True]
    if len(holder) > 1:
        raise ValueError("only one player can hold the Praefectus Magnus")
    if sum(1 for r in rows if isinstance(r, dict) and r.get("concordia") is True) > 1:
        raise ValueError("only one player can hold the Concordia card")
    m = b.maps[map_id]
    holdings, warnings = [], []
    for i, row in enumerate(rows):
        if not isinstance(row, dict):
            raise ValueError(f"player {i + 1} must be an object")
        extra = set(row) - _PLAYER_KEYS
        if extra:
            raise ValueError(f"player {i + 1}: unknown keys {sorted(extra)}")
        name = row.get("name")
        if not isinstance(name, str) or not name:
            raise ValueError(f"player {i + 1} needs a name")
        specialists = row.get("specialists", [])
        if not isinstance(specialists, list) or any(s not in b.specialists for s in specialists):
            raise ValueError(f"{name}: specialists are a list of {', '.join(b.specialists)}")
        for flag in ("concordia", "praefectus_magnus"):
            if not isinstance(row.get(flag, False), bool):
                raise ValueError(f"{name}: {flag} is true or false")
        if holder:
            order = (holder[0] - i) % n if passes == "right" else (i - holder[0]) % n
        else:
            order = None
        h = Holdings(
            name=name,
            vp=_count(row.get("vp", 0), f"{name}: vp", negative=True),
            cards=_counts(row.get("cards", {}), PER_CARD_GODS, f"{name}: cards"),
            specialists=list(specialists),
            money=_count(row.get("money", 0), f"{name}: money"),
            goods=_counts(row.get("goods", {}), b.goods, f"{name}: goods"),
            houses=_counts(row.get("houses", {}), b.goods, f"{name}: houses"),
            provinces=_count(row.get("provinces", 0), f"{name}: provinces"),
            colonists=_count(row.get("colonists", 0), f"{name}: colonists"),
            concordia=row.get("concordia", False),
            praefectus_order=order,
        )
        houses = sum(h.houses.values())
        if houses > b.houses_per_player:
            warnings.append(f"{name}: {houses} houses, but a player has {b.houses_per_player}")
        if h.provinces > len(m.provinces):
            warnings.append(f"{name}: {h.provinces} provinces, but {m.name} has {len(m.provinces)}")
        if h.provinces > houses:
            warnings.append(f"{name}: houses in {h.provinces} provinces, but only {houses} houses")
        colonists = b.colonists_per_kind * len(b.colonist_kinds)
        if h.colonists > colonists:
            warnings.append(f"{name}: {h.colonists} colonists on the board, but a player has {colonists}")
        if sum(h.goods.values()) > b.capacity:
            warnings.append(f"{name}: {sum(h.goods.values())} goods, but the storehouse holds {b.capacity}")
        holdings.append(h)
    result = tally(b, map_id, holdings, vesta_per_card=vesta_per_card)
    result["warnings"] = warnings
    return result


# --------------------------------------------------------------------------- text

def format_tally(result: dict[str, Any]) -> str:
    """The tally as a plain-text table: one row per god, one column per player, each cell
    ``count xvalue xcards = VP``; then the totals, the winner, the tie-break and warnings."""
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
    for warning in result.get("warnings", []):
        out.append(f"Warning: {warning}")
    return "\n".join(out)
