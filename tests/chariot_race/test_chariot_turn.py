"""Phases 1-4 and the speed part of phase 5: repair, starting speed, dice, Fortuna, speed."""

import copy

from chariot_helpers import BOARD, at, do, put, race, refused, setup
from firmware_host.engine.chariot_race import ChariotRaceRules
from firmware_host.engine.chariot_race import events as ev
from firmware_host.engine.core import Game


def dice_phase(game, *faces):
    """Roll exactly ``faces`` for the active chariot."""
    game.apply(ev.RollDice(tuple(faces)))


# ----------------------------------------------------------------- the turn (CR-TURN)

def test_cr_turn_1_the_six_phases_come_in_order():
    """CR-TURN-1: repair, starting speed, dice, Fortuna, move, attack, in that order; a move
    out of its phase is refused with the phase's rule."""
    game = race(4)
    assert game.state.pending.kind == "roll"
    refused(game, ev.KeepDice(), "CR-DICE-3")
    refused(game, ev.SetSpeed(1, 0), "CR-MOVE-1")
    refused(game, ev.EndMove(), "CR-MOVE-2")
    refused(game, ev.ThrowJavelin("yellow"), "CR-ATTACK-1")
    dice_phase(game, "normal", "attack", "lane", "fortuna")
    assert game.state.pending.kind == "dice"
    refused(game, ev.Repair(), "CR-REPAIR-1")
    refused(game, ev.RollDice(), "CR-DICE-1")
    game.apply(ev.KeepDice())
    assert game.state.pending.kind == "speed"
    game.apply(ev.SetSpeed(1, 0))
    assert game.state.pending.kind == "move"
    refused(game, ev.ThrowJavelin("yellow"), "CR-ATTACK-1")
    refused(game, ev.DropCaltrop(), "CR-ATTACK-1")
    game.apply(ev.EndMove())
    assert game.state.pending.kind == "attack"
    refused(game, ev.ChangeLane("out"), "CR-MOVE-2")
    game.apply(ev.EndTurn())
    assert game.state.pending.chariot == "yellow"


# ----------------------------------------------------------------- phase 1 (CR-REPAIR)

def test_cr_repair_1_and_cr_ex_d1_exactly_3_fate_for_3_resistance_once_a_turn():
    """CR-REPAIR-1, CR-EX-D1: fate 4, resistance 7 → repair → fate 1, resistance 10; a second
    repair in the same turn is illegal; with fate 2 no repair."""
    game = race(4)
    put(game, "green", fate=4, resistance=7, speed=4)
    game.apply(ev.Repair())
    assert (at(game, "green").fate, at(game, "green").resistance) == (1, 10)
    put(game, "green", fate=5)
    err = refused(game, ev.Repair(), "CR-REPAIR-1")
    assert "already repaired" in str(err)
    game = race(4)
    put(game, "green", fate=2, resistance=7)
    assert "costs 3 fate" in str(refused(game, ev.Repair(), "CR-REPAIR-1"))


def test_cr_amb_6_repair_near_the_cap_is_allowed_and_the_excess_lost():
    """CR-AMB-6 (and CR-SHEET-4): a repair at resistance 11 gives 12, still costs 3 fate."""
    game = race(4)
    put(game, "green", fate=3, resistance=11)
    game.apply(ev.Repair())
    assert (at(game, "green").fate, at(game, "green").resistance) == (0, 12)


# ----------------------------------------------------------------- phase 2 (CR-SPEED)

def test_cr_speed_1_starting_speed_drops_to_resistance():
    """CR-SPEED-1: speed 9 with resistance 6 starts at 6; speed below resistance stays."""
    game = race(4)
    put(game, "green", speed=9, resistance=6)
    assert game.rules.starting_speed(game.state, "green") == 6
    dice_phase(game, "lane", "lane", "lane", "lane")           # 4 dice at speed 6
    assert at(game, "green").speed == 6 and game.state.turn.start_speed == 6
    game = race(4)
    put(game, "green", speed=5, resistance=9)
    assert game.rules.starting_speed(game.state, "green") == 5


def test_cr_speed_2_the_dice_follow_the_starting_speed_after_repair():
    """CR-SPEED-2: speed 8, resistance 5: a repair (resistance 8) keeps speed 8, so 3 dice
    (8 → 3 in the data's column); without the repair it would be 5 → 4 dice."""
    game = race(4)
    put(game, "green", speed=8, resistance=5, fate=3)
    assert game.rules.dice_to_roll(game.state, "green") == 4
    game.apply(ev.Repair())
    assert game.rules.dice_to_roll(game.state, "green") == 3
    refused(game, ev.RollDice(("lane",) * 4), "CR-DICE-1")
    dice_phase(game, "lane", "lane", "lane")
    assert game.state.turn.start_speed == 8


def test_cr_sheet_2_higher_speed_never_gives_more_dice():
    """CR-SHEET-2: higher speed, less control: the dice column never rises with speed."""
    rules = ChariotRaceRules(setup(4))
    dice = [rules.board.white.dice(v) for v in range(1, 13)]
    assert dice == sorted(dice, reverse=True) and dice[0] == 5 and dice[-1] == 1


def test_cr_amb_3_and_cr_nis_2_the_dice_column_is_data():
    """CR-AMB-3, CR-NIS-2: the speed→dice table is read from the data, not the code."""
    board = copy.deepcopy(BOARD)
    board["white"]["dice_by_speed"] = [5, 5, 5, 2, 2, 2, 2, 2, 2, 1, 1, 1]
    game = Game(ChariotRaceRules(setup(4, board)))
    game.apply(ev.DrawStartSpaces((1, 2, 3, 4)))
    assert game.rules.dice_to_roll(game.state, "green") == 2
    dice_phase(game, "lane", "lane")


def test_cr_ex_3_and_cr_var_black_6_green_yellow_purple_round_up_on_the_black_side():
    """CR-EX-3, CR-VAR-BLACK-6: black green, speed 11, resistance 8 → 10 (not 9); a black
    chariot without the exception takes the lower number (9); white gives 8."""
    game = Game(ChariotRaceRules(setup(4, sheets="black")))
    for colour in ("green", "blue", "yellow", "red"):
        game.apply(ev.PickSheet(colour))
    for space in (4, 3, 2, 1):
        game.apply(ev.ChooseStartSpace(space))
    for colour in ("green", "blue", "yellow"):
        put(game, colour, speed=11, resistance=8)
    assert game.rules.starting_speed(game.state, "green") == 10
    assert game.rules.starting_speed(game.state, "yellow") == 10
    assert game.rules.starting_speed(game.state, "blue") == 9
    assert game.state.pending.chariot == "green"
    dice_phase(game, "lane", "lane")                            # speed 10 rolls 2 dice
    assert at(game, "green").speed == 10


def test_cr_ex_3_white_side_gives_the_resistance():
    """CR-EX-3 (derived): the same state on a white sheet starts at speed 8."""
    game = race(4)
    put(game, "green", speed=11, resistance=8)
    assert game.rules.starting_speed(game.state, "green") == 8


def test_cr_sheet_5_damage_while_moving_does_not_slow_the_chariot_this_turn():
    """CR-SHEET-5: speed is capped by resistance only at the start of a turn."""
    game = race(4)
    put(game, "green", speed=4, resistance=6)
    do(game, ev.RollDice(("normal", "normal", "fast", "lane")), ev.KeepDice(), ev.SetSpeed(2, 0))
    assert (at(game, "green").speed, at(game, "green").resistance) == (8, 5)
    game.apply(ev.EnterCorner(3))                               # 8 - 3 = 5: resistance 5 → 0
    assert at(game, "green").wrecked
    game = race(4)
    put(game, "green", speed=4, resistance=9)
    do(game, ev.RollDice(("normal", "normal", "fast", "lane")), ev.KeepDice(), ev.SetSpeed(2, 0),
       ev.EnterCorner(3))
    assert (at(game, "green").speed, at(game, "green").resistance) == (8, 3)


# ----------------------------------------------------------------- phase 3 (CR-DICE)

def test_cr_dice_1_roll_the_dice_the_speed_gives():
    """CR-DICE-1 (and CR-FACE): one face per die, faces of the dice only."""
    game = race(4)
    refused(game, ev.RollDice(("lane",) * 3), "CR-DICE-1")
    refused(game, ev.RollDice(("lane",) * 5), "CR-DICE-1")
    refused(game, ev.RollDice(("lane", "lane", "lane", "skull")), "CR-FACE")
    dice_phase(game, "normal", "fast", "lane", "attack")
    assert game.state.turn.dice == ["normal", "fast", "lane", "attack"]


def test_cr_dice_1_the_companion_rolls_from_the_journaled_seed():
    """CR-DICE-1: a roll by the companion replays identically, and undoing it cannot fish
    for a better roll (the same roll comes again)."""
    game = race(4, seed=99)
    game.apply(ev.RollDice())
    first = list(game.state.turn.dice)
    assert len(first) == 4 and set(first) <= set(BOARD["dice"]["faces"])
    assert Game(game.rules, game.events).state == game.state
    game.undo()
    game.apply(ev.RollDice())
    assert game.state.turn.dice == first


def test_cr_nis_3_companion_rolls_use_the_faces_in_the_data():
    """CR-NIS-3: the face distribution of a die is data."""
    board = copy.deepcopy(BOARD)
    board["dice"]["faces"] = ["fortuna"] * 6
    game = Game(ChariotRaceRules(setup(4, board, seed=3)))
    game.apply(ev.DrawStartSpaces((1, 2, 3, 4)))
    game.apply(ev.RollDice())
    assert game.state.turn.dice == ["fortuna"] * 4


def test_cr_dice_2_one_free_reroll_then_each_costs_2_fate():
    """CR-DICE-2, CR-DICE-3a: the first reroll of any dice is free, the next costs 2 fate."""
    game = race(4)
    dice_phase(game, "normal", "fast", "lane", "attack")
    game.apply(ev.Reroll((1, 3), ("normal", "fortuna")))
    assert game.state.turn.dice == ["normal", "normal", "lane", "fortuna"]
    assert at(game, "green").fate == 3
    game.apply(ev.Reroll((0,), ("attack",)))
    assert at(game, "green").fate == 1
    assert "costs 2 fate" in str(refused(game, ev.Reroll((0,), ("lane",)), "CR-DICE-3"))


def test_cr_dice_3_and_cr_ex_d2_paid_changes_while_fate_lasts_never_to_fortuna():
    """CR-DICE-3, CR-EX-D2: fate 5; after the free reroll, pay 2 to set a die to LANE (3),
    pay 2 to reroll 3 dice (1); nothing more; no die is ever set to Fortuna."""
    game = race(4)
    put(game, "green", fate=5)
    dice_phase(game, "normal", "fast", "attack", "attack")
    game.apply(ev.Reroll((2, 3), ("normal", "fortuna")))
    refused(game, ev.SetDie(0, "fortuna"), "CR-DICE-3")
    game.apply(ev.SetDie(1, "lane"))
    assert at(game, "green").fate == 3
    game.apply(ev.Reroll((0, 1, 2), ("fast", "fast", "attack")))
    assert at(game, "green").fate == 1
    assert game.state.turn.dice == ["fast", "fast", "attack", "fortuna"]
    refused(game, ev.SetDie(0, "lane"), "CR-DICE-3")
    refused(game, ev.Reroll((0,)), "CR-DICE-3")
    refused(game, ev.SetDie(0, "wings"), "CR-FACE")


def test_cr_dice_3_a_paid_change_ends_the_free_reroll():
    """CR-DICE-2/3: the free reroll comes first ("after that" the paid ones), so once a die
    was bought the next reroll costs 2."""
    game = race(4)
    put(game, "green", fate=4)
    dice_phase(game, "normal", "fast", "attack", "attack")
    do(game, ev.SetDie(3, "lane"), ev.Reroll((2,), ("normal",)))
    assert at(game, "green").fate == 0


def test_cr_dice_4_the_dice_affected_are_named():
    """CR-DICE-4: rerolls and changes name their dice (each once, out of those rolled); the
    dice set aside keep their faces."""
    game = race(4)
    dice_phase(game, "normal", "fast", "lane", "attack")
    refused(game, ev.Reroll(()), "CR-DICE-4")
    refused(game, ev.Reroll((1, 1), ("lane", "lane")), "CR-DICE-4")
    refused(game, ev.Reroll((4,), ("lane",)), "CR-DICE-4")
    refused(game, ev.Reroll((0, 1), ("lane",)), "CR-DICE-4")
    refused(game, ev.SetDie(7, "lane"), "CR-DICE-4")
    game.apply(ev.Reroll((2,)))
    assert game.state.turn.dice[:2] == ["normal", "fast"] and game.state.turn.dice[3] == "attack"


# ----------------------------------------------------------------- phase 4 (CR-FATE)

def test_cr_fate_1_and_cr_ex_d3_fortuna_gives_fate_up_to_6():
    """CR-FATE-1, CR-EX-D3 (and CR-SHEET-3/4): fate 5 and 3 Fortuna dice → 6."""
    game = race(4)
    put(game, "green", fate=5)
    do(game, ev.RollDice(("fortuna", "fortuna", "fortuna", "lane")), ev.KeepDice())
    assert at(game, "green").fate == 6
    game = race(4)
    put(game, "green", fate=0)
    do(game, ev.RollDice(("fortuna", "normal", "fortuna", "lane")), ev.KeepDice())
    assert at(game, "green").fate == 2


# ----------------------------------------------------------------- phase 5: speed (CR-MOVE-1)

def test_cr_move_1_normal_dice_plus_or_minus_fast_dice_plus_2_and_damage():
    """CR-MOVE-1 (and CR-FACE): each normal die +1 or -1 by choice, each fast die +2 and -1
    resistance; the dice are netted, then the clips move once."""
    game = race(4)
    do(game, ev.RollDice(("normal", "normal", "fast", "fast")), ev.KeepDice())
    refused(game, ev.SetSpeed(2, 1), "CR-MOVE-1")
    refused(game, ev.SetSpeed(-1, 0), "CR-MOVE-1")
    game.apply(ev.SetSpeed(0, 2))
    g = at(game, "green")
    assert (g.speed, g.resistance) == (4 - 2 + 4, 10)
    assert game.state.pending.kind == "move"


def test_cr_move_1_without_normal_dice_the_speed_sets_itself():
    """CR-MOVE-1: with no normal die there is nothing to choose; fast dice apply at once."""
    game = race(4)
    do(game, ev.RollDice(("fast", "lane", "attack", "fortuna")), ev.KeepDice())
    g = at(game, "green")
    assert game.state.pending.kind == "move" and (g.speed, g.resistance) == (6, 11)


def test_cr_ex_2_and_cr_sheet_4_speed_caps_at_12_but_the_fast_die_still_costs():
    """CR-EX-2, CR-SHEET-4: speed 11 before the dice and one FAST die → 12, and -1 resistance."""
    game = race(4)
    put(game, "green", speed=11, resistance=12)
    do(game, ev.RollDice(("fast",)), ev.KeepDice())
    g = at(game, "green")
    assert (g.speed, g.resistance) == (12, 11)


def test_cr_amb_1_a_normal_die_may_stay_unused_unless_the_table_chose_otherwise():
    """CR-AMB-1: by default a normal die may be left unused; the option makes every normal
    die count as +1 or -1."""
    game = race(4)
    do(game, ev.RollDice(("normal", "normal", "lane", "lane")), ev.KeepDice(), ev.SetSpeed(1, 0))
    assert at(game, "green").speed == 5
    game = race(4, normal_dice_must_be_used=True)
    do(game, ev.RollDice(("normal", "normal", "lane", "lane")), ev.KeepDice())
    refused(game, ev.SetSpeed(1, 0), "CR-AMB-1")
    game.apply(ev.SetSpeed(1, 1))
    assert at(game, "green").speed == 4


def test_cr_amb_11_speed_never_falls_below_1():
    """CR-AMB-11: minimum speed 1."""
    game = race(4)
    put(game, "green", speed=1)
    do(game, ev.RollDice(("normal", "normal", "lane", "lane", "lane")), ev.KeepDice(), ev.SetSpeed(0, 2))
    assert at(game, "green").speed == 1


def test_cr_nis_4_caps_are_data():
    """CR-NIS-4: the printed ranges of the tracks (caps) come from the data."""
    board = copy.deepcopy(BOARD)
    board["caps"]["fate"] = 4
    game = Game(ChariotRaceRules(setup(4, board)))
    game.apply(ev.DrawStartSpaces((1, 2, 3, 4)))
    do(game, ev.RollDice(("fortuna",) * 4), ev.KeepDice())
    assert at(game, "green").fate == 4


def test_a_fast_die_can_wreck_before_the_move():
    """CR-MOVE-1 with CR-DESTROY-1: the fast die's damage can wreck the chariot at once."""
    game = race(4)
    put(game, "green", resistance=1, speed=1)
    do(game, ev.RollDice(("fast", "lane", "lane", "lane", "lane")), ev.KeepDice())
    assert at(game, "green").wrecked
    assert game.state.pending.chariot == "yellow"
