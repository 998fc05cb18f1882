#!/usr/bin/env bash
# Install the table companion as an appliance on Raspberry Pi OS Lite (64-bit, Bookworm), run as
# root from a checkout of this repository:
#
#   sudo ./scripts/install-pi.sh                 install for the Pi this runs on
#   ./scripts/install-pi.sh --dry-run [--model "Raspberry Pi 5 Model B Rev 1.0"]
#                                                print the decisions and every command, change nothing
#   sudo ./scripts/install-pi.sh --no-hardware --model "..."
#                                                packages, user, venv and config only: no boot
#                                                config, udev or systemctl (a chroot, an emulator;
#                                                scripts/check-pi-emulated.sh uses it)
#   --keep-bluetooth   Pi 3 B+/4/400/Zero 2 W: move Bluetooth to the mini UART (miniuart-bt)
#                      instead of switching it off (disable-bt)
#
# The model comes from /proc/device-tree/model (or --model); hardware/wiring.md has the table of
# what each model gets. Steps (each safe to repeat):
#  1. checks: a supported model, a 64-bit OS (arm64), Python 3.11
#  2. apt packages: Python, the Mesa/DRM libraries SDL draws with, fontconfig and the fonts of
#     the four languages, and a compiler where the LED driver is built from source
#  3. the unprivileged user "table-companion" in the groups gpio spi dialout video render input
#  4. the program in /opt/table-companion with a venv from a hash-checked lock file
#     (requirements/*.lock, pip --require-hashes: no unpinned package is ever installed)
#  5. the Pi itself: UART for the NFC reader, SPI or the PIO for the LED strip (config.txt),
#     no login console on the reader's UART, the udev rule for /dev/pio0 on a Pi 5, the udev
#     rule that mounts a USB stick at /media/usb for the service's user (docs/usb-stick.md)
#  6. /etc/table-companion/config.toml (kept if it exists) and the systemd service, enabled
#  A reboot is needed afterwards for the config.txt changes; the service then starts at boot.
#
# Test hooks (tests/io/test_install_script.py): TC_DPKG_ARCH, TC_UNAME_M and TC_PYTHON_VERSION
# stand in for `dpkg --print-architecture`, `uname -m` and python3's version.
set -euo pipefail

SRC="$(cd "$(dirname "$0")/.." && pwd)"
APP=/opt/table-companion
USER_NAME=table-companion
CONF_DIR=/etc/table-companion
UDEV_RULE=/etc/udev/rules.d/99-table-companion-pio.rules
PIO_RULE='SUBSYSTEM=="*-pio", GROUP="gpio", MODE="0660"'
USB_RULE=/etc/udev/rules.d/99-table-companion-usb.rules
USB_MOUNT=/media/usb               # config.py's usb_mount default; the unit's ReadWritePaths=

DRY_RUN=0
NO_HARDWARE="${TC_NO_HARDWARE:-0}"
KEEP_BT=0
MODEL=""
usage() { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
    case "$1" in
        --dry-run) DRY_RUN=1 ;;
        --no-hardware) NO_HARDWARE=1 ;;
        --keep-bluetooth) KEEP_BT=1 ;;
        --model) [ $# -ge 2 ] || { echo "--model needs a value" >&2; exit 2; }; MODEL="$2"; shift ;;
        --model=*) MODEL="${1#--model=}" ;;
        -h|--help) usage; exit 0 ;;
        *) echo "unknown option: $1" >&2; usage >&2; exit 2 ;;
    esac
    shift
done

START=$SECONDS
step() { echo; echo "== [$((SECONDS - START)) s] $*"; }
die() { echo; echo "install-pi.sh: $*" >&2; exit 1; }
run() {   # run a command, or print it in a dry run
    if [ "$DRY_RUN" = 1 ]; then
        printf '+'; printf ' %q' "$@"; printf '\n'
    else
        "$@"
    fi
}
skip() { echo "skipped (--no-hardware: needs a real Pi): $*"; }

# ---------------------------------------------------------------------------------------------
step "1/6 checks"
[ "$DRY_RUN" = 1 ] || [ "$(id -u)" -eq 0 ] || die "run as root: sudo $0"

if [ -z "$MODEL" ]; then
    MODEL="$(tr -d '\0' </proc/device-tree/model 2>/dev/null || true)"
fi
[ -n "$MODEL" ] || die "cannot read /proc/device-tree/model: is this a Raspberry Pi? (--model \"...\" names one)"
# The model families ("Raspberry Pi 400" contains "Raspberry Pi 4", "Raspberry Pi 500" "... 5").
case "$MODEL" in
    *"Raspberry Pi 5"*|*"Compute Module 5"*) FAMILY=pi5 ;;         # also the Pi 500
    *"Raspberry Pi 4"*|*"Compute Module 4"*) FAMILY=pi4 ;;         # also the Pi 400
    *"Raspberry Pi 3"*|*"Zero 2"*|*"Compute Module 3"*) FAMILY=pi3 ;;
    *"Raspberry Pi"*) die "$MODEL is not supported: it cannot run a 64-bit OS (the companion needs
the Pi 3 B+, 4, 400, 5 or Zero 2 W; see hardware/wiring.md)." ;;
    *) die "'$MODEL' is not a Raspberry Pi model this script knows (hardware/wiring.md lists them)." ;;
esac

# A 64-bit userland is required: pygame-ce publishes no wheel for 32-bit ARM, and the locks
# hold aarch64 wheels. A 32-bit Raspberry Pi OS may run a 64-bit kernel (uname -m = aarch64),
# so dpkg's architecture is the one that decides.
DPKG_ARCH="${TC_DPKG_ARCH:-$(dpkg --print-architecture 2>/dev/null || echo unknown)}"
MACHINE="${TC_UNAME_M:-$(uname -m)}"
if [ "$DPKG_ARCH" != arm64 ] || [ "$MACHINE" != aarch64 ]; then
    case "$DPKG_ARCH/$MACHINE" in
        armhf/*|armel/*|*/armv6l|*/armv7l|*/armv8l)
            die "this is a 32-bit Raspberry Pi OS (dpkg architecture $DPKG_ARCH, kernel $MACHINE).
The companion needs the 64-bit one: pygame-ce publishes no wheel for 32-bit ARM, and the
locked packages (requirements/*.lock) are built for aarch64. Write \"Raspberry Pi OS Lite
(64-bit)\" (Bookworm) to the SD card with Raspberry Pi Imager (Choose OS > Raspberry Pi OS
(other)); every supported model (Pi 3 B+, 4, 400, 5, Zero 2 W) runs it. Then run this again." ;;
        *)
            if [ "$DRY_RUN" = 1 ]; then
                echo "note: dry run on $DPKG_ARCH/$MACHINE: shown as on a 64-bit Raspberry Pi OS (arm64/aarch64)"
            else
                die "this machine is $DPKG_ARCH/$MACHINE; the companion installs on Raspberry Pi OS (64-bit), arm64."
            fi ;;
    esac
fi

# The per-model decisions (hardware/wiring.md, "Per-model support").
case "$FAMILY" in
    pi5)
        UART="/dev/ttyAMA0"
        UART_NOTE="UART0 on GPIO14/15 (dtparam=uart0=on); /dev/serial0 is the debug connector's ttyAMA10"
        LED="pi5-pio"
        LED_NOTE="Adafruit-Blinka-Raspberry-Pi5-Neopixel through the RP1's PIO (/dev/pio0, group gpio by a udev rule); no SPI"
        LOCK="requirements/pi5.lock"
        BOOT_LINES=("dtparam=uart0=on")
        BUILD_APT=()                      # the locked LED driver is a cp311 aarch64 wheel
        CONSOLES="ttyAMA0"                # serial0 (ttyAMA10, the debug connector) keeps its console
        ;;
    pi4|pi3)
        UART="/dev/serial0"
        LED="rpi_ws281x-spi"
        LED_NOTE="rpi_ws281x in SPI mode on GPIO10 (/dev/spidev0.0, group spi; /dev/gpiomem, group gpio)"
        LOCK="requirements/pi-bcm283x.lock"
        if [ "$KEEP_BT" = 1 ]; then
            BT_OVERLAY="dtoverlay=miniuart-bt"
            UART_NOTE="-> ttyAMA0, the PL011 (miniuart-bt: Bluetooth moved to the mini UART, at a fixed core clock)"
        else
            BT_OVERLAY="dtoverlay=disable-bt"
            UART_NOTE="-> ttyAMA0, the PL011 (disable-bt: Bluetooth off, so the mini UART's clock-bound baud rate is not used)"
        fi
        if [ "$FAMILY" = pi4 ]; then      # rpi_ws281x's SPI timing needs a fixed core clock
            BOOT_LINES=("enable_uart=1" "$BT_OVERLAY" "dtparam=spi=on" "core_freq=500" "core_freq_min=500")
        else
            BOOT_LINES=("enable_uart=1" "$BT_OVERLAY" "dtparam=spi=on" "core_freq=250")
        fi
        BUILD_APT=(gcc libc6-dev python3-dev)   # rpi-ws281x is source only on PyPI
        CONSOLES="serial0 ttyAMA0 ttyS0"
        ;;
esac
echo "model: $MODEL (family $FAMILY)"
echo "  uart: $UART  $UART_NOTE"
echo "  led: $LED  $LED_NOTE"
echo "  lock: $LOCK"
for line in "${BOOT_LINES[@]}"; do echo "  boot: $line"; done
if [ "$FAMILY" = pi5 ]; then echo "  udev: $UDEV_RULE: $PIO_RULE"; fi
echo "  usb: $USB_RULE: a FAT/exFAT USB stick at $USB_MOUNT, owned by $USER_NAME"
echo "  build: ${BUILD_APT[*]:-none (every locked package is a wheel)}"


# ---------------------------------------------------------------------------------------------
step "2/6 apt packages"
# SDL's KMS/DRM video (the service's SDL_VIDEODRIVER=kmsdrm) loads GBM, EGL and GLES with
# Mesa's DRI drivers; the screens find their fonts through fontconfig. The fonts are those
# firmware_host/i18n.py names for each language, the same packages ./test.sh installs: DejaVu
# Sans (Latin, digits, symbols), Noto Sans Arabic UI (fonts-noto-ui-core, Persian) and Noto Sans
# CJK TC (fonts-noto-cjk, Traditional Chinese). Chinese names are typed by Zhuyin with libchewing
# and its dictionary (display/zhuyin.py), the same packages ./test.sh installs.
APT_PACKAGES=(python3 python3-venv
    libgl1-mesa-dri libegl1 libgles2 libgbm1 libdrm2 libudev1
    fontconfig fonts-dejavu-core fonts-noto-ui-core fonts-noto-cjk
    libchewing3 libchewing3-data)
APT_PACKAGES+=("${BUILD_APT[@]}")
run apt-get update
# Where the archive has them: the GPIO libraries that ./start.sh's development venv (--system-site-packages) takes from apt
# (Raspberry Pi OS's archive). The appliance's venv does not see them: its packages come from the lock.
for pkg in python3-lgpio python3-libgpiod; do
    if [ "$DRY_RUN" = 1 ]; then
        echo "+ apt-cache show $pkg: added where the archive has it"
    elif apt-cache show "$pkg" >/dev/null 2>&1; then
        APT_PACKAGES+=("$pkg")
    else
        echo "$pkg is not in this archive: left out"
    fi
done
run env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${APT_PACKAGES[@]}"
PY_VERSION="${TC_PYTHON_VERSION:-$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null || echo none)}"
[ "$PY_VERSION" = 3.11 ] || die "python3 is $PY_VERSION; the locks are resolved for CPython 3.11 (Raspberry Pi OS
Bookworm). On another release, regenerate them for its Python (requirements/lock.sh, --python-version)."
echo "python3: $PY_VERSION"

# ---------------------------------------------------------------------------------------------
step "3/6 user $USER_NAME"
# gpio: buttons (/dev/gpiochip*, /dev/gpiomem) and the Pi 5's /dev/pio0; spi: /dev/spidev0.0;
# dialout: the UART; video, render: DRM; input: the touchscreen. The unit names them all.
if [ "$DRY_RUN" = 1 ] || ! id "$USER_NAME" >/dev/null 2>&1; then
    run useradd --system --home-dir /var/lib/table-companion --shell /usr/sbin/nologin "$USER_NAME"
fi
for group in gpio spi dialout video render input; do
    if [ "$DRY_RUN" = 1 ] || ! getent group "$group" >/dev/null; then
        run groupadd --system "$group"
    fi
    run usermod -a -G "$group" "$USER_NAME"
done

# ---------------------------------------------------------------------------------------------
step "4/6 program and venv in $APP"
PY="$APP/.venv/bin/python"
PIP=("$PY" -m pip --disable-pip-version-check --no-input)
run mkdir -p "$APP"
# the checkout without its venv, git data or caches
if [ "$DRY_RUN" = 1 ]; then
    echo "+ tar -C $SRC ... | tar -C $APP -xf -   (the checkout without .venv, .git and caches)"
else
    tar -C "$SRC" --exclude=./.venv --exclude=./.git --exclude='__pycache__' --exclude='*.egg-info' \
        --exclude=./build --exclude=./.mypy_cache --exclude=./.pytest_cache --exclude=./.ruff_cache \
        --exclude=./.hypothesis --exclude=./.import_linter_cache -cf - . | tar -C "$APP" -xf -
fi
# A fresh venv each time: exactly the lock, nothing left from an earlier install. No
# --system-site-packages: every Python package comes from the lock, none from apt.
run rm -rf "$APP/.venv"
run python3 -m venv "$APP/.venv"
# Build tools first (setuptools, wheel), hash-checked; then the rest without build isolation,
# so that an sdist (rpi-ws281x) and the project are built with those, not unpinned downloads.
run "${PIP[@]}" install --require-hashes --no-deps -r "$APP/requirements/pi-build.lock"
run "${PIP[@]}" install --require-hashes --no-deps --no-build-isolation -r "$APP/$LOCK"
# the project itself, from the copy: no index, no dependencies (they are all in the lock)
run "${PIP[@]}" install --no-index --no-deps --no-build-isolation "$APP"
run "${PIP[@]}" check
run chown -R root:root "$APP"

# ---------------------------------------------------------------------------------------------
step "5/6 the Pi: UART for the NFC reader, the LED strip's driver"
BOOT_DIR=/boot/firmware
[ -d "$BOOT_DIR" ] || [ ! -f /boot/config.txt ] || BOOT_DIR=/boot     # before Bookworm
BOOT_CONFIG="$BOOT_DIR/config.txt"
CMDLINE="$BOOT_DIR/cmdline.txt"
add_boot_lines() {   # append the missing lines to config.txt in an [all] section, once
    local missing=() line
    for line in "${BOOT_LINES[@]}"; do
        grep -qxF "$line" "$BOOT_CONFIG" 2>/dev/null || missing+=("$line")
    done
    [ "${#missing[@]}" -gt 0 ] || { echo "$BOOT_CONFIG has every line already"; return; }
    [ -f "$BOOT_CONFIG.before-table-companion" ] || cp "$BOOT_CONFIG" "$BOOT_CONFIG.before-table-companion"
    { echo; echo "[all]"; echo "# table companion (scripts/install-pi.sh; hardware/wiring.md)"
      printf '%s\n' "${missing[@]}"; } >>"$BOOT_CONFIG"
}
other_bt="dtoverlay=miniuart-bt"
if [ "$KEEP_BT" = 1 ]; then other_bt="dtoverlay=disable-bt"; fi
if [ "$NO_HARDWARE" = 1 ]; then
    skip "$BOOT_CONFIG (${BOOT_LINES[*]}), $CMDLINE (no login console on $UART)"
    if [ "$FAMILY" = pi5 ]; then skip "$UDEV_RULE"; else skip "systemctl disable hciuart.service"; fi
    skip "$USB_RULE"
elif [ "$DRY_RUN" = 1 ]; then
    for line in "${BOOT_LINES[@]}"; do echo "+ $BOOT_CONFIG += $line"; done
    for c in $CONSOLES; do echo "+ $CMDLINE -= console=$c,<baud>"; done
    if [ "$FAMILY" = pi5 ]; then echo "+ $UDEV_RULE = $PIO_RULE"; fi
    echo "+ $USB_RULE = systemd/99-table-companion-usb.rules, @BOOT_FS_UUID@ = the UUID of $BOOT_DIR"
else
    add_boot_lines
    if [ "$FAMILY" != pi5 ] && grep -qxF "$other_bt" "$BOOT_CONFIG"; then
        echo "warning: $BOOT_CONFIG also has $other_bt from an earlier run: remove it" >&2
    fi
    if [ -f "$CMDLINE" ]; then
        for c in $CONSOLES; do
            sed -E -i "s/[[:space:]]*console=$c,[0-9]+//g" "$CMDLINE"
        done
    fi
    if [ "$FAMILY" = pi5 ]; then
        echo "$PIO_RULE" >"$UDEV_RULE"
        udevadm control --reload-rules || true
        [ -e /dev/pio0 ] || echo "note: no /dev/pio0 yet: the LED driver needs a kernel and firmware with the RP1 PIO driver (apt full-upgrade, then reboot)"
    fi
    # The USB stick (docs/usb-stick.md). The rule leaves out the Pi's own boot partition (a
    # FAT file system on USB when the Pi boots from a USB drive) by its UUID; where there is
    # none to read, a value no file system has, never an empty one (that would match sticks
    # without a UUID).
    boot_uuid="$(findmnt -no UUID "$BOOT_DIR" 2>/dev/null || true)"
    sed "/^#/!s/@BOOT_FS_UUID@/${boot_uuid:-no-boot-partition-found}/" \
        "$APP/systemd/99-table-companion-usb.rules" >"$USB_RULE"
    chmod 644 "$USB_RULE"
    udevadm control --reload-rules || true
fi
for c in $CONSOLES; do          # no login prompt on the reader's UART
    if [ "$NO_HARDWARE" = 1 ]; then skip "systemctl mask serial-getty@$c.service"; continue; fi
    run systemctl mask "serial-getty@$c.service"
done
if [ "$FAMILY" != pi5 ] && [ "$KEEP_BT" = 0 ] && [ "$NO_HARDWARE" = 0 ]; then
    run systemctl disable hciuart.service || true      # it would wait for the Bluetooth UART
fi

# ---------------------------------------------------------------------------------------------
step "6/6 config and service"
run mkdir -p "$CONF_DIR"
if [ "$DRY_RUN" = 1 ]; then
    echo "+ $CONF_DIR/config.toml (if missing) = docs/config.md's example, serial_port = \"$UART\""
elif [ ! -f "$CONF_DIR/config.toml" ]; then
    # the example of docs/config.md (the reference build), with this model's UART
    # shellcheck disable=SC2016  # the backquotes are the markdown fence, not a command
    sed -n '/^```toml$/,/^```$/{p;/^```$/q;}' "$APP/docs/config.md" | sed '1d;$d' \
        | sed "s|^serial_port = .*|serial_port = \"$UART\"|" >"$CONF_DIR/config.toml"
    chmod 644 "$CONF_DIR/config.toml"
elif ! grep -q "^serial_port = \"$UART\"" "$CONF_DIR/config.toml"; then
    echo "note: $CONF_DIR/config.toml is kept; on this model the reader's port is serial_port = \"$UART\""
fi
# the stick's mount point: the unit's ReadWritePaths= applies to a folder that exists at start
run install -d -m 755 "$USB_MOUNT"
run install -D -m 644 "$APP/systemd/table-companion.service" /etc/systemd/system/table-companion.service
if [ "$NO_HARDWARE" = 1 ]; then
    skip "systemctl daemon-reload; systemctl enable table-companion.service; systemctl set-default multi-user.target"
else
    run systemctl daemon-reload
    run systemctl enable table-companion.service
    # SDL draws on KMS/DRM and the unit takes tty1: no display manager may hold DRM first
    run systemctl set-default multi-user.target
fi

echo
echo "Done in $((SECONDS - START)) s. Reboot now (sudo reboot). After the reboot, to test the wiring:"
echo "  sudo systemctl stop table-companion"
echo "  sudo -u $USER_NAME $APP/.venv/bin/table-companion selftest"
echo "  sudo systemctl start table-companion      # logs: journalctl -u table-companion -f"
