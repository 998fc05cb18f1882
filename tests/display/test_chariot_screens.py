"""Chariot Race as the table sees it: every screen renders, touch targets are big enough on
every screen of scripted races, the box's buttons map to die faces, dice and chariots, bad
input changes nothing and names the rule, the corner warning shows when a corner would wreck
the chariot, the new-race form starts a journaled race."""

from __future__ import annotations

import random

import pygame
import pytest

from display.chariot_race import SCREENS
from display.chariot_race.common import WARN_RGB, dice_mode, wreck_ahead
from display.chariot_race.screenshots import races
from display.chariot_race.script import canonical, inputs_for
from display.controller import Controller
from display.games import tag_kinds
from display.script import run_line, run_lines
from firmware_host.data import load
from firmware_host.engine.chariot_race import ChariotRaceSetup
from firmware_host.engine.chariot_race import events as ev
from firmware_host.engine.chariot_race.play import random_event
from firmware_host.engine.chariot_race.rules import _EXPECTS
from firmware_host.engine.chariot_race.state import Pending
from firmware_host.inputs import ButtonPressed, TagRead, Touch
from firmware_host.journal import Journal
from firmware_host.tags import TagThing
from tests.display.ui_checks import check_screens, moves, unchanged_after

BOARD = load("chariot_race")
FOUR = (("green", 0), ("yellow", 0), ("blue", 1), ("purple", 1))


def setup(**options) -> ChariotRaceSetup:
    return ChariotRaceSetup(players=("Ann", "Ben"), board=BOARD, chariots=options.pop("chariots", FOUR), seed=3,
                            **options)


def started(mode: str = "table", spaces=(1, 2, 3, 4), **options) -> Controller:
    """A 2-player race (green, yellow for Ann; blue, purple for Ben) on start spaces 1-4:
    green (inner lane, space 1) plays first."""
    ctl = Controller(None)
    ctl.start_game("chariot_race", setup(dice=mode, **options))
    if spaces:
        assert ctl.submit(ev.DrawStartSpaces(spaces))
    return ctl



# ---------------------------------------------------------------------- every screen, every target

REQUIRED = {"new-game", "new-game-3-players", "new-game-black-6", "startspaces", "roll", "roll-speed-drops", "dice",
            "dice-selected", "dice-reroll", "dice-turn", "speed", "move", "move-hit", "move-ended-on",
            "move-wreck-warning", "attack", "picksheet", "placechariot", "podium", "podium-nobody"}


def test_every_chariot_screen_is_rendered(rendered):
    check_screens(rendered, "chariot-", REQUIRED)


def test_every_pending_decision_has_a_screen():
    assert set(_EXPECTS) | {"race_over"} == set(SCREENS)


def _walk(k: int, seed: int = 5):
    """A scripted race through the controller, yielding it before every input line."""
    race = races()[k]
    ctl = Controller(None)
    ctl.start_game("chariot_race", race)
    rng = random.Random(seed)
    while not ctl.session.state.over:
        event = random_event(ctl.session.game, rng)
        n = len(ctl.session.game.events)
        for line in inputs_for(ctl, event):
            yield ctl
            run_line(ctl, line)
        assert len(ctl.session.game.events) == n + 1 and ctl.session.game.events[-1] == canonical(event)
    yield ctl


@pytest.mark.parametrize("k", [0, 1, 2])
def test_touch_targets_are_at_least_48_px_and_undo_is_one_tap_away(k):
    seen = set()
    steps = 0
    for ctl in _walk(k):
        widgets = ctl.active.widgets()
        for w in widgets:
            if w.enabled:
                assert w.rect.width >= 48 and w.rect.height >= 48, (type(ctl.active).__name__, w.id, w.rect)
                assert pygame.Rect(0, 0, 800, 450).contains(w.rect), (w.id, w.rect)
        undo = next(w for w in widgets if w.id == "undo")
        assert undo.enabled == (bool(ctl.session.game.events) and not ctl.session.finished)
        seen.add(type(ctl.active).__name__)
        steps += 1
    assert steps > 150 and {"RollScreen", "DiceScreen", "MoveScreen", "PodiumScreen"} <= seen


def test_the_new_game_form_has_big_targets_for_every_player_count():
    ctl = Controller(None)
    run_line(ctl, "tap new:chariot_race")
    for count in range(2, 7):
        for sheets in ("white", "black"):
            run_lines(ctl, [f"tap count:{count}", f"tap sheets:{sheets}"])
            for w in ctl.active.widgets():
                if w.enabled:
                    assert w.rect.width >= 48 and w.rect.height >= 48, (count, w.id, w.rect)


def test_screens_draw_from_state_only(surface):
    """The same race draws the same pixels, whatever happened before (no hidden UI state)."""
    frames = []
    for _ in range(2):
        ctl = started()
        moves(ctl, ev.RollDice(("normal", "fast", "lane", "attack")), ev.KeepDice())
        ctl.refresh()
        ctl.draw(surface)
        frames.append(pygame.image.tobytes(surface, "RGB"))
    assert frames[0] == frames[1]


# ---------------------------------------------------------------------- the box's buttons

def test_bowls_are_the_die_faces_and_ok_rolls_them():
    """CR-DICE-1: bowl 1-5 enter the faces in the order normal, fast, lane, attack, Fortuna."""
    ctl = started()
    assert ctl.active.n == 4
    run_lines(ctl, ["press bowl1", "press bowl2", "press bowl3", "press bowl5"])
    assert ctl.active.faces == ["normal", "fast", "lane", "fortuna"] and not ctl.session.game.events[1:]
    run_line(ctl, "press ok")
    assert ctl.session.game.events[-1] == ev.RollDice(("normal", "fast", "lane", "fortuna"))
    assert ctl.session.state.pending.kind == "dice"


def test_bowl_6_lets_the_companion_roll():
    ctl = started()
    run_line(ctl, "press bowl6")
    assert ctl.session.game.events[-1] == ev.RollDice() and len(ctl.session.state.turn.dice) == 4


def test_ok_rolls_for_the_table_that_chose_companion_rolls():
    ctl = started("companion")
    run_line(ctl, "press ok")
    assert ctl.session.game.events[-1] == ev.RollDice()


def test_ok_with_dice_half_entered_asks_for_the_rest():
    ctl = started()
    run_lines(ctl, ["press bowl1", "press bowl1", "press ok"])
    assert len(ctl.session.game.events) == 1 and "Enter all 4 dice" in ctl.message


def test_undo_inside_a_draft_steps_back_the_draft_first():
    ctl = started()
    run_lines(ctl, ["press bowl2", "press bowl3"])
    ctl.handle(ButtonPressed("undo"))
    assert ctl.active.faces == ["fast", "", "", ""] and len(ctl.session.game.events) == 1
    ctl.handle(ButtonPressed("undo"))
    ctl.handle(ButtonPressed("undo"))
    assert ctl.session.game.events == [] and ctl.session.state.pending.kind == "start_spaces"


def test_bowls_select_dice_for_a_reroll_entered_face_by_face():
    """CR-DICE-2, CR-DICE-4: the dice to reroll are selected (bowl 1-5), then their new faces."""
    ctl = started()
    moves(ctl, ev.RollDice(("normal", "fast", "lane", "attack")))
    run_lines(ctl, ["press bowl2", "press bowl4", "tap reroll", "press bowl1", "press bowl1", "press ok"])
    assert ctl.session.game.events[-1] == ev.Reroll((1, 3), ("normal", "normal"))
    assert ctl.session.state.turn.dice == ["normal", "normal", "lane", "normal"]


def test_bowls_set_the_normal_dice_as_plus_or_minus_one():
    """CR-MOVE-1, CR-AMB-1: each press of a die's bowl turns it +1, then −1, then unused."""
    ctl = started()
    moves(ctl, ev.RollDice(("normal", "normal", "normal", "lane")), ev.KeepDice())
    run_lines(ctl, ["press bowl1", "press bowl2", "press bowl2", "press bowl3", "press bowl3", "press bowl3"])
    assert ctl.active.use == ["+", "-", ""]
    run_line(ctl, "press ok")
    assert ctl.session.game.events[-1] == ev.SetSpeed(1, 1) and ctl.session.state.active().speed == 4


def test_track_events_are_one_press_each():
    """CR-MOVE-3/4/5/8: bowl 1-3 corners 3/5/7, bowl 4 then a chariot's bowl for a collision,
    bowl 5 a caltrop, bowl 6 the finish line, OK the end of the move."""
    ctl = started()
    moves(ctl, ev.RollDice(("lane", "lane", "attack", "attack")), ev.KeepDice())
    run_lines(ctl, ["tap lane:out", "press bowl2", "press bowl4", "tap ended", "press bowl4", "press ok"])
    assert ctl.session.game.events[-4:] == [ev.ChangeLane("out"), ev.EnterCorner(5), ev.Collide("purple", True),
                                            ev.EndMove()]
    assert ctl.session.state.pending.kind == "attack"


# ---------------------------------------------------------------------- bad input

def test_cr_attack_3_javelin_out_of_reach_is_refused_and_nothing_changes():
    ctl = started()
    moves(ctl, ev.RollDice(("attack", "lane", "lane", "lane")), ev.KeepDice(), ev.EndMove())
    assert ctl.session.state.pending.kind == "attack"
    assert not ctl.active.find("javelin:purple").enabled
    unchanged_after(ctl, "press bowl4", rule="CR-ATTACK-3")


def test_cr_move_4_no_more_corners_than_steps():
    ctl = started()
    moves(ctl, ev.RollDice(("lane", "lane", "attack", "attack")), ev.KeepDice())
    run_lines(ctl, ["press bowl1"] * 4)
    assert ctl.session.state.turn.corners == 4
    unchanged_after(ctl, "press bowl1", rule="CR-MOVE-4")


def test_cr_dice_3_no_die_turned_to_fortuna():
    ctl = started()
    moves(ctl, ev.RollDice(("normal", "fast", "lane", "attack")))
    run_lines(ctl, ["tap die:0", "tap turn"])
    assert not ctl.active.find("face:fortuna").enabled
    unchanged_after(ctl, "press bowl5", rule="CR-DICE-3")


def test_cr_var_black_2_a_taken_sheet_is_refused():
    ctl = Controller(None)
    ctl.start_game("chariot_race", ChariotRaceSetup(players=("Ann", "Ben"), board=BOARD, sheets="black"))
    run_line(ctl, "press bowl1")
    assert ctl.session.state.by_colour("green").seat == 0
    unchanged_after(ctl, "press bowl1", rule="CR-VAR-BLACK-2")


def test_cr_var_black_3_a_taken_start_space_is_refused():
    ctl = Controller(None)
    ctl.start_game("chariot_race", ChariotRaceSetup(players=("A", "B", "C", "D"), board=BOARD, sheets="black"))
    run_lines(ctl, ["press bowl1", "press bowl2", "press bowl3", "press bowl4", "tap space:2"])
    assert ctl.session.state.pending.kind == "place_chariot"
    assert not ctl.active.find("space:2").enabled
    unchanged_after(ctl, "press bowl2", rule="CR-VAR-BLACK-3")


def test_cr_setup_2_a_start_space_drawn_twice_is_refused_in_the_draft():
    ctl = started(spaces=())
    run_line(ctl, "press bowl3")
    state = ctl.session.state
    run_line(ctl, "press bowl3")
    assert ctl.message_rule == "CR-SETUP-2" and ctl.session.state is state
    assert ctl.active.spaces == {"green": 3} and not ctl.active.find("space:yellow:3").enabled


def test_cr_repair_1_a_disabled_repair_cannot_be_touched():
    """CR-REPAIR-1: with fate below 3 the repair is shown as impossible and a touch does nothing."""
    ctl = started()
    ctl.session.state.active().fate = 2           # white-box: a poor chariot
    ctl.refresh()
    repair = ctl.active.find("repair")
    assert not repair.enabled and "3 fate" in repair.sub
    state = ctl.session.state
    ctl.handle(Touch(*repair.rect.center))
    assert ctl.session.state is state and len(ctl.session.game.events) == 1


def test_cr_move_6_after_ending_on_a_chariot_only_a_caltrop_or_the_end():
    ctl = started()
    moves(ctl, ev.RollDice(("lane", "lane", "attack", "attack")), ev.KeepDice(), ev.Collide("purple", True))
    on = {w.id for w in ctl.active.widgets() if w.enabled}
    assert "ok" in on and not on & {"corner:3", "corner:5", "corner:7", "hit", "finish", "lane:in", "lane:out"}
    unchanged_after(ctl, "press bowl2", rule="CR-MOVE-6")


# ---------------------------------------------------------------------- the corner warning

def test_cr_move_4_corner_warning_when_the_corners_ahead_would_wreck(surface):
    """CR-MOVE-4, CR-DESTROY-1: speed 8 in the inner lane (limit 3) with three corner spaces
    ahead costs 5 each: 15 > resistance 10, so the warning is red."""
    ctl = started()
    moves(ctl, ev.RollDice(("fast", "fast", "lane", "lane")), ev.KeepDice())
    s = ctl.session.state
    c = s.active()
    assert (c.speed, c.resistance, c.lane) == (8, 10, 0)
    assert wreck_ahead(ctl.session.rules, s, c) == (3, 5, True)
    ctl.draw(surface)
    assert surface.get_at((790, 228))[:3] == WARN_RGB          # the banner above the buttons
    corner = ctl.active.find("corner:3")
    assert corner.sub == "−5 resistance" and corner.fill is None
    c.resistance = 5                              # white-box: one corner space now wrecks it
    ctl.refresh()
    corner = ctl.active.find("corner:3")
    assert corner.sub == "wrecks Green!" and corner.fill == WARN_RGB


def test_no_warning_for_a_corner_taken_at_its_limit():
    ctl = started()
    moves(ctl, ev.RollDice(("normal", "lane", "lane", "attack")), ev.KeepDice(), ev.SetSpeed(0, 1))
    c = ctl.session.state.active()
    assert c.speed == 3 and wreck_ahead(ctl.session.rules, ctl.session.state, c) == (0, 0, False)


def test_corners_entered_are_behind_the_warning():
    """CR-MOVE-4: the warning counts only the corner spaces still ahead in this move."""
    ctl = started()
    moves(ctl, ev.RollDice(("normal", "normal", "fast", "lane")), ev.KeepDice(), ev.SetSpeed(2, 0),
          ev.ChangeLane("out"))
    s = ctl.session.state
    assert (s.active().speed, s.active().resistance, s.active().lane) == (8, 11, 1)
    assert wreck_ahead(ctl.session.rules, s, s.active()) == (5, 3, False)
    moves(ctl, ev.EnterCorner(5), ev.EnterCorner(5), ev.EnterCorner(5))
    s = ctl.session.state
    assert s.active().resistance == 2 and wreck_ahead(ctl.session.rules, s, s.active()) == (0, 0, False)


def test_the_speed_preview_warns_before_the_speed_is_set(surface):
    """CR-MOVE-1: the previewed speed (+1, +1 and a fast die: 8) is checked against the corner
    ahead before OK; the dashboard shows the resistance the fast die costs."""
    ctl = started()
    moves(ctl, ev.RollDice(("normal", "normal", "fast", "lane")), ev.KeepDice())
    run_lines(ctl, ["press bowl1", "press bowl2"])
    assert ctl.active.find("ok").label == "Race at speed 8"
    ctl.draw(surface)
    assert surface.get_at((790, 365))[:3] == WARN_RGB          # the banner above OK
    assert len(ctl.session.game.events) == 3


# ---------------------------------------------------------------------- setup, tags, end, resume

def test_new_game_form_starts_a_journaled_race(tmp_path):
    ctl = Controller(Journal(tmp_path / "j.db"))
    run_lines(ctl, ["tap new:chariot_race", "tap count:3", "tap colour:1", "tap up:2", "tap name:0", "tap key:Z",
                    "tap key:O", "tap ok", "tap track:B", "tap nodamage", "tap dice:companion", "tap ok"])
    s = ctl.session.setup
    # with all six colours driven a tap swaps colours (yellow <-> blue); seat 3 moved up with its chariots
    assert s.players == ("Player 1zo", "Player 3", "Player 2")
    assert s.chariots == (("green", 0), ("blue", 0), ("red", 1), ("black", 1), ("yellow", 2), ("purple", 2))
    assert (s.sheets, s.track, s.no_damage_after_finish) == ("white", "B", True)
    assert ctl.session.state.pending.kind == "start_spaces" and dice_mode(ctl.session) == "companion"
    assert ctl.journal.unfinished() == ctl.session.game_id


def test_new_game_form_black_sheets_are_picked_at_the_table():
    ctl = Controller(None)
    run_lines(ctl, ["tap new:chariot_race", "tap sheets:black", "tap count:6", "tap ok"])
    s = ctl.session.setup
    assert s.sheets == "black" and s.chariots == () and len(s.players) == 6
    assert ctl.session.state.pending.kind == "pick_sheet" and type(ctl.active).__name__ == "PickSheetScreen"


class Tags:
    def __init__(self, things: dict[str, TagThing]) -> None:
        self.things = things

    def lookup(self, uid: str) -> TagThing | None:
        return self.things.get(uid)


def test_tags_name_chariots_and_start_spaces():
    """A start token's tag enters the space drawn; a chariot's tag confirms whose turn it is
    and names the javelin's target (refused out of reach, CR-ATTACK-3)."""
    tags = Tags({"01": TagThing("chariot_race", "start", "4"), "02": TagThing("chariot_race", "chariot", "green"),
                 "03": TagThing("chariot_race", "chariot", "purple")})
    ctl = Controller(None, tags=tags)
    ctl.start_game("chariot_race", setup())
    ctl.handle(TagRead("01"))
    assert ctl.active.spaces == {"green": 4}
    run_lines(ctl, ["press bowl1", "press bowl2", "press bowl3", "press ok"])
    assert ctl.session.state.active().colour == "yellow"
    ctl.handle(TagRead("02"))
    assert ctl.message == "It is Yellow (Ann)'s turn." and ctl.message_level == "bad"
    moves(ctl, ev.RollDice(("attack", "lane", "lane", "lane")), ev.KeepDice(), ev.EndMove())
    state = ctl.session.state
    ctl.handle(TagRead("03"))
    assert ctl.message_rule == "CR-ATTACK-3" and ctl.session.state is state


def test_tag_kinds_for_the_enrolment_menu():
    kinds = tag_kinds("chariot_race")
    assert [v for v, _label in kinds["chariot"]] == list(BOARD["colours"]["names"])
    assert [v for v, _label in kinds["start"]] == ["1", "2", "3", "4", "5", "6"]


def test_cr_end_3_podium_and_new_race():
    ctl = started()
    s = ctl.session.state
    s.turn, s.pending, s.winner = None, Pending("race_over"), 2          # white-box: blue won
    s.chariots[2].crossings = 2
    ctl.refresh()
    assert type(ctl.active).__name__ == "PodiumScreen"
    assert ctl.active.standing()[0].colour == "blue"
    run_line(ctl, "tap new")
    assert ctl.session is None and type(ctl.active).__name__ == "HomeScreen"


def test_a_resumed_race_keeps_who_rolls_the_dice(tmp_path):
    journal = Journal(tmp_path / "j.db")
    ctl = Controller(journal)
    ctl.start_game("chariot_race", setup(dice="companion"))
    moves(ctl, ev.DrawStartSpaces((1, 2, 3, 4)), ev.RollDice(), ev.KeepDice())
    again = Controller(Journal(tmp_path / "j.db"))
    assert again.session.state == ctl.session.state and dice_mode(again.session) == "companion"


# ---------------------------------------------------------------------- corrections (CR-CORR)

def test_cr_corr_1_the_menu_opens_the_correct_screen_and_a_second_reading_is_a_move():
    """Menu → Correct a chariot: chariot, item, value, Correct; the news says what changed,
    undo takes it back (CR-CORR-1)."""
    ctl = started()
    run_lines(ctl, ["hold undo", "tap game:correct"])
    assert type(ctl.active).__name__ == "CorrectScreen" and ctl.active.colour == "green"
    run_lines(ctl, ["tap chariot:blue", "tap item:fate", "tap plus", "tap ok"])
    assert ctl.session.game.events[-1] == ev.CorrectChariot("blue", "fate", 4)
    assert not ctl.overlays and type(ctl.active).__name__ == "RollScreen"
    assert ctl.session.state.by_colour("blue").fate == 4 and ctl.session.state.news
    ctl.handle(ButtonPressed("undo"))
    assert ctl.session.state.by_colour("blue").fate == 3


def test_cr_corr_2_a_value_the_sheet_cannot_show_is_greyed_out_with_the_reason():
    ctl = started()
    run_lines(ctl, ["hold undo", "tap game:correct", "tap item:resistance", "tap plus"])
    assert not ctl.active.find("ok").enabled and "resistance 13" in ctl.active.correction_refused()
    run_lines(ctl, ["tap item:lane"] + ["tap minus"] * 1)
    assert ctl.active.value == -1 and not ctl.active.find("ok").enabled


def test_cr_amb_1_with_the_option_every_normal_die_is_used_and_ok_is_always_possible():
    """CR-AMB-1 (option: every normal die must be used): a tap turns a ±1 die between +1 and
    −1, never "unused", so OK is never greyed out nor refused; without the option "unused"
    is a choice too."""
    ctl = started(normal_dice_must_be_used=True)
    moves(ctl, ev.RollDice(("normal", "normal", "lane", "lane")), ev.KeepDice())
    assert type(ctl.active).__name__ == "SpeedScreen" and ctl.active.use == ["+", "+"]
    seen = set()
    for _ in range(4):
        run_line(ctl, "tap normal:0")
        seen.add(ctl.active.use[0])
        assert ctl.active.find("ok").enabled
    assert seen == {"+", "-"}
    run_line(ctl, "tap ok")
    assert ctl.session.game.events[-1] == ev.SetSpeed(2, 0)
    ctl = started()
    moves(ctl, ev.RollDice(("normal", "normal", "lane", "lane")), ev.KeepDice())
    run_lines(ctl, ["tap normal:0", "tap normal:0", "tap normal:0"])
    assert ctl.active.use == ["", ""] and ctl.active.find("ok").enabled
