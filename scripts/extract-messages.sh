#!/usr/bin/env bash
# Refresh the translation template firmware_host/locale/table_companion.pot from the code
# (texts marked with _() in the display and N_() in the engines; names in a context, msgctxt,
# with pgettext() and NC_()), merge it into each
# language's .po (new texts come in untranslated, changed ones fuzzy: translate them, then drop
# the fuzzy flag), and compile every .po to the .mo the program reads (polib, tools/catalogs.py).
# The .mo files are kept in the repository: a fresh clone, ./start.sh, ./test.sh and the Pi's
# install read them as they are. `.venv/bin/python -m tools.catalogs check` says what is left to
# translate; tests/display/test_catalogs.py fails until nothing is.
# Needs GNU gettext's xgettext and msgmerge (Debian: gettext) and the test extras' polib.
set -euo pipefail
cd "$(dirname "$0")/.."
pot=firmware_host/locale/table_companion.pot
mkdir -p firmware_host/locale
find firmware_host display -name '*.py' | sort | xargs xgettext --language=Python --from-code=UTF-8 \
    --keyword=_ --keyword=N_ --keyword=ngettext:1,2 --keyword=pgettext:1c,2 --keyword=NC_:1c,2 \
    --add-comments=TRANSLATORS \
    --package-name="table companion" --output="$pot"
for po in firmware_host/locale/*/LC_MESSAGES/table_companion.po; do
    [ -e "$po" ] || continue
    msgmerge --quiet --update --backup=none "$po" "$pot"
done
.venv/bin/python -m tools.catalogs compile
echo "wrote $pot"
.venv/bin/python -m tools.catalogs check || true
