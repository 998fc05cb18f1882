#!/usr/bin/env bash
# Run the whole test suite, on every core (pytest-xdist). First run sets up .venv with the test
# tools; arguments go to pytest (e.g. -m "not slow" for a quick run, -n 0 for one process).
set -euo pipefail
cd "$(dirname "$0")"
. scripts/venv.sh
ensure_venv "test"
# The boot unit is checked with systemd-analyze and run in its sandbox with bubblewrap and
# libseccomp's Python binding (Debian packages: systemd bubblewrap python3-seccomp); add them
# where we may.
missing=()
command -v systemd-analyze >/dev/null || missing+=(systemd)
command -v bwrap >/dev/null || missing+=(bubblewrap)
command -v xgettext >/dev/null || missing+=(gettext)   # the pseudo-locale test extracts the catalog
/usr/bin/python3 -c 'import seccomp' >/dev/null 2>&1 || missing+=(python3-seccomp)
# The install scripts are checked with shellcheck.
command -v shellcheck >/dev/null || missing+=(shellcheck)
# The screens' fonts (firmware_host/i18n.py): DejaVu Sans (Latin), Noto Sans Arabic UI (Persian),
# Noto Sans CJK TC (Chinese), found through fontconfig; the same packages as scripts/install-pi.sh.
command -v fc-list >/dev/null || missing+=(fontconfig)
fc-list -q "DejaVu Sans" 2>/dev/null || missing+=(fonts-dejavu-core)
fc-list -q "Noto Sans Arabic UI" 2>/dev/null || missing+=(fonts-noto-ui-core)
fc-list -q "Noto Sans CJK TC" 2>/dev/null || missing+=(fonts-noto-cjk)
# The share screen's QR code is read back by zbar, as a phone would (tests/display/test_share_screen.py).
command -v zbarimg >/dev/null || missing+=(zbar-tools)
# Typing Chinese names by Zhuyin (display/zhuyin.py): libchewing and its dictionary, the same
# packages as scripts/install-pi.sh; the keyboard layouts are checked against the X keyboard
# configuration, compiled by libxkbcommon (tests/display/test_keyboard.py).
[ -e /usr/share/libchewing/dictionary.dat ] || missing+=(libchewing3 libchewing3-data)
[ -d /usr/share/X11/xkb/symbols ] || missing+=(xkb-data)
/usr/sbin/ldconfig -p 2>/dev/null | grep -q libxkbcommon.so.0 || missing+=(libxkbcommon0)
if [ ${#missing[@]} -gt 0 ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    { apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1 \
        || { apt-get update -qq >/dev/null 2>&1 \
             && apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1; }; } \
        || echo "note: could not install ${missing[*]}; the tests that need them are skipped (the fonts: fail)" >&2
fi
exec .venv/bin/python -m pytest -n auto "$@"
