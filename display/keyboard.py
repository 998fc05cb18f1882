"""An on-screen keyboard for player names, in the layout each table knows (issue 12, part 6).

The layouts (``firmware_host/data/keyboards.toml``, checked against the X keyboard
configuration by the tests) are the physical keyboards of the players' languages:

- ``latin``: US English QWERTY, with the apostrophe, hyphen and full stop of names.
- ``hu``: the Hungarian 102-key QWERTZ (0 left of 1; ö ü ó, ő ú, é á ű, í where the Hungarian
  keyboard has them). Letters come in proper case: the first letter of the name and of each
  word (after a space or a hyphen) is a capital, the rest small; Shift makes the next letter
  the other case, a second tap locks capitals (⇪), a third unlocks.
- ``fa``: the Persian standard, ISIRI 9147, with ژ and آ on the Z row as well, Shift for the
  second level's letters (ؤ ئ إ أ آ ة ء) and a half-space key (ZWNJ, نیم‌فاصله). A Persian
  name runs from the right in the name field, drawn by :mod:`display.text` (shaping, bidi).
- ``zhuyin``: Traditional Chinese by its Zhuyin (Bopomofo) spelling, on the Dachen layout
  printed on Taiwanese keyboards. Taiwanese learn to read and type with Zhuyin, not pinyin
  (pinyin is the mainland's); a player types a syllable and its tone (ˉ ˊ ˇ ˋ ˙), picks the
  character from the candidates (most frequent first, in pages) and goes on with the next
  one. The candidates come from libchewing (:mod:`display.zhuyin`), the dictionary of
  Taiwan's own input method, kept in Debian (``libchewing3``); docs/typing-names.md says why
  this and not pypinyin or Unihan. Without it the layout key is greyed and says what to install.

The layout follows the screen's language (:data:`OWN`); a row of keys switches to any other
(names are written in the script of their owner, not of the table). Keys are at least
:data:`display.theme.MIN_TARGET` px, labels at least 18 px; everything fits 800x480 above the
message line. A USB keyboard types through SDL's text input (:meth:`KeyboardScreen.text_entered`,
what an input method composed included), Backspace deletes (:meth:`KeyboardScreen.back`),
Enter is OK. A name is at most :data:`NAME_CHARS` characters.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache

import pygame

from firmware_host import data, i18n
from firmware_host.i18n import _, ngettext

from . import text, theme, zhuyin
from .ui import Button, Screen

NAME_CHARS = 16                 # the longest name the keyboard takes (characters, after NFC)
ZWNJ = "\u200c"                 # the Persian half-space (zero-width non-joiner)
ZWJ = "\u200d"
TONES = {"ˉ": zhuyin.FIRST_TONE, "ˊ": "6", "ˇ": "3", "ˋ": "4", "˙": "7"}
#: the layout of each screen language's own script
OWN = {"en": "latin", "hu": "hu", "fa": "fa", "zh_TW": "zhuyin"}
CAND_PER_PAGE = 11
FIRST_TONE_LABEL = "ˉ 一聲"        # the Zhuyin space bar: the first tone
ZWNJ_LABEL = "نیم\u200cفاصله"     # the Persian half-space key, in Persian whatever the screen's language

# geometry (px): the field row, the candidates row (Zhuyin), the rows of keys
GAP = 6
FIELD_Y, FIELD_H = 34, 50
CAND_Y, CAND_H = 90, 50
KEYS_TOP = {True: CAND_Y + CAND_H + GAP, False: CAND_Y}      # with / without the candidates row
MAX_PITCH = 76
MAX_KEY_H = 64


_PERSIAN_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹", "0123456789")


def with_digits(kb: Layout) -> Layout:
    """``kb`` with the digits every other screen shows: a layout's Persian digits (ISIRI 9147's
    ۱۲۳) are typed as 123 where Persian digits are not chosen (``persian_digits``,
    :func:`firmware_host.i18n.persian_digits`), so a name's number reads as the scores do."""
    if i18n.persian_digits() or not any("۰" <= ch <= "۹" for row in kb.rows for ch in row):
        return kb
    return replace(kb, rows=tuple(tuple(ch.translate(_PERSIAN_DIGITS) for ch in row) for row in kb.rows),
                   shift=tuple(tuple(ch.translate(_PERSIAN_DIGITS) for ch in row) for row in kb.shift))


def key_height(candidates: bool) -> int:
    """The height of a row of keys: five rows between the top and the message line."""
    return min(MAX_KEY_H, (theme.CONTENT_BOTTOM - 4 - KEYS_TOP[candidates] - 4 * GAP) // 5)


@dataclass(frozen=True)
class Layout:
    """One keyboard (a table of ``keyboards.toml``): ``rows`` of keys (characters), the
    second level ``shift`` of each key (the same character where Shift changes nothing),
    ``keys``: the Dachen key of each Zhuyin symbol."""

    id: str
    name: str
    script: str                             # Latn (cased), Arab (right to left) or Bopo (composed)
    rows: tuple[tuple[str, ...], ...]
    shift: tuple[tuple[str, ...], ...]
    keys: tuple[tuple[str, str], ...] = ()

    @property
    def cased(self) -> bool:
        return self.script == "Latn"

    @property
    def rtl(self) -> bool:
        return self.script == "Arab"

    @property
    def has_shift(self) -> bool:
        return self.cased or any(a != b for r, s in zip(self.rows, self.shift) for a, b in zip(r, s))

    def key_of(self, symbol: str) -> str:
        """The Dachen key of a Zhuyin symbol (``""`` if it is none)."""
        return dict(self.keys).get(symbol, "")

    def symbol_of(self, key: str) -> str:
        return {k: s for s, k in self.keys}.get(key, "")


@cache
def layouts() -> dict[str, Layout]:
    """The layouts of ``keyboards.toml`` by id, in its order. Raises ``ValueError`` naming
    the layout and what is wrong with it (a shift row of another length, a key without its
    Dachen key)."""
    out: dict[str, Layout] = {}
    for lid, spec in data.load("keyboards").items():
        rows = [list(r) for r in spec["rows"]]
        shift_spec = spec.get("shift", ["." * len(r) for r in spec["rows"]])
        if [len(r) for r in shift_spec] != [len(r) for r in rows]:
            raise ValueError(f"keyboards.toml [{lid}]: each shift row must have as many keys as its row")
        shift = [[b if s == "." else s for b, s in zip(r, srow)] for r, srow in zip(rows, shift_spec)]
        for item in spec.get("extra", []):
            where, chars = item.split(":", 1)
            rows[int(where)] += list(chars)
            shift[int(where)] += list(chars)
        keys: tuple[tuple[str, str], ...] = ()
        if "keys" in spec:
            if [len(r) for r in spec["keys"]] != [len(r) for r in spec["rows"]]:
                raise ValueError(f"keyboards.toml [{lid}]: each row of keys must have a key for each symbol")
            keys = tuple((s, k) for r, kr in zip(spec["rows"], spec["keys"]) for s, k in zip(r, kr))
        out[lid] = Layout(lid, spec["name"], spec["script"], tuple(map(tuple, rows)), tuple(map(tuple, shift)),
                          keys)
    return out


def order(lang: str) -> list[str]:
    """The layouts offered in the screen language ``lang``: its own first, then Latin, then the
    others as the file lists them."""
    own = OWN.get(lang, "latin")
    return list(dict.fromkeys([own, "latin", *layouts()]))


def key_labels() -> frozenset[str]:
    """Every label a key of a layout shows that is not catalog text: its characters (either
    case, either level), the layouts' names in their own scripts, Shift, the first tone and
    the half-space. They read the same in every screen language (the pseudo-locale test
    leaves them out as it does the languages' own names)."""
    out = {"⇧", "⇪", FIRST_TONE_LABEL, ZWNJ_LABEL}
    for kb in layouts().values():
        out.add(kb.name)
        for row, shifted in zip(kb.rows, kb.shift):
            for ch in (*row, *shifted):
                out.update((ch, ch.upper()) if kb.cased else (ch,))
    return frozenset(out)


def drawable(ch: str) -> bool:
    """Whether an installed font has ``ch`` (a rare candidate may be in no font: left out
    rather than drawn as a box)."""
    return any(text.covers(face, ch) for face in text.chain(text.script_of(ch)))


def _stagger(kb: Layout) -> list[float]:
    """How far each row starts right of the number row, in key units, as on a keyboard (the
    Z row starts with Shift where the layout has one)."""
    return [0.0, 0.5, 0.75, 0.0 if kb.has_shift else 1.25]


def _units(kb: Layout, rows: list[list[tuple[str, str, float]]]) -> float:
    """The width of the widest row, in key units."""
    stagger = _stagger(kb)
    return max(stagger[r] + sum(w for _i, _l, w in row) for r, row in enumerate(rows))


def _allowed(ch: str) -> bool:
    """A character a name may hold: printable, or the joiners Persian spelling needs."""
    return ch.isprintable() or ch in (ZWNJ, ZWJ)


class KeyboardScreen(Screen):
    """Edits ``value``; OK calls ``done(value)`` and closes, Cancel closes. ``title`` is shown
    above the field (translated)."""

    chrome = False

    def __init__(self, ctl, title: str, value: str, done: Callable[[str], None]) -> None:
        super().__init__(ctl)
        self.title = title
        self.value = unicodedata.normalize("NFC", value)[:NAME_CHARS]
        self.done = done
        self.layout = order(i18n.language().code)[0]
        # off; auto (proper case: the next letter starts a word); once (tapped: the next letter);
        # caps (locked)
        self.shift = "off"
        self.composing = ""                # Zhuyin: the Dachen keys of the syllable being spelt
        self.syllable = ""                 # Zhuyin: the keys of a syllable with its tone, choosing
        self.page = 0
        self._auto_shift()

    # ------------------------------------------------------------------ state

    @property
    def kb(self) -> Layout:
        return with_digits(layouts()[self.layout])

    def candidates(self) -> list[str]:
        """The characters offered for :attr:`syllable`, most frequent first (drawable only)."""
        return [c for c in zhuyin.candidates(self.syllable) if drawable(c)] if self.syllable else []

    def spelling(self) -> str:
        """What is being spelt, in Zhuyin with its tone mark: ``"ㄔㄣˊ"``."""
        kb = self.kb
        if self.syllable:
            tone = next((m for m, k in TONES.items() if k == self.syllable[-1]), "")
            return "".join(kb.symbol_of(k) for k in self.syllable[:-1]) + (tone if tone != "ˉ" else "")
        return "".join(kb.symbol_of(k) for k in self.composing)

    def _auto_shift(self) -> None:
        """Proper case: a capital starts the name and each word (after a space or hyphen)."""
        if self.shift != "caps":
            start = not self.value or self.value[-1] in " -"
            self.shift = "auto" if self.kb.cased and start else "off"

    def _upper(self) -> bool:
        return self.shift in ("auto", "once", "caps")

    def _full(self, adding: str) -> bool:
        if len(self.value) + len(adding) > NAME_CHARS:
            self.ctl.say(ngettext("A name has at most {n} character.", "A name has at most {n} characters.",
                                  NAME_CHARS).format(n=NAME_CHARS))
            return True
        return False

    def _append(self, chars: str) -> bool:
        """Add ``chars`` to the name; ``False`` (and said why) if the name would be too long."""
        if self._full(chars):
            return False
        self.value = unicodedata.normalize("NFC", self.value + chars)[:NAME_CHARS]
        if self.shift in ("auto", "once"):
            self.shift = "off"
        self._auto_shift()
        return True

    def _commit_first(self) -> None:
        """A syllable whose character was not picked takes the first (most frequent) one."""
        cands = self.candidates()
        if not cands or self._append(cands[0]):
            self.syllable, self.page = "", 0

    # ------------------------------------------------------------------ layout

    def physical_areas(self) -> list[pygame.Rect]:
        """The keys (and Zhuyin's candidates, read from the left) keep their order on a mirrored
        (right-to-left) screen, as a printed keyboard does; the row with Cancel, the name and
        OK reads from the right."""
        top = CAND_Y if self.layout == "zhuyin" else KEYS_TOP[False]
        return [pygame.Rect(0, top, theme.WIDTH, theme.CONTENT_BOTTOM - top)]

    def _key_rows(self, kb: Layout) -> tuple[list[list[tuple[str, str, float]]], int, int]:
        """The rows as ``(id, label, width in key units)``, the pitch (px per unit) and the
        left edge, the block centred."""
        upper = self._upper()
        rows: list[list[tuple[str, str, float]]] = []
        for r, (row, shifted) in enumerate(zip(kb.rows, kb.shift)):
            keys: list[tuple[str, str, float]] = []
            for base, second in zip(row, shifted):
                wid = f"key:{base.upper() if kb.cased else base}"
                if kb.cased:
                    label = base.upper() if upper else base
                else:
                    label = second if upper else base
                keys.append((wid, label, 1.0))
            if r == 3 and kb.has_shift:
                keys.insert(0, ("shift", "⇪" if self.shift == "caps" else "⇧", 1.25))
            rows.append(keys)
        units = _units(kb, rows)
        pitch = min(MAX_PITCH, int((theme.WIDTH - 16 + GAP) / units))
        left = (theme.WIDTH - round(units * pitch - GAP)) // 2
        return rows, pitch, left

    def build(self) -> list[Button]:
        kb = self.kb
        out: list[Button] = [
            Button("cancel", pygame.Rect(8, FIELD_Y, 120, FIELD_H), _("Cancel")),
            Button("ok", pygame.Rect(theme.WIDTH - 128, FIELD_Y, 120, FIELD_H), _("OK"), fill=theme.GO),
        ]
        chinese = kb.id == "zhuyin"
        top, h = KEYS_TOP[chinese], key_height(chinese)
        if chinese:
            out += self._candidate_keys()
        rows, pitch, left = self._key_rows(kb)
        stagger = _stagger(kb)
        big = 24
        for r, row in enumerate(rows):
            x = left + stagger[r] * pitch
            y = top + r * (h + GAP)
            for wid, label, units in row:
                w = round(units * pitch - GAP)
                special = wid == "shift"
                size = 22 if special else 32 if label in TONES else big     # a tone mark is small in its em
                out.append(Button(wid, pygame.Rect(round(x), y, w, h), label, size=size,
                                  selected=special and self.shift != "off"))
                x += units * pitch
        out += self._bottom_row(kb, left, rows, pitch, top + 4 * (h + GAP), h)
        return out

    def _bottom_row(self, kb: Layout, left: int, rows: list[list[tuple[str, str, float]]], pitch: int, y: int,
                    h: int) -> list[Button]:
        """The layout keys, the space bar (Zhuyin: the first tone), the half-space (Persian) and
        delete, across the width of the rows above."""
        right = left + round(_units(kb, rows) * pitch - GAP)
        out: list[Button] = []
        x = left
        engine_missing = zhuyin.chewing() is None
        for lid in order(i18n.language().code):
            off = lid == "zhuyin" and engine_missing
            out.append(Button(f"layout:{lid}", pygame.Rect(x, y, 64, h), layouts()[lid].name, size=18,
                              selected=lid == kb.id, enabled=not off, reason=self._no_zhuyin() if off else ""))
            x += 64 + GAP
        delete = pygame.Rect(right - 110, y, 110, h)
        out.append(Button("del", delete, _("delete"), size=18))
        end = delete.x - GAP
        if kb.rtl:
            zwnj = pygame.Rect(end - 110, y, 110, h)
            out.append(Button("zwnj", zwnj, ZWNJ_LABEL, size=18, lang="fa"))
            end = zwnj.x - GAP
        if kb.id == "zhuyin":
            out.append(Button("key:ˉ", pygame.Rect(x, y, end - x, h), FIRST_TONE_LABEL, size=20, lang="zh_TW"))
        else:
            out.append(Button("key: ", pygame.Rect(x, y, end - x, h), _("space"), size=18))
        return out

    def _candidate_keys(self) -> list[Button]:
        cands = self.candidates()
        pages = max(1, -(-len(cands) // CAND_PER_PAGE))
        page = min(self.page, pages - 1)
        shown = cands[page * CAND_PER_PAGE:(page + 1) * CAND_PER_PAGE]
        w = (theme.WIDTH - 16 - 2 * (52 + GAP) - (CAND_PER_PAGE - 1) * GAP) // CAND_PER_PAGE
        out = [Button("page:prev", pygame.Rect(8, CAND_Y, 52, CAND_H), "◀", size=20, enabled=page > 0),
               Button("page:next", pygame.Rect(theme.WIDTH - 60, CAND_Y, 52, CAND_H), "▶", size=20,
                      enabled=page < pages - 1)]
        x = 8 + 52 + GAP
        for k, c in enumerate(shown):
            out.append(Button(f"cand:{c}", pygame.Rect(x + k * (w + GAP), CAND_Y, w, CAND_H), c, size=28,
                              lang="zh_TW", selected=page == 0 and k == 0))
        return out

    @staticmethod
    def _no_zhuyin() -> str:
        return _("Zhuyin input needs libchewing (Debian package {package}), which is not installed.").format(
            package=zhuyin.PACKAGE)

    # ------------------------------------------------------------------ drawing

    def paint(self, surface: pygame.Surface) -> None:
        text.draw(surface, self.title, (12, FIELD_Y // 2), 20, theme.TEXT, "midleft", bold=True,
                  max_width=theme.WIDTH - 24)
        box = pygame.Rect(136, FIELD_Y, theme.WIDTH - 272, FIELD_H)
        pygame.draw.rect(surface, theme.PANEL_HI, box, border_radius=6)
        mirrored = self.mirrored()
        spelling = self.spelling()
        # the name runs in its own direction (a Persian name from the right), whatever the
        # screen's: the side it is drawn from, in the layout (flipped back on a mirrored screen)
        rtl = text.paragraph_rtl(self.value) if self.value.strip() else self.kb.rtl
        from_right = rtl != mirrored
        anchor, x = ("midright", box.right - 12) if from_right else ("midleft", box.x + 12)
        room = box.width - 24 - (text.measure(spelling, 24) + 8 if spelling else 0) - 6
        shown = text.draw(surface, self.value, (x, box.centery), 24, theme.TEXT, anchor, max_width=room) \
            if self.value else pygame.Rect(x, box.centery - 14, 0, 28)
        # the end of the name: right of it left to right, left of it right to left
        end_right = (not rtl) != mirrored
        end = shown.right + 4 if end_right else shown.left - 4
        if spelling:
            r = text.draw(surface, spelling, (end, box.centery), 24, theme.ACCENT,
                          "midleft" if end_right else "midright")
            pygame.draw.line(surface, theme.ACCENT, (r.left, r.bottom), (r.right, r.bottom), 2)
            end = r.right + 4 if end_right else r.left - 4
        pygame.draw.line(surface, theme.ACCENT, (end, box.centery - 14), (end, box.centery + 14), 2)
        if self.layout == "zhuyin" and zhuyin.chewing() is None:
            text.draw(surface, self._no_zhuyin(), (theme.WIDTH // 2, CAND_Y + CAND_H // 2), 18, theme.BAD,
                      "center", max_width=theme.WIDTH - 24)

    # ------------------------------------------------------------------ input

    def press(self, wid: str) -> None:
        kb = self.kb
        if wid.startswith("key:"):
            self._key(kb, wid[4:])
        elif wid.startswith("cand:"):
            if wid[5:] in self.candidates() and self._append(wid[5:]):
                self.syllable, self.page = "", 0
        elif wid.startswith("page:"):
            pages = max(1, -(-len(self.candidates()) // CAND_PER_PAGE))
            self.page = max(0, min(pages - 1, self.page + (1 if wid == "page:next" else -1)))
        elif wid.startswith("layout:") and wid[7:] in layouts():
            if wid[7:] == "zhuyin" and zhuyin.chewing() is None:
                self.ctl.say(self._no_zhuyin(), "bad")
            else:
                if self.syllable:           # as an input method does: what was spelt is kept
                    self._commit_first()
                self.layout, self.composing, self.syllable, self.page = wid[7:], "", "", 0
                if self.shift != "caps" or not self.kb.cased:
                    self.shift = "off"
                self._auto_shift()
        elif wid == "shift":
            # a capital proper case put there goes with one tap ("van", "de"); else the next
            # letter, then all letters, then none
            self.shift = {"auto": "off", "off": "once", "once": "caps", "caps": "off"}[self.shift]
        elif wid == "zwnj":
            # a half-space joins two parts of one word: never first, never twice, never by a space
            if self.value and self.value[-1] not in (ZWNJ, " "):
                self._append(ZWNJ)
        elif wid == "del":
            self.back()
        elif wid == "cancel":
            self.ctl.pop()
            return
        elif wid == "ok":
            if self.syllable:
                self._commit_first()
            self.ctl.pop()
            self.done(self.value)
            return
        self.invalidate()

    def _key(self, kb: Layout, label: str) -> None:
        if kb.id == "zhuyin" and label != " ":
            self._zhuyin(kb, label)
            return
        if label == " ":
            if self.value and not self.value.endswith(" "):
                self._append(" ")
            return
        for row, shifted in zip(kb.rows, kb.shift):
            for base, second in zip(row, shifted):
                if (base.upper() if kb.cased else base) == label:
                    if kb.cased:
                        self._append(base.upper() if self._upper() else base.lower())
                    else:
                        self._append(second if self._upper() else base)
                    return

    def _zhuyin(self, kb: Layout, symbol: str) -> None:
        """A Zhuyin key: a tone ends the syllable and offers its characters; another symbol
        spells on (after the character of a syllable not picked: its first)."""
        if symbol in TONES:
            if not self.composing:
                return
            keys = self.composing + TONES[symbol]
            if not [c for c in zhuyin.candidates(keys) if drawable(c)]:
                self.ctl.say(_("No character is read as {zhuyin}.").format(zhuyin=self.spelling() + symbol))
                return
            self.syllable, self.composing, self.page = keys, "", 0
            return
        key = kb.key_of(symbol)
        if not key:
            return
        if self.syllable:
            self._commit_first()
        if len(self.value) >= NAME_CHARS:
            self._full("x")
            return
        spelt = zhuyin.spelling(self.composing + key)
        self.composing = "".join(kb.key_of(s) for s in spelt if kb.key_of(s) and s not in TONES)

    def text_entered(self, typed: str) -> None:
        """Text from a USB keyboard (SDL's text input; what an input method composed arrives
        whole). On the Zhuyin layout the keys of the Dachen layout spell Zhuyin, as printed on
        a Taiwanese keyboard, and the space bar is the first tone."""
        typed = unicodedata.normalize("NFC", typed)
        kb = self.kb
        if kb.id == "zhuyin" and zhuyin.chewing() is not None:
            keys = {k: s for s, k in kb.keys}
            if typed == " " and self.composing:
                self._zhuyin(kb, "ˉ")
                self.invalidate()
                return
            if len(typed) == 1 and typed.lower() in keys:
                self._zhuyin(kb, keys[typed.lower()])
                self.invalidate()
                return
        if self.syllable:
            self._commit_first()
        clean = "".join(ch for ch in typed if _allowed(ch))
        room = NAME_CHARS - len(self.value)
        if len(clean) > room:
            self._full(clean)
        if room > 0 and clean:
            self._append(clean[:room])
        self.invalidate()

    def back(self) -> bool:
        """Delete: the tone of a syllable being chosen (its spelling stays), else the last
        Zhuyin symbol being spelt, else the last character of the name."""
        if self.syllable:
            self.composing, self.syllable, self.page = self.syllable[:-1], "", 0
        elif self.composing:
            self.composing = self.composing[:-1]
        else:
            self.value = self.value[:-1]
            if self.shift in ("auto", "once") or not self.kb.cased:
                self.shift = "off"
            self._auto_shift()
        self.invalidate()
        return True
