"""The LED writer thread: the caller hands over a frame and goes on; the newest frame is
written, the ones it replaced are dropped; the real NeoPixel class behind it still puts GRB
bytes on the wire. No timing is asserted: a blocked write is held by an event."""

from __future__ import annotations

import threading

import pytest

from firmware_host.io.leds import NeoPixelStrip, SafeStrip, StripWriter

WAIT_S = 5.0          # upper bound for waiting on the writer thread, never asserted on


class GatedStrip:
    """A strip whose writes wait for :attr:`gate` (a write on the wire that takes its time)."""

    def __init__(self, count: int = 2) -> None:
        self.count = count
        self.gate = threading.Event()
        self.started = threading.Event()
        self.shown: list[tuple] = []
        self.closed = False

    def show(self, pixels) -> bool:
        self.started.set()
        assert self.gate.wait(WAIT_S)
        self.shown.append(tuple(pixels))
        return True

    def close(self) -> None:
        self.closed = True


def frame(n: int) -> list[tuple[int, int, int]]:
    return [(n, 0, 0), (0, 0, n)]


def test_show_returns_while_the_write_is_still_on_the_wire():
    inner = GatedStrip()
    writer = StripWriter(inner)
    try:
        assert writer.show(frame(1)) is True          # returns although the write is blocked
        assert inner.started.wait(WAIT_S)
        assert inner.shown == []
        assert writer.pixels == tuple(frame(1)) and writer.version == 1
    finally:
        inner.gate.set()
        writer.stop()
    assert inner.shown == [tuple(frame(1))]


def test_frames_given_during_a_write_are_dropped_but_the_newest():
    inner = GatedStrip()
    writer = StripWriter(inner)
    writer.show(frame(1))
    assert inner.started.wait(WAIT_S)                 # frame 1 is on the wire
    for n in (2, 3, 4):
        writer.show(frame(n))
    assert writer.pixels == tuple(frame(4)) and writer.version == 4
    inner.gate.set()
    assert writer.flush(WAIT_S)
    assert inner.shown == [tuple(frame(1)), tuple(frame(4))]
    assert (writer.written, writer.dropped) == (2, 2)
    writer.stop()


def test_an_unchanged_frame_is_not_handed_over():
    inner = GatedStrip()
    inner.gate.set()
    writer = StripWriter(inner)
    assert writer.show(frame(5)) is True
    assert writer.show(frame(5)) is False
    writer.flush(WAIT_S)
    assert inner.shown == [tuple(frame(5))] and writer.version == 1
    writer.stop()


def test_a_malformed_frame_is_refused_in_the_callers_thread():
    inner = GatedStrip()
    writer = StripWriter(inner)
    with pytest.raises(ValueError):
        writer.show([(0, 0, 0)])
    with pytest.raises(ValueError):
        writer.show([(300, 0, 0), (0, 0, 0)])
    writer.stop()
    assert inner.shown == []


def test_stop_writes_the_pending_frame_and_leaves_the_strip_open_close_closes_it():
    inner = GatedStrip()
    writer = StripWriter(inner)
    writer.show(frame(1))
    assert inner.started.wait(WAIT_S)
    writer.show(frame(2))
    inner.gate.set()
    writer.stop()
    writer.stop()
    assert inner.shown[-1] == tuple(frame(2)) and not inner.closed
    StripWriter(inner).close()
    assert inner.closed


def test_a_write_that_raises_does_not_end_the_thread(caplog):
    class Failing:
        count = 2

        def __init__(self):
            self.calls = 0

        def show(self, pixels):
            self.calls += 1
            if self.calls == 1:
                raise OSError("strip gone")
            return True

        def close(self):
            pass

    inner = Failing()
    writer = StripWriter(inner)
    writer.show(frame(1))
    assert writer.flush(WAIT_S)
    writer.show(frame(2))
    assert writer.flush(WAIT_S)
    writer.stop()
    assert inner.calls == 2 and "LED strip write failed" in caplog.text


def test_the_real_neopixel_path_behind_the_writer_and_safe_strip(monkeypatch, sink):
    """As on the Pi: StripWriter(SafeStrip(NeoPixelStrip)): GRB bytes reach the data line
    from the writer's thread; the strip's status reaches the sink."""
    import board
    import neopixel

    wire: list[tuple[bytes, str]] = []
    monkeypatch.setattr(neopixel, "neopixel_write",
                        lambda pin, buf: wire.append((bytes(buf), threading.current_thread().name)))
    safe = SafeStrip(lambda: NeoPixelStrip(10, 2, brightness=1.0, pin_object=board.Dx_OUTPUT), 2, sink)
    assert sink.next().ok
    writer = StripWriter(safe)
    writer.show([(255, 0, 0), (1, 2, 3)])
    assert writer.flush(WAIT_S)
    writer.close()
    sent = [w for w in wire if w[0] != bytes(6)]
    assert sent == [(bytes([0, 255, 0, 2, 1, 3]), "leds")]


def test_a_neopixel_strip_encodes_only_the_leds_that_changed_but_sends_them_all(monkeypatch):
    import board
    import neopixel

    wire: list[bytes] = []
    monkeypatch.setattr(neopixel, "neopixel_write", lambda pin, buf: wire.append(bytes(buf)))
    strip = NeoPixelStrip(10, 3, brightness=1.0, pin_object=board.Dx_OUTPUT)
    set_items: list[object] = []
    driver = strip._np
    setitem = type(driver).__setitem__
    monkeypatch.setattr(type(driver), "__setitem__", lambda np, i, v: set_items.append(i) or setitem(np, i, v))
    strip.show([(1, 2, 3), (4, 5, 6), (7, 8, 9)])
    strip.show([(1, 2, 3), (40, 50, 60), (7, 8, 9)])
    assert set_items[1:] == [1]                                  # the first frame whole, then LED 1 alone
    assert wire == [bytes([2, 1, 3, 5, 4, 6, 8, 7, 9]), bytes([2, 1, 3, 50, 40, 60, 8, 7, 9])]


def test_a_refused_frame_leaves_the_thread_ready_for_the_next():
    """A refused frame hands nothing over; the thread still writes the next good frame."""
    inner = GatedStrip()
    inner.gate.set()
    writer = StripWriter(inner)
    for bad in ([(0, 0, 0)], [(0, 0, 256), (0, 0, 0)], [(0, 0), (0, 0, 0, 0)]):
        with pytest.raises(ValueError):
            writer.show(bad)
        assert writer.flush(WAIT_S) and inner.shown == []
    assert writer.show(frame(7)) is True
    assert writer.flush(WAIT_S)
    writer.stop()
    assert inner.shown == [tuple(frame(7))] and writer.version == 1


def test_a_stream_of_frames_ends_with_the_newest_written_and_every_frame_accounted_for():
    """Frames handed over as fast as the caller can, with a wait now and then: each one is
    written or dropped for a newer one, and the last one written is the last one given."""
    inner = GatedStrip()
    inner.gate.set()
    writer = StripWriter(inner)
    for n in range(1, 301):
        assert writer.show(frame(n % 256)) is True
        if n % 37 == 0:
            assert writer.flush(WAIT_S)
    assert writer.flush(WAIT_S)
    writer.stop()
    assert inner.shown[-1] == tuple(frame(300 % 256))
    assert writer.written + writer.dropped == 300 == writer.version
    assert writer.written == len(inner.shown)
