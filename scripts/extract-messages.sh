#!/usr/bin/env bash
# Refresh the translation template firmware_host/locale/table_companion.pot from the code
# (texts marked with _() in the display and N_() in the engines), then update each
# language's .po and compile its .mo. Needs GNU gettext (Debian: gettext).
set -euo pipefail
cd "$(dirname "$0")/.."
pot=firmware_host/locale/table_companion.pot
mkdir -p firmware_host/locale
find firmware_host display -name '*.py' | sort | xargs xgettext --language=Python --from-code=UTF-8 \
    --keyword=_ --keyword=N_ --keyword=ngettext:1,2 --add-comments=TRANSLATORS \
    --package-name="table companion" --output="$pot"
for po in firmware_host/locale/*/LC_MESSAGES/table_companion.po; do
    [ -e "$po" ] || continue
    msgmerge --quiet --update --backup=none "$po" "$pot"
    msgfmt --check --output-file="${po%.po}.mo" "$po"
done
echo "wrote $pot"
