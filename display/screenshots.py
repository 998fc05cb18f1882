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
    written += render_between_games(out)
    return written


EVENING = ("Anna", "Bela", "Chen", "Dara", "Emil")


def _named(setup: Any, names: tuple[str, ...]) -> Any:
    """``setup`` with its seats named ``names`` (a seat is a name, or ``(colour, name)``)."""
    import dataclasses

    players = tuple(n if isinstance(p, str) else (*p[:-1], n) for p, n in zip(setup.players, names))
    return dataclasses.replace(setup, players=players)


def render_between_games(out: Path, seed: int = 3) -> list[Path]:
    """The screens between games (``between-NN-<name>.png``): a random game of each
    registered game played by five friends, one more left unfinished, then the players,
    the seat picker, the history, a played game, its share code, the statistics and the USB
    export. Returns the files written."""
    import random
    import tempfile

    from firmware_host.data import load
    from firmware_host.games import plugin
    from firmware_host.journal import Journal
    from firmware_host.tags import TagRegistry

    from .controller import Controller
    from .script import run_line, run_lines

    shot = Shooter(out, screen_name, "between-")
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        journal = Journal(Path(tmp) / "journal.db")
        ctl = Controller(journal, tags=TagRegistry(Path(tmp) / "tags.db"))
        games = list(GAMES)
        for name in EVENING:            # picked at the set-up, as the picker makes them profiles
            ctl.players.ensure(name)
        for k, game in enumerate(games + games[:1]):
            p = plugin(game)
            count = max(n for n in p.players if n <= 4 + k % 2)
            ctl.start_game(game, _named(p.demo_setup(count, rng, load(p.data)), EVENING[k % 2:][:count]))
            assert ctl.session is not None      # started: the journal cannot refuse it
            moves = 0 if k < len(games) else 12         # the last one is left unfinished
            while not ctl.session.state.over and (moves == 0 or len(ctl.session.game.events) < moves):
                ctl.submit(p.random_move(ctl.session.game, rng))
            ctl.close_game()
        players = ctl.players
        anna = players.by_name("Anna")
        players.set_colour(anna.id, "red")
        players.set_token(anna.id, "04a1b2c3d4e5f6")
        shot(ctl, "home")
        run_lines(ctl, ["tap players"])
        shot(ctl, "players")
        run_line(ctl, f"tap player:{anna.id}")
        shot(ctl, "player")
        run_lines(ctl, ["tap back", "tap cancel"])
        run_lines(ctl, [f"tap new:{games[0]}", "tap name:0"])
        shot(ctl, "pick-player")
        run_lines(ctl, ["tap cancel", "tap cancel", "tap games"])
        shot(ctl, "history")
        run_line(ctl, "tap tab:unfinished")
        shot(ctl, "history-unfinished")
        run_line(ctl, "tap tab:finished")
        finished = [b.id for b in ctl.active.widgets() if b.id.startswith("played:")]
        run_line(ctl, f"tap {finished[-1]}")
        shot(ctl, "played")
        run_line(ctl, "tap share")
        shot(ctl, "share")
        run_lines(ctl, ["tap close", "tap close", "tap stats"])
        shot(ctl, "stats-table")
        run_line(ctl, "tap view:h2h")
        shot(ctl, "stats-head-to-head")
        run_line(ctl, "tap view:player")
        shot(ctl, "stats-player")
        for game in games:
            run_line(ctl, f"tap game:{game}")
            shot(ctl, f"stats-player-{game}")
        run_line(ctl, "tap close")
        from .usb import UsbScreen
        ctl.push(UsbScreen(ctl))            # (no stick here: the screen says so)
        shot(ctl, "usb-no-stick")
        journal.close()
    return shot.written
