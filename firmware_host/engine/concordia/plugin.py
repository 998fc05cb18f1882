"""Concordia as the companion registers it (:class:`firmware_host.engine.plugin.GamePlugin`)."""

from __future__ import annotations

import random
import statistics
from typing import Any

from ..core import N_, Game
from ..plugin import GamePlugin, Results, SeatScore
from . import invariants, moves, play
from .board import board_for
from .leds import concordia_plan
from .rules import ConcordiaRules, map_players
from .state import DECISIONS, ConcordiaSetup
from .tally import LABELS, format_tally, quick_tally


def demo_setup(players: int, rng: random.Random, board: dict[str, Any]) -> ConcordiaSetup:
    """Colours, the map (one for that many players, :data:`~.rules.MAP_PLAYERS`), who turns
    up market cards and both option rulings (C-AMB-1, C-AMB-6) drawn from ``rng``."""
    colours = tuple((c, c.title()) for c in rng.sample(list(board["player_colours"]), players))
    drawn = rng.choice(["imperium", "italia"])
    fits = [m for m in ("imperium", "italia") if players in map_players(m)]
    return ConcordiaSetup(
        players=colours, board=board, map=drawn if drawn in fits else fits[0],
        market_mode=rng.choice(["table", "companion"]),
        vesta_per_card=rng.random() < 0.8, praefectus_passes=rng.choice(["right", "left"]),
        seed=rng.randrange(2**32))


def sim_figures(rules: ConcordiaRules, game: Game) -> dict[str, Any]:
    s = game.state
    built = len(s.players[s.concordia].houses) >= rules.board.houses_per_player
    return {"turns": s.turns, "totals": [p["total"] for p in s.final["players"]],
            "winner": s.final["winner"], "trigger": "houses" if built else "display"}


def sim_summary(figures: list[dict[str, Any]], players: int) -> list[str]:
    turns = [f["turns"] for f in figures]
    vp = [v for f in figures for v in f["totals"]]
    triggers = [f["trigger"] for f in figures]
    winners = [f["winner"] for f in figures]
    return [f"turns per game: mean {statistics.mean(turns):.0f}, min {min(turns)}, max {max(turns)}",
            f"final VP: mean {statistics.mean(vp):.1f}, min {min(vp)}, max {max(vp)}",
            f"ended by the 15th house: {triggers.count('houses')}, by the empty display: {triggers.count('display')}",
            "wins by seat: " + ", ".join(f"{n + 1}: {winners.count(n)}" for n in range(players))]


def tag_kinds(board_data: dict[str, Any]) -> dict[str, tuple[str, ...]]:
    """The player tokens (a token confirms whose turn it is and names the player a Diplomat
    copies) and the personality cards by name (a card touched is played from the hand, turned
    up into the display or chosen in the market)."""
    board = board_for(board_data)
    return {"player": tuple(board.player_colours), "card": tuple(board.cards)}


def score_holdings(board_data: dict[str, Any], data: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """Concordia holdings (docs/concordia-tally.md) -> tally (C-GOD, C-END-4)."""
    result = quick_tally(board_data, data)
    return result, format_tally(result)


# a seat's points by source: the gods in the order of C-GOD-ORDER, the Concordia card, the track
SOURCES = tuple((key, LABELS[key]) for key in
                ("vesta", "jupiter", "saturnus", "mercurius", "mars", "minerva", "concordia", "track"))


def results(rules: ConcordiaRules, state: Any) -> Results:
    """The tally by gods as results (C-GOD, C-GOD-TOTAL): score = total, sources = each
    line's VP, rank from the tally's ranking (equal totals: the Praefectus Magnus, C-END-4);
    the start player is the first seat (C-SETUP)."""
    final = state.final
    ranks = {i: r for r, i in enumerate(final["ranking"], start=1)}
    seats = tuple(SeatScore(i, p.name, final["players"][i]["total"], ranks[i], i == final["winner"],
                            {line["god"]: line["vp"] for line in final["players"][i]["lines"]})
                  for i, p in enumerate(state.players))
    tie_break: tuple[str, dict[str, Any]] | None = None
    best = final["players"][final["ranking"][0]]["total"]
    top = [i for i in final["ranking"] if final["players"][i]["total"] == best]
    if len(top) > 1:                                                                  # C-END-4, C-AMB-6
        names = ", ".join(state.players[i].name for i in top)
        if final["winner"] is None:
            tie_break = (N_("{names} tie on {vp} VP; nobody knows who holds the Praefectus Magnus (C-END-4)."),
                         {"names": names, "vp": best})
        elif state.praefectus == final["winner"]:
            tie_break = (N_("{names} tie on {vp} VP; {winner} holds the Praefectus Magnus and wins (C-END-4)."),
                         {"names": names, "vp": best, "winner": state.players[final["winner"]].name})
        else:
            tie_break = (N_("{names} tie on {vp} VP; {winner} would receive the Praefectus Magnus first and "
                            "wins (C-END-4, C-AMB-6)."),
                         {"names": names, "vp": best, "winner": state.players[final["winner"]].name})
    setup = rules.setup
    return Results(seats, 0, tie_break, {"map": setup.map, "market_mode": setup.market_mode,
                                         "vesta_per_card": setup.vesta_per_card,
                                         "praefectus_passes": setup.praefectus_passes})


PLUGIN = GamePlugin(
    name="concordia", title=N_("Concordia"), data="concordia", players=range(2, 6),
    setup_type=ConcordiaSetup, rules_type=ConcordiaRules, decisions=DECISIONS,
    legal_moves=moves.legal_moves, choice_key=moves.choice_key, random_move=play.random_event,
    invariants=invariants.violations, final_invariants=invariants.game_over_violations,
    demo_setup=demo_setup, sim_figures=sim_figures, sim_summary=sim_summary,
    led_plan=concordia_plan, tag_kinds=tag_kinds, score_holdings=score_holdings,
    display="display.concordia", results=results, sources=SOURCES, bgg_id=124361)
