"""A PN532 NFC reader emulated on a pseudo-terminal, speaking real HSU (UART) frames.

The driver under test opens ``emulator.path`` (a symlink to the pty's slave end, like
``/dev/serial0`` is on a Pi) with pyserial; the emulator answers on the master end:

* host frames ``00 00 FF LEN LCS D4 CMD DATA.. DCS 00`` (any leading ``55``/``00`` wake-up
  bytes skipped) get the ACK ``00 00 FF 00 FF 00``, then a response frame
  ``00 00 FF LEN LCS D5 CMD+1 DATA.. DCS 00``;
* GetFirmwareVersion (0x02) -> IC 0x32, version 1.6, support 0x07; SAMConfiguration (0x14)
  -> empty; InListPassiveTarget (0x4A) -> one ISO14443A target (SENS_RES 0044, SEL_RES 00,
  the tag's UID) if a tag is on the reader, else the ACK only: the response follows when a
  tag arrives while the command is still listening, as the chip does; any new frame (or a
  host ACK) cancels the listening command; other commands -> the chip's syntax-error frame.

Simplifications, chosen so a driver that skips a step fails: after being plugged in, the
emulated chip ignores frames until it has seen the HSU wake-up byte 0x55, and finds no tag
until SAMConfiguration has been sent. Bad checksums are ignored (the real chip NACKs).

Test controls: :meth:`place`, :meth:`remove`, :meth:`blip` (the tag leaves the field for
exactly the next *n* polls), :meth:`unplug` (``vanish=True``: the port disappears, like a
USB adapter pulled out; ``False``: the port stays but nothing answers, like a cut cable),
:meth:`plug`, and :meth:`wait_polls` to wait (with a timeout) until the driver has polled
*n* more times.
"""

from __future__ import annotations

import os
import select
import threading
import tty
from pathlib import Path

ACK = b"\x00\x00\xff\x00\xff\x00"
FIRMWARE = bytes([0x32, 0x01, 0x06, 0x07])
ERROR_FRAME = b"\x00\x00\xff\x01\xff\x7f\x81\x00"   # application-level error (syntax)

GET_FIRMWARE_VERSION = 0x02
SAM_CONFIGURATION = 0x14
IN_LIST_PASSIVE_TARGET = 0x4A


def frame(data: bytes) -> bytes:
    """A PN532 normal information frame around ``data`` (TFI first)."""
    n = len(data)
    return bytes([0x00, 0x00, 0xFF, n, (-n) & 0xFF, *data, (-sum(data)) & 0xFF, 0x00])


def response(command: int, payload: bytes = b"") -> bytes:
    return frame(bytes([0xD5, command + 1]) + payload)


class PN532Emulator:
    """See the module doc. ``directory``: where the ``serial0`` symlink is made."""

    def __init__(self, directory: Path) -> None:
        self.path = Path(directory) / "serial0"
        self.commands: list[int] = []          # every command the chip accepted, in order
        self.wakeups = 0
        self._lock = threading.Condition()
        self._uid: bytes | None = None
        self._blip = 0
        self._polls = 0
        self._master = self._slave = -1
        self._silent = False
        self._awake = False
        self._sam = False
        self._listening = False
        self._buf = bytearray()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    # ------------------------------------------------------------------ test controls

    def plug(self) -> PN532Emulator:
        """Power the reader on (a fresh chip: asleep, SAM not configured)."""
        with self._lock:
            self._silent = self._awake = self._sam = self._listening = False
            self._buf.clear()
            if self._master < 0:
                self._master, self._slave = os.openpty()
                tty.setraw(self._slave)
                self.path.unlink(missing_ok=True)
                self.path.symlink_to(os.ttyname(self._slave))
        if self._thread is None or not self._thread.is_alive():
            self._stop.clear()
            self._thread = threading.Thread(target=self._run, name="pn532-emulator", daemon=True)
            self._thread.start()
        return self

    def unplug(self, vanish: bool = True) -> None:
        if vanish:
            self._stop.set()
            if self._thread is not None:
                self._thread.join()
            with self._lock:
                self._close_pty()
        else:
            with self._lock:
                self._silent = True
                self._listening = False

    def close(self) -> None:
        self.unplug(vanish=True)

    def place(self, uid: bytes) -> None:
        """Put a tag with ``uid`` (4 or 7 bytes) on the reader."""
        with self._lock:
            self._uid, self._blip = bytes(uid), 0
            if self._listening:
                self._answer_listen()

    def remove(self) -> None:
        with self._lock:
            self._uid = None

    def blip(self, polls: int) -> None:
        """The tag on the reader is out of the field for exactly the next ``polls`` polls."""
        with self._lock:
            self._blip = polls

    @property
    def polls(self) -> int:
        with self._lock:
            return self._polls

    def wait_polls(self, n: int, timeout: float = 5.0) -> None:
        """Wait until ``n`` more InListPassiveTarget commands have arrived (TimeoutError if not)."""
        with self._lock:
            target = self._polls + n
            if not self._lock.wait_for(lambda: self._polls >= target, timeout):
                raise TimeoutError(f"the driver polled {self._polls - target + n} of {n} times")

    # ------------------------------------------------------------------ the chip

    def _close_pty(self) -> None:
        for fd in (self._master, self._slave):
            if fd >= 0:
                os.close(fd)
        self._master = self._slave = -1
        self.path.unlink(missing_ok=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            ready, _, _ = select.select([self._master], [], [], 0.02)
            if not ready:
                continue
            try:
                data = os.read(self._master, 1024)
            except OSError:
                continue
            with self._lock:
                if self._silent:
                    continue
                self._feed(data)

    def _write(self, data: bytes) -> None:
        os.write(self._master, data)

    def _feed(self, data: bytes) -> None:
        if 0x55 in data:
            self._awake = True
            self.wakeups += 1
        if not self._awake:
            return
        self._buf += data
        while True:
            start = self._buf.find(b"\x00\xff")
            if start < 0 or len(self._buf) < start + 4:
                return
            n, lcs = self._buf[start + 2], self._buf[start + 3]
            if n == 0 and lcs == 0xFF:                     # a host ACK: abort
                del self._buf[:start + 5]
                self._listening = False
                continue
            end = start + 4 + n + 2
            if len(self._buf) < end:
                return
            body, dcs = bytes(self._buf[start + 4:start + 4 + n]), self._buf[start + 4 + n]
            del self._buf[:end]
            if (n + lcs) & 0xFF or (sum(body) + dcs) & 0xFF or len(body) < 2 or body[0] != 0xD4:
                continue
            self._command(body[1], body[2:])

    def _command(self, cmd: int, params: bytes) -> None:
        self._listening = False
        self.commands.append(cmd)
        self._write(ACK)
        if cmd == GET_FIRMWARE_VERSION:
            self._write(response(cmd, FIRMWARE))
        elif cmd == SAM_CONFIGURATION:
            self._sam = True
            self._write(response(cmd))
        elif cmd == IN_LIST_PASSIVE_TARGET:
            self._polls += 1
            self._lock.notify_all()
            self._listening = True
            if self._blip:
                self._blip -= 1
            elif self._uid is not None:
                self._answer_listen()
        else:
            self._write(ERROR_FRAME)

    def _answer_listen(self) -> None:
        if not self._sam or self._uid is None:
            return
        self._listening = False
        uid = self._uid
        self._write(response(IN_LIST_PASSIVE_TARGET, bytes([0x01, 0x01, 0x00, 0x44, 0x00, len(uid), *uid])))
