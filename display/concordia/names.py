"""What players read for Concordia's ids (marked for translation; translated when drawn).

Province and city names are the map's proper names (board data), translated in the catalog
contexts "province" and "city" (:data:`NAMES`); card, god, good and colour names go through
the catalog as words.
"""

from __future__ import annotations

from firmware_host.engine.core import N_, NC_
from firmware_host.i18n import _, ngettext, pgettext

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

# The engine's move kinds and setup options as the move log and the played-games screen show
# them (``display.games.humanised``: "set_speed" -> "Set speed"), marked here for the catalog.
ENGINE_NAMES = (
    N_("Build house"), N_("Buy card"), N_("Buy colonist"), N_("Colonist cash"), N_("Companion"), N_("Copy card"),
    N_("Correct player"), N_("Done"), N_("Imperium"), N_("Italia"), N_("Keep goods"), N_("Left"), N_("Map"),
    N_("Market mode"), N_("Place colonists"), N_("Play card"), N_("Praefectus passes"), N_("Prefect cash"),
    N_("Produce"), N_("Reveal card"), N_("Right"), N_("Table"), N_("Trade"), N_("Vesta per card"),
)


# The provinces and cities of both maps (board data, data/concordia.toml), as players read them:
# proper names, translated in the catalog contexts "province" and "city". Italia's are numbered
# until its names are known (see the data file); Roma is no city of the board data.
PROVINCES = (
    NC_("province", "Britannia"), NC_("province", "Gallia"), NC_("province", "Hispania"),
    NC_("province", "Mauretania"), NC_("province", "Germania"), NC_("province", "Italia"), NC_("province", "Dacia"),
    NC_("province", "Lybia"), NC_("province", "Hellas"), NC_("province", "Asia"), NC_("province", "Syria"),
    NC_("province", "Aegyptus"), NC_("province", "Province 1"), NC_("province", "Province 2"),
    NC_("province", "Province 3"), NC_("province", "Province 4"), NC_("province", "Province 5"),
    NC_("province", "Province 6"), NC_("province", "Province 7"), NC_("province", "Province 8 (with Roma)"),
    NC_("province", "Province 8"),  # its button's label: the note in brackets left out
    NC_("province", "Province 9"), NC_("province", "Province 10"), NC_("province", "Province 11"),
)

CITIES = (
    NC_("city", "Isca Dumnoniorum"), NC_("city", "Londinium"), NC_("city", "Lutetia"), NC_("city", "Burdigala"),
    NC_("city", "Massilia"), NC_("city", "Brigantium"), NC_("city", "Olisipo"), NC_("city", "Valentia"),
    NC_("city", "Rusaddir"), NC_("city", "Carthago"), NC_("city", "Colonia"), NC_("city", "Vindobona"),
    NC_("city", "Novaria"), NC_("city", "Aquileia"), NC_("city", "Syracusae"), NC_("city", "Sirmium"),
    NC_("city", "Napoca"), NC_("city", "Tomis"), NC_("city", "Leptis Magna"), NC_("city", "Cyrene"),
    NC_("city", "Dyrrhachium"), NC_("city", "Athenae"), NC_("city", "Byzantium"), NC_("city", "Sinope"),
    NC_("city", "Attalia"), NC_("city", "Antiochia"), NC_("city", "Tyrus"), NC_("city", "Alexandria"),
    NC_("city", "Memphis"), NC_("city", "Petra"), NC_("city", "Province 1, city a"),
    NC_("city", "Province 1, city b"), NC_("city", "Province 1, city c"), NC_("city", "Province 2, city a"),
    NC_("city", "Province 2, city b"), NC_("city", "Province 3, city a"), NC_("city", "Province 3, city b"),
    NC_("city", "Province 4, city a"), NC_("city", "Province 4, city b"), NC_("city", "Province 5, city a"),
    NC_("city", "Province 5, city b"), NC_("city", "Province 6, city a"), NC_("city", "Province 6, city b"),
    NC_("city", "Province 6, city c"), NC_("city", "Province 7, city a"), NC_("city", "Province 7, city b"),
    NC_("city", "Province 8, city a"), NC_("city", "Province 8, city b"), NC_("city", "Province 9, city a"),
    NC_("city", "Province 9, city b"), NC_("city", "Province 10, city a"), NC_("city", "Province 10, city b"),
    NC_("city", "Province 11, city a"), NC_("city", "Province 11, city b"), NC_("city", "Province 11, city c"),
)

#: every name of the board data -> its catalog context: the engine's refusals and news carry
#: these English names as parameters, translated when shown (``translate_params``)
NAMES = {**{name: "province" for name in PROVINCES}, **{name: "city" for name in CITIES}}


def province(m, pid: str) -> str:
    """The name of province ``pid`` of map ``m`` (a ``ConcordiaMap``), translated."""
    return province_name(m.provinces[pid].name)


def province_name(name: str) -> str:
    """A province's English name (board data) translated."""
    return pgettext("province", name)


def city(m, cid: str) -> str:
    """The name of city ``cid`` of map ``m``, translated."""
    return pgettext("city", m.city_names[cid])


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
