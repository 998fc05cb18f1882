"""sd_notify over a real unix datagram socket, as systemd's NOTIFY_SOCKET is."""

from __future__ import annotations

import os
import socket

import pytest

from firmware_host import watchdog
from firmware_host.watchdog import Notifier


@pytest.fixture
def notify_socket(tmp_path):
    path = str(tmp_path / "notify")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(path)
    sock.settimeout(5)
    yield path, sock
    sock.close()


def received(sock) -> list[str]:
    sock.setblocking(False)
    out = []
    try:
        while True:
            out.append(sock.recv(4096).decode())
    except BlockingIOError:
        return out
    finally:
        sock.settimeout(5)


def test_ready_and_stopping_datagrams(notify_socket):
    path, sock = notify_socket
    n = Notifier({"NOTIFY_SOCKET": path})
    assert n.ready("playing Trajan")
    assert sock.recv(4096) == b"READY=1\nSTATUS=playing Trajan"
    assert n.stopping() and sock.recv(4096) == b"STOPPING=1"


def test_keepalive_is_rate_limited_to_a_quarter_of_the_watchdog_period(notify_socket, clock):
    path, sock = notify_socket
    n = Notifier({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "30000000"}, clock=clock)
    assert n.keepalive()
    assert sock.recv(4096) == b"WATCHDOG=1"
    for _ in range(100):                    # a busy main loop within 7.5 s
        clock.advance(0.07)
        n.keepalive()
    assert received(sock) == []
    clock.advance(0.6)
    assert n.keepalive()
    assert received(sock) == ["WATCHDOG=1"]


def test_no_watchdog_configured_means_no_keepalives(notify_socket):
    path, sock = notify_socket
    assert not Notifier({"NOTIFY_SOCKET": path}).keepalive()
    other = Notifier({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "1000000", "WATCHDOG_PID": str(os.getpid() + 1)})
    assert not other.keepalive()
    assert received(sock) == []


def test_abstract_socket_address():
    name = f"table-companion-test-{os.getpid()}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind("\0" + name)
        sock.settimeout(5)
        assert Notifier({"NOTIFY_SOCKET": "@" + name}).ready()
        assert sock.recv(4096) == b"READY=1"


def test_without_notify_socket_nothing_happens(monkeypatch):
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    monkeypatch.setattr(watchdog, "_default", None)
    assert watchdog.notify_ready() is False
    assert watchdog.keepalive() is False
    assert watchdog.notify_stopping() is False


def test_module_functions_use_the_environment(notify_socket, monkeypatch):
    path, sock = notify_socket
    monkeypatch.setenv("NOTIFY_SOCKET", path)
    monkeypatch.setenv("WATCHDOG_USEC", "20000000")
    monkeypatch.delenv("WATCHDOG_PID", raising=False)
    monkeypatch.setattr(watchdog, "_default", None)
    assert watchdog.notify_ready()
    assert watchdog.keepalive()
    assert received(sock) == ["READY=1", "WATCHDOG=1"]


def test_a_vanished_socket_is_not_an_error(tmp_path):
    assert Notifier({"NOTIFY_SOCKET": str(tmp_path / "gone")}).ready() is False
