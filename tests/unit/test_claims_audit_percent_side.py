"""The amount audit reads which way a percentage goes: ``N% cheaper`` (less, lower, off,
moins cher, günstiger) is the gap over the dearer price, ``N% more`` (dearer, de plus,
teurer) the gap over the cheaper one. A percentage on the wrong base, in a sentence the
forms cannot read, is then false."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

SEATS = Table.from_rows(
    [
        {"id": "seat-pro", "monthly": 299},
        {"id": "seat-team", "monthly": 349},
        {"id": "seat-lite", "monthly": 279.5},
    ]
)
# seat-lite vs seat-team: 69.50 apart, 19.9% cheaper, 24.9% dearer.
CASES = [
    "seat-lite is 69.50 a month cheaper than seat-team, which makes it about {}% cheaper.",
    "seat-lite is 69.50 a month cheaper than seat-team, which makes it about {}% less.",
    "seat-lite undercuts seat-team by 69.50, and so is roughly {}% lower in price.",
]


@pytest.mark.parametrize("text", CASES)
def test_a_saving_on_the_wrong_base_is_false(text: str) -> None:
    assert check_text(text.format("24.9"), SEATS).sentences[0].verdict == "contradicted"
    assert check_text(text.format("19.9"), SEATS).sentences[0].verdict != "contradicted"


def test_a_markup_on_the_wrong_base_is_false() -> None:
    text = "seat-team costs 69.50 more than seat-lite, which puts it about {}% higher."
    assert check_text(text.format("19.9"), SEATS).sentences[0].verdict == "contradicted"
    assert check_text(text.format("24.9"), SEATS).sentences[0].verdict != "contradicted"


def test_a_markup_in_french_on_the_wrong_base_is_false() -> None:
    table = Table.from_rows([{"id": "orange", "monthly": 24.99}, {"id": "sfr", "monthly": 27.99}])
    # 3.00 over 24.99 = 12.0% more; over 27.99 = 10.7%
    text = (
        "L'offre orange est la moins chère à 24,99 €. sfr coûte 27,99 €, soit environ {} % de plus."
    )
    assert check_text(text.format("11"), table).sentences[1].verdict == "contradicted"
    assert check_text(text.format("12"), table).sentences[1].verdict != "contradicted"


def test_a_percentage_with_no_direction_may_take_either_base() -> None:
    text = "seat-lite and seat-team are 69.50 apart, a gap of about {}%."
    for pct in ("19.9", "24.9"):
        assert check_text(text.format(pct), SEATS).sentences[0].verdict != "contradicted"
