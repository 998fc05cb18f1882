"""The type scale at the table (issue 13, part 1): every text drawn on every screen of the three
games' scripted tours (``table-companion screenshot``), in every language, is measured.

- Nothing is drawn below :data:`display.theme.FLOOR` (14 px), as shown: after shrinking to fit.
- What a player reads during play is at least :data:`display.theme.PLAY_FLOOR` (18 px): every
  text but those drawn in a small role (``role="caption"``/``"detail"``, or a size given as
  that role: :data:`display.theme.SMALL_ROLES`).
- Every text has a contrast of at least :data:`display.theme.MIN_CONTRAST` (4.5:1, WCAG AA)
  against the colour behind it (the commonest colour under its rectangle just before it was
  drawn, :attr:`display.text.Drawn.background`), greyed texts included.

Run for one game: ``.venv/bin/python -m pytest tests/display/test_type_scale.py -k trajan``;
the figures and every offender of a game and language:
``.venv/bin/python tests/display/test_type_scale.py trajan [en|hu|fa|zh_TW]``.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pygame
import pytest

from display import screenshots, text, theme
from display.games import display_for
from firmware_host import i18n
from firmware_host.games import GAMES


@dataclass(frozen=True)
class Seen:
    """A text as one screen of the tour drew it: ``shot`` (the PNG's name), ``screen`` (the
    module and class of the screen on top) and the recorded draw."""

    shot: str
    screen: str
    drawn: text.Drawn


def tour(game: str, lang: str, out: Path) -> list[Seen]:
    """Every text the scripted tour of ``game`` draws in ``lang``, screen by screen."""
    seen: list[Seen] = []
    real_call = screenshots.Shooter.__call__

    def call(self, ctl, name=None):
        key = name or self.key(ctl)
        if key in self.seen:
            return
        with text.recording() as drawn:
            real_call(self, ctl, name)
        active = type(ctl.active)
        screen = f"{active.__module__}.{active.__qualname__}"
        seen.extend(Seen(self.written[-1].name, screen, d) for d in drawn if d.text.strip())

    mp = pytest.MonkeyPatch()
    try:
        mp.setattr(screenshots.Shooter, "__call__", call)
        mp.setattr(pygame.image, "save", lambda *a, **k: None)        # the pictures are not needed
        if os.path.isdir("/dev/shm"):       # the scripted games' journals: no fsync on a disk
            mp.setattr(tempfile, "tempdir", "/dev/shm")
        i18n.set_language(lang)
        text.clear_cache()
        display_for(game).screenshots(out)
    finally:
        mp.undo()
        i18n.set_language("en")
        text.clear_cache()
    return seen


def generic_tour(lang: str, out: Path) -> list[Seen]:
    """The screens no game's tour shows: the menu without a game, the tag screens (list,
    enrolment, an unknown tag and its values, the simulator's reader) and a question, each
    drawn once in ``lang``."""
    from display.controller import Controller
    from display.script import run_line
    from display.tags import UnknownTagScreen
    from display.ui import ConfirmScreen
    from firmware_host.tags import TagRegistry

    class Nfc:
        def tap(self, uid: str) -> None:
            """The simulator's reader (the menu offers touching a tag only with one)."""

    class Hardware:
        nfc = Nfc()

    seen: list[Seen] = []
    surface = pygame.display.get_surface() or pygame.display.set_mode((800, 480))
    i18n.set_language(lang)
    text.clear_cache()
    try:
        ctl = Controller(None, tags=TagRegistry(out / "tags.db"), hardware=Hardware())

        def shoot(name: str) -> None:
            with text.recording() as drawn:
                ctl.draw(surface)
            active = type(ctl.active)
            seen.extend(Seen(name, f"{active.__module__}.{active.__qualname__}", d) for d in drawn if d.text.strip())

        ctl.open_menu()
        shoot("menu")
        run_line(ctl, "tap tags")
        shoot("tags")
        run_line(ctl, f"tap {next(b.id for b in ctl.active.widgets() if b.id.startswith('kind:'))}")
        shoot("enrol")
        ctl.pop()
        ctl.pop()
        run_line(ctl, "tap tap")
        shoot("tap-tag")
        ctl.pop()
        ctl.push(UnknownTagScreen(ctl, "04a1b2c3d4e5f6"))
        shoot("unknown-tag")
        run_line(ctl, f"tap {next(b.id for b in ctl.active.widgets() if b.id.startswith('kind:'))}")
        shoot("unknown-tag-values")
        ctl.pop()
        ctl.push(ConfirmScreen(ctl, i18n._("Discard this new game?"), lambda: None))
        shoot("confirm")
    finally:
        i18n.set_language("en")
        text.clear_cache()
    return seen


def problems(d: text.Drawn) -> Iterator[str]:
    """What is wrong with one drawn text (nothing: it is readable at the table)."""
    if d.shown_size < theme.FLOOR:
        yield f"{d.shown_size} px < {theme.FLOOR}"
    elif d.role not in theme.SMALL_ROLES and d.shown_size < theme.PLAY_FLOOR:
        yield f"{d.shown_size} px < {theme.PLAY_FLOOR} ({d.role})"
    if d.contrast is not None and d.contrast < theme.MIN_CONTRAST:
        yield f"contrast {d.contrast:.2f}:1 ({d.colour} on {d.background})"


def offenders(seen: list[Seen]) -> list[str]:
    """One line per offending text (the first screen it is seen on): where it is drawn from
    (the caller, then the screen), the problem and the text; sorted by caller."""
    out: dict[tuple[str, str, str], str] = {}
    for s in seen:
        for problem in problems(s.drawn):
            key = (s.drawn.caller, problem, s.drawn.text)
            out.setdefault(key, f"{s.drawn.caller}\t{problem}\t{s.shot}\t{s.screen}\t{s.drawn.text!r}")
    return [out[k] for k in sorted(out)]


def figures(seen: list[Seen]) -> dict[str, float]:
    """The tour's figures: characters drawn, the share below 16 px and at 20 px or more, the
    smallest size shown, the worst contrast, and how many texts had no known background."""
    chars = [(len(s.drawn.shown), s.drawn.shown_size) for s in seen]
    total = sum(n for n, _size in chars) or 1
    known = [s.drawn.contrast for s in seen if s.drawn.contrast is not None]
    return {
        "characters": total,
        "below_16px": sum(n for n, size in chars if size < 16) / total,
        "at_least_20px": sum(n for n, size in chars if size >= 20) / total,
        "smallest_px": min((size for _n, size in chars), default=0),
        "worst_contrast": min(known, default=21.0),
        "no_background": len(seen) - len(known),
    }


def summary(game: str, lang: str, seen: list[Seen]) -> str:
    f = figures(seen)
    return (f"{game} {lang}: {len({s.shot for s in seen})} screens, {f['characters']:.0f} characters, "
            f"{f['below_16px']:.1%} below 16 px, {f['at_least_20px']:.1%} at 20 px or more, smallest "
            f"{f['smallest_px']:.0f} px, worst contrast {f['worst_contrast']:.2f}:1 "
            f"({f['no_background']:.0f} texts on a transparent picture, not measured)")


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
@pytest.mark.parametrize("game", [*GAMES, "screens"])
def test_every_text_of_every_screen_is_big_enough_and_stands_out(surface, tmp_path, game, lang):
    """``screens``: the generic screens no game's tour shows (:func:`generic_tour`)."""
    seen = tour(game, lang, tmp_path) if game != "screens" else generic_tour(lang, tmp_path)
    assert len({s.shot for s in seen}) >= (7 if game == "screens" else 10), "the tour shows the screens"
    found = offenders(seen)
    assert found == [], (summary(game, lang, seen) + f"\n{len(found)} texts below the type scale "
                         "(caller, problem, first screen, screen class, text):\n" + "\n".join(found))


def test_the_measurement_sees_small_text_and_low_contrast(surface):
    """The checks fail where they should: a 12-px text, a 16-px text read during play, and dim
    grey on a dark panel; a 14-px caption in light grey passes."""
    surface.fill(theme.PANEL)
    with text.recording() as drawn:
        text.draw(surface, "tiny", (10, 10), 12)
        text.draw(surface, "small body", (10, 40), 16)
        text.draw(surface, "greyed", (10, 80), 18, (95, 100, 112))
        text.draw(surface, "T-ROUND-2", (10, 120), "caption", theme.TEXT)
        text.draw(surface, "shrunk", (10, 160), 18, theme.TEXT, max_width=30)
    found = [list(problems(d)) for d in drawn]
    assert drawn[0].background == theme.PANEL and drawn[3].role == "caption"
    assert found[0] == ["12 px < 14"]
    assert found[1] == ["16 px < 18 (body)"]
    assert len(found[2]) == 1 and found[2][0].startswith("contrast 2.")
    assert found[3] == []
    assert drawn[4].shown_size < 18 and found[4]
    assert drawn[0].caller.endswith(":test_the_measurement_sees_small_text_and_low_contrast")


def test_the_contrast_formula_is_wcag():
    assert theme.contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert theme.contrast((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)
    assert theme.contrast(theme.TEXT, theme.TEXT) == 1.0


if __name__ == "__main__":      # the figures and offenders of one game (and language)
    names = [*GAMES, "screens"]
    if len(sys.argv) < 2 or sys.argv[1] not in names or (len(sys.argv) > 2 and sys.argv[2] not in i18n.LANGUAGES):
        sys.exit(f"usage: {sys.argv[0]} {{{'|'.join(names)}}} [{'|'.join(i18n.LANGUAGES)}]")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    pygame.display.set_mode((800, 480))
    for language in sys.argv[2:3] or list(i18n.LANGUAGES):
        with tempfile.TemporaryDirectory() as tmp:
            shown = (tour(sys.argv[1], language, Path(tmp)) if sys.argv[1] != "screens"
                     else generic_tour(language, Path(tmp)))
        print("\n".join(offenders(shown)))
        print(summary(sys.argv[1], language, shown))
