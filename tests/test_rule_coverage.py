"""Every rule ID of the rules digests (shared/rules/<game>.md) is cited by a test of its game,
in a test's name (test_t_mil_3_...) or its text (T-MIL-3).

The IDs are kept in tests/rule_ids.json so the check runs in any checkout; where the digests
sit beside the repository (../shared), the list is also compared with them, so a rule added
to a digest fails here until it has a test."""

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DIGESTS = ROOT.parent / "shared" / "rules"
RULE_IDS = json.loads((ROOT / "tests" / "rule_ids.json").read_text(encoding="utf-8"))
PREFIX = {"trajan": "T", "concordia": "C", "chariot_race": "CR"}


def ids_in_digest(text: str, prefix: str) -> list[str]:
    """The rule IDs of a digest: the leaves of the ID tree (T-QUARTER-1a, not T-QUARTER-1)."""
    ids = set(re.findall(rf"\b{prefix}-[A-Z][A-Z0-9]*(?:-[A-Z0-9]+[a-z]?)*\b", text))
    return sorted(i for i in ids if not any(o.startswith(i + "-") for o in ids))


@pytest.mark.parametrize("game", sorted(PREFIX))
def test_every_rule_id_is_cited_by_a_test(game):
    sources = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests" / game).glob("test_*.py"))
    missing = [rule for rule in RULE_IDS[game]
               if not re.search(re.escape(rule) + r"(?![0-9A-Za-z])", sources)
               and not re.search(r"test_\w*" + rule.lower().replace("-", "_") + r"(?![0-9a-z])", sources)]
    assert len(RULE_IDS[game]) > 50 and missing == []


@pytest.mark.parametrize("game", sorted(PREFIX))
def test_the_kept_ids_are_the_digests(game):
    digest = DIGESTS / f"{game}.md"
    if not digest.exists():
        pytest.skip(f"{digest} is not beside this checkout; tests/rule_ids.json is used as kept")
    assert ids_in_digest(digest.read_text(encoding="utf-8"), PREFIX[game]) == RULE_IDS[game]
