"""Issue 13: nothing is thrown away without asking, a finished game stays as it ended, every
undo says what it took back, a tap on a disabled option says why, the move log, the
simulator's key-hint line."""

from types import SimpleNamespace

import pygame
import pytest

from display import theme
from display.controller import Controller
from display.games import describe_move, humanised
from display.movelog import MoveLogScreen, move_lines
from display.script import run_line, run_lines
from firmware_host.engine.core import Event
from firmware_host.inputs import ButtonHeld, ButtonPressed, Touch
from firmware_host.session import SessionError
from tests.trajan_fixtures import finished_events, setup


def _finished() -> Controller:
    ctl = Controller(None)
    ctl.start_game("trajan", setup(4, 5))
    for event in finished_events(4, 5):
        ctl.session.submit(event)
    ctl.refresh()
    return ctl


def _started(moves: int) -> Controller:
    ctl = Controller(None)
    ctl.start_game("trajan", setup(4, 5))
    for event in finished_events(4, 5)[:moves]:
        ctl.session.submit(event)
    ctl.refresh()
    return ctl


# ---------------------------------------------------------------------- no silent loss

def test_undo_on_the_quick_tally_with_entries_asks_once_and_no_keeps_them():
    ctl = Controller(None)
    run_lines(ctl, ["tap action:concordia:quick_tally", "tap box:money", "tap pad:1", "tap pad:0"])
    tally = ctl.active
    ctl.handle(ButtonPressed("undo"))
    assert type(ctl.active).__name__ == "ConfirmScreen" and ctl.active.question == "Discard this tally?"
    ctl.handle(ButtonPressed("undo"))                    # UNDO on the question: No
    assert ctl.active is tally and tally.players[0]["counts"]["money"] == 10
    ctl.handle(ButtonPressed("undo"))
    run_line(ctl, "tap no")
    assert ctl.active is tally
    ctl.handle(ButtonPressed("undo"))
    run_line(ctl, "tap yes")
    assert type(ctl.active).__name__ == "HomeScreen"


def test_close_on_the_tally_result_asks_and_page_changes_alone_do_not():
    ctl = Controller(None)
    run_lines(ctl, ["tap action:concordia:quick_tally", "tap box:money", "tap tally"])
    assert ctl.active.result is not None
    run_line(ctl, "tap close")
    assert ctl.active.question == "Discard this tally?"
    run_line(ctl, "tap yes")
    assert type(ctl.active).__name__ == "HomeScreen"
    run_lines(ctl, ["tap action:concordia:quick_tally", "tap box:houses.food", "tap page:game"])
    ctl.handle(ButtonPressed("undo"))                    # nothing entered: closes at once
    assert type(ctl.active).__name__ == "HomeScreen"


@pytest.mark.parametrize("game, change", [("trajan", "tap count:3"), ("concordia", "tap count:3"),
                                          ("chariot_race", "tap count:3")])
def test_undo_on_a_changed_new_game_form_asks_once(game, change):
    ctl = Controller(None)
    run_line(ctl, f"tap new:{game}")
    form = ctl.active
    assert type(form).__name__ == "NewGameScreen"
    ctl.handle(ButtonPressed("undo"))                    # unchanged: closes at once
    assert type(ctl.active).__name__ == "HomeScreen"
    run_lines(ctl, [f"tap new:{game}", change])
    form = ctl.active
    ctl.handle(ButtonPressed("undo"))
    assert ctl.active.question == "Discard this new game?"
    run_line(ctl, "tap no")
    assert ctl.active is form
    ctl.handle(ButtonPressed("undo"))
    run_line(ctl, "tap yes")
    assert type(ctl.active).__name__ == "HomeScreen"


def test_a_finished_game_refuses_undo_in_the_session_and_says_so():
    ctl = _finished()
    assert ctl.session.state.over and ctl.session.finished
    moves = len(ctl.session.game.events)
    with pytest.raises(SessionError, match="finished"):
        ctl.session.undo()
    ctl.handle(ButtonPressed("undo"))
    assert len(ctl.session.game.events) == moves and ctl.session.state.over
    assert ctl.message_level == "bad" and "finished" in ctl.message
    undo = ctl.active.find("undo")
    assert not undo.enabled and "finished" in undo.reason
    ctl.say("")
    ctl.handle(Touch(*undo.rect.center))                 # a tap on the disabled Undo says why
    assert "finished" in ctl.message and len(ctl.session.game.events) == moves


# ---------------------------------------------------------------------- what undo took back

def test_every_undo_says_what_it_took_back():
    ctl = _started(12)
    event = ctl.session.game.events[-1]
    ctl.handle(ButtonPressed("undo"))
    assert len(ctl.session.game.events) == 11
    assert ctl.message.startswith("Took back: ")
    assert humanised(event.kind) in ctl.message


class _Senate(Event):
    kind = "senate_action"


def test_the_generic_description_names_the_player_the_move_and_the_vp():
    before = SimpleNamespace(pending=SimpleNamespace(player=0),
                             players=[SimpleNamespace(name="Anna", vp=10), SimpleNamespace(name="Ben", vp=4)])
    after = SimpleNamespace(pending=SimpleNamespace(player=1),
                            players=[SimpleNamespace(name="Anna", vp=13), SimpleNamespace(name="Ben", vp=4)])
    assert describe_move("no such game", _Senate(), before, after) == "Anna — Senate action, +3 VP"
    names_only = SimpleNamespace(pending=SimpleNamespace(player=1), players=["Anna", "Ben"])
    assert describe_move("no such game", _Senate(), names_only, names_only) == "Ben — Senate action"
    nobody = SimpleNamespace(pending=SimpleNamespace(player=None))
    assert describe_move("no such game", _Senate(), nobody, nobody) == "Senate action"


def test_a_games_own_describe_is_used(monkeypatch):
    from dataclasses import replace

    import display.games as games

    own = replace(games.display_for("trajan"), describe=lambda e, b, a: f"own {e.kind}")
    monkeypatch.setattr(games, "display_for", lambda game: own)
    ctl = _started(3)
    kind = ctl.session.game.events[-1].kind
    ctl.handle(ButtonPressed("undo"))
    assert ctl.message == f"Took back: own {kind}"


# ---------------------------------------------------------------------- the move log

def test_the_move_log_from_the_menu_lists_every_move_page_by_page(surface):
    ctl = _started(20)
    ctl.handle(ButtonHeld("undo"))
    run_line(ctl, "tap log")
    log = ctl.active
    assert isinstance(log, MoveLogScreen)
    assert len(log.lines) == 20 == len(move_lines(ctl)) and log.page == log.pages - 1 >= 1
    assert log.page_starts[0] == 0 and sorted(set(log.page_starts)) == log.page_starts
    for w in log.widgets():
        assert w.rect.width >= 48 and w.rect.height >= 48
        assert pygame.Rect(0, 0, 800, theme.CONTENT_BOTTOM).contains(w.rect)
    later = log.find("later")
    assert not later.enabled
    ctl.handle(Touch(*later.rect.center))                # disabled: says why
    assert ctl.message == "These are the latest moves."
    run_lines(ctl, ["tap earlier"] * (log.pages - 1))
    assert log.page == 0 and not log.find("earlier").enabled
    log.draw(surface)
    run_line(ctl, "tap close")
    assert type(ctl.active).__name__ == "MenuScreen"
    assert len(ctl.session.game.events) == 20             # the log changes nothing


def test_the_move_log_of_a_new_game_is_empty(surface):
    ctl = _started(0)
    log = MoveLogScreen(ctl)
    assert log.lines == [] and log.pages == 1
    log.draw(surface)


# ---------------------------------------------------------------------- the key-hint line

def test_f1_toggles_the_key_hint_line(surface):
    ctl = Controller(None)
    assert not ctl.show_hints
    ctl.handle(ButtonPressed("hints"))
    assert ctl.show_hints
    ctl.draw(surface)
    ctl.handle(ButtonPressed("hints"))
    assert not ctl.show_hints
    assert type(ctl.active).__name__ == "HomeScreen"     # no menu: Esc is the menu
