"""Trajan rules: setup, the turn, round and quarter end, final scoring.

:class:`TrajanRules` implements :class:`~firmware_host.engine.core.Rules`. ``apply`` checks an
event against the pending decision and the rules (raising :class:`RuleError` with the rule
ID) and then changes the state; :class:`~firmware_host.engine.core.Game` gives it a copy, so
a refused event never changes the game. Rule IDs refer to ``shared/rules/trajan.md``.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable
from typing import Any, ClassVar

from ..core import N_, Event, RuleError, parsed_board, to_jsonable
from . import events as ev
from .board import ACTIONS, CAMP, PLAYER_COLOURS, SHIPS, TrajanBoard
from .scoring import Holdings, tally
from .state import Decision, Pending, PlayerState, QuarterEnd, QuarterResult, TrajanSetup, TrajanState, TurnState

DEMAND_REVEALED = N_("Demand revealed: {demand}")
_DEMAND_ITEMS = ("trajan", "forum", "joker", "")   # what meets a demand, in the pre-fill's order (T-QUARTER-1a)


def _news(s: TrajanState, template: str, **params: Any) -> None:
    """Tell the table what the move did (shown until the next move)."""
    s.news.append((template, tuple(params.items())))


def board_for(data: dict[str, Any]) -> TrajanBoard:
    """The parsed board for a data dict (see :func:`~firmware_host.engine.core.parsed_board`)."""
    return parsed_board(TrajanBoard, data)


class TrajanRules:
    """The Trajan engine for one game's setup. Raises ``ValueError`` on an impossible setup
    (player count other than 2..4, unknown or repeated colours)."""

    name = "trajan"
    codec = ev.CODEC

    def __init__(self, setup: TrajanSetup) -> None:
        self.setup = setup
        self.board = board_for(setup.board)
        n = len(setup.players)
        if n not in self.board.time_track:
            raise ValueError(f"Trajan is for 2 to 4 players, not {n} (T-FLOW-4)")
        colours = [c for c, _ in setup.players]
        if len(set(colours)) != n or not set(colours) <= set(PLAYER_COLOURS):
            raise ValueError(f"each player needs their own colour of {', '.join(PLAYER_COLOURS)} (T-COMP-2)")
        if setup.demand_mode not in ("table", "companion"):
            raise ValueError(f"unknown demand mode {setup.demand_mode!r}")

    # ------------------------------------------------------------------ setup (T-SETUP)

    def initial_state(self) -> TrajanState:
        b, n = self.board, len(self.setup.players)
        players = []
        for seat, (colour, name) in enumerate(self.setup.players):
            p = PlayerState(colour=colour, name=name)
            p.supply = b.figures - b.start_legionaries - b.start_workers           # T-SETUP-7
            p.military_camp, p.worker_camp = b.start_legionaries, b.start_workers
            p.senate_height = seat + 1                                             # T-SETUP-12
            players.append(p)
        s = TrajanState(players=players)
        s.trajan_piles = {pile: [t.id for t in b.trajan_tiles.values() if t.pile == pile] for pile in b.piles}
        s.province_tile = {pid: True for pid in b.provinces}                       # T-SETUP-4
        s.legions = {pid: [] for pid in b.provinces}
        s.forum_stack = sum(b.forum_tiles.values()) - len(b.provinces) - b.green_spaces(n)
        s.forum_green = b.green_spaces(n)
        s.extra_stack = sum(b.extra_action_tiles.values()) - b.yellow_spaces
        s.forum_yellow = b.yellow_spaces
        s.site_tile = [True] * (b.rows * b.columns)                                # T-SETUP-5
        s.site_workers = [[] for _ in range(b.rows * b.columns)]
        s.ships = {ship: "coloured" for ship in SHIPS}                              # T-SETUP-11
        s.bonus_bag = sorted(b.bonus_tiles)
        s.draw_pile = len(b.goods_types) * b.cards_per_type - 2                    # T-SETUP-15
        s.discard = {"A": 1, "B": 1}
        s.plus2_left = b.plus2_total
        if self.setup.demand_mode == "companion":                                  # T-SETUP-3
            pool = [k for k in b.demand_kinds for _ in range(b.demand_tiles_per_kind)]
            random.Random(self.setup.seed).shuffle(pool)
            s.demand_stack = pool[b.demand_removed_unseen:]
        s.history.append((0, 0, tuple(0 for _ in players)))
        return s

    # ------------------------------------------------------------------ dispatch

    def apply(self, s: TrajanState, event: Event) -> None:
        """Check ``event`` against the pending decision and the rules, then change ``s``.

        Raises :class:`RuleError` naming the rule when the move is illegal.
        """
        handler = self._handlers.get(type(event))
        if handler is None:
            raise RuleError("T-TURN-1", N_("{event} is not a Trajan move."), N_("Enter a Trajan move."),
                            event=event.kind)
        s.news = []
        expected = self._expects(s.pending)
        if type(event) not in expected:
            raise RuleError(
                "T-TURN-1", N_("The game is waiting for: {waiting}."),
                N_("Finish that first, or undo."), waiting=self.describe(s.pending))
        handler(self, s, event)

    @staticmethod
    def _expects(p: Pending) -> tuple[type, ...]:
        if p.kind == "action":
            return tuple(cls for cls, a in ev.ACTION_OF.items() if a == p.action) + (ev.SkipAction,)
        return _EXPECTS.get(p.kind, ())

    @staticmethod
    def describe(p: Pending) -> str:
        """What the game waits for, as an English phrase marked for translation."""
        return _WAITING[f"action:{p.action}" if p.kind == "action" else p.kind]

    # ------------------------------------------------------------------ setup handlers

    def _place_start_markers(self, s: TrajanState, e: ev.PlaceStartMarkers) -> None:
        b = self.board
        self._check_player(s, e.player)
        if len(e.bowls) != 6 or any(len(bowl) != 2 for bowl in e.bowls):
            raise RuleError("T-SETUP-9", N_("Each bowl starts with exactly 2 action markers."),
                            N_("Put 2 markers in each of the 6 bowls."))
        counts = Counter(c for bowl in e.bowls for c in bowl)
        if counts != Counter({c: b.markers_per_colour for c in b.marker_colours}):
            raise RuleError("T-SETUP-9", N_("A player has 2 markers of each of the 6 colours."),
                            N_("Check the colours in the bowls."))
        s.players[e.player].bowls = [list(bowl) for bowl in e.bowls]
        nxt = e.player + 1
        s.pending = Pending("setup_markers", nxt) if nxt < s.n else Pending("setup_bonus", 0)

    def _draw_bonus_tile(self, s: TrajanState, e: ev.DrawBonusTile) -> None:
        if e.tile not in s.bonus_bag:
            raise RuleError("T-SETUP-14", N_("Bonus tile {tile} is not in the bag."),
                            N_("Choose a tile that has not been drawn yet."), tile=e.tile)
        s.bonus_bag.remove(e.tile)
        p = s.pending
        if p.kind == "setup_bonus" and p.player is not None:
            s.players[p.player].bonus_tiles.append((e.tile, "yellow"))
            s.pending = Pending("setup_bonus", p.player + 1 if p.player + 1 < s.n else None)
            return
        s.senate_bonus.append(e.tile)
        if len(s.senate_bonus) < 2 and s.bonus_bag:
            return
        if p.kind == "setup_bonus":
            s.pending = Pending("setup_cards", 0)
        else:
            self._finish_refill(s)

    def _take_starting_cards(self, s: TrajanState, e: ev.TakeStartingCards) -> None:
        self._check_player(s, e.player)
        takes = (e.from_draw, e.from_a, e.from_b)
        if min(takes) < 0 or sum(takes) != 3:
            raise RuleError("T-SETUP-16", N_("Each player takes exactly 3 goods cards."),
                            N_("Say where each of the 3 cards came from."))
        for _ in range(e.from_draw):
            self._draw(s, 1)
        for pile, k in (("A", e.from_a), ("B", e.from_b)):
            for _ in range(k):
                self._take_discard(s, pile)
        s.players[e.player].hand += 3
        nxt = e.player + 1
        s.pending = Pending("setup_cards", nxt) if nxt < s.n else Pending("setup_trajan", 0)

    def _take_starting_trajan_tiles(self, s: TrajanState, e: ev.TakeStartingTrajanTiles) -> None:
        self._check_player(s, e.player)
        if len(e.tiles) != 3:
            raise RuleError("T-SETUP-17", N_("Each player takes exactly 3 Trajan tiles."),
                            N_("Choose one tile for each of slots II, IV and VI."))
        piles = [self._tile(e_t).pile for e_t in e.tiles]
        if len(set(piles)) != 3:
            raise RuleError("T-SETUP-17", N_("The 3 starting Trajan tiles must come from 3 different piles."),
                            N_("Take at most one tile from each pile."))
        for tile in e.tiles:
            self._take_from_pile(s, tile)
        p = s.players[e.player]
        for slot, tile in zip((1, 3, 5), e.tiles):
            p.slots[slot] = tile
        nxt = e.player + 1
        if nxt < s.n:
            s.pending = Pending("setup_trajan", nxt)
        else:
            self._start_turn(s, 0)

    # ------------------------------------------------------------------ the turn

    def _start_turn(self, s: TrajanState, player: int) -> None:
        s.active = player
        s.turn = TurnState(player=player)
        s.pending = Pending("bowl", player)

    def _sow(self, s: TrajanState, e: ev.Sow) -> None:
        p = s.players[s.active]
        if not 0 <= e.bowl < 6:
            raise RuleError("T-TURN-2", N_("There is no bowl {bowl}."), N_("Choose a bowl from 1 to 6."),
                            bowl=e.bowl + 1)
        taken = p.bowls[e.bowl]
        if not taken:
            raise RuleError("T-TURN-2", N_("Bowl {bowl} is empty."),
                            N_("Choose a bowl with at least one marker."), bowl=e.bowl + 1)
        if Counter(e.colours) != Counter(taken):
            raise RuleError("T-TURN-4", N_("The markers sown must be the {n} taken from bowl {bowl}."),
                            N_("Sow exactly the markers that were in the bowl."), n=len(taken), bowl=e.bowl + 1)
        n = len(taken)
        p.bowls[e.bowl] = []
        destinations = self.sowing(e.bowl, n)
        for bowl, colour in zip(destinations, e.colours):
            p.bowls[bowl].append(colour)
        target = destinations[-1]                                                  # T-TURN-5
        t = s.turn
        assert t is not None
        t.bowl, t.markers, t.target = e.bowl, n, target
        lap = self.board.spaces(s.n)                                               # T-TURN-3
        s.time += n
        if s.time >= lap:                                                          # T-ROUND-1
            t.round_end = True
            if s.time >= 2 * lap:                                                  # T-NIS-10
                _news(s, N_("The time marker passed the start twice: the round still ends once."))
            s.time %= lap
        tile_id = p.slots[target]                                                  # T-TT-1
        if tile_id is not None:
            tile = self.board.trajan_tiles[tile_id]
            if not Counter(tile.colours) - Counter(p.bowls[target]):
                self._complete_tile(s, p, target, tile_id)
        t.queue = [(self.board.bowl_actions[target], "main")]
        self._advance(s)

    @staticmethod
    def sowing(bowl: int, n: int) -> list[int]:
        """The bowl each of ``n`` markers taken from ``bowl`` goes to, in order: one per bowl
        clockwise from the next, round again past 6, the source included (T-TURN-4, T-AMB-3).
        The last is the target (T-TURN-5)."""
        return [(bowl + k) % 6 for k in range(1, n + 1)]

    def _complete_tile(self, s: TrajanState, p: PlayerState, slot: int, tile_id: str) -> None:
        tile = self.board.trajan_tiles[tile_id]
        p.slots[slot] = None                                                       # T-TT-2/3
        p.completed.append(tile_id)
        p.add_vp("trajan_tiles", tile.vp)
        if p.arch is None:                                                         # T-TT-4
            p.arch = slot
        _news(s, N_("{player} completes a Trajan tile: +{vp} VP"), player=p.name, vp=tile.vp)
        t = s.turn
        assert t is not None
        t.completed_tile = tile_id
        if tile.effect == "demand":                                                # T-TT-5f
            p.demand_tiles.append(tile.demand)
        elif self._special_possible(s, p, tile.effect):
            t.special = tile_id

    def _special_possible(self, s: TrajanState, p: PlayerState, effect: str) -> bool:
        if effect == "goods":
            return s.draw_pile > 0
        if effect in ("legion", "worker"):
            return p.supply > 0
        if effect == "plus2":                                                      # T-NIS-10
            return s.plus2_left > 0 and len(p.plus2) < len(ACTIONS)
        return False

    def _trajan_tile_action(self, s: TrajanState, e: ev.TrajanTileAction) -> None:
        t = s.turn
        assert t is not None
        tile = self.board.trajan_tiles[t.special]
        p = s.players[s.active]
        if e.action and not (e.use and tile.effect == "plus2"):
            raise RuleError("T-TT-5", N_("Only a [+2] tile asks for an action."), N_("Leave the action out."))
        if e.use:
            if tile.effect == "goods":                                             # T-TT-5a
                p.hand += self._draw(s, 2)
            elif tile.effect == "legion":                                          # T-TT-5c
                k = min(tile.figures, p.supply)
                p.supply -= k
                p.military_camp += k
            elif tile.effect == "worker":                                          # T-TT-5d
                k = min(tile.figures, p.supply)
                p.supply -= k
                p.worker_camp += k
            elif tile.effect == "plus2":                                           # T-TT-5e
                if e.action not in ACTIONS:
                    raise RuleError("T-TT-5", N_("Choose the action whose [+2] space gets the marker."),
                                    N_("Pick one of the six actions."))
                if e.action in p.plus2:
                    raise RuleError("T-TT-5", N_("The [+2] space of {action} already has a marker."),
                                    N_("Choose a free [+2] space."), action=e.action)
                p.plus2.append(e.action)
                s.plus2_left -= 1
        t.special = ""
        self._advance(s)

    def _advance(self, s: TrajanState) -> None:
        """Set the next decision of the turn, or end the turn (T-TURN-1, T-EXTRA)."""
        t = s.turn
        assert t is not None
        if t.special:
            s.pending = Pending("trajan_special", s.active)
            return
        if t.queue:
            action, reason = t.queue[0]
            s.pending = Pending("action", s.active, action, reason)
            return
        if not t.extra_used and self.extra_options(s):
            s.pending = Pending("extra", s.active)
            return
        self._end_turn(s)

    def extra_options(self, s: TrajanState) -> list[tuple[str, str]]:
        """``(action, tile)`` pairs the active player may use now (T-EXTRA-1, -4, -6): a tile
        for an action carried out this turn that can be carried out once more now
        (:meth:`action_possible`); a repeat the rules would refuse is not offered, so no tile
        is discarded for nothing (a Senate disc on the 8-VP space, T-SEN-2; the arch in the
        centre, T-TRAJ-3; an empty supply and camp...)."""
        t = s.turn
        if t is None or t.extra_used:
            return []
        p = s.players[s.active]
        out = []
        for action in dict.fromkeys(t.performed):
            if not self.action_possible(s, action):
                continue
            if p.forum_tiles[f"extra:{action}"] > 0:
                out.append((action, "extra"))
            if p.forum_tiles["extra_joker"] > 0:
                out.append((action, "extra_joker"))
        return out

    def action_possible(self, s: TrajanState, action: str) -> bool:
        """Whether the active player could carry out ``action`` now: the legal moves of that
        action (``moves.action_moves``, the same list the action screen offers) are not
        empty. Skipping does not count."""
        from .moves import action_moves  # moves.py builds on this module

        return bool(action_moves(self, s, action))

    def _action_done(self, s: TrajanState) -> None:
        t = s.turn
        assert t is not None
        action, _ = t.queue.pop(0)
        t.performed.append(action)
        self._advance(s)

    def _skip_action(self, s: TrajanState, e: ev.SkipAction) -> None:
        t = s.turn
        assert t is not None
        t.queue.pop(0)
        self._advance(s)

    def _use_extra_action(self, s: TrajanState, e: ev.UseExtraAction) -> None:
        t = s.turn
        if (t is not None and not t.extra_used and e.action in t.performed
                and not self.action_possible(s, e.action)):
            raise RuleError("T-EXTRA-1", N_("The {action} action cannot be carried out again now."),
                            N_("Keep the tile: end the turn."), action=e.action)
        if (e.action, e.tile) not in self.extra_options(s):
            raise RuleError("T-EXTRA-1", N_("No extra-action tile for {action} can be used now."),
                            N_("Use a tile showing an action you took this turn, or the joker."),
                            action=e.action)
        p = s.players[s.active]
        key = f"extra:{e.action}" if e.tile == "extra" else "extra_joker"
        p.forum_tiles[key] -= 1                                                    # T-EXTRA-3/6
        assert t is not None
        t.extra_used = True                                                        # T-EXTRA-4
        repeats = 2 if e.action in p.plus2 else 1                                  # T-EXTRA-2
        t.queue.extend([(e.action, "repeat")] * repeats)
        self._advance(s)

    def _end_turn_event(self, s: TrajanState, e: ev.EndTurn) -> None:
        self._end_turn(s)

    # ------------------------------------------------------------------ seaport (T-HARB)

    def _seaport_draw(self, s: TrajanState, e: ev.SeaportDraw) -> None:
        self._check_pile(e.discard_to, "T-HARB-1")
        p = s.players[s.active]
        drawn = self._draw(s, 2)
        if p.hand + drawn < 1:
            raise RuleError("T-HARB-1", N_("There is no card to discard."),
                            N_("Choose another seaport option."))
        p.hand += drawn - 1
        s.discard[e.discard_to] += 1
        self._action_done(s)

    def _seaport_take(self, s: TrajanState, e: ev.SeaportTake) -> None:
        self._check_pile(e.pile, "T-HARB-2")
        if s.discard[e.pile] == 0:
            raise RuleError("T-HARB-2", N_("Discard pile {pile} is empty."),
                            N_("Take from the other pile or choose another option."), pile=e.pile)
        self._take_discard(s, e.pile)
        s.players[s.active].hand += 1
        self._action_done(s)

    def _seaport_display(self, s: TrajanState, e: ev.SeaportDisplay) -> None:
        p = s.players[s.active]
        if len(e.cards) not in (1, 2):
            raise RuleError("T-HARB-3", N_("Play 1 or 2 cards to the display."), N_("Choose 1 or 2 cards."))
        self._check_cards(s, p, e.cards, "T-HARB-3")
        p.hand -= len(e.cards)
        p.display.update(e.cards)
        p.hand += self._draw(s, len(e.cards))
        self._action_done(s)

    def ship_value(self, s: TrajanState, ship: str, cards: tuple[str, ...], jokers: int) -> int:
        """VP of loading ``cards`` plus ``jokers`` on ``ship`` at its current side (T-SHIP).

        Raises :class:`RuleError` (T-SHIP-SAME/PAIRS/DIFF) if the cards do not fit the ship.
        """
        if ship not in SHIPS:
            raise RuleError("T-HARB-4", N_("There is no {ship} ship."), N_("Choose one of the 3 ships."), ship=ship)
        table = self.board.ship_vp[ship][s.ships[ship]]
        counts = Counter(cards)
        total = len(cards) + jokers
        if ship == "same":
            ok = len(counts) <= 1 and 1 <= total <= len(table)
            units = total
            rule = "T-SHIP-SAME"
            fix = N_("Load 1 to 4 cards of one goods type.")
        elif ship == "diff":
            ok = all(c == 1 for c in counts.values()) and 1 <= total <= len(table)
            units = total
            rule = "T-SHIP-DIFF"
            fix = N_("Load 1 to 4 cards, all of different goods types.")
        else:
            singles = sum(1 for c in counts.values() if c == 1)
            ok = (all(c <= 2 for c in counts.values()) and singles <= jokers
                  and (jokers - singles) % 2 == 0 and 1 <= total // 2 <= len(table))
            units = total // 2
            rule = "T-SHIP-PAIRS"
            fix = N_("Load 1 to 3 pairs, each pair of its own goods type.")
        if not ok:
            raise RuleError(rule, N_("These cards do not fit the ship."), fix)
        return table[units - 1]

    def _seaport_ship(self, s: TrajanState, e: ev.SeaportShip) -> None:
        p = s.players[s.active]
        if e.jokers < 0 or e.jokers > p.forum_tiles["goods_joker"]:
            raise RuleError("T-FTILE-GOODSJOKER", N_("{player} holds only {n} goods jokers."),
                            N_("Use the jokers you hold."), player=p.name, n=p.forum_tiles["goods_joker"])
        self._check_cards(s, p, e.cards, "T-HARB-4")
        vp = self.ship_value(s, e.ship, e.cards, e.jokers)
        p.hand -= len(e.cards)
        p.display.update(e.cards)                                                  # T-HARB-4: to the display
        p.forum_tiles["goods_joker"] -= e.jokers
        p.add_vp("ships", vp)
        s.ships[e.ship] = "grey"
        _news(s, N_("{player} loads a ship: +{vp} VP"), player=p.name, vp=vp)
        self._action_done(s)

    def _check_cards(self, s: TrajanState, p: PlayerState, cards: tuple[str, ...], rule: str) -> None:
        if len(cards) > p.hand:
            raise RuleError(rule, N_("{player} has only {n} cards in hand."),
                            N_("Play the cards you hold."), player=p.name, n=p.hand)
        for goods, k in Counter(cards).items():
            if goods not in self.board.goods_types:
                raise RuleError(rule, N_("{goods} is not a goods type."), N_("Choose a goods type."), goods=goods)
            shown = sum(q.display[goods] for q in s.players)
            if shown + k > self.board.cards_per_type:
                raise RuleError("T-COMP-4", N_("There are only {n} {goods} cards and {shown} are already displayed."),
                                N_("Check the goods type."), n=self.board.cards_per_type, goods=goods, shown=shown)

    @staticmethod
    def _check_pile(pile: str, rule: str) -> None:
        if pile not in ("A", "B"):
            raise RuleError(rule, N_("There is no discard pile {pile}."), N_("Choose pile A or B."), pile=pile)

    def _draw(self, s: TrajanState, n: int) -> int:
        """Draw up to ``n`` cards from the draw pile; an empty pile simply runs out (T-AMB-7)."""
        k = min(n, s.draw_pile)
        s.draw_pile -= k
        if k < n:
            _news(s, N_("The goods draw pile is empty."))
        return k

    def _take_discard(self, s: TrajanState, pile: str) -> None:
        if s.discard[pile] == 0:
            raise RuleError("T-SETUP-16", N_("Discard pile {pile} is empty."), N_("Take from the draw pile."),
                            pile=pile)
        s.discard[pile] -= 1
        if s.discard[pile] == 0 and s.draw_pile > 0:                                # T-AMB-7
            s.draw_pile -= 1
            s.discard[pile] = 1

    # ------------------------------------------------------------------ forum (T-FORUM)

    def _forum_take(self, s: TrajanState, e: ev.ForumTake) -> None:
        p = s.players[s.active]
        if e.space == "green":
            if s.forum_green == 0:
                raise RuleError("T-FORUM-1", N_("The forum's green spaces are empty."),
                                N_("Take an extra-action tile from a yellow space, or skip."))
            self._identify_forum_tile(s, e.tile, "T-FORUM-1")
            s.forum_green -= 1
        elif e.space == "yellow":
            action = e.tile.removeprefix("extra:")
            if s.forum_yellow == 0:
                raise RuleError("T-FORUM-1", N_("The forum's yellow spaces are empty."),
                                N_("Take a tile from a green space, or skip."))
            if not e.tile.startswith("extra:") or action not in self.board.extra_action_tiles:
                raise RuleError("T-XTILE-1", N_("The yellow spaces hold extra-action tiles."),
                                N_("Say which action the tile shows."))
            if s.extra_seen[action] >= self.board.extra_action_tiles[action]:
                raise RuleError("T-XTILE-1", N_("All extra-action tiles for {action} are already out."),
                                N_("Check the tile's action."), action=action)
            s.extra_seen[action] += 1
            s.forum_yellow -= 1
        else:
            raise RuleError("T-FORUM-1", N_("There is no {space} forum space."), N_("Choose green or yellow."),
                            space=e.space)
        p.forum_tiles[e.tile] += 1
        self._action_done(s)

    def _identify_forum_tile(self, s: TrajanState, tile: str, rule: str) -> None:
        total = self.board.forum_tiles.get(tile)
        if total is None:
            raise RuleError(rule, N_("{tile} is not a forum tile."), N_("Choose the tile's kind."), tile=tile)
        if s.forum_seen[tile] >= total:
            raise RuleError("T-NIS-9", N_("All {total} {tile} forum tiles are already out."),
                            N_("Check the tile."), total=total, tile=tile)
        s.forum_seen[tile] += 1

    # ------------------------------------------------------------------ military (T-MIL)

    def _recruit(self, s: TrajanState, e: ev.Recruit) -> None:
        p = s.players[s.active]
        self._need_supply(p, "T-MIL-1")
        p.supply -= 1
        p.military_camp += 1
        self._action_done(s)

    def _place(self, pid: str) -> str:
        """Where the commander can be, as players read it (a refusal's parameter): a
        province's name (board data), the military camp, or an unknown id as it was sent."""
        if pid in self.board.provinces:
            return self.board.provinces[pid].name
        return N_("military camp") if pid == "camp" else pid

    def _march(self, s: TrajanState, e: ev.March) -> None:
        p = s.players[s.active]
        targets = self.board.march_targets(p.commander)
        if e.province not in targets:
            raise RuleError("T-MIL-2", N_("{to} is not next to the commander's position ({at})."),
                            N_("March to a province next to it."), to=self._place(e.province),
                            at=self._place(p.commander))
        if s.province_tile[e.province]:
            if not e.tile:
                raise RuleError("T-MIL-2", N_("{to} holds a forum tile."), N_("Say which tile it is."),
                                to=self._place(e.province))
            self._identify_forum_tile(s, e.tile, "T-MIL-2")
            p.forum_tiles[e.tile] += 1
            s.province_tile[e.province] = False
        elif e.tile:
            raise RuleError("T-MIL-2", N_("{to} holds no forum tile."), N_("March without a tile."),
                            to=self._place(e.province))
        p.commander = e.province
        self._action_done(s)

    def deploy_value(self, s: TrajanState, player: int) -> int:
        """VP for deploying to the commander's province: printed VP - 3 per other player's
        legionary, at least 0 (T-MIL-3)."""
        p = s.players[player]
        prov = self.board.provinces[p.commander]
        others = sum(1 for q in s.legions[p.commander] if q != player)
        return max(0, prov.vp - self.board.deploy_penalty * others)

    def _deploy(self, s: TrajanState, e: ev.Deploy) -> None:
        p = s.players[s.active]
        if p.commander == CAMP:
            raise RuleError("T-MIL-3", N_("The commander is still in the military camp."),
                            N_("March the commander into a province first."))
        if p.military_camp == 0:
            raise RuleError("T-MIL-3", N_("{player} has no legionary in the military camp."),
                            N_("Recruit one first."), player=p.name)
        if s.active in s.legions[p.commander]:
            raise RuleError("T-MIL-4", N_("{player} already has a legionary in {province}."),
                            N_("March on to another province."), player=p.name,
                            province=self.board.provinces[p.commander].name)
        vp = self.deploy_value(s, s.active)
        p.military_camp -= 1
        s.legions[p.commander].append(s.active)
        p.add_vp("military", vp)
        _news(s, N_("{player} deploys: +{vp} VP"), player=p.name, vp=vp)
        self._action_done(s)

    # ------------------------------------------------------------------ Trajan (T-TRAJ)

    def _take_trajan_tile(self, s: TrajanState, e: ev.TakeTrajanTile) -> None:
        p = s.players[s.active]
        if p.arch is None:
            raise RuleError("T-TRAJ-3", N_("All six Trajan slots are full; the arch is in the centre."),
                            N_("Complete a Trajan tile first."))
        self._tile(e.tile)
        self._take_from_pile(s, e.tile)
        p.slots[p.arch] = e.tile                                                   # T-TRAJ-1
        p.arch = next(((p.arch + k) % 6 for k in range(1, 6) if p.slots[(p.arch + k) % 6] is None), None)  # T-TRAJ-2/3
        self._action_done(s)

    def _tile(self, tile_id: str):
        tile = self.board.trajan_tiles.get(tile_id)
        if tile is None:
            raise RuleError("T-TRAJ-1", N_("{tile} is not a Trajan tile."), N_("Choose a tile from a pile."),
                            tile=tile_id)
        return tile

    def _take_from_pile(self, s: TrajanState, tile_id: str) -> None:
        pile = s.trajan_piles[self._tile(tile_id).pile]
        if tile_id not in pile:
            raise RuleError("T-TRAJ-1", N_("Trajan tile {tile} is no longer in its pile."),
                            N_("Choose the tile that is on top of the pile."), tile=tile_id)
        pile.remove(tile_id)

    # ------------------------------------------------------------------ senate (T-SEN)

    def _senate_advance(self, s: TrajanState, e: ev.SenateAdvance) -> None:
        p = s.players[s.active]
        if p.senate >= len(self.board.senate_vp) - 1:
            raise RuleError("T-SEN-2", N_("{player} already reached the 8 VP space this quarter."),
                            N_("Skip the senate action."), player=p.name)
        p.senate += 1
        p.senate_height = max(q.senate_height for q in s.players) + 1               # on top of the stack
        vp = self.board.senate_vp[p.senate]
        p.add_vp("senate", vp)
        _news(s, N_("{player} advances in the senate: +{vp} VP"), player=p.name, vp=vp)
        self._action_done(s)

    # ------------------------------------------------------------------ construction (T-BUILD)

    def _hire(self, s: TrajanState, e: ev.Hire) -> None:
        p = s.players[s.active]
        self._need_supply(p, "T-BUILD-1")
        p.supply -= 1
        p.worker_camp += 1
        self._action_done(s)

    def build_spaces(self, s: TrajanState, player: int) -> list[int]:
        """Construction spaces ``player`` may place a worker on now (T-BUILD-2)."""
        own = [i for i, w in enumerate(s.site_workers) if player in w]
        if not own:
            return [i for i in range(len(s.site_workers))]
        near = {n for i in own for n in self.board.neighbours(i)}
        return sorted(i for i in near if player not in s.site_workers[i])

    def _build(self, s: TrajanState, e: ev.Build) -> None:
        p = s.players[s.active]
        if p.worker_camp == 0:
            raise RuleError("T-BUILD-2", N_("{player} has no worker in the worker camp."),
                            N_("Hire a worker first."), player=p.name)
        if not 0 <= e.space < len(s.site_workers):
            raise RuleError("T-BUILD-2", N_("There is no construction space {space}."), N_("Choose a space."),
                            space=e.space)
        if s.active in s.site_workers[e.space]:
            raise RuleError("T-BUILD-2", N_("{player} already has a worker on that space."),
                            N_("Choose a neighbouring space."), player=p.name)
        if e.space not in self.build_spaces(s, s.active):
            raise RuleError("T-BUILD-2", N_("A new worker must stand next to one of {player}'s workers."),
                            N_("Choose a space beside your workers."), player=p.name)
        t = s.turn
        assert t is not None
        if s.site_tile[e.space]:
            tile = e.tile
            if tile not in self.board.construction_tiles:
                raise RuleError("T-BUILD-2a", N_("That space holds a construction tile."),
                                N_("Say which tile it is."))
            if tile in s.construction_seen:
                raise RuleError("T-BUILD-2a", N_("Construction tile {tile} was already taken."),
                                N_("Check the tile."), tile=tile)
            kind = self.board.construction_kind(tile)
            first = all(self.board.construction_kind(x) != kind for x in p.construction_tiles)
            s.construction_seen.append(tile)
            s.site_tile[e.space] = False
            p.construction_tiles.append(tile)
            vp = self.board.construction_vp(tile)
            p.add_vp("construction", vp)
            _news(s, N_("{player} builds: +{vp} VP"), player=p.name, vp=vp)
            if first:                                                              # T-BUILD-2a
                t.queue.insert(1, (self.board.bonus_action[kind], "bonus"))
        elif e.tile:
            raise RuleError("T-BUILD-2b", N_("No tile is left on that space."), N_("Build without a tile."))
        p.worker_camp -= 1
        s.site_workers[e.space].append(s.active)
        self._action_done(s)

    @staticmethod
    def _need_supply(p: PlayerState, rule: str) -> None:
        if p.supply == 0:
            raise RuleError(rule, N_("{player} has no figure left in supply."),
                            N_("Choose another option."), player=p.name)

    # ------------------------------------------------------------------ round end (T-ROUND)

    def _end_turn(self, s: TrajanState) -> None:
        t = s.turn
        assert t is not None
        s.turns += 1
        if not t.round_end:
            self._start_turn(s, (s.active + 1) % s.n)                              # T-FLOW-2
            return
        s.history.append((s.quarter, s.round, tuple(p.vp for p in s.players)))
        if len(s.demands) < 3:                                                     # T-ROUND-2
            if self.setup.demand_mode == "companion":
                self._reveal(s, s.demand_stack.pop(0))
            else:
                s.turn = None
                s.pending = Pending("reveal_demand")
        else:                                                                      # T-ROUND-3
            self._start_quarter_end(s)

    def _reveal(self, s: TrajanState, demand: str) -> None:
        s.demands.append(demand)
        s.demands_seen[demand] += 1
        _news(s, DEMAND_REVEALED, demand=demand)
        s.round += 1
        self._start_turn(s, (s.active + 1) % s.n)

    def _reveal_demand(self, s: TrajanState, e: ev.RevealDemand) -> None:
        b = self.board
        if e.demand not in b.demand_kinds:
            raise RuleError("T-COMP-5", N_("{demand} is not a demand."), N_("Choose bread, games or religion."),
                            demand=e.demand)
        if s.demands_seen[e.demand] >= b.demand_tiles_per_kind:
            raise RuleError("T-COMP-5", N_("All {n} {demand} demand tiles were already revealed."),
                            N_("Check the tile."), n=b.demand_tiles_per_kind, demand=e.demand)
        self._reveal(s, e.demand)

    # ------------------------------------------------------------------ quarter end (T-QUARTER)

    def _start_quarter_end(self, s: TrajanState) -> None:
        s.turn = None
        s.quarter_end = QuarterEnd()
        s.pending = Pending("demands", 0)

    def demand_resources(self, s: TrajanState, player: int) -> dict[str, Counter]:
        """What ``player`` can spend on demands: ``trajan``/``forum`` by kind, ``joker``."""
        p = s.players[player]
        return {
            "trajan": Counter(p.demand_tiles),
            "forum": Counter({k: p.forum_tiles[k] for k in self.board.demand_kinds}),
            "joker": Counter({"any": p.forum_tiles["demand_joker"]}),
        }

    def max_demands_met(self, s: TrajanState, player: int) -> int:
        """The most face-up demands ``player`` can satisfy (T-QUARTER-1b)."""
        res = self.demand_resources(s, player)
        need = Counter(s.demands)
        met = sum(min(k, res["trajan"][d] + res["forum"][d]) for d, k in need.items())
        return met + min(res["joker"]["any"], len(s.demands) - met)

    def suggest_demands(self, s: TrajanState, player: int) -> tuple[str, ...]:
        """The pre-filled choice (T-AMB-11): of the assignments meeting the most demands
        (T-QUARTER-1b), the one that keeps the most forum tiles (kept Trajan tiles are used
        first), then the one worth most to the player at the final scoring (a forum demand
        tile kept for a forum bonus tile, T-BONUS-FORUM, rather than a demand joker, which
        scores nothing, T-AMB-17); on a tie Trajan tiles before forum demand tiles before
        jokers, demand by demand."""
        res = self.demand_resources(s, player)
        best = self.max_demands_met(s, player)
        choices = []
        for items in itertools.product(_DEMAND_ITEMS, repeat=len(s.demands)):
            spent = Counter((item, d) for item, d in zip(items, s.demands) if item)
            if sum(spent.values()) != best:
                continue
            if any(res[item][d] < k for (item, d), k in spent.items() if item != "joker"):
                continue
            if sum(k for (item, _d), k in spent.items() if item == "joker") > res["joker"]["any"]:
                continue
            forum = Counter({d: k for (item, d), k in spent.items() if item == "forum"})
            tiles = sum(forum.values()) + sum(k for (item, _d), k in spent.items() if item == "joker")
            choices.append((tiles, tuple(sorted(forum.items())), tuple(_DEMAND_ITEMS.index(i) for i in items), items))
        least = min(c[0] for c in choices)
        choices = [c for c in choices if c[0] == least]
        value = {spend: self._final_value(s, player, Counter(dict(spend))) for spend in {c[1] for c in choices}}
        return min(choices, key=lambda c: (-value[c[1]], c[2]))[3]

    def _final_value(self, s: TrajanState, player: int, forum_spent: Counter) -> int:
        """The player's final-scoring total (T-FINAL) if the game ended now with
        ``forum_spent`` (demand kind -> forum demand tiles) gone."""
        holdings = self.holdings(s)
        h = holdings[player]
        h.forum_demand = {k: n - forum_spent[k] for k, n in h.forum_demand.items() if n > forum_spent[k]}
        result = tally(self.board, holdings, edition=self.setup.edition,
                       yellow_counts_itself=self.setup.yellow_counts_itself)
        return int(result["players"][player]["total"])

    def _fulfil_demands(self, s: TrajanState, e: ev.FulfilDemands) -> None:
        self._check_player(s, e.player)
        if len(e.items) != len(s.demands):
            raise RuleError("T-QUARTER-1a", N_("Say what meets each of the {n} demands."), N_("One choice per demand."),
                            n=len(s.demands))
        res = self.demand_resources(s, e.player)
        use: Counter = Counter()
        for demand, item in zip(s.demands, e.items):
            if item == "trajan":
                use[("trajan", demand)] += 1
            elif item == "forum":
                use[("forum", demand)] += 1
            elif item == "joker":
                use[("joker", "any")] += 1
            elif item:
                raise RuleError("T-QUARTER-1a", N_("{item} cannot meet a demand."),
                                N_("Use a Trajan tile, a forum tile or a joker."), item=item)
        for (source, kind), k in use.items():
            if res[source][kind] < k:
                raise RuleError("T-QUARTER-1a", N_("{player} does not hold {k} {source} tile(s) for {kind}."),
                                N_("Use what the player holds."), player=s.players[e.player].name,
                                k=k, source=source, kind=kind)
        met = sum(1 for item in e.items if item)
        best = self.max_demands_met(s, e.player)
        if met < best:
            raise RuleError("T-QUARTER-1b", N_("{player} can meet {best} demands, not only {met}."),
                            N_("Meeting demands is compulsory: use the tiles."),
                            player=s.players[e.player].name, best=best, met=met)
        p = s.players[e.player]
        for (source, kind), k in use.items():
            if source == "forum":
                p.forum_tiles[kind] -= k                                           # spent (T-QUARTER-3a)
            elif source == "joker":
                p.forum_tiles["demand_joker"] -= k
        unmet = len(s.demands) - met
        penalty = self.board.demand_penalty[unmet]                                 # T-QUARTER-1c
        if penalty:
            p.add_vp("demands", -penalty)
            _news(s, N_("{player}: {n} demand(s) unmet, -{vp} VP"), player=p.name, n=unmet, vp=penalty)
        if e.player + 1 < s.n:
            s.pending = Pending("demands", e.player + 1)
        else:
            self._senate_vote(s)

    def votes(self, s: TrajanState, player: int) -> int:
        """Track votes plus senate forum tiles (T-QUARTER-2a)."""
        p = s.players[player]
        tiles = sum(int(kind.removeprefix("senate")) * k for kind, k in p.forum_tiles.items()
                    if kind.startswith("senate") and k > 0)
        return self.board.senate_votes[p.senate] + tiles

    def senate_ranking(self, s: TrajanState) -> list[int]:
        """Players by votes, then track position, then stack height (T-QUARTER-2b)."""
        return sorted(range(s.n), key=lambda i: (-self.votes(s, i), -s.players[i].senate,
                                                  -s.players[i].senate_height))

    def _senate_vote(self, s: TrajanState) -> None:
        qe = s.quarter_end
        assert qe is not None
        qe.votes = [self.votes(s, i) for i in range(s.n)]
        qe.ranking = self.senate_ranking(s)
        if len(s.senate_bonus) >= 2:
            s.pending = Pending("consul", qe.ranking[0])
            return
        if s.senate_bonus:
            s.players[qe.ranking[0]].bonus_tiles.append((s.senate_bonus.pop(), "yellow"))
        self._after_senate(s)

    def _choose_bonus_tile(self, s: TrajanState, e: ev.ChooseBonusTile) -> None:
        if e.tile not in s.senate_bonus:
            raise RuleError("T-QUARTER-2c", N_("{tile} is not on the senate."),
                            N_("Choose one of the two bonus tiles there."), tile=e.tile)
        qe = s.quarter_end
        assert qe is not None
        s.senate_bonus.remove(e.tile)
        s.players[qe.ranking[0]].bonus_tiles.append((e.tile, "yellow"))          # consul
        if len(qe.ranking) > 1:
            s.players[qe.ranking[1]].bonus_tiles.append((s.senate_bonus.pop(0), "grey"))  # proconsul
        self._after_senate(s)

    def _after_senate(self, s: TrajanState) -> None:
        qe = s.quarter_end
        assert qe is not None
        for height, i in enumerate(reversed(qe.ranking), start=1):                 # T-QUARTER-2d
            s.players[i].senate = 0
            s.players[i].senate_height = height
        for p in s.players:                                                        # T-QUARTER-3a
            for kind in [k for k in p.forum_tiles if k.startswith("senate")]:
                del p.forum_tiles[kind]
            for kind in [k for k, v in p.forum_tiles.items() if v <= 0]:
                del p.forum_tiles[kind]
        s.forum_discarded += s.forum_green
        s.extra_discarded += s.forum_yellow
        s.forum_green = 0
        s.forum_yellow = 0
        s.quarter_results.append(QuarterResult(s.quarter, tuple(s.demands), tuple(qe.votes), tuple(qe.ranking),
                                               tuple(p.vp for p in s.players)))
        s.demands = []
        if s.quarter >= 4:                                                         # T-QUARTER-3c
            s.quarter += 1                                                         # T-QUARTER-4
            self._final_scoring(s)
            return
        if s.bonus_bag:
            s.pending = Pending("refill_bonus")
        else:
            self._finish_refill(s)

    def _finish_refill(self, s: TrajanState) -> None:
        """T-QUARTER-3b steps 2-4 and T-QUARTER-4."""
        b = self.board
        occupied = {p.commander for p in s.players}
        for pid in b.provinces:
            if not s.province_tile[pid] and pid not in occupied and not s.legions[pid] and s.forum_stack:
                s.province_tile[pid] = True
                s.forum_stack -= 1
        s.forum_green = min(b.green_spaces(s.n), s.forum_stack)
        s.forum_stack -= s.forum_green
        s.forum_yellow = min(b.yellow_spaces, s.extra_stack)
        s.extra_stack -= s.forum_yellow
        s.ships = {ship: "coloured" for ship in s.ships}
        s.quarter += 1
        s.round = 1
        s.quarter_end = None
        _news(s, N_("Quarter {q} begins"), q=s.quarter)
        self._start_turn(s, (s.active + 1) % s.n)

    # ------------------------------------------------------------------ final scoring (T-FINAL)

    def holdings(self, s: TrajanState) -> list[Holdings]:
        """Each player's end-of-game holdings, in seat order."""
        order = sorted(range(s.n), key=lambda i: -s.players[i].senate_height)
        out = []
        for i, p in enumerate(s.players):
            out.append(Holdings(
                name=p.name, vp=p.vp, hand=p.hand, worker_camp=p.worker_camp,
                military_camp=p.military_camp,
                trajan_tiles_on_circle=sum(1 for t in p.slots if t is not None),
                construction=[self.board.construction_kind(t) for t in p.construction_tiles],
                build_jokers=p.forum_tiles["build_joker"], goods_jokers=p.forum_tiles["goods_joker"],
                bonus_tiles=list(p.bonus_tiles), display=dict(p.display),
                forum_demand={k: p.forum_tiles[k] for k in self.board.demand_kinds if p.forum_tiles[k]},
                legionaries_in_provinces=sum(1 for ps in s.legions.values() if i in ps),
                workers_on_site=sum(1 for w in s.site_workers if i in w),
                senate_order=order.index(i),
            ))
        return out

    def _final_scoring(self, s: TrajanState) -> None:
        result = tally(self.board, self.holdings(s), edition=self.setup.edition,
                       yellow_counts_itself=self.setup.yellow_counts_itself)
        for p, r in zip(s.players, result["players"]):
            for line in r["lines"]:
                p.add_vp("final", line.vp)
        s.final = result
        s.history.append((5, 0, tuple(p.vp for p in s.players)))
        s.turn = None
        s.quarter_end = None
        s.pending = Pending("game_over")

    # ------------------------------------------------------------------ reporting

    def scores(self, s: TrajanState) -> list[dict[str, Any]]:
        """``{"name", "colour", "vp", "vp_by"}`` per player; after the game also ``"final"``
        (the breakdown lines) and ``"rank"`` (1 = winner, T-TIE-1)."""
        out = [{"name": p.name, "colour": p.colour, "vp": p.vp, "vp_by": dict(p.vp_by)} for p in s.players]
        if s.final is not None:
            for rank, i in enumerate(s.final["ranking"], start=1):
                out[i]["rank"] = rank
                out[i]["final"] = [to_jsonable(line) for line in s.final["players"][i]["lines"]]
        return out

    @staticmethod
    def demand_just_revealed(s: TrajanState) -> str | None:
        """The demand the last move turned up (T-ROUND-2), until the next move; else ``None``."""
        return next((dict(params)["demand"] for template, params in s.news if template == DEMAND_REVEALED), None)

    def state_to_json(self, s: TrajanState) -> dict[str, Any]:
        data = to_jsonable(s)
        data["demand_stack"] = len(s.demand_stack)    # the hidden order stays hidden
        return data

    # ------------------------------------------------------------------ helpers

    @staticmethod
    def _check_player(s: TrajanState, player: int) -> None:
        if player != s.pending.player:
            raise RuleError("T-TURN-1", N_("It is not that player's turn to decide."),
                            N_("Enter the choice for {name}."), name=s.players[s.pending.player].name
                            if s.pending.player is not None else N_("the senate"))

    # event class -> its handler, which takes an event of that class (hence ``Any``: one type per key)
    _handlers: ClassVar[dict[type[Event], Callable[[TrajanRules, TrajanState, Any], None]]] = {
        ev.PlaceStartMarkers: _place_start_markers,
        ev.DrawBonusTile: _draw_bonus_tile,
        ev.TakeStartingCards: _take_starting_cards,
        ev.TakeStartingTrajanTiles: _take_starting_trajan_tiles,
        ev.Sow: _sow,
        ev.TrajanTileAction: _trajan_tile_action,
        ev.SkipAction: _skip_action,
        ev.SeaportDraw: _seaport_draw,
        ev.SeaportTake: _seaport_take,
        ev.SeaportDisplay: _seaport_display,
        ev.SeaportShip: _seaport_ship,
        ev.ForumTake: _forum_take,
        ev.Recruit: _recruit,
        ev.March: _march,
        ev.Deploy: _deploy,
        ev.TakeTrajanTile: _take_trajan_tile,
        ev.SenateAdvance: _senate_advance,
        ev.Hire: _hire,
        ev.Build: _build,
        ev.UseExtraAction: _use_extra_action,
        ev.EndTurn: _end_turn_event,
        ev.RevealDemand: _reveal_demand,
        ev.FulfilDemands: _fulfil_demands,
        ev.ChooseBonusTile: _choose_bonus_tile,
    }


# What each pending decision is called in "The game is waiting for: ..." (translated there).
_WAITING = {
    "setup_markers": N_("a player's markers in the bowls"),
    "setup_bonus": N_("a bonus tile drawn from the bag"),
    "setup_cards": N_("where a player's goods cards came from"),
    "setup_trajan": N_("a player's starting Trajan tiles"),
    "bowl": N_("a bowl to empty and sow"),
    "trajan_special": N_("the completed Trajan tile's action"),
    "action:seaport": N_("the seaport action"),
    "action:forum": N_("the forum action"),
    "action:military": N_("the military action"),
    "action:senate": N_("the senate action"),
    "action:trajan": N_("the Trajan action"),
    "action:construction": N_("the construction action"),
    "extra": N_("an extra action, or the end of the turn"),
    "reveal_demand": N_("the demand tile turned up"),
    "demands": N_("a player's demands"),
    "consul": N_("the consul's bonus tile"),
    "refill_bonus": N_("the bonus tiles drawn for the senate"),
    "game_over": N_("nothing more: the game is over"),
}

_EXPECTS: dict[Decision, tuple[type[Event], ...]] = {
    "setup_markers": (ev.PlaceStartMarkers,),
    "setup_bonus": (ev.DrawBonusTile,),
    "setup_cards": (ev.TakeStartingCards,),
    "setup_trajan": (ev.TakeStartingTrajanTiles,),
    "bowl": (ev.Sow,),
    "trajan_special": (ev.TrajanTileAction,),
    "extra": (ev.UseExtraAction, ev.EndTurn),
    "reveal_demand": (ev.RevealDemand,),
    "demands": (ev.FulfilDemands,),
    "consul": (ev.ChooseBonusTile,),
    "refill_bonus": (ev.DrawBonusTile,),
}
