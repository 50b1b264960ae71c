#!/usr/bin/env python3
# ruff: noqa — a test-data generator: page text kept as written
"""Check questions.jsonl against the text extracted from the PDFs.

Run with any Python that has pypdf, e.g.::

    /work/main/.venv/bin/python benchmarks/pdf_kb/check_facts.py

For every answerable question, each ``must_contain`` string (the fact(s) of
the reference answer, copied from the document) must occur in the
whitespace-normalised text that pypdf extracts from the expected PDF(s).
For every unanswerable question, no ``must_not_contain`` string may occur in
any PDF (case-insensitive). It also checks that every expected source maps to
an existing file, that every PDF has the accented characters of its language
and a "Page X of Y" footer, and that each question has an entry here.
"""

import json
import re
import sys
from pathlib import Path

import pypdf

HERE = Path(__file__).resolve().parent
BASE = "https://docs.harbourline.example/"

CHECKS = {
    "hey, how many days hol do i get on grade 5? been here 2 yrs": {
        "must_contain": ["Grades 4–5 Administrative and technical support 26 28"],
        "must_not_contain": [],
        "kind": "a",
    },
    "im a senior lecturer (grade 8), joined back in 2019 — whats my leave allowance now?": {
        "must_contain": [
            "Grades 8–9 Senior lecturers, readers, senior managers 31 33",
            "after the fifth anniversary",
        ],
        "must_not_contain": [],
        "kind": "a",
    },
    "is the uni shut between xmas and new year? which days exactly": {
        "must_contain": [
            "Thursday 24 December 2026 University closure day",
            "Friday 25 December 2026 Bank holiday",
            "Monday 28 December 2026 Bank holiday",
            "Tuesday 29 – Thursday 31 December 2026 University closure days",
            "Friday 1 January 2027 Bank holiday",
            "reopens on Monday 4 January 2027",
        ],
        "must_not_contain": [],
        "kind": "a",
    },
    "got like 7 days of leave left that i wont manage to use, can i roll them over?": {
        "must_contain": [
            "Up to 5 days",
            "agreement of your line manager",
            "must be used by 31 March",
        ],
        "must_not_contain": [],
        "kind": "a",
    },
    "can i buy extra holiday days? when do i need to apply": {
        "must_contain": [
            "buy up to 10 additional days",
            "grades 1 to 9",
            "close on 15 December",
            "https://hr.harbourline.example/leave",
        ],
        "must_not_contain": [],
        "kind": "a",
    },
    "how much notice do i need to give my manager before taking a week off?": {
        "must_contain": [
            "twice the length of the leave",
            "two weeks' notice for one week of leave",
        ],
        "must_not_contain": [],
        "kind": "a",
    },
    "what do we get per mile for driving our own car on uni business": {
        "must_contain": [
            "Car or van (including electric and hybrid) 45p per mile 25p per mile",
            "First 10,000 business miles",
        ],
        "must_not_contain": [],
        "kind": "a",
    },
    "if i cycle to a meeting at another site can i claim anything for it?": {
        "must_contain": ["Bicycle or e-bike 20p per mile"],
        "must_not_contain": [],
        "kind": "a",
    },
    "max i can spend on a hotel in london per night?": {
        "must_contain": ["London £11 £15 £40 £210", "per night, for room only"],
        "must_not_contain": [],
        "kind": "a",
    },
    "off to the kiel station next month, whats the limit for dinner": {
        "must_contain": ["Kiel (research station) €12 €16 €38 €140"],
        "must_not_contain": [],
        "kind": "a",
    },
    "deadline for expense claims?? i still have receipts from a trip in august lol": {
        "must_contain": ["within 60 days", "more than 90 days after the expense are rejected"],
        "must_not_contain": [],
        "kind": "a",
    },
    "can i fly business to a conference in singapore? its a 13h flight": {
        "must_contain": [
            "Flights of 6 hours or more Premium economy",
            "Business class only with approval of a Pro-Vice-Chancellor, or on medical grounds",
        ],
        "must_not_contain": [],
        "kind": "a",
    },
    "forgot my passwrod again 🙃 where do i reset it": {
        "must_contain": [
            "https://passwords.harbourline.example/reset",
            "Register at least two recovery methods",
        ],
        "must_not_contain": [],
        "kind": "a",
    },
    "how long do students keep their uni email after they finish?": {
        "must_contain": [
            "Undergraduate and taught postgraduate ab12345 90 days after the end of the course None"
        ],
        "must_not_contain": [],
        "kind": "a",
    },
    "new phone and the authenticator app is gone, what do i do?": {
        "must_contain": [
            'hl-mfa reset-request --reason "lost phone"',
            "+44 117 496 0300",
            "4 working hours",
            "bring your University card",
        ],
        "must_not_contain": [],
        "kind": "a",
    },
    "changed my pw but tidewater still wants the old one when i ssh in?": {
        "must_contain": ["ssh ab12345@login.tidewater.harbourline.example", "hl-passwd --sync"],
        "must_not_contain": [],
        "kind": "a",
    },
    "whats the minimum length for a new password": {
        "must_contain": ["Minimum length 14 characters"],
        "must_not_contain": [],
        "kind": "a",
    },
    "why does it keep asking me for mfa on my own laptop, how often is it supposed to": {
        "must_contain": [
            "Personal device or browser Every 7 days, or when signing in from a new location"
        ],
        "must_not_contain": [],
        "kind": "a",
    },
    "how many books can undergrads take out from the libary at once": {
        "must_contain": ["Undergraduate student 20 3 weeks Up to 10 times"],
        "must_not_contain": [],
        "kind": "a",
    },
    "somebody recalled a book i have and i missed the date, how much is the fine": {
        "must_contain": ["Recalled item not returned by the recall date £1.00 per day £20.00"],
        "must_not_contain": [],
        "kind": "a",
    },
    "brought back a locker laptop an hour late… what will that cost me": {
        "must_contain": ["Laptop not returned on time £5.00 per hour £50.00"],
        "must_not_contain": [],
        "kind": "a",
    },
    "how much does it cost to resit an exam?": {
        "must_contain": ["Written examination £60", "No student pays more than £300"],
        "must_not_contain": [],
        "kind": "a",
    },
    "when are the summer resits and whats the last day to sign up": {
        "must_contain": ["16–27 August 2027 9 July 2027 10 September 2027"],
        "must_not_contain": [],
        "kind": "a",
    },
    "i think my dissertation mark is wrong and want to appeal. deadline?": {
        "must_contain": [
            "Submit appeal (form AP1) 15 working days after results are published",
            "Disagreement with the academic judgement of examiners",
        ],
        "must_not_contain": [],
        "kind": "a",
    },
    "is the resit mark capped for masters students?": {
        "must_contain": ["50% for postgraduate modules", "40% for undergraduate modules"],
        "must_not_contain": [],
        "kind": "a",
    },
    "how often do i have to redo the LN2 training": {
        "must_contain": [
            "HS170 Cryogens and Liquid Nitrogen Anyone dispensing liquid nitrogen Practical, 1 hour 1 year"
        ],
        "must_not_contain": [],
        "kind": "a",
    },
    "can a phd student work in the lab alone on a saturday?": {
        "must_contain": [
            "a lone-working permit signed by your supervisor is required",
            "every 60 minutes",
            "not permitted alone at any time",
        ],
        "must_not_contain": [],
        "kind": "a",
    },
    "had a small spill + a near miss in the lab, do i need to report it and by when": {
        "must_contain": [
            "Every accident, incident or near miss must be reported in SafeHarbour",
            "https://safety.harbourline.example/report within 24 hours",
        ],
        "must_not_contain": [],
        "kind": "a",
    },
    "how many years do we have to keep research data after a project?": {
        "must_contain": [
            "Most research data (default) 10 years Last publication based on the data, or project end if later"
        ],
        "must_not_contain": [],
        "kind": "a",
    },
    "where am i allowed to store identifiable intervew recordings? my supervisor said not google drive": {
        "must_contain": [
            "Identifiable interview recordings, commercial partner data RDS or SecureVault",
            "must never be used for Confidential",
        ],
        "must_not_contain": [],
        "kind": "a",
    },
    "our project needs more than 5TB on RDS — what does the extra space cost": {
        "must_contain": ["Free up to 5 TB, then £60 per TB per year"],
        "must_not_contain": [],
        "kind": "a",
    },
    "staying in the kiel station guesthouse for 3 nights, how much is a single room for staff?": {
        "must_contain": ["Einzelzimmer 28 € pro Nacht 45 € pro Nacht"],
        "must_not_contain": [],
        "kind": "a",
    },
    "how much is a staff parking permit at the matosinhos site in porto?": {
        "must_contain": ["Funcionário — anual 240 € 150 €", "Funcionário — mensal 25 € 15 €"],
        "must_not_contain": [],
        "kind": "a",
    },
    "Wie oft muss die allgemeine Sicherheitsunterweisung in Kiel wiederholt werden?": {
        "must_contain": [
            "Allgemeine Sicherheitsunterweisung und Brandschutz alle Personen auf der Station jährlich"
        ],
        "must_not_contain": [],
        "kind": "a",
    },
    "bis wann muss ich ne ausfahrt mit der möwe anmelden?": {
        "must_contain": ["bis 14:00 Uhr am Vortag im Buchungskalender"],
        "must_not_contain": [],
        "kind": "a",
    },
    "wie viele leute dürfen aufs boot und bis zu welcher windstärke fahrt ihr noch raus?": {
        "must_contain": ["höchstens 6 Personen einschließlich", "bis Windstärke 5 Bft"],
        "must_not_contain": [],
        "kind": "a",
    },
    "Was kostet ein Doppelzimmer im Gästehaus für externe Gäste?": {
        "must_contain": ["Doppelzimmer 40 € pro Nacht 65 € pro Nacht"],
        "must_not_contain": [],
        "kind": "a",
    },
    "wann wird in kiel der gefahrstoffabfall abgeholt?": {
        "must_contain": [
            "am ersten Dienstag jedes Monats abgeholt",
            "bis zum Vortag im Gefahrstofflager angemeldet",
        ],
        "must_not_contain": [],
        "kind": "a",
    },
    "hab meinen transponder verloren 😬 was kostet das?": {
        "must_contain": ["Für den Verlust eines Transponders werden 35 € berechnet"],
        "must_not_contain": [],
        "kind": "a",
    },
    "Wie viele Urlaubstage hat man in Bristol in Entgeltgruppe 6?": {
        "must_contain": [
            "Grades 6–7 Professional services staff, lecturers, research associates 30 32"
        ],
        "must_not_contain": [],
        "kind": "a",
    },
    "wie hoch ist die kilometerpauschale wenn ich mit dem motorrad dienstlich fahre?": {
        "must_contain": ["Motorcycle 24p per mile 24p per mile"],
        "must_not_contain": [],
        "kind": "a",
    },
    "quanto custa o dístico de estudante no polo ribeira?": {
        "must_contain": ["Estudante — semestral não disponível 60 €"],
        "must_not_contain": [],
        "kind": "a",
    },
    "a universidade paga parte do passe andante?": {
        "must_contain": [
            "Comparticipação no passe Andante Funcionários 30% do passe mensal, até 12 € por mês"
        ],
        "must_not_contain": [],
        "kind": "a",
    },
    "de quanto em quanto tempo passa o vaivém ribeira-matosinhos?": {
        "must_contain": ["Gratuito; de 30 em 30 minutos, 08:00–19:30, dias úteis"],
        "must_not_contain": [],
        "kind": "a",
    },
    "quanto custa carregar o carro elétrico em matosinhos?": {
        "must_contain": ["0,25 € por kWh", "máximo de 4 horas por utilização"],
        "must_not_contain": [],
        "kind": "a",
    },
    "quando fecha o campus do porto no natal e quando reabre?": {
        "must_contain": [
            "encerrado de 24 de dezembro de 2026 a 1 de janeiro de 2027",
            "segunda-feira, 4 de janeiro de 2027",
        ],
        "must_not_contain": [],
        "kind": "a",
    },
    "os dias 24 e 31 de dezembro contam como férias??": {
        "must_contain": [
            "Os dias 24 e 31 de dezembro são concedidos como tolerância de ponto e não são descontados nas férias",
            "Os dias 28, 29 e 30 de dezembro são marcados como férias",
        ],
        "must_not_contain": [],
        "kind": "a",
    },
    "quantos livros pode um aluno de mestrado levar da biblioteca?": {
        "must_contain": ["Taught postgraduate student 25 4 weeks Up to 10 times"],
        "must_not_contain": [],
        "kind": "a",
    },
    "qto custa repetir um exame aqui no porto? e até quando é a inscrição": {
        "must_contain": [
            "Any resit at the Porto campus €50",
            "Porto campus programmes 19–30 July 2027 25 June 2027",
        ],
        "must_not_contain": [],
        "kind": "a",
    },
    "does the SU bar still do the quiz night on thursdays?": {
        "must_contain": [],
        "must_not_contain": ["quiz"],
        "kind": "off",
    },
    "anyone know a decent plumber in bedminster? boiler died": {
        "must_contain": [],
        "must_not_contain": ["plumber"],
        "kind": "off",
    },
    "when's the winter graduation ceremony for engineering this year": {
        "must_contain": [],
        "must_not_contain": ["graduation ceremony"],
        "kind": "off",
    },
    "who won the staff 5-a-side tournament last year": {
        "must_contain": [],
        "must_not_contain": ["tournament"],
        "kind": "off",
    },
    "can someone recommend a good thai place near the harbour for a team lunch": {
        "must_contain": [],
        "must_not_contain": ["thai"],
        "kind": "off",
    },
    "Wie wird das Wetter morgen in Kiel?": {
        "must_contain": [],
        "must_not_contain": ["Wetter"],
        "kind": "off",
    },
    "qual é o menu da cantina hoje no polo ribeira?": {
        "must_contain": [],
        "must_not_contain": ["cantina", "menu"],
        "kind": "off",
    },
    "what are the christmas closure dates for 2027? want to book flights early": {
        "must_contain": [],
        "must_not_contain": ["December 2027", "24 December 2027"],
        "kind": "near",
    },
    "how many days annual leave do staff at the porto campus get?": {
        "must_contain": [],
        "must_not_contain": ["Porto campus staff", "Porto staff"],
        "kind": "near",
    },
    "whats the meal allowance for a conference in boston": {
        "must_contain": [],
        "must_not_contain": ["Boston", "USA", "United States"],
        "kind": "near",
    },
    "how much is a staff parking permit at the bristol harbourside campus?": {
        "must_contain": [],
        "must_not_contain": ["Harbourside campus"],
        "kind": "near",
    },
    "how often do i need to renew my autoclave training": {
        "must_contain": [],
        "must_not_contain": ["autoclave training"],
        "kind": "near",
    },
    "who is the director of finance? need to ask them for an exception on an old claim": {
        "must_contain": [],
        "must_not_contain": [],
        "kind": "near",
    },
    "Wer leitet aktuell die Forschungsstation in Kiel? Brauche einen Namen": {
        "must_contain": [],
        "must_not_contain": ["Stationsleiterin", "Stationsleiter "],
        "kind": "near",
    },
    "qual é o horário da biblioteca do porto durante o semestre?": {
        "must_contain": [],
        "must_not_contain": ["Porto campus library 0", "Biblioteca do Porto"],
        "kind": "near",
    },
}


def norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def main() -> int:
    texts = {}
    for pdf in sorted((HERE / "pages").rglob("*.pdf")):
        reader = pypdf.PdfReader(str(pdf))
        url = BASE + pdf.relative_to(HERE / "pages").as_posix()
        texts[url] = norm(" ".join(page.extract_text() for page in reader.pages))
        n = len(reader.pages)
        footer = re.findall(r"(?:Page|Seite|Página) (\d+) (?:of|von|de) (\d+)", texts[url])
        assert len(footer) == n and all(int(b) == n for _, b in footer), (url, footer)
    errors = 0
    questions = [
        json.loads(line)
        for line in (HERE / "questions.jsonl").read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    for q in questions:
        c = CHECKS.get(q["question"])
        if c is None:
            print("NO CHECK:", q["question"])
            errors += 1
            continue
        if q["answerable"]:
            missing_src = [s for s in q["expected_sources"] if s not in texts]
            if missing_src or not q["expected_sources"] or not c["must_contain"]:
                print("BAD SOURCES/CHECKS:", q["question"], missing_src)
                errors += 1
                continue
            hay = " ".join(texts[s] for s in q["expected_sources"])
            for needle in c["must_contain"]:
                if norm(needle) not in hay:
                    print("MISSING:", q["question"], "->", needle)
                    errors += 1
        else:
            if q["expected_sources"] or q["reference_answer"]:
                print("UNANSWERABLE WITH SOURCE/ANSWER:", q["question"])
                errors += 1
            for needle in c["must_not_contain"]:
                for url, t in texts.items():
                    if needle.lower() in t.lower():
                        print("PRESENT (should be absent):", q["question"], "->", needle, "in", url)
                        errors += 1
    accents = {"de": "äöüß", "pt": "çãéêó"}
    for url, t in texts.items():
        for lang, chars in accents.items():
            if ("/kiel/" in url and lang == "de") or ("/porto/" in url and lang == "pt"):
                for ch in chars:
                    if ch not in t:
                        print("ACCENT MISSING:", url, ch)
                        errors += 1
    n_ans = sum(q["answerable"] for q in questions)
    print(
        f"{len(texts)} PDFs, {len(questions)} questions ({n_ans} answerable, {len(questions) - n_ans} unanswerable); errors: {errors}"
    )
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
