"""The TOML config: defaults, every key parsed, and clear errors for mistakes."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from firmware_host import config as cfg
from firmware_host.config import Config, Pins, load_config

DOC = Path(__file__).parents[2] / "docs" / "config.md"


@pytest.fixture(autouse=True)
def no_system_config(monkeypatch, tmp_path):
    monkeypatch.delenv("TABLE_COMPANION_CONFIG", raising=False)
    monkeypatch.setattr(cfg, "DEFAULT_PATH", tmp_path / "absent.toml")


def write(tmp_path, text):
    path = tmp_path / "config.toml"
    path.write_text(text)
    return path


def test_missing_file_means_defaults():
    c = load_config()
    assert c == Config(state_dir=c.state_dir)
    assert c.led_pin == 10 and c.serial_port == "/dev/serial0" and c.pins == Pins()
    assert c.tags_path == c.state_dir / "tags.db" and c.journal_path == c.state_dir / "journal.db"


def test_every_key_parsed(tmp_path):
    path = write(tmp_path, """
profile = "pi"
language = "hu"
state_dir = "/var/lib/table-companion"
fullscreen = true
debounce_ms = 20
hold_ms = 800
stuck_s = 30
nfc = false
serial_port = "/dev/ttyUSB0"
nfc_poll_ms = 200
leds = true
led_pin = 18
led_count = 30
led_brightness = 0.5
led_order = "RGB"
led_track_first = 2
led_track_count = 21
led_seat_first = 24
led_seat_count = 4
led_status = 29
[pins]
bowl1 = 4
ok = 17
""")
    c = load_config(path)
    assert c.profile == "pi" and c.state_dir == Path("/var/lib/table-companion") and c.stuck_s == 30
    assert c.pins.bowl1 == 4 and c.pins.ok == 17 and c.pins.bowl2 == Pins().bowl2
    assert (c.led_pin, c.led_count, c.led_order, c.led_status) == (18, 30, "RGB", 29)
    assert c.nfc is False and c.serial_port == "/dev/ttyUSB0"


def test_environment_variable_and_overrides(tmp_path, monkeypatch):
    path = write(tmp_path, 'profile = "pi"\n')
    monkeypatch.setenv("TABLE_COMPANION_CONFIG", str(path))
    assert load_config().profile == "pi"
    c = load_config(None, profile="sim", journal="/tmp/j.db", language=None)
    assert c.profile == "sim" and c.journal_path == Path("/tmp/j.db")


@pytest.mark.parametrize("text,words", [
    ('colour = "red"', "unknown config keys: colour"),
    ('profile = "desktop"', "profile"),
    ('debounce_ms = "30"', "debounce_ms must be int"),
    ('nfc = 1', "nfc must be bool"),
    ("led_brightness = 1.5", "led_brightness"),
    ('led_order = "XYZ"', "led_order"),
    ("led_pin = 14", "UART"),
    ("led_pin = 5", "both use GPIO5"),
    ("[pins]\nok = 99", "not a header GPIO"),
    ("[pins]\nundo = 5", "both use GPIO5"),
    ("[pins]\nmenu = 7", "unknown config keys: menu"),
    ("pins = 3", "pins must be a table"),
    ("hold_ms = 20", "debounce_ms < hold_ms"),
    ("led_status = 27", "outside the strip"),
    ("led_seat_first = 20", "also used"),
])
def test_mistakes_are_explained(tmp_path, text, words):
    with pytest.raises(ValueError, match=words):
        load_config(write(tmp_path, text))


def test_malformed_toml_and_missing_explicit_file(tmp_path):
    with pytest.raises(tomllib.TOMLDecodeError):
        load_config(write(tmp_path, "profile = "))
    with pytest.raises(FileNotFoundError):
        load_config(tmp_path / "nope.toml")


def test_docs_config_md_documents_every_key():
    doc = DOC.read_text()
    keys = [f.name for f in Config.__dataclass_fields__.values()] + [f"pins.{p}" for p in Pins().as_dict()]
    missing = [k for k in keys if f"`{k}`" not in doc]
    assert not missing, missing


def test_example_config_in_the_docs_loads(tmp_path):
    doc = DOC.read_text()
    example = doc.split("```toml\n", 1)[1].split("```", 1)[0]
    c = load_config(write(tmp_path, example))
    assert c.profile == "pi"


def test_install_script_writes_the_documented_config(tmp_path):
    """scripts/install-pi.sh copies the docs' example to /etc; its extraction must give a valid file."""
    import subprocess

    script = Path(__file__).parents[2] / "scripts" / "install-pi.sh"
    assert subprocess.run(["bash", "-n", str(script)]).returncode == 0
    line = next(ln for ln in script.read_text().splitlines() if "sed -n '/^```toml$/" in ln)
    command = line.split(">", 1)[0].replace('"$APP/docs/config.md"', str(DOC))
    text = subprocess.run(["bash", "-c", command], capture_output=True, text=True, check=True).stdout
    c = load_config(write(tmp_path, text))
    assert c.profile == "pi" and c.pins == Pins()


def test_profile_is_detected_when_not_configured(tmp_path, monkeypatch):
    """The README's one start command: the simulator here, the hardware on a Pi."""
    from firmware_host.config import detect_profile

    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 4 Model B Rev 1.5\0")
    assert detect_profile(model) == "pi"
    model.write_bytes(b"QEMU Virtual Machine\0")
    assert detect_profile(model) == "sim"
    assert detect_profile(tmp_path / "missing") == "sim"
    monkeypatch.setattr("firmware_host.config.detect_profile", lambda: "pi")
    monkeypatch.delenv("TABLE_COMPANION_CONFIG", raising=False)
    monkeypatch.setattr("firmware_host.config.DEFAULT_PATH", tmp_path / "none.toml")
    assert load_config().profile == "pi"
    assert load_config(None, profile="sim").profile == "sim"
