"""What kind of fact a question asks for, read from its question words.

"how much / wie viele / quanto / cuánto / bao nhiêu" and "is there a budget / gibt es einen
Zuschuss" ask for an amount, "when / wann / quando / cuándo / khi nào" and "in which year / in
welchem Jahr / em que ano" for a time, "who / wer / quem / quién / ai" for a name, "where / wo /
onde / dónde", "in which city / in welcher Stadt / em qual cidade" and "address / Adresse /
endereço" for a place, "phone / hotline / Telefon / telefone" for a phone number; "how do I /
wie richte ich / como faço / cómo puedo" ask for steps, and so does a situation followed by
"what do I do? / was muss ich tun? / o que faço? / ¿qué hago?". "how often / wie oft / com que
frequência" ask for an amount that a frequency in words also gives ("jährlich", "every year").

French, Italian and Dutch ("combien / quanti / hoeveel", "quand / a che ora / wanneer",
"qui / chi / wie is", "où / dove / waar", "comment / come faccio / hoe meld ik") are languages
of our users that no public set asks in: their words are language knowledge, not a fit, and
were checked to change the kind of none of the public sets' 3,580 questions. Where two of our
languages share a word with different meanings, only the one language's phrases count: Dutch
"wie is" asks for a person, German "wie ist" does not; "donderdag" holds no Spanish "donde".

Mostly tables of question words; ``cues.py`` tests a piece of text against the kind asked for.
"""

from __future__ import annotations

import re

from ..retrieval.tokens import visible

# Identifiers a question may ask for: a company's tax or bank number is written in digits.
IDENTIFIERS = (
    r"cnpj|cpf|nif|iban|vat (?:id|number)|tax (?:id|number)|ust-?id\w*|steuernummer|"
    r"account number|kontonummer"
)

# Answer-type cues: question words → the kind of fact asked for (en, de, pt, es, vi; fr, it,
# nl: languages of our users that no public set asks in).
_QUESTION_TYPES = {
    # Checked first: "what's the hotline number" / "who do I call" want a phone number. A phone
    # the asker holds ("which wifi for my phone", "Telefon kaputt") asks for none.
    "phone": r"\b(?:phone|telephone|fax) (?:number|no\b|#)|\bhotline\b|"
    r"\bwho (?:do|should|can) (?:i|we) call\b|\bnumber (?:to|do i) call\b|"
    r"\bwhat(?:'s| is)? the (?:\w+ )?(?:phone|telephone|fax)\b|"
    r"telefon-?nummer|rufnummer|faxnummer|telefone (?:d[eoa]s?|para)\b|"
    r"tel[eé]fono (?:de|del|para)\b|n[uú]mero (?:de |do |da )?(?:tel[eé]fono|telefone|fax)|"
    r"số điện thoại|"
    r"\bt[ée]l[ée]phone (?:de|du|des)\b|num[ée]ro de (?:t[ée]l[ée]phone|t[ée]l\b|fax|portable)|"
    r"\bnumero di (?:telefono|cellulare|fax)\b|\btelefono (?:di|del|della|dell')|"
    r"telefoonnummer|\b(?:bij )?welk (?:telefoon)?nummer\b",
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
    r"(?:presupuesto|ayuda|subsidio|reembolso|bono|descuento)|"
    # fr, it, nl: "combien", "quel est le montant", "quanti / quante", "hoeveel", "hoe lang"
    r"\bcombien\b|\b(?:quel(?:le)?s? (?:est|sont)|c'est quoi) (?:le |la |les |l')?"
    r"(?:montant|prix|tarif|co[uû]t|plafond|limite|taux|nombre)s?\b|"
    r"\bquant[ie]\b|\bqual è il (?:prezzo|costo|limite|importo|numero|massimo)\b|"
    r"\bhoeveel\b|\bhoe (?:lang|vaak|hoog|duur|groot|snel|ver|oud|zwaar)\b|\bwat kost\b|"
    r"\bwat (?:is|zijn) de (?:\w+ ){0,2}?(?:kosten|prijs|prijzen|limiet|tarief|tarieven|"
    r"vergoeding|bedrag)\b",
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
    r"khi nào|năm nào|bao giờ|lúc nào|"
    r"\bquand\b|\b[àa] quelle heure\b|\bquelle (?:date|année|heure)\b|\bquel (?:jour|mois)\b|"
    r"\bd[ée]lai\b|\ba che ora\b|\bentro quando\b|\bin che (?:anno|mese|giorno)\b|"
    r"\bquale giorno\b|\bscadenza\b|\bwanneer\b|\bhoe laat\b|\bwelke (?:datum|dag|maand)\b|"
    r"\bin welk jaar\b",
    "person": r"\bwho\b|\bwhom\b|\bwhose\b|\bwer\b|\bwem\b|\bwen\b|\bwessen\b|\bquem\b|"
    r"qui[eé]n(?:es)?|\bai\b|"
    # fr "qui", it "chi" at the start of a clause (elsewhere they are also relative pronouns:
    # "le formulaire qui est en ligne"); nl "wie" (German "wie" is "how": only Dutch phrases)
    r"(?:^|[,;:?!]\s*)[\s¿]*(?:qui|chi)\b|\b(?:à|avec|pour|de) qui\b|\bc'est qui\b|"
    r"\b(?:a|di|con) chi\b|"
    r"\bwie (?:is|zijn|moet|heeft|hebben|doet|regelt|beheert|betaalt)\b|"
    r"\b(?:bij|aan|met|van|voor) wie\b",
    "place": r"\bwhere\b|\bwo\b|\bwohin\b|\bwoher\b|\bonde\b|\ba?d[oó]nde\b|ở đâu|"
    r"\boù\b|\bdove\b|\bwaar(?:heen)?\b|"
    # "in which country / in welcher Stadt / em qual cidade / en qué ciudad"
    r"\b(?:which|what) (?:country|countries|city|cities|town|region|state|office|building|"
    r"floor|room)\b|\bin welche[mnr]? (?:\w+ )?(?:land|länder|stadt|städte|region|bezirk|"
    r"gegend|ort|staat|county|gebäude|stock|etage|büro)\w*|"
    r"\b(?:em|de|para) (?:qual|que|quais) (?:cidades?|pa[ií]s(?:es)?|estados?|regi[aã]o|"
    r"regiões|bairros?|pr[eé]dio|andar|escrit[oó]rio|sala)\b|"
    r"\b(?:en|de|a) (?:qu[eé]|cu[aá]l) (?:ciudad|pa[ií]s|estado|regi[oó]n|barrio|edificio|"
    r"piso|oficina|sala)\b|"
    r"\bdans quel(?:le)? (?:ville|pays|bâtiment|bureau|salle|étage|région)\b|"
    r"\bin (?:quale|che) (?:città|paese|ufficio|sala|piano|edificio|sede)\b|"
    r"\bin welke (?:stad|land|kantoor|ruimte|zaal|verdieping|gebouw|vestiging)\b|"
    # a postal address, not an email one
    r"(?<!mail )\baddress\b|(?<!mail-)(?<!mail )\badresse\b(?! (?:e-?mail|électronique|courriel))|"
    r"(?<!mail )endere[çc]o\b(?! de e-?mail)|direcci[oó]n\b(?! de (?:correo|e-?mail))|"
    r"địa chỉ(?! email)|\bindirizzo\b(?! (?:e-?mail|email|di posta|web))|\badres\b",
}
_QUESTION_TYPE_PATTERNS = {k: re.compile(v, re.IGNORECASE) for k, v in _QUESTION_TYPES.items()}
_NOT_A_VERB = r"(?!(?:isso|isto|esto|eso|todo|tempo|tiempo|muito|mucho)\b)"
_NOT_A_VERB_IT = r"(?!(?:questo|quello|tempo|molto|nuovo|primo|secondo|solo|tutto)\b)"
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
    r"làm (?:thế nào|sao)|"
    # "comment ajouter", "come rimando", "hoe meld ik"
    r"comment (?:puis-je|dois-je|faire|faut-il|est-ce qu|je |j'|on )|comment \w{3,}(?:er|ir|re)\b|"
    rf"come (?:faccio|posso|devo|si fa)\b|come {_NOT_A_VERB_IT}\w{{3,}}o\b|"
    r"hoe (?:kan|moet|zet|stel|doe|maak|vraag|regel) (?:ik|je|we|men)\b|hoe \w+ ik\b)",
    re.IGNORECASE,
)
# "lost my badge, what do I do?": a situation, then a request for what to do — anywhere in
# the question, not only at its start.
_WHAT_TO_DO = re.compile(
    r"\bwhat (?:do|should|can|must) (?:i|we) do\b(?! with)|\bwhat (?:do|should) (?:i|we) do now\b|"
    r"\bwas (?:(?:muss|soll) (?:ich|wir|man)|kann ich) (?:\w+ )?(?:tun|machen)\b|\bwas tun\b|"
    r"\bo que (?:eu )?(?:fa[çc]o|devo fazer|tenho (?:que|de) fazer|preciso fazer)\b|"
    r"\bqu[eé] (?:hago|debo hacer|tengo que hacer)\b|\b(?:phải|nên) làm gì\b|"
    r"\bque (?:dois-je|faut-il) faire\b|\bqu'est-ce que je (?:dois )?fai(?:s|re)\b|"
    r"\b(?:cosa|che cosa|che) (?:devo|dobbiamo|si deve) fare\b|"
    r"\bwat (?:moet|moeten|kan|kunnen) (?:ik|we|wij|je) (?:nu )?doen\b",
    re.IGNORECASE,
)

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


# "how often / wie oft / com que frequência / con qué frecuencia / bao lâu một lần" ask for an
# amount a frequency answers without a digit: "annually", "jährlich", "todos os anos".
ASKS_FREQUENCY = re.compile(
    r"\bhow often\b|\bwie oft\b|\bwie häufig\b|com que frequ[eê]ncia|de quanto em quanto tempo|"
    r"a cada quanto tempo|con qu[eé] frecuencia|cada cu[aá]nto|bao lâu một lần|"
    r"[àa] quelle fr[ée]quence|tous les combien|ogni quanto|con che frequenza|hoe vaak",
    re.IGNORECASE,
)

# "which API version made weight an integer?", "in welchem Release", "em que versão": the
# answer is a version, written in digits. Not an answer-type cue of the reader's models (no
# public question asks one): it only decides whether a section heading is shown (below).
ASKS_VERSION = re.compile(
    r"\b(?:which|what) (?:\w+ )?(?:version|release|build)s?\b|"
    r"\b(?:welche[rsmn]?|in welche[mr]) (?:\w+ )?(?:version|release|build)s?\b|"
    r"\b(?:qual|que|em que|em qual) (?:\w+ )?(?:vers[aã]o|versões|release|build)\b|"
    r"\b(?:qu[eé]|cu[aá]l|en qu[eé]) (?:\w+ )?(?:versi[oó]n|release|build)\b|"
    r"\b(?:quel(?:le)?|dans quelle) (?:\w+ )?(?:version|release)s?\b|"
    r"\b(?:quale|in quale|che) (?:\w+ )?(?:versione|release)\b|"
    r"\b(?:welke|in welke) (?:\w+ )?(?:versie|release)s?\b",
    re.IGNORECASE,
)
