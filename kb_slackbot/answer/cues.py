"""Answer-type cues: does a piece hold a fact of the kind the question asks for?

The kind asked for is read from the question's words (``question_kinds.py``); here a piece is
tested for one: an amount (digits, or a number or a frequency in words), a time (a date, a
clock time, a weekday or month, a span), a name or a place (a capitalised word past the first),
a phone number. Checks of a whole answer against the question (another year, a missing
identifier) are in ``near_misses.py``.
"""

from __future__ import annotations

import re

from .question_kinds import ASKS_FREQUENCY, ASKS_VERSION, question_type

_TIME = re.compile(
    r"\b(?:1[0-9]{3}|20[0-9]{2})\b|\b\d{1,2}[:.]\d{2}\b|\b\d{1,2}\s?(?:am|pm|uhr|h)\b|"
    r"\b\d{1,2}(?:st|nd|rd|th)\b|"  # "on the 25th"
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|januar|februar|märz|mai|juni|juli|"
    r"oktober|dezember|janeiro|fevereiro|março|abril|maio|junho|julho|agosto|setembro|outubro|"
    r"novembro|dezembro|enero|febrero|marzo|mayo|junio|julio|septiembre|octubre|noviembre|"
    r"diciembre|monday|tuesday|wednesday|thursday|friday|saturday|sunday|montag|dienstag|"
    r"mittwoch|donnerstag|freitag|samstag|sonntag|segunda|terça|quarta|quinta|sexta|sábado|"
    r"domingo|lunes|martes|miércoles|jueves|viernes|tháng|năm|"
    r"janvier|février|avril|juin|juillet|août|décembre|lundi|mercredi|jeudi|vendredi|samedi|"
    r"dimanche|gennaio|maggio|giugno|luglio|settembre|ottobre|dicembre|lunedì|mercoledì|"
    r"giovedì|venerdì|sabato|domenica|maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|"
    # Dutch May: not "meia" (Portuguese "half"), not a gene ("mei-S332")
    r"zondag)\w*|\b(?-i:mei)\b(?!-)",
    re.IGNORECASE,
)
# A time given relative to an event: "7 Wochen vor Beginn", "Day 14", "within 3 days".
_RELATIVE_TIME = re.compile(
    r"\b\d+\s?(?:(?:working |business |calendar )?(?:minutes?|hours?|days?|weeks?|months?|"
    r"years?)|(?:arbeits|werk|kalender)?(?:minuten?|stunden?|tagen?|wochen?|monaten?|jahren?)|"
    r"minutos?|horas?|dias?|días?|semanas?|meses|m[eê]s|anos?|años?|"
    r"jours?|semaines?|heures?|mois|ans|années?|giorni|giorno|settimane?|ore|mesi|mese|anni|"
    r"anno|dagen|dag|weken|uur|uren|maanden|maand|jaar|jaren)\b|"
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
    r"hai|ba|bốn|sáu|bảy|tám|chín|mười|trăm|nghìn|ngàn|triệu|tỷ|nửa|"
    # fr, it, nl; not "sept" / "cent" (English "Sept." and "per cent") or "otto" (a name); "tre"
    # only in lower case (not the acronym "TRE")
    r"deux|trois|quatre|cinq|huit|neuf|dix|douze|vingt|trente|quarante|cinquante|mille|"
    r"(?-i:tre)|quattro|cinque|sette|dieci|undici|dodici|venti|trenta|quaranta|cinquanta|"
    r"twee|drie|vijf|zes|zeven|negen|tien|twaalf|twintig|dertig|veertig|vijftig|honderd|"
    r"duizend"
)
_AMOUNT_WORD = re.compile(rf"\b(?:{_NUMBER_WORDS})\b", re.IGNORECASE)
# … and a span of time in words: "cinco dias úteis", "two weeks", "drei Monate"
_TIME_IN_WORDS = re.compile(
    rf"\b(?:{_NUMBER_WORDS})\s(?:(?:working |business |calendar )?(?:minutes?|hours?|days?|"
    r"weeks?|months?|years?|decades?|centuries)|(?:arbeits|werk|kalender)?(?:minuten|stunden|"
    r"tagen?|wochen|monaten?|jahren?|jahrzehnten?)|minutos|horas|dias|días|semanas|meses|anos|"
    r"años|décadas|séculos|siglos|phút|giờ|ngày|tuần|tháng|năm|thập kỷ|thế kỷ|jours|semaines|"
    r"heures|mois|ans|années|giorni|settimane|ore|mesi|anni|dagen|weken|uur|maanden|jaar)\b",
    re.IGNORECASE,
)
_PHONE = re.compile(r"\+?\(?\d[\d ()/-]{5,}\d")
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
    r"mỗi (?:năm|tháng|tuần|ngày)|"
    r"mensuel\w*|hebdomadaire|quotidien\w*|(?:tous|toutes) les (?:\w+ )?(?:jours|semaines|"
    r"mois|ans)|chaque (?:jour|semaine|mois|année|an)\b|mensil\w*|settimanal\w*|giornalier\w*|"
    r"ogni (?:\w+ )?(?:giorn[oi]|settiman[ae]|mes[ei]|ann[oi])|jaarlijks|maandelijks|"
    r"wekelijks|dagelijks|(?:elke|iedere?) (?:\w+ )?(?:dag|week|maand|jaar))",
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
            or (bool(ASKS_FREQUENCY.search(question)) and new_match(_FREQUENCY, text, asked))
        )
    if kind == "time":
        return any(new_match(p, text, asked) for p in (_TIME, _RELATIVE_TIME, _TIME_IN_WORDS))
    # person / place: a capitalised word past the first that the question does not name
    return new_match(_NAME, text, asked)


def heading_holds_fact(question: str, piece: str, heading: str) -> bool:
    """The question asks for a time, an amount or a version; the piece chosen holds none and
    its section heading does. A changelog entry, a dated note or a price tier says the fact
    once, in its heading ("2025-09-15 — API version 2025-09-01" over "weight is now an integer
    in grams"), so the heading is shown with the piece."""
    asked = question.lower()
    if ASKS_VERSION.search(question):
        return not new_match(_DIGITS, piece, asked) and new_match(_DIGITS, heading, asked)
    kind = question_type(question)
    if kind not in ("time", "amount"):
        return False
    return not has_new_type(kind, piece, question) and has_new_type(kind, heading, question)


def new_match(pattern: re.Pattern, text: str, asked: str) -> bool:
    """``text`` holds a match of ``pattern`` that the (lower-cased) question does not."""
    return any(m.group(0).lower() not in asked for m in pattern.finditer(text))
