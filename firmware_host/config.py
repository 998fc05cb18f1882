"""The companion's configuration: a TOML file with documented defaults.

Looked up in this order: ``--config PATH``, ``$TABLE_COMPANION_CONFIG``,
``/etc/table-companion/config.toml``; a missing file means all defaults. Every key, its
default and the values it accepts are documented in ``docs/config.md``; the reference build
is ``hardware/wiring.md``.

The file is checked against :class:`Config` itself: each field's annotation carries the
values it accepts (msgspec ``Meta`` bounds, patterns, descriptions), and
:func:`firmware_host.schema.convert` turns a refusal into one line naming the key,
the value and what is accepted (``config.toml: led_count = 100000000: must be an integer
from 1 to 1000``). Every number has bounds, so NaN and infinities are refused too.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Annotated, Any

from msgspec import Meta

from .i18n import ALIASES as LANGUAGE_ALIASES
from .i18n import LANGUAGES as CATALOGS
from .schema import InputError, convert, refuse, show

DEFAULT_PATH = Path("/etc/table-companion/config.toml")
PROFILES = ("sim", "pi")
PIXEL_ORDERS = ("GRB", "RGB", "BRG", "RBG", "GBR", "BGR")
BCM_PINS = range(2, 28)          # the 40-pin header's GPIOs (0/1 are the HAT EEPROM bus)
LANGUAGES = tuple(CATALOGS)
"""The screen languages (design.md), as :mod:`firmware_host.i18n` lists them; the old codes of
``i18n.ALIASES`` (``zh``) are accepted too."""
_UART = (14, 15)


def _choice(values: tuple[str, ...]) -> str:
    return "^(" + "|".join(re.escape(v) for v in values) + ")$"


class ConfigError(InputError):
    """The config cannot be used; ``str()`` is one line naming the file, the key, the value
    and what is accepted."""


Gpio = Annotated[int, Meta(ge=2, le=27, description="a header GPIO (BCM number) from 2 to 27")]
Profile = Annotated[str, Meta(pattern=_choice(PROFILES), description='"sim" or "pi"')]
Language = Annotated[str, Meta(pattern=_choice(("",) + LANGUAGES + tuple(LANGUAGE_ALIASES)), description=(
    '"" (from the system) or one of "' + '", "'.join(LANGUAGES) + '" ("zh" = "zh_TW")'))]
PixelOrder = Annotated[str, Meta(pattern=_choice(PIXEL_ORDERS), description="one of " + ", ".join(
    f'"{o}"' for o in PIXEL_ORDERS))]
Device = Annotated[str, Meta(min_length=1, max_length=255, pattern=r"^[^\x00]+$",
                             description="a device path such as \"/dev/serial0\"")]
LedIndex = Annotated[int, Meta(ge=0, le=999)]


def check_language(code: str) -> None:
    """Raise :class:`ConfigError` unless ``code`` is a ``--language`` the companion knows."""
    if code not in ("",) + LANGUAGES + tuple(LANGUAGE_ALIASES):
        raise ConfigError(f"--language {show(code, 'toml')}: must be one of {', '.join(LANGUAGES)} "
                          '("zh" = "zh_TW")')


def _default_state_dir() -> Path:
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return Path(base) / "table-companion"


@dataclass(frozen=True)
class Pins:
    """BCM pin numbers of the eight buttons (hardware/wiring.md)."""

    bowl1: Gpio = 5
    bowl2: Gpio = 6
    bowl3: Gpio = 13
    bowl4: Gpio = 19
    bowl5: Gpio = 26
    bowl6: Gpio = 21
    ok: Gpio = 20
    undo: Gpio = 16

    def as_dict(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True)
class Config:
    """All settings. ``profile``: ``sim`` (window, keyboard, on-screen strip) or ``pi``.

    Times are in milliseconds (``*_ms``), seconds (``*_s``) or minutes (``*_minutes``). LED
    positions are indices into the strip, 0 = the LED nearest the Pi; ``led_status = -1``
    means no status LED. Each annotation says what the config file may set (docs/config.md);
    values made in code are not checked.
    """

    profile: Profile = "sim"
    language: Language = ""                  # "" = from $LANGUAGE / $LANG, else English
    persian_digits: bool = False             # Persian screens write numbers in Persian digits
    state_dir: Path = field(default_factory=_default_state_dir)
    journal: Path | None = None              # default: <state_dir>/journal.db
    usb_mount: Path = Path("/media/usb")     # where a USB stick is mounted: History exports onto it
    fullscreen: bool = False                 # the pi profile always runs full screen
    dim_after_minutes: Annotated[float, Meta(ge=0, le=1440)] = 10.0   # dark after this long without input; 0 = never
    pins: Pins = field(default_factory=Pins)
    debounce_ms: Annotated[int, Meta(ge=1, le=1000)] = 30      # a level must hold this long to count
    hold_ms: Annotated[int, Meta(ge=2, le=60_000)] = 1000      # UNDO held this long = menu
    stuck_s: Annotated[float, Meta(ge=0.01, le=3600)] = 10.0   # a button down this long is reported as stuck
    nfc: bool = True                         # pi profile: a PN532 reader is fitted
    serial_port: Device = "/dev/serial0"
    nfc_poll_ms: Annotated[int, Meta(ge=10, le=10_000)] = 150  # how long each poll waits for a tag
    leds: bool = True                        # pi profile: a WS2812 strip is fitted
    led_pin: Gpio = 10                       # SPI0 MOSI: drives the strip without root (wiring.md)
    led_count: Annotated[int, Meta(ge=1, le=1000)] = 27        # 21 time-track spaces + 4 seats + status + spare
    led_brightness: Annotated[float, Meta(ge=0.0, le=1.0)] = 0.2   # applied to every LED
    led_order: PixelOrder = "GRB"            # the strip's colour byte order (WS2812: GRB)
    led_track_first: LedIndex = 0            # first time-track LED (space 0 = start space)
    led_track_count: Annotated[int, Meta(ge=0, le=1000)] = 21  # time-track LEDs (the longest track: 4 players)
    led_seat_first: LedIndex = 21            # seat 1's LED; seats follow in seat order
    led_seat_count: Annotated[int, Meta(ge=0, le=8)] = 4
    led_status: Annotated[int, Meta(ge=-1, le=999)] = 25       # -1 = none

    @property
    def journal_path(self) -> Path:
        return self.journal or self.state_dir / "journal.db"

    @property
    def tags_path(self) -> Path:
        """The NFC tag registry (its own small SQLite file)."""
        return self.state_dir / "tags.db"


_PATHS = ("state_dir", "journal", "usb_mount")


def _check_paths(data: dict[str, Any], where: str) -> None:
    """msgspec reads ``""`` as the current directory: a path must be non-empty text."""
    for key in _PATHS:
        value = data.get(key)
        if isinstance(value, str) and (not value.strip() or "\0" in value):
            raise ConfigError(str(refuse(where, key, value, "must be a path (not empty, no NUL)", style="toml")))


def _convert(data: dict[str, Any], where: str) -> Config:
    _check_paths(data, where)
    try:
        config = convert(data, Config, where, style="toml")
    except InputError as exc:
        raise ConfigError(str(exc)) from None
    if config.language in LANGUAGE_ALIASES:
        config = replace(config, language=LANGUAGE_ALIASES[config.language])   # the code i18n uses
    return config


def _validate(c: Config, where: str) -> None:
    """The checks across keys: pins, the button times and the LED groups."""
    def fail(key: str, value: Any, problem: str) -> ConfigError:
        return ConfigError(str(refuse(where, key, value, problem, style="toml")))

    used: dict[int, str] = {}
    for name, pin in [*((f"pins.{k}", v) for k, v in c.pins.as_dict().items()), ("led_pin", c.led_pin)]:
        if pin in _UART:
            raise fail(name, pin, "GPIO14/15 are the NFC reader's UART; choose another header GPIO")
        if pin in used:
            raise fail(name, pin, f"GPIO{pin} is also {used[pin]}; each button and the strip need their own GPIO")
        used[pin] = name
    if c.hold_ms <= c.debounce_ms:
        raise fail("hold_ms", c.hold_ms, f"must be more than debounce_ms ({c.debounce_ms})")
    if c.stuck_s * 1000 <= c.hold_ms:
        raise fail("stuck_s", c.stuck_s, f"must be more than hold_ms in seconds ({c.hold_ms / 1000:g})")
    groups = (("led_track_first", c.led_track_first, c.led_track_count, "time-track"),
              ("led_seat_first", c.led_seat_first, c.led_seat_count, "seat"),
              ("led_status", c.led_status, 1 if c.led_status >= 0 else 0, "status"))
    taken: dict[int, str] = {}
    for key, first, count, what in groups:
        last = first + count - 1
        if count and last >= c.led_count:
            span = f"LED {first}" if count == 1 else f"LEDs {first} to {last}"
            raise fail(key, first, f"the {what} {span} must lie inside the strip (led_count = {c.led_count}: "
                                   f"0 to {c.led_count - 1})")
        for i in range(first, first + count):
            if i in taken:
                raise fail(key, first, f"the {what} LEDs overlap the {taken[i]} LEDs at LED {i}")
            taken[i] = what


def detect_profile(model_file: Path = Path("/proc/device-tree/model")) -> str:
    """``"pi"`` on a Raspberry Pi (its device-tree model says so), else ``"sim"``."""
    try:
        return "pi" if model_file.read_bytes().startswith(b"Raspberry Pi") else "sim"
    except OSError:
        return "sim"


def load_config(path: str | Path | None = None, **overrides: Any) -> Config:
    """Read the config file (see module doc) and apply non-``None`` ``overrides`` (the command
    line's ``--profile``, ``--journal``, ``--language``). Without a ``profile`` in either, it
    is :func:`detect_profile`'s.

    Raises :class:`ConfigError` (a ``ValueError``), one line, for a file that cannot be read,
    is not TOML, has an unknown key (the known ones are listed), a value of the wrong type or
    out of its range, or clashing pins/LEDs.
    """
    chosen = path or os.environ.get("TABLE_COMPANION_CONFIG")
    data: dict[str, Any] = {}
    where = "defaults"
    if chosen or DEFAULT_PATH.exists():
        file = Path(chosen) if chosen else DEFAULT_PATH
        where = str(file)
        try:
            data = tomllib.loads(file.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise ConfigError(f"{where}: no such file") from None
        except UnicodeDecodeError as exc:
            raise ConfigError(f"{where}: not UTF-8 text (byte {exc.start})") from None
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"{where}: not valid TOML: {exc}") from None
        except (OSError, ValueError) as exc:      # a directory, no permission, a NUL in the path
            reason = getattr(exc, "strerror", None) or str(exc)
            raise ConfigError(f"{where}: cannot be read: {reason}") from None
    if "profile" not in data and overrides.get("profile") is None:
        data = {**data, "profile": detect_profile()}        # the same command works on both
    config = _convert(data, where)
    given = {k: (str(v) if isinstance(v, Path) else v) for k, v in overrides.items() if v is not None}
    if given:
        config = _convert({**data, **given}, "the command line")
    _validate(config, where)
    return config
