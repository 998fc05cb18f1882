"""Process set-up that must happen before any hardware library loads.

lgpio (gpiozero's backend on the Pi) creates a named pipe, ``.lgd-nfy<N>``, for its edge
notifications as soon as it is imported, in its *working directory*: ``$LG_WD`` if set, else
the current directory; it then ``chdir``\\s the process there (lgpio's ``lguGetWorkDir``). Under
the service's sandbox (``ProtectSystem=strict``) or from a read-only current directory the pipe
cannot be made, ``import lgpio`` fails, and gpiozero falls back to ``BadPinFactory``: the
buttons are dead. :func:`prepare_lgpio_workdir` points ``LG_WD`` at a directory we may write to,
and must run before gpiozero or lgpio is imported (``cli.main`` calls it for ``run`` and
``selftest``).
"""

from __future__ import annotations

import atexit
import logging
import os
import shutil
import tempfile
from collections.abc import MutableMapping
from pathlib import Path

log = logging.getLogger(__name__)

LG_WD = "LG_WD"


def _writable_dir(path: str) -> bool:
    return os.path.isdir(path) and os.access(path, os.W_OK | os.X_OK)


def _state_dirs(environ: MutableMapping[str, str]) -> list[str]:
    """The companion's state directory as systemd names it (``$STATE_DIRECTORY``, set by the
    unit's ``StateDirectory=``; several are separated by ``:``), then the default one of the
    config (``$XDG_STATE_HOME/table-companion``, else ``~/.local/state/table-companion``)."""
    dirs = [d for d in environ.get("STATE_DIRECTORY", "").split(":") if d]
    base = environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    dirs.append(os.path.join(base, "table-companion"))
    return dirs


def prepare_lgpio_workdir(environ: MutableMapping[str, str] | None = None) -> Path:
    """Set ``LG_WD`` (in ``environ``, default ``os.environ``) to a directory this process may
    write to and return it: a writable ``LG_WD`` already set is kept; else the state directory
    (see :func:`_state_dirs`) if it exists and is writable; else a private temporary directory
    (mode 0700), removed when the process exits. Never raises for an unusable directory.

    lgpio makes that directory the process's working directory when it loads; paths given on
    the command line are resolved before then (config, journal).
    """
    env = os.environ if environ is None else environ
    current = env.get(LG_WD)
    if current and _writable_dir(current):
        return Path(current)
    for candidate in _state_dirs(env):
        if _writable_dir(candidate):
            env[LG_WD] = candidate
            return Path(candidate)
    private = tempfile.mkdtemp(prefix="table-companion-lgpio-")
    atexit.register(shutil.rmtree, private, ignore_errors=True)
    if current:
        log.debug("LG_WD=%s is not writable; lgpio uses %s", current, private)
    env[LG_WD] = private
    return Path(private)
