"""``from A to B``: B is where a move goes, not the subject of what the sentence says the
move costs, even when a bracket holds A's price."""

from __future__ import annotations

from stepgraph.claims import Table, check_text

PLANS = Table.from_rows(
    [
        {"id": "lite", "monthly": 12.5},
        {"id": "plus", "monthly": 19.0},
        {"id": "max", "monthly": 31.0},
    ]
)


def _verdict(text: str) -> str:
    (sentence,) = check_text(text, PLANS).sentences
    return sentence.verdict


def test_a_step_between_bracketed_prices_is_not_the_second_records_price() -> None:
    text = "Going up from lite (12.50) to plus (19.00) costs 6.50 a month."
    assert _verdict(text) != "contradicted"


def test_a_wrong_step_between_bracketed_prices_is_still_contradicted() -> None:
    text = "Going up from lite (12.50) to plus (19.00) costs 8.50 a month."
    assert _verdict(text) == "contradicted"


def test_a_wrong_bracketed_price_on_the_move_target_is_contradicted() -> None:
    text = "Going up from lite (12.50) to plus (21.00) costs 6.50 a month."
    assert _verdict(text) == "contradicted"


def test_a_record_after_to_with_no_from_is_still_a_subject() -> None:
    assert _verdict("Compared to max, plus costs 21.00.") == "contradicted"


def test_what_follows_a_bracketed_name_and_price_is_not_said_of_it() -> None:
    text = (
        "Going up from the cheapest (lite, 12.50) to the middle (plus, 19.00) costs 6.50 a month."
    )
    assert _verdict(text) != "contradicted"


def test_a_wrong_price_inside_the_bracket_is_still_contradicted() -> None:
    text = (
        "Going up from the cheapest (lite, 12.50) to the middle (plus, 18.00) costs 6.50 a month."
    )
    assert _verdict(text) == "contradicted"
