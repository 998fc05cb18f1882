"""Typing names (issue 12, part 6): the Hungarian, Persian, Latin and Zhuyin keyboards, typed on
by their keys as a player taps them, checked against the keyboards players know (the X keyboard
configuration, libchewing), and drawn big enough, readable and without missing glyphs."""

from __future__ import annotations

import ctypes
import ctypes.util

import pygame
import pytest

from display import keyboard, text, theme, zhuyin
from display.controller import Controller
from display.keyboard import NAME_CHARS, KeyboardScreen, layouts
from firmware_host import i18n
from firmware_host.schema import name_problem
from tests.display.test_languages_on_screen import missing_glyphs


@pytest.fixture
def lang(surface):
    """Switch the screen language for one test (``lang("hu")``); English again afterwards."""
    def switch(code: str) -> None:
        i18n.set_language(code)
        text.clear_cache()
    yield switch
    i18n.set_language("en")
    text.clear_cache()


def open_keyboard(value: str = "") -> tuple[Controller, KeyboardScreen, list[str]]:
    ctl = Controller(None)
    got: list[str] = []
    kb = KeyboardScreen(ctl, "Name of seat 2", value, got.append)
    ctl.push(kb)
    return ctl, kb, got


def tap(ctl: Controller, *wids: str) -> None:
    """Tap the widgets as a finger does: each must be on the screen and enabled."""
    for wid in wids:
        button = ctl.active.find(wid)
        assert button is not None and button.enabled, f"{wid} is not on the keyboard now"
        ctl.press(button.id)


def zhuyin_keys(spelling: str) -> list[str]:
    return [f"key:{symbol}" for symbol in spelling]


# ---------------------------------------------------------------------------------- Hungarian

def test_odon_biro_on_the_hungarian_keyboard_in_proper_case(lang):
    lang("hu")
    ctl, kb, got = open_keyboard()
    assert kb.layout == "hu" and kb.shift == "auto"             # a name starts with a capital
    assert ctl.active.find("key:Ö").label == "Ö"
    tap(ctl, "key:Ö")
    assert ctl.active.find("key:Ö").label == "ö"                # then small letters
    tap(ctl, "key:D", "key:Ö", "key:N", "key: ", "key:B", "key:Í", "key:R", "key:Ó")
    assert kb.value == "Ödön Bíró"
    tap(ctl, "ok")
    assert got == ["Ödön Bíró"] and ctl.active is not kb


def test_the_hungarian_layout_is_qwertz_with_every_accent():
    hu = layouts()["hu"]
    keys = "".join("".join(row) for row in hu.rows)
    assert set("áéíóöőúüű") <= set(keys)
    assert hu.rows[1][:6] == tuple("qwertz") and hu.rows[3][1] == "y"
    assert hu.rows[0][0] == "0"


def test_shift_changes_the_next_letter_locks_and_unlocks(lang):
    lang("hu")
    ctl, kb, _got = open_keyboard()
    assert kb.shift == "auto" and ctl.active.find("shift").selected
    tap(ctl, "shift")                                           # the proper-case capital goes
    assert kb.shift == "off" and ctl.active.find("key:V").label == "v"
    tap(ctl, "key:V", "key:A", "key:N", "key: ")
    assert kb.value == "van " and kb.shift == "auto"           # a new word: a capital again
    tap(ctl, "shift", "shift", "shift")                         # off, the next letter, locked
    assert kb.shift == "caps" and ctl.active.find("shift").label == "⇪"
    tap(ctl, "key:E", "key:B", "shift", "key:E")                # unlocked: small letters
    assert kb.value == "van EBe"
    tap(ctl, "key:-")
    assert kb.shift == "auto"                                   # after a hyphen: a capital again
    tap(ctl, "key:7")
    assert kb.value == "van EBe-7"                              # Shift leaves digits alone
    tap(ctl, "shift", "key:X")
    assert kb.value == "van EBe-7X" and kb.shift == "off"       # once: one letter


# ---------------------------------------------------------------------------------- Persian

def test_sara_on_the_persian_keyboard_runs_from_the_right(lang):
    lang("fa")
    ctl, kb, got = open_keyboard()
    assert kb.layout == "fa" and kb.shift == "off"
    tap(ctl, "key:س", "key:ا", "key:ر", "key:ا")
    assert kb.value == "سارا"
    surface = pygame.display.get_surface()
    with text.recording() as drawn:
        ctl.draw(surface)
    name = next(d for d in drawn if d.text == "سارا")
    field = pygame.Rect(136, keyboard.FIELD_Y, theme.WIDTH - 272, keyboard.FIELD_H)
    # drawn from the right of the field: on the mirrored screen, at the mirror of its layout place
    on_screen = pygame.Rect(theme.WIDTH - name.rect.right, name.rect.y, name.rect.w, name.rect.h)
    assert on_screen.right >= field.right - 16 and on_screen.left > field.centerx
    assert [p.rtl for p in text.pieces("سارا")] == [True]       # shaped right to left
    assert missing_glyphs("سارا", False) == []
    tap(ctl, "ok")
    assert got == ["سارا"]


def test_the_persian_layout_has_its_letters_the_half_space_and_shift(lang):
    lang("fa")
    fa = layouts()["fa"]
    keys = "".join("".join(row) for row in fa.rows)
    assert set("پچژگیک") <= set(keys) and "آ" in keys
    assert not set("يك") & set(keys + "".join("".join(r) for r in fa.shift))   # Arabic look-alikes left out
    assert fa.rows[1][0] == "ض" and fa.rows[2][2] == "ی" and fa.rows[3][6] == "پ"
    ctl, kb, _got = open_keyboard()
    tap(ctl, "key:م", "key:ه", "key:ر", "zwnj", "zwnj", "key:ن", "key:و", "key:ش")
    assert kb.value == "مهر\u200cنوش"                         # one half-space, not two
    assert name_problem(kb.value) is None                       # the setups take it
    tap(ctl, "shift")
    assert ctl.active.find("key:س").label == "ئ"
    tap(ctl, "key:س")
    assert kb.value.endswith("ئ") and kb.shift == "off"
    ctl2, kb2, _ = open_keyboard()
    tap(ctl2, "zwnj")
    assert kb2.value == ""                                      # never first


def test_a_name_of_only_half_spaces_is_no_name():
    assert name_problem("\u200c\u200c") is not None
    assert name_problem("a\u0000") is not None


# ---------------------------------------------------------------------------------- Chinese

def test_chen_meiling_by_zhuyin(lang):
    lang("zh_TW")
    ctl, kb, got = open_keyboard()
    assert kb.layout == "zhuyin"
    tap(ctl, *zhuyin_keys("ㄔㄣˊ"))
    assert kb.candidates()[0] == "陳"                            # the commonest first
    assert ctl.active.find("cand:陳").selected
    tap(ctl, "cand:陳", *zhuyin_keys("ㄇㄟˇ"), "cand:美", *zhuyin_keys("ㄌㄧㄥˊ"), "cand:玲")
    assert kb.value == "陳美玲" and kb.syllable == "" and kb.composing == ""
    tap(ctl, "ok")
    assert got == ["陳美玲"]


def test_the_candidates_are_traditional_and_come_from_libchewing():
    assert zhuyin.chewing() is not None, zhuyin.problem()
    chen = zhuyin.candidates("tp6")                             # ㄔㄣˊ
    assert "陳" in chen and "陈" not in chen
    ling = zhuyin.candidates("xu/6")                            # ㄌㄧㄥˊ
    assert "齡" in ling and "龄" not in ling and "玲" in ling
    assert zhuyin.spelling("ux") == "ㄌㄧ"                      # Chewing puts the symbols in order
    assert zhuyin.candidates("3") == ()                         # a tone alone: nothing


def test_candidates_come_in_pages_with_big_keys(lang):
    lang("zh_TW")
    ctl, kb, _got = open_keyboard()
    tap(ctl, *zhuyin_keys("ㄔㄣˊ"))
    all_ = kb.candidates()
    assert len(all_) > 2 * keyboard.CAND_PER_PAGE
    first = [b.id[5:] for b in ctl.active.widgets() if b.id.startswith("cand:")]
    assert first == all_[:keyboard.CAND_PER_PAGE]
    assert not ctl.active.find("page:prev").enabled
    tap(ctl, "page:next")
    second = [b.id[5:] for b in ctl.active.widgets() if b.id.startswith("cand:")]
    assert second == all_[keyboard.CAND_PER_PAGE:2 * keyboard.CAND_PER_PAGE]
    for b in ctl.active.widgets():
        if b.id.startswith("cand:"):
            assert min(b.rect.size) >= theme.MIN_TARGET and b.size >= 18


def test_spelling_on_takes_the_first_character_and_delete_steps_back(lang):
    lang("zh_TW")
    ctl, kb, _got = open_keyboard()
    tap(ctl, *zhuyin_keys("ㄔㄣˊ"), *zhuyin_keys("ㄇㄟ"))
    assert kb.value == "陳" and kb.spelling() == "ㄇㄟ"
    tap(ctl, "key:ˇ", "del")                                   # the tone goes, the spelling stays
    assert kb.syllable == "" and kb.spelling() == "ㄇㄟ"
    tap(ctl, "del", "del")
    assert kb.spelling() == "" and kb.value == "陳"
    tap(ctl, "del")
    assert kb.value == ""
    tap(ctl, "key:ˊ")                                          # a tone with nothing spelt: nothing
    assert kb.syllable == "" and kb.value == ""
    tap(ctl, "key:ㄈ", "key:ㄧ", "key:ˉ")                      # ㄈㄧ is no syllable: said so
    assert kb.syllable == "" and kb.spelling() == "ㄈㄧ" and "ㄈㄧˉ" in ctl.message


# ---------------------------------------------------------------------------------- layouts

def test_the_layout_follows_the_language_and_a_key_switches_it(lang):
    for code, own in keyboard.OWN.items():
        lang(code)
        ctl, kb, _got = open_keyboard()
        assert kb.layout == own
        switches = [b.id for b in ctl.active.widgets() if b.id.startswith("layout:")]
        assert switches[0] == f"layout:{own}" and "layout:latin" in switches[:2]
        assert len(switches) == len(layouts())
    lang("zh_TW")
    ctl, kb, _got = open_keyboard()
    tap(ctl, "layout:latin", "key:A", "key:N", "key:N")
    assert kb.value == "Ann" and ctl.active.find("key:Q") is not None
    tap(ctl, "layout:zhuyin", *zhuyin_keys("ㄌㄧㄥˊ"), "cand:玲")
    assert kb.value == "Ann玲"


def test_the_test_of_the_old_keyboard_still_holds_in_english(tmp_path):
    """The new-game forms' scripts tap ``key:<capital>``: "Blue" + Z, O = "Bluezo"."""
    ctl, kb, _got = open_keyboard("Blue")
    tap(ctl, "key:Z", "key:O")
    assert kb.value == "Bluezo"


# ---------------------------------------------------------------------------------- limits, USB

def test_a_name_is_at_most_sixteen_characters(lang):
    lang("zh_TW")
    ctl, kb, _got = open_keyboard("一二三四五六七八九十一二三四五")
    tap(ctl, *zhuyin_keys("ㄔㄣˊ"), "cand:陳")
    assert len(kb.value) == NAME_CHARS
    tap(ctl, "key:ㄔ")
    assert kb.composing == "" and "16" in ctl.message
    lang("en")
    ctl, kb, _got = open_keyboard("abcdefghijklmnop")
    tap(ctl, "key:Q")
    assert kb.value == "abcdefghijklmnop" and "16" in ctl.message
    kb.text_entered("xyz")
    assert kb.value == "abcdefghijklmnop"


def test_a_usb_keyboard_types_through_sdl_text_input(lang):
    from firmware_host.inputs import ButtonPressed, TextEntered

    ctl, kb, _got = open_keyboard()
    ctl.handle(TextEntered("O\u0308do\u0308n"))                 # decomposed: joined (NFC)
    assert kb.value == "Ödön"
    ctl.handle(TextEntered("\x07 Bíró"))                        # a control character: dropped
    assert kb.value == "Ödön Bíró"
    ctl.handle(ButtonPressed("undo"))                          # Backspace
    assert kb.value == "Ödön Bír"
    ctl.handle(TextEntered("陳美玲"))                            # what an input method composed
    assert kb.value == "Ödön Bír陳美玲"
    ctl.handle(TextEntered("x" * 40))
    assert len(kb.value) == NAME_CHARS
    lang("zh_TW")
    ctl, kb, _got = open_keyboard()
    for ch in "tp6":                                           # a Taiwanese keyboard: ㄔ ㄣ ˊ
        ctl.handle(TextEntered(ch))
    assert kb.candidates()[0] == "陳"
    ctl.handle(ButtonPressed("ok"))
    assert _got == ["陳"]


# ---------------------------------------------------------------------------------- drawn

@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
@pytest.mark.parametrize("layout", list(layouts()))
def test_every_keyboard_fits_reads_and_has_its_glyphs(lang, code, layout):
    lang(code)
    ctl, kb, _got = open_keyboard()
    tap(ctl, f"layout:{layout}")
    typed = {"latin": ["key:A", "key:N"], "hu": ["key:Ő", "key:R"], "fa": ["key:س", "key:ا"],
             "zhuyin": zhuyin_keys("ㄔㄣˊ")}[layout]
    tap(ctl, *typed)
    surface = pygame.display.get_surface()
    with text.recording() as drawn:
        ctl.draw(surface)
    screen = pygame.Rect(0, 0, theme.WIDTH, theme.CONTENT_BOTTOM)
    widgets = ctl.active.widgets()
    for i, b in enumerate(widgets):
        assert min(b.rect.size) >= theme.MIN_TARGET, b
        assert screen.contains(b.rect), b
        assert not any(b.rect.colliderect(o.rect) for o in widgets[i + 1:]), b
    for d in drawn:
        if not d.text.strip():
            continue
        assert d.shown == d.text, d                            # nothing cut
        assert d.shown_size >= 18, d
        assert d.contrast is None or d.contrast >= 4.5, d
        assert missing_glyphs(d.shown, d.bold) == [], d
    labels = {d.text for d in drawn}
    assert {b.label for b in widgets if b.label} <= labels


def test_the_pictures(lang, tmp_path):
    """The keyboards as a player sees them (the PNGs looked at for the issue)."""
    surface = pygame.display.get_surface()
    for code, presses in (("en", ["key:A", "key:N", "key:N"]),
                          ("hu", ["key:Ö", "key:D", "key:Ö", "key:N", "key: ", "key:B", "key:Í"]),
                          ("fa", ["key:س", "key:ا", "key:ر", "key:ا"]),
                          ("zh_TW", ["key:ㄔ", "key:ㄣ", "key:ˊ", "cand:陳", "key:ㄇ", "key:ㄟ", "key:ˇ"])):
        lang(code)
        ctl, _kb, _got = open_keyboard()
        tap(ctl, *presses)
        ctl.draw(surface)
        path = tmp_path / f"keyboard-{code}.png"
        pygame.image.save(surface, str(path))
        assert path.stat().st_size > 10_000


# ---------------------------------------------------------------------------------- the layouts' sources

XKB_KEYS = {
    "latin": ("us", [[f"AE{i:02}" for i in range(1, 12)], [f"AD{i:02}" for i in range(1, 11)],
                     [f"AC{i:02}" for i in range(1, 10)] + ["AC11"], [f"AB{i:02}" for i in range(1, 8)] + ["AB09"]]),
    "hu": ("hu", [["TLDE"] + [f"AE{i:02}" for i in range(1, 13)], [f"AD{i:02}" for i in range(1, 13)],
                  [f"AC{i:02}" for i in range(1, 12)] + ["BKSL"], ["LSGT"] + [f"AB{i:02}" for i in range(1, 11)]]),
    "fa": ("ir", [[f"AE{i:02}" for i in range(1, 11)], [f"AD{i:02}" for i in range(1, 13)],
                  [f"AC{i:02}" for i in range(1, 12)], [f"AB{i:02}" for i in range(1, 9)]]),
}


class Xkb:
    """The X keyboard configuration (Debian: xkb-data) compiled by libxkbcommon."""

    def __init__(self) -> None:
        lib = ctypes.CDLL(ctypes.util.find_library("xkbcommon") or "libxkbcommon.so.0")
        lib.xkb_context_new.restype = ctypes.c_void_p
        lib.xkb_context_new.argtypes = [ctypes.c_int]
        lib.xkb_keymap_new_from_names.restype = ctypes.c_void_p
        lib.xkb_keymap_new_from_names.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int]
        lib.xkb_keymap_key_by_name.restype = ctypes.c_uint32
        lib.xkb_keymap_key_by_name.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        lib.xkb_keymap_key_get_syms_by_level.restype = ctypes.c_int
        syms = ctypes.POINTER(ctypes.POINTER(ctypes.c_uint32))
        lib.xkb_keymap_key_get_syms_by_level.argtypes = [ctypes.c_void_p, ctypes.c_uint32, ctypes.c_uint32,
                                                         ctypes.c_uint32, syms]
        lib.xkb_keysym_to_utf32.restype = ctypes.c_uint32
        lib.xkb_keysym_to_utf32.argtypes = [ctypes.c_uint32]
        self.lib = lib
        self.ctx = lib.xkb_context_new(0)

    def chars(self, layout: str, keys: list[str], level: int) -> str:
        class Names(ctypes.Structure):
            _fields_ = [(f, ctypes.c_char_p) for f in ("rules", "model", "layout", "variant", "options")]

        names = Names(b"evdev", b"pc105", layout.encode(), b"", b"")
        keymap = self.lib.xkb_keymap_new_from_names(self.ctx, ctypes.byref(names), 0)
        assert keymap, f"xkb has no layout {layout}"
        out = []
        for key in keys:
            code = self.lib.xkb_keymap_key_by_name(keymap, key.encode())
            syms = ctypes.POINTER(ctypes.c_uint32)()
            n = self.lib.xkb_keymap_key_get_syms_by_level(keymap, code, 0, level, ctypes.byref(syms))
            out.append(chr(self.lib.xkb_keysym_to_utf32(syms[0])) if n else "")
        return "".join(out)


def test_the_latin_hungarian_and_persian_keys_are_where_xkb_has_them():
    xkb = Xkb()
    for lid, (xkb_layout, rows) in XKB_KEYS.items():
        kb = layouts()[lid]
        for r, keys in enumerate(rows):
            assert "".join(kb.rows[r][:len(keys)]) == xkb.chars(xkb_layout, keys, 0), (lid, r)
            if not kb.cased:
                second = xkb.chars(xkb_layout, keys, 1)
                for base, shifted, level2 in zip(kb.rows[r], kb.shift[r], second):
                    assert shifted in (base, level2), (lid, r, base, shifted, level2)
    # the two letters the Persian Z row adds are its second level's
    fa_second = xkb.chars("ir", ["AC06", "AB03"], 1)
    assert "".join(layouts()["fa"].rows[3][-2:]) == fa_second[::-1]


def test_the_zhuyin_keys_are_those_libchewing_reads():
    zh = layouts()["zhuyin"]
    for symbol, key in zh.keys:
        if symbol in keyboard.TONES:
            assert keyboard.TONES[symbol] == key, symbol
        else:
            assert zhuyin.spelling(key) == symbol, (symbol, key)


def test_without_libchewing_the_zhuyin_key_says_what_to_install(lang, monkeypatch):
    monkeypatch.setattr(zhuyin, "chewing", lambda: None)
    lang("zh_TW")
    ctl, kb, _got = open_keyboard()
    assert kb.layout == "zhuyin"
    surface = pygame.display.get_surface()
    with text.recording() as drawn:
        ctl.draw(surface)
    assert any(zhuyin.PACKAGE in d.text for d in drawn)         # said where the candidates go
    key = ctl.active.find("layout:zhuyin")
    assert not key.enabled and zhuyin.PACKAGE in key.reason
    tap(ctl, "layout:latin", "key:A")
    assert kb.value == "A"                                       # the other layouts work
    kb.press("layout:zhuyin")
    assert kb.layout == "latin" and zhuyin.PACKAGE in ctl.message


def test_key_labels_name_every_label_a_layout_key_shows(lang):
    """What the pseudo-locale test may leave out as not catalog text: exactly the keys'
    labels, not the screen's words (Cancel, OK, space, delete)."""
    labels = keyboard.key_labels()
    for code in i18n.LANGUAGES:
        lang(code)
        for layout in layouts():
            ctl, kb, _got = open_keyboard()
            tap(ctl, f"layout:{layout}")
            for _shift in range(3):
                for b in ctl.active.widgets():
                    if b.id.startswith(("key:", "layout:")) and b.id != "key: " or b.id in ("shift", "zwnj"):
                        assert b.label in labels, (code, layout, b.id, b.label)
                if kb.kb.has_shift:
                    tap(ctl, "shift")
    assert not {"Cancel", "OK", "space", "delete"} & labels
