"""Types at the boundaries: every engine event and setup checks its fields when it is made
(and so when a journal line or an export is decoded), player names are bounded, and tag UIDs
have the lengths NFC tags have."""

from __future__ import annotations

import dataclasses
import typing

import pytest

from firmware_host.engine.core import Event, FieldError, event_to_json, field_problem
from firmware_host.games import GAMES
from firmware_host.inputs import normalize_uid
from firmware_host.schema import NAME_MAX, name_problem


def _classes() -> list[tuple[str, type[Event]]]:
    import random

    from firmware_host.games import demo_rules

    out = []
    for name, game in GAMES.items():
        rules = demo_rules(game, min(game.players), random.Random(1))
        CODECS[name] = rules.codec
        out += [(name, cls) for cls in rules.codec.by_kind.values()]
    return out


CODECS: dict[str, typing.Any] = {}


EVENT_CLASSES = _classes()


def _wrong(hint: typing.Any) -> list[typing.Any]:
    """Values that are not of type ``hint`` (each of a kind a damaged file could hold)."""
    origin = typing.get_origin(hint)
    if hint is int:
        return [0.5, True, "1", None, [1]]
    if hint is str:
        return [1, None, ["a"], b"a"]
    if hint is bool:
        return [1, 0, "true", None]
    if origin is tuple:
        return [["a"], "ab", None, (object(),)]
    return [object()]


def _valid(hint: typing.Any) -> typing.Any:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is int:
        return 1
    if hint is str:
        return "a"
    if hint is bool:
        return True
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return ()
    if origin is tuple:
        return tuple(_valid(a) for a in args)
    raise AssertionError(hint)


@pytest.mark.parametrize("game,cls", EVENT_CLASSES, ids=[f"{g}.{c.__name__}" for g, c in EVENT_CLASSES])
def test_every_event_refuses_a_field_of_the_wrong_type_when_made_and_when_decoded(game, cls):
    hints = typing.get_type_hints(cls)
    fields = dataclasses.fields(cls)
    good = {f.name: _valid(hints[f.name]) for f in fields}
    event = cls(**good)
    assert field_problem(event) is None
    for f in fields:
        for bad in _wrong(hints[f.name]):
            with pytest.raises(FieldError, match=rf"^{cls.__name__}\.{f.name} = .*: must be "):
                cls(**{**good, f.name: bad})
            if isinstance(bad, (int, float, str)) or bad is None or (                # what JSON can hold
                    isinstance(bad, list) and typing.get_origin(hints[f.name]) is not tuple):   # (a list: a tuple)
                with pytest.raises(ValueError, match=rf"^{cls.__name__}\.{f.name} = .*: must be "):
                    CODECS[game].decode({**event_to_json(event), f.name: bad})


def test_decoding_refuses_wrong_types_unknown_and_missing_fields():
    from firmware_host.engine.chariot_race import events as cev
    from firmware_host.engine.trajan import events as tev

    assert cev.CODEC.decode({"kind": "set_speed", "up": 1}) == cev.SetSpeed(up=1)
    cases = [
        (cev.CODEC, {"kind": "set_speed", "up": 0.5}, "SetSpeed.up = 0.5: must be an integer"),
        (cev.CODEC, {"kind": "set_speed", "up": True}, "SetSpeed.up = true: must be an integer"),
        (cev.CODEC, {"kind": "set_speed", "up": 1e400}, "SetSpeed.up = Infinity: must be an integer"),
        (cev.CODEC, {"kind": "set_speed", "upp": 1}, 'set_speed: unknown field "upp"; the fields are up, down'),
        (cev.CODEC, {"kind": "pick_sheet"}, "pick_sheet: the field colour is missing"),
        (cev.CODEC, {"kind": "reroll", "dice": [0, "1"]}, 'Reroll.dice = [0, "1"]: must be a list, each item an'),
        (cev.CODEC, {"kind": 3}, "unknown event kind 3"),
        (cev.CODEC, [], "an event is a JSON object, not []"),
        (tev.CODEC, {"kind": "take_starting_trajan_tiles", "player": 0, "tiles": ["a", "b"]},
         'TakeStartingTrajanTiles.tiles = ["a", "b"]: must be a list of 3: text, text, text'),
    ]
    for codec, data, message in cases:
        with pytest.raises(ValueError) as err:
            codec.decode(data)
        assert str(err.value).startswith(message)


def test_every_legal_move_round_trips_through_its_json_form():
    import random

    from firmware_host.engine.core import Game
    from firmware_host.games import demo_rules

    for game in GAMES.values():
        rules = demo_rules(game, max(game.players), random.Random(2))
        g = Game(rules)
        rng = random.Random(3)
        for _ in range(60):
            if getattr(g.state, "over", False):
                break
            for move in game.legal_moves(rules, g.state)[:20]:
                assert rules.codec.decode(event_to_json(move)) == move
            g.apply(game.random_move(g, rng))


@pytest.mark.parametrize("name,problem", [
    ("", "must not be empty"), ("   ", "must not be empty"), ("A" * (NAME_MAX + 1), "at most 24 characters"),
    ("A\x00", "printable"), ("A\nB", "printable"), ("\ud800", "printable"), ("A\u200b", "printable"),
    (3, "must be text"),
])
def test_player_names_are_bounded_printable_text(name, problem):
    assert problem in name_problem(name)


@pytest.mark.parametrize("name", ["Anna", "A" * NAME_MAX, "Ádám", "علی", "小明", "O'Neil-Smith Jr."])
def test_ordinary_names_are_accepted(name):
    assert name_problem(name) is None


def test_setups_check_names_and_types_when_made_and_decoded():
    from firmware_host.data import load
    from firmware_host.engine.chariot_race.state import ChariotRaceSetup
    from firmware_host.engine.trajan.state import TrajanSetup

    board = load("trajan")
    with pytest.raises(FieldError, match=r'TrajanSetup.players\[1\] = "B\\u0000": the name must be printable'):
        TrajanSetup(players=(("red", "A"), ("blue", "B\x00")), board=board)
    with pytest.raises(FieldError, match="TrajanSetup.seed = 1.5: must be an integer"):
        TrajanSetup(players=(("red", "A"), ("blue", "B")), board=board, seed=1.5)
    with pytest.raises(FieldError, match="ChariotRaceSetup.players = \\[\"A\", \"B\"\\]: must be a list"):
        ChariotRaceSetup(players=["A", "B"], board=load("chariot_race"))
    good = TrajanSetup(players=(("red", "A"), ("blue", "B")), board=board).to_json()
    assert TrajanSetup.from_json(good).players == (("red", "A"), ("blue", "B"))
    for change, message in [({"players": [["red", "A" * 30], ["blue", "B"]]}, "at most 24 characters"),
                            ({"edition": "2"}, 'TrajanSetup.edition = "2": must be an integer'),
                            ({"colour": 1}, 'setup: unknown field "colour"'),
                            ({"players": None}, "TrajanSetup.players = null: must be a list")]:
        with pytest.raises(ValueError, match=message):
            TrajanSetup.from_json({**good, **change})
    missing = dict(good)
    del missing["players"]
    with pytest.raises(ValueError, match="setup: the field players is missing"):
        TrajanSetup.from_json(missing)


@pytest.mark.parametrize("uid,clean", [
    ("04:A2:2B:C3", "04a22bc3"), (" 04-A1.b2:C3 ", "04a1b2c3"), ("04 a1 b2 c3 d4 e5 f6", "04a1b2c3d4e5f6"),
    ("00" * 10, "00" * 10),
])
def test_tag_uids_of_4_7_or_10_bytes_are_accepted(uid, clean):
    assert normalize_uid(uid) == clean


@pytest.mark.parametrize("uid", ["", "04", "04a1b2", "04a1b2c", "04a1b2c3d4", "04a1b2c3d4e5", "04" * 8,
                                 "04" * 9, "04" * 11, "04a1b2g3", "０４a1b2c3", "04a1\x00b2c3", "04" * 40, None, 4])
def test_other_tag_uids_are_refused(uid):
    with pytest.raises(ValueError, match="not a tag UID"):
        normalize_uid(uid)
