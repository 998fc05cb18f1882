"""``table-companion selftest``: check each part of the box after wiring it (hardware/wiring.md).

Runs the ``pi`` adapters (whatever the config's profile says): blinks every LED red, green and
blue in turn, asks for each of the eight buttons and for a tag tap, each with a time-out, and
prints what works. Stop the service first (``sudo systemctl stop table-companion``): it holds
the pins and the serial port.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from .config import Config
from .i18n import _
from .inputs import BUTTONS, ButtonHeld, ButtonPressed, DeviceStatus, Input, TagRead
from .io.buttons import button_label
from .io.hardware import open_hardware
from .io.leds import OFF, Strip

BLINK = ((255, 0, 0), (0, 255, 0), (0, 0, 255))


class _Inputs:
    """The adapters' inputs, read with deadlines; device states are remembered on the way."""

    def __init__(self, out: Callable[[str], Any]) -> None:
        self.q: queue.Queue[Input] = queue.Queue()
        self.devices: dict[str, DeviceStatus] = {}
        self._out = out

    def put(self, inp: Input) -> None:
        self.q.put(inp)

    def _get(self, deadline: float) -> Input | None:
        """The next input, ``None`` at ``deadline`` (monotonic); device statuses are noted."""
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        try:
            inp = self.q.get(timeout=left)
        except queue.Empty:
            return None
        if isinstance(inp, DeviceStatus):
            self.devices[inp.device] = inp
        return inp

    def next(self, deadline: float) -> Input | None:
        """The next input other than a device status, ``None`` at ``deadline`` (monotonic)."""
        while (inp := self._get(deadline)) is not None:
            if not isinstance(inp, DeviceStatus):
                return inp
            if not inp.ok:
                self._out(f"  ! {inp.message}")
        return None

    def device(self, name: str, deadline: float) -> DeviceStatus | None:
        """The status of device ``name``: as soon as it reports working, else its last report
        at ``deadline`` (a reader may fail its first attempt and work on the retry). Other
        inputs meanwhile are dropped: nothing was asked for."""
        while not (name in self.devices and self.devices[name].ok):
            if self._get(deadline) is None:
                break
        return self.devices.get(name)


def selftest(config: Config, out: Callable[[str], Any] = print, *, pin_factory: Any = None,
             strip_opener: Callable[[], Strip] | None = None, button_timeout: float = 15.0,
             tag_timeout: float = 20.0, reader_timeout: float = 5.0, blink_s: float = 0.05) -> int:
    """Check the strip, the buttons and the NFC reader; 0 if every fitted part works, else 1.

    ``out`` gets each line (prompts and the report). ``pin_factory``/``strip_opener`` are
    passed to :func:`~firmware_host.io.hardware.open_hardware` (tests use gpiozero's
    MockFactory and a recording strip); the time-outs are in seconds.
    """
    config = replace(config, profile="pi")
    inputs = _Inputs(out)
    results: list[tuple[str, bool | None, str]] = []     # (part, passed or None = skipped, detail)
    out(_("Self-test: LED strip, {n} buttons, NFC reader.").format(n=len(BUTTONS)))
    hw = open_hardware(config, inputs.put, pin_factory=pin_factory, strip_opener=strip_opener)
    try:
        results.append(_leds(config, hw.strip, out, blink_s))
        results += _buttons(hw.buttons is not None, inputs, out, button_timeout)
        results.append(_nfc(config, inputs, out, reader_timeout, tag_timeout))
    finally:
        hw.close()
    out("")
    word = {True: "PASS", False: "FAIL", None: "SKIP"}
    for part, passed, detail in results:
        out(f"{word[passed]:<5} {part}: {detail}")
    failed = sum(1 for _part, passed, _detail in results if passed is False)
    out(_("{n} part(s) failed.").format(n=failed) if failed else _("Everything fitted works."))
    return 1 if failed else 0


def _leds(config: Config, strip: Any, out: Callable[[str], Any], blink_s: float) -> tuple[str, bool | None, str]:
    part = _("LED strip")
    if not config.leds:
        return part, None, _("not fitted (leds = false)")
    if not getattr(strip, "ok", True):
        return part, False, _("cannot be driven on GPIO{pin}; see the message above").format(pin=config.led_pin)
    out(_("Watch the strip: each LED lights red, then green, then blue, one after the other."))
    n = config.led_count
    for colour in BLINK:
        for i in range(n):
            strip.show([colour if j == i else OFF for j in range(n)])
            time.sleep(blink_s)
    strip.show([OFF] * n)
    if not getattr(strip, "ok", True):
        return part, False, _("failed while blinking")
    return part, True, _("{n} LEDs driven; each should have lit red, green and blue in turn").format(n=n)


def _buttons(opened: bool, inputs: _Inputs, out: Callable[[str], Any],
             timeout: float) -> list[tuple[str, bool | None, str]]:
    results: list[tuple[str, bool | None, str]] = []
    for name in BUTTONS:
        part = _("button {button}").format(button=button_label(name))
        if not opened:
            results.append((part, False, _("the buttons could not be opened")))
            continue
        out(_("Press {button} (within {s:.0f} s).").format(button=button_label(name), s=timeout))
        deadline = time.monotonic() + timeout
        wrong: list[str] = []
        while True:
            inp = inputs.next(deadline)
            if inp is None:
                detail = _("no press")
                if wrong:
                    detail += _("; got {others} instead: check the wiring").format(
                        others=", ".join(button_label(w) for w in wrong))
                results.append((part, False, detail))
                break
            if isinstance(inp, (ButtonPressed, ButtonHeld)):
                if inp.button == name:
                    results.append((part, True, _("works")))
                    break
                wrong.append(inp.button)
    return results


def _nfc(config: Config, inputs: _Inputs, out: Callable[[str], Any], reader_timeout: float,
         tag_timeout: float) -> tuple[str, bool | None, str]:
    part = _("NFC reader")
    if not config.nfc:
        return part, None, _("not fitted (nfc = false)")
    status = inputs.device("nfc", time.monotonic() + reader_timeout)
    if status is None or not status.ok:
        return part, False, _("not answering on {port}").format(port=config.serial_port)
    out(_("Tap a tag on the reader (within {s:.0f} s).").format(s=tag_timeout))
    deadline = time.monotonic() + tag_timeout
    while (inp := inputs.next(deadline)) is not None:
        if isinstance(inp, TagRead):
            return part, True, _("read tag {uid}").format(uid=inp.uid)
    return part, False, _("the reader answers but read no tag")
