"""``table-companion selftest`` against mock pins, the PN532 emulator and a recording strip."""

from __future__ import annotations

import time

from firmware_host.config import Config, Pins
from firmware_host.inputs import BUTTONS
from firmware_host.io.buttons import button_label
from firmware_host.io.leds import SimulatedStrip
from firmware_host.selftest import selftest
from pn532_emulator import PN532Emulator

PINS = Pins().as_dict()
TAG = bytes.fromhex("04112233445566")


class Recording(SimulatedStrip):
    def __init__(self, count):
        super().__init__(count)
        self.frames = []

    def show(self, pixels):
        self.frames.append(tuple(pixels))
        return super().show(pixels)


class Player:
    """Plays the person at the box: answers each prompt of the self-test."""

    def __init__(self, factory, emulator=None, skip=()):
        self.factory, self.emulator, self.skip, self.lines = factory, emulator, set(skip), []

    def __call__(self, line):
        self.lines.append(line)
        for name in BUTTONS:
            if line.startswith(f"Press {button_label(name)} ") and name not in self.skip:
                pin = self.factory.pin(PINS[name])
                pin.drive_low()
                time.sleep(0.03)          # held longer than the 5 ms debounce
                pin.drive_high()
        if line.startswith("Tap a tag") and self.emulator is not None:
            self.emulator.place(TAG)


def test_selftest_everything_works(tmp_path, mock_factory):
    emu = PN532Emulator(tmp_path).plug()
    strip = Recording(5)
    config = Config(profile="sim", serial_port=str(emu.path), debounce_ms=5, led_count=5,
                    led_track_count=2, led_seat_first=2, led_seat_count=2, led_status=4)
    player = Player(mock_factory, emu)
    try:
        code = selftest(config, player, pin_factory=mock_factory, strip_opener=lambda: strip, blink_s=0)
    finally:
        emu.close()
    assert code == 0, "\n".join(player.lines)
    lit = [next((i, px) for i, px in enumerate(f) if px != (0, 0, 0)) for f in strip.frames[1:16]]
    assert lit == [(i, c) for c in ((255, 0, 0), (0, 255, 0), (0, 0, 255)) for i in range(5)]
    assert strip.frames[-1] == ((0, 0, 0),) * 5
    report = "\n".join(player.lines)
    assert f"PASS  NFC reader: read tag {TAG.hex()}" in report
    assert report.count("PASS  button") == 8


def test_selftest_reports_what_fails(tmp_path, mock_factory):
    def broken_strip():
        raise OSError("no /dev/spidev0.0")

    config = Config(profile="pi", serial_port=str(tmp_path / "no-reader"), debounce_ms=5)
    player = Player(mock_factory, skip={"bowl6"})
    code = selftest(config, player, pin_factory=mock_factory, strip_opener=broken_strip,
                    button_timeout=0.3, reader_timeout=0.5, tag_timeout=0.1)
    report = "\n".join(player.lines)
    assert code == 1
    assert "FAIL  LED strip" in report
    assert "FAIL  button bowl 6: no press" in report
    assert "FAIL  NFC reader: not answering" in report
    assert report.count("PASS  button") == 7


def test_selftest_skips_parts_not_fitted(mock_factory):
    config = Config(debounce_ms=5, nfc=False, leds=False)
    player = Player(mock_factory)
    assert selftest(config, player, pin_factory=mock_factory) == 0
    report = "\n".join(player.lines)
    assert "SKIP  LED strip" in report and "SKIP  NFC reader" in report


def test_a_reader_that_works_on_its_retry_counts_as_working():
    """The reader's first open may fail and its retry succeed: the self-test waits for it."""
    import time as _time

    from firmware_host.inputs import DeviceStatus
    from firmware_host.selftest import _Inputs

    inputs = _Inputs(lambda line: None)
    inputs.put(DeviceStatus("nfc", False, "no answer"))
    inputs.put(DeviceStatus("nfc", True, "ready"))
    assert inputs.device("nfc", _time.monotonic() + 5).ok
    inputs.put(DeviceStatus("leds", False, "gone"))
    assert inputs.device("leds", _time.monotonic() + 0.2).ok is False     # still down at the deadline
