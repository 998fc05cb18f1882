"""Start-up faults against the real entry point (store_faults.py lists the cases): each must
reach its first frame with the fault named (in the log; tests/test_start_guard.py reads the
same message off the screen in process), exit 0 on SIGTERM, leave the journal's bytes as they
were unless it was damaged (then it is set aside intact), and touch nothing outside the state
folder."""

import json
import shutil
import subprocess
import sys

import pytest

from tests.reliability.store_faults import CASES, ROOT, can_run, check, command_for, work_folder


@pytest.mark.parametrize("name", list(CASES))
def test_a_start_up_fault_is_a_message_not_a_crash(name, tmp_path):
    why = can_run(name)
    if why:
        pytest.skip(why)
    work = work_folder(tmp_path, name)
    try:
        done = subprocess.run(command_for(name, work), cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        report = json.loads(done.stdout)
    finally:
        if not str(work).startswith(str(tmp_path)):
            shutil.rmtree(work, ignore_errors=True)
    assert check(report) == [], report["log"]


def test_the_matrix_knows_every_fault_of_the_issue():
    assert {"disk full", "tiny disk", "read-only", "locked", "permission", "damaged", "directory",
            "deleted while running"} <= set(CASES)
    assert sys.executable
