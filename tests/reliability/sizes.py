"""Sizes of the reliability suites: small in CI; the report's sizes come through the environment
(``python -m tests.reliability.report`` runs the full ones and writes docs/reliability.md)."""

import os

KILLS = int(os.environ.get("RELIABILITY_KILLS", "15"))
STORM = int(os.environ.get("RELIABILITY_STORM", "2000"))
