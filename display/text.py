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
    resolved = list(kinds)
    for i, k in enumerate(kinds):
        if k == "N":
            before = next((kinds[j] for j in range(i - 1, -1, -1) if kinds[j] != "N"), paragraph)
            after = next((kinds[j] for j in range(i + 1, len(kinds)) if kinds[j] != "N"), paragraph)
            resolved[i] = before if before == after else paragraph
    out: list[tuple[str, bool]] = []
    for ch, k in zip(text, resolved):
        rtl = k == "R"
        if out and out[-1][1] == rtl:
            out[-1] = (out[-1][0] + ch, rtl)
        else:
            out.append((ch, rtl))
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
        size = fit(text, size, max_width, bold, lang=lang)
        if measure(text, size, bold, lang) > max_width:
            while text and measure(text + "…", size, bold, lang) > max_width:
                text = text[:-1]
            text += "…"
    surf = render(text, size, colour, bold, lang)
    rect = surf.get_rect(**{anchor: pos})
    surface.blit(surf, rect)
    return rect


def wrap(text: str, size: int, max_px: int, bold: bool = False) -> list[str]:
    """Split ``text`` into lines no wider than ``max_px`` (on spaces)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}".strip()
            if line and measure(trial, size, bold) > max_px:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines
