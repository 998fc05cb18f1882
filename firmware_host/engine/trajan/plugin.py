"""Trajan as the companion registers it (:class:`firmware_host.games.GamePlugin`)."""

from __future__ import annotations

import random
import statistics
from typing import Any

from ..core import N_, Game
from ..plugin import GamePlugin, Results, SeatScore
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


# a seat's points by source: the VP scored during the game (rules.py's add_vp sources), then
# the lines of the final tally by group (T-FINAL-1..6, scoring.py); they add up to the score
IN_GAME_SOURCES = (
    ("trajan_tiles", N_("Trajan tiles")), ("ships", N_("Seaport: ships")), ("military", N_("Military")),
    ("senate", N_("Senate")), ("construction", N_("Construction")), ("demands", N_("Unmet demands")),
)
FINAL_SOURCES = (
    ("end_hand", N_("Goods cards in hand")), ("end_worker_camp", N_("Worker camp")),
    ("end_military_camp", N_("Military camp")), ("end_circle", N_("Trajan tiles on circle")),
    ("end_construction", N_("Construction sets")), ("end_bonus", N_("Bonus tiles")),
)


def results(rules: TrajanRules, state: Any) -> Results:
    """The final tally as results: score = VP after final scoring, rank from the tally's
    ranking (equal VP: higher in the senate first, T-TIE-1), sources as :data:`IN_GAME_SOURCES`
    and :data:`FINAL_SOURCES`; the start player is the first seat (T-SETUP)."""
    final = state.final
    ranks = {i: r for r, i in enumerate(final["ranking"], start=1)}
    seats = []
    for i, p in enumerate(state.players):
        sources = {key: p.vp_by[key] for key, _label in IN_GAME_SOURCES if key in p.vp_by}
        for line in final["players"][i]["lines"]:
            sources[f"end_{line.group}"] = sources.get(f"end_{line.group}", 0) + line.vp
        seats.append(SeatScore(i, p.name, p.vp, ranks[i], i == final["winner"], sources))
    tie_break: tuple[str, dict[str, Any]] | None = None
    top = [i for i in final["ranking"] if state.players[i].vp == state.players[final["winner"]].vp]
    if len(top) > 1:                                                                  # T-TIE-1
        tie_break = (N_("{names} tie on {vp} VP; {winner} is higher in the senate and wins (T-TIE-1)."),
                     {"names": ", ".join(state.players[i].name for i in top), "vp": state.players[top[0]].vp,
                      "winner": state.players[top[0]].name})
    setup = rules.setup
    return Results(tuple(seats), 0, tie_break, {"edition": setup.edition, "demand_mode": setup.demand_mode,
                                                "yellow_counts_itself": setup.yellow_counts_itself})


PLUGIN = GamePlugin(
    name="trajan", title=N_("Trajan"), data="trajan", players=range(2, 5),
    setup_type=TrajanSetup, rules_type=TrajanRules, decisions=DECISIONS,
    legal_moves=moves.legal_moves, choice_key=moves.choice_key, random_move=play.random_event,
    invariants=invariants.violations, final_invariants=invariants.game_over_violations,
    demo_setup=demo_setup, sim_figures=sim_figures, sim_summary=sim_summary,
    led_plan=trajan_plan, tag_kinds=tag_kinds, score_holdings=score_holdings,
    display="display.trajan", results=results, sources=IN_GAME_SOURCES + FINAL_SOURCES,
    bgg_id=102680)
