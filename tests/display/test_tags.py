"""NFC tags on screen: enrolment one by one, an unknown tag offered for enrolment without
changing the game, enrolled tags recording draws, player tokens answering "whose turn"."""

import pytest

from display.controller import Controller
from display.script import run_lines
from firmware_host.inputs import TagRead
from firmware_host.tags import TagRegistry, TagThing
from tests.trajan_fixtures import finished_events, setup


class FakeNfc:
    def __init__(self, ctl_ref):
        self.ctl_ref = ctl_ref

    def tap(self, uid):
        self.ctl_ref[0].handle(TagRead(uid))


class Hardware:
    def __init__(self, ref):
        self.nfc = FakeNfc(ref)


@pytest.fixture
def ctl(tmp_path):
    ref = []
    c = Controller(None, tags=TagRegistry(tmp_path / "tags.db"), hardware=Hardware(ref))
    ref.append(c)
    return c


def test_enrol_the_bread_demand_tiles_one_by_one(ctl):
    run_lines(ctl, ["hold undo", "tap tags", "tap kind:demand"])
    assert "bread" in ctl.active.value[0]
    for uid in ("04a1a1a1", "04a1a1a2", "04a1a1a2"):
        ctl.handle(TagRead(uid))
    assert ctl.active.count() == 2 and "already" in ctl.message
    run_lines(ctl, ["tap next"])
    ctl.handle(TagRead("04b0b0b0"))
    assert ctl.tags.lookup("04b0b0b0") == TagThing("trajan", "demand", "games")
    ctl.handle(TagRead("04a1a1a1"))                         # a bread tile offered as games
    assert "already enrolled as demand bread" in ctl.message
    run_lines(ctl, ["tap forget"])
    assert ctl.tags.lookup("04a1a1a1") == TagThing("trajan", "demand", "games")
    run_lines(ctl, ["tap simulate"])                        # the simulator's new tag
    assert ctl.active.count() == 3


def test_unknown_tag_is_offered_for_enrolment_and_changes_nothing(ctl):
    ctl.start_game("trajan", setup(2, 1))
    state, events = ctl.session.state, len(ctl.session.game.events)
    ctl.handle(TagRead("04deadbeef0102"))
    assert "Unknown tag 04deadbeef0102" in ctl.message
    assert type(ctl.active).__name__ == "UnknownTagScreen"
    run_lines(ctl, ["tap kind:bonus", "tap value:legion"])
    assert ctl.tags.lookup("04deadbeef0102") == TagThing("trajan", "bonus", "legion")
    assert ctl.session.state is state and len(ctl.session.game.events) == events
    assert type(ctl.active).__name__ != "UnknownTagScreen"


def test_enrolled_tags_record_draws(ctl):
    ctl.tags.enroll("04000001", TagThing("trajan", "bonus", "legion"))
    ctl.tags.enroll("04000002", TagThing("trajan", "player", "red"))
    ctl.start_game("trajan", setup(2, 1))
    for e in finished_events(2, 1):
        if ctl.session.state.pending.kind == "setup_bonus":
            break
        ctl.submit(e)
    ctl.handle(TagRead("04000001"))
    assert ctl.session.state.players[0].bonus_tiles == [("legion", "yellow")]
    ctl.handle(TagRead("04000002"))                         # red's token: the next bonus tile is green's
    assert "turn" in ctl.message and ctl.message_level == "bad"


def test_simulator_menu_touches_an_enrolled_tag(ctl):
    ctl.tags.enroll("04000003", TagThing("trajan", "player", "red"))
    ctl.start_game("trajan", setup(2, 1))
    run_lines(ctl, ["hold undo", "tap tap", "tap tap:04000003"])
    assert "your turn" in ctl.message


def test_unknown_tag_values_come_in_pages_of_big_targets(ctl):
    """Trajan has 17 kinds of forum tile: they come 16 to a page, every target 48 px or more."""
    ctl.start_game("trajan", setup(2, 1))
    ctl.handle(TagRead("04cafe00010203"))
    run_lines(ctl, ["tap kind:forum"])
    seen = set()
    for _ in range(2):
        values = [w for w in ctl.active.widgets() if w.id.startswith("value:")]
        assert all(w.rect.width >= 48 and w.rect.height >= 48 for w in values)
        seen |= {w.id for w in values}
        run_lines(ctl, ["tap more"])
    assert len(seen) == 17
    run_lines(ctl, ["tap value:extra:forum"])
    assert ctl.tags.lookup("04cafe00010203") == TagThing("trajan", "forum", "extra:forum")


def test_a_tag_that_cannot_be_saved_is_reported_and_nothing_changes(ctl, tmp_path):
    """A read-only registry file (a full or read-only card): the screen says so, the registry
    is as it was, and the enrolment screen stays open."""
    import sqlite3

    from firmware_host.tags import TagStoreError

    ctl.tags.enroll("04b0b0b0", TagThing("trajan", "demand", "games"))
    ctl.tags._db.close()
    ctl.tags._db = sqlite3.connect(f"file:{tmp_path / 'tags.db'}?mode=ro", uri=True)
    with pytest.raises(TagStoreError):
        ctl.tags.enroll("04a1a1a9", TagThing("trajan", "demand", "bread"))
    run_lines(ctl, ["hold undo", "tap tags", "tap kind:demand"])
    ctl.handle(TagRead("04a1a1a1"))
    assert "could not be saved" in ctl.message
    assert ctl.tags.enrolled() == [("04b0b0b0", TagThing("trajan", "demand", "games"))]
    assert type(ctl.active).__name__ == "EnrolScreen"
