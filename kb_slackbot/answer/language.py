"""Detecting the question's language (answers and fixed messages follow it)."""

from __future__ import annotations

from functools import lru_cache

from py3langid.langid import MODEL_FILE, LanguageIdentifier

SUPPORTED = ("en", "de", "pt", "es", "fr", "it", "nl")


@lru_cache(maxsize=1)
def _identifier() -> LanguageIdentifier:
    identifier = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
    identifier.set_languages(list(SUPPORTED))
    return identifier


def detect_language(text: str, default: str = "en") -> str:
    """ISO 639-1 code; short or unclear text counts as the default language."""
    if len(text.split()) < 2:
        return default
    language, probability = _identifier().classify(text)
    return language if probability >= 0.7 else default
