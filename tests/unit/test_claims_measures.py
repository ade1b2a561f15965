"""A figure joined to its unit (``13-month``, ``30-day``, ``5-seat``) is a number the
inputs do not hold: a sentence stating one is never marked checked."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

LINES = Table.from_rows(
    [
        {"id": "north", "source": "north.example", "monthly": 18.0},
        {"id": "south", "source": "south.example", "monthly": 21.5},
        {"id": "west", "source": "west.example", "monthly": 25.0},
    ],
    alias_fields=("source",),
)


@pytest.mark.parametrize(
    "text",
    [
        "All three are 18-month deals.",
        "north costs 18.00 a month on a 36-month plan.",
        "The three lines all come with a 14-day cooling-off period.",
        "south is the cheapest of the 3-seat bundles.",
    ],
)
def test_a_joined_figure_leaves_the_sentence_unverified(text: str) -> None:
    (sentence,) = check_text(text, LINES).sentences
    assert sentence.verdict == "unverified"


def test_the_reason_names_the_joined_figure() -> None:
    (sentence,) = check_text("north costs 18.00 a month on a 36-month plan.", LINES).sentences
    assert "36-month" in sentence.why


def test_a_sentence_without_one_is_still_checked() -> None:
    (sentence,) = check_text("north costs 18.00 a month.", LINES).sentences
    assert sentence.verdict == "checked"


def test_a_figure_with_its_unit_written_on_is_never_checked() -> None:
    (sentence,) = check_text("north costs 18.00 a month for 12.5M requests.", LINES).sentences
    assert sentence.verdict == "unverified"
