"""Board data files (TOML) shipped with the companion.

The engines never read files; the session loads a game's data here and passes it into the
game's setup, where it is journaled with the game.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any


def load(name: str) -> dict[str, Any]:
    """The parsed ``<name>.toml`` of this package. Raises ``FileNotFoundError``."""
    text = resources.files(__package__).joinpath(f"{name}.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)
