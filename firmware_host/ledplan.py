"""The whole LED strip: the open game's plan (from its plugin) plus the status LED.

The colours, layout and pulses are the engine's pure LED vocabulary
(:mod:`firmware_host.engine.leds`); each game's plan lives in its engine package and is
registered in its plugin (:mod:`firmware_host.games`). The status LED, common to all games,
shows the devices' health (:func:`status_colour`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .engine.leds import OFF, RGB, LedFrame, LedLayout, PlanFn
from .inputs import DeviceStatus

STATUS_OK: RGB = (0, 40, 0)
STATUS_NFC: RGB = (255, 0, 0)            # red: the NFC reader is missing
STATUS_BUTTONS: RGB = (255, 100, 0)      # amber: a button is stuck
STATUS_OTHER: RGB = (255, 0, 255)        # any other device down


def status_colour(devices: Iterable[DeviceStatus]) -> RGB:
    """The status LED: red = NFC reader missing, amber = a button stuck, magenta = something
    else down, dim green = all well. The latest status of each device counts."""
    latest = {d.device: d.ok for d in devices}
    if latest.get("nfc") is False:
        return STATUS_NFC
    if latest.get("buttons") is False:
        return STATUS_BUTTONS
    if any(ok is False for ok in latest.values()):
        return STATUS_OTHER
    return STATUS_OK


def led_plan(plan: PlanFn | None, rules: Any, state: Any, layout: LedLayout,
             devices: Iterable[DeviceStatus] = (), t: float = 0.0) -> LedFrame:
    """The whole strip for ``state`` lit by ``plan`` (the open game's plugin's LED plan;
    ``None``: no game open, only the status LED is lit). ``devices``: the latest
    :class:`DeviceStatus` of each device."""
    pixels = [OFF] * layout.count
    animated = False
    if plan is not None and state is not None:
        lit, animated = plan(rules, state, layout, t)
        for led, colour in lit.items():
            pixels[led] = colour
    if layout.status is not None:
        pixels[layout.status] = status_colour(devices)
    return LedFrame(tuple(pixels), animated)
