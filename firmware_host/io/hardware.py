"""Open the adapters of a hardware profile in one call.

``pi``: the GPIO buttons, the PN532 reader and the WS2812 strip (each only if fitted, see
``nfc``/``leds`` in the config); ``sim``: the on-screen strip and the simulated reader (the
simulator's keyboard stands in for the buttons). A device that fails to open is reported as a
``DeviceStatus`` on the sink and the others run anyway; nothing here raises for hardware.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from ..config import Config
from ..i18n import _
from ..inputs import DeviceStatus, InputSink
from .leds import NeoPixelStrip, SafeStrip, SimulatedStrip, Strip
from .nfc import NfcReader, SimulatedNfc

log = logging.getLogger(__name__)


class Hardware:
    """The open adapters. ``strip``: always a :class:`~.leds.Strip` (``SafeStrip`` around the
    real one on a Pi, else a ``SimulatedStrip`` the display can draw); ``nfc``: a
    ``NfcReader``, a ``SimulatedNfc`` (its ``tap(uid)`` injects a touch) or ``None``;
    ``buttons``: a ``Buttons`` or ``None``. Inputs reach ``sink`` from the adapters' threads.
    """

    def __init__(self, sink: InputSink) -> None:
        self.deliver = sink                  # what every adapter reports to
        self.strip: Strip = SimulatedStrip(0)
        self.nfc: NfcReader | SimulatedNfc | None = None
        self.buttons: Any = None

    def close(self) -> None:
        """Stop the threads, release the pins and the port, turn the LEDs off."""
        for part in (self.buttons, self.nfc, self.strip):
            if part is not None:
                try:
                    part.close()
                except Exception:
                    log.exception("closing %r failed", part)
        self.buttons = self.nfc = None


def open_hardware(config: Config, sink: InputSink, *, pin_factory: Any = None,
                  strip_opener: Callable[[], Strip] | None = None) -> Hardware:
    """The adapters of ``config.profile`` delivering to ``sink`` (which must be thread-safe,
    e.g. posting a pygame event). ``pin_factory``: gpiozero's (tests pass a ``MockFactory``);
    ``strip_opener``: builds the real strip (default: ``NeoPixelStrip`` from the config)."""
    hw = Hardware(sink)
    if config.profile != "pi":
        hw.strip = SimulatedStrip(config.led_count, config.led_brightness)
        hw.nfc = SimulatedNfc(hw.deliver)
        return hw
    try:
        from .buttons import Buttons

        hw.buttons = Buttons(config.pins.as_dict(), hw.deliver, debounce_ms=config.debounce_ms,
                             hold_ms=config.hold_ms, stuck_s=config.stuck_s, pin_factory=pin_factory)
        hw.deliver(DeviceStatus("buttons", True, _("Buttons ready.")))
    except Exception as exc:
        log.error("buttons on GPIO %s: %r", sorted(config.pins.as_dict().values()), exc)
        hw.deliver(DeviceStatus("buttons", False,
                                _("The buttons cannot be used ({error}); use the touchscreen.").format(
                                    error=type(exc).__name__)))
    if config.nfc:
        hw.nfc = NfcReader(config.serial_port, hw.deliver, poll_timeout=config.nfc_poll_ms / 1000)
    if config.leds:
        opener = strip_opener or (lambda: NeoPixelStrip(config.led_pin, config.led_count, config.led_brightness,
                                                        config.led_order))
        hw.strip = SafeStrip(opener, config.led_count, hw.deliver)
    else:
        hw.strip = SimulatedStrip(config.led_count, config.led_brightness)
    return hw

