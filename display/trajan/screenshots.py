"""Every Trajan screen rendered headless to PNG (``table-companion screenshot``): the home
screen, the new-game form and its keyboard, then seeded random games of 2 to 4 players
entered through the taps and presses a table makes (:mod:`.script`), the final views, the
menu and the saved games."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from firmware_host.data import load
from firmware_host.engine.trajan.play import random_event
from firmware_host.engine.trajan.state import TrajanSetup
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


def render_trajan(out: Path, seed: int = 11, games: int = 6) -> list[Path]:
    """Render the home screen, the menus and every Trajan screen into ``out`` as
    ``NN-name.png``; returns the files written."""
    from ..controller import Controller
    from ..screenshots import Shooter
    from ..script import run_line
    from .script import inputs_for

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
            assert ctl.session is not None  # started: the journal cannot refuse it
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
    return shot.written
