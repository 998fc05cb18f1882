"""Trajan events: every move the table makes, as recorded in the journal.

Each event answers the game's current :class:`~.state.Pending` decision; its docstring names
that decision and the rule. Bowls are 0..5 clockwise from the bowl beside slot I.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import Event, EventCodec

# ----------------------------------------------------------------- setup (T-SETUP)

@dataclass(frozen=True)
class PlaceStartMarkers(Event):
    """``setup_markers``: the 12 action markers, 2 per bowl (``bowls``: 6 pairs of colours). T-SETUP-9."""

    kind = "place_start_markers"
    player: int
    bowls: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class DrawBonusTile(Event):
    """``setup_bonus`` / ``refill_bonus``: the bonus tile drawn from the bag. T-SETUP-14, T-QUARTER-3b."""

    kind = "draw_bonus_tile"
    tile: str


@dataclass(frozen=True)
class TakeStartingCards(Event):
    """``setup_cards``: where the player's 3 goods cards came from. T-SETUP-16."""

    kind = "take_starting_cards"
    player: int
    from_draw: int = 3
    from_a: int = 0
    from_b: int = 0


@dataclass(frozen=True)
class TakeStartingTrajanTiles(Event):
    """``setup_trajan``: 3 Trajan tiles from 3 different piles for slots II, IV and VI. T-SETUP-17."""

    kind = "take_starting_trajan_tiles"
    player: int
    tiles: tuple[str, str, str]


# ----------------------------------------------------------------- the turn (T-TURN)

@dataclass(frozen=True)
class Sow(Event):
    """``bowl``: empty ``bowl`` and sow its markers clockwise in the order ``colours``. T-TURN-2..5."""

    kind = "sow"
    bowl: int
    colours: tuple[str, ...]


@dataclass(frozen=True)
class TrajanTileAction(Event):
    """``trajan_special``: carry out (``use``) or decline the completed tile's special action;
    ``action`` is the [+2] space chosen for a [+2] tile. T-TT-5, T-AMB-5."""

    kind = "trajan_tile_action"
    use: bool
    action: str = ""


@dataclass(frozen=True)
class SkipAction(Event):
    """``action``: do not take the offered action (actions are optional, T-ACT)."""

    kind = "skip_action"


@dataclass(frozen=True)
class SeaportDraw(Event):
    """Seaport: draw 2 cards, then discard 1 onto discard pile ``discard_to`` (A/B). T-HARB-1."""

    kind = "seaport_draw"
    discard_to: str = "A"


@dataclass(frozen=True)
class SeaportTake(Event):
    """Seaport: take the top card of discard pile ``pile`` (A/B). T-HARB-2."""

    kind = "seaport_take"
    pile: str = "A"


@dataclass(frozen=True)
class SeaportDisplay(Event):
    """Seaport: play 1 or 2 cards (their goods types) to the display and draw as many. T-HARB-3."""

    kind = "seaport_display"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class SeaportShip(Event):
    """Seaport: load ``ship`` (same/pairs/diff) with ``cards`` (goods types) and ``jokers``
    goods-joker forum tiles. T-HARB-4, T-SHIP, T-FTILE-GOODSJOKER."""

    kind = "seaport_ship"
    ship: str
    cards: tuple[str, ...]
    jokers: int = 0


@dataclass(frozen=True)
class ForumTake(Event):
    """Forum: take ``tile`` (a forum-tile kind, or ``extra:<action>``) from a ``green`` or
    ``yellow`` space. T-FORUM-1."""

    kind = "forum_take"
    tile: str
    space: str = "green"


@dataclass(frozen=True)
class Recruit(Event):
    """Military: a figure from supply to the military camp. T-MIL-1."""

    kind = "recruit"


@dataclass(frozen=True)
class March(Event):
    """Military: commander to the adjacent ``province``; ``tile`` is the forum tile found there
    (empty if none). T-MIL-2."""

    kind = "march"
    province: str
    tile: str = ""


@dataclass(frozen=True)
class Deploy(Event):
    """Military: a legionary from the camp to the commander's province. T-MIL-3."""

    kind = "deploy"


@dataclass(frozen=True)
class TakeTrajanTile(Event):
    """Trajan: the top ``tile`` of a pile onto the arch's slot. T-TRAJ-1..3."""

    kind = "take_trajan_tile"
    tile: str


@dataclass(frozen=True)
class SenateAdvance(Event):
    """Senate: the disc one space forward. T-SEN-1..2."""

    kind = "senate_advance"


@dataclass(frozen=True)
class Hire(Event):
    """Construction: a figure from supply to the worker camp. T-BUILD-1."""

    kind = "hire"


@dataclass(frozen=True)
class Build(Event):
    """Construction: a worker from the camp onto ``space``; ``tile`` is the construction tile
    lying there (empty if a worker already took it). T-BUILD-2."""

    kind = "build"
    space: int
    tile: str = ""


@dataclass(frozen=True)
class UseExtraAction(Event):
    """``extra``: discard an extra-action tile (``tile`` = ``extra`` or ``extra_joker``) to repeat
    ``action``. T-EXTRA-1..6."""

    kind = "use_extra_action"
    action: str
    tile: str = "extra"


@dataclass(frozen=True)
class EndTurn(Event):
    """``extra``: end the turn without an extra action."""

    kind = "end_turn"


# ----------------------------------------------------------------- round and quarter end

@dataclass(frozen=True)
class RevealDemand(Event):
    """``reveal_demand``: the demand tile turned up at the table. T-ROUND-2."""

    kind = "reveal_demand"
    demand: str


@dataclass(frozen=True)
class FulfilDemands(Event):
    """``demands``: what ``player`` uses for each face-up demand, in order: ``trajan`` (a kept
    demand Trajan tile), ``forum`` (a forum demand tile), ``joker`` (a demand joker) or ``""``
    (unmet). T-QUARTER-1."""

    kind = "fulfil_demands"
    player: int
    items: tuple[str, ...]


@dataclass(frozen=True)
class ChooseBonusTile(Event):
    """``consul``: the consul's pick of the senate's bonus tiles. T-QUARTER-2c."""

    kind = "choose_bonus_tile"
    tile: str


CODEC = EventCodec([
    PlaceStartMarkers, DrawBonusTile, TakeStartingCards, TakeStartingTrajanTiles,
    Sow, TrajanTileAction, SkipAction, SeaportDraw, SeaportTake, SeaportDisplay, SeaportShip,
    ForumTake, Recruit, March, Deploy, TakeTrajanTile, SenateAdvance, Hire, Build,
    UseExtraAction, EndTurn, RevealDemand, FulfilDemands, ChooseBonusTile,
])

# Which action each action event belongs to (T-ACT).
ACTION_OF = {
    SeaportDraw: "seaport", SeaportTake: "seaport", SeaportDisplay: "seaport",
    SeaportShip: "seaport", ForumTake: "forum", Recruit: "military", March: "military",
    Deploy: "military", TakeTrajanTile: "trajan", SenateAdvance: "senate", Hire: "construction",
    Build: "construction",
}
