"""Text on screen: a font for each run of text, bidi ordering, HarfBuzz shaping, line breaking
per script; rendered once and cached.

Fonts are chosen per run, by the characters it holds, not per language: Arabic letters in the
Persian font, Han characters in the Traditional Chinese face, everything else (Latin names,
digits, symbols) in the Latin font, and a character its script's font lacks in the first
installed font that has it (:func:`pieces`). Each language's fonts are named in
:data:`firmware_host.i18n.LANGUAGES`; :func:`missing_fonts` says which are not installed.

A line is laid out by the Unicode bidi algorithm (:func:`levels`, rules W1-W7, N1-N2, I1-I2
and L2, for one paragraph without explicit embeddings): a Persian sentence runs right to left
with the Latin names and the numbers in it left to right; each right-to-left run is shaped
right to left by HarfBuzz (through SDL_ttf: ``Font.set_direction``/``set_script``).

Rendering text is the most expensive part of a frame, so each (text, size, colour, bold)
surface is kept in a small LRU cache; a redraw of an unchanged screen renders no glyphs.
"""

from __future__ import annotations

import logging
import re
import subprocess
import sys
import unicodedata
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, lru_cache
from types import FrameType

import pygame
import pygame.freetype

from firmware_host import i18n

from . import theme

log = logging.getLogger(__name__)

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



@dataclass(frozen=True)
class Drawn:
    """One :func:`draw`, as recorded for the tests: the text asked for and the text shown (cut
    with an ellipsis?), the size asked for and the size shown (px, after shrinking to fit
    ``max_width``), where (``rect``, in the screen's layout), its ``colour`` and the colour
    behind it (``background``: the commonest colour of ``rect`` just before the text was
    drawn; ``None`` where that is transparent, a picture drawn off screen), its size ``role``
    (a key of :data:`display.theme.TYPE`; ``"body"`` unless the draw said otherwise) and
    ``caller`` (``module:function`` of the code that drew it, outside this module)."""

    text: str
    shown: str
    size: int
    shown_size: int
    bold: bool
    lang: str
    max_width: int | None
    rect: pygame.Rect
    colour: tuple[int, int, int] = (236, 236, 236)
    background: tuple[int, int, int] | None = None
    role: str = "body"
    caller: str = ""

    @property
    def contrast(self) -> float | None:
        """WCAG contrast ratio of the text against what is behind it (``None``: not known)."""
        return None if self.background is None else theme.contrast(self.colour, self.background)


#: every text drawn while recording (:func:`recording`), else ``None``
drawn: list[Drawn] | None = None


# ============================================================================== fonts

@dataclass(frozen=True)
class Face:
    """One face of an installed font file (``index``: its place in a collection, .ttc)."""

    family: str
    path: str
    index: int = 0
    bold: bool = False          # the file is a bold face (else bold is drawn synthetically)


@cache
def _installed() -> tuple[tuple[str, int, tuple[str, ...], int, int, int], ...]:
    """fontconfig's fonts: ``(path, index, families, weight, width, slant)``."""
    try:
        out = subprocess.run(["fc-list", "--format", "%{file}\t%{index}\t%{family}\t%{weight}\t%{width}\t%{slant}\n"],
                             capture_output=True, text=True, timeout=20, check=False).stdout
    except (OSError, subprocess.SubprocessError) as exc:
        log.error("fontconfig's fc-list cannot be run (%s): no fonts found", exc)
        return ()
    fonts = []
    for line in out.splitlines():
        parts = line.split("\t")
        if len(parts) != 6:
            continue
        path, index, families, weight, width, slant = parts
        try:
            fonts.append((path, int(index), tuple(f.strip().lower() for f in families.split(",")),
                          int(weight), int(width), int(slant)))
        except ValueError:          # a variable font's ranges ("[100 900]"): not used
            continue
    return tuple(sorted(fonts))


@cache
def find_face(family: str, bold: bool = False) -> Face | None:
    """The installed face of ``family`` (upright, normal width; the bold one if ``bold`` and
    there is one), or ``None``."""
    name = family.lower()
    found = [f for f in _installed() if name in f[2] and f[5] == 0]
    if not found:
        return None
    want = 200 if bold else 80
    path, index, _fam, weight, _width, _slant = min(found, key=lambda f: (abs(f[4] - 100), abs(f[3] - want)))
    return Face(family, path, index, weight >= 180)


def _script_fonts() -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    """Script -> (font families, Debian packages), from the languages (the first language of
    each script names its fonts; Latin is English's)."""
    out: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
    for lang in i18n.LANGUAGES.values():
        out.setdefault(lang.script, (lang.fonts, lang.packages))
    return out


@cache
def chain(script: str, bold: bool = False) -> tuple[Face, ...]:
    """The installed faces for ``script``, best first."""
    families = _script_fonts().get(script, ((), ()))[0]
    return tuple(f for f in (find_face(family, bold) for family in families) if f is not None)


@cache
def _fallback(bold: bool) -> tuple[Face, ...]:
    """Where a character its own script's fonts lack is looked for: Latin, then the others."""
    scripts = ["Latn"] + [s for s in _script_fonts() if s != "Latn"]
    return tuple(dict.fromkeys(f for s in scripts for f in chain(s, bold)))


def missing_fonts(code: str | None = None) -> list[str]:
    """What the language ``code`` (default: the current one) needs and is not installed: one
    sentence per script (its own and Latin), naming the fonts and their Debian packages."""
    lang = i18n.LANGUAGES.get(i18n.canonical(code or "") or i18n.language().code, i18n.language())
    out = []
    for script in dict.fromkeys((lang.script, "Latn")):
        if not chain(script):
            families, packages = _script_fonts().get(script, ((), ()))
            out.append(f"{lang.english} text needs the font {' or '.join(families)} "
                       f"(Debian: {' or '.join(packages)}), which is not installed")
    return out


@lru_cache(maxsize=32)
def _coverage_font(face: Face) -> pygame.freetype.Font:
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    return pygame.freetype.Font(face.path, 16, font_index=face.index)


@lru_cache(maxsize=8192)
def covers(face: Face, ch: str) -> bool:
    """Whether ``face`` has a glyph for ``ch`` (its cmap maps it; not the .notdef box)."""
    metrics = _coverage_font(face).get_metrics(ch)
    return bool(metrics) and metrics[0] is not None


class RunFont:
    """One face at one size, for one direction: SDL_ttf (HarfBuzz shaping) for the first face
    of a file; FreeType for another face of a collection (pygame's SDL_ttf opens only the
    first: Noto Sans CJK's is Japanese, its Traditional Chinese face is the fourth), which
    Han text needs no shaping for. Sizes are pixels, as ``pygame.font.Font``'s."""

    def __init__(self, face: Face | None, size: int, bold: bool, rtl: bool, script: str) -> None:
        self.face = face
        self._ft: pygame.freetype.Font | None = None
        self._size = size
        if face is not None and face.index > 0:
            self._strong = bold and not face.bold
            ft = _ft_font(face, self._strong)
            self._ft = ft
            self.ascent = ft.get_sized_ascender(size)
            self.height = self.ascent - ft.get_sized_descender(size)
            return
        if not pygame.font.get_init():
            pygame.font.init()
        font = pygame.font.Font(face.path if face else None, size)
        if bold and (face is None or not face.bold):
            font.bold = True
        font.set_script(script if script != "Zyyy" else "Latn")
        if rtl:
            font.set_direction(pygame.DIRECTION_RTL)
        self._font = font
        self.ascent = font.get_ascent()
        self.height = font.get_height()

    def size(self, text: str) -> tuple[int, int]:
        if self._ft is None:
            return self._font.size(text)
        assert self.face is not None
        face, strong, size = self.face, self._strong, self._size
        return round(sum(_ft_advance(face, strong, size, ch) for ch in text)), self.height

    def render(self, text: str, colour: tuple[int, int, int]) -> pygame.Surface:
        if self._ft is None:
            return self._font.render(text, True, colour)
        surf = pygame.Surface((max(1, self.size(text)[0]), self.height), pygame.SRCALPHA)
        self._ft.render_to(surf, (0, self.ascent), text, colour, size=self._size)
        return surf


@lru_cache(maxsize=16)
def _ft_font(face: Face, strong: bool) -> pygame.freetype.Font:
    """One FreeType font per face, for every size (opening a 20-MB collection is not free)."""
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    ft = pygame.freetype.Font(face.path, 16, font_index=face.index)
    ft.origin = True
    ft.strong = strong
    return ft


@lru_cache(maxsize=1 << 16)
def _ft_advance(face: Face, strong: bool, size: int, ch: str) -> float:
    """A character's advance at ``size``. FreeType loads the glyph to tell (~0.1 ms for a CJK
    outline here, ~1 ms on a Pi), so a Han ideograph, one em wide in a CJK face
    (:func:`_ideographs_are_square`), is not loaded; other answers are remembered."""
    if _IDEOGRAPH.match(ch) and _ideographs_are_square(face, strong):
        return float(size)
    metrics = _ft_font(face, strong).get_metrics(ch, size)
    return metrics[0][4] if metrics and metrics[0] else 0.0


_IDEOGRAPH = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003ffff]")


@cache
def _ideographs_are_square(face: Face, strong: bool) -> bool:
    ft = _ft_font(face, strong)
    return all((m := ft.get_metrics(ch, size)) and m[0] and m[0][4] == size
               for ch in "中國龍體" for size in (13, 16, 24))


@lru_cache(maxsize=256)
def run_font(face: Face | None, size: int, bold: bool = False, rtl: bool = False, script: str = "Latn") -> RunFont:
    return RunFont(face, size, bold, rtl, script)


def font(size: int, bold: bool = False, lang: str = "", rtl: bool = False) -> RunFont:
    """The font of ``lang``'s own script (default: the current language) at ``size`` px
    (pygame's own font if none is installed)."""
    language = i18n.LANGUAGES.get(i18n.canonical(lang) or "") or i18n.language()
    faces = chain(language.script, bold)
    return run_font(faces[0] if faces else None, size, bold, rtl, language.script)


# ============================================================================== scripts

_ARABIC = ((0x0600, 0x06FF), (0x0750, 0x077F), (0x0870, 0x08FF), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF))
_HAN = ((0x2E80, 0x2FDF), (0x3000, 0x303F), (0x3100, 0x312F), (0x31A0, 0x31BF), (0x3190, 0x319F),
        (0x3200, 0x9FFF), (0xF900, 0xFAFF), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF), (0x20000, 0x3FFFF))


def script_of(ch: str) -> str:
    """``Arab``, ``Hani`` (Han, with the CJK punctuation and full-width forms) or ``Latn`` (the
    rest: Latin, digits, symbols)."""
    o = ord(ch)
    if 0x0590 <= o <= 0x08FF or 0xFB1D <= o <= 0xFEFF:
        return "Arab" if any(a <= o <= b for a, b in _ARABIC) else "Latn"
    if 0x2E80 <= o:
        return "Hani" if any(a <= o <= b for a, b in _HAN) else "Latn"
    return "Latn"


def _neutral(ch: str) -> bool:
    """A character that takes the font of the text around it when that font has it: spaces,
    punctuation, symbols, marks and format characters (ZWNJ)."""
    return unicodedata.category(ch)[0] in "ZPSMC"


# ============================================================================== bidi

_STRONG_R = ("R", "AL")
# Letters and digits joined by separators without spaces (04:A2:FF, T-ROUND-2, 10+12=22, 3/4) read
# left to right as one unit inside right-to-left text. The bidi algorithm alone would order a
# UID's parts, or a sum's numbers, from the right (as isolating them in LRI/PDI would not).
_LTR_TOKEN = re.compile(r"[0-9A-Za-z۰-۹]+(?:[-+−×/=:.,][0-9A-Za-z۰-۹]+)+")


def paragraph_rtl(text: str) -> bool:
    """A text is laid out right to left as soon as it holds a right-to-left letter (a Persian
    label with a Latin name first is still a Persian label)."""
    return any(unicodedata.bidirectional(ch) in _STRONG_R for ch in text)


#: the isolate initiators (LRI, RLI, FSI) and the direction each gives what it encloses (FSI:
#: that of its first strong letter), and the isolate's end (PDI)
_ISOLATE = {"\u2066": 0, "\u2067": 1, "\u2068": None}
_PDI = "\u2069"
FSI, PDI = "\u2068", _PDI
_NO_ISOLATES = dict.fromkeys(map(ord, (*_ISOLATE, _PDI)))


def isolate(part: str) -> str:
    """``part`` between FSI and PDI: laid out on its own, in its own direction, and one neutral
    unit to the text around it. Where parts are joined outside the catalog ("{title} · {date} ·
    {minutes}"), a number stays beside its unit ("0 دقیقه") instead of running into the date."""
    return f"{FSI}{part}{PDI}" if part else part


def joined(parts: Iterable[str], sep: str = " · ") -> str:
    """The non-empty ``parts`` joined by ``sep``, each isolated (:func:`isolate`): the order of the
    parts, and of each part's words, is then the same in a right-to-left line as in the
    catalog's template of each part."""
    return sep.join(isolate(p) for p in parts if p)


def _isolate_spans(text: str) -> list[tuple[int, int]]:
    """BD8/BD9: the outermost isolates, ``(start, end)``: ``text[start]`` the initiator,
    ``text[end - 1]`` its PDI (or ``end`` the end of the text, an isolate left open)."""
    spans = []
    depth = start = 0
    for i, ch in enumerate(text):
        if ch in _ISOLATE:
            if depth == 0:
                start = i
            depth += 1
        elif ch == _PDI and depth:
            depth -= 1
            if depth == 0:
                spans.append((start, i + 1))
    if depth:
        spans.append((start, len(text)))
    return spans


def _first_strong(text: str) -> int:
    """P2/P3 for an FSI: 1 if the first strong letter outside nested isolates is right to
    left, else 0."""
    depth = 0
    for ch in text:
        if ch in _ISOLATE:
            depth += 1
        elif ch == _PDI:
            depth = max(0, depth - 1)
        elif depth == 0:
            t = unicodedata.bidirectional(ch)
            if t in _STRONG_R:
                return 1
            if t == "L":
                return 0
    return 0


def _isolated_levels(text: str, base: int) -> list[int]:
    """X5a-X6a for a paragraph holding isolates: the text around them resolved with each
    isolate as one neutral (its characters stand for U+FFFC, an object replacement); what an
    isolate encloses resolved on its own at the next level of its direction, above ``base``."""
    spans = _isolate_spans(text)
    outer = list(text)
    for a, b in spans:
        outer[a:b] = ["\ufffc"] * (b - a)
    out = levels("".join(outer), base)
    for a, b in spans:
        end = b - 1 if text[b - 1] == _PDI and b - 1 > a else b
        inner = text[a + 1:end]
        kind = _ISOLATE[text[a]]
        own = _first_strong(inner) if kind is None else kind
        level = base + 1 if (base + 1) % 2 == own else base + 2
        out[a + 1:end] = [lv + level - own for lv in levels(inner, own)]
    return out


def levels(text: str, base: int | None = None) -> list[int]:
    """The embedding level of each character (even: left to right, odd: right to left) by the
    Unicode bidi algorithm for one paragraph without explicit embeddings (``base``: the
    paragraph's level, 1 right to left; default by :func:`paragraph_rtl`), isolates (FSI, LRI,
    RLI ... PDI: :func:`isolate`) included."""
    n = len(text)
    if n == 0 or (base is None and text.isascii()):
        return [0] * n
    if base is None:
        base = 1 if paragraph_rtl(text) else 0
    if any(ch in _ISOLATE for ch in text):
        return _isolated_levels(text, base)
    if base == 0 and all(unicodedata.bidirectional(ch) not in ("AN",) for ch in text):
        return [0] * n                                   # the common case: nothing to resolve
    types = [unicodedata.bidirectional(ch) or "ON" for ch in text]
    types = ["ON" if t in ("LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI") else t for t in types]
    for m in _LTR_TOKEN.finditer(text):     # a UID, a rule ID, a sum: one left-to-right unit
        types[m.start():m.end()] = ["L"] * (m.end() - m.start())
    sor = "R" if base else "L"
    # W1: a mark takes the type of the character before it
    prev = sor
    for i, t in enumerate(types):
        if t == "NSM":
            types[i] = prev if prev not in ("LRI", "RLI", "FSI", "PDI") else "ON"
        elif t != "BN":
            prev = types[i]
    # W2: European digits after an Arabic letter are Arabic digits; W3: AL is R
    strong = sor
    for i, t in enumerate(types):
        if t in ("L", "R", "AL"):
            strong = t
        elif t == "EN" and strong == "AL":
            types[i] = "AN"
    types = ["R" if t == "AL" else t for t in types]
    # W4: one separator between two numbers of the same kind joins them
    for i in range(1, n - 1):
        if types[i] == "ES" and types[i - 1] == "EN" == types[i + 1]:
            types[i] = "EN"
        elif types[i] == "CS" and types[i - 1] == types[i + 1] and types[i - 1] in ("EN", "AN"):
            types[i] = types[i - 1]
    # W5: terminators next to a European number are part of it
    i = 0
    while i < n:
        if types[i] == "ET":
            j = i
            while j < n and types[j] == "ET":
                j += 1
            if (i > 0 and types[i - 1] == "EN") or (j < n and types[j] == "EN"):
                types[i:j] = ["EN"] * (j - i)
            i = j
        else:
            i += 1
    # W6: other separators and terminators are neutral
    types = ["ON" if t in ("ES", "ET", "CS") else t for t in types]
    # W7: European digits after a Latin letter are Latin
    strong = sor
    for i, t in enumerate(types):
        if t in ("L", "R"):
            strong = t
        elif t == "EN" and strong == "L":
            types[i] = "L"
    def direction(t: str) -> str | None:
        return "L" if t == "L" else "R" if t in ("R", "EN", "AN") else None

    # N0: a pair of brackets takes the paragraph's direction if what it encloses has it, else the
    # other direction if both what it encloses and what precedes it have that
    for open_at, close_at in _bracket_pairs(text, types):
        inside = {direction(t) for t in types[open_at + 1:close_at]} - {None}
        if not inside:
            continue
        if sor in inside:
            fill = sor
        else:
            before = next((d for t in reversed(types[:open_at]) if (d := direction(t))), sor)
            fill = before if before in inside else sor
        types[open_at] = types[close_at] = fill
    # N1/N2: a run of neutrals between two strong types of one direction takes it, else the paragraph's
    i = 0
    while i < n:
        if direction(types[i]) is None:
            j = i
            while j < n and direction(types[j]) is None:
                j += 1
            left = direction(types[i - 1]) if i > 0 else sor
            right = direction(types[j]) if j < n else sor
            types[i:j] = [left if left is not None and left == right else sor] * (j - i)
            i = j
        else:
            i += 1
    # I1/I2
    out = []
    for t in types:
        if base == 0:
            out.append(0 if t == "L" else 1 if t == "R" else 2)
        else:
            out.append(1 if t == "R" else 2)
    # L1: whitespace at the end of the line goes back to the paragraph level
    k = n
    while k > 0 and unicodedata.bidirectional(text[k - 1]) in ("WS", "B", "S", "BN"):
        k -= 1
        out[k] = base
    return out


_BRACKETS = {"(": ")", "[": "]", "{": "}", "（": "）", "［": "］", "｛": "｝",
             "「": "」", "『": "』", "《": "》", "〈": "〉"}
_CLOSING = {v: k for k, v in _BRACKETS.items()}


def _bracket_pairs(text: str, types: list[str]) -> list[tuple[int, int]]:
    """BD16: the pairs of matching brackets (still neutral), in the order they open."""
    stack: list[tuple[str, int]] = []
    pairs = []
    for i, ch in enumerate(text):
        if types[i] != "ON":
            continue
        if ch in _BRACKETS:
            if len(stack) == 63:
                break
            stack.append((_BRACKETS[ch], i))
        elif ch in _CLOSING:
            for k in range(len(stack) - 1, -1, -1):
                if stack[k][0] == ch:
                    pairs.append((stack[k][1], i))
                    del stack[k:]
                    break
    return sorted(pairs)


def runs(text: str) -> list[tuple[str, bool]]:
    """``text`` as ``(run, right_to_left)`` in logical order: the runs of one bidi level."""
    return [(text[a:b], lvl % 2 == 1) for a, b, lvl in _level_runs(text)]


def _level_runs(text: str) -> list[tuple[int, int, int]]:
    lv = levels(text)
    out: list[tuple[int, int, int]] = []
    start = 0
    for i in range(1, len(text) + 1):
        if i == len(text) or lv[i] != lv[start]:
            out.append((start, i, lv[start]))
            start = i
    return out


def _visual(level_runs: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """L2: the runs in the order they are drawn from left to right."""
    order = list(level_runs)
    if not order:
        return order
    top = max(r[2] for r in order)
    lowest_odd = min((r[2] for r in order if r[2] % 2), default=top + 1)
    for level in range(top, lowest_odd - 1, -1):
        i = 0
        while i < len(order):
            if order[i][2] >= level:
                j = i
                while j < len(order) and order[j][2] >= level:
                    j += 1
                order[i:j] = order[i:j][::-1]
                i = j
            else:
                i += 1
    return order


# ============================================================================== runs of one font

@dataclass(frozen=True)
class Piece:
    """A run of text drawn with one font in one direction, in the order drawn (left to right)."""

    text: str
    face: Face | None
    rtl: bool
    script: str


def _choose_faces(text: str, bold: bool) -> list[Face | None]:
    """The face of each character: its script's first face that has it, else the first installed
    face that does; neutrals keep the face of the character before (or after) when it has them."""
    latin = chain("Latn", bold)
    if text.isascii() and latin:            # the Latin font has every ASCII character
        return [latin[0]] * len(text)
    faces: list[Face | None] = [None] * len(text)
    pending: list[int] = []
    for i, ch in enumerate(text):
        if _neutral(ch):
            pending.append(i)
            continue
        faces[i] = _face_for(ch, bold)
    for i in pending:
        ch = text[i]
        if unicodedata.category(ch) == "Cf":
            # a format character (an isolate, ZWNJ) is never drawn as a glyph: any face near it
            # will do, and looking one up in every font (the CJK one too) costs milliseconds
            near = faces[i - 1] if i > 0 else None
            faces[i] = near or _next_face(faces, i) or (latin[0] if latin else _face_for(ch, bold))
            continue
        before = faces[i - 1] if i > 0 else None
        after = _next_face(faces, i)
        if before is not None and covers(before, ch):
            faces[i] = before
        elif after is not None and covers(after, ch):
            faces[i] = after
        else:
            faces[i] = _face_for(ch, bold)
    return faces


def _next_face(faces: list[Face | None], i: int) -> Face | None:
    for f in faces[i + 1:]:
        if f is not None:
            return f
    return None


@lru_cache(maxsize=4096)
def _face_for(ch: str, bold: bool) -> Face | None:
    own = chain(script_of(ch), bold)
    for face in own:
        if covers(face, ch):
            return face
    for face in _fallback(bold):
        if covers(face, ch):
            return face
    if unicodedata.category(ch) not in ("Cf", "Zs", "Cc"):
        _report_missing(ch)
    return own[0] if own else (_fallback(bold) or (None,))[0]


_reported: set[str] = set()


def _report_missing(ch: str) -> None:
    if ch not in _reported:
        _reported.add(ch)
        log.warning("no installed font has %r (U+%04X, %s)", ch, ord(ch), unicodedata.name(ch, "?"))


def pieces(text: str, bold: bool = False) -> list[Piece]:
    """``text`` as the runs it is drawn in, left to right: the bidi level runs in visual order,
    each split where its font changes (a right-to-left run's parts from right to left)."""
    return list(_pieces(text, bold))


@lru_cache(maxsize=4096)
def _pieces(text: str, bold: bool) -> tuple[Piece, ...]:
    out: list[Piece] = []
    for a, b, lvl in _visual(_level_runs(text)):
        rtl = lvl % 2 == 1
        run = text[a:b]
        faces = _choose_faces(run, bold)        # per run: a space takes its own run's font
        parts: list[Piece] = []
        start = 0
        for i in range(1, len(run) + 1):
            if i == len(run) or faces[i] != faces[start]:
                chunk = run[start:i].translate(_NO_ISOLATES)    # they only order: nothing to draw
                if chunk:
                    parts.append(Piece(chunk, faces[start], rtl, _chunk_script(chunk)))
                start = i
        out += parts[::-1] if rtl else parts
    return tuple(out)


def _chunk_script(chunk: str) -> str:
    for ch in chunk:
        s = script_of(ch)
        if s != "Latn" or ch.isalpha():
            return s
    return "Latn"


# ============================================================================== digits

_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
_NUMBER = re.compile(r"(?<![A-Za-z0-9])[0-9]+(?:[.,:/][0-9]+)*(?![A-Za-z0-9])")


def localize_digits(text: str, lang: str = "") -> str:
    """``text`` with its numbers in Persian digits, where Persian digits are chosen
    (:func:`firmware_host.i18n.persian_digits`) and ``lang`` (default: the current language)
    is Persian; a number joined to Latin letters (a UID, "T-ROUND-2") is left alone."""
    code = i18n.canonical(lang) or i18n.language().code
    if code != "fa" or not i18n.persian_digits() or not any("0" <= c <= "9" for c in text):
        return text
    latin = [m.span() for m in _LTR_TOKEN.finditer(text) if re.search("[A-Za-z]", m.group(0))]

    def digits(m: re.Match[str]) -> str:
        if any(a <= m.start() < b for a, b in latin):
            return m.group(0)
        return m.group(0).translate(_DIGITS)
    return _NUMBER.sub(digits, text)


# ============================================================================== measure, render

def clear_cache() -> None:
    """Forget fonts and rendered text (after a language change)."""
    _surfaces.clear()
    _measure.cache_clear()
    _pieces.cache_clear()
    _face_for.cache_clear()
    _fallback.cache_clear()
    run_font.cache_clear()


def render(text: str, size: int, colour: tuple[int, int, int], bold: bool = False, lang: str = "") -> pygame.Surface:
    """``text`` rendered (``lang``: the language it is in, if not the current one)."""
    shown = localize_digits(text, lang)
    key = (shown, size, colour, bold)
    surf = _surfaces.get(key)
    if surf is None:
        surf = _render_uncached(shown, size, colour, bold)
        _surfaces[key] = surf
        if len(_surfaces) > _CACHE_SIZE:
            _surfaces.popitem(last=False)
    else:
        _surfaces.move_to_end(key)
    return surf


def _render_uncached(text: str, size: int, colour: tuple[int, int, int], bold: bool) -> pygame.Surface:
    parts = _pieces(text, bold)
    if len(parts) == 1:
        p = parts[0]
        return run_font(p.face, size, bold, p.rtl, p.script).render(p.text, colour)
    if not parts:
        return run_font(chain("Latn", bold)[0] if chain("Latn", bold) else None, size, bold).render("", colour)
    # the runs side by side, on one baseline
    fonts = [(p.text, run_font(p.face, size, bold, p.rtl, p.script)) for p in parts]
    rendered = [(f.render(t, colour), f.ascent) for t, f in fonts]
    ascent = max(a for _s, a in rendered)
    height = max(s.get_height() - a for s, a in rendered) + ascent
    surf = pygame.Surface((sum(s.get_width() for s, _a in rendered), height), pygame.SRCALPHA)
    x = 0
    for piece, a in rendered:
        surf.blit(piece, (x, ascent - a))
        x += piece.get_width()
    return surf


def measure(text: str, size: int, bold: bool = False, lang: str = "") -> int:
    """Width in px of ``text`` as :func:`render` draws it (without rendering it)."""
    return _measure(localize_digits(text, lang), size, bold)


@lru_cache(maxsize=4096)
def _measure(text: str, size: int, bold: bool) -> int:
    # fitting a label tries several sizes on every redraw: remembered, like rendered text
    return sum(run_font(p.face, size, bold, p.rtl, p.script).size(p.text)[0] for p in _pieces(text, bold))


def line_height(size: int, bold: bool = False) -> int:
    """The distance between two lines of wrapped text at ``size`` px (the tallest of the
    installed fonts' heights, so Persian and Chinese lines do not touch)."""
    return max([round(size * 1.25)] + [run_font(f, size, bold).height for f in _fallback(bold)[:3]])


def fit(text: str, size: int, max_px: int, bold: bool = False, min_size: int = 12, lang: str = "") -> int:
    """The largest size <= ``size`` at which ``text`` fits ``max_px`` (at least ``min_size``)."""
    while size > min_size and measure(text, size, bold, lang) > max_px:
        size -= 1
    return size


def draw(surface: pygame.Surface, text: str, pos: tuple[float, float], size: int | str = 18,
         colour: tuple[int, int, int] = (236, 236, 236), anchor: str = "topleft",
         bold: bool = False, max_width: int | None = None, lang: str = "", role: str = "",
         min_size: int | None = None) -> pygame.Rect:
    """Draw ``text`` with its ``anchor`` (a pygame.Rect attribute name) at ``pos``; shrinks
    the size to fit ``max_width`` (down to ``min_size``, default :data:`theme.FLOOR`: nothing
    is drawn smaller), and cuts it with an
    ellipsis if even the smallest size does not fit. Returns the rectangle drawn.

    ``size`` is px, or a role of the type scale (:data:`display.theme.TYPE`: ``"body"``,
    ``"caption"``...); ``role`` says which role a size in px plays (default ``"body"``: text
    read during play, which the type-scale test wants at :data:`theme.PLAY_FLOOR` px at least;
    ``"caption"``/``"detail"``: secondary detail, allowed down to :data:`theme.FLOOR`)."""
    if isinstance(size, str):
        role = role or size
        size = theme.TYPE[size]
    role = role or "body"
    if role not in theme.TYPE:
        raise ValueError(f"text role {role!r} is not one of {', '.join(theme.TYPE)}")
    floor = theme.FLOOR if min_size is None else min_size
    shown, shown_size = (fitted(text, size, max_width, bold, lang, floor) if max_width is not None
                         else (text, size))
    surf = render(shown, shown_size, colour, bold, lang)
    rect = surf.get_rect(**{anchor: pos})
    behind = _background(surface, rect) if drawn is not None else None
    if defer is None or not defer(surface, surf, rect):
        surface.blit(surf, rect)
    if drawn is not None:
        drawn.append(Drawn(text, shown, size, shown_size, bold, lang, max_width, rect,
                           (colour[0], colour[1], colour[2]), behind, role, _caller()))
    return rect


def _background(surface: pygame.Surface, rect: pygame.Rect) -> tuple[int, int, int] | None:
    """The commonest colour of ``surface`` inside ``rect`` (every pixel of the rect's part on
    the surface; ``None`` if none is, or the commonest is not opaque: a picture drawn on a
    transparent surface, whose background is only known where it is blitted). Only while
    recording: ~0.3 ms for a line of text."""
    area = rect.clip(surface.get_rect())
    if area.width <= 0 or area.height <= 0:
        return None
    data = pygame.image.tobytes(surface.subsurface(area), "RGBA")
    counts = Counter(zip(data[0::4], data[1::4], data[2::4], data[3::4], strict=True))
    (r, g, b, a), _n = counts.most_common(1)[0]
    return (r, g, b) if a == 255 else None


def _caller() -> str:
    """``module:function`` of the first frame outside this module (what drew the text)."""
    frame: FrameType | None = sys._getframe(2)
    while frame is not None and frame.f_globals.get("__name__") == __name__:
        frame = frame.f_back
    if frame is None:
        return ""
    return f"{frame.f_globals.get('__name__', '')}:{frame.f_code.co_qualname}"


#: set by :mod:`display.ui` while a mirrored screen draws: ``defer(surface, rendered, rect)``
#: takes the text to draw later (``True``) or leaves it to be drawn now (``False``)
defer: Callable[[pygame.Surface, pygame.Surface, pygame.Rect], bool] | None = None


def fitted(text: str, size: int, max_px: int, bold: bool = False, lang: str = "",
           min_size: int = 12) -> tuple[str, int]:
    """``(text, size)`` as :func:`draw` shows ``text`` in ``max_px``: the size from :func:`fit`,
    and the text cut with an ellipsis if even that does not fit. Measures O(log n) prefixes:
    ``text`` is capped at :data:`MAX_CHARS` characters, and the cut point binary-searched."""
    capped = len(text) > MAX_CHARS
    if capped:
        text = text[:MAX_CHARS]
    size = fit(text, size, max_px, bold, min_size, lang)
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


# ============================================================================== line breaking

# A line never starts with closing punctuation nor ends with opening punctuation (CJK rules)
_CLOSE = frozenset("，。、；：？！）」』》〉】〕｝．…‥,.;:?!)]}%’”·・ー")
_OPEN = frozenset("（「『《〈【〔｛“‘([{")


def _breaks_inside(word: str) -> bool:
    return any(script_of(ch) == "Hani" for ch in word)


def _split_word(word: str) -> list[str]:
    """A word (no spaces) cut where a line may break inside it: around every Han character
    (Chinese has no spaces), keeping closing punctuation with what precedes it and opening
    punctuation with what follows it; Latin runs and numbers in it stay whole."""
    if not _breaks_inside(word):
        return [word]
    out: list[str] = []
    cur = ""
    for i, ch in enumerate(word):
        if cur:
            prev = word[i - 1]
            cjk = script_of(prev) == "Hani" or script_of(ch) == "Hani"
            if cjk and ch not in _CLOSE and prev not in _OPEN:
                out.append(cur)
                cur = ""
        cur += ch
    out.append(cur)
    return out


def _items(paragraph: str) -> list[tuple[str, str]]:
    """The units a line is filled with: ``(separator, unit)``; the separator (a space between
    words, nothing between two Han characters) is dropped where a line breaks."""
    out: list[tuple[str, str]] = []
    for word in paragraph.split(" "):
        for k, unit in enumerate(_split_word(word)):
            out.append((" " if k == 0 else "", unit))
    return out


def wrap(text: str, size: int, max_px: int, bold: bool = False, hyphenate: bool = True,
         lang: str = "") -> list[str]:
    """Split ``text`` into lines no wider than ``max_px``: on spaces, and between Han
    characters (with the CJK rules for punctuation). A Latin word wider than a line by itself
    is hyphenated (:func:`_break_word`) unless ``hyphenate`` is false. Wraps the first
    :data:`MAX_WRAP_CHARS` characters; a line of w words measures O(log w) candidates. ``lang``:
    measured with that language's digits (:func:`localize_digits`), as :func:`draw` draws them."""
    lines: list[str] = []
    for paragraph in text[:MAX_WRAP_CHARS].split("\n"):
        items = _items(paragraph)
        line, i = "", 0
        while i < len(items):
            if not line.strip():
                # nothing visible on the line yet: a unit at a time (an empty line takes it unmeasured)
                sep, unit = items[i]
                trial = f"{line}{sep}{unit}".strip()
                if line and measure(trial, size, bold, lang) > max_px:
                    lines.append(line)
                    line = unit
                else:
                    line = trial
                i += 1
            else:
                i, line = _fill(line, items, i, size, max_px, bold, lang)
                if i == len(items):
                    break
                lines.append(line)                  # items[i] does not fit: it starts the next line
                line = items[i][1]
                i += 1
            if hyphenate and _syllable_breaks(line.strip()) and measure(line, size, bold, lang) > max_px:
                head, rest = _break_word(line, size, max_px, bold, lang)     # one unit, too wide alone
                if rest:
                    lines.append(head)
                    items.insert(i, ("", rest))
                    line = ""
        lines.append(line)
    return lines


_VOWELS = frozenset("aáeéiíoóöőuúüűyAÁEÉIÍOÓÖŐUÚÜŰY")
_DIGRAPHS = ("dzs", "cs", "dz", "gy", "ly", "ny", "sz", "ty", "zs")     # one sound each (Hungarian)


def _syllable_breaks(word: str) -> list[int]:
    """Where a Latin word may be hyphenated: before the last consonant (a Hungarian two-letter
    consonant counts as one) of a run of consonants followed by a vowel, with two letters at
    least on each side: Hungarian's syllable rule, and a fair one for English. None in a word
    with letters of another script."""
    out: list[int] = []
    if any(ch.isalpha() and script_of(ch) != "Latn" for ch in word):
        return out
    n = len(word)
    i = 2
    while i < n - 1:
        if word[i] not in _VOWELS and word[i].isalpha() and i + 1 < n:
            # the consonant unit starting at i
            unit = next((d for d in _DIGRAPHS if word[i:i + len(d)].lower() == d), word[i])
            after = i + len(unit)
            if (after < n and word[after] in _VOWELS and word[i - 1].isalpha() and n - i >= 2
                    and any(c in _VOWELS for c in word[:i])):
                out.append(i)
            i += len(unit)
        else:
            i += 1
    return out


def _break_word(word: str, size: int, max_px: int, bold: bool, lang: str = "") -> tuple[str, str]:
    """``(head, rest)``: the longest start of ``word`` that fits ``max_px``, hyphenated at a
    syllable (:func:`_syllable_breaks`); ``rest`` is empty if no start fits, or the word is not
    Latin letters (a number, a tag's UID: drawn whole, and shrunk or cut where it is drawn).
    Binary search: O(log n) measurements."""
    word = word.strip()
    pieces_ = [(word[:k] + "-", word[k:]) for k in _syllable_breaks(word)]
    lo, hi = -1, len(pieces_) - 1       # the last candidate that fits
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if measure(pieces_[mid][0], size, bold, lang) <= max_px:
            lo = mid
        else:
            hi = mid - 1
    if lo < 0:
        return word, ""
    return pieces_[lo]


def _fill(line: str, items: list[tuple[str, str]], start: int, size: int, max_px: int,
          bold: bool, lang: str = "") -> tuple[int, str]:
    """``(k, longer)``: ``line`` (something visible on it) with ``items[start:k]`` added one at
    a time, each step no wider than ``max_px``, and ``items[k]`` the first unit that makes it
    too wide (``k == len(items)`` if none does). Galloping, then binary, search on ``k``."""
    trials = [line]             # trials[m]: line with the next m units, joined as unit by unit did

    def fits(m: int) -> bool:
        while len(trials) <= m:
            sep, unit = items[start + len(trials) - 1]
            trials.append(f"{trials[-1]}{sep}{unit}".strip())
        return measure(trials[m], size, bold, lang) <= max_px

    most = len(items) - start
    lo, hi = 0, most + 1        # lo units fit (0: the line as it stands); hi do not (most + 1: unknown)
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


def fit_wrapped(text: str, size: int, max_px: int, max_height: int, bold: bool = False,
                min_size: int = 14, hyphenate: bool = True, leading: float = 0.0,
                lang: str = "") -> tuple[list[str], int]:
    """``(lines, size)``: ``text`` wrapped at the largest size <= ``size`` (down to ``min_size``)
    whose lines all fit ``max_px`` and together ``max_height``: each :func:`line_height`
    apart, or ``leading`` times the size (a button's label: 1.15). ``lang``: measured with
    that language's digits, as :func:`draw` draws them."""

    def step(px: int) -> int:
        return round(px * leading) if leading else line_height(px, bold)

    lines = wrap(text, size, max_px, bold, hyphenate, lang)
    while size > min_size and (len(lines) * step(size) > max_height
                               or any(measure(ln, size, bold, lang) > max_px for ln in lines)):
        size -= 1
        lines = wrap(text, size, max_px, bold, hyphenate, lang)
    return lines, size


def draw_block(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int = 16,
               colour: tuple[int, int, int] = (236, 236, 236), bold: bool = False, min_size: int = 14,
               align: str = "left") -> pygame.Rect:
    """Draw ``text`` wrapped into ``rect`` (from its top; ``align``: ``left``, ``center`` or
    ``right``), at the largest size down to ``min_size`` at which it fits; lines that still do
    not fit are left out, the last one shown cut with an ellipsis. Returns the area used."""
    lines, size = fit_wrapped(text, size, rect.width, rect.height, bold, min_size)
    step = line_height(size, bold)
    room = max(1, rect.height // step)
    if len(lines) > room:
        lines = lines[:room - 1] + [lines[room - 1].rstrip() + "…"]
    anchor, x = {"left": ("topleft", rect.x), "center": ("midtop", rect.centerx),
                 "right": ("topright", rect.right)}[align]
    used = pygame.Rect(rect.x, rect.y, 0, 0)
    for k, line in enumerate(lines):
        r = draw(surface, line, (x, rect.y + k * step), size, colour, anchor, bold, max_width=rect.width)
        used = used.union(r) if used.width else r
    return used


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Inside the block every :func:`draw` is recorded in the list it gives (the tests)."""
    global drawn
    old, drawn = drawn, []
    try:
        yield drawn
    finally:
        drawn = old
