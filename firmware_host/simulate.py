"""``table-companion simulate``: random legal games through an engine, invariants checked
after every move and at the end, replay compared with the live state."""

from __future__ import annotations

import random
import statistics
from typing import Any

from .data import load
from .engine.core import Game


def simulate(game: str, players: int, games: int, seed: int) -> dict[str, Any]:
    """Play ``games`` random games; returns counts, score statistics, failures and a text.

    Raises ``ValueError`` for an unknown game or player count.
    """
    if game != "trajan":
        raise ValueError(f"simulate knows: trajan (not {game!r})")
    from .engine.trajan import TrajanRules, TrajanSetup
    from .engine.trajan.board import PLAYER_COLOURS
    from .engine.trajan.invariants import game_over_violations, violations
    from .engine.trajan.play import random_event

    if not 2 <= players <= 4:
        raise ValueError("Trajan is for 2 to 4 players")
    board = load("trajan")
    failures: list[str] = []
    events, winners, scores = [], [], []
    for k in range(games):
        rng = random.Random(seed * 1_000_003 + k)
        setup = TrajanSetup(players=tuple((c, c.title()) for c in PLAYER_COLOURS[:players]), board=board,
                            demand_mode=rng.choice(["table", "companion"]), seed=rng.randrange(2**32))
        rules = TrajanRules(setup)
        live = Game(rules)
        try:
            while not live.state.over:
                live.apply(random_event(live, rng))
                broken = violations(rules, live.state)
                if broken:
                    raise AssertionError(f"after event {len(live.events)}: {broken}")
            broken = game_over_violations(rules, live.state)
            if broken:
                raise AssertionError(f"at the end: {broken}")
            if Game(rules, live.events).state != live.state:
                raise AssertionError("replay differs from the live state")
        except (AssertionError, RuntimeError) as exc:
            failures.append(f"game {k} (seed {seed}): {exc}")
            continue
        events.append(len(live.events))
        scores.extend(p.vp for p in live.state.players)
        winners.append(live.state.final["winner"])
    ok = games - len(failures)
    text = [f"{ok}/{games} random {players}-player games of Trajan finished with every invariant holding."]
    if events:
        text.append(f"moves per game: mean {statistics.mean(events):.0f}, min {min(events)}, max {max(events)}")
        text.append(f"final VP: mean {statistics.mean(scores):.1f}, min {min(scores)}, max {max(scores)}")
        text.append("wins by seat: " + ", ".join(f"{s + 1}: {winners.count(s)}" for s in range(players)))
    text += failures
    return {"game": game, "players": players, "games": games, "seed": seed, "finished": ok,
            "failures": len(failures), "failure_details": failures,
            "mean_events": statistics.mean(events) if events else 0, "text": "\n".join(text)}
