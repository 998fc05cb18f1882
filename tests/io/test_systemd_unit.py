"""The boot unit passes ``systemd-analyze verify`` (any complaint on stderr is a failure)."""

from __future__ import annotations

import configparser
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

UNIT = Path(__file__).parents[2] / "systemd" / "table-companion.service"


def unit_sections() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str
    parser.read_string(UNIT.read_text())
    return parser


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_systemd_analyze_verify(tmp_path):
    text = UNIT.read_text()
    exec_start = unit_sections()["Service"]["ExecStart"].split()[0]
    copy = tmp_path / UNIT.name
    copy.write_text(text.replace(exec_start, sys.executable))    # the Pi's venv does not exist here
    result = subprocess.run(["systemd-analyze", "verify", str(copy)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stderr == "", result.stderr


def test_unit_runs_unprivileged_with_watchdog_and_restart():
    s = unit_sections()["Service"]
    assert s["Type"] == "notify" and s["User"] == "table-companion"
    assert set(s["SupplementaryGroups"].split()) >= {"gpio", "dialout", "video", "input"}
    assert s["Restart"] == "on-failure" and int(s["WatchdogSec"]) > 0
    assert s["StandardOutput"] == "journal" and s["Environment"]
    assert "run --profile pi" in s["ExecStart"]
