"""Text on screen: fonts for the current language, shaped by HarfBuzz, rendered once and cached.

Rendering text is the most expensive part of a frame, so each (text, size, colour, bold)
surface is kept in a small LRU cache; a redraw of an unchanged screen renders no glyphs.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache

import pygame

from firmware_host import i18n

_CACHE_SIZE = 1024
_surfaces: OrderedDict[tuple, pygame.Surface] = OrderedDict()


@lru_cache(maxsize=None)
def _font_path(families: tuple[str, ...], bold: bool) -> str | None:
    for family in families:
        path = pygame.font.match_font(family, bold=bold)
        if path:
            return path
    return None


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False, lang: str = "") -> pygame.font.Font:
    """The font of the current language at ``size`` px (pygame's own font if none is installed)."""
    language = i18n.LANGUAGES.get(lang) or i18n.language()
    f = pygame.font.Font(_font_path(language.fonts, bold), size)
    if bold and _font_path(language.fonts, True) is None:
        f.bold = True
    if language.rtl:
        f.set_direction(pygame.DIRECTION_RTL)
    f.set_script(language.script)
    return f


def clear_cache() -> None:
    """Forget fonts and rendered text (after a language change)."""
    _surfaces.clear()
    font.cache_clear()


def render(text: str, size: int, colour: tuple[int, int, int], bold: bool = False, lang: str = "") -> pygame.Surface:
    """``text`` rendered in the current language (or ``lang``, e.g. a language's own name)."""
    lang = lang or i18n.language().code
    key = (text, size, colour, bold, lang)
    surf = _surfaces.get(key)
    if surf is None:
        surf = font(size, bold, lang).render(text, True, colour)
        _surfaces[key] = surf
        if len(_surfaces) > _CACHE_SIZE:
            _surfaces.popitem(last=False)
    else:
        _surfaces.move_to_end(key)
    return surf


def fit(text: str, size: int, width: int, bold: bool = False, min_size: int = 12) -> int:
    """The largest size <= ``size`` at which ``text`` fits ``width`` px (at least ``min_size``)."""
    while size > min_size and font(size, bold, i18n.language().code).size(text)[0] > width:
        size -= 1
    return size


def draw(surface: pygame.Surface, text: str, pos: tuple[int, int], size: int = 18,
         colour: tuple[int, int, int] = (236, 236, 236), anchor: str = "topleft",
         bold: bool = False, max_width: int | None = None, lang: str = "") -> pygame.Rect:
    """Draw ``text`` with its ``anchor`` (a pygame.Rect attribute name) at ``pos``; shrinks
    the size to fit ``max_width``, and cuts it with an ellipsis if even the smallest size
    does not fit. Returns the rectangle drawn."""
    if max_width is not None:
        size = fit(text, size, max_width, bold)
        f = font(size, bold, lang or i18n.language().code)
        if f.size(text)[0] > max_width:
            while text and f.size(text + "…")[0] > max_width:
                text = text[:-1]
            text += "…"
    surf = render(text, size, colour, bold, lang)
    rect = surf.get_rect(**{anchor: pos})
    surface.blit(surf, rect)
    return rect


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` px (on spaces)."""
    f = font(size, bold, i18n.language().code)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}".strip()
            if line and f.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines
