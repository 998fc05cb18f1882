"""``table-companion simulate``: random legal games through an engine, invariants checked
after every move and at the end, replay compared with the live state."""

from __future__ import annotations

import importlib
import random
import statistics
from dataclasses import dataclass
from typing import Any, Callable

from .data import load
from .engine.core import Game, Rules


def checked_game(rules: Rules, rng: random.Random, game: str, max_events: int = 5000) -> Game:
    """A whole random legal game of ``game`` (an engine package name), its invariants checked
    after every move and at the end, and its replay compared with the live state.

    Raises ``AssertionError`` naming what broke, ``RuntimeError`` if no move was legal.
    """
    play = importlib.import_module(f"firmware_host.engine.{game}.play")
    invariants = importlib.import_module(f"firmware_host.engine.{game}.invariants")
    live = Game(rules)
    while not live.state.over:
        if len(live.events) >= max_events:
            raise AssertionError(f"no end after {max_events} moves")
        live.apply(play.random_event(live, rng))
        broken = invariants.violations(rules, live.state)
        if broken:
            raise AssertionError(f"after event {len(live.events)}: {broken}")
    broken = invariants.game_over_violations(rules, live.state)
    if broken:
        raise AssertionError(f"at the end: {broken}")
    if Game(rules, live.events).state != live.state:
        raise AssertionError("replay differs from the live state")
    return live


def _mean_min_max(what: str, values: list[float], digits: int = 0) -> str:
    return f"{what}: mean {statistics.mean(values):.{digits}f}, min {min(values)}, max {max(values)}"


def _wins(winners: list[int | None], players: int) -> str:
    text = "wins by seat: " + ", ".join(f"{n + 1}: {winners.count(n)}" for n in range(players))
    return text + (f"; nobody: {winners.count(None)}" if None in winners else "")


# ---------------------------------------------------------------------- per game

def _trajan_rules(players: int, rng: random.Random) -> Rules:
    from .engine.trajan import TrajanRules, TrajanSetup
    from .engine.trajan.board import PLAYER_COLOURS

    return TrajanRules(TrajanSetup(players=tuple((c, c.title()) for c in PLAYER_COLOURS[:players]),
                                   board=load("trajan"), demand_mode=rng.choice(["table", "companion"]),
                                   seed=rng.randrange(2**32)))


def _trajan_figures(rules: Any, game: Game) -> dict[str, Any]:
    s = game.state
    return {"vp": [p.vp for p in s.players], "winner": s.final["winner"]}


def _trajan_summary(figures: list[dict[str, Any]], players: int) -> list[str]:
    return [_mean_min_max("final VP", [v for f in figures for v in f["vp"]], 1),
            _wins([f["winner"] for f in figures], players)]


def _concordia_rules(players: int, rng: random.Random) -> Rules:
    """The map, who turns up market cards and both option rulings (C-AMB-1, C-AMB-6) drawn."""
    from .engine.concordia import ConcordiaRules, ConcordiaSetup

    board = load("concordia")
    return ConcordiaRules(ConcordiaSetup(
        players=tuple((c, c.title()) for c in rng.sample(list(board["player_colours"]), players)), board=board,
        map=rng.choice(["imperium", "italia"]), market_mode=rng.choice(["table", "companion"]),
        vesta_per_card=rng.random() < 0.8, praefectus_passes=rng.choice(["right", "left"]),
        seed=rng.randrange(2**32)))


def _concordia_figures(rules: Any, game: Game) -> dict[str, Any]:
    s = game.state
    built = len(s.players[s.concordia].houses) >= rules.board.houses_per_player
    return {"turns": s.turns, "totals": [p["total"] for p in s.final["players"]],
            "winner": s.final["winner"], "trigger": "houses" if built else "display"}


def _concordia_summary(figures: list[dict[str, Any]], players: int) -> list[str]:
    triggers = [f["trigger"] for f in figures]
    return [_mean_min_max("turns per game", [f["turns"] for f in figures]),
            _mean_min_max("final VP", [v for f in figures for v in f["totals"]], 1),
            f"ended by the 15th house: {triggers.count('houses')}, by the empty display: {triggers.count('display')}",
            _wins([f["winner"] for f in figures], players)]


def _chariot_race_rules(players: int, rng: random.Random) -> Rules:
    """Sheets, track side, the no-damage option and the colours drawn per race."""
    from .engine.chariot_race import ChariotRaceRules, ChariotRaceSetup
    from .engine.chariot_race.rules import chariots_per_player

    board = load("chariot_race")
    per = chariots_per_player(players)
    sheets = rng.choice(["white", "black"])
    drawn = rng.sample(list(board["colours"]["names"]), players * per)
    return ChariotRaceRules(ChariotRaceSetup(
        players=tuple(f"Player {n + 1}" for n in range(players)), board=board,
        chariots=tuple((c, i // per) for i, c in enumerate(drawn)) if sheets == "white" else (),
        sheets=sheets, track=rng.choice(["A", "B"]), no_damage_after_finish=rng.random() < 0.5,
        seed=rng.randrange(2**32)))


def _chariot_race_figures(rules: Any, game: Game) -> dict[str, Any]:
    s = game.state
    return {"rounds": s.round, "wrecked": sum(c.wrecked for c in s.chariots), "chariots": len(s.chariots),
            "winner": s.chariots[s.winner].seat if s.winner is not None else None}


def _chariot_race_summary(figures: list[dict[str, Any]], players: int) -> list[str]:
    return [_mean_min_max("rounds per race", [f["rounds"] for f in figures], 1),
            f"chariots wrecked per race: mean {statistics.mean(f['wrecked'] for f in figures):.1f} "
            f"of {figures[0]['chariots']}",
            _wins([f["winner"] for f in figures], players)]


@dataclass(frozen=True)
class _Kind:
    title: str
    players: range
    rules: Callable[[int, random.Random], Rules]
    figures: Callable[[Any, Game], dict[str, Any]]
    summary: Callable[[list[dict[str, Any]], int], list[str]]


KINDS = {
    "trajan": _Kind("games of Trajan", range(2, 5), _trajan_rules, _trajan_figures, _trajan_summary),
    "concordia": _Kind("games of Concordia", range(2, 6), _concordia_rules, _concordia_figures,
                       _concordia_summary),
    "chariot_race": _Kind("Chariot Races", range(2, 7), _chariot_race_rules, _chariot_race_figures,
                          _chariot_race_summary),
}


def simulate(game: str, players: int, games: int, seed: int) -> dict[str, Any]:
    """Play ``games`` random games; returns counts, figures, failures and a text.

    Raises ``ValueError`` for an unknown game or player count.
    """
    kind = KINDS.get(game)
    if kind is None:
        raise ValueError(f"simulate knows: {', '.join(KINDS)} (not {game!r})")
    if players not in kind.players:
        raise ValueError(f"{kind.title} are for {kind.players.start} to {kind.players.stop - 1} players")
    failures: list[str] = []
    figures: list[dict[str, Any]] = []
    events: list[int] = []
    for k in range(games):
        rng = random.Random(seed * 1_000_003 + k)
        rules = kind.rules(players, rng)
        try:
            live = checked_game(rules, rng, game)
        except (AssertionError, RuntimeError) as exc:
            failures.append(f"game {k} (seed {seed}): {exc}")
            continue
        events.append(len(live.events))
        figures.append(kind.figures(rules, live))
    ok = games - len(failures)
    text = [f"{ok}/{games} random {players}-player {kind.title} finished with every invariant holding."]
    if events:
        text.append(_mean_min_max("moves per game", events))
        text += kind.summary(figures, players)
    text += failures
    report = {"game": game, "players": players, "games": games, "seed": seed, "finished": ok,
              "failures": len(failures), "failure_details": failures,
              "mean_events": statistics.mean(events) if events else 0, "text": "\n".join(text)}
    if game == "chariot_race":
        report["no_winner"] = sum(1 for f in figures if f["winner"] is None)
    return report
