"""The turn (C-TURN): one card from hand, its action, the discard pile, clockwise order."""

import pytest

from concordia_helpers import finish_turn, new_game, play, seat
from firmware_host.engine.concordia import events as ev
from firmware_host.engine.core import FieldError, RuleError, copy_state


def test_c_turn_1_players_take_turns_clockwise():
    game = new_game(4)
    seen = []
    for _ in range(9):
        seen.append(game.state.active)
        finish_turn(game)
    assert seen == [0, 1, 2, 3, 0, 1, 2, 3, 0]
    assert game.state.turns == 9


def test_c_turn_2_a_turn_is_exactly_one_card_from_hand():
    game = new_game(2)
    with pytest.raises(RuleError) as err:
        game.apply(ev.PlayCard("consul"))           # not in a starting hand
    assert err.value.rule == "C-TURN-2" and "no Consul in hand" in str(err.value)
    with pytest.raises(RuleError) as err:
        game.apply(ev.PlayCard("nonsense"))
    assert err.value.rule == "C-TURN-2"
    play(game, "mercator")
    assert game.state.pending.kind == "mercator"
    with pytest.raises(RuleError) as err:           # a second card in the same turn
        game.apply(ev.PlayCard("architect"))
    assert err.value.rule == "C-TURN-2" and "waiting for" in str(err.value)
    game.apply(ev.Done())
    assert game.state.active == 1


def test_c_turn_2_a_move_for_another_decision_changes_nothing():
    game = new_game(2)
    before, n = game.state, len(game.events)
    for wrong in (ev.Done(), ev.BuildHouse("londinium", "food"), ev.KeepGoods(("food",)), ev.RevealCard("prefect")):
        with pytest.raises(RuleError) as err:
            game.apply(wrong)
        assert err.value.rule == "C-TURN-2" and err.value.fix
    assert game.state == before and len(game.events) == n


def test_c_turn_3_played_cards_lie_face_up_on_the_discard_pile_top_last():
    game = new_game(2)
    play(game, "mercator", ev.Done())
    finish_turn(game)
    play(game, "prefect", ev.PrefectCash())
    assert game.state.players[0].discard == ["mercator", "prefect"]
    assert game.state.players[0].hand["prefect"] == 1 and game.state.players[0].hand["mercator"] == 0


def test_c_turn_4_only_the_tribune_returns_played_cards():
    game = new_game(2)
    seat(game, 0, discard=["architect", "prefect"], hand={"tribune": 1, "mercator": 1, "senator": 1})
    play(game, "mercator", ev.Done())
    assert game.state.players[0].discard == ["architect", "prefect", "mercator"]
    finish_turn(game)
    play(game, "tribune")
    p = game.state.players[0]
    assert p.discard == [] and p.hand["architect"] == 1 and p.hand["mercator"] == 1 and p.hand["tribune"] == 1


MALFORMED = [
    ("play_card", {"card": ["mercator"]}), ("trade", {"changes": [["brick"]]}),
    ("trade", {"changes": [["brick", "1"]]}), ("buy_card", {"slot": "1"}), ("copy_card", {"player": True}),
    ("keep_goods", {"goods": ["food", 3]}), ("place_colonists", {"land": "1"}), ("build_house", {"city": None}),
]


def _frozen(value):
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value


@pytest.mark.parametrize("kind,fields", MALFORMED)
def test_c_turn_2_a_malformed_move_is_refused_and_changes_nothing(kind, fields):
    """A damaged journal line or a bad tap: refused by name, never a crash. A move of the
    wrong shape cannot even be made (every event checks its field types), so neither a
    journal line nor a screen can hand one to the rules."""
    cls = ev.CODEC.by_kind[kind]
    with pytest.raises(FieldError, match="must be"):
        cls(**{k: _frozen(v) for k, v in fields.items()})
    game = new_game(2)
    before = copy_state(game.state)
    with pytest.raises(ValueError, match=f"{cls.__name__}.* must be"):
        game.apply(ev.CODEC.decode({"kind": kind, **fields}))
    assert game.state == before and game.events == []
