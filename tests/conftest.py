"""Test set-up: headless SDL and mock hardware, before anything imports pygame or gpiozero."""

import os

os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")
os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"


# The long runs: soaks, power cuts, damaged journals, start-up faults, CLI signals, storms and
# the benchmark (and mypy, marked where it is). ./test.sh runs them all; `./test.sh -m "not slow"` leaves them out.
SLOW_FILES = ("test_bench.py", "test_powercut.py", "test_storm.py", "test_damaged_journal.py", "test_store_faults.py",
              "test_cli_signals.py",
              "test_trajan_soak.py", "test_concordia_soak.py", "test_chariot_soak.py")


def pytest_collection_modifyitems(config, items):
    import pytest

    for item in items:
        if item.path.name in SLOW_FILES:
            item.add_marker(pytest.mark.slow)
