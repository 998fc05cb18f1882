"""Shared fixtures for the hardware adapters: gpiozero's mock pins, a collecting sink, a fake clock."""

from __future__ import annotations

import queue
import threading

import pytest

WAIT_S = 5.0          # upper bound for waiting on another thread's report, never asserted on


class Collected:
    """An InputSink that keeps what it is given, thread-safe; ``next()`` waits for the next."""

    def __init__(self) -> None:
        self.q: queue.Queue = queue.Queue()
        self.seen: list = []

    def __call__(self, inp) -> None:
        self.q.put(inp)

    def next(self, timeout: float = WAIT_S):
        inp = self.q.get(timeout=timeout)
        self.seen.append(inp)
        return inp

    def until(self, predicate, timeout: float = WAIT_S):
        """Inputs up to and including the first one for which ``predicate`` is true."""
        out = []
        while True:
            inp = self.next(timeout)
            out.append(inp)
            if predicate(inp):
                return out

    def pending(self) -> list:
        out = []
        while True:
            try:
                out.append(self.q.get_nowait())
            except queue.Empty:
                return out


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0
        self._lock = threading.Lock()

    def __call__(self) -> float:
        with self._lock:
            return self.now

    def advance(self, seconds: float) -> None:
        with self._lock:
            self.now += seconds


@pytest.fixture
def sink() -> Collected:
    return Collected()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def mock_factory():
    from gpiozero.pins.mock import MockFactory

    factory = MockFactory()
    yield factory
    factory.reset()
    factory.close()
