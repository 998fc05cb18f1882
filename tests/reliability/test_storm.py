"""Bad input never changes state (design.md): a storm of random presses, holds, tag reads and
touches, also right after moves while the screen changes, against the headless companion
(storm.py). CI runs a reduced storm; the report runs 10,000 inputs."""

from tests.reliability.sizes import STORM
from tests.reliability.storm import Storm, run_storm
from tests.trajan_fixtures import finished_events


def test_input_storm_no_crash_state_legal_journal_equals_screen(tmp_path):
    report = run_storm(STORM, tmp_path / "journal.db", seed=2026)
    assert report["failures"] == []
    assert report["inputs"] == STORM
    counts = report["counts"]
    assert counts["moves made"] > 0 and counts["random inputs right after a move"] > 0
    assert counts["TagRead"] > 0 and counts["ButtonHeld"] > 0


def test_storm_check_sees_a_move_the_journal_does_not_hold(tmp_path, surface):
    storm = Storm(surface, tmp_path / "journal.db", seed=1)
    storm._next_move_lines()                                  # starts a game
    assert storm.check() == []
    storm.ctl.session.game.apply(finished_events(2, 1)[0])   # shown, never committed
    assert storm.check()
    storm.journal.close()
