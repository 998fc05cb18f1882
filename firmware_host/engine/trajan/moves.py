"""Trajan legal-move enumeration: the single home of "what the game allows at this point".

:func:`legal_moves` lists, for the state's pending decision, the moves the rules accept, in a
fixed, readable order (like boardgame.io's ``ai.enumerate`` or python-chess's
``legal_moves``). :func:`choice_key` maps any move (listed or not) to the screen-level choice
it makes, so a move with free parameters can be matched with its listed representative.

Pure and deterministic: no randomness, no I/O, the state is only read. Rule IDs refer to
``shared/rules/trajan.md``.
"""

from __future__ import annotations

from collections.abc import Hashable
from itertools import combinations

from ..core import Event, RuleError, copy_state
from . import events as ev
from .board import ACTIONS, CAMP, SHIPS
from .rules import TrajanRules
from .state import TrajanState

# Above this many (space, tile) pairs the Build move's tile is listed one per construction
# kind (see legal_moves); only a player's first worker (any of the 20 spaces) gets there.
MAX_BUILDS = 240


def legal_moves(rules: TrajanRules, state: TrajanState) -> list[Event]:
    """Every move the rules accept for ``state.pending``, one per screen-level choice.

    Returns a new list of events (``[]`` once the game is over); the same state always gives
    the same list in the same order. Each listed move applied to a copy of ``state`` with
    ``rules.apply`` raises no :class:`RuleError`. The longest lists (a first worker on the
    construction site, a march onto forum tiles) stay below ~250 moves.

    Complete (every accepted value listed), by pending decision:

    - ``setup_bonus`` / ``refill_bonus``: ``DrawBonusTile`` for each tile in the bag, bag
      order (T-SETUP-14, T-QUARTER-3b).
    - ``setup_cards``: ``TakeStartingCards`` for each split of the 3 cards between the draw
      pile and discard piles A/B the piles allow, all from the draw pile first (T-SETUP-16).
    - ``trajan_special``: ``TrajanTileAction(True, action)`` for each action without a [+2]
      marker (a [+2] tile) or ``TrajanTileAction(True)``, then decline (T-TT-5, T-AMB-5).
    - ``action`` (T-ACT), the options in screen order, ``SkipAction`` last:
      seaport: ``SeaportDraw`` A/B (T-HARB-1), ``SeaportTake`` of a non-empty pile
      (T-HARB-2), display and ship (see below); forum: ``ForumTake`` of each forum-tile kind
      not all out on a green space, then each extra-action tile not all out on a yellow space
      (T-FORUM-1, T-XTILE-1, T-NIS-9); military: ``Recruit`` (T-MIL-1), ``March`` to each
      adjacent province with each forum-tile kind not all out it may hold (T-MIL-2),
      ``Deploy`` (T-MIL-3/4); Trajan: ``TakeTrajanTile`` of each tile still in a pile, pile by
      pile (T-TRAJ-1..3); senate: ``SenateAdvance`` (T-SEN-1/2); construction: ``Hire``
      (T-BUILD-1), ``Build`` on each allowed space with each construction tile not yet taken
      (or ``""`` where a worker already took it) (T-BUILD-2, -2a, -2b).
    - ``extra``: ``UseExtraAction`` for each ``rules.extra_options`` (an action of this turn
      that :func:`action_moves` still lists, T-EXTRA-1), then ``EndTurn`` (T-EXTRA).
    - ``reveal_demand``: ``RevealDemand`` of each demand kind with tiles left (T-ROUND-2, T-COMP-5).
    - ``consul``: ``ChooseBonusTile`` of each senate bonus tile (T-QUARTER-2c).

    Free parameters: one representative per screen-level choice (:func:`choice_key` names
    the choice), the one the screens pre-select or the engine suggests where there is one:

    - ``setup_markers``: the arrangement of the 12 markers (T-SETUP-9) is free; one
      ``PlaceStartMarkers``: the previous player's arrangement, for the first player
      ``[c[i], c[i + 3]]`` in bowl i (``c`` = the board's marker colours), as the screen.
    - ``setup_trajan``: which tile of each pile and which slot each goes to (T-SETUP-17) are
      free; one ``TakeStartingTrajanTiles`` per set of 3 piles (20 at most): the first tile
      still listed in each pile, piles in board order onto slots II, IV, VI.
    - ``bowl``: the order the markers are dropped in (T-TURN-4) is free; one ``Sow`` per
      non-empty bowl (T-TURN-2), bowl order, colours in the bowl's current order.
    - Seaport display (T-HARB-3): the goods of the hidden hand are free; one
      ``SeaportDisplay`` per number of cards (1, 2), goods filled in board order from the
      types with cards not yet displayed (T-COMP-4).
    - Seaport ship (T-HARB-4, T-SHIP, T-FTILE-GOODSJOKER): the goods are free; one
      ``SeaportShip`` per (ship, number of cards, goods jokers) that some hand could load,
      ships in order same/pairs/diff, then by load size, then jokers; goods as above
      (pairs: fewest single cards beside the jokers).
    - Build, only when allowed spaces x untaken tiles exceeds :data:`MAX_BUILDS`: the tile
      lying on the space is listed once per construction kind (its lowest untaken value),
      which keeps the bonus action (T-BUILD-2a) apart.
    - ``demands``: which items meet the demands (T-QUARTER-1a/b) are free; one
      ``FulfilDemands``: ``rules.suggest_demands`` (T-AMB-11), the screen's pre-filled choice.
    """
    p = state.pending
    kind = p.kind
    if kind == "game_over":
        return []
    b = rules.board
    seat = p.player if p.player is not None else state.active
    if kind == "setup_markers":
        if seat:
            bowls = state.players[seat - 1].bowls
        else:
            c = b.marker_colours
            bowls = [[c[i], c[(i + 3) % 6]] for i in range(6)]
        return [ev.PlaceStartMarkers(seat, tuple(tuple(x) for x in bowls))]
    if kind in ("setup_bonus", "refill_bonus"):
        return [ev.DrawBonusTile(t) for t in dict.fromkeys(state.bonus_bag)]
    if kind == "setup_cards":
        splits = [ev.TakeStartingCards(seat, d, a, 3 - d - a) for d in range(3, -1, -1)
                  for a in range(3 - d, -1, -1)]
        return [e for e in splits if _accepted(rules, state, e)]
    if kind == "setup_trajan":
        firsts = [(pile, state.trajan_piles[pile][0]) for pile in b.piles if state.trajan_piles.get(pile)]
        return [ev.TakeStartingTrajanTiles(seat, (x[1], y[1], z[1])) for x, y, z in combinations(firsts, 3)]
    if kind == "bowl":
        me = state.players[state.active]
        return [ev.Sow(i, tuple(bowl)) for i, bowl in enumerate(me.bowls) if bowl]
    if kind == "trajan_special":
        me = state.players[state.active]
        assert state.turn is not None
        if b.trajan_tiles[state.turn.special].effect == "plus2":
            out: list[Event] = [ev.TrajanTileAction(True, a) for a in ACTIONS if a not in me.plus2]
        else:
            out = [ev.TrajanTileAction(True)]
        return out + [ev.TrajanTileAction(False)]
    if kind == "action":
        return action_moves(rules, state, p.action) + [ev.SkipAction()]
    if kind == "extra":
        return [ev.UseExtraAction(a, t) for a, t in rules.extra_options(state)] + [ev.EndTurn()]
    if kind == "reveal_demand":
        return [ev.RevealDemand(d) for d in b.demand_kinds if state.demands_seen[d] < b.demand_tiles_per_kind]
    if kind == "demands":
        return [ev.FulfilDemands(seat, rules.suggest_demands(state, seat))]
    if kind == "consul":
        return [ev.ChooseBonusTile(t) for t in dict.fromkeys(state.senate_bonus)]
    return []


def choice_key(rules: TrajanRules, state: TrajanState, event: Event) -> Hashable:
    """The screen-level choice ``event`` makes in ``state``: its free parameters (see
    :func:`legal_moves`) left out. ``legal_moves`` lists exactly one move per key, so a move
    the rules accept has the key of one listed move. Other moves: the event itself."""
    if isinstance(event, ev.PlaceStartMarkers):
        return ("place_start_markers", event.player)
    if isinstance(event, ev.TakeStartingTrajanTiles):
        tiles = rules.board.trajan_tiles
        return ("take_starting_trajan_tiles", event.player,
                frozenset(tiles[t].pile if t in tiles else t for t in event.tiles))
    if isinstance(event, ev.Sow):
        return ("sow", event.bowl)
    if isinstance(event, ev.SeaportDisplay):
        return ("seaport_display", len(event.cards))
    if isinstance(event, ev.SeaportShip):
        return ("seaport_ship", event.ship, len(event.cards), event.jokers)
    if isinstance(event, ev.FulfilDemands):
        return ("fulfil_demands", event.player)
    if isinstance(event, ev.Build) and event.tile and _builds_by_kind(rules, state):
        return ("build", event.space, rules.board.construction_kind(event.tile))
    return event


# --------------------------------------------------------------------------- helpers

def _accepted(rules: TrajanRules, state: TrajanState, event: Event) -> bool:
    try:
        rules.apply(copy_state(state), event)
    except RuleError:
        return False
    return True


def action_moves(rules: TrajanRules, s: TrajanState, action: str) -> list[Event]:
    """The moves of ``action`` the active player may make now (without ``SkipAction``), as
    :func:`legal_moves` lists them for a pending ``action`` decision; only ``s.active`` and
    the table are read, so it also answers whether an action could be repeated
    (``TrajanRules.action_possible``, T-EXTRA-1)."""
    b = rules.board
    me = s.players[s.active]
    out: list[Event] = []
    if action == "seaport":
        if me.hand + min(2, s.draw_pile) >= 1:                                    # T-HARB-1
            out += [ev.SeaportDraw("A"), ev.SeaportDraw("B")]
        out += [ev.SeaportTake(pile) for pile in ("A", "B") if s.discard[pile] > 0]   # T-HARB-2
        left = _goods_left(rules, s)
        for n in (1, 2):                                                          # T-HARB-3
            cards = _fill(left, n) if n <= me.hand else None
            if cards is not None:
                out.append(ev.SeaportDisplay(cards))
        out += _ship_moves(rules, s, left)
    elif action == "forum":
        if s.forum_green:
            out += [ev.ForumTake(k) for k in _forum_kinds_left(rules, s)]
        if s.forum_yellow:
            out += [ev.ForumTake(f"extra:{a}", "yellow") for a, total in b.extra_action_tiles.items()
                    if s.extra_seen[a] < total]
    elif action == "military":
        if me.supply:
            out.append(ev.Recruit())
        kinds = None
        for target in b.march_targets(me.commander):
            if s.province_tile[target]:
                kinds = kinds if kinds is not None else _forum_kinds_left(rules, s)
                out += [ev.March(target, k) for k in kinds]
            else:
                out.append(ev.March(target))
        if me.commander != CAMP and me.military_camp and s.active not in s.legions[me.commander]:
            out.append(ev.Deploy())
    elif action == "trajan":
        if me.arch is not None:
            out += [ev.TakeTrajanTile(t) for pile in b.piles for t in s.trajan_piles.get(pile, ())]
    elif action == "senate":
        if me.senate < len(b.senate_vp) - 1:
            out.append(ev.SenateAdvance())
    elif action == "construction":
        if me.supply:
            out.append(ev.Hire())
        if me.worker_camp:
            spaces = rules.build_spaces(s, s.active)
            tiles = _build_tiles(rules, s, len(spaces))
            for space in spaces:
                if not s.site_tile[space]:
                    out.append(ev.Build(space))
                else:
                    out += [ev.Build(space, t) for t in tiles]
    return out


def _forum_kinds_left(rules: TrajanRules, s: TrajanState) -> list[str]:
    """Forum-tile kinds not all identified yet (T-NIS-9), board order."""
    return [k for k, total in rules.board.forum_tiles.items() if s.forum_seen[k] < total]


def _untaken_tiles(rules: TrajanRules, s: TrajanState) -> list[str]:
    seen = set(s.construction_seen)
    return [t for t in rules.board.construction_tiles if t not in seen]


def _builds_by_kind(rules: TrajanRules, s: TrajanState) -> bool:
    """Whether ``legal_moves`` lists Build tiles one per construction kind in ``s``."""
    return len(rules.build_spaces(s, s.active)) * len(_untaken_tiles(rules, s)) > MAX_BUILDS


def _build_tiles(rules: TrajanRules, s: TrajanState, n_spaces: int) -> list[str]:
    tiles = _untaken_tiles(rules, s)
    if n_spaces * len(tiles) <= MAX_BUILDS:
        return tiles
    lowest: dict[str, str] = {}
    for t in sorted(tiles, key=rules.board.construction_vp):
        lowest.setdefault(rules.board.construction_kind(t), t)
    return [t for t in tiles if t in lowest.values()]


def _goods_left(rules: TrajanRules, s: TrajanState) -> dict[str, int]:
    """Cards of each goods type not in anyone's display (T-COMP-4), board order."""
    b = rules.board
    return {g: b.cards_per_type - sum(q.display[g] for q in s.players) for g in b.goods_types}


def _fill(left: dict[str, int], n: int) -> tuple[str, ...] | None:
    """``n`` cards filled in board order from the types with cards left; ``None`` if too few."""
    cards: list[str] = []
    for g, k in left.items():
        cards += [g] * min(k, n - len(cards))
    return tuple(sorted(cards)) if len(cards) == n else None


def _ship_moves(rules: TrajanRules, s: TrajanState, left: dict[str, int]) -> list[Event]:
    """One SeaportShip per (ship, cards, jokers) some hand of ``hand`` cards could load."""
    me = s.players[s.active]
    jokers = me.forum_tiles["goods_joker"]
    out: list[Event] = []
    for ship in SHIPS:
        size = len(rules.board.ship_vp[ship][s.ships[ship]])
        per_unit = 2 if ship == "pairs" else 1
        for units in range(1, size + 1):
            total = units * per_unit
            for j in range(min(jokers, total) + 1):
                k = total - j
                if k > me.hand:
                    continue
                cards = _ship_cards(ship, left, k, j)
                if cards is not None:
                    out.append(ev.SeaportShip(ship, cards, j))
    return out


def _ship_cards(ship: str, left: dict[str, int], k: int, jokers: int) -> tuple[str, ...] | None:
    if ship == "same":
        g = next((g for g, n in left.items() if n >= k), None)
        return None if g is None else (g,) * k
    if ship == "diff":
        kinds = [g for g, n in left.items() if n >= 1][:k]
        return tuple(sorted(kinds)) if len(kinds) == k else None
    for singles in range(jokers % 2, min(jokers, k) + 1, 2):                    # T-SHIP-PAIRS
        pairs = (k - singles) // 2
        doubles = [g for g, n in left.items() if n >= 2][:pairs]
        ones = [g for g, n in left.items() if n >= 1 and g not in doubles][:singles]
        if len(doubles) == pairs and len(ones) == singles:
            return tuple(sorted(doubles * 2 + ones))
    return None


__all__ = ["MAX_BUILDS", "action_moves", "choice_key", "legal_moves"]
