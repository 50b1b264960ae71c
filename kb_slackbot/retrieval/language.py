"""Telling which language a question or a passage is in.

Search needs it (a passage in another language than the question gets no help from shared
words, so the relevance model must know) and so do answers (they and the fixed messages follow
the question's language); it lives here, below both.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from py3langid.langid import MODEL_FILE, LanguageIdentifier

from .loaders.paragraphs import FENCE

SUPPORTED = ("en", "de", "pt", "es", "fr", "it", "nl")  # our users' languages
CONFIDENCE = 0.9  # how sure the identifier must be to call a passage or question one language


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


def question_language(text: str, confidence: float = CONFIDENCE) -> tuple[str, bool] | None:
    """A question's language when it is clear, and whether it was told among all languages
    (True: at ``confidence``) or only among SUPPORTED ones (False: at detect_language's 0.7 —
    a short Portuguese question can be 0.76 "pt" among all languages, near Galician and
    Spanish, but 0.95 among the supported ones); None if unsure."""
    language, probability = _any_language().classify(text)
    if probability >= confidence:
        return language, True
    language, probability = _identifier().classify(text)
    return (language, False) if probability >= 0.7 else None


def passage_language(text: str, confidence: float = CONFIDENCE) -> str | None:
    """A passage's language among all the identifier knows (a Vietnamese page is still "not
    German"); None when the passage is too short or unclear to tell. It is its prose's
    language when it has prose: table cells and code say little (an English page's table of
    Portuguese holiday names is not a Portuguese passage)."""
    text = _prose_of(text)
    if len(text.split()) < 3:
        return None
    language, probability = _any_language().classify(text)
    return language if probability >= confidence else None


def _prose_of(text: str) -> str:
    """The text without Markdown table rows and fenced code, if at least a few words remain."""
    prose, fenced = [], False
    for line in text.split("\n"):
        stripped = line.strip()
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced and not stripped.startswith("|"):
            prose.append(line)
    joined = "\n".join(prose)
    return joined if len(joined.split()) >= 3 else text


@dataclass(frozen=True)
class AskedLanguage:
    """A question's language, read once and compared with many passages' languages."""

    question: str
    asked: tuple[str, bool] | None
    short: bool

    @classmethod
    def of(cls, question: str, confidence: float = CONFIDENCE) -> AskedLanguage:
        short = len(question.split()) < 3
        return cls(question, None if short else question_language(question, confidence), short)

    def differs_from(self, page_language: str | None, confidence: float = CONFIDENCE) -> bool:
        """The question and a passage in ``page_language`` are confidently in two languages.
        Short or unclear text never counts as a mismatch; nor does a question told only among
        the supported languages against a page in another (a Vietnamese question can look 0.7
        "pt" among them)."""
        if self.short or page_language is None:
            return False
        if self.asked is None:
            # Unsure which language the question is in, but sure which it is not: "Como
            # configuro a VPN no Linux?" is 0.40 "pt" among the supported languages and
            # 0.015 "en".
            unlikely = 1 - confidence
            return (
                page_language in SUPPORTED
                and _among_supported(self.question, page_language) <= unlikely
            )
        language, among_all = self.asked
        return language != page_language and (among_all or page_language in SUPPORTED)


def languages_differ(question: str, passage: str, confidence: float = CONFIDENCE) -> bool:
    """The question and the passage are confidently in two different languages."""
    return AskedLanguage.of(question, confidence).differs_from(
        passage_language(passage, confidence), confidence
    )


@lru_cache(maxsize=64)
def _among_supported(text: str, language: str) -> float:
    """The probability that ``text`` is in ``language``, told among the supported ones."""
    return dict(_identifier().rank(text)).get(language, 0.0)
