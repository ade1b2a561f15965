"""A superlative followed by its verb and a name is that name's (``a najdroższa jest
prad-c``: and the dearest is prad-c), not the name before it."""

from __future__ import annotations

from stepgraph.claims import Table, check_text

POWER = Table.from_rows(
    [{"id": "prad-b", "monthly": 199}, {"id": "prad-a", "monthly": 210},
     {"id": "prad-c", "monthly": 223.4}]
)  # fmt: skip


def _verdicts(text: str) -> list[str]:
    return [s.verdict for s in check_text(text, POWER).sentences]


def test_the_dearest_named_after_its_verb_is_not_given_to_the_offer_before() -> None:
    text = "Dalej jest prad-a (210,00 zł), a najdroższa jest prad-c (223,40 zł)."
    assert _verdicts(text) != ["contradicted"]


def test_the_cheapest_named_after_its_verb_is_not_given_to_the_offer_before() -> None:
    text = "Potem prad-a (210,00 zł), a najtańsza jest prad-b (199,00 zł)."
    assert _verdicts(text) != ["contradicted"]


def test_a_wrong_offer_named_after_the_superlative_is_contradicted() -> None:
    text = "Dalej jest prad-c (223,40 zł), a najdroższa jest prad-a (210,00 zł)."
    assert _verdicts(text) == ["contradicted"]
