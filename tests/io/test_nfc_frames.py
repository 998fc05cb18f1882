"""The NFC reader's port returns each PN532 frame as soon as it is whole, not after the driver's
"up to 64 bytes" or the timeout. A fake port hands out bytes in the order they arrive; what is
left unread after a read shows where the read stopped (no time is measured)."""

from __future__ import annotations

import os

from firmware_host.io.nfc import FrameReads, frame_end

ACK = bytes([0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00])


def frame(data: bytes) -> bytes:
    n = len(data)
    return bytes([0x00, 0x00, 0xFF, n, (-n) & 0xFF, *data, (-sum(data)) & 0xFF, 0x00])


UID_ANSWER = frame(bytes([0xD5, 0x4B, 0x01, 0x01, 0x00, 0x44, 0x00, 0x07, 4, 1, 2, 3, 4, 5, 6]))


class ArrivingPort:
    """Bytes arrive a chunk at a time: one more chunk each time the reader finds none waiting."""

    timeout = 30.0

    def __init__(self, *chunks: bytes) -> None:
        self.chunks = list(chunks)
        self.buffer = bytearray()
        self._readable = os.open("/dev/zero", os.O_RDONLY)     # select() on it returns at once

    def fileno(self) -> int:
        return self._readable

    @property
    def in_waiting(self) -> int:
        if not self.buffer and self.chunks:
            self.buffer += self.chunks.pop(0)    # arrives while the reader waits in select()
            return 0
        return len(self.buffer)

    def read(self, n: int) -> bytes:
        out, self.buffer = bytes(self.buffer[:n]), self.buffer[n:]
        return out

    def write(self, data: bytes) -> int:
        return len(data)

    def close(self) -> None:
        os.close(self._readable)


def test_frame_end_reads_the_header():
    assert frame_end(ACK) == 6
    assert frame_end(UID_ANSWER) == len(UID_ANSWER)
    assert frame_end(UID_ANSWER[:4]) is None                    # LCS not in yet
    assert frame_end(b"\x55\x55" + UID_ANSWER) == len(UID_ANSWER) + 2
    assert frame_end(b"") is None


def test_a_read_of_64_bytes_returns_at_the_end_of_the_frame():
    port = ArrivingPort(UID_ANSWER[:5], UID_ANSWER[5:], frame(b"\xd5\x03next"))
    reads = FrameReads(port)
    assert reads.read(64 + 7) == UID_ANSWER
    assert port.chunks == [frame(b"\xd5\x03next")]              # the next frame was not waited for
    port.close()


def test_the_ack_is_read_alone_and_an_exact_count_is_honoured():
    port = ArrivingPort(ACK + UID_ANSWER)
    reads = FrameReads(port)
    assert reads.read(6) == ACK
    assert reads.read(100) == UID_ANSWER
    port.close()


def test_everything_else_is_the_ports_own():
    port = ArrivingPort()
    reads = FrameReads(port)
    assert reads.write(b"abc") == 3 and reads.timeout == 30.0
    port.timeout = 0                                            # nothing arrives: returns empty at once
    assert reads.read(10) == b""
    port.close()


def test_the_first_look_for_the_ack_waits_for_it_instead_of_the_drivers_10_ms_nap():
    """The driver looks at ``in_waiting`` and sleeps 10 ms while it is 0; the port waits in
    select() for the first byte instead, so the look that follows the ACK's arrival sees it."""
    bare = ArrivingPort(ACK)
    assert bare.in_waiting == 0                                  # the ACK arrives while it looks away
    port = ArrivingPort(ACK)
    assert FrameReads(port).in_waiting == 6
    bare.close()
    port.close()
