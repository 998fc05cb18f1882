"""The Chariot Race LED plan: race states to strip colours (pure), down to the GRB bytes."""

from __future__ import annotations

import random

import pytest

from firmware_host.config import Config
from firmware_host.data import load
from firmware_host.engine.chariot_race import ChariotRaceRules, ChariotRaceSetup
from firmware_host.engine.chariot_race import events as ev
from firmware_host.engine.chariot_race.leds import chariot_plan
from firmware_host.engine.chariot_race.play import random_event
from firmware_host.engine.chariot_race.state import Pending
from firmware_host.engine.core import Game
from firmware_host.engine.leds import OFF, PULSE_PERIOD_S, LedLayout, pulse, scale
from firmware_host.ledplan import STATUS_OK, led_plan

LAYOUT = LedLayout.from_config(Config())
TRACK, SEATS, STATUS = LAYOUT.track, LAYOUT.seats, LAYOUT.status
COLOURS = ("green", "yellow", "blue", "purple", "red", "black")
GREEN, BLUE, YELLOW, PURPLE = (0, 255, 0), (0, 0, 255), (255, 170, 0), (150, 0, 255)


def race(players: int = 2, **options) -> Game:
    """A white-side race on start spaces 1, 2, ... in colour order (green plays first)."""
    per = 2 if players <= 3 else 1
    chariots = tuple((COLOURS[k], k // per) for k in range(players * per))
    setup = ChariotRaceSetup(players=tuple(f"P{k}" for k in range(players)), board=load("chariot_race"),
                             chariots=chariots, **options)
    game = Game(ChariotRaceRules(setup))
    game.apply(ev.DrawStartSpaces(tuple(range(1, len(chariots) + 1))))
    return game


def frame(game: Game, t: float = 0.0):
    return led_plan(chariot_plan, game.rules, game.state, LAYOUT, (), t)


def test_layout_is_the_default_strip():
    assert len(TRACK) == 21 and SEATS == (21, 22, 23, 24) and STATUS == 25 and LAYOUT.count == 27


def test_cr_sheet_1_the_whole_frame_of_a_fresh_race():
    """CR-SHEET-1, CR-SETUP-6: green (start space 1) plays first with resistance 12: every
    track LED green, its player's seat green; the other player's seat faint in the colour of
    the chariot that plays next for them (blue); unused seats dark; the status LED on."""
    game = race(2)
    assert game.state.active().colour == "green"
    expected = [GREEN] * 21 + [GREEN, scale(BLUE, 1 / 8), OFF, OFF, STATUS_OK, OFF]
    f = frame(game)
    assert list(f.pixels) == expected and not f.animated


@pytest.mark.parametrize("resistance", range(1, 13))
def test_cr_sheet_1_resistance_is_a_bar_in_the_chariots_colour(resistance):
    """CR-SHEET-1: the resistance left (the damage the chariot can still take) is a bar over
    the track LEDs: round(resistance / 12 * 21) lit from the first, the rest dark."""
    game = race(2)
    game.state.active().resistance = resistance
    px = frame(game).pixels
    lit = round(resistance / 12 * 21)
    assert [px[i] for i in TRACK] == [GREEN] * lit + [OFF] * (21 - lit)


def test_damage_taken_shortens_the_bar_at_once():
    """CR-MOVE-1: a fast die costs resistance as the speed is set; the bar shows it before the move."""
    game = race(2)
    for e in (ev.RollDice(("fast", "fast", "attack", "lane")), ev.KeepDice()):
        game.apply(e)
    assert game.state.pending.kind == "move" and game.state.active().resistance == 10
    px = frame(game).pixels
    assert sum(1 for i in TRACK if px[i] == GREEN) == round(10 / 12 * 21)


def test_the_seat_of_the_active_chariots_player_follows_the_turn():
    """CR-ROUND-2: after green, yellow (the same player) plays: seat 1 turns yellow and seat 2
    still shows blue, its next chariot, faint."""
    game = race(2)
    for e in (ev.RollDice(("lane", "lane", "attack", "attack")), ev.KeepDice(), ev.EndMove(), ev.EndTurn()):
        game.apply(e)
    assert game.state.active().colour == "yellow"
    px = frame(game).pixels
    assert px[SEATS[0]] == YELLOW and px[SEATS[1]] == scale(BLUE, 1 / 8)
    assert px[TRACK[0]] == YELLOW


def test_cr_destroy_3_a_player_with_every_chariot_wrecked_has_a_dark_seat():
    game = race(2)
    for colour in ("blue", "purple"):
        c = game.state.by_colour(colour)
        c.resistance, c.wrecked = 0, True
    assert frame(game).pixels[SEATS[1]] == OFF


def test_six_players_seat_without_an_led_still_shows_the_bar():
    """Seats 5 and 6 have no LED in the default layout: the bar still shows the active chariot."""
    game = race(6)
    s = game.state
    s.turn.chariot = 5                      # white-box: the black chariot of seat 6 is active
    s.pending = Pending("roll", 5, "black")
    px = frame(game).pixels
    black = (40, 0, 80)
    assert [px[i] for i in TRACK] == [black] * 21
    assert [px[i] for i in SEATS] == [scale(c, 1 / 8) for c in (GREEN, YELLOW, BLUE, PURPLE)]


def test_cr_var_black_2_setup_lights_the_deciding_seat():
    """CR-VAR-BLACK-2/-4: white on the seat that picks a sheet; the chariot's colour on the
    seat that places it; the track dark."""
    setup = ChariotRaceSetup(players=("A", "B"), board=load("chariot_race"), sheets="black")
    game = Game(ChariotRaceRules(setup))
    px = frame(game).pixels
    assert px[SEATS[0]] == (255, 255, 255) and px[SEATS[1]] == OFF
    assert all(px[i] == OFF for i in TRACK)
    for colour in ("purple", "blue", "green", "yellow"):
        game.apply(ev.PickSheet(colour))
    assert game.state.pending.kind == "place_chariot"
    p = game.state.pending
    px = frame(game).pixels
    assert px[SEATS[p.player]] == {"purple": PURPLE, "blue": BLUE, "green": GREEN, "yellow": YELLOW}[p.chariot]
    assert all(px[i] == OFF for i in TRACK)


def test_cr_setup_2_start_space_draw_lights_nothing_but_the_status():
    setup = ChariotRaceSetup(players=("A", "B"), board=load("chariot_race"),
                             chariots=(("green", 0), ("yellow", 0), ("blue", 1), ("purple", 1)))
    game = Game(ChariotRaceRules(setup))
    f = frame(game)
    assert [i for i, p in enumerate(f.pixels) if p != OFF] == [STATUS]


def test_cr_end_3_the_winner_pulses_over_the_track():
    game = race(2)
    s = game.state
    s.turn, s.pending, s.winner = None, Pending("race_over"), 2          # blue, seat 2
    low, high = frame(game, 0.0), frame(game, PULSE_PERIOD_S / 2)
    assert low.animated and high.animated
    assert all(low.pixels[i] == scale(BLUE, pulse(0.0)) for i in TRACK)
    assert all(high.pixels[i] == BLUE for i in TRACK)
    assert high.pixels[SEATS[1]] == BLUE and high.pixels[SEATS[0]] == OFF


def test_cr_end_5_nobody_wins_dark_strip():
    game = race(2)
    s = game.state
    s.turn, s.pending, s.winner = None, Pending("race_over"), None
    f = frame(game)
    assert not f.animated and [i for i, p in enumerate(f.pixels) if p != OFF] == [STATUS]


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (6, 3)])
def test_every_state_of_a_random_race_gives_a_full_frame(players, seed):
    """Property over whole races: a frame of led_count pixels; during a turn the bar is exactly
    the active chariot's resistance and its seat LED (if it has one) its colour; animated only
    when the race is over with a winner."""
    game, rng = race(players, track="B"), random.Random(seed)
    while True:
        s = game.state
        f = frame(game, PULSE_PERIOD_S / 2)
        assert len(f.pixels) == LAYOUT.count
        assert f.animated == (s.over and s.winner is not None)
        c = s.active()
        if c is not None:
            colour = f.pixels[TRACK[0]] if c.resistance else OFF
            assert sum(1 for i in TRACK if f.pixels[i] == colour) == round(c.resistance / 12 * 21)
            if c.seat < len(SEATS):
                assert f.pixels[SEATS[c.seat]] == colour
        if s.over:
            break
        game.apply(random_event(game, rng))


def test_plan_is_pure():
    """The same state gives the same colours, and the plan does not change the state."""
    game = race(3)
    before = game.state
    snapshot = Game(game.rules, game.events).state
    assert chariot_plan(game.rules, before, LAYOUT, 0.3) == chariot_plan(game.rules, before, LAYOUT, 0.3)
    assert before == snapshot


@pytest.fixture
def wire(monkeypatch):
    """Every buffer the NeoPixel class puts on the data line."""
    import neopixel

    written: list[bytes] = []
    monkeypatch.setattr(neopixel, "neopixel_write", lambda pin, buf: written.append(bytes(buf)))
    return written


def test_chariot_plan_reaches_the_wire_in_grb(wire):
    """The whole chain: race state -> plan -> strip -> bytes. Yellow active with resistance 6:
    the first 10 track LEDs yellow (GRB 170, 255, 0), the rest dark, seat 1 yellow."""
    import board

    from firmware_host.io.leds import NeoPixelStrip

    game = race(2)
    for e in (ev.RollDice(("lane", "lane", "attack", "attack")), ev.KeepDice(), ev.EndMove(), ev.EndTurn()):
        game.apply(e)
    game.state.active().resistance = 6
    strip = NeoPixelStrip(18, LAYOUT.count, brightness=1.0, order="GRB", pin_object=board.Dx_OUTPUT)
    strip.show(frame(game).pixels)
    data = wire[-1]
    assert data[:10 * 3] == bytes([170, 255, 0]) * 10
    assert data[10 * 3:21 * 3] == bytes(11 * 3)
    seat = SEATS[0] * 3
    assert data[seat:seat + 3] == bytes([170, 255, 0])
