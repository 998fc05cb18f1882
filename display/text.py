"""Text on screen: fonts for the current language, shaped by HarfBuzz, rendered once and cached.

Rendering text is the most expensive part of a frame, so each (text, size, colour, bold)
surface is kept in a small LRU cache; a redraw of an unchanged screen renders no glyphs.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import cache, lru_cache

import pygame

from firmware_host import i18n

_CACHE_SIZE = 1024
_surfaces: OrderedDict[tuple, pygame.Surface] = OrderedDict()

# Caps on what fitting measures, whatever a message holds (a 6,128-character report once took
# 25 s to fit, a 10,000-character tag UID hung the screen). One line: at 12 px, the smallest
# size :func:`fit` shrinks to, no printable ASCII glyph is narrower than 2 px (pygame's own
# font; 3 px in DejaVu Sans; tests/display/test_text.py checks), so 512 characters are at least
# 1,024 px, wider than the 800-px screen: a longer text never fits a line, and its cut point
# lies within its first 512 characters anyway.
MAX_CHARS = 512
# A wrapped text: more than a whole screen of 14-px text (the smallest size wrapped), ~28 lines
# of ~115 characters; the longest message in the catalog has 135.
MAX_WRAP_CHARS = 4096
# Prefix widths are not quite monotonic (kerning; an Arabic letter followed by another takes a
# narrower form than a final one): past the cut point the binary search found, a cut tries up to
# this many longer prefixes, while the last one tried is less than an em too wide.
_CUT_SLACK = 8


@cache
def _font_path(families: tuple[str, ...], bold: bool) -> str | None:
    for family in families:
        path = pygame.font.match_font(family, bold=bold)
        if path:
            return path
    return None


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False, lang: str = "", rtl: bool = False) -> pygame.font.Font:
    """The font of the current language at ``size`` px (pygame's own font if none is installed);
    ``rtl`` shapes right to left in the language's script (for its right-to-left runs)."""
    language = i18n.LANGUAGES.get(lang) or i18n.language()
    f = pygame.font.Font(_font_path(language.fonts, bold), size)
    if bold and _font_path(language.fonts, True) is None:
        f.bold = True
    if rtl:
        f.set_direction(pygame.DIRECTION_RTL)
        f.set_script(language.script)
    return f


def _strength(ch: str) -> str:
    """Bidi class, simplified: ``R`` right-to-left letter, ``L`` other letter or digit, ``N`` neutral."""
    if "\u0590" <= ch <= "\u08ff" or "\ufb1d" <= ch <= "\ufdff" or "\ufe70" <= ch <= "\ufeff":
        return "R"
    return "L" if ch.isalnum() else "N"


def runs(text: str) -> list[tuple[str, bool]]:
    """``text`` as ``(run, right_to_left)`` in logical order: a simple bidi, enough for UI
    strings where Latin names and numbers sit inside Persian sentences. Neutrals (spaces,
    punctuation) take the direction of their neighbours when both agree, else that of the
    paragraph (right to left as soon as it has a right-to-left letter)."""
    kinds = [_strength(ch) for ch in text]
    paragraph = "R" if "R" in kinds else "L"
    # the nearest strong kind on each side of every position (the paragraph's past the ends)
    before: list[str] = []
    last = paragraph
    for k in kinds:
        before.append(last)
        if k != "N":
            last = k
    after: list[str] = [paragraph] * len(kinds)
    last = paragraph
    for i in range(len(kinds) - 1, -1, -1):
        after[i] = last
        if kinds[i] != "N":
            last = kinds[i]
    rtl = [(k if k != "N" else before[i] if before[i] == after[i] else paragraph) == "R"
           for i, k in enumerate(kinds)]
    out: list[tuple[str, bool]] = []
    start = 0
    for i in range(1, len(text) + 1):
        if i == len(text) or rtl[i] != rtl[start]:
            out.append((text[start:i], rtl[start]))
            start = i
    return out


def _run_font(size: int, bold: bool, lang: str, rtl: bool) -> pygame.font.Font:
    """Right-to-left runs in the language's own font; the Latin runs inside them in the
    English font, which has the Latin glyphs an Arabic-script font may lack."""
    if not rtl and i18n.LANGUAGES.get(lang, i18n.language()).rtl:
        lang = "en"
    return font(size, bold, lang, rtl)


def clear_cache() -> None:
    """Forget fonts and rendered text (after a language change)."""
    _surfaces.clear()
    _measure.cache_clear()
    font.cache_clear()


def render(text: str, size: int, colour: tuple[int, int, int], bold: bool = False, lang: str = "") -> pygame.Surface:
    """``text`` rendered in the current language (or ``lang``, e.g. a language's own name)."""
    lang = lang or i18n.language().code
    key = (text, size, colour, bold, lang)
    surf = _surfaces.get(key)
    if surf is None:
        surf = _render_uncached(text, size, colour, bold, lang)
        _surfaces[key] = surf
        if len(_surfaces) > _CACHE_SIZE:
            _surfaces.popitem(last=False)
    else:
        _surfaces.move_to_end(key)
    return surf


def _render_uncached(text: str, size: int, colour: tuple[int, int, int], bold: bool, lang: str) -> pygame.Surface:
    parts = runs(text)
    if not any(rtl for _t, rtl in parts):
        return font(size, bold, lang).render(text, True, colour)
    # a right-to-left paragraph: its runs are laid out from the right edge leftwards, on one baseline
    fonts = [(t, _run_font(size, bold, lang, rtl)) for t, rtl in reversed(parts)]
    pieces = [(f.render(t, True, colour), f.get_ascent()) for t, f in fonts]
    ascent = max(a for _p, a in pieces)
    height = max(p.get_height() - a for p, a in pieces) + ascent
    surf = pygame.Surface((sum(p.get_width() for p, _a in pieces), height), pygame.SRCALPHA)
    x = 0
    for piece, a in pieces:
        surf.blit(piece, (x, ascent - a))
        x += piece.get_width()
    return surf


def measure(text: str, size: int, bold: bool = False, lang: str = "") -> int:
    """Width in px of ``text`` as :func:`render` draws it (without rendering it)."""
    return _measure(text, size, bold, lang or i18n.language().code)


@lru_cache(maxsize=4096)
def _measure(text: str, size: int, bold: bool, lang: str) -> int:
    # fitting a label tries several sizes on every redraw: remembered, like rendered text
    return sum(_run_font(size, bold, lang, rtl).size(t)[0] for t, rtl in runs(text))


def fit(text: str, size: int, max_px: int, bold: bool = False, min_size: int = 12, lang: str = "") -> int:
    """The largest size <= ``size`` at which ``text`` fits ``max_px`` (at least ``min_size``)."""
    while size > min_size and measure(text, size, bold, lang) > max_px:
        size -= 1
    return size


def draw(surface: pygame.Surface, text: str, pos: tuple[float, float], size: int = 18,
         colour: tuple[int, int, int] = (236, 236, 236), anchor: str = "topleft",
         bold: bool = False, max_width: int | None = None, lang: str = "") -> pygame.Rect:
    """Draw ``text`` with its ``anchor`` (a pygame.Rect attribute name) at ``pos``; shrinks
    the size to fit ``max_width``, and cuts it with an ellipsis if even the smallest size
    does not fit. Returns the rectangle drawn."""
    if max_width is not None:
        text, size = fitted(text, size, max_width, bold, lang)
    surf = render(text, size, colour, bold, lang)
    rect = surf.get_rect(**{anchor: pos})
    surface.blit(surf, rect)
    return rect


def fitted(text: str, size: int, max_px: int, bold: bool = False, lang: str = "") -> tuple[str, int]:
    """``(text, size)`` as :func:`draw` shows ``text`` in ``max_px``: the size from :func:`fit`,
    and the text cut with an ellipsis if even that does not fit. Measures O(log n) prefixes:
    ``text`` is capped at :data:`MAX_CHARS` characters, and the cut point binary-searched."""
    capped = len(text) > MAX_CHARS
    if capped:
        text = text[:MAX_CHARS]
    size = fit(text, size, max_px, bold, lang=lang)
    if capped or measure(text, size, bold, lang) > max_px:
        text = _cut(text, size, max_px, bold, lang)
    return text, size


def _cut(text: str, size: int, max_px: int, bold: bool, lang: str) -> str:
    """The longest ``text[:k] + "…"`` no wider than ``max_px`` (``"…"`` alone if none is),
    found by binary search on ``k``: the prefix that shortening one character at a time found."""
    def fits(k: int) -> bool:
        return measure(text[:k] + "…", size, bold, lang) <= max_px

    lo, hi = 0, len(text)       # the cut lies in [lo, hi]; lo = 0 is the fallback, not measured
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid - 1
    # lo + 1 does not fit, but where widths dip a longer prefix may fit again, as long as the one
    # before it is less than an em too wide: the old loop, coming down from the end, kept that
    cut = lo
    for k in range(lo + 1, min(len(text), lo + _CUT_SLACK) + 1):
        width = measure(text[:k] + "…", size, bold, lang)
        if width <= max_px:
            cut = k
        elif width > max_px + size:
            break
    return text[:cut] + "…"


def wrap(text: str, size: int, max_px: int, bold: bool = False) -> list[str]:
    """Split ``text`` into lines no wider than ``max_px`` (on spaces; a word wider than that
    gets a line of its own). Wraps the first :data:`MAX_WRAP_CHARS` characters; a line of w
    words measures O(log w) candidates."""
    lines: list[str] = []
    for paragraph in text[:MAX_WRAP_CHARS].split("\n"):
        words = paragraph.split(" ")
        line, i = "", 0
        while i < len(words):
            if not line.strip():
                # nothing visible on the line yet: a word at a time (an empty line takes it unmeasured)
                trial = f"{line} {words[i]}".strip()
                if line and measure(trial, size, bold) > max_px:
                    lines.append(line)
                    line = words[i]
                else:
                    line = trial
                i += 1
                continue
            i, line = _fill(line, words, i, size, max_px, bold)
            if i < len(words):                      # words[i] does not fit: it starts the next line
                lines.append(line)
                line = words[i]
                i += 1
        lines.append(line)
    return lines


def _fill(line: str, words: list[str], start: int, size: int, max_px: int, bold: bool) -> tuple[int, str]:
    """``(k, longer)``: ``line`` (something visible on it) with ``words[start:k]`` added one at
    a time, each step no wider than ``max_px``, and ``words[k]`` the first word that makes it
    too wide (``k == len(words)`` if none does). Galloping, then binary, search on ``k``."""
    trials = [line]             # trials[m]: line with the next m words, joined as word by word did

    def fits(m: int) -> bool:
        while len(trials) <= m:
            trials.append(f"{trials[-1]} {words[start + len(trials) - 1]}".strip())
        return measure(trials[m], size, bold) <= max_px

    most = len(words) - start
    lo, hi = 0, most + 1        # lo words fit (0: the line as it stands); hi do not (most + 1: unknown)
    m = 1
    while m <= most:
        if not fits(m):
            hi = m
            break
        lo = m
        m = most + 1 if m == most else min(2 * m, most)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid
    return start + lo, trials[lo]
