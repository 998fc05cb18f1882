"""The taps and presses a table makes for each Concordia move (golden playthroughs,
screenshots, touch-target tests). Lines as in :mod:`display.script`: ``tap <widget id>`` or
``press <button>``; :func:`inputs_for` writes them for the fresh screen of the pending
decision. Both ways in are used: the starting personalities by bowl and OK, other cards by
touch; the Tribune's colonist and the Diplomat's seat by bowl, the rest by touch."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from firmware_host.engine.concordia import events as ev
from firmware_host.engine.core import Event

from .turn import BOWL_ACTIONS, hand_order

if TYPE_CHECKING:
    from ..controller import Controller


def canonical(event: Event, board) -> Event:
    """The event as the screens send it: goods kept listed dearest first (the same move)."""
    if isinstance(event, ev.KeepGoods):
        return ev.KeepGoods(tuple(sorted(event.goods, key=lambda g: -board.price[g])))
    return event


def inputs_for(ctl: Controller, event: Event) -> list[str]:
    """The lines a table enters for Concordia ``event``. Raises ``ValueError`` for an event
    the screens cannot make."""
    assert ctl.session is not None  # moves are scripted for an open game
    s = ctl.session.state
    rules: Any = ctl.session.rules  # the ConcordiaRules (board data)
    board = rules.board
    e = event
    if isinstance(e, ev.RevealCard):
        return [f"tap card:{e.card}"]
    if isinstance(e, ev.PlayCard):
        action = board.cards[e.card].action if e.card in board.cards else ""
        if action in BOWL_ACTIONS:
            hand = s.players[s.active].hand
            same = [c for c in hand_order(board, hand) if board.cards[c].action == action]
            if e.card in same:
                return [f"press bowl{BOWL_ACTIONS.index(action) + 1}"] * (same.index(e.card) + 1) + ["press ok"]
        return [f"tap hand:{e.card}"]
    if isinstance(e, ev.BuyColonist):
        return [f"press bowl{board.colonist_kinds.index(e.colonist) + 1}"]
    if isinstance(e, ev.BuildHouse):
        province = rules.map.city_province[e.city]
        return [f"tap province:{province}", f"tap city:{e.city}"] + ([f"tap good:{e.good}"] if e.good else [])
    if isinstance(e, ev.Produce):
        return [f"tap province:{e.province}"] + ([f"tap marker:{e.bonus_good}"] if e.bonus_good else []) + ["press ok"]
    if isinstance(e, (ev.PrefectCash, ev.ColonistCash)):
        return ["tap cash"]
    if isinstance(e, ev.PlaceColonists):
        return ["tap land+"] * e.land + ["tap sea+"] * e.sea + ["tap ok"]
    if isinstance(e, ev.Trade):
        lines = []
        for good, k in e.changes:
            lines += [f"tap {'buy' if k > 0 else 'sell'}:{good}"] * abs(k)
        return lines + ["tap ok"]
    if isinstance(e, ev.CopyCard):
        return [f"press bowl{e.player + 1}"]
    if isinstance(e, ev.BuyCard):
        lines = [f"press bowl{e.slot + 1}" if e.slot < 6 else f"tap slot:{e.slot}"]
        suggested = rules.suggest_any_goods(s, e.slot, s.pending.surcharge) or ()
        for j, good in enumerate(e.any_goods):
            if j >= len(suggested) or suggested[j] != good:
                lines.append(f"tap pay:{j}:{good}")
        return lines + ["tap ok"]
    if isinstance(e, ev.KeepGoods):
        want = Counter(e.goods)
        have = Counter(rules.suggest_keep(s, s.pending.player))
        lines = []
        for good in board.goods:
            lines += [f"tap keep-:{good}"] * max(0, have[good] - want[good])
        for good in board.goods:
            lines += [f"tap keep+:{good}"] * max(0, want[good] - have[good])
        return lines + ["tap ok"]
    if isinstance(e, ev.Done):
        return ["tap done"]
    raise ValueError(f"no inputs for {e.kind}")
