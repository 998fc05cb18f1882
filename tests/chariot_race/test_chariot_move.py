"""Phase 5, the move: lanes, corners, collisions, caltrops, rocks, the finish line; the
rulebook's worked example; the corner warning."""

from chariot_helpers import at, do, put, quiet_turn, race, refused
from firmware_host.engine.chariot_race import corner_risk
from firmware_host.engine.chariot_race import events as ev


def moving(game, *faces, up=0, down=0):
    """Roll ``faces`` for the active chariot, keep them and set the speed."""
    do(game, ev.RollDice(tuple(faces)), ev.KeepDice())
    if "normal" in faces:
        game.apply(ev.SetSpeed(up, down))
    assert game.state.pending.kind == "move"


def test_cr_ex_1_caesars_move():
    """CR-EX-1 (the seed's worked example; also CR-MOVE-3, -4, -5, -6, CR-AMB-2, CR-AMB-7,
    CR-DESTROY-2): Caesar (green) starts at speed 6, resistance 11, in the outer lane; his
    dice show 2 NORMAL, 1 FAST, 1 LANE. NORMAL +1 and -1, FAST +2: speed 8, resistance 10.
    Seven steps into the outer corner space (limit 7): -1 → 9. The LANE die takes the 8th
    step into the middle lane's corner space (limit 5): -3 → 6, where Diana (yellow,
    resistance 2) stands: collision -2 → 4; Diana 2 → 0 is wrecked and a caltrop replaces
    her. Caesar ended on an occupied space, so he goes to the first empty space behind Diana
    in the middle lane: behind Alma (blue), with no collision with her."""
    game = race(4)
    caesar = put(game, "green", speed=6, resistance=11, lane=2, pos=10)
    diana = put(game, "yellow", resistance=2, lane=1, pos=18)
    alma = put(game, "blue", resistance=12, lane=1, pos=17)
    put(game, "purple", lane=0, pos=2)
    do(game, ev.RollDice(("normal", "normal", "fast", "lane")), ev.KeepDice(), ev.SetSpeed(1, 1))
    caesar = at(game, "green")
    assert (caesar.speed, caesar.resistance) == (8, 10)
    game.apply(ev.EnterCorner(7))
    assert at(game, "green").resistance == 9
    game.apply(ev.ChangeLane("in"))
    game.apply(ev.EnterCorner(5))
    assert at(game, "green").resistance == 6
    game.apply(ev.Collide("yellow", ended_here=True))
    caesar, diana, alma = at(game, "green"), at(game, "yellow"), at(game, "blue")
    assert caesar.resistance == 4
    assert diana.resistance == 0 and diana.wrecked
    assert (game.state.supply, game.state.on_track) == (19, 1)
    assert (caesar.lane, caesar.pos) == (1, 16)                 # directly behind Alma (17)
    assert alma.resistance == 12 and (alma.lane, alma.pos) == (1, 17)
    game.apply(ev.EndMove())
    caesar = at(game, "green")
    assert (caesar.speed, caesar.resistance, caesar.pos) == (8, 4, 16)
    assert game.state.pending.chariot == "blue"                 # Diana is out of the race
    assert game.rules.starting_speed(game.state, "green") == 4  # next turn, phase 2


def test_cr_move_2_the_chariot_moves_exactly_its_speed():
    """CR-MOVE-2 (and CR-SHEET-2): the move advances the chariot by its speed (the start
    space not counted); no more corner spaces can be entered than steps taken."""
    game = race(4)
    put(game, "green", lane=2, pos=3)
    moving(game, "normal", "lane", "lane", "lane", up=1)
    for _ in range(5):
        game.apply(ev.EnterCorner(7))
    refused(game, ev.EnterCorner(7), "CR-MOVE-4")
    game.apply(ev.EndMove())
    assert at(game, "green").pos == 3 + 5


def test_cr_move_3_one_lane_change_per_lane_die_into_an_adjacent_lane():
    """CR-MOVE-3: a lane die allows one step into an adjacent lane; none without a die, none
    off the track, and each step costs one of the chariot's speed points."""
    game = race(4)                                               # green starts in the inner lane
    moving(game, "lane", "attack", "attack", "attack")
    refused(game, ev.ChangeLane("in"), "CR-MOVE-3")
    refused(game, ev.ChangeLane("sideways"), "CR-MOVE-3")
    game.apply(ev.ChangeLane("out"))
    assert at(game, "green").lane == 1
    assert "no lane die left" in str(refused(game, ev.ChangeLane("out"), "CR-MOVE-3"))
    game = race(4)
    put(game, "green", speed=1)
    moving(game, "lane", "lane", "lane", "lane", "lane")
    game.apply(ev.ChangeLane("out"))
    refused(game, ev.ChangeLane("out"), "CR-MOVE-3")              # speed 1: one step only


def test_cr_move_4_corner_costs_speed_minus_limit():
    """CR-MOVE-4: entering a corner space loses speed − limit resistance (none at or below
    the limit); corners show 3, 5 or 7; the speed is this turn's whole speed."""
    game = race(4)
    put(game, "green", lane=2)
    moving(game, "normal", "fast", "lane", "lane", up=1)          # speed 4 + 1 + 2 = 7
    game.apply(ev.EnterCorner(7))
    assert at(game, "green").resistance == 11                     # only the fast die
    refused(game, ev.EnterCorner(4), "CR-MOVE-4")
    game.apply(ev.EnterCorner(5))
    assert at(game, "green").resistance == 9
    game.apply(ev.EnterCorner(3))
    assert at(game, "green").resistance == 5


def test_cr_move_4_the_corner_number_tells_the_lane():
    """CR-MOVE-4: each lane has its own limit (inner 3, middle 5, outer 7), so a corner
    entered puts the track model's chariot in that lane."""
    game = race(4)
    moving(game, "lane", "lane", "lane", "lane")
    game.apply(ev.EnterCorner(7))
    assert at(game, "green").lane == 2


def test_cr_amb_2_every_corner_space_entered_costs_again():
    """CR-AMB-2: passing through a corner space costs as much as ending on it; each one
    entered counts."""
    game = race(4)
    put(game, "green", lane=1, speed=6)
    moving(game, "lane", "lane", "lane", "lane")
    for _ in range(3):
        game.apply(ev.EnterCorner(5))
    assert at(game, "green").resistance == 12 - 3


def test_cr_move_5_collision_in_passing_costs_both_2_and_the_move_goes_on():
    """CR-MOVE-5: passing through an occupied space: both lose 2, the mover keeps going,
    the chariot hit stays where it is."""
    game = race(4)
    put(game, "yellow", lane=0, pos=3)
    moving(game, "lane", "lane", "lane", "lane")
    game.apply(ev.Collide("yellow"))
    assert (at(game, "green").resistance, at(game, "yellow").resistance) == (10, 10)
    assert game.state.pending.kind == "move" and at(game, "yellow").pos == 3
    refused(game, ev.Collide("green"), "CR-MOVE-5")
    refused(game, ev.Collide("orange"), "CR-MOVE-5")
    game.apply(ev.EndMove())
    assert at(game, "green").pos == 1 + 4


def test_cr_amb_8_each_occupied_space_is_its_own_collision():
    """CR-AMB-8: passing through two occupied spaces is two collisions."""
    game = race(4)
    moving(game, "lane", "lane", "lane", "lane")
    do(game, ev.Collide("yellow"), ev.Collide("blue"))
    assert [at(game, c).resistance for c in ("green", "yellow", "blue")] == [8, 10, 10]


def test_cr_amb_7_a_lane_change_into_an_occupied_space_is_a_collision():
    """CR-AMB-7: a sideways step into a chariot's space collides like a forward one."""
    game = race(4)
    moving(game, "lane", "lane", "lane", "lane")
    do(game, ev.ChangeLane("out"), ev.Collide("yellow"))
    assert (at(game, "green").resistance, at(game, "yellow").resistance) == (10, 10)


def test_cr_move_6_ending_on_a_chariot_puts_the_mover_behind_it():
    """CR-MOVE-6: ending in an occupied space: both lose 2, the mover goes to the first empty
    space behind the chariot hit, in its lane; the move is over."""
    game = race(4)
    put(game, "purple", lane=1, pos=9)
    put(game, "yellow", lane=1, pos=8)
    put(game, "blue", lane=2, pos=7)
    moving(game, "lane", "lane", "lane", "lane")
    game.apply(ev.Collide("purple", ended_here=True))
    green = at(game, "green")
    assert (green.lane, green.pos, green.resistance) == (1, 7, 10)   # behind yellow; blue is in lane 2
    assert at(game, "yellow").resistance == 12 and at(game, "purple").resistance == 10
    refused(game, ev.ChangeLane("out"), "CR-MOVE-6")
    refused(game, ev.EnterCorner(5), "CR-MOVE-6")
    refused(game, ev.Collide("yellow"), "CR-MOVE-6")
    refused(game, ev.CrossFinish(), "CR-MOVE-6")
    game.apply(ev.EndMove())
    assert at(game, "green").pos == 7                                 # placed, not moved on


def test_cr_amb_4_a_caltrop_behind_counts_as_empty_and_bites():
    """CR-AMB-4: the space behind may hold a caltrop: the mover is put there and loses 1."""
    game = race(4)
    game.state.supply, game.state.on_track = 19, 1
    put(game, "purple", lane=0, pos=5)
    moving(game, "lane", "lane", "lane", "lane")
    do(game, ev.Collide("purple", ended_here=True), ev.HitCaltrop(), ev.EndMove())
    assert at(game, "green").resistance == 12 - 2 - 1
    assert (game.state.supply, game.state.on_track) == (20, 0)


def test_cr_move_7_caltrops_hurt_everyone_once_and_go_back():
    """CR-MOVE-7 (and CR-EX-D4's second half): passing or ending on a caltrop costs 1
    resistance, the owner's own included; the caltrop returns to the supply."""
    game = race(4)
    do(game, ev.RollDice(("attack", "lane", "lane", "lane")), ev.KeepDice(), ev.EndMove(), ev.DropCaltrop())
    assert (game.state.supply, game.state.on_track) == (19, 1)
    for _ in range(3):
        quiet_turn(game)
    assert game.state.pending.chariot == "green" and game.state.round == 2
    moving(game, "lane", "lane", "lane", "lane")
    game.apply(ev.HitCaltrop())                                     # green's own caltrop
    assert at(game, "green").resistance == 11
    assert (game.state.supply, game.state.on_track) == (20, 0)
    refused(game, ev.HitCaltrop(), "CR-MOVE-7")


def test_cr_move_8_the_lap_counter():
    """CR-MOVE-8 (and CR-SETUP-4): the first crossing turns the counter to one dolphin, the
    second finishes the race; one crossing per move at most."""
    game = race(4)
    moving(game, "lane", "lane", "lane", "lane")
    game.apply(ev.CrossFinish())
    assert at(game, "green").crossings == 1 and not at(game, "green").finished
    refused(game, ev.CrossFinish(), "CR-MOVE-8")
    game.apply(ev.EndMove())
    for _ in range(3):
        quiet_turn(game)
    moving(game, "lane", "lane", "lane", "lane")
    game.apply(ev.CrossFinish())
    assert at(game, "green").finished


def test_cr_move_9_cr_var_trackb_and_cr_amb_13_rock_piles_wreck():
    """CR-MOVE-9, CR-VAR-TRACKB, CR-AMB-13: on side B driving into a rock pile destroys the
    chariot at once (a caltrop marks the wreck); side A has none."""
    game = race(4)
    moving(game, "lane", "lane", "lane", "lane")
    refused(game, ev.HitRocks(), "CR-VAR-TRACKB")
    game = race(4, track="B")
    moving(game, "lane", "lane", "lane", "lane")
    game.apply(ev.HitRocks())
    assert at(game, "green").wrecked and at(game, "green").resistance == 0
    assert game.state.on_track == 1 and game.state.pending.chariot == "yellow"


def test_cr_amb_14_a_chariot_wrecked_in_its_own_move_stops_at_once():
    """CR-AMB-14 (and CR-DESTROY-1): wrecked mid-move, the chariot is removed at once: no
    more steps, no attacks; the next chariot plays."""
    game = race(4)
    put(game, "green", resistance=4, lane=0)
    moving(game, "normal", "normal", "fast", "attack", up=2)       # speed 8, resistance 3
    game.apply(ev.EnterCorner(3))                                   # 8 - 3 = 5 → 0
    assert at(game, "green").wrecked
    assert game.state.pending.kind == "roll" and game.state.pending.chariot == "yellow"
    assert game.state.on_track == 1


def test_corner_risk_warns_when_a_corner_would_wreck():
    """The corner warning (CR-MOVE-4 with CR-DESTROY-1): at speed 8 a corner of 5 costs 3
    and wrecks a chariot with 3 resistance; a corner of 7 costs 1; at or below the limit
    nothing."""
    game = race(4)
    put(game, "green", speed=8, resistance=3)
    assert corner_risk(game.state, "green", 5) == (3, True)
    assert corner_risk(game.state, "green", 7) == (1, False)
    assert corner_risk(game.state, "green", 3).wrecks
    put(game, "green", speed=5)
    assert corner_risk(game.state, "green", 5) == (0, False)


def test_corners_ahead_reads_the_track_model():
    """CR-NIS-1: corner positions are data; the hint lists the corner spaces in reach."""
    game = race(4)
    corners = set(game.rules.board.corner_spaces)
    first = min(corners)
    put(game, "green", lane=1, pos=first - 2, speed=4)
    ahead = game.rules.corners_ahead(game.state, "green")
    assert ahead and ahead[0] == (2, 5)
    assert all(limit == 5 for _, limit in ahead)
