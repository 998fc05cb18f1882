"""Trajan as the companion registers it (:class:`firmware_host.games.GamePlugin`)."""

from __future__ import annotations

import random
import statistics
from typing import Any

from ..core import N_, Game
from ..plugin import GamePlugin
from . import invariants, moves, play
from .board import PLAYER_COLOURS, TrajanBoard
from .leds import trajan_plan
from .rules import TrajanRules
from .scoring import read_holdings, tally, tally_to_json
from .state import DECISIONS, TrajanSetup


def demo_setup(players: int, rng: random.Random, board: dict[str, Any]) -> TrajanSetup:
    """Players in the first colours, named after them; who reveals the demands drawn."""
    return TrajanSetup(players=tuple((c, c.title()) for c in PLAYER_COLOURS[:players]), board=board,
                       demand_mode=rng.choice(["table", "companion"]), seed=rng.randrange(2**32))


def sim_figures(rules: TrajanRules, game: Game) -> dict[str, Any]:
    s = game.state
    return {"vp": [p.vp for p in s.players], "winner": s.final["winner"]}


def sim_summary(figures: list[dict[str, Any]], players: int) -> list[str]:
    vp = [v for f in figures for v in f["vp"]]
    winners = [f["winner"] for f in figures]
    return [f"final VP: mean {statistics.mean(vp):.1f}, min {min(vp)}, max {max(vp)}",
            "wins by seat: " + ", ".join(f"{n + 1}: {winners.count(n)}" for n in range(players))]


def tag_kinds(board_data: dict[str, Any]) -> dict[str, tuple[str, ...]]:
    """Player tokens, demand tiles, bonus tiles, goods cards and forum tiles (the forum kinds
    include one extra-action kind per action, green or yellow back)."""
    board = TrajanBoard(board_data)
    return {"player": tuple(PLAYER_COLOURS), "demand": tuple(board.demand_kinds),
            "bonus": tuple(board.bonus_tiles), "goods": tuple(board.goods_types),
            "forum": tuple(board.forum_tiles)}


def score_holdings(board_data: dict[str, Any], data: Any) -> tuple[dict[str, Any], str]:
    """Trajan holdings (docs/holdings.md) -> tally (T-FINAL, T-BONUS, T-TIE-1). Raises
    :class:`~firmware_host.schema.InputError` (one line naming the player and the field) for a malformed
    file or holdings no game can reach; the unusual is in the result's ``"warnings"``."""
    board = TrajanBoard(board_data)
    doc, warnings = read_holdings(board, data)
    result = tally(board, doc.players, edition=doc.options.edition,
                   yellow_counts_itself=doc.options.yellow_counts_itself)
    lines = []
    for i in result["ranking"]:
        p = result["players"][i]
        lines.append(f"{p['name']}: {p['total']} VP")
        lines.append(f"  {'VP on the track':<40} {p['start_vp']:>4}")
        for line in p["lines"]:
            lines.append(f"  {line.what:<40} {line.vp:>4}   {line.detail_text()}")
    winner = result["players"][result["winner"]]["name"]
    lines.append(f"Winner: {winner}")
    return {**tally_to_json(result), "warnings": warnings}, "\n".join(lines)


PLUGIN = GamePlugin(
    name="trajan", title=N_("Trajan"), data="trajan", players=range(2, 5),
    setup_type=TrajanSetup, rules_type=TrajanRules, decisions=DECISIONS,
    legal_moves=moves.legal_moves, choice_key=moves.choice_key, random_move=play.random_event,
    invariants=invariants.violations, final_invariants=invariants.game_over_violations,
    demo_setup=demo_setup, sim_figures=sim_figures, sim_summary=sim_summary,
    led_plan=trajan_plan, tag_kinds=tag_kinds, score_holdings=score_holdings,
    display="display.trajan")
