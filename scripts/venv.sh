# Sourced by start.sh and test.sh: make .venv hold this project with the given extras.
# Reinstalls only when pyproject.toml is newer than the last install.
ensure_venv() {
    local extras="$1"
    if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
        echo "table companion needs Python 3.11 or newer (found $(python3 --version 2>&1))" >&2
        exit 1
    fi
    [ -x .venv/bin/python ] || python3 -m venv ${VENV_OPTIONS:-} .venv
    local stamp=".venv/.installed-${extras:-base}"
    if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
        .venv/bin/python -m pip install --quiet --upgrade pip
        .venv/bin/python -m pip install --quiet -e ".${extras:+[$extras]}"
        touch "$stamp"
    fi
}
