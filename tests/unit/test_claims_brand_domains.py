"""A brand the sources spell: the first label of a URL's domain (``Kestrel`` of
``https://kestrel.io/pricing``, ``Vault 9`` of ``vault9.com``) and a brand after a word for
the paper in other languages (``Offerte_Brightline_2024.pdf``). Such loose names are read for
contradictions, never marked checked."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

VPNS = Table.from_rows(
    [
        {"id": "kestrel-teams", "source": "https://kestrel.io/teams/pricing", "monthly": 40.0},
        {"id": "vault9-core", "source": "https://www.vault9.com/plans", "monthly": 55.0},
        {"id": "bl-standard", "source": "Offerte_Brightline_2024-03.pdf", "monthly": 61.5},
    ],
    alias_fields=("source",),
)


def _verdict(text: str) -> str:
    (sentence,) = check_text(text, VPNS).sentences
    return sentence.verdict


@pytest.mark.parametrize(
    "text",
    [
        "Kestrel costs 20.00 more than Vault 9.",
        "Brightline is 10.00 cheaper than Kestrel.",
        "Vault9 is the cheapest.",
    ],
)
def test_a_false_statement_about_a_brand_the_sources_spell_is_contradicted(text: str) -> None:
    assert _verdict(text) == "contradicted"


@pytest.mark.parametrize(
    "text",
    ["Vault 9 costs 15.00 more than Kestrel.", "Brightline is the most expensive."],
)
def test_a_true_one_is_not_contradicted_and_not_checked(text: str) -> None:
    assert _verdict(text) == "unverified"
