"""Concordia rules: setup, the personality cards, the market, the game end and the tally.

:class:`ConcordiaRules` implements :class:`~firmware_host.engine.core.Rules`. ``apply``
checks an event against the pending decision and the rules (raising :class:`RuleError`
with the rule ID of ``shared/rules/concordia.md``) and then changes the state;
:class:`~firmware_host.engine.core.Game` gives it a copy, so a refused event never changes
the game.

What is played on the map stays on the table: colonists' routes and the adjacency of the
cities a player builds in are not checked. The companion keeps what it needs for the
bookkeeping and the tally: houses by city (with the city's good, learnt the first time
anyone builds there), colonists on the board, bonus markers, goods and money.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any, ClassVar

from ..core import N_, Amounts, Event, Phrase, RuleError, to_jsonable
from . import events as ev
from .board import ANY, ConcordiaBoard, board_for
from .state import ConcordiaSetup, ConcordiaState, Decision, Pending, PlayerState, TurnState
from .tally import Holdings, tally

DISPLAY_SPACES = 7

# The players each side of the board is for (C-NIS-1): "Game board: Imperium (3-5 players) /
# Italia (2-4 players)", the rulebook's component list [2+] (C-RULES; Rio Grande rules).
MAP_PLAYERS: dict[str, range] = {"imperium": range(3, 6), "italia": range(2, 5)}
CORRECTIONS = ("money", "goods", "colonists", "hand")     # what a correction sets (C-CORR-1)


def map_players(map_id: str) -> range:
    """The player counts the map ``map_id`` is for (C-NIS-1); 2-5 for a map not listed."""
    return MAP_PLAYERS.get(map_id, range(2, 6))


def setup_problem(setup: ConcordiaSetup) -> str | None:
    """Why the map does not fit the player count, as one English sentence; ``None`` if it
    does. The new-game screen offers only what fits; the rules do not refuse the rest, so a
    game kept before this check (a 2-player game on Imperium) still opens and resumes."""
    n, fits = len(setup.players), map_players(setup.map)
    if n in fits:
        return None
    other = [m for m, r in MAP_PLAYERS.items() if n in r and m != setup.map]
    hint = f": choose the {other[0].title()} map" if other else ""
    return (f"the {setup.map.title()} map is for {fits.start} to {fits.stop - 1} players, not {n}{hint} "
            f"(C-NIS-1)")


def _counter(goods) -> Counter:
    return Counter({g: k for g, k in Counter(goods).items() if k})


def _clean(c: Counter) -> None:
    for g in [g for g, k in c.items() if k <= 0]:
        del c[g]


class ConcordiaRules:
    """The Concordia engine for one game's setup. Raises ``ValueError`` on an impossible
    setup (not 2..5 players, colours not distinct or unknown, unknown map or option). Which
    map fits how many players (Imperium 3-5, Italia 2-4) is :func:`setup_problem`'s, asked
    by the new-game screen."""

    name = "concordia"
    codec = ev.CODEC

    def __init__(self, setup: ConcordiaSetup) -> None:
        self.setup = setup
        self.board: ConcordiaBoard = board_for(setup.board)
        b, n = self.board, len(setup.players)
        if not 2 <= n <= min(len(b.start_money), len(b.decks)):
            raise ValueError(f"Concordia is for 2 to 5 players, not {n} (C-SETUP-1)")
        colours = [c for c, _ in setup.players]
        if len(set(colours)) != n or any(c not in b.player_colours for c in colours):
            raise ValueError(f"each player needs their own colour of {', '.join(b.player_colours)}")
        if setup.map not in b.maps:
            raise ValueError(f"unknown map {setup.map!r} (known: {', '.join(b.maps)})")
        if setup.market_mode not in ("table", "companion"):
            raise ValueError(f"unknown market mode {setup.market_mode!r}")
        if setup.praefectus_passes not in ("right", "left"):
            raise ValueError("the Praefectus Magnus passes to the right or to the left (C-AMB-6)")
        self.map = b.maps[setup.map]

    # ------------------------------------------------------------------ setup (C-SETUP, C-NIS-3..5)

    def initial_state(self) -> ConcordiaState:
        b, n = self.board, len(self.setup.players)
        players = []
        for seat, (colour, name) in enumerate(self.setup.players):
            players.append(PlayerState(
                colour=colour, name=name,
                money=b.start_money[seat],                                          # C-NIS-3
                goods=Counter(b.start_goods),
                colonists_store={k: b.colonists_per_kind - b.colonists_start_on_board for k in b.colonist_kinds},
                colonists_board={k: b.colonists_start_on_board for k in b.colonist_kinds},
                hand=Counter(b.start_hand),                                         # C-SETUP-1
            ))
        s = ConcordiaState(players=players)
        s.praefectus = n - 1                                                        # C-SETUP-2
        s.market_left = {d: sorted(b.decks[d]) for d in b.decks_for(n)}             # C-SETUP-1
        s.display = [None] * DISPLAY_SPACES
        s.marker_coins = {pid: False for pid in self.map.provinces}
        if self.setup.market_mode == "companion":
            for slot in range(DISPLAY_SPACES):
                self._draw(s, slot)
            self._start_turn(s, 0)
        else:
            s.pending = Pending("reveal_card", None, slot=0)
        return s

    def top_deck(self, s: ConcordiaState) -> str | None:
        """The deck the next card of the stack comes from (deck I on top, C-NIS-5)."""
        return next((d for d, cards in s.market_left.items() if cards), None)

    def _draw(self, s: ConcordiaState, slot: int) -> None:
        """The companion turns up the next card (its RNG seeded from the journaled seed)."""
        deck = self.top_deck(s)
        assert deck is not None
        rng = random.Random(self.setup.seed * 1_000_003 + s.draws)
        card = rng.choice(s.market_left[deck])
        s.draws += 1
        self._place(s, slot, deck, card)

    def _place(self, s: ConcordiaState, slot: int, deck: str, card: str) -> None:
        s.market_left[deck].remove(card)
        s.display[slot] = (deck, card)
        s.news.append((N_("{card} comes into the display"), {"card": self.board.cards[card].name}))

    def _reveal_card(self, s: ConcordiaState, e: ev.RevealCard) -> None:
        deck = self.top_deck(s)
        assert deck is not None
        if e.card not in s.market_left[deck]:
            raise RuleError("C-NIS-5", N_("{card} is not among the cards left in deck {deck}."),
                            N_("Choose the card that was turned up: it comes from deck {deck}."),
                            card=self._card_name(e.card), deck=deck)
        self._place(s, s.pending.slot, deck, e.card)
        if s.turn is None:
            nxt = s.pending.slot + 1
            if nxt < DISPLAY_SPACES and self.top_deck(s) is not None:
                s.pending = Pending("reveal_card", None, slot=nxt)
            else:
                self._start_turn(s, 0)
        else:
            self._after_action(s)

    # ------------------------------------------------------------------ dispatch

    def apply(self, s: ConcordiaState, event: Event) -> None:
        """Check ``event`` against the pending decision and the rules, then change ``s``.

        Raises :class:`RuleError` naming the rule when the move is illegal.
        """
        handler = self._handlers.get(type(event))
        if handler is None:
            raise RuleError("C-TURN-2", N_("{event} is not a Concordia move."), N_("Enter a Concordia move."),
                            event=event.kind)
        bad = ev.malformed_field(event)
        if bad is not None:
            raise RuleError("C-TURN-2", N_("The move {event} has an unreadable {field}."),
                            N_("Enter the move again."), event=event.kind, field=bad)
        s.news = []
        if isinstance(event, ev.CorrectPlayer) and s.over:
            raise RuleError("C-CORR-1", N_("The game is over: its tally is final."),
                            N_("Correct the books before the game ends, or undo."))
        if type(event) not in _EXPECTS.get(s.pending.kind, ()):
            raise RuleError("C-TURN-2", N_("The game is waiting for: {waiting}."),
                            N_("Finish that first, or undo."), waiting=self.describe(s.pending))
        handler(self, s, event)

    @staticmethod
    def describe(p: Pending) -> str:
        """What the game waits for, as an English phrase marked for translation."""
        return _WAITING.get(p.kind, N_("another move"))

    def _card_name(self, card: str) -> str:
        c = self.board.cards.get(card)
        return c.name if c else card

    # ------------------------------------------------------------------ the turn (C-TURN)

    def _start_turn(self, s: ConcordiaState, player: int) -> None:
        s.active = player
        s.turn = TurnState(player=player)
        s.pending = Pending("play", player)

    def _play_card(self, s: ConcordiaState, e: ev.PlayCard) -> None:
        p = s.players[s.active]
        if p.hand[e.card] <= 0:
            raise RuleError("C-TURN-2", N_("{player} has no {card} in hand."),
                            N_("Play a card from the hand."), player=p.name, card=self._card_name(e.card))
        t = s.turn
        assert t is not None
        p.hand[e.card] -= 1
        _clean(p.hand)
        t.card = e.card
        card = self.board.cards[e.card]
        if card.action == "tribune":                                               # C-CARD-TRIBUNE-1
            returned = p.discard + [e.card]
            p.hand.update(returned)
            p.discard = []
            pay = max(0, len(returned) - 3)                                        # C-AMB-8
            p.money += pay
            s.news.append((N_("{player} takes {n} cards back: +{pay} sestertii"),
                           {"player": p.name, "n": len(returned), "pay": pay}))
        else:
            p.discard.append(e.card)                                               # C-TURN-3
        self._begin_action(s, e.card)

    def _begin_action(self, s: ConcordiaState, kind: str) -> None:
        """Carry out the action of card ``kind`` for the active player (played or copied)."""
        card = self.board.cards[kind]
        p, me = s.players[s.active], s.active
        action = card.action
        if action == "tribune":
            if self._can_buy_colonist(p):
                s.pending = Pending("tribune", me, kind)
                return
        elif action == "architect":
            if len(p.houses) < self.board.houses_per_player:
                s.pending = Pending("architect", me, kind, steps=p.on_board())     # C-AMB-3
                return
        elif action in ("prefect", "colonist"):
            s.pending = Pending("prefect" if action == "prefect" else "colonist", me, kind)
            return
        elif action == "mercator":
            p.money += card.coins                                                  # C-CARD-MERCATOR-1
            s.news.append((N_("{player}: +{n} sestertii"), {"player": p.name, "n": card.coins}))
            s.pending = Pending("mercator", me, kind)
            return
        elif action == "diplomat":
            if self.copy_targets(s):
                s.pending = Pending("diplomat", me, kind)
                return
            s.news.append((N_("No other player has a card the Diplomat can copy"), {}))
        elif action in ("senator", "consul"):
            if any(s.display):
                senator = action == "senator"
                s.pending = Pending("buy", me, kind, left=2 if senator else 1, surcharge=senator)
                return
            s.news.append((N_("The display is empty"), {}))
        elif action == "specialist":                                               # C-CARD-SPECIALIST-1
            k = sum(1 for city in p.houses if s.city_good[city] == card.good)
            if k:
                self._receive(s, {me: Counter({card.good: k})})
            s.news.append((N_("{player}'s {n} {good} cities produce"), {"player": p.name, "n": k, "good": card.good}))
        self._after_action(s)

    def _after_action(self, s: ConcordiaState) -> None:
        """The action is over: goods to keep, the display refill, then the turn's end."""
        t = s.turn
        assert t is not None
        if t.keep:
            player = t.keep[0]
            s.pending = Pending("keep_goods", player, fit=self.board.capacity - s.players[player].used())
            return
        if t.bought:
            if not t.compacted:                                                    # C-NIS-5 refill
                cards = [c for c in s.display if c is not None]
                s.display = cards + [None] * (DISPLAY_SPACES - len(cards))
                t.compacted = True
            while None in s.display and self.top_deck(s) is not None:
                slot = s.display.index(None)
                if self.setup.market_mode == "table":
                    s.pending = Pending("reveal_card", None, slot=slot)
                    return
                self._draw(s, slot)
        self._end_turn(s)

    def _end_turn(self, s: ConcordiaState) -> None:
        t = s.turn
        assert t is not None
        p = s.players[s.active]
        s.turns += 1
        if s.concordia is None:
            emptied = t.bought > 0 and not any(s.display)                         # C-END-1a
            fifteenth = t.built > 0 and len(p.houses) >= self.board.houses_per_player   # C-END-1b
            if emptied or fifteenth:
                s.concordia = s.active                                             # C-END-2, C-AMB-7
                s.final_turns_left = s.n - 1                                       # C-END-3
                s.news.append((N_("{player} ends the game and takes the Concordia card: +{vp} VP"),
                               {"player": p.name, "vp": self.board.concordia_vp}))
        else:
            s.final_turns_left -= 1
        if s.concordia is not None and s.final_turns_left == 0:
            self._final_scoring(s)
            return
        self._start_turn(s, (s.active + 1) % s.n)                                 # C-TURN-1

    # ------------------------------------------------------------------ Tribune

    def _can_buy_colonist(self, p: PlayerState) -> bool:
        cost = Counter(self.board.colonist_cost)
        return not cost - p.goods and sum(p.colonists_store.values()) > 0

    def _buy_colonist(self, s: ConcordiaState, e: ev.BuyColonist) -> None:
        p = s.players[s.active]
        self._place_colonists(p, Counter({e.colonist: 1}), "C-CARD-TRIBUNE-2")
        s.news.append((N_("{player}: a new {kind} colonist in Roma"), {"player": p.name, "kind": e.colonist}))
        self._after_action(s)

    def _place_colonists(self, p: PlayerState, new: Counter, rule: str) -> None:
        b = self.board
        for kind, k in new.items():
            if kind not in b.colonist_kinds or k < 0:
                raise RuleError(rule, N_("{kind} is not a kind of colonist."), N_("Choose land or sea."), kind=kind)
            if p.colonists_store[kind] < k:
                raise RuleError(rule, N_("{player} has {have} {kind} colonist(s) in the storehouse, not {k}."),
                                N_("Place only colonists from the storehouse."), player=p.name,
                                have=p.colonists_store[kind], kind=kind, k=k)
        total = sum(new.values())
        cost = Counter({g: k * total for g, k in Counter(b.colonist_cost).items()})
        self._pay_goods(p, cost, rule, N_("new colonists"))
        for kind, k in new.items():
            p.colonists_store[kind] -= k
            p.colonists_board[kind] += k

    def _pay_goods(self, p: PlayerState, cost: Counter, rule: str, what: str) -> None:
        missing = cost - p.goods
        if missing:
            raise RuleError(rule, N_("{player} lacks {missing} for {what}."),
                            N_("Choose something the storehouse can pay for."), player=p.name,
                            missing=self._goods_text(missing), what=what)
        p.goods.subtract(cost)
        _clean(p.goods)

    @staticmethod
    def _goods_text(goods: Counter) -> Amounts:
        """``"1 brick, 2 wine"`` (the goods with a count), translated when shown."""
        return Amounts((g, k) for g, k in goods.items() if k)

    # ------------------------------------------------------------------ Architect

    def _build_house(self, s: ConcordiaState, e: ev.BuildHouse) -> None:
        b, m = self.board, self.map
        p, me = s.players[s.active], s.active
        if e.city not in m.city_province:
            raise RuleError("C-CARD-ARCHITECT-2", N_("{city} is not a city on the {map} map where houses stand."),
                            N_("Choose a city of the map (not Roma)."), city=e.city, map=m.name)
        city = m.city_names[e.city]
        if me in s.houses.get(e.city, []):
            raise RuleError("C-NIS-6", N_("{player} already has a house in {city}."),
                            N_("Build in a city without an own house."), player=p.name, city=city)
        good = self._city_good(s, e.city, e.good)
        there = len(s.houses.get(e.city, []))
        coins, goods = b.house_cost(good, there)
        if p.money < coins:
            raise RuleError("C-NIS-6", N_("A house in {city} costs {coins} sestertii; {player} has {money}."),
                            N_("Build somewhere cheaper or finish building."), city=city, coins=coins,
                            player=p.name, money=p.money)
        self._pay_goods(p, goods, "C-NIS-6", N_("this house"))
        p.money -= coins
        s.city_good.setdefault(e.city, good)
        s.houses.setdefault(e.city, []).append(me)
        p.houses.append(e.city)
        assert s.turn is not None                    # an Architect is played in a turn
        s.turn.built += 1
        s.news.append((N_("{player} builds in {city} ({good}) for {coins} sestertii and {goods}"),
                       {"player": p.name, "city": city, "good": good, "coins": coins,
                        "goods": self._goods_text(goods)}))
        if len(p.houses) >= b.houses_per_player:
            self._after_action(s)

    def _city_good(self, s: ConcordiaState, city: str, given: str) -> str:
        """The city's good: known, or ``given`` and consistent with the tokens and the
        province's bonus marker (C-NIS-1)."""
        b, m = self.board, self.map
        name = m.city_names[city]
        known = s.city_good.get(city)
        if known is not None:
            if given and given != known:
                raise RuleError("C-NIS-1", N_("{city} produces {known}, not {given}."),
                                N_("Leave the good out: the companion knows it."), city=name, known=known, given=given)
            return known
        if not given:
            raise RuleError("C-NIS-1", N_("Which good does {city} produce?"),
                            N_("Tap the good on the city's token."), city=name)
        if given not in b.goods:
            raise RuleError("C-NIS-1", N_("{given} is not a good."), N_("Choose brick, food, tools, wine or cloth."),
                            given=given)
        province = m.provinces[m.city_province[city]]
        if self.tokens_left(s, province.letter)[given] <= 0:
            raise RuleError("C-NIS-1", N_("All {letter} tokens showing {given} lie on other cities."),
                            N_("Check the token on {city}."), letter=province.letter, given=given, city=name)
        short = self._marker_shortfall(s, province.letter, cities={city: given})
        if short is not None:
            raise RuleError("C-NIS-1", N_("Then no {letter} token showing {marker} is left for {province}, "
                                          "whose bonus marker shows {marker}."),
                            N_("Check the token on {city}."), letter=province.letter, marker=short[1],
                            province=m.provinces[short[0]].name, city=name)
        marker = s.marker_good.get(province.id)
        if marker is not None:
            if b.price[given] > b.price[marker]:
                raise RuleError("C-NIS-1",
                                N_("{province}'s bonus marker shows {marker}, so no city there produces {given}."),
                                N_("Check the token on {city}."), province=province.name, marker=marker,
                                given=given, city=name)
            unknown = [c for c in province.cities if c not in s.city_good and c != city]
            known_goods = [s.city_good[c] for c in province.cities if c in s.city_good] + [given]
            if not unknown and marker not in known_goods:
                raise RuleError("C-NIS-1",
                                N_("{province}'s bonus marker shows {marker}, so its last city produces {marker}."),
                                N_("Check the token on {city}."), province=province.name, marker=marker, city=name)
        return given

    def tokens_left(self, s: ConcordiaState, letter: str, cities: dict[str, str] | None = None) -> Counter:
        """City tokens of ``letter`` not yet known to lie on a city (``cities``: more
        city -> good to count as known)."""
        m = self.map
        pool = Counter(m.tokens[letter])
        for city, good in {**s.city_good, **(cities or {})}.items():
            if m.provinces[m.city_province[city]].letter == letter:
                pool[good] -= 1
        return pool

    def _marker_shortfall(self, s: ConcordiaState, letter: str, cities: dict[str, str] | None = None,
                          markers: dict[str, str] | None = None) -> tuple[str, str] | None:
        """A province of ``letter`` whose recorded marker good no city of it can still show,
        given the tokens left (with ``cities`` and ``markers`` added): ``(province, good)``."""
        m = self.map
        known = {**s.city_good, **(cities or {})}
        pool = self.tokens_left(s, letter, cities)
        for pid, marker in {**s.marker_good, **(markers or {})}.items():
            province = m.provinces[pid]
            if province.letter == letter and marker not in [known.get(c) for c in province.cities]:
                pool[marker] -= 1
                if pool[marker] < 0:
                    return pid, marker
        return None

    def house_cost(self, s: ConcordiaState, city: str) -> tuple[int, Counter] | None:
        """What a house in ``city`` costs now, or ``None`` while its good is unknown (C-NIS-6)."""
        good = s.city_good.get(city)
        if good is None:
            return None
        return self.board.house_cost(good, len(s.houses.get(city, [])))

    # ------------------------------------------------------------------ Prefect

    def marker_good(self, s: ConcordiaState, province: str) -> str | None:
        """The good on ``province``'s bonus marker if the companion can tell: recorded, a
        known city of the dearest good, or all its cities known (C-CARD-PREFECT-1)."""
        if province in s.marker_good:
            return s.marker_good[province]
        b = self.board
        cities = self.map.provinces[province].cities
        known = [s.city_good[c] for c in cities if c in s.city_good]
        if known and (len(known) == len(cities) or b.dearest(known) == b.goods[-1]):
            return b.dearest(known)
        return None

    def _produce(self, s: ConcordiaState, e: ev.Produce) -> None:
        b, m = self.board, self.map
        p, me = s.players[s.active], s.active
        if e.province not in m.provinces:
            raise RuleError("C-CARD-PREFECT-1", N_("{province} is not a province of the {map} map."),
                            N_("Choose a province."), province=e.province, map=m.name)
        province = m.provinces[e.province]
        if s.marker_coins[e.province]:
            raise RuleError("C-AMB-4", N_("{province}'s bonus marker already shows its coin side."),
                            N_("Choose a province whose marker shows its good, or take the cash bonus."),
                            province=province.name)
        marker = self.marker_good(s, e.province)
        if marker is None:
            marker = self._check_marker(s, province, e.bonus_good)
        elif e.bonus_good and e.bonus_good != marker:
            raise RuleError("C-CARD-PREFECT-1", N_("{province}'s bonus marker shows {marker}."),
                            N_("Leave the good out: the companion knows it."), province=province.name, marker=marker)
        s.marker_good[e.province] = marker
        s.marker_coins[e.province] = True
        bonus = 1
        if s.praefectus == me:                                                     # C-NIS-7
            bonus = b.praefectus_factor
            step = -1 if self.setup.praefectus_passes == "right" else 1             # C-AMB-6
            s.praefectus = (me + step) % s.n
            s.news.append((N_("Praefectus Magnus: {player} takes the bonus {k} times and passes the card to {next}"),
                           {"player": p.name, "k": bonus, "next": s.players[s.praefectus].name}))
        gains: dict[int, Counter] = {me: Counter({marker: bonus})}
        for city in province.cities:                                               # C-CARD-PREFECT-1
            for owner in s.houses.get(city, []):
                gains.setdefault(owner, Counter())[s.city_good[city]] += 1
        s.news.append((N_("{province} produces; {player} takes {k} {good} from the bonus marker"),
                       {"province": province.name, "player": p.name, "k": bonus, "good": marker}))
        self._receive(s, gains)
        self._after_action(s)

    def _check_marker(self, s: ConcordiaState, province, given: str) -> str:
        b = self.board
        if not given:
            raise RuleError("C-CARD-PREFECT-1", N_("Which good does {province}'s bonus marker show?"),
                            N_("Tap the good on the marker."), province=province.name)
        if given not in b.goods:
            raise RuleError("C-NIS-1", N_("{given} is not a good."), N_("Choose brick, food, tools, wine or cloth."),
                            given=given)
        known = [s.city_good[c] for c in province.cities if c in s.city_good]
        if known and b.price[given] < b.price[b.dearest(known)]:
            raise RuleError("C-NIS-1", N_("{province} has a {dearest} city, so its marker shows {dearest} or dearer."),
                            N_("Check the marker."), province=province.name, dearest=b.dearest(known))
        if given not in known and self._marker_shortfall(s, province.letter, markers={province.id: given}):
            raise RuleError("C-NIS-1", N_("No {letter} token showing {given} is left for {province}'s cities."),
                            N_("Check the marker."), letter=province.letter, given=given, province=province.name)
        return given

    def _prefect_cash(self, s: ConcordiaState, e: ev.PrefectCash) -> None:
        p = s.players[s.active]
        coins = sum(self.board.marker_coins[s.marker_good[pid]]                    # C-CARD-PREFECT-2
                    for pid, up in s.marker_coins.items() if up)
        p.money += coins
        s.marker_coins = {pid: False for pid in s.marker_coins}
        s.news.append((N_("{player}: +{n} sestertii from the bonus markers, all turned back"),
                       {"player": p.name, "n": coins}))
        self._after_action(s)

    # ------------------------------------------------------------------ production and the storehouse

    def _receive(self, s: ConcordiaState, gains: dict[int, Counter]) -> None:
        """Give produced goods; a player whose storehouse cannot take them all chooses what
        to keep (asked in turn order from the active player) unless only one good arrives."""
        t = s.turn
        assert t is not None
        for player in sorted(gains, key=lambda i: (i - s.active) % s.n):
            p, goods = s.players[player], gains[player]
            free = self.board.capacity - p.used()
            if sum(goods.values()) <= free:
                p.goods.update(goods)
            elif len(+goods) == 1:
                good = next(iter(+goods))
                p.goods[good] += free
                s.news.append((N_("{player}'s storehouse is full: {k} {good} stay in the bank"),
                               {"player": p.name, "k": goods[good] - free, "good": good}))
            else:
                p.arriving = +goods
                t.keep.append(player)
            _clean(p.goods)

    def _keep_goods(self, s: ConcordiaState, e: ev.KeepGoods) -> None:
        t = s.turn
        assert t is not None
        player = s.pending.player
        assert player is not None
        p = s.players[player]
        keep = _counter(e.goods)
        fit = self.board.capacity - p.used()
        if keep - p.arriving:
            raise RuleError("C-NIS-2", N_("{player} can only keep goods just produced: {arriving}."),
                            N_("Choose among the goods produced."), player=p.name,
                            arriving=self._goods_text(p.arriving))
        if sum(keep.values()) != fit:
            raise RuleError("C-NIS-2", N_("{player}'s storehouse has room for {fit} of the goods produced."),
                            N_("Choose exactly {fit}."), player=p.name, fit=fit)
        p.goods.update(keep)
        s.news.append((N_("{player} keeps {goods}; the rest stays in the bank"),
                       {"player": p.name, "goods": self._goods_text(keep)}))
        p.arriving = Counter()
        t.keep.pop(0)
        self._after_action(s)

    # ------------------------------------------------------------------ Colonist

    def _place_colonists_event(self, s: ConcordiaState, e: ev.PlaceColonists) -> None:
        p = s.players[s.active]
        if e.land < 0 or e.sea < 0 or e.land + e.sea == 0:
            raise RuleError("C-CARD-COLONIST-1", N_("Place at least one colonist."),
                            N_("Or take the cash instead."))
        self._place_colonists(p, Counter({"land": e.land, "sea": e.sea}), "C-CARD-COLONIST-1")
        s.news.append((N_("{player} places {n} new colonist(s)"), {"player": p.name, "n": e.land + e.sea}))
        self._after_action(s)

    def _colonist_cash(self, s: ConcordiaState, e: ev.ColonistCash) -> None:
        p = s.players[s.active]
        coins = 5 + p.on_board()                                                   # C-CARD-COLONIST-2
        p.money += coins
        s.news.append((N_("{player}: +{n} sestertii"), {"player": p.name, "n": coins}))
        self._after_action(s)

    # ------------------------------------------------------------------ Mercator

    def _trade(self, s: ConcordiaState, e: ev.Trade) -> None:
        b = self.board
        p = s.players[s.active]
        goods = [g for g, _ in e.changes]
        if len(goods) > 2:
            raise RuleError("C-CARD-MERCATOR-2", N_("A Mercator trades at most two goods types."),
                            N_("Trade one or two types."))
        if len(set(goods)) != len(goods):
            raise RuleError("C-AMB-5", N_("The two trades must use two different goods types."),
                            N_("Buy or sell each type once."))
        for g, k in e.changes:
            if g not in b.goods or k == 0:
                raise RuleError("C-CARD-MERCATOR-2", N_("{good} x {k} is not a trade."),
                                N_("Choose a good and how many to buy or sell."), good=g, k=k)
        sell = Counter({g: -k for g, k in e.changes if k < 0})
        buy = Counter({g: k for g, k in e.changes if k > 0})
        if sell - p.goods:
            raise RuleError("C-CARD-MERCATOR-2", N_("{player} cannot sell {missing}: not in the storehouse."),
                            N_("Sell only what the storehouse holds."), player=p.name,
                            missing=self._goods_text(sell - p.goods))
        money = p.money + b.value(sell)
        free = b.capacity - p.used() + sum(sell.values())
        if sum(buy.values()) > free:
            raise RuleError("C-CARD-MERCATOR-2", N_("The storehouse has room for {free} more goods, not {k}."),
                            N_("Buy fewer goods."), free=free, k=sum(buy.values()))
        if b.value(buy) > money:
            raise RuleError("C-CARD-MERCATOR-2", N_("The goods cost {cost} sestertii; {player} has {money}."),
                            N_("Buy fewer goods."), cost=b.value(buy), player=p.name, money=money)
        p.goods.subtract(sell)
        p.goods.update(buy)
        _clean(p.goods)
        p.money = money - b.value(buy)
        s.news.append((N_("{player} trades: {changes}"), {"player": p.name, "changes": Amounts(
            ((g, k) for g, k in e.changes), signed=True)}))
        self._after_action(s)

    # ------------------------------------------------------------------ Diplomat

    def copy_targets(self, s: ConcordiaState) -> list[int]:
        """Seats whose top discarded card the active player may copy (C-CARD-DIPLOMAT-2, C-AMB-2)."""
        out = []
        for i, q in enumerate(s.players):
            if i != s.active and q.discard and self.board.cards[q.discard[-1]].action != "diplomat":
                out.append(i)
        return out

    def _copy_card(self, s: ConcordiaState, e: ev.CopyCard) -> None:
        if not 0 <= e.player < s.n or e.player == s.active:
            raise RuleError("C-CARD-DIPLOMAT-1", N_("The Diplomat copies another player's card."),
                            N_("Choose another player."))
        q = s.players[e.player]
        if not q.discard:
            raise RuleError("C-AMB-2", N_("{player} has no discarded card to copy."),
                            N_("Choose a player with a card on their discard pile."), player=q.name)
        top = q.discard[-1]
        if self.board.cards[top].action == "diplomat":
            raise RuleError("C-CARD-DIPLOMAT-2", N_("{player}'s top card is a Diplomat, which cannot be copied."),
                            N_("Choose another player."), player=q.name)
        assert s.turn is not None                    # a Diplomat is played in a turn
        s.turn.copied = top
        s.news.append((N_("{player} copies {owner}'s {card}"),
                       {"player": s.players[s.active].name, "owner": q.name, "card": self._card_name(top)}))
        self._begin_action(s, top)

    # ------------------------------------------------------------------ Senator, Consul, the market

    def card_price(self, s: ConcordiaState, slot: int, surcharge: bool = True) -> tuple[Counter, int]:
        """The goods a display card costs on ``slot`` (card cost + surcharge) and how many
        "any good" units come on top (C-NIS-5). Raises ``IndexError`` for an empty space."""
        entry = s.display[slot]
        if entry is None:
            raise IndexError(slot)
        deck, card = entry
        cost = Counter(self.board.market_cost(deck, card))
        extra = self.board.surcharge[slot] if surcharge else ()
        cost.update(g for g in extra if g != ANY)
        return cost, sum(1 for g in extra if g == ANY)

    def suggest_any_goods(self, s: ConcordiaState, slot: int, surcharge: bool = True) -> tuple[str, ...] | None:
        """The pre-selected payment of a space's "any good" surcharge: the cheapest goods the
        active player holds beyond the fixed cost; ``None`` if the card cannot be paid."""
        cost, anys = self.card_price(s, slot, surcharge)
        p = s.players[s.active]
        if cost - p.goods:
            return None
        spare = sorted((p.goods - cost).elements(), key=self.board.price.__getitem__)
        return tuple(spare[:anys]) if len(spare) >= anys else None

    def suggest_keep(self, s: ConcordiaState, player: int) -> tuple[str, ...]:
        """The pre-selected goods to keep when produced goods do not all fit: the dearest."""
        p = s.players[player]
        fit = self.board.capacity - p.used()
        return tuple(sorted(p.arriving.elements(), key=lambda g: -self.board.price[g])[:fit])

    def _buy_card(self, s: ConcordiaState, e: ev.BuyCard) -> None:
        b = self.board
        p, pend, t = s.players[s.active], s.pending, s.turn
        rule = "C-CARD-SENATOR-1" if pend.surcharge else "C-CARD-CONSUL-1"
        if not 0 <= e.slot < DISPLAY_SPACES or s.display[e.slot] is None:
            raise RuleError(rule, N_("There is no card on display space {slot}."),
                            N_("Choose a card in the display."), slot=e.slot + 1)
        cost, anys = self.card_price(s, e.slot, pend.surcharge)
        if len(e.any_goods) != anys or any(g not in b.goods for g in e.any_goods):
            raise RuleError("C-NIS-5", N_("This space asks for {n} good(s) of the buyer's choice."),
                            N_("Say which good(s) pay for it."), n=anys)
        cost.update(e.any_goods)
        entry = s.display[e.slot]
        assert entry is not None                     # checked above
        deck, card = entry
        self._pay_goods(p, cost, rule, b.cards[card].name)
        s.display[e.slot] = None
        p.hand[card] += 1
        assert t is not None                         # a Senator or Consul is played in a turn
        t.bought += 1
        s.news.append((N_("{player} buys {card} for {goods}"),
                       {"player": p.name, "card": b.cards[card].name, "goods": self._goods_text(cost)}))
        if pend.left > 1 and any(s.display):
            s.pending = Pending("buy", s.active, pend.card, left=pend.left - 1, surcharge=pend.surcharge)
        else:
            self._after_action(s)

    def _done(self, s: ConcordiaState, e: ev.Done) -> None:
        self._after_action(s)

    # ------------------------------------------------------------------ the end (C-END, C-GOD)

    def praefectus_order(self, s: ConcordiaState, player: int) -> int:
        """0 for the holder; k = ``player`` would receive the Praefectus Magnus k-th (C-AMB-6)."""
        if self.setup.praefectus_passes == "right":
            return (s.praefectus - player) % s.n
        return (player - s.praefectus) % s.n

    def holdings(self, s: ConcordiaState) -> list[Holdings]:
        """Each player's holdings for the tally, in seat order: all cards, hand and discard
        pile together (C-GOD-0)."""
        b, m = self.board, self.map
        out = []
        for i, p in enumerate(s.players):
            cards: Counter = Counter()
            specialists = []
            for kind in list(p.hand.elements()) + p.discard:
                card = b.cards[kind]
                if card.god == "minerva":
                    specialists.append(kind)
                else:
                    cards[card.god] += 1
            out.append(Holdings(
                name=p.name, cards=dict(cards), specialists=specialists, money=p.money,
                goods=dict(+p.goods), houses=dict(Counter(s.city_good[c] for c in p.houses)),
                provinces=len({m.city_province[c] for c in p.houses}), colonists=p.on_board(),
                concordia=s.concordia == i, praefectus_order=self.praefectus_order(s, i),
            ))
        return out

    def _final_scoring(self, s: ConcordiaState) -> None:
        s.final = tally(self.board, self.setup.map, self.holdings(s), vesta_per_card=self.setup.vesta_per_card)
        s.turn = None
        s.pending = Pending("game_over")

    # ------------------------------------------------------------------ corrections (C-CORR)

    def correction_value(self, s: ConcordiaState, player: int, item: str, key: str = "") -> int:
        """What the books say now for a correction's ``item``/``key`` of ``player`` (the value
        a correction changes). Raises ``KeyError`` for an unknown item."""
        p = s.players[player]
        return {"money": lambda: p.money, "goods": lambda: p.goods[key],
                "colonists": lambda: p.colonists_board.get(key, 0), "hand": lambda: p.hand[key]}[item]()

    def _item_words(self, item: str, key: str) -> Phrase:
        """What a correction changed, for the news: "goods wine" in English, translated as
        "wine" / "land colonists" / "Architect in hand" / "money" (C-CORR-1)."""
        english = f"{item} {key}".strip()
        if item == "goods":
            return Phrase(N_("{good}"), english, good=key)
        if item == "colonists":
            return Phrase(N_("{kind} colonists"), english, kind=key)
        if item == "hand":
            return Phrase(N_("{card} in hand"), english, card=self._card_name(key))
        return Phrase(N_("money"), english)

    def _correct_player(self, s: ConcordiaState, e: ev.CorrectPlayer) -> None:
        """C-CORR-1: the table counted again and the books follow; C-CORR-2: a correction the
        pieces cannot match (a 13th good in the storehouse, a fourth colonist of a kind, a
        card the discard pile does not hold) is refused, checked by the game's invariants."""
        b = self.board
        if not 0 <= e.player < s.n:
            raise RuleError("C-CORR-1", N_("There is no seat {seat}."), N_("Choose a player at the table."),
                            seat=e.player + 1)
        keys = {"money": ("",), "goods": b.goods, "colonists": b.colonist_kinds, "hand": tuple(b.cards)}
        if e.item not in keys or e.key not in keys[e.item]:
            raise RuleError("C-CORR-1", N_("{item} {key} is not something the companion keeps."),
                            N_("Correct money, goods, colonists or cards in hand."), item=e.item, key=e.key)
        if e.value < 0:
            raise RuleError("C-CORR-2", N_("A count cannot be below zero."), N_("Enter what the table counts."))
        p = s.players[e.player]
        old = self.correction_value(s, e.player, e.item, e.key)
        if e.value == old:
            raise RuleError("C-CORR-1", N_("The books already say {value}."), N_("Change the value first."),
                            value=e.value)
        if e.item == "money":
            p.money = e.value
        elif e.item == "goods":
            p.goods[e.key] = e.value
            _clean(p.goods)
        elif e.item == "colonists":
            total = b.colonists_per_kind
            if e.value > total:
                raise RuleError("C-CORR-2", N_("{player} has only {n} {kind} colonists."),
                                N_("Enter what the table counts."), player=p.name, n=total, kind=e.key)
            p.colonists_board[e.key] = e.value
            p.colonists_store[e.key] = total - e.value
        else:
            more = e.value - old
            if more > 0 and p.discard.count(e.key) < more:
                raise RuleError("C-CORR-2", N_("{player}'s discard pile holds {n} {card}: a card comes to the hand "
                                               "from there."), N_("Undo the move that took it, or check the cards."),
                                player=p.name, n=p.discard.count(e.key), card=self._card_name(e.key))
            for _ in range(more):
                del p.discard[len(p.discard) - 1 - p.discard[::-1].index(e.key)]
            p.discard += [e.key] * -more
            p.hand[e.key] = e.value
            _clean(p.hand)
        from .invariants import violations  # invariants.py builds on this module

        broken = violations(self, s)
        if broken:
            raise RuleError("C-CORR-2", N_("The correction would leave the books impossible: {problem}."),
                            N_("Enter what the table counts."), problem=broken[0])
        s.news.append((N_("{player}: {item} corrected from {old} to {new}"),
                       {"player": p.name, "item": self._item_words(e.item, e.key), "old": old, "new": e.value}))

    # ------------------------------------------------------------------ reporting

    def scores(self, s: ConcordiaState) -> list[dict[str, Any]]:
        """``{"name", "colour", "vp", "lines"}`` per player: the tally of what each holds now
        (``"projected": True`` while the game runs); after the game also ``"rank"`` (1 = winner
        after the tie-break, C-END-4)."""
        result = s.final or tally(self.board, self.setup.map, self.holdings(s),
                                  vesta_per_card=self.setup.vesta_per_card)
        out = []
        for p, r in zip(s.players, result["players"]):
            out.append({"name": p.name, "colour": p.colour, "vp": r["total"], "lines": r["lines"],
                        "projected": s.final is None})
        if s.final is not None:
            for rank, i in enumerate(s.final["ranking"], start=1):
                out[i]["rank"] = rank
        return out

    def state_to_json(self, s: ConcordiaState) -> dict[str, Any]:
        data = to_jsonable(s)
        if self.setup.market_mode == "companion":     # the stack's contents stay hidden
            data["market_left"] = {d: len(cards) for d, cards in s.market_left.items()}
        return data

    # event class -> its handler, which takes an event of that class (hence ``Any``: one type per key)
    _handlers: ClassVar[dict[type[Event], Callable[[ConcordiaRules, ConcordiaState, Any], None]]] = {
        ev.RevealCard: _reveal_card,
        ev.PlayCard: _play_card,
        ev.BuyColonist: _buy_colonist,
        ev.BuildHouse: _build_house,
        ev.Produce: _produce,
        ev.PrefectCash: _prefect_cash,
        ev.PlaceColonists: _place_colonists_event,
        ev.ColonistCash: _colonist_cash,
        ev.Trade: _trade,
        ev.CopyCard: _copy_card,
        ev.BuyCard: _buy_card,
        ev.KeepGoods: _keep_goods,
        ev.Done: _done,
        ev.CorrectPlayer: _correct_player,
    }


# What each pending decision is called in "The game is waiting for: ..." (translated there).
_WAITING: dict[Decision, str] = {
    "reveal_card": N_("the card turned up into the market"),
    "play": N_("a personality card to play"),
    "tribune": N_("the Tribune's colonist, or done"),
    "architect": N_("the Architect's houses, or done"),
    "prefect": N_("the Prefect's province, or the cash bonus"),
    "colonist": N_("the Colonist's colonists, or the cash"),
    "mercator": N_("the Mercator's trades, or done"),
    "diplomat": N_("the card the Diplomat copies"),
    "buy": N_("a card bought from the market, or done"),
    "keep_goods": N_("the goods kept in the storehouse"),
    "game_over": N_("nothing more: the game is over"),
}

_EXPECTS: dict[Decision, tuple[type[Event], ...]] = {
    "reveal_card": (ev.RevealCard,),
    "play": (ev.PlayCard,),
    "tribune": (ev.BuyColonist, ev.Done),
    "architect": (ev.BuildHouse, ev.Done),
    "prefect": (ev.Produce, ev.PrefectCash),
    "colonist": (ev.PlaceColonists, ev.ColonistCash),
    "mercator": (ev.Trade, ev.Done),
    "diplomat": (ev.CopyCard,),
    "buy": (ev.BuyCard, ev.Done),
    "keep_goods": (ev.KeepGoods,),
}
for _kind in _EXPECTS:                                    # C-CORR-1: at any decision before the end
    _EXPECTS[_kind] += (ev.CorrectPlayer,)
