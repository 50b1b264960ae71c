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


def question_language(text: str, confidence: float = 0.9) -> tuple[str, bool] | None:
    """A question's language when it is clear, and whether it was told among all languages
    (True: at ``confidence``) or only among SUPPORTED ones (False: at detect_language's 0.7 —
    a short Portuguese question can be 0.76 "pt" among all languages, near Galician and
    Spanish, but 0.95 among the supported ones); None if unsure."""
    language, probability = _any_language().classify(text)
    if probability >= confidence:
        return language, True
    language, probability = _identifier().classify(text)
    return (language, False) if probability >= 0.7 else None


def languages_differ(question: str, passage: str, confidence: float = 0.9) -> bool:
    """The question and the passage are confidently in two different languages (the page in
    any of the identifier's languages, not only SUPPORTED: a Vietnamese page is still "not
    German"). Short or unclear text never counts as a mismatch; nor does a question told only
    among the supported languages against a page in another (a Vietnamese question can look
    0.7 "pt" among them)."""
    if len(question.split()) < 3 or len(passage.split()) < 3:
        return False
    page_language, probability = _any_language().classify(passage)
    if probability < confidence:
        return False
    asked = question_language(question, confidence)
    if asked is None:
        # Unsure which language the question is in, but sure which it is not: "Como configuro
        # a VPN no Linux?" is 0.40 "pt" among the supported languages and 0.015 "en".
        unlikely = 1 - confidence
        return page_language in SUPPORTED and _among_supported(question, page_language) <= unlikely
    language, among_all = asked
    return language != page_language and (among_all or page_language in SUPPORTED)


def _among_supported(text: str, language: str) -> float:
    """The probability that ``text`` is in ``language``, told among the supported ones."""
    return dict(_identifier().rank(text)).get(language, 0.0)
