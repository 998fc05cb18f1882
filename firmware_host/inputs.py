"""What the players do, as values: the only thing the display's controller sees of the
hardware. Buttons, NFC, touch and keyboard adapters produce these and hand them to an
:data:`InputSink` (the app posts them to the UI thread)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

BOWL_BUTTONS = ("bowl1", "bowl2", "bowl3", "bowl4", "bowl5", "bowl6")
BUTTONS = BOWL_BUTTONS + ("ok", "undo")


@dataclass(frozen=True)
class ButtonPressed:
    """A short press of ``button`` (one of :data:`BUTTONS`)."""

    button: str


@dataclass(frozen=True)
class ButtonHeld:
    """``button`` held down (UNDO held = menu)."""

    button: str


_HEX = re.compile(r"^[0-9a-f]{8,20}$")


def normalize_uid(uid: str) -> str:
    """``"04:A2 2B.."`` -> ``"04a22b.."``. Raises ``ValueError`` unless 4..10 bytes of hex."""
    clean = re.sub(r"[\s:.-]", "", uid).lower()
    if not _HEX.match(clean) or len(clean) % 2:
        raise ValueError(f"not a tag UID: {uid!r}")
    return clean


@dataclass(frozen=True)
class TagRead:
    """An NFC tag touched the reader: ``uid`` as lowercase hex, reported once per touch."""

    uid: str


@dataclass(frozen=True)
class Touch:
    """A tap on the screen at pixel ``(x, y)`` of the 800x480 surface."""

    x: int
    y: int


@dataclass(frozen=True)
class TextEntered:
    """Text typed on a keyboard (simulator) for the focused text field."""

    text: str


@dataclass(frozen=True)
class DeviceStatus:
    """A device changed state: ``device`` ("nfc", "leds", "buttons"), ``ok``, ``message``."""

    device: str
    ok: bool
    message: str = ""


Input = ButtonPressed | ButtonHeld | TagRead | Touch | TextEntered | DeviceStatus
InputSink = Callable[[Input], None]
