"""The turn: whose turn and the card played (C-TURN-2), then that card's decision, each as a
few taps (C-CARD-*), and the goods kept when a storehouse overflows (C-NIS-2).

The box's buttons: on the hand, bowls 1-6 are the six starting personalities (Tribune,
Architect, Prefect, Mercator, Senator, Diplomat; pressed again, a bowl steps to the next
card of that action in the hand) and OK plays the chosen card. On the market, bowls 1-6
choose display spaces 1-6; for the Diplomat, bowl k is seat k; for the Tribune and the
Colonist, bowl 1 is a land and bowl 2 a sea colonist. OK confirms the draft shown.
An option is enabled when the engine lists its move (``moves.legal_moves``); one the rules
refuse stays on screen, greyed out with the reason; a bowl or OK pressed for it shows the
rule.
"""

from __future__ import annotations

from collections import Counter

import pygame

from firmware_host.engine.concordia import events as ev
from firmware_host.engine.concordia.board import ACTIONS
from firmware_host.engine.concordia.rules import DISPLAY_SPACES
from firmware_host.engine.concordia.state import ConcordiaState
from firmware_host.i18n import _, ngettext
from firmware_host.inputs import BOWL_BUTTONS

from .. import text, theme
from ..ui import Button, grid
from . import names
from .common import (
    BOTTOM_ROW,
    GOLD,
    HEADER_STEP,
    REFUSED,
    RIGHT,
    TOP,
    ConcordiaScreen,
    Goods,
    bottom_buttons,
    card_button,
    go,
    good_button,
    good_cell,
    player_button,
)

BOWL_ACTIONS = ("tribune", "architect", "prefect", "mercator", "senator", "diplomat")
PLAYERS = pygame.Rect(6, TOP + 6, 404, theme.CONTENT_BOTTOM - TOP - 10)
HAND = pygame.Rect(PLAYERS.right + 10, TOP + 6, theme.WIDTH - PLAYERS.right - 16, 0)
Y0 = RIGHT.y + 27 + 2 * HEADER_STEP + 3   # where a decision's options start, below a two-line header
SLOT_H = 76                              # a market display space
PAY_Y = Y0 + 2 * SLOT_H + 6 + 6          # below the market display: what a purchase pays


def hand_order(board, hand: Counter) -> list[str]:
    """The cards in a hand as the screen lists them: the starting personalities in bowl order,
    then the other actions in the order of C-CARD; the same action by card id."""
    def key(c: str) -> tuple[int, str]:
        action = board.cards[c].action
        return (BOWL_ACTIONS.index(action) if action in BOWL_ACTIONS else 6 + ACTIONS.index(action), c)
    return sorted(hand, key=key)


class PlayScreen(ConcordiaScreen):
    """Whose turn, every player at a glance, the hand and the market display. A tap on a card
    plays it; a bowl chooses a starting personality and OK plays it; a card's tag plays it."""

    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        self.selected: str | None = None

    def hand_rects(self) -> list[pygame.Rect]:
        n = len(self.s.players[self.s.active].hand)
        area = pygame.Rect(HAND.x, HAND.y + 52, HAND.width, 0)
        return grid(area, n, 3 if n <= 12 else 4, gap=4, height=52 if n <= 9 else 48)

    def build(self) -> list[Button]:
        p = self.s.players[self.s.active]
        out = []
        for cid, rect in zip(hand_order(self.board, p.hand), self.hand_rects()):
            card = self.board.cards[cid]
            title = names.card(self.board, cid) if card.action == "specialist" else _(names.ACTION[card.action])
            sub = [_(names.GOD[card.god])]
            if card.action == "mercator":
                sub.append(names.sestertii(card.coins))
            if p.hand[cid] > 1:
                sub[0] = _("×{n} · {god}").format(n=p.hand[cid], god=sub[0])
            badge = str(BOWL_ACTIONS.index(card.action) + 1) if card.action in BOWL_ACTIONS else ""
            out.append(card_button(f"hand:{cid}", rect, self.board, cid, sub, selected=cid == self.selected, size=18,
                                   badge=badge, title=title))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        s = self.s
        self.players_panel(surface, PLAYERS, s.active)
        p = s.players[s.active]
        self.header(surface, _("{player}: play a card").format(player=p.name),
                    _("Tap a card, or its bowl and OK."), HAND, lines=1)
        rects = self.hand_rects()
        y = (rects[-1].bottom if rects else HAND.y + 50) + 8
        if self.selected:
            chosen = _("{card} chosen: press OK to play it").format(card=names.card(self.board, self.selected))
            for line in text.wrap(chosen, 18, HAND.width)[:2]:
                text.draw(surface, line, (HAND.x, y), 18, theme.ACCENT, max_width=HAND.width)
                y += 22
            y += 2
        text.draw(surface, _("Market display"), (HAND.x, y), 16, theme.MUTED, role="detail")
        self.market_list(surface, pygame.Rect(HAND.x, y + 21, HAND.width, theme.CONTENT_BOTTOM - y - 22))

    def press(self, wid: str) -> None:
        if wid.startswith("hand:"):
            self.ctl.submit(ev.PlayCard(wid[5:]))

    def button(self, name: str) -> bool:
        if name in BOWL_BUTTONS:
            self.choose(BOWL_ACTIONS[BOWL_BUTTONS.index(name)])
            return True
        if name == "ok" and self.selected:
            self.ctl.submit(ev.PlayCard(self.selected))
            return True
        return super().button(name)

    def choose(self, action: str) -> None:
        """Select the hand's next card of ``action``; none in hand: the rule says so."""
        hand = self.s.players[self.s.active].hand
        cards = [c for c in hand_order(self.board, hand) if self.board.cards[c].action == action]
        if not cards:
            self.ctl.submit(ev.PlayCard(action))          # refused: C-TURN-2 names the card missing
            return
        k = cards.index(self.selected) + 1 if self.selected in cards else 0
        self.selected = cards[k % len(cards)]
        self.invalidate()

    def back(self) -> bool:
        if self.selected is None:
            return False
        self.selected = None
        return True

    def card_tag(self, card: str) -> bool:
        self.ctl.submit(ev.PlayCard(card))
        return True


# ---------------------------------------------------------------------- the card's decision

class DecisionScreen(ConcordiaScreen):
    """A card's decision: the deciding player's panel on the left, the options on the right."""

    def after(self) -> ConcordiaState | None:
        """The previewed state of the draft, shown in the player's panel."""
        return None

    def paint(self, surface: pygame.Surface) -> None:
        self.me_panel(surface, after=self.after())
        self.paint_right(surface)

    def paint_right(self, surface: pygame.Surface) -> None:
        """The decision area (subclasses)."""

    def option(self, wid: str, rect: pygame.Rect, label: str, sub: str, event: ev.Event | None,
               fill=None, size: int = 18) -> Button:
        """A button for ``event``: enabled when the engine lists it; refused ones keep their
        place, greyed out with the reason as sub-line."""
        why = self.why_not(event) if event is not None else ""
        return Button(wid, rect, label, why or sub, fill=REFUSED if why else fill, size=size, enabled=not why)

    def why_not(self, event: ev.Event) -> str:
        """``""`` if the engine lists ``event``; else why not, for a sub-line."""
        if event in self.offered:
            return ""
        return self.refusal(event) or _("not possible now")

    def draft(self) -> ev.Event | None:
        """The move the screen's draft makes (OK), if any."""
        return None

    def ready(self) -> bool:
        """Whether the draft's move is listed by the engine and accepted as drafted (its
        free parameters, like the amounts of a trade, are checked by the rules)."""
        event = self.draft()
        return event is not None and event in self.offered and not self.legal(event)

    def button(self, name: str) -> bool:
        """OK confirms the draft; a draft the rules refuse shows the rule (its OK is greyed out)."""
        if super().button(name):                      # an enabled OK taps itself
            return True
        if name == "ok":
            event = self.draft()
            if event is not None:
                self.ctl.submit(event)                    # refused: the rule says why
                return True
        return False

    def card_title(self) -> str:
        """The card being carried out, and the copied one for a Diplomat (C-CARD-DIPLOMAT-1)."""
        t = self.s.turn
        name = names.card(self.board, self.s.pending.card)
        if t is not None and t.copied:
            return _("{card} (copied by the Diplomat)").format(card=name)
        return name


class TribuneScreen(DecisionScreen):
    """C-CARD-TRIBUNE-2: a new colonist for Roma for 1 food + 1 tool, or none."""

    def build(self) -> list[Button]:
        p = self.s.players[self.me]
        out = []
        for k, kind in enumerate(self.board.colonist_kinds):
            rect = pygame.Rect(RIGHT.x, Y0 + k * 64, RIGHT.width, 56)
            label = (_("A land colonist to Roma") if kind == "land" else _("A sea colonist to Roma"))
            sub = _("bowl {n} · {k} in the storehouse").format(n=k + 1, k=p.colonists_store.get(kind, 0))
            out.append(self.option(f"colonist:{kind}", rect, label, sub, ev.BuyColonist(kind)))
        out += bottom_buttons(("done", _("No colonist"), True, None))
        return out

    def paint_right(self, surface: pygame.Surface) -> None:
        cost = names.goods_list(self.board.colonist_cost)
        self.header(surface, _("{card}: all played cards are back in the hand").format(card=self.card_title()),
                    _("Buy a new colonist for {cost}? It goes from the storehouse to Roma.").format(cost=cost))

    def press(self, wid: str) -> None:
        if wid.startswith("colonist:"):
            self.ctl.submit(ev.BuyColonist(wid[9:]))
        elif wid == "done":
            self.ctl.submit(ev.Done())

    def button(self, name: str) -> bool:
        if name in BOWL_BUTTONS[:2]:
            self.ctl.submit(ev.BuyColonist(self.board.colonist_kinds[BOWL_BUTTONS.index(name)]))
            return True
        return super().button(name)


def province_label(name: str, sub: str) -> tuple[str, str]:
    """A province button's label and sub-line: a name's note in brackets ("Province 8 (with
    Roma)") is left out, so the name fits the button at 18 px (Roma is on the board).
    ``name`` is the board data's English name; the label is its translation."""
    return names.province_name(name.partition(" (")[0]), sub


def province_rects(n: int) -> list[pygame.Rect]:
    """Up to 12 provinces, 3 a row, below the header."""
    return grid(pygame.Rect(RIGHT.x, Y0, RIGHT.width, 0), n, 3, gap=5, height=48)


class ArchitectScreen(DecisionScreen):
    """C-CARD-ARCHITECT-1/2: the steps to move colonists on the map (C-AMB-3), then each house
    as two taps: its province, its city. The cost (C-NIS-6) is on the city before the tap;
    the first house in a city also asks the good on its token (C-NIS-1)."""

    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        self.province: str | None = None
        self.city: str | None = None

    def build(self) -> list[Button]:
        if self.city is not None:
            out = self.good_buttons()
        elif self.province is not None:
            out = self.city_buttons()
        else:
            out = self.province_buttons()
        if self.province is not None:
            out.append(Button("back", pygame.Rect(RIGHT.x, BOTTOM_ROW.y, 170, BOTTOM_ROW.height),
                              _("Other city") if self.city is not None else _("Other province"), size=18))
        out += bottom_buttons(("done", _("Done building"), True, go()))[:1]
        return out

    def province_buttons(self) -> list[Button]:
        s, m, me = self.s, self.rules.map, self.me
        out = []
        for (pid, province), rect in zip(m.provinces.items(), province_rects(len(m.provinces))):
            mine = sum(1 for c in province.cities if me in s.houses.get(c, []))
            sub = _("{n} cities · {k} yours").format(n=len(province.cities), k=mine)
            can = any(m.city in province.cities for m in self.offered.of(ev.BuildHouse))
            out.append(Button(f"province:{pid}", rect, *province_label(province.name, sub), size=18,
                              fill=None if can else REFUSED, enabled=can))
        return out

    def city_buttons(self) -> list[Button]:
        assert self.province is not None  # build() lists cities once a province is chosen
        s, m = self.s, self.rules.map
        out = []
        for k, city in enumerate(m.provinces[self.province].cities):
            rect = pygame.Rect(RIGHT.x, Y0 + k * 64, RIGHT.width, 58)
            cost = self.rules.house_cost(s, city)
            if cost is None:
                can = any(b.city == city for b in self.offered.of(ev.BuildHouse))
                sub = (_("its good is not known yet: tap, then the good on its token") if can
                       else _("no good its token can show can be paid for"))
                out.append(Button(f"city:{city}", rect, names.city(m, city), sub, size=18, enabled=can,
                                  fill=None if can else REFUSED))
                continue
            coins, goods = cost
            there = len(s.houses.get(city, []))
            sub = ngettext("{good} city with {n} house: {coins} + {goods}",
                           "{good} city with {n} houses: {coins} + {goods}", there).format(
                good=names.good(s.city_good[city]), n=there, coins=names.sestertii(coins),
                goods=names.goods_list(goods))
            why = self.why_not(ev.BuildHouse(city))
            if why:
                sub = f"{sub} · {why}"
            out.append(Button(f"city:{city}", rect, names.city(m, city), sub, fill=REFUSED if why else None, size=18,
                              enabled=not why))
        return out

    def good_buttons(self) -> list[Button]:
        assert self.city is not None
        b = self.board
        there = len(self.s.houses.get(self.city, []))
        out = []
        rects = grid(pygame.Rect(RIGHT.x, Y0, RIGHT.width, 0), len(b.goods), 2, gap=6, height=74)
        for g, rect in zip(b.goods, rects):
            coins, goods = b.house_cost(g, there)
            sub = _("{coins} + {goods}").format(coins=names.sestertii(coins), goods=names.goods_list(goods))
            why = self.why_not(ev.BuildHouse(self.city, g))
            out.append(good_button(f"good:{g}", rect, g, why or sub, fill=REFUSED if why else None, enabled=not why))
        return out

    def paint_right(self, surface: pygame.Surface) -> None:
        steps = self.s.pending.steps
        m = self.rules.map
        if self.city is not None:
            self.header(surface, _("Which good does {city} produce?").format(city=names.city(m, self.city)),
                        _("Tap the good on its city token; the companion remembers it."))
        elif self.province is not None:
            self.header(surface, _("Build in {province}").format(province=names.province(m, self.province)),
                        _("Tap the city; one house per player in each city."))
        else:
            self.header(surface, _("{card}: {n} steps, then build").format(card=self.card_title(), n=steps),
                        _("Move your colonists ({n} steps in all), then tap each new house's province.").format(
                            n=steps))

    def press(self, wid: str) -> None:
        kind, _sep, value = wid.partition(":")
        if kind == "province":
            self.province = value
        elif kind == "city":
            if value in self.s.city_good:
                self.ctl.submit(ev.BuildHouse(value))
                return
            self.city = value
        elif kind == "good" and self.city is not None:
            self.ctl.submit(ev.BuildHouse(self.city, value))
            return
        elif wid == "back":
            self.back()
        elif wid == "done":
            self.ctl.submit(ev.Done())
            return
        self.invalidate()

    def back(self) -> bool:
        if self.city is not None:
            self.city = None
        elif self.province is not None:
            self.province = None
        else:
            return False
        return True


class PrefectScreen(DecisionScreen):
    """C-CARD-PREFECT-1/2: a province produces (tap it, see who gets what, OK), or the cash
    bonus of the markers on their coin side. A marker the companion cannot tell from the
    cities it knows is asked once (C-NIS-1); a marker on its coin side is refused (C-AMB-4)."""

    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        self.province: str | None = None
        self.marker = ""

    def event(self) -> ev.Produce | None:
        if self.province is None:
            return None
        known = self.rules.marker_good(self.s, self.province)
        if known is None and not self.marker:
            return None
        return ev.Produce(self.province, "" if known is not None else self.marker)

    def after(self) -> ConcordiaState | None:
        event = self.event()
        return self.preview(event) if event is not None else None

    def draft(self) -> ev.Event | None:
        return self.event()

    def cash(self) -> int:
        s = self.s
        return sum(self.board.marker_coins[s.marker_good[pid]] for pid, up in s.marker_coins.items() if up)

    def build(self) -> list[Button]:
        s, m = self.s, self.rules.map
        out = []
        asking = self.province is not None and self.rules.marker_good(s, self.province) is None
        provinces = list(m.provinces.items())
        rects = province_rects(len(provinces))
        if asking:
            # The marker's good is asked: only the chosen province stays (a tap on it chooses
            # again), the goods to answer with below it; the others would leave them no room.
            provinces = [(pid, province) for pid, province in provinces if pid == self.province]
            rects = [pygame.Rect(RIGHT.x, Y0, RIGHT.width, 48)]
        for (pid, province), rect in zip(provinces, rects):
            known = self.rules.marker_good(s, pid)
            houses = sum(len(s.houses.get(c, [])) for c in province.cities)
            if s.marker_coins[pid]:
                sub = _("coin side")
            elif known is None:
                sub = _("bonus ? · {n} houses").format(n=houses)
            else:
                sub = _("bonus {good} · {n} houses").format(good=names.good(known), n=houses)
            can = any(m.province == pid for m in self.offered.of(ev.Produce))
            out.append(Button(f"province:{pid}", rect, *province_label(province.name, sub), size=18,
                              fill=None if can else REFUSED, selected=pid == self.province, enabled=can))
        if asking and self.province is not None:
            rects = grid(pygame.Rect(RIGHT.x, Y0 + 60, RIGHT.width, 0), len(self.board.goods), 3, gap=6, height=52)
            for g, rect in zip(self.board.goods, rects):
                out.append(good_button(f"marker:{g}", rect, g, selected=g == self.marker,
                                       enabled=ev.Produce(self.province, g) in self.offered))
        ready = self.ready()
        out += bottom_buttons(
            ("cash", _("Cash: +{n}").format(n=names.sestertii(self.cash())), ev.PrefectCash() in self.offered, None),
            ("ok", _("Produce"), ready, go(ready)),
        )
        return out

    def paint_right(self, surface: pygame.Surface) -> None:
        s = self.s
        title = _("{card}: production or cash").format(card=self.card_title())
        sub = _("Tap a province whose marker shows its good, or take the cash bonus.")
        colour = theme.MUTED
        if s.praefectus == s.active:
            nxt = s.players[(s.active + (-1 if self.rules.setup.praefectus_passes == "right" else 1)) % s.n].name
            sub = _("Praefectus Magnus: the province bonus counts twice, then the card passes to {player}.").format(
                player=nxt)
        if self.province is not None:
            name = names.province(self.rules.map, self.province)
            event = self.event()
            if event is None:
                title = _("Which good does the bonus marker of {province} show?").format(province=name)
                sub = _("Tap the good on the marker below, then Produce.")
            else:
                title = _("{province} produces").format(province=name)
                why = self.legal(event)
                sub, colour = (why, theme.BAD) if why else ("; ".join(self.gains(self.preview(event))), theme.ACCENT)
        self.header(surface, title, sub, colour=colour)

    def gains(self, after: ConcordiaState) -> list[str]:
        """Who receives what: goods into storehouses and goods waiting to be chosen."""
        out = []
        for p, q in zip(self.s.players, after.players):
            got = (q.goods - p.goods) + q.arriving
            if got:
                goods = names.goods_list({g: got[g] for g in self.board.goods if got[g]})
                out.append(_("{player} gets {goods}").format(player=q.name, goods=goods))
        return out or [_("Nobody gets anything")]

    def press(self, wid: str) -> None:
        kind, _sep, value = wid.partition(":")
        if kind == "province":
            if self.s.marker_coins[value]:
                self.ctl.submit(ev.Produce(value))           # refused: C-AMB-4 says why
                return
            if value == self.province and not self.marker and self.rules.marker_good(self.s, value) is None:
                self.province = None                         # the one province left: choose again
            else:
                self.province, self.marker = value, ""
        elif kind == "marker":
            self.marker = value
        elif wid == "ok":
            event = self.event()
            if event is not None:
                self.ctl.submit(event)
            return
        elif wid == "cash":
            self.ctl.submit(ev.PrefectCash())
            return
        self.invalidate()

    def back(self) -> bool:
        if self.marker:
            self.marker = ""
        elif self.province is not None:
            self.province = None
        else:
            return False
        return True


class ColonistScreen(DecisionScreen):
    """C-CARD-COLONIST-1/2: new colonists (land and sea counts, 1 food + 1 tool each), or the
    cash: 5 + 1 per own colonist on the board."""

    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        self.counts = {k: 0 for k in self.board.colonist_kinds}

    def event(self) -> ev.PlaceColonists:
        return ev.PlaceColonists(**self.counts)

    def after(self) -> ConcordiaState | None:
        return self.preview(self.event()) if sum(self.counts.values()) else None

    def draft(self) -> ev.Event | None:
        return self.event() if sum(self.counts.values()) else None

    def build(self) -> list[Button]:
        p = self.s.players[self.me]
        out = []
        for k, kind in enumerate(self.board.colonist_kinds):
            y = Y0 + k * 70
            out.append(Button(f"{kind}-", pygame.Rect(RIGHT.right - 184, y, 60, 56), "−",
                              enabled=self.counts[kind] > 0))
            out.append(Button(f"{kind}+", pygame.Rect(RIGHT.right - 60, y, 60, 56), "+",
                              enabled=self.counts[kind] < p.colonists_store.get(kind, 0)))
        n = sum(self.counts.values())
        cash = 5 + p.on_board()
        ready = self.ready()
        out += bottom_buttons(
            ("cash", _("Cash: +{n}").format(n=names.sestertii(cash)), ev.ColonistCash() in self.offered, None),
            ("ok", _("Place {n}").format(n=n) if n else _("Place colonists"), ready, go(ready)),
        )
        return out

    def paint_right(self, surface: pygame.Surface) -> None:
        p = self.s.players[self.me]
        cost = names.goods_list(self.board.colonist_cost)
        self.header(surface, _("{card}: new colonists or cash").format(card=self.card_title()),
                    _("Each new colonist costs {cost} and goes to Roma or one of your cities.").format(cost=cost))
        for k, kind in enumerate(self.board.colonist_kinds):
            y = Y0 + k * 70
            label = _("Land colonists (bowl 1)") if kind == "land" else _("Sea colonists (bowl 2)")
            text.draw(surface, label, (RIGHT.x, y + 6), 18, theme.TEXT, bold=True, max_width=RIGHT.width - 200)
            text.draw(surface, _("{n} in the storehouse").format(n=p.colonists_store.get(kind, 0)), (RIGHT.x, y + 32),
                      16, theme.MUTED, role="detail")
            text.draw(surface, str(self.counts[kind]), (RIGHT.right - 92, y + 28), 26, theme.ACCENT, "center",
                      bold=True)
        n = sum(self.counts.values())
        y = Y0 + 150
        if n:
            why = self.legal(self.event())
            total = {g: k * n for g, k in Counter(self.board.colonist_cost).items()}
            line = why or _("Cost: {goods}").format(goods=names.goods_list(total))
            for k, part in enumerate(text.wrap(line, 18, RIGHT.width)[:3]):
                text.draw(surface, part, (RIGHT.x, y + 22 * k), 18, theme.BAD if why else theme.ACCENT)

    def press(self, wid: str) -> None:
        if wid[:-1] in self.counts:
            self.counts[wid[:-1]] += 1 if wid.endswith("+") else -1
            self.invalidate()
        elif wid == "ok":
            self.ctl.submit(self.event())
        elif wid == "cash":
            self.ctl.submit(ev.ColonistCash())

    def button(self, name: str) -> bool:
        if name in BOWL_BUTTONS[:2]:
            kind = self.board.colonist_kinds[BOWL_BUTTONS.index(name)]
            if self.counts[kind] < self.s.players[self.me].colonists_store.get(kind, 0):
                self.press(f"{kind}+")
            else:                             # one more than the storehouse holds: the rule says so
                more = ev.PlaceColonists(**{**self.counts, kind: self.counts[kind] + 1})
                self.ctl.say(self.legal(more), "bad")
            return True
        return super().button(name)

    def back(self) -> bool:
        if not any(self.counts.values()):
            return False
        self.counts = {k: 0 for k in self.counts}
        return True


class MercatorScreen(DecisionScreen):
    """C-CARD-MERCATOR-1/2: the sestertii are in; then sell (−) and buy (+) up to two goods
    types at the printed prices within the 12-space storehouse (C-AMB-5). The player's panel
    shows the storehouse and cash after the trade."""

    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        self.changes: dict[str, int] = {}        # good -> units (+ bought, − sold), in the order touched

    def event(self) -> ev.Trade:
        return ev.Trade(tuple((g, k) for g, k in self.changes.items() if k))

    def after(self) -> ConcordiaState | None:
        return self.preview(self.event()) if self.changes else None

    def draft(self) -> ev.Event | None:
        return self.event() if self.changes else None

    def build(self) -> list[Button]:
        out = []
        for k, g in enumerate(self.board.goods):
            y = RIGHT.y + 48 + k * 52
            out.append(Button(f"sell:{g}", pygame.Rect(RIGHT.x + 220, y, 64, 48), _("sell"), size=18))
            out.append(Button(f"buy:{g}", pygame.Rect(RIGHT.x + 354, y, 64, 48), _("buy"), size=18))
        ready = self.ready()
        out += bottom_buttons(("done", _("No trade"), ev.Done() in self.offered, None),
                              ("ok", _("Trade"), ready, go(ready)))
        return out

    def paint_right(self, surface: pygame.Surface) -> None:
        b = self.board
        card = b.cards[self.s.pending.card]
        self.header(surface, _("{card}: +{n} sestertii, then trade").format(card=self.card_title(), n=card.coins),
                    _("Up to two goods types at the printed prices."))
        p = self.s.players[self.me]
        for k, g in enumerate(b.goods):
            y = RIGHT.y + 48 + k * 52
            row = pygame.Rect(RIGHT.x, y, RIGHT.width, 48)
            pygame.draw.rect(surface, theme.PANEL, row, border_radius=6)
            good_cell(surface, pygame.Rect(row.x + 8, row.y + 11, 26, 26), g)
            text.draw(surface, names.good(g), (row.x + 42, row.y + 4), 18, theme.TEXT, bold=True)
            text.draw(surface, _("{price} sestertii · have {n}").format(price=b.price[g], n=p.goods.get(g, 0)),
                      (row.x + 42, row.y + 26), 16, theme.MUTED, max_width=170, min_size=14, role="detail")
            d = self.changes.get(g, 0)
            shown = f"+{d}" if d > 0 else f"−{-d}" if d < 0 else "0"
            text.draw(surface, shown, (row.x + 319, row.centery), 22, theme.ACCENT if d else theme.DIM, "center",
                      bold=True)
            if d:
                money = -d * b.price[g]
                text.draw(surface, f"{money:+d}", (row.right - 8, row.centery), 18, GOLD, "midright", bold=True)
        if self.changes:
            why = self.legal(self.event())
            if why:
                y = RIGHT.y + 48 + 5 * 52 - 2
                text.draw(surface, why, (RIGHT.x, y), 18, theme.BAD, max_width=RIGHT.width, min_size=16, role="detail")

    def press(self, wid: str) -> None:
        kind, _sep, g = wid.partition(":")
        if kind in ("buy", "sell"):
            k = self.changes.get(g, 0) + (1 if kind == "buy" else -1)
            if k:
                self.changes[g] = k
            else:
                self.changes.pop(g, None)
            self.invalidate()
        elif wid == "ok":
            self.ctl.submit(self.event())
        elif wid == "done":
            self.ctl.submit(ev.Done())

    def back(self) -> bool:
        if not self.changes:
            return False
        self.changes = {}
        return True


class DiplomatScreen(DecisionScreen):
    """C-CARD-DIPLOMAT-1/2: the top card of each other player's discard pile; a tap (bowl k =
    seat k, or the player's token) copies it. A Diplomat on top cannot be copied (C-AMB-2)."""

    def build(self) -> list[Button]:
        s = self.s
        out = []
        others = [i for i in range(s.n) if i != s.active]
        for k, i in enumerate(others):
            q = s.players[i]
            rect = pygame.Rect(RIGHT.x, Y0 + k * 66, RIGHT.width, 60)
            if q.discard:
                sub = _("copy: {card}").format(card=names.card(self.board, q.discard[-1]))
            else:
                sub = _("no card played")
            why = self.why_not(ev.CopyCard(i))
            out.append(player_button(f"copy:{i}", rect, q, why or sub, fill=REFUSED if why else None, number=i + 1,
                                     enabled=not why))
        return out

    def paint_right(self, surface: pygame.Surface) -> None:
        self.header(surface, _("{card}: copy a card").format(card=self.card_title()),
                    _("The top card of another player's discard pile is carried out as if you had played it."))

    def press(self, wid: str) -> None:
        if wid.startswith("copy:"):
            self.ctl.submit(ev.CopyCard(int(wid[5:])))

    def button(self, name: str) -> bool:
        if name in BOWL_BUTTONS[: self.s.n]:
            self.ctl.submit(ev.CopyCard(BOWL_BUTTONS.index(name)))
            return True
        return super().button(name)

    def player_tag(self, colour: str) -> bool:
        seat = next((i for i, p in enumerate(self.s.players) if p.colour == colour), None)
        if seat is None:
            return False
        self.ctl.submit(ev.CopyCard(seat))
        return True


class BuyScreen(DecisionScreen):
    """C-CARD-SENATOR-1 / C-CARD-CONSUL-1: the market display with each card's price (its cost
    box, plus the space's surcharge for the Senator, C-NIS-5). Tap a card (bowl k = space k,
    or the card's tag), check the payment, Buy. An "any good" surcharge is pre-filled with the
    cheapest good left over and can be changed."""

    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        self.slot: int | None = None
        self.pay: list[str] = []

    @property
    def surcharge(self) -> bool:
        return self.s.pending.surcharge

    def select(self, slot: int) -> None:
        self.slot = slot
        _cost, anys = self.rules.card_price(self.s, slot, self.surcharge)
        suggested = self.rules.suggest_any_goods(self.s, slot, self.surcharge)
        self.pay = list(suggested) if suggested is not None else [self.board.goods[0]] * anys
        self.invalidate()

    def event(self) -> ev.BuyCard | None:
        return ev.BuyCard(self.slot, tuple(self.pay)) if self.slot is not None else None

    def after(self) -> ConcordiaState | None:
        event = self.event()
        return self.preview(event) if event is not None else None

    def draft(self) -> ev.Event | None:
        return self.event()

    def slot_rects(self) -> list[pygame.Rect]:
        return grid(pygame.Rect(RIGHT.x, Y0, RIGHT.width, 0), DISPLAY_SPACES, 4, gap=6, height=SLOT_H)

    def build(self) -> list[Button]:
        s = self.s
        out = []
        for slot, rect in enumerate(self.slot_rects()):
            entry = s.display[slot]
            if entry is None:
                continue
            card = self.board.cards[entry[1]]
            lines: list[str | Goods] = [_(names.GOD[card.god]), self.price_goods(slot, self.surcharge)]
            title = names.card(self.board, card.id) if card.action == "specialist" else _(names.ACTION[card.action])
            can = ev.BuyCard(slot) in self.offered
            out.append(card_button(f"slot:{slot}", rect, self.board, card.id, lines, selected=slot == self.slot,
                                   size=18, badge=str(slot + 1) if slot < 6 else "", title=title, enabled=can))
        for j, chosen in enumerate(self.pay):
            rects = grid(pygame.Rect(RIGHT.x, PAY_Y + 24 + j * 54, RIGHT.width, 0), len(self.board.goods),
                         len(self.board.goods), gap=6, height=48)
            for g, rect in zip(self.board.goods, rects):
                out.append(good_button(f"pay:{j}:{g}", rect, g, selected=g == chosen))
        ready = self.ready()
        label = (_("Buy {card}").format(card=names.card(self.board, s.display[self.slot][1])) if self.slot is not None
                 else _("Buy"))
        out += bottom_buttons(("done", _("Buy nothing more") if s.turn and s.turn.bought else _("Buy nothing"),
                               ev.Done() in self.offered, None),
                              ("ok", label, ready, go(ready)))
        return out

    def paint_right(self, surface: pygame.Surface) -> None:
        s = self.s
        p = s.pending
        if p.surcharge:
            title = _("{card}: buy up to {n} cards").format(card=self.card_title(), n=p.left) if p.left > 1 else \
                _("{card}: buy one more card").format(card=self.card_title())
            sub = _("Price: the card's cost plus its space's surcharge. Tap a card, then Buy.")
        else:
            title = _("{card}: buy 1 card").format(card=self.card_title())
            sub = _("Price: only the goods in the card's cost box. Tap a card, then Buy.")
        self.header(surface, title, sub)
        for slot, rect in enumerate(self.slot_rects()):
            if s.display[slot] is None:
                pygame.draw.rect(surface, theme.BUTTON_OFF, rect, border_radius=6)
                text.draw(surface, _("space {n}: empty").format(n=slot + 1), rect.center, 16, theme.MUTED, "center",
                          role="detail")
        if self.slot is None:
            return
        y = PAY_Y
        event = self.event()
        why = self.legal(event)
        if why:
            text.draw(surface, why, (RIGHT.x, y), 18, theme.BAD, max_width=RIGHT.width, min_size=16, role="detail")
        else:
            cost, _anys = self.rules.card_price(s, self.slot, self.surcharge)
            total = Counter(cost)
            total.update(self.pay)
            line = _("Pays {goods}").format(goods=names.goods_list({g: total[g] for g in self.board.goods if total[g]}))
            if self.pay:
                line += " · " + _("the good of your choice: tap below")
            text.draw(surface, line, (RIGHT.x, y), 18, theme.ACCENT, max_width=RIGHT.width, min_size=16, role="detail")

    def press(self, wid: str) -> None:
        kind, _sep, value = wid.partition(":")
        if kind == "slot":
            self.select(int(value))
        elif kind == "pay":
            j, g = value.split(":")
            self.pay[int(j)] = g
            self.invalidate()
        elif wid == "ok":
            event = self.event()
            if event is not None:
                self.ctl.submit(event)
        elif wid == "done":
            self.ctl.submit(ev.Done())

    def button(self, name: str) -> bool:
        if name in BOWL_BUTTONS:
            slot = BOWL_BUTTONS.index(name)
            if self.s.display[slot] is None:
                self.ctl.submit(ev.BuyCard(slot))             # refused: the rule names the empty space
            else:
                self.select(slot)
            return True
        return super().button(name)

    def card_tag(self, card: str) -> bool:
        slot = next((k for k, e in enumerate(self.s.display) if e is not None and e[1] == card), None)
        if slot is None:
            self.ctl.say(_("{card} is not in the market display.").format(card=names.card(self.board, card)), "bad")
        else:
            self.select(slot)
        return True

    def back(self) -> bool:
        if self.slot is None:
            return False
        self.slot, self.pay = None, []
        return True


class KeepGoodsScreen(DecisionScreen):
    """C-NIS-2: produced goods that do not all fit; the player keeps as many as fit (the
    dearest pre-selected) and the rest stays in the bank."""

    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        self.keep = Counter(self.rules.suggest_keep(self.s, self.me))

    def event(self) -> ev.KeepGoods:
        goods = sorted(self.keep.elements(), key=lambda g: -self.board.price[g])
        return ev.KeepGoods(tuple(goods))

    def draft(self) -> ev.Event | None:
        return self.event()

    def build(self) -> list[Button]:
        p = self.s.players[self.me]
        fit = self.s.pending.fit
        out = []
        for k, g in enumerate(g for g in self.board.goods if p.arriving.get(g)):
            y = Y0 + k * 52
            out.append(Button(f"keep-:{g}", pygame.Rect(RIGHT.right - 184, y, 60, 48), "−", enabled=self.keep[g] > 0))
            out.append(Button(f"keep+:{g}", pygame.Rect(RIGHT.right - 60, y, 60, 48), "+",
                              enabled=self.keep[g] < p.arriving[g] and sum(self.keep.values()) < fit))
        n = sum(self.keep.values())
        ready = self.ready()
        out += bottom_buttons(("ok", _("Keep {n}").format(n=n) if fit else _("OK"), ready, go(ready)))
        return out

    def paint_right(self, surface: pygame.Surface) -> None:
        p = self.s.players[self.me]
        fit = self.s.pending.fit
        sub = (_("Keep {n} of the goods just produced; the rest stays in the bank.").format(n=fit) if fit else
               _("No space is free: the goods just produced stay in the bank."))
        self.header(surface, _("{player}'s storehouse is full").format(player=p.name), sub)
        for k, g in enumerate(g for g in self.board.goods if p.arriving.get(g)):
            y = Y0 + k * 52
            good_cell(surface, pygame.Rect(RIGHT.x, y + 9, 30, 30), g)
            text.draw(surface, names.good(g), (RIGHT.x + 40, y + 3), 18, theme.TEXT, bold=True)
            text.draw(surface, _("{n} produced").format(n=p.arriving[g]), (RIGHT.x + 40, y + 27), 16, theme.MUTED,
                      role="detail")
            text.draw(surface, str(self.keep[g]), (RIGHT.right - 92, y + 24), 26, theme.ACCENT, "center", bold=True)

    def press(self, wid: str) -> None:
        kind, _sep, g = wid.partition(":")
        if kind in ("keep+", "keep-"):
            self.keep[g] += 1 if kind == "keep+" else -1
            self.invalidate()
        elif wid == "ok":
            self.ctl.submit(self.event())
