"""Golden playthroughs, one format for every game (after OpenSpiel's playthrough files).

A playthrough file (``tests/playthroughs/<game>-<name>.txt``) holds a game's setup and its
moves; for every move it also records whose decision it was, the decision kind, the legal
moves (``GamePlugin.legal_moves``), the taps and presses a table makes for the move on the
screen then shown (``GameDisplay.inputs_for``) and what changed in the state (a diff of
``Rules.state_to_json``), then the final scores. A rules or screen change therefore shows up
as a diff at the exact move. The one test (``tests/test_playthroughs.py``) renders each file
again from its setup and moves and compares; this tool writes them::

    .venv/bin/python -m tools.playthrough --update            # every file, from its own moves
    .venv/bin/python -m tools.playthrough --new trajan 3 7    # a new random game: players, seed

Rendering enters every move through the controller exactly as the window does (each input
line is run; the move it makes must be the recorded one, as the screens send it) and checks
the game's invariants after every move. Raises ``AssertionError`` naming the step otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PLAYTHROUGHS = ROOT / "tests" / "playthroughs"


@dataclass(frozen=True)
class Playthrough:
    """A file's content that is input, not output: ``game`` (journal name), ``setup`` (JSON
    without the board data, which comes from ``GamePlugin.data``) and ``moves`` (event JSON)."""

    game: str
    setup: dict[str, Any]
    moves: list[dict[str, Any]]


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, sort_keys=True)


def move_text(move: dict[str, Any]) -> str:
    """``kind {fields}`` (fields as compact JSON; none: the kind alone)."""
    fields = {k: v for k, v in move.items() if k != "kind"}
    return f"{move['kind']} {_compact(fields)}" if fields else move["kind"]


def parse_move(text: str) -> dict[str, Any]:
    kind, _sep, fields = text.strip().partition(" ")
    return {"kind": kind, **(json.loads(fields) if fields else {})}


def parse(text: str) -> Playthrough:
    """The setup and moves of a playthrough file. Raises ``ValueError`` if either is missing."""
    game = setup = None
    moves = []
    for line in text.splitlines():
        if line.startswith("game: "):
            game = line[6:].strip()
        elif line.startswith("setup: "):
            setup = json.loads(line[7:])
        elif line.startswith("  move: "):
            moves.append(parse_move(line[8:]))
    if game is None or setup is None:
        raise ValueError("a playthrough needs a 'game:' and a 'setup:' line")
    return Playthrough(game, setup, moves)


def setup_and_moves(pt: Playthrough) -> tuple[Any, list[Any]]:
    """The game's setup (with its board data) and its moves as engine events."""
    from firmware_host.data import load
    from firmware_host.games import plugin

    game = plugin(pt.game)
    setup = game.setup_type.from_json({**pt.setup, "board": load(game.data)})
    codec = game.rules(setup).codec
    return setup, [codec.decode(m) for m in pt.moves]


def _leaves(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """``(path, value)`` for every scalar, empty container or list of scalars (shown whole:
    a bowl's markers, a hand) in a JSON value."""
    if isinstance(value, dict) and value:
        for k in sorted(value):
            yield from _leaves(value[k], f"{path}.{k}" if path else str(k))
    elif isinstance(value, list) and any(isinstance(v, (dict, list)) for v in value):
        for i, v in enumerate(value):
            yield from _leaves(v, f"{path}.{i}" if path else str(i))
    else:
        yield path, value


def state_diff(before: Any, after: Any) -> list[str]:
    """``path: old -> new`` for every leaf that changed (``-`` for absent), sorted by path."""
    old, new = dict(_leaves(before)), dict(_leaves(after))
    out = []
    for path in sorted(old.keys() | new.keys()):
        a, b = old.get(path, "-"), new.get(path, "-")
        if a != b or (path in old) != (path in new):
            out.append(f"{path}: {_compact(a)} -> {_compact(b)}")
    return out


def _controller() -> Any:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from display.controller import Controller

    return Controller(None)


def render(pt: Playthrough) -> str:
    """The whole file for ``pt``: every move entered through the screens and checked.
    Raises ``AssertionError`` (a move the inputs do not make, a broken invariant) or
    ``RuleError`` (a move the rules refuse), naming the step."""
    from display.games import display_for
    from display.script import run_lines
    from firmware_host.engine.core import event_to_json
    from firmware_host.games import plugin

    game = plugin(pt.game)
    shown = display_for(pt.game)
    setup, _moves = setup_and_moves(pt)
    ctl = _controller()
    ctl.start_game(pt.game, setup)
    session = ctl.session
    assert session is not None, ctl.message
    rules = session.rules
    out = ["# Golden playthrough: every move with whose decision it was, the legal moves, the inputs",
           "# a table makes for it and what changed. Regenerate: python -m tools.playthrough --update",
           f"game: {pt.game}", f"setup: {_compact(pt.setup)}", ""]
    before = rules.state_to_json(session.state)
    for n, data in enumerate(pt.moves, 1):
        state = session.state
        move = rules.codec.decode(data)
        legal = game.legal_moves(rules, state)
        out += [f"step {n}", f"  to move: {state.pending.player}", f"  decision: {state.pending.kind}",
                f"  legal: {len(legal)}"]
        out += [f"    {move_text(event_to_json(m))}" for m in legal]
        out.append(f"  move: {move_text(data)}")
        lines = shown.inputs_for(ctl, move)
        out.append(f"  inputs: {' | '.join(lines)}")
        run_lines(ctl, lines)
        made = session.game.events[-1] if len(session.game.events) == n else None
        want = shown.canonical(move, rules.board)
        assert made == want, f"step {n}: the inputs made {made}, not {want} ({ctl.message})"
        broken = game.invariants(rules, session.state)
        assert not broken, f"step {n}: {broken}"
        after = rules.state_to_json(session.state)
        out += [f"  changed: {line}" for line in state_diff(before, after)]
        before = after
        out.append("")
    if session.state.over:
        broken = game.final_invariants(rules, session.state)
        assert not broken, f"at the end: {broken}"
    out.append(f"over: {str(bool(session.state.over)).lower()}")
    out += [f"score: {_compact(p)}" for p in rules.scores(session.state)]
    return "\n".join(out) + "\n"


def random_playthrough(game_name: str, players: int, seed: int) -> Playthrough:
    """A whole random legal game of ``game_name`` from its demo setup (no board data kept)."""
    from firmware_host.engine.core import event_to_json, play_out
    from firmware_host.games import demo_rules, plugin

    game = plugin(game_name)
    rng = random.Random(seed)
    rules = demo_rules(game, players, rng)
    played = play_out(rules, lambda g: game.random_move(g, rng))
    setup = {k: v for k, v in rules.setup.to_json().items() if k != "board"}
    return Playthrough(game.name, setup, [event_to_json(e) for e in played.events])


def files() -> list[Path]:
    """Every playthrough file, sorted."""
    return sorted(PLAYTHROUGHS.glob("*.txt"))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.playthrough", description=__doc__.split("\n\n")[0])
    parser.add_argument("--update", action="store_true", help="render every file again from its setup and moves")
    parser.add_argument("--new", nargs=3, metavar=("GAME", "PLAYERS", "SEED"),
                        help="write tests/playthroughs/GAME-PLAYERSp-sSEED.txt from a random game")
    args = parser.parse_args(argv)
    if args.new:
        name, players, seed = args.new[0], int(args.new[1]), int(args.new[2])
        path = PLAYTHROUGHS / f"{name}-{players}p-s{seed}.txt"
        PLAYTHROUGHS.mkdir(parents=True, exist_ok=True)
        path.write_text(render(random_playthrough(name, players, seed)), encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    if args.update:
        for path in files():
            text = render(parse(path.read_text(encoding="utf-8")))
            if text != path.read_text(encoding="utf-8"):
                path.write_text(text, encoding="utf-8")
                print(f"updated {path.relative_to(ROOT)}")
    if not (args.new or args.update):
        parser.print_usage(sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
