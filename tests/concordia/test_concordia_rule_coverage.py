"""Every rule ID of shared/rules/concordia.md is cited by a Concordia test (in a test's name,
docstring or comment), so a rule added to the digest without a test fails here."""

import re
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
DIGEST = HERE.parents[2] / "shared" / "rules" / "concordia.md"


def test_every_rule_id_has_a_test():
    if not DIGEST.exists():
        pytest.skip(f"the rules digest is not next to the repository ({DIGEST})")
    ids = sorted(set(re.findall(r"\*\*(C-[A-Z0-9]+(?:-[A-Z0-9]+)+)", DIGEST.read_text())))
    assert len(ids) >= 60
    tests = "\n".join(p.read_text() for p in HERE.glob("test_*.py"))
    missing = []
    for rule in ids:
        as_name = rule.lower().replace("-", "_")
        if not re.search(re.escape(rule) + r"(?![0-9A-Z])", tests) and \
                not re.search(re.escape(as_name) + r"(?![0-9a-z])", tests):
            missing.append(rule)
    assert missing == []
