"""systemd notifications (``sd_notify``) without libsystemd: one datagram per message to the
unix socket named by ``$NOTIFY_SOCKET``. Outside systemd (no ``NOTIFY_SOCKET``) every call does
nothing, so the simulator and the tests need no special case.

The service (``systemd/table-companion.service``) is ``Type=notify`` with ``WatchdogSec``: the
app calls :func:`notify_ready` once its first frame is on screen and :func:`keepalive` from
every pass of its main loop; a hung loop stops the keep-alives and systemd restarts it.
"""

from __future__ import annotations

import logging
import os
import socket
import time
from collections.abc import Callable

log = logging.getLogger(__name__)


class Notifier:
    """Sends ``KEY=value`` lines to systemd. ``environ``/``clock`` are injectable for tests.

    :meth:`keepalive` is cheap to call often: it sends ``WATCHDOG=1`` at most every quarter
    of ``$WATCHDOG_USEC`` (systemd's own recommendation is at least every half).
    """

    def __init__(self, environ: dict[str, str] | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        env = os.environ if environ is None else environ
        address = env.get("NOTIFY_SOCKET", "")
        if address.startswith("@"):            # abstract socket namespace
            address = "\0" + address[1:]
        self.address = address or None
        usec = env.get("WATCHDOG_USEC", "")
        pid = env.get("WATCHDOG_PID", "")
        watched = usec.isdigit() and (not pid or pid == str(os.getpid()))
        self.keepalive_interval = int(usec) / 4e6 if watched else None
        self._clock = clock
        self._last_keepalive: float | None = None

    @property
    def enabled(self) -> bool:
        return self.address is not None

    def send(self, *lines: str) -> bool:
        """Send one datagram of ``lines``; ``True`` if sent. Never raises."""
        if self.address is None:
            return False
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
                sock.connect(self.address)
                sock.sendall("\n".join(lines).encode("utf-8"))
        except OSError as exc:
            log.debug("sd_notify to %r failed: %s", self.address, exc)
            return False
        return True

    def ready(self, status: str | None = None) -> bool:
        return self.send("READY=1", *([f"STATUS={status}"] if status else []))

    def stopping(self) -> bool:
        return self.send("STOPPING=1")

    def keepalive(self) -> bool:
        """``WATCHDOG=1`` if the service has a watchdog and the last one is old enough."""
        if self.keepalive_interval is None:
            return False
        now = self._clock()
        if self._last_keepalive is not None and now - self._last_keepalive < self.keepalive_interval:
            return False
        self._last_keepalive = now
        return self.send("WATCHDOG=1")


_default: Notifier | None = None


def _notifier() -> Notifier:
    global _default
    if _default is None:
        _default = Notifier()
    return _default


def notify_ready(status: str | None = None) -> bool:
    """Tell systemd the service is up (``READY=1``). Call once, after the first frame."""
    return _notifier().ready(status)


def keepalive() -> bool:
    """Feed the watchdog; call from every pass of the main loop (rate-limited here)."""
    return _notifier().keepalive()


def notify_stopping() -> bool:
    return _notifier().stopping()
