#!/usr/bin/env bash
# Run the whole test suite, on every core (pytest-xdist). First run sets up .venv with the test
# tools; arguments go to pytest (e.g. -m "not slow" for a quick run, -n 0 for one process).
set -euo pipefail
cd "$(dirname "$0")"
. scripts/venv.sh
ensure_venv "test"
# The boot unit is checked with systemd-analyze (Debian package: systemd); add it where we may.
if ! command -v systemd-analyze >/dev/null && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get install -y -qq systemd >/dev/null 2>&1 || echo "note: could not install systemd-analyze; its test is skipped" >&2
fi
exec .venv/bin/python -m pytest -n auto "$@"
