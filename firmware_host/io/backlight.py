"""The display's backlight, for dimming an idle screen: a sysfs backend (the Pi's DSI displays
and most panels with a kernel backlight driver) and a fake one for tests.

:meth:`Backlight.power` returns whether the panel itself went dark (or lit); where it cannot
(no backlight device, or one the service may not write), the caller draws black instead.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Protocol

log = logging.getLogger(__name__)

SYSFS = Path("/sys/class/backlight")
BL_ON, BL_OFF = "0", "4"          # bl_power: FB_BLANK_UNBLANK, FB_BLANK_POWERDOWN


class Backlight(Protocol):
    def power(self, on: bool) -> bool:
        """Turn the panel's light on or off; ``True`` if done, ``False`` if it cannot be
        (nothing changed; draw black instead). Never raises."""


class SysfsBacklight:
    """``<device>/bl_power`` (off = 4, on = 0) where it is writable, else ``<device>/brightness``
    (0 when off, the previous value when on). Use :meth:`find`."""

    def __init__(self, device: Path) -> None:
        self.device = device
        self._saved: str | None = None
        self._failed = False

    @classmethod
    def find(cls, root: Path = SYSFS) -> SysfsBacklight | None:
        """The first backlight under ``root`` whose ``bl_power`` or ``brightness`` this process
        may write, or ``None`` (none, or read-only: see docs/config.md, Screen)."""
        try:
            devices = sorted(root.iterdir())
        except OSError:
            return None
        for device in devices:
            if any(_writable(device / name) for name in ("bl_power", "brightness")):
                return cls(device)
        if devices:
            log.info("backlight %s is not writable here: an idle screen is drawn black instead", devices[0])
        return None

    def power(self, on: bool) -> bool:
        try:
            if _writable(self.device / "bl_power"):
                (self.device / "bl_power").write_text(BL_ON if on else BL_OFF)
                return True
            brightness = self.device / "brightness"
            if on:
                level = self._saved or (self.device / "max_brightness").read_text().strip()
                brightness.write_text(level)
            else:
                current = brightness.read_text().strip()
                if current != "0":
                    self._saved = current
                brightness.write_text("0")
            return True
        except OSError as exc:
            if not self._failed:
                log.warning("backlight %s: %r; an idle screen is drawn black instead", self.device, exc)
                self._failed = True
            return False


class FakeBacklight:
    """Keeps every :meth:`power` call in ``calls``; ``works=False`` acts like a panel without a
    backlight the program may switch."""

    def __init__(self, works: bool = True) -> None:
        self.works = works
        self.calls: list[bool] = []

    @property
    def on(self) -> bool:
        return not self.calls or self.calls[-1]

    def power(self, on: bool) -> bool:
        self.calls.append(on)
        return self.works


def _writable(path: Path) -> bool:
    return path.is_file() and os.access(path, os.W_OK)
