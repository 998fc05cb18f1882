"""Phase 6 (attacks), wrecks, rounds and turn order, the finish and the winner, and the
optional no-damage-after-finishing rule."""

import copy

from chariot_helpers import BOARD, at, do, put, quiet_turn, race, refused
from firmware_host.engine.chariot_race import events as ev


def to_attack(game, *faces):
    """Roll ``faces`` (no normal dice), keep them and move: the attack phase."""
    do(game, ev.RollDice(tuple(faces)), ev.KeepDice(), ev.EndMove())
    assert game.state.pending.kind == "attack"


def about_to_finish(game, colour, pos=None):
    """The chariot has one dolphin left and its next move crosses the line."""
    lap = game.rules.board.spaces_per_lap
    put(game, colour, crossings=1, pos=pos if pos is not None else 2 * lap - 2)


# ----------------------------------------------------------------- attacks (CR-ATTACK)

def test_cr_attack_1_one_attack_per_attack_die_after_the_move_and_optional():
    """CR-ATTACK-1: attacks come after the move, one per ATTACK die, and may be skipped."""
    game = race(4)
    put(game, "yellow", lane=0, pos=6)
    do(game, ev.RollDice(("attack", "attack", "lane", "lane")), ev.KeepDice())
    refused(game, ev.ThrowJavelin("yellow"), "CR-ATTACK-1")
    game.apply(ev.EndMove())
    do(game, ev.ThrowJavelin("yellow"), ev.ThrowJavelin("yellow"))
    assert at(game, "yellow").resistance == 10
    assert game.state.pending.chariot == "yellow"            # both attack dice used: turn over
    to_attack(game, "attack", "lane", "lane", "lane")
    game.apply(ev.EndTurn())
    assert game.state.pending.chariot == "blue"
    do(game, ev.RollDice(("lane",) * 4), ev.KeepDice(), ev.EndMove())
    assert game.state.pending.chariot == "purple"            # no attack die: no attack phase


def test_cr_attack_2_and_cr_ex_d4_caltrops_only_on_spaces_passed():
    """CR-ATTACK-2, CR-EX-D4: moving s0 → s4 passes s1, s2, s3: three caltrops at most (not
    on the start or end space, never two on one space); each comes from the supply."""
    game = race(4)
    to_attack(game, "attack", "attack", "attack", "attack")   # speed 4
    do(game, ev.DropCaltrop(), ev.DropCaltrop(), ev.DropCaltrop())
    assert (game.state.supply, game.state.on_track) == (17, 3)
    refused(game, ev.DropCaltrop(), "CR-ATTACK-2")
    game = race(4)
    put(game, "green", speed=1)
    to_attack(game, "attack", "attack", "attack", "attack", "attack")
    refused(game, ev.DropCaltrop(), "CR-ATTACK-2")            # speed 1 passes no space


def test_cr_nis_6_when_the_caltrops_run_out():
    """CR-NIS-6: with all 20 caltrops on the track no more can be dropped, and a wreck
    leaves none."""
    game = race(4)
    game.state.supply, game.state.on_track = 0, 20
    put(game, "yellow", lane=0, pos=6, resistance=1)
    to_attack(game, "attack", "attack", "lane", "lane")
    refused(game, ev.DropCaltrop(), "CR-NIS-6")
    game.apply(ev.ThrowJavelin("yellow"))
    assert at(game, "yellow").wrecked and (game.state.supply, game.state.on_track) == (0, 20)


def test_cr_attack_3_and_cr_ex_d5_javelins_reach_1_or_2_spaces():
    """CR-ATTACK-3, CR-EX-D5: a target 2 spaces behind with a chariot between is hit (-1);
    3 spaces away is out of reach; the thrower cannot target itself."""
    game = race(4)
    put(game, "green", lane=0, pos=6)                          # ends at 10
    put(game, "yellow", lane=0, pos=8)
    put(game, "blue", lane=0, pos=9)
    put(game, "purple", lane=1, pos=13)
    to_attack(game, "attack", "attack", "lane", "lane")
    assert game.rules.javelin_targets(game.state) == ["blue", "yellow"]
    err = refused(game, ev.ThrowJavelin("purple"), "CR-ATTACK-3")
    assert "3 spaces away" in str(err)
    refused(game, ev.ThrowJavelin("green"), "CR-ATTACK-3")
    game.apply(ev.ThrowJavelin("yellow"))
    assert at(game, "yellow").resistance == 11 and at(game, "blue").resistance == 12


def test_cr_nis_1_javelin_range_is_measured_around_the_lap_and_across_lanes():
    """CR-NIS-1: spaces away = positions apart around the lap or lanes apart, whichever is
    more (track model, data): a chariot a lap behind can be beside the thrower."""
    game = race(4)
    lap = game.rules.board.spaces_per_lap
    put(game, "green", lane=0, pos=6)                          # ends at 10
    put(game, "yellow", lane=2, pos=10)                        # two lanes out, level
    put(game, "blue", lane=1, pos=11 - lap)                    # a lap behind, one ahead on the track
    put(game, "purple", lane=0, pos=14)
    to_attack(game, "attack", "lane", "lane", "lane")
    assert game.rules.javelin_targets(game.state) == ["blue", "yellow"]


# ----------------------------------------------------------------- wrecks (CR-DESTROY)

def test_cr_destroy_1_and_cr_sheet_1_a_wreck_at_0_leaves_a_caltrop():
    """CR-DESTROY-1, CR-SHEET-1: at 0 resistance the chariot is out at once and a caltrop
    takes its space; that caltrop bites like any other."""
    game = race(4)
    put(game, "yellow", lane=0, pos=6, resistance=1)
    to_attack(game, "attack", "lane", "lane", "lane")
    game.apply(ev.ThrowJavelin("yellow"))
    assert at(game, "yellow").wrecked and game.state.on_track == 1
    assert game.state.pending.chariot == "blue"
    do(game, ev.RollDice(("lane",) * 4), ev.KeepDice(), ev.HitCaltrop())
    assert at(game, "blue").resistance == 11


def test_cr_destroy_2_wrecking_the_chariot_ended_on():
    """CR-DESTROY-2: ending on a chariot and wrecking it: the mover goes to the first empty
    space behind it, the wreck is removed and a caltrop replaces it."""
    game = race(4)
    put(game, "yellow", lane=0, pos=5, resistance=2)
    do(game, ev.RollDice(("lane",) * 4), ev.KeepDice(), ev.Collide("yellow", ended_here=True))
    assert at(game, "yellow").wrecked and game.state.on_track == 1
    assert (at(game, "green").lane, at(game, "green").pos, at(game, "green").resistance) == (0, 4, 10)


def test_cr_destroy_3_a_wreck_takes_no_turn_is_no_target_and_cannot_win():
    """CR-DESTROY-3: a destroyed chariot is out of the race."""
    game = race(4)
    put(game, "yellow", resistance=1, lane=0, pos=6)
    to_attack(game, "attack", "lane", "lane", "lane")
    game.apply(ev.ThrowJavelin("yellow"))
    assert game.state.pending.chariot == "blue"                # yellow's turn is skipped
    do(game, ev.RollDice(("lane",) * 4), ev.KeepDice())
    refused(game, ev.Collide("yellow"), "CR-DESTROY-3")
    game.apply(ev.EndMove())
    quiet_turn(game)
    assert game.state.round == 2 and 1 not in game.state.order


# ----------------------------------------------------------------- rounds (CR-ROUND)

def test_cr_round_1_every_chariot_in_the_race_plays_once_a_round():
    """CR-ROUND-1: one turn per chariot still racing; the round ends after the last."""
    game = race(5)
    turns = []
    for _ in range(5):
        turns.append(game.state.pending.chariot)
        quiet_turn(game)
    assert sorted(turns) == sorted(c.colour for c in game.state.chariots)
    assert game.state.round == 2 and game.state.played == []


def test_cr_round_2_and_cr_amb_5_order_by_front_edge_lanes_do_not_matter_ties_inside_first():
    """CR-ROUND-2, CR-AMB-5: from round 2 the chariot furthest ahead plays first whatever its
    lane; a lap ahead is ahead; level chariots go inner lane first."""
    game = race(5)
    for _ in range(5):
        quiet_turn(game)                                       # everyone moved 4
    s = game.state
    assert [s.chariots[i].colour for i in s.order] == ["green", "yellow", "blue", "purple", "red"]
    game = race(4)
    lap = game.rules.board.spaces_per_lap
    put(game, "green", lane=2, pos=3)
    put(game, "yellow", lane=0, pos=3 + lap)                   # a lap ahead
    put(game, "blue", lane=2, pos=8)
    put(game, "purple", lane=1, pos=6)
    assert [game.state.chariots[i].colour for i in game.rules.race_order(game.state)] == \
        ["yellow", "blue", "purple", "green"]


def test_cr_round_3_no_finisher_means_another_round():
    """CR-ROUND-3: after everyone has played, no chariot finished: a new round."""
    game = race(4)
    for _ in range(4):
        quiet_turn(game)
    assert game.state.round == 2 and not game.state.over and game.state.pending.kind == "roll"


# ----------------------------------------------------------------- the end (CR-END)

def test_cr_end_1_and_2_the_round_is_played_out_then_the_race_ends():
    """CR-END-1, CR-END-2: green crosses the finish line a second time in the first turn of
    the round; the others still play; at the end of the round green wins."""
    game = race(4)
    about_to_finish(game, "green")
    do(game, ev.RollDice(("lane",) * 4), ev.KeepDice(), ev.CrossFinish(), ev.EndMove())
    assert not game.state.over and game.state.pending.chariot == "yellow"
    for _ in range(3):
        quiet_turn(game)
    assert game.state.over and game.state.winner == 0
    refused(game, ev.RollDice(), "CR-END-1")
    scores = game.rules.scores(game.state)
    assert [p["vp"] for p in scores] == [1, 0, 0, 0] and scores[0]["chariots"][0]["finished"]


def test_cr_end_3_and_cr_ex_d6_several_finishers_the_furthest_ahead_wins():
    """CR-END-3, CR-EX-D6: green finishes first in the round, purple later and further
    ahead: purple wins."""
    game = race(4)
    about_to_finish(game, "green")
    about_to_finish(game, "purple")
    do(game, ev.RollDice(("lane",) * 4), ev.KeepDice(), ev.CrossFinish(), ev.EndMove())
    quiet_turn(game)
    quiet_turn(game)
    put(game, "purple", speed=6, resistance=12)
    do(game, ev.RollDice(("lane",) * 4), ev.KeepDice(), ev.CrossFinish(), ev.EndMove())
    assert game.state.over and game.state.chariots[game.state.winner].colour == "purple"
    assert game.rules.scores(game.state)[3]["winner"]


def test_cr_amb_5_finishers_level_the_inner_lane_wins():
    """CR-AMB-5: two finishers ending level: the one in the inner lane wins."""
    game = race(4)
    about_to_finish(game, "green", pos=37)
    about_to_finish(game, "yellow", pos=37)
    put(game, "yellow", lane=2)
    put(game, "green", lane=1)
    for _ in range(2):
        do(game, ev.RollDice(("lane",) * 4), ev.KeepDice(), ev.CrossFinish(), ev.EndMove())
    quiet_turn(game)
    quiet_turn(game)
    assert game.state.chariots[game.state.winner].colour == "green"


def test_cr_end_4_a_finisher_can_still_be_wrecked_and_cr_amb_15_the_race_goes_on():
    """CR-END-4: without the optional rule a finished chariot can be knocked out later in
    the round; CR-AMB-15: when it was the only finisher the race continues."""
    game = race(4)
    about_to_finish(game, "green")
    do(game, ev.RollDice(("lane",) * 4), ev.KeepDice(), ev.CrossFinish(), ev.EndMove())
    put(game, "green", resistance=1)
    put(game, "yellow", lane=0, pos=at(game, "green").pos - 2)
    to_attack(game, "attack", "lane", "lane", "lane")
    game.apply(ev.ThrowJavelin("green"))
    assert at(game, "green").wrecked
    quiet_turn(game)
    quiet_turn(game)
    assert not game.state.over and game.state.round == 2 and game.state.winner is None


def test_cr_end_5_nobody_wins_when_every_chariot_is_wrecked():
    """CR-END-5: all chariots destroyed: the race is over with no winner."""
    game = race(4)
    for colour in ("yellow", "blue", "purple"):
        put(game, colour, resistance=0, wrecked=True)
    put(game, "green", resistance=1)                           # speed 1: five dice
    do(game, ev.RollDice(("fast", "lane", "lane", "lane", "lane")), ev.KeepDice())
    assert game.state.over and game.state.winner is None
    assert all(p["vp"] == 0 for p in game.rules.scores(game.state))


def test_cr_end_5_the_last_chariot_standing_must_still_finish():
    """CR-END-5: one chariot left keeps racing until its second crossing."""
    game = race(4)
    for colour in ("yellow", "blue", "purple"):
        put(game, colour, resistance=0, wrecked=True)
    quiet_turn(game)
    assert not game.state.over and game.state.round == 2 and game.state.pending.chariot == "green"
    about_to_finish(game, "green")
    do(game, ev.RollDice(("lane",) * 4), ev.KeepDice(), ev.CrossFinish(), ev.EndMove())
    assert game.state.over and game.state.winner == 0


# ----------------------------------------------------------------- the optional rule (CR-VAR-NODMG)

def test_cr_var_nodmg_and_cr_amb_10_no_damage_after_finishing():
    """CR-VAR-NODMG, CR-AMB-10: with the optional rule a chariot that finished and whose turn
    is over cannot be targeted by javelins and takes no damage from collisions (the
    chariot running into it still does); during its own move it can still be hurt."""
    game = race(4, no_damage_after_finish=True)
    about_to_finish(game, "green")
    do(game, ev.RollDice(("lane",) * 4), ev.KeepDice(), ev.CrossFinish(), ev.Collide("purple"))
    assert at(game, "green").resistance == 10                 # its own turn is not over
    game.apply(ev.EndMove())
    put(game, "yellow", lane=0, pos=at(game, "green").pos - 2)
    do(game, ev.RollDice(("attack", "lane", "lane", "lane")), ev.KeepDice(), ev.Collide("green"))
    assert at(game, "green").resistance == 10 and at(game, "yellow").resistance == 10
    game.apply(ev.EndMove())
    assert "green" not in game.rules.javelin_targets(game.state)
    refused(game, ev.ThrowJavelin("green"), "CR-VAR-NODMG")


def test_without_the_optional_rule_a_finisher_takes_collision_damage():
    """CR-END-4 (default): collisions still hurt a chariot that has finished."""
    game = race(4)
    about_to_finish(game, "green")
    do(game, ev.RollDice(("lane",) * 4), ev.KeepDice(), ev.CrossFinish(), ev.EndMove())
    do(game, ev.RollDice(("lane",) * 4), ev.KeepDice(), ev.Collide("green"))
    assert at(game, "green").resistance == 10


def test_the_track_model_comes_from_the_data():
    """CR-NIS-1: a different start grid in the data puts the chariots elsewhere."""
    board = copy.deepcopy(BOARD)
    board["track"]["start_spaces"] = [[2, 9], [1, 8], [0, 7], [2, 6], [1, 5], [0, 4]]
    game = race(4, board=board)
    assert [(c.lane, c.pos) for c in game.state.chariots] == [(2, 9), (1, 8), (0, 7), (2, 6)]


def test_next_chariot_follows_the_round_then_the_race_order():
    """CR-ROUND-2: the screens show who plays next: this round's order, then (after the
    round's last turn) the chariot furthest ahead."""
    game = race(4)
    assert game.rules.next_chariot(game.state) == "yellow"
    for _ in range(3):
        quiet_turn(game)
    put(game, "blue", pos=30)
    assert game.state.pending.chariot == "purple"
    assert game.rules.next_chariot(game.state) == "blue"


def test_standings_put_the_winner_first_and_wrecks_last():
    """CR-END-3, CR-DESTROY-3: the podium order."""
    game = race(4)
    about_to_finish(game, "purple")
    put(game, "yellow", resistance=0, wrecked=True, pos=30)
    put(game, "blue", pos=12)
    quiet_turn(game)
    quiet_turn(game)
    do(game, ev.RollDice(("lane",) * 4), ev.KeepDice(), ev.CrossFinish(), ev.EndMove())
    assert game.state.over and game.rules.next_chariot(game.state) == ""
    assert game.rules.standings(game.state) == ["purple", "blue", "green", "yellow"]
