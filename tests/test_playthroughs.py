"""The golden playthroughs of every game (tests/playthroughs/*.txt, one format for all, after
OpenSpiel's): each file is rendered again from its setup and moves, every move entered
through the screens, and must be the same to the letter. A rules or screen change shows up
here as a diff at the exact step; after a deliberate change, regenerate with
``.venv/bin/python -m tools.playthrough --update`` and read the diff."""

from __future__ import annotations

import difflib

import pytest

from firmware_host.games import GAMES
from tools.playthrough import files, parse, render

FILES = files()


def test_every_game_has_a_playthrough():
    assert {parse(p.read_text(encoding="utf-8")).game for p in FILES} == set(GAMES)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_playthrough(path):
    text = path.read_text(encoding="utf-8")
    pt = parse(text)
    again = render(pt)
    if again != text:
        old, new = text.splitlines(), again.splitlines()
        at = next(i for i, (a, b) in enumerate(zip(old + [""], new + [""])) if a != b)
        step = next((line for line in reversed(old[:at + 1]) if line.startswith("step ")), "the header")
        diff = "\n".join(list(difflib.unified_diff(old, new, "file", "now", lineterm="", n=2))[:40])
        pytest.fail(f"{path.name} differs from {step} on:\n{diff}")
    assert pt.moves and text.rstrip().splitlines()[-1].startswith("score: ")
