"""The boot unit passes ``systemd-analyze verify`` (any complaint on stderr is a failure), its
sandbox scores at most 3.5 in ``systemd-analyze security`` (design.md, reliability promises),
and it keeps what the program needs (tests/io/test_service_sandbox.py runs it in that sandbox)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from unit_file import UNIT, Unit

MAX_EXPOSURE = 3.5


def _unit_here(tmp_path: Path) -> Path:
    """A copy of the unit whose ExecStart exists on this machine (the Pi's venv does not)."""
    exec_start = Unit.read().exec_start()[0]
    copy = tmp_path / UNIT.name
    copy.write_text(UNIT.read_text().replace(exec_start, sys.executable))
    return copy


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_systemd_analyze_verify(tmp_path):
    result = subprocess.run(["systemd-analyze", "verify", str(_unit_here(tmp_path))], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0 and result.stderr == "", result.stderr


def _security(unit: Path) -> subprocess.CompletedProcess | None:
    """``systemd-analyze security --offline=yes UNIT`` (systemd 250+), or ``None`` where this
    systemd-analyze has no offline mode."""
    result = subprocess.run(["systemd-analyze", "security", "--offline=yes", "--no-pager", str(unit)],
                            capture_output=True, text=True, timeout=60)
    if result.returncode != 0 and ("offline" in result.stderr and "unrecognized" in result.stderr):
        return None
    return result


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_security_exposure_is_at_most_3_5(tmp_path):
    result = _security(_unit_here(tmp_path))
    if result is None:
        pytest.skip("this systemd-analyze has no --offline (systemd < 250)")
    found = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", result.stdout)
    assert result.returncode == 0 and found, result.stdout[-3000:] + result.stderr
    exposure = float(found.group(1))
    assert exposure <= MAX_EXPOSURE, f"exposure {exposure} > {MAX_EXPOSURE}:\n" + "\n".join(
        line for line in result.stdout.splitlines() if line.startswith("✗"))


def test_unit_runs_unprivileged_with_watchdog_and_restart():
    u = Unit.read()
    assert u.get("Type") == "notify" and u.get("User") == "table-companion"
    assert set(u.words("SupplementaryGroups")) >= {"gpio", "dialout", "video", "input"}
    assert u.get("Restart") == "on-failure" and int(u.get("WatchdogSec") or 0) > 0
    assert u.get("StandardOutput") == "journal" and u.environment()
    assert "run --profile pi" in (u.get("ExecStart") or "")


def test_unit_works_in_its_state_directory_with_private_files():
    """lgpio writes its notification pipes into the working directory (issue 11.1): that must
    be the state directory, the one place ProtectSystem=strict leaves writable."""
    u = Unit.read()
    assert u.get("ProtectSystem") == "strict"
    assert u.get("WorkingDirectory") == f"/var/lib/{u.words('StateDirectory')[0]}"
    assert u.get("UMask") == "0077" and u.get("StateDirectoryMode") == "0700"


def test_unit_allows_exactly_the_devices_of_the_box():
    u = Unit.read()
    assert u.get("DevicePolicy") == "closed" and u.yes("PrivateNetwork")
    allowed = dict(line.split() for line in u.all("DeviceAllow"))
    assert allowed == {
        "char-gpiochip": "rw",      # buttons
        "char-*gpiomem": "rw",      # rpi_ws281x: GPIO10 to SPI
        "char-spi": "rw",           # LED strip, Pi 3/4/Zero 2 W
        "char-rp1-pio": "rw",       # LED strip, Pi 5
        "char-ttyAMA": "rw",        # NFC reader (PL011 UART)
        "char-ttyS": "rw",          # NFC reader (mini UART)
        "char-drm": "rw",           # screen
        "char-input": "r",          # touchscreen
    }
    # what the program needs of the rest: sd_notify (AF_UNIX), udev (AF_NETLINK), /proc/cpuinfo
    # and /proc/device-tree (the Pi's model, for gpiozero, Blinka and rpi_ws281x)
    assert set(u.words("RestrictAddressFamilies")) == {"AF_UNIX", "AF_NETLINK"}
    assert u.get("ProcSubset", "all") == "all" and not u.yes("PrivateDevices")
