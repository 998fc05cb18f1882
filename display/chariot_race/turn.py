"""The turn in its six phases (CR-TURN-1): repair and roll, rerolls and turned dice, the
normal dice (this turn's speed), the move on the track one tap per happening, and attacks.

Each screen keeps only the draft of its decision (faces entered, dice selected, normal dice
used as +1/−1); an option is enabled when the engine lists its move (``moves.legal_moves``),
and a refused move (a box button pressed for it) shows its rule in the message line and
changes nothing. Hardware buttons: bowl 1-6 are the die faces while dice
are entered, the dice while they are selected, the six chariots while a target is chosen;
OK confirms.
"""

from __future__ import annotations

import pygame

from firmware_host.engine.chariot_race import corner_risk
from firmware_host.engine.chariot_race import events as ev
from firmware_host.engine.chariot_race.state import Chariot, Turn
from firmware_host.i18n import _

from .. import text, theme
from ..ui import Button
from . import icons, names
from .common import AREA, GREEN, WARN_RGB, ChariotScreen, dice_mode, go, sub_that_fits, target_buttons

ROW = 54          # button row height in the decision area
MOVE_ROW = 50     # the move screen's three rows of happenings
FACE_H = 54       # a die face button: its picture and its name
GAP = 6


def faces_of(board) -> tuple[str, ...]:
    """The die symbols in the data's order, each once (bowl 1-5 while entering dice)."""
    return tuple(dict.fromkeys(board.die_faces))


def face_buttons(board, area: pygame.Rect, prefix: str = "face",
                 allowed: tuple[str, ...] | None = None) -> list[Button]:
    """One button per die symbol (``face:<symbol>``) with its picture and bowl number."""
    faces = faces_of(board)
    w = (area.width - GAP * (len(faces) - 1)) // len(faces)
    out = []
    for k, face in enumerate(faces):
        r = pygame.Rect(area.x + k * (w + GAP), area.y, w, area.height)

        def paint(surface: pygame.Surface, rect: pygame.Rect, face: str = face, k: int = k) -> None:
            icons.die(surface, pygame.Rect(rect.x, rect.y, rect.width, rect.height), face)
            # the bowl button that enters this face: a hint beside the picture, which names it
            text.draw(surface, str(k + 1), (rect.x - 1, rect.y - 2), "caption", theme.ACCENT, bold=True)
        out.append(Button(f"{prefix}:{face}", r, _(names.FACE[face]), icon=paint,
                          enabled=allowed is None or face in allowed))
    return out


def _fits_sub(label: str, width: int, sub: str) -> str:
    """``sub`` if ``label`` fits a ``width``-px button on one line at the size read during
    play, else ``""``: the button then draws its label in two lines (:func:`display.ui.draw_label`)."""
    return sub if text.measure(label, theme.PLAY_FLOOR, True) <= width - 10 else ""


def dice_summary(t: Turn) -> str:
    """What the dice do, in words: ``2 × ±1 · 1 × +2 (−1 resistance) · ...``."""
    parts = []
    for face, label in (("normal", _("{n} × ±1")), ("fast", _("{n} × +2 (−1 resistance each)")),
                        ("lane", _("{n} lane change(s)")), ("attack", _("{n} attack(s)")),
                        ("fortuna", _("{n} × Fortuna (+1 fate)"))):
        n = t.count(face)
        if n:
            parts.append(label.format(n=n))
    return " · ".join(parts) or _("no dice")


def die_slots(area: pygame.Rect, faces: list[str], prefix: str, selected: set[int] | None = None,
              size: int = 52, enabled: bool = True) -> list[Button]:
    """A row of dice (``<prefix>:<i>``) showing ``faces`` ("" = not entered yet)."""
    out = []
    for i, face in enumerate(faces):
        r = pygame.Rect(area.x + i * (size + GAP), area.y, size, size)

        def paint(surface: pygame.Surface, rect: pygame.Rect, face: str = face, i: int = i) -> None:
            icons.die(surface, rect.inflate(6, 6), face)
        out.append(Button(f"{prefix}:{i}", r, icon=paint, frame=bool(selected and i in selected),
                          selected=bool(selected and i in selected), enabled=enabled))
    return out


class RollScreen(ChariotScreen):
    """Phases 1-3 up to the roll: an optional repair (CR-REPAIR-1), the starting speed
    (CR-SPEED-1) and the dice it gives (CR-SPEED-2); the dice rolled at the table are entered
    face by face (bowl 1-5), or the companion rolls them (bowl 6). CR-DICE-1."""

    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        self.faces = [""] * self.n

    @property
    def n(self) -> int:
        return self.rules.dice_to_roll(self.s, self.s.pending.chariot)

    def heading(self) -> tuple[str, str]:
        c = self.s.active()
        assert c is not None
        start = self.rules.starting_speed(self.s, c.colour)
        sub = _("Enter each die as rolled at the table, or let the companion roll.")
        if start != c.speed:
            sub = _("Speed drops from {old} to {new}: resistance {r} (CR-SPEED-1).").format(old=c.speed, new=start,
                                                                                          r=c.resistance)
        return _("Roll {n} dice at starting speed {speed}").format(n=self.n, speed=start), sub

    def build(self) -> list[Button]:
        c = self.chariot
        assert c is not None
        y = self.below_heading()
        out = die_slots(pygame.Rect(AREA.x, y, 0, 0), self.faces, "slot", enabled=True)
        t = self.s.turn
        why = self.legal(ev.Repair())
        sub = _("−{fate} fate, +{r} resistance").format(fate=self.board.repair_fate, r=self.board.repair_resistance)
        if t is not None and t.repaired:
            sub = _("done this turn")
        elif why:
            sub = _("needs {fate} fate").format(fate=self.board.repair_fate)
        out.append(Button("repair", pygame.Rect(AREA.right - 200, y, 200, ROW), _("Repair"), sub,
                          enabled=ev.Repair() in self.offered))
        out += face_buttons(self.board, pygame.Rect(AREA.x, y + ROW + 4, AREA.width, FACE_H))
        bottom = AREA.bottom - ROW
        companion = dice_mode(self.ctl.session) == "companion"
        out.append(Button("clear", pygame.Rect(AREA.x, bottom, 92, ROW), _("Clear"), enabled=any(self.faces)))
        out.append(Button("roll", pygame.Rect(AREA.x + 98, bottom, 224, ROW), _("Roll for me"),
                          sub_that_fits(_("bowl 6 · the companion rolls"), 224), fill=GREEN if companion else None,
                          enabled=ev.RollDice() in self.offered))
        ready = all(self.faces) and ev.RollDice(tuple(self.faces)) in self.offered
        out.append(Button("ok", pygame.Rect(AREA.right - 196, bottom, 196, ROW), _("Dice entered"),
                          enabled=ready, fill=go(ready)))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        self.turn_frame(surface)
        self.title(surface, *self.heading())

    def press(self, wid: str) -> None:
        kind, _sep, value = wid.partition(":")
        if kind == "face":
            self.enter(value)
            return
        if kind == "slot":
            self.faces[int(value)] = ""
        elif wid == "clear":
            self.faces = [""] * self.n
        elif wid == "repair":
            self.ctl.submit(ev.Repair())
            return
        elif wid == "roll":
            self.ctl.submit(ev.RollDice())
            return
        elif wid == "ok":
            self.ctl.submit(ev.RollDice(tuple(self.faces)))
            return
        self.invalidate()

    def enter(self, face: str) -> None:
        if "" not in self.faces:
            self.ctl.say(_("All {n} dice are entered: press OK, or tap a die to change it.").format(n=self.n))
            return
        self.faces[self.faces.index("")] = face
        self.invalidate()

    def button(self, name: str) -> bool:
        faces = faces_of(self.board)
        if name.startswith("bowl"):
            k = int(name[4:]) - 1
            if k < len(faces):
                self.enter(faces[k])
            else:
                self.press("roll")
            return True
        if name == "ok":
            if all(self.faces):
                self.press("ok")
            elif not any(self.faces) and dice_mode(self.ctl.session) == "companion":
                self.press("roll")
            else:
                self.ctl.say(_("Enter all {n} dice (bowl 1-5) or let the companion roll (bowl 6).").format(n=self.n))
            return True
        return super().button(name)

    def back(self) -> bool:
        entered = [i for i, f in enumerate(self.faces) if f]
        if not entered:
            return False
        self.faces[entered[-1]] = ""
        return True


class DiceScreen(ChariotScreen):
    """Phase 3 after the roll: select dice (bowl 1-5) and reroll them, the first time free
    (CR-DICE-2), then 2 fate each (CR-DICE-3a); or pay 2 fate to turn one die to any face
    but Fortuna (CR-DICE-3b); or keep the dice (OK), when Fortuna's favour follows (CR-FATE-1)."""

    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        self.selected: set[int] = set()
        self.mode = ""                  # "", "reroll" (new faces), "turn" (a face for one die)
        self.new: list[str] = []

    @property
    def t(self) -> Turn:
        assert self.s.turn is not None
        return self.s.turn

    def heading(self) -> tuple[str, str]:
        t = self.t
        if self.mode == "reroll":
            dice = ", ".join(str(i + 1) for i in sorted(self.selected))
            return (_("New faces for dice {dice}").format(dice=dice),
                    _("Enter the rerolled dice in order (bowl 1-5), or let the companion roll."))
        if self.mode == "turn":
            (die,) = self.selected
            return (_("Turn die {n} to which face?").format(n=die + 1),
                    _("Costs {n} fate; never to Fortuna (CR-DICE-3).").format(n=self.board.set_die_cost))
        c = self.s.active()
        assert c is not None
        free = (_("The first reroll is free.") if t.free_reroll
                else _("Each reroll or turned die costs {n} fate.").format(n=self.board.reroll_cost))
        return (_("Reroll, turn a die, or keep the dice"),
                _("Tap dice to select them (bowl 1-5). {free} Fate: {fate}.").format(free=free, fate=c.fate))

    def build(self) -> list[Button]:
        t = self.t
        y = self.below_heading()
        bottom = AREA.bottom - ROW
        if self.mode == "reroll":
            out = die_slots(pygame.Rect(AREA.x, y, 0, 0), self.new, "slot")
            out += face_buttons(self.board, pygame.Rect(AREA.x, y + ROW + 4, AREA.width, FACE_H))
            out.append(Button("back", pygame.Rect(AREA.x, bottom, 92, ROW), _("Back")))
            chosen = tuple(sorted(self.selected))
            out.append(Button("roll", pygame.Rect(AREA.x + 98, bottom, 224, ROW), _("Roll for me"),
                              sub_that_fits(_("bowl 6 · the companion rolls"), 224),
                              enabled=ev.Reroll(chosen) in self.offered))
            ready = all(self.new) and ev.Reroll(chosen, tuple(self.new)) in self.offered
            out.append(Button("ok", pygame.Rect(AREA.right - 196, bottom, 196, ROW), _("Reroll"), enabled=ready,
                              fill=go(ready)))
            return out
        if self.mode == "turn":
            (die,) = self.selected
            allowed = tuple(f for f in faces_of(self.board) if ev.SetDie(die, f) in self.offered)
            out = face_buttons(self.board, pygame.Rect(AREA.x, y + ROW + 4, AREA.width, FACE_H), allowed=allowed)
            out.append(Button("back", pygame.Rect(AREA.x, bottom, 110, ROW), _("Back")))
            return out
        out = die_slots(pygame.Rect(AREA.x, y, 0, 0), list(t.dice), "die", self.selected, size=60)
        cost = _("free") if t.free_reroll else _("{n} fate").format(n=self.board.reroll_cost)
        chosen = tuple(sorted(self.selected))
        reroll = bool(chosen) and ev.Reroll(chosen) in self.offered
        # the cost under a label that fits one line; a label that needs two lines (Hungarian)
        # goes without it (the title says what rerolls cost); a greyed one says why when tapped
        reroll_why = "" if reroll else _("not possible") if chosen else _("select dice first")
        out.append(Button("reroll", pygame.Rect(AREA.x, bottom, 170, ROW), _("Reroll selected"),
                          _fits_sub(_("Reroll selected"), 170, cost if reroll else reroll_why), enabled=reroll,
                          reason=reroll_why))
        turn = len(chosen) == 1 and any(m.die == chosen[0] for m in self.offered.of(ev.SetDie))
        turn_why = "" if turn else _("select one die") if len(chosen) != 1 else _("not possible")
        out.append(Button("turn", pygame.Rect(AREA.x + 178, bottom, 150, ROW), _("Turn a die"),
                          _fits_sub(_("Turn a die"), 150, _("{n} fate").format(n=self.board.set_die_cost) if turn
                                    else turn_why), enabled=turn, reason=turn_why))
        out.append(Button("ok", pygame.Rect(AREA.right - 180, bottom, 180, ROW), _("Keep dice"), fill=GREEN))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        # The gauges preview keeping the dice: Fortuna's fate (CR-FATE-1), and with no ±1 die
        # the speed and the fast dice's damage that follow at once (CR-MOVE-1).
        kept = self.preview(ev.KeepDice()) if not self.mode else None
        self.turn_frame(surface, after=kept.by_colour(self.s.pending.chariot) if kept is not None else None)
        t = self.t
        y = self.title(surface, *self.heading()) + 2
        if self.mode == "turn":
            (die,) = self.selected
            icons.die(surface, pygame.Rect(AREA.x, y, 52, 52), t.dice[die])
            text.draw(surface, "→ ?", (AREA.x + 62, y + 26), 22, theme.ACCENT, "midleft", bold=True)
            return
        if self.mode:
            return
        x = AREA.x + len(t.dice) * 66 + 8
        room = (AREA.bottom - ROW - 4 - y) // 22
        for k, line in enumerate(text.wrap(dice_summary(t), theme.PLAY_FLOOR, AREA.right - x)[:room]):
            text.draw(surface, line, (x, y + 22 * k), theme.PLAY_FLOOR, theme.TEXT)

    def press(self, wid: str) -> None:
        kind, _sep, value = wid.partition(":")
        if kind == "die":
            i = int(value)
            self.selected ^= {i}
        elif kind == "slot":
            self.new[int(value)] = ""
        elif kind == "face":
            self.enter(value)
            return
        elif wid == "reroll":
            self.mode, self.new = "reroll", [""] * len(self.selected)
        elif wid == "turn":
            self.mode = "turn"
        elif wid == "back":
            self.back()
        elif wid == "roll":
            self.ctl.submit(ev.Reroll(tuple(sorted(self.selected))))
            return
        elif wid == "ok":
            if self.mode == "reroll":
                self.ctl.submit(ev.Reroll(tuple(sorted(self.selected)), tuple(self.new)))
            else:
                self.ctl.submit(ev.KeepDice())
            return
        self.invalidate()

    def enter(self, face: str) -> None:
        if self.mode == "turn":
            (die,) = self.selected
            self.ctl.submit(ev.SetDie(die, face))
            return
        if "" not in self.new:
            self.ctl.say(_("Every rerolled die is entered: press OK."))
            return
        self.new[self.new.index("")] = face
        self.invalidate()

    def button(self, name: str) -> bool:
        if name.startswith("bowl"):
            k = int(name[4:]) - 1
            faces = faces_of(self.board)
            if self.mode:
                if k < len(faces):
                    self.enter(faces[k])
                elif self.mode == "reroll":
                    self.press("roll")
            elif k < len(self.t.dice):
                self.press(f"die:{k}")
            return True
        if name == "ok" and self.mode == "":
            self.ctl.submit(ev.KeepDice())
            return True
        return super().button(name)

    def back(self) -> bool:
        if self.mode:
            self.mode, self.new = "", []
            return True
        if self.selected:
            self.selected = set()
            return True
        return False


class SpeedScreen(ChariotScreen):
    """CR-MOVE-1: each normal die used as +1, −1 or not at all (CR-AMB-1); fast dice add 2
    and cost 1 resistance each; the previewed speed warns of a corner that would wreck."""

    CYCLE = {"": "+", "+": "-", "-": ""}

    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        first = "+" if self.rules.setup.normal_dice_must_be_used else ""
        self.use = [first] * self.t.count("normal")

    @property
    def t(self) -> Turn:
        assert self.s.turn is not None
        return self.s.turn

    def event(self) -> ev.SetSpeed:
        return ev.SetSpeed(self.use.count("+"), self.use.count("-"))

    def heading(self) -> tuple[str, str]:
        return _("This turn's speed"), _("Tap each ±1 die (or press its bowl): +1, −1 or unused.")

    def build(self) -> list[Button]:
        out = []
        y = self.below_heading()
        for k, use in enumerate(self.use):
            out.append(Button(f"normal:{k}", pygame.Rect(AREA.x + k * 126, y, 120, 56), icon=self._toggle(k, use),
                              selected=bool(use)))
        after = self.preview(self.event())
        ready = self.event() in self.offered
        out.append(Button("ok", pygame.Rect(AREA.right - 220, AREA.bottom - ROW, 220, ROW),
                          _("Race at speed {n}").format(n=after.active().speed) if after and after.active()
                          else _("Set the speed"), fill=go(ready), enabled=ready))
        return out

    @staticmethod
    def _toggle(k: int, use: str):
        def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
            text.draw(surface, str(k + 1), (rect.x - 1, rect.y - 2), "caption", theme.ACCENT, bold=True)
            icons.die(surface, pygame.Rect(rect.x + 10, rect.y + 4, 40, 40), "normal")
            # "0" for a die left unused: the title says "+1, −1 or unused"; a word would not fit
            label = {"+": "+1", "-": "−1", "": "0"}[use]
            text.draw(surface, label, (rect.x + 60, rect.centery), 26, theme.TEXT if use else theme.MUTED, "midleft",
                      bold=True)
        return paint

    def paint(self, surface: pygame.Surface) -> None:
        after = self.preview(self.event())
        c = self.s.active()
        assert c is not None
        moved = after.by_colour(c.colour) if after is not None else None
        self.turn_frame(surface, after=moved)
        t = self.t
        y = self.title(surface, *self.heading()) + 2 + 56 + 4
        fast = t.count("fast")
        up, down = self.use.count("+"), self.use.count("-")
        line = _("start {s} + {up} − {down} + {fast} (fast) = {speed}").format(
            s=t.start_speed, up=up, down=down, fast=2 * fast, speed=moved.speed if moved else "?")
        warned = False
        if after is not None and moved is not None and moved.wrecked:
            pygame.draw.rect(surface, WARN_RGB, (AREA.x, AREA.bottom - ROW - 44, AREA.width, 38), border_radius=6)
            text.draw(surface, _("The fast dice wreck {chariot}.").format(chariot=names.colour(c.colour)),
                      (AREA.x + 10, AREA.bottom - ROW - 25), theme.PLAY_FLOOR, theme.TEXT, "midleft", bold=True,
                      max_width=AREA.width - 20, min_size=theme.PLAY_FLOOR)
            warned = True
        elif after is not None and moved is not None:
            warned = self.warning(surface, pygame.Rect(AREA.x, AREA.bottom - ROW - 50, AREA.width, 46), moved, after)
        if not warned:      # the sum and the fast dice's cost where no warning takes their place (the
            # OK button and the gauges say the speed too)
            text.draw(surface, line, (AREA.x + 2, y), theme.PLAY_FLOOR, theme.TEXT, bold=True,
                      max_width=AREA.width - 4, min_size=theme.PLAY_FLOOR)
            if fast:
                text.draw(surface, _("{n} fast dice: −{n} resistance").format(n=fast), (AREA.x + 2, y + 24),
                          theme.PLAY_FLOOR, theme.ACCENT, max_width=AREA.width - 4, min_size=theme.PLAY_FLOOR)

    def press(self, wid: str) -> None:
        if wid.startswith("normal:"):
            k = int(wid[7:])
            self.use[k] = self.CYCLE[self.use[k]]
            if not self.use[k] and self.rules.setup.normal_dice_must_be_used:      # CR-AMB-1 option
                self.use[k] = self.CYCLE[self.use[k]]
            self.invalidate()
        elif wid == "ok":
            self.ctl.submit(self.event())

    def button(self, name: str) -> bool:
        if name.startswith("bowl"):
            k = int(name[4:]) - 1
            if k < len(self.use):
                self.press(f"normal:{k}")
            return True
        return super().button(name)

    def back(self) -> bool:
        first = "+" if self.rules.setup.normal_dice_must_be_used else ""
        if all(u == first for u in self.use):
            return False
        self.use = [first] * len(self.use)
        return True


class MoveScreen(ChariotScreen):
    """CR-MOVE-2..8: the chariot moves on the table; each happening is one tap, in order:
    a corner space entered (its limit; bowl 1-3), a chariot hit (bowl 4, then the chariot),
    a caltrop run over (bowl 5), the finish line crossed (bowl 6), a lane change, a rock pile
    (track B); OK ends the move. Corner buttons show what they cost at this speed and warn
    when they would wreck the chariot (CR-MOVE-4, CR-DESTROY-1)."""

    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        self.mode = ""          # "" or "hit" (choosing the chariot hit)
        self.ended = False      # the hit ended the move on that chariot's space (CR-MOVE-6)

    @property
    def t(self) -> Turn:
        assert self.s.turn is not None
        return self.s.turn

    def build(self) -> list[Button]:
        c = self.s.active()
        assert c is not None
        if self.mode == "hit":
            return self._build_hit(c)
        y = AREA.y + 70                 # under the title (or warning) and the line of what happened
        w3 = (AREA.width - 2 * GAP) // 3
        out = []
        for k, limit in enumerate(self.board.corner_limits):
            damage, wrecks = corner_risk(self.s, c.colour, limit)
            sub = (_("wrecks {chariot}!").format(chariot=names.colour(c.colour)) if wrecks
                   else _("−{n} resistance").format(n=damage) if damage else _("no damage"))
            ok = ev.EnterCorner(limit) in self.offered
            out.append(Button(f"corner:{limit}", pygame.Rect(AREA.x + k * (w3 + GAP), y, w3, MOVE_ROW),
                              _("{n}: corner {limit}").format(n=k + 1, limit=limit), sub, enabled=ok,
                              fill=WARN_RGB if wrecks and ok else None))
        y += MOVE_ROW + GAP
        row2: list[tuple[str, str, str, ev.Event | None]] = [
                ("hit", _("4: chariot hit"), _("−{n} to both").format(n=self.board.collision_damage), None),
                ("caltrop", _("5: caltrop"), _("−{n} resistance").format(n=self.board.caltrop_damage), ev.HitCaltrop()),
                ("finish", _("6: finish line"), _("starts the last lap") if not c.crossings else _("finishes!"),
                 ev.CrossFinish())]
        if self.rules.setup.track == "B":
            row2.append(("rocks", _("rock pile"), _("wrecks"), ev.HitRocks()))
        # widths by what they say: the finish line's "starts the last lap" is the longest line
        weights = {"hit": 1.15, "caltrop": 0.85, "finish": 1.4, "rocks": 0.8}
        unit = (AREA.width - GAP * (len(row2) - 1)) / sum(weights[r[0]] for r in row2)
        x = AREA.x
        for k, (wid, label, sub, event) in enumerate(row2):
            ok = event in self.offered if event is not None else bool(self.offered.of(ev.Collide))
            w = AREA.right - x if k == len(row2) - 1 else int(unit * weights[wid])
            if text.measure(label, theme.PLAY_FLOOR, True) > w - 10 and ": " in label:
                label = label.split(": ", 1)[1]         # "4: chariot hit" without its bowl number
            # a sub-line too long even at 14 px is left out: the news line says it after the tap
            out.append(Button(wid, pygame.Rect(x, y, w, MOVE_ROW), label, sub_that_fits(sub, w), enabled=ok))
            x += w + GAP
        y += MOVE_ROW + GAP
        left = self.t.count("lane") - self.t.lane_changes
        lane_w = (AREA.width - 2 * GAP) * 7 // 20         # the lane labels are the longest of the row
        for k, direction in enumerate(("in", "out")):
            out.append(Button(f"lane:{direction}", pygame.Rect(AREA.x + k * (lane_w + GAP), y, lane_w, MOVE_ROW),
                              _(names.LANE[direction]), _("{n} lane dice left").format(n=left),
                              enabled=ev.ChangeLane(direction) in self.offered))
        end_x = AREA.x + 2 * (lane_w + GAP)
        out.append(Button("ok", pygame.Rect(end_x, y, AREA.right - end_x, MOVE_ROW), _("End of move"), fill=GREEN))
        return out

    def heading(self) -> tuple[str, str]:
        c = self.s.active()
        assert c is not None
        if self.mode == "hit":
            return (_("Which chariot did {chariot} hit?").format(chariot=names.colour(c.colour)),
                    _("Press bowl 1-6 for the chariot, in the order listed on the left."))
        return _("Move {n} spaces: one tap for each thing that happens").format(n=c.speed), ""

    def _build_hit(self, c: Chariot) -> list[Button]:
        y = self.below_heading()
        out = [Button("ended", pygame.Rect(AREA.x, y, AREA.width - 118, 50),
                      _("The move ended on that chariot's space") if self.ended else _("Passed through its space"),
                      sub_that_fits(_("tap to change (ended: put behind it, CR-MOVE-6)"), AREA.width - 118),
                      selected=self.ended)]
        allowed = {}
        for o in self.s.chariots:
            if o is c or ev.Collide(o.colour, self.ended) not in self.offered:
                continue
            protected = self.rules.setup.no_damage_after_finish and o.finished
            allowed[o.colour] = _("finished: no damage") if protected else _("−{n} to both").format(
                n=self.board.collision_damage)
        out += target_buttons(self, pygame.Rect(AREA.x, y + 56, AREA.width, 0), "target", allowed, height=ROW)
        out.append(Button("back", pygame.Rect(AREA.right - 110, y, 110, 50), _("Back")))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        c = self.turn_frame(surface)
        t = self.t
        if self.mode == "hit":
            self.title(surface, *self.heading())
            return
        rect = pygame.Rect(AREA.x, AREA.y - 2, AREA.width, 46)
        if not self.warning(surface, rect, c):
            self.title(surface, *self.heading())
        done = [_("corners {n}").format(n=t.corners), _("chariots hit {n}").format(n=t.collisions)]
        if t.count("lane"):
            done.insert(0, _("lane changes {a} of {b}").format(a=t.lane_changes, b=t.count("lane")))
        if t.crossed:
            done.append(_("finish line crossed"))
        if t.ended_on:
            done.append(_("ended on {chariot}: put behind it").format(chariot=names.colour(t.ended_on)))
        line = " · ".join(done)
        while text.measure(line, theme.PLAY_FLOOR) > AREA.width - 4 and len(done) > 1:
            done = done[1:]             # the lane changes first: the lane buttons say how many dice are left
            line = " · ".join(done)
        text.draw(surface, line, (AREA.x + 2, AREA.y + 46), theme.PLAY_FLOOR, theme.MUTED, max_width=AREA.width - 4,
                  min_size=theme.PLAY_FLOOR)

    def press(self, wid: str) -> None:
        kind, _sep, value = wid.partition(":")
        if kind == "corner":
            self.ctl.submit(ev.EnterCorner(int(value)))
        elif wid == "hit":
            self.mode, self.ended = "hit", False
            self.invalidate()
        elif wid == "ended":
            self.ended = not self.ended
            self.invalidate()
        elif kind == "target":
            self.ctl.submit(ev.Collide(value, ended_here=self.ended))
        elif wid == "back":
            self.back()
            self.invalidate()
        elif wid == "caltrop":
            self.ctl.submit(ev.HitCaltrop())
        elif wid == "rocks":
            self.ctl.submit(ev.HitRocks())
        elif wid == "finish":
            self.ctl.submit(ev.CrossFinish())
        elif kind == "lane":
            self.ctl.submit(ev.ChangeLane(value))
        elif wid == "ok":
            self.ctl.submit(ev.EndMove())

    def button(self, name: str) -> bool:
        if not name.startswith("bowl"):
            return super().button(name)
        k = int(name[4:])
        if self.mode == "hit":
            if k <= len(self.s.chariots):
                self.ctl.submit(ev.Collide(self.s.chariots[k - 1].colour, ended_here=self.ended))
            return True
        limits = self.board.corner_limits
        if k <= len(limits):
            self.press(f"corner:{limits[k - 1]}")
        else:
            self.press({len(limits) + 1: "hit", len(limits) + 2: "caltrop", len(limits) + 3: "finish"}.get(k, "hit"))
        return True

    def chariot_tag(self, colour: str) -> bool:
        if self.mode != "hit":
            return super().chariot_tag(colour)
        self.ctl.submit(ev.Collide(colour, ended_here=self.ended))
        return True

    def back(self) -> bool:
        if self.mode:
            self.mode, self.ended = "", False
            return True
        return False


class AttackScreen(ChariotScreen):
    """CR-ATTACK: one attack per attack die, after the move: a caltrop dropped on a space
    passed (CR-ATTACK-2), or a javelin at a chariot 1-2 spaces away (CR-ATTACK-3; bowl 1-6 =
    the chariot); OK ends the turn."""

    def build(self) -> list[Button]:
        t = self.s.turn
        assert t is not None
        bottom = AREA.bottom - ROW
        ok = ev.DropCaltrop() in self.offered
        out = [Button("caltrop", pygame.Rect(AREA.x, bottom, 250, ROW), _("Drop a caltrop"),
                      _("{n} in the supply").format(n=self.s.supply) if ok else _("not possible now"),
                      enabled=ok),
               Button("ok", pygame.Rect(AREA.right - 200, bottom, 200, ROW), _("End the turn"), fill=GREEN)]
        allowed = {}
        for colour in (m.target for m in self.offered.of(ev.ThrowJavelin)):
            target = self.s.by_colour(colour)
            allowed[colour] = (_("−{n}: wrecks it!").format(n=self.board.javelin_damage)
                               if target.resistance <= self.board.javelin_damage
                               else _("−{n} resistance").format(n=self.board.javelin_damage))
        out += target_buttons(self, pygame.Rect(AREA.x, self.below_heading(), AREA.width, 0), "javelin", allowed,
                              height=ROW - 2)
        return out

    def heading(self) -> tuple[str, str]:
        c = self.s.active()
        t = self.s.turn
        assert c is not None and t is not None
        left = t.count("attack") - t.attacks
        return (_("{chariot} attacks ({n} attack dice left)").format(chariot=names.colour(c.colour), n=left),
                _("A javelin at a chariot 1-2 spaces away (bowl 1-6), or a caltrop on a space passed."))

    def paint(self, surface: pygame.Surface) -> None:
        self.turn_frame(surface)
        self.title(surface, *self.heading())

    def press(self, wid: str) -> None:
        if wid == "caltrop":
            self.ctl.submit(ev.DropCaltrop())
        elif wid.startswith("javelin:"):
            self.ctl.submit(ev.ThrowJavelin(wid[8:]))
        elif wid == "ok":
            self.ctl.submit(ev.EndTurn())

    def button(self, name: str) -> bool:
        if name.startswith("bowl"):
            k = int(name[4:])
            if k <= len(self.s.chariots):
                self.ctl.submit(ev.ThrowJavelin(self.s.chariots[k - 1].colour))
            return True
        return super().button(name)

    def chariot_tag(self, colour: str) -> bool:
        if colour == self.s.pending.chariot:
            return super().chariot_tag(colour)
        self.ctl.submit(ev.ThrowJavelin(colour))
        return True


__all__ = ["RollScreen", "DiceScreen", "SpeedScreen", "MoveScreen", "AttackScreen"]
