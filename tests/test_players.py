"""Player profiles (issue 15): names in any script compared as players read them, tokens,
rename, merge and delete; refusals in one translatable line, nothing changed."""

import pytest

from firmware_host import journal as journal_module
from firmware_host.journal import Journal, Outcome, SeatRow
from firmware_host.players import NAME_MAX, PlayerError, Players


@pytest.fixture
def players(tmp_path):
    journal = Journal(tmp_path / "journal.db")
    yield Players(journal)
    journal.close()


def _finish(journal, *pairs):
    """A finished game with seats ``(player, score)``, the first winning."""
    gid = journal.new_game("trajan", {})
    rows = tuple(SeatRow(i, p.name, p.id, score, i + 1, i == 0, i == 0, {}) for i, (p, score) in enumerate(pairs))
    journal.append(gid, 1, {"kind": "end"}, finished=True, outcome=Outcome(rows, None, {}))
    return gid


def test_names_in_any_script_are_nfc_stripped_and_found_case_insensitively(players):
    zoe = players.add("  Zoe\u0308  ")                  # e + combining diaeresis
    assert zoe.name == "Zoë"
    assert players.by_name("ZOË") == zoe and players.by_name("zoe\u0308") == zoe
    strasse = players.add("Straße")
    assert players.by_name("STRASSE") == strasse
    for name in ("محمد", "李小龙", "Дмитрий", "Ἀθηνᾶ"):
        assert players.ensure(name).name == name
    assert players.by_name("nobody") is None


def test_ensure_adds_a_new_name_once(players):
    first = players.ensure("Anna")
    assert players.ensure("anna") == first
    assert [p.name for p in players.list()] == ["Anna"]


@pytest.mark.parametrize("name, words", [
    ("", "cannot be empty"), ("   ", "cannot be empty"), ("x" * (NAME_MAX + 1), "at most 16"),
    ("An\x00na", "printable"), ("Tab\there", "printable"), (None, "text of 1 to 16"),
])
def test_a_name_that_is_not_one_is_refused_in_one_line(players, name, words):
    with pytest.raises(PlayerError) as err:
        players.add(name)
    assert words in str(err.value) and "\n" not in str(err.value)
    assert err.value.notice.message                   # an N_ template for the screens to translate
    assert players.list() == []


def test_a_taken_name_is_refused_even_in_another_case(players):
    players.add("Anna")
    bela = players.add("Bela")
    with pytest.raises(PlayerError, match="already a player called Anna"):
        players.add("ANNA")
    with pytest.raises(PlayerError, match="already a player called Anna"):
        players.rename(bela.id, "anna")
    assert players.rename(bela.id, "BELA").name == "BELA"        # their own name in another case


def test_tokens_are_normalised_found_and_kept_unique(players):
    anna = players.add("Anna", colour="Red", token="04:A2:2B:3C")
    assert (anna.colour, anna.token) == ("red", "04a22b3c")
    assert players.by_token("04 a2 2b 3c") == anna
    assert players.by_token("not a uid") is None
    bela = players.add("Bela")
    with pytest.raises(PlayerError, match="already Anna's"):
        players.set_token(bela.id, "04a22b3c")
    with pytest.raises(PlayerError, match="UID"):
        players.set_token(bela.id, "xyz")
    assert players.set_token(anna.id, None).token is None
    assert players.set_token(bela.id, "04a22b3c").token == "04a22b3c"
    with pytest.raises(PlayerError, match="colour"):
        players.set_colour(bela.id, "red; DROP TABLE")
    assert players.set_colour(bela.id, "#00FF00").colour == "#00ff00"


def test_list_is_most_recently_played_first_then_newest_added(players, monkeypatch):
    anna, bela, chen, dara = (players.add(n) for n in ("Anna", "Bela", "Chen", "Dara"))
    journal = players.journal
    monkeypatch.setattr(journal_module.time, "time", lambda: 100.0)
    _finish(journal, (anna, 10), (bela, 5))
    monkeypatch.setattr(journal_module.time, "time", lambda: 200.0)
    _finish(journal, (chen, 10), (anna, 5))
    listed = players.list()
    assert [p.name for p in listed] == ["Chen", "Anna", "Bela", "Dara"]     # Anna and Chen at 200: newer first
    assert [(p.games, p.last_played) for p in listed] == [(1, 200), (2, 200), (1, 100), (0, None)]


def test_merge_moves_games_and_token_then_deletes(players):
    anna, annie = players.add("Anna"), players.add("Annie", colour="blue", token="04a22b3c")
    _finish(players.journal, (anna, 10), (players.add("Bela"), 5))
    _finish(players.journal, (annie, 10))
    kept = players.merge(anna.id, annie.id)
    assert (kept.games, kept.colour, kept.token) == (2, "blue", "04a22b3c")
    with pytest.raises(KeyError):
        players.get(annie.id)
    with pytest.raises(PlayerError):
        players.merge(anna.id, anna.id)
    with pytest.raises(KeyError):
        players.merge(anna.id, 999)


def test_delete_keeps_the_games_under_the_name_played(players):
    anna = players.add("Anna")
    gid = _finish(players.journal, (anna, 10))
    players.delete(anna.id)
    assert players.list() == []
    row = players.journal.db.execute("SELECT name, player_id FROM results WHERE game_id = ?", (gid,)).fetchone()
    assert row == ("Anna", None)
    with pytest.raises(KeyError):
        players.delete(anna.id)
    with pytest.raises(KeyError):
        players.rename(anna.id, "Ghost")


def test_merge_of_two_players_who_sat_in_one_game_is_refused(players):
    anna, bela = players.add("Anna"), players.add("Bela")
    _finish(players.journal, (anna, 10), (bela, 5))
    with pytest.raises(PlayerError, match="Anna and Bela played in the same game") as refused:
        players.merge(anna.id, bela.id)
    assert refused.value.notice.message.startswith("{a} and {b} played")      # translatable template
    assert [(p.name, p.games) for p in players.list()] == [("Bela", 1), ("Anna", 1)]


def test_a_profile_sits_once_in_a_game(players):
    import sqlite3

    anna = players.add("Anna")
    gid = _finish(players.journal, (anna, 10))
    with pytest.raises(sqlite3.IntegrityError):
        players.journal.db.execute("INSERT INTO results VALUES (?, 5, 'Anna', ?, 1, 1, 0, 0, '{}')", (gid, anna.id))
