"""Input storms: thousands of random presses, holds, tag reads and touches against the companion
headless, mixed with the taps of legal moves so the game goes on and screens change under
the storm (design.md: bad input never changes state).

The storm drives :class:`~display.controller.Controller` exactly as the app's loop does: one
input through ``handle``, then a redraw if anything changed. Every move is journaled; after
every input the game must be legal (Trajan invariants) and the journal must hold exactly the
moves on screen; at the end every game in the journal must replay to what was kept live.
"""

from __future__ import annotations

import random
import string
import traceback
from collections import Counter, deque
from pathlib import Path
from typing import Any

from firmware_host.inputs import BUTTONS, ButtonHeld, ButtonPressed, DeviceStatus, TagRead, TextEntered, Touch

PLAYERS = (("red", "Anna"), ("green", "Bela"), ("blue", "Chen"), ("brown", "Dara"))


def _registry(board) -> Any:
    """A tag registry (in memory) with the tokens and tiles a table would have enrolled."""
    from firmware_host.tags import TagRegistry, TagThing

    registry = TagRegistry(":memory:")
    things = [("player", c) for c, _n in PLAYERS] + [("demand", d) for d in board.demand_kinds]
    things += [("bonus", b) for b in board.bonus_tiles]
    for k, (kind, value) in enumerate(things):
        registry.enroll(f"04a1{k:010x}", TagThing("trajan", kind, value))
    return registry, [f"04a1{k:010x}" for k in range(len(things))]


def _violations(session) -> list[str]:
    """The game's invariants (``firmware_host.engine.<game>.invariants``) on its state."""
    import importlib

    try:
        module = importlib.import_module(f"firmware_host.engine.{session.name}.invariants")
    except ImportError:
        return []
    return list(module.violations(session.rules, session.state))


class Storm:
    """One storm. ``surface``: a pygame surface to draw on; ``journal_path``: a fresh file."""

    def __init__(self, surface: Any, journal_path: Path, seed: int) -> None:
        from display.controller import Controller
        from firmware_host.data import load
        from firmware_host.engine.trajan.board import TrajanBoard
        from firmware_host.journal import Journal

        self.surface = surface
        self.rng = random.Random(seed)
        self.seed = seed
        self.journal = Journal(journal_path)
        self.registry, self.known_uids = _registry(TrajanBoard(load("trajan")))
        self.ctl = Controller(self.journal, tags=self.registry)
        self.plan: deque[str] = deque()          # lines of the legal move being entered
        self.counts: Counter = Counter()
        self.screens: set[str] = set()
        self.history: deque[str] = deque(maxlen=12)
        self.after_move = False

    # ------------------------------------------------------------------ inputs

    def random_input(self) -> Any:
        """A random input: touches (anywhere, or near a widget), button presses and holds,
        known and unknown tags (PN532 UIDs: 4, 7 or 10 bytes), typed text, a device coming and
        going."""
        r, ctl = self.rng, self.ctl
        roll = r.random()
        if roll < 0.25:
            return Touch(r.randrange(-20, 820), r.randrange(-20, 500))
        if roll < 0.55:
            widgets = ctl.active.widgets()
            if widgets:
                rect = r.choice(widgets).rect
                return Touch(rect.centerx + r.randint(-rect.width // 2, rect.width // 2),
                             rect.centery + r.randint(-rect.height // 2, rect.height // 2))
            return Touch(r.randrange(800), r.randrange(480))
        if roll < 0.78:
            return ButtonPressed(r.choice(BUTTONS))
        if roll < 0.83:
            return ButtonHeld(r.choice(BUTTONS))
        if roll < 0.90:
            return TagRead(r.choice(self.known_uids))
        if roll < 0.95:
            return TagRead("".join(r.choice("0123456789abcdef") for _ in range(r.choice([8, 14, 20]))))
        if roll < 0.98:
            return TextEntered("".join(r.choice(string.printable + "ابپ中文ő") for _ in range(r.randint(0, 6))))
        return DeviceStatus(r.choice(["nfc", "leds", "buttons"]), r.random() < 0.5, "")

    def _next_move_lines(self) -> None:
        """Queue the lines of a legal move, first bringing back a game screen without drafts:
        close overlays, reopen or start a game (the storm may have left it)."""
        from display.script import inputs_for
        from firmware_host.data import load
        from firmware_host.engine.trajan.play import random_event
        from firmware_host.engine.trajan.state import TrajanSetup

        ctl = self.ctl
        while ctl.overlays:
            ctl.pop()
        if ctl.session is None:
            gid = next((g for g, name, _c, finished, _n in self.journal.games()
                        if name == "trajan" and finished is None), None)
            if gid is not None:
                ctl.open_game(gid)
        # the storm may have started another game from the home screen: the script is Trajan's
        if ctl.session is None or ctl.session.name != "trajan" or ctl.session.state.over:
            n = len(self.journal.games())
            setup = TrajanSetup(players=PLAYERS[: 2 + n % 3], board=load("trajan"),
                                demand_mode="table" if n % 2 else "companion", seed=self.seed + n)
            ctl.start_game("trajan", setup)
            self.counts["games started"] += 1
        ctl.refresh()                              # the draft the storm left is dropped
        self.plan.extend(inputs_for(ctl, random_event(ctl.session.game, self.rng)))

    # ------------------------------------------------------------------ checks

    def check(self) -> list[str]:
        """What is wrong after an input: illegal state, or journal and screen disagreeing."""
        session = self.ctl.session
        if session is None:
            return []
        problems = _violations(session)
        journaled = self.journal.db.execute("SELECT COUNT(*) FROM events WHERE game_id = ?",
                                            (session.game_id,)).fetchone()[0]
        if journaled != len(session.game.events):
            problems.append(f"journal holds {journaled} moves, the screen {len(session.game.events)}")
        return problems

    def final_check(self) -> list[str]:
        """Every journaled game replays (and to the live state, for the open game)."""
        from firmware_host.session import Session

        problems = []
        for gid, *_rest in self.journal.games():
            try:
                resumed = Session.resume(self.journal, gid)
            except Exception as exc:  # noqa: BLE001 - any failure to replay is what we look for
                problems.append(f"game {gid} does not replay: {exc!r}")
                continue
            problems += [f"game {gid}: {v}" for v in _violations(resumed)]
            live = self.ctl.session
            if live is not None and live.game_id == gid and resumed.state != live.state:
                problems.append(f"game {gid}: the replay differs from the live state")
        return problems

    # ------------------------------------------------------------------ running

    def step(self) -> None:
        from display.screenshots import screen_name
        from display.script import run_line

        ctl = self.ctl
        moves_before = len(ctl.session.game.events) if ctl.session else None
        if self.plan:
            line = self.plan.popleft()
            self.history.append(line)
            run_line(ctl, line)
            self.counts["scripted inputs"] += 1
        elif self.rng.random() < 0.12:
            self._next_move_lines()
            return
        else:
            inp = self.random_input()
            self.history.append(repr(inp))
            ctl.handle(inp)
            self.counts["random inputs"] += 1
            self.counts[type(inp).__name__] += 1
            if self.after_move:
                self.counts["random inputs right after a move"] += 1
        moves_after = len(ctl.session.game.events) if ctl.session else None
        self.after_move = moves_after is not None and moves_after != moves_before
        if self.after_move and moves_before is not None:
            self.counts["moves made" if moves_after > moves_before else "moves taken back"] += 1
        if ctl.dirty:
            ctl.draw(self.surface)
            self.counts["frames drawn"] += 1
        self.screens.add(screen_name(ctl))

    def run(self, inputs: int) -> dict[str, Any]:
        """Handle ``inputs`` inputs; returns counts and ``failures`` (empty = all held)."""
        from display import text
        from firmware_host import i18n

        failures: list[str] = []
        handled = 0
        try:
            while handled < inputs and len(failures) < 5:
                before = self.counts["random inputs"] + self.counts["scripted inputs"]
                try:
                    self.step()
                except Exception:  # noqa: BLE001 - a crash is the finding; keep its story
                    failures.append(f"crash after {list(self.history)}:\n{traceback.format_exc()}")
                    self.plan.clear()
                handled += self.counts["random inputs"] + self.counts["scripted inputs"] - before
                try:
                    problems = self.check()
                except Exception:  # noqa: BLE001 - a state the invariants cannot even read
                    problems = [traceback.format_exc()]
                if problems:
                    failures.append(f"after {list(self.history)[-4:]}: {problems}")
            failures += self.final_check()
        finally:
            i18n.set_language("en")           # the storm may have switched languages in the menu
            text.clear_cache()
            self.journal.close()
        return {"inputs": handled, "failures": failures, "screens": len(self.screens),
                "counts": dict(sorted(self.counts.items()))}


def run_storm(inputs: int, journal_path: Path, seed: int = 1) -> dict[str, Any]:
    """A storm of ``inputs`` inputs on a headless 800x480 surface (see :class:`Storm`)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.get_surface() or pygame.display.set_mode((800, 480))
    return Storm(surface, journal_path, seed).run(inputs)
