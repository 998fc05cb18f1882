"""Concordia events: every move the table makes, as recorded in the journal.

Each event answers the game's current :class:`~.state.Pending` decision; its docstring names
that decision and the rule. Goods are ``brick``/``food``/``tools``/``wine``/``cloth``; cards
are card-kind ids of the board data; cities and provinces are the map's ids.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import Event, EventCodec, field_checks


@dataclass(frozen=True)
class RevealCard(Event):
    """``reveal_card``: the card turned up from the stack into the pending display space
    (the companion knows which deck it comes from). C-NIS-5."""

    kind = "reveal_card"
    card: str


@dataclass(frozen=True)
class PlayCard(Event):
    """``play``: the card the player plays from hand. C-TURN-2, C-TURN-3."""

    kind = "play_card"
    card: str


@dataclass(frozen=True)
class BuyColonist(Event):
    """``tribune``: pay 1 food + 1 tool and put a ``land`` or ``sea`` colonist from the
    storehouse into Roma. C-CARD-TRIBUNE-2."""

    kind = "buy_colonist"
    colonist: str


@dataclass(frozen=True)
class BuildHouse(Event):
    """``architect``: a house in ``city``. ``good`` is the good on the city's token, needed
    only the first time anyone builds there (the companion remembers it). C-CARD-ARCHITECT-2,
    C-NIS-6."""

    kind = "build_house"
    city: str
    good: str = ""


@dataclass(frozen=True)
class Produce(Event):
    """``prefect``: ``province`` produces. ``bonus_good`` is the good on its bonus marker,
    needed only when the companion cannot tell it from the cities it knows. C-CARD-PREFECT-1."""

    kind = "produce"
    province: str
    bonus_good: str = ""


@dataclass(frozen=True)
class PrefectCash(Event):
    """``prefect``: the cash bonus instead of production. C-CARD-PREFECT-2."""

    kind = "prefect_cash"


@dataclass(frozen=True)
class PlaceColonists(Event):
    """``colonist``: new colonists from the storehouse to Roma or own cities, 1 food + 1 tool
    each. C-CARD-COLONIST-1."""

    kind = "place_colonists"
    land: int = 0
    sea: int = 0


@dataclass(frozen=True)
class ColonistCash(Event):
    """``colonist``: 5 sestertii + 1 per own colonist on the board. C-CARD-COLONIST-2."""

    kind = "colonist_cash"


@dataclass(frozen=True)
class Trade(Event):
    """``mercator``: ``(good, units)`` pairs, units > 0 bought, < 0 sold; at most two goods
    types, each once. C-CARD-MERCATOR-2, C-AMB-5."""

    kind = "trade"
    changes: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class CopyCard(Event):
    """``diplomat``: copy the top card of seat ``player``'s discard pile. C-CARD-DIPLOMAT-1/2."""

    kind = "copy_card"
    player: int


@dataclass(frozen=True)
class BuyCard(Event):
    """``buy``: the card on display space ``slot`` (0 = cheapest). ``any_goods`` pays the
    space's "any good" surcharge, one good per "any". C-CARD-SENATOR-1, C-CARD-CONSUL-1, C-NIS-5."""

    kind = "buy_card"
    slot: int
    any_goods: tuple[str, ...] = ()


@dataclass(frozen=True)
class KeepGoods(Event):
    """``keep_goods``: the produced goods the player keeps (one entry per unit), as many as
    fit in the storehouse; the rest go back to the bank. C-NIS-2."""

    kind = "keep_goods"
    goods: tuple[str, ...]


@dataclass(frozen=True)
class Done(Event):
    """``tribune`` / ``architect`` / ``mercator`` / ``buy``: nothing (more) of the optional part."""

    kind = "done"


CODEC = EventCodec([
    RevealCard, PlayCard, BuyColonist, BuildHouse, Produce, PrefectCash, PlaceColonists,
    ColonistCash, Trade, CopyCard, BuyCard, KeepGoods, Done,
])


def malformed_field(event: Event) -> str | None:
    """The name of the first field whose value does not have its declared type, or ``None``.

    Every event is checked when it is made (:class:`~..core.Event`, :class:`~..core.FieldError`),
    so this finds nothing in an event made the normal way; the rules keep it as a guard
    against an object built around its constructor (``object.__new__``, ``copy.replace``).
    """
    for name, _hint, check in field_checks(type(event)):
        if not check(getattr(event, name)):
            return name
    return None


# ----------------------------------------------------------------- corrections (C-CORR, docs/corrections.md)

@dataclass(frozen=True)
class CorrectPlayer(Event):
    """At any decision before the end: what the table counted again for seat ``player``.
    ``item`` names what is set to ``value``: ``money`` (sestertii; ``key`` empty), ``goods``
    (units of good ``key`` in the storehouse), ``colonists`` (colonists of kind ``key``,
    land or sea, on the board; the rest are in the storehouse) or ``hand`` (cards of kind
    ``key`` in the hand; the difference comes from or goes onto the player's own discard
    pile). C-CORR-1, C-CORR-2."""

    kind = "correct_player"
    player: int
    item: str
    key: str
    value: int


CODEC = EventCodec([*CODEC.by_kind.values(), CorrectPlayer])
