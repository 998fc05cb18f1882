"""``table-companion screenshot``: every screen of every game, rendered headless to PNG.

Each game's display plays scripted games through the same inputs a player uses
(:mod:`display.script`) and saves each screen (and each picker inside it) the first time it
appears, with a :class:`Shooter` (``GameDisplay.screenshots``).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from firmware_host.games import GAMES
from firmware_host.i18n import set_language


def screen_name(ctl: Any) -> str:
    """A name for what is on screen in any game: the game, the screen class, the decision
    and the screen's mode (each game's screenshots name theirs in more detail)."""
    active = ctl.active
    parts = [ctl.session.name if ctl.session else "", type(active).__name__]
    if ctl.session is not None and not ctl.overlays:
        pending = ctl.session.state.pending
        parts += [pending.kind, getattr(pending, "action", ""), str(getattr(active, "mode", "") or "")]
    return ":".join(p for p in parts if p)


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


def render_all(out: Path, language: str = "en") -> list[Path]:
    """Render every screen of every registered game into ``out``, in ``language``; returns
    the files written (each game names its own: ``NN-name.png``, ``chariot-NN-...``)."""
    from .games import display_for

    set_language(language)
    written: list[Path] = []
    for game in GAMES:
        written += display_for(game).screenshots(out)
    return written
