"""A question asserts nothing, and a rating beside a price is no price."""

from __future__ import annotations

from stepgraph.claims import Table, check_text

FOUR = Table.from_rows(
    [
        {"id": "A", "monthly": 20},
        {"id": "B", "monthly": 22.5},
        {"id": "C", "monthly": 30},
    ]
)


def verdicts(text: str) -> list[str]:
    return [s.verdict for s in check_text(text, FOUR).sentences]


def test_a_question_is_never_judged() -> None:
    assert verdicts("Is A 20% cheaper than B? It is about 11% cheaper.")[0] == "unverified"
    assert verdicts("Is C the cheapest? No.")[0] == "unverified"


def test_a_statement_after_a_question_is_still_read() -> None:
    assert verdicts("Is A the cheapest? B is 25 a month.")[1] == "contradicted"


def test_ratings_in_stars_are_no_prices() -> None:
    assert verdicts("A has 4.5 stars on Trustpilot and B has 4.1.") != ["contradicted"]
