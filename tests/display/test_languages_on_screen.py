"""Every screen in every language (issue 12, parts 2 and 4): the scripted games of
``table-companion screenshot`` are played in each language and every text drawn is checked.

- No glyph is missing: each character of each run is in the cmap of the font that run is drawn
  with (read by fontTools, not by the code under test), so no .notdef box is drawn.
- Nothing is cut with an ellipsis, drawn off the screen, wrapped into lines wider than asked, or
  drawn under a button. The offenders the game screens still have are listed in
  ``text_offenders.txt`` beside this file (language, screen, what, text); a new one fails the
  test, and a fixed one is reported as listed in vain so that its line can go.
"""

from __future__ import annotations

import functools
import inspect
import os
import tempfile
import time
import unicodedata
import warnings
from pathlib import Path

import pygame
import pytest
from fontTools.ttLib import TTFont

from display import screenshots, text, ui
from firmware_host import i18n

OFFENDERS = Path(__file__).with_name("text_offenders.txt")
BUDGET_S = 45           # one language's screens, with the checks


@functools.cache
def cmap(face: text.Face) -> frozenset[int]:
    font = TTFont(face.path, fontNumber=face.index, lazy=True)
    return frozenset(font.getBestCmap())


def missing_glyphs(shown: str, bold: bool) -> list[str]:
    out = []
    for piece in text.pieces(text.localize_digits(shown), bold):
        for ch in piece.text:
            if unicodedata.category(ch) in ("Cf", "Cc"):
                continue            # zero-width format characters (ZWNJ): never drawn as a glyph
            if piece.face is None or ord(ch) not in cmap(piece.face):
                out.append(f"{ch!r} (U+{ord(ch):04X}) in {piece.face.family if piece.face else 'no font'}")
    return out


def listed() -> dict[tuple[str, str, str], str]:
    """The offenders of the file: ``(language, what, text)`` -> the screen it was seen on."""
    out = {}
    for line in OFFENDERS.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            lang, kind, shot, what = line.split("\t", 3)
            out[(lang, kind, what.replace("\\n", "\n"))] = shot
    return out


def line_of(key: tuple[str, str, str], shot: str) -> str:
    lang, kind, what = key
    return "\t".join((lang, kind, shot, what.replace("\n", "\\n")))


def play(lang: str, out: Path) -> dict[str, list]:
    """Render every screen in ``lang``; returns what each screen drew: ``{shot: [records]}``,
    a record being a :class:`text.Drawn` with ``in_button`` and the screen's framed widgets, or a
    ``("wrap", line, width, max_px)`` of a line wrapped wider than asked."""
    shots: dict[str, list] = {}
    state = {"in_button": 0, "records": None}
    real_button_draw = ui.Button.draw
    real_wrap = text.wrap
    real_call = screenshots.Shooter.__call__

    def button_draw(self, surface):
        state["in_button"] += 1
        try:
            real_button_draw(self, surface)
        finally:
            state["in_button"] -= 1

    def wrap(s, size, max_px, bold=False, hyphenate=True, lang=""):
        lines = real_wrap(s, size, max_px, bold, hyphenate, lang)
        caller = inspect.currentframe().f_back.f_globals.get("__name__", "")
        if state["records"] is not None and caller not in ("display.text", "display.ui"):
            for line in lines:
                width = text.measure(line, size, bold, lang)
                if width > max_px:
                    state["records"].append(("wrap", line, width, max_px))
        return lines

    def call(self, ctl, name=None):
        key = name or self.key(ctl)
        if key in self.seen:
            return
        records: list = []
        state["records"] = records
        with text.recording() as drawn:
            real_call(self, ctl, name)
        state["records"] = None
        widgets = [b.layout or b.rect for b in ctl.active.widgets() if b.frame or b.icon is not None]
        shots[self.written[-1].name] = records + [(d, widgets) for d in drawn]

    def draw(surface, s, pos, *args, **kwargs):
        rect = real_draw(surface, s, pos, *args, **kwargs)
        if text.drawn is not None and text.drawn:
            object.__setattr__(text.drawn[-1], "in_button", state["in_button"] > 0)
        return rect

    real_draw = text.draw
    mp = pytest.MonkeyPatch()
    try:
        mp.setattr(ui.Button, "draw", button_draw)
        mp.setattr(text, "wrap", wrap)
        mp.setattr(text, "draw", draw)
        mp.setattr(screenshots.Shooter, "__call__", call)
        mp.setattr(pygame.image, "save", lambda *a, **k: None)        # the pictures are not needed
        if os.path.isdir("/dev/shm"):       # the scripted games' journals: no fsync on a disk
            mp.setattr(tempfile, "tempdir", "/dev/shm")
        screenshots.render_all(out, lang)
    finally:
        mp.undo()
    return shots


def offenders(lang: str, shots: dict[str, list]) -> dict[tuple[str, str, str], str]:
    """``(language, what, text)`` -> the first screen it happens on."""
    found: dict[tuple[str, str, str], str] = {}
    for shot, records in shots.items():
        for record in records:
            if record[0] == "wrap":
                found.setdefault((lang, "wrapped too wide", record[1]), shot)
                continue
            d, widgets = record
            if d.shown != d.text and d.text.strip():
                found.setdefault((lang, "cut", d.text), shot)
            if d.rect.left < 0 or d.rect.right > 800:
                found.setdefault((lang, "off screen", d.text), shot)
            if not getattr(d, "in_button", False) and d.text.strip():
                # a button is drawn over the screen's texts: one covering a third of a line hides it
                for w in widgets:
                    overlap = d.rect.clip(w)
                    if overlap.height * 3 > d.rect.height and overlap.width >= min(d.rect.width, 8):
                        found.setdefault((lang, "under a button", d.text), shot)
                        break
    return found


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_every_screen_in_every_language_has_its_glyphs_and_fits(surface, tmp_path, lang):
    start = time.monotonic()
    try:
        shots = play(lang, tmp_path)
    finally:
        i18n.set_language("en")
        text.clear_cache()
    i18n.set_language(lang)
    try:
        boxes = sorted({f"{shot}: {problem} in {r[0].shown!r}" for shot, records in shots.items()
                        for r in records if r[0] != "wrap" for problem in missing_glyphs(r[0].shown, r[0].bold)})
    finally:
        i18n.set_language("en")
    assert len(shots) > 90
    assert boxes == []
    found = offenders(lang, shots)
    known = {key: shot for key, shot in listed().items() if key[0] == lang}
    new = sorted(line_of(key, shot) for key, shot in found.items() if key not in known)
    assert new == [], "texts that do not fit (add the line to text_offenders.txt only for a screen " \
        "another change will fix):\n" + "\n".join(new)
    gone = sorted(line_of(key, shot) for key, shot in known.items() if key not in found)
    if gone:
        warnings.warn("fixed, remove from text_offenders.txt:\n" + "\n".join(gone), stacklevel=1)
    assert time.monotonic() - start < BUDGET_S


def test_the_offenders_file_is_well_formed():
    """The list is the game screens' owners' to-do: one offender a line, tab-separated."""
    for (lang, kind, what), shot in listed().items():
        assert lang in i18n.LANGUAGES and shot.endswith(".png") and kind in (
            "cut", "off screen", "wrapped too wide", "under a button") and what, (lang, kind, shot, what)
