"""What players read for Trajan's ids (marked for translation; translated when drawn)."""

from __future__ import annotations

from firmware_host.engine.core import N_, NC_
from firmware_host.i18n import _, pgettext

ACTION = {
    "seaport": N_("Seaport"), "forum": N_("Forum"), "military": N_("Military"),
    "senate": N_("Senate"), "trajan": N_("Trajan"), "construction": N_("Construction"),
}

DEMAND = {"bread": N_("Bread"), "games": N_("Games"), "religion": N_("Religion")}

# The engine's news and final-scoring details carry ids as parameters, translated when
# shown; the ids that appear there are marked here for the catalog.
ENGINE_WORDS = (
    N_("bread"), N_("games"), N_("religion"), N_("yellow"), N_("grey"),
    N_("stairs"), N_("door"), N_("fountain"), N_("roof"), N_("window"),
    N_("columns"), N_("furs"), N_("scrolls"), N_("oils"), N_("fruit"), N_("ceramics"),
    N_("wine"), N_("fish"), N_("jewelry"), N_("gems"), N_("cattle"), N_("wheat"),
)

# The engine's move kinds and setup options as the move log and the played-games screen show
# them (``display.games.humanised``: "set_speed" -> "Set speed"), marked here for the catalog.
ENGINE_NAMES = (
    N_("Build"), N_("Choose bonus tile"), N_("Companion"), N_("Demand mode"), N_("Deploy"), N_("Draw bonus tile"),
    N_("Edition"), N_("End turn"), N_("Forum take"), N_("Fulfil demands"), N_("Hire"), N_("March"),
    N_("Place start markers"), N_("Recruit"), N_("Reveal demand"), N_("Seaport display"), N_("Seaport draw"),
    N_("Seaport ship"), N_("Seaport take"), N_("Senate advance"), N_("Skip action"), N_("Sow"), N_("Table"),
    N_("Take starting cards"), N_("Take starting trajan tiles"), N_("Take trajan tile"), N_("Trajan tile action"),
    N_("Use extra action"), N_("Yellow counts itself"),
)

GOODS = {
    "columns": N_("Columns"), "furs": N_("Furs"), "scrolls": N_("Scrolls"), "oils": N_("Oils"),
    "fruit": N_("Fruit"), "ceramics": N_("Ceramics"), "wine": N_("Wine"), "fish": N_("Fish"),
    "jewelry": N_("Jewelry"), "gems": N_("Gems"), "cattle": N_("Cattle"), "wheat": N_("Wheat"),
}

COLOUR = {"red": N_("Red"), "green": N_("Green"), "blue": N_("Blue"), "brown": N_("Brown")}

MARKER = {
    "yellow": N_("yellow"), "orange": N_("orange"), "lightgreen": N_("light green"),
    "white": N_("white"), "pink": N_("pink"), "blue": N_("blue"),
}

PILE = {
    "goods": N_("Goods cards"), "vp": N_("9 VP"), "legion": N_("Legionaries"),
    "worker": N_("Workers"), "plus2": N_("+2 marker"), "demand": N_("Demand"),
}

FORUM_TILE = {
    "senate2": N_("Senate 2"), "senate3": N_("Senate 3"), "senate4": N_("Senate 4"), "senate5": N_("Senate 5"),
    "bread": N_("Bread"), "games": N_("Games"), "religion": N_("Religion"),
    "goods_joker": N_("Goods joker"), "demand_joker": N_("Demand joker"),
    "build_joker": N_("Building joker"), "extra_joker": N_("Action joker"),
}

CONSTRUCTION = {"stairs": N_("Stairs"), "door": N_("Door"), "fountain": N_("Fountain"),
                "roof": N_("Roof"), "window": N_("Window")}

BONUS_KIND = {"forum": N_("Forum tiles"), "workers": N_("Workers on site"), "goods": N_("Goods"),
              "legion": N_("Legionaries"), "yellow": N_("Yellow tiles")}

# The provinces of the military map (board data, data/trajan.toml), as players read them: proper
# names, translated in the catalog context "province" (a name, not a word of the sentence).
PROVINCES = (
    NC_("province", "Alpes"), NC_("province", "Raetia"), NC_("province", "Noricum"), NC_("province", "Narbonensis"),
    NC_("province", "Lugdunensis"), NC_("province", "Belgica"), NC_("province", "Germania Superior"),
    NC_("province", "Aquitania"), NC_("province", "Britannia"), NC_("province", "Germania Inferior"),
)

#: every name of the board data -> its catalog context: the engine's refusals and news carry
#: these English names as parameters, translated when shown (``translate_params``)
NAMES = {name: "province" for name in PROVINCES}

SHIP = {"same": N_("Same goods"), "pairs": N_("Pairs"), "diff": N_("All different")}


def forum_tile(kind: str) -> str:
    """``senate3`` -> "Senate 3", ``extra:forum`` -> "Extra: Forum" (translated)."""
    if kind.startswith("extra:"):
        return _("Extra: {action}").format(action=_(ACTION[kind[6:]]))
    return _(FORUM_TILE.get(kind, kind))


def bonus_tile(board, tile_id: str) -> str:
    tile = board.bonus_tiles[tile_id]
    if tile.kind == "forum":
        return _("Forum: {demand}").format(demand=_(DEMAND[tile.demand]))
    if tile.kind == "goods":
        return " / ".join(_(GOODS[g]) for g in tile.goods)
    return _(BONUS_KIND[tile.kind])


def province(board, pid: str) -> str:
    """A province's name (translated); the camp, which is no province, is "Military camp"."""
    return pgettext("province", board.provinces[pid].name) if pid in board.provinces else _("Military camp")


def bonus_sub(board, tile_id: str) -> str:
    """The kind line under a bonus tile's name, empty where the name already says it."""
    kind = board.bonus_tiles[tile_id].kind
    return _(BONUS_KIND[kind]) if kind in ("forum", "goods") else ""
