"""The tag registry: UIDs to (game, kind, value), persisted in its own SQLite file."""

from __future__ import annotations

import pytest

from firmware_host.inputs import normalize_uid
from firmware_host.tags import TagInUse, TagRegistry, TagThing

BREAD = TagThing("trajan", "demand", "bread")
RED = TagThing("trajan", "player", "red")


def test_enroll_lookup_forget_and_persistence(tmp_path):
    path = tmp_path / "state" / "tags.db"
    reg = TagRegistry(path)
    assert reg.lookup("04a1b2c3") is None
    assert reg.enroll("04:A1:B2:C3", BREAD) is True
    assert reg.enroll("04a1b2c3", BREAD) is False          # tapped again on the enrolment screen
    assert reg.enroll("04a1b2c4", BREAD) is True           # the second bread tile
    assert reg.enroll("11223344aabbcc", RED) is True
    reg.close()

    reg = TagRegistry(path)
    assert reg.lookup("04A1B2C3") == BREAD
    assert [uid for uid, _ in reg.enrolled("trajan", "demand")] == ["04a1b2c3", "04a1b2c4"]
    assert reg.enrolled(kind="player") == [("11223344aabbcc", RED)]
    assert reg.forget("04a1b2c3") is True
    assert reg.forget("04a1b2c3") is False
    assert reg.lookup("04a1b2c3") is None
    reg.close()


def test_a_tag_enrolled_as_something_else_is_refused(tmp_path):
    reg = TagRegistry(tmp_path / "tags.db")
    reg.enroll("04a1b2c3", BREAD)
    with pytest.raises(TagInUse) as err:
        reg.enroll("04a1b2c3", RED)
    assert err.value.thing == BREAD
    assert reg.lookup("04a1b2c3") == BREAD
    reg.close()


@pytest.mark.parametrize("bad", ["", "xyz", "04a1b2", "04a1b2c", "00" * 11])
def test_malformed_uids(tmp_path, bad):
    reg = TagRegistry(tmp_path / "tags.db")
    with pytest.raises(ValueError):
        reg.enroll(bad, BREAD)
    assert reg.lookup(bad) is None
    reg.close()


def test_incomplete_meaning_is_refused(tmp_path):
    reg = TagRegistry(tmp_path / "tags.db")
    with pytest.raises(ValueError):
        reg.enroll("04a1b2c3", TagThing("trajan", "demand", ""))
    reg.close()


def test_normalize_uid():
    assert normalize_uid(" 04-A1.b2:C3 ") == "04a1b2c3"
