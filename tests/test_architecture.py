"""The house rules of the code: the layers hold (import-linter contracts in pyproject.toml),
no generic module names a game (each game lives in its own packages, found through the
registry), and the code is lint- and type-clean (ruff, mypy, configured in pyproject.toml)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from firmware_host.games import GAMES, REGISTERED

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def _run(*cmd: str) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_the_layers_hold():
    proc = _run(str(BIN / "lint-imports"), "--no-cache")
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert "broken" in proc.stdout and "0 broken" in proc.stdout


def _game_words() -> tuple[str, ...]:
    words = set()
    for name, plugin in GAMES.items():
        words |= {name, plugin.title.lower(), *name.split("_")[:1]}
    return tuple(sorted(words))


def _generic_modules() -> list[Path]:
    """Every product and tool module outside the games' own packages."""
    games = set(GAMES)
    out = []
    for top in ("firmware_host", "display", "tools"):
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).parts
            if any(part in games for part in rel[:-1]):
                continue                        # firmware_host/engine/<game>/..., display/<game>/...
            out.append(path)
    return out


def _named(path: Path, words: tuple[str, ...]) -> list[str]:
    """Identifiers and string constants (docstrings and comments aside) naming a game."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    hits = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            text = node.value.lower()
        elif isinstance(node, ast.Name):
            text = node.id.lower()
        elif isinstance(node, ast.Attribute):
            text = node.attr.lower()
        elif isinstance(node, ast.alias):
            text = node.name.lower()
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            text = node.name.lower()
        else:
            continue
        hits += [f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', '?')}: {text!r}" for w in words if w in text]
    return hits


def test_no_generic_module_names_a_game():
    """Adding a game is a package under the engine, one under display and a registry line:
    nothing else in the code names a game."""
    words = _game_words()
    registry = ROOT / "firmware_host" / "games.py"
    hits = []
    for path in _generic_modules():
        found = _named(path, words)
        if path == registry:        # the registry's own lines: the modules it registers
            found = [h for h in found if not any(repr(m) in h for m in REGISTERED)]
        hits += found
    assert hits == []


def test_the_name_check_can_fail(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text('"""Docstrings may say Trajan."""\nGAME = "trajan"\n', encoding="utf-8")
    orig_root = globals()["ROOT"]
    globals()["ROOT"] = tmp_path
    try:
        assert _named(bad, _game_words()) == ["bad.py:2: 'trajan'"]
    finally:
        globals()["ROOT"] = orig_root


def test_ruff_is_clean():
    proc = _run(str(BIN / "ruff"), "check", "--no-cache", "firmware_host", "display", "tools", "tests")
    assert proc.returncode == 0, proc.stdout[-4000:]


@pytest.mark.slow
def test_mypy_is_clean():
    proc = _run(sys.executable, "-m", "mypy", "--no-incremental")
    assert proc.returncode == 0, proc.stdout[-4000:]
