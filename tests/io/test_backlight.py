"""The backlight writer: the sysfs backend against a directory laid out like
/sys/class/backlight, and the fake one the loop tests use."""

from __future__ import annotations

import os

import pytest

from firmware_host.io.backlight import FakeBacklight, SysfsBacklight


def device(root, name="10-0045", bl_power=True, brightness="200", max_brightness="255"):
    d = root / name
    d.mkdir(parents=True)
    if bl_power:
        (d / "bl_power").write_text("0\n")
    if brightness is not None:
        (d / "brightness").write_text(brightness + "\n")
        (d / "max_brightness").write_text(max_brightness + "\n")
    return d


def test_bl_power_switches_the_panel_off_and_on(tmp_path):
    d = device(tmp_path)
    light = SysfsBacklight.find(tmp_path)
    assert light is not None and light.device == d
    assert light.power(False) is True
    assert (d / "bl_power").read_text() == "4"
    assert (d / "brightness").read_text().strip() == "200"          # left as the user set it
    assert light.power(True) is True
    assert (d / "bl_power").read_text() == "0"


def test_without_bl_power_the_brightness_goes_to_0_and_back(tmp_path):
    d = device(tmp_path, bl_power=False, brightness="120")
    light = SysfsBacklight.find(tmp_path)
    assert light is not None
    light.power(False)
    assert (d / "brightness").read_text() == "0"
    light.power(False)                                                # twice off keeps the level
    light.power(True)
    assert (d / "brightness").read_text() == "120"


def test_a_panel_left_dark_by_an_earlier_run_comes_back_at_full_brightness(tmp_path):
    d = device(tmp_path, bl_power=False, brightness="0", max_brightness="31")
    light = SysfsBacklight.find(tmp_path)
    assert light is not None
    light.power(True)
    assert (d / "brightness").read_text() == "31"


def test_no_backlight_means_none(tmp_path):
    assert SysfsBacklight.find(tmp_path / "missing") is None
    (tmp_path / "odd").mkdir()
    (tmp_path / "odd" / "actual_brightness").write_text("3")         # nothing to write to
    assert SysfsBacklight.find(tmp_path) is None


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write a read-only file")
def test_a_backlight_this_user_may_not_write_means_none(tmp_path):
    d = device(tmp_path)
    for name in ("bl_power", "brightness"):
        (d / name).chmod(0o444)
    assert SysfsBacklight.find(tmp_path) is None


def test_a_backlight_that_fails_to_write_says_so_and_never_raises(tmp_path):
    d = device(tmp_path, bl_power=False)
    light = SysfsBacklight.find(tmp_path)
    assert light is not None
    for name in ("brightness", "max_brightness"):
        (d / name).unlink()                                           # the device went away
    assert light.power(False) is False
    assert light.power(True) is False


def test_the_fake_keeps_every_call():
    light = FakeBacklight()
    assert light.on and light.power(False) and not light.on
    assert FakeBacklight(works=False).power(False) is False
    assert light.calls == [False]
