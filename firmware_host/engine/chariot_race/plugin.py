"""Chariot Race as the companion registers it (:class:`firmware_host.engine.plugin.GamePlugin`)."""

from __future__ import annotations

import random
import statistics
from typing import Any

from ..core import N_, Game
from ..plugin import GamePlugin, Results, SeatScore
from . import invariants, moves, play
from .board import ChariotRaceBoard
from .leds import chariot_plan
from .rules import ChariotRaceRules, chariots_per_player
from .state import DECISIONS, ChariotRaceSetup


def demo_setup(players: int, rng: random.Random, board: dict[str, Any]) -> ChariotRaceSetup:
    """Sheets, track side, the no-damage option and the colours drawn from ``rng``."""
    per = chariots_per_player(players)
    sheets = rng.choice(["white", "black"])
    drawn = rng.sample(list(board["colours"]["names"]), players * per)
    return ChariotRaceSetup(
        players=tuple(f"Player {n + 1}" for n in range(players)), board=board,
        chariots=tuple((c, i // per) for i, c in enumerate(drawn)) if sheets == "white" else (),
        sheets=sheets, track=rng.choice(["A", "B"]), no_damage_after_finish=rng.random() < 0.5,
        seed=rng.randrange(2**32))


def sim_figures(rules: ChariotRaceRules, game: Game) -> dict[str, Any]:
    s = game.state
    return {"rounds": s.round, "wrecked": sum(c.wrecked for c in s.chariots), "chariots": len(s.chariots),
            "winner": s.chariots[s.winner].seat if s.winner is not None else None}


def sim_summary(figures: list[dict[str, Any]], players: int) -> list[str]:
    rounds = [f["rounds"] for f in figures]
    winners = [f["winner"] for f in figures]
    wins = "wins by seat: " + ", ".join(f"{n + 1}: {winners.count(n)}" for n in range(players))
    return [f"rounds per race: mean {statistics.mean(rounds):.1f}, min {min(rounds)}, max {max(rounds)}",
            f"chariots wrecked per race: mean {statistics.mean(f['wrecked'] for f in figures):.1f} "
            f"of {figures[0]['chariots']}",
            wins + (f"; nobody: {winners.count(None)}" if None in winners else "")]


def tag_kinds(board_data: dict[str, Any]) -> dict[str, tuple[str, ...]]:
    """The chariots (a chariot touched names a target or confirms whose turn it is) and the
    start-space tokens drawn at setup."""
    board = ChariotRaceBoard(board_data)
    return {"chariot": tuple(board.colours),
            "start": tuple(str(n) for n in range(1, len(board.start_spaces) + 1))}


# a race has a winner and places, no points: a seat's "sources" are its best chariot's
# finishing place (1 = won), and how many of its chariots finished and were wrecked
SOURCES = (("place", N_("Finishing place")), ("finished", N_("Chariots finished")),
           ("wrecked", N_("Chariots wrecked")))


def results(rules: ChariotRaceRules, state: Any) -> Results:
    """The race as results: each seat ranked by its best chariot in the standings (laps,
    then how far ahead; wrecked chariots last, CR-END-3, CR-DESTROY-3); score 1 for the
    winner's seat, 0 for the others (nobody wins if every chariot was wrecked, CR-END-5); the
    first seat started (CR-SETUP)."""
    standings = rules.standings(state)
    place = {colour: k for k, colour in enumerate(standings, start=1)}
    winner_seat = state.chariots[state.winner].seat if state.winner is not None else None
    best = {seat: min(place[c.colour] for c in state.chariots if c.seat == seat)
            for seat in range(len(state.players))}
    order = sorted(best, key=lambda seat: best[seat])
    seats = tuple(SeatScore(seat, name, int(seat == winner_seat), order.index(seat) + 1, seat == winner_seat,
                            {"place": best[seat],
                             "finished": sum(c.finished and not c.wrecked for c in state.chariots if c.seat == seat),
                             "wrecked": sum(c.wrecked for c in state.chariots if c.seat == seat)})
                  for seat, name in enumerate(state.players))
    tie_break: tuple[str, dict[str, Any]] | None = None
    finished = [c for c in state.chariots if c.finished and not c.wrecked]
    if winner_seat is None:                                                           # CR-END-5
        tie_break = (N_("Every chariot was wrecked: nobody wins (CR-END-5)."), {})
    elif len(finished) > 1:                                                           # CR-END-3
        tie_break = (N_("{n} chariots finished in the last round; {chariot} ended furthest ahead and wins "
                        "(CR-END-3)."), {"n": len(finished), "chariot": state.chariots[state.winner].colour})
    setup = rules.setup
    return Results(seats, 0, tie_break, {"sheets": setup.sheets, "track": setup.track,
                                         "no_damage_after_finish": setup.no_damage_after_finish,
                                         "normal_dice_must_be_used": setup.normal_dice_must_be_used})


PLUGIN = GamePlugin(
    name="chariot_race", title=N_("Chariot Race"), data="chariot_race", players=range(2, 7),
    setup_type=ChariotRaceSetup, rules_type=ChariotRaceRules, decisions=DECISIONS,
    legal_moves=moves.legal_moves, choice_key=moves.choice_key, random_move=play.random_event,
    invariants=invariants.violations, final_invariants=invariants.game_over_violations,
    demo_setup=demo_setup, sim_figures=sim_figures, sim_summary=sim_summary,
    led_plan=chariot_plan, tag_kinds=tag_kinds, score_holdings=None,
    display="display.chariot_race", results=results, sources=SOURCES, scored=False)
# no bgg_id: this is Matt Leacock's Chariot Race (2016, CR-COMP-1), not Mike Elliott's of 2013;
# its BoardGameGeek id could not be confirmed from a stored page, so BG Stats matches it by name
