"""NFC: the PN532 reader on the Pi's UART and a simulated reader.

:class:`NfcReader` polls a PN532 over HSU (pyserial + adafruit-circuitpython-pn532) on its
own thread and reports each touch once as :class:`TagRead`: a tag resting on the reader is
not repeated, and a tag counts as gone only after ``absent_polls`` polls in a row without
it, so a tag swiped twice quickly is two touches only if it really left the field. Losing
the reader (no answer, or the port gone) and finding it again are reported as
``DeviceStatus("nfc", ...)``; the thread keeps trying to reopen it and never dies.
The tag registry (what each UID stands for) is :mod:`firmware_host.tags`.
"""

from __future__ import annotations

import logging
import select
import threading
import time
from collections.abc import Callable
from typing import Any

from ..i18n import _
from ..inputs import DeviceStatus, InputSink, TagRead, normalize_uid

log = logging.getLogger(__name__)


def frame_end(data: bytes | bytearray) -> int | None:
    """The length of the PN532 frame at the start of ``data`` (preamble ``00``, start code
    ``00 FF``, ``LEN LCS``, ``LEN`` bytes, ``DCS``, postamble ``00``; the ACK ``00 00 FF 00 FF
    00``), ``None`` while its header has not all arrived."""
    start = data.find(b"\x00\xff")
    if start < 0 or len(data) < start + 4:
        return None
    length, check = data[start + 2], data[start + 3]
    if length == 0 and check == 0xFF:               # ACK
        return start + 5
    return start + 4 + length + 2


class FrameReads:
    """A pyserial port as the PN532 driver should read it: ``read(n)`` returns as soon as one
    whole frame is in (or ``n`` bytes, or the port's timeout), and ``in_waiting`` waits up to
    :data:`ANSWER_WAIT_S` for a first byte. The driver reads every answer as "up to 64 bytes",
    and pyserial's read waits for all of them: each tag read sat out the whole 50 ms timeout
    after a 20-byte answer (tools.bench measured 57 ms from the tag's answer to the input); and
    it looks for the chip's ACK every 10 ms (``time.sleep(0.01)`` between looks), so a tag
    already on the reader when a poll began waited 10 ms more. Everything else is the port's."""

    ANSWER_WAIT_S = 0.01    # the driver's own pause between looks: no look takes longer

    def __init__(self, port: Any) -> None:
        self._port = port

    def __getattr__(self, name: str) -> Any:
        return getattr(self._port, name)

    @property
    def in_waiting(self) -> int:
        waiting = int(self._port.in_waiting)
        if not waiting:
            select.select([self._port.fileno()], [], [], self.ANSWER_WAIT_S)
            waiting = int(self._port.in_waiting)
        return waiting

    def read(self, size: int = 1) -> bytes:
        port = self._port
        timeout = port.timeout
        deadline = None if timeout is None else time.monotonic() + timeout
        data = bytearray()
        while len(data) < size:
            waiting = port.in_waiting
            if waiting:
                data += port.read(min(waiting, size - len(data)))
                end = frame_end(data)
                if end is not None and len(data) >= end:
                    break
                continue
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                break
            select.select([port.fileno()], [], [], left)
        return bytes(data)


class NfcReader:
    """The PN532 poll loop. Starts its thread at construction; :meth:`close` stops it.

    ``port``: the serial device (``/dev/serial0``). ``poll_timeout``: seconds each poll waits
    for a tag (also the reader's answer time-out). ``absent_polls``: empty polls in a row
    after which a tag has left. ``retry_s``: pause between attempts to reopen a lost reader.
    ``lost_after``: polls in a row without a valid answer after which the reader is lost.
    ``pn532_factory``: ``serial -> PN532`` (default ``adafruit_pn532.uart.PN532_UART``).
    """

    def __init__(self, port: str, sink: InputSink, *, baudrate: int = 115200, poll_timeout: float = 0.15,
                 absent_polls: int = 2, retry_s: float = 2.0, lost_after: int = 3,
                 pn532_factory: Callable[[Any], Any] | None = None) -> None:
        self.port = port
        self._sink = sink
        self._baudrate = baudrate
        self._poll_timeout = poll_timeout
        self._absent_polls = absent_polls
        self._retry_s = retry_s
        self._lost_after = lost_after
        self._factory = pn532_factory
        self._stop = threading.Event()
        self._serial: Any = None
        self._pn532: Any = None
        self._ok: bool | None = None         # None until the first open attempt has decided
        self._present: str | None = None     # the tag on the reader now
        self._misses = 0
        self._failures = 0
        self._thread = threading.Thread(target=self._run, name="nfc", daemon=True)
        self._thread.start()

    @property
    def ok(self) -> bool | None:
        """``True`` = reader answering, ``False`` = lost, ``None`` = first attempt still running."""
        return self._ok

    def _report(self, inp: Any) -> None:
        try:
            self._sink(inp)
        except Exception:
            log.exception("input sink failed for %s", inp)

    def _set_ok(self, ok: bool, message: str) -> None:
        if ok != self._ok:
            self._ok = ok
            (log.info if ok else log.warning)("%s", message)
            self._report(DeviceStatus("nfc", ok, message))

    def _open(self) -> None:
        import serial

        if self._factory is None:
            from adafruit_pn532.uart import PN532_UART as factory
        else:
            factory = self._factory
        self._serial = serial.Serial(self.port, self._baudrate, timeout=0.05)
        self._pn532 = factory(FrameReads(self._serial))   # wakes the chip, SAMConfiguration, firmware check
        self._failures = 0

    def _drop(self) -> None:
        self._pn532 = None
        if self._serial is not None:
            try:
                self._serial.close()
            except Exception:        # a port that vanished may fail even to close
                log.debug("closing %s failed", self.port, exc_info=True)
            self._serial = None

    def _poll(self) -> str | None:
        """One InListPassiveTarget: the UID there (hex), ``None`` if no tag. Raises
        ``ConnectionError`` when the reader did not acknowledge the command."""
        if not self._pn532.listen_for_passive_target(timeout=self._poll_timeout):
            raise ConnectionError("no ACK")
        if not self._answer_waiting():
            return None
        uid = self._pn532.get_passive_target(timeout=self._poll_timeout)
        return bytes(uid).hex() if uid else None

    def _answer_waiting(self) -> bool:
        """Sleep in the kernel until the reader answers or ``poll_timeout`` passes: the driver's
        own wait checks the port every 10 ms, too busy for an idle Pi Zero."""
        try:
            fd = self._serial.fileno()
        except (AttributeError, OSError, ValueError):
            return True                 # no file descriptor: let the driver wait
        return bool(select.select([fd], [], [], self._poll_timeout)[0])

    def _run(self) -> None:
        while not self._stop.is_set():
            if self._pn532 is None:
                try:
                    self._open()
                except Exception as exc:   # no port, no permission, no answer: all "missing"
                    self._drop()
                    if self._ok is not False:
                        log.warning("NFC reader on %s: %s", self.port, exc)
                    self._set_ok(False, _("NFC reader not found on {port}: check its cable.").format(port=self.port))
                    self._stop.wait(self._retry_s)
                    continue
                self._set_ok(True, _("NFC reader ready."))
            try:
                uid = self._poll()
            except Exception as exc:
                # A late answer from the previous poll or line noise fails one poll; only a
                # run of failures means the reader is gone.
                self._failures += 1
                log.debug("NFC poll failed (%d in a row): %r", self._failures, exc)
                if self._failures >= self._lost_after:
                    self._drop()
                    self._set_ok(False, _("NFC reader stopped answering on {port}: check its cable.").format(
                        port=self.port))
                    self._stop.wait(self._retry_s)
                continue
            self._failures = 0
            self._seen(uid)

    def _seen(self, uid: str | None) -> None:
        if uid is None:
            self._misses += 1
            if self._misses >= self._absent_polls:
                self._present = None
            return
        self._misses = 0
        if uid != self._present:
            self._present = uid
            self._report(TagRead(uid))
        # A tag resting on the reader answers at once; pace the polls as if it had not.
        self._stop.wait(self._poll_timeout)

    def close(self) -> None:
        """Stop polling and close the port (waits for the current poll to end)."""
        self._stop.set()
        if self._thread is not threading.current_thread():
            self._thread.join()
        self._drop()


class SimulatedNfc:
    """The simulator's reader: :meth:`tap` delivers a touch (from a key or a menu)."""

    ok = True

    def __init__(self, sink: InputSink) -> None:
        self._sink = sink

    def tap(self, uid: str) -> None:
        self._sink(TagRead(normalize_uid(uid)))

    def close(self) -> None:
        pass
