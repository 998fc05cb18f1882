"""What players read for Chariot Race's ids (marked for translation; translated when drawn)."""

from __future__ import annotations

from firmware_host.engine.core import N_
from firmware_host.i18n import _

COLOUR = {
    "green": N_("Green"), "yellow": N_("Yellow"), "blue": N_("Blue"),
    "purple": N_("Purple"), "red": N_("Red"), "black": N_("Black"),
}

# The engine's news and error messages carry chariot colours, lane names and die faces as
# parameters; the controller translates them, so the words that appear there are marked
# here for the catalog.
ENGINE_WORDS = (
    N_("green"), N_("yellow"), N_("blue"), N_("purple"), N_("red"), N_("black"),
    N_("inner"), N_("middle"), N_("outer"), N_("in"), N_("out"),
    N_("normal"), N_("fast"), N_("lane"), N_("attack"), N_("fortuna"),
)

# The engine's move kinds and setup options as the move log and the played-games screen show
# them (``display.games.humanised``: "set_speed" -> "Set speed"), marked here for the catalog.
ENGINE_NAMES = (
    N_("Black"), N_("Change lane"), N_("Chariots"), N_("Choose start space"), N_("Collide"), N_("Companion"),
    N_("Correct chariot"), N_("Cross finish"), N_("Dice"), N_("Draw start spaces"), N_("Drop caltrop"),
    N_("End move"), N_("End turn"), N_("Enter corner"), N_("Hit caltrop"), N_("Hit rocks"), N_("Keep dice"),
    N_("No damage after finish"), N_("Normal dice must be used"), N_("Pick sheet"), N_("Repair"), N_("Reroll"),
    N_("Roll dice"), N_("Set die"), N_("Set speed"), N_("Sheets"), N_("Table"), N_("Throw javelin"), N_("Track"),
    N_("White"),
)

FACE = {
    "normal": N_("±1"), "fast": N_("+2 fast"), "lane": N_("Lane"),
    "attack": N_("Attack"), "fortuna": N_("Fortuna"),
}

LANE = {"in": N_("Lane change in"), "out": N_("Lane change out")}

LANE_NAME = {"inner": N_("inner lane"), "middle": N_("middle lane"), "outer": N_("outer lane")}

# The six phases of a turn (CR-TURN-1).
STEPS = (N_("Repair"), N_("Speed"), N_("Dice"), N_("Fortuna"), N_("Move"), N_("Attack"))


def colour(c: str) -> str:
    """A chariot's colour as players read it (translated)."""
    return _(COLOUR.get(c, c))


def chariot(state, c) -> str:
    """``Green (Ann)``: a chariot and the player who drives it (translated)."""
    return _("{colour} ({player})").format(colour=colour(c.colour), player=state.players[c.seat])
