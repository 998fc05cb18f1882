"""The service's unit file read the way systemd reads it (systemd.syntax(7)): ``[Section]``s,
``Key=value`` lines whose keys may repeat (``Environment=``, ``DeviceAllow=``,
``SystemCallFilter=``...), ``#``/``;`` comments, ``\\`` line continuations. configparser keeps
only the last of a repeated key, so the tests use this instead."""

from __future__ import annotations

import shlex
from pathlib import Path

UNIT = Path(__file__).parents[2] / "systemd" / "table-companion.service"


class Unit:
    def __init__(self, text: str) -> None:
        self.sections: dict[str, dict[str, list[str]]] = {}
        section: dict[str, list[str]] | None = None
        pending = ""
        for raw in text.splitlines():
            line = raw.strip()
            if not pending and (not line or line[0] in "#;"):
                continue
            if line.endswith("\\"):
                pending += line[:-1] + " "
                continue
            line, pending = pending + line, ""
            if line.startswith("[") and line.endswith("]"):
                section = self.sections.setdefault(line[1:-1], {})
                continue
            key, sep, value = line.partition("=")
            if not sep or section is None:
                raise ValueError(f"not a unit file line: {raw!r}")
            section.setdefault(key.strip(), []).append(value.strip())

    @classmethod
    def read(cls, path: Path = UNIT) -> Unit:
        return cls(path.read_text(encoding="utf-8"))

    def all(self, key: str, section: str = "Service") -> list[str]:
        """Every value of ``key``, in order (an empty value is kept: it resets a list)."""
        return list(self.sections.get(section, {}).get(key, []))

    def get(self, key: str, default: str | None = None, section: str = "Service") -> str | None:
        """The last value of ``key`` (the one that counts for a single-valued setting)."""
        values = self.all(key, section)
        return values[-1] if values else default

    def yes(self, key: str, section: str = "Service") -> bool:
        return (self.get(key, "no", section) or "no").lower() in ("yes", "true", "on", "1")

    def environment(self) -> dict[str, str]:
        """``Environment=`` assignments, later ones winning (quotes as in a shell)."""
        env: dict[str, str] = {}
        for value in self.all("Environment"):
            for word in shlex.split(value):
                name, _sep, val = word.partition("=")
                env[name] = val
        return env

    def exec_start(self) -> list[str]:
        """``ExecStart=`` as argv, without systemd's ``-@:+!`` prefixes."""
        value = self.get("ExecStart") or ""
        return shlex.split(value.lstrip("-@:+!"))

    def words(self, key: str) -> list[str]:
        """Space-separated list settings (``SupplementaryGroups=``, ``RestrictAddressFamilies=``...),
        all lines joined; an empty assignment clears what came before."""
        out: list[str] = []
        for value in self.all(key):
            out = out + value.split() if value else []
        return out
