"""Languages: every text a player reads goes through :func:`_` (gettext).

Catalogs: ``firmware_host/locale/<code>/LC_MESSAGES/table_companion.po``, compiled to the
``.mo`` beside it by ``python -m tools.catalogs compile`` (polib; the ``.mo`` files are kept in
the repository, so a fresh clone, the wheel and the Pi install need no build step, and
``tests/display/test_catalogs.py`` fails when one is older than its ``.po``). The template
``firmware_host/locale/table_companion.pot`` is extracted by ``scripts/extract-messages.sh``.
A language without a catalog falls back to English.

:data:`LANGUAGES` is the one list of screen languages: the config file, ``--language`` and the
home screen's chooser all accept exactly its codes (and the old ``zh`` of :data:`ALIASES`).
Each language names its writing direction, its script and the fonts that cover that script;
the screens pick a font for each run of text by the characters it holds (``display/text.py``),
so Latin names and numbers inside Persian or Chinese text are drawn in the Latin font.

The language chosen on the home screen is remembered in ``<state_dir>/language``
(:func:`choose`, :func:`start`): the config file is the installer's and may not be writable by
the service; the state directory is (it holds the journal).
"""

from __future__ import annotations

import gettext as _gettext
import logging
import os
import string as _string
from collections.abc import Collection, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)

DOMAIN = "table_companion"
LOCALE_DIR = Path(__file__).with_name("locale")
STATE_FILE = "language"         # in the state directory: the code chosen on the home screen


@dataclass(frozen=True)
class Language:
    code: str                       # the catalog's folder and the config file's value
    name: str                       # in the language itself
    english: str                    # its English name (logs; a button whose font is missing)
    rtl: bool = False
    script: str = "Latn"            # ISO 15924 of its own letters, for HarfBuzz shaping
    fonts: tuple[str, ...] = ()     # fontconfig families for its script, the first installed wins
    packages: tuple[str, ...] = ()  # the Debian packages of those fonts, in the same order


LATIN_FONTS = ("DejaVu Sans",)
LATIN_PACKAGES = ("fonts-dejavu-core",)

LANGUAGES: dict[str, Language] = {
    "en": Language("en", "English", "English", fonts=LATIN_FONTS, packages=LATIN_PACKAGES),
    # Noto Sans Arabic UI: Debian 12 / Raspberry Pi OS Bookworm has no Vazirmatn package (Debian
    # 13 does: fonts-vazirmatn); the UI variant's shorter ascenders fit a line of UI text.
    "fa": Language("fa", "فارسی", "Persian", rtl=True, script="Arab",
                   fonts=("Noto Sans Arabic UI", "Vazirmatn", "Noto Sans Arabic"),
                   packages=("fonts-noto-ui-core", "fonts-vazirmatn", "fonts-noto-core")),
    "hu": Language("hu", "Magyar", "Hungarian", fonts=LATIN_FONTS, packages=LATIN_PACKAGES),
    # the Traditional Chinese face of the Noto Sans CJK collection (index 3 of the .ttc), not
    # its first, Japanese, face; WenQuanYi Zen Hei covers Traditional characters too
    "zh_TW": Language("zh_TW", "繁體中文", "Chinese (Taiwan)", script="Hani",
                      fonts=("Noto Sans CJK TC", "WenQuanYi Zen Hei"),
                      packages=("fonts-noto-cjk", "fonts-wqy-zenhei")),
}
ALIASES = {"zh": "zh_TW"}           # the code of earlier versions (config files, --language)

_translation: _gettext.NullTranslations = _gettext.NullTranslations()
_language: Language = LANGUAGES["en"]
_persian_digits = False
_state_dir: Path | None = None


def canonical(code: str) -> str | None:
    """The :data:`LANGUAGES` code for ``code`` (an alias resolved); ``None`` if unknown."""
    code = ALIASES.get(code, code)
    return code if code in LANGUAGES else None


def from_environment() -> str:
    """The language of ``$LANGUAGE``/``$LANG`` (``zh_TW.UTF-8`` -> ``zh_TW``), else ``en``."""
    env = os.environ.get("LANGUAGE") or os.environ.get("LANG") or ""
    for entry in env.split(":"):
        full = entry.split(".")[0].split("@")[0]
        for candidate in (full, full.split("_")[0]):
            if canonical(candidate):
                return canonical(candidate) or "en"
    return "en"


def set_language(code: str | None = None) -> Language:
    """Switch the catalog; ``None``/``""`` = from ``$LANGUAGE``/``$LANG``; an unknown code
    falls back to English (the config file and ``--language`` refuse one before this).
    Inside :func:`pseudo` every language's catalog is the pseudo-locale."""
    global _translation, _language
    _language = LANGUAGES.get(canonical(code or from_environment()) or "en", LANGUAGES["en"])
    _translation = _gettext.translation(DOMAIN, LOCALE_DIR, languages=[_language.code], fallback=True)
    if _pseudo is not None:
        _translation = _pseudo
    return _language


def language() -> Language:
    return _language


def _(text: str) -> str:
    """Translate ``text`` into the current language."""
    return _translation.gettext(text)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, text: str) -> str:
    """Translate ``text`` in ``context`` (a catalog ``msgctxt``: ``"province"``, ``"city"``):
    one English word may need two translations, a name another than a common noun."""
    return _translation.pgettext(context, text)


# ------------------------------------------------------------------------------ pseudo-locale

class PseudoTranslations(_gettext.NullTranslations):
    """The pseudo-locale of the tests: every catalog text comes back with each of its literal
    pieces between ``opening`` and ``closing`` and its ``str.format`` fields left outside,
    ``"Move {name} to {city}"`` -> ``"⟦Move ⟧{name}⟦ to ⟧{city}"``. A drawn text with letters
    outside the markers did not come from the catalog, and a field filled with an untranslated
    id (``{city}`` = ``"roma"``) shows as such, where wrapping the whole text would hide it.

    ``known``: the catalog's texts as ``(msgctxt, msgid)`` (``msgctxt`` ``None`` without a
    context); a text not among them comes back as it is, as a real catalog leaves a text it
    does not have (``_(player_name)``, ``_("germania_superior")``). ``None``: every text is
    the catalog's."""

    def __init__(self, opening: str = "⟦", closing: str = "⟧",
                 known: Collection[tuple[str | None, str]] | None = None) -> None:
        super().__init__()
        self.opening, self.closing = opening, closing
        self.known = None if known is None else frozenset(known)

    def has(self, context: str | None, msgid: str) -> bool:
        """Whether the catalog has ``msgid`` (a plural entry: its singular) in ``context``."""
        return bool(msgid) and (self.known is None or (context, msgid) in self.known)

    def wrap(self, text: str) -> str:
        """``text`` with its literal pieces between the markers, its fields outside."""
        try:
            parsed = list(_string.Formatter().parse(text))
        except ValueError:          # not a format string: one piece
            return self.opening + text + self.closing
        out = []
        for literal, field, spec, conversion in parsed:
            if literal:
                out.append(self.opening + literal.replace("{", "{{").replace("}", "}}") + self.closing)
            if field is not None:
                out.append("{" + field + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}")
        return "".join(out)

    def gettext(self, message: str) -> str:
        return self.wrap(message) if self.has(None, message) else message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        chosen = msgid1 if n == 1 else msgid2
        return self.wrap(chosen) if self.has(None, msgid1) else chosen

    def pgettext(self, context: str, message: str) -> str:
        return self.wrap(message) if self.has(context, message) else message

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        chosen = msgid1 if n == 1 else msgid2
        return self.wrap(chosen) if self.has(context, msgid1) else chosen


_pseudo: PseudoTranslations | None = None


@contextmanager
def pseudo(opening: str = "⟦", closing: str = "⟧",
           known: Collection[tuple[str | None, str]] | None = None) -> Iterator[PseudoTranslations]:
    """Inside the block every language's catalog is :class:`PseudoTranslations` (the tests:
    ``tests/display/test_pseudo_locale.py``); the language chosen before it is back after."""
    global _pseudo, _translation
    old_pseudo, old_language = _pseudo, _language
    _pseudo = _translation = PseudoTranslations(opening, closing, known)
    try:
        yield _pseudo
    finally:
        _pseudo = old_pseudo
        set_language(old_language.code)


# ------------------------------------------------------------------------------ digits

def set_persian_digits(on: bool) -> None:
    """Persian screens show numbers in Persian digits (۱۲۳) instead of 123 (the config file's
    ``persian_digits``); numbers inside Latin text (a tag's UID, "NFC") stay as they are."""
    global _persian_digits
    _persian_digits = on


def persian_digits() -> bool:
    return _persian_digits


# ------------------------------------------------------------------------------ the chosen language

def remembered(state_dir: Path | None = None) -> str | None:
    """The language chosen on the home screen (``<state_dir>/language``), if any and known."""
    folder = state_dir or _state_dir
    if folder is None:
        return None
    try:
        code = (folder / STATE_FILE).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return canonical(code)


def start(configured: str = "", state_dir: Path | None = None, override: str | None = None,
          persian_digits: bool = False) -> Language:
    """The start-up's language: ``override`` (``--language``), else the one chosen on the home
    screen (remembered in ``state_dir``), else ``configured`` (the config file), else the
    environment's. Later choices (:func:`choose`) are remembered in ``state_dir``."""
    global _state_dir
    _state_dir = state_dir
    set_persian_digits(persian_digits)
    return set_language(override or remembered() or configured or None)


def choose(code: str) -> Language:
    """A player chose ``code`` (the home screen): switch to it and remember it for the next
    start. A state directory that cannot be written is logged; the switch happens anyway."""
    chosen = set_language(code)
    if _state_dir is not None:
        path = _state_dir / STATE_FILE
        try:
            _state_dir.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(STATE_FILE + ".tmp")
            tmp.write_text(chosen.code + "\n", encoding="utf-8")
            os.replace(tmp, path)
        except OSError as exc:
            log.warning("the language %s is not remembered: %s", chosen.code, exc)
    return chosen
