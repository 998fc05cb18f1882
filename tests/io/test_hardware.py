"""open_hardware: the sim and pi profiles, and devices that fail to open."""

from __future__ import annotations

from firmware_host.config import Config, Pins
from firmware_host.inputs import ButtonPressed, DeviceStatus, TagRead
from firmware_host.io.hardware import open_hardware
from firmware_host.io.leds import SafeStrip, SimulatedStrip
from firmware_host.io.nfc import NfcReader, SimulatedNfc
from pn532_emulator import PN532Emulator


def statuses(sink, n):
    got = {}
    while len(got) < n:
        inp = sink.next()
        if isinstance(inp, DeviceStatus):
            got[inp.device] = inp
    return got


def test_sim_profile_has_the_on_screen_strip_and_the_simulated_reader(sink):
    hw = open_hardware(Config(profile="sim", led_count=27, led_brightness=0.5), sink)
    try:
        assert isinstance(hw.strip, SimulatedStrip) and hw.strip.count == 27 and hw.strip.brightness == 0.5
        assert isinstance(hw.nfc, SimulatedNfc) and hw.buttons is None
        hw.nfc.tap("04aabbccddeeff")
        assert sink.next() == TagRead("04aabbccddeeff")
    finally:
        hw.close()


def test_pi_profile_runs_every_device(tmp_path, sink, mock_factory):
    emu = PN532Emulator(tmp_path).plug()
    shown = SimulatedStrip(27)
    hw = open_hardware(Config(profile="pi", serial_port=str(emu.path), debounce_ms=5), sink,
                       pin_factory=mock_factory, strip_opener=lambda: shown)
    try:
        got = statuses(sink, 3)
        assert all(s.ok for s in got.values()) and set(got) == {"buttons", "nfc", "leds"}
        assert isinstance(hw.nfc, NfcReader) and isinstance(hw.strip, SafeStrip)
        pin = mock_factory.pin(Pins().bowl5)
        pin.drive_low()
        assert sink.next() == ButtonPressed("bowl5")
        emu.place(bytes.fromhex("01020304"))
        assert sink.next() == TagRead("01020304")
        assert hw.strip.show([(1, 2, 3)] * 27) and shown.pixels[0] == (1, 2, 3)
    finally:
        hw.close()
        emu.close()
    assert shown.pixels == ((0, 0, 0),) * 27            # closed = LEDs off


def test_pi_profile_with_every_device_failing_still_opens(tmp_path, sink, mock_factory):
    from gpiozero import Button

    squatter = Button(Pins().ok, pin_factory=mock_factory)       # the pins are taken
    hw = open_hardware(Config(profile="pi", serial_port=str(tmp_path / "none")), sink,
                       pin_factory=mock_factory)                  # the real NeoPixel: no Pi here
    try:
        got = statuses(sink, 3)
        assert not any(s.ok for s in got.values())
        assert hw.buttons is None
        assert hw.strip.show([(9, 9, 9)] * 27) is False           # takes frames, shows nothing
    finally:
        hw.close()
        squatter.close()


def test_devices_not_fitted_are_not_opened(sink, mock_factory):
    hw = open_hardware(Config(profile="pi", nfc=False, leds=False), sink, pin_factory=mock_factory)
    try:
        assert hw.nfc is None and isinstance(hw.strip, SimulatedStrip)
        assert statuses(sink, 1)["buttons"].ok
    finally:
        hw.close()
