"""The consequence of moving from one offer to another, as reports word it: ``Moving from X
to Y would save N a year``, ``... would cost an extra N``, with an aside between commas."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

POWER = Table.from_rows(
    [
        {"id": "power-fix", "monthly": 84},
        {"id": "power-flex", "monthly": 87},
        {"id": "power-green", "monthly": 81.5},
    ]
)


def first(text: str) -> str:
    return check_text(text, POWER).sentences[0].verdict


@pytest.mark.parametrize(
    ("false", "true"),
    [
        (
            "Moving from power-fix to power-flex would save £36.00 a year.",
            "Moving from power-flex to power-fix would save £36.00 a year.",
        ),
        (
            "Moving from power-fix to power-flex, on the other hand, would save £36.00 a year.",
            "Moving from power-fix to power-flex, on the other hand, would cost an extra £36.00"
            " a year.",
        ),
        (
            "Changing from power-fix to power-green saves 4 a month.",
            "Changing from power-fix to power-green saves 2.50 a month.",
        ),
        (
            "Switching from power-green to power-fix costs 3.50 more per month.",
            "Switching from power-green to power-fix costs 2.50 more per month.",
        ),
        (
            "Going from power-fix to power-flex will add £30 a year.",
            "Going from power-fix to power-flex will add £36 a year.",
        ),
    ],
)
def test_a_switch_and_its_consequence_is_read(false: str, true: str) -> None:
    assert first(false) == "contradicted"
    assert first(true) != "contradicted"


def test_a_switch_under_a_condition_is_not_read() -> None:
    assert first("If the discount applies, moving from power-fix to power-flex saves £36.") != (
        "contradicted"
    )
