"""Sentences in German, French, Spanish, Italian, Dutch and Portuguese: a false one is
contradicted like its English twin; a true one is never contradicted and never checked
(another language is read for contradictions only).

Inputs: A 120, B 90, C 110 unless a test says.
"""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

SEED = Table.from_rows(
    [
        {"id": "A", "source": "offer-A-v1", "monthly": 120},
        {"id": "B", "source": "offer-B-v1", "monthly": 90},
        {"id": "C", "source": "offer-C-v1", "monthly": 110},
    ],
    alias_fields=("source",),
)
CENTS = Table.from_rows(
    [
        {"id": "A", "monthly": 27.5},
        {"id": "B", "monthly": 30},
        {"id": "C", "monthly": 17.99},
    ]
)
CENTS_NL = Table.from_rows(
    [{"id": "A", "monthly": 27.5}, {"id": "B", "monthly": 30}, {"id": "C", "monthly": 25}]
)
TIE = Table.from_rows(
    [
        {"id": "A", "monthly": 45.5},
        {"id": "B", "monthly": 41},
        {"id": "C", "monthly": 41},
    ]
)


def verdicts(text: str, table: Table = SEED) -> list[str]:
    return [s.verdict for s in check_text(text, table).sentences]


def assert_pair(true: str, false: str, table: Table = SEED) -> None:
    assert verdicts(true, table) == ["unverified"], true
    assert verdicts(false, table) == ["contradicted"], false


@pytest.mark.parametrize(
    ("true", "false"),
    [
        ("C kostet 17,99 € im Monat.", "C kostet 19,99 € im Monat."),
        ("Angebot C kostet monatlich 17,99 €.", "Angebot C kostet monatlich 18,99 €."),
        ("C coûte 17,99 € par mois.", "C coûte 18,99 € par mois."),
        ("La oferta C cuesta 17,99 € al mes.", "La oferta C cuesta 18,99 € al mes."),
        ("C costa 17,99 € al mese.", "C costa 18,99 € al mese."),
        ("L'offerta C costa 17,99 euro al mese.", "L'offerta C costa 18,99 euro al mese."),
        ("Aanbod C kost € 17,99 per maand.", "Aanbod C kost € 18,99 per maand."),
        ("C custa 17,99 € por mês.", "C custa 18,99 € por mês."),
        ("A oferta C custa EUR 17,99 por mês.", "A oferta C custa EUR 19,99 por mês."),
    ],
)
def test_a_price_with_a_decimal_comma(true: str, false: str) -> None:
    assert_pair(true, false, CENTS)


@pytest.mark.parametrize(
    ("true", "false"),
    [
        ("B ist das günstigste Angebot.", "A ist das günstigste Angebot."),
        ("B ist am günstigsten.", "C ist am günstigsten."),
        ("A ist das teuerste Angebot.", "B ist das teuerste Angebot."),
        ("B è la più economica.", "A è la più economica."),
        ("L'offerta B è la più economica.", "L'offerta C è la più economica."),
        ("A è la più cara.", "C è la più cara."),
        ("B es la más barata.", "A es la más barata."),
        ("A es la opción más cara.", "B es la opción más cara."),
        ("B est la moins chère.", "A est la moins chère."),
        ("A est l'offre la plus chère.", "C est l'offre la plus chère."),
        ("B is het goedkoopst.", "A is het goedkoopst."),
        ("Aanbod B is de goedkoopste optie.", "Aanbod C is de goedkoopste optie."),
        ("A is het duurst.", "B is het duurst."),
        ("B é a mais barata.", "A é a mais barata."),
        ("A é a opção mais cara.", "C é a opção mais cara."),
    ],
)
def test_a_superlative(true: str, false: str) -> None:
    assert_pair(true, false)


@pytest.mark.parametrize(
    ("true", "false"),
    [
        ("A ist teurer als B.", "B ist teurer als A."),
        ("B ist günstiger als C.", "C ist günstiger als B."),
        ("A es más cara que B.", "B es más cara que A."),
        ("B es más barata que A.", "A es más barata que B."),
        ("A è più cara di B.", "B è più cara di A."),
        ("B è più economica di C.", "C è più economica di B."),
        ("A est plus chère que B.", "B est plus chère que A."),
        ("B est moins chère que C.", "C est moins chère que B."),
        ("Aanbod B is nog goedkoper dan C.", "Aanbod A is nog goedkoper dan C."),
        ("A is duurder dan C.", "C is duurder dan A."),
        ("A é mais cara do que B.", "B é mais cara do que A."),
        ("B é mais barata que C.", "C é mais barata que B."),
    ],
)
def test_a_comparative(true: str, false: str) -> None:
    assert_pair(true, false)


@pytest.mark.parametrize(
    ("true", "false"),
    [
        ("B ist 30 € günstiger als A.", "B ist 20 € günstiger als A."),
        ("B kostet 30 € weniger als A.", "B kostet 25 € weniger als A."),
        ("C spart gegenüber A 10,00 € im Monat.", "C spart gegenüber A 6,00 € im Monat."),
        ("A coûte 30 € de plus que B.", "A coûte 3 € de plus que B."),
        ("B cuesta 20 € menos que C.", "B cuesta 10 € menos que C."),
        ("B costa 20 euro in meno di C.", "B costa 25 euro in meno di C."),
        ("B kost 30 euro minder dan A.", "B kost 20 euro minder dan A."),
        ("A custa 10 euros a mais do que C.", "A custa 15 euros a mais do que C."),
    ],
)
def test_a_difference_between_two_named_offers(true: str, false: str) -> None:
    assert_pair(true, false)


@pytest.mark.parametrize(
    ("true", "false"),
    [
        ("La oferta A cuesta 4,50 euros más.", "La oferta A cuesta 5,40 euros más."),
        ("L'offre A coûte 4,50 euros de plus.", "L'offre A coûte 6 euros de plus."),
        ("A kostet 4,50 € mehr.", "A kostet 5,40 € mehr."),
        ("A liegt 4,50 € darüber.", "A liegt 5,00 € darüber."),
        ("A costa 4,50 euro in più.", "A costa 6 euro in più."),
        ("A ist 4,50 € teurer.", "A ist 5,40 € teurer."),
        ("A es 4,50 € más cara.", "A es 5,40 € más cara."),
        ("A is € 4,50 duurder.", "A is € 5,40 duurder."),
    ],
)
def test_a_difference_to_an_unnamed_offer_is_false_only_when_no_offer_is_that_far(
    true: str, false: str
) -> None:
    assert_pair(true, false, TIE)


@pytest.mark.parametrize(
    ("true", "false"),
    [
        ("B coûte 1 080 € par an.", "B coûte 1 200 € par an."),
        ("B cuesta 1.080 € al año.", "B cuesta 1.200 € al año."),
        ("B kost 1.080 euro per jaar.", "B kost 1.200 euro per jaar."),
        ("B custa 1.080 € por ano.", "B custa 1.200 € por ano."),
        ("B kostet 1.080 € im Jahr.", "B kostet 1.200 € im Jahr."),
        ("B costa 1.080 euro all'anno.", "B costa 1.200 euro all'anno."),
        ("B kostet jährlich 1.080 €.", "B kostet jährlich 1.200 €."),
        (
            "B coûte 90 € par mois, soit 1 080 € par an.",
            "B coûte 90 € par mois, soit 1 200 € par an.",
        ),
        (
            "B costa 90 euro al mese, cioè 1.080 euro all'anno.",
            "B costa 90 euro al mese, cioè 1.200 euro all'anno.",
        ),
        (
            "B cuesta 90 € al mes, es decir, 1.080 € al año.",
            "B cuesta 90 € al mes, es decir, 1.200 € al año.",
        ),
        (
            "B kost € 90 per maand, dus € 1.080 per jaar.",
            "B kost € 90 per maand, dus € 1.200 per jaar.",
        ),
        ("B coûte annuellement 1 080 €.", "B coûte annuellement 1 200 €."),
        (
            "B kost € 90 per maand en € 1.080 per jaar.",
            "B kost € 90 per maand en € 1.200 per jaar.",
        ),
        ("B custa 90 € por mês e 1.080 € por ano.", "B custa 90 € por mês e 1.200 € por ano."),
    ],
)
def test_yearly_figures(true: str, false: str) -> None:
    assert_pair(true, false)


def test_a_saving_with_the_subject_after_the_verb_or_left_unnamed_cents() -> None:
    assert_pair(
        "Op jaarbasis bespaart C € 60,00 ten opzichte van B.",
        "Op jaarbasis bespaart C € 66,00 ten opzichte van B.",
        CENTS_NL,
    )
    assert_pair(
        "C bespaart € 5,00 ten opzichte van B.", "C bespaart € 6,00 ten opzichte van B.", CENTS_NL
    )
    assert_pair(
        "Im Vergleich zu B spart C 5 € im Monat.",
        "Im Vergleich zu B spart C 6 € im Monat.",
        CENTS_NL,
    )


@pytest.mark.parametrize(
    ("true", "false"),
    [
        (
            "Aufs Jahr gerechnet spart B gegenüber A 360,00 €.",
            "Aufs Jahr gerechnet spart B gegenüber A 300,00 €.",
        ),
        (
            "Rispetto ad A si risparmiano 30 euro al mese, cioè 360 euro all'anno.",
            "Rispetto ad A si risparmiano 30 euro al mese, cioè 300 euro all'anno.",
        ),
        ("Gegenüber A spart B 30 € im Monat.", "Gegenüber A spart B 20 € im Monat."),
        (
            "Par rapport à A, B économise 30 € par mois.",
            "Par rapport à A, B économise 40 € par mois.",
        ),
        ("Frente a A, B ahorra 30 € al mes.", "Frente a A, B ahorra 40 € al mes."),
        (
            "Rispetto a C si risparmiano 20 euro al mese.",
            "Rispetto a C si risparmiano 25 euro al mese.",
        ),
    ],
)
def test_a_saving_with_the_subject_after_the_verb_or_left_unnamed(true: str, false: str) -> None:
    assert_pair(true, false)


@pytest.mark.parametrize(
    ("true", "false"),
    [
        ("B y C empatan a 41 euros al mes.", "A y C empatan a 41 euros al mes."),
        ("B und C sind gleich teuer.", "A und B sind gleich teuer."),
        ("B et C sont à égalité.", "A et C sont à égalité."),
        ("B en C zijn even duur.", "A en C zijn even duur."),
        ("B et C coûtent le même prix.", "A et C coûtent le même prix."),
        ("B cuesta lo mismo que C.", "A cuesta lo mismo que C."),
        ("B e C costano lo stesso, 41 euro al mese.", "B e C costano lo stesso, 45 euro al mese."),
        ("B en C kosten hetzelfde.", "A en C kosten hetzelfde."),
        ("B und C kosten das Gleiche.", "A und C kosten das Gleiche."),
        ("B e C custam o mesmo.", "A e C custam o mesmo."),
    ],
)
def test_a_tie(true: str, false: str) -> None:
    assert_pair(true, false, TIE)


@pytest.mark.parametrize(
    "text",
    [
        "B kostet über 80 € im Monat.",
        "B kostet unter 100 € im Monat.",
        "B kostet rund 92 € im Monat.",
        "B costa circa 92 euro al mese.",
        "B kost ongeveer 92 euro per maand.",
        "A non è la più economica.",
        "A no es la más barata.",
        "A n'est pas la moins chère.",
        "A is niet het goedkoopst.",
        "A não é a mais barata.",
        "A ist nicht günstiger als B.",
        "C es más barata.",
        "C è la più economica dopo B.",
        "C es la más barata de las dos.",
        "C ist das günstigste der beiden Angebote.",
        "C is de op één na goedkoopste.",
        "C è la seconda più economica dopo B.",
        "A kostet mit Support 5 € mehr.",
        "Con IVA, A cuesta 5 euros más.",
        "A costa 5 euro di più per il supporto.",
        "C es lo más barato posible.",
        "C est la moins chère pour les petites équipes.",
        "C ist das günstigste Angebot mit Support.",
        "C es la más barata para empresas.",
        "Im Vergleich zu A spart man mit B 30 € im Monat.",
        "Mit B spart man 30 € im Monat.",
        "B cuesta unos 92 € al mes.",
        "C est moins chère que A.",
        "Mit B spart man im Vergleich zu C 240 € im Jahr.",
    ],
)
def test_what_is_not_read_is_left_to_the_reviewer(text: str) -> None:
    assert verdicts(text) == ["unverified"]


def test_english_stays_checked() -> None:
    assert verdicts("B is the cheapest at 90 a month.") == ["checked"]
    assert verdicts("A costs 30 more than B.") == ["checked"]


@pytest.mark.parametrize(
    "text",
    [
        "B kostet 80 € im ersten Monat.",
        "B kostet 75 € netto.",
        "B coûte 50 € de frais d'installation.",
        "B coûte 270 € par trimestre.",
        "B cuesta 21 € a la semana.",
        "B costa 270 euro al trimestre.",
        "B kost € 270 per kwartaal.",
        "B custa 270 € por trimestre.",
        "B kostet 21 € die Woche.",
        "Für 24 Monate kostet B 2.160 €.",
        "Avec le support, B coûte 110 €.",
        "Mit Support kostet B 110 €.",
        "B kostet 45 € pro Lizenz.",
        "Für zwei Nutzer kostet B 180 €.",
        "B cuesta 90 € en lugar de 100 €.",
        "B a un coût de 50 € pour l'installation.",
        "Le prix de B est de 50 € hors taxes.",
    ],
)
def test_an_amount_about_another_figure_than_the_monthly_price_is_not_read(text: str) -> None:
    assert verdicts(text) == ["unverified"]


FOUR = Table.from_rows(
    [
        {"id": "north", "monthly": 49.99},
        {"id": "south", "monthly": 54.5},
        {"id": "east", "monthly": 39.9},
        {"id": "west", "monthly": 62},
    ]
)


@pytest.mark.parametrize(
    "text",
    [
        "north est 10,09 € plus chère, south 14,60 €.",
        "north is € 10,09 duurder, south € 14,60.",
        "north is 10.09 more expensive, south 14.60.",
        "north is 10.09 more expensive than east, south 14.60.",
    ],
)
def test_a_record_with_a_bare_amount_after_a_gap_is_another_gap_not_its_price(text: str) -> None:
    assert "contradicted" not in verdicts(text, FOUR)


@pytest.mark.parametrize(
    ("true", "false"),
    [
        (
            "Mit 39,90 € pro Monat ist east das günstigste Angebot.",
            "Mit 41,90 € pro Monat ist east das günstigste Angebot.",
        ),
        (
            "Con 39,90 € al mes, east es la oferta más barata.",
            "Con 41,90 € al mes, east es la oferta más barata.",
        ),
        (
            "Met € 39,90 per maand is east het goedkoopste aanbod.",
            "Met € 39,90 per maand is north het goedkoopste aanbod.",
        ),
        (
            "À 39,90 € par mois, east est la moins chère.",
            "À 41,90 € par mois, east est la moins chère.",
        ),
    ],
)
def test_a_price_before_its_record_and_the_verb(true: str, false: str) -> None:
    assert_pair(true, false, FOUR)


def test_a_price_before_the_verb_with_a_gap_word_is_not_read() -> None:
    assert verdicts("Mit 10 € mehr ist north teurer.", FOUR) == ["unverified"]
    assert verdicts("Mit 10 € Rabatt ist north günstiger.", FOUR) == ["unverified"]


@pytest.mark.parametrize(
    "text",
    [
        "B is not only cheaper than A but also than C.",
        "B ist nicht nur günstiger als A, sondern auch als C.",
        "B non solo è più economica di A, ma anche di C.",
    ],
)
def test_not_only_is_no_negation(text: str) -> None:
    assert verdicts(text) == ["unverified"]


@pytest.mark.parametrize(
    ("true", "false"),
    [
        ("A liegt 30 € über B.", "A liegt 20 € über B."),
        ("B liegt 30 € unter A.", "B liegt 20 € unter A."),
        ("B zit € 30 onder A.", "B zit € 20 onder A."),
        ("B fica 30 € abaixo de A.", "B fica 20 € abaixo de A."),
    ],
)
def test_an_amount_above_or_below_a_record(true: str, false: str) -> None:
    assert_pair(true, false)


@pytest.mark.parametrize(
    "text",
    [
        "A est 30 € au-dessus de B.",
        "B est 30 € en dessous de A.",
        "A è 30 euro sopra B.",
        "A liegt 30 € vor B.",
        "B liegt 30 € hinter A.",
        "A liegt 30 € über dem Durchschnitt.",
    ],
)
def test_an_amount_before_a_relation_word_is_no_price(text: str) -> None:
    assert verdicts(text) == ["unverified"]


@pytest.mark.parametrize(
    "text",
    [
        "A opção mais barata é B.",
        "A oferta mais barata é B, com 90 € por mês.",
        "A 90 € al mes, B es la más barata.",
        "A 90 € por mês, B é a mais barata.",
    ],
)
def test_an_id_spelled_like_an_article_opening_a_sentence_is_the_article(text: str) -> None:
    assert verdicts(text) == ["unverified"]


def test_an_id_spelled_like_an_article_before_a_verb_is_the_record() -> None:
    assert verdicts("A é a mais barata.") == ["contradicted"]
    assert verdicts("A custa 90 € por mês.") == ["contradicted"]


@pytest.mark.parametrize(
    ("true", "false"),
    [
        ("Von günstig nach teuer: B, C, A.", "Von günstig nach teuer: C, B, A."),
        ("Vom teuersten zum günstigsten: A, C, B.", "Vom teuersten zum günstigsten: A, B, C."),
        ("Du moins cher au plus cher : B, C, A.", "Du moins cher au plus cher : B, A, C."),
        ("Du plus cher au moins cher : A, C, B.", "Du plus cher au moins cher : B, C, A."),
        ("De la más barata a la más cara: B, C y A.", "De la más barata a la más cara: C, B y A."),
        (
            "Dalla più economica alla più cara: B, C e A.",
            "Dalla più economica alla più cara: A, C e B.",
        ),
        ("Van goedkoop naar duur: B, C en A.", "Van goedkoop naar duur: A, C en B."),
        (
            "Da mais barata para a mais cara: B, C e A.",
            "Da mais barata para a mais cara: C, B e A.",
        ),
    ],
)
def test_an_order_with_both_ends_named(true: str, false: str) -> None:
    assert_pair(true, false)


@pytest.mark.parametrize(
    ("true", "false"),
    [
        ("C ist das zweitgünstigste Angebot.", "A ist das zweitgünstigste Angebot."),
        ("C est la deuxième moins chère.", "A est la deuxième moins chère."),
        ("C est la deuxième plus chère.", "A est la deuxième plus chère."),
        ("C es la segunda más barata.", "B es la segunda más barata."),
        ("C è la seconda offerta più economica.", "A è la seconda offerta più economica."),
        ("C is de tweede goedkoopste.", "B is de tweede goedkoopste."),
        ("C é a segunda mais barata.", "A é a segunda mais barata."),
    ],
)
def test_a_place_by_price(true: str, false: str) -> None:
    assert_pair(true, false)


@pytest.mark.parametrize(
    ("true", "false"),
    [
        ("B und C kosten je 41 €.", "B und C kosten je 45 €."),
        ("B und C kosten beide 41 € im Monat.", "A und C kosten beide 41 € im Monat."),
        ("B y C cuestan 41 € cada una.", "B y C cuestan 45 € cada una."),
        ("B e C costano entrambe 41 euro.", "A e C costano entrambe 41 euro."),
        ("B e C custam ambas 41 €.", "A e C custam ambas 41 €."),
    ],
)
def test_each_of_several_records_costs_the_amount(true: str, false: str) -> None:
    assert_pair(true, false, TIE)


@pytest.mark.parametrize(
    "text",
    [
        "B und C kosten 82 € zusammen.",
        "B und C kosten 82 € im Monat zusammen.",
        "B et C coûtent 82 € au total.",
        "B y C cuestan 82 € en total.",
        "B e C costano 82 euro in totale.",
        "B e C custam 82 € no total.",
    ],
)
def test_the_sum_of_several_records_is_not_each_ones_price(text: str) -> None:
    assert verdicts(text, TIE) == ["unverified"]


LOW_TIE = Table.from_rows(
    [{"id": "A", "monthly": 30}, {"id": "B", "monthly": 41}, {"id": "C", "monthly": 41}]
)


@pytest.mark.parametrize(
    "text",
    [
        "Las ofertas B y C empatan con el precio más bajo, 41 euros al mes.",
        "B et C sont à égalité avec le prix le plus bas.",
        "B e C sono pari con il prezzo più basso.",
    ],
)
def test_a_tie_at_the_lowest_price(text: str) -> None:
    assert verdicts(text, TIE) == ["unverified"]
    assert verdicts(text, LOW_TIE) == ["contradicted"]


@pytest.mark.parametrize(
    ("true", "false"),
    [
        ("B hat den niedrigsten Preis.", "A hat den niedrigsten Preis."),
        ("A hat den höchsten Preis.", "B hat den höchsten Preis."),
        ("B tiene el precio más bajo.", "A tiene el precio más bajo."),
        ("A tiene el precio más alto.", "B tiene el precio más alto."),
        ("B ha il prezzo più basso.", "A ha il prezzo più basso."),
        ("B a le prix le plus bas.", "A a le prix le plus bas."),
        ("A offre le prix le plus élevé.", "B offre le prix le plus élevé."),
        ("B heeft de laagste prijs.", "A heeft de laagste prijs."),
        ("B tem o preço mais baixo.", "A tem o preço mais baixo."),
        ("B tiene un precio más bajo que A.", "A tiene un precio más bajo que B."),
        ("B tiene un precio de 90 € al mes.", "B tiene un precio de 95 € al mes."),
    ],
)
def test_the_lowest_or_highest_price(true: str, false: str) -> None:
    assert_pair(true, false)


@pytest.mark.parametrize(
    "text",
    [
        "A tiene el precio más bajo del mercado.",
        "A tiene el precio más bajo por usuario.",
        "A hat den niedrigsten Preis pro Nutzer.",
    ],
)
def test_the_lowest_price_narrowed_is_not_read(text: str) -> None:
    assert verdicts(text) == ["unverified"]


@pytest.mark.parametrize(
    ("true", "false"),
    [
        ("B coûte moins de 100 € par mois.", "B coûte moins de 80 € par mois."),
        ("C cuesta más de 100 € al mes.", "C cuesta más de 120 € al mes."),
        ("B custa menos de 100 € por mês.", "B custa menos de 80 € por mês."),
        ("C costa più di 100 euro al mese.", "C costa più di 120 euro al mese."),
        ("B kostet weniger als 100 € im Monat.", "B kostet weniger als 80 € im Monat."),
        ("C kost meer dan 100 euro per maand.", "C kost meer dan 120 euro per maand."),
    ],
)
def test_a_bound_on_a_price(true: str, false: str) -> None:
    assert_pair(true, false)


@pytest.mark.parametrize(
    "text",
    [
        "A coûte moins de 40 € de plus que C.",
        "A costa meno di 40 euro in più di C.",
        "A kostet weniger als 40 € mehr als C.",
        "A costs less than 40 more than C.",
    ],
)
def test_a_bound_on_a_gap_is_not_a_bound_on_the_price(text: str) -> None:
    assert "contradicted" not in verdicts(text)


@pytest.mark.parametrize(
    "text",
    [
        "Ohne Rabatt wäre A das günstigste Angebot.",
        "Mit Rabatt wäre A günstiger als B.",
        "Falls A den Preis senkt, wird A günstiger als B.",
        "Als A de prijs verlaagt, wordt A het goedkoopst.",
        "A serait moins chère que B avec la remise.",
        "A sería la más barata.",
        "A sarebbe la più economica.",
        "A seria a mais barata.",
    ],
)
def test_a_hypothetical_sentence_is_not_read(text: str) -> None:
    assert verdicts(text) == ["unverified"]


@pytest.mark.parametrize(
    ("true", "false"),
    [
        ("Günstigstes Angebot: B (90 €).", "Günstigstes Angebot: A (120 €)."),
        ("Am günstigsten ist B.", "Am günstigsten ist A."),
        ("Das teuerste Angebot ist A.", "Das teuerste Angebot ist C."),
        ("La oferta más barata es B.", "La oferta más barata es A."),
        ("L'offre la moins chère est B.", "L'offre la moins chère est A."),
        ("L'offerta più economica è B.", "L'offerta più economica è A."),
        ("Het goedkoopste aanbod is B.", "Het goedkoopste aanbod is A."),
        ("A oferta mais barata é B.", "A oferta mais barata é A."),
        ("La oferta más barata cuesta 90 € al mes.", "La oferta más barata cuesta 95 € al mes."),
    ],
)
def test_a_superlative_opening_the_sentence(true: str, false: str) -> None:
    assert_pair(true, false)


@pytest.mark.parametrize(
    ("true", "false"),
    [
        ("Die Preise reichen von 90 € bis 120 €.", "Die Preise reichen von 80 € bis 120 €."),
        ("Les prix vont de 90 € à 120 €.", "Les prix vont de 90 € à 125 €."),
        ("Los precios van de 90 € a 120 €.", "Los precios van de 90 € a 110 €."),
        ("I prezzi vanno da 90 a 120 euro.", "I prezzi vanno da 95 a 120 euro."),
        ("De prijzen lopen van € 90 tot € 120.", "De prijzen lopen van € 90 tot € 130."),
        ("Os preços vão de 90 € a 120 €.", "Os preços vão de 80 € a 120 €."),
    ],
)
def test_the_range_of_prices(true: str, false: str) -> None:
    assert_pair(true, false)


@pytest.mark.parametrize(
    "text",
    [
        "Die Ersparnisse reichen von 10 € bis 30 €.",
        "Die Preise der anderen Angebote reichen von 110 € bis 120 €.",
        "B kostet 1.080 € pro Kalenderjahr.",
    ],
)
def test_a_range_of_something_else_or_of_some_offers_is_not_read(text: str) -> None:
    assert verdicts(text) == ["unverified"]


@pytest.mark.parametrize(
    "text",
    [
        "A, B und C: 3 Angebote im Vergleich.",
        "A, B et C : 3 offres comparées.",
        "A, B e C: 3 offerte a confronto.",
        "A, B en C: 3 aanbiedingen.",
        "B hat 3 Angebote geschlagen.",
    ],
)
def test_a_count_of_offers_is_no_price(text: str) -> None:
    assert verdicts(text) == ["unverified"]


BIG = Table.from_rows(
    [{"id": "K", "monthly": 1499}, {"id": "L", "monthly": 1620}, {"id": "M", "monthly": 1049.5}]
)


def test_a_one_letter_id_before_an_elided_french_word_is_the_word() -> None:
    assert verdicts("C'est l'offre la moins chère.") == ["unverified"]
    assert verdicts("C'est la moins chère des trois.") == ["unverified"]
    assert verdicts("M est l'offre la moins chère.", BIG) == ["unverified"]
    assert verdicts("K est l'offre la moins chère.", BIG) == ["contradicted"]
    assert verdicts("L'offre K coûte 450,80 € de plus.", BIG) == ["contradicted"]
    assert verdicts("C's price is 100.") == ["contradicted"]
