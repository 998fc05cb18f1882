#!/usr/bin/env bash
# Check the Pi install without a Pi: a Debian bookworm arm64 root filesystem (debootstrap) run
# through qemu-user-static and binfmt_misc, install-pi.sh's package, user and venv steps inside
# it (--no-hardware: boot config, udev and systemctl need a real Pi and are skipped), then the
# installed program: selftest in the sim profile, a few simulated games, a headless screenshot
# of every screen, and imports of the GPIO and LED driver modules with Blinka told which Pi it
# is on. Not part of ./test.sh: it takes 20-40 minutes. Run as root on a Debian-like machine:
#
#   sudo scripts/check-pi-emulated.sh [--model "Raspberry Pi 5 Model B Rev 1.0"] [--work DIR] [--fresh]
#
#   --model   the model install-pi.sh installs for (default: a Pi 4; the Pi 5 gets its own lock)
#   --work    where the root filesystem and the results go (default /var/tmp/tc-pi-emulated);
#             the root filesystem is kept and reused, --fresh builds it again
# Results: WORK/out/<family>/: install.log, check.log, summary.txt (versions and timings),
# shots/*.png. docs/hardware-check.md records a run.
set -euo pipefail

SRC="$(cd "$(dirname "$0")/.." && pwd)"
MODEL="Raspberry Pi 4 Model B Rev 1.4"
WORK=/var/tmp/tc-pi-emulated
FRESH=0
SUITE=bookworm
MIRROR=http://deb.debian.org/debian
while [ $# -gt 0 ]; do
    case "$1" in
        --model) MODEL="$2"; shift ;;
        --work) WORK="$2"; shift ;;
        --fresh) FRESH=1 ;;
        -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
    shift
done
[ "$(id -u)" -eq 0 ] || { echo "run as root (debootstrap, chroot, mounts)" >&2; exit 1; }
case "$MODEL" in *"Raspberry Pi 5"*) FAMILY=pi5 ;; *"Raspberry Pi 4"*) FAMILY=pi4 ;; *) FAMILY=pi3 ;; esac
ROOT="$WORK/rootfs"
OUT="$WORK/out/$FAMILY"
rm -rf "$OUT"
mkdir -p "$OUT"
SUMMARY="$OUT/summary.txt"
: >"$SUMMARY"
note() { echo "$*" | tee -a "$SUMMARY"; }
T0=$SECONDS
timed() {   # timed NAME COMMAND...: run, note how long it took; the status is passed on
    local name="$1" t=$SECONDS rc=0
    shift
    "$@" || rc=$?
    note "time $name: $((SECONDS - t)) s (exit $rc)"
    return "$rc"
}
note "check-pi-emulated: $(date -u '+%Y-%m-%d %H:%M UTC'), model \"$MODEL\" ($FAMILY), host $(uname -srm)"
note "commit: $(git -C "$SRC" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$SRC" diff --quiet HEAD -- 2>/dev/null || echo ' + uncommitted changes')"

# --- host tools, from Debian's own packages -------------------------------------------------
missing=()
for pkg in debootstrap qemu-user-static binfmt-support; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
note "host: $(dpkg-query -W -f '${Package} ${Version}; ' debootstrap qemu-user-static binfmt-support)"

# --- binfmt_misc: lets the kernel hand aarch64 programs to qemu-aarch64-static ----------------
if [ ! -e /proc/sys/fs/binfmt_misc/register ]; then
    if mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc 2>/dev/null; then
        note "binfmt_misc: mounted /proc/sys/fs/binfmt_misc"
    else
        note "binfmt_misc: cannot be mounted here"
    fi
fi
update-binfmts --enable qemu-aarch64 >/dev/null 2>&1 || true
BINFMT=0
if grep -qs '^enabled' /proc/sys/fs/binfmt_misc/qemu-aarch64; then
    BINFMT=1
    note "binfmt_misc: qemu-aarch64 $(grep -E '^(interpreter|flags)' /proc/sys/fs/binfmt_misc/qemu-aarch64 | tr '\n' ' ')"
else
    note "binfmt_misc: no qemu-aarch64 entry: only qemu-aarch64-static called by hand can run aarch64 programs"
fi

# --- the root filesystem --------------------------------------------------------------------
# Every mount at or below the root filesystem, deepest first, is undone at exit and before the
# root filesystem is removed (also those an interrupted run left); rm never crosses a mount.
unmount_root() {
    local m
    awk -v r="$ROOT" '$5 == r || index($5, r "/") == 1 {print $5}' /proc/self/mountinfo | sort -r \
        | while read -r m; do umount "$m" 2>/dev/null || umount -l "$m" || true; done
    if awk -v r="$ROOT" '$5 == r || index($5, r "/") == 1 {found = 1} END {exit !found}' /proc/self/mountinfo; then
        echo "still mounted under $ROOT: see /proc/self/mountinfo" >&2
        return 1
    fi
}
trap unmount_root EXIT
bind() { mount "$@"; }

unmount_root
if [ "$FRESH" = 1 ] || [ ! -f "$ROOT/.tc-base-done" ]; then
    rm -rf --one-file-system "$ROOT"
    mkdir -p "$ROOT"
    if [ "$BINFMT" = 1 ]; then
        timed debootstrap debootstrap --arch=arm64 --variant=minbase --include=ca-certificates \
            "$SUITE" "$ROOT" "$MIRROR" >"$OUT/debootstrap.log" 2>&1 \
            || { tail -20 "$OUT/debootstrap.log"; exit 1; }
    else
        # Without binfmt_misc: the first stage unpacks, the second needs aarch64 programs that
        # start other aarch64 programs, which only binfmt_misc makes possible. Try and record.
        timed debootstrap-foreign debootstrap --foreign --arch=arm64 --variant=minbase \
            --include=ca-certificates "$SUITE" "$ROOT" "$MIRROR" >"$OUT/debootstrap.log" 2>&1
        cp /usr/bin/qemu-aarch64-static "$ROOT/usr/bin/"
        if ! timed second-stage chroot "$ROOT" /usr/bin/qemu-aarch64-static /bin/bash /debootstrap/debootstrap \
            --second-stage >>"$OUT/debootstrap.log" 2>&1; then
            note "second stage failed without binfmt_misc (tail of $OUT/debootstrap.log):"
            tail -5 "$OUT/debootstrap.log" | tee -a "$SUMMARY"
            exit 3
        fi
    fi
    cat >"$ROOT/etc/apt/sources.list" <<EOF
deb $MIRROR $SUITE main
deb $MIRROR $SUITE-updates main
deb http://deb.debian.org/debian-security $SUITE-security main
EOF
    touch "$ROOT/.tc-base-done"
else
    note "root filesystem: reused $ROOT (--fresh builds it again)"
fi
cp /usr/bin/qemu-aarch64-static "$ROOT/usr/bin/"     # for a binfmt entry without the F flag
cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
bind -t proc proc "$ROOT/proc"
bind -t sysfs sys "$ROOT/sys"
# A /dev of its own (not the host's): the usual character devices, pts and shm.
bind -t tmpfs -o mode=755 tmpfs "$ROOT/dev"
for node in "null 1 3" "zero 1 5" "full 1 7" "random 1 8" "urandom 1 9" "tty 5 0"; do
    read -r name major minor <<<"$node"
    mknod -m 666 "$ROOT/dev/$name" c "$major" "$minor"
done
mkdir -p "$ROOT/dev/pts" "$ROOT/dev/shm"
bind -t devpts -o newinstance,ptmxmode=0666 devpts "$ROOT/dev/pts"
bind -t tmpfs -o mode=1777 tmpfs "$ROOT/dev/shm"
ln -s pts/ptmx "$ROOT/dev/ptmx"
ln -s /proc/self/fd "$ROOT/dev/fd"
for i in 0 1 2; do ln -s "/proc/self/fd/$i" "$ROOT/dev/$(echo "stdin stdout stderr" | cut -d' ' -f$((i + 1)))"; done
in_root() { chroot "$ROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }
note "arch in the root filesystem: $(in_root uname -m), dpkg $(in_root dpkg --print-architecture), Debian $(cat "$ROOT/etc/debian_version")"
# The host's own CA certificates (e.g. of a proxy that inspects TLS), so that pip inside
# trusts the same https as pip outside.
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
    mkdir -p "$ROOT/usr/local/share/ca-certificates"
    cp /usr/local/share/ca-certificates/*.crt "$ROOT/usr/local/share/ca-certificates/"
    in_root update-ca-certificates >/dev/null 2>&1 || true
    note "CA certificates: the host's /usr/local/share/ca-certificates/*.crt copied in"
fi

# --- install-pi.sh inside it ----------------------------------------------------------------
rm -rf "$ROOT/root/table-companion"
mkdir -p "$ROOT/root/table-companion"
tar -C "$SRC" --exclude=./.venv --exclude=./.git --exclude='__pycache__' --exclude='*.egg-info' \
    --exclude=./build --exclude=./.mypy_cache --exclude=./.pytest_cache --exclude=./.ruff_cache \
    --exclude=./.hypothesis --exclude=./.import_linter_cache -cf - . | tar -C "$ROOT/root/table-companion" -xf -
echo "install-pi.sh --no-hardware (log: $OUT/install.log) ..."
if ! timed install-pi.sh in_root /root/table-companion/scripts/install-pi.sh --no-hardware --model "$MODEL" \
    >"$OUT/install.log" 2>&1; then
    tail -30 "$OUT/install.log"
    note "RESULT: install-pi.sh failed"
    exit 1
fi
grep -E '^== \[|^skipped|^  (uart|led|lock|boot|udev|build):' "$OUT/install.log" | tee -a "$SUMMARY"

# --- the installed program, as the service's user ---------------------------------------------
cat >"$ROOT/tmp/tc-check.sh" <<'EOF'
#!/bin/bash
# Runs inside the arm64 root filesystem as the user table-companion.
set -u
export HOME=/tmp/tc-home XDG_STATE_HOME=/tmp/tc-state SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
    PYGAME_HIDE_SUPPORT_PROMPT=1 LANG=C.UTF-8
# lgpio makes its notification pipe in LG_WD (else the working directory) as it is imported;
# the service's unit and the program point it at the state directory (docs/service.md).
export LG_WD=$XDG_STATE_HOME
mkdir -p "$HOME" "$XDG_STATE_HOME"
cd "$HOME" || exit 1
APP=/opt/table-companion
TC=$APP/.venv/bin/table-companion
PY=$APP/.venv/bin/python
FAMILY="$1"
status=0
t() { local s=$SECONDS rc=0; "$@" || rc=$?; echo "time $*: $((SECONDS - s)) s (exit $rc)"; return $rc; }

echo "== versions"
echo "debian $(cat /etc/debian_version); $(uname -m); glibc $(ldd --version | head -1 | awk '{print $NF}')"
$PY - <<'PY'
import importlib.metadata as md, platform, sys
import pygame
print("python", platform.python_version(), platform.machine())
print("pygame-ce", pygame.version.ver, "SDL", ".".join(map(str, pygame.get_sdl_version())))
for dist in ("msgspec", "gpiozero", "lgpio", "gpiod", "pyserial", "adafruit-blinka", "adafruit-platformdetect",
             "adafruit-circuitpython-neopixel", "adafruit-circuitpython-pn532", "rpi-ws281x",
             "adafruit-blinka-raspberry-pi5-neopixel", "setuptools", "pip"):
    try:
        print(dist, md.version(dist))
    except md.PackageNotFoundError:
        print(dist, "-")
PY
$PY -m pip list --format=freeze | wc -l | sed 's/^/packages in the venv: /'

echo "== driver modules, on the Pi's code path"
# /proc/cpuinfo here carries the Pi's revision code (check-pi-emulated.sh binds it over the
# host's), so gpiozero, Blinka and rpi_ws281x take this model for the Pi they run on; Blinka's
# chip is forced (there is no device tree). The drivers then stop where the hardware starts.
grep -E '^(Revision|Model)' /proc/cpuinfo
if [ "$FAMILY" = pi5 ]; then led_mod=adafruit_raspberry_pi5_neopixel_write; else led_mod=_rpi_ws281x; fi
BLINKA_FORCECHIP=BCM2XXX $PY - "$led_mod" <<'PY' || status=1
import importlib, sys, types
import lgpio, gpiod, serial
print("lgpio", lgpio.LGPIO_PY_VERSION, "gpiod", gpiod.__version__)
led = importlib.import_module(sys.argv[1])
print("LED driver module:", led.__name__, "from", getattr(led, "__file__", "?"))
from adafruit_platformdetect import Detector
d = Detector()
print("Blinka sees: board", d.board.id, "chip", d.chip.id, "any_raspberry_pi", d.board.any_raspberry_pi)
import board, digitalio, neopixel, neopixel_write                      # Blinka's Raspberry Pi path
print("board.D10:", board.D10, type(board.D10).__module__)
print("neopixel_write uses:", neopixel_write._neopixel.__name__)
import adafruit_pn532.uart                                             # the NFC driver
from firmware_host.io.leds import NeoPixelStrip                       # the app's own adapter
print("imports OK")
# Where each driver stops without the hardware (expected errors, printed, not failures):
pin10 = types.SimpleNamespace(_pin=types.SimpleNamespace(id=10))
try:
    neopixel_write._neopixel.neopixel_write(pin10, bytearray(27 * 3))
    print("LED write on GPIO10: done (unexpected without the hardware)")
except Exception as e:
    print("LED write on GPIO10 stops at:", type(e).__name__, e)
try:
    NeoPixelStrip(10, 27)
    print("NeoPixelStrip(10, 27): opened (unexpected without the hardware)")
except Exception as e:
    print("NeoPixelStrip(10, 27) stops at:", type(e).__name__, e)
PY
echo "== gpiozero's pin factory (stops without /dev/gpiochip*: expected)"
GPIOZERO_PIN_FACTORY=lgpio $PY -c 'from gpiozero import Button
from gpiozero.pins.lgpio import LGPIOFactory
try:
    Button(5); print("gpiozero: a button on GPIO5 opened")
except Exception as e:
    print("gpiozero lgpio factory stops at:", type(e).__name__, e)'

echo "== fonts: each language's, as firmware_host/i18n.py names them (fontconfig)"
$PY - <<'PY' || status=1
import subprocess
from firmware_host import i18n
missing = 0
for code, lang in i18n.LANGUAGES.items():
    for family in getattr(lang, "fonts", ()):
        found = subprocess.run(["fc-list", f"{family}:", "file"], capture_output=True, text=True).stdout.split()
        print(f"{code:6} {family:22} {found[0].rstrip(':') if found else '-'}")
    try:
        from display.text import missing_fonts
    except ImportError:
        continue
    for line in missing_fonts(code):
        print(f"{code:6} MISSING: {line}")
        missing += 1
raise SystemExit(1 if missing else 0)
PY

echo "== selftest"
if $TC selftest --help 2>/dev/null | grep -q -- '--profile'; then
    echo "selftest --profile sim --yes --timeout 2 (nobody presses the keys: those checks fail by design)"
    out=$(t $TC selftest --profile sim --yes --timeout 2 2>&1)
    echo "$out"
    # a check may fail; a traceback, or no summary table, is a failure of the check itself
    if grep -q '^Traceback' <<<"$out" || ! grep -q '^check  *result' <<<"$out"; then status=1; fi
else
    echo "selftest has no --profile yet: simulate and screenshot instead"
fi
echo "== simulate"
t $TC simulate trajan --players 2 --games 1 || status=1
t $TC simulate concordia --players 3 --games 1 || status=1
t $TC simulate chariot_race --players 3 --games 1 || status=1
echo "== screenshot (headless, SDL dummy driver)"
rm -rf /tmp/shots /tmp/shots-fa /tmp/shots-zh
t $TC screenshot --out /tmp/shots || status=1
ls /tmp/shots | wc -l | sed 's/^/PNG files: /'
t $TC screenshot --out /tmp/shots-fa --language fa || status=1      # right to left, Noto Sans Arabic
t $TC screenshot --out /tmp/shots-zh --language zh || status=1      # Noto Sans CJK
exit $status
EOF
chmod 755 "$ROOT/tmp/tc-check.sh"
# The model's /proc/cpuinfo (revision codes: Raspberry Pi's documentation, "Raspberry Pi
# revision codes"), bound over the host's in this root only.
case "$FAMILY" in
    pi5) rev=d04170 ;;                     # Pi 5 Model B rev 1.0, 8 GB
    pi4) rev=c03114 ;;                     # Pi 4 Model B rev 1.4, 4 GB
    *) rev=a020d3 ;;                       # Pi 3 Model B+ rev 1.3
esac
{ printf 'processor\t: 0\nCPU architecture: 8\n\n'
  if [ "$FAMILY" != pi5 ]; then printf 'Hardware\t: BCM2835\n'; fi
  printf 'Revision\t: %s\nSerial\t\t: 100000000123abcd\nModel\t\t: %s\n' "$rev" "$MODEL"; } >"$WORK/cpuinfo"
bind --bind "$WORK/cpuinfo" "$ROOT/proc/cpuinfo"
echo "checks as table-companion (log: $OUT/check.log) ..."
rc=0
timed checks in_root runuser -u table-companion -- /tmp/tc-check.sh "$FAMILY" >"$OUT/check.log" 2>&1 || rc=$?
cat "$OUT/check.log" >>"$SUMMARY"
for d in shots shots-fa shots-zh; do
    rm -rf "${OUT:?}/$d"
    if [ -d "$ROOT/tmp/$d" ]; then cp -r "$ROOT/tmp/$d" "$OUT/$d"; fi
done
note "total: $((SECONDS - T0)) s"
if [ "$rc" = 0 ]; then note "RESULT: PASS ($OUT)"; else note "RESULT: FAIL (exit $rc; $OUT/check.log)"; fi
exit "$rc"
