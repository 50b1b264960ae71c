"""A question's words spelled as the pages spell them: accents, shorthand, "429s", typos and
shortenings (retrieval/spelling.py)."""

from __future__ import annotations

from functools import partial

from kb_slackbot.retrieval.keyword import KeywordIndex, Row, Segment, tokenize
from kb_slackbot.retrieval.spelling import spelled
from kb_slackbot.retrieval.tokens import respell


def test_a_word_typed_without_its_accents_is_read_as_the_index_spells_it():
    index = KeywordIndex(
        [
            Segment.build(
                "s",
                [
                    Row("1", "a", "h", "public", "O escritório de Lisboa fica no 3.º piso."),
                    Row(
                        "2",
                        "b",
                        "h",
                        "public",
                        "A refeição é paga no cartão; o escritório abre às 8h.",
                    ),
                    Row("3", "c", "h", "public", "Ma and má are different words: ma, má."),
                    Row("4", "d", "h", "public", "Vietnamese: máy (a machine) and lượng."),
                    Row("5", "e", "h", "public", "Etiquetas por mês; länger als 30 Tage."),
                ],
            )
        ]
    )
    assert spelled(index, "escritorio") == "escritório"
    assert spelled(index, "escritorio", language="pt") == "escritório"
    # A word of its own in the question's language is not a word with its accents left out.
    assert spelled(index, "mes", language="pt") == "mês"
    assert spelled(index, "mes", language="es") == "mes"  # Spanish "month"
    assert spelled(index, "langer", language="de") == "langer"  # "long", not "longer"
    assert spelled(index, "langer") == "länger"  # (no language: as before)
    # Chat shorthand of the question's language is written out; another language's is not.
    assert spelled(index, "qto", language="pt") == "quanto"
    assert spelled(index, "qto", language="en") == "qto"
    assert spelled(index, "nite", language="en") == "night"
    assert spelled(index, "refeiçao") == "refeição"  # some accents typed, not all
    assert spelled(index, "escritório") == "escritório"
    assert spelled(index, "ma") == "ma"  # in the index as typed: never changed
    assert spelled(index, "lisboa") == "lisboa"
    assert spelled(index, "quokka") == "quokka"  # unknown in any spelling
    # Accents typed that the index's word does not have make another word, not a typo.
    assert spelled(index, "mấy") == "mấy" and spelled(index, "lưỡng") == "lưỡng"
    assert spelled(index, "may") == "máy"
    typed = respell("Onde fica o Escritorio? E a refeiçao?", partial(spelled, index))
    assert tokenize(typed) == tokenize("Onde fica o escritório? E a refeição?")


def test_a_number_with_a_plural_s_is_read_as_the_number():
    rows = [
        Row("1", "a", "h", "public", "On a 429 response, wait for Retry-After and retry."),
        Row("2", "b", "h", "public", "Founded in the 1990s; 500 staff."),
    ]
    index = KeywordIndex([Segment.build("s", rows)])
    # "we keep getting 429s": the pages write the number.
    assert spelled(index, "429s") == "429"
    assert index.search(respell("getting 429s", partial(spelled, index)), 5)[0].chunk_id == "1"
    assert spelled(index, "1990s") == "1990s"  # some chunk holds it as typed
    assert spelled(index, "5xx") == "5xx" and spelled(index, "8h") == "8h"


def test_a_typo_or_a_shortening_is_read_as_the_index_word():
    first = [
        Row("1", "a", "h", "public", "Undergraduate students borrow 20 items from the library."),
        Row("2", "b", "h", "public", "Reset a forgotten password on the self-service page."),
    ]
    second = [
        Row("3", "c", "h", "public", "The defibrillator hangs by the breakfast room entrance."),
        Row("4", "d", "h", "public", "Interview recordings; access to the drive; fines."),
        # a term longer than 32 bytes (kept apart from the binary-searched terms)
        Row("5", "e", "h", "public", "Die Datenschutzbeauftragtenbestellungsurkunde liegt vor."),
        Row("6", "f", "h", "public", "Die Vorworte und die Zimmerkarten; wir abstimmen heute."),
        Row("7", "g", "h", "public", "Configure the aptamer and the aptamerfunctionalized chip."),
    ]
    index = KeywordIndex([Segment.build("s1", first), Segment.build("s2", second)])
    # One letter left out, swapped, added or changed inside the word, in any segment.
    assert spelled(index, "libary", language="en") == "library"
    assert spelled(index, "passwrod", language="en") == "password"
    assert spelled(index, "intervew") == "interview"
    assert spelled(index, "acess", language="en") == "access"  # far rarer than "access"
    long = "datenschutzbeauftragtenbestellungsurkunde"
    assert spelled(index, long.replace("ll", "l"), language="de") == long
    # Shortenings, cut by four letters or more (a plural "s" aside); fewer is inflection.
    assert spelled(index, "defib", language="en") == "defibrillator"
    assert spelled(index, "undergrads", language="en") == "undergraduate"
    assert spelled(index, "breakfa", language="en") == "breakfa"  # "breakfast": 2 letters
    typed = respell("where's the defib? forgot my passwrod", partial(spelled, index))
    assert tokenize(typed) == tokenize("where's the defibrillator? forgot my password")
    # Words people type on purpose stay as typed: common words ("fine" is no "fines"), words
    # in the index, short words, words with no index word near them, rare words of the
    # question's language ("Vororte" is no "Vorworte") and inflected forms (an edit at the end).
    assert spelled(index, "fine") == "fine" and spelled(index, "fines") == "fines"
    assert spelled(index, "borrowing") == "borrowing"  # a common word, though "borrow" is near
    assert spelled(index, "lib") == "lib" and spelled(index, "pass") == "pass"
    assert spelled(index, "quokka") == "quokka"
    assert spelled(index, "rds2") == "rds2"  # not letters only
    assert spelled(index, "vororte", language="de") == "vororte"
    assert spelled(index, "abstammen", language="de") == "abstammen"
    assert spelled(index, "zimmerkarte", language="de") == "zimmerkarte"
    # … counted in the question's language: Portuguese "configuro" is no typo of "configure"
    assert spelled(index, "configuro", language="pt") == "configuro"
    assert spelled(index, "aptamers", language="en") == "aptamers"  # a plural, no shortening
    # Not in languages without a general word list here, nor in other scripts.
    assert spelled(index, "libary", language="vi") == "libary"
    assert spelled(index, "lưbrary") == "lưbrary"
    # What the question asks with a typo is found.
    assert index.search(respell("libary allowance", partial(spelled, index)), 5)[0].chunk_id == "1"
