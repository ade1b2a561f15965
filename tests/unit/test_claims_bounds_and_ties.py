"""``None costs less than £25`` bounds every offer; ``Only two exceed $250`` counts the
offers beyond a bound; ``A and B tie for most expensive`` says both are the dearest;
``US$48``, ``A$5``, ``R$ 15,00`` are one currency sign; and the offer a gap is measured to
(``A diferença para o B é de R$ 15,00``) is no subject priced at the gap."""

from __future__ import annotations

from stepgraph.claims import Table, check_text

GYMS = Table.from_rows(
    [
        {"id": "puregym", "monthly": 24.99},
        {"id": "jd", "monthly": 30},
        {"id": "nuffield", "monthly": 48},
    ]
)
VPS = Table.from_rows(
    [{"id": "droplet", "monthly": 48}, {"id": "lightsail", "monthly": 40},
     {"id": "linode", "monthly": 48}, {"id": "vultr", "monthly": 24}]
)  # fmt: skip
STREAMS = Table.from_rows([{"id": "st-a", "monthly": 14.9}, {"id": "st-b", "monthly": 29.9}])


def _verdicts(text: str, table: Table) -> list[str]:
    return [s.verdict for s in check_text(text, table).sentences]


def test_none_alone_bounds_every_offer() -> None:
    assert _verdicts("None costs less than £25 a month.", GYMS) == ["contradicted"]
    assert "contradicted" not in _verdicts("None costs less than £24 a month.", GYMS)


def test_only_a_count_beyond_a_bound_is_that_many_offers() -> None:
    assert _verdicts("Only one exceeds $28: nuffield.", GYMS) == ["contradicted"]
    assert "contradicted" not in _verdicts("Only one exceeds $40: nuffield.", GYMS)


def test_a_tie_for_most_expensive_says_both_are_the_dearest() -> None:
    assert _verdicts("droplet and lightsail tie for most expensive at US$48.00.", VPS) == [
        "contradicted"
    ]
    assert "contradicted" not in _verdicts(
        "droplet and linode tie for most expensive at US$48.00.", VPS
    )


def test_a_dollar_with_its_country_is_one_currency_sign() -> None:
    assert _verdicts("vultr costs A$26 a month.", VPS) == ["contradicted"]
    assert "contradicted" not in _verdicts("vultr costs NZ$24 a month.", VPS)


def test_the_offer_a_gap_is_measured_to_is_not_priced_at_the_gap() -> None:
    text = "A diferença para o st-b é de 15,00 € por mês."
    assert "contradicted" not in _verdicts(text, STREAMS)
