"""Power cut at any instant: at most the input in flight is lost, and the game resumes at the
exact state (design.md, reliability promises). The child and the checks: powercut.py."""

import json

from firmware_host.engine.core import Game, event_to_json
from firmware_host.engine.trajan import TrajanRules
from tests.reliability.powercut import Model, check_restart, run_kills, state_digest
from tests.reliability.sizes import KILLS
from tests.trajan_fixtures import finished_events, setup


def test_sigkill_at_random_instants_loses_no_acknowledged_move(tmp_path):
    report = run_kills(KILLS, tmp_path, seed=2026)
    assert report["failures"] == []
    assert report["survived"] == report["tried"] == KILLS
    assert report["lost_moves"] == 0
    assert report["acked_moves"] > KILLS          # the child really played between the cuts


# ------------------------------------------------------------------ the checker itself

def _game(moves):
    rules = TrajanRules(setup(4, 5))
    events = finished_events(4, 5)[:moves]
    texts = [json.dumps(event_to_json(e), separators=(",", ":")) for e in events]
    return rules, texts, state_digest(rules, Game(rules, events).state)


def _rows(rules, texts):
    return {1: (rules.setup.to_json(), texts)}


def test_checker_accepts_a_clean_restart():
    rules, texts, digest = _game(10)
    model = Model(games={1: texts[:]}, shown={1: digest})
    assert check_restart(model, ["ready", "1", "10", digest], _rows(rules, texts)).problems == []


def test_checker_counts_an_acknowledged_move_missing_from_the_journal():
    rules, texts, _digest = _game(10)
    _rules, _texts, digest9 = _game(9)
    model = Model(games={1: texts[:]})
    result = check_restart(model, ["ready", "1", "9", digest9], _rows(rules, texts[:9]))
    assert result.lost == 1 and result.problems


def test_checker_allows_the_move_in_flight_to_be_kept_or_lost():
    rules, texts, digest10 = _game(10)
    _rules, _texts, digest9 = _game(9)
    for journal, digest in ((texts[:9], digest9), (texts, digest10)):
        model = Model(games={1: texts[:9]}, shown={1: digest9}, in_flight=["intent", "move", "1", "10", texts[9]])
        result = check_restart(model, ["ready", "1", str(len(journal)), digest], _rows(rules, journal))
        assert result.problems == [] and result.in_flight
        assert result.committed == (len(journal) == 10)


def test_checker_sees_a_resumed_state_that_is_not_the_replay():
    rules, texts, _digest = _game(10)
    _rules, _texts, other = _game(9)
    model = Model(games={1: texts[:]})
    assert check_restart(model, ["ready", "1", "10", other], _rows(rules, texts)).problems
