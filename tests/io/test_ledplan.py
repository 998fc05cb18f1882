"""The LED plan: Trajan states to strip colours (pure), and the common status LED."""

from __future__ import annotations

import random

import pytest

from firmware_host.config import Config
from firmware_host.engine.core import Game
from firmware_host.engine.leds import (
    GAME_OVER,
    MARKER,
    OFF,
    PLAYER_COLOURS,
    PROGRESS,
    PULSE_PERIOD_S,
    QUARTER_END,
    ROUND_END,
    LedLayout,
    bar,
    pulse,
    scale,
)
from firmware_host.engine.trajan import TrajanRules
from firmware_host.engine.trajan.leds import trajan_plan
from firmware_host.engine.trajan.play import random_event
from firmware_host.engine.trajan.state import Pending
from firmware_host.inputs import DeviceStatus
from firmware_host.ledplan import STATUS_BUTTONS, STATUS_NFC, STATUS_OK, led_plan
from trajan_fixtures import setup

LAYOUT = LedLayout.from_config(Config())
TRACK, SEATS, STATUS = LAYOUT.track, LAYOUT.seats, LAYOUT.status


def state_for(players=4, mode="table"):
    rules = TrajanRules(setup(players, mode=mode))
    return rules, rules.initial_state()


def frame(rules, s, devices=(), t=0.0, layout=LAYOUT):
    return led_plan(trajan_plan, rules, s, layout, devices, t)


def test_layout_from_default_config():
    assert TRACK == tuple(range(21)) and SEATS == (21, 22, 23, 24) and STATUS == 25 and LAYOUT.count == 27


def test_t_flow_1_marker_bright_and_this_laps_spaces_dim():
    """T-FLOW-1/T-ROUND-1: a round is one lap; the spaces passed since the start space are dim."""
    rules, s = state_for()
    s.pending, s.time = Pending("bowl", 0), 5
    px = frame(rules, s).pixels
    assert [px[i] for i in TRACK[:5]] == [PROGRESS] * 5
    assert px[TRACK[5]] == MARKER
    assert [px[i] for i in TRACK[6:]] == [OFF] * 15
    assert not frame(rules, s).animated


@pytest.mark.parametrize("players,spaces", [(2, 11), (3, 16), (4, 21)])
def test_t_nis_1_track_length_follows_the_player_count(players, spaces):
    """T-NIS-1: only the spaces of this player count's track are used."""
    rules, s = state_for(players)
    s.pending, s.time = Pending("bowl", 0), spaces - 1
    px = frame(rules, s).pixels
    assert px[TRACK[spaces - 1]] == MARKER
    assert all(px[i] == PROGRESS for i in TRACK[:spaces - 1])
    assert all(px[i] == OFF for i in TRACK[spaces:])


def test_fewer_track_leds_than_spaces_share_them_out():
    rules, s = state_for(4)
    short = LedLayout(count=16, track=tuple(range(10)), seats=(10, 11, 12, 13), status=14)
    s.pending, s.time = Pending("bowl", 0), 20
    px = frame(rules, s, layout=short).pixels
    assert px[9] == MARKER and len(px) == 16


def test_active_players_seat_in_their_colour_others_faint():
    rules, s = state_for(4)
    s.active, s.pending = 2, Pending("bowl", 2)
    px = frame(rules, s).pixels
    assert px[SEATS[2]] == (0, 0, 255)                       # blue, seat 3
    assert px[SEATS[0]] == scale((255, 0, 0), 1 / 8)
    assert px[SEATS[1]] == scale((0, 255, 0), 1 / 8)


def test_unused_seat_leds_stay_off_with_fewer_players():
    rules, s = state_for(2)
    s.pending = Pending("bowl", 0)
    px = frame(rules, s).pixels
    assert px[SEATS[2]] == OFF and px[SEATS[3]] == OFF


def test_t_round_2_round_end_pulses_the_track_amber():
    """T-ROUND-2: at round end a demand tile is revealed: the track pulses until it is recorded."""
    rules, s = state_for()
    s.time, s.pending, s.turn = 3, Pending("reveal_demand"), None
    low, high = frame(rules, s, t=0.0), frame(rules, s, t=PULSE_PERIOD_S / 2)
    assert low.animated and high.animated
    assert all(low.pixels[i] == scale(ROUND_END, pulse(0.0)) for i in TRACK)
    assert all(high.pixels[i] == ROUND_END for i in TRACK)
    assert low.pixels != high.pixels


@pytest.mark.parametrize("kind,player", [("demands", 1), ("consul", 3), ("refill_bonus", None)])
def test_t_quarter_quarter_end_pulses_violet_and_lights_the_deciding_seat(kind, player):
    """T-QUARTER: demands, the senate's consul and the bonus refill are the quarter end."""
    rules, s = state_for()
    s.active, s.pending, s.turn = 0, Pending(kind, player), None
    f = frame(rules, s, t=PULSE_PERIOD_S / 2)
    assert f.animated and all(f.pixels[i] == QUARTER_END for i in TRACK)
    who = player if player is not None else 0
    assert f.pixels[SEATS[who]] == PLAYER_COLOURS[s.players[who].colour]


def test_game_over_lights_every_seat_and_pulses_white():
    rules, s = state_for(3)
    s.pending, s.turn = Pending("game_over"), None
    f = frame(rules, s, t=PULSE_PERIOD_S / 2)
    assert f.animated and f.pixels[TRACK[0]] == GAME_OVER
    assert [f.pixels[i] for i in SEATS[:3]] == [(255, 0, 0), (0, 255, 0), (0, 0, 255)]


def test_pulse_is_quantised_and_bounded():
    values = {pulse(i * 0.001) for i in range(int(PULSE_PERIOD_S * 1000))}
    assert min(values) == 0.25 and max(values) == 1.0 and len(values) <= 17


def test_t_round_2_companion_reveal_pulses_until_the_next_bowl_is_chosen():
    """T-ROUND-2 in companion demand mode: the companion reveals at once; the track pulses
    from the new round's first turn until its bowl is chosen."""
    rules, _ = state_for(mode="companion")
    game, rng = Game(rules), random.Random(3)
    while not (game.state.history and game.state.pending.kind == "bowl"
               and game.state.turn.bowl == -1 and game.state.round == 2):
        game.apply(random_event(game, rng))
    assert frame(rules, game.state).animated
    game.apply(random_event(game, rng))
    assert not frame(rules, game.state).animated


def test_every_state_of_a_random_game_gives_a_full_frame():
    """Property over a whole game: a frame of led_count pixels; animated exactly at round end,
    quarter end and game over; otherwise the marker is on the time marker's space."""
    rules, _ = state_for(4)
    game, rng = Game(rules), random.Random(11)
    kinds = set()
    while True:
        s = game.state
        f = frame(rules, s, t=PULSE_PERIOD_S / 2)
        assert len(f.pixels) == LAYOUT.count
        if s.pending.kind in ("reveal_demand", "demands", "consul", "refill_bonus", "game_over"):
            assert f.animated
        elif not f.animated:
            assert f.pixels[TRACK[s.time]] == MARKER
        kinds.add(s.pending.kind)
        if s.over:
            break
        game.apply(random_event(game, rng))
    assert {"reveal_demand", "demands", "game_over"} <= kinds


def test_status_led():
    rules, s = state_for()
    s.pending = Pending("bowl", 0)
    assert frame(rules, s).pixels[STATUS] == STATUS_OK
    nfc_down = [DeviceStatus("nfc", True), DeviceStatus("nfc", False, "gone")]
    assert frame(rules, s, nfc_down).pixels[STATUS] == STATUS_NFC
    assert frame(rules, s, [*nfc_down, DeviceStatus("nfc", True)]).pixels[STATUS] == STATUS_OK
    assert frame(rules, s, [DeviceStatus("buttons", False, "stuck")]).pixels[STATUS] == STATUS_BUTTONS
    both = [DeviceStatus("buttons", False), DeviceStatus("nfc", False)]
    assert frame(rules, s, both).pixels[STATUS] == STATUS_NFC


def test_no_game_lights_only_the_status_led():
    for plan in (None, trajan_plan):            # no game open: no plan, or no state
        f = led_plan(plan, None, None, LAYOUT, [DeviceStatus("nfc", False)])
        assert f.pixels[STATUS] == STATUS_NFC
        assert sum(1 for p in f.pixels if p != OFF) == 1 and not f.animated


def test_bar_for_other_games_plans():
    """The helper a Chariot Race plan uses for a chariot's damage resistance (12 = perfect)."""
    leds = (0, 1, 2, 3)
    assert bar(leds, 6 / 12, (255, 0, 0)) == {0: (255, 0, 0), 1: (255, 0, 0), 2: OFF, 3: OFF}
    assert bar(leds, 0.0, (255, 0, 0)) == dict.fromkeys(leds, OFF)
    assert bar(leds, 2.0, (1, 1, 1)) == dict.fromkeys(leds, (1, 1, 1))
