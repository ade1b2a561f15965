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


PLANS = Table.from_rows(
    [{"id": "aa", "monthly": 5}, {"id": "bb", "monthly": 6}, {"id": "cc", "monthly": 6.5},
     {"id": "vultr", "monthly": 8}, {"id": "dob", "monthly": 7}]
)  # fmt: skip


def test_an_ordinal_place_going_to_an_offer_is_its_rank() -> None:
    text = "Fourth place goes to vultr and last place to dob."
    assert _verdicts(text, PLANS) == ["contradicted"]
    assert "contradicted" not in _verdicts(
        "Fourth place goes to dob and last place to vultr.", PLANS
    )


def test_the_runner_up_named_after_a_comma_is_second() -> None:
    assert _verdicts("The runner-up, vultr, is $3.00 above the leader.", PLANS) == ["contradicted"]
    assert "contradicted" not in _verdicts("The runner-up, bb, is $1.00 above the leader.", PLANS)


def test_the_runner_up_after_a_name_and_a_comma_is_that_names() -> None:
    text = "Against bb, the runner-up, aa saves $1.00 a month."
    assert "contradicted" not in _verdicts(text, PLANS)
