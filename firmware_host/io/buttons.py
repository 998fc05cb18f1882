"""The eight buttons (six bowls, OK, UNDO) on GPIO with gpiozero, debounced by us.

Each button closes its GPIO to ground against the Pi's internal pull-up (hardware/wiring.md).
gpiozero reports raw edges; debounce, hold and the stuck-button guard are ours, because
gpiozero's ``bounce_time`` is ignored by its ``MockFactory`` (so it could not be tested) and
its hold timer knows nothing of bounces.

* A level counts once it has held for ``debounce_ms`` (shorter spikes and bounces vanish).
* Buttons that can be held (UNDO: held = menu) report :class:`ButtonPressed` on release if
  released before ``hold_ms``, else :class:`ButtonHeld` once at ``hold_ms``; the others report
  :class:`ButtonPressed` as soon as the press has settled.
* A button down for ``stuck_s`` is reported once as ``DeviceStatus("buttons", False, ...)``;
  its release then reports ``ok=True`` and counts as no press. A button already down when
  the adapter starts is treated the same way (it never produces a press).
"""

from __future__ import annotations

import logging
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
    a late timer thread never loses a press.
    """

    button: str
    debounce: float
    hold: float
    stuck: float
    holdable: bool = False
    raw: bool = False
    raw_since: float = 0.0
    stable: bool = False
    pressed_at: float = 0.0
    done: bool = False            # this press already produced its input (or never will)
    stuck_reported: bool = False

    @classmethod
    def started(cls, button: str, pressed: bool, now: float, **timing: Any) -> ButtonState:
        """The state of a button found ``pressed`` (or not) when the adapter starts."""
        return cls(button, raw=pressed, raw_since=now, stable=pressed, pressed_at=now, done=pressed, **timing)

    def edge(self, pressed: bool, now: float) -> list[Input]:
        out = self.tick(now)
        if pressed != self.raw:
            self.raw, self.raw_since = pressed, now
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
        if self.raw != self.stable and now >= self.raw_since + self.debounce:
            self.stable = self.raw
            if self.stable:
                self.pressed_at, self.done = self.raw_since, not self.holdable
                if not self.holdable:
                    out.append(ButtonPressed(self.button))
            else:
                if self.stuck_reported:
                    out.append(DeviceStatus("buttons", True,
                                            _("The {button} button was released.").format(
                                                button=button_label(self.button))))
                elif not self.done:
                    out.append(ButtonPressed(self.button))
                self.done, self.stuck_reported = False, False
        if self.stable:
            if self.holdable and not self.done and now >= self.pressed_at + self.hold:
                self.done = True
                out.append(ButtonHeld(self.button))
            if not self.stuck_reported and now >= self.pressed_at + self.stuck:
                self.stuck_reported = True
                out.append(stuck_status(self.button))
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
        self._outbox: list[Input] = []       # settled by an edge, for the worker to deliver
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
                self._outbox += self._states[name].edge(pressed, self._clock())
                self._cond.notify()
        return on_edge

    def wake(self) -> None:
        """Re-check the deadlines now (after a test moved its fake clock)."""
        with self._cond:
            self._cond.notify()

    def _run(self) -> None:
        while True:
            with self._cond:
                if self._stop:
                    return
                now = self._clock()
                due, self._outbox = self._outbox, []
                for state in self._states.values():
                    due += state.tick(now)
                due = [self._overall(inp) for inp in due]
                if not due:
                    deadlines = [d for d in (s.deadline() for s in self._states.values()) if d is not None]
                    self._cond.wait(max(0.0, min(deadlines) - now) if deadlines else None)
                    continue
            for inp in due:   # outside the lock: the sink may take its time
                try:
                    self._sink(inp)
                except Exception:
                    log.exception("input sink failed for %s", inp)

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
