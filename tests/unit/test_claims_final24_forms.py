"""Forms found by the held-out split final24 (short, sloppy output of small models),
tested in other words: shorthand periods, ``quid``, ``diff``, ``teh``, ``vs.``, arrows
between offers, a hedge after ``by``, and a number set against one with a unit."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

DUO = Table.from_rows([{"id": "flat-a", "monthly": 62}, {"id": "flat-b", "monthly": 74.5}])
TRIO = Table.from_rows(
    [{"id": "s1", "monthly": 11.99}, {"id": "s2", "monthly": 7.49}, {"id": "s3", "monthly": 16}]
)


def _verdicts(text: str, table: Table = DUO) -> list[str]:
    return [s.verdict for s in check_text(text, table).sentences]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("flat-a is 62 pcm", "checked"),
        ("flat-a is 62 pa", "contradicted"),
        ("flat-b 74.5 p/m = 894 p.a.", "unverified"),
        ("flat-b 74.5 p/m = 849 p.a.", "contradicted"),
        ("flat-a is 62 quid a month", "checked"),
        ("flat-a is 66 quid a month", "contradicted"),
    ],
)
def test_shorthand_periods_and_money_words(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("diff between flat-b and flat-a is 12.50 pcm", "checked"),
        ("diff between flat-b and flat-a is 21.50 pcm", "contradicted"),
        ("flat-a is teh cheaper one", "checked"),
    ],
)
def test_common_shorthand_and_slips_are_read(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]


@pytest.mark.parametrize(
    "text",
    [
        "flat-a vs. flat-b: 62 vs 74.50.",
        "flat-a v. flat-b: 62 p/m vs 74.50 p/m.",
        "flat-a is the cheaper one by ~12.5/mo",
        "flat-a but its a 12 month contract vs 6",
        "flat-b has a shorter minimum term (6 vs 12 months)",
    ],
)
def test_true_shorthand_comparisons_are_not_blocked(text: str) -> None:
    assert "contradicted" not in _verdicts(text)


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("s2 (7.49) -> s1 (11.99) -> s3 (16.00)", "unverified"),
        ("s3 -> s1 -> s2", "unverified"),
        ("s2 (7.49) \u2192 s3 (16.00) \u2192 s1 (11.99)", "contradicted"),
    ],
)
def test_arrows_between_three_offers_are_a_price_order_either_way(text: str, verdict: str) -> None:
    assert _verdicts(text, TRIO) == [verdict]
