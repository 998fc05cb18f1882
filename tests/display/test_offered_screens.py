"""Every option a screen offers can be carried out (issue 13, part 5).

At random points of random games of every registered game, each enabled widget of the
screen shown is tapped through the controller on a copy of the session; no tap may end in a
refusal (a ``RuleError`` message, or any message said as "bad"). A tap that only changes the
screen's draft (a picker opened, a card selected) is followed by the widgets it enables, a
few levels deep. The games' menu screens (the Correct screen) are tried the same way. The
screens take their options from the engine's legal moves
(``<game>.moves.legal_moves`` and ``choice_key``), so a refusal here is a screen offering
what the engine does not list, or an engine listing what its rules refuse.
"""

from __future__ import annotations

import random

import pytest

from display.controller import Controller
from display.games import display_for
from display.script import run_lines
from firmware_host.data import load
from firmware_host.games import GAMES
from firmware_host.session import Session

CHROME = {"menu", "undo"}
DEPTH = 3               # taps in a row that only change the draft
FOLLOW = 6              # widgets followed after a draft change (sampled)


def copy_of(ctl: Controller) -> Controller:
    """A controller on a copy of ``ctl``'s session (no journal), on the same screen."""
    src = ctl.session
    assert src is not None
    game = src.game.copy()
    session = Session.__new__(Session)
    session.name, session.setup, session.journal, session.rules = src.name, src.setup, None, src.rules
    session.game, session.game_id = game, None
    out = Controller(None)
    out.session = session
    out.refresh()
    return out


def offered(ctl: Controller) -> list[str]:
    return [w.id for w in ctl.active.widgets() if w.enabled and w.id not in CHROME]


def refusals(ctl: Controller, rng: random.Random, opened: tuple[str, ...] = ()) -> list[str]:
    """Each enabled widget path (from the screen shown after the script lines ``opened``)
    whose last tap is refused."""
    start = copy_of(ctl)
    run_lines(start, opened)
    found: list[str] = []
    paths: list[tuple[str, ...]] = [(wid,) for wid in offered(start)]
    while paths:
        path = paths.pop()
        c = copy_of(ctl)
        run_lines(c, opened)
        events = len(c.session.game.events)
        for wid in path[:-1]:
            c.tap(wid)
        screen = c.active
        c.tap(path[-1])
        if c.message_level == "bad":
            found.append(f"{type(screen).__name__} {' > '.join(path)}: {c.message}")
            continue
        moved = len(c.session.game.events) != events
        if not moved and c.active is screen and len(path) < DEPTH:
            more = [w for w in offered(c) if w not in path]
            paths += [path + (w,) for w in rng.sample(more, min(FOLLOW, len(more)))]
    return found


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_option_offered_is_accepted(name):
    plugin = GAMES[name]
    rng = random.Random(13)
    counts = sorted(plugin.players)
    problems: list[str] = []
    kinds: set[str] = set()
    for players in (counts[0], counts[len(counts) // 2], counts[-1]):
        ctl = Controller(None)
        ctl.start_game(name, plugin.demo_setup(players, rng, load(plugin.data)))
        session = ctl.session
        assert session is not None
        checks = 0
        while not session.state.over and checks < 40:
            kind = session.state.pending.kind
            if kind not in kinds or rng.random() < 0.05:
                kinds.add(kind)
                checks += 1
                problems += [f"{name} {players}p move {len(session.game.events)} ({kind}): {p}"
                             for p in refusals(ctl, rng)]
                menu = display_for(name).menu_actions if checks % 6 == 1 else ()
                for wid, _label, _screen in menu:                                   # the Correct screen
                    problems += [f"{name} {players}p move {len(session.game.events)} (menu {wid}): {p}"
                                 for p in refusals(ctl, rng, ("hold undo", f"tap game:{wid}"))]
            session.game.apply(plugin.random_move(session.game, rng))
            ctl.refresh()
    assert problems == []
    assert kinds >= set(plugin.decisions) - {"game_over", "race_over"} - _rare(name)


def _rare(name: str) -> set[str]:
    """Decisions a few random games may not meet (tested through the screens elsewhere)."""
    return {"concordia": {"keep_goods", "tribune"}, "chariot_race": {"pick_sheet", "place_chariot", "start_spaces"},
            "trajan": {"reveal_demand"}}.get(name, set())
