"""Concordia as the table sees it: every screen renders, touch targets are big enough and
never overlap on every screen of scripted games, the box's buttons and the NFC tags choose
cards, seats and display spaces, bad input changes nothing and names the rule, undo steps
back a draft first, the final round shows its banner, the tally shows its working, the quick
tally entered through the screens is the tally of ``quick_tally``, and the home screen and
the new-game form start what they say."""

from __future__ import annotations

import random
from collections import Counter

import pygame
import pytest

from display import theme
from display.concordia import HOME_ACTIONS, SCREENS
from display.concordia.final import segments, working
from display.concordia.screenshots import games
from display.concordia.script import canonical, inputs_for
from display.controller import Controller
from display.games import tag_kinds
from display.script import run_line, run_lines
from firmware_host.data import load
from firmware_host.engine.concordia import ConcordiaSetup
from firmware_host.engine.concordia import events as ev
from firmware_host.engine.concordia.play import random_event
from firmware_host.engine.concordia.rules import _EXPECTS
from firmware_host.engine.concordia.tally import quick_tally
from firmware_host.inputs import ButtonPressed, TagRead
from firmware_host.journal import Journal
from firmware_host.tags import TagThing
from tests.display.ui_checks import check_screens, moves, unchanged_after

BOARD = load("concordia")
PLAYERS = (("red", "Aurelia"), ("green", "Brutus"), ("yellow", "Cassia"), ("blue", "Decimus"), ("black", "Egnatia"))


def setup(n: int = 2, mode: str = "companion", seed: int = 1, **options) -> ConcordiaSetup:
    """``n`` players on Imperium, or on Italia with 2 (Imperium is for 3-5, C-NIS-1)."""
    options.setdefault("map", "imperium" if n >= 3 else "italia")
    return ConcordiaSetup(players=PLAYERS[:n], board=BOARD, market_mode=mode, seed=seed, **options)


def started(n: int = 2, mode: str = "companion", **options) -> Controller:
    """A game waiting for the start player's first card (or the first display card, table mode)."""
    ctl = Controller(None)
    ctl.start_game("concordia", setup(n, mode, **options))
    return ctl



def player(ctl: Controller, i: int = 0):
    return ctl.session.state.players[i]


def refreshed(ctl: Controller) -> Controller:
    """After a white-box change of the state: the screen rebuilt from it."""
    ctl.refresh()
    return ctl


class Tags:
    def __init__(self, things: dict[str, TagThing]) -> None:
        self.things = things

    def lookup(self, uid: str) -> TagThing | None:
        return self.things.get(uid)


# ---------------------------------------------------------------------- every screen, every target

REQUIRED = {"home", "new-game", "new-game-5-options", "quick-entry-empty", "quick-entry-typing", "quick-entry",
            "quick-game-5-players", "quick-tally-table", "quick-tally-chart", "quick-tally-player", "revealcard",
            "play", "play-selected", "play-final-round", "tribune", "architect", "architect-province",
            "architect-city", "prefect", "prefect-province", "prefect-province-marker", "colonist", "colonist-draft",
            "mercator", "mercator-draft", "diplomat", "buy", "buy-slot", "keepgoods", "final-table-italia-2p",
            "final-chart-italia-2p", "final-player-italia-2p", "final-table-italia-4p",
            "final-table-imperium-5p"}


def test_every_concordia_screen_is_rendered(rendered):
    check_screens(rendered, "concordia-", REQUIRED)


def test_every_pending_decision_has_a_screen():
    assert set(_EXPECTS) | {"game_over"} == set(SCREENS)


def _walk(k: int, seed: int = 9):
    """A scripted game through the controller, yielding it before every input line."""
    ctl = Controller(None)
    ctl.start_game("concordia", games()[k])
    rng = random.Random(seed)
    board = ctl.session.rules.board
    while not ctl.session.state.over:
        event = random_event(ctl.session.game, rng)
        n = len(ctl.session.game.events)
        for line in inputs_for(ctl, event):
            yield ctl
            run_line(ctl, line)
        assert len(ctl.session.game.events) == n + 1 and ctl.session.game.events[-1] == canonical(event, board)
    yield ctl


def check_targets(ctl: Controller) -> None:
    """Every enabled target at least 48 px, on screen above the message line, none overlapping."""
    widgets = [w for w in ctl.active.widgets() if w.enabled]
    for w in widgets:
        assert w.rect.width >= theme.MIN_TARGET and w.rect.height >= theme.MIN_TARGET, (type(ctl.active).__name__,
                                                                                       w.id, w.rect)
        assert pygame.Rect(0, 0, 800, theme.CONTENT_BOTTOM).contains(w.rect), (w.id, w.rect)
    for k, a in enumerate(widgets):
        for b in widgets[k + 1:]:
            assert not a.rect.colliderect(b.rect), (type(ctl.active).__name__, a.id, b.id)


@pytest.mark.parametrize("k", [0, 1, 2])
def test_touch_targets_are_big_apart_and_undo_is_one_tap_away(k):
    """In whole scripted games (2 players on Italia, table market; 4 on Italia, companion
    market; 5 on Imperium): every screen before every input."""
    seen = set()
    steps = 0
    for ctl in _walk(k):
        check_targets(ctl)
        undo = ctl.active.find("undo")
        assert undo is not None and undo.enabled == (bool(ctl.session.game.events) and not ctl.session.finished)
        seen.add(type(ctl.active).__name__)
        steps += 1
    assert steps > 500
    assert {"PlayScreen", "ArchitectScreen", "PrefectScreen", "MercatorScreen", "BuyScreen",
            "FinalScreen"} <= seen


def test_the_new_game_form_and_the_quick_tally_have_big_targets_everywhere():
    ctl = Controller(None)
    run_line(ctl, "tap new:concordia")
    for count in range(2, 6):
        run_line(ctl, f"tap count:{count}")
        check_targets(ctl)
    run_line(ctl, "tap cancel")
    run_line(ctl, "tap action:concordia:quick_tally")
    for lines in (["tap add", "tap add", "tap add"], ["tap box:goods.wine"], ["tap page:game"],
                  ["tap tally"], ["tap view:chart"], ["tap view:player:4"]):
        run_lines(ctl, lines)
        check_targets(ctl)


def test_a_hand_of_every_card_kind_still_fits(surface):
    """All 17 card kinds in one hand (more than any real hand holds): the targets stay 48 px
    and apart, and the market list stays above the message line."""
    ctl = started(5)
    player(ctl).hand = Counter({cid: 1 for cid in BOARD["cards"]})
    refreshed(ctl).draw(surface)
    check_targets(ctl)
    assert len([w for w in ctl.active.widgets() if w.id.startswith("hand:")]) == len(BOARD["cards"])


def test_screens_draw_from_state_only(surface):
    """The same game draws the same pixels, whatever happened before (no hidden UI state)."""
    frames = []
    for _ in range(2):
        ctl = started(3)
        moves(ctl, ev.PlayCard("mercator"), ev.Trade((("food", -1),)), ev.PlayCard("architect"))
        ctl.refresh()
        ctl.draw(surface)
        frames.append(pygame.image.tobytes(surface, "RGB"))
    assert frames[0] == frames[1]


# ---------------------------------------------------------------------- the turn: touch, bowls, tags

def test_c_turn_2_a_card_in_the_hand_is_played_with_one_tap():
    ctl = started()
    run_line(ctl, "tap hand:prefect")
    assert ctl.session.game.events == [ev.PlayCard("prefect")]
    assert ctl.session.state.pending.kind == "prefect" and type(ctl.active).__name__ == "PrefectScreen"


def test_bowls_are_the_starting_personalities_and_ok_plays_the_one_chosen():
    """Bowls 1-6: Tribune, Architect, Prefect, Mercator, Senator, Diplomat."""
    for bowl, card in enumerate(("tribune", "architect", "prefect", "mercator", "senator", "diplomat"), start=1):
        ctl = started()
        run_line(ctl, f"press bowl{bowl}")
        assert ctl.active.selected == card and not ctl.session.game.events
        run_line(ctl, "press ok")
        assert ctl.session.game.events == [ev.PlayCard(card)]


def test_a_bowl_pressed_again_steps_to_the_next_card_of_its_action():
    ctl = started()
    player(ctl).hand["mercator_market"] = 1              # white-box: a market Mercator bought
    refreshed(ctl)
    run_lines(ctl, ["press bowl4", "press bowl4"])
    assert ctl.active.selected == "mercator_market"
    run_line(ctl, "press bowl4")
    assert ctl.active.selected == "mercator"
    run_lines(ctl, ["press bowl4", "press ok"])
    assert ctl.session.game.events == [ev.PlayCard("mercator_market")]
    assert player(ctl).money == 5 + 5                    # C-CARD-MERCATOR-1: the market Mercator gives 5


def test_c_turn_2_a_bowl_whose_card_is_not_in_the_hand_names_the_rule():
    ctl = started()
    del player(ctl).hand["tribune"]                      # white-box: the Tribune already played
    refreshed(ctl)
    unchanged_after(ctl, "press bowl1", rule="C-TURN-2")
    assert "no Tribune in hand" in ctl.message


def test_undo_inside_a_choice_steps_back_the_choice_first():
    ctl = started(3)
    moves(ctl, ev.PlayCard("architect"))
    run_lines(ctl, ["tap province:gallia"])
    assert ctl.active.province == "gallia"
    ctl.handle(ButtonPressed("undo"))
    assert ctl.active.province is None and len(ctl.session.game.events) == 1
    ctl.handle(ButtonPressed("undo"))
    assert ctl.session.game.events == [] and ctl.session.state.pending.kind == "play"


def test_card_tags_play_turn_up_and_choose_cards_and_tokens_answer_whose_turn():
    tags = Tags({"c1": TagThing("concordia", "card", "senator"), "c2": TagThing("concordia", "card", "consul"),
                 "p0": TagThing("concordia", "player", "red"), "p1": TagThing("concordia", "player", "green"),
                 "c3": TagThing("concordia", "card", "prefect")})
    ctl = Controller(None, tags=tags)
    ctl.start_game("concordia", setup(2, "table"))
    state = ctl.session.state
    ctl.handle(TagRead("c2"))                            # C-NIS-5: deck I has no Consul
    assert ctl.message_rule == "C-NIS-5" and ctl.session.state is state
    ctl.handle(TagRead("c3"))
    assert ctl.session.game.events == [ev.RevealCard("prefect")]
    for card in ("mason", "farmer", "smith", "colonist", "architect", "mercator_market"):
        moves(ctl, ev.RevealCard(card))
    ctl.handle(TagRead("p1"))
    assert ctl.message == "It is Aurelia's turn." and ctl.message_level == "bad"
    ctl.handle(TagRead("p0"))
    assert ctl.message == "Aurelia: yes, it is your turn."
    state = ctl.session.state
    ctl.handle(TagRead("c2"))                            # C-TURN-2: no Consul in the hand
    assert ctl.message_rule == "C-TURN-2" and ctl.session.state is state
    ctl.handle(TagRead("c1"))
    assert ctl.session.game.events[-1] == ev.PlayCard("senator")
    ctl.handle(TagRead("c3"))                            # the display's Prefect is chosen, not bought
    assert ctl.active.slot == 0 and ctl.session.game.events[-1] == ev.PlayCard("senator")
    ctl.handle(TagRead("c2"))
    assert "not in the market display" in ctl.message and ctl.active.slot == 0


def test_tag_kinds_for_the_enrolment_menu():
    kinds = tag_kinds("concordia")
    assert [v for v, _label in kinds["player"]] == list(BOARD["player_colours"])
    assert [v for v, _label in kinds["card"]] == list(BOARD["cards"])
    assert dict(kinds["card"])["diplomat_saturnus"] == "Diplomat (Saturnus)"


# ---------------------------------------------------------------------- each card's decision

def test_c_card_tribune_2_bowl_one_buys_a_land_colonist_for_roma():
    ctl = started()
    moves(ctl, ev.PlayCard("tribune"))
    assert type(ctl.active).__name__ == "TribuneScreen"
    run_line(ctl, "press bowl1")
    assert ctl.session.game.events[-1] == ev.BuyColonist("land")
    assert player(ctl).colonists_board["land"] == 2 and player(ctl).goods["food"] == 1


def test_c_card_architect_2_province_city_and_the_good_the_first_time():
    """The cost is on the button before the tap (C-NIS-6): a second house in a city of food
    costs 2 x 2 sestertii + brick + food; the first house in a city asks its good once."""
    ctl = started(3)
    s = ctl.session.state
    s.city_good["lutetia"] = "food"                       # white-box: Brutus already built in Lutetia
    s.houses["lutetia"] = [1]
    s.players[1].houses.append("lutetia")
    moves(ctl, ev.PlayCard("architect"))
    assert ctl.session.state.pending.steps == 2            # C-AMB-3: the colonists on the board
    run_line(ctl, "tap province:gallia")
    assert ctl.active.find("city:lutetia").sub == "Food city with 1 house: 4 sestertii + Brick + Food"
    run_line(ctl, "tap city:lutetia")
    assert ctl.session.game.events[-1] == ev.BuildHouse("lutetia")
    assert player(ctl).money == 1 and ctl.active.province is None
    run_lines(ctl, ["tap province:hispania", "tap city:olisipo"])
    assert ctl.active.city == "olisipo" and len(ctl.session.game.events) == 2
    assert ctl.active.find("good:brick").sub == "1 sestertius + Food"
    run_line(ctl, "tap good:brick")
    assert ctl.session.game.events[-1] == ev.BuildHouse("olisipo", "brick")
    run_line(ctl, "tap done")
    assert ctl.session.state.pending.kind == "play" and ctl.session.state.active == 1


def test_c_nis_6_a_house_the_player_cannot_pay_is_greyed_out_with_the_reason():
    """C-NIS-6: with no money no house can be paid: no province is offered; a city of a known
    good shows its cost and why not, greyed out; the engine names the rule."""
    ctl = started(3)
    player(ctl).money = 0
    s = ctl.session.state
    s.city_good["massilia"] = "food"                      # white-box: Brutus already built there
    s.houses["massilia"] = [1]
    s.players[1].houses.append("massilia")
    moves(ctl, ev.PlayCard("architect"))
    assert not ctl.active.find("province:gallia").enabled
    ctl.active.province = "gallia"                        # the draft a finger cannot reach
    ctl.active.invalidate()
    city = ctl.active.find("city:massilia")
    assert not city.enabled and "costs 4 sestertii" in city.sub
    assert not ctl.submit(ev.BuildHouse("massilia")) and ctl.message_rule == "C-NIS-6"


def test_c_card_prefect_1_province_preview_then_ok():
    """The province's marker good is asked once; the preview names who gets what; the
    Praefectus Magnus holder (the last seat, C-SETUP-2) takes the bonus twice (C-NIS-7)."""
    ctl = started(3)
    moves(ctl, ev.PlayCard("mercator"), ev.Done(), ev.PlayCard("mercator"), ev.Done(), ev.PlayCard("prefect"))
    assert ctl.session.state.praefectus == 2
    run_line(ctl, "tap province:italia")
    assert ctl.active.find("ok").enabled is False and ctl.active.find("marker:wine") is not None
    run_line(ctl, "tap marker:wine")
    assert ctl.active.gains(ctl.active.preview(ctl.active.event())) == ["Cassia gets 2 Wine"]
    run_line(ctl, "press ok")
    assert ctl.session.game.events[-1] == ev.Produce("italia", "wine")
    assert player(ctl, 2).goods["wine"] == 3 and ctl.session.state.praefectus == 1


def test_c_amb_4_a_province_on_its_coin_side_is_greyed_out_and_refused_with_the_rule():
    ctl = started(3)
    s = ctl.session.state
    s.marker_good["italia"], s.marker_coins["italia"] = "wine", True      # white-box: produced before
    moves(ctl, ev.PlayCard("prefect"))
    province = ctl.active.find("province:italia")
    assert province.sub == "coin side" and not province.enabled
    assert ctl.active.find("cash").label == "Cash: +2 sestertii"
    assert not ctl.submit(ev.Produce("italia")) and ctl.message_rule == "C-AMB-4"
    run_line(ctl, "tap cash")
    assert player(ctl).money == 5 + 2


def test_c_card_colonist_1_counts_by_bowl_and_touch_and_one_too_many_names_the_rule():
    ctl = started()
    player(ctl).hand["colonist"] = 1
    player(ctl).goods.update({"food": 2, "tools": 2})
    moves(ctl, ev.PlayCard("colonist"))
    run_lines(ctl, ["press bowl1", "press bowl1", "tap sea+"])
    assert ctl.active.counts == {"land": 2, "sea": 1}
    unchanged_after(ctl, "press bowl1", rule="C-CARD-COLONIST-1")
    assert ctl.active.counts == {"land": 2, "sea": 1}
    run_line(ctl, "press ok")
    assert ctl.session.game.events[-1] == ev.PlaceColonists(2, 1)
    assert player(ctl).on_board() == 5


def test_c_card_colonist_2_cash_is_five_plus_the_colonists_on_the_board():
    ctl = started()
    player(ctl).hand["colonist"] = 1
    moves(ctl, ev.PlayCard("colonist"))
    assert ctl.active.find("cash").label == "Cash: +7 sestertii"
    run_line(ctl, "tap cash")
    assert player(ctl).money == 5 + 7


def test_c_card_mercator_2_trade_preview_and_refusals():
    """Sell and buy with − and +; the player's panel shows the result; a third type and a
    full storehouse are refused with the rule (C-CARD-MERCATOR-2), nothing changes."""
    ctl = started()
    moves(ctl, ev.PlayCard("mercator"))
    run_lines(ctl, ["tap sell:cloth", "tap buy:brick", "tap buy:brick"])
    after = ctl.active.after()
    assert after.players[0].money == 5 + 3 + 7 - 6 and after.players[0].goods["brick"] == 3
    run_line(ctl, "tap buy:food")
    assert not ctl.active.find("ok").enabled                 # greyed out: OK on the box names the rule
    unchanged_after(ctl, "press ok", rule="C-CARD-MERCATOR-2")
    assert "at most two goods types" in ctl.message
    ctl.handle(ButtonPressed("undo"))                    # the draft is cleared, the game is not
    assert ctl.active.changes == {} and len(ctl.session.game.events) == 1
    run_lines(ctl, ["tap buy:brick"] * 3)
    unchanged_after(ctl, "press ok", rule="C-CARD-MERCATOR-2")
    assert "room for 2 more goods" in ctl.message
    run_lines(ctl, ["tap sell:brick", "tap ok"])
    assert ctl.session.game.events[-1] == ev.Trade((("brick", 2),))


def test_c_card_diplomat_2_bowl_is_the_seat_and_a_diplomat_on_top_is_refused():
    ctl = started(3)
    s = ctl.session.state
    s.players[1].discard = ["architect"]
    s.players[2].discard = ["diplomat"]
    moves(ctl, ev.PlayCard("diplomat"))
    assert "cannot be copied" in ctl.active.find("copy:2").sub and not ctl.active.find("copy:2").enabled
    unchanged_after(ctl, "press bowl3", rule="C-CARD-DIPLOMAT-2")
    run_line(ctl, "press bowl2")
    assert ctl.session.game.events[-1] == ev.CopyCard(1)
    assert type(ctl.active).__name__ == "ArchitectScreen" and "copied by the Diplomat" in ctl.active.card_title()


def test_c_card_diplomat_1_a_player_token_names_whose_card_is_copied():
    tags = Tags({"p1": TagThing("concordia", "player", "green")})
    ctl = Controller(None, tags=tags)
    ctl.start_game("concordia", setup(2))
    ctl.session.state.players[1].discard = ["prefect"]
    moves(ctl, ev.PlayCard("diplomat"))
    ctl.handle(TagRead("p1"))
    assert ctl.session.game.events[-1] == ev.CopyCard(1) and ctl.session.state.pending.kind == "prefect"


def test_c_card_senator_1_bowl_chooses_a_space_any_good_is_prefilled_and_changeable():
    ctl = started()
    s = ctl.session.state
    entry = s.display[1]
    moves(ctl, ev.PlayCard("senator"))
    run_line(ctl, "press bowl2")
    assert ctl.active.slot == 1
    cost, anys = ctl.session.rules.card_price(s, 1)
    assert anys == 1 and ctl.active.pay == list(ctl.session.rules.suggest_any_goods(s, 1))
    spare = sorted((player(ctl).goods - cost).elements(), key=BOARD["goods"]["price"].__getitem__)
    other = next(g for g in reversed(spare) if g != ctl.active.pay[0])
    run_lines(ctl, [f"tap pay:0:{other}", "press ok"])
    assert ctl.session.game.events[-1] == ev.BuyCard(1, (other,))
    assert player(ctl).hand[entry[1]] >= 1 and ctl.session.state.pending.left == 1
    run_line(ctl, "tap done")
    assert ctl.session.state.pending.kind == "play"


def test_c_card_senator_1_an_unaffordable_card_and_an_empty_space_name_the_rule():
    ctl = started()
    player(ctl).goods.clear()
    ctl.session.state.display[5] = None                  # white-box: space 6 emptied
    moves(ctl, ev.PlayCard("senator"))
    run_line(ctl, "press bowl1")
    unchanged_after(ctl, "press ok", rule="C-CARD-SENATOR-1")
    assert "lacks" in ctl.message
    unchanged_after(ctl, "press bowl6", rule="C-CARD-SENATOR-1")
    assert "no card on display space 6" in ctl.message


def test_c_card_consul_1_shows_only_the_cost_box():
    ctl = started()
    player(ctl).hand["consul"] = 1
    moves(ctl, ev.PlayCard("consul"))
    slot = next(k for k, e in enumerate(ctl.session.state.display) if e and k >= 3)
    assert ctl.active.price_lines(slot, surcharge=False) == [
        "cost: " + " + ".join(g.title() for g in BOARD["decks"][ctl.session.state.display[slot][0]]
                              [ctl.session.state.display[slot][1]])]


def keep_goods_game() -> Controller:
    """Aurelia's storehouse has 1 space left when her Prefect makes Britannia produce cloth
    (its marker) and brick (her house in Londinium): she chooses what to keep (C-NIS-2)."""
    ctl = started(3)
    s = ctl.session.state
    s.city_good["londinium"], s.marker_good["britannia"] = "brick", "cloth"
    s.houses["londinium"] = [0]
    player(ctl).houses.append("londinium")
    player(ctl).goods["food"] += 1
    moves(ctl, ev.PlayCard("prefect"), ev.Produce("britannia"))
    assert ctl.session.state.pending.kind == "keep_goods"
    return ctl


def test_c_nis_2_keep_the_dearest_prefilled_and_a_wrong_count_names_the_rule():
    ctl = keep_goods_game()
    assert ctl.active.keep == Counter({"cloth": 1})
    run_line(ctl, "tap keep-:cloth")
    assert not ctl.active.find("ok").enabled
    unchanged_after(ctl, "press ok", rule="C-NIS-2")
    run_lines(ctl, ["tap keep+:brick", "tap ok"])
    assert ctl.session.game.events[-1] == ev.KeepGoods(("brick",))
    assert player(ctl).used() == 12 and player(ctl).goods["cloth"] == 1


def test_c_nis_5_table_mode_asks_for_each_card_of_the_right_deck():
    ctl = started(2, "table")
    assert type(ctl.active).__name__ == "RevealCardScreen"
    offered = {w.id[5:] for w in ctl.active.widgets() if w.id.startswith("card:")}
    assert offered == set(BOARD["decks"]["I"])
    run_line(ctl, "tap card:smith")
    assert ctl.session.state.display[0] == ("I", "smith") and ctl.active.find("card:smith") is None


# ---------------------------------------------------------------------- the end

def test_c_end_3_the_final_round_banner(surface):
    ctl = started(3)
    ctl.draw(surface)
    assert surface.get_at((352, 40))[:3] != theme.BAD
    s = ctl.session.state
    s.concordia, s.final_turns_left = 2, 2                # white-box: Cassia took the Concordia card
    refreshed(ctl).draw(surface)
    assert surface.get_at((352, 40))[:3] == theme.BAD       # the banner's edge, left of its text
    s.final_turns_left = 1
    refreshed(ctl).draw(surface)
    assert surface.get_at((352, 40))[:3] == theme.BAD


def finished(name: str = "concordia-2p") -> Controller:
    """The golden playthrough ``name`` (tests/playthroughs/), its moves submitted."""
    from tools.playthrough import PLAYTHROUGHS, parse, setup_and_moves
    game_setup, events = setup_and_moves(parse((PLAYTHROUGHS / f"{name}.txt").read_text(encoding="utf-8")))
    ctl = Controller(None)
    ctl.start_game("concordia", game_setup)
    for e in events:
        ctl.session.submit(e)
    return refreshed(ctl)


def test_c_end_4_the_tally_screen_shows_the_winner_and_every_gods_working(surface):
    ctl = finished()
    screen = ctl.active
    assert type(screen).__name__ == "FinalScreen" and screen.tally.title() == "Brutus wins with 209 VP"
    final = ctl.session.state.final
    b = final["players"][1]
    jupiter = next(line for line in b["lines"] if line["god"] == "jupiter")
    assert working(ctl.session.rules.board, jupiter) == f"{jupiter['count']}×1 ×{jupiter['cards']}" == "11×1 ×3"
    assert sum(vp for vp, _unit in segments(jupiter)) == jupiter["vp"] == 33
    for view in ("chart", "player:1", "table"):
        run_line(ctl, f"tap view:{view}")
        ctl.draw(surface)
    run_line(ctl, "tap new")
    assert ctl.session is None and type(ctl.active).__name__ == "HomeScreen"


@pytest.mark.parametrize("name", ["concordia-2p", "concordia-4p", "concordia-5p"])
def test_c_god_the_chart_segments_are_the_cards_and_add_up_to_each_line(name):
    """Every bar of the chart is cut into one segment per card scored, and the segments add
    up to the line's VP (C-GOD-*: per card; C-GOD-CAPS: each card capped)."""
    ctl = finished(name)
    for p in ctl.session.state.final["players"]:
        for line in p["lines"]:
            parts = segments(line)
            assert sum(vp for vp, _unit in parts) == line["vp"], line
            if line["god"] in ("jupiter", "saturnus", "mercurius", "mars"):
                assert len(parts) == line["cards"] and all(vp <= line["cap"] for vp, _u in parts)


# ---------------------------------------------------------------------- the quick tally

DOC_EXAMPLE = {
    "map": "imperium",
    "options": {"vesta_per_card": True, "praefectus_passes": "right"},
    "players": [
        {"name": "Aurelia", "vp": 0, "cards": {"vesta": 1, "jupiter": 3, "saturnus": 4, "mercurius": 2, "mars": 2},
         "specialists": ["farmer", "weaver"], "houses": {"brick": 2, "food": 4, "tools": 2, "wine": 2, "cloth": 1},
         "provinces": 8, "colonists": 6, "goods": {"food": 1, "wine": 2, "cloth": 1}, "money": 17,
         "concordia": True, "praefectus_magnus": False},
        {"name": "Brutus", "vp": 0, "cards": {"vesta": 1, "jupiter": 4, "saturnus": 3, "mercurius": 3, "mars": 1},
         "specialists": ["mason", "vintner"], "houses": {"brick": 4, "food": 2, "tools": 1, "wine": 3},
         "provinces": 7, "colonists": 5, "goods": {"brick": 2, "tools": 1}, "money": 23,
         "concordia": False, "praefectus_magnus": True},
    ],
}


def enter(row: dict) -> list[str]:
    """The taps that enter one player's row of a holdings file (current seat, boxes as the
    seat starts): renamed, then every box chosen and typed, specialists and goods tapped in."""
    lines = ["tap page:game", "tap rename"] + ["tap del"] * 8 + [f"tap key:{c.upper()}" for c in row["name"]]
    lines += ["tap ok", "tap page:entry"]
    for what in ("cards", "houses"):
        for g, k in row[what].items():
            lines += [f"tap box:{what}.{g}"] + [f"tap pad:{d}" for d in str(k)]
    for box in ("provinces", "colonists", "money"):
        lines += [f"tap box:{box}"] + [f"tap pad:{d}" for d in str(row[box])]
    lines += [f"tap box:spec.{s}" for s in row["specialists"]]
    lines += [f"tap box:goods.{g}" for g, k in row["goods"].items() for _ in range(k)]
    lines += ["tap toggle:concordia"] * row["concordia"] + ["tap toggle:praefectus"] * row["praefectus_magnus"]
    return lines


def test_c_god_the_quick_tally_entered_on_screen_is_the_tally_of_the_holdings_file():
    """The example of docs/concordia-tally.md entered box by box: the same tally as
    ``quick_tally`` of the file (Aurelia 131, Brutus 106), shown with its working."""
    ctl = Controller(None)
    run_line(ctl, "tap action:concordia:quick_tally")
    run_lines(ctl, enter(DOC_EXAMPLE["players"][0]) + ["tap player:1"] + enter(DOC_EXAMPLE["players"][1]))
    screen = ctl.active
    assert screen.holdings() == DOC_EXAMPLE
    run_line(ctl, "tap tally")
    assert screen.result == quick_tally(BOARD, DOC_EXAMPLE)
    assert [p["total"] for p in screen.result["players"]] == [131, 106]
    assert ctl.session is None and ctl.message == ""


def test_the_quick_tally_keeps_one_concordia_card_and_one_praefectus_magnus():
    ctl = Controller(None)
    run_lines(ctl, ["tap action:concordia:quick_tally", "tap add", "tap toggle:praefectus",
                    "tap player:0", "tap toggle:praefectus", "tap toggle:concordia", "tap player:1",
                    "tap toggle:concordia"])
    players = ctl.active.holdings()["players"]
    assert [p["praefectus_magnus"] for p in players] == [True, False, False]
    assert [p["concordia"] for p in players] == [False, True, False]
    run_line(ctl, "tap remove")
    assert len(ctl.active.holdings()["players"]) == 2 and not ctl.active.find("remove").enabled


def test_the_quick_tally_refuses_counts_no_game_reaches_naming_the_field():
    """More food houses than the map has food cities (one house per city): the pad refuses
    them; typed for Imperium, then the map changed to Italia: the tally refuses them by name,
    nothing tallied, the entry kept for correction."""
    ctl = Controller(None)
    run_lines(ctl, ["tap action:concordia:quick_tally", "tap box:houses.food", "tap pad:8"])
    assert ctl.active.players[0]["counts"]["houses.food"] == 0 and "at most 7" in ctl.message
    run_lines(ctl, ["tap box:houses.food", "tap pad:7", "tap page:game", "tap map:italia", "tap tally"])
    assert ctl.active.result is None
    assert ctl.message_level == "bad" and "houses.food = 7: Italia has 6 food cities" in ctl.message


def test_the_quick_tally_pad_takes_digits_back_and_change_goes_back():
    ctl = Controller(None)
    run_lines(ctl, ["tap action:concordia:quick_tally", "tap box:money", "tap pad:1", "tap pad:9", "tap pad:del",
                    "tap pad:del", "tap pad:del", "tap pad:9", "tap tally"])
    assert ctl.active.result["players"][0]["lines"][0]["money"] == 9
    run_line(ctl, "tap edit")
    assert ctl.active.result is None and ctl.active.page == "entry" and ctl.active.focus == "money"
    run_line(ctl, "tap close")                           # entries were made: asked once
    assert type(ctl.active).__name__ == "ConfirmScreen" and ctl.active.question == "Discard this tally?"
    run_line(ctl, "tap yes")
    assert type(ctl.active).__name__ == "HomeScreen"


def test_home_screen_offers_the_quick_tally():
    ctl = Controller(None)
    assert [(a, label) for a, label, _screen in HOME_ACTIONS] == [("quick_tally", "Concordia quick tally")]
    assert ctl.active.find("action:concordia:quick_tally").label == "Concordia quick tally"
    run_line(ctl, "tap action:concordia:quick_tally")
    assert type(ctl.active).__name__ == "QuickTallyScreen"
    ctl.handle(ButtonPressed("undo"))                    # UNDO closes it like Back
    assert type(ctl.active).__name__ == "HomeScreen"


# ---------------------------------------------------------------------- starting and resuming

def test_new_game_form_starts_a_journaled_game_with_its_options(tmp_path):
    ctl = Controller(Journal(tmp_path / "j.db"))
    run_lines(ctl, ["tap new:concordia", "tap count:3", "tap colour:1", "tap up:2", "tap name:0", "tap key:Z",
                    "tap ok", "tap map:italia", "tap market:companion", "tap vesta", "tap passes", "tap ok"])
    s = ctl.session.setup
    # seat 2 took the next free colour (blue), then moved up behind seat 3
    assert s.players == (("red", "Redz"), ("yellow", "Yellow"), ("blue", "Blue"))
    assert (s.map, s.market_mode, s.vesta_per_card, s.praefectus_passes) == ("italia", "companion", False, "left")
    assert ctl.session.state.pending.kind == "play" and type(ctl.active).__name__ == "PlayScreen"
    assert ctl.journal.unfinished() == ctl.session.game_id
    assert ctl.session.state.praefectus == 2           # C-SETUP-2: the last seat


def test_with_five_players_a_colour_tap_swaps_with_the_seat_that_has_it():
    ctl = Controller(None)
    run_lines(ctl, ["tap new:concordia", "tap count:5", "tap colour:0", "tap ok"])
    colours = [c for c, _n in ctl.session.setup.players]
    assert colours == ["green", "red", "yellow", "blue", "black"]


def test_a_resumed_game_shows_the_same_decision(tmp_path):
    journal = Journal(tmp_path / "j.db")
    ctl = Controller(journal)
    ctl.start_game("concordia", setup(2, "table"))
    run_lines(ctl, [f"tap card:{c}" for c in ("prefect", "mason", "farmer", "smith", "colonist", "architect",
                                              "mercator_market")] + ["press bowl2", "press ok"])
    again = Controller(Journal(tmp_path / "j.db"))
    assert again.session.state == ctl.session.state and type(again.active).__name__ == "ArchitectScreen"


# ---------------------------------------------------------------------- corrections and the map (C-CORR, C-NIS-1)

def test_c_corr_1_the_menu_opens_the_correct_screen_and_a_recount_is_a_move():
    """Menu → Correct the books: player, item, value, Correct; the news says what changed,
    undo takes it back (C-CORR-1)."""
    ctl = started(3)
    moves(ctl, ev.PlayCard("mercator"))                           # in the middle of an action
    run_lines(ctl, ["hold undo", "tap game:correct"])
    screen = ctl.active
    assert type(screen).__name__ == "CorrectScreen" and not screen.find("ok").enabled   # nothing changed yet
    run_lines(ctl, ["tap player:1", "tap item:goods:wine", "tap plus", "tap plus"])
    assert ctl.active.value == 3
    run_line(ctl, "tap ok")
    assert ctl.session.game.events[-1] == ev.CorrectPlayer(1, "goods", "wine", 3)
    assert not ctl.overlays and type(ctl.active).__name__ == "MercatorScreen"
    assert player(ctl, 1).goods["wine"] == 3
    surface = pygame.Surface((theme.WIDTH, theme.HEIGHT))
    ctl.draw(surface)                                                   # the news line: the correction
    assert ctl.session.state.news[0][1]["new"] == 3 and not ctl.message
    ctl.handle(ButtonPressed("undo"))
    assert player(ctl, 1).goods["wine"] == 1 and ctl.session.game.events[-1] == ev.PlayCard("mercator")


def test_c_corr_2_a_correction_the_pieces_cannot_match_is_greyed_out_with_the_reason():
    ctl = started(3)
    run_lines(ctl, ["hold undo", "tap game:correct", "tap item:goods:food"] + ["tap plus"] * 5)
    assert not ctl.active.find("ok").enabled
    assert "storehouse holds 15 of 12" in ctl.active.correction_refused()
    n = len(ctl.session.game.events)
    run_lines(ctl, ["tap minus"] * 3)
    assert ctl.active.find("ok").enabled
    run_line(ctl, "tap back")                                          # nothing corrected
    assert type(ctl.active).__name__ == "MenuScreen" and len(ctl.session.game.events) == n


def test_c_nis_1_the_new_game_form_offers_only_the_maps_for_the_player_count():
    ctl = Controller(None)
    run_lines(ctl, ["tap new:concordia", "tap count:4", "tap map:italia"])
    assert ctl.active.map == "italia"
    run_line(ctl, "tap count:5")                                        # Italia is for 2-4: Imperium
    assert ctl.active.map == "imperium" and not ctl.active.find("map:italia").enabled
    run_line(ctl, "tap count:2")                                        # Imperium is for 3-5: Italia
    assert ctl.active.map == "italia" and not ctl.active.find("map:imperium").enabled
    assert ctl.active.find("map:imperium").sub == "3-5 players"
    run_line(ctl, "tap ok")
    assert ctl.session.setup.map == "italia" and len(ctl.session.setup.players) == 2
