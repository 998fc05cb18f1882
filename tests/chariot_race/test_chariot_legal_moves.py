"""``moves.legal_moves``: the deterministic list of what the rules allow at each point, and
``moves.choice_key``, which normalises the parameters the table fills in freely.

Seeded random races (2..6 players, white and black sheets, track sides A and B, both
options) check at every step that the list is non-empty until the race is over, stable,
leaves the state alone and holds only moves the rules accept, and that the random player's
move is one of the listed choices; a brute-force sweep checks that nothing the rules accept
is missing; hand-made positions check specific entries."""

import copy
import random
from itertools import combinations, permutations

import pytest

from chariot_helpers import BOARD, NAMES, at, do, put, race, white_chariots
from firmware_host.engine.chariot_race import ChariotRaceRules, ChariotRaceSetup
from firmware_host.engine.chariot_race import events as ev
from firmware_host.engine.chariot_race.board import FACES
from firmware_host.engine.chariot_race.moves import choice_key, legal_moves, table_faces
from firmware_host.engine.chariot_race.play import random_event
from firmware_host.engine.core import Game, RuleError, copy_state


def seeded_rules(k: int) -> ChariotRaceRules:
    """Race ``k`` of the sweep: every player count, sheet side, track side and option turns up."""
    players = 2 + k % 5
    sheets = ("white", "black")[k % 2]
    return ChariotRaceRules(ChariotRaceSetup(
        players=NAMES[:players], board=BOARD,
        chariots=white_chariots(players) if sheets == "white" else (), sheets=sheets,
        track="AB"[k // 2 % 2], no_damage_after_finish=k % 3 == 0, normal_dice_must_be_used=k % 4 == 1,
        seed=k))


def accepted(rules, state, event) -> bool:
    try:
        rules.apply(copy_state(state), event)
    except RuleError:
        return False
    return True


def keys(rules, state, moves) -> set:
    return {choice_key(rules, state, m) for m in moves}


# ----------------------------------------------------------------- seeded random races

@pytest.mark.parametrize("k", range(10))
def test_every_step_of_a_random_race(k):
    """At every step: non-empty unless over (CR-END-1: then empty), the same list twice,
    the state untouched, every listed move accepted on a copy, no duplicates, at most 300
    moves, and the random player's move is a listed choice once its free parameters
    (table faces, table draw, reroll order) are normalised."""
    rules = seeded_rules(k)
    rng = random.Random(7000 + k)
    game = Game(rules)
    seen = set()
    while True:
        s = game.state
        before = copy.deepcopy(s)
        moves = legal_moves(rules, s)
        assert s == before and s is not before
        assert legal_moves(rules, s) == moves
        assert s == before
        seen.add(s.pending.kind)
        if s.over:
            assert moves == []
            break
        assert moves, f"race {k}: nothing legal for {s.pending}"
        assert len(moves) <= 300 and len(set(moves)) == len(moves)
        for m in moves:
            assert accepted(rules, s, m), f"race {k}, event {len(game.events)}: {m} refused"
        assert s == before
        chosen = random_event(game, rng)
        assert choice_key(rules, s, chosen) in keys(rules, s, moves), f"{chosen} not among {moves}"
        game.apply(chosen)
        assert len(game.events) < 3000
    setup_kind = "start_spaces" if rules.setup.sheets == "white" else "pick_sheet"
    assert {setup_kind, "roll", "dice", "move", "race_over"} <= seen


def superset(rules, state) -> list[ev.Event]:
    """Every event shape, over a range wider than the rules allow (wrong phase, bad colours,
    bad indices, bad faces, permuted dice), for the completeness sweep."""
    b = rules.board
    n = len(state.chariots)
    colours = list(b.colours) + ["pink"]
    out: list[ev.Event] = [ev.DrawStartSpaces(), ev.DrawStartSpaces(tuple(range(n, 0, -1))),
                           ev.DrawStartSpaces(tuple(range(2, n + 2))), ev.DrawStartSpaces((1,))]
    out += [ev.PickSheet(c) for c in colours]
    out += [ev.ChooseStartSpace(x) for x in range(0, 8)]
    out += [ev.Repair(), ev.RollDice(), *(ev.RollDice(("lane",) * x) for x in range(0, 7))]
    dice = len(state.turn.dice) if state.turn is not None else 5
    for size in range(0, dice + 2):
        for subset in combinations(range(dice + 1), size):
            out += [ev.Reroll(subset), ev.Reroll(subset, ("attack",) * size)]
    out += [ev.Reroll(p, ("fortuna",) * len(p)) for p in permutations(range(dice), min(dice, 3))]
    out += [ev.Reroll((0, 0)), ev.Reroll((0,), ("wheel",))]
    out += [ev.SetDie(d, f) for d in range(-1, dice + 1) for f in (*FACES, "wheel")]
    out.append(ev.KeepDice())
    out += [ev.SetSpeed(u, d) for u in range(-1, 7) for d in range(-1, 7)]
    out += [ev.ChangeLane(d) for d in ("in", "out", "left")]
    out += [ev.EnterCorner(x) for x in range(0, 13)]
    out += [ev.Collide(c, h) for c in colours for h in (False, True)]
    out += [ev.HitCaltrop(), ev.HitRocks(), ev.CrossFinish(), ev.EndMove()]
    out += [ev.DropCaltrop(), *(ev.ThrowJavelin(c) for c in colours), ev.EndTurn()]
    return out


@pytest.mark.parametrize("k", [0, 1, 5, 8])
def test_nothing_the_rules_accept_is_missing(k):
    """Completeness: in every state of a random race, the choices of a wide sweep that the
    rules accept are exactly the listed choices (free parameters normalised by choice_key)."""
    rules = seeded_rules(k)
    rng = random.Random(9000 + k)
    game = Game(rules)
    while not game.state.over:
        s = game.state
        listed = keys(rules, s, legal_moves(rules, s))
        allowed = {choice_key(rules, s, e) for e in superset(rules, s) if accepted(rules, s, e)}
        assert allowed <= listed, f"missing {allowed - listed} at {s.pending}"
        assert listed <= allowed, f"listed but not accepted {listed - allowed} at {s.pending}"
        game.apply(random_event(game, rng))


def test_legal_moves_is_fast():
    """Computed at every step of the golden playthroughs: well under 5 ms a call."""
    import time

    rules = seeded_rules(4)
    rng = random.Random(4)
    game = Game(rules)
    worst = 0.0
    while not game.state.over:
        t0 = time.perf_counter()
        legal_moves(rules, game.state)
        worst = max(worst, time.perf_counter() - t0)
        game.apply(random_event(game, rng))
    assert worst < 0.005


# ----------------------------------------------------------------- hand-made positions

def test_setup_white_draw_and_black_picks():
    """CR-SETUP-2, CR-AMB-12: the companion's draw, then one table draw (1..n in setup order)
    standing for every draw made at the table. CR-VAR-BLACK-2..4: free sheets, free spaces."""
    rules = ChariotRaceRules(ChariotRaceSetup(players=NAMES[:4], board=BOARD, chariots=white_chariots(4)))
    game = Game(rules)
    assert legal_moves(rules, game.state) == [ev.DrawStartSpaces(), ev.DrawStartSpaces((1, 2, 3, 4))]
    assert choice_key(rules, game.state, ev.DrawStartSpaces((6, 2, 5, 1))) == \
        choice_key(rules, game.state, ev.DrawStartSpaces((1, 2, 3, 4)))

    rules = ChariotRaceRules(ChariotRaceSetup(players=NAMES[:2], board=BOARD, sheets="black"))
    game = Game(rules)
    assert legal_moves(rules, game.state) == [ev.PickSheet(c) for c in BOARD["colours"]["names"]]
    do(game, ev.PickSheet("yellow"), ev.PickSheet("red"), ev.PickSheet("green"), ev.PickSheet("blue"))
    assert game.state.pending.kind == "place_chariot"
    assert legal_moves(rules, game.state) == [ev.ChooseStartSpace(n) for n in range(1, 7)]
    game.apply(ev.ChooseStartSpace(3))
    assert ev.ChooseStartSpace(3) not in legal_moves(rules, game.state)
    assert len(legal_moves(rules, game.state)) == 5


def test_roll_repair_once_and_only_with_3_fate():
    """CR-REPAIR-1, CR-EX-D1, CR-AMB-6: repair listed with fate 4 (also at full resistance),
    gone after one repair and with fate 2; the roll: companion, then the representative table
    roll of as many dice as the starting speed gives (CR-SPEED-2)."""
    game = race(4)
    put(game, "green", fate=4, resistance=7, speed=4)
    rules = game.rules
    four = table_faces(rules.board, 4)
    assert four == ("normal", "fast", "lane", "attack")
    assert legal_moves(rules, game.state) == [ev.Repair(), ev.RollDice(), ev.RollDice(four)]
    game.apply(ev.Repair())
    assert legal_moves(rules, game.state) == [ev.RollDice(), ev.RollDice(four)]
    game = race(4)
    put(game, "green", fate=2, resistance=7)
    assert ev.Repair() not in legal_moves(game.rules, game.state)
    game = race(4)
    put(game, "green", fate=3, resistance=12, speed=1)      # speed 1: 5 dice
    assert legal_moves(game.rules, game.state) == [
        ev.Repair(), ev.RollDice(), ev.RollDice(("normal", "fast", "lane", "attack", "fortuna"))]


def test_dice_rerolls_changes_and_keep():
    """CR-DICE-2..4, CR-EX-D2: with fate 5 and 4 dice, 15 sets of dice to reroll (companion
    and table each), 4 dice x 4 faces to set (never Fortuna), keep; once the free reroll is
    gone and fate is below 2, only keep."""
    game = race(4)
    put(game, "green", fate=5)
    game.apply(ev.RollDice(("normal", "fortuna", "lane", "attack")))
    moves = legal_moves(game.rules, game.state)
    rerolls = [m for m in moves if isinstance(m, ev.Reroll)]
    sets = [m for m in moves if isinstance(m, ev.SetDie)]
    assert len(rerolls) == 2 * 15 and len(sets) == 16 and moves[-1] == ev.KeepDice()
    assert rerolls[:2] == [ev.Reroll((0,)), ev.Reroll((0,), ("normal",))]
    assert ev.Reroll((0, 1, 2, 3), ("normal", "fast", "lane", "attack")) in rerolls
    assert not any(m.face == "fortuna" for m in sets)
    key = choice_key(game.rules, game.state, ev.Reroll((3, 1), ("fast", "fast")))
    assert key == choice_key(game.rules, game.state, ev.Reroll((1, 3), table_faces(game.rules.board, 2)))
    assert key in keys(game.rules, game.state, moves)
    put(game, "green", fate=1)
    game.apply(ev.Reroll((0,), ("lane",)))                     # the free one
    assert legal_moves(game.rules, game.state) == [ev.KeepDice()]


def test_speed_normal_dice_up_and_down():
    """CR-MOVE-1, CR-AMB-1: each normal die +1, -1 or unused; with the "must be used" option
    every normal die is +1 or -1."""
    game = race(4)
    do(game, ev.RollDice(("normal", "normal", "lane", "lane")), ev.KeepDice())
    assert legal_moves(game.rules, game.state) == [
        ev.SetSpeed(0, 0), ev.SetSpeed(0, 1), ev.SetSpeed(0, 2), ev.SetSpeed(1, 0), ev.SetSpeed(1, 1),
        ev.SetSpeed(2, 0)]
    game = race(4, normal_dice_must_be_used=True)
    do(game, ev.RollDice(("normal", "normal", "lane", "lane")), ev.KeepDice())
    assert legal_moves(game.rules, game.state) == [ev.SetSpeed(0, 2), ev.SetSpeed(1, 1), ev.SetSpeed(2, 0)]


def test_move_track_events():
    """CR-MOVE-3: a lane die in the inner lane allows only "out"; CR-MOVE-4: every printed
    corner limit; CR-MOVE-5/-6: every other chariot, in passing or at the end; CR-MOVE-7 only
    with a caltrop on the track; CR-VAR-TRACKB rocks only on side B; after ending on a
    chariot (CR-MOVE-6) only a caltrop behind and the end of the move remain."""
    game = race(2, track="B")                                  # green, yellow, blue, purple
    put(game, "green", lane=0)
    put(game, "purple", wrecked=True, resistance=0)
    do(game, ev.RollDice(("lane", "lane", "attack", "attack")), ev.KeepDice())
    assert legal_moves(game.rules, game.state) == [
        ev.ChangeLane("out"), ev.CrossFinish(), ev.EnterCorner(3), ev.EnterCorner(5), ev.EnterCorner(7),
        ev.Collide("yellow"), ev.Collide("yellow", True), ev.Collide("blue"), ev.Collide("blue", True),
        ev.HitRocks(), ev.EndMove()]
    game.state.on_track = 1
    game.apply(ev.Collide("blue", ended_here=True))
    assert legal_moves(game.rules, game.state) == [ev.HitCaltrop(), ev.EndMove()]


def test_attack_javelins_caltrops_end():
    """CR-ATTACK-3: javelins at chariots 1-2 spaces away, nearest first; CR-ATTACK-2: no
    caltrop after a 1-space move (no space passed); CR-VAR-NODMG: a finished chariot whose
    turn is over cannot be targeted."""
    game = race(4, no_damage_after_finish=True)
    put(game, "green", lane=1, pos=10, speed=1)
    put(game, "yellow", lane=1, pos=12)
    put(game, "blue", lane=2, pos=14)               # 3 spaces away
    put(game, "purple", lane=0, pos=11, crossings=2)
    do(game, ev.RollDice(("attack",) * 5), ev.KeepDice(), ev.EndMove())
    assert at(game, "green").pos == 11
    assert legal_moves(game.rules, game.state) == [ev.ThrowJavelin("yellow"), ev.EndTurn()]
    game = race(4)
    put(game, "green", lane=1, pos=10, speed=3)
    do(game, ev.RollDice(("attack", "lane", "lane", "lane")), ev.KeepDice(), ev.EndMove())
    assert legal_moves(game.rules, game.state) == [ev.DropCaltrop(), ev.EndTurn()]


def test_race_over_lists_nothing():
    """CR-END-1: once the race is over nothing is legal."""
    rules = seeded_rules(2)
    rng = random.Random(2)
    game = Game(rules)
    while not game.state.over:
        game.apply(random_event(game, rng))
    assert legal_moves(rules, game.state) == []
