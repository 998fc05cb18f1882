"""Every Concordia screen rendered headless to PNG (``table-companion screenshot`` calls
:func:`render_concordia` after the other games' screens).

The home screen with the quick-tally button, the new-game form, the quick tally (every
page, then the tally in its three views), then seeded random games (2 players on Italia
with the display turned up at the table, 4 on Italia with the companion drawing, 5 on
Imperium; Imperium is for 3-5 players) entered through the taps and presses a table makes (:func:`.script.inputs_for`);
the first time each screen, draft and banner appears it is saved as
``concordia-NN-<name>.png``.
"""

from __future__ import annotations

import random
from pathlib import Path

from firmware_host.data import load
from firmware_host.engine.concordia import ConcordiaSetup
from firmware_host.engine.concordia.play import random_event

PLAYERS = (("red", "Aurelia"), ("green", "Brutus"), ("yellow", "Cassia"), ("blue", "Decimus"),
           ("black", "Egnatia"))

# The quick tally entered for the screenshots: Aurelia of the example in docs/concordia-tally.md,
# typed on the number pad (Jupiter 3, Saturnus 4, Mercurius 2, Mars 2; houses 2 4 2 2 1;
# 8 provinces, 6 colonists, 17 sestertii), then her specialists and goods tapped in.
QUICK_TYPED = [f"tap pad:{d}" for d in "3422" "24221" "86" "17"]
QUICK_ADDED = ["tap box:spec.farmer", "tap box:spec.weaver", "tap box:goods.food", "tap box:goods.wine",
               "tap box:goods.wine", "tap box:goods.cloth", "tap toggle:concordia"]


def games() -> list[ConcordiaSetup]:
    board = load("concordia")
    return [
        ConcordiaSetup(players=PLAYERS[:2], board=board, map="italia", market_mode="table", seed=31),
        ConcordiaSetup(players=PLAYERS[:4], board=board, map="italia", market_mode="companion", seed=32),
        ConcordiaSetup(players=PLAYERS, board=board, map="imperium", market_mode="table", seed=33),
    ]


def screen_key(ctl) -> str:
    """A name for what is on screen: screen class, open draft, and the final-round banner."""
    active = ctl.active
    parts = [type(active).__name__.removesuffix("Screen").lower()]
    if ctl.session is None or ctl.overlays:
        return parts[0]
    s = ctl.session.state
    for attr in ("city", "province", "slot", "selected"):
        if getattr(active, attr, None) is not None:
            parts.append(attr)
            break
    if getattr(active, "marker", ""):
        parts.append("marker")
    if getattr(active, "changes", None) or any(getattr(active, "counts", {}).values()):
        parts.append("draft")
    if s.ending and not s.over and s.pending.kind == "play":
        parts.append("final-round")
    return "-".join(parts)


def render_concordia(out: Path, seed: int = 5) -> list[Path]:
    """Render every Concordia screen into ``out``; returns the files written."""
    from ..controller import Controller
    from ..screenshots import Shooter
    from ..script import run_line, run_lines
    from .script import inputs_for

    shot = Shooter(out, screen_key, "concordia-")

    ctl = Controller(None)
    shot(ctl, "home")
    run_line(ctl, "tap new:concordia")
    shot(ctl, "new-game")
    run_lines(ctl, ["tap count:5", "tap colour:1", "tap up:3", "tap market:companion", "tap vesta",
                    "tap passes"])           # Italia is for 2-4 players: greyed out with 5
    shot(ctl, "new-game-5-options")
    run_line(ctl, "tap cancel")
    run_line(ctl, "tap action:concordia:quick_tally")
    shot(ctl, "quick-entry-empty")
    run_lines(ctl, QUICK_TYPED[:9])
    shot(ctl, "quick-entry-typing")
    run_lines(ctl, QUICK_TYPED[9:] + QUICK_ADDED)
    shot(ctl, "quick-entry")
    run_lines(ctl, ["tap add", "tap add", "tap add", "tap page:game"])
    shot(ctl, "quick-game-5-players")
    run_line(ctl, "tap tally")
    shot(ctl, "quick-tally-table")
    for view in ("chart", "player:0"):
        run_line(ctl, f"tap view:{view}")
        shot(ctl, f"quick-tally-{view.replace(':0', '')}")
    run_line(ctl, "tap close")
    rng = random.Random(seed)
    for setup in games():
        ctl.start_game("concordia", setup)
        assert ctl.session is not None  # started: the journal cannot refuse it
        while not ctl.session.state.over:
            event = random_event(ctl.session.game, rng)
            for line in inputs_for(ctl, event):
                shot(ctl)
                run_line(ctl, line)
        suffix = f"-{setup.map}-{len(setup.players)}p"
        shot(ctl, "final-table" + suffix)
        for view in ("chart", "player:0"):
            run_line(ctl, f"tap view:{view}")
            shot(ctl, f"final-{view.replace(':0', '')}{suffix}")
        ctl.close_game()
    return shot.written
