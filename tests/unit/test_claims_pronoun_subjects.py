"""A pronoun is read as the previous sentence's subject only when that is certain: a
sentence that itself opened with a pronoun it could not read names no subject, and a
pronoun never stands for a record the same sentence compares it with."""

from __future__ import annotations

from stepgraph.claims import Table, check_text

TRIO = Table.from_rows(
    [{"id": "r1", "monthly": 88}, {"id": "r2", "monthly": 80}, {"id": "r3", "monthly": 95}]
)


def verdicts(text: str) -> list[str]:
    return [s.verdict for s in check_text(text, TRIO).sentences]


def test_a_sentence_with_an_unread_pronoun_gives_the_next_no_subject() -> None:
    text = (
        "r2 is the cheapest at 80. That makes it the best deal next to r1. It is 8 cheaper than r1."
    )
    assert verdicts(text)[2] != "contradicted"  # "it" is r2, true; never "r1 than r1"


def test_a_pronoun_is_never_the_record_it_is_compared_with() -> None:
    text = "r1 is the middle offer. It is 8 cheaper than r1."
    assert verdicts(text)[1] == "unverified"


def test_a_pronoun_still_reads_the_previous_subject() -> None:
    assert verdicts("r2 is the cheapest at 80. It is 8 cheaper than r1.") == ["checked", "checked"]
    assert verdicts("r2 is the cheapest at 80. It is 9 cheaper than r1.")[1] == "contradicted"


FORFAITS = Table.from_rows(
    [
        {"id": "forfait-eco", "monthly": 22},
        {"id": "forfait-plus", "monthly": 25},
        {"id": "forfait-max", "monthly": 30},
    ]
)


def test_french_il_opening_a_sentence_is_the_previous_subject() -> None:
    first = "Le forfait-eco est le moins cher à 22,00 € par mois. "
    found = check_text(first + "Il est plus cher que le forfait-plus.", FORFAITS)
    assert found.sentences[1].verdict == "contradicted"
    found = check_text(first + "Il est moins cher que le forfait-plus.", FORFAITS)
    assert found.sentences[1].verdict == "unverified"  # true; another language: never checked


def test_in_other_words_and_on_the_other_hand_narrow_nothing() -> None:
    pair = Table.from_rows([{"id": "G", "monthly": 27}, {"id": "I", "monthly": 41}])
    for lead in ("In other words, ", "On the other hand, "):
        assert check_text(lead + "G costs 14.00 more each month.", pair).sentences[0].verdict == (
            "contradicted"
        )
