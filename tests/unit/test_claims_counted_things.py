"""A sentence that counts things and speaks of no price (``web-starter hosts 1 site,
web-business 5, web-agency 25``) holds no amounts; one that names a price still does."""

from __future__ import annotations

from stepgraph.claims import Table, check_text

HOSTS = Table.from_rows(
    [{"id": "web-starter", "monthly": 6.5}, {"id": "web-business", "monthly": 13},
     {"id": "web-agency", "monthly": 26}]
)  # fmt: skip


def _verdicts(text: str) -> list[str]:
    return [s.verdict for s in check_text(text, HOSTS).sentences]


def test_counts_of_sites_in_an_elliptic_list_are_no_prices() -> None:
    text = "web-starter hosts 1 site, web-business 5, web-agency 25."
    assert "contradicted" not in _verdicts(text)


def test_a_wrong_price_beside_a_count_is_still_contradicted() -> None:
    assert _verdicts("web-business costs 13 and web-agency 25 (2 sites).") == ["contradicted"]


QUOTES = Table.from_rows(
    [{"id": "q-11", "monthly": 9.5}, {"id": "q-12", "monthly": 11},
     {"id": "q-13", "monthly": 9.5}, {"id": "q-14", "monthly": 12.25}]
)  # fmt: skip


def test_a_lowest_price_held_alone_is_false_on_a_tie_and_never_checked() -> None:
    said = check_text("Lowest price: q-13 alone.", QUOTES).sentences
    assert [s.verdict for s in said] == ["contradicted"]


def test_a_strictness_word_no_form_reads_keeps_a_sentence_from_checked() -> None:
    for text in ("Cheapest: q-13, exclusively.", "q-13 has the lowest price, solely."):
        said = check_text(text, QUOTES).sentences
        assert [s.verdict for s in said] != ["checked"]
