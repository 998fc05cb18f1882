"""What players see: every screen renders, targets are big enough, undo is always there,
bad input changes nothing and says why, keys map to the box's buttons."""

import random
import sqlite3

import pygame
import pytest

from display.controller import Controller
from display.script import inputs_for, run_line, run_lines
from firmware_host.app import KEYS, translate
from firmware_host.engine.trajan import events as ev
from firmware_host.engine.trajan.play import random_event
from firmware_host.inputs import ButtonHeld, ButtonPressed, TagRead, TextEntered, Touch
from firmware_host.journal import Journal
from tests.display.ui_checks import check_screens
from tests.trajan_fixtures import finished_events, setup

REQUIRED = {"home", "new-game", "keyboard", "markers", "bonusdraw", "cards", "startingtiles", "bowl",
            "bowl-sowing", "special", "extra", "revealdemand", "demands", "consul", "bonusdraw-refill",
            "final-breakdown", "final-chart", "final-player", "menu", "saved-games",
            "action-seaport", "action-seaport-ship", "action-seaport-display", "action-forum-forum",
            "action-military", "action-military-march", "action-military-march_tile", "action-trajan",
            "action-trajan-trajan-pile", "action-senate", "action-construction", "action-construction-build",
            "action-construction-build_tile"}


def test_every_screen_is_rendered(rendered):
    check_screens(rendered, "", REQUIRED)


def _walk(players=4, seed=12):
    """A scripted game through the controller, yielding it before every input line."""
    ctl = Controller(None)
    ctl.start_game("trajan", setup(players, seed))
    rng = random.Random(seed)
    while not ctl.session.state.over:
        for line in inputs_for(ctl, random_event(ctl.session.game, rng)):
            yield ctl
            run_line(ctl, line)
    yield ctl


def test_touch_targets_are_at_least_48_px_and_undo_is_one_tap_away():
    seen = 0
    for ctl in _walk():
        widgets = ctl.active.widgets()
        for w in widgets:
            if w.enabled:
                assert w.rect.width >= 48 and w.rect.height >= 48, (type(ctl.active).__name__, w.id, w.rect)
        undo = next(w for w in widgets if w.id == "undo")
        assert undo.enabled == (bool(ctl.session.game.events) and not ctl.session.finished)
        seen += 1
    assert seen > 500


def test_screens_draw_from_state_only(surface):
    """The same state draws the same pixels, whatever happened before (no hidden UI state)."""
    ctl = Controller(None)
    ctl.start_game("trajan", setup(3, 4))
    for e in finished_events(3, 4)[:60]:
        ctl.session.submit(e)
    ctl.refresh()
    ctl.draw(surface)
    first = pygame.image.tobytes(surface, "RGB")
    other = Controller(None)
    other.start_game("trajan", setup(3, 4))
    for e in finished_events(3, 4)[:60]:
        other.session.submit(e)
    other.refresh()
    other.draw(surface)
    assert pygame.image.tobytes(surface, "RGB") == first


def test_empty_bowl_is_refused_with_the_rule_and_nothing_changes():
    ctl = Controller(None)
    ctl.start_game("trajan", setup(2, 1))
    for e in finished_events(2, 1):
        if ctl.session.state.pending.kind == "bowl":
            break
        ctl.session.submit(e)
    ctl.refresh()
    p = ctl.session.state.players[ctl.session.state.active]
    p.bowls[0] = []            # white-box: an empty bowl to press
    before = len(ctl.session.game.events)
    ctl.handle(ButtonPressed("bowl1"))
    assert ctl.message_rule == "T-TURN-2" and ctl.message_level == "bad"
    assert len(ctl.session.game.events) == before


def test_illegal_move_message_names_rule_and_fix():
    ctl = Controller(None)
    ctl.start_game("trajan", setup(2, 1))
    assert not ctl.submit(ev.SenateAdvance())
    assert ctl.message_rule == "T-TURN-1" and "undo" in ctl.message.lower()
    assert not ctl.message.startswith("T-TURN-1")               # the rule ID is drawn apart


def test_unknown_tag_says_so_and_changes_nothing():
    class Tags:
        def lookup(self, uid):
            return None
    ctl = Controller(None, tags=Tags())
    ctl.start_game("trajan", setup(2, 1))
    state = ctl.session.state
    ctl.handle(TagRead("04a1b2c3"))
    assert "04a1b2c3" in ctl.message and ctl.session.state is state


def test_undo_button_takes_back_the_last_move_any_number_of_times():
    ctl = Controller(None)
    ctl.start_game("trajan", setup(2, 7))
    events = finished_events(2, 7)[:40]
    states = []
    for e in events:
        states.append(ctl.session.state)
        ctl.submit(e)
    for k in range(40):
        ctl.handle(ButtonPressed("undo"))
        assert ctl.session.state == states[-1 - k]
    ctl.handle(ButtonPressed("undo"))
    assert "Nothing to undo" in ctl.message


def test_undo_inside_a_draft_steps_back_the_draft_first():
    ctl = Controller(None)
    ctl.start_game("trajan", setup(2, 7))
    for e in finished_events(2, 7):
        if ctl.session.state.pending.kind == "bowl":
            break
        ctl.submit(e)
    n = len(ctl.session.game.events)
    run_line(ctl, "tap bowl:1")                         # a tap on a bowl opens its sowing draft
    assert ctl.active.bowl == 1
    ctl.handle(ButtonPressed("undo"))
    assert ctl.active.bowl is None and len(ctl.session.game.events) == n


def test_a_bowl_button_sows_at_once_in_the_listed_order_and_undo_takes_it_back():
    """Issue 13 (fewer inputs): one press sows the bowl in the order the engine lists (the
    bowl's order, T-TURN-4); another order goes through the draft; UNDO takes the sowing back."""
    ctl = Controller(None)
    ctl.start_game("trajan", setup(2, 7))
    for e in finished_events(2, 7):
        if ctl.session.state.pending.kind == "bowl":
            break
        ctl.submit(e)
    state = ctl.session.state
    bowl = list(state.players[state.active].bowls[1])
    ctl.handle(ButtonPressed("bowl2"))
    assert ctl.session.game.events[-1] == ev.Sow(1, tuple(bowl))
    assert "2" in ctl.message and ctl.message_level != "bad"
    ctl.handle(ButtonPressed("undo"))
    assert ctl.session.state == state and ctl.active.bowl is None
    run_lines(ctl, ["tap bowl:1", "tap sow:0", "tap sow:1", "press bowl2"])     # its button sows the draft
    assert ctl.session.game.events[-1] == ev.Sow(1, tuple(reversed(bowl)))


@pytest.mark.parametrize("key,button", sorted(KEYS.items()))
def test_keys_are_the_boxs_buttons(surface, key, button):
    event = pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(key), mod=0, unicode="")
    assert translate(event, False) == ButtonPressed(button)


def test_escape_opens_the_menu_and_typing_goes_to_a_text_field(surface):
    esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    assert translate(esc, False) == ButtonHeld("undo")
    f1 = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="")
    assert translate(f1, False) == ButtonPressed("hints") == translate(f1, True)    # the key-hint line
    one = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1")
    assert translate(one, True) is None
    typed = pygame.event.Event(pygame.TEXTINPUT, text="Zs")
    assert translate(typed, True) == TextEntered("Zs")
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(10, 20), touch=False)
    assert translate(click, False) == Touch(10, 20)
    synthetic = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(10, 20), touch=True)
    assert translate(synthetic, False) is None
    finger = pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.25, touch_id=0, finger_id=0)
    assert translate(finger, False) == Touch(400, 120)


def test_start_resumes_the_unfinished_game(tmp_path):
    journal = Journal(tmp_path / "j.db")
    ctl = Controller(journal)
    ctl.start_game("trajan", setup(3, 6))
    for e in finished_events(3, 6)[:77]:
        ctl.submit(e)
    state = ctl.session.state
    again = Controller(Journal(tmp_path / "j.db"))
    assert again.session is not None and again.session.state == state
    assert "resumed" in again.message


def test_new_game_form_starts_a_journaled_game(tmp_path):
    ctl = Controller(Journal(tmp_path / "j.db"))
    run_lines(ctl, ["tap new:trajan", "tap count:3", "tap colour:0", "tap up:2", "tap demand:companion",
                    "tap name:1", "tap key:Z", "tap key:O", "tap ok", "tap ok"])
    s = ctl.session.setup
    assert len(s.players) == 3 and s.demand_mode == "companion"
    # red cycled to the next free colour (brown), seat 3 moved up, seat 2 renamed on the keyboard
    assert s.players == (("brown", "Brown"), ("blue", "Bluezo"), ("green", "Green"))
    assert ctl.session.state.pending.kind == "setup_markers"
    assert ctl.journal.unfinished() == ctl.session.game_id



def test_t_amb_18_the_new_game_form_asks_whether_the_yellow_bonus_tile_counts_itself(tmp_path):
    """T-AMB-18 (rulings: an option): the new-game form offers both readings, the ruling
    (counts itself) pre-selected; the choice goes into the setup and the final tally."""
    ctl = Controller(Journal(tmp_path / "j.db"))
    run_lines(ctl, ["tap new:trajan", "tap count:2"])
    assert ctl.active.find("yellow:1").selected and not ctl.active.find("yellow:0").selected
    run_lines(ctl, ["tap yellow:0", "tap ok"])
    assert ctl.session.setup.yellow_counts_itself is False
    ctl.close_game()
    run_lines(ctl, ["tap new:trajan", "tap ok"])
    assert ctl.session.setup.yellow_counts_itself is True


def test_a_move_that_cannot_be_saved_is_not_shown(tmp_path):
    """Disk full: SQLite refuses the commit; the screen says so and the game is unchanged."""
    journal = Journal(tmp_path / "j.db")
    ctl = Controller(journal)
    ctl.start_game("trajan", setup(2, 1))
    state = ctl.session.state

    def full(*args, **kwargs):
        raise sqlite3.OperationalError("database or disk is full")
    journal.append = full
    assert not ctl.submit(finished_events(2, 1)[0])
    assert "could not be saved" in ctl.message and ctl.session.state is state
    assert ctl.session.game.events == []


# ---------------------------------------------------------------------- T-FORUM-1: tags of extra-action tiles

def _at_forum(**table):
    """A 2-player game at seat 0's forum action; a tag ``04a1b2c3`` is enrolled as the forum
    tile kind ``extra:forum`` (green or yellow back, the tag does not say which)."""
    from firmware_host.tags import TagThing
    from tests.trajan.helpers import setup_events, sow_to

    class Tags:
        def lookup(self, uid):
            return TagThing("trajan", "forum", "extra:forum") if uid == "04a1b2c3" else None

    ctl = Controller(None, tags=Tags())
    ctl.start_game("trajan", setup(2, 1))
    for e in setup_events(2):
        ctl.submit(e)
    for key, value in table.items():                    # white-box: the forum as the test needs it
        if isinstance(value, dict):
            getattr(ctl.session.state, key).update(value)
        else:
            setattr(ctl.session.state, key, value)
    sow_to(ctl.session.game, "forum")
    ctl.refresh()
    assert ctl.session.state.pending.action == "forum"
    return ctl


def test_t_forum_1_an_extra_action_tag_asks_green_or_yellow_when_both_are_possible():
    """T-FORUM-1 / T-AMB-19 / T-XTILE-1: the tag of an extra-action kind could be the forum tile
    from a green space or the extra-action tile from a yellow space: the screen asks. Taken
    from a green space it is booked there, so a later real yellow tile is still accepted."""
    ctl = _at_forum()
    s = ctl.session.state
    green, yellow, n = s.forum_green, s.forum_yellow, len(ctl.session.game.events)
    ctl.handle(TagRead("04a1b2c3"))
    assert ctl.active.mode == "forum_which" and len(ctl.session.game.events) == n
    assert ctl.active.find("which:green").enabled and ctl.active.find("which:yellow").enabled
    run_line(ctl, "tap which:green")
    s = ctl.session.state
    assert ctl.session.game.events[-1] == ev.ForumTake("extra:forum", "green")
    assert (s.forum_green, s.forum_yellow) == (green - 1, yellow)
    assert s.forum_seen["extra:forum"] == 1 and s.extra_seen["forum"] == 0


def test_t_forum_1_the_answer_can_be_yellow_and_undo_steps_back_the_question():
    ctl = _at_forum()
    n = len(ctl.session.game.events)
    ctl.handle(TagRead("04a1b2c3"))
    ctl.handle(ButtonPressed("undo"))                   # the question is a draft: back to the forum tiles
    assert ctl.active.mode == "forum" and len(ctl.session.game.events) == n
    ctl.handle(TagRead("04a1b2c3"))
    run_line(ctl, "tap which:yellow")
    assert ctl.session.game.events[-1] == ev.ForumTake("extra:forum", "yellow")
    assert ctl.session.state.extra_seen["forum"] == 1


def test_t_forum_1_a_tag_with_one_possible_space_takes_it_without_asking():
    ctl = _at_forum(forum_yellow=0)                     # no yellow tile left: green
    ctl.handle(TagRead("04a1b2c3"))
    assert ctl.session.game.events[-1] == ev.ForumTake("extra:forum", "green")
    ctl = _at_forum(forum_seen={"extra:forum": 1})      # the one green-backed tile is out: yellow
    ctl.handle(TagRead("04a1b2c3"))
    assert ctl.session.game.events[-1] == ev.ForumTake("extra:forum", "yellow")


def test_t_xtile_1_a_tag_no_space_can_hold_is_refused_with_the_rule():
    ctl = _at_forum(forum_yellow=0, forum_seen={"extra:forum": 1})
    n = len(ctl.session.game.events)
    ctl.handle(TagRead("04a1b2c3"))
    assert len(ctl.session.game.events) == n and ctl.message_level == "bad" and ctl.message_rule.startswith("T-")
