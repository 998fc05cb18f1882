"""Every rule ID of the Chariot Race digest (shared/rules/chariot_race.md) is cited by a test
here, in a test name (cr_move_3) or its docstring/comments (CR-MOVE-3)."""

import re
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
DIGEST = HERE.parents[2] / "shared" / "rules" / "chariot_race.md"

# The digest's rule IDs (leaves of the ID tree), as of this engine.
RULE_IDS = (
    [f"CR-COMP-{n}" for n in (1, 2, 3)] + [f"CR-SHEET-{n}" for n in range(1, 6)]
    + [f"CR-SETUP-{n}" for n in range(1, 8)] + [f"CR-ROUND-{n}" for n in (1, 2, 3)]
    + ["CR-TURN-1", "CR-REPAIR-1", "CR-SPEED-1", "CR-SPEED-2"] + [f"CR-DICE-{n}" for n in range(1, 5)]
    + ["CR-FATE-1"] + [f"CR-MOVE-{n}" for n in range(1, 10)] + [f"CR-ATTACK-{n}" for n in (1, 2, 3)]
    + [f"CR-DESTROY-{n}" for n in (1, 2, 3)] + [f"CR-END-{n}" for n in range(1, 6)] + ["CR-FACE"]
    + ["CR-VAR-2P3P", "CR-VAR-NODMG", "CR-VAR-TRACKB"] + [f"CR-VAR-BLACK-{n}" for n in range(1, 7)]
    + [f"CR-AMB-{n}" for n in range(1, 16)] + [f"CR-NIS-{n}" for n in range(1, 7)]
    + ["CR-EX-1", "CR-EX-2", "CR-EX-3"] + [f"CR-EX-D{n}" for n in range(1, 7)]
)


def test_the_list_matches_the_digest():
    if not DIGEST.exists():
        pytest.skip("shared/rules/chariot_race.md is not beside this checkout")
    ids = set(re.findall(r"\bCR-[A-Z0-9]+(?:-[A-Z0-9]+)*\b", DIGEST.read_text(encoding="utf-8")))
    leaves = {i for i in ids if not any(o.startswith(i + "-") for o in ids)}
    assert leaves == set(RULE_IDS)


def test_every_rule_id_is_cited_by_a_test():
    sources = "\n".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py")
                        if p.name != Path(__file__).name)
    missing = [rule for rule in RULE_IDS
               if not re.search(re.escape(rule) + r"(?![0-9A-Z])", sources)
               and not re.search(r"def test_\w*" + rule.lower().replace("-", "_") + r"(?![0-9a-z])", sources)]
    assert missing == []
