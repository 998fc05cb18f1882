"""``table-companion``: the command line.

``run`` starts the companion (simulator window, or the Pi hardware with ``--profile pi``);
``replay`` prints a journaled or exported game's final state and scores; ``score`` tallies
an end-of-game holdings file; ``simulate`` plays random legal games through an engine;
``screenshot`` renders every screen of a scripted game to PNG; ``selftest`` checks the
wiring (buttons, NFC reader, LED strip).
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any


def _replay(args: argparse.Namespace) -> int:
    from .replay import load_games, summary

    try:
        sessions = load_games(Path(args.file), args.game_id)
    except (OSError, ValueError, KeyError) as exc:
        print(f"cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    out = [summary(s) for s in sessions]
    if args.json:
        print(json.dumps(out if len(out) != 1 else out[0], indent=1))
    else:
        for s in out:
            print(f"game {s.get('id', '-')}: {s['game']}, {s['events']} events, "
                  f"{'finished' if s['over'] else 'in progress'}")
            for p in s["players"]:
                print(f"  {p['name']:<12} {p['vp']:>4} VP")
    return 0


def _score(args: argparse.Namespace) -> int:
    from .data import load
    from .games import GAMES

    scorers = {name: g for name, g in GAMES.items() if g.score_holdings is not None}
    game = scorers.get(args.game)
    if game is None or game.score_holdings is None:
        print(f"no tally for {args.game!r}; known: {', '.join(scorers)}", file=sys.stderr)
        return 2
    try:
        data = json.loads(Path(args.file).read_text(encoding="utf-8"))
        result, text = game.score_holdings(load(game.data), data)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        print(f"cannot score {args.file}: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result, indent=1) if args.json else text)
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from .simulate import simulate

    try:
        report = simulate(args.game, args.players, args.games, args.seed)
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    print(json.dumps(report, indent=1) if args.json else report["text"])
    return 0 if report["failures"] == 0 else 1


def _run(args: argparse.Namespace) -> int:
    from .app import run

    return run(profile=args.profile, config_path=args.config, journal_path=args.journal,
               language=args.language)


def _screenshot(args: argparse.Namespace) -> int:
    from display.screenshots import render_all

    paths = render_all(Path(args.out), language=args.language)
    print(f"{len(paths)} screens written to {args.out}")
    return 0


def _selftest(args: argparse.Namespace) -> int:
    from .config import load_config
    from .selftest import selftest

    return selftest(load_config(args.config))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="table-companion", description=__doc__.split("\n\n")[0])
    parser.add_argument("-v", "--verbose", action="store_true", help="log debug messages")
    sub = parser.add_subparsers(dest="command")

    run = sub.add_parser("run", help="start the companion (default)")
    run.add_argument("--profile", choices=["sim", "pi"], help="hardware profile (default: from the config file)")
    run.add_argument("--config", help="config file (default: /etc/table-companion/config.toml if present)")
    run.add_argument("--journal", help="journal database (default: from the config file)")
    run.add_argument("--language", help="screen language, e.g. en, fa, hu, zh (default: from config / $LANGUAGE)")
    run.set_defaults(func=_run)

    replay = sub.add_parser("replay", help="final state and scores of a journal or exported game")
    replay.add_argument("file", help="a journal (.db) or an exported game (.json)")
    replay.add_argument("--game-id", type=int, help="only this game of a journal (default: all)")
    replay.add_argument("--json", action="store_true", help="machine-readable output")
    replay.set_defaults(func=_replay)

    score = sub.add_parser("score", help="end-of-game tally from a holdings file")
    score.add_argument("game", help="the game, by its journal name (one with a holdings tally)")
    score.add_argument("file", help="holdings file (its schema: the game's page in docs/)")
    score.add_argument("--json", action="store_true", help="machine-readable output")
    score.set_defaults(func=_score)

    sim = sub.add_parser("simulate", help="random legal games through an engine, invariants checked")
    sim.add_argument("game", help="the game, by its journal name")
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--json", action="store_true")
    sim.set_defaults(func=_simulate)

    test = sub.add_parser("selftest", help="check the buttons, NFC reader and LED strip after wiring")
    test.add_argument("--config", help="config file (default: /etc/table-companion/config.toml if present)")
    test.set_defaults(func=_selftest)

    shot = sub.add_parser("screenshot", help="render every screen of a scripted game to PNG")
    shot.add_argument("--out", default="docs/screens", help="output folder")
    shot.add_argument("--language", default="en")
    shot.set_defaults(func=_screenshot)

    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if args.command is None:
        args = parser.parse_args(["run", *(argv or [])])
    result: Any = args.func(args)
    return int(result or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
