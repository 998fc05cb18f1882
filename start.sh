#!/usr/bin/env bash
# Start the companion: the simulator window on a normal computer, the real hardware on a Pi.
# First run sets up .venv; extra arguments go to `table-companion run`.
set -euo pipefail
cd "$(dirname "$0")"
. scripts/venv.sh
ensure_venv ""
exec .venv/bin/table-companion run "$@"
