"""The Concordia LED plan: game states to strip colours (pure), down to the GRB bytes."""

from __future__ import annotations

import random

import pytest

from firmware_host.config import Config
from firmware_host.data import load
from firmware_host.engine.concordia import ConcordiaRules, ConcordiaSetup
from firmware_host.engine.concordia import events as ev
from firmware_host.engine.concordia.leds import FINAL_ROUND, concordia_plan
from firmware_host.engine.concordia.play import random_event
from firmware_host.engine.core import Game
from firmware_host.engine.leds import OFF, PULSE_PERIOD_S, LedLayout, pulse, scale
from firmware_host.games import GAMES
from firmware_host.ledplan import STATUS_OK, led_plan

LAYOUT = LedLayout.from_config(Config())
TRACK, SEATS, STATUS = LAYOUT.track, LAYOUT.seats, LAYOUT.status
RED, GREEN, YELLOW, BLUE = (255, 0, 0), (0, 255, 0), (255, 170, 0), (0, 0, 255)
BLACK = (40, 0, 80)
PLAYERS = (("red", "Aurelia"), ("green", "Brutus"), ("yellow", "Cassia"), ("blue", "Decimus"), ("black", "Egnatia"))


def game(players: int = 2, mode: str = "companion", seed: int = 1) -> Game:
    setup = ConcordiaSetup(players=PLAYERS[:players], board=load("concordia"), market_mode=mode, seed=seed,
                           map="imperium" if players >= 3 else "italia")      # C-NIS-1: Imperium is for 3-5
    return Game(ConcordiaRules(setup))


def frame(g: Game, t: float = 0.0):
    return led_plan(concordia_plan, g.rules, g.state, LAYOUT, (), t)


def test_concordia_has_a_plan():
    assert GAMES["concordia"].led_plan is concordia_plan


def test_c_turn_1_the_whole_frame_of_a_fresh_game():
    """C-TURN-1: the start player (red) decides: seat 1 red, seat 2 faint green, the other
    seats dark; no house built yet, so the track is dark; the status LED on."""
    px = frame(game(2)).pixels
    assert list(px) == [OFF] * 21 + [RED, scale(GREEN, 1 / 8), OFF, OFF, STATUS_OK, OFF]


def test_c_turn_1_the_seat_follows_the_turn():
    g = game(3)
    g.apply(ev.PlayCard("mercator"))
    g.apply(ev.Done())
    px = frame(g).pixels
    assert [px[i] for i in SEATS] == [scale(RED, 1 / 8), GREEN, scale(YELLOW, 1 / 8), OFF]


@pytest.mark.parametrize("houses", [0, 1, 7, 14, 15])
def test_c_end_1_the_deciding_players_houses_are_a_bar_of_fifteen(houses):
    """C-END-1b: the track shows how far the deciding player is from the 15th house."""
    g = game(2)
    g.state.players[0].houses = [f"city{k}" for k in range(houses)]   # white-box: only the count is read
    px = frame(g).pixels
    lit = round(houses / 15 * 21)
    assert [px[i] for i in TRACK] == [RED] * lit + [OFF] * (21 - lit)


def test_c_nis_2_the_player_choosing_goods_to_keep_is_lit():
    """C-NIS-2: while another player chooses which produced goods to keep, their seat is lit."""
    g = game(3)                                      # Imperium (britannia) is for 3-5 players
    s = g.state
    s.marker_good["britannia"] = "cloth"
    for city, good in (("londinium", "brick"), ("isca_dumnoniorum", "food")):   # Brutus's two houses there
        s.city_good[city] = good
        s.houses[city] = [1]
        s.players[1].houses.append(city)
    s.players[1].goods["food"] += 1
    g.apply(ev.PlayCard("prefect"))
    g.apply(ev.Produce("britannia"))
    assert g.state.pending.kind == "keep_goods" and g.state.pending.player == 1
    px = frame(g).pixels
    assert px[SEATS[1]] == GREEN and px[SEATS[0]] == scale(RED, 1 / 8)
    assert sum(1 for i in TRACK if px[i] == GREEN) == round(2 / 15 * 21)


def test_c_nis_5_while_the_first_cards_are_turned_up_no_seat_is_lit():
    f = frame(game(2, mode="table"))
    assert [i for i, p in enumerate(f.pixels) if p != OFF] == [STATUS] and not f.animated


def test_c_end_3_the_final_round_pulses_over_the_track():
    """C-END-3: once the Concordia card is taken the track pulses red-orange; the seat of the
    player deciding still shows whose turn it is."""
    g = game(3)
    s = g.state
    s.concordia, s.final_turns_left = 0, 2                   # white-box: Aurelia took the card
    low, high = frame(g, 0.0), frame(g, PULSE_PERIOD_S / 2)
    assert low.animated and high.animated
    assert all(low.pixels[i] == scale(FINAL_ROUND, pulse(0.0)) for i in TRACK)
    assert all(high.pixels[i] == FINAL_ROUND for i in TRACK)
    assert high.pixels[SEATS[0]] == RED


def finished_game(players: int, seed: int) -> Game:
    g, rng = game(players, seed=seed), random.Random(seed)
    while not g.state.over:
        g.apply(random_event(g, rng))
    return g


def test_c_end_4_the_winner_pulses_in_their_colour():
    g = finished_game(4, 3)
    winner = g.state.final["winner"]
    colour = {"red": RED, "green": GREEN, "yellow": YELLOW, "blue": BLUE}[g.state.players[winner].colour]
    high = frame(g, PULSE_PERIOD_S / 2)
    assert high.animated and all(high.pixels[i] == colour for i in TRACK)
    assert high.pixels[SEATS[winner]] == colour
    assert all(high.pixels[SEATS[k]] == scale(high.pixels[SEATS[k]], 1) for k in range(4))
    assert sum(1 for k in range(4) if high.pixels[SEATS[k]] == colour) == 1


@pytest.mark.parametrize("players,seed", [(2, 1), (5, 2)])
def test_every_state_of_a_random_game_gives_a_full_frame(players, seed):
    """Property over whole games: a frame of led_count pixels; animated exactly in the final
    round and at the end; the deciding seat (if it has an LED) in its colour."""
    g, rng = game(players, seed=seed), random.Random(seed)
    while True:
        s = g.state
        f = frame(g, PULSE_PERIOD_S / 2)
        assert len(f.pixels) == LAYOUT.count
        assert f.animated == (s.concordia is not None)
        who = s.pending.player if s.pending.player is not None else s.active
        if not s.over and who < len(SEATS):
            assert f.pixels[SEATS[who]] == {"red": RED, "green": GREEN, "yellow": YELLOW, "blue": BLUE,
                                            "black": BLACK}[s.players[who].colour]
        if s.over:
            break
        g.apply(random_event(g, rng))


def test_plan_is_pure():
    g = game(3)
    g.apply(ev.PlayCard("architect"))
    snapshot = Game(g.rules, g.events).state
    assert concordia_plan(g.rules, g.state, LAYOUT, 0.3) == concordia_plan(g.rules, g.state, LAYOUT, 0.3)
    assert g.state == snapshot


@pytest.fixture
def wire(monkeypatch):
    """Every buffer the NeoPixel class puts on the data line."""
    import neopixel

    written: list[bytes] = []
    monkeypatch.setattr(neopixel, "neopixel_write", lambda pin, buf: written.append(bytes(buf)))
    return written


def test_concordia_plan_reaches_the_wire_in_grb(wire):
    """The whole chain: game state -> plan -> strip -> bytes. Brutus (green) to play with 5
    houses: the first 7 track LEDs green (GRB 255, 0, 0), the rest dark, seat 2 green, seat 1
    red at 1/8 (GRB 0, 32, 0)."""
    import board

    from firmware_host.io.leds import NeoPixelStrip

    g = game(2)
    g.apply(ev.PlayCard("mercator"))
    g.apply(ev.Done())
    g.state.players[1].houses = [f"city{k}" for k in range(5)]
    strip = NeoPixelStrip(18, LAYOUT.count, brightness=1.0, order="GRB", pin_object=board.Dx_OUTPUT)
    strip.show(frame(g).pixels)
    data = wire[-1]
    assert data[:7 * 3] == bytes([255, 0, 0]) * 7
    assert data[7 * 3:21 * 3] == bytes(14 * 3)
    assert data[SEATS[1] * 3:SEATS[1] * 3 + 3] == bytes([255, 0, 0])
    assert data[SEATS[0] * 3:SEATS[0] * 3 + 3] == bytes([0, 32, 0])
