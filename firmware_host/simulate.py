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
    if game == "chariot_race":
        return _simulate_chariot_race(players, games, seed)
    if game == "concordia":
        return _simulate_concordia(players, games, seed)
    if game != "trajan":
        raise ValueError(f"simulate knows: trajan, chariot_race, concordia (not {game!r})")
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


def _simulate_chariot_race(players: int, games: int, seed: int, max_events: int = 5000) -> dict[str, Any]:
    """Random legal Chariot Races: sheets, track side, the no-damage option and the colours
    drawn per race; invariants after every move and at the end; replay == live."""
    from .engine.chariot_race import ChariotRaceRules, ChariotRaceSetup
    from .engine.chariot_race.invariants import game_over_violations, violations
    from .engine.chariot_race.play import random_event
    from .engine.chariot_race.rules import chariots_per_player

    if not 2 <= players <= 6:
        raise ValueError("Chariot Race is for 2 to 6 players")
    board = load("chariot_race")
    colours = list(board["colours"]["names"])
    per = chariots_per_player(players)
    failures: list[str] = []
    events, rounds, wrecked, winners = [], [], [], []
    for k in range(games):
        rng = random.Random(seed * 1_000_003 + k)
        sheets = rng.choice(["white", "black"])
        drawn = rng.sample(colours, players * per)
        setup = ChariotRaceSetup(
            players=tuple(f"Player {n + 1}" for n in range(players)), board=board,
            chariots=tuple((c, i // per) for i, c in enumerate(drawn)) if sheets == "white" else (),
            sheets=sheets, track=rng.choice(["A", "B"]), no_damage_after_finish=rng.random() < 0.5,
            seed=rng.randrange(2**32))
        rules = ChariotRaceRules(setup)
        live = Game(rules)
        try:
            while not live.state.over:
                if len(live.events) >= max_events:
                    raise AssertionError(f"no end after {max_events} moves")
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
            failures.append(f"race {k} (seed {seed}): {exc}")
            continue
        s = live.state
        events.append(len(live.events))
        rounds.append(s.round)
        wrecked.append(sum(c.wrecked for c in s.chariots))
        winners.append(s.chariots[s.winner].seat if s.winner is not None else None)
    ok = games - len(failures)
    text = [f"{ok}/{games} random {players}-player Chariot Races finished with every invariant holding."]
    if events:
        text.append(f"moves per race: mean {statistics.mean(events):.0f}, min {min(events)}, max {max(events)}")
        text.append(f"rounds per race: mean {statistics.mean(rounds):.1f}, min {min(rounds)}, max {max(rounds)}")
        text.append(f"chariots wrecked per race: mean {statistics.mean(wrecked):.1f} of {players * per}")
        text.append("wins by seat: " + ", ".join(f"{n + 1}: {winners.count(n)}" for n in range(players))
                    + f"; nobody: {winners.count(None)}")
    text += failures
    return {"game": "chariot_race", "players": players, "games": games, "seed": seed, "finished": ok,
            "failures": len(failures), "failure_details": failures,
            "mean_events": statistics.mean(events) if events else 0, "no_winner": winners.count(None),
            "text": "\n".join(text)}


def _simulate_concordia(players: int, games: int, seed: int, max_events: int = 5000) -> dict[str, Any]:
    """Random legal Concordia games: the map, who turns up the market cards and the two
    option rulings (C-AMB-1, C-AMB-6) drawn per game; invariants after every move (storehouse
    within 12, money never negative, cards and pieces conserved) and at the end (the Concordia
    card and its trigger, the tally); replay == live."""
    from .engine.concordia import ConcordiaRules, ConcordiaSetup
    from .engine.concordia.invariants import game_over_violations, violations
    from .engine.concordia.play import random_event

    if not 2 <= players <= 5:
        raise ValueError("Concordia is for 2 to 5 players")
    board = load("concordia")
    colours = list(board["player_colours"])
    failures: list[str] = []
    events, turns, totals, winners, triggers = [], [], [], [], []
    for k in range(games):
        rng = random.Random(seed * 1_000_003 + k)
        setup = ConcordiaSetup(
            players=tuple((c, c.title()) for c in rng.sample(colours, players)), board=board,
            map=rng.choice(["imperium", "italia"]), market_mode=rng.choice(["table", "companion"]),
            vesta_per_card=rng.random() < 0.8, praefectus_passes=rng.choice(["right", "left"]),
            seed=rng.randrange(2**32))
        rules = ConcordiaRules(setup)
        live = Game(rules)
        try:
            while not live.state.over:
                if len(live.events) >= max_events:
                    raise AssertionError(f"no end after {max_events} moves")
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
        s = live.state
        events.append(len(live.events))
        turns.append(s.turns)
        totals.extend(p["total"] for p in s.final["players"])
        winners.append(s.final["winner"])
        built = len(s.players[s.concordia].houses) >= rules.board.houses_per_player
        triggers.append("houses" if built else "display")
    ok = games - len(failures)
    text = [f"{ok}/{games} random {players}-player games of Concordia finished with every invariant holding."]
    if events:
        text.append(f"moves per game: mean {statistics.mean(events):.0f}, min {min(events)}, max {max(events)}")
        text.append(f"turns per game: mean {statistics.mean(turns):.0f}, min {min(turns)}, max {max(turns)}")
        text.append(f"final VP: mean {statistics.mean(totals):.1f}, min {min(totals)}, max {max(totals)}")
        text.append(f"ended by the 15th house: {triggers.count('houses')}, by the empty display: "
                    f"{triggers.count('display')}")
        text.append("wins by seat: " + ", ".join(f"{n + 1}: {winners.count(n)}" for n in range(players)))
    text += failures
    return {"game": "concordia", "players": players, "games": games, "seed": seed, "finished": ok,
            "failures": len(failures), "failure_details": failures,
            "mean_events": statistics.mean(events) if events else 0, "text": "\n".join(text)}
