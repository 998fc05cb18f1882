"""Every Chariot Race screen rendered headless to PNG (``table-companion screenshot`` calls
:func:`render_chariot` after Trajan's screens).

The new-game form is filled in, then seeded random races (white sheets on track A with dice
entered at the table, black sheets on track B with the companion rolling, six players) are
entered through the same taps and presses a table makes (:func:`.script.inputs_for`); the
first time each screen, draft and warning appears, it is saved as ``chariot-NN-<name>.png``.
"""

from __future__ import annotations

import random
from pathlib import Path

from firmware_host.data import load
from firmware_host.engine.chariot_race import ChariotRaceSetup
from firmware_host.engine.chariot_race.play import random_event

from .common import wreck_ahead

NAMES = ("Ann", "Ben", "Cai", "Dora", "Eli", "Fay")


def races() -> list[ChariotRaceSetup]:
    """The scripted races."""
    board = load("chariot_race")
    return [
        ChariotRaceSetup(players=NAMES[:2], board=board, seed=3,
                         chariots=(("green", 0), ("yellow", 0), ("blue", 1), ("purple", 1))),
        ChariotRaceSetup(players=NAMES[:3], board=board, sheets="black", track="B", no_damage_after_finish=True,
                         dice="companion", seed=5),
        ChariotRaceSetup(players=NAMES, board=board, seed=8, track="B",
                         chariots=tuple((c, k) for k, c in enumerate(("red", "black", "green", "yellow", "blue",
                                                                      "purple")))),
    ]


def screen_key(ctl) -> str:
    """A name for what is on screen: screen class, draft mode and what it warns about."""
    active = ctl.active
    parts = [type(active).__name__.removesuffix("Screen").lower()]
    if ctl.session is None or ctl.overlays:
        return parts[0]
    s = ctl.session.state
    mode = getattr(active, "mode", "")
    if mode:
        parts.append(mode)
    if getattr(active, "selected", None) and not mode:
        parts.append("selected")
    c = s.active()
    if s.pending.kind == "move" and c is not None and wreck_ahead(ctl.session.rules, s, c)[2]:
        parts.append("wreck-warning")
    if s.pending.kind == "speed" and c is not None:
        after = active.preview(active.event())
        if after is not None and wreck_ahead(ctl.session.rules, after, after.by_colour(c.colour))[2]:
            parts.append("wreck-warning")
    if s.pending.kind == "roll" and c is not None and ctl.session.rules.starting_speed(s, c.colour) != c.speed:
        parts.append("speed-drops")
    if s.pending.kind == "move" and s.turn is not None and s.turn.ended_on:
        parts.append("ended-on")
    return "-".join(parts)


def _menu_screens(ctl, shot) -> None:
    """The menu in a race, its move log, and the correction screen with a drafted and a
    refused correction; back to the race as it was."""
    from ..script import run_line

    ctl.open_menu()
    shot(ctl, "menu")
    run_line(ctl, "tap log")
    shot(ctl, "movelog")
    run_line(ctl, "tap close")
    run_line(ctl, "tap game:correct")
    shot(ctl, "correct")
    run_line(ctl, "tap item:lane")
    run_line(ctl, "tap plus")
    shot(ctl, "correct-lane")
    for _k in range(3):
        run_line(ctl, "tap minus")
    shot(ctl, "correct-refused")
    run_line(ctl, "tap back")
    ctl.pop()


def render_chariot(out: Path, seed: int = 7) -> list[Path]:
    """Render every Chariot Race screen into ``out``; returns the files written."""
    from ..controller import Controller
    from ..screenshots import Shooter
    from ..script import run_line
    from .script import inputs_for

    shot = Shooter(out, screen_key, "chariot-")

    ctl = Controller(None)
    run_line(ctl, "tap new:chariot_race")
    shot(ctl, "new-game")
    for line in ("tap count:3", "tap colour:1", "tap up:2", "tap track:B", "tap dice:companion", "tap nodamage"):
        run_line(ctl, line)
    shot(ctl, "new-game-3-players")
    run_line(ctl, "tap sheets:black")
    run_line(ctl, "tap count:6")
    shot(ctl, "new-game-black-6")
    run_line(ctl, "tap cancel")
    rng = random.Random(seed)
    for setup in races():
        ctl.start_game("chariot_race", setup)
        assert ctl.session is not None  # started: the journal cannot refuse it
        while not ctl.session.state.over:
            event = random_event(ctl.session.game, rng)
            for line in inputs_for(ctl, event):
                shot(ctl)
                run_line(ctl, line)
            if len(ctl.session.game.events) == 40 and "correct" not in shot.seen:
                _menu_screens(ctl, shot)
        shot(ctl, "podium" if ctl.session.state.winner is not None else "podium-nobody")
        ctl.close_game()
    return shot.written
