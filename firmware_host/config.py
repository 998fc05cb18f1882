"""The companion's configuration: a TOML file with documented defaults.

Looked up in this order: ``--config PATH``, ``$TABLE_COMPANION_CONFIG``,
``/etc/table-companion/config.toml``; a missing file means all defaults. Every key and its
default is documented in ``docs/config.md``; the reference build is ``hardware/wiring.md``.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

DEFAULT_PATH = Path("/etc/table-companion/config.toml")
PROFILES = ("sim", "pi")
PIXEL_ORDERS = ("GRB", "RGB", "BRG", "RBG", "GBR", "BGR")
BCM_PINS = range(2, 28)          # the 40-pin header's GPIOs (0/1 are the HAT EEPROM bus)


def _default_state_dir() -> Path:
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return Path(base) / "table-companion"


@dataclass(frozen=True)
class Pins:
    """BCM pin numbers of the eight buttons (hardware/wiring.md)."""

    bowl1: int = 5
    bowl2: int = 6
    bowl3: int = 13
    bowl4: int = 19
    bowl5: int = 26
    bowl6: int = 21
    ok: int = 20
    undo: int = 16

    def as_dict(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True)
class Config:
    """All settings. ``profile``: ``sim`` (window, keyboard, on-screen strip) or ``pi``.

    Times are in milliseconds (``*_ms``) or seconds (``*_s``). LED positions are indices
    into the strip, 0 = the LED nearest the Pi; ``led_status = -1`` means no status LED.
    """

    profile: str = "sim"
    language: str = ""                       # "" = from $LANGUAGE / $LANG, else English
    state_dir: Path = field(default_factory=_default_state_dir)
    journal: Path | None = None              # default: <state_dir>/journal.db
    fullscreen: bool = False                 # the pi profile always runs full screen
    pins: Pins = field(default_factory=Pins)
    debounce_ms: int = 30                    # a level must hold this long to count
    hold_ms: int = 1000                      # UNDO held this long = menu
    stuck_s: float = 10.0                    # a button down this long is reported as stuck
    nfc: bool = True                         # pi profile: a PN532 reader is fitted
    serial_port: str = "/dev/serial0"
    nfc_poll_ms: int = 150                   # how long each poll waits for a tag
    leds: bool = True                        # pi profile: a WS2812 strip is fitted
    led_pin: int = 10                        # SPI0 MOSI: drives the strip without root (wiring.md)
    led_count: int = 27                      # 21 time-track spaces + 4 seats + status + spare
    led_brightness: float = 0.2              # 0.0 .. 1.0, applied to every LED
    led_order: str = "GRB"                   # the strip's colour byte order (WS2812: GRB)
    led_track_first: int = 0                 # first time-track LED (space 0 = start space)
    led_track_count: int = 21                # time-track LEDs (the longest track: 4 players)
    led_seat_first: int = 21                 # seat 1's LED; seats follow in seat order
    led_seat_count: int = 4
    led_status: int = 25                     # -1 = none

    @property
    def journal_path(self) -> Path:
        return self.journal or self.state_dir / "journal.db"

    @property
    def tags_path(self) -> Path:
        """The NFC tag registry (its own small SQLite file)."""
        return self.state_dir / "tags.db"


def _coerce(cls: type, data: dict[str, Any]) -> Any:
    known = {f.name: f for f in fields(cls)}
    unknown = set(data) - set(known)
    if unknown:
        raise ValueError(f"unknown config keys: {', '.join(sorted(unknown))}")
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key == "pins":
            if not isinstance(value, dict):
                raise ValueError("pins must be a table: [pins] bowl1 = 5 ...")
            values[key] = _coerce(Pins, value)
        elif key in ("state_dir", "journal"):
            values[key] = Path(value)
        else:
            values[key] = value
    return cls(**values)


def _check_types(obj: Any) -> None:
    """Each value must have its default's type (an int is accepted where a float is)."""
    for f in fields(obj):
        value, default = getattr(obj, f.name), getattr(type(obj)(), f.name)
        if isinstance(default, (Path, Pins)) or f.name == "journal":
            continue
        if isinstance(default, bool):
            ok = isinstance(value, bool)
        elif isinstance(default, float):
            ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        else:
            ok = isinstance(value, type(default)) and not isinstance(value, bool)
        if not ok:
            raise ValueError(f"{f.name} must be {type(default).__name__}, not {value!r}")


def _validate(c: Config) -> None:
    if c.profile not in PROFILES:
        raise ValueError(f"profile must be 'sim' or 'pi', not {c.profile!r}")
    _check_types(c)
    _check_types(c.pins)
    pins = c.pins.as_dict()
    used: dict[int, str] = {}
    for name, pin in [*pins.items(), ("led_pin", c.led_pin)]:
        if pin not in BCM_PINS:
            raise ValueError(f"{name}: GPIO{pin} is not a header GPIO (2..27)")
        if pin in used:
            raise ValueError(f"{name} and {used[pin]} both use GPIO{pin}")
        used[pin] = name
    if {14, 15} & set(used):
        raise ValueError("GPIO14/15 are the NFC reader's UART")
    for name in ("debounce_ms", "hold_ms", "nfc_poll_ms"):
        if getattr(c, name) <= 0:
            raise ValueError(f"{name} must be positive")
    if c.hold_ms <= c.debounce_ms or c.stuck_s * 1000 <= c.hold_ms:
        raise ValueError("need debounce_ms < hold_ms < stuck_s * 1000")
    if not 0.0 <= c.led_brightness <= 1.0:
        raise ValueError("led_brightness must be between 0.0 and 1.0")
    if c.led_order not in PIXEL_ORDERS:
        raise ValueError(f"led_order must be one of {', '.join(PIXEL_ORDERS)}")
    if c.led_count <= 0:
        raise ValueError("led_count must be positive")
    track = range(c.led_track_first, c.led_track_first + c.led_track_count)
    seats = range(c.led_seat_first, c.led_seat_first + c.led_seat_count)
    status = [c.led_status] if c.led_status >= 0 else []
    taken: set[int] = set()
    for name, group in (("time-track", track), ("seat", seats), ("status", status)):
        for i in group:
            if not 0 <= i < c.led_count:
                raise ValueError(f"{name} LED {i} is outside the strip (led_count = {c.led_count})")
            if i in taken:
                raise ValueError(f"{name} LED {i} is also used by another LED group")
            taken.add(i)


def detect_profile(model_file: Path = Path("/proc/device-tree/model")) -> str:
    """``"pi"`` on a Raspberry Pi (its device-tree model says so), else ``"sim"``."""
    try:
        return "pi" if model_file.read_bytes().startswith(b"Raspberry Pi") else "sim"
    except OSError:
        return "sim"


def load_config(path: str | Path | None = None, **overrides: Any) -> Config:
    """Read the config file (see module doc) and apply non-``None`` ``overrides``. Without a
    ``profile`` in either, it is :func:`detect_profile`'s.

    Raises ``ValueError`` for unknown keys, a value of the wrong type or out of range, or
    clashing pins/LEDs; ``tomllib.TOMLDecodeError`` for a malformed file;
    ``FileNotFoundError`` for an explicit path that does not exist.
    """
    chosen = path or os.environ.get("TABLE_COMPANION_CONFIG")
    data: dict[str, Any] = {}
    if chosen:
        data = tomllib.loads(Path(chosen).read_text(encoding="utf-8"))
    elif DEFAULT_PATH.exists():
        data = tomllib.loads(DEFAULT_PATH.read_text(encoding="utf-8"))
    if "profile" not in data and overrides.get("profile") is None:
        data = {**data, "profile": detect_profile()}        # the same command works on both
    config = _coerce(Config, data)
    config = replace(config, **{k: (Path(v) if k in ("journal", "state_dir") else v)
                                for k, v in overrides.items() if v is not None})
    _validate(config)
    return config
