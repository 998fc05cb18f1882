"""``table-companion``: the command line.

``run`` starts the companion (simulator window, or the Pi hardware with ``--profile pi``);
``replay`` prints a journaled or exported game's final state and scores; ``score`` tallies
an end-of-game holdings file; ``simulate`` plays random legal games through an engine;
``screenshot`` renders every screen of a scripted game to PNG; ``selftest`` checks the
wiring (buttons, NFC reader, LED strip); ``export``, ``backup``, ``restore`` and ``players``
work on the saved games (docs/history.md).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any


def _refuse(message: object) -> int:
    """Say why a command cannot go on, as one line on stderr; the exit code for bad input."""
    print(" ".join(str(message).splitlines()) or "refused", file=sys.stderr)
    return 2


def _replay(args: argparse.Namespace) -> int:
    from .replay import load_games, summary

    try:
        sessions = load_games(Path(args.file), args.game_id)
    except ValueError as exc:           # ReplayFileError: one line naming the file and what is wrong
        return _refuse(exc)
    out = [summary(s) for s in sessions]
    if args.json:
        print(json.dumps(out if len(out) != 1 else out[0], indent=1))
    else:
        for s in out:
            print(f"game {'-' if s['id'] is None else s['id']}: {s['game']}, {s['events']} events, "
                  f"{'finished' if s['over'] else 'in progress'}")
            for p in s["players"]:
                print(f"  {p['name']:<12} {p['vp']:>4} VP")
    return 0


def _score(args: argparse.Namespace) -> int:
    from .data import load
    from .games import GAMES
    from .replay import read_json

    scorers = {name: g for name, g in GAMES.items() if g.score_holdings is not None}
    game = scorers.get(args.game)
    if game is None or game.score_holdings is None:
        return _refuse(f"no tally for {args.game!r}; known: {', '.join(scorers)}")
    try:
        data = read_json(Path(args.file))
    except ValueError as exc:           # not a readable JSON file: one line naming it
        return _refuse(exc)
    try:
        result, text = game.score_holdings(load(game.data), data)
    except ValueError as exc:           # schema.InputError: the player, the field, the value, what is accepted
        return _refuse(f"{args.file}: {exc}")
    for warning in result.get("warnings", []):
        print(f"{args.file}: warning: {warning}", file=sys.stderr)
    print(json.dumps(result, indent=1) if args.json else text)
    return 0


SIMULATE_MAX_GAMES = 100_000


def _simulate(args: argparse.Namespace) -> int:
    from .simulate import simulate

    if not 1 <= args.games <= SIMULATE_MAX_GAMES:
        return _refuse(f"--games {args.games}: must be an integer from 1 to {SIMULATE_MAX_GAMES}")
    try:
        report = simulate(args.game, args.players, args.games, args.seed)
    except ValueError as exc:
        return _refuse(exc)
    print(json.dumps(report, indent=1) if args.json else report["text"])
    return 0 if report["failures"] == 0 else 1


def _run(args: argparse.Namespace) -> int:
    from .app import run
    from .config import ConfigError, check_language, load_config

    # A file or a language named on the command line is checked before anything opens:
    # refused in one line (the file, the key, the value, what is accepted). The config the
    # service finds by itself is the app's to report, on screen (docs/config.md).
    try:
        if args.language is not None:
            check_language(args.language)
        if args.config:
            load_config(args.config, profile=args.profile, journal=args.journal, language=args.language)
    except ConfigError as exc:
        return _refuse(exc)
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

    try:
        config = load_config(args.config, profile=args.profile)
    except (OSError, ValueError) as exc:      # a TOML syntax error is a ValueError too
        print(f"cannot use the config: {exc}", file=sys.stderr)
        return 2
    return selftest(config, yes=args.yes, timeout=args.timeout)


def _journal_path(args: argparse.Namespace) -> Path:
    """The journal a history command works on: ``--journal``, else the config file's."""
    if args.journal:
        return Path(args.journal)
    from .config import load_config

    return load_config(args.config).journal_path


def _open_journal(args: argparse.Namespace) -> Any:
    """The journal for ``export``/``backup``/``players``, opened read only (they only read:
    the file stays byte for byte as it was, a read-only file works); raises ``ValueError``
    (one line naming the file: ``ConfigError`` or ``JournalError``) if it cannot be opened
    or is not a table companion journal."""
    from .journal import Journal

    path = _journal_path(args)
    if not path.is_file():
        raise ValueError(f"{path}: no saved games file there (use --journal FILE)")
    return Journal.read_only(path)


def _day(text: str) -> float:
    """``YYYY-MM-DD`` as the epoch seconds of that day's local midnight. Raises
    ``ValueError`` (one line) for anything else."""
    import datetime

    try:
        day = datetime.date.fromisoformat(text) if len(text) == 10 else None
    except ValueError:
        day = None
    if day is None:
        raise ValueError(f"--since {text!r} is not a date: give YYYY-MM-DD, e.g. 2026-11-23")
    return datetime.datetime.combine(day, datetime.time()).timestamp()


def _export(args: argparse.Namespace) -> int:
    from .backup import is_journal_file
    from .history import History
    from .share import encoding, export

    try:
        since = _day(args.since) if args.since is not None else None
        journal = _open_journal(args)
    except ValueError as exc:
        return _refuse(exc)
    if args.out and is_journal_file(Path(args.out), journal.path):
        journal.close()
        return _refuse(f"--out {args.out}: that is the saved games file itself ({journal.path}); "
                       "give another file")
    try:
        text = export(History(journal), args.format, since=since)
    except ValueError as exc:           # JournalError: the file cannot be read now
        return _refuse(exc)
    finally:
        journal.close()
    if args.out:
        try:
            Path(args.out).write_text(text, encoding=encoding(args.format), newline="")
        except OSError as exc:
            return _refuse(f"{args.out}: cannot be written: {exc.strerror or exc}")
    else:
        sys.stdout.write(text)
    return 0


def _backup(args: argparse.Namespace) -> int:
    from .backup import backup

    try:
        journal = _open_journal(args)
    except ValueError as exc:
        return _refuse(exc)
    try:
        dest = backup(journal, Path(args.file))
    except ValueError as exc:           # BackupError: one line
        return _refuse(exc)
    finally:
        journal.close()
    print(f"saved games backed up to {dest} ({dest.stat().st_size // 1024} KB, integrity checked)")
    return 0


def _restore(args: argparse.Namespace) -> int:
    from .backup import restore

    try:
        path = _journal_path(args)
        aside = restore(Path(args.file), path)
    except ValueError as exc:           # ConfigError, BackupError: one line
        return _refuse(exc)
    print(f"saved games restored from {args.file} into {path}"
          + (f"; the previous file is kept as {aside}" if aside is not None else ""))
    return 0


def _players(args: argparse.Namespace) -> int:
    import time

    from .players import Players

    try:
        journal = _open_journal(args)
    except ValueError as exc:
        return _refuse(exc)
    try:
        players = Players(journal).list()
    except ValueError as exc:
        return _refuse(exc)
    finally:
        journal.close()
    if args.json:
        print(json.dumps([p.__dict__ for p in players], ensure_ascii=False, indent=1))
        return 0
    for p in players:
        last = time.strftime("%Y-%m-%d", time.localtime(p.last_played)) if p.last_played else "never"
        print(f"{p.id:>4}  {p.name:<16}  {p.games:>4} games  last {last}"
              + (f"  colour {p.colour}" if p.colour else "") + ("  token" if p.token else ""))
    return 0


def _seconds(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0 seconds, not {text}")
    return value


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

    test = sub.add_parser("selftest", help="check every part: screen, LED strip, buttons, NFC reader, touchscreen")
    test.add_argument("--profile", choices=["sim", "pi"], help="hardware profile (default: from the config file)")
    test.add_argument("--config", help="config file (default: /etc/table-companion/config.toml if present)")
    test.add_argument("--yes", action="store_true", help="unattended: do not ask whether the LEDs lit (reported)")
    test.add_argument("--timeout", type=_seconds, default=15.0, metavar="S",
                      help="seconds each prompt waits for a press, a tag or a tap (default 15)")
    test.set_defaults(func=_selftest)

    def journal_options(cmd: argparse.ArgumentParser) -> None:
        cmd.add_argument("--journal", help="the saved games file (default: from the config file)")
        cmd.add_argument("--config", help="config file (default: /etc/table-companion/config.toml if present)")

    exp = sub.add_parser("export", help="every finished game as BG Stats plays, CSV or JSON")
    exp.add_argument("--format", choices=["bgstats", "csv", "json"], required=True)
    exp.add_argument("--since", metavar="YYYY-MM-DD", help="only games that ended on or after this day")
    exp.add_argument("--out", metavar="FILE", help="write to FILE (default: standard output)")
    journal_options(exp)
    exp.set_defaults(func=_export)

    bak = sub.add_parser("backup", help="back up the saved games (players, games) to a file, checked")
    bak.add_argument("file", help="the backup file to write (replaced if it exists)")
    journal_options(bak)
    bak.set_defaults(func=_backup)

    res = sub.add_parser("restore", help="replace the saved games with a backup (the companion stopped)")
    res.add_argument("file", help="a backup written by 'backup' or the USB export")
    journal_options(res)
    res.set_defaults(func=_restore)

    pl = sub.add_parser("players", help="the players kept on the box, most recently played first")
    pl.add_argument("--json", action="store_true", help="machine-readable output")
    journal_options(pl)
    pl.set_defaults(func=_players)

    shot = sub.add_parser("screenshot", help="render every screen of a scripted game to PNG")
    shot.add_argument("--out", default="docs/screens", help="output folder")
    shot.add_argument("--language", default="en")
    shot.set_defaults(func=_screenshot)

    return parser


EXIT_INTERRUPTED = 130      # 128 + SIGINT: Ctrl+C
EXIT_BROKEN_PIPE = 141      # 128 + SIGPIPE: the reader went away (``| head``), as a shell reports it


def main(argv: Sequence[str] | None = None) -> int:
    """Every command ends quietly, without a traceback, on Ctrl+C (exit 130) and when the
    program reading its output goes away (``| head``: exit 141, as for ``yes | head`` under
    ``set -o pipefail``). A command that handles Ctrl+C itself (the self-test prints what it
    checked) still exits 130."""
    interrupted = []

    def on_sigint(signum: int, frame: Any) -> None:
        interrupted.append(signum)
        raise KeyboardInterrupt

    previous = None
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:   # not if Ctrl+C is ignored
        try:
            previous = signal.signal(signal.SIGINT, on_sigint)
        except ValueError:              # not the main thread: Python's own handler stays
            previous = None
    try:
        code = _main(argv)
        sys.stdout.flush()              # output still buffered meets a closed pipe here, not at exit
        return EXIT_INTERRUPTED if interrupted else code
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # Python flushes stdout once more at exit: point it at /dev/null so that says nothing
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return EXIT_BROKEN_PIPE
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


def _main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    # the saved-games commands say what went wrong in one line (exit 2): their log lines
    # (a backup's cleanup, the journal's diagnosis) only with -v
    quiet = args.command in ("export", "backup", "restore", "players")
    level = logging.DEBUG if args.verbose else logging.CRITICAL + 1 if quiet else logging.INFO
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if args.command is None:
        args = parser.parse_args(["run", *(argv or [])])
    if args.command in ("run", "selftest"):     # before gpiozero/lgpio load: see runtime.py
        from .runtime import prepare_lgpio_workdir

        prepare_lgpio_workdir()
    result: Any = args.func(args)
    return int(result or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
