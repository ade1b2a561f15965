"""Found this stop on the kept-aside and new splits, tested in other words."""

from __future__ import annotations

from stepgraph.claims import Table, check_text

HOSTS = Table.from_rows(
    [
        {"id": "akamai-lite", "monthly": 120.0},
        {"id": "fastly-base", "monthly": 60.0},
        {"id": "keycdn-std", "monthly": 15.0},
    ]
)


def _verdicts(table: Table, text: str, claims: object = None) -> list[str]:
    return [s.verdict for s in check_text(text, table, claims).sentences]


def test_it_after_an_against_opening_with_a_priced_name_is_not_that_name() -> None:
    text = (
        "keycdn-std is the pick at $15.00. "
        "Against the dearest, akamai-lite at $120.00, it is $105.00 a month cheaper."
    )
    assert "contradicted" not in _verdicts(HOSTS, text)


def test_the_priced_name_of_an_against_opening_is_still_checked_for_its_price() -> None:
    text = (
        "keycdn-std is the pick at $15.00. "
        "Against the dearest, akamai-lite at $125.00, it is $110.00 a month cheaper."
    )
    assert _verdicts(HOSTS, text)[1] == "contradicted"


def test_it_after_a_possessive_name_the_inputs_do_not_spell_is_not_the_last_subject() -> None:
    text = (
        "fastly-base ranks second. "
        "Harbor's $120.00 includes 20% tax, and it is the most expensive option."
    )
    assert "contradicted" not in _verdicts(HOSTS, text)


def test_it_in_a_sentence_naming_no_one_still_stands_for_the_last_subject() -> None:
    text = "akamai-lite ranks third. Its price includes tax, and it is the cheapest option."
    assert _verdicts(HOSTS, text)[1] == "contradicted"
