"""The translation catalogs (issue 12, part 1): every text of the template translated in every
language, nothing fuzzy, the same placeholders as the English, each language's plural rule, and
the compiled ``.mo`` the program reads made from its ``.po`` by polib (``tools/catalogs.py``)."""

from __future__ import annotations

import gettext
import shutil

import polib
import pytest

from firmware_host import i18n
from tools import catalogs

CODES = [code for code in i18n.LANGUAGES if code != "en"]


def test_every_language_but_english_has_a_catalog():
    assert sorted(catalogs.code_of(po) for po in catalogs.catalogs()) == sorted(CODES)


@pytest.mark.parametrize("code", CODES)
def test_the_catalog_is_complete_and_compiled(code):
    po = catalogs.LOCALE / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    assert catalogs.problems(po) == []


@pytest.mark.parametrize("code, nplurals, one, many", [("hu", 2, [1], [0, 2, 5, 21]), ("fa", 2, [0, 1], [2, 5, 21]),
                                                     ("zh_TW", 1, [], [0, 1, 2, 5])])
def test_plural_forms_are_the_languages_own(code, nplurals, one, many):
    po = polib.pofile(str(catalogs.LOCALE / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"))
    header = po.metadata["Plural-Forms"]
    assert header.startswith(f"nplurals={nplurals};")
    translation = gettext.translation(i18n.DOMAIN, catalogs.LOCALE, languages=[code])
    plural = translation.plural  # type: ignore[attr-defined]  # the compiled Plural-Forms
    assert [plural(n) for n in one] == [0] * len(one)
    assert [plural(n) for n in many] == [nplurals - 1] * len(many)
    # Hungarian and Persian say "5 sestertius" (a noun after a number stays singular): the
    # catalogs may give both forms the same words, but each form is there
    assert all(len(e.msgstr_plural) == nplurals for e in po if e.msgid_plural)


def test_the_checks_find_what_is_wrong(tmp_path):
    """A catalog with an untranslated, a fuzzy and a wrong-placeholder entry, a wrong plural rule
    and a stale .mo is refused on each count."""
    src = catalogs.LOCALE / "hu" / "LC_MESSAGES"
    folder = tmp_path / "hu" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    shutil.copy(src / f"{i18n.DOMAIN}.po", folder)
    po_path = folder / f"{i18n.DOMAIN}.po"
    po = polib.pofile(str(po_path))
    po.metadata["Plural-Forms"] = "nplurals=2; plural=(n > 1);"
    entries = [e for e in po if not e.msgid_plural and "{" in e.msgid]
    entries[0].msgstr = ""
    entries[1].flags.append("fuzzy")
    entries[2].msgstr = entries[2].msgstr.replace("{", "{x", 1)
    po.save(str(po_path))
    catalogs.compile_all(tmp_path)
    po = polib.pofile(str(po_path))
    next(e for e in po if e.msgid == entries[3].msgid).msgstr = "más"
    po.save(str(po_path))                                  # the .mo is now older than the .po
    found = "\n".join(catalogs.problems(po_path))
    assert f"untranslated {entries[0].msgid!r}" in found
    assert f"fuzzy {entries[1].msgid!r}" in found
    assert f"placeholders of {entries[2].msgid!r}" in found
    assert "is not the language's rule" in found
    assert "is not compiled from the" in found


def test_compiling_gives_the_mo_files_kept(tmp_path):
    for po in catalogs.catalogs():
        folder = tmp_path / catalogs.code_of(po) / "LC_MESSAGES"
        folder.mkdir(parents=True)
        shutil.copy(po, folder)
    for mo in catalogs.compile_all(tmp_path):
        kept = catalogs.LOCALE / mo.relative_to(tmp_path)
        assert {e.msgid: e.msgstr for e in polib.mofile(str(mo))} == \
            {e.msgid: e.msgstr for e in polib.mofile(str(kept))}
