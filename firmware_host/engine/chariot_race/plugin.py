"""Chariot Race as the companion registers it (:class:`firmware_host.engine.plugin.GamePlugin`)."""

from __future__ import annotations

import random
import statistics
from typing import Any

from ..core import N_, Game
from ..plugin import GamePlugin
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


PLUGIN = GamePlugin(
    name="chariot_race", title=N_("Chariot Race"), data="chariot_race", players=range(2, 7),
    setup_type=ChariotRaceSetup, rules_type=ChariotRaceRules, decisions=DECISIONS,
    legal_moves=moves.legal_moves, choice_key=moves.choice_key, random_move=play.random_event,
    invariants=invariants.violations, final_invariants=invariants.game_over_violations,
    demo_setup=demo_setup, sim_figures=sim_figures, sim_summary=sim_summary,
    led_plan=chariot_plan, tag_kinds=tag_kinds, score_holdings=None,
    display="display.chariot_race")
