"""What must hold in every Chariot Race state: values within their tracks, caltrops
conserved, wrecked chariots out of play (for the property tests, the soak and
``table-companion simulate``)."""

from __future__ import annotations

from ..core import N_, Phrase
from .rules import ChariotRaceRules
from .state import LAPS, ChariotRaceState


def violations(rules: ChariotRaceRules, s: ChariotRaceState) -> list[str]:
    """Every broken invariant, as readable sentences (empty = all hold). Those a correction
    can cause are :class:`~firmware_host.engine.core.Phrase`: the correction's refusal shows
    them to players, translated."""
    b = rules.board
    out: list[str] = []
    for c in s.chariots:
        if not 0 <= c.resistance <= b.max_resistance:                  # CR-SHEET-4
            out.append(Phrase(N_("{colour}: resistance {n}"), colour=c.colour, n=c.resistance))
        if not b.min_speed <= c.speed <= b.max_speed:
            out.append(Phrase(N_("{colour}: speed {n}"), colour=c.colour, n=c.speed))
        if not 0 <= c.fate <= b.max_fate:
            out.append(Phrase(N_("{colour}: fate {n}"), colour=c.colour, n=c.fate))
        if c.wrecked != (c.resistance == 0):                           # CR-DESTROY-1
            out.append(f"{c.colour}: wrecked={c.wrecked} at resistance {c.resistance}")
        if not 0 <= c.crossings <= LAPS:
            out.append(Phrase(N_("{colour}: {n} finish-line crossings"), colour=c.colour, n=c.crossings))
        if not 0 <= c.lane < len(b.lanes):
            out.append(Phrase(N_("{colour}: lane {n}"), colour=c.colour, n=c.lane))
    if s.supply < 0 or s.on_track < 0 or s.supply + s.on_track != b.caltrops:
        out.append(Phrase(N_("caltrops: {supply} in supply + {track} on the track != {n}"), supply=s.supply,
                          track=s.on_track, n=b.caltrops))
    if len(set(s.played)) != len(s.played):
        out.append(f"a chariot played twice in round {s.round}: {s.played}")
    active = s.active()
    if active is not None and active.wrecked:
        out.append(f"wrecked {active.colour} is taking a turn")
    if s.pending.chariot and s.pending.kind != "place_chariot":
        deciding = s.by_colour(s.pending.chariot)
        if deciding is None or deciding.wrecked:
            out.append(f"the pending decision belongs to {s.pending.chariot}, which is not in the race")
    if s.over and s.winner is not None:
        w = s.chariots[s.winner]
        if w.wrecked or not w.finished:
            out.append(f"winner {w.colour} is wrecked or has not finished")
    return out


def game_over_violations(rules: ChariotRaceRules, s: ChariotRaceState) -> list[str]:
    """What must hold once the race is over: a winner exactly when a chariot still in the race
    has finished, and then the finisher furthest ahead (CR-END-1, -3, -5)."""
    out: list[str] = []
    if not s.over:
        return ["the race is not over"]
    finished = [i for i, c in enumerate(s.chariots) if c.finished and not c.wrecked]
    if not finished:
        if s.winner is not None:
            out.append("a winner without a finisher in the race")
        if any(not c.wrecked for c in s.chariots):
            out.append("the race ended with chariots racing and nobody finished")
    elif s.winner != [i for i in rules.race_order(s) if i in finished][0]:
        out.append(f"winner {s.winner} is not the finisher furthest ahead")
    return out
