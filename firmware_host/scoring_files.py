"""``table-companion score GAME FILE``: end-of-game tallies from holdings files.

Each scorer takes the parsed JSON and returns ``(result for --json, text for people)``;
raises ``ValueError``/``KeyError``/``TypeError`` on a malformed file. Schemas: ``docs/``.
"""

from __future__ import annotations

from typing import Any, Callable

from .data import load


def score_trajan(data: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """Trajan holdings (docs/holdings.md) -> tally (T-FINAL, T-BONUS, T-TIE-1)."""
    from .engine.trajan.board import TrajanBoard
    from .engine.trajan.scoring import Holdings, tally, tally_to_json

    board = TrajanBoard(load("trajan"))
    players = [Holdings.from_json(p) for p in data["players"]]
    for h in players:
        for tile, side in h.bonus_tiles:
            if tile not in board.bonus_tiles or side not in ("yellow", "grey"):
                raise ValueError(f"{h.name}: unknown bonus tile {tile!r} / side {side!r}")
        for kind in h.construction:
            if kind not in board.bonus_action:
                raise ValueError(f"{h.name}: unknown construction kind {kind!r}")
    options = data.get("options", {})
    result = tally(board, players, edition=options.get("edition", 2),
                   yellow_counts_itself=options.get("yellow_counts_itself", True))
    lines = []
    for i in result["ranking"]:
        p = result["players"][i]
        lines.append(f"{p['name']}: {p['total']} VP")
        lines.append(f"  {'VP on the track':<40} {p['start_vp']:>4}")
        for line in p["lines"]:
            lines.append(f"  {line.what:<40} {line.vp:>4}   {line.detail_text()}")
    winner = result["players"][result["winner"]]["name"]
    lines.append(f"Winner: {winner}")
    return tally_to_json(result), "\n".join(lines)


def score_concordia(data: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """Concordia holdings (docs/concordia-tally.md) -> tally (C-GOD, C-END-4)."""
    from .engine.concordia.tally import format_tally, quick_tally

    result = quick_tally(load("concordia"), data)
    return result, format_tally(result)


SCORERS: dict[str, Callable[[dict[str, Any]], tuple[dict[str, Any], str]]] = {
    "trajan": score_trajan,
    "concordia": score_concordia,
}
