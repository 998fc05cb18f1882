"""The taps and presses a table makes for each Trajan move (``GameDisplay.inputs_for``;
lines as in :mod:`display.script`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from firmware_host.engine.core import Event
from firmware_host.engine.trajan import events as ev

from ..script import swaps

if TYPE_CHECKING:
    from ..controller import Controller


def inputs_for(ctl: Controller, event: Event) -> list[str]:
    """The lines a player enters for Trajan ``event`` on the current screen."""
    assert ctl.session is not None  # moves are scripted for an open game
    s = ctl.session.state
    rules: Any = ctl.session.rules  # the TrajanRules (board data, suggest_demands)
    e = event
    if isinstance(e, ev.PlaceStartMarkers):
        screen = ctl.active
        start = [c for bowl in screen.bowls for c in bowl]           # type: ignore[attr-defined]
        goal = [c for bowl in e.bowls for c in bowl]
        pos = lambda i: f"m:{i // 2}:{i % 2}"                         # noqa: E731 - flat index -> widget
        return [line for a, b in swaps(start, goal) for line in (f"tap {pos(a)}", f"tap {pos(b)}")] + ["tap ok"]
    if isinstance(e, ev.DrawBonusTile):
        return [f"tap bonus:{e.tile}"]
    if isinstance(e, ev.TakeStartingCards):
        return (["tap minus:draw"] * (3 - e.from_draw) + ["tap plus:A"] * e.from_a + ["tap plus:B"] * e.from_b
                + ["tap ok"])
    if isinstance(e, ev.TakeStartingTrajanTiles):
        board = rules.board
        lines = []
        for tile in e.tiles:
            lines += [f"tap pile:{board.trajan_tiles[tile].pile}", f"tap trajan:{tile}"]
        return lines + ["tap ok"]
    if isinstance(e, ev.Sow):
        start = list(s.players[s.active].bowls[e.bowl])
        if list(e.colours) == start:              # the listed order: the bowl's button sows it
            return [f"press bowl{e.bowl + 1}"]
        lines = [f"tap bowl:{e.bowl}"]            # another order: the sowing draft
        for a, b in swaps(start, list(e.colours)):
            lines += [f"tap sow:{a}", f"tap sow:{b}"]
        return lines + ["press ok"]
    if isinstance(e, ev.TrajanTileAction):
        if e.use and e.action:
            return [f"tap plus2:{e.action}"]
        return ["tap ok" if e.use else "tap decline"]
    if isinstance(e, ev.SkipAction):
        return ["tap skip"]
    if isinstance(e, ev.SeaportDraw):
        return [f"tap draw:{e.discard_to}"]
    if isinstance(e, ev.SeaportTake):
        return [f"tap take:{e.pile}"]
    if isinstance(e, ev.SeaportDisplay):
        return ["tap mode:display"] + [f"tap goods:{g}" for g in e.cards] + ["tap ok"]
    if isinstance(e, ev.SeaportShip):
        return (["tap mode:ship", f"tap ship:{e.ship}"] + [f"tap goods:{g}" for g in e.cards]
                + ["tap joker+"] * e.jokers + ["tap ok"])
    mode = getattr(ctl.active, "mode", "")       # the action screen's picker open now
    if isinstance(e, ev.ForumTake):
        return ([] if mode == "forum" else ["tap mode:forum"]) + [
            f"tap tile:{'yellow:' if e.space == 'yellow' else ''}{e.tile}"]
    if isinstance(e, ev.Recruit):
        return ["tap recruit"]
    if isinstance(e, ev.Deploy):
        return ["tap deploy"]
    if isinstance(e, ev.SenateAdvance):
        return ["tap senate"]
    if isinstance(e, ev.Hire):
        return ["tap hire"]
    if isinstance(e, ev.March):
        return ["tap mode:march", f"tap province:{e.province}"] + ([f"tap tile:{e.tile}"] if e.tile else [])
    if isinstance(e, ev.TakeTrajanTile):
        pile = rules.board.trajan_tiles[e.tile].pile
        return ([] if mode == "trajan" else ["tap mode:trajan"]) + [f"tap pile:{pile}", f"tap trajan:{e.tile}"]
    if isinstance(e, ev.Build):
        return ["tap mode:build", f"tap site:{e.space}"] + ([f"tap ctile:{e.tile}"] if e.tile else [])
    if isinstance(e, ev.UseExtraAction):
        return [f"tap extra:{e.action}:{e.tile}"]
    if isinstance(e, ev.EndTurn):
        return ["press ok"]
    if isinstance(e, ev.RevealDemand):
        return [f"tap demand:{e.demand}"]
    if isinstance(e, ev.FulfilDemands):
        suggested = rules.suggest_demands(s, e.player)
        return [f"tap item:{d}:{item}" for d, (item, was) in enumerate(zip(e.items, suggested)) if item != was] + [
            "tap ok"]
    if isinstance(e, ev.ChooseBonusTile):
        return [f"tap bonus:{e.tile}"]
    raise ValueError(f"no inputs for {e.kind}")
