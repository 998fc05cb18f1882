"""The companion's configuration: a TOML file with documented defaults.

Looked up in this order: ``--config PATH``, ``$TABLE_COMPANION_CONFIG``,
``/etc/table-companion/config.toml``; a missing file means all defaults. Every key and its
default is documented in ``docs/config.md``.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

DEFAULT_PATH = Path("/etc/table-companion/config.toml")


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


@dataclass(frozen=True)
class Config:
    """All settings. ``profile``: ``sim`` (window, keyboard, on-screen strip) or ``pi``."""

    profile: str = "sim"
    language: str = ""                       # "" = from $LANGUAGE / $LANG, else English
    state_dir: Path = field(default_factory=_default_state_dir)
    journal: Path | None = None              # default: <state_dir>/journal.db
    fullscreen: bool = False                 # the pi profile always runs full screen
    pins: Pins = field(default_factory=Pins)
    debounce_ms: int = 30
    hold_ms: int = 1000
    serial_port: str = "/dev/serial0"
    led_pin: int = 18
    led_count: int = 27                      # 21 time-track spaces + 4 seats + status + spare
    led_brightness: float = 0.2

    @property
    def journal_path(self) -> Path:
        return self.journal or self.state_dir / "journal.db"


def _coerce(cls: type, data: dict[str, Any]) -> Any:
    known = {f.name: f for f in fields(cls)}
    unknown = set(data) - set(known)
    if unknown:
        raise ValueError(f"unknown config keys: {', '.join(sorted(unknown))}")
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key == "pins":
            values[key] = _coerce(Pins, value)
        elif key in ("state_dir", "journal"):
            values[key] = Path(value)
        else:
            values[key] = value
    return cls(**values)


def load_config(path: str | Path | None = None, **overrides: Any) -> Config:
    """Read the config file (see module doc) and apply non-``None`` ``overrides``.

    Raises ``ValueError`` for unknown keys or a bad profile, ``tomllib.TOMLDecodeError`` for
    a malformed file, ``FileNotFoundError`` for an explicit path that does not exist.
    """
    chosen = path or os.environ.get("TABLE_COMPANION_CONFIG")
    data: dict[str, Any] = {}
    if chosen:
        data = tomllib.loads(Path(chosen).read_text(encoding="utf-8"))
    elif DEFAULT_PATH.exists():
        data = tomllib.loads(DEFAULT_PATH.read_text(encoding="utf-8"))
    config = _coerce(Config, data)
    config = replace(config, **{k: (Path(v) if k == "journal" else v) for k, v in overrides.items() if v is not None})
    if config.profile not in ("sim", "pi"):
        raise ValueError(f"profile must be 'sim' or 'pi', not {config.profile!r}")
    return config
