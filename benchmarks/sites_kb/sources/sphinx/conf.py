# Configuration file for the Sphinx documentation builder (Korvell IT Service Desk docs).

project = "Korvell IT Service Desk"
author = "Korvell Insurance IT"
copyright = "2026, Korvell Insurance DAC"
version = "2026.3"
release = "2026.3"

extensions = [
    "sphinx_design",
]

language = "en"
exclude_patterns = ["_build"]
templates_path = []

rst_prolog = """
.. |okta| replace:: ``https://korvell.okta.example``
"""

html_theme = "sphinx_rtd_theme"
html_title = "Korvell IT Service Desk"
html_baseurl = "https://docs.example-sites.test/it/"
html_static_path = []
html_show_sphinx = True
html_last_updated_fmt = None
html_theme_options = {
    "collapse_navigation": False,
    "navigation_depth": 3,
}
