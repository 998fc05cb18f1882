"""The GPIO buttons through the real gpiozero code on MockFactory pins: debounce, hold, stuck."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_host.config import Pins
from firmware_host.inputs import BUTTONS, ButtonHeld, ButtonPressed, DeviceStatus
from firmware_host.io.buttons import Buttons, ButtonState

PINS = Pins().as_dict()
DEBOUNCE, HOLD, STUCK = 0.030, 1.0, 10.0


@pytest.fixture
def buttons(mock_factory, sink, clock):
    b = Buttons(PINS, sink, debounce_ms=30, hold_ms=1000, stuck_s=10.0, pin_factory=mock_factory, clock=clock)
    yield b
    b.close()


def pin(factory, button):
    return factory.pin(PINS[button])


def settle(buttons, clock, seconds=DEBOUNCE + 0.001):
    clock.advance(seconds)
    buttons.wake()


def barrier(buttons, factory, clock, sink):
    """Press and release OK; every input due before it has been delivered once it arrives."""
    p = pin(factory, "ok")
    p.drive_low()
    settle(buttons, clock)
    got = sink.until(lambda i: i == ButtonPressed("ok"))
    p.drive_high()
    settle(buttons, clock)
    return got[:-1]


def released(buttons, button):
    """Wait until the worker thread has taken ``button``'s release (it makes no input to wait
    for); the bound is for another thread, not a measurement."""
    deadline = time.monotonic() + 5
    while buttons.is_pressed(button):
        assert time.monotonic() < deadline, f"{button} never released"
        time.sleep(0.001)


def test_all_eight_buttons_use_pull_ups_and_report_their_names(buttons, mock_factory, sink, clock):
    for name in BUTTONS:
        assert mock_factory.pin(PINS[name]).pull == "up"
    for name in BUTTONS:
        p = pin(mock_factory, name)
        p.drive_low()
        settle(buttons, clock)
        p.drive_high()
        settle(buttons, clock)
        assert sink.next() == ButtonPressed(name)


def test_bouncing_press_and_release_count_once(buttons, mock_factory, sink, clock):
    p = pin(mock_factory, "bowl3")
    for _ in range(5):             # contact bounce: edges a few ms apart
        p.drive_low()
        clock.advance(0.002)
        p.drive_high()
        clock.advance(0.002)
    p.drive_low()
    settle(buttons, clock)
    assert sink.next() == ButtonPressed("bowl3")
    for _ in range(5):
        p.drive_high()
        clock.advance(0.002)
        p.drive_low()
        clock.advance(0.002)
    p.drive_high()
    settle(buttons, clock)
    assert barrier(buttons, mock_factory, clock, sink) == []


def test_a_press_is_reported_at_its_first_edge_without_waiting(buttons, mock_factory, sink, clock):
    """The first edge after a quiet line is acted on at once: the clock has not moved."""
    p = pin(mock_factory, "bowl5")
    p.drive_low()
    assert sink.next() == ButtonPressed("bowl5")
    assert buttons.is_pressed("bowl5")
    clock.advance(0.2)
    p.drive_high()                 # the release is taken at its first edge too (no input)
    assert not buttons.is_pressed("bowl5")
    assert barrier(buttons, mock_factory, clock, sink) == []


def test_bounces_in_the_window_after_the_edge_are_ignored(buttons, mock_factory, sink, clock):
    p = pin(mock_factory, "bowl2")
    p.drive_low()
    assert sink.next() == ButtonPressed("bowl2")
    for _ in range(20):            # 80 ms of bounce: each edge restarts the quiet window
        p.drive_high()
        clock.advance(0.002)
        p.drive_low()
        clock.advance(0.002)
    settle(buttons, clock)
    assert buttons.is_pressed("bowl2") and sink.pending() == []
    p.drive_high()
    settle(buttons, clock)
    assert barrier(buttons, mock_factory, clock, sink) == []


def test_a_spike_counts_once_and_its_end_is_taken_when_the_line_is_quiet(buttons, mock_factory, sink, clock):
    """A spike shorter than the window is a press (the first edge acts); the line it falls back
    to is taken once quiet, so the next press counts again."""
    p = pin(mock_factory, "bowl1")
    p.drive_low()
    clock.advance(DEBOUNCE / 2)
    p.drive_high()
    assert buttons.is_pressed("bowl1")          # still the level acted on
    settle(buttons, clock)
    assert barrier(buttons, mock_factory, clock, sink) == [ButtonPressed("bowl1")]
    released(buttons, "bowl1")
    p.drive_low()
    assert sink.next() == ButtonPressed("bowl1")


def test_a_press_inside_the_window_of_a_bounce_is_taken_once_the_line_is_quiet(buttons, mock_factory, sink, clock):
    """Released, then pressed again 10 ms later (a bounce as far as the line can tell): not lost,
    taken when the line has been quiet for the window."""
    p = pin(mock_factory, "bowl4")
    p.drive_low()
    assert sink.next() == ButtonPressed("bowl4")
    settle(buttons, clock)
    p.drive_high()
    clock.advance(0.010)
    p.drive_low()
    assert sink.pending() == []
    settle(buttons, clock)
    assert sink.next() == ButtonPressed("bowl4")


def test_undo_short_press_reports_on_release(buttons, mock_factory, sink, clock):
    p = pin(mock_factory, "undo")
    p.drive_low()
    settle(buttons, clock, 0.3)
    assert barrier(buttons, mock_factory, clock, sink) == []     # not yet: it might become a hold
    p.drive_high()
    settle(buttons, clock)
    assert sink.next() == ButtonPressed("undo")


def test_undo_held_opens_the_menu_once_and_its_release_is_no_press(buttons, mock_factory, sink, clock):
    p = pin(mock_factory, "undo")
    p.drive_low()
    settle(buttons, clock, HOLD + 0.01)
    assert sink.next() == ButtonHeld("undo")
    settle(buttons, clock, 2.0)
    p.drive_high()
    settle(buttons, clock)
    assert barrier(buttons, mock_factory, clock, sink) == []


def test_undo_short_press_is_reported_at_the_first_edge_of_its_release(buttons, mock_factory, sink, clock):
    p = pin(mock_factory, "undo")
    p.drive_low()
    settle(buttons, clock, 0.2)
    p.drive_high()
    assert sink.next() == ButtonPressed("undo")             # the clock has not moved
    for _ in range(5):                                       # the release bounces: nothing more
        clock.advance(0.002)
        p.drive_low()
        clock.advance(0.002)
        p.drive_high()
    settle(buttons, clock)
    assert barrier(buttons, mock_factory, clock, sink) == []


def test_bounce_of_the_undo_press_does_not_restart_the_hold(buttons, mock_factory, sink, clock):
    p = pin(mock_factory, "undo")
    p.drive_low()
    for _ in range(5):             # the press bounces; the hold counts from its first edge
        clock.advance(0.002)
        p.drive_high()
        clock.advance(0.002)
        p.drive_low()
    settle(buttons, clock, HOLD - 0.02 + 0.001)
    assert sink.next() == ButtonHeld("undo")


def test_a_glitch_during_a_hold_is_a_release_and_the_hold_starts_again(buttons, mock_factory, sink, clock):
    """The price of acting on the first edge: an open contact in the middle of a hold cannot
    be told from a release, so it is one (a short UNDO press); the contact closing again
    within the window is a bounce, taken once quiet as a new press whose hold counts from then."""
    p = pin(mock_factory, "undo")
    p.drive_low()
    settle(buttons, clock, 0.6)
    p.drive_high()                 # a 2 ms glitch in the middle of the hold
    assert sink.next() == ButtonPressed("undo")
    clock.advance(0.002)
    p.drive_low()
    settle(buttons, clock, 0.45)
    assert sink.pending() == []
    settle(buttons, clock, HOLD)
    assert sink.next() == ButtonHeld("undo")


def test_stuck_button_is_reported_once_and_its_release_is_no_press(buttons, mock_factory, sink, clock):
    p = pin(mock_factory, "bowl2")
    p.drive_low()
    settle(buttons, clock)
    assert sink.next() == ButtonPressed("bowl2")
    settle(buttons, clock, STUCK)
    status = sink.next()
    assert isinstance(status, DeviceStatus) and status.device == "buttons" and not status.ok
    assert "bowl 2" in status.message
    settle(buttons, clock, 60.0)   # held for another minute: nothing more
    assert barrier(buttons, mock_factory, clock, sink) == []
    p.drive_high()
    settle(buttons, clock)
    back = sink.next()
    assert isinstance(back, DeviceStatus) and back.ok
    assert barrier(buttons, mock_factory, clock, sink) == []


def test_freeing_one_of_two_stuck_buttons_still_reports_the_other(buttons, mock_factory, sink, clock):
    a, b = pin(mock_factory, "bowl1"), pin(mock_factory, "bowl2")
    a.drive_low()
    b.drive_low()
    settle(buttons, clock, STUCK + 1)
    got = sink.until(lambda i: isinstance(i, DeviceStatus) and "bowl 2" in i.message)
    assert [i for i in got if isinstance(i, DeviceStatus)][0].message.count("bowl 1") == 1
    a.drive_high()
    settle(buttons, clock)
    still = sink.next()
    assert isinstance(still, DeviceStatus) and not still.ok and "bowl 2" in still.message
    b.drive_high()
    settle(buttons, clock)
    assert sink.next().ok


def test_button_down_at_start_never_presses_and_is_reported_stuck(sink, clock):
    from gpiozero.pins.mock import MockFactory, MockPin

    class ShortedOk(MockPin):
        """OK's contacts are closed at power-on: the pull-up cannot lift it."""

        def _set_pull(self, value):
            super()._set_pull(value)
            if self.info.name == f"GPIO{PINS['ok']}":
                self.drive_low()

    mock_factory = MockFactory(pin_class=ShortedOk)
    b = Buttons(PINS, sink, pin_factory=mock_factory, clock=clock)
    try:
        settle(b, clock, STUCK)
        status = sink.next()
        assert isinstance(status, DeviceStatus) and not status.ok and "OK" in status.message
        pin(mock_factory, "ok").drive_high()
        settle(b, clock)
        assert sink.next().ok
        p = pin(mock_factory, "bowl6")
        p.drive_low()
        settle(b, clock)
        assert sink.next() == ButtonPressed("bowl6")
    finally:
        b.close()
        mock_factory.close()


def test_real_clock_press_arrives(mock_factory, sink):
    """The default monotonic clock: the worker's own timeout delivers the settled press."""
    b = Buttons(PINS, sink, debounce_ms=5, pin_factory=mock_factory)
    try:
        pin(mock_factory, "bowl4").drive_low()
        assert sink.next() == ButtonPressed("bowl4")
    finally:
        b.close()


def test_close_releases_the_pins_so_they_can_be_claimed_again(mock_factory, sink, clock):
    b = Buttons(PINS, sink, pin_factory=mock_factory, clock=clock)
    b.close()
    b.close()
    again = Buttons(PINS, sink, pin_factory=mock_factory, clock=clock)
    again.close()


def test_a_pin_that_cannot_be_claimed_leaves_nothing_claimed(mock_factory, sink, clock):
    from gpiozero import Button, GPIOPinInUse

    squatter = Button(PINS["ok"], pin_factory=mock_factory)
    with pytest.raises(GPIOPinInUse):
        Buttons(PINS, sink, pin_factory=mock_factory, clock=clock)
    squatter.close()
    Buttons(PINS, sink, pin_factory=mock_factory, clock=clock).close()


# ---------------------------------------------------------------- the state machine itself

edges = st.lists(st.floats(min_value=0.0001, max_value=0.0099), min_size=0, max_size=12)


@settings(max_examples=200, deadline=None)
@given(bounce_in=edges, bounce_out=edges, down=st.floats(min_value=0.05, max_value=0.8), worker=st.booleans())
def test_property_any_bounce_shorter_than_debounce_gives_one_press(bounce_in, bounce_out, down, worker):
    """Whatever the bounce pattern (each gap < debounce), a short press is exactly one input,
    whether the timer thread runs between edges (``worker``) or only after the last one."""
    for button, holdable in (("bowl1", False), ("undo", True)):
        s = ButtonState(button, DEBOUNCE, HOLD, STUCK, holdable=holdable)
        now, level, out = 0.0, False, []

        def step(dt, new_level, s=s, out=out):   # bound: each button has its own
            nonlocal now, level
            # visit every deadline on the way, as the worker thread would
            target = now + dt
            while worker and (d := s.deadline()) is not None and d <= target:
                out.extend(s.tick(d))
            now = target
            level = new_level
            out.extend(s.edge(level, now))

        for gap in bounce_in:
            step(gap, not level)
        step(0.001, True)
        step(down, True)
        for gap in bounce_out:
            step(gap, not level)
        step(0.001, False)
        step(1.0, False)
        out.extend(s.tick(now))
        assert out == [ButtonPressed(button)], (button, out)
