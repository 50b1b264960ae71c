"""Answer-type cues: what kind of fact a question asks for, and whether a piece holds one.

Question words in English, German, Portuguese, Spanish and Vietnamese (the languages of our
users and of the public sets the reader is fitted on): "how much / wie viele / quanto /
cuánto / bao nhiêu" and "is there a budget / gibt es einen Zuschuss" ask for an amount,
"when / wann / quando / cuándo / khi nào" and "in which year / in welchem Jahr / em que ano"
for a time, "who / wer / quem / quién / ai" for a name, "where / wo / onde / dónde", "in which
city / in welcher Stadt / em qual cidade" and "address / Adresse / endereço" for a place, "phone /
hotline / Telefon / telefone" for a phone number; "how do I / wie richte ich / como faço /
cómo puedo" ask for steps, and so does a situation followed by "what do I do? / was muss ich
tun? / o que faço? / ¿qué hago?". "how often / wie oft / com que frequência" ask for an amount
that a frequency in words also gives ("jährlich", "every year", "anualmente").

One module on purpose (most of it the question-word tables of five languages): the cues and
the tests of a piece against them are read and changed together. Checks of a whole answer
against the question (another year, a missing identifier) are in ``near_misses.py``.
"""

from __future__ import annotations

import re

from ..retrieval.tokens import visible

# Identifiers a question may ask for: a company's tax or bank number is written in digits.
IDENTIFIERS = (
    r"cnpj|cpf|nif|iban|vat (?:id|number)|tax (?:id|number)|ust-?id\w*|steuernummer|"
    r"account number|kontonummer"
)
# Answer-type cues: question words → the kind of fact asked for (en, de, pt, es, vi).
_QUESTION_TYPES = {
    # Checked first: "what's the hotline number" / "who do I call" want a phone number. A phone
    # the asker holds ("which wifi for my phone", "Telefon kaputt") asks for none.
    "phone": r"\b(?:phone|telephone|fax) (?:number|no\b|#)|\bhotline\b|"
    r"\bwho (?:do|should|can) (?:i|we) call\b|\bnumber (?:to|do i) call\b|"
    r"\bwhat(?:'s| is)? the (?:\w+ )?(?:phone|telephone|fax)\b|"
    r"telefon-?nummer|rufnummer|faxnummer|telefone (?:d[eoa]s?|para)\b|"
    r"tel[eé]fono (?:de|del|para)\b|n[uú]mero (?:de |do |da )?(?:tel[eé]fono|telefone|fax)|"
    r"số điện thoại",
    "amount": r"how (?:much|many|long|far|old|big|large|often|high|quickly|fast|soon|early)|"
    r"what percentage|\bwhat (?:does|do|did|will) (?:\w+ ){0,4}cost\b|\bwas kostet\b|"
    r"what(?:'s| is| are) the (?:\w+ ){0,3}(?:number|rate|price|cost|fee|limit|"
    r"amount|size|max|maximum|min|minimum)s?\b|"
    # "the maximum weight", "the longest grace period", "o peso máximo" (not "the largest
    # city": that asks for a name)
    r"\b(?:maximum|minimum|max|min)\b|\b(?:longest|shortest) (?:\w+ )?(?:period|time|delay|"
    r"wait|notice|duration|window|stay|trip)s?\b|\b(?:maximale|minimale|höchstens|mindestens)\b|"
    r"\bm[aá]xim[oa]s?\b|\bm[ií]nim[oa]s?\b|"
    r"wie (?:viele?|lange|hoch|groß|alt|weit|oft|häufig|schnell|früh|teuer)|wieviele?|"
    r"com que frequ[eê]ncia|con qu[eé] frecuencia|bao lâu một lần|"
    r"welche[rsn]? (?:prozentsatz|anteil)|wie viel prozent|"
    r"(?:qual|que) (?:[ée] )?(?:a )?(?:porcentagem|percentagem|percentual)|"
    r"qu[eé] porcentaje|cu[aá]l es el porcentaje|"
    r"welche (?:\w+)?nummer|"
    rf"\b(?:{IDENTIFIERS})\b|"
    # whole words: "enquanto" (while) asks for no amount
    r"\bquant[oa]s?\b|quanto tempo|qual (?:é )?o (?:valor|número|telefone|preço|limite)|"
    r"\bcu[aá]nt[oa]s?\b|cu[aá]l es el (?:número|precio|límite|valor)|bao nhiêu|mấy|"
    # "is there a budget / an allowance for …" asks for the amount.
    r"\b(?:is there|are there|do (?:i|we|you) get|can (?:i|we) get) (?:an? |any )?(?:\w+ ){0,2}"
    r"(?:budget|allowance|stipend|subsidy|bonus|discount|reimbursement)s?\b|"
    r"gibt es (?:einen |eine |ein )?(?:\w+ ){0,2}(?:zuschuss|budget|pauschale|zulage|bonus)|"
    r"(?:tem|há|existe) (?:algum |alguma |um |uma )?(?:\w+ ){0,2}"
    r"(?:aux[ií]lio|ajuda de custo|subs[ií]dio|reembolso|b[oô]nus|verba|or[çc]amento)|"
    r"(?:hay|existe) (?:algún |alguna |un |una )?(?:\w+ ){0,2}"
    r"(?:presupuesto|ayuda|subsidio|reembolso|bono|descuento)",
    # "when" asks only as a question word ("when is", "when's", "by when"), not as the
    # conjunction of "what's the login when running it locally?"
    "time": r"^\W*when\W*$|\bwhen(?:'s|'re| (?:is|are|was|were|am|do|does|did|"
    r"will|would|can|could|should|must|has|have|had)\b)|(?:until|till|since|from) when\b|"
    r"what time|what year|which year|what date|which day|deadline|"
    r"\b(?:earliest|latest) (?:\w+ )?(?:time|date|day|hour)\b|"
    r"by when|\bwann\b|frist|\bprazo\b|\bplazo\b|"
    r"what month|which month|what century|which century|"
    r"um wie viel uhr|in welche[mn] (?:jahr|monat|jahrhundert)|an welchem (?:tag|datum)|"
    r"\bquando\b|que horas|em (?:que|qual|quais) (?:anos?|m[eê]s|data|dia|s[eé]culo)\b|"
    r"cu[aá]ndo|a qu[eé] hora|en qu[eé] (?:a[nñ]o|mes|fecha|d[ií]a|siglo)|"
    r"khi nào|năm nào|bao giờ|lúc nào",
    "person": r"\bwho\b|\bwhom\b|\bwhose\b|\bwer\b|\bwem\b|\bwen\b|\bwessen\b|\bquem\b|"
    r"qui[eé]n(?:es)?|\bai\b",
    "place": r"\bwhere\b|\bwo\b|\bwohin\b|\bwoher\b|\bonde\b|d[oó]nde|ở đâu|"
    # "in which country / in welcher Stadt / em qual cidade / en qué ciudad"
    r"\b(?:which|what) (?:country|countries|city|cities|town|region|state|office|building|"
    r"floor|room)\b|\bin welche[mnr]? (?:\w+ )?(?:land|länder|stadt|städte|region|bezirk|"
    r"gegend|ort|staat|county|gebäude|stock|etage|büro)\w*|"
    r"\b(?:em|de|para) (?:qual|que|quais) (?:cidades?|pa[ií]s(?:es)?|estados?|regi[aã]o|"
    r"regiões|bairros?|pr[eé]dio|andar|escrit[oó]rio|sala)\b|"
    r"\b(?:en|de|a) (?:qu[eé]|cu[aá]l) (?:ciudad|pa[ií]s|estado|regi[oó]n|barrio|edificio|"
    r"piso|oficina|sala)\b|"
    # a postal address, not an email one
    r"(?<!mail )\baddress\b|(?<!mail-)(?<!mail )\badresse\b|(?<!mail )endere[çc]o\b(?! de e-?mail)|"
    r"direcci[oó]n\b(?! de (?:correo|e-?mail))|địa chỉ(?! email)",
}
_QUESTION_TYPE_PATTERNS = {k: re.compile(v, re.IGNORECASE) for k, v in _QUESTION_TYPES.items()}
_NOT_A_VERB = r"(?!(?:isso|isto|esto|eso|todo|tempo|tiempo|muito|mucho)\b)"
_HOWTO = re.compile(
    # at the start of the question or of a clause: "our webhook was down all weekend, how do
    # we get the events we missed?"
    r"(?:^|[,;:.?!–—]\s*|\s-\s)[\s¿]*"
    r"(?:how (?:do|can|should|would) (?:i|we|you)|how to\b|what(?:'s| is| are) the steps|"
    r"how (?:am|are) (?:i|we) (?:supposed|meant|expected) to|how (?:do|can|would) one\b|"
    r"what(?:'s| is) the (?:best|right|correct|proper|recommended) way to|"
    r"wie (?:können|müssen|sollen) wir|"
    r"steps to|wie (?:kann|muss|soll) (?:ich|man)|wie (?:richte|installiere|mache|erstelle|"
    r"setze|aktiviere|deaktiviere|lösche|ändere|rolle|stelle)|"
    # Any verb in the first person: "wie schließe ich", "como conecto", "cómo restauro".
    r"wie \w+e ich\b|"
    r"como (?:fa[çc]o|posso|devo|configur|instal|cri[oa]|ativ|desativ|cancel|mud|alter)|"
    rf"como (?:eu )?{_NOT_A_VERB}\w{{3,}}o\b|"
    r"c[oó]mo (?:puedo|hago|debo|configur|instal|cre[oa]|activ|desactiv|cancel|cambi)|"
    rf"c[oó]mo {_NOT_A_VERB}\w{{3,}}o\b|"
    r"làm (?:thế nào|sao))",
    re.IGNORECASE,
)
# "lost my badge, what do I do?": a situation, then a request for what to do — anywhere in
# the question, not only at its start.
_WHAT_TO_DO = re.compile(
    r"\bwhat (?:do|should|can|must) (?:i|we) do\b(?! with)|\bwhat (?:do|should) (?:i|we) do now\b|"
    r"\bwas (?:(?:muss|soll) (?:ich|wir|man)|kann ich) (?:\w+ )?(?:tun|machen)\b|\bwas tun\b|"
    r"\bo que (?:eu )?(?:fa[çc]o|devo fazer|tenho (?:que|de) fazer|preciso fazer)\b|"
    r"\bqu[eé] (?:hago|debo hacer|tengo que hacer)\b|\b(?:phải|nên) làm gì\b",
    re.IGNORECASE,
)
_NUMBER = re.compile(r"\d")
_TIME = re.compile(
    r"\b(?:1[0-9]{3}|20[0-9]{2})\b|\b\d{1,2}[:.]\d{2}\b|\b\d{1,2}\s?(?:am|pm|uhr|h)\b|"
    r"\b\d{1,2}(?:st|nd|rd|th)\b|"  # "on the 25th"
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|januar|februar|märz|mai|juni|juli|"
    r"oktober|dezember|janeiro|fevereiro|março|abril|maio|junho|julho|agosto|setembro|outubro|"
    r"novembro|dezembro|enero|febrero|marzo|mayo|junio|julio|septiembre|octubre|noviembre|"
    r"diciembre|monday|tuesday|wednesday|thursday|friday|saturday|sunday|montag|dienstag|"
    r"mittwoch|donnerstag|freitag|samstag|sonntag|segunda|terça|quarta|quinta|sexta|sábado|"
    r"domingo|lunes|martes|miércoles|jueves|viernes|tháng|năm)\w*",
    re.IGNORECASE,
)
# A time given relative to an event: "7 Wochen vor Beginn", "Day 14", "within 3 days".
_RELATIVE_TIME = re.compile(
    r"\b\d+\s?(?:(?:working |business |calendar )?(?:minutes?|hours?|days?|weeks?|months?|"
    r"years?)|(?:arbeits|werk|kalender)?(?:minuten?|stunden?|tagen?|wochen?|monaten?|jahren?)|"
    r"minutos?|horas?|dias?|días?|semanas?|meses|m[eê]s|anos?|años?)\b|"
    r"\b(?:day|tag|dia|día|week|woche|semana|month|monat|m[eê]s)\s\d+\b|"
    # … or to the calendar, without a number: "the last working day of the month", "am
    # letzten Werktag des Monats", "no último dia útil do mês", "a fin de mes"
    r"\b(?:first|last|final) (?:working |business |week)?day of (?:the|each|every) "
    r"(?:month|quarter|year)\b|\bend of (?:the|each|every) (?:month|quarter|year)\b|"
    r"\b(?:ersten|letzten) (?:werk|arbeits|bank)?tag (?:des|im|eines) (?:monats|quartals|"
    r"jahres)\b|\b(?:monats|quartals|jahres)(?:ende|anfang)\b|"
    r"\b(?:primeiro|último) dia (?:útil )?(?:do|de cada) (?:m[eê]s|trimestre|ano)\b|"
    r"\bfi(?:m|nal) do (?:m[eê]s|trimestre|ano)\b|"
    r"\b(?:primer|último) día (?:hábil |laborable )?(?:del|de cada) (?:mes|trimestre|año)\b|"
    r"\bfin(?:al)? de(?:l)? (?:mes|trimestre|año)\b",
    re.IGNORECASE,
)
_NAME = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-ZÀ-ÖØ-Þ][\wÀ-ÿ'-]+")


# Chat drops the apostrophe ("whos the fire warden", "whats the rate"): read as written with it.
_CHAT_CONTRACTION = re.compile(r"\b(what|who|where|how|when)s\b", re.IGNORECASE)


def question_type(question: str) -> str | None:
    question = visible(question)  # pasted text hides zero-width characters
    question = _CHAT_CONTRACTION.sub(r"\1's", question)
    for kind, pattern in _QUESTION_TYPE_PATTERNS.items():
        if pattern.search(question):
            return kind
    return None


def is_howto(question: str) -> bool:
    return bool(_HOWTO.search(question) or _WHAT_TO_DO.search(question))


_DIGITS = re.compile(r"\d[\d.,:]*")
# An amount's digits; those glued to letters before them are a code ("HS101", "Q2", "A380"),
# which an amount question is not answered by.
_AMOUNT_DIGITS = re.compile(r"(?<!\w)\d[\d.,:]*")
# Amounts written in words, as prose writes small numbers ("four nations", "alle fünf Jahre",
# "oito bits", "mười triệu người"): en, de, pt, es, vi. Not the words that also mean something
# common: "one / ein / um / uno / một" (the article), Spanish "dos" (Portuguese "of the") and
# "once" (English), Vietnamese "năm" ("year"); multiples and halves count ("das Zehnfache",
# "twice", "metade", "một nửa").
_NUMBER_WORDS = (
    r"two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
    r"sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|"
    r"fifty|sixty|seventy|eighty|ninety|hundreds?|thousands?|millions?|billions?|dozens?|"
    r"half|twice|double|triple|"
    r"zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|zwanzig|dreißig|vierzig|"
    r"fünfzig|hundert|tausend|million(?:en)?|milliarden?|hälfte|doppelt|dutzend|"
    # "das Zehnfache", not "die einfache Lösung" (simple)
    r"(?:zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|zwanzig|hundert|tausend)fache[nsmr]?|"
    r"dois|duas|três|quatro|cinco|seis|sete|oito|nove|dez|onze|doze|treze|catorze|quatorze|"
    r"quinze|vinte|trinta|quarenta|cinquenta|cem|cento|duzent[oa]s|mil|milh(?:ão|ões)|"
    r"bilh(?:ão|ões)|metade|dobro|triplo|dezenas|centenas|"
    r"tres|cuatro|siete|ocho|nueve|diez|doce|veinte|treinta|cuarenta|cincuenta|"
    r"cien|ciento|mill(?:ón|ones)|mitad|doble|"
    r"hai|ba|bốn|sáu|bảy|tám|chín|mười|trăm|nghìn|ngàn|triệu|tỷ|nửa"
)
_AMOUNT_WORD = re.compile(rf"\b(?:{_NUMBER_WORDS})\b", re.IGNORECASE)
# … and a span of time in words: "cinco dias úteis", "two weeks", "drei Monate"
_TIME_IN_WORDS = re.compile(
    rf"\b(?:{_NUMBER_WORDS})\s(?:(?:working |business |calendar )?(?:minutes?|hours?|days?|"
    r"weeks?|months?|years?|decades?|centuries)|(?:arbeits|werk|kalender)?(?:minuten|stunden|"
    r"tagen?|wochen|monaten?|jahren?|jahrzehnten?)|minutos|horas|dias|días|semanas|meses|anos|"
    r"años|décadas|séculos|siglos|phút|giờ|ngày|tuần|tháng|năm|thập kỷ|thế kỷ)\b",
    re.IGNORECASE,
)
_PHONE = re.compile(r"\+?\(?\d[\d ()/-]{5,}\d")
# "how often / wie oft / com que frequência / con qué frecuencia / bao lâu một lần" ask for an
# amount a frequency answers without a digit: "annually", "jährlich", "todos os anos".
_ASKS_FREQUENCY = re.compile(
    r"\bhow often\b|\bwie oft\b|\bwie häufig\b|com que frequ[eê]ncia|de quanto em quanto tempo|"
    r"a cada quanto tempo|con qu[eé] frecuencia|cada cu[aá]nto|bao lâu một lần",
    re.IGNORECASE,
)
# Not "once" or "a day" alone: "Once your endpoint is up…", "a day off", "per year" (an amount).
_FREQUENCY = re.compile(
    r"\b(?:annual(?:ly)?|yearly|monthly|weekly|daily|hourly|quarterly|"
    r"(?:once|twice|\d+ times) (?:a|an|per|every|each)\b|"
    r"(?:every|each) (?:other |\w+ )?(?:days?|weeks?|months?|quarters?|years?)|"
    r"(?:jährlich|monatlich|wöchentlich|täglich|stündlich|vierteljährlich|halbjährlich)\w*|"
    r"jede[ns]? (?:tag|woche|monat|quartal|jahr)|(?:ein|zwei)mal (?:im|pro|je|in der)\b|"
    r"anual(?:mente)?|mensal(?:mente)?|semanal(?:mente)?|diariamente|trimestral(?:mente)?|"
    r"semestral(?:mente)?|tod[oa]s? (?:os |as )?(?:dias?|semanas?|m[eê]s(?:es)?|anos?)|"
    r"(?:uma|duas) vez(?:es)? (?:por|a cada|ao)\b|mensual(?:mente)?|"
    r"cada (?:\w+ )?(?:d[ií]as?|semanas?|mes(?:es)?|años?|anos?|m[eê]s)|"
    r"(?:una|dos) vez(?:es)? (?:al|por|cada)\b|hàng (?:năm|tháng|tuần|ngày)|"
    r"mỗi (?:năm|tháng|tuần|ngày))",
    re.IGNORECASE,
)


def has_new_type(kind: str, text: str, question: str) -> bool:
    """The piece holds a fact of the asked-for kind that the question does not already hold."""
    asked = question.lower()
    if kind == "phone":
        return new_match(_PHONE, text, asked)
    if kind == "amount":
        return (
            new_match(_AMOUNT_DIGITS, text, asked)
            or new_match(_AMOUNT_WORD, text, asked)
            or (bool(_ASKS_FREQUENCY.search(question)) and new_match(_FREQUENCY, text, asked))
        )
    if kind == "time":
        return any(new_match(p, text, asked) for p in (_TIME, _RELATIVE_TIME, _TIME_IN_WORDS))
    # person / place: a capitalised word past the first that the question does not name
    return new_match(_NAME, text, asked)


# "which API version made weight an integer?", "in welchem Release", "em que versão": the
# answer is a version, written in digits. Not an answer-type cue of the reader's models (no
# public question asks one): it only decides whether a section heading is shown (below).
_VERSION = re.compile(
    r"\b(?:which|what) (?:\w+ )?(?:version|release|build)s?\b|"
    r"\b(?:welche[rsmn]?|in welche[mr]) (?:\w+ )?(?:version|release|build)s?\b|"
    r"\b(?:qual|que|em que|em qual) (?:\w+ )?(?:vers[aã]o|versões|release|build)\b|"
    r"\b(?:qu[eé]|cu[aá]l|en qu[eé]) (?:\w+ )?(?:versi[oó]n|release|build)\b",
    re.IGNORECASE,
)


def heading_holds_fact(question: str, piece: str, heading: str) -> bool:
    """The question asks for a time, an amount or a version; the piece chosen holds none and
    its section heading does. A changelog entry, a dated note or a price tier says the fact
    once, in its heading ("2025-09-15 — API version 2025-09-01" over "weight is now an integer
    in grams"), so the heading is shown with the piece."""
    asked = question.lower()
    if _VERSION.search(question):
        return not new_match(_DIGITS, piece, asked) and new_match(_DIGITS, heading, asked)
    kind = question_type(question)
    if kind not in ("time", "amount"):
        return False
    return not has_new_type(kind, piece, question) and has_new_type(kind, heading, question)


def new_match(pattern: re.Pattern, text: str, asked: str) -> bool:
    """``text`` holds a match of ``pattern`` that the (lower-cased) question does not."""
    return any(m.group(0).lower() not in asked for m in pattern.finditer(text))
