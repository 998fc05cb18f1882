"""scripts/install-pi.sh decides per Raspberry Pi model (hardware/wiring.md, "Per-model support"),
refuses what cannot work, and installs Python packages only from the hash-checked locks in
requirements/, which cover every runtime dependency of pyproject.toml. Checked through its
--dry-run, which prints the decisions and every command without running them; the emulated
install of the real thing is scripts/check-pi-emulated.sh (docs/hardware-check.md)."""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "install-pi.sh"
REQ = ROOT / "requirements"
LOCKS = {"pi-bcm283x": REQ / "pi-bcm283x.lock", "pi5": REQ / "pi5.lock"}
BUILD_LOCK = REQ / "pi-build.lock"
PI64 = {"TC_DPKG_ARCH": "arm64", "TC_UNAME_M": "aarch64", "TC_PYTHON_VERSION": "3.11"}
PIO_RULE = 'SUBSYSTEM=="*-pio", GROUP="gpio", MODE="0660"'

# The strings /proc/device-tree/model holds on each model, and what each must get.
BCM283X = {"uart": "/dev/serial0", "led": "rpi_ws281x-spi", "lock": "requirements/pi-bcm283x.lock"}
EXPECTED = {
    "Raspberry Pi 3 Model B Plus Rev 1.3": {
        **BCM283X, "boot": ["enable_uart=1", "dtoverlay=disable-bt", "dtparam=spi=on", "core_freq=250"]},
    "Raspberry Pi 4 Model B Rev 1.4": {
        **BCM283X,
        "boot": ["enable_uart=1", "dtoverlay=disable-bt", "dtparam=spi=on", "core_freq=500", "core_freq_min=500"]},
    "Raspberry Pi 400 Rev 1.0": {
        **BCM283X,
        "boot": ["enable_uart=1", "dtoverlay=disable-bt", "dtparam=spi=on", "core_freq=500", "core_freq_min=500"]},
    "Raspberry Pi Zero 2 W Rev 1.0": {
        **BCM283X, "boot": ["enable_uart=1", "dtoverlay=disable-bt", "dtparam=spi=on", "core_freq=250"]},
    "Raspberry Pi 5 Model B Rev 1.0": {
        "uart": "/dev/ttyAMA0", "led": "pi5-pio", "lock": "requirements/pi5.lock", "boot": ["dtparam=uart0=on"]},
}


@functools.cache
def dry_run(model: str, *extra: str, **env: str) -> subprocess.CompletedProcess:
    environ = {**os.environ, **PI64, **env}
    return subprocess.run(["bash", str(SCRIPT), "--dry-run", "--model", model, *extra], cwd=ROOT,
                          env=environ, capture_output=True, text=True, timeout=60)


def decisions(out: str) -> dict:
    found: dict = {"boot": []}
    for key, value in re.findall(r"^  (uart|led|lock|boot|udev|build): (\S.*?)(?:  .*)?$", out, re.M):
        if key == "boot":
            found["boot"].append(value)
        else:
            found[key] = value
    return found


def commands(out: str) -> list[str]:
    return [line[2:] for line in out.splitlines() if line.startswith("+ ")]


@pytest.mark.parametrize("model", EXPECTED)
def test_each_model_gets_its_uart_led_driver_lock_and_boot_lines(model):
    proc = dry_run(model)
    assert proc.returncode == 0, proc.stderr
    got = decisions(proc.stdout)
    want = EXPECTED[model]
    assert got["uart"] == want["uart"]
    assert got["led"] == want["led"]
    assert got["lock"] == want["lock"]
    assert got["boot"] == want["boot"]
    cmds = commands(proc.stdout)
    for line in want["boot"]:
        assert f"/boot/firmware/config.txt += {line}" in cmds
    assert not [c for c in cmds if "config.txt +=" in c and c.split("+= ")[1] not in want["boot"]]
    # the config file gets this model's port
    assert any(f'serial_port = "{want["uart"]}"' in c for c in cmds)


def test_pi5_gets_the_pio_udev_rule_and_no_spi():
    proc = dry_run("Raspberry Pi 5 Model B Rev 1.0")
    got = decisions(proc.stdout)
    assert got["udev"] == f"/etc/udev/rules.d/99-table-companion-pio.rules: {PIO_RULE}"
    assert f"/etc/udev/rules.d/99-table-companion-pio.rules = {PIO_RULE}" in commands(proc.stdout)
    assert "spi=on" not in proc.stdout and "core_freq" not in proc.stdout
    assert "rpi-ws281x" not in LOCKS["pi5"].read_text()
    # the debug UART (serial0 = ttyAMA10) keeps its console; the reader's UART gets none
    cmds = commands(proc.stdout)
    assert "/boot/firmware/cmdline.txt -= console=ttyAMA0,<baud>" in cmds
    assert not any("console=serial0" in c for c in cmds)
    assert not any("hciuart" in c for c in cmds)


@pytest.mark.parametrize("model", [m for m in EXPECTED if "Pi 5" not in m])
def test_bcm283x_models_get_no_udev_rule_and_their_uart_freed(model):
    proc = dry_run(model)
    cmds = commands(proc.stdout)
    assert "udev" not in decisions(proc.stdout)
    assert not any("99-table-companion-pio.rules" in c or "*-pio" in c for c in cmds)   # the USB rule is every model's
    for console in ("serial0", "ttyAMA0", "ttyS0"):
        assert f"/boot/firmware/cmdline.txt -= console={console},<baud>" in cmds
    assert "systemctl disable hciuart.service" in cmds
    assert "gcc" in decisions(proc.stdout)["build"]          # rpi-ws281x is built from its sdist


def test_keep_bluetooth_moves_it_to_the_mini_uart_instead():
    proc = dry_run("Raspberry Pi 4 Model B Rev 1.4", "--keep-bluetooth")
    assert proc.returncode == 0, proc.stderr
    boot = decisions(proc.stdout)["boot"]
    assert "dtoverlay=miniuart-bt" in boot and "dtoverlay=disable-bt" not in boot
    assert not any("hciuart" in c for c in commands(proc.stdout))


@pytest.mark.parametrize("arch, machine", [("armhf", "aarch64"), ("armhf", "armv7l"), ("armhf", "armv6l")])
def test_a_32_bit_os_is_refused_before_anything_is_done(arch, machine):
    proc = dry_run("Raspberry Pi 4 Model B Rev 1.4", TC_DPKG_ARCH=arch, TC_UNAME_M=machine)
    assert proc.returncode == 1
    assert "32-bit" in proc.stderr and "pygame-ce" in proc.stderr
    assert "Raspberry Pi OS Lite" in proc.stderr and "(64-bit)" in proc.stderr
    assert commands(proc.stdout) == []


@pytest.mark.parametrize("model", ["Raspberry Pi Zero W Rev 1.1", "Raspberry Pi 2 Model B Rev 1.1",
                                   "Raspberry Pi Model B Rev 2", "Orange Pi 5"])
def test_models_that_cannot_run_it_are_refused(model):
    proc = dry_run(model)
    assert proc.returncode == 1
    assert "not supported" in proc.stderr or "not a Raspberry Pi model" in proc.stderr
    assert commands(proc.stdout) == []


def test_another_python_than_the_locks_is_refused():
    proc = dry_run("Raspberry Pi 5 Model B Rev 1.0", TC_PYTHON_VERSION="3.13")
    assert proc.returncode == 1
    assert "3.11" in proc.stderr and "lock.sh" in proc.stderr
    assert not any(" pip " in c for c in commands(proc.stdout))


@pytest.mark.parametrize("model", EXPECTED)
def test_every_pip_install_uses_a_lock_with_require_hashes(model):
    cmds = commands(dry_run(model).stdout)
    installs = [c for c in cmds if re.search(r"-m pip .*\binstall\b", c)]
    from_locks = []
    for c in installs:
        if "--no-index" in c:                      # the project itself, from the copied checkout
            assert "--no-deps" in c and " -r " not in c, c
            continue
        assert "--require-hashes" in c and "--no-deps" in c, c
        lock = re.search(r" -r /opt/table-companion/(requirements/\S+\.lock)$", c)
        assert lock, c
        assert (ROOT / lock.group(1)).is_file(), c
        from_locks.append(lock.group(1))
    assert from_locks == ["requirements/pi-build.lock", EXPECTED[model]["lock"]]
    assert sum("--no-index" in c for c in installs) == 1
    # nothing else installs Python packages: no pip3, no bare "pip install" in the script
    source = [ln for ln in SCRIPT.read_text().splitlines() if not ln.lstrip().startswith("#")]
    assert not [ln for ln in source if re.search(r"\bpip3?\s+install\b", ln)]
    assert "--system-site-packages" not in "\n".join(source)


def _lock(path: Path) -> dict[str, tuple[Version, int]]:
    """name -> (pinned version, number of hashes) of a pip-compile style lock."""
    pins: dict[str, tuple[Version, int]] = {}
    name = ""
    for line in path.read_text().splitlines():
        m = re.match(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)", line)
        if m:
            name = canonicalize_name(m.group(1))
            pins[name] = (Version(m.group(2)), 0)
        elif line.strip().startswith("--hash=sha256:") and name:
            version, hashes = pins[name]
            pins[name] = (version, hashes + 1)
        elif line and not line.startswith((" ", "#")):
            raise AssertionError(f"{path.name}: not a pinned requirement: {line!r}")
    return pins


def _runtime_requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return [Requirement(r) for r in project["dependencies"] + project["optional-dependencies"]["pi"]]


@pytest.mark.parametrize("lock", sorted(LOCKS))
def test_the_locks_cover_every_runtime_dependency_of_pyproject(lock):
    pins = _lock(LOCKS[lock])
    env = {"python_version": "3.11", "platform_machine": "aarch64", "sys_platform": "linux"}
    for req in _runtime_requirements():
        if req.marker is not None and not req.marker.evaluate(env):
            continue
        name = canonicalize_name(req.name)
        assert name in pins, f"{lock}.lock lacks {req}: run requirements/lock.sh"
        assert req.specifier.contains(pins[name][0], prereleases=True), \
            f"{lock}.lock pins {name}=={pins[name][0]}, pyproject wants {req}: run requirements/lock.sh"
    assert all(hashes > 0 for _, hashes in pins.values()), f"{lock}.lock: a package without --hash"
    # every pin of the .in files is in the lock, as pinned
    for source in ("pi.in", "pi-bcm283x.in" if lock == "pi-bcm283x" else "pi5.in"):
        for line in (REQ / source).read_text().splitlines():
            line = line.split("#")[0].strip()
            if line and not line.startswith("-r"):
                req = Requirement(line)
                assert canonicalize_name(req.name) in pins, f"{lock}.lock lacks {req} of {source}"
                assert req.specifier.contains(pins[canonicalize_name(req.name)][0], prereleases=True)


def test_each_lock_has_its_own_led_driver_and_shares_the_build_tools():
    bcm, pi5, build = _lock(LOCKS["pi-bcm283x"]), _lock(LOCKS["pi5"]), _lock(BUILD_LOCK)
    assert "rpi-ws281x" in bcm and "adafruit-blinka-raspberry-pi5-neopixel" not in bcm
    assert "adafruit-blinka-raspberry-pi5-neopixel" in pi5 and "rpi-ws281x" not in pi5
    assert {"setuptools", "wheel"} <= set(build) and all(h > 0 for _, h in build.values())
    for lock in (bcm, pi5):                # the same setuptools builds and runs
        for name in set(lock) & set(build):
            assert lock[name][0] == build[name][0], name
    # both locks agree on everything they share
    assert {n: bcm[n][0] for n in set(bcm) & set(pi5)} == {n: pi5[n][0] for n in set(bcm) & set(pi5)}


def test_the_fonts_of_every_language_are_installed():
    """firmware_host/i18n.py names each language's fonts and their Debian packages; at least
    one of them is on the apt line."""
    from firmware_host import i18n

    out = dry_run("Raspberry Pi 4 Model B Rev 1.4").stdout
    apt = next(c for c in commands(out) if "apt-get install" in c).split()
    optional = re.findall(r"^\+ apt-cache show (\S+): added where the archive has it", out, re.M)
    assert "fontconfig" in apt
    for code, lang in i18n.LANGUAGES.items():
        packages = getattr(lang, "packages", ())
        if not packages:
            continue
        assert set(packages) & set(apt), f"{code}: none of {packages} is installed (optional: {optional})"


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="shellcheck not installed (apt: shellcheck)")
def test_the_scripts_pass_shellcheck():
    scripts = [SCRIPT, ROOT / "scripts" / "check-pi-emulated.sh", REQ / "lock.sh"]
    proc = subprocess.run(["shellcheck", *map(str, scripts)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout[-3000:]


USB_RULE_FILE = ROOT / "systemd" / "99-table-companion-usb.rules"


def _usb_rule_lines() -> list[str]:
    return [ln for ln in USB_RULE_FILE.read_text().splitlines() if ln and not ln.startswith("#")]


@pytest.mark.parametrize("model", EXPECTED)
def test_every_model_gets_the_usb_stick_rule_and_its_mount_point(model):
    """History -> Export to USB writes to usb_mount (review37 #9): the rule is installed on
    every model and /media/usb exists before the service starts (its ReadWritePaths=)."""
    proc = dry_run(model)
    cmds = commands(proc.stdout)
    assert "/etc/udev/rules.d/99-table-companion-usb.rules: a FAT/exFAT USB stick at /media/usb, owned by " \
           "table-companion" in proc.stdout
    assert any(c.startswith("/etc/udev/rules.d/99-table-companion-usb.rules = systemd/99-table-companion-usb.rules")
               for c in cmds)
    assert "install -d -m 755 /media/usb" in cmds


def test_the_usb_rule_mounts_where_the_app_exports_as_the_services_user():
    """The rule, the unit and the config agree: the stick is mounted at Config.usb_mount's
    default, owned by the unit's User=, which the unit lets write there; only FAT and exFAT
    (the file systems without owners, where uid=/gid= apply), never the Pi's boot partition."""
    from unit_file import Unit

    from firmware_host.config import Config

    unit = Unit.read()
    user = unit.get("User")
    mount = str(Config().usb_mount)
    assert f"-{mount}" in unit.words("ReadWritePaths")
    lines = _usb_rule_lines()
    mounts = [ln for ln in lines if "systemd-mount" in ln]
    assert {re.search(r'ENV\{ID_FS_TYPE\}=="(\w+)"', ln).group(1) for ln in mounts} == {"vfat", "exfat"}
    for ln in mounts:
        command = re.search(r'RUN\{program\}\+="([^"]+)"', ln).group(1)
        assert command.startswith("/usr/bin/systemd-mount --no-block "), command   # udev must not wait for PID 1
        assert f"--owner={user}" in command and command.endswith(f"$devnode {mount}"), command
        assert "--automount" not in command, "an automount's idle timeout cannot see the service's namespace"
        # a file held open in the service's namespace (a stick pulled mid-export) must not
        # keep the dead mount: only a lazy unmount detaches it there too
        assert "--property=LazyUnmount=yes" in command, command
        options = re.search(r"--options=(\S+)", command).group(1).split(",")
        assert {"nosuid", "nodev", "noexec", "umask=0077"} <= set(options), options
    # the skips come first: not an add, not a block device, no file system, the Pi's own boot partition
    first_mount = lines.index(mounts[0])
    skips = lines[:first_mount]
    assert all('GOTO="table_companion_usb_end"' in ln for ln in skips)
    assert any('ENV{ID_FS_UUID}=="@BOOT_FS_UUID@"' in ln for ln in skips)
    assert any('ACTION!="add"' in ln for ln in skips) and any('SUBSYSTEM!="block"' in ln for ln in skips)
    # a USB device among the ancestors, matched positively (udev: a negated parent key such as
    # SUBSYSTEMS!= is true of the block device itself, and would skip every stick)
    assert all(ln.startswith('SUBSYSTEMS=="usb", ') for ln in mounts)
    assert not [ln for ln in lines if re.search(r"\b(SUBSYSTEMS|ATTRS|KERNELS|DRIVERS)(\{[^}]*\})?!=", ln)]
    assert lines[-1] == 'LABEL="table_companion_usb_end"'


def test_the_installed_usb_rule_names_the_boot_partition_and_never_an_empty_uuid(tmp_path):
    """install-pi.sh fills in the boot partition's UUID; without one, a value no file system
    has (ENV{ID_FS_UUID}=="" would match every stick without a UUID and skip it)."""
    source = SCRIPT.read_text()
    sed = re.search(r'sed "(/\^#/!s/@BOOT_FS_UUID@/\$\{boot_uuid:-([^}]+)\}/)"', source)
    assert sed, "install-pi.sh fills @BOOT_FS_UUID@ with sed"
    fallback = sed.group(2)
    assert fallback and re.fullmatch(r"[\w-]+", fallback)
    for uuid, want in (("A1B2-C3D4", "A1B2-C3D4"), ("", fallback)):
        out = subprocess.run(["bash", "-c", f'boot_uuid="{uuid}"; sed "{sed.group(1)}" "$0"', str(USB_RULE_FILE)],
                             capture_output=True, text=True, check=True).stdout
        assert f'ENV{{ID_FS_UUID}}=="{want}", GOTO' in out
        assert [ln for ln in out.splitlines() if "@BOOT_FS_UUID@" in ln and not ln.startswith("#")] == []
