"""The translation catalogs: compile each ``.po`` to its ``.mo`` and check them (polib).

    .venv/bin/python -m tools.catalogs compile     # every locale/<code>/LC_MESSAGES/*.po -> .mo
    .venv/bin/python -m tools.catalogs check       # what is wrong with them; exit 1 if anything

The ``.mo`` files are kept in the repository next to their ``.po``: the program reads them
from a fresh clone, an editable install (``./start.sh``, ``./test.sh``) and the Pi's install
alike, none of which then needs a build step or polib. ``scripts/extract-messages.sh`` runs the
compile after merging the template; ``tests/display/test_catalogs.py`` fails when a ``.mo``
says something else than its ``.po``, and on every problem :func:`problems` finds.
"""

from __future__ import annotations

import argparse
import gettext
import string
import sys
from collections import Counter
from pathlib import Path

import polib  # type: ignore[import-untyped]  # a test and development tool; no stubs

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "firmware_host" / "locale"
TEMPLATE = LOCALE / "table_companion.pot"

#: the plural rule of each catalog, as CLDR gives it: Hungarian and Persian have a singular
#: and a plural (Persian's singular covers 0 and 1), Chinese one form for every number
PLURALS = {
    "hu": (2, lambda n: 0 if n == 1 else 1),
    "fa": (2, lambda n: 0 if n <= 1 else 1),
    "zh_TW": (1, lambda n: 0),
}


def catalogs(locale: Path = LOCALE) -> list[Path]:
    """Every ``.po`` under ``locale``, by language code."""
    return sorted(locale.glob("*/LC_MESSAGES/*.po"))


def code_of(po: Path) -> str:
    return po.parents[1].name


def mo_of(po: Path) -> Path:
    return po.with_suffix(".mo")


def compile_all(locale: Path = LOCALE) -> list[Path]:
    """Write each ``.po``'s ``.mo`` (translated entries only: a fuzzy one is left out, as
    msgfmt does). Returns the files written."""
    out = []
    for po in catalogs(locale):
        polib.pofile(str(po)).save_as_mofile(str(mo_of(po)))
        out.append(mo_of(po))
    return out


def placeholders(text: str) -> Counter[str]:
    """The ``str.format`` fields of ``text`` (``{n}``, ``{s:g}``), as written; a text that is no
    valid format string counts as one field ``<unparsable>``."""
    try:
        return Counter("{" + name + (f"!{conv}" if conv else "") + (f":{spec}" if spec else "") + "}"
                       for _lit, name, spec, conv in string.Formatter().parse(text) if name is not None)
    except ValueError:
        return Counter({"<unparsable>": 1})


def _plural_rule(po: polib.POFile) -> tuple[int, str] | None:
    header = po.metadata.get("Plural-Forms", "")
    try:
        nplurals = int(header.split("nplurals=")[1].split(";")[0])
        expr = header.split("plural=")[1].rstrip("; ")
    except (IndexError, ValueError):
        return None
    return nplurals, expr


def problems(po_path: Path, template: Path = TEMPLATE) -> list[str]:
    """What is wrong with one catalog: texts of the template it lacks or leaves untranslated,
    fuzzy ones, texts the template no longer has, placeholders that differ from the English,
    a plural rule other than the language's, a plural entry with the wrong number of forms,
    and a ``.mo`` that is missing or says something else than the ``.po``."""
    code = code_of(po_path)
    po = polib.pofile(str(po_path))
    out: list[str] = []
    entries = {(e.msgctxt, e.msgid): e for e in po if not e.obsolete}
    wanted = {(e.msgctxt, e.msgid) for e in polib.pofile(str(template))} if template.exists() else set(entries)
    for key in sorted(wanted - set(entries), key=str):
        out.append(f"{code}: missing {key[1]!r}")
    for key in sorted(set(entries) - wanted, key=str):
        out.append(f"{code}: not in the template {key[1]!r}")
    rule = _plural_rule(po)
    expected = PLURALS.get(code)
    if rule is None:
        out.append(f"{code}: no Plural-Forms header")
    elif expected is not None:
        nplurals, expr = rule
        function = gettext.c2py(expr)
        if nplurals != expected[0] or any(function(n) != expected[1](n) for n in range(1001)):
            out.append(f"{code}: Plural-Forms nplurals={nplurals}; plural={expr} is not the language's rule")
    for e in entries.values():
        name = repr(e.msgid)
        if "fuzzy" in e.flags:
            out.append(f"{code}: fuzzy {name}")
        if e.msgid_plural:
            forms = e.msgstr_plural
            if rule is not None and sorted(forms) != list(range(rule[0])):
                out.append(f"{code}: {len(forms)} plural forms for {name}, the rule has {rule[0]}")
            if not all(forms.values()):
                out.append(f"{code}: untranslated {name}")
            english = (placeholders(e.msgid), placeholders(e.msgid_plural))
            for k, form in forms.items():
                if form and placeholders(form) not in english:
                    out.append(f"{code}: placeholders of form {k} of {name}: {dict(placeholders(form))}")
        elif not e.msgid:
            continue
        elif not e.msgstr:
            out.append(f"{code}: untranslated {name}")
        elif placeholders(e.msgstr) != placeholders(e.msgid):
            out.append(f"{code}: placeholders of {name}: {dict(placeholders(e.msgstr))}, "
                       f"English {dict(placeholders(e.msgid))}")
    out += _stale(po_path, po)
    return out


def _stale(po_path: Path, po: polib.POFile) -> list[str]:
    code, mo_path = code_of(po_path), mo_of(po_path)
    if not mo_path.exists():
        return [f"{code}: no {mo_path.name}: run python -m tools.catalogs compile"]
    mo = polib.mofile(str(mo_path))

    def content(entries: list) -> dict:
        return {(e.msgctxt, e.msgid, e.msgid_plural): (e.msgstr, tuple(sorted(e.msgstr_plural.items())))
                for e in entries if e.msgid}

    plural = mo.metadata.get("Plural-Forms") != po.metadata.get("Plural-Forms")
    if plural or content(list(mo)) != content(po.translated_entries()):
        return [f"{code}: {mo_path.name} is not compiled from the {po_path.name}: run python -m tools.catalogs compile"]
    return []


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.catalogs", description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["compile", "check"])
    args = parser.parse_args(argv)
    if args.command == "compile":
        for mo in compile_all():
            print(f"wrote {mo.relative_to(ROOT)}")
        return 0
    found = [p for po in catalogs() for p in problems(po)]
    print("\n".join(found) if found else f"{len(catalogs())} catalogs: nothing to fix")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
