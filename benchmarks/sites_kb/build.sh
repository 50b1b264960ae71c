#!/bin/sh
# Rebuild the generator-made pages of sites_kb (MkDocs Material -> pages/eng/, Sphinx -> pages/it/).
# The Notion and Confluence exports in pages/hr/ and pages/claims/ are hand-written and not rebuilt.
#
# One-time setup (PyPI only):
#   python3 -m venv /tmp/sites-venv && /tmp/sites-venv/bin/pip install mkdocs-material sphinx sphinx-design sphinx_rtd_theme
# Built with mkdocs 1.6.1, mkdocs-material 9.8.2, pymdown-extensions 13.1.2, Sphinx 9.0.4,
# sphinx-design 0.8.0, sphinx_rtd_theme 3.1.0. Other versions produce different (but equivalent) markup.
#
# Only the content pages are copied: no assets, search index, sitemap, 404, genindex or search page.
# The copied files are exactly what the generators wrote.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
VENV=${SITES_VENV:-/tmp/sites-venv}
OUT=${SITES_TMP:-/tmp/sites-build}

rm -rf "$OUT"
mkdir -p "$OUT"

# MkDocs Material (site_url https://docs.example-sites.test/eng/)
(cd "$HERE/sources/mkdocs" && NO_MKDOCS_2_WARNING=1 "$VENV/bin/mkdocs" build --strict --quiet -d "$OUT/mkdocs")
for page in index.html oncall/index.html incidents/index.html releases/index.html \
            laptop-setup/index.html lyon/index.html; do
    mkdir -p "$HERE/pages/eng/$(dirname "$page")"
    cp "$OUT/mkdocs/$page" "$HERE/pages/eng/$page"
done

# Sphinx + sphinx_design, sphinx_rtd_theme (html_baseurl https://docs.example-sites.test/it/)
"$VENV/bin/sphinx-build" -W -q -b html -d "$OUT/doctrees" "$HERE/sources/sphinx" "$OUT/sphinx"
for page in index.html accounts-mfa.html offices.html glossary.html pt/impressao-porto.html; do
    mkdir -p "$HERE/pages/it/$(dirname "$page")"
    cp "$OUT/sphinx/$page" "$HERE/pages/it/$page"
done

echo "pages rebuilt from $OUT"
