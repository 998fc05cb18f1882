"""The real PN532 driver (adafruit-circuitpython-pn532 over pyserial) against the pty emulator."""

from __future__ import annotations

import pytest
import serial

from firmware_host.inputs import DeviceStatus, TagRead
from firmware_host.io.nfc import NfcReader, SimulatedNfc
from pn532_emulator import ACK, FIRMWARE, GET_FIRMWARE_VERSION, IN_LIST_PASSIVE_TARGET, SAM_CONFIGURATION, PN532Emulator

TAG = bytes.fromhex("04a1b2c3d4e5f6")
OTHER = bytes.fromhex("deadbeef")
FAST = {"poll_timeout": 0.05, "retry_s": 0.05}


@pytest.fixture
def emulator(tmp_path):
    emu = PN532Emulator(tmp_path).plug()
    yield emu
    emu.close()


@pytest.fixture
def reader(emulator, sink):
    r = NfcReader(str(emulator.path), sink, **FAST)
    yield r
    r.close()


def is_status(ok):
    return lambda inp: isinstance(inp, DeviceStatus) and inp.device == "nfc" and inp.ok is ok


def test_emulator_speaks_hsu_frames_to_the_adafruit_driver(emulator):
    """The emulator itself: the library's own handshake works and no card = ACK only."""
    from adafruit_pn532.uart import PN532_UART

    with serial.Serial(str(emulator.path), 115200, timeout=0.05) as port:
        pn532 = PN532_UART(port)
        assert pn532.firmware_version == tuple(FIRMWARE)
        assert pn532.read_passive_target(timeout=0.1) is None
        emulator.place(TAG)
        assert bytes(pn532.read_passive_target(timeout=1)) == TAG
    assert emulator.wakeups >= 1
    assert emulator.commands[:2] == [SAM_CONFIGURATION, GET_FIRMWARE_VERSION]
    assert IN_LIST_PASSIVE_TARGET in emulator.commands


def test_no_tag_means_ack_only(emulator):
    with serial.Serial(str(emulator.path), 115200, timeout=0.2) as port:
        port.write(b"\x55\x55\x00\x00\x00")
        port.write(bytes([0, 0, 0xFF, 2, 0xFE, 0xD4, 0x14, 0x18, 0]))     # SAMConfiguration
        assert port.read(6) == ACK
        assert port.read(9)[5:7] == b"\xd5\x15"
        port.write(bytes([0, 0, 0xFF, 4, 0xFC, 0xD4, 0x4A, 0x01, 0x00, 0xE1, 0]))
        assert port.read(6) == ACK
        assert port.read(32) == b""


def test_reader_reports_ready_then_each_touch_once(emulator, reader, sink):
    assert is_status(True)(sink.next())
    emulator.place(TAG)
    assert sink.next() == TagRead(TAG.hex())


def test_tag_resting_on_the_reader_is_reported_once(emulator, reader, sink):
    sink.until(is_status(True))
    emulator.place(TAG)
    assert sink.next() == TagRead(TAG.hex())
    emulator.wait_polls(20)              # a long rest: many polls that all see the tag
    assert sink.pending() == []


def test_tag_swiped_twice_quickly_is_two_touches(emulator, reader, sink):
    sink.until(is_status(True))
    emulator.place(TAG)
    assert sink.next() == TagRead(TAG.hex())
    emulator.remove()
    emulator.wait_polls(3)               # out of the field for more than absent_polls
    emulator.place(TAG)
    assert sink.next() == TagRead(TAG.hex())


def test_tag_missed_by_one_poll_did_not_leave(emulator, reader, sink):
    """A single empty poll (the tag wobbling at the field's edge) is not a second touch."""
    sink.until(is_status(True))
    emulator.place(TAG)
    assert sink.next() == TagRead(TAG.hex())
    emulator.wait_polls(1)
    emulator.blip(1)
    emulator.wait_polls(6)
    assert sink.pending() == []


def test_another_tag_is_reported_at_once(emulator, reader, sink):
    sink.until(is_status(True))
    emulator.place(TAG)
    assert sink.next() == TagRead(TAG.hex())
    emulator.place(OTHER)
    assert sink.next() == TagRead(OTHER.hex())


@pytest.mark.parametrize("vanish", [True, False], ids=["port-gone", "cable-cut"])
def test_reader_unplugged_and_plugged_back(emulator, reader, sink, vanish):
    sink.until(is_status(True))
    emulator.unplug(vanish=vanish)
    lost = sink.until(is_status(False))[-1]
    assert "NFC" in lost.message
    emulator.plug()
    sink.until(is_status(True))
    emulator.place(TAG)
    assert sink.next() == TagRead(TAG.hex())


def test_tag_resting_through_a_reader_outage_is_not_reported_twice(emulator, reader, sink):
    sink.until(is_status(True))
    emulator.place(TAG)
    assert sink.next() == TagRead(TAG.hex())
    emulator.unplug(vanish=True)
    sink.until(is_status(False))
    emulator.plug()
    emulator.place(TAG)
    sink.until(is_status(True))
    emulator.wait_polls(5)
    assert sink.pending() == []


def test_missing_port_reports_once_and_close_does_not_hang(tmp_path, sink):
    r = NfcReader(str(tmp_path / "nothing"), sink, **FAST)
    try:
        assert is_status(False)(sink.next())
    finally:
        r.close()
    assert [i for i in sink.pending() if isinstance(i, DeviceStatus)] == []


def test_reader_found_later(tmp_path, sink):
    emu = PN532Emulator(tmp_path)
    r = NfcReader(str(emu.path), sink, **FAST)
    try:
        assert is_status(False)(sink.next())
        emu.plug()
        sink.until(is_status(True))
        emu.place(OTHER)
        assert sink.next() == TagRead(OTHER.hex())
    finally:
        r.close()
        emu.close()


def test_simulated_reader_taps(sink):
    SimulatedNfc(sink).tap("04:A1:B2:C3")
    assert sink.next() == TagRead("04a1b2c3")
