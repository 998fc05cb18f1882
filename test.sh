#!/usr/bin/env bash
# Run the whole test suite. First run sets up .venv with the test tools; arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")"
. scripts/venv.sh
ensure_venv "test"
exec .venv/bin/python -m pytest "$@"
