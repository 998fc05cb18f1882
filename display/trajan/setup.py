"""Starting a Trajan game: the new-game form and the recorded setup steps (T-SETUP)."""

from __future__ import annotations

import secrets
from functools import partial
from typing import cast

import pygame

from firmware_host.data import load
from firmware_host.engine.trajan import events as ev
from firmware_host.engine.trajan.board import PLAYER_COLOURS
from firmware_host.engine.trajan.state import TrajanSetup
from firmware_host.i18n import _

from .. import icons, text, theme
from ..players import pick_player
from ..ui import Button, Screen, grid
from . import names, pickers
from .common import TrajanScreen, draw_trajan_tile, paragraph
from .turn import FULL, OfferedScreen, bottom_buttons


class NewGameScreen(Screen):
    """Player count, colours and names in seat order (start player first), demand mode,
    rules edition (T-AMB-12), whether the yellow bonus tile counts itself (T-AMB-18). Start
    journals the setup and begins the recorded setup steps."""

    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        self.count = 4
        self.colours = list(PLAYER_COLOURS)
        self.names = [_(names.COLOUR[c]) for c in self.colours]
        self.demand_mode = "table"
        self.edition = 2
        self.yellow_counts_itself = True       # T-AMB-18: the yellow bonus tile counts itself (the ruling)
        self.keep_entries()

    def discard_question(self) -> str:
        return _("Discard this new game?") if self.entries_changed() else ""

    # the option rows on the right: (label, y of the label, y of the buttons)
    ROWS = {"count": (24, 48), "demand": (102, 126), "edition": (180, 204), "yellow": (258, 302)}

    def build(self) -> list[Button]:
        out = []
        for i in range(self.count):
            y = theme.CONTENT_TOP + 76 + i * 60
            c = self.colours[i]
            out.append(Button(f"colour:{i}", pygame.Rect(12, y, 120, 52), _(names.COLOUR[c]),
                              fill=tuple(int(v * 0.78) for v in theme.PLAYER_RGB[c]), size=18))  # type: ignore[arg-type]
            out.append(Button(f"name:{i}", pygame.Rect(140, y, 230, 52), self.names[i], _("tap to rename"), size=18))
            out.append(Button(f"up:{i}", pygame.Rect(378, y, 60, 52), "↑" if i else "", enabled=i > 0))
        x, top = 470, theme.CONTENT_TOP
        for k, n in enumerate((2, 3, 4)):
            out.append(Button(f"count:{n}", pygame.Rect(x + k * 108, top + self.ROWS["count"][1], 100, 48),
                              _("{n} players").format(n=n), selected=n == self.count, size=18))
        modes = (("table", _("Drawn at the table")), ("companion", _("Companion draws")))
        for k, (mode, label) in enumerate(modes):
            out.append(Button(f"demand:{mode}", pygame.Rect(x + k * 162, top + self.ROWS["demand"][1], 154, 48), label,
                              selected=mode == self.demand_mode, size=18))
        for k, edition in enumerate((2, 1)):
            out.append(Button(f"edition:{edition}", pygame.Rect(x + k * 162, top + self.ROWS["edition"][1], 154, 48),
                              _("2nd edition") if edition == 2 else _("1st edition"),
                              selected=edition == self.edition, size=18))
        for k, (value, label) in enumerate(((True, _("Counts itself")), (False, _("Not itself")))):  # T-AMB-18
            out.append(Button(f"yellow:{int(value)}", pygame.Rect(x + k * 162, top + self.ROWS["yellow"][1], 154, 48),
                              label, selected=value == self.yellow_counts_itself, size=18))
        # Back and Start under the seats: the option rows on the right take the full height
        out.append(Button("cancel", pygame.Rect(12, theme.CONTENT_BOTTOM - 58, 150, 52), _("Back")))
        out.append(Button("ok", pygame.Rect(438 - 200, theme.CONTENT_BOTTOM - 58, 200, 52), _("Start"),
                          fill=theme.GO))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.PANEL, (0, 0, theme.WIDTH, theme.TOP_BAR))
        text.draw(surface, _("New game of Trajan"), (12, 12), 22, theme.TEXT, bold=True)
        top = theme.CONTENT_TOP
        paragraph(surface, _("Seats, clockwise from the start player"), (12, top + 24), 440, theme.MUTED)
        for key, label in (("count", _("Players")), ("demand", _("Demand tiles")), ("edition", _("Rules")),
                           ("yellow", _("Bonus per yellow tile: does it count itself?"))):
            paragraph(surface, label, (470, top + self.ROWS[key][0] - 4), theme.WIDTH - 482, theme.MUTED,
                      lines=2 if key == "yellow" else 1)

    def press(self, wid: str) -> None:
        kind, _sep, value = wid.partition(":")
        if kind == "colour":
            i = int(value)
            others = set(self.colours[: self.count]) - {self.colours[i]}
            free = [c for c in PLAYER_COLOURS if c not in others]
            old = self.colours[i]
            new = free[(free.index(old) + 1) % len(free)]
            j = self.colours.index(new)
            self.colours[i], self.colours[j] = new, old
            if self.names[i] == _(names.COLOUR[old]):
                self.names[i] = _(names.COLOUR[new])
        elif kind == "name":
            i = int(value)
            self.ctl.push(pick_player(self.ctl, _("Name of seat {n}").format(n=i + 1), self.names[i],
                                      partial(self._rename, i), self.names[:self.count]))
        elif kind == "up":
            i = int(value)
            for lst in (self.colours, self.names):
                lst[i - 1], lst[i] = lst[i], lst[i - 1]
        elif kind == "count":
            self.count = int(value)
        elif kind == "demand":
            self.demand_mode = value
        elif kind == "edition":
            self.edition = int(value)
        elif kind == "yellow":
            self.yellow_counts_itself = value == "1"
        elif wid == "cancel":
            self.ctl.pop()
            return
        elif wid == "ok":
            self.ctl.start_game("trajan", self.setup())
            return
        self.invalidate()

    def _rename(self, i: int, name: str) -> None:
        if name.strip():
            self.names[i] = name.strip()[:16]
        self.invalidate()

    def setup(self) -> TrajanSetup:
        return TrajanSetup(
            players=tuple(zip(self.colours[: self.count], self.names[: self.count])),
            board=load("trajan"), demand_mode=self.demand_mode, edition=self.edition,
            yellow_counts_itself=self.yellow_counts_itself, seed=secrets.randbits(32),
        )


class MarkersScreen(TrajanScreen):
    """T-SETUP-9: a player's 12 markers, 2 per bowl. Tap two markers to swap them."""

    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        s = self.s
        colours = self.board.marker_colours
        previous = s.players[s.pending.player - 1].bowls if s.pending.player else None
        self.bowls = [list(b) for b in previous] if previous else [[colours[i], colours[(i + 3) % 6]] for i in range(6)]
        self.pick: tuple[int, int] | None = None

    def build(self) -> list[Button]:
        out = []
        cells = grid(pygame.Rect(12, theme.CONTENT_TOP + 96, theme.WIDTH - 24, 200), 12, 6, gap=8, height=92)
        for b in range(6):
            for k in range(2):
                colour = self.bowls[b][k]
                rect = cells[k * 6 + b]

                def paint(surface: pygame.Surface, rect: pygame.Rect, colour: str = colour) -> None:
                    icons.marker(surface, (rect.centerx, rect.centery - 8), colour, 20)
                    text.draw(surface, _(names.MARKER[colour]), (rect.centerx, rect.bottom - 4), 18, theme.TEXT,
                              "midbottom", max_width=rect.width - 6, min_size=theme.PLAY_FLOOR)
                out.append(Button(f"m:{b}:{k}", rect, icon=paint, selected=self.pick == (b, k)))
        out += bottom_buttons(("ok", _("Done"), True))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        p = self.player()
        self.header(surface, _("{player}: markers in the bowls").format(player=p.name),
                    _("Two per bowl, as on your action circle. Tap two markers to swap them."), self.s.pending.player)
        for b in range(6):
            x = 12 + b * ((theme.WIDTH - 24 - 40) // 6 + 8) + 4
            text.draw(surface, _("{n} {action}").format(n=b + 1, action=_(names.ACTION[self.board.bowl_actions[b]])),
                      (x, theme.CONTENT_TOP + 70), 18, theme.ACCENT, max_width=118, min_size=theme.FLOOR, role="detail")

    def press(self, wid: str) -> None:
        if wid == "ok":
            self.ctl.submit(ev.PlaceStartMarkers(self.s.pending.player, tuple(tuple(b) for b in self.bowls)))
            return
        if wid.startswith("m:"):
            _m, b, k = wid.split(":")
            here = (int(b), int(k))
            if self.pick is None:
                self.pick = here
            else:
                (b1, k1), (b2, k2) = self.pick, here
                self.bowls[b1][k1], self.bowls[b2][k2] = self.bowls[b2][k2], self.bowls[b1][k1]
                self.pick = None
            self.invalidate()

    def back(self) -> bool:
        if self.pick is None:
            return False
        self.pick = None
        return True


class BonusDrawScreen(OfferedScreen):
    """A bonus tile drawn from the bag (T-SETUP-14, T-QUARTER-3b): tap the tile."""

    def build(self) -> list[Button]:
        area = pygame.Rect(12, theme.CONTENT_TOP + 70, theme.WIDTH - 24, theme.CONTENT_BOTTOM - theme.CONTENT_TOP - 80)
        return pickers.bonus_tile_buttons(area, self.board, [m.tile for m in self.offered.of(ev.DrawBonusTile)])

    def paint(self, surface: pygame.Surface) -> None:
        p = self.s.pending
        if p.player is not None:
            title = _("Bonus tile drawn by {player}").format(player=self.player().name)
        else:
            title = _("Bonus tile for the senate ({n} of 2)").format(n=len(self.s.senate_bonus) + 1)
        self.header(surface, title, _("Draw it from the bag and tap the same tile here."), p.player)

    def press(self, wid: str) -> None:
        if wid.startswith("bonus:"):
            self.ctl.submit(ev.DrawBonusTile(wid[6:]))

    def tag(self, thing) -> bool:
        if thing.game == "trajan" and thing.kind == "bonus":
            return self.ctl.submit(ev.DrawBonusTile(thing.value)) or True
        return super().tag(thing)


class CardsScreen(OfferedScreen):
    """T-SETUP-16: where a player's 3 starting goods cards came from."""

    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        self.takes = {"draw": 3, "A": 0, "B": 0}

    def build(self) -> list[Button]:
        out = []
        for k, src in enumerate(("draw", "A", "B")):
            y = theme.CONTENT_TOP + 100 + k * 70
            out.append(Button(f"minus:{src}", pygame.Rect(330, y, 60, 56), "−", enabled=self.takes[src] > 0))
            out.append(Button(f"plus:{src}", pygame.Rect(470, y, 60, 56), "+", enabled=sum(self.takes.values()) < 3))
        out += bottom_buttons(("ok", _("Done"), self.event() in self.offered))
        return out

    def event(self) -> ev.TakeStartingCards:
        return ev.TakeStartingCards(self.s.pending.player, self.takes["draw"], self.takes["A"], self.takes["B"])

    def paint(self, surface: pygame.Surface) -> None:
        self.header(surface, _("{player} takes 3 goods cards").format(player=self.player().name),
                    _("From the draw pile or the top of either discard pile."), self.s.pending.player)
        for k, (src, label) in enumerate((("draw", _("Draw pile")), ("A", _("Discard pile A")),
                                          ("B", _("Discard pile B")))):
            y = theme.CONTENT_TOP + 128 + k * 70
            text.draw(surface, label, (40, y), 20, theme.TEXT, "midleft")
            text.draw(surface, str(self.takes[src]), (430, y), 26, theme.ACCENT, "center", bold=True)

    def press(self, wid: str) -> None:
        kind, _sep, src = wid.partition(":")
        if kind in ("plus", "minus"):
            self.takes[src] += 1 if kind == "plus" else -1
            self.invalidate()
        elif wid == "ok":
            self.ctl.submit(self.event())


class StartingTilesScreen(TrajanScreen):
    """T-SETUP-17: 3 Trajan tiles from 3 different piles, for slots II, IV and VI."""

    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        self.pile: str | None = None
        self.chosen: list[str] = []

    def build(self) -> list[Button]:
        used = {self.board.trajan_tiles[t].pile for t in self.chosen}
        out = pickers.pile_buttons(pygame.Rect(FULL.x, FULL.y, 220, FULL.height + 60), self.s, self.board, self.pile,
                                   used if len(self.chosen) < 3 else set(self.board.piles))
        if self.pile and len(self.chosen) < 3:
            out += pickers.trajan_tile_buttons(pygame.Rect(FULL.x + 232, FULL.y, FULL.width - 232, FULL.height - 40),
                                               self.s, self.board, self.pile)
        for k, tile in enumerate(self.chosen):
            rect = pygame.Rect(FULL.x + 232 + k * 70, FULL.bottom + 6, 60, 52)

            def paint(surface: pygame.Surface, rect: pygame.Rect, tile: str = tile) -> None:
                draw_trajan_tile(surface, rect, self.board, tile)
            out.append(Button(f"chosen:{k}", rect, icon=paint, frame=False))
        out += bottom_buttons(("ok", _("Done"), len(self.chosen) == 3))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        self.header(surface, _("{player}: 3 starting Trajan tiles").format(player=self.player().name),
                    _("From 3 different piles; they go on slots II, IV and VI. Tap a chosen tile to put it back."),
                    self.s.pending.player)

    def press(self, wid: str) -> None:
        kind, _sep, value = wid.partition(":")
        if kind == "pile":
            self.pile = value
        elif kind == "trajan":
            self.chosen.append(value)
            self.pile = None
        elif kind == "chosen":
            self.chosen.pop(int(value))
        elif wid == "ok":
            # OK is enabled with 3 tiles chosen; the rules check the count anyway (T-SETUP-17)
            tiles = cast("tuple[str, str, str]", tuple(self.chosen))
            self.ctl.submit(ev.TakeStartingTrajanTiles(self.s.pending.player, tiles))
            return
        self.invalidate()

    def back(self) -> bool:
        if self.pile:
            self.pile = None
            return True
        if self.chosen:
            self.chosen.pop()
            return True
        return False
