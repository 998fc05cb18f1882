"""``table-companion screenshot``: every screen of a scripted game, rendered headless to PNG.

A seeded random Trajan game is entered through the same inputs a player uses
(:mod:`display.script`); the first time each screen (and each picker inside it) appears,
it is saved. Menus, the keyboard, the new-game form and the final views are added.
"""

from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path
from typing import Any, Callable

from firmware_host.data import load
from firmware_host.engine.trajan.play import random_event
from firmware_host.engine.trajan.state import TrajanSetup
from firmware_host.i18n import set_language
from firmware_host.journal import Journal

PLAYERS = (("red", "Anna"), ("green", "Bela"), ("blue", "Chen"), ("brown", "Dara"))


def screen_key(ctl) -> str:
    """A name for what is on screen: screen class, decision and draft mode."""
    active = ctl.active
    name = type(active).__name__.removesuffix("Screen").lower()
    if ctl.session is None or ctl.overlays:
        return name
    pending = ctl.session.state.pending
    parts = [name]
    if pending.kind == "action":
        parts.append(pending.action)
        mode = getattr(active, "mode", "")
        if mode:
            parts.append(mode + ("-pile" if getattr(active, "pile", None) else ""))
    if getattr(active, "bowl", None) is not None:
        parts.append("sowing")
    if pending.kind == "refill_bonus":
        parts.append("refill")
    return "-".join(parts)


class Shooter:
    """Saves what ``ctl`` shows as ``<out>/<prefix>NN-<key>.png``, the first time each key
    (``key(ctl)`` or the name given) appears. ``written``: the files, in order."""

    def __init__(self, out: Path, key: Callable[[Any], str], prefix: str = "") -> None:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        pygame.display.init()
        pygame.font.init()
        self.pygame = pygame
        self.surface = pygame.display.get_surface() or pygame.display.set_mode((800, 480))
        out.mkdir(parents=True, exist_ok=True)
        self.out, self.key, self.prefix = out, key, prefix
        self.seen: set[str] = set()
        self.written: list[Path] = []

    def __call__(self, ctl: Any, name: str | None = None) -> None:
        key = name or self.key(ctl)
        if key in self.seen:
            return
        self.seen.add(key)
        ctl.draw(self.surface)
        path = self.out / f"{self.prefix}{len(self.written):02d}-{key}.png"
        self.pygame.image.save(self.surface, str(path))
        self.written.append(path)


def render_all(out: Path, language: str = "en", seed: int = 11, games: int = 6) -> list[Path]:
    """Render every screen into ``out`` as ``NN-name.png`` (Trajan), ``chariot-NN-...`` and
    ``concordia-NN-...``; returns the files written."""
    from .controller import Controller
    from .chariot_race.screenshots import render_chariot
    from .concordia.screenshots import render_concordia
    from .script import inputs_for, run_line

    set_language(language)
    shot = Shooter(out, screen_key)

    with tempfile.TemporaryDirectory() as tmp:
        journal = Journal(Path(tmp) / "journal.db")
        ctl = Controller(journal, allow_quit=True)
        shot(ctl, "home")
        run_line(ctl, "tap new:trajan")
        shot(ctl, "new-game")
        run_line(ctl, "tap name:0")
        shot(ctl, "keyboard")
        run_line(ctl, "tap cancel")
        run_line(ctl, "tap cancel")
        rng = random.Random(seed)
        for g in range(games):
            setup = TrajanSetup(players=PLAYERS[: 4 - g % 3], board=load("trajan"),
                                demand_mode="table" if g % 2 == 0 else "companion", seed=seed + g)
            ctl.start_game("trajan", setup)
            while not ctl.session.state.over:
                event = random_event(ctl.session.game, rng)
                for line in inputs_for(ctl, event):
                    shot(ctl)
                    run_line(ctl, line)
            if g == 0:
                shot(ctl, "final-breakdown")
                for view in ("chart", "player:0"):
                    run_line(ctl, f"tap view:{view}")
                    shot(ctl, f"final-{view.replace(':0', '')}")
                run_line(ctl, "hold undo")
                shot(ctl, "menu")
                run_line(ctl, "tap games")
                shot(ctl, "saved-games")
                run_line(ctl, "tap close")
                run_line(ctl, "tap resume")
        journal.close()
    return shot.written + render_chariot(out) + render_concordia(out)
