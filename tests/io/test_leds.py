"""The LED strip backends: the real adafruit NeoPixel class under BLINKA_OS_AGNOSTIC=1 with its
data-line writes captured (GRB bytes), the simulated strip, and the failure-tolerant wrapper."""

from __future__ import annotations

import pytest

from firmware_host.config import Config
from firmware_host.engine.leds import MARKER, LedLayout
from firmware_host.engine.trajan import TrajanRules
from firmware_host.engine.trajan.leds import trajan_plan
from firmware_host.engine.trajan.state import Pending
from firmware_host.inputs import DeviceStatus
from firmware_host.io.leds import Frame, NeoPixelStrip, SafeStrip, SimulatedStrip, _frame
from firmware_host.ledplan import led_plan
from trajan_fixtures import setup


@pytest.fixture
def wire(monkeypatch):
    """Every buffer the NeoPixel class puts on the data line."""
    import neopixel

    written: list[bytes] = []
    monkeypatch.setattr(neopixel, "neopixel_write", lambda pin, buf: written.append(bytes(buf)))
    return written


def real_strip(count=3, brightness=1.0, order="GRB"):
    import board

    return NeoPixelStrip(18, count, brightness=brightness, order=order, pin_object=board.Dx_OUTPUT)


def test_bytes_on_the_wire_are_grb(wire):
    strip = real_strip()
    assert strip.show([(255, 0, 0), (0, 255, 0), (1, 2, 3)]) is True
    assert wire == [bytes([0, 255, 0, 255, 0, 0, 2, 1, 3])]


def test_brightness_scales_the_bytes(wire):
    strip = real_strip(count=1, brightness=0.2)
    strip.show([(255, 100, 0)])
    assert wire == [bytes([20, 51, 0])]


def test_rgb_strip_order(wire):
    strip = real_strip(count=1, order="RGB")
    strip.show([(10, 20, 30)])
    assert wire == [bytes([10, 20, 30])]


def test_show_writes_once_per_change(wire):
    strip = real_strip()
    frame = [(9, 9, 9)] * 3
    assert strip.show(frame) is True
    assert strip.show(list(frame)) is False
    assert strip.show([(0, 0, 0)] * 3) is True
    assert len(wire) == 2


def test_close_turns_the_leds_off(wire):
    strip = real_strip()
    strip.show([(9, 9, 9)] * 3)
    strip.close()
    assert wire[-1] == bytes(9)


def test_wrong_frames_are_refused(wire):
    strip = real_strip()
    with pytest.raises(ValueError):
        strip.show([(0, 0, 0)] * 2)
    with pytest.raises(ValueError):
        strip.show([(256, 0, 0)] * 3)
    assert wire == []


def test_trajan_plan_reaches_the_wire_in_grb(wire):
    """The whole chain: state -> plan -> strip -> bytes; the time marker's LED is white."""
    config = Config(led_brightness=1.0)
    layout = LedLayout.from_config(config)
    rules = TrajanRules(setup(4))
    s = rules.initial_state()
    s.pending, s.time, s.active = Pending("bowl", 1), 4, 1
    strip = real_strip(count=config.led_count)
    strip.show(led_plan(trajan_plan, rules, s, layout).pixels)
    data = wire[-1]
    assert data[4 * 3:5 * 3] == bytes(MARKER)
    seat = layout.seats[1] * 3
    assert data[seat:seat + 3] == bytes([255, 0, 0])          # green seat, GRB: G first


def test_simulated_strip_keeps_the_frame_and_counts_changes():
    strip = SimulatedStrip(2, brightness=0.5)
    assert strip.show([(200, 0, 0), (0, 0, 0)]) is True
    assert strip.show([(200, 0, 0), (0, 0, 0)]) is False
    assert strip.version == 1
    assert strip.pixels[0] == (200, 0, 0) and strip.lit()[0] == (100, 0, 0)


class Flaky:
    def __init__(self, count):
        self.count, self.shown, self.broken = count, [], False

    def show(self, pixels):
        if self.broken:
            raise OSError("strip gone")
        self.shown.append(tuple(pixels))
        return True

    def close(self):
        pass


def test_safe_strip_reports_a_failing_strip_once_and_recovers(sink, clock):
    flaky = Flaky(2)
    opened = []

    def opener():
        if opened and opened[-1] == "fail":
            raise RuntimeError("cannot open")
        opened.append("ok")
        return flaky

    safe = SafeStrip(opener, 2, sink, retry_s=30, clock=clock)
    first = sink.next()
    assert first.device == "leds" and first.ok
    flaky.broken = True
    assert safe.show([(1, 1, 1), (0, 0, 0)]) is False
    down = sink.next()
    assert isinstance(down, DeviceStatus) and not down.ok
    assert safe.show([(2, 2, 2), (0, 0, 0)]) is False               # no retry before retry_s
    assert sink.pending() == []
    flaky.broken = False
    clock.advance(31)
    assert safe.show([(3, 3, 3), (0, 0, 0)]) is True
    assert sink.next().ok
    assert flaky.shown[-1] == ((3, 3, 3), (0, 0, 0))


def test_safe_strip_that_never_opens_still_takes_frames(sink, clock):
    def opener():
        raise ImportError("no neopixel driver here")

    safe = SafeStrip(opener, 1, sink, clock=clock)
    assert not sink.next().ok
    for _ in range(3):
        assert safe.show([(5, 5, 5)]) is False
    clock.advance(31)
    safe.show([(5, 5, 5)])
    assert sink.pending() == []                                       # reported once, not per retry
    with pytest.raises(ValueError):
        safe.show([])
    safe.close()


# ---------------------------------------------------------------------- the last frame, every strip

def _simulated(wire):
    return SimulatedStrip(3)


def _neopixel(wire):
    return real_strip()


def _broken(wire):
    raise RuntimeError("no strip here")


@pytest.mark.parametrize("backend", [_simulated, _neopixel])
def test_every_backend_tells_its_last_frame(wire, backend):
    strip = backend(wire)
    assert strip.pixels == ((0, 0, 0),) * 3 and strip.version == 0
    frame = ((9, 0, 0), (0, 9, 0), (0, 0, 9))
    assert strip.show(list(frame)) is True
    assert strip.pixels == frame and strip.version == 1
    assert strip.show(list(frame)) is False
    assert strip.version == 1


@pytest.mark.parametrize("backend", [_simulated, _neopixel, _broken])
def test_safe_strip_tells_the_last_frame_whatever_it_wraps(wire, sink, clock, backend):
    """The screen's LED band draws ``pixels`` of whatever strip the hardware has: SafeStrip
    around a working backend, or around one that cannot open (the frame the game wants)."""
    safe = SafeStrip(lambda: backend(wire), 3, sink, clock=clock)
    assert safe.pixels == ((0, 0, 0),) * 3 and safe.version == 0
    frame = ((1, 2, 3), (0, 0, 0), (4, 5, 6))
    safe.show(list(frame))
    assert safe.pixels == frame and safe.version == 1
    safe.show(list(frame))
    assert safe.version == 1
    if backend is not _broken:
        assert safe._strip.pixels == frame          # what the backend shows is what it tells
    safe.close()


def test_a_neopixel_strip_sends_its_first_frame_even_if_it_is_all_off(wire):
    strip = real_strip()
    assert strip.show([(0, 0, 0)] * 3) is True                          # LEDs may be lit at power-on
    assert strip.show([(0, 0, 0)] * 3) is False
    assert wire == [bytes(9)]


# ---------------------------------------------------------------------- checked frames

def test_a_checked_frame_is_kept_as_given_when_immutable_and_copied_when_not():
    plan = ((1, 2, 3), (4, 5, 6))
    kept = _frame(plan, 2)
    assert type(kept) is Frame and kept == plan and all(a is b for a, b in zip(kept, plan))
    assert _frame(kept, 2) is kept                                  # checked once: passed on as it is
    given = [[1, 2, 3], [4, 5, 6]]
    copied = _frame(given, 2)
    given[0][0] = 99                                                # the caller's list changes later
    assert copied == plan and all(type(px) is tuple for px in copied)
    assert _frame([(1.0, 2.0, 3.0), (4, 5, 6)], 2) == plan           # floats: converted
    with pytest.raises(ValueError):
        _frame(kept, 3)                                             # a checked frame of another length
    with pytest.raises(ValueError):
        _frame([(1, 2), (3, 4, 5, 6)], 2)                           # 6 components, but not 3 each


def test_a_frame_passed_down_the_writer_path_reaches_the_wire_unchanged(wire, sink, clock):
    """StripWriter -> SafeStrip -> NeoPixelStrip each take the same checked frame; the bytes on
    the wire are still the frame's, in GRB, changed LEDs and all."""
    safe = SafeStrip(real_strip, 3, sink, clock=clock)
    frame = _frame([(1, 2, 3), (4, 5, 6), (7, 8, 9)], 3)
    assert safe.show(frame) is True and safe.pixels is frame and safe._strip.pixels is frame
    assert safe.show(_frame([(1, 2, 3), (40, 50, 60), (7, 8, 9)], 3)) is True
    assert wire[-2:] == [bytes([2, 1, 3, 5, 4, 6, 8, 7, 9]), bytes([2, 1, 3, 50, 40, 60, 8, 7, 9])]
