"""The TOML config: defaults, every key parsed, and clear errors for mistakes."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware_host import config as cfg
from firmware_host.config import Config, ConfigError, Pins, check_language, load_config

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


# A table of bad configs -> the one line that refuses each (the classes a tester tried: wrong
# types, values out of range, NaN and infinities, unknown languages and keys, empty paths,
# clashing pins and LEDs, files that are not TOML). The file is "config.toml" in the
# current directory, so every message starts with "config.toml: ".
KNOWN = ("profile, language, persian_digits, state_dir, journal, usb_mount, fullscreen, dim_after_minutes, pins, "
         "debounce_ms, hold_ms, stuck_s, nfc, serial_port, nfc_poll_ms, leds, led_pin, led_count, led_brightness, "
         "led_order, led_track_first, led_track_count, led_seat_first, led_seat_count, led_status")
BAD = [
    # numbers out of range: every number has bounds (led_count = 100000000 once used 15 GB)
    ("led_count = 100000000", "led_count = 100000000: must be an integer from 1 to 1000"),
    ("led_count = 0", "led_count = 0: must be an integer from 1 to 1000"),
    ("led_count = -5", "led_count = -5: must be an integer from 1 to 1000"),
    ("led_track_count = -21", "led_track_count = -21: must be an integer from 0 to 1000"),
    ("led_seat_count = 99", "led_seat_count = 99: must be an integer from 0 to 8"),
    ("led_status = -2", "led_status = -2: must be an integer from -1 to 999"),
    ("led_track_first = 100000", "led_track_first = 100000: must be an integer from 0 to 999"),
    ("debounce_ms = 0", "debounce_ms = 0: must be an integer from 1 to 1000"),
    ("hold_ms = 9999999999999999", "hold_ms = 9999999999999999: must be an integer from 2 to 60000"),
    ("nfc_poll_ms = 1", "nfc_poll_ms = 1: must be an integer from 10 to 10000"),
    ("stuck_s = -1.0", "stuck_s = -1.0: must be a number from 0.01 to 3600"),
    ("led_brightness = 1.5", "led_brightness = 1.5: must be a number from 0 to 1"),
    ("dim_after_minutes = -1", "dim_after_minutes = -1: must be a number from 0 to 1440"),
    ("led_pin = 99", "led_pin = 99: must be a header GPIO (BCM number) from 2 to 27"),
    ("[pins]\nok = 99", "pins.ok = 99: must be a header GPIO (BCM number) from 2 to 27"),
    ("[pins]\nbowl3 = -1", "pins.bowl3 = -1: must be a header GPIO (BCM number) from 2 to 27"),
    # NaN and infinities
    ("stuck_s = nan", "stuck_s = nan: must be a number from 0.01 to 3600"),
    ("led_brightness = nan", "led_brightness = nan: must be a number from 0 to 1"),
    ("led_brightness = inf", "led_brightness = inf: must be a number from 0 to 1"),
    ("dim_after_minutes = -inf", "dim_after_minutes = -inf: must be a number from 0 to 1440"),
    ("led_count = inf", "led_count = inf: must be an integer from 1 to 1000"),
    # wrong types: no text for numbers, no 1 for true, no 30.0 for 30, no tables for values
    ('debounce_ms = "30"', 'debounce_ms = "30": must be an integer from 1 to 1000'),
    ("debounce_ms = 30.0", "debounce_ms = 30.0: must be an integer from 1 to 1000"),
    ("debounce_ms = true", "debounce_ms = true: must be an integer from 1 to 1000"),
    ("nfc = 1", "nfc = 1: must be true or false"),
    ('fullscreen = "yes"', 'fullscreen = "yes": must be true or false'),
    ("led_order = 3", 'led_order = 3: must be one of "GRB", "RGB", "BRG", "RBG", "GBR", "BGR"'),
    ("led_count = [27]", "led_count = [27]: must be an integer from 1 to 1000"),
    ("stuck_s = {a = 1}", 'stuck_s = {"a" = 1}: must be a number from 0.01 to 3600'),
    ("serial_port = 0", 'serial_port = 0: must be a device path such as "/dev/serial0"'),
    ("state_dir = 5", "state_dir = 5: must be a path"),
    ("pins = 3", "pins = 3: must be a table with the keys bowl1, bowl2, bowl3, bowl4, bowl5, bowl6, ok, undo"),
    ("led_count = 1979-05-27", "led_count = 1979-05-27: must be an integer from 1 to 1000"),
    ("led_count = 07:32:00", "led_count = 07:32:00: must be an integer from 1 to 1000"),
    # choices
    ('profile = "desktop"', 'profile = "desktop": must be "sim" or "pi"'),
    ('language = "xx"', 'language = "xx": must be "" (from the system) or one of "en", "fa", "hu", "zh_TW" '
                        '("zh" = "zh_TW")'),
    ('language = "EN"', 'language = "EN": must be "" (from the system) or one of "en", "fa", "hu", "zh_TW" '
                        '("zh" = "zh_TW")'),
    ('led_order = "XYZ"', 'led_order = "XYZ": must be one of "GRB", "RGB", "BRG", "RBG", "GBR", "BGR"'),
    # empty paths and device names
    ('state_dir = ""', 'state_dir = "": must be a path (not empty, no NUL)'),
    ('journal = "  "', 'journal = "  ": must be a path (not empty, no NUL)'),
    ('usb_mount = ""', 'usb_mount = "": must be a path (not empty, no NUL)'),
    ('serial_port = ""', 'serial_port = "": must be a device path such as "/dev/serial0"'),
    # unknown keys, with the known ones
    ('colour = "red"', f"unknown key colour; the known keys are {KNOWN}"),
    ("[pins]\nmenu = 7", "unknown key pins.menu; the known keys are bowl1, bowl2, bowl3, bowl4, bowl5, bowl6, ok, "
                         "undo"),
    ("[leds]\ncount = 3", 'leds = {"count" = 3}: must be true or false'),
    # across keys
    ("led_pin = 14", "led_pin = 14: GPIO14/15 are the NFC reader's UART; choose another header GPIO"),
    ("led_pin = 5", "led_pin = 5: GPIO5 is also pins.bowl1; each button and the strip need their own GPIO"),
    ("[pins]\nundo = 5", "pins.undo = 5: GPIO5 is also pins.bowl1; each button and the strip need their own GPIO"),
    ("hold_ms = 20", "hold_ms = 20: must be more than debounce_ms (30)"),
    ("stuck_s = 0.5", "stuck_s = 0.5: must be more than hold_ms in seconds (1)"),
    ("led_status = 27", "led_status = 27: the status LED 27 must lie inside the strip (led_count = 27: 0 to 26)"),
    ("led_count = 10", "led_track_first = 0: the time-track LEDs 0 to 20 must lie inside the strip "
                       "(led_count = 10: 0 to 9)"),
    ("led_seat_first = 20", "led_seat_first = 20: the seat LEDs overlap the time-track LEDs at LED 20"),
    # not TOML
    ("profile = ", "not valid TOML: Invalid value (at end of document)"),
    ("[pins\n", "not valid TOML: Expected ']' at the end of a table declaration (at line 1, column 6)"),
    ("a = 1\na = 2", "not valid TOML: Cannot overwrite a value (at end of document)"),
]


@pytest.mark.parametrize("text,message", BAD)
def test_a_bad_config_is_refused_in_one_line_naming_key_value_and_what_is_accepted(tmp_path, monkeypatch,
                                                                                     text, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "config.toml").write_text(text)
    with pytest.raises(ConfigError) as err:
        load_config("config.toml")
    assert str(err.value) == f"config.toml: {message}"
    assert isinstance(err.value, ValueError)


def test_a_file_that_cannot_be_read_is_refused_in_one_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "latin1.toml").write_bytes(b'language = "\xe9"\n')
    (tmp_path / "folder.toml").mkdir()
    for name, message in [("nope.toml", "nope.toml: no such file"),
                          ("latin1.toml", "latin1.toml: not UTF-8 text (byte 12)"),
                          ("folder.toml", "folder.toml: cannot be read: Is a directory")]:
        with pytest.raises(ConfigError) as err:
            load_config(name)
        assert str(err.value) == message


def test_command_line_overrides_are_checked_too(tmp_path):
    with pytest.raises(ConfigError) as err:
        load_config(write(tmp_path, ""), language="xx")
    assert str(err.value).startswith('the command line: language = "xx": must be "" (from the system)')
    with pytest.raises(ConfigError, match='--language "de": must be one of en, fa, hu, zh_TW'):
        check_language("de")


@pytest.mark.parametrize("code", ["", "en", "fa", "hu", "zh_TW", "zh"])
def test_every_documented_language_is_accepted_and_has_a_catalog_entry(tmp_path, code):
    from firmware_host.i18n import LANGUAGES as CATALOGS

    c = load_config(write(tmp_path, f'language = "{code}"'))
    assert c.language == "" or c.language in CATALOGS        # zh_TW / zh: whichever code i18n uses


def test_docs_config_md_documents_every_key():
    doc = DOC.read_text()
    keys = [f.name for f in Config.__dataclass_fields__.values()] + [f"pins.{p}" for p in Pins().as_dict()]
    missing = [k for k in keys if f"`{k}`" not in doc]
    assert not missing, missing


def test_docs_say_what_each_key_accepts_as_the_code_does():
    """docs/config.md's table "What each key accepts" words each key as the refusals do."""
    import typing

    from firmware_host.schema import describe

    section = DOC.read_text().split("## What each key accepts", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        if line.startswith("| `"):
            keys, accepts = line.strip("|").split("|")[:2]
            for key in keys.replace("...", ",").split(","):
                rows[key.strip().strip("`")] = accepts.strip()
    rows.update({f"pins.bowl{i}": rows["pins.bowl1"] for i in range(2, 6)})
    hints = typing.get_type_hints(Config, include_extras=True)
    hints.update({f"pins.{k}": v for k, v in typing.get_type_hints(Pins, include_extras=True).items()})
    del hints["pins"]
    for key, hint in hints.items():
        assert key in rows, key
        assert rows[key].startswith(describe(hint, "toml")), (key, rows[key])


def test_every_number_in_the_config_has_bounds():
    """No number without a range: NaN, infinities and absurd sizes are refused for every key."""
    import typing

    import msgspec

    for cls in (Config, Pins):
        for key, hint in typing.get_type_hints(cls, include_extras=True).items():
            if typing.get_origin(hint) is not typing.Annotated:
                assert hint not in (int, float), f"{cls.__name__}.{key} has no bounds"
                continue
            base, *metas = typing.get_args(hint)
            if base in (int, float):
                meta = next(m for m in metas if isinstance(m, msgspec.Meta))
                assert meta.ge is not None and meta.le is not None, key


def test_example_config_in_the_docs_loads(tmp_path):
    doc = DOC.read_text()
    example = doc.split("```toml\n", 1)[1].split("```", 1)[0]
    c = load_config(write(tmp_path, example))
    assert c.profile == "pi"


def test_install_script_writes_the_documented_config(tmp_path):
    """scripts/install-pi.sh copies the docs' example to /etc; its extraction must give a valid file."""
    import shlex
    import subprocess

    script = (Path(__file__).parents[2] / "scripts" / "install-pi.sh").read_text()
    extract = """sed -n '/^```toml$/,/^```$/{p;/^```$/q;}' "$APP/docs/config.md" | sed '1d;$d'"""
    assert extract in script
    command = extract.replace('"$APP/docs/config.md"', shlex.quote(str(DOC)))
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
