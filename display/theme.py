"""Colours and sizes shared by every screen (800x480, touch targets at least 48 px)."""

WIDTH, HEIGHT = 800, 480
TOP_BAR = 52            # height of the bar with time track, demands, menu and undo
MESSAGE_BAR = 48        # the message line at the bottom: two lines of 18-px text (issue 13)
CONTENT_TOP = TOP_BAR
CONTENT_BOTTOM = HEIGHT - MESSAGE_BAR
MIN_TARGET = 48

# The type scale (issue 13): sizes in px, as drawn on the 800x480, 7" screen (~4.4 px/mm) read
# from across a table (~60 cm). What a player reads during play (names, scores, options,
# messages: the "body" and larger roles) is at least PLAY_FLOOR px; only secondary detail a
# player does not need to follow the game (a rule ID, a unit under a figure, the sub-line of a
# button that repeats what a tap tells on the message line, an axis label) may be drawn in a
# small role, and nothing is drawn below FLOOR. ``text.draw(..., role="caption")`` marks a text
# as small on purpose; tests/display/test_type_scale.py measures every text of every screen.
TYPE = {
    "caption": 14,      # rule IDs, units, axis labels, a button's sub-line
    "detail": 16,       # secondary detail that a tap or another screen also shows
    "body": 18,         # options, names, messages: the least a player reads during play
    "label": 20,        # button labels, list rows
    "title": 24,        # a screen's heading
    "figure": 32,       # scores, counts a table reads at a glance
}
SMALL_ROLES = frozenset({"caption", "detail"})
FLOOR = TYPE["caption"]
PLAY_FLOOR = TYPE["body"]
MIN_CONTRAST = 4.5      # WCAG 2.1 AA (1.4.3) for every text, greyed ones included

BG = (22, 24, 29)
PANEL = (36, 39, 47)
PANEL_HI = (52, 56, 67)
LINE = (70, 75, 88)
# Every text colour reads at 4.5:1 at least (WCAG AA) on BG, PANEL, BUTTON and BUTTON_OFF: MUTED
# 5.4:1 on BUTTON; DIM, the greyed option's label and reason, 5.5:1 on BUTTON_OFF (it was 2.4:1)
TEXT = (236, 236, 236)
MUTED = (182, 188, 200)
DIM = (160, 162, 170)
ACCENT = (242, 192, 64)
GOOD = (106, 200, 124)
BAD = (246, 120, 108)       # text and lines; a red to fill a button with a label on it is DANGER
DANGER = (150, 40, 34)
INK = (20, 20, 20)          # text on a light fill (a yellow chip, a white button)
BUTTON = (58, 64, 78)
BUTTON_OFF = (40, 43, 51)
SELECTED = (242, 192, 64)
GO = (50, 108, 60)         # the button that goes ahead: start, OK, correct (TEXT on it 5.3:1)

PLAYER_RGB = {
    "red": (206, 58, 50),
    "green": (58, 154, 76),
    "blue": (52, 86, 176),
    "brown": (146, 100, 58),
}

MARKER_RGB = {
    "yellow": (244, 212, 52),
    "orange": (242, 142, 38),
    "lightgreen": (152, 222, 104),
    "white": (242, 242, 242),
    "pink": (242, 132, 184),
    "blue": (70, 142, 232),
}

def luminance(rgb: tuple[int, int, int]) -> float:
    """WCAG 2.1 relative luminance of an sRGB colour (0..255 channels): 0.0 black .. 1.0 white."""
    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG 2.1 contrast ratio of two colours, 1.0 (same) .. 21.0 (black on white)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


DEMAND_RGB = {"bread": (214, 160, 84), "games": (176, 180, 190), "religion": (236, 108, 48)}
