"""Each game's screens, found through its plugin (``GamePlugin.display`` names the display
package, which defines ``DISPLAY``, a :class:`GameDisplay`). Generic screens loop over
:data:`firmware_host.games.GAMES` and ask here; they name no game."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from firmware_host.data import load
from firmware_host.engine.core import Event
from firmware_host.games import GAMES, plugin

from .ui import Screen


@dataclass(frozen=True)
class GameDisplay:
    """What a game's display package provides.

    - ``new_game``: the new-game form (a :class:`~display.ui.Screen` class).
    - ``screens``: decision kind -> screen class; one for every ``GamePlugin.decisions``.
    - ``inputs_for(ctl, event) -> [line]``: the taps and presses (``tap <id>``, ``press
      <button>``, ``tag <uid>``; :mod:`display.script`) a table makes for ``event`` on the
      screen now shown; raises ``ValueError`` for a move the screens cannot make.
    - ``tag_titles``: tag kind -> its title (``N_``-marked); ``tag_label(kind, value)``:
      what a tag value is called (translated).
    - ``screenshots(out) -> [path]``: every screen of scripted games saved as PNG into
      ``out`` (``table-companion screenshot``; :class:`display.screenshots.Shooter`).
    - ``home_actions``: extra buttons on the home screen, ``(id, N_ label, screen class)``.
    - ``menu_actions``: extra buttons in the menu while a game of this kind is open, ``(id,
      N_ label, screen class)``; the screen is opened over the game (the Correct screen).
    - ``canonical(event, board) -> event``: the move as the screens send it (an order the
      screens fix where the rules do not care); identity by default.
    """

    new_game: type[Screen]
    screens: Mapping[str, type[Screen]]
    inputs_for: Callable[[Any, Event], list[str]]
    tag_titles: dict[str, str]
    tag_label: Callable[[str, str], str]
    screenshots: Callable[[Path], list[Path]]
    home_actions: tuple[tuple[str, str, type[Screen]], ...] = ()
    menu_actions: tuple[tuple[str, str, type[Screen]], ...] = ()
    canonical: Callable[[Event, Any], Event] = field(default=lambda event, board: event)

    def screen_for(self, ctl: Any) -> Screen:
        """The screen for the open game's pending decision."""
        return self.screens[ctl.session.state.pending.kind](ctl)


def display_for(game: str) -> GameDisplay:
    """The display of ``game`` (a journal name). Raises ``KeyError`` for an unknown game."""
    return importlib.import_module(plugin(game).display).DISPLAY


def title(game: str) -> str:
    """The game's title, untranslated (``N_``-marked); an unknown game shows its name."""
    return GAMES[game].title if game in GAMES else game


def tag_kinds(game: str) -> dict[str, list[tuple[str, str]]]:
    """What can carry an NFC tag in ``game``: ``{kind: [(value, label), ...]}``, values in the
    engine's names, labels translated."""
    p, d = plugin(game), display_for(game)
    return {kind: [(v, d.tag_label(kind, v)) for v in values] for kind, values in p.tag_kinds(load(p.data)).items()}
