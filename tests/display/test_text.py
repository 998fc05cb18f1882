"""Fitting text: the binary searches cut and wrap every message exactly where the
one-character-at-a-time loops do, and a huge message costs O(log n) measurements (issue 14);
lines break per script: between Chinese characters, hyphenated Hungarian words (issue 12)."""

from __future__ import annotations

import ast
import functools
import math
import random
import re
import string
from pathlib import Path

import pytest

from display import text, theme
from firmware_host import i18n

POT = Path(__file__).parents[2] / "firmware_host" / "locale" / "table_companion.pot"

# the player names of the tests and the screenshots
NAMES = ("Anna", "Bela", "Chen", "Dara", "Aurelia", "Brutus", "Cassia", "Decimus", "Egnatia", "Ann", "Ben",
         "Cai", "Dora", "Eli", "Fay", "Red", "Green", "Blue", "Brown", "A", "B", "C", "X", "Bo", "ABCDE")
PERSIAN = (
    "بازیکن Anna امتیاز 42", "نوبت آنا: یک", "فارسی", "بازی جدید: تراژان",
    "کارت‌ها را از دست خود بازی کنید، سپس Egnatia نوبت بعدی را دارد.",
    "Brutus ۱۲ امتیاز پیروزی دارد (۳ کارت)", "سرعت 7: −2 مقاومت در هر خانهٔ پیچ. ارابهٔ Ann خرد می‌شود!",
    "برچسب NFC را زیر یک قطعه بچسبانید، سپس آن را اینجا ثبت کنید: همراه آن قطعه را ثبت می‌کند.",
)
CHINESE = (
    "繁體中文", "新遊戲：圖拉真", "輪到 Anna 了", "Brutus 有 12 勝利點（3 張牌）",
    "在部件下面貼一個 NFC 標籤，然後在這裡登記：標籤碰到讀卡器時，夥伴就會記錄該部件。",
)
HUNGARIAN = ("Magyar", "Új játék: Traianus", "Vissza", "Kész", "Anna győzelmi pontjai: 42 (3 kártya)")


def catalog() -> list[str]:
    """Every msgid and msgid_plural of the template."""
    found = re.findall(r'^msgid(?:_plural)? ((?:".*"\n)+)', POT.read_text(encoding="utf-8"), re.M)
    out = ["".join(ast.literal_eval(part) for part in re.findall(r'^".*"$', m, re.M)) for m in found]
    return [m for m in out if m]


class _Fill(dict):
    def __missing__(self, key: str) -> object:
        return 7.0 if key == "s" else "Egnatia" if key in ("player", "name", "chariot", "winner") else 12


def formatted(messages: list[str]) -> list[str]:
    out = []
    for m in messages:
        if "{" in m:
            try:
                out.append(m.format_map(_Fill()))
            except (ValueError, KeyError, IndexError):
                pass
    return out


def corpus() -> list[str]:
    messages = catalog()
    return list(dict.fromkeys(messages + formatted(messages) + list(NAMES) + list(HUNGARIAN)))


# -- the reference: the linear loops of display/text.py before issue 14, on today's measure ----------

@functools.cache
def _old_measure(s: str, size: int, bold: bool, lang: str) -> int:
    return text.measure(s, size, bold, lang)


def old_measure(s: str, size: int, bold: bool = False, lang: str = "") -> int:
    return _old_measure(s, size, bold, lang or i18n.language().code)


def old_fit(s: str, size: int, max_px: int, bold: bool = False, min_size: int = 12, lang: str = "") -> int:
    while size > min_size and old_measure(s, size, bold, lang) > max_px:
        size -= 1
    return size


def old_fitted(s: str, size: int, max_width: int, bold: bool = False, lang: str = "") -> tuple[str, int]:
    """What the old draw() rendered for ``max_width``."""
    size = old_fit(s, size, max_width, bold, lang=lang)
    if old_measure(s, size, bold, lang) > max_width:
        while s and old_measure(s + "…", size, bold, lang) > max_width:
            s = s[:-1]
        s += "…"
    return s, size


def old_wrap(s: str, size: int, max_px: int, bold: bool = False) -> list[str]:
    lines: list[str] = []
    for paragraph in s.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}".strip()
            if line and old_measure(trial, size, bold) > max_px:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


# -- fixtures -------------------------------------------------------------------------------------

@pytest.fixture
def language(surface):
    def use(code: str) -> None:
        i18n.set_language(code)
        text.clear_cache()
        _old_measure.cache_clear()

    yield use
    use("en")


class Counting:
    """A font that counts the measurements and renderings asked of it."""

    def __init__(self, font, counts: dict[str, int]) -> None:
        self._font, self._counts = font, counts

    def size(self, s: str) -> tuple[int, int]:
        self._counts["size"] += 1
        self._counts["chars"] += len(s)
        return self._font.size(s)

    def render(self, *args):
        self._counts["render"] += 1
        return self._font.render(*args)

    def __getattr__(self, name: str):
        return getattr(self._font, name)


@pytest.fixture
def counts(surface, monkeypatch):
    """Measurements (``size()``) and renderings of runs, from a clean cache."""
    tally = {"size": 0, "chars": 0, "render": 0}
    real = text.run_font

    @functools.lru_cache(maxsize=256)
    def counting(face, size: int, bold: bool = False, rtl: bool = False, script: str = "Latn"):
        return Counting(real(face, size, bold, rtl, script), tally)

    text.clear_cache()
    monkeypatch.setattr(text, "run_font", counting)
    yield tally
    monkeypatch.undo()
    text.clear_cache()


# -- the same output as before ----------------------------------------------------------------------

def test_the_corpus_is_the_catalog():
    messages = catalog()
    assert len(messages) > 1000
    assert "Count what each player holds at the end: hand and discard pile together. " \
           "Enter the players clockwise from the start player: the Praefectus Magnus " \
           "decides a tie by seat order (C-END-4)." in messages
    assert "{n} sestertii" in messages                      # plurals too
    assert len(formatted(messages)) > 300


def test_a_text_without_right_to_left_letters_is_one_left_to_right_run():
    rng = random.Random(14)
    alphabet = "ab 1,.:-()ÁőűŐ+−×·…中文，。（）" + "\u00a0"
    samples = corpus() + list(CHINESE) + list(HUNGARIAN) + ["", " ", "  a  ", "42", "(3)"]
    samples += ["".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 40))) for _ in range(2000)]
    for s in samples:
        assert text.runs(s) == ([(s, False)] if s else []), s


@pytest.mark.parametrize("s, expected", [
    ("بازیکن Anna امتیاز 42", [("بازیکن ", True), ("Anna", False), (" امتیاز ", True), ("42", False)]),
    ("نوبت آنا: یک", [("نوبت آنا: یک", True)]),
    ("12 امتیاز", [("12", False), (" امتیاز", True)]),
    # Persian digits after a Latin name belong to it (W7); after Persian letters they are a run
    ("Brutus ۱۲ امتیاز (۳ کارت)", [("Brutus ۱۲", False), (" امتیاز (", True), ("۳", False), (" کارت)", True)]),
    ("ربع سال 1 · دور 2", [("ربع سال ", True), ("1", False), (" · دور ", True), ("2", False)]),
    ("Anna Maria: ۱۲ امتیاز", [("Anna Maria: ۱۲", False), (" امتیاز", True)]),
    # a UID, a rule ID and a sum read left to right as one unit
    ("کد 04:A2:FF ثبت شد", [("کد ", True), ("04:A2:FF", False), (" ثبت شد", True)]),
    ("قانون T-ROUND-2 را ببینید", [("قانون ", True), ("T-ROUND-2", False), (" را ببینید", True)]),
    ("امتیاز 10+12=22", [("امتیاز ", True), ("10+12=22", False)]),
    ("امتیاز ", [("امتیاز ", True)]),
    # brackets pair up (N0): around Persian words they are Persian, around a name the name's
    ("بازیکن Anna (۱۲ امتیاز)", [("بازیکن ", True), ("Anna", False), (" (", True), ("۱۲", False),
                                 (" امتیاز)", True)]),
    ("بازیکن Anna (Bela)", [("بازیکن ", True), ("Anna (Bela)", False)]),
])
def test_persian_runs_follow_the_bidi_algorithm(s, expected):
    """Latin names and numbers inside a Persian sentence are left-to-right runs (digits, also
    Persian ones, read left to right; a colon between numbers joins them), the rest runs right to
    left."""
    assert text.runs(s) == expected


@pytest.mark.parametrize("s, drawn", [
    # from the left edge: the Persian sentence's first word is rightmost, each name and number
    # reads left to right
    ("بازیکن Anna امتیاز 42", ["42", "امتیاز", "Anna", "بازیکن"]),
    ("کد 04:A2:FF ثبت شد", ["ثبت شد", "04:A2:FF", "کد"]),
    ("Anna 12 VP", ["Anna 12 VP"]),
])
def test_runs_are_drawn_in_visual_order(s, drawn):
    assert [p.text.strip() for p in text.pieces(s) if p.text.strip()] == drawn


def test_each_run_is_drawn_in_the_font_of_its_script(surface):
    """Persian letters in the Persian font, Latin names and digits in the Latin one, Han in the
    Traditional Chinese face of the collection (not its first, Japanese, face)."""
    faces = {p.text.strip(): p.face for p in text.pieces("بازیکن Anna امتیاز 42 · 輪到")}
    assert faces["بازیکن"].family == faces["امتیاز"].family == i18n.LANGUAGES["fa"].fonts[0]
    assert faces["Anna"].family == faces["42"].family == "DejaVu Sans"
    tc = text.find_face("Noto Sans CJK TC")
    assert tc is not None and (tc.path.endswith(".ttc") and tc.index > 0)
    assert any(p.face == tc for p in text.pieces("輪到 Anna 了"))
    # Persian right-to-left runs are shaped right to left, Latin ones left to right
    assert {p.text.strip(): p.rtl for p in text.pieces("بازیکن Anna")} == {"بازیکن": True, "Anna": False}


@pytest.mark.parametrize("bold", [False, True])
def test_cuts_as_before(language, bold):
    language("en")
    for s in corpus():
        for max_width in (30, 60, 118, 150, 300, 780):
            for size in (12, 14, 17, 22):
                assert text.fitted(s, size, max_width, bold) == old_fitted(s, size, max_width, bold), \
                    (s, size, max_width)


@pytest.mark.parametrize("code, samples", [("fa", PERSIAN), ("zh_TW", CHINESE), ("hu", HUNGARIAN), ("en", PERSIAN)])
def test_cuts_as_before_right_to_left_and_cjk(language, code, samples):
    """Every width from 1 to past the whole text: Arabic joining forms make prefix widths dip."""
    language(code)
    for s in samples + NAMES[:6]:
        for bold in (False, True):
            for size in (12, 16, 20):
                for max_width in range(1, old_measure(s + "…", size, bold) + 2):
                    assert text.fitted(s, size, max_width, bold) == old_fitted(s, size, max_width, bold), \
                        (s, size, max_width, bold)


@pytest.mark.parametrize("bold", [False, True])
def test_wraps_as_before(language, bold):
    language("en")
    samples = corpus()
    samples += ["\n".join(samples[k:k + 3]) for k in range(0, len(samples), 97)]            # paragraphs
    samples += [" ".join(samples[k:k + 12]) for k in range(0, len(samples), 61)]            # long ones
    samples += ["", " ", "a  b", "  lead", "trail  ", "\ta \t b\t", "x \u00a0 y", "\t  \t word", "a\t\t  b c"]
    for s in samples:
        for max_px in (1, 100, 160, 300, 500):
            for size in (14, 16, 24):
                assert text.wrap(s, size, max_px, bold, hyphenate=False) == old_wrap(s, size, max_px, bold), \
                    (s, size, max_px)


@pytest.mark.parametrize("code, samples", [("fa", PERSIAN), ("hu", HUNGARIAN)])
def test_wraps_as_before_right_to_left(language, code, samples):
    language(code)
    for s in samples + (" ".join(samples),):
        for size in (14, 16):
            for max_px in range(20, 400, 7):
                assert text.wrap(s, size, max_px, hyphenate=False) == old_wrap(s, size, max_px), (s, size, max_px)


def test_hyphenation_changes_only_lines_with_a_word_wider_than_the_line(language):
    language("hu")
    for s in corpus()[::3]:
        for max_px in (100, 160, 300):
            old = old_wrap(s, 16, max_px)
            if all(text.measure(w, 16) <= max_px for w in s.split()):
                assert text.wrap(s, 16, max_px) == old, (s, max_px)


@pytest.mark.parametrize("s, width, expected", [
    ("Fórumlapkák", 60, ["Fórum-", "lapkák"]),
    ("Fórumlapkák", 45, ["Fó-", "rum-", "lap-", "kák"]),
    ("kijátszáshoz", 80, ["kijátszás-", "hoz"]),
    ("kijátszáshoz", 55, ["kiját-", "szás-", "hoz"]),
    ("Szaturnusz", 70, ["Szatur-", "nusz"]),
    ("asszony", 40, ["as-", "szony"]),           # a double "sz" is not split inside a letter
    ("04A2FF04A2FF04A2FF", 40, ["04A2FF04A2FF04A2FF"]),     # no letters to hyphenate: whole
])
def test_a_hungarian_word_wider_than_the_line_is_hyphenated_at_syllables(language, s, width, expected):
    language("hu")
    lines = text.wrap(s, 16, width)
    assert lines == expected
    for line in lines[:-1]:
        assert text.measure(line, 16) <= width


@pytest.mark.parametrize("s", CHINESE + (
    "軍事領袖還在軍營中。請先讓軍事領袖行軍到某個省分。",
    "點選兩個指示物可互換。輪到 Anna 了（第 3 回合）「拍賣」結束。",
))
def test_chinese_breaks_between_characters_and_keeps_punctuation_with_its_word(language, s):
    language("zh_TW")
    whole = text.measure(s, 16)
    for width in range(40, whole + 40, 9):
        lines = text.wrap(s, 16, width)
        joined = "".join(line[:-1] if line.endswith("-") and k < len(lines) - 1 else line
                         for k, line in enumerate(lines))
        assert joined.replace(" ", "") == s.replace(" ", ""), (width, lines)
        for k, line in enumerate(lines):
            assert text.measure(line, 16) <= width or len(text._items(line)) == 1, (width, line)
            if k:
                assert line[0] not in "，。、；：？！）」』》", (width, lines)
            assert line[-1] not in "（「『《", (width, lines)
    # the catalog's long message in a panel a third of the screen wide: it was one 624-px line
    assert max(text.measure(line, 16) for line in text.wrap(s, 16, 310)) <= 310 or len(s) < 3


def test_whitespace_only_words_wrap_as_before(language):
    """Tabs, no-break spaces and runs of spaces: the old loop's strip() quirks, kept."""
    language("en")
    rng = random.Random(4)
    pieces = ["a", "bb", "word", "longer-word", "", "\t", "\u00a0", " ", "\n", "x\t", "\ty", "Aurelia"]
    for _ in range(3000):
        s = "".join(rng.choice(pieces) + rng.choice(["", " ", "  "]) for _ in range(rng.randrange(1, 14)))
        for max_px in (1, 20, 45, 90):
            assert text.wrap(s, 16, max_px, hyphenate=False) == old_wrap(s, 16, max_px), repr(s)


# -- bounded work ---------------------------------------------------------------------------------

def log2(n: int) -> int:
    return math.ceil(math.log2(n + 1))


def test_no_line_longer_than_the_cap_fits_the_screen(language):
    """Why :data:`text.MAX_CHARS` changes nothing that can be seen: even the narrowest glyphs, at
    the smallest size fitting goes down to, are wider than the screen by then."""
    for code in i18n.LANGUAGES:
        language(code)
        for bold in (False, True):
            narrowest = min(string.printable.strip() + " ", key=lambda c: text.measure(c * 10, 12, bold))
            assert text.measure(narrowest * text.MAX_CHARS, 12, bold) > theme.WIDTH, (code, bold, narrowest)


@pytest.mark.parametrize("n", [6128, 100_000])
def test_a_huge_message_is_cut_in_log_measurements(surface, counts, n):
    report = ("Corner 3 ahead at speed 7: −2 resistance per corner space. Ann would be WRECKED! " * 2000)[:n]
    rect = text.draw(surface, report, (10, 10), 16, max_width=theme.WIDTH - 20)
    fit_sizes = 16 - 12 + 1                                         # fit() tries each size down to 12
    assert counts["size"] <= fit_sizes + log2(text.MAX_CHARS) + text._CUT_SLACK
    assert counts["chars"] <= counts["size"] * (text.MAX_CHARS + 1)
    assert counts["render"] == 1
    assert rect.width <= theme.WIDTH - 20
    shown, size = text.fitted(report, 16, theme.WIDTH - 20)
    assert size == 12 and shown.endswith("…") and report.startswith(shown[:-1])
    assert shown == old_fitted(report[:text.MAX_CHARS], 16, theme.WIDTH - 20)[0]


def test_a_huge_tag_uid_is_cut_in_log_measurements(surface, counts):
    uid = "04:A2:" * 2000
    text.draw(surface, f"Unknown tag {uid}", (24, 16), 24, bold=True, max_width=theme.WIDTH - 48)
    assert counts["size"] <= (24 - 12 + 1) + log2(text.MAX_CHARS) + text._CUT_SLACK
    assert counts["render"] == 1


def test_a_cut_measures_log_n_prefixes(surface, counts):
    """Without the cap's help: a cut of n characters measures O(log n) of its prefixes."""
    for n in (50, 200, 512):
        s = "".join(random.Random(n).choice(string.ascii_letters + "  ") for _ in range(n))
        counts["size"] = 0
        text._cut(s, 12, 150, False, "en")
        assert counts["size"] <= log2(n) + text._CUT_SLACK - 1, n


def test_a_10k_character_word_wraps_in_a_few_measurements(surface, counts):
    word = "04A2" * 2500
    lines = text.wrap(f"Tag {word} unknown", 16, 300)
    assert lines == ["Tag", word[:text.MAX_WRAP_CHARS - 4]]
    assert counts["size"] <= 2
    assert counts["chars"] <= 2 * (text.MAX_WRAP_CHARS + 1)


def test_a_huge_text_wraps_in_log_measurements_per_line(surface, counts):
    s = ("Corner 3 ahead at speed 7: −2 resistance per corner space. Ann would be WRECKED! " * 2000)[:100_000]
    lines = text.wrap(s, 15, 300)
    assert sum(len(line) + 1 for line in lines) - 1 == text.MAX_WRAP_CHARS
    most_words = max(len(line.split(" ")) for line in lines)
    assert counts["size"] <= len(lines) * (2 * log2(most_words) + 2)
    assert lines == old_wrap(s[:text.MAX_WRAP_CHARS], 15, 300)
