"""The last steps systemd takes before it executes a service, for tests/io/test_service_sandbox.py.

Run inside the bubblewrap sandbox as ``python3 sandbox_exec.py SPEC_JSON``; SPEC_JSON says what
to do, in systemd's order (exec_child() in src/core/execute.c): empty the capability bounding
set (``CapabilityBoundingSet=``), set the groups and the user (``User=``, ``Group=``,
``SupplementaryGroups=``), ``UMask=``, enter ``WorkingDirectory=`` (as the user), set
no_new_privs (``NoNewPrivileges=``), load the seccomp filters (``SystemCallFilter=`` with
``SystemCallErrorNumber=``, ``SystemCallArchitectures=native``, ``MemoryDenyWriteExecute=``,
``RestrictAddressFamilies=``), then ``execve`` ExecStart with exactly the given environment
plus ``WATCHDOG_PID``. The filters need libseccomp's Python binding (Debian: python3-seccomp);
without it SPEC_JSON asks for none. Only the standard library and that binding are used: this
runs under the system's python3, not the project's.
"""

from __future__ import annotations

import ctypes
import errno
import json
import os
import sys

PR_CAPBSET_DROP = 24
PR_SET_NO_NEW_PRIVS = 38
PROT_WRITE, PROT_EXEC = 0x2, 0x4
SHM_EXEC = 0o100000
AF_MAX = 64                       # above every address family the kernel knows


def _prctl(*args: int) -> int:
    libc = ctypes.CDLL(None, use_errno=True)
    return int(libc.prctl(*(ctypes.c_ulong(a) for a in args)))


def _seccomp(spec: dict) -> None:
    import seccomp  # python3-seccomp

    rules = seccomp.SyscallFilter(defaction=seccomp.ALLOW)
    if spec.get("mdwe"):
        # MemoryDenyWriteExecute=: systemd's seccomp_memory_deny_write_execute()
        wx = PROT_WRITE | PROT_EXEC
        rules.add_rule(seccomp.ERRNO(errno.EPERM), "mmap", seccomp.Arg(2, seccomp.MASKED_EQ, wx, wx))
        for name in ("mprotect", "pkey_mprotect"):
            rules.add_rule(seccomp.ERRNO(errno.EPERM), name, seccomp.Arg(2, seccomp.MASKED_EQ, PROT_EXEC, PROT_EXEC))
        rules.add_rule(seccomp.ERRNO(errno.EPERM), "shmat", seccomp.Arg(2, seccomp.MASKED_EQ, SHM_EXEC, SHM_EXEC))
    families = spec.get("address_families")
    if families is not None:
        # RestrictAddressFamilies=: socket() of any other family fails with EAFNOSUPPORT
        for family in range(AF_MAX):
            if family not in families:
                rules.add_rule(seccomp.ERRNO(errno.EAFNOSUPPORT), "socket", seccomp.Arg(0, seccomp.EQ, family))
        rules.add_rule(seccomp.ERRNO(errno.EAFNOSUPPORT), "socket", seccomp.Arg(0, seccomp.GE, AF_MAX))
    rules.load()
    if spec.get("syscalls") is not None:
        # last, as in systemd (it may forbid seccomp() itself): an allow-list, everything else
        # fails with SystemCallErrorNumber=; only the native architecture (libseccomp's
        # default), as SystemCallArchitectures=native
        allow = seccomp.SyscallFilter(defaction=seccomp.ERRNO(spec["syscall_errno"]))
        for name in spec["syscalls"]:
            try:
                allow.add_rule(seccomp.ALLOW, name)
            except (RuntimeError, ValueError, OSError):
                pass            # not a system call of this architecture (as systemd skips it)
        allow.load()


def main() -> None:
    spec = json.loads(sys.argv[1])
    if spec.get("uid") is not None:
        for cap in range(64):               # CapabilityBoundingSet= (empty)
            _prctl(PR_CAPBSET_DROP, cap, 0, 0, 0)
        os.setgroups(spec["groups"])
        os.setresgid(spec["gid"], spec["gid"], spec["gid"])
        os.setresuid(spec["uid"], spec["uid"], spec["uid"])   # drops every capability left
    os.umask(spec["umask"])
    os.chdir(spec["cwd"])
    if _prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "PR_SET_NO_NEW_PRIVS")
    if spec.get("seccomp"):
        _seccomp(spec)
    env = dict(spec["env"], WATCHDOG_PID=str(os.getpid()))
    os.execve(spec["argv"][0], spec["argv"], env)


if __name__ == "__main__":
    main()
