"""Concordia game state: plain, picklable data. The rules live in ``rules.py``.

Players by seat: 0 = start player, then clockwise (C-TURN-1). Cards are card-kind ids from
the board data (``"prefect"``, ``"mercator_market"``...); display spaces 0..6, cheapest first.
What happens on the map stays on the table: the companion keeps where houses stand (city,
its good, its province), how many colonists each player has on the board, and nothing of
the routes.
"""

from __future__ import annotations

import typing
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias

from ..core import JsonSetup


@dataclass(frozen=True)
class ConcordiaSetup(JsonSetup):
    """How a game starts. ``players``: ``(colour, name)`` per seat, start player first.

    ``map``: ``"imperium"`` or ``"italia"``. ``market_mode``: ``"table"`` (each card turned
    up into the display at the table is recorded, C-NIS-5) or ``"companion"`` (the
    companion draws from the decks with ``seed``). ``vesta_per_card``: C-AMB-1 (True = per
    Vesta card, the ruling). ``praefectus_passes``: C-AMB-6, ``"right"`` (counter-clockwise,
    the ruling) or ``"left"``. ``board``: the board-data dict (``data/concordia.toml``).
    """

    players: tuple[tuple[str, str], ...]
    board: dict[str, Any]
    map: str = "imperium"
    market_mode: str = "table"
    vesta_per_card: bool = True
    praefectus_passes: str = "right"
    seed: int = 0



@dataclass
class PlayerState:
    colour: str
    name: str
    money: int = 0
    goods: Counter = field(default_factory=Counter)          # good -> units in the storehouse
    colonists_store: dict[str, int] = field(default_factory=dict)   # land/sea -> in the storehouse
    colonists_board: dict[str, int] = field(default_factory=dict)   # land/sea -> on the board
    houses: list[str] = field(default_factory=list)          # cities, in building order
    hand: Counter = field(default_factory=Counter)           # card kind -> cards in hand
    discard: list[str] = field(default_factory=list)         # played cards, last = top (C-TURN-3)
    arriving: Counter = field(default_factory=Counter)       # produced goods that do not all fit

    def on_board(self) -> int:
        """Colonists on the board (Architect steps C-AMB-3, Colonist cash, Mars)."""
        return sum(self.colonists_board.values())

    def used(self) -> int:
        """Storehouse spaces taken: goods and colonists not on the board (C-NIS-2)."""
        return sum(self.goods.values()) + sum(self.colonists_store.values())


Decision: TypeAlias = Literal[
    "reveal_card",
    "play",
    "tribune",
    "architect",
    "prefect",
    "colonist",
    "mercator",
    "diplomat",
    "buy",
    "keep_goods",
    "game_over",
]
"""Every decision a Concordia game can wait for: the values of :attr:`Pending.kind` (each
explained there).

Typed as a literal so that a checker catches a misspelt kind where a :class:`Pending` is
made; :data:`DECISIONS` lists them at run time (screens and scripts must cover each one).
"""

DECISIONS: tuple[str, ...] = typing.get_args(Decision)


@dataclass
class Pending:
    """The decision the game waits for.

    ``kind`` (a :data:`Decision`):
      - ``reveal_card``: which card was turned up into display space ``slot`` (table mode);
      - ``play``: ``player`` plays a card from hand (C-TURN-2);
      - ``tribune``: buy a colonist for Roma, or done (C-CARD-TRIBUNE-2);
      - ``architect``: build houses, or done; ``steps`` is the movement allowance, the
        colonists on the board (C-CARD-ARCHITECT-1, C-AMB-3);
      - ``prefect``: a province to produce, or the cash bonus (C-CARD-PREFECT-1/2);
      - ``colonist``: place colonists, or the cash (C-CARD-COLONIST-1/2);
      - ``mercator``: trade up to two goods types, or done (C-CARD-MERCATOR-2);
      - ``diplomat``: whose top discarded card to copy (C-CARD-DIPLOMAT-1);
      - ``buy``: a display card (``left`` more may be bought; ``surcharge`` False for the
        Consul), or done (C-CARD-SENATOR-1, C-CARD-CONSUL-1);
      - ``keep_goods``: which of the produced goods ``player`` keeps when they do not all fit
        (``fit`` of them fit);
      - ``game_over``.
    ``card`` is the card whose action is being carried out (the copied one for a Diplomat).
    """

    kind: Decision
    player: int | None = None
    card: str = ""
    steps: int = 0
    left: int = 0
    surcharge: bool = True
    slot: int = -1
    fit: int = 0


@dataclass
class TurnState:
    player: int
    card: str = ""                       # the card played from hand
    copied: str = ""                     # Diplomat: the card kind copied (C-CARD-DIPLOMAT-1)
    bought: int = 0                      # display cards bought this turn
    built: int = 0                       # houses built this turn
    keep: list[int] = field(default_factory=list)   # players still to choose goods to keep
    compacted: bool = False              # the display slid left after this turn's buying


@dataclass
class ConcordiaState:
    players: list[PlayerState]
    active: int = 0
    pending: Pending = field(default_factory=lambda: Pending("play", 0))
    turn: TurnState | None = None
    turns: int = 0                                       # turns completed
    display: list[tuple[str, str] | None] = field(default_factory=list)   # (deck, card) per space
    market_left: dict[str, list[str]] = field(default_factory=dict)       # deck -> cards not turned up
    draws: int = 0                                       # cards the companion drew (its RNG counter)
    city_good: dict[str, str] = field(default_factory=dict)       # city -> good, once known
    marker_good: dict[str, str] = field(default_factory=dict)     # province -> bonus marker good, once known
    marker_coins: dict[str, bool] = field(default_factory=dict)   # province -> coin side up
    houses: dict[str, list[int]] = field(default_factory=dict)    # city -> owners in building order
    praefectus: int = 0                                  # holder of the Praefectus Magnus
    concordia: int | None = None                         # holder of the Concordia card (C-END-2)
    final_turns_left: int = 0                            # C-END-3
    final: dict[str, Any] | None = None                  # the tally, once the game is over
    news: list[tuple[str, dict[str, Any]]] = field(default_factory=list)  # what the last move did

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def over(self) -> bool:
        return self.pending.kind == "game_over"

    @property
    def ending(self) -> bool:
        """The end is triggered: the final round is under way (C-END-3)."""
        return self.concordia is not None
