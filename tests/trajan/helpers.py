"""Scenario builders for the Trajan rule tests (tests/trajan/test_rules_*.py).

A scenario is reached by running the setup events with fixed choices, then editing the
state white-box (bowls, slots, holdings) and driving the rule under test through real events.
Bowls and slots are named by action (``"senate"``) or by index 0..5 (slot i beside bowl i).
"""

from __future__ import annotations

from collections import Counter

import pytest

from firmware_host.data import load
from firmware_host.engine.core import Event, Game, RuleError, copy_state
from firmware_host.engine.trajan import TrajanRules, TrajanSetup
from firmware_host.engine.trajan import events as ev
from firmware_host.engine.trajan.rules import board_for

BOARD_DATA = load("trajan")
BOARD = board_for(BOARD_DATA)
SEATS = (("red", "Red"), ("green", "Green"), ("blue", "Blue"), ("brown", "Brown"))
START_BONUS = ("legion", "workers", "yellow", "forum_bread")          # one per seat, yellow side
SENATE_BONUS = ("goods_columns_furs", "goods_wine_fish")              # the 2 senate spaces
START_TILES = (                                                       # slots II, IV, VI by seat
    ("goods-1", "vp-1", "plus2-1"),
    ("goods-2", "vp-2", "plus2-2"),
    ("goods-4", "vp-3", "plus2-3"),
    ("goods-5", "vp-4", "plus2-4"),
)
START_MARKERS = (("yellow", "orange"), ("lightgreen", "white"), ("pink", "blue"),
                 ("yellow", "orange"), ("lightgreen", "white"), ("pink", "blue"))


def make_rules(players: int = 2, seats=None, **setup) -> TrajanRules:
    """Rules for ``players`` seats (red, green, blue, brown by default); ``setup`` goes to TrajanSetup."""
    return TrajanRules(TrajanSetup(players=tuple(seats or SEATS[:players]), board=BOARD_DATA, **setup))


def setup_events(players: int = 2) -> list[Event]:
    """The whole setup with fixed choices (rulebook order, T-AMB-1)."""
    out: list[Event] = [ev.PlaceStartMarkers(i, START_MARKERS) for i in range(players)]
    out += [ev.DrawBonusTile(START_BONUS[i]) for i in range(players)]
    out += [ev.DrawBonusTile(t) for t in SENATE_BONUS]
    out += [ev.TakeStartingCards(i) for i in range(players)]
    out += [ev.TakeStartingTrajanTiles(i, START_TILES[i]) for i in range(players)]
    return out


def started(players: int = 2, seats=None, **setup) -> Game:
    """A game just after setup: the start player (seat 0) chooses a bowl."""
    game = Game(make_rules(players, seats, **setup))
    for e in setup_events(players):
        game.apply(e)
    assert game.state.pending.kind == "bowl" and game.state.pending.player == 0
    return game


def bowl(where: int | str) -> int:
    """Bowl (= slot) index of an action name or index."""
    return where if isinstance(where, int) else BOARD.bowl_actions.index(where)


def me(game: Game, player: int | None = None):
    """The active (or given) player's state."""
    s = game.state
    return s.players[s.active if player is None else player]


def set_bowls(game: Game, bowls: dict, player: int | None = None) -> None:
    """Put exactly these markers in the named bowls; the player's other markers are spread
    round-robin over the bowls not named (name a bowl with ``[]`` to keep it empty)."""
    p = me(game, player)
    named = {bowl(k): list(v) for k, v in bowls.items()}
    have = Counter(c for b in p.bowls for c in b)
    want = Counter(c for v in named.values() for c in v)
    assert not want - have, f"the scenario uses markers the player does not have: {want - have}"
    left = have - want
    rest = [c for c in BOARD.marker_colours for _ in range(left[c])]
    free = [i for i in range(6) if i not in named]
    assert free or not rest, f"no bowl left for the markers {rest}"
    new = [named.get(i, []) for i in range(6)]
    for k, colour in enumerate(rest):
        new[free[k % len(free)]].append(colour)
    p.bowls = new


def _return_to_pile(game: Game, tile: str) -> None:
    game.state.trajan_piles[BOARD.trajan_tiles[tile].pile].append(tile)


def put_tile(game: Game, slot: int | str, tile: str | None, player: int | None = None) -> None:
    """Put Trajan ``tile`` (from its pile or any slot) in ``slot``; a tile already there goes back."""
    p = me(game, player)
    i = bowl(slot)
    if p.slots[i] is not None:
        _return_to_pile(game, p.slots[i])
    if tile is not None:
        pile = game.state.trajan_piles[BOARD.trajan_tiles[tile].pile]
        if tile in pile:
            pile.remove(tile)
        else:                                   # moved from another slot
            holder = next(q for q in game.state.players if tile in q.slots)
            holder.slots[holder.slots.index(tile)] = None
    p.slots[i] = tile


def sow_to(game: Game, action: str, colour: str | None = None, keep_slot: bool = False):
    """The active player sows 1 marker into ``action``'s bowl, making it the target.

    Rearranges the bowls (the source bowl holds just ``colour``) and, unless ``keep_slot``,
    empties the target's slot so no Trajan tile completes. Returns the new state.
    """
    target = bowl(action)
    source = (target - 1) % 6
    p = me(game)
    colour = colour or next(c for b in p.bowls for c in b)
    set_bowls(game, {source: [colour]})
    if not keep_slot:
        put_tile(game, target, None)
    return game.apply(ev.Sow(source, (colour,)))


def refuse(game: Game, event: Event, rule: str) -> RuleError:
    """Assert ``event`` is refused citing ``rule`` and leaves state and journal unchanged."""
    before, events = copy_state(game.state), list(game.events)
    with pytest.raises(RuleError) as err:
        game.apply(event)
    assert err.value.rule == rule, str(err.value)
    assert game.state == before
    assert game.events == events
    return err.value


def finish_turn(game: Game) -> None:
    """Decline whatever is left of the current turn (special, actions, extra action)."""
    while game.state.pending.kind in ("trajan_special", "action", "extra"):
        kind = game.state.pending.kind
        game.apply(ev.TrajanTileAction(False) if kind == "trajan_special"
                   else ev.SkipAction() if kind == "action" else ev.EndTurn())


def pass_turn(game: Game) -> None:
    """The active player takes a quiet turn (1 marker into the senate bowl, no action)."""
    sow_to(game, "senate")
    finish_turn(game)


def lap(game: Game) -> int:
    return BOARD.spaces(game.state.n)


def end_round(game: Game, action: str = "senate") -> None:
    """The active player takes a 1-marker turn that reaches the start space (T-ROUND-1)."""
    game.state.time = lap(game) - 1
    sow_to(game, action)
    finish_turn(game)


def to_quarter_end(game: Game, demands=("bread", "games", "religion"), quarter: int | None = None) -> None:
    """Round 4 of the quarter with ``demands`` face up; the active player's turn ends it.
    Afterwards the game asks seat 0 to meet the demands (T-QUARTER-1)."""
    s = game.state
    if quarter is not None:
        s.quarter = quarter
    s.round = 4
    s.demands = list(demands)
    s.demands_seen.update(demands)
    end_round(game)
    assert game.state.pending.kind == "demands"


def meet_demands(game: Game, choices: dict | None = None) -> None:
    """Answer every player's demands: ``choices[seat]`` or the companion's suggestion."""
    while game.state.pending.kind == "demands":
        seat = game.state.pending.player
        items = (choices or {}).get(seat)
        if items is None:
            items = game.rules.suggest_demands(game.state, seat)
        game.apply(ev.FulfilDemands(seat, tuple(items)))


def complete_tile(game: Game, action: str, tile: str, last: str | None = None):
    """The active player sows 1 marker into ``action``'s bowl, which then holds exactly the
    colours ``tile`` needs, so ``tile`` (put in that slot) completes (T-TT-1). ``last`` is the
    marker sown (default: the tile's first colour). Returns the new state."""
    target = bowl(action)
    colours = list(BOARD.trajan_tiles[tile].colours)
    last = last or colours[0]
    held = list(colours)
    if last in held:
        held.remove(last)
    put_tile(game, target, tile)
    set_bowls(game, {(target - 1) % 6: [last], target: held})
    return game.apply(ev.Sow((target - 1) % 6, (last,)))
