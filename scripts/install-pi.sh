#!/usr/bin/env bash
# Install the table companion as an appliance on a fresh Raspberry Pi OS Lite (Bookworm), run as
# root from a checkout of this repository:   sudo ./scripts/install-pi.sh
#
# What it does (each step is safe to repeat):
#  1. apt packages: Python, the GPIO/serial libraries, SDL's KMS/DRM needs, fonts
#  2. the unprivileged user "table-companion" in the groups gpio spi dialout video render input
#  3. the program in /opt/table-companion with a venv holding the "pi" extras and the LED driver
#     of this Pi model (rpi_ws281x on Pi 3/4/Zero 2 W, the RP1 PIO driver on a Pi 5)
#  4. UART on GPIO14/15 for the NFC reader with the serial console off, SPI for the LED strip
#     (raspi-config nonint), Bluetooth moved off the PL011 UART on models that have it
#  5. /etc/table-companion/config.toml (kept if it exists) and the systemd service, enabled
#  A reboot is needed afterwards for the UART/SPI changes; the service then starts at boot.
set -euo pipefail

SRC="$(cd "$(dirname "$0")/.." && pwd)"
APP=/opt/table-companion
USER_NAME=table-companion
CONF_DIR=/etc/table-companion
BOOT_CONFIG=/boot/firmware/config.txt
[ -f "$BOOT_CONFIG" ] || BOOT_CONFIG=/boot/config.txt

if [ "$(id -u)" -ne 0 ]; then
    echo "run as root: sudo $0" >&2
    exit 1
fi
MODEL="$(tr -d '\0' </proc/device-tree/model 2>/dev/null || echo unknown)"
echo "== table companion on: $MODEL"

echo "== 1/5 apt packages"
apt-get update
# python3-lgpio (gpiozero's backend) and raspi-config come from the Raspberry Pi OS archive
apt-get install -y --no-install-recommends \
    python3 python3-venv python3-dev python3-pip gcc \
    python3-lgpio python3-libgpiod \
    libsdl2-2.0-0 libdrm2 libgbm1 libegl1 libgles2 libudev1 \
    fonts-dejavu-core fonts-noto-core fonts-noto-cjk \
    raspi-config

echo "== 2/5 user $USER_NAME"
if ! id "$USER_NAME" >/dev/null 2>&1; then
    useradd --system --home-dir /var/lib/table-companion --shell /usr/sbin/nologin "$USER_NAME"
fi
for group in gpio spi dialout video render input; do
    getent group "$group" >/dev/null || groupadd --system "$group"
    usermod -a -G "$group" "$USER_NAME"
done

echo "== 3/5 program and venv in $APP"
mkdir -p "$APP"
# the checkout without its own venv or caches
tar -C "$SRC" --exclude=.venv --exclude=.git --exclude='__pycache__' --exclude='*.egg-info' -cf - . | tar -C "$APP" -xf -
# --system-site-packages: gpiozero's lgpio backend and Blinka's gpiod come from apt
[ -x "$APP/.venv/bin/python" ] || python3 -m venv --system-site-packages "$APP/.venv"
"$APP/.venv/bin/python" -m pip install --quiet --upgrade pip
"$APP/.venv/bin/python" -m pip install --quiet "$APP[pi]"
case "$MODEL" in
    *"Raspberry Pi 5"*) "$APP/.venv/bin/python" -m pip install --quiet Adafruit-Blinka-Raspberry-Pi5-Neopixel ;;
    *) "$APP/.venv/bin/python" -m pip install --quiet rpi_ws281x ;;
esac
chown -R root:root "$APP"

echo "== 4/5 UART for the NFC reader, SPI for the LED strip"
raspi-config nonint do_serial_hw 0      # 0 = enable the UART on GPIO14/15
raspi-config nonint do_serial_cons 1    # 1 = no login console on it
raspi-config nonint do_spi 0            # 0 = enable SPI (/dev/spidev0.0: the strip's data on GPIO10)
add_boot_line() {   # add "$1" to config.txt's [all] section once
    grep -qxF "$1" "$BOOT_CONFIG" || printf '[all]\n%s\n' "$1" >>"$BOOT_CONFIG"
}
case "$MODEL" in
    *"Raspberry Pi 5"*) ;;                   # UART0 and the PIO need no clock settings
    *"Raspberry Pi 4"*|*"Raspberry Pi 400"*)
        add_boot_line "dtoverlay=disable-bt"   # the PL011 UART on GPIO14/15, not the mini UART
        add_boot_line "core_freq=500"          # a fixed core clock keeps the SPI bit timing of the strip
        add_boot_line "core_freq_min=500"
        systemctl disable --now hciuart.service 2>/dev/null || true ;;
    *)                                          # Pi 3, Zero 2 W
        add_boot_line "dtoverlay=disable-bt"
        add_boot_line "core_freq=250"
        systemctl disable --now hciuart.service 2>/dev/null || true ;;
esac

echo "== 5/5 config and service"
mkdir -p "$CONF_DIR"
if [ ! -f "$CONF_DIR/config.toml" ]; then
    # the example of docs/config.md: the reference build
    sed -n '/^```toml$/,/^```$/p' "$APP/docs/config.md" | sed '1d;$d' >"$CONF_DIR/config.toml"
fi
chmod 644 "$CONF_DIR/config.toml"
install -m 644 "$APP/systemd/table-companion.service" /etc/systemd/system/table-companion.service
systemctl daemon-reload
systemctl enable table-companion.service
# The desktop-free screen: SDL draws on KMS/DRM (SDL_VIDEODRIVER=kmsdrm in the unit) and the
# unit takes tty1 from the login prompt; make sure no display manager would hold DRM first.
systemctl set-default multi-user.target

echo
echo "Done. Reboot now (sudo reboot). After the reboot, to test the wiring:"
echo "  sudo systemctl stop table-companion"
echo "  sudo -u $USER_NAME $APP/.venv/bin/table-companion selftest"
echo "  sudo systemctl start table-companion      # logs: journalctl -u table-companion -f"
