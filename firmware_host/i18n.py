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
    falls back to English (the config file and ``--language`` refuse one before this)."""
    global _translation, _language
    _language = LANGUAGES.get(canonical(code or from_environment()) or "en", LANGUAGES["en"])
    _translation = _gettext.translation(DOMAIN, LOCALE_DIR, languages=[_language.code], fallback=True)
    return _language


def language() -> Language:
    return _language


def _(text: str) -> str:
    """Translate ``text`` into the current language."""
    return _translation.gettext(text)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)


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
