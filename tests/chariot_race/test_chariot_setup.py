"""Setup: components, players and chariots, start spaces, the black-side picking procedure."""

import copy

import pytest

from chariot_helpers import BOARD, COLOURS, at, do, race, refused, setup
from firmware_host.engine.chariot_race import ChariotRaceRules, ChariotRaceSetup
from firmware_host.engine.chariot_race import events as ev
from firmware_host.engine.chariot_race.rules import black_setup_order
from firmware_host.engine.chariot_race.state import LAPS
from firmware_host.engine.core import Game


def test_cr_comp_1_two_to_six_players():
    """CR-COMP-1: 2 to 6 players."""
    for n in (2, 3, 4, 5, 6):
        ChariotRaceRules(setup(n))
    for n in (1, 7):
        with pytest.raises(ValueError, match="CR-COMP-1"):
            ChariotRaceRules(ChariotRaceSetup(players=tuple("ABCDEFG"[:n]), board=BOARD))


def test_cr_comp_2_component_counts_come_from_the_data():
    """CR-COMP-2: 5 dice, 20 caltrops, 6 start spaces, sheets with two sides, 2 laps."""
    rules = ChariotRaceRules(setup(4))
    b = rules.board
    assert (b.dice_count, b.caltrops, len(b.start_spaces), LAPS) == (5, 20, 6, 2)
    assert len(b.die_faces) == 6
    assert set(b.black) == set(b.colours) and len(b.colours) == 6


def test_cr_comp_3_the_seeds_named_chariots_exist():
    """CR-COMP-3: Caesar is green, Diana yellow, Alma blue; purple is mentioned."""
    assert {"green", "yellow", "blue", "purple"} <= set(ChariotRaceRules(setup(4)).board.colours)


def test_cr_setup_1_side_a_by_default():
    """CR-SETUP-1: side A for a first race (and side A has no rocks, CR-VAR-TRACKB)."""
    assert setup(4).track == "A"
    with pytest.raises(ValueError):
        ChariotRaceRules(setup(4, track="C"))


def test_cr_setup_2_start_spaces_entered_as_drawn():
    """CR-SETUP-2: each chariot's start space is drawn at the table and entered."""
    game = Game(ChariotRaceRules(setup(4)))
    assert game.state.pending.kind == "start_spaces"
    refused(game, ev.DrawStartSpaces((1, 2, 3)), "CR-SETUP-2")
    refused(game, ev.DrawStartSpaces((1, 2, 2, 3)), "CR-SETUP-2")
    refused(game, ev.DrawStartSpaces((1, 2, 3, 7)), "CR-SETUP-2")
    game.apply(ev.DrawStartSpaces((4, 2, 6, 1)))
    assert [c.start_space for c in game.state.chariots] == [4, 2, 6, 1]
    lane, pos = BOARD["track"]["start_spaces"][5]
    assert (at(game, "blue").lane, at(game, "blue").pos) == (lane, pos)


def test_cr_setup_2_each_chariot_needs_its_own_colour():
    """CR-SETUP-2: every chariot a different colour out of the six."""
    with pytest.raises(ValueError, match="CR-SETUP-2"):
        ChariotRaceRules(setup(4, chariots=(("green", 0), ("green", 1), ("blue", 2), ("red", 3))))
    with pytest.raises(ValueError, match="CR-SETUP-2"):
        ChariotRaceRules(setup(4, chariots=(("green", 0), ("pink", 1), ("blue", 2), ("red", 3))))


def test_cr_amb_12_the_companion_draws_start_spaces_from_the_seed():
    """CR-AMB-12: every chariot's start space at random; the companion's draw is journaled
    through the seed, so a replay gives the same grid."""
    grids = []
    for _ in range(2):
        game = Game(ChariotRaceRules(setup(6, seed=11)))
        game.apply(ev.DrawStartSpaces())
        grids.append([c.start_space for c in game.state.chariots])
    assert grids[0] == grids[1]
    assert sorted(grids[0]) == [1, 2, 3, 4, 5, 6]
    other = Game(ChariotRaceRules(setup(6, seed=12)))
    other.apply(ev.DrawStartSpaces())
    assert sorted(c.start_space for c in other.state.chariots) == [1, 2, 3, 4, 5, 6]


def test_cr_setup_3_white_sheets_start_at_12_4_3():
    """CR-SETUP-3 (and CR-AMB-9: the inset's icons are mislabelled, the numbers agree):
    resistance 12, speed 4, fate 3."""
    game = race(5)
    assert {(c.resistance, c.speed, c.fate) for c in game.state.chariots} == {(12, 4, 3)}


def test_cr_setup_4_lap_counters_start_on_two_dolphins():
    """CR-SETUP-4: no chariot has crossed the finish line yet."""
    assert all(c.crossings == 0 and not c.finished for c in race(4).state.chariots)


def test_cr_setup_5_all_caltrops_start_in_the_supply():
    """CR-SETUP-5: the 20 caltrops wait beside the board."""
    s = race(4).state
    assert (s.supply, s.on_track) == (20, 0)


def test_cr_setup_6_start_space_1_plays_first_then_by_number():
    """CR-SETUP-6: the chariot on start space 1 opens round 1, the others follow in
    start-space order."""
    game = Game(ChariotRaceRules(setup(4)))
    game.apply(ev.DrawStartSpaces((3, 1, 4, 2)))
    s = game.state
    assert [s.chariots[i].colour for i in s.order] == ["yellow", "purple", "green", "blue"]
    assert s.pending.kind == "roll" and s.pending.chariot == "yellow" and s.round == 1


def test_cr_setup_7_and_cr_var_2p3p_two_chariots_each_with_2_or_3_players():
    """CR-SETUP-7, CR-VAR-2P3P: with 2 or 3 players each runs 2 chariots, each taking its
    own turn in position order; with 4 or more, one each."""
    with pytest.raises(ValueError, match="CR-SETUP-7"):
        ChariotRaceRules(setup(2, chariots=(("green", 0), ("yellow", 1))))
    with pytest.raises(ValueError, match="CR-SETUP-7"):
        ChariotRaceRules(setup(4, chariots=(("green", 0), ("yellow", 0), ("blue", 1), ("red", 2))))
    game = race(3)
    s = game.state
    assert len(s.chariots) == 6 and [c.seat for c in s.chariots] == [0, 0, 1, 1, 2, 2]
    assert len(s.order) == 6
    seen = []
    for _ in range(6):
        seen.append((s.pending.chariot, s.pending.player))
        do(game, ev.RollDice(("lane",) * 4), ev.KeepDice(), ev.EndMove())
        s = game.state
    assert seen == [(c, i // 2) for i, c in enumerate(COLOURS)]
    assert s.round == 2


# ----------------------------------------------------------------- black side (CR-VAR-BLACK)

def black_game(players: int, board=None) -> Game:
    return Game(ChariotRaceRules(setup(players, board, sheets="black")))


def test_cr_var_black_1_all_six_sheets_whatever_the_player_count():
    """CR-VAR-BLACK-1: all six black sheets are laid out, even for 2 players."""
    game = black_game(2)
    for colour in ("black", "red", "purple", "yellow"):
        game.apply(ev.PickSheet(colour))
    assert [c.colour for c in game.state.chariots] == ["black", "red", "purple", "yellow"]
    refused(black_game(2), ev.PickSheet("pink"), "CR-VAR-BLACK-1")


def test_cr_var_black_2_picks_clockwise_then_reverse_with_2_or_3_players():
    """CR-VAR-BLACK-2: picks go clockwise from the first player; with 2-3 players a second
    pick follows in reverse order (the last first-picker picks again first)."""
    game = black_game(3)
    pickers = []
    for colour in COLOURS:
        pickers.append(game.state.pending.player)
        game.apply(ev.PickSheet(colour))
    assert pickers == [0, 1, 2, 2, 1, 0]
    assert [c.seat for c in game.state.chariots] == [0, 1, 2, 2, 1, 0]
    game = black_game(5)
    game.apply(ev.PickSheet("green"))
    refused(game, ev.PickSheet("green"), "CR-VAR-BLACK-2")
    assert [step for step, _, _ in black_setup_order(5)].count("pick") == 5


def test_cr_var_black_3_with_4_to_6_players_the_last_picker_places_first_counter_clockwise():
    """CR-VAR-BLACK-3: the player who picked last chooses a start space first, the others
    follow counter-clockwise."""
    game = black_game(4)
    for colour in ("purple", "green", "red", "blue"):
        game.apply(ev.PickSheet(colour))
    placers = []
    for space in (1, 2, 3, 4):
        placers.append((game.state.pending.player, game.state.pending.chariot))
        game.apply(ev.ChooseStartSpace(space))
    assert placers == [(3, "blue"), (2, "red"), (1, "green"), (0, "purple")]
    assert game.state.pending.kind == "roll" and game.state.pending.chariot == "blue"


def test_cr_var_black_4_with_2_or_3_players_first_chariots_then_second_chariots():
    """CR-VAR-BLACK-4: first chariots from the last first-picker counter-clockwise, then
    second chariots from whoever placed the last first chariot, clockwise."""
    assert black_setup_order(3)[6:] == [("place", 2, 0), ("place", 1, 0), ("place", 0, 0),
                                        ("place", 0, 1), ("place", 1, 1), ("place", 2, 1)]
    game = black_game(2)
    for colour in ("green", "yellow", "blue", "purple"):   # seats 0, 1, 1, 0
        game.apply(ev.PickSheet(colour))
    placed = []
    for space in (6, 5, 1, 2):
        placed.append(game.state.pending.chariot)
        game.apply(ev.ChooseStartSpace(space))
    assert placed == ["yellow", "green", "purple", "blue"]
    assert [c.start_space for c in game.state.chariots] == [5, 6, 2, 1]


def test_cr_var_black_4_a_taken_start_space_is_refused():
    """CR-VAR-BLACK-4: a start space holds one chariot."""
    game = black_game(2)
    for colour in ("green", "yellow", "blue", "purple"):
        game.apply(ev.PickSheet(colour))
    game.apply(ev.ChooseStartSpace(3))
    refused(game, ev.ChooseStartSpace(3), "CR-VAR-BLACK-4")
    refused(game, ev.ChooseStartSpace(0), "CR-VAR-BLACK-4")


def test_cr_var_black_5_and_cr_nis_5_start_values_come_from_each_black_sheet():
    """CR-VAR-BLACK-5 / CR-NIS-5: each black sheet's printed start values (data, unknown
    today, so changeable without code)."""
    board = copy.deepcopy(BOARD)
    board["black"]["red"].update(resistance=10, speed=6, fate=1)
    game = black_game(4, board)
    for colour in ("red", "green", "blue", "yellow"):
        game.apply(ev.PickSheet(colour))
    red, green = at(game, "red"), at(game, "green")
    assert (red.resistance, red.speed, red.fate) == (10, 6, 1)
    assert (green.resistance, green.speed, green.fate) == (12, 4, 3)


def test_black_setup_gives_no_chariots_in_advance():
    with pytest.raises(ValueError, match="CR-VAR-BLACK-2"):
        ChariotRaceRules(setup(4, sheets="black", chariots=(("green", 0),)))
