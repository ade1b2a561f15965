"""Source names: the brand a source name starts with, and "the <source> document".

A brand ("Acme" for ``acme-2026-q1.pdf``) is a loose name: a false statement about it
blocks, a true one is left to the reviewer (a brand is a guess at what the text means).

Inputs: A (acme-2026-q1.pdf) 45, B (globex-2026-q1.pdf) 60, C (initech-...) 50.
"""

from __future__ import annotations

from stepgraph.claims import Table, check_text

BRANDS = Table.from_rows(
    [
        {"id": "A", "source": "acme-2026-q1.pdf", "monthly": 45},
        {"id": "B", "source": "globex-2026-q1.pdf", "monthly": 60},
        {"id": "C", "source": "initech-2026-q1.pdf", "monthly": 50},
    ],
    alias_fields=("source",),
)


def verdict(text: str, table: Table = BRANDS) -> str:
    found = check_text(text, table).sentences
    assert len(found) == 1
    return found[0].verdict


def test_a_false_statement_about_a_brand_blocks() -> None:
    assert verdict("Globex is the cheapest.") == "contradicted"


def test_a_true_statement_about_a_brand_is_left_to_the_reviewer() -> None:
    assert verdict("Acme is the cheapest.") == "unverified"


def test_a_brand_shared_by_two_sources_names_neither() -> None:
    shared = Table.from_rows(
        [
            {"id": "A", "source": "acme-basic.pdf", "monthly": 45},
            {"id": "B", "source": "acme-pro.pdf", "monthly": 60},
        ],
        alias_fields=("source",),
    )
    assert verdict("Acme is the most expensive.", shared) == "unverified"


def test_a_generic_first_word_is_no_brand() -> None:
    offers = Table.from_rows(
        [
            {"id": "A", "source": "offer-a.pdf", "monthly": 45},
            {"id": "B", "source": "quote-b.pdf", "monthly": 60},
        ],
        alias_fields=("source",),
    )
    assert verdict("The offer is the cheapest.", offers) == "unverified"


def test_the_source_document_is_its_record() -> None:
    assert verdict("The globex-2026-q1.pdf document has the lowest monthly price.") == (
        "contradicted"
    )
    assert verdict("The acme-2026-q1.pdf document has the lowest monthly price.") == "checked"
