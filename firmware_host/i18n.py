"""Languages: every text a player reads goes through :func:`_` (gettext).

Catalogs live in ``firmware_host/locale/<lang>/LC_MESSAGES/table_companion.mo``; the
template ``firmware_host/locale/table_companion.pot`` is extracted with
``scripts/extract-messages.sh``. A language without a catalog falls back to English. Each
language also names its writing direction and the fonts that cover its script, so Persian
(right to left), Hungarian, Chinese and English need no change to the screens.
"""

from __future__ import annotations

import gettext as _gettext
import os
from dataclasses import dataclass
from pathlib import Path

DOMAIN = "table_companion"
LOCALE_DIR = Path(__file__).with_name("locale")


@dataclass(frozen=True)
class Language:
    code: str
    name: str                       # in the language itself
    rtl: bool = False
    fonts: tuple[str, ...] = ()     # fontconfig family names, first found wins
    script: str = "Latn"            # ISO 15924, for HarfBuzz shaping


LANGUAGES = {
    "en": Language("en", "English", fonts=("dejavusans", "freesans")),
    "hu": Language("hu", "Magyar", fonts=("dejavusans", "freesans")),
    "fa": Language("fa", "فارسی", rtl=True, fonts=("vazirmatn", "notosansarabic", "dejavusans"), script="Arab"),
    "zh": Language("zh", "中文", fonts=("notosanscjksc", "notosanscjktc", "wenquanyizenhei", "droidsansfallback"),
                   script="Hani"),
}

_translation: _gettext.NullTranslations = _gettext.NullTranslations()
_language: Language = LANGUAGES["en"]


def set_language(code: str | None = None) -> Language:
    """Switch the catalog; ``None``/``""`` = from ``$LANGUAGE``/``$LANG``, else English."""
    global _translation, _language
    if not code:
        env = os.environ.get("LANGUAGE") or os.environ.get("LANG") or "en"
        code = env.split(":")[0].split("_")[0].split(".")[0].lower() or "en"
    _language = LANGUAGES.get(code, LANGUAGES["en"])
    _translation = _gettext.translation(DOMAIN, LOCALE_DIR, languages=[_language.code], fallback=True)
    return _language


def language() -> Language:
    return _language


def _(text: str) -> str:
    """Translate ``text`` into the current language."""
    return _translation.gettext(text)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)
