"""Colours and sizes shared by every screen (800x480, touch targets at least 48 px)."""

WIDTH, HEIGHT = 800, 480
TOP_BAR = 52            # height of the bar with time track, demands, menu and undo
MESSAGE_BAR = 30        # height of the message line at the bottom
CONTENT_TOP = TOP_BAR
CONTENT_BOTTOM = HEIGHT - MESSAGE_BAR
MIN_TARGET = 48

BG = (22, 24, 29)
PANEL = (36, 39, 47)
PANEL_HI = (52, 56, 67)
LINE = (70, 75, 88)
TEXT = (236, 236, 236)
MUTED = (150, 156, 168)
DIM = (95, 100, 112)
ACCENT = (242, 192, 64)
GOOD = (92, 186, 110)
BAD = (226, 86, 74)
BUTTON = (58, 64, 78)
BUTTON_OFF = (40, 43, 51)
SELECTED = (242, 192, 64)
GO = (60, 120, 70)         # the button that goes ahead: start, OK, correct

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

DEMAND_RGB = {"bread": (214, 160, 84), "games": (176, 180, 190), "religion": (236, 108, 48)}
