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


@lru_cache(maxsize=1)
def _any_language() -> LanguageIdentifier:
    return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)


def languages_differ(question: str, passage: str, confidence: float = 0.9) -> bool:
    """The question and the passage are confidently in two different languages (any of the
    identifier's languages, not only SUPPORTED: a Vietnamese page is still "not German").
    Short or unclear text never counts as a mismatch."""
    if len(question.split()) < 3 or len(passage.split()) < 3:
        return False
    identify = _any_language().classify
    (q_lang, q_p), (p_lang, p_p) = identify(question), identify(passage)
    return q_lang != p_lang and q_p >= confidence and p_p >= confidence
