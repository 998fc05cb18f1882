"""History and statistics (issue 15): results written with the move that ends a game, gone
with an undo (also one an older program makes), completed for games finished without them;
the statistics checked against a hand-made set of games with hand-computed expectations."""

import dataclasses
import sqlite3

import pytest

from firmware_host import journal as journal_module
from firmware_host.history import History, PlayerStats, outcome_of
from firmware_host.journal import Journal, JournalDamaged, Outcome, SeatRow, active_minutes
from firmware_host.players import PlayerError, Players
from firmware_host.session import Session, SessionError
from tests.trajan_fixtures import finished_events, first_release_journal, setup

# ---------------------------------------------------------------------- a hand-made evening

# (game, finished at, [(name, score, rank, winner, sources)], tie-break)
HAND_MADE = [
    ("trajan", 1000.0, [("Anna", 50, 1, True, {"ships": 10, "senate": 40}), ("Bela", 40, 2, False, {"senate": 40}),
                        ("Chen", 30, 3, False, {})], None),
    ("trajan", 2000.0, [("Anna", 45, 2, False, {"ships": 5, "senate": 40}), ("Bela", 55, 1, True, {})], None),
    ("concordia", 3000.0, [("Anna", 100, 1, True, {"vesta": 100}), ("Chen", 90, 2, False, {"vesta": 90})], None),
    ("trajan", 4000.0, [("Anna", 60, 1, True, {"senate": 60}), ("Bela", 60, 2, False, {}),
                        ("Chen", 20, 3, False, {})],
     ("{names} tie on {vp} VP; {winner} is higher in the senate and wins (T-TIE-1).",
      {"names": "Anna, Bela", "vp": 60, "winner": "Anna"})),
    ("trajan", 5000.0, [("Anna", 70, 1, True, {"ships": 20, "senate": 50}), ("Bela", 10, 2, False, {})], None),
]


def _hand_made(journal, clock):
    """The games of :data:`HAND_MADE`, written as the session writes them (one finishing
    move with its outcome), started 10 minutes before they end. Returns the game ids."""
    players = Players(journal)
    ids = []
    for game, finished, seats, tie in HAND_MADE:
        clock[0] = finished - 600
        gid = journal.new_game(game, {"hand": "made"})
        rows = tuple(SeatRow(i, name, players.ensure(name).id, score, rank, win, i == 0, src)
                     for i, (name, score, rank, win, src) in enumerate(seats))
        clock[0] = finished
        journal.append(gid, 1, {"kind": "end"}, finished=True, outcome=Outcome(rows, tie, {"map": "x"}))
        ids.append(gid)
    return ids


@pytest.fixture
def clock(monkeypatch):
    """The journal's clock, set by hand (seconds since the epoch)."""
    now = [0.0]
    monkeypatch.setattr(journal_module.time, "time", lambda: now[0])
    return now


@pytest.fixture
def evening(tmp_path, clock):
    journal = Journal(tmp_path / "journal.db")
    ids = _hand_made(journal, clock)
    players = {p.name: p.id for p in Players(journal).list()}
    yield journal, History(journal), players, ids
    journal.close()


def test_player_stats_over_every_game_match_the_hand_count(evening):
    _journal, history, ids, _games = evening
    stats = {s.name: s for s in history.player_stats()}
    # over all games no average or best: Trajan's points and Concordia's do not add up
    assert stats["Anna"] == PlayerStats(ids["Anna"], "Anna", 5, 4, 0.8, None, None, 3, 3)     # W L W W W
    assert stats["Bela"] == PlayerStats(ids["Bela"], "Bela", 4, 1, 0.25, None, None, 1, 0)
    assert stats["Chen"].plays == 3 and stats["Chen"].wins == 0
    assert [s.name for s in history.player_stats()] == ["Anna", "Bela", "Chen"]      # most plays first


def test_player_stats_of_one_game(evening):
    _journal, history, ids, _games = evening
    anna = next(s for s in history.player_stats("trajan") if s.name == "Anna")
    assert anna == PlayerStats(ids["Anna"], "Anna", 4, 3, 0.75, 56.25, 70, 2, 2)             # W L W W
    assert [s.name for s in history.player_stats("concordia")] == ["Anna", "Chen"]
    assert history.player_stats("chariot_race") == []


def test_sources_average_by_source_counting_a_missing_source_as_zero(evening):
    _journal, history, ids, _games = evening
    # ships 10, 5, -, 20 over 4 games; senate 40, 40, 60, 50; in Trajan's order of sources
    assert history.sources(ids["Anna"], "trajan") == {"ships": 8.75, "senate": 47.5}
    assert list(history.sources(ids["Anna"], "trajan")) == ["ships", "senate"]
    assert history.sources(ids["Chen"], "trajan") == {}
    assert history.sources(ids["Bela"], "concordia") == {}


def test_head_to_head_counts_the_games_both_played(evening):
    _journal, history, ids, _games = evening
    assert history.head_to_head(ids["Anna"], ids["Bela"]) == (3, 1, 0)      # games 1, 4, 5 against 2
    assert history.head_to_head(ids["Bela"], ids["Anna"]) == (1, 3, 0)
    assert history.head_to_head(ids["Anna"], ids["Chen"], "concordia") == (1, 0, 0)
    assert history.head_to_head(ids["Bela"], ids["Chen"], "concordia") == (0, 0, 0)


def test_scores_over_time_oldest_first(evening):
    _journal, history, ids, _games = evening
    assert history.scores_over_time(ids["Anna"], "trajan") == [(1000.0, 50), (2000.0, 45), (4000.0, 60),
                                                               (5000.0, 70)]
    assert [s for _t, s in history.scores_over_time(ids["Chen"])] == [30, 90, 20]


def test_finished_lists_newest_first_with_filters_and_pages(evening):
    _journal, history, _ids, games = evening
    assert [p.game_id for p in history.finished()] == games[::-1]
    assert [p.game_id for p in history.finished(game="concordia")] == [games[2]]
    assert [p.game_id for p in history.finished(since=3000.0)] == games[:1:-1]
    assert [p.game_id for p in history.finished(limit=2, offset=1)] == [games[3], games[2]]
    tied = history.played(games[3])
    assert tied.tie_break == "Anna, Bela tie on 60 VP; Anna is higher in the senate and wins (T-TIE-1)."
    german = {HAND_MADE[3][3][0]: "{names}: Gleichstand bei {vp} SP; {winner} gewinnt (T-TIE-1)."}
    assert tied.tie_break_text(german.get) == "Anna, Bela: Gleichstand bei 60 SP; Anna gewinnt (T-TIE-1)."
    assert tied.duration_min == 10 and tied.options == {"map": "x"}
    assert (tied.started, tied.finished) == (3400.0, 4000.0)
    assert [(s.name, s.score, s.rank, s.winner, s.start_player) for s in tied.seats] == [
        ("Anna", 60, 1, True, True), ("Bela", 60, 2, False, False), ("Chen", 20, 3, False, False)]
    assert [s.name for s in tied.winners] == ["Anna"]
    with pytest.raises(KeyError):
        history.played(999)


def test_rename_merge_and_delete_follow_into_the_statistics(evening):
    journal, history, ids, games = evening
    players = Players(journal)
    players.rename(ids["Chen"], "Chén")
    assert {s.name for s in history.player_stats()} == {"Anna", "Bela", "Chén"}
    assert history.played(games[0]).seats[2].name == "Chen"          # the name played under stays
    with pytest.raises(PlayerError):                    # they played each other: two players
        players.merge(ids["Bela"], ids["Chen"])
    chen = players.add("C")
    players.merge(chen.id, ids["Chen"])
    merged = next(s for s in history.player_stats() if s.name == "C")
    assert merged.plays == 3 and merged.wins == 0
    players.delete(ids["Bela"])
    assert [s.name for s in history.player_stats()] == ["Anna", "C"]
    assert history.played(games[1]).seats[1].player_id is None and history.played(games[1]).seats[1].name == "Bela"


def test_results_failing_their_checksum_are_reported_not_shown(evening):
    journal, history, _ids, games = evening
    journal.db.execute("UPDATE results SET score = 99 WHERE game_id = ? AND seat = 1", (games[1],))
    assert games[1] not in [p.game_id for p in history.finished()]
    with pytest.raises(JournalDamaged):
        history.played(games[1])


def test_the_statistics_leave_out_what_the_history_leaves_out(evening):
    journal, history, ids, games = evening
    bela = next(s for s in history.player_stats("trajan") if s.name == "Bela")
    assert bela.plays == 4
    journal.db.execute("UPDATE results SET score = 99 WHERE game_id = ? AND seat = 1", (games[1],))   # Bela's win
    journal.db.execute("UPDATE results SET sources = '{not json' WHERE game_id = ? AND seat = 0", (games[0],))
    bela = next(s for s in history.player_stats("trajan") if s.name == "Bela")
    assert (bela.plays, bela.wins, bela.best) == (2, 0, 60)            # games 3 and 4 of HAND_MADE only
    assert history.sources(ids["Anna"], "trajan") == {"ships": 10.0, "senate": 55.0}   # games 4 and 5
    assert history.head_to_head(ids["Anna"], ids["Bela"]) == (2, 0, 0)
    assert [t for t, _score in history.scores_over_time(ids["Anna"])] == [3000.0, 4000.0, 5000.0]


def test_average_and_best_only_for_one_game_with_points(evening, monkeypatch):
    _journal, history, _ids, _games = evening
    assert all(s.average is None and s.best is None for s in history.player_stats())     # all games
    assert all(s.average is not None for s in history.player_stats("trajan"))
    from firmware_host import history as history_module

    monkeypatch.setattr(history_module, "_scored", lambda game: game != "trajan")   # as Chariot Race
    assert all(s.average is None and s.best is None for s in history.player_stats("trajan"))


# ---------------------------------------------------------------------- written by the session

def _finished_session(journal, seed=8, players=2):
    for _colour, name in setup(players, seed).players:      # picked on the set-up screen
        if journal is not None and Players(journal).by_name(name) is None:
            Players(journal).add(name)
    s = Session("trajan", setup(players, seed), journal)
    for e in finished_events(players, seed):
        s.submit(e)
    return s


def test_the_move_that_ends_a_game_writes_its_results(tmp_path):
    journal = Journal(tmp_path / "journal.db")
    s = _finished_session(journal)
    played = History(journal).played(s.game_id)
    ranks = {i: r for r, i in enumerate(s.state.final["ranking"], 1)}
    assert [(x.name, x.score, x.rank, x.winner) for x in played.seats] == [
        (p.name, p.vp, ranks[i], i == s.state.final["winner"]) for i, p in enumerate(s.state.players)]
    assert all(sum(x.sources.values()) == x.score for x in played.seats)   # Trajan's sources add up
    assert played.seats[0].start_player and not played.seats[1].start_player
    assert [x.player_id for x in played.seats] == [Players(journal).by_name(p.name).id for p in s.state.players]
    assert played.options == {"edition": 2, "demand_mode": "table", "yellow_counts_itself": True}


def test_results_and_the_finishing_move_are_one_transaction(tmp_path, monkeypatch):
    journal = Journal(tmp_path / "journal.db")
    events = finished_events(2, 8)
    s = Session("trajan", setup(2, 8), journal)
    for e in events[:-1]:
        s.submit(e)

    def broken(*_args):
        raise sqlite3.OperationalError("disk I/O error")
    monkeypatch.setattr(Journal, "_put_outcome", staticmethod(broken))
    with pytest.raises(SessionError):
        s.submit(events[-1])
    assert len(journal.load(s.game_id).events) == len(events) - 1      # the move was not kept either
    assert journal.unfinished() == s.game_id and History(journal).finished() == []


def test_a_finished_game_refuses_undo_and_keeps_its_results(tmp_path):
    journal = Journal(tmp_path / "journal.db")
    s = _finished_session(journal)
    with pytest.raises(SessionError):
        s.undo()
    assert History(journal).played(s.game_id)


@pytest.mark.parametrize("how", ["truncate", "older program's undo", "abandon"])
def test_results_go_with_the_end_of_their_game(tmp_path, how):
    journal = Journal(tmp_path / "journal.db")
    s = _finished_session(journal)
    if how == "truncate":
        journal.truncate(s.game_id, 3)
    elif how == "abandon":
        journal.abandon(s.game_id)
    else:       # what the previous release's Journal.truncate runs: it knows nothing of results
        journal.db.execute("DELETE FROM events WHERE game_id = ? AND seq > 3", (s.game_id,))
        journal.db.execute("UPDATE games SET finished = NULL WHERE id = ?", (s.game_id,))
    count = journal.db.execute("SELECT (SELECT COUNT(*) FROM results) + (SELECT COUNT(*) FROM outcomes)")
    assert count.fetchone()[0] == 0
    assert History(journal).finished() == []


def test_complete_gives_a_game_finished_without_results_the_same_results(tmp_path):
    journal = Journal(tmp_path / "journal.db")
    s = _finished_session(journal)
    history = History(journal)
    before = history.played(s.game_id)
    journal.db.execute("DELETE FROM results")
    journal.db.execute("DELETE FROM outcomes")
    assert history.finished() == []
    assert history.complete() == 1
    assert history.played(s.game_id).seats == before.seats
    assert history.complete() == 0


def test_complete_writes_game_by_game_with_progress_and_skips_a_game_that_does_not_replay(tmp_path):
    journal = Journal(tmp_path / "journal.db")
    first, second = _finished_session(journal), _finished_session(journal)
    journal.db.execute("DELETE FROM results")
    journal.db.execute("DELETE FROM outcomes")
    # the first game's last move is lost: it no longer ends, so it cannot be completed
    journal.db.execute("DELETE FROM events WHERE game_id = ? AND seq = (SELECT MAX(seq) FROM events "
                       "WHERE game_id = ?)", (first.game_id, first.game_id))
    journal.db.execute("UPDATE games SET head = NULL WHERE id = ?", (first.game_id,))
    seen: list[tuple[int, int, int]] = []
    history = History(journal)
    written = lambda: journal.db.execute("SELECT COUNT(*) FROM outcomes").fetchone()[0]  # noqa: E731
    assert history.complete(lambda done, total: seen.append((done, total, written()))) == 1
    assert seen == [(1, 2, 0), (2, 2, 1)]      # each game written before the next is replayed
    assert [p.game_id for p in history.finished()] == [second.game_id]
    seen.clear()
    assert History(journal).complete(lambda done, total: seen.append((done, total, 0))) == 0
    assert seen == []                           # the game that did not replay is not tried again


def test_a_journal_of_the_first_release_is_upgraded_and_its_games_completed(tmp_path):
    path = tmp_path / "journal.db"
    first_release_journal(path, finished_events(2, 3), finished=10)
    journal = Journal(path)
    tables = {n for (n,) in journal.db.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'trigger')")}
    assert {"players", "results", "outcomes", "results_follow_games"} <= tables
    history = History(journal)
    assert history.complete() == 1
    assert [s.name for s in history.played(1).seats] == ["Anna", "Bela"]


def test_unfinished_games_with_names_and_moves(tmp_path):
    journal = Journal(tmp_path / "journal.db")
    s = Session("trajan", setup(3, 2), journal)
    for e in finished_events(3, 2)[:7]:
        s.submit(e)
    gone = Session("trajan", setup(2, 4), journal)
    journal.abandon(gone.game_id)
    [u] = History(journal).unfinished()
    assert (u.game_id, u.game, u.moves, u.names) == (s.game_id, "trajan", 7, ("Anna", "Bela", "Chen"))


def test_outcome_of_links_only_names_that_are_profiles(tmp_path):
    journal = Journal(tmp_path / "journal.db")
    bela = Players(journal).add("bela")         # another case: the same player
    events = finished_events(2, 8)
    s = Session("trajan", setup(2, 8), None)
    for e in events:
        s.submit(e)
    s.state.players[0].name = "A name far longer than sixteen"
    outcome = outcome_of(journal, "trajan", s.rules, s.state)
    assert outcome is not None and [r.player_id for r in outcome.seats] == [None, bela.id]
    assert [p.name for p in Players(journal).list()] == ["bela"]       # none made at the end


def test_a_game_with_default_names_makes_no_profile(tmp_path):
    journal = Journal(tmp_path / "journal.db")
    s = Session("trajan", dataclasses.replace(setup(2, 8), players=(("red", "Red"), ("blue", "Blue"))), journal)
    for e in finished_events(2, 8):
        s.submit(e)
    assert s.state.over
    assert Players(journal).list() == []
    assert [(r.name, r.player_id) for r in History(journal).played(s.game_id).seats] == [("Red", None),
                                                                                          ("Blue", None)]


def test_active_minutes_leave_out_pauses():
    # 10 min, 5 min, a night (left out), 20 min
    assert active_minutes(0, [600, 900, 900 + 12 * 3600], 900 + 12 * 3600 + 1200) == 35
