"""What a question asks for, in the languages of our users that no public set asks in (fr, it,
nl), and that the words of one language do not misread another's."""

import pytest

from kb_slackbot.answer.cues import has_new_type
from kb_slackbot.answer.question_kinds import is_howto, question_type


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("Combien coûte une impression couleur A4 à Lille ?", "amount"),
        ("C'est quoi le plafond pour l'hôtel à Lyon ?", "amount"),
        ("Quel est le montant des titres-restaurant ?", "amount"),
        ("Quanti giorni di ferie ho all'anno?", "amount"),
        ("Hoeveel thuiswerkvergoeding krijg ik per dag?", "amount"),
        ("hoe lang duurt de proeftijd?", "amount"),
        ("À quelle heure faut-il brancher les bus ?", "time"),
        ("quand est-ce que la cantine ouvre ?", "time"),
        ("A che ora apre la clinica?", "time"),
        ("Tot hoe laat is de receptie bemand?", "time"),
        ("wanneer wordt het salaris betaald?", "time"),
        ("qui est la responsable informatique du campus ?", "person"),
        ("Chi è il responsabile della radiologia?", "person"),
        ("Wie is de vertrouwenspersoon?", "person"),
        ("bij wie meld ik een datalek?", "person"),
        ("Où se trouve l'imprimante du 2e étage ?", "place"),
        ("Dove si trova la sala riunioni?", "place"),
        ("waar staat de AED?", "place"),
        ("Wat is het telefoonnummer van de bedrijfsarts?", "phone"),
        ("Quel est le numéro de téléphone du support ?", "phone"),
        ("qual è il numero di telefono della reception?", "phone"),
    ],
)
def test_french_italian_and_dutch_question_words_name_the_kind_asked_for(question, kind):
    assert question_type(question) == kind


@pytest.mark.parametrize(
    "question",
    [
        # German "wie" is "how", Dutch "wie" is "who": only Dutch phrases ask for a person
        "Wie ist die Adresse des Büros?",
        "Wie kann ich das VPN einrichten?",
        # "donderdag" (Thursday) holds Spanish "donde" but asks for no place
        "wat zijn de openingstijden van de kliniek op donderdag",
        # French "qui" as a relative pronoun, Italian "come" in an English question
        "Le formulaire qui est en ligne, il faut le signer ?",
        "can i come into the office on sunday?",
    ],
)
def test_one_languages_words_do_not_misread_another(question):
    assert question_type(question) != "person"
    assert question_type(question) != "place" or "Adresse" in question
    assert not is_howto(question) or question.startswith("Wie kann")


@pytest.mark.parametrize(
    "question",
    [
        "comment ajouter l'imprimante follow-me sur un Mac ?",
        "Comment puis-je réinitialiser mon mot de passe ?",
        "come rimando le immagini al PACS se l'invio non è partito?",
        "Come faccio a prenotare una sala?",
        "Hoe meld ik me ziek?",
        "Ik ben ziek geworden op vakantie, wat moet ik doen?",
        "J'ai perdu mon badge, que dois-je faire ?",
        "Ho perso il badge, cosa devo fare?",
    ],
)
def test_french_italian_and_dutch_how_to_questions_ask_for_steps(question):
    assert is_howto(question)


@pytest.mark.parametrize(
    ("kind", "text", "question"),
    [
        ("time", "Het kantoor is op maandag gesloten.", "wanneer is het kantoor dicht?"),
        ("time", "Le bureau ferme le 14 juillet.", "quand le bureau ferme-t-il ?"),
        ("time", "Il ritiro è ogni martedì e giovedì.", "quando passano?"),
        ("time", "Je hebt 5 dagen om bezwaar te maken.", "binnen welke termijn?"),
        ("amount", "Je krijgt vijf extra vrije dagen.", "hoeveel vrije dagen?"),
        ("amount", "Vous avez droit à deux jours de congé.", "combien de jours ?"),
        ("amount", "I dosimetri si cambiano ogni due mesi.", "ogni quanto si cambiano?"),
    ],
)
def test_a_piece_holds_the_kind_asked_for_in_french_italian_and_dutch(kind, text, question):
    assert has_new_type(kind, text, question)


def test_an_acronym_or_a_gene_name_is_no_number_or_month():
    assert not has_new_type("amount", "Both the rtTA and TRE-controlled transgenes.", "how many?")
    assert not has_new_type("time", "Two genes (mei-S332 and ord) were identified.", "when?")
