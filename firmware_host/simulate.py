"""``table-companion simulate``: random legal games through an engine, invariants checked
after every move and at the end, replay compared with the live state."""

from __future__ import annotations

import random
import statistics
from typing import Any

from .engine.core import Game, Rules
from .engine.plugin import GamePlugin
from .games import GAMES, demo_rules


def checked_game(rules: Rules, rng: random.Random, game: GamePlugin, max_events: int = 5000) -> Game:
    """A whole random legal game of ``game``, its invariants checked after every move and at
    the end, and its replay compared with the live state.

    Raises ``AssertionError`` naming what broke, ``RuntimeError`` if no move was legal.
    """
    live = Game(rules)
    while not live.state.over:
        if len(live.events) >= max_events:
            raise AssertionError(f"no end after {max_events} moves")
        live.apply(game.random_move(live, rng))
        broken = game.invariants(rules, live.state)
        if broken:
            raise AssertionError(f"after event {len(live.events)}: {broken}")
    broken = game.final_invariants(rules, live.state)
    if broken:
        raise AssertionError(f"at the end: {broken}")
    if Game(rules, live.events).state != live.state:
        raise AssertionError("replay differs from the live state")
    return live


def simulate(game: str, players: int, games: int, seed: int) -> dict[str, Any]:
    """Play ``games`` random games; returns counts, figures, failures and a text.

    Raises ``ValueError`` for an unknown game or player count.
    """
    kind = GAMES.get(game)
    if kind is None:
        raise ValueError(f"simulate knows: {', '.join(GAMES)} (not {game!r})")
    if players not in kind.players:
        raise ValueError(f"{kind.title} is for {kind.players.start} to {kind.players.stop - 1} players")
    failures: list[str] = []
    figures: list[dict[str, Any]] = []
    events: list[int] = []
    for k in range(games):
        rng = random.Random(seed * 1_000_003 + k)
        rules = demo_rules(kind, players, rng)
        try:
            live = checked_game(rules, rng, kind)
        except (AssertionError, RuntimeError) as exc:
            failures.append(f"game {k} (seed {seed}): {exc}")
            continue
        events.append(len(live.events))
        figures.append(kind.sim_figures(rules, live))
    ok = games - len(failures)
    text = [f"{ok}/{games} random {players}-player games of {kind.title} finished with every invariant holding."]
    if events:
        text.append(f"moves per game: mean {statistics.mean(events):.0f}, min {min(events)}, max {max(events)}")
        text += kind.sim_summary(figures, players)
    text += failures
    report = {"game": game, "players": players, "games": games, "seed": seed, "finished": ok,
              "failures": len(failures), "failure_details": failures,
              "mean_events": statistics.mean(events) if events else 0, "text": "\n".join(text)}
    report["no_winner"] = sum(1 for f in figures if f["winner"] is None)
    return report
