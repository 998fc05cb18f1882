"""What a screen may offer: the moves the engine lists now.

Each game's ``moves.py`` lists the legal moves of the pending decision (``legal_moves``) and
names the screen-level choice a move makes (``choice_key``); a screen enables an option
exactly when its move's key is listed, so every option on screen can be carried out and no
screen repeats a rule. Generic: the game's two functions are passed in.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any

from firmware_host.engine.core import Event

LegalMoves = Callable[[Any, Any], list[Event]]
ChoiceKey = Callable[[Any, Any, Event], Hashable]


class Offers:
    """The legal moves of ``state`` (``legal_moves(rules, state)``), asked by choice:
    ``event in offers`` is true when ``event`` makes a choice the engine lists (its free
    parameters aside, see each game's ``choice_key``)."""

    def __init__(self, rules: Any, state: Any, legal_moves: LegalMoves, choice_key: ChoiceKey) -> None:
        self.rules, self.state = rules, state
        self.choice_key = choice_key
        self.moves = legal_moves(rules, state)
        self.keys = {choice_key(rules, state, m) for m in self.moves}

    def __contains__(self, event: object) -> bool:
        return isinstance(event, Event) and self.choice_key(self.rules, self.state, event) in self.keys

    def any(self, events: Iterable[Event]) -> bool:
        """Whether one of ``events`` is offered."""
        return any(e in self for e in events)

    def of(self, cls: type[Event]) -> list[Any]:
        """The listed moves of class ``cls``, in the engine's order."""
        return [m for m in self.moves if isinstance(m, cls)]


class OffersCache:
    """One :class:`Offers` per state object: a screen asks many times while it is shown, and a
    new state (a move, an undo) is a new object."""

    def __init__(self, legal_moves: LegalMoves, choice_key: ChoiceKey) -> None:
        self.legal_moves, self.choice_key = legal_moves, choice_key
        self._for: Any = None
        self._offers: Offers | None = None

    def get(self, rules: Any, state: Any) -> Offers:
        if self._offers is None or self._for is not state:
            self._offers = Offers(rules, state, self.legal_moves, self.choice_key)
            self._for = state
        return self._offers
