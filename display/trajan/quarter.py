"""Round end and the quarter-end wizard: demand reveal, demands per player, senate, refill."""

from __future__ import annotations

from collections import Counter

import pygame

from firmware_host.engine.core import N_, RuleError
from firmware_host.engine.trajan import events as ev
from firmware_host.i18n import _

from .. import icons, text, theme
from ..ui import Button, grid, refusal
from . import names, pickers
from .common import TrajanScreen
from .turn import FULL, OfferedScreen, bottom_buttons

ITEMS = (("trajan", N_("Trajan tile")), ("forum", N_("Forum tile")), ("joker", N_("Demand joker")), ("", N_("Unmet")))


class RevealDemandScreen(OfferedScreen):
    """T-ROUND-2: the demand tile turned up at the end of the round (the kinds the engine
    lists: T-COMP-5, no more than 5 of a kind)."""

    def build(self) -> list[Button]:
        left = Counter({m.demand: 1 for m in self.offered.of(ev.RevealDemand)})
        area = pygame.Rect(120, theme.CONTENT_TOP + 110, theme.WIDTH - 240, 200)
        return pickers.demand_buttons(area, self.board, left)

    def paint(self, surface: pygame.Surface) -> None:
        self.header(surface, _("End of round {r}").format(r=self.s.round),
                    _("Turn up the next demand tile and tap it here."))

    def press(self, wid: str) -> None:
        if wid.startswith("demand:"):
            self.ctl.submit(ev.RevealDemand(wid[7:]))

    def tag(self, thing) -> bool:
        if thing.game == "trajan" and thing.kind == "demand":
            return self.ctl.submit(ev.RevealDemand(thing.value)) or True
        return super().tag(thing)


class DemandsScreen(TrajanScreen):
    """T-QUARTER-1: what a player uses for each demand, pre-filled with the engine's
    suggestion (T-AMB-11: the most forum tiles kept, then the most VP at the final scoring,
    e.g. a bread tile kept for a forum bonus tile and a joker spent); any other choice
    meeting as many demands is allowed."""

    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        self.items = list(self.rules.suggest_demands(self.s, self.s.pending.player))

    def event(self) -> ev.FulfilDemands:
        return ev.FulfilDemands(self.s.pending.player, tuple(self.items))

    def why_not(self) -> str:
        try:
            self.session.game.check(self.event())
        except RuleError as exc:
            return refusal(exc, self.session.name)
        return ""

    def build(self) -> list[Button]:
        res = self.rules.demand_resources(self.s, self.s.pending.player)
        cols = grid(pygame.Rect(FULL.x, FULL.y + 56, FULL.width, 0), len(self.s.demands), len(self.s.demands), gap=16)
        out = []
        for d, (demand, col) in enumerate(zip(self.s.demands, cols)):
            for k, (item, label) in enumerate(ITEMS):
                have = {"trajan": res["trajan"][demand], "forum": res["forum"][demand],
                        "joker": res["joker"]["any"], "": 1}[item]
                rect = pygame.Rect(col.x, col.y + k * 50, col.width, 48)
                out.append(Button(f"item:{d}:{item}", rect, _(label), _("{n} held").format(n=have) if item else "",
                                  enabled=have > 0, selected=self.items[d] == item, size=18))
        why = self.why_not()
        out += bottom_buttons(("ok", _("Confirm"), not why))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        p = self.player()
        unmet = sum(1 for i in self.items if not i)
        penalty = self.board.demand_penalty[unmet]
        self.header(surface, _("Quarter {q}: the people's demands — {player}").format(q=self.s.quarter, player=p.name),
                    _("Unmet: {n}, {vp} VP").format(n=unmet, vp=-penalty if penalty else 0), self.s.pending.player)
        cols = grid(pygame.Rect(FULL.x, FULL.y, FULL.width, 50), len(self.s.demands), len(self.s.demands), gap=16)
        for demand, col in zip(self.s.demands, cols):
            icons.demand(surface, pygame.Rect(col.x, col.y, 50, 50), demand)
            text.draw(surface, _(names.DEMAND[demand]), (col.x + 70, col.centery), 20, theme.TEXT, "midleft", bold=True)
        why = self.why_not()
        if why:
            for k, line in enumerate(text.wrap(why, 18, FULL.width - 170)[:2]):
                text.draw(surface, line, (FULL.x, theme.CONTENT_BOTTOM - 56 + 23 * k), 18, theme.BAD)

    def press(self, wid: str) -> None:
        if wid.startswith("item:"):
            _i, d, item = wid.split(":")
            self.items[int(d)] = item
            self.invalidate()
        elif wid == "ok":
            self.ctl.submit(self.event())


class ConsulScreen(OfferedScreen):
    """T-QUARTER-2: votes, consul and proconsul; the consul picks a bonus tile (yellow side),
    the proconsul gets the other (grey side)."""

    def build(self) -> list[Button]:
        rects = grid(pygame.Rect(420, FULL.y + 40, 360, 120), 2, 2, gap=12)
        return [pickers.bonus_tile_button(f"bonus:{t}", r, self.board, t, ev.ChooseBonusTile(t) in self.offered)
                for t, r in zip(self.s.senate_bonus, rects)]

    def paint(self, surface: pygame.Surface) -> None:
        qe = self.s.quarter_end
        consul = self.s.players[qe.ranking[0]]
        self.header(surface, _("Quarter {q}: the senate").format(q=self.s.quarter),
                    _("{player} is consul and picks a bonus tile.").format(player=consul.name), qe.ranking[0])
        y = FULL.y
        for rank, i in enumerate(qe.ranking):
            p = self.s.players[i]
            role = _("consul") if rank == 0 else _("proconsul") if rank == 1 else ""
            pygame.draw.rect(surface, theme.PLAYER_RGB[p.colour], (FULL.x, y + 4, 10, 30), border_radius=3)
            text.draw(surface, p.name, (FULL.x + 18, y + 6), 20, theme.TEXT, bold=rank == 0)
            text.draw(surface, _("{n} votes").format(n=qe.votes[i]), (FULL.x + 200, y + 6), 20, theme.ACCENT)
            text.draw(surface, role, (FULL.x + 310, y + 6), 18, theme.MUTED, max_width=90, min_size=theme.PLAY_FLOOR)
            y += 46
        for k, line in enumerate(text.wrap(_("Ties: further along the track, then higher in the stack."), 18, 390)):
            text.draw(surface, line, (FULL.x, y + 10 + 23 * k), 18, theme.MUTED)

    def press(self, wid: str) -> None:
        if wid.startswith("bonus:"):
            self.ctl.submit(ev.ChooseBonusTile(wid[6:]))

    def tag(self, thing) -> bool:
        if thing.game == "trajan" and thing.kind == "bonus":
            return self.ctl.submit(ev.ChooseBonusTile(thing.value)) or True
        return super().tag(thing)
