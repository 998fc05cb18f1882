"""The service's own ExecStart, run the way systemd would run it, without systemd (issue 11.2).

systemd is not PID 1 here, so the sandbox the unit asks for is rebuilt from the unit file
(tests/io/unit_file.py reads it, so the test follows the unit when it changes) with bubblewrap
(Debian: bubblewrap) and tests/io/sandbox_exec.py:

- ``User=``: a real unprivileged account. Run as root (CI), the test creates the unit's user
  the way scripts/install-pi.sh does (``useradd --system``, a lasting change to this machine)
  and bwrap, still root, builds the mounts, then sandbox_exec.py drops to that user with its
  existing ``SupplementaryGroups=`` (gpio and spi do not exist off a Pi), as systemd does:
  root sets up the namespace, the service runs as the user. Run as an ordinary user, the
  test's own account is the unprivileged user, inside a user namespace that maps only it
  (bwrap's --uid mapping as root would not do: the process would still be root to the files).
- ``ProtectSystem=strict``: every path read-only except the ``StateDirectory=`` (a fresh
  directory of the user's, mode ``StateDirectoryMode=``, at /var/lib/<name>) and
  ``ReadWritePaths=``; ``ProtectHome=``: /home, /root, /run/user empty; ``PrivateTmp=``:
  fresh /tmp and /var/tmp (host directories here, so the test can see what was left in them);
  ``PrivateNetwork=``: a network namespace with only ``lo``; ``ProtectHostname=``: its own UTS
  namespace; a minimal /dev (closer to ``DevicePolicy=closed`` than the host's: nothing of
  ``DeviceAllow=`` exists on this machine anyway).
- /opt/table-companion (the installed program, ExecStart's) is this checkout, read-only; the
  Python of its .venv is made visible where the unit would hide it (e.g. under /root).
- /etc/table-companion/config.toml: the example of docs/config.md, as install-pi.sh makes it.
- ``Environment=``: exactly the unit's, plus what systemd adds (HOME, USER, STATE_DIRECTORY,
  NOTIFY_SOCKET, WATCHDOG_USEC...). Only ``SDL_VIDEODRIVER`` is changed: kmsdrm -> dummy, as
  this machine has no display (no /dev/dri). gpiozero is NOT given its MockFactory and the
  real lgpio wheel from PyPI is installed: with no /dev/gpiochip here it must report the
  buttons as not working and go on.
- ``Type=notify``/``WatchdogSec=``: a notify socket at /run/systemd/notify; READY=1 and
  WATCHDOG=1 must arrive.
- seccomp, as systemd loads it (needs python3-seccomp): ``SystemCallFilter=`` (the groups
  expanded by ``systemd-analyze syscall-filter``) with ``SystemCallErrorNumber=``,
  ``SystemCallArchitectures=native``, ``MemoryDenyWriteExecute=`` (the kernel's view of
  pygame-ce, SDL, lgpio and Python under it), ``RestrictAddressFamilies=``;
  ``NoNewPrivileges=``, ``UMask=``, ``CapabilityBoundingSet=``.

Not mirrored (need systemd or cgroups): ``DevicePolicy``/``DeviceAllow`` as a cgroup filter,
``ProtectProc``, ``ProtectKernel*``, ``ProtectClock``, ``RestrictNamespaces``,
``RestrictRealtime``, ``RestrictSUIDSGID``, ``LockPersonality``, ``IPAddressDeny``,
``RemoveIPC``. ``systemd-analyze security`` checks those are set (test_systemd_unit.py).
"""

from __future__ import annotations

import errno
import grp
import json
import os
import pwd
import re
import select
import shutil
import signal
import socket
import sqlite3
import stat
import subprocess
import sys
import threading
import time
import warnings
from contextlib import closing
from pathlib import Path

import pytest
from unit_file import Unit

ROOT = Path(__file__).resolve().parents[2]
EXEC_HELPER = Path(__file__).resolve().with_name("sandbox_exec.py")
SYSTEM_PYTHON = "/usr/bin/python3"
NOTIFY_SOCKET = "/run/systemd/notify"
FIRST_FRAME_S = 30.0          # upper bound, never asserted on
PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
AS_ROOT = os.geteuid() == 0


def _bwrap_problem() -> str | None:
    """Why bubblewrap cannot build the sandbox here, or ``None``."""
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return "bubblewrap is not installed (Debian: apt-get install bubblewrap; test.sh does)"
    probe = [bwrap, *_namespace_args(), "--ro-bind", "/", "/", "--proc", "/proc", "--dev", "/dev", "true"]
    try:
        result = subprocess.run(probe, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"bwrap cannot run: {exc}"
    if result.returncode != 0:
        return f"bwrap cannot create namespaces here: {result.stderr.strip()}"
    return None


def _namespace_args() -> list[str]:
    """PrivateNetwork=, ProtectHostname=, its own session; as an ordinary user also a user
    namespace (mapping only this user) and, for /proc, a PID namespace."""
    args = ["--die-with-parent", "--new-session", "--unshare-net", "--unshare-uts"]
    if not AS_ROOT:
        args += ["--unshare-user", "--unshare-pid", "--as-pid-1"]
    return args


# --- the file system -----------------------------------------------------------------------


def _filesystem(overrides: dict[str, tuple[str, ...]]) -> list[str]:
    """bwrap arguments for a read-only copy of the host's tree in which each path of
    ``overrides`` is replaced: ``("bind", src)`` / ``("ro-bind", src)`` mount ``src`` there,
    ``("empty",)`` an empty read-only directory, ``("proc",)``, ``("dev",)``. Directories on the
    way to an override become read-only tmpfs holding read-only binds of their host entries
    (bwrap cannot make a mount point inside a read-only bind)."""
    targets = sorted(overrides)
    args: list[str] = []

    def below(d: str) -> list[str]:
        prefix = d.rstrip("/") + "/"
        return [t for t in targets if t.startswith(prefix)]

    def emit(p: str, how: tuple[str, ...]) -> None:
        kind = how[0]
        if kind in ("bind", "ro-bind"):
            args.extend([f"--{kind}", how[1], p])
        elif kind == "proc":
            args.extend(["--proc", p])
        elif kind == "dev":
            args.extend(["--dev", p])
        elif kind == "empty":
            args.extend(["--tmpfs", p, "--remount-ro", p])
        else:
            raise ValueError(kind)

    def tree(d: str, hidden: bool) -> None:
        if d != "/":
            args.extend(["--tmpfs", d])
        names = set() if hidden else set(os.listdir(d))
        names |= {t[len(d.rstrip("/")) + 1:].split("/")[0] for t in below(d)}
        for name in sorted(names):
            p = os.path.join(d, name)
            inner = below(p)
            if p in overrides and overrides[p][0] != "empty":
                emit(p, overrides[p])
                for t in inner:                 # mount points inside what was mounted there
                    emit(t, overrides[t])
            elif inner:
                tree(p, hidden or p in overrides)
            elif p in overrides:
                emit(p, overrides[p])
            elif not hidden:
                if os.path.islink(p):
                    args.extend(["--symlink", os.readlink(p), p])
                else:
                    args.extend(["--ro-bind", p, p])
        args.extend(["--remount-ro", d])

    tree("/", False)
    return args


# --- the service ---------------------------------------------------------------------------


def _syscall_groups() -> dict[str, list[str]] | None:
    """``systemd-analyze syscall-filter``: every @group and what it holds."""
    if shutil.which("systemd-analyze") is None:
        return None
    out = subprocess.run(["systemd-analyze", "syscall-filter"], capture_output=True, text=True,
                         timeout=60).stdout
    groups: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in out.splitlines():
        word = line.strip()
        if not word or word.startswith("#"):
            continue
        if not line[0].isspace():
            current = groups.setdefault(word, [])
        elif current is not None:
            current.append(word)
    return groups


def _syscalls(unit: Unit) -> list[str] | None:
    """The allow-list of ``SystemCallFilter=`` (systemd.exec(5): the first line decides allow-
    or deny-list; an allow-list always holds @default; ``~`` lines remove), or ``None``."""
    groups = _syscall_groups()
    if groups is None or not unit.all("SystemCallFilter"):
        return None

    def expand(names: list[str]) -> set[str]:
        out: set[str] = set()
        for name in names:
            out |= expand(groups.get(name, [])) if name.startswith("@") else {name}
        return out

    lines = [v for v in unit.all("SystemCallFilter") if v]
    assert not lines[0].startswith("~"), "the test mirrors an allow-list only"
    allowed = expand(["@default"])
    for line in lines:
        if line.startswith("~"):
            allowed -= expand(line[1:].split())
        else:
            allowed |= expand(line.split())
    return sorted(allowed)


def _service_user(unit: Unit) -> tuple[int, int, list[int], str, str]:
    """(uid, gid, groups, name, home) the service runs as; as root the unit's ``User=``,
    created if missing, as scripts/install-pi.sh creates it."""
    if not AS_ROOT:
        me = pwd.getpwuid(os.getuid())
        return me.pw_uid, me.pw_gid, os.getgroups(), me.pw_name, me.pw_dir
    name = unit.get("User") or ""
    assert name and name != "root", "the unit must name an unprivileged User="
    try:
        entry = pwd.getpwnam(name)
    except KeyError:
        state = f"/var/lib/{unit.words('StateDirectory')[0]}"
        made = subprocess.run(["useradd", "--system", "--home-dir", state, "--shell", "/usr/sbin/nologin", name],
                              capture_output=True, text=True)
        try:
            entry = pwd.getpwnam(name)          # made now (or by a parallel run meanwhile)
        except KeyError:
            pytest.skip(f"cannot create the service user {name}: {made.stderr.strip()}")
    groups = {entry.pw_gid}
    for group in unit.words("SupplementaryGroups"):
        try:
            groups.add(grp.getgrnam(group).gr_gid)
        except KeyError:
            pass                # gpio and spi exist only on a Pi
    assert entry.pw_uid != 0
    return entry.pw_uid, entry.pw_gid, sorted(groups), entry.pw_name, entry.pw_dir


def _config_example() -> str:
    """docs/config.md's example, the config install-pi.sh installs."""
    text = (ROOT / "docs" / "config.md").read_text(encoding="utf-8")
    match = re.search(r"^```toml\n(.*?)^```", text, re.S | re.M)
    assert match, "docs/config.md has no ```toml example"
    return match.group(1)


class Notifications:
    """A notify socket (``$NOTIFY_SOCKET``): collects what the service sends."""

    def __init__(self, path: Path) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(str(path))
        os.chmod(path, 0o777)                  # as systemd's: any user may send
        self.messages: list[str] = []
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        while True:
            try:
                data = self.sock.recv(4096)
            except OSError:
                return
            self.messages.extend(data.decode("utf-8", "replace").splitlines())

    def close(self) -> None:
        self.sock.close()


class ServiceRun:
    """ExecStart in the sandbox; stderr collected (the journal's stand-in)."""

    def __init__(self, argv: list[str], pass_fds: tuple[int, ...]) -> None:
        self.proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, pass_fds=pass_fds, text=True,
                                     env={"PATH": PATH})
        self.lines: list[str] = []
        self.first_frame = threading.Event()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line)
            if "first frame" in line:
                self.first_frame.set()

    @property
    def log(self) -> str:
        return "".join(self.lines)

    def stop(self, pid: int | None) -> int:
        """SIGTERM to the service (as ``systemctl stop``), then wait for it."""
        if self.proc.poll() is None and pid is not None:
            os.kill(pid, signal.SIGTERM)
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self._reader.join(5)
        return self.proc.returncode


def _child_pid(fd: int, timeout: float = 20.0) -> int | None:
    """The sandboxed process's PID (outside), from bwrap's --info-fd."""
    data = b""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _w, _x = select.select([fd], [], [], 0.1)
        if ready:
            chunk = os.read(fd, 4096)
            if not chunk:
                break
            data += chunk
            try:
                return int(json.loads(data)["child-pid"])
            except ValueError:
                continue
    return None


def _tree(path: Path) -> list[Path]:
    return sorted(path.rglob("*"))


def _mount_points(host: Path, inside: str, overrides: dict[str, tuple[str, ...]]) -> set[Path]:
    """The directories bwrap makes in ``host`` (mounted at ``inside``) for mounts below it."""
    out: set[Path] = set()
    for target in overrides:
        if target.startswith(inside + "/"):
            p = host / target[len(inside) + 1:]
            while p != host:
                out.add(p)
                p = p.parent
    return out


@pytest.mark.skipif(sys.platform != "linux", reason="namespaces and seccomp are Linux's")
def test_exec_start_runs_in_the_units_sandbox(tmp_path):
    problem = _bwrap_problem()
    if problem:
        pytest.skip(problem)
    pytest.importorskip("lgpio", reason="no lgpio wheel for this Python (the test extras install it where one exists)")
    unit = Unit.read()
    argv = unit.exec_start()
    program = Path(argv[0])
    assert program.parts[-3:] == (".venv", "bin", "table-companion"), argv
    app_dir = str(program.parents[2])                       # /opt/table-companion
    state_name = unit.words("StateDirectory")[0]
    state_in = f"/var/lib/{state_name}"
    workdir = unit.get("WorkingDirectory") or "/"
    assert workdir == state_in, "lgpio writes its notification pipes into the working directory"
    assert unit.get("ProtectSystem") == "strict"
    uid, gid, groups, user, home = _service_user(unit)

    state = tmp_path / "state"
    state.mkdir()
    os.chown(state, uid, gid)
    state.chmod(int(unit.get("StateDirectoryMode") or "0755", 8))
    private_tmp = {"/tmp": tmp_path / "tmp", "/var/tmp": tmp_path / "var-tmp"}
    for d in private_tmp.values():
        d.mkdir()
        d.chmod(0o1777)                            # as systemd's PrivateTmp=
    env = unit.environment()
    config_path = Path(env["TABLE_COMPANION_CONFIG"])
    etc = tmp_path / "etc"
    etc.mkdir()
    (etc / config_path.name).write_text(_config_example(), encoding="utf-8")
    sock_dir = Path(os.path.realpath(tmp_path)) / "n"
    sock_dir.mkdir()
    notify = Notifications(sock_dir / "notify")

    overrides: dict[str, tuple[str, ...]] = {"/proc": ("proc",), "/dev": ("dev",)}
    if unit.get("ProtectHome") in ("yes", "true", "read-only", "tmpfs"):
        for hidden in ("/home", "/root", "/run/user"):
            if os.path.isdir(hidden):
                overrides[hidden] = ("empty",)
    if unit.yes("PrivateTmp"):
        overrides |= {inside: ("bind", str(host)) for inside, host in private_tmp.items()}
    overrides[state_in] = ("bind", str(state))
    overrides[str(config_path.parent)] = ("ro-bind", str(etc))
    overrides[app_dir] = ("ro-bind", str(ROOT))
    overrides[NOTIFY_SOCKET] = ("ro-bind", str(sock_dir / "notify"))
    for path in unit.words("ReadWritePaths"):
        target = path.lstrip("-+")
        if path.startswith("-") and not os.path.exists(target):
            continue                    # "-": systemd skips a path that does not exist (/media/usb off a Pi)
        overrides[target] = ("bind", target)
    # the checkout's venv and its Python, where the unit's hiding would take them away
    for needed in (os.path.realpath(ROOT), os.path.realpath(sys.base_prefix)):
        if any(needed.startswith(h.rstrip("/") + "/") for h, how in overrides.items() if how[0] != "ro-bind"):
            overrides[needed] = ("ro-bind", needed)

    env_in = dict(env)
    assert env_in.get("SDL_VIDEODRIVER") == "kmsdrm"
    env_in["SDL_VIDEODRIVER"] = "dummy"             # no display here (see the module doc)
    assert "GPIOZERO_PIN_FACTORY" not in env_in and "BLINKA_OS_AGNOSTIC" not in env_in
    env_in |= {"PATH": PATH, "HOME": home, "USER": user, "LOGNAME": user, "SHELL": "/usr/sbin/nologin",
               "STATE_DIRECTORY": state_in, "NOTIFY_SOCKET": NOTIFY_SOCKET, "LANG": "C.UTF-8"}
    watchdog = unit.get("WatchdogSec")
    if watchdog:
        env_in["WATCHDOG_USEC"] = str(int(float(watchdog) * 1_000_000))

    have_seccomp = os.path.exists(SYSTEM_PYTHON) and subprocess.run(
        [SYSTEM_PYTHON, "-c", "import seccomp"], capture_output=True).returncode == 0
    syscalls = _syscalls(unit)
    errno_name = unit.get("SystemCallErrorNumber")
    spec = {
        "uid": uid if AS_ROOT else None, "gid": gid, "groups": groups,
        "umask": int(unit.get("UMask") or "0022", 8), "cwd": workdir, "argv": argv, "env": env_in,
        "seccomp": have_seccomp, "syscalls": syscalls,
        "syscall_errno": getattr(errno, errno_name) if errno_name else errno.EPERM,
        "mdwe": unit.yes("MemoryDenyWriteExecute"),
        "address_families": [getattr(socket, f) for f in unit.words("RestrictAddressFamilies")] or None,
    }
    if have_seccomp:
        assert syscalls is not None, "systemd-analyze is needed to expand SystemCallFilter="
    else:
        warnings.warn("python3-seccomp is missing: the sandbox runs without the unit's seccomp filters", stacklevel=1)
    assert unit.yes("PrivateNetwork") and unit.yes("NoNewPrivileges")

    info_r, info_w = os.pipe()
    python = SYSTEM_PYTHON if have_seccomp else sys.executable
    bwrap = [shutil.which("bwrap") or "bwrap", *_namespace_args(), "--info-fd", str(info_w),
             *_filesystem(overrides), "--chdir", "/", python, str(EXEC_HELPER), json.dumps(spec)]
    before = {d: _tree(h) for d, h in private_tmp.items()}
    started = time.monotonic()
    service = ServiceRun(bwrap, pass_fds=(info_w,))
    os.close(info_w)
    pid = _child_pid(info_r)
    os.close(info_r)
    try:
        while not service.first_frame.wait(0.05):
            if service.proc.poll() is not None or time.monotonic() - started > FIRST_FRAME_S:
                break
        reached = service.first_frame.is_set()
        time.sleep(0.2)                          # the notifications of the first loop pass
    finally:
        code = service.stop(pid)
        notify.close()
    log = service.log
    assert reached, f"no first frame (exit {code}):\n{log[-4000:]}"
    assert code == 0, f"no clean exit after SIGTERM: {code}\n{log[-4000:]}"
    assert "Traceback" not in log, log[-4000:]
    assert "READY=1" in notify.messages and "WATCHDOG=1" in notify.messages, notify.messages

    # lgpio loaded (the real wheel): its notification pipe is in the state directory, and the
    # buttons were reported as not working (no gpiochip here), not a crash
    assert any(p.name.startswith(".lgd-nfy") and stat.S_ISFIFO(p.lstat().st_mode) for p in state.iterdir()), \
        sorted(p.name for p in state.iterdir())
    assert ".lgd-nfy" not in log, log[-4000:]
    assert re.search(r"ERROR .*buttons on GPIO", log), log[-4000:]

    # the journal is in the state directory, the service's, private (UMask=0077)
    journal = state / "journal.db"
    assert journal.is_file(), sorted(p.name for p in state.iterdir())
    for p in _tree(state):
        st = p.lstat()
        assert st.st_uid == uid, f"{p} is not the service user's"
        # files 0600, directories 0700; lgpio's FIFO is 0664 whatever the umask (it chmods
        # it): the state directory (StateDirectoryMode=0700) keeps others out
        if stat.S_ISREG(st.st_mode) or stat.S_ISDIR(st.st_mode):
            assert stat.S_IMODE(st.st_mode) & 0o077 == 0, f"{p}: {oct(st.st_mode)}"

    copy = tmp_path / "journal-copy.db"
    shutil.copyfile(journal, copy)
    with closing(sqlite3.connect(copy)) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)

    # nothing written outside it: everything else is read-only, and the private /tmp and
    # /var/tmp hold nothing new (but bwrap's mount points, were the checkout under /tmp)
    for inside, host in private_tmp.items():
        new = set(_tree(host)) - set(before[inside]) - _mount_points(host, inside, overrides)
        assert not new, f"left in {inside}: {sorted(new)}"


WRITE_TO_STICK = r"""
import errno, os, sys
stick = sys.argv[1]
# as firmware_host/share.py writes each file: a .part, fsync, then renamed
part = os.path.join(stick, "games.csv.part")
with open(part, "w", encoding="utf-8") as f:
    f.write("game,date\n")
    f.flush()
    os.fsync(f.fileno())
os.replace(part, os.path.join(stick, "games.csv"))
print("stick writable:", os.access(stick, os.W_OK | os.X_OK))
try:
    open(os.path.join(os.path.dirname(stick), "beside-the-stick"), "w").close()
except OSError as exc:
    print("beside it:", errno.errorcode[exc.errno])
"""


@pytest.mark.skipif(sys.platform != "linux", reason="namespaces are Linux's")
def test_the_usb_stick_is_writable_inside_the_sandbox(tmp_path):
    """History -> Export to USB (review37 #9): a stick mounted at usb_mount (/media/usb) by
    systemd/99-table-companion-usb.rules, owned by the service's user, is writable by the
    service under ProtectSystem=strict, as the unit's ReadWritePaths= says, while the folder
    around it stays read-only. The stick is a directory of the user's here (no mount
    without root and a device); it is bound read-write only if the unit lists the path."""
    problem = _bwrap_problem()
    if problem:
        pytest.skip(problem)
    from firmware_host.config import Config

    unit = Unit.read()
    assert unit.get("ProtectSystem") == "strict"
    mount = str(Config().usb_mount)
    uid, gid, groups, _user, _home = _service_user(unit)
    stick = tmp_path / "stick"
    stick.mkdir()
    os.chown(stick, uid, gid)
    stick.chmod(0o700)                                   # the rule's umask=0077
    writable = any(p.lstrip("-+") == mount for p in unit.words("ReadWritePaths"))
    overrides: dict[str, tuple[str, ...]] = {"/proc": ("proc",), "/dev": ("dev",),
                                             mount: ("bind" if writable else "ro-bind", str(stick))}
    # the probe and sandbox_exec.py need only the standard library: the system's Python, which
    # the service's user may run (the checkout's .venv may sit in a folder closed to it)
    python = SYSTEM_PYTHON if os.path.exists(SYSTEM_PYTHON) else sys.executable
    overrides["/opt/sandbox-exec"] = ("ro-bind", str(EXEC_HELPER.parent))
    spec = {"uid": uid if AS_ROOT else None, "gid": gid, "groups": groups,
            "umask": int(unit.get("UMask") or "0022", 8), "cwd": "/",
            "argv": [python, "-c", WRITE_TO_STICK, mount], "env": {"PATH": PATH, "LANG": "C.UTF-8"},
            "seccomp": False, "syscalls": None, "syscall_errno": errno.EPERM, "mdwe": False,
            "address_families": None}
    argv = [shutil.which("bwrap") or "bwrap", *_namespace_args(), *_filesystem(overrides), "--chdir", "/",
            python, f"/opt/sandbox-exec/{EXEC_HELPER.name}", json.dumps(spec)]
    done = subprocess.run(argv, capture_output=True, text=True, env={"PATH": PATH}, timeout=60)
    assert done.returncode == 0, f"the service cannot write the stick at {mount}:\n{done.stderr[-3000:]}"
    assert "stick writable: True" in done.stdout and "beside it: EROFS" in done.stdout, done.stdout
    written = stick / "games.csv"
    assert written.read_text(encoding="utf-8") == "game,date\n" and written.stat().st_uid == uid
    assert stat.S_IMODE(written.stat().st_mode) & 0o077 == 0            # UMask=0077
    assert [p.name for p in stick.iterdir()] == ["games.csv"]


CHECK_LGPIO = """
import os, sys
import firmware_host.cli as cli
def probe(args):
    import lgpio
    print("lgpio loaded; LG_WD =", os.environ.get("LG_WD"))
    return 0
setattr(cli, "_" + sys.argv[1], probe)
sys.exit(cli.main([sys.argv[1]]))
"""


@pytest.mark.parametrize("command", ["run", "selftest"])
def test_entry_points_load_lgpio_from_a_read_only_directory(command, tmp_path):
    """``sudo table-companion selftest`` in a read-only directory (issue 11.1): main() points
    LG_WD at a writable directory before lgpio loads (here: no state directory, so a private
    temporary one, removed at exit). Without it, importing lgpio fails there."""
    problem = _bwrap_problem()
    if problem:
        pytest.skip(problem)
    pytest.importorskip("lgpio", reason="no lgpio wheel for this Python")
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    # a checkout or a Python under /tmp (a CI clone) stays visible over the sandbox's own /tmp;
    # bwrap makes an empty mount point for each inside it
    under_tmp = sorted({str(p) for p in (ROOT, Path(sys.prefix), Path(sys.base_prefix)) if p.parts[1:2] == ("tmp",)})
    keep = [arg for p in under_tmp for arg in ("--ro-bind", p, p)]
    mount_points = {Path(p).parts[2] for p in under_tmp}
    sandbox = [shutil.which("bwrap") or "bwrap", *_namespace_args(), "--ro-bind", "/", "/", "--proc", "/proc",
               "--dev", "/dev", "--bind", str(tmp), "/tmp", *keep, "--chdir", "/"]
    env = {"PATH": PATH, "HOME": "/nonexistent", "PYTHONPATH": str(ROOT), "XDG_STATE_HOME": "/nonexistent"}

    bare = subprocess.run([*sandbox, sys.executable, "-c", "import lgpio"], capture_output=True, text=True,
                          env=env, timeout=60)
    assert bare.returncode != 0 and "FileNotFoundError" in bare.stderr, bare.stderr

    done = subprocess.run([*sandbox, sys.executable, "-c", CHECK_LGPIO, command], capture_output=True, text=True,
                          env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "lgpio loaded; LG_WD = /tmp/table-companion-lgpio-" in done.stdout, done.stdout
    left = [p.name for p in tmp.iterdir() if p.name not in mount_points]
    assert left == [], "the private directory is removed at exit"


def test_lgpio_workdir_prefers_the_state_directory(tmp_path, monkeypatch):
    from firmware_host.runtime import prepare_lgpio_workdir

    state = tmp_path / "state"
    state.mkdir()
    env = {"STATE_DIRECTORY": str(state)}
    assert prepare_lgpio_workdir(env) == state and env["LG_WD"] == str(state)
    kept = {"LG_WD": str(tmp_path), "STATE_DIRECTORY": str(state)}
    assert prepare_lgpio_workdir(kept) == tmp_path                   # a usable LG_WD is kept
    xdg = {"XDG_STATE_HOME": str(tmp_path), "LG_WD": str(tmp_path / "missing")}
    (tmp_path / "table-companion").mkdir()
    assert prepare_lgpio_workdir(xdg) == tmp_path / "table-companion"
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    none = {"XDG_STATE_HOME": str(tmp_path / "nothing")}
    private = prepare_lgpio_workdir(none)
    assert private.parent == tmp_path and private.name.startswith("table-companion-lgpio-")
    assert stat.S_IMODE(private.stat().st_mode) == 0o700
