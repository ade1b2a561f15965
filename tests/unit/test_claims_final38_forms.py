"""Found by the held-out split final38 (a multilingual deployment), tested in other words."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text
from stepgraph.claims.lexicon import charge_words

NETS = Table.from_rows(
    [
        {"id": "2und2-vdsl-250", "source": "tarife.example/2und2", "monthly": 44.99},
        {"id": "netz-max", "source": "netz.example", "monthly": 39.5},
        {"id": "kabel-plus", "source": "kabel.example", "monthly": 41.0},
    ],
    alias_fields=("source",),
)


def _verdicts(text: str) -> list[str]:
    return [s.verdict for s in check_text(text, NETS).sentences]


@pytest.mark.parametrize(
    "text",
    [
        "A franquia do kabel-plus é de 300 €.",  # Portuguese: the excess
        "Kabel-plus: omavastuu 150 €.",  # Finnish: the excess
        "Aktywacja w netz-max kosztuje jednorazowo 9 zł.",  # Polish: a one-off activation
        "Netz-maxin liittymismaksu on 7,90 €.",  # Finnish: a joining fee
        "Die Kaution für den Router (Wert 120 €) ist einmalig.",
        "It covers a laptop (value €1,299) against theft.",
    ],
)
def test_charges_and_worth_in_other_words_are_no_prices(text: str) -> None:
    assert _verdicts(text) == ["unverified"]


def test_a_finnish_fee_compound_is_a_charge_but_the_monthly_fee_is_not() -> None:
    assert charge_words({"avausmaksu", "liittymismaksu"}) == {"avausmaksu", "liittymismaksu"}
    assert charge_words({"kuukausimaksu"}) == set()


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Bei 2&2 VDSL 250 zahlt man monatlich 44,99 €.", "unverified"),
        ("2und2-vdsl-250 kostet 39,50 € im Monat.", "contradicted"),
    ],
)
def test_numbers_of_a_name_in_its_id_are_no_amounts(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]


def test_a_hindi_yearly_figure_is_a_yearly_figure() -> None:
    table = Table.from_rows(
        [{"id": "depot-a", "monthly": 30500}, {"id": "depot-b", "monthly": 33000}]
    )
    yearly = "\u0938\u093e\u0932\u093e\u0928\u093e \u0939\u093f\u0938\u093e\u092c \u0938\u0947"
    text = f"{yearly} depot-a \u20b93,66,000 \u092a\u0921\u093c\u0924\u093e \u0939\u0948\u0964"
    assert [s.verdict for s in check_text(text, table).sentences] != ["contradicted"]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("netz-max's €39.50 is €19.50 base plus €4 \u00d7 5.", "unverified"),
        ("kabel-plus's €41.00 is its €33.33 net plus 23% VAT (€7.67).", "unverified"),
        ("netz-max costs €41.00.", "contradicted"),
    ],
)
def test_a_part_of_a_sum_is_no_price(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]
