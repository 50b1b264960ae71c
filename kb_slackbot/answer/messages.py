"""Fixed user-facing sentences, in the languages questions arrive in (English fallback)."""

from __future__ import annotations

_MESSAGES: dict[str, dict[str, str]] = {
    "not_found": {
        "en": "I couldn't find this in the knowledge base.",
        "de": "Dazu habe ich in der Wissensdatenbank nichts gefunden.",
        "pt": "Não encontrei isso na base de conhecimento.",
        "es": "No encontré esto en la base de conocimiento.",
        "fr": "Je n'ai pas trouvé cela dans la base de connaissances.",
        "it": "Non ho trovato questa informazione nella base di conoscenza.",
        "nl": "Dit heb ik niet in de kennisbank gevonden.",
    },
    "rephrase": {
        "en": "Try rephrasing the question, or using the words a page would use.",
        "de": "Formulieren Sie die Frage anders, etwa mit den Begriffen einer Seite.",
        "pt": "Tente reformular a pergunta ou usar as palavras que uma página usaria.",
        "es": "Prueba a reformular la pregunta o a usar las palabras que usaría una página.",
        "fr": "Essayez de reformuler la question avec les mots qu'une page utiliserait.",
        "it": "Prova a riformulare la domanda o a usare le parole che userebbe una pagina.",
        "nl": "Probeer de vraag anders te stellen, of gebruik de woorden van een pagina.",
    },
    "empty": {
        "en": "Ask me a question about our documentation, e.g. “How do I set up the VPN?”",
    },
    "too_short": {
        "en": "That question is too short for me to search. Ask it in a few words, "
        "e.g. “How do I set up the VPN?”",
    },
    "too_long": {
        "en": "That question is {length:,} characters long; the limit is {limit:,}. "
        "Please shorten it to the question itself and I'll look it up.",
    },
    "llm_unavailable": {
        "en": "The language model is unavailable right now; here are the most relevant passages.",
    },
    "outdated": {
        "en": "Source {title} was last updated on {date}; it may be outdated.",
    },
    "retired": {
        "en": "Source {title} is marked as archived or superseded; a current page may say "
        "otherwise.",
    },
    "verified_due": {
        "en": "This verified answer was last checked on {date} and is due for review; "
        "it may be outdated.",
    },
    "low_confidence": {
        "en": "Low confidence: the sources only partly cover this question; please verify.",
    },
}


def message(key: str, language: str = "en", **values: object) -> str:
    texts = _MESSAGES[key]
    return texts.get(language, texts["en"]).format(**values)
