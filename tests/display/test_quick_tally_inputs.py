"""The Concordia quick tally in few taps (issue 13 part 2): a realistic 3-player final tally,
typed through the screen the way a table enters it, takes at most 60 inputs and tallies as
the engine tallies the same holdings; the test prints the figure (``-s`` shows it).

The holdings: Aurelia and Brutus of the worked example in docs/concordia-tally.md (read from
the document itself), and a third player of the same kind. Names stay the seats' colours:
typing names is not counting (the players' names are remembered, see the players' issue).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from display.concordia.quick import FLOW, QuickTallyScreen
from display.controller import Controller
from display.script import run_line, run_lines
from firmware_host.data import load
from firmware_host.engine.concordia.tally import quick_tally
from firmware_host.inputs import ButtonPressed

BOARD = load("concordia")
DOC = Path(__file__).resolve().parents[2] / "docs" / "concordia-tally.md"

CASSIA = {"name": "Cassia", "cards": {"vesta": 1, "jupiter": 3, "saturnus": 3, "mercurius": 2, "mars": 2},
          "specialists": ["smith"], "houses": {"brick": 3, "food": 1, "tools": 3, "wine": 1, "cloth": 2},
          "provinces": 7, "colonists": 5, "goods": {"brick": 1, "tools": 1}, "money": 12}


def doc_example() -> dict:
    """The holdings file of docs/concordia-tally.md (its first JSON block)."""
    block = re.search(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert block is not None, f"{DOC}: no JSON example"
    return json.loads(block.group(1))


def three_players() -> dict:
    data = doc_example()
    data["players"].append(CASSIA)
    return data


def count(row: dict, box: str) -> int:
    kind, _sep, what = box.partition(".")
    if kind == "cards":
        return row.get("cards", {}).get(what, 0)
    if kind == "houses":
        return row.get("houses", {}).get(what, 0)
    return row.get(box, 0)


def seat_lines(screen: QuickTallyScreen, row: dict) -> list[str]:
    """The taps that enter one player's row on a fresh seat, as a table does: each count of
    the pad's order typed in (Next only where the box waits for another digit), then each
    specialist and good tapped in (three or more of a good: tapped once and typed), then
    the Concordia card and the Praefectus Magnus."""
    lines = []
    for k, box in enumerate(FLOW):
        value = count(row, box)
        lines += [f"tap pad:{d}" for d in str(value)]
        last = k == len(FLOW) - 1
        if 0 < value and value * 10 <= screen.most(box) and not last:      # the box waits for another digit
            lines.append("tap pad:next")
    lines += [f"tap box:spec.{s}" for s in row.get("specialists", [])]
    for good, k in row.get("goods", {}).items():
        lines += [f"tap box:goods.{good}"] * k if k <= 2 else [f"tap box:goods.{good}", f"tap pad:{k}"]
    lines += ["tap toggle:concordia"] * row.get("concordia", False)
    lines += ["tap toggle:praefectus"] * row.get("praefectus_magnus", False)
    return lines


def enter(data: dict) -> tuple[Controller, list[str]]:
    """Open the quick tally from the home screen and enter ``data``'s players; every line run."""
    ctl = Controller(None)
    lines = ["tap action:concordia:quick_tally"]
    run_line(ctl, lines[0])
    screen = ctl.active
    for i, row in enumerate(data["players"]):
        seat = [] if i == 0 else [f"tap player:{i}"] if i < len(screen.players) else ["tap add"]
        run_lines(ctl, seat)
        typed = seat_lines(screen, row)
        run_lines(ctl, typed)
        lines += seat + typed
    run_line(ctl, "tap tally")
    return ctl, lines + ["tap tally"]


def test_a_three_player_quick_tally_takes_at_most_60_inputs_and_tallies_as_the_engine():
    data = three_players()
    ctl, lines = enter(data)
    screen = ctl.active
    print(f"\nConcordia quick tally, 3 players: {len(lines)} inputs (the same holdings took 149 with the "
          f"former + and - counters)")
    assert len(lines) <= 60, lines
    seats = [p["name"] for p in screen.players]
    assert seats == ["Red", "Green", "Yellow"]
    expected = json.loads(json.dumps(data))
    for row, seat in zip(expected["players"], seats):
        row["name"] = seat
        row.setdefault("vp", 0)
    assert screen.result == quick_tally(BOARD, expected)
    assert [p["total"] for p in screen.result["players"]][:2] == [131, 106]   # the document's figures
    assert ctl.message_level != "bad"


def test_the_pad_moves_on_by_itself_only_when_a_box_cannot_take_another_digit():
    """Houses of a good: at most 8 on Imperium, so a digit fills the box and the pad moves
    on; provinces: up to 12, so 1 waits for a second digit (or Next); sestertii wait for Next."""
    ctl = Controller(None)
    run_lines(ctl, ["tap action:concordia:quick_tally", "tap box:houses.wine", "tap pad:3"])
    screen = ctl.active
    assert screen.players[0]["counts"]["houses.wine"] == 3 and screen.focus == "houses.cloth"
    run_lines(ctl, ["tap pad:0", "tap pad:1"])
    assert screen.focus == "provinces" and screen.players[0]["counts"]["provinces"] == 1
    run_line(ctl, "tap pad:1")
    assert screen.players[0]["counts"]["provinces"] == 11 and screen.focus == "colonists"
    run_lines(ctl, ["tap pad:4", "tap pad:2", "tap pad:0", "tap pad:5"])
    assert screen.players[0]["counts"]["money"] == 205 and screen.focus == "money"
    run_lines(ctl, ["tap pad:del", "tap pad:next"])
    assert screen.players[0]["counts"]["money"] == 20
    assert screen.current == 1 and screen.focus == FLOW[0]          # Next after the last box: the next seat


def test_the_pad_refuses_more_than_a_box_can_hold_and_says_so():
    ctl = Controller(None)
    run_lines(ctl, ["tap action:concordia:quick_tally", "tap box:colonists", "tap pad:7"])
    assert ctl.active.players[0]["counts"]["colonists"] == 0
    assert ctl.message_level == "bad" and "at most 6" in ctl.message


def test_the_vesta_box_starts_at_the_one_vesta_card_and_cards_at_the_starting_hand():
    """Every player holds the starting Senator, Vesta's only card (C-NIS-3, C-GOD-0)."""
    ctl = Controller(None)
    run_line(ctl, "tap action:concordia:quick_tally")
    counts = ctl.active.players[0]["counts"]
    assert counts["cards.vesta"] == 1 and ctl.active.most("cards.vesta") == 1
    assert sum(counts[f"cards.{g}"] for g in ("vesta", "jupiter", "saturnus", "mercurius", "mars")) == 7


def test_a_specialist_is_held_once_at_the_table_and_goods_fit_the_storehouse():
    ctl = Controller(None)
    run_lines(ctl, ["tap action:concordia:quick_tally", "tap box:spec.mason", "tap player:1", "tap box:spec.mason"])
    players = ctl.active.players
    assert [p["counts"]["spec.mason"] for p in players] == [1, 0] and ctl.message_level == "bad"
    run_lines(ctl, ["tap player:0", "tap box:spec.mason"])              # a second tap takes it back
    assert players[0]["counts"]["spec.mason"] == 0
    run_lines(ctl, ["tap box:goods.wine", "tap pad:1", "tap pad:2", "tap box:goods.food"])
    assert players[0]["counts"]["goods.wine"] == 12 and players[0]["counts"]["goods.food"] == 0
    assert "12" in ctl.message


def test_removing_a_seat_with_counts_asks_once():
    ctl = Controller(None)
    run_lines(ctl, ["tap action:concordia:quick_tally", "tap add", "tap pad:5", "tap remove"])
    assert type(ctl.active).__name__ == "ConfirmScreen"
    run_line(ctl, "tap no")
    assert len(ctl.active.players) == 3
    run_lines(ctl, ["tap remove", "tap yes"])
    assert len(ctl.active.players) == 2 and ctl.active.current == 1
    run_lines(ctl, ["tap add", "tap remove"])                         # nothing typed: gone at once
    assert type(ctl.active).__name__ == "QuickTallyScreen" and len(ctl.active.players) == 2


@pytest.mark.parametrize("close", ["tap close", "undo"])
def test_a_stray_close_or_undo_after_the_tally_asks_before_the_counts_are_lost(close):
    ctl, _lines = enter(three_players())
    tally = ctl.active
    run_line(ctl, "tap close") if close == "tap close" else ctl.handle(ButtonPressed("undo"))
    if close == "undo":                                               # UNDO on the result: back to the counts
        assert ctl.active is tally and tally.result is None
        ctl.handle(ButtonPressed("undo"))
    assert type(ctl.active).__name__ == "ConfirmScreen" and ctl.active.question == "Discard this tally?"
    run_line(ctl, "tap no")
    assert ctl.active is tally and tally.players[2]["counts"]["money"] == 12
