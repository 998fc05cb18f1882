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


UID_BYTES = (4, 7, 10)
"""The lengths of an ISO/IEC 14443-3 UID: single (MIFARE Classic), double (NTAG, MIFARE
Ultralight) or triple size."""
_HEX = re.compile(r"[0-9a-f]+")
_SEPARATORS = re.compile(r"[ \t:.-]")


def normalize_uid(uid: str) -> str:
    """``"04:A2 2B.."`` -> ``"04a22b.."``. Raises ``ValueError`` (one line) unless ``uid`` is
    4, 7 or 10 bytes of hex (:data:`UID_BYTES`), written with or without spaces, colons,
    dots or dashes between the digits."""
    if not isinstance(uid, str) or len(uid) > 64:
        raise ValueError("not a tag UID: must be text of at most 64 characters")
    clean = _SEPARATORS.sub("", uid.strip()).lower()
    if not _HEX.fullmatch(clean) or len(clean) % 2 or len(clean) // 2 not in UID_BYTES:
        raise ValueError(f"not a tag UID: {uid!r} must be 4, 7 or 10 bytes of hex")
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
