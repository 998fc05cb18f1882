"""The turn: bowl -> colours sown -> Trajan tile -> action options -> extra action (T-TURN-1)."""

from __future__ import annotations

from collections import Counter

import pygame

from firmware_host.engine.core import N_, Event, RuleError
from firmware_host.engine.trajan import events as ev
from firmware_host.engine.trajan.board import ACTIONS, SHIPS
from firmware_host.engine.trajan.state import TrajanState
from firmware_host.i18n import _
from firmware_host.inputs import BOWL_BUTTONS

from .. import icons, text, theme
from ..ui import Button, column, grid
from . import names, pickers
from .common import TrajanScreen, draw_trajan_tile, paragraph, tile_effect, tile_text

LEFT = pygame.Rect(8, theme.CONTENT_TOP + 6, 330, theme.CONTENT_BOTTOM - theme.CONTENT_TOP - 12)
CIRCLE = (572, 254)
# the action circle as drawn around CIRCLE (inside the content area): a picture of the player
# board, so a mirrored (Persian) screen moves it but keeps bowl 1 where the board has it
CIRCLE_AREA = pygame.Rect(0, 0, 388, 388)
CIRCLE_AREA.center = CIRCLE
CIRCLE_AREA = CIRCLE_AREA.clip(0, 52, 800, 398)
FULL = pygame.Rect(12, theme.CONTENT_TOP + 62, theme.WIDTH - 24, theme.CONTENT_BOTTOM - theme.CONTENT_TOP - 124)
# the march picker's map over the whole content area (below the header)
MAP_AREA = pygame.Rect(FULL.x, FULL.y, FULL.width, theme.CONTENT_BOTTOM - 6 - FULL.y)
BOTTOM_ROW = pygame.Rect(12, theme.CONTENT_BOTTOM - 58, theme.WIDTH - 24, 52)


class OfferedScreen(TrajanScreen):
    """A Trajan screen that offers the engine's legal moves of the shown state
    (``moves.legal_moves``): an option is enabled when its move is listed
    (``moves.choice_key``), so whatever is offered can be carried out."""

    def physical_areas(self) -> list[pygame.Rect]:
        return super().physical_areas() + ([CIRCLE_AREA] if self.shows_circle() else [])

    def shows_circle(self) -> bool:
        """Whether the action circle is drawn (kept as on the board in Persian): on the turn's
        screens; the action screen hides it while a picker is open; the setup and quarter-end
        screens have none."""
        return False

    def reason(self, event: Event) -> str:
        """Why the rules refuse ``event`` (translated, without the rule ID), for a greyed-out
        option; ``""`` if it is offered."""
        if event in self.offered:
            return ""
        why = self.legal(event)
        return why.split(":", 1)[-1].strip() if why else ""


PILE_W = 84             # the seaport's "Pile A" / "Pile B" buttons


def option_painter(label: str, lines: list[str], enabled: bool):
    """A painter for an option button: its label (18 px, bold) and under it ``lines`` (what
    the option brings, or why it is greyed out; 16 px, the detail size)."""
    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        r = r.inflate(8, 8)                       # Button.draw hands the icon its inner rect
        text.draw(surface, label, (r.centerx, r.y + 4), 18, theme.TEXT if enabled else theme.DIM, "midtop",
                  bold=True, max_width=r.width - 12, min_size=theme.PLAY_FLOOR)
        for k, line in enumerate(lines):
            text.draw(surface, line, (r.centerx, r.y + 30 + 20 * k), 16, theme.MUTED if enabled else theme.DIM,
                      "midtop", max_width=r.width - 12, min_size=theme.FLOOR, role="detail")
    return paint


def row_label(label: str):
    """A painter for the words in front of a row of buttons (up to two lines, 18 px)."""
    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        r = r.inflate(8, 8)
        size, step, role = 18, 23, "body"
        lines = text.wrap(label, size, r.width - 4)
        if len(lines) > 2:                        # a long translation: three lines of detail
            size, step, role = 16, 18, "detail"
            lines = text.wrap(label, size, r.width - 4)[:3]
        top = r.centery - step * len(lines) // 2
        for k, line in enumerate(lines):
            text.draw(surface, line, (r.x + 2, top + step * k), size, theme.TEXT, max_width=r.width - 4,
                      min_size=theme.FLOOR, role=role)
    return paint


def bottom_buttons(*specs: tuple[str, str, bool]) -> list[Button]:
    """Buttons along the bottom edge, right-aligned: ``(id, label, enabled)``."""
    out = []
    x = BOTTOM_ROW.right
    for wid, label, enabled in reversed(specs):
        w = 150
        out.append(Button(wid, pygame.Rect(x - w, BOTTOM_ROW.y, w, BOTTOM_ROW.height), label, enabled=enabled))
        x -= w + 8
    return out


class BowlScreen(OfferedScreen):
    """The table: players on the left, the active player's action circle on the right.

    Tapping a bowl (or pressing 1-6) opens the sowing draft: the markers in their clockwise
    order, any two can be swapped; the circle shows the result computed by the engine.
    """

    def shows_circle(self) -> bool:
        return True

    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        self.bowl: int | None = None
        self.order: list[str] = []
        self.swap_from: int | None = None

    def event(self) -> ev.Sow | None:
        return ev.Sow(self.bowl, tuple(self.order)) if self.bowl is not None else None

    def sown(self) -> TrajanState | None:
        """The state after the draft's sowing (``None`` without a bowl chosen)."""
        event = self.event()
        return self.preview(event) if event is not None else None

    def build(self) -> list[Button]:
        p = self.player(self.s.active)
        if self.bowl is None:
            out = self.bowl_buttons(p, CIRCLE)
            sown = {m.bowl for m in self.offered.of(ev.Sow)}
            for b in out:
                b.enabled = int(b.id[5:]) in sown
            return out
        after = self.sown()
        bowls = after.players[self.s.active].bowls if after else p.bowls
        n = len(self.order)
        destinations = self.rules.sowing(self.bowl, n)
        out = self.bowl_buttons(p, CIRCLE, bowls=bowls, fresh=dict(Counter(destinations)), target=destinations[-1],
                                selected=self.bowl)
        sown = {m.bowl for m in self.offered.of(ev.Sow)}
        for b in out:                     # another bowl may be chosen instead: the ones the rules allow
            b.enabled = int(b.id[5:]) in sown
        chips = grid(pygame.Rect(LEFT.x, LEFT.y + 100, LEFT.width, 128), max(n, 6), 6, gap=6, height=60)
        for k, (colour, dest) in enumerate(zip(self.order, destinations)):

            def paint(surface: pygame.Surface, rect: pygame.Rect, colour: str = colour, dest: int = dest) -> None:
                icons.marker(surface, (rect.centerx, rect.y + 18), colour, 13)
                text.draw(surface, f"→{dest + 1}", (rect.centerx, rect.bottom - 2), 18, theme.TEXT, "midbottom",
                          bold=True)
            out.append(Button(f"sow:{k}", chips[k], icon=paint, selected=self.swap_from == k))
        out.append(Button("cancel", pygame.Rect(LEFT.x, LEFT.bottom - 56, 150, 52), _("Back")))
        out.append(Button("ok", pygame.Rect(LEFT.right - 170, LEFT.bottom - 56, 170, 52), _("Sow"),
                          enabled=after is not None, fill=theme.GO))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        s = self.s
        p = self.player(s.active)
        if self.bowl is None:
            self.players_panel(surface, LEFT, s.active)
            pygame.draw.circle(surface, theme.PLAYER_RGB[p.colour], (CIRCLE[0], CIRCLE[1] - 34), 8)
            text.draw(surface, p.name, (CIRCLE[0], CIRCLE[1] - 12), 22, theme.TEXT, "center", bold=True,
                      max_width=140, min_size=theme.PLAY_FLOOR)
            lines = text.wrap(_("choose a bowl"), 18, 140)[:2]
            for k, line in enumerate(lines):
                text.draw(surface, line, (CIRCLE[0], CIRCLE[1] + 14 + 22 * k), 18, theme.MUTED, "center",
                          max_width=140, min_size=theme.PLAY_FLOOR)
            self.paint_slots(surface, p, CIRCLE)
            return
        after = self.sown()
        self.paint_slots(surface, after.players[s.active] if after else p, CIRCLE)
        n = len(self.order)
        action = self.board.bowl_actions[self.rules.sowing(self.bowl, n)[-1]]
        pygame.draw.rect(surface, theme.PANEL, LEFT, border_radius=8)
        y = paragraph(surface, _("{player}: sow {n} from bowl {bowl}").format(player=p.name, n=n, bowl=self.bowl + 1),
                      (LEFT.x + 10, LEFT.y + 6), LEFT.width - 20, bold=True)
        paragraph(surface, _("Tap two markers to swap them."), (LEFT.x + 10, y), LEFT.width - 20, theme.MUTED,
                  lines=max(1, (LEFT.y + 98 - y) // 23))     # what room the chips leave
        y = LEFT.y + 240
        lines = [_("Action: {action}").format(action=_(names.ACTION[action])),
                 _("Time marker: +{n}").format(n=n)]
        if after is not None:
            if after.turn and after.turn.round_end:
                lines.append(_("The round ends after this turn."))
            if after.turn and after.turn.completed_tile:
                tile = tile_text(self.board, after.turn.completed_tile)
                lines.append(_("Trajan tile completed: {tile}").format(tile=tile))
        for k, line in enumerate(lines):
            for part in text.wrap(line, 18, LEFT.width - 20):
                text.draw(surface, part, (LEFT.x + 10, y), 18, theme.ACCENT if k >= 2 else theme.TEXT)
                y += 23
        text.draw(surface, p.name, (CIRCLE[0], CIRCLE[1]), 20, theme.TEXT, "center", bold=True, max_width=140,
                  min_size=theme.PLAY_FLOOR)

    def press(self, wid: str) -> None:
        if wid.startswith("bowl:"):
            self.choose(int(wid[5:]))
        elif wid.startswith("sow:"):
            k = int(wid[4:])
            if self.swap_from is None:
                self.swap_from = k
            else:
                a = self.swap_from
                self.order[a], self.order[k] = self.order[k], self.order[a]
                self.swap_from = None
            self.invalidate()
        elif wid == "cancel":
            self.back()
            self.invalidate()
        elif wid == "ok" and (event := self.event()) is not None:   # a bowl is chosen
            self.ctl.submit(event)

    def choose(self, bowl: int) -> None:
        p = self.player(self.s.active)
        event = ev.Sow(bowl, tuple(p.bowls[bowl]))
        if event not in self.offered:
            self.ctl.say(self.legal(event), "bad")
            return
        self.bowl = bowl
        self.order = list(p.bowls[bowl])
        self.swap_from = None
        self.invalidate()

    def button(self, name: str) -> bool:
        """A bowl button sows that bowl at once, its markers in the order the engine lists
        (``moves.legal_moves``: the bowl's current order, T-TURN-4): one press for the usual
        turn, and UNDO takes it back. Another order is chosen on the screen: a tap on the bowl
        opens the sowing draft. With a draft open, its bowl's button sows the draft (as OK),
        another bowl's button opens that bowl's draft."""
        if name in BOWL_BUTTONS:
            bowl = BOWL_BUTTONS.index(name)
            if self.bowl is None:
                self.sow_offered(bowl)
            elif bowl == self.bowl:
                self.press("ok")
            else:
                self.choose(bowl)
            return True
        return super().button(name)

    def sow_offered(self, bowl: int) -> None:
        """Sow ``bowl`` in the listed order; a bowl the rules refuse says why (T-TURN-2)."""
        listed = next((m for m in self.offered.of(ev.Sow) if m.bowl == bowl), None)
        if listed is None:
            self.choose(bowl)                   # says the rules' reason, changes nothing
            return
        if self.ctl.submit(listed):
            self.ctl.say(_("Sown from bowl {bowl}. Another order: UNDO, then tap the bowl.").format(
                bowl=bowl + 1))

    def back(self) -> bool:
        if self.bowl is None:
            return False
        self.bowl, self.order, self.swap_from = None, [], None
        return True


class SpecialScreen(OfferedScreen):
    """A completed Trajan tile's special action: carry it out or decline (T-TT-5, T-AMB-5)."""

    def shows_circle(self) -> bool:
        return True

    def build(self) -> list[Button]:
        tile = self.board.trajan_tiles[self.s.turn.special]
        p = self.player()
        out = self.bowl_buttons(p, CIRCLE, target=self.s.turn.target, enabled=False)
        if tile.effect == "plus2":
            area = pygame.Rect(LEFT.x, LEFT.y + 150, LEFT.width, 160)
            out += pickers.action_buttons(area, {a for a in ACTIONS if ev.TrajanTileAction(True, a) in self.offered},
                                          "plus2")
        else:
            out.append(Button("ok", pygame.Rect(LEFT.x, LEFT.bottom - 120, LEFT.width, 56), self._do_label(tile),
                              fill=theme.GO, enabled=ev.TrajanTileAction(True) in self.offered))
        out.append(Button("decline", pygame.Rect(LEFT.x, LEFT.bottom - 56, LEFT.width, 52), _("Decline")))
        return out

    def _do_label(self, tile) -> str:
        if tile.effect == "goods":
            return _("Draw 2 cards")
        p, after = self.player(), self.preview(ev.TrajanTileAction(True))
        moved = p.supply - after.players[self.s.pending.player].supply if after else 0
        if tile.effect == "legion":
            return _("{n} to the military camp").format(n=moved)
        return _("{n} to the worker camp").format(n=moved)

    def paint(self, surface: pygame.Surface) -> None:
        p = self.player()
        self.paint_slots(surface, p, CIRCLE)
        tile_id = self.s.turn.completed_tile
        pygame.draw.rect(surface, theme.PANEL, LEFT, border_radius=8)
        y = paragraph(surface, _("{player} completed a Trajan tile").format(player=p.name), (LEFT.x + 10, LEFT.y + 6),
                      LEFT.width - 20, bold=True)
        picture = pygame.Rect(LEFT.x + 10, y + 4, 52, 52)           # colours, VP, effect as on the tile
        draw_trajan_tile(surface, picture, self.board, tile_id)
        for k, line in enumerate(text.wrap(tile_effect(self.board, tile_id), 18, LEFT.right - picture.right - 20)[:2]):
            text.draw(surface, line, (picture.right + 10, picture.y + 3 + 23 * k), 18, theme.ACCENT)
        if self.board.trajan_tiles[tile_id].effect == "plus2":
            paragraph(surface, _("Place the +2 marker on:"), (LEFT.x + 10, picture.bottom + 6), LEFT.width - 20,
                      lines=1)

    def press(self, wid: str) -> None:
        if wid == "ok":
            self.ctl.submit(ev.TrajanTileAction(True))
        elif wid == "decline":
            self.ctl.submit(ev.TrajanTileAction(False))
        elif wid.startswith("plus2:"):
            self.ctl.submit(ev.TrajanTileAction(True, wid[6:]))


class ActionScreen(OfferedScreen):
    """The target bowl's action (or a bonus / repeated one) with every option it has: an
    option is enabled when the engine lists its move (``moves.legal_moves``), greyed out with
    the rules' reason otherwise."""

    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        self.mode = ""      # "", display, ship, march, march_tile, build, build_tile, trajan, forum, forum_which
        self.cards: Counter = Counter()
        self.ship = "same"
        self.jokers = 0
        self.province = ""
        self.space = -1
        self.pile: str | None = None
        self.tagged = ""                  # forum_which: the extra-action tile whose tag was touched
        self.mode = self.start

    @property
    def start(self) -> str:
        """The picker the screen opens with: the forum and Trajan actions have one option
        besides skipping (take a forum tile, T-FORUM-1; take a Trajan tile, T-TRAJ-1), so
        their picker is shown at once (with Skip) when the engine lists a take; ``""`` = the
        options with the action circle."""
        if self.action == "forum" and self.offered.of(ev.ForumTake):
            return "forum"
        if self.action == "trajan" and self.offered.of(ev.TakeTrajanTile):
            return "trajan"
        return ""

    @property
    def action(self) -> str:
        return self.s.pending.action

    def option(self, wid: str, label: str, event: Event, rect: pygame.Rect, sub: str = "") -> Button:
        """A button for ``event``: enabled when the engine lists it; else greyed out with why."""
        why = self.reason(event)
        return Button(wid, rect, label, sub if not why else why, enabled=event in self.offered, size=18, reason=why)

    def mode_button(self, wid: str, rect: pygame.Rect, label: str, cls: type[Event], sub: str = "") -> Button:
        """A button opening a picker for the moves of class ``cls``: enabled when one is listed."""
        return Button(wid, rect, label, sub, enabled=bool(self.offered.of(cls)), size=18)

    # ---------------------------------------------------------------- widgets

    def shows_circle(self) -> bool:
        return not self.mode

    def physical_areas(self) -> list[pygame.Rect]:
        """The map of the provinces is the board's geography: kept as it is in Persian too."""
        return super().physical_areas() + ([MAP_AREA] if self.mode == "march" else [])

    def build(self) -> list[Button]:
        return getattr(self, f"_build_{self.mode or 'options'}")()

    def _build_options(self) -> list[Button]:
        p = self.player()
        out = self.bowl_buttons(p, CIRCLE, target=self.s.turn.target if self.s.pending.reason == "main" else None,
                                enabled=False)
        rows = column(pygame.Rect(LEFT.x, LEFT.y + 64, LEFT.width, 0), 6, height=50, gap=6)
        opts: list[Button] = []
        a = self.action
        if a == "seaport":
            # a row per option with the discard pile it names as two short buttons (T-HARB-1/2);
            # a greyed pile's reason is said when it is tapped
            for row, label, cls in ((rows[0], _("Draw 2, discard 1 onto:"), ev.SeaportDraw),
                                    (rows[1], _("Take the top card of:"), ev.SeaportTake)):
                kind = "draw" if cls is ev.SeaportDraw else "take"
                for k, pile in enumerate("AB"):
                    r = pygame.Rect(row.right - 2 * PILE_W - 6 + k * (PILE_W + 6), row.y, PILE_W, row.height)
                    button = self.option(f"{kind}:{pile}", _("Pile {pile}").format(pile=pile), cls(pile), r)
                    button.sub = ""
                    opts.append(button)
                opts.append(Button(f"{kind}-label", pygame.Rect(row.x, row.y, row.width - 2 * PILE_W - 12, row.height),
                                   enabled=False, frame=False, icon=row_label(label)))
            opts += [
                self.mode_button("mode:display", rows[2], _("Display 1-2 cards"), ev.SeaportDisplay),
                self.mode_button("mode:ship", rows[3], _("Load a ship"), ev.SeaportShip),
            ]
        elif a == "forum":
            opts.append(self.mode_button("mode:forum", rows[0], _("Take a forum tile"), ev.ForumTake,
                                         _("{g} green, {y} yellow left").format(g=self.s.forum_green,
                                                                                y=self.s.forum_yellow)))
        elif a == "military":
            deploy = ev.Deploy()
            offered = deploy in self.offered
            vp = self.rules.deploy_value(self.s, self.s.active) if offered else 0
            opts += [
                self.option("recruit", _("Recruit a legionary"), ev.Recruit(), rows[0]),
                self.mode_button("mode:march", rows[1], _("March the commander"), ev.March,
                                 _("now: {at}").format(at=names.province(self.board, p.commander))),
                self.option("deploy", _("Deploy a legionary"), deploy, rows[2],
                            _("+{vp} VP in {at}").format(vp=vp, at=names.province(self.board, p.commander))),
            ]
        elif a == "trajan":
            tiles = self.offered.of(ev.TakeTrajanTile)
            sub = "" if tiles else self.reason(ev.TakeTrajanTile(self._any_tile()))
            opts.append(self.mode_button("mode:trajan", rows[0], _("Take a Trajan tile"), ev.TakeTrajanTile, sub))
        elif a == "senate":
            nxt = min(p.senate + 1, len(self.board.senate_vp) - 1)
            opts.append(self.option("senate", _("Advance in the senate"), ev.SenateAdvance(), rows[0],
                                    _("+{vp} VP").format(vp=self.board.senate_vp[nxt])))
        elif a == "construction":
            opts += [
                self.option("hire", _("Hire a worker"), ev.Hire(), rows[0]),
                self.mode_button("mode:build", rows[1], _("Place a worker on the site"), ev.Build,
                                 _("{n} in the worker camp").format(n=p.worker_camp)),
            ]
        self._stack(opts)
        opts.append(Button("skip", pygame.Rect(LEFT.x, LEFT.bottom - 52, LEFT.width, 52), _("Skip this action")))
        return out + opts

    def _stack(self, opts: list[Button]) -> None:
        """Lay the option rows out again from the top of the panel, each as tall as its text
        needs: a button's line under its label (what it brings, or why it is greyed out) is
        wrapped onto up to three lines of 16 px instead of being cut."""
        rows: dict[int, list[Button]] = {}
        for b in opts:
            rows.setdefault(b.rect.y, []).append(b)
        y = LEFT.y + 64
        for _y, row in sorted(rows.items()):
            height = row[0].rect.height
            for b in row:
                if b.sub:
                    lines = text.wrap(b.sub, 16, b.rect.width - 12)[:3]
                    height = max(height, 30 + 20 * len(lines) + 4)
                    b.icon = option_painter(b.label, lines, b.enabled)
                    b.reason = b.reason or ("" if b.enabled else b.sub)
                    b.label = b.sub = ""
            for b in row:
                b.rect = pygame.Rect(b.rect.x, y, b.rect.width, height)
            y += height + 6

    def _any_tile(self) -> str:
        return next((t[0] for t in self.s.trajan_piles.values() if t), "")

    def _build_display(self) -> list[Button]:
        out = pickers.goods_buttons(pygame.Rect(FULL.x, FULL.y, FULL.width, 150), self.board, self.cards)
        n = sum(self.cards.values())
        event = ev.SeaportDisplay(tuple(sorted(self.cards.elements())))
        out += bottom_buttons(("clear", _("Clear"), n > 0), ("back", _("Back"), True),
                              ("ok", _("Display {n}").format(n=n), event in self.offered and not self.legal(event)))
        return out

    def _build_ship(self) -> list[Button]:
        p = self.player()
        ships = grid(pygame.Rect(FULL.x, FULL.y, FULL.width, 52), 3, 3, gap=8)
        out = []
        for ship, r in zip(SHIPS, ships):
            side = self.s.ships[ship]
            out.append(Button(f"ship:{ship}", r, _(names.SHIP[ship]),
                              _("coloured side") if side == "coloured" else _("grey side"),
                              selected=ship == self.ship, fill=(44, 62, 92) if side == "coloured" else (62, 62, 62)))
        out += pickers.goods_buttons(pygame.Rect(FULL.x, FULL.y + 58, FULL.width, FULL.height - 116), self.board,
                                     self.cards)
        jokers = p.forum_tiles["goods_joker"]
        out.append(Button("joker-", pygame.Rect(FULL.x, FULL.bottom - 50, 56, 50), "−", enabled=self.jokers > 0))
        out.append(Button("joker+", pygame.Rect(FULL.x + 250, FULL.bottom - 50, 56, 50), "+",
                          enabled=self.jokers < jokers))
        event = self._ship_event()
        ok = event in self.offered and not self.legal(event)
        out += bottom_buttons(("clear", _("Clear"), bool(self.cards) or self.jokers > 0), ("back", _("Back"), True),
                              ("ok", _("Load"), ok))
        return out

    def _ship_event(self) -> ev.SeaportShip:
        return ev.SeaportShip(self.ship, tuple(sorted(self.cards.elements())), self.jokers)

    def _forum_event(self, wid: str) -> ev.ForumTake:
        """The move of a forum picker button ``tile:<kind>`` / ``tile:yellow:extra:<action>``."""
        value = wid.partition(":")[2]
        if value.startswith("yellow:"):
            return ev.ForumTake(value[7:], "yellow")
        return ev.ForumTake(value)

    def _build_forum(self) -> list[Button]:
        area = pygame.Rect(FULL.x, FULL.y, FULL.width, theme.CONTENT_BOTTOM - 6 - FULL.y)
        out = pickers.forum_tile_buttons(area, self.s, self.board, green=self.s.forum_green > 0,
                                         yellow=self.s.forum_yellow > 0, tail=(self.exit_spec(),))
        for b in out:
            if b.id.startswith("tile:"):
                b.enabled = self._forum_event(b.id) in self.offered
        return out

    def exit_spec(self) -> tuple[str, str, bool]:
        """``(id, label, enabled)`` of the way out of a picker: Back to the options, or Skip
        where the picker is the screen's first view."""
        if self.mode == self.start and not self.pile:
            return "skip", _("Skip this action"), ev.SkipAction() in self.offered
        return "back", _("Back"), True

    def picker_exit(self) -> list[Button]:
        """The way out of a picker (:meth:`exit_spec`) at the bottom right."""
        return bottom_buttons(self.exit_spec())

    def _build_forum_which(self) -> list[Button]:
        """T-FORUM-1: a tag of an extra-action tile whose space is not known: green or yellow?"""
        rows = grid(pygame.Rect(FULL.x, FULL.y + 40, FULL.width, 110), 2, 2, gap=16)
        action = _(names.ACTION[self.tagged.removeprefix("extra:")])
        out = [Button("which:green", rows[0], _("From a green space"), _("a forum tile: extra action {action}").format(
                   action=action), enabled=ev.ForumTake(self.tagged) in self.offered, size=18),
               Button("which:yellow", rows[1], _("From a yellow space"),
                      _("an extra-action tile: {action}").format(action=action),
                      enabled=ev.ForumTake(self.tagged, "yellow") in self.offered, size=18, fill=(60, 90, 70))]
        return out + bottom_buttons(("back", _("Back"), True))

    def _build_march(self) -> list[Button]:
        p = self.player()
        allowed = tuple(dict.fromkeys(m.province for m in self.offered.of(ev.March)))
        # the map over the whole content area, Back in its empty top-right corner
        out = pickers.province_buttons(MAP_AREA, self.s, self.board, allowed, p.commander)
        return out + [Button("back", pickers.map_cell(MAP_AREA, *pickers.EXIT_CELL), _("Back"))]

    def _build_march_tile(self) -> list[Button]:
        area = pygame.Rect(FULL.x, FULL.y, FULL.width, theme.CONTENT_BOTTOM - 6 - FULL.y)
        out = pickers.forum_tile_buttons(area, self.s, self.board, tail=(("back", _("Back"), True),))
        for b in out:
            if b.id.startswith("tile:"):
                b.enabled = ev.March(self.province, b.id.partition(":")[2]) in self.offered
        return out

    def _build_build(self) -> list[Button]:
        allowed = sorted({m.space for m in self.offered.of(ev.Build)})
        area = pygame.Rect(FULL.x + 120, FULL.y, FULL.width - 240, FULL.height + 4)
        return pickers.site_buttons(area, self.s, self.board, allowed) + bottom_buttons(("back", _("Back"), True))

    def _build_build_tile(self) -> list[Button]:
        # the 20 tiles beside the Back button, over the full height: 5 rows of >= 48 px
        area = pygame.Rect(FULL.x, FULL.y, FULL.width - 160, theme.CONTENT_BOTTOM - 6 - FULL.y)
        out = pickers.construction_tile_buttons(area, self.s, self.board)
        for b in out:
            b.enabled = ev.Build(self.space, b.id.partition(":")[2]) in self.offered
        return out + bottom_buttons(("back", _("Back"), True))

    def _build_trajan(self) -> list[Button]:
        tiles = {m.tile for m in self.offered.of(ev.TakeTrajanTile)}
        out = pickers.pile_buttons(pygame.Rect(FULL.x, FULL.y, 220, FULL.height + 60), self.s, self.board, self.pile)
        for b in out:
            b.enabled = b.enabled and any(t in tiles for t in self.s.trajan_piles[b.id[5:]])
        if self.pile:
            more = pickers.trajan_tile_buttons(pygame.Rect(FULL.x + 232, FULL.y, FULL.width - 232, FULL.height),
                                               self.s, self.board, self.pile)
            for b in more:
                b.enabled = b.id[7:] in tiles
            out += more
        return out + self.picker_exit()

    # ---------------------------------------------------------------- painting

    TITLES = {
        "display": N_("Which cards go to the display?"),
        "ship": N_("Which ship, which cards?"),
        "forum": N_("Which forum tile was taken?"),
        "forum_which": N_("Was this tile on a green or on a yellow space?"),
        "march": N_("Where does the commander march?"),
        "march_tile": N_("Which forum tile lay in {province}?"),
        "build": N_("Where does the worker go? The spaces you may use are lit."),
        "build_tile": N_("Which construction tile lay there?"),
        "trajan": N_("Which Trajan tile? (the top of its pile)"),
    }

    def paint(self, surface: pygame.Surface) -> None:
        p = self.player()
        reason = {"main": "", "bonus": _(" (bonus action)"), "repeat": _(" (extra action)")}[self.s.pending.reason]
        title = _("{player}: {action}").format(player=p.name, action=_(names.ACTION[self.action])) + reason
        if not self.mode:
            self.paint_slots(surface, p, CIRCLE)
            pygame.draw.rect(surface, theme.PANEL, LEFT, border_radius=8)
            pygame.draw.rect(surface, theme.PLAYER_RGB[p.colour], (LEFT.x, LEFT.y, 8, 52), border_top_left_radius=8)
            text.draw(surface, title, (LEFT.x + 16, LEFT.y + 4), 20, theme.TEXT, bold=True, max_width=LEFT.width - 24,
                      min_size=theme.PLAY_FLOOR)
            text.draw(surface, _("{vp} VP · {n} cards").format(vp=p.vp, n=p.hand), (LEFT.x + 16, LEFT.y + 32), 18,
                      theme.MUTED, max_width=LEFT.width - 24, min_size=theme.PLAY_FLOOR)
            return
        sub = _(self.TITLES[self.mode]).format(province=names.province(self.board, self.province))
        self.header(surface, title, sub, self.s.pending.player)
        if self.mode == "ship":
            try:
                vp = self.rules.ship_value(self.s, self.ship, tuple(self.cards.elements()), self.jokers)
                note, colour = _("+{vp} VP").format(vp=vp), theme.GOOD
            except RuleError as exc:
                note, colour = _(exc.fix), theme.MUTED
            text.draw(surface, _("Goods jokers: {n}").format(n=self.jokers), (FULL.x + 153, FULL.bottom - 25), 18,
                      theme.TEXT, "center", max_width=180, min_size=theme.PLAY_FLOOR)
            for k, line in enumerate(text.wrap(note, 18, 430)[:2]):
                text.draw(surface, line, (FULL.x + 330, FULL.bottom - 36 + 23 * k), 18, colour, "midleft")

    # ---------------------------------------------------------------- input

    def press(self, wid: str) -> None:
        kind, _sep, value = wid.partition(":")
        if kind == "mode":
            self.mode = value
            self.cards, self.jokers, self.pile = Counter(), 0, None
            self.invalidate()
        elif wid == "back":
            self.back()
            self.invalidate()
        elif wid == "skip":
            self.ctl.submit(ev.SkipAction())
        elif kind == "draw":
            self.ctl.submit(ev.SeaportDraw(value))
        elif kind == "take":
            self.ctl.submit(ev.SeaportTake(value))
        elif wid == "recruit":
            self.ctl.submit(ev.Recruit())
        elif wid == "deploy":
            self.ctl.submit(ev.Deploy())
        elif wid == "senate":
            self.ctl.submit(ev.SenateAdvance())
        elif wid == "hire":
            self.ctl.submit(ev.Hire())
        elif kind == "goods":
            limit = 2 if self.mode == "display" else 6
            if sum(self.cards.values()) < limit:
                self.cards[value] += 1
            self.invalidate()
        elif wid == "clear":
            self.cards, self.jokers = Counter(), 0
            self.invalidate()
        elif kind == "ship":
            self.ship = value
            self.invalidate()
        elif wid in ("joker+", "joker-"):
            self.jokers += 1 if wid == "joker+" else -1
            self.invalidate()
        elif wid == "ok" and self.mode == "display":
            self.ctl.submit(ev.SeaportDisplay(tuple(sorted(self.cards.elements()))))
        elif wid == "ok" and self.mode == "ship":
            self.ctl.submit(self._ship_event())
        elif kind == "tile" and self.mode == "forum":
            self.ctl.submit(self._forum_event(wid))
        elif kind == "which":
            self.ctl.submit(ev.ForumTake(self.tagged, value))
        elif kind == "province":
            self.province = value
            if self.s.province_tile[value]:
                self.mode = "march_tile"
                self.invalidate()
            else:
                self.ctl.submit(ev.March(value))
        elif kind == "tile" and self.mode == "march_tile":
            self.ctl.submit(ev.March(self.province, value))
        elif kind == "site":
            self.space = int(value)
            if self.s.site_tile[self.space]:
                self.mode = "build_tile"
                self.invalidate()
            else:
                self.ctl.submit(ev.Build(self.space))
        elif kind == "ctile":
            self.ctl.submit(ev.Build(self.space, value))
        elif kind == "pile":
            self.pile = value
            self.invalidate()
        elif kind == "trajan":
            self.ctl.submit(ev.TakeTrajanTile(value))

    def tag(self, thing) -> bool:
        """Goods cards while choosing cards; a forum tile when taking one or marching onto it."""
        if thing.game != "trajan":
            return False
        if thing.kind == "goods" and self.mode in ("display", "ship"):
            self.press(f"goods:{thing.value}")
            return True
        if thing.kind == "forum" and self.mode == "march_tile":
            self.ctl.submit(ev.March(self.province, thing.value))
            return True
        if thing.kind == "forum" and self.action == "forum" and self.mode in ("", "forum", "forum_which"):
            self.take_tagged(thing.value)
            return True
        return super().tag(thing)

    def take_tagged(self, tile: str) -> None:
        """T-FORUM-1: a forum tile's tag. The tags of the extra-action kinds do not tell a
        forum tile from a green space (T-AMB-19) from an extra-action tile of a yellow space
        (T-XTILE-1): where the engine lists both takes, the screen asks which; where it lists
        one, that one is taken; where none, the refusal says why."""
        takes = [e for e in (ev.ForumTake(tile), ev.ForumTake(tile, "yellow")) if e in self.offered]
        if len(takes) == 2:
            self.mode, self.tagged = "forum_which", tile
            self.invalidate()
            return
        self.ctl.submit(takes[0] if takes else ev.ForumTake(tile, "yellow" if tile.startswith("extra:")
                                                             and self.s.forum_yellow else "green"))

    def back(self) -> bool:
        steps = {"march_tile": "march", "build_tile": "build"}
        if self.mode == "trajan" and self.pile:
            self.pile = None
        elif not self.mode or self.mode == self.start:
            return False
        else:
            self.mode = steps.get(self.mode, self.start)
        return True


class ExtraScreen(OfferedScreen):
    """One extra-action tile per turn, for an action taken this turn that can be carried out
    once more (T-EXTRA-1..6): the engine's listed ``UseExtraAction`` moves."""

    def shows_circle(self) -> bool:
        return True

    def build(self) -> list[Button]:
        p = self.player()
        out = self.bowl_buttons(p, CIRCLE, enabled=False)
        rows = column(pygame.Rect(LEFT.x, LEFT.y + 74, LEFT.width, 0), 5, height=50, gap=6)
        for move, r in zip(self.offered.of(ev.UseExtraAction), rows):
            repeats = 2 if move.action in p.plus2 else 1
            label = _("Repeat {action}").format(action=_(names.ACTION[move.action]))
            sub = (_("extra-action tile") if move.tile == "extra" else _("action joker")) + (
                _(", twice (+2)") if repeats == 2 else "")
            out.append(Button(f"extra:{move.action}:{move.tile}", r, label, sub, size=18))
        out.append(Button("end", pygame.Rect(LEFT.x, LEFT.bottom - 52, LEFT.width, 52), _("End turn"),
                          fill=theme.GO))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        p = self.player()
        self.paint_slots(surface, p, CIRCLE)
        pygame.draw.rect(surface, theme.PANEL, LEFT, border_radius=8)
        text.draw(surface, _("{player}: an extra action?").format(player=p.name), (LEFT.x + 10, LEFT.y + 8), 20,
                  theme.TEXT, bold=True, max_width=LEFT.width - 20, min_size=theme.PLAY_FLOOR)
        text.draw(surface, _("One extra-action tile per turn."), (LEFT.x + 10, LEFT.y + 40), 18, theme.MUTED,
                  max_width=LEFT.width - 20, min_size=theme.PLAY_FLOOR)

    def press(self, wid: str) -> None:
        if wid == "end":
            self.ctl.submit(ev.EndTurn())
        elif wid.startswith("extra:"):
            _k, action, tile = wid.split(":")
            self.ctl.submit(ev.UseExtraAction(action, tile))

    def button(self, name: str) -> bool:
        if name == "ok":
            self.press("end")
            return True
        return False
