"""Chariot Race rules: setup, the six phases of a turn, rounds, the finish.

:class:`ChariotRaceRules` implements :class:`~firmware_host.engine.core.Rules`. ``apply``
checks an event against the pending decision and the rules (raising :class:`RuleError` with
the rule ID) and then changes the state; :class:`~firmware_host.engine.core.Game` gives it a
copy, so a refused event never changes the race. Rule IDs refer to
``shared/rules/chariot_race.md``; readings of its open questions follow
``shared/rules/rulings.md`` and are listed in ``docs/chariot-race-data.md``.

The chariots race on the physical track. The table enters what happens there (a corner
entered, a chariot hit, a caltrop run over, the finish line crossed); the companion keeps the
sheets, the dice, the lap counters and a simple model of the track (``Chariot.lane`` and
``Chariot.pos``, see ``data/chariot_race.toml``) for the race order, javelin range and the
place behind a chariot hit at the end of a move.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar, NamedTuple

from ..core import N_, Event, Phrase, RuleError, parsed_board, to_jsonable
from . import events as ev
from .board import LANE_STEP, SIDES, TRACKS, ChariotRaceBoard, Sheet
from .state import Chariot, ChariotRaceSetup, ChariotRaceState, Decision, Pending, Turn

CORRECTIONS = ("lane", "pos", "resistance", "speed", "fate", "laps")   # what a correction sets (CR-CORR-1)
# each of them as players read it in the correction's news
CORRECTION_WORDS = {"lane": N_("lane"), "pos": N_("position"), "resistance": N_("resistance"),
                    "speed": N_("speed"), "fate": N_("fate"), "laps": N_("laps")}


def board_for(data: dict[str, Any]) -> ChariotRaceBoard:
    """The parsed board for a data dict (see :func:`~firmware_host.engine.core.parsed_board`)."""
    return parsed_board(ChariotRaceBoard, data)


def chariots_per_player(players: int) -> int:
    """2 with 2 or 3 players, otherwise 1. CR-SETUP-7, CR-VAR-2P3P."""
    return 2 if players <= 3 else 1


def black_setup_order(players: int) -> list[tuple[str, int, int]]:
    """The black-side setup steps as ``(step, seat, nth)``: ``("pick", seat, nth)`` takes a
    sheet, ``("place", seat, nth)`` puts the seat's ``nth`` chariot (0 = first pick) on a start
    space. Seats are clockwise from the first player.

    CR-VAR-BLACK-2: picks clockwise; with 2-3 players a second pick in reverse order.
    CR-VAR-BLACK-3 (4-6 players): the last picker places first, then counter-clockwise.
    CR-VAR-BLACK-4 (2-3 players): first chariots from the last first-picker counter-clockwise,
    then second chariots from the player who placed the last first chariot, clockwise.
    """
    seats = list(range(players))
    steps = [("pick", seat, 0) for seat in seats]
    if chariots_per_player(players) == 2:
        steps += [("pick", seat, 1) for seat in reversed(seats)]
        steps += [("place", seat, 0) for seat in reversed(seats)]
        steps += [("place", seat, 1) for seat in seats]
    else:
        steps += [("place", seat, 0) for seat in reversed(seats)]
    return steps


class CornerRisk(NamedTuple):
    """What entering a corner space would cost: ``damage`` (resistance lost) and whether it
    ``wrecks`` the chariot."""

    damage: int
    wrecks: bool


def corner_risk(state: ChariotRaceState, chariot: str, limit: int) -> CornerRisk:
    """The cost of entering a corner space showing ``limit`` at the chariot's current speed:
    speed − limit, never below 0 (CR-MOVE-4); it wrecks when that reaches the chariot's
    resistance (CR-DESTROY-1). Raises ``KeyError`` for an unknown colour."""
    c = state.by_colour(chariot)
    if c is None:
        raise KeyError(chariot)
    damage = max(0, c.speed - limit)
    return CornerRisk(damage, not c.wrecked and damage >= c.resistance)


class ChariotRaceRules:
    """The Chariot Race engine for one race's setup. Raises ``ValueError`` on an impossible
    setup (player count other than 2..6, wrong chariots per player, unknown or repeated
    colours, unknown sheet side or track side)."""

    name = "chariot_race"
    codec = ev.CODEC

    def __init__(self, setup: ChariotRaceSetup) -> None:
        self.setup = setup
        self.board = b = board_for(setup.board)
        n = len(setup.players)
        if not 2 <= n <= 6:
            raise ValueError(f"Chariot Race is for 2 to 6 players, not {n} (CR-COMP-1)")
        if setup.sheets not in SIDES:
            raise ValueError(f"sheets must be white or black, not {setup.sheets!r}")
        if setup.track not in TRACKS:
            raise ValueError(f"the track has sides A and B, not {setup.track!r}")
        if setup.dice not in ("table", "companion"):
            raise ValueError(f"dice are rolled at the table or by the companion, not {setup.dice!r}")
        if setup.sheets == "black":
            if setup.chariots:
                raise ValueError("black sheets are picked during setup (CR-VAR-BLACK-2): give no chariots")
            return
        colours = [colour for colour, _ in setup.chariots]
        if len(set(colours)) != len(colours) or set(colours) - set(b.colours):
            raise ValueError(f"each chariot needs its own colour out of {', '.join(b.colours)} (CR-SETUP-2)")
        per = chariots_per_player(n)
        for seat in range(n):
            if sum(1 for _, s in setup.chariots if s == seat) != per:
                raise ValueError(f"with {n} players each player runs {per} chariot(s) (CR-SETUP-7)")
        if len(setup.chariots) != n * per:
            raise ValueError("a chariot belongs to a seat that is not at the table")

    # ------------------------------------------------------------------ setup (CR-SETUP)

    def initial_state(self) -> ChariotRaceState:
        s = ChariotRaceState(players=list(self.setup.players), chariots=[], pending=Pending("start_spaces"),
                             supply=self.board.caltrops)                                   # CR-SETUP-5
        if self.setup.sheets == "white":
            s.chariots = [self._new_chariot(colour, seat) for colour, seat in self.setup.chariots]
        else:
            s.setup_queue = black_setup_order(len(self.setup.players))
            self._next_setup_step(s)
        return s

    def _new_chariot(self, colour: str, seat: int) -> Chariot:
        sheet = self.board.sheet(colour, self.setup.sheets)                                # CR-SETUP-3, CR-VAR-BLACK-5
        return Chariot(colour=colour, seat=seat, resistance=sheet.resistance, speed=sheet.speed, fate=sheet.fate)

    def sheet_of(self, c: Chariot) -> Sheet:
        return self.board.sheet(c.colour, self.setup.sheets)

    def _place(self, c: Chariot, space: int) -> None:
        c.start_space = space
        c.lane, c.pos = self.board.start_spaces[space - 1]

    def _check_space(self, s: ChariotRaceState, space: int, rule: str) -> None:
        n = len(self.board.start_spaces)
        if not 1 <= space <= n:
            raise RuleError(rule, N_("There is no start space {space}."), N_("Choose a start space from 1 to {n}."),
                            space=space, n=n)
        if any(c.start_space == space for c in s.chariots):
            raise RuleError(rule, N_("Start space {space} is taken."), N_("Choose a free start space."), space=space)

    def _draw_start_spaces(self, s: ChariotRaceState, e: ev.DrawStartSpaces) -> None:
        spaces = e.spaces
        if not spaces:                                                                     # CR-AMB-12
            rng = random.Random(f"chariot_race/{self.setup.seed}/start")
            spaces = tuple(rng.sample(range(1, len(self.board.start_spaces) + 1), len(s.chariots)))
        if len(spaces) != len(s.chariots):
            raise RuleError("CR-SETUP-2", N_("Draw one start space for each of the {n} chariots."),
                            N_("Enter a start space per chariot, in the listed order."), n=len(s.chariots))
        for c, space in zip(s.chariots, spaces):
            self._check_space(s, space, "CR-SETUP-2")
            self._place(c, space)
        self._start_race(s)

    def _next_setup_step(self, s: ChariotRaceState) -> None:
        if not s.setup_queue:
            self._start_race(s)
            return
        step, seat, nth = s.setup_queue[0]
        if step == "pick":
            s.pending = Pending("pick_sheet", seat)
        else:
            chariot = [c for c in s.chariots if c.seat == seat][nth]
            s.pending = Pending("place_chariot", seat, chariot.colour)

    def _pick_sheet(self, s: ChariotRaceState, e: ev.PickSheet) -> None:
        if e.colour not in self.board.colours:                                             # CR-VAR-BLACK-1
            raise RuleError("CR-VAR-BLACK-1", N_("There is no {colour} chariot."),
                            N_("Choose one of the six black sheets."), colour=e.colour)
        if s.by_colour(e.colour) is not None:
            raise RuleError("CR-VAR-BLACK-2", N_("The {colour} sheet was already taken."),
                            N_("Choose a sheet still on the table."), colour=e.colour)
        _, seat, _ = s.setup_queue.pop(0)
        s.chariots.append(self._new_chariot(e.colour, seat))
        self._next_setup_step(s)

    def _choose_start_space(self, s: ChariotRaceState, e: ev.ChooseStartSpace) -> None:
        n = len(self.setup.players)
        rule = "CR-VAR-BLACK-4" if chariots_per_player(n) == 2 else "CR-VAR-BLACK-3"
        self._check_space(s, e.space, rule)
        c = s.by_colour(s.pending.chariot)
        assert c is not None
        self._place(c, e.space)
        s.setup_queue.pop(0)
        self._next_setup_step(s)

    def _start_race(self, s: ChariotRaceState) -> None:
        s.round = 1
        s.order = sorted(range(len(s.chariots)), key=lambda i: s.chariots[i].start_space)  # CR-SETUP-6
        s.played = []
        self._next_turn(s)

    # ------------------------------------------------------------------ dispatch

    def apply(self, s: ChariotRaceState, event: Event) -> None:
        """Check ``event`` against the pending decision and the rules, then change ``s``.

        Raises :class:`RuleError` naming the rule when the move is illegal.
        """
        handler = self._handlers.get(type(event))
        if handler is None:
            raise RuleError("CR-TURN-1", N_("{event} is not a Chariot Race move."), N_("Enter a Chariot Race move."),
                            event=event.kind)
        s.news = []
        if s.over:
            raise RuleError("CR-END-1", N_("The race is over."), N_("Start a new race, or undo."))
        if type(event) not in _EXPECTS.get(s.pending.kind, ()):
            rule, message = _OUT_OF_TURN.get(type(event), ("CR-TURN-1", N_("That move does not fit now.")))
            raise RuleError(rule, message, N_("The race is waiting for: {waiting}. Finish that first, or undo."),
                            waiting=self.describe(s.pending))
        handler(self, s, event)
        t = s.turn
        if t is not None and s.chariots[t.chariot].wrecked:                                # CR-AMB-14
            self._end_turn(s)

    @staticmethod
    def describe(p: Pending) -> str:
        """What the race waits for, as an English phrase marked for translation."""
        return _DESCRIPTIONS.get(p.kind, N_("another move"))

    # ------------------------------------------------------------------ rounds and turns (CR-ROUND)

    def race_order(self, s: ChariotRaceState) -> list[int]:
        """Chariots still in the race, furthest ahead first: the front edge decides, lanes do
        not, a lap ahead is ahead; level chariots go inner lane first. CR-ROUND-2, CR-AMB-5."""
        alive = [i for i, c in enumerate(s.chariots) if not c.wrecked]
        return sorted(alive, key=lambda i: (-s.chariots[i].pos, s.chariots[i].lane))

    def turns_left(self, s: ChariotRaceState) -> list[int]:
        """Chariots still to play this round, in turn order (the active one first)."""
        return [i for i in s.order if i not in s.played and not s.chariots[i].wrecked]

    def next_chariot(self, s: ChariotRaceState) -> str:
        """Colour of the chariot that plays after the active one: the next in this round's
        order, or after the round's last turn the one furthest ahead (CR-ROUND-2), if the race
        goes on. Empty during setup and after the race."""
        if s.turn is None:
            return ""
        after = self.turns_left(s)[1:] or self.race_order(s)
        return s.chariots[after[0]].colour if after else ""

    def standings(self, s: ChariotRaceState) -> list[str]:
        """Colours from first to last: chariots in the race by laps completed, then position
        (the winner first, CR-END-3), then the wrecked ones (CR-DESTROY-3), for the podium."""
        def key(i: int) -> tuple:
            c = s.chariots[i]
            return (c.wrecked, -c.crossings, -c.pos, c.lane)
        return [s.chariots[i].colour for i in sorted(range(len(s.chariots)), key=key)]

    def _next_turn(self, s: ChariotRaceState) -> None:
        left = self.turns_left(s)
        if not left:
            self._end_round(s)
            return
        c = s.chariots[left[0]]
        s.turn = Turn(chariot=left[0])
        s.pending = Pending("roll", c.seat, c.colour)

    def _end_turn(self, s: ChariotRaceState) -> None:
        t = s.turn
        assert t is not None
        s.played.append(t.chariot)
        s.turn = None
        self._next_turn(s)

    def _end_round(self, s: ChariotRaceState) -> None:
        """CR-ROUND-3 and CR-END: a finisher still in the race ends it; otherwise a new round."""
        order = self.race_order(s)
        finished = [i for i in order if s.chariots[i].finished]
        if finished:                                                                      # CR-END-1, -3
            s.winner = finished[0]
            s.news.append((N_("{chariot} wins the race"), {"chariot": s.chariots[s.winner].colour}))
        elif not order:                                                                   # CR-END-5
            s.news.append((N_("Every chariot is wrecked: nobody wins"), {}))
        else:
            s.round += 1
            s.order = order                                                               # CR-ROUND-2
            s.played = []
            self._next_turn(s)
            return
        s.turn = None
        s.pending = Pending("race_over")

    # ------------------------------------------------------------------ damage (CR-DESTROY)

    def _damage(self, s: ChariotRaceState, c: Chariot, amount: int, reason: str) -> None:
        if amount <= 0 or c.wrecked:
            return
        c.resistance = max(0, c.resistance - amount)
        s.news.append((N_("{chariot} loses {n} resistance ({reason})"),
                       {"chariot": c.colour, "n": amount, "reason": reason}))
        if c.resistance == 0:
            self._wreck(s, c)

    def _wreck(self, s: ChariotRaceState, c: Chariot) -> None:
        """CR-DESTROY-1: out of the race at once; a caltrop takes its place (if any is left, CR-NIS-6)."""
        c.resistance = 0
        c.wrecked = True
        if s.supply > 0:
            s.supply -= 1
            s.on_track += 1
            s.news.append((N_("{chariot} is wrecked: put a caltrop on its space"), {"chariot": c.colour}))
        else:
            s.news.append((N_("{chariot} is wrecked (no caltrop left for its space)"), {"chariot": c.colour}))

    def _protected(self, s: ChariotRaceState, c: Chariot) -> bool:
        """CR-VAR-NODMG, CR-AMB-10: with the optional rule, a chariot that finished and whose
        turn is over takes no damage from javelins or collisions."""
        t = s.turn
        return (self.setup.no_damage_after_finish and c.finished
                and not (t is not None and s.chariots[t.chariot] is c))

    # ------------------------------------------------------------------ phases 1-3

    def _active(self, s: ChariotRaceState) -> tuple[Chariot, Turn]:
        t = s.turn
        assert t is not None
        return s.chariots[t.chariot], t

    def starting_speed(self, s: ChariotRaceState, chariot: str) -> int:
        """The speed phase 2 gives the chariot now: lowered to the number opposite its
        resistance if above it (CR-SPEED-1, CR-VAR-BLACK-6). Raises ``KeyError``."""
        c = s.by_colour(chariot)
        if c is None:
            raise KeyError(chariot)
        if c.wrecked:
            return c.speed
        return min(c.speed, self.sheet_of(c).speed_cap(c.resistance))

    def dice_to_roll(self, s: ChariotRaceState, chariot: str) -> int:
        """How many dice the chariot rolls at its starting speed (CR-SPEED-2, CR-AMB-3)."""
        c = s.by_colour(chariot)
        if c is None:
            raise KeyError(chariot)
        return self.sheet_of(c).dice(self.starting_speed(s, chariot))

    def _repair(self, s: ChariotRaceState, e: ev.Repair) -> None:
        c, t = self._active(s)
        b = self.board
        if t.repaired:
            raise RuleError("CR-REPAIR-1", N_("{chariot} was already repaired this turn."),
                            N_("Repair at most once a turn: roll the dice."), chariot=c.colour)
        if c.fate < b.repair_fate:
            raise RuleError("CR-REPAIR-1", N_("A repair costs {cost} fate; {chariot} has {fate}."),
                            N_("Roll the dice without repairing."), cost=b.repair_fate, chariot=c.colour, fate=c.fate)
        c.fate -= b.repair_fate
        c.resistance = min(b.max_resistance, c.resistance + b.repair_resistance)          # CR-AMB-6
        t.repaired = True
        s.news.append((N_("{chariot} repairs: resistance {resistance}, fate {fate}"),
                       {"chariot": c.colour, "resistance": c.resistance, "fate": c.fate}))

    def _faces(self, s: ChariotRaceState, given: tuple[str, ...], n: int, rule: str) -> tuple[str, ...]:
        """The faces of ``n`` dice: as entered, or rolled by the companion from the journaled seed."""
        if not given:
            rng = random.Random(f"chariot_race/{self.setup.seed}/roll/{s.rolls}")
            s.rolls += 1
            return tuple(rng.choice(self.board.die_faces) for _ in range(n))
        if len(given) != n:
            raise RuleError(rule, N_("Enter one face for each of the {n} dice."),
                            N_("Tap the face of every die rolled."), n=n)
        unknown = [f for f in given if f not in self.board.die_faces]
        if unknown:
            raise RuleError("CR-FACE", N_("{face} is not a face of the dice."),
                            N_("Use normal, fast, lane, attack or fortuna."), face=unknown[0])
        return given

    def _roll_dice(self, s: ChariotRaceState, e: ev.RollDice) -> None:
        c, t = self._active(s)
        start = self.starting_speed(s, c.colour)                                           # CR-SPEED-1
        if start != c.speed:
            s.news.append((N_("{chariot}'s speed drops to {speed} (resistance {resistance})"),
                           {"chariot": c.colour, "speed": start, "resistance": c.resistance}))
        c.speed = t.start_speed = start
        t.dice = list(self._faces(s, e.faces, self.sheet_of(c).dice(start), "CR-DICE-1"))  # CR-SPEED-2
        s.pending = Pending("dice", c.seat, c.colour)

    def _check_dice(self, t: Turn, dice: tuple[int, ...]) -> None:
        if not dice or len(set(dice)) != len(dice) or not all(0 <= d < len(t.dice) for d in dice):
            raise RuleError("CR-DICE-4", N_("Name the dice to change, each once, out of the {n} rolled."),
                            N_("Set aside the dice you keep and select the others."), n=len(t.dice))

    def _reroll(self, s: ChariotRaceState, e: ev.Reroll) -> None:
        c, t = self._active(s)
        self._check_dice(t, e.dice)
        cost = 0 if t.free_reroll else self.board.reroll_cost                              # CR-DICE-2
        if c.fate < cost:                                                                  # CR-DICE-3a
            raise RuleError("CR-DICE-3", N_("Another reroll costs {cost} fate; {chariot} has {fate}."),
                            N_("Keep the dice."), cost=cost, chariot=c.colour, fate=c.fate)
        faces = self._faces(s, e.faces, len(e.dice), "CR-DICE-4")
        for die, face in zip(e.dice, faces):
            t.dice[die] = face
        c.fate -= cost
        t.free_reroll = False
        t.manipulations += 1

    def _set_die(self, s: ChariotRaceState, e: ev.SetDie) -> None:
        c, t = self._active(s)
        self._check_dice(t, (e.die,))
        if e.face == "fortuna":
            raise RuleError("CR-DICE-3", N_("No die may be turned to Fortuna."),
                            N_("Choose another face."))
        if e.face not in self.board.die_faces:
            raise RuleError("CR-FACE", N_("{face} is not a face of the dice."),
                            N_("Use normal, fast, lane or attack."), face=e.face)
        cost = self.board.set_die_cost
        if c.fate < cost:
            raise RuleError("CR-DICE-3", N_("Turning a die costs {cost} fate; {chariot} has {fate}."),
                            N_("Keep the dice."), cost=cost, chariot=c.colour, fate=c.fate)
        c.fate -= cost
        t.dice[e.die] = e.face
        t.free_reroll = False          # the free reroll comes first (CR-DICE-2, "after that")
        t.manipulations += 1

    def _keep_dice(self, s: ChariotRaceState, e: ev.KeepDice) -> None:
        c, t = self._active(s)
        fortuna = t.count("fortuna")                                                       # CR-FATE-1
        if fortuna:
            c.fate = min(self.board.max_fate, c.fate + fortuna)
            s.news.append((N_("Fortuna smiles on {chariot}: fate {fate}"), {"chariot": c.colour, "fate": c.fate}))
        if t.count("normal"):
            s.pending = Pending("speed", c.seat, c.colour)
        else:
            self._set_this_turns_speed(s, 0, 0)

    # ------------------------------------------------------------------ phase 5 (CR-MOVE)

    def _set_speed(self, s: ChariotRaceState, e: ev.SetSpeed) -> None:
        c, t = self._active(s)
        n = t.count("normal")
        if e.up < 0 or e.down < 0 or e.up + e.down > n:
            raise RuleError("CR-MOVE-1", N_("{chariot} has {n} normal dice to use as +1 or -1."),
                            N_("Use each normal die at most once."), chariot=c.colour, n=n)
        if self.setup.normal_dice_must_be_used and e.up + e.down != n:                     # CR-AMB-1 option
            raise RuleError("CR-AMB-1", N_("In this race every normal die must be used as +1 or -1."),
                            N_("Use all {n} normal dice."), n=n)
        self._set_this_turns_speed(s, e.up, e.down)

    def _set_this_turns_speed(self, s: ChariotRaceState, up: int, down: int) -> None:
        """CR-MOVE-1: net the dice, then move the clips once; speed stays within its track
        (CR-SHEET-4, CR-AMB-11); every fast die costs resistance even above the cap."""
        c, t = self._active(s)
        b = self.board
        fast = t.count("fast")
        c.speed = max(b.min_speed, min(b.max_speed, t.start_speed + up - down + 2 * fast))
        s.news.append((N_("{chariot} races at speed {speed}"), {"chariot": c.colour, "speed": c.speed}))
        s.pending = Pending("move", c.seat, c.colour)
        self._damage(s, c, fast * b.fast_damage, N_("fast dice"))

    def _moving(self, s: ChariotRaceState) -> tuple[Chariot, Turn]:
        """The moving chariot, while it still moves: a move that ended on a chariot is over."""
        c, t = self._active(s)
        if t.ended_on:
            raise RuleError("CR-MOVE-6", N_("{chariot}'s move ended on {target}'s space."),
                            N_("Only a caltrop on the space behind can still count: enter it, or end the move."),
                            chariot=c.colour, target=t.ended_on)
        return c, t

    def _steps_left(self, c: Chariot, used: int, rule: str) -> None:
        if used >= c.speed:
            raise RuleError(rule, N_("{chariot} moves only {speed} spaces this turn."),
                            N_("Check the move on the track, or undo."), chariot=c.colour, speed=c.speed)

    def _change_lane(self, s: ChariotRaceState, e: ev.ChangeLane) -> None:
        c, t = self._moving(s)
        step = LANE_STEP.get(e.direction)
        if step is None:
            raise RuleError("CR-MOVE-3", N_("A lane change goes in or out."), N_("Choose in or out."))
        if t.lane_changes >= t.count("lane"):
            raise RuleError("CR-MOVE-3", N_("{chariot} has no lane die left ({n} rolled)."),
                            N_("Stay in the lane."), chariot=c.colour, n=t.count("lane"))
        lane = c.lane + step
        if not 0 <= lane < len(self.board.lanes):
            raise RuleError("CR-MOVE-3", N_("There is no lane further {direction} of the {lane} lane."),
                            N_("Change lane the other way."), direction=e.direction, lane=self.board.lanes[c.lane])
        self._steps_left(c, t.lane_changes, "CR-MOVE-3")
        t.lane_changes += 1
        c.lane = lane

    def _enter_corner(self, s: ChariotRaceState, e: ev.EnterCorner) -> None:
        c, t = self._moving(s)
        b = self.board
        if e.limit not in b.corner_limits:
            raise RuleError("CR-MOVE-4", N_("Corner spaces show {limits}, not {limit}."),
                            N_("Enter the number printed on the space."),
                            limits=", ".join(map(str, b.corner_limits)), limit=e.limit)
        self._steps_left(c, t.corners, "CR-MOVE-4")
        t.corners += 1
        c.lane = b.lane_of_limit(e.limit)       # each lane has its own limit: the track tells the lane
        self._damage(s, c, max(0, c.speed - e.limit), N_("corner"))                       # CR-MOVE-4

    def _collide(self, s: ChariotRaceState, e: ev.Collide) -> None:
        c, t = self._moving(s)
        target = self._target(s, c, e.target, "CR-MOVE-5")
        self._steps_left(c, t.collisions, "CR-MOVE-5")
        t.collisions += 1
        dmg = self.board.collision_damage
        if self._protected(s, target):                                                    # CR-AMB-10
            s.news.append((N_("{chariot} has finished and takes no damage"), {"chariot": target.colour}))
        else:
            self._damage(s, target, dmg, N_("collision"))                                 # CR-MOVE-5
        self._damage(s, c, dmg, N_("collision"))
        if e.ended_here and not c.wrecked:                                                # CR-MOVE-6
            t.ended_on = target.colour
            c.lane = target.lane
            c.pos = self._space_behind(s, c, target)

    def _space_behind(self, s: ChariotRaceState, mover: Chariot, target: Chariot) -> int:
        """The first space behind ``target`` in its lane with no chariot on it (a caltrop
        counts as empty, CR-AMB-4). Placing the mover there is no collision (CR-EX-1)."""
        taken = {o.pos for o in s.chariots
                 if o is not mover and o is not target and not o.wrecked and o.lane == target.lane}
        pos = target.pos - 1
        while pos in taken:
            pos -= 1
        return pos

    def _hit_caltrop(self, s: ChariotRaceState, e: ev.HitCaltrop) -> None:
        c, _ = self._active(s)
        if s.on_track <= 0:
            raise RuleError("CR-MOVE-7", N_("No caltrop lies on the track."),
                            N_("Check the track, or undo."))
        s.on_track -= 1                                                                   # back to the supply
        s.supply += 1
        self._damage(s, c, self.board.caltrop_damage, N_("caltrop"))

    def _hit_rocks(self, s: ChariotRaceState, e: ev.HitRocks) -> None:
        c, _ = self._moving(s)
        if self.setup.track != "B":
            raise RuleError("CR-VAR-TRACKB", N_("Track side A has no rock piles."),
                            N_("Check the track, or undo."))
        s.news.append((N_("{chariot} crashes into the rocks"), {"chariot": c.colour}))
        self._wreck(s, c)                                                                 # CR-AMB-13

    def _cross_finish(self, s: ChariotRaceState, e: ev.CrossFinish) -> None:
        c, t = self._moving(s)
        b = self.board
        if c.finished:
            raise RuleError("CR-MOVE-8", N_("{chariot} has already finished."), N_("Undo if this is a mistake."),
                            chariot=c.colour)
        if t.crossed * b.spaces_per_lap >= c.speed:
            raise RuleError("CR-MOVE-8", N_("{chariot} cannot cross the finish line twice in one move."),
                            N_("Enter each crossing once."), chariot=c.colour)
        t.crossed += 1
        c.crossings += 1
        if c.finished:
            s.news.append((N_("{chariot} finishes the race: the lap counter goes back to the box"),
                           {"chariot": c.colour}))
        else:
            s.news.append((N_("{chariot} starts the last lap: turn the lap counter to one dolphin"),
                           {"chariot": c.colour}))

    def _end_move(self, s: ChariotRaceState, e: ev.EndMove) -> None:
        c, t = self._active(s)
        if not t.ended_on:
            c.pos += c.speed                                                              # CR-MOVE-2
        if t.count("attack"):
            s.pending = Pending("attack", c.seat, c.colour)
        else:
            self._end_turn(s)

    # ------------------------------------------------------------------ phase 6 (CR-ATTACK)

    def _target(self, s: ChariotRaceState, c: Chariot, colour: str, rule: str) -> Chariot:
        target = s.by_colour(colour)
        if target is None:
            raise RuleError(rule, N_("There is no {target} chariot in this race."),
                            N_("Choose a chariot on the track."), target=colour)
        if target is c:
            raise RuleError(rule, N_("{chariot} cannot hit itself."), N_("Choose another chariot."), chariot=c.colour)
        if target.wrecked:
            raise RuleError("CR-DESTROY-3", N_("{target} is out of the race."),
                            N_("Choose a chariot on the track."), target=colour)
        return target

    def _attack_die(self, c: Chariot, t: Turn) -> None:
        if t.attacks >= t.count("attack"):
            raise RuleError("CR-ATTACK-1", N_("{chariot} has no attack die left."),
                            N_("End the turn."), chariot=c.colour)

    def spaces_apart(self, a: Chariot, b: Chariot) -> int:
        """Spaces between two chariots on the track model: positions apart around the lap or
        lanes apart, whichever is more (CR-ATTACK-3, CR-NIS-1)."""
        lap = self.board.spaces_per_lap
        d = (a.pos - b.pos) % lap
        return max(min(d, lap - d), abs(a.lane - b.lane))

    def javelin_targets(self, s: ChariotRaceState) -> list[str]:
        """Colours the active chariot may throw a javelin at now, nearest first (CR-ATTACK-3,
        CR-VAR-NODMG). Empty outside phase 6."""
        if s.pending.kind != "attack":
            return []
        c, _ = self._active(s)
        out = [(self.spaces_apart(c, o), o.colour) for o in s.chariots
               if o is not c and not o.wrecked and not self._protected(s, o)
               and 1 <= self.spaces_apart(c, o) <= self.board.javelin_range]
        return [colour for _, colour in sorted(out)]

    def _drop_caltrop(self, s: ChariotRaceState, e: ev.DropCaltrop) -> None:
        c, t = self._active(s)
        self._attack_die(c, t)
        if s.supply <= 0:
            raise RuleError("CR-NIS-6", N_("All {n} caltrops are on the track."),
                            N_("Throw a javelin instead, or end the turn."), n=self.board.caltrops)
        if t.caltrops_dropped + 1 > c.speed - 1:
            raise RuleError("CR-ATTACK-2", N_("{chariot} passed {n} spaces this turn, each can take one caltrop."),
                            N_("Caltrops go on spaces passed, not where the move began or ended."),
                            chariot=c.colour, n=max(0, c.speed - 1))
        t.attacks += 1
        t.caltrops_dropped += 1
        s.supply -= 1
        s.on_track += 1
        s.news.append((N_("{chariot} drops a caltrop"), {"chariot": c.colour}))
        self._after_attack(s)

    def _throw_javelin(self, s: ChariotRaceState, e: ev.ThrowJavelin) -> None:
        c, t = self._active(s)
        self._attack_die(c, t)
        target = self._target(s, c, e.target, "CR-ATTACK-3")
        apart = self.spaces_apart(c, target)
        if not 1 <= apart <= self.board.javelin_range:
            raise RuleError("CR-ATTACK-3", N_("{target} is {n} spaces away; a javelin reaches {range} spaces."),
                            N_("Choose a chariot 1 or 2 spaces away."),
                            target=target.colour, n=apart, range=self.board.javelin_range)
        if self._protected(s, target):
            raise RuleError("CR-VAR-NODMG", N_("{target} has finished: in this race it cannot be attacked."),
                            N_("Choose another chariot."), target=target.colour)
        t.attacks += 1
        s.news.append((N_("{chariot} throws a javelin at {target}"), {"chariot": c.colour, "target": target.colour}))
        self._damage(s, target, self.board.javelin_damage, N_("javelin"))
        self._after_attack(s)

    def _after_attack(self, s: ChariotRaceState) -> None:
        c, t = self._active(s)
        if t.attacks >= t.count("attack"):
            self._end_turn(s)

    def _end_turn_event(self, s: ChariotRaceState, e: ev.EndTurn) -> None:
        self._end_turn(s)

    # ------------------------------------------------------------------ corrections (CR-CORR)

    def correction_value(self, c: Chariot, item: str) -> int:
        """What the books say now for ``item`` of chariot ``c`` (the value a correction changes).
        Raises ``KeyError`` for an item that is not one of :data:`CORRECTIONS`."""
        field = {"laps": "crossings"}.get(item, item)
        if item not in CORRECTIONS:
            raise KeyError(item)
        return int(getattr(c, field))

    def _correct_chariot(self, s: ChariotRaceState, e: ev.CorrectChariot) -> None:
        """CR-CORR-1: the table read a sheet or the track again and the books follow; CR-CORR-2:
        a value the sheet or the track cannot show is refused (checked by the race's invariants),
        and a wreck is not a correction (it is what happened on the track, CR-DESTROY-1)."""
        if not s.round:
            raise RuleError("CR-CORR-1", N_("The race has not started yet."),
                            N_("Finish the setup first; the sheets start as printed (CR-SETUP-3)."))
        c = s.by_colour(e.chariot)
        if c is None:
            raise RuleError("CR-CORR-1", N_("There is no {chariot} chariot in this race."),
                            N_("Choose a chariot of the race."), chariot=e.chariot)
        if c.wrecked:
            raise RuleError("CR-DESTROY-3", N_("{chariot} is out of the race."),
                            N_("Undo the move that wrecked it, if that was a mistake."), chariot=c.colour)
        if e.item not in CORRECTIONS:
            raise RuleError("CR-CORR-1", N_("{item} is not on a chariot's sheet or the track."),
                            N_("Correct the lane, position, resistance, speed, fate or laps."), item=e.item)
        old = self.correction_value(c, e.item)
        if e.value == old:
            raise RuleError("CR-CORR-1", N_("The books already say {value}."), N_("Change the value first."),
                            value=e.value)
        if e.item == "resistance" and e.value <= 0:
            raise RuleError("CR-CORR-2", N_("A correction does not wreck a chariot."),
                            N_("Enter what wrecked it on the track (a corner, a hit, a caltrop, a javelin)."))
        setattr(c, {"laps": "crossings"}.get(e.item, e.item), e.value)
        from .invariants import violations  # invariants.py builds on this module

        broken = violations(self, s)
        if broken:
            raise RuleError("CR-CORR-2", N_("The sheet or the track cannot show that: {problem}."),
                            N_("Enter what the table reads."), problem=broken[0])
        s.news.append((N_("{chariot}: {item} corrected from {old} to {new}"),
                       {"chariot": c.colour, "item": Phrase(CORRECTION_WORDS[e.item], e.item), "old": old,
                        "new": e.value}))

    # ------------------------------------------------------------------ helpers for the screens

    def corners_ahead(self, s: ChariotRaceState, chariot: str) -> list[tuple[int, int]]:
        """``(steps, limit)`` of the corner spaces the chariot would enter moving straight on at
        its current speed, according to the track model (a hint for the corner warning; the
        table enters the corners it really enters). Raises ``KeyError``."""
        c = s.by_colour(chariot)
        if c is None:
            raise KeyError(chariot)
        b = self.board
        limit = b.corner_limits[c.lane]
        return [(k, limit) for k in range(1, c.speed + 1) if (c.pos + k) % b.spaces_per_lap in b.corner_spaces]

    # ------------------------------------------------------------------ reporting

    def scores(self, s: ChariotRaceState) -> list[dict[str, Any]]:
        """Per player in seat order: ``{"name", "vp", "winner", "chariots"}``; ``vp`` is 1 for
        the player whose chariot won, else 0; ``chariots`` lists each chariot's
        ``{"colour", "resistance", "speed", "fate", "laps", "wrecked", "finished"}``."""
        winner_seat = s.chariots[s.winner].seat if s.winner is not None else None
        out = []
        for seat, name in enumerate(s.players):
            mine = [{"colour": c.colour, "resistance": c.resistance, "speed": c.speed, "fate": c.fate,
                     "laps": c.crossings, "wrecked": c.wrecked, "finished": c.finished}
                    for c in s.chariots if c.seat == seat]
            out.append({"name": name, "vp": int(seat == winner_seat), "winner": seat == winner_seat,
                        "chariots": mine})
        return out

    def state_to_json(self, s: ChariotRaceState) -> dict[str, Any]:
        data = to_jsonable(s)
        data["over"] = s.over
        return data

    # event class -> its handler, which takes an event of that class (hence ``Any``: one type per key)
    _handlers: ClassVar[dict[type[Event], Callable[[ChariotRaceRules, ChariotRaceState, Any], None]]] = {
        ev.DrawStartSpaces: _draw_start_spaces,
        ev.PickSheet: _pick_sheet,
        ev.ChooseStartSpace: _choose_start_space,
        ev.Repair: _repair,
        ev.RollDice: _roll_dice,
        ev.Reroll: _reroll,
        ev.SetDie: _set_die,
        ev.KeepDice: _keep_dice,
        ev.SetSpeed: _set_speed,
        ev.ChangeLane: _change_lane,
        ev.EnterCorner: _enter_corner,
        ev.Collide: _collide,
        ev.HitCaltrop: _hit_caltrop,
        ev.HitRocks: _hit_rocks,
        ev.CrossFinish: _cross_finish,
        ev.EndMove: _end_move,
        ev.DropCaltrop: _drop_caltrop,
        ev.ThrowJavelin: _throw_javelin,
        ev.EndTurn: _end_turn_event,
        ev.CorrectChariot: _correct_chariot,
    }


_MOVE_EVENTS = (ev.ChangeLane, ev.EnterCorner, ev.Collide, ev.HitCaltrop, ev.HitRocks, ev.CrossFinish, ev.EndMove)

_EXPECTS: dict[Decision, tuple[type[Event], ...]] = {
    "start_spaces": (ev.DrawStartSpaces,),
    "pick_sheet": (ev.PickSheet,),
    "place_chariot": (ev.ChooseStartSpace,),
    "roll": (ev.Repair, ev.RollDice),
    "dice": (ev.Reroll, ev.SetDie, ev.KeepDice),
    "speed": (ev.SetSpeed,),
    "move": _MOVE_EVENTS,
    "attack": (ev.DropCaltrop, ev.ThrowJavelin, ev.EndTurn),
}
for _kind in _EXPECTS:                                    # CR-CORR-1: at any decision before the end
    _EXPECTS[_kind] += (ev.CorrectChariot,)

_DESCRIPTIONS: dict[Decision, str] = {
    "start_spaces": N_("the draw of start spaces"),
    "pick_sheet": N_("a black sheet to be picked"),
    "place_chariot": N_("a start space to be chosen"),
    "roll": N_("repair or roll"),
    "dice": N_("rerolls, changes or keep the dice"),
    "speed": N_("the normal dice"),
    "move": N_("the move on the track"),
    "attack": N_("attacks"),
}

# Which rule a move made at the wrong moment breaks, and what to say.
_OUT_OF_TURN: dict[type, tuple[str, str]] = {
    ev.DrawStartSpaces: ("CR-SETUP-2", N_("Start spaces are drawn before the race.")),
    ev.PickSheet: ("CR-VAR-BLACK-2", N_("Black sheets are picked before the race, in turn.")),
    ev.ChooseStartSpace: ("CR-VAR-BLACK-3", N_("Start spaces are chosen before the race, in turn.")),
    ev.Repair: ("CR-REPAIR-1", N_("A repair comes before the dice are rolled.")),
    ev.RollDice: ("CR-DICE-1", N_("The dice are rolled once, at the start of phase 3.")),
    ev.Reroll: ("CR-DICE-2", N_("Rerolls come after the roll and before the dice are kept.")),
    ev.SetDie: ("CR-DICE-3", N_("Dice are turned after the roll and before they are kept.")),
    ev.KeepDice: ("CR-DICE-3", N_("There are no dice to keep now.")),
    ev.SetSpeed: ("CR-MOVE-1", N_("This turn's speed is set once, after the dice are kept.")),
    **{cls: ("CR-MOVE-2", N_("The chariot moves after its speed is set.")) for cls in _MOVE_EVENTS},
    ev.DropCaltrop: ("CR-ATTACK-1", N_("Attacks come only after the movement is finished.")),
    ev.ThrowJavelin: ("CR-ATTACK-1", N_("Javelins are thrown only after the movement is finished.")),
    ev.EndTurn: ("CR-ATTACK-1", N_("The turn ends after the attack phase.")),
}
