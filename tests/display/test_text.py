"""Fitting text: the binary searches cut and wrap every message exactly where the old
one-character-at-a-time loops did, and a huge message costs O(log n) measurements (issue 14)."""

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
    "中文", "新游戏：图拉真", "轮到 Anna 了", "Brutus 有 12 胜利点（3 张牌）",
    "在部件下面贴一个 NFC 标签，然后在这里登记：标签碰到读卡器时，伴侣就会记录该部件。",
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


# -- the reference: display/text.py before issue 14, copied --------------------------------------

def old_runs(s: str) -> list[tuple[str, bool]]:
    kinds = [text._strength(ch) for ch in s]
    paragraph = "R" if "R" in kinds else "L"
    resolved = list(kinds)
    for i, k in enumerate(kinds):
        if k == "N":
            before = next((kinds[j] for j in range(i - 1, -1, -1) if kinds[j] != "N"), paragraph)
            after = next((kinds[j] for j in range(i + 1, len(kinds)) if kinds[j] != "N"), paragraph)
            resolved[i] = before if before == after else paragraph
    out: list[tuple[str, bool]] = []
    for ch, k in zip(s, resolved):
        rtl = k == "R"
        if out and out[-1][1] == rtl:
            out[-1] = (out[-1][0] + ch, rtl)
        else:
            out.append((ch, rtl))
    return out


@functools.cache
def _old_measure(s: str, size: int, bold: bool, lang: str) -> int:
    return sum(text._run_font(size, bold, lang, rtl).size(t)[0] for t, rtl in old_runs(s))


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
    """font.size() and render() calls, from a clean cache."""
    tally = {"size": 0, "chars": 0, "render": 0}
    real = text.font

    @functools.lru_cache(maxsize=64)
    def counting(size: int, bold: bool = False, lang: str = "", rtl: bool = False):
        return Counting(real(size, bold, lang, rtl), tally)

    text.clear_cache()
    monkeypatch.setattr(text, "font", counting)
    yield tally
    monkeypatch.undo()
    text.clear_cache()


# -- the same output as before ----------------------------------------------------------------------

def test_the_corpus_is_the_catalog():
    messages = catalog()
    assert len(messages) > 1000
    assert "Seat order matters for the tie-break: enter the players clockwise from the start player. " \
           "The Praefectus Magnus decides a tie (C-END-4)." in messages
    assert "{n} sestertii" in messages                      # plurals too
    assert len(formatted(messages)) > 300


def test_runs_as_before():
    rng = random.Random(14)
    alphabet = "ab 1,.:-()آبپت۱۲ـ‌" + "\u200f"
    samples = corpus() + list(PERSIAN) + list(CHINESE) + ["", " ", "  a  ", "بازی ", " بازی", "a ب", "ب a"]
    samples += ["".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 40))) for _ in range(2000)]
    for s in samples:
        assert text.runs(s) == old_runs(s), s


@pytest.mark.parametrize("bold", [False, True])
def test_cuts_as_before(language, bold):
    language("en")
    for s in corpus():
        for max_width in (30, 60, 118, 150, 300, 780):
            for size in (12, 14, 17, 22):
                assert text.fitted(s, size, max_width, bold) == old_fitted(s, size, max_width, bold), \
                    (s, size, max_width)


@pytest.mark.parametrize("code, samples", [("fa", PERSIAN), ("zh", CHINESE), ("hu", HUNGARIAN), ("en", PERSIAN)])
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
                assert text.wrap(s, size, max_px, bold) == old_wrap(s, size, max_px, bold), (s, size, max_px)


@pytest.mark.parametrize("code, samples", [("fa", PERSIAN), ("zh", CHINESE), ("hu", HUNGARIAN)])
def test_wraps_as_before_right_to_left_and_cjk(language, code, samples):
    language(code)
    for s in samples + (" ".join(samples),):
        for size in (14, 16):
            for max_px in range(20, 400, 7):
                assert text.wrap(s, size, max_px) == old_wrap(s, size, max_px), (s, size, max_px)


def test_whitespace_only_words_wrap_as_before(language):
    """Tabs, no-break spaces and runs of spaces: the old loop's strip() quirks, kept."""
    language("en")
    rng = random.Random(4)
    pieces = ["a", "bb", "word", "longer-word", "", "\t", "\u00a0", " ", "\n", "x\t", "\ty", "Aurelia"]
    for _ in range(3000):
        s = "".join(rng.choice(pieces) + rng.choice(["", " ", "  "]) for _ in range(rng.randrange(1, 14)))
        for max_px in (1, 20, 45, 90):
            assert text.wrap(s, 16, max_px) == old_wrap(s, 16, max_px), repr(s)


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
