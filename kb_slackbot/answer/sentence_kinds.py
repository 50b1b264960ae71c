"""What a sentence of a page is besides a fact: about the page itself ("This page
explains…"), a greeting, a field of a mail's header, or a pointer back to the sentence before
it ("After that, …", "… by then …"). The reader never quotes the first three, and shows the
last after the sentence it points back to (candidates.py)."""

from __future__ import annotations

import re

# "This page explains …": true of the page, never an answer to a question.
_DOCUMENT = (
    r"(?:page|document|article|guide|section|doc|runbook|playbook|handbook|manual|tutorial|"
    r"how-to|faq|seite|dokument|artikel|abschnitt|anleitung|handbuch|"
    r"página|pagina|documento|artigo|seção|secção|sección|guia|guía)"
)
_META = re.compile(
    r"^(?:this|the following|diese[rs]?|nesta|neste|esta|este|essa|esse|en esta|en este|"
    r"in diese[rm]|auf diese[rm]|an diese[rm])\s+" + _DOCUMENT + r"\b"
    r"|^(?:see|siehe|veja|vea|ver)\s+(?:below|unten|abaixo|abajo)\b"
    # … also after a lead-in clause: "Whether you resign or retire, this page explains what
    # happens between your notice and your last day."
    r"|[,;:]\s+(?:this|diese[rs]?|esta|este)\s+" + _DOCUMENT + r"\s+"
    r"(?:explains|describes|covers|tells|shows|lists|summari[sz]es|outlines|sets out|"
    r"erklärt|beschreibt|zeigt|erläutert|explica|descreve|describe|mostra|muestra|resume)\b"
    # German puts the verb first after a lead-in: "Wenn du kündigst, erklärt diese Seite …"
    r"|[,;:]\s+(?:erklärt|beschreibt|zeigt|erläutert)\s+diese[rs]?\s+" + _DOCUMENT + r"\b",
    re.IGNORECASE,
)


# A sentence opening with a word that points back to the one before: a demonstrative or
# personal pronoun, or "after that / otherwise / in that case" (en, de, pt, es, vi). Not the
# German "Sie" / "Es" ("Sie erhalten…", "Es gibt…": polite "you" and "there is").
_POINTS_BACK = re.compile(
    r"^(?:this|that|these|those|it|its|they|their|then|afterwards|after that|otherwise|"
    r"in (?:that|this|which) case|if so|if not|"
    # an example of what the sentence before says: "For example, someone working 32 hours…"
    r"for (?:example|instance)|zum beispiel|beispielsweise|por exemplo|por ejemplo|ví dụ|"
    r"dies(?:e[rsmn]?)?|danach|dann|daher|deshalb|dafür|dabei|dazu|davon|andernfalls|sonst|"
    r"ansonsten|"
    r"isso|isto|ess[ea]s?|est[ea]s?|el[ea]s?|depois disso|em seguida|caso contrário|"
    r"ne(?:ss|st)e caso|então|"
    r"esto|eso|él|ellas?|ellos|después de eso|luego|en (?:ese|este) caso|de lo contrario|"
    r"entonces|"
    r"nó|họ|điều (?:này|đó)|sau đó|do đó|vì (?:vậy|thế))\b|^(?:e\.\s?g\.|z\.\s?b\.)",
    re.IGNORECASE,
)


# A field of an email's or memo's header ("To: all staff", "Betreff: …"): never an answer.
_HEADER_FIELD = re.compile(
    r"^(?:from|to|cc|bcc|date|sent|subject|von|an|datum|gesendet|betreff|de|para|data|"
    r"enviado|assunto|fecha|asunto|objet|oggetto)\s*:\s",
    re.IGNORECASE,
)


def is_header_field(text: str) -> bool:
    return bool(_HEADER_FIELD.match(text.strip()))


# A time the sentence before set, named anywhere in it: "A timesheet that hasn't been
# submitted by then is flagged as late" follows "The week closes on Friday at 16:00."
_BY_THEN = re.compile(
    r"\b(?:by then|until then|till then|before then|bis dahin|bis zu diesem zeitpunkt|"
    r"até lá|até então|hasta entonces|para entonces|d'ici là|entro allora|tegen die tijd|"
    r"tot dan)\b",
    re.IGNORECASE,
)


def points_back(sentence: str) -> bool:
    """The sentence opens by pointing back to the one before it, or names a time that one
    set ("by then")."""
    return bool(_POINTS_BACK.match(sentence.lstrip("*_ ")) or _BY_THEN.search(sentence))


# "Welcome to the Madrid office!": a greeting, never an answer (though it holds the page's
# words). Only a short one: "Welcome to the team – your laptop arrives on day one" says more.
_GREETING = re.compile(
    r"^(?:welcome (?:to|aboard)|bienvenid[oa]s?(?:/a)? a|bem-vind[oa]s?(?:/a)? (?:a|ao|à)|"
    r"willkommen (?:im|in|bei|an|zum|zur|auf)|bienvenue (?:à|au|aux|dans|chez)|"
    r"benvenut[oaie](?:/a)? (?:a|al|alla|nel|nella|in)|welkom (?:bij|in|op))\b",
    re.IGNORECASE,
)
GREETING_WORDS = 10


def is_meta(sentence: str) -> bool:
    """About the page or a greeting, not a fact: never an answer."""
    text = sentence.strip()
    return bool(
        _META.search(text) or (_GREETING.match(text) and len(text.split()) <= GREETING_WORDS)
    )
