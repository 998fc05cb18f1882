"""Every text a player reads comes from the catalog (issue 12, part 2).

The scripted games of ``table-companion screenshot`` (all three games, every screen and picker)
are played in the pseudo-locale (:func:`firmware_host.i18n.pseudo`): each literal piece of each
catalog text comes back between ``⟦`` and ``⟧``, its ``{fields}`` left outside. A drawn text
passes when every letter in it is inside the markers, or is part of a name the players typed
(the setups' player names). Digits, punctuation, symbols and icons drawn as text pass: they read
the same in every language. Kept as they are on purpose: each language's name in itself (the
chooser), a key of the on-screen keyboard, a rule ID drawn apart from its sentence, what the
components print the same in every edition (city-token letters, deck numerals) and a tag's UID.
The catalog is extracted from the code with xgettext as ``scripts/extract-messages.sh`` does.
A field filled with an untranslated id (``"germania_superior"``), a text built from English
words in the code, or a unit such as ``"VP"`` written beside a number fails, naming the screen
it was seen on.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path
from typing import Any

import polib
import pygame
import pytest

from display import screenshots, text, ui
from firmware_host import i18n
from firmware_host.engine.core import RuleError
from firmware_host.games import GAMES

OPEN, CLOSE = "⟦", "⟧"
MESSAGE_LINE = "(message line, later)"      # the shots of the message line between screens

#: drawn texts that are not the catalog's on purpose: each language's name in itself (the
#: language chooser shows it so that a reader of that language finds it in any language)
NOT_CATALOG = {language.name for language in i18n.LANGUAGES.values()}


def outside(drawn: str) -> str:
    """The characters of ``drawn`` outside the markers. A line of a wrapped text may begin
    inside a piece opened on the line before (it then has more closing than opening markers
    before its first opening one) and end inside one: both count as inside."""
    depth = lowest = 0
    for ch in drawn:
        depth += (ch == OPEN) - (ch == CLOSE)
        lowest = min(lowest, depth)
    depth, out = -lowest, []
    for ch in drawn:
        if ch == OPEN:
            depth += 1
            out.append(" ")                 # a piece of the catalog parts what is around it
        elif ch == CLOSE:
            depth -= 1
        elif depth == 0:
            out.append(ch)
    return "".join(out)


#: what is printed on the components the same in every edition, so it is drawn as printed:
#: Concordia's city-token letters (A-D) and deck numerals (I-V), Trajan's bowl numerals; and a
#: tag's UID (hex, as the tag reports it)
PRINTED = re.compile(r"(?<![\w])(?:[A-D]|[IVX]{1,4}|[0-9a-f]{8,20})(?![\w])")


#: a rule ID drawn apart from its sentence, small (the message line, a screen's corner): an
#: identifier of shared/rules/*.md, the same in every language. Inside a sentence it leaks.
RULE_ID = re.compile(r"(?:T|C|CR)-[A-Z0-9]+(?:-[A-Z0-9]+)*")


def leak(drawn: str, names: set[str]) -> str:
    """The letters of ``drawn`` that did not come from the catalog (``""`` if none): player
    names, :data:`NOT_CATALOG` texts, a :data:`RULE_ID` drawn alone and :data:`PRINTED`
    labels removed first, then everything but letters."""
    if drawn in NOT_CATALOG or RULE_ID.fullmatch(drawn):
        return ""
    rest = outside(drawn)
    for name in sorted(names, key=len, reverse=True):
        rest = rest.replace(name, " ")
    rest = PRINTED.sub(" ", rest)
    return "".join(ch if unicodedata.category(ch).startswith("L") else " " for ch in rest).strip()


def player_names(setup: Any) -> set[str]:
    """The names typed by the players in a game's setup: each seat's name (a seat is a name,
    or a ``(colour, name)`` pair)."""
    out = set()
    for seat in getattr(setup, "players", ()):
        name = seat[-1] if isinstance(seat, (tuple, list)) else seat
        if isinstance(name, str):
            out.add(name)
    return out


#: the catalog's keywords, as ``scripts/extract-messages.sh`` gives them to xgettext
KEYWORDS = ("_", "N_", "ngettext:1,2", "pgettext:1c,2", "NC_:1c,2")
ROOT = Path(__file__).resolve().parents[2]


def catalog(tmp: Path) -> set[tuple[str | None, str]]:
    """The texts the code marks for the catalog now, ``(msgctxt, msgid)``, extracted as
    ``scripts/extract-messages.sh`` does (the kept template may be older than the code)."""
    files = sorted(str(f.relative_to(ROOT)) for folder in ("firmware_host", "display")
                   for f in (ROOT / folder).rglob("*.py"))
    pot = tmp / "pseudo.pot"
    subprocess.run(["xgettext", "--language=Python", "--from-code=UTF-8", *(f"--keyword={k}" for k in KEYWORDS),
                    f"--output={pot}", *files], cwd=ROOT, check=True)
    return {(e.msgctxt, e.msgid) for e in polib.pofile(str(pot)) if e.msgid}


def play(out: Path) -> tuple[dict[str, list[str]], set[str], list[tuple[RuleError, str]], set]:
    """Every screen of every game in the pseudo-locale: ``({shot: [texts drawn]}, names,
    refusals, catalog)``. Besides each screen the first time it appears, the message line is drawn
    before every input of the scripted games (the news of each move, each notice) and kept as
    ``<screen> (message line, later)``; ``refusals`` are the engine's refusals met on the way
    (the screens ask the engine about every option they show), one of each message and
    params, with the game it was met in."""
    known = catalog(out)
    shots: dict[str, list[str]] = {}
    names: set[str] = set()
    refusals: dict[tuple, tuple[RuleError, str]] = {}
    real_call = screenshots.Shooter.__call__
    real_init = RuleError.__init__
    scratch = pygame.Surface((800, 480))

    def init(self, rule, message, fix="", **params):
        real_init(self, rule, message, fix, **params)
        # the game is the engine package that raised it: firmware_host.engine.<game>.rules
        module = sys._getframe(1).f_globals.get("__name__", "").split(".")
        game = module[2] if module[:2] == ["firmware_host", "engine"] and len(module) > 2 else ""
        refusals.setdefault((rule, message, fix, repr(sorted(params.items()))), (self, game))

    real_wrap = text.wrap
    source: dict[str, str] = {}         # a line of a wrapped text -> the whole text

    def wrap(s, *args, **kwargs):
        lines = real_wrap(s, *args, **kwargs)
        if len(lines) > 1:
            source.update((line, s) for line in lines)
        return lines

    def call(self, ctl, name=None):
        if ctl.session is not None:
            names.update(player_names(ctl.session.setup))
        if self.written:
            source.clear()
            with text.recording() as drawn:
                ctl._message_bar(scratch)
            shots.setdefault(f"{self.written[-1].name} {MESSAGE_LINE}", []).extend(
                source.get(d.text, d.text) for d in drawn)
        key = name or self.key(ctl)
        if key in self.seen:
            return
        source.clear()
        with text.recording() as drawn:
            real_call(self, ctl, name)
        shots[self.written[-1].name] = [source.get(d.text, d.text) for d in drawn]

    mp = pytest.MonkeyPatch()
    try:
        mp.setattr(screenshots.Shooter, "__call__", call)
        mp.setattr(text, "wrap", wrap)
        mp.setattr(RuleError, "__init__", init)
        mp.setattr(pygame.image, "save", lambda *a, **k: None)        # the pictures are not needed
        if os.path.isdir("/dev/shm"):       # the scripted games' journals: no fsync on a disk
            mp.setattr(tempfile, "tempdir", "/dev/shm")
        with i18n.pseudo(OPEN, CLOSE, known):
            screenshots.render_all(out)
    finally:
        mp.undo()
        i18n.set_language("en")
        text.clear_cache()
    return shots, names, list(refusals.values()), known


def test_the_checker_tells_catalog_text_from_the_rest():
    names = {"Ann"}
    assert leak("⟦Move ⟧Ann⟦ to ⟧⟦Roma⟧ · 12 → 3", names) == ""
    assert leak("⟦Move ⟧Bob", names) == "Bob"
    assert leak("⟦Province ⟧germania_superior", names) == "germania superior"
    assert leak("12 VP", names) == "VP"
    assert leak("⟦deck ⟧II⟦ on top⟧ · ⟦tag ⟧04a1b2c3", names) == ""   # printed labels, a UID
    assert leak("2W", names) == "W"
    assert leak("CR-VAR-BLACK-4", names) == ""                    # a rule ID drawn apart
    assert leak("⟦Choose (⟧CR-VAR-BLACK-4⟦)⟧", names) != ""       # but not in a sentence
    assert leak("to Roma⟧ +2", names) == ""              # a wrapped text's second line
    assert leak("⟦Take ⟧3⟦ cards from", names) == ""     # and its first
    with i18n.pseudo():
        assert i18n._("{n} VP on {what}").format(n=3, what="roma") == "3⟦ VP on ⟧roma"
        assert i18n.ngettext("{n} card", "{n} cards", 2).format(n=2) == "2⟦ cards⟧"
        assert i18n._("{{literal}}") == "⟦{{⟧⟦literal}}⟧"
        assert i18n._("") == ""
    assert i18n._("Undo") == "Undo"                       # the language before is back


@pytest.fixture(scope="module")
def played(surface, tmp_path_factory):
    return play(tmp_path_factory.mktemp("pseudo"))


def test_every_drawn_text_of_every_screen_comes_from_the_catalog(played):
    shots, names, _refusals, _known = played
    names |= set(screenshots.EVENING)   # the players of the evening's games typed these
    screens = [shot for shot in shots if not shot.endswith(MESSAGE_LINE)]
    assert len(screens) > 90 and len(names) >= 4
    assert sum(len(shots[shot]) for shot in screens) > 3000
    assert sum(len(texts) for shot, texts in shots.items() if shot.endswith(MESSAGE_LINE)) > 1000
    leaks: dict[str, str] = {}
    for shot, texts in shots.items():
        for t in texts:
            if "keyboard" in shot and len(t) <= 2:
                continue        # a key of the on-screen keyboard: a letter to type, a layout ("HU", "注音")
            if leak(t, names) or t.count(OPEN) != t.count(CLOSE):
                leaks.setdefault(t, shot)       # unpaired markers: a piece of a catalog text
    assert leaks == {}, f"{len(leaks)} drawn texts not from the catalog:\n" + "\n".join(
        f"{shot}: {t!r}" for t, shot in sorted(leaks.items(), key=lambda kv: kv[1]))


def test_every_refusal_met_in_the_games_reads_from_the_catalog(played):
    """Each refusal as the screens show it (:func:`display.ui.refusal`): the sentence from the
    catalog, its params translated, and the rule ID apart, not in front of it."""
    _shots, names, refusals, known = played
    assert len(refusals) > 300
    assert {game for _exc, game in refusals} == set(GAMES)
    leaks = {}
    with i18n.pseudo(OPEN, CLOSE, known):
        for exc, game in refusals:
            shown = ui.refusal(exc, game)
            assert shown.rule == exc.rule and exc.rule not in shown
            if leak(shown, names):
                leaks.setdefault(shown, exc.rule)
    assert leaks == {}, f"{len(leaks)} refusals not from the catalog:\n" + "\n".join(
        f"{rule}: {t!r}" for t, rule in sorted(leaks.items(), key=lambda kv: kv[1]))


def test_no_marker_outside_a_text_is_lost():
    """The markers pair up in a whole catalog text: a field's text never opens a piece."""
    with i18n.pseudo():
        for msg in ("Senate", "{a} and {b}", "{n:g} VP", "a {{b}} c {d}"):
            wrapped = i18n._(msg)
            assert wrapped.count(OPEN) == wrapped.count(CLOSE)
            assert re.sub("[⟦⟧]", "", wrapped) == msg


def test_a_storage_faults_reason_reads_from_the_catalog(tmp_path):
    """The reason a store cannot be used ("{path} is a folder, not a file") is translated as
    a template and then filled, not filled in English first (journal, tags, backups)."""
    from display.controller import told
    from firmware_host.journal import unavailable

    exc = unavailable(tmp_path)                 # a folder where the journal file should be
    assert exc.kind == "directory"
    with i18n.pseudo():
        said = told(exc.notice)
    assert str(tmp_path) in said and leak(said, {str(tmp_path)}) == "", said
