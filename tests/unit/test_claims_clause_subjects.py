"""Who a clause is about: ``X sits between A and B at N`` prices X, not B; ``... que A y
C es la más cara`` makes C the subject of its own clause, not one more offer compared
with; ``..., and 2 of the 4 are under 10`` counts offers, it prices none."""

from __future__ import annotations

from stepgraph.claims import Table, check_text

NX = Table.from_rows(
    [{"id": "nx-1", "monthly": 12}, {"id": "nx-2", "monthly": 16.49},
     {"id": "nx-3", "monthly": 20}, {"id": "nx-4", "monthly": 18.25}]
)  # fmt: skip
MOVIL = Table.from_rows(
    [{"id": "m-a", "monthly": 18.5}, {"id": "m-b", "monthly": 22}, {"id": "m-c", "monthly": 26}]
)


def _verdicts(text: str, table: Table) -> list[str]:
    return [s.verdict for s in check_text(text, table).sentences]


def test_the_amount_after_between_two_offers_is_the_subjects() -> None:
    assert "contradicted" not in _verdicts("nx-4 falls between nx-2 and nx-3 at $18.25.", NX)


def test_a_wrong_amount_after_between_two_offers_is_contradicted() -> None:
    assert _verdicts("nx-4 falls between nx-2 and nx-3 at $19.25.", NX) == ["contradicted"]


def test_an_offer_outside_the_two_it_is_said_to_sit_between_is_contradicted() -> None:
    assert _verdicts("nx-1 falls between nx-2 and nx-3.", NX) == ["contradicted"]


def test_an_offer_with_its_own_verb_after_y_is_not_compared_with() -> None:
    text = "m-b cuesta 3,50 € más que m-a y m-c es la más cara, con 26,00 €."
    assert "contradicted" not in _verdicts(text, MOVIL)


def test_a_count_after_a_superlative_is_not_the_subjects_price() -> None:
    text = "nx-1 is the cheapest, and 2 of the 4 are under $17."
    assert "contradicted" not in _verdicts(text, NX)
    assert _verdicts("nx-1 is the cheapest, and 3 of the 4 are under $17.", NX) == ["contradicted"]


TARIFFS = Table.from_rows(
    [{"id": "congstar-s", "monthly": 15}, {"id": "telekom-l", "monthly": 39.95},
     {"id": "vodafone-m", "monthly": 29.99}]
)  # fmt: skip


def test_a_superlative_before_a_name_is_that_names() -> None:
    text = "The cheapest is congstar-s at €15.00, the most expensive {} at €{}."
    assert "contradicted" not in _verdicts(text.format("telekom-l", "39.95"), TARIFFS)
    assert _verdicts(text.format("vodafone-m", "29.99"), TARIFFS) == ["contradicted"]


def test_a_count_set_against_a_count_many_words_back_is_no_price() -> None:
    table = Table.from_rows([{"id": "gitlab", "monthly": 29}, {"id": "github", "monthly": 4}])
    text = "gitlab includes 10,000 CI/CD minutes per month versus 3,000 on github."
    assert "contradicted" not in _verdicts(text, table)
