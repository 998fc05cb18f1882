"""The eight buttons (six bowls, OK, UNDO) on GPIO with gpiozero, debounced by us.

Each button closes its GPIO to ground against the Pi's internal pull-up (hardware/wiring.md).
gpiozero reports raw edges; debounce, hold and the stuck-button guard are ours, because
gpiozero's ``bounce_time`` is ignored by its ``MockFactory`` (so it could not be tested) and
its hold timer knows nothing of bounces.

* A change of level is acted on at its FIRST edge, as long as the contact had been quiet for
  ``debounce_ms`` before it; the bounces that follow are ignored until the line has been
  quiet for ``debounce_ms`` again. If the level it then rests at differs from the one acted on
  (a release during the bounce), that level is taken then. So a press costs no waiting, and a
  bouncing press or release still counts once. The price: a spike on an idle line counts as a
  press (the wiring keeps the lines short, with the Pi's pull-ups; hardware/wiring.md).
* Buttons that can be held (UNDO: held = menu) report :class:`ButtonPressed` at the release if
  released before ``hold_ms``, else :class:`ButtonHeld` once at ``hold_ms``; the others report
  :class:`ButtonPressed` at the press. A release during a hold is taken at its first edge too.
* A button down for ``stuck_s`` is reported once as ``DeviceStatus("buttons", False, ...)``;
  its release then reports ``ok=True`` and counts as no press. A button already down when
  the adapter starts is treated the same way (it never produces a press).
* Inputs decided by an edge are delivered from the thread that reported the edge (gpiozero's),
  at once; those due at a time (a hold, a stuck button, the level after a bounce) from the
  adapter's own thread. One lock keeps them in order.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..i18n import _
from ..inputs import ButtonHeld, ButtonPressed, DeviceStatus, Input, InputSink

log = logging.getLogger(__name__)

HOLDABLE = ("undo",)


def button_label(button: str) -> str:
    """The name players see on the box: "bowl 3", "OK", "UNDO"."""
    if button.startswith("bowl"):
        return _("bowl {n}").format(n=button[4:])
    return {"ok": _("OK"), "undo": _("UNDO")}.get(button, button)


def stuck_status(button: str) -> DeviceStatus:
    return DeviceStatus("buttons", False, _("The {button} button is stuck down: free it or check its wiring.").format(
        button=button_label(button)))


@dataclass
class ButtonState:
    """One button's debounce/hold/stuck state machine: pure, driven by timestamps (seconds).

    Feed raw levels with :meth:`edge`, and call :meth:`tick` at (or after) :meth:`deadline`;
    both return the inputs that became due. An edge first settles what was due before it, so
    a late timer thread never loses a press. ``raw_since``: when the raw level last changed
    (the line is quiet ``debounce`` after it); ``stable``: the level acted on.
    """

    button: str
    debounce: float
    hold: float
    stuck: float
    holdable: bool = False
    raw: bool = False
    raw_since: float = -math.inf
    stable: bool = False
    pressed_at: float = 0.0
    done: bool = False            # this press already produced its input (or never will)
    stuck_reported: bool = False

    @classmethod
    def started(cls, button: str, pressed: bool, now: float, **timing: Any) -> ButtonState:
        """The state of a button found ``pressed`` (or not) when the adapter starts: a released
        one is quiet (its first press acts at once), a pressed one never makes a press."""
        return cls(button, raw=pressed, raw_since=now if pressed else -math.inf, stable=pressed, pressed_at=now,
                   done=pressed, **timing)

    def quiet(self, now: float) -> bool:
        """No edge for ``debounce`` seconds: the next edge is a change, not a bounce."""
        return now >= self.raw_since + self.debounce

    def edge(self, pressed: bool, now: float) -> list[Input]:
        out = self.tick(now)
        if pressed == self.raw:
            return out
        was_quiet = self.quiet(now)
        self.raw, self.raw_since = pressed, now
        if was_quiet and self.raw != self.stable:      # the first edge of a change: act now
            out += self._take(now)
        return out

    def deadline(self) -> float | None:
        """When :meth:`tick` next has something to decide; ``None`` = only after an edge."""
        due = []
        if self.raw != self.stable:
            due.append(self.raw_since + self.debounce)
        if self.stable:
            if self.holdable and not self.done:
                due.append(self.pressed_at + self.hold)
            if not self.stuck_reported:
                due.append(self.pressed_at + self.stuck)
        return min(due) if due else None

    def tick(self, now: float) -> list[Input]:
        out: list[Input] = []
        if self.raw != self.stable and self.quiet(now):   # the bounce ended on the other level
            out += self._take(self.raw_since)
        if self.stable:
            if self.holdable and not self.done and now >= self.pressed_at + self.hold:
                self.done = True
                out.append(ButtonHeld(self.button))
            if not self.stuck_reported and now >= self.pressed_at + self.stuck:
                self.stuck_reported = True
                out.append(stuck_status(self.button))
        return out

    def _take(self, at: float) -> list[Input]:
        """Act on the raw level, which began at ``at``."""
        self.stable = self.raw
        if self.stable:
            self.pressed_at, self.done = at, not self.holdable
            return [] if self.holdable else [ButtonPressed(self.button)]
        out: list[Input] = []
        if self.stuck_reported:
            out.append(DeviceStatus("buttons", True, _("The {button} button was released.").format(
                button=button_label(self.button))))
        elif not self.done:
            out.append(ButtonPressed(self.button))
        self.done, self.stuck_reported = False, False
        return out


class Buttons:
    """The eight GPIO buttons; inputs go to ``sink`` from this adapter's own thread.

    ``pins``: button name -> BCM pin (``Config.pins.as_dict()``). ``pin_factory``: a gpiozero
    pin factory (``None`` = gpiozero's default: lgpio on a Pi, ``MockFactory`` in tests).
    ``clock``: seconds, monotonic (tests pass a fake one and call :meth:`wake` after moving it).
    Raises whatever gpiozero raises when a pin cannot be claimed (``gpiozero.GPIOZeroError``,
    ``OSError``); nothing is left claimed then. Call :meth:`close` to release the pins.
    """

    def __init__(self, pins: Mapping[str, int], sink: InputSink, *, debounce_ms: int = 30, hold_ms: int = 1000,
                 stuck_s: float = 10.0, pin_factory: Any = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        from gpiozero import DigitalInputDevice

        self._sink = sink
        self._clock = clock
        self._cond = threading.Condition()
        self._turn = threading.Condition()   # deliveries in the order they were decided
        self._tickets = self._serving = 0
        self._stop = False
        self._devices: dict[str, Any] = {}
        timing = {"debounce": debounce_ms / 1000, "hold": hold_ms / 1000, "stuck": stuck_s}
        try:
            for name, pin in pins.items():
                # not gpiozero's Button: its hold thread is unused here and slows closing
                self._devices[name] = DigitalInputDevice(pin, pull_up=True, bounce_time=None, pin_factory=pin_factory)
        except BaseException:
            self._close_devices()
            raise
        now = clock()
        self._states = {name: ButtonState.started(name, dev.is_active, now, holdable=name in HOLDABLE, **timing)
                        for name, dev in self._devices.items()}
        for name, dev in self._devices.items():
            dev.when_activated = self._edge_handler(name, True)
            dev.when_deactivated = self._edge_handler(name, False)
        self._thread = threading.Thread(target=self._run, name="buttons", daemon=True)
        self._thread.start()

    def _edge_handler(self, name: str, pressed: bool) -> Callable[[], None]:
        def on_edge() -> None:   # gpiozero's callback thread (the caller's own, under MockFactory)
            with self._cond:
                due = [self._overall(inp) for inp in self._states[name].edge(pressed, self._clock())]
                ticket = self._ticket(due)
                self._cond.notify()      # the worker's deadlines changed
            self._deliver(ticket, due)
        return on_edge

    def _ticket(self, due: list[Input]) -> int:
        """A place in the delivery order, taken under ``_cond`` when ``due`` was decided."""
        if not due:
            return -1
        self._tickets += 1
        return self._tickets - 1

    def _deliver(self, ticket: int, due: list[Input]) -> None:
        """Hand ``due`` to the sink in its turn, outside ``_cond`` (the sink may take its time)."""
        if ticket < 0:
            return
        with self._turn:
            self._turn.wait_for(lambda: self._serving == ticket)
            try:
                for inp in due:
                    try:
                        self._sink(inp)
                    except Exception:
                        log.exception("input sink failed for %s", inp)
            finally:
                self._serving += 1
                self._turn.notify_all()

    def wake(self) -> None:
        """Re-check the deadlines now (after a test moved its fake clock)."""
        with self._cond:
            self._cond.notify()

    def is_pressed(self, button: str) -> bool:
        """Whether ``button`` is down now, debounced (the level last acted on).
        Read-only: the self-test uses it to see each button released as well as pressed."""
        with self._cond:
            return self._states[button].stable

    def _run(self) -> None:
        """The inputs due at a time: a hold, a stuck button, the level a bounce ended on."""
        while True:
            with self._cond:
                if self._stop:
                    return
                now = self._clock()
                due: list[Input] = []
                for state in self._states.values():
                    due += state.tick(now)
                due = [self._overall(inp) for inp in due]
                if not due:
                    deadlines = [d for d in (s.deadline() for s in self._states.values()) if d is not None]
                    self._cond.wait(max(0.0, min(deadlines) - now) if deadlines else None)
                    continue
                ticket = self._ticket(due)
            self._deliver(ticket, due)

    def _overall(self, inp: Input) -> Input:
        """One button freed while another is still stuck: the buttons are not all well yet."""
        if isinstance(inp, DeviceStatus) and inp.ok:
            stuck = [s.button for s in self._states.values() if s.stuck_reported]
            if stuck:
                return stuck_status(stuck[0])
        return inp

    def close(self) -> None:
        """Stop the thread and release the pins. Safe to call twice."""
        with self._cond:
            self._stop = True
            self._cond.notify()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join()
        self._close_devices()

    def _close_devices(self) -> None:
        for dev in self._devices.values():
            dev.close()
        self._devices.clear()
