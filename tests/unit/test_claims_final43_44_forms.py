"""Found by the kept-aside splits final43 (multilingual everyday) and final44 (long
reasoning reports), run once at the end of a stop, tested in other words."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

POWER = Table.from_rows(
    [
        {"id": "volt-12", "monthly": 150.25},
        {"id": "amp-24", "monthly": 150.26},
        {"id": "ohm-flex", "monthly": 171.0},
    ]
)


def _verdict(text: str) -> str:
    (sentence,) = check_text(text, POWER).sentences
    return sentence.verdict


@pytest.mark.parametrize(
    "text",
    [
        "volt-12 and amp-24 are nearly identical at $150.25 and $150.26.",
        "ohm-flex costs $171.00 a month, with 200+ partner stations.",
        "ohm-flex is free on weekends from 9 p.m.",
        "Each quote covers 36 monthly-paid staff.",
        "ohm-flex krever 20 000 kr i startleie.",
    ],
)
def test_a_figure_that_is_no_price_is_not_contradicted(text: str) -> None:
    assert _verdict(text) != "contradicted"


@pytest.mark.parametrize(
    "text",
    [
        "volt-12 and amp-24 are identical at $150.25.",
        "ohm-flex costs $181.00 a month, with 200+ partner stations.",
        "ohm-flex costs 9 p.m.",
    ],
)
def test_the_same_sentences_stating_a_false_price_are_contradicted(text: str) -> None:
    assert _verdict(text) == "contradicted"


def test_a_filler_word_in_capitals_after_then_is_a_name_not_filler() -> None:
    text = "volt-12 is the cheapest at $150.25 a month, then NOW at $171.00."
    assert _verdict(text) != "contradicted"
