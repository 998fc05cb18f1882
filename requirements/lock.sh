#!/usr/bin/env bash
# Regenerate the hash-pinned locks of the Pi's venv: CPython 3.11 on linux aarch64 with glibc
# 2.36, i.e. Raspberry Pi OS Bookworm (64-bit), resolved here for that platform whatever this
# machine is. Inputs: pyproject.toml's dependencies and [pi] extra, and requirements/*.in.
#
#   requirements/lock.sh              keep the pinned versions that still fit, add what is new
#   requirements/lock.sh --upgrade    move every unpinned package to its newest release
#
# Needs uv (https://docs.astral.sh/uv/; `python3 -m pip install uv`, or UV=/path/to/uv).
# Run it after changing pyproject.toml's dependencies or the [pi] extra; tests/io/
# test_install_script.py fails until the locks cover them. scripts/install-pi.sh installs
# pi-build.lock, then pi-bcm283x.lock (Pi 3 B+, 4, 400, Zero 2 W) or pi5.lock (Pi 5), each with
# pip's --require-hashes.
set -euo pipefail
cd "$(dirname "$0")/.."
UV="${UV:-uv}"
compile() {   # compile OUT SOURCES...
    local out="$1"
    shift
    "$UV" pip compile --quiet --python-version 3.11 --python-platform aarch64-manylinux_2_36 \
        --generate-hashes --custom-compile-command "requirements/lock.sh" "$@" -o "$out"
    echo "$out: $(grep -c '^[a-z0-9]' "$out") packages"
}
compile requirements/pi-build.lock requirements/pi-build.in "$@"
compile requirements/pi-bcm283x.lock pyproject.toml --extra pi requirements/pi-bcm283x.in "$@"
compile requirements/pi5.lock pyproject.toml --extra pi requirements/pi5.in "$@"
