"""Names the sources spell that the reader missed, and a record glossed in brackets: the
start of a source's brand (``Zapp`` of zappmobile.example), a two-letter domain label that
opens the id (``KQ`` of kq.example), a plus sign joined to a name (``Stream+``), ``A, B and C
all cost N``, and ``Brand (offer-2) is ...``."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

SIMS = Table.from_rows(
    [
        {"id": "zapp-20gb", "source": "zappmobile.example/bundles", "monthly": 9.5},
        {"id": "kq-basic-sim", "source": "kq.example/sim-only", "monthly": 14.0},
        {"id": "stream-plus", "source": "stream.example", "monthly": 21.0},
        {"id": "offer-2", "source": "Email from the shop", "monthly": 11.0},
    ],
    alias_fields=("source",),
)


def _verdict(text: str) -> str:
    (sentence,) = check_text(text, SIMS).sentences
    return sentence.verdict


@pytest.mark.parametrize(
    "text",
    [
        "Zapp and KQ are both 9.50.",
        "Stream+ is 50% more expensive than Zapp.",
        "zapp-20gb, kq-basic-sim and offer-2 all cost 11.00 a month.",
        "Brio (offer-2) is the cheapest.",
    ],
)
def test_a_false_statement_is_contradicted(text: str) -> None:
    assert _verdict(text) == "contradicted"


def test_a_true_glossed_statement_is_never_checked() -> None:
    assert _verdict("Brio (offer-2) is the second cheapest.") == "unverified"


def test_a_word_another_record_also_holds_names_no_record() -> None:
    gyms = Table.from_rows(
        [
            {"id": "fitness-first", "source": "fitnessfirst.example", "monthly": 45.0},
            {"id": "anytime", "source": "anytimefitness.example", "monthly": 39.95},
        ],
        alias_fields=("source",),
    )
    text = "Fitness First (45.00) and Anytime Fitness (39.95) sit between."
    (sentence,) = check_text(text, gyms).sentences
    assert sentence.verdict != "contradicted"


@pytest.mark.parametrize(
    "text",
    [
        "We compared five mobile subscriptions by monthly price.",
        "Five courier contracts were compared.",
    ],
)
def test_a_count_of_the_records_compared_with_their_kind_is_judged(text: str) -> None:
    assert _verdict(text) == "contradicted"


def test_a_true_count_with_their_kind_is_checked() -> None:
    assert _verdict("Four courier contracts were compared.") == "checked"
