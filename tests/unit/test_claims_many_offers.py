"""Reports over many offers: ``the step from A to B is N`` is the gap between them (and B is
no subject pricing at N); a signed gap beside a cited price is read as a gap; ``is N, or P%,
more than B`` is a margin; a count in words (``three vans cheaper``) is no amount; ``the
first pair`` is no place; ``the middle of the pack is C`` is C's place; a tier's band
``(EUR 25 to 30)`` bounds it; ``three rentals up front`` is a charge."""

from __future__ import annotations

from stepgraph.claims import Table, check_text

LIFE = Table.from_rows(
    [{"id": "ladder", "monthly": 23.5}, {"id": "state-farm", "monthly": 31.06},
     {"id": "northwestern", "monthly": 38.9}, {"id": "ethos", "monthly": 26.45},
     {"id": "bestow", "monthly": 25.3}]
)  # fmt: skip
PRICE_C3 = [{"id": "c3", "kind": "price", "offer": "northwestern", "amount": "38.90",
             "period": "month"}]  # fmt: skip


def _verdicts(text: str, claims: object = None) -> list[str]:
    return [s.verdict for s in check_text(text, LIFE, claims).sentences]


def test_the_step_from_one_offer_to_another_is_their_gap() -> None:
    assert "contradicted" not in _verdicts("The step from state-farm to northwestern is $7.84.")
    assert _verdicts("The step from state-farm to northwestern is $6.84.") == ["contradicted"]


def test_a_signed_gap_beside_a_cited_price_is_no_clash_with_the_citation() -> None:
    assert "contradicted" not in _verdicts("5. northwestern: $38.90 (+$7.84) [c3]", PRICE_C3)


def test_an_amount_or_a_percentage_more_than_another_is_a_margin() -> None:
    text = "northwestern is $7.84, or 25.2%, more than state-farm."
    assert "contradicted" not in _verdicts(text)
    assert _verdicts("northwestern is $8.84, or 25.2%, more than state-farm.") == ["contradicted"]


def test_a_count_in_words_before_a_comparison_is_no_amount() -> None:
    text = "The middle of the pack is ethos at $26.45, with two cheaper and two dearer."
    assert "contradicted" not in _verdicts(text)


def test_the_first_pair_is_no_place() -> None:
    prices = (30, 30, 25, 25, 29.6, 20)
    table = Table.from_rows(
        [{"id": k, "monthly": v} for k, v in zip("abcdef", prices, strict=True)]
    )
    text = (
        "Two ties: a and b at 30, c and d at 25. "
        "e, at 29.60, is close to the first pair but 0.40 cheaper."
    )
    assert "contradicted" not in [s.verdict for s in check_text(text, table).sentences]


def test_the_middle_of_the_pack_is_the_middle_place() -> None:
    assert "contradicted" not in _verdicts("The middle of the pack is ethos at $26.45.")
    assert _verdicts("The middle of the pack is bestow at $25.30.") == ["contradicted"]


def test_a_tiers_band_bounds_it_and_is_no_figure() -> None:
    assert "contradicted" not in _verdicts("- Mid tier ($25 to $30): bestow and ethos")


def test_rentals_paid_up_front_are_a_charge() -> None:
    text = "The ethos quote asks for three rentals up front ($79.35)."
    assert "contradicted" not in _verdicts(text)
