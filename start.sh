#!/usr/bin/env bash
# Start the companion: the simulator window on a normal computer, the real hardware on a Pi.
# First run sets up .venv; extra arguments go to `table-companion run`.
set -euo pipefail
cd "$(dirname "$0")"
. scripts/venv.sh
if grep -qs "Raspberry Pi" /proc/device-tree/model; then
    # the GPIO backend comes from Raspberry Pi OS (apt: python3-lgpio, see scripts/install-pi.sh)
    VENV_OPTIONS=--system-site-packages ensure_venv "pi"
else
    ensure_venv ""
fi
exec .venv/bin/table-companion run "$@"
