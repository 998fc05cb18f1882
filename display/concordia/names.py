"""What players read for Concordia's ids (marked for translation; translated when drawn).

Province and city names are the map's own proper names (board data) and are shown as they
are; card, god, good and colour names go through the catalog.
"""

from __future__ import annotations

from firmware_host.engine.core import N_
from firmware_host.i18n import _, ngettext

COLOUR = {"red": N_("Red"), "green": N_("Green"), "yellow": N_("Yellow"), "blue": N_("Blue"),
          "black": N_("Black")}

GOOD = {"brick": N_("Brick"), "food": N_("Food"), "tools": N_("Tools"), "wine": N_("Wine"), "cloth": N_("Cloth")}

GOD = {"vesta": N_("Vesta"), "jupiter": N_("Jupiter"), "saturnus": N_("Saturnus"), "mercurius": N_("Mercurius"),
       "mars": N_("Mars"), "minerva": N_("Minerva"), "concordia": N_("Concordia card"), "track": N_("Score track")}

# What each god counts, as a short unit for the tally's working (C-GOD-*).
GOD_UNIT = {"vesta": N_("sestertii"), "jupiter": N_("houses"), "saturnus": N_("provinces"),
            "mercurius": N_("goods types"), "mars": N_("colonists"), "minerva": N_("cities")}

# Card ids of the board data; a card's full name tells the market variants apart.
CARD = {
    "tribune": N_("Tribune"), "architect": N_("Architect"), "prefect": N_("Prefect"), "mercator": N_("Mercator"),
    "mercator_market": N_("Mercator (market)"), "senator": N_("Senator"), "diplomat": N_("Diplomat"),
    "diplomat_saturnus": N_("Diplomat (Saturnus)"), "diplomat_mercurius": N_("Diplomat (Mercurius)"),
    "diplomat_mars": N_("Diplomat (Mars)"), "colonist": N_("Colonist"), "consul": N_("Consul"),
    "mason": N_("Mason"), "farmer": N_("Farmer"), "smith": N_("Smith"), "vintner": N_("Vintner"),
    "weaver": N_("Weaver"),
}

ACTION = {
    "tribune": N_("Tribune"), "architect": N_("Architect"), "prefect": N_("Prefect"), "colonist": N_("Colonist"),
    "mercator": N_("Mercator"), "diplomat": N_("Diplomat"), "senator": N_("Senator"), "consul": N_("Consul"),
    "specialist": N_("Specialist"),
}

MAP = {"imperium": N_("Imperium"), "italia": N_("Italia")}

COLONIST = {"land": N_("land"), "sea": N_("sea")}

# The engine's news and error messages carry goods, colonist kinds and pending decisions as
# parameters; the controller translates them, so those words are marked here for the catalog.
ENGINE_WORDS = (N_("brick"), N_("food"), N_("tools"), N_("wine"), N_("cloth"), N_("land"), N_("sea"),
                N_("play"), N_("keep goods"), N_("reveal card"))


def card(board, cid: str) -> str:
    """A personality card's name (translated); an unknown id falls back to the board data."""
    if cid in CARD:
        return _(CARD[cid])
    c = board.cards.get(cid)
    return c.name if c else cid


def good(g: str) -> str:
    return _(GOOD.get(g, g))


def goods_list(goods) -> str:
    """``{"brick": 1, "cloth": 2}`` or an iterable of goods -> "Brick + 2 Cloth" (translated)."""
    counts: dict[str, int] = {}
    if isinstance(goods, dict):
        counts = {g: k for g, k in goods.items() if k}
    else:
        for g in goods:
            counts[g] = counts.get(g, 0) + 1
    return " + ".join(good(g) if k == 1 else f"{k} {good(g)}" for g, k in counts.items())


def sestertii(n: int) -> str:
    """``1 sestertius``, ``5 sestertii`` (translated)."""
    return ngettext("{n} sestertius", "{n} sestertii", n).format(n=n)


def cards(n: int) -> str:
    """``1 card``, ``3 cards`` (translated)."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def colour(c: str) -> str:
    return _(COLOUR.get(c, c))
