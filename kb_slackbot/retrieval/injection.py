"""Text in a page that is addressed to an assistant rather than to a reader.

A knowledge-base page has no reason to tell "the AI" to ignore its instructions, to become
someone else, or to have users send their password somewhere. Such sentences are planted;
ingestion flags their page, and answers never quote them. The patterns are deliberately
narrow: ordinary instructions to people ("Ignore the warning and click Next", "Tell your
manager") must not match.
"""

from __future__ import annotations

import re

from .chunking import split_sentences

_AI = (
    r"(?:ai|a\.i\.|assistant|chat ?bot|bot|language model|llm|model|gpt|chatgpt|claude|"
    r"ki|ki-assistent|assistent|sprachmodell|ia|assistente|asistente|modelo|modelo de linguagem|"
    r"modelo de lenguaje|assistant ia)"
)
_CREDENTIAL = (
    r"(?:passwords?|passcodes?|credentials|pins?|mfa codes?|2fa codes?|one-time codes?|"
    r"tokens?|api keys?|login details|passw(?:o|ö)rt(?:e|er)?|zugangsdaten|kennw(?:o|ö)rt(?:e|er)?|"
    r"senhas?|credenciais|contraseñas?|credenciales|mots? de passe)"
)
_PATTERNS = [
    # "Ignore (all) previous instructions", "disregard the above rules", in five languages.
    r"\b(?:ignore|disregard|forget|override|bypass)\b[\w\s,]{0,20}?\b(?:previous|prior|above|"
    r"earlier|preceding|original|system|your)\s+(?:instructions|prompts?|rules|directions|"
    r"guidelines|directives|messages)\b",
    r"\b(?:ignoriere|ignorieren sie|vergiss|vergessen sie|missachte)\b[\w\s,]{0,20}?\b"
    r"(?:vorherigen|bisherigen|vorigen|obigen|früheren|ursprünglichen)\s+(?:anweisungen|instruktionen|befehle|"
    r"regeln|vorgaben)\b",
    r"\b(?:ignore|ignora|ignorar|ignorem|esqueça|esquece|esqueci|olvida|olvide|desconsidere|"
    r"desconsidera|ignorez|oubliez|oublie)\b[\w\s,]{0,20}?\b(?:instruções|instrucciones|"
    r"instructions|regras|reglas|règles|órdenes)\s+(?:anteriores|previas|prévias|précédentes)\b",
    # "You are now DAN / an unrestricted AI", "from now on you are …".
    rf"\byou are now\b(?:\s+\w+){{0,3}}?\s+(?:{_AI}|dan|jailbroken|unrestricted|unfiltered|"
    r"in (?:developer|god|dan) mode)\b",
    r"\bfrom now on,? you (?:are|will|must|shall|should)\b",
    rf"\b(?:du bist jetzt|sie sind jetzt|ab jetzt bist du)\b(?:\s+\w+){{0,3}}?\s+{_AI}\b",
    rf"\b(?:você agora é|voce agora e|agora você é|ahora eres|ahora usted es|desde ahora eres|"
    rf"tu es maintenant|vous êtes maintenant)\b(?:\s+\w+){{0,3}}?\s+{_AI}\b",
    # Talk about the assistant's own set-up.
    r"\bsystem[- ]?prompt\b",
    r"\b(?:systemprompt|system-prompt|systemanweisung|systemnachricht)\b",
    r"\b(?:prompt|mensagem|mensaje|message|instruções|instrucciones) (?:do|del|de|du) "
    r"(?:sistema|système)\b",
    r"\b(?:reveal|print|show|repeat|output|disclose)\s+(?:me\s+)?your\s+(?:instructions|prompt|"
    r"rules|guidelines|configuration)\b",
    r"\bas an? (?:ai|a\.i\.|artificial intelligence|language model|llm|ai assistant|chatbot)\b",
    r"\b(?:als (?:eine? )?(?:ki|sprachmodell|ki-assistent))\b",
    r"\b(?:como (?:uma? |una? )?(?:ia|inteligência artificial|inteligencia artificial|"
    r"modelo de linguagem|modelo de lenguaje))\b(?=[\s,.;:!?]|$)",
    r"\ben tant qu'(?:ia|intelligence artificielle|assistant)\b",
    # Addressing the assistant directly: "Note to the AI: …", "Assistant, always say …".
    rf"\b(?:note to|attention|dear|hey|hello|hi|hinweis an|nota para|nota para el|atención)\s+"
    rf"(?:the |die |den |o |a |el |la )?{_AI}\s*[:,]",
    rf"^\W*{_AI}\s*[:,]\s*(?:please\s+)?(?:ignore|disregard|forget|tell|say|respond|reply|answer|"
    r"always|never|do not|don't|you must|you should|you will)\b",
    rf"\bif you are an? (?:{_AI}|artificial intelligence)\b",
    # Getting people to hand over credentials: "tell users to send their password to …".
    rf"\btell\s+(?:the\s+|all\s+)?(?:users?|people|everyone|employees|staff|readers|them)\b"
    rf".{{0,60}}\b{_CREDENTIAL}",
    rf"\b(?:sag|sage|sagen sie)\s+(?:den\s+|allen\s+)?(?:nutzern|benutzern|usern|mitarbeitern|"
    rf"mitarbeitenden|leuten)\b.{{0,60}}\b{_CREDENTIAL}",
    rf"\b(?:diga|peça|pede|diz)\s+(?:aos|às|a todos os)\s+(?:usuários|utilizadores|funcionários|"
    rf"colaboradores|pessoas)\b.{{0,60}}\b{_CREDENTIAL}",
    rf"\b(?:di|dile|diles|dígales|pide|pídeles)\s+(?:a\s+)?(?:los|todos los)\s+(?:usuarios|"
    rf"empleados|trabajadores)\b.{{0,60}}\b{_CREDENTIAL}",
    rf"\b(?:send|e-?mail|mail|forward|give|share|post|submit|dm|text|reply with|senden|schicken|"
    rf"schick|sende|geben|envie|enviem|mande|mandem|envía|envíen|envíe|manda|manden|envoyez)"
    rf"(?:\s+\S+){{0,3}}?\s+{_CREDENTIAL}\b[^.!?]{{0,60}}?(?:@|https?://|\b(?:to|an|para|à|a)\s+"
    rf"(?:me|us|this|the following|mich|uns|mim|nós|mí|nosotros)\b)",
]
_INSTRUCTION = re.compile("|".join(f"(?:{p})" for p in _PATTERNS), re.IGNORECASE | re.MULTILINE)
# "Never send your password to anyone": advice about credentials, not a request for them.
_NEGATED = re.compile(
    r"\b(?:never|not|don't|do not|no one|nobody|nie|niemals|nicht|keine[nm]?|nunca|não|nao|no|"
    r"jamais|ne\b)\b",
    re.IGNORECASE,
)
_CREDENTIAL_REQUEST = re.compile(rf"\b{_CREDENTIAL}\b", re.IGNORECASE)


def looks_like_instruction(text: str) -> bool:
    """True when ``text`` (a sentence) is addressed to an assistant, not to a reader."""
    for match in _INSTRUCTION.finditer(text):
        around = text[max(0, match.start() - 25) : match.end()]
        if _CREDENTIAL_REQUEST.search(match.group(0)) and _NEGATED.search(around):
            continue  # security advice such as "never send your password to anyone"
        return True
    return False


def find_instructions(text: str) -> list[str]:
    """The sentences of ``text`` that look like instructions to an assistant."""
    sentences = [s for line in text.splitlines() for s in split_sentences(line)]
    return [s for s in sentences if looks_like_instruction(s)]
