"""Found by the held-out splits final39 (everyday seed traffic) and final40 (small local
models), both run once at the end of a stop, tested in other words."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

DESKS = Table.from_rows(
    [
        {"id": "hub-a", "source": "Hub Alpha", "monthly": 200.0},
        {"id": "st-mary", "source": "St. Mary Works", "monthly": 215.5},
        {"id": "dock-c", "source": "Dock C", "monthly": 215.5},
        {"id": "loft-d", "source": "Loft D", "monthly": 260.0},
    ],
    alias_fields=("source",),
)


def _verdicts(text: str) -> list[str]:
    return [s.verdict for s in check_text(text, DESKS).sentences]


def test_a_title_before_a_name_ends_no_sentence() -> None:
    assert len(check_text("St. Mary Works costs €215.50.", DESKS).sentences) == 1


def test_a_bracket_after_a_gap_may_be_the_subjects_price() -> None:
    text = "st-mary is €15.50 a month more than hub-a (€215.50)."
    assert _verdicts(text) != ["contradicted"]


def test_a_bracket_after_a_record_named_alone_is_still_its_price() -> None:
    assert _verdicts("The cheapest is hub-a (€215.50).") == ["contradicted"]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("No two of the four plans cost the same.", "contradicted"),  # st-mary and dock-c tie
        ("No two of the three dearest cost the same.", "unverified"),
    ],
)
def test_no_two_of_every_record_cost_the_same(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]


def test_a_cap_on_something_else_is_no_price() -> None:
    assert _verdicts("Caveat: Loft D caps guest passes at 1,000, so check it.") == ["unverified"]


CHANNELS = Table.from_rows(
    [
        {"id": "aviva-direct", "source": "aviva.co.uk/car", "monthly": 41.2},
        {"id": "aviva-via-msm", "source": "moneysupermarket quote", "monthly": 43.9},
    ],
    alias_fields=("source",),
)


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("The moneysupermarket listing for aviva is 43.90.", "unverified"),
        ("The comparison-site page for aviva is 43.90.", "unverified"),
        ("The price for aviva is 43.90.", "contradicted"),
        ("aviva is 43.90.", "contradicted"),
    ],
)
def test_a_record_after_for_and_a_listing_is_no_subject(text: str, verdict: str) -> None:
    assert [s.verdict for s in check_text(text, CHANNELS).sentences] == [verdict]


HIRE = Table.from_rows(
    [
        {"id": "t1", "source": "toolstation.example.com/hire/saw", "monthly": 96.0},
        {"id": "t2", "source": "https://www.hirebase.co.uk/saw", "monthly": 79.0},
    ],
    alias_fields=("source",),
)


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("hirebase.co.uk is the cheapest.", "unverified"),  # a loose name: never checked
        ("toolstation.example.com is the cheapest.", "contradicted"),
        ("hirebase.co.uk is the most expensive.", "contradicted"),
    ],
)
def test_a_sources_domain_names_its_record(text: str, verdict: str) -> None:
    assert [s.verdict for s in check_text(text, HIRE).sentences] == [verdict]


CLUBS = Table.from_rows(
    [
        {"id": "fitzone-1", "source": "fitnesszone.example/join", "monthly": 31.0},
        {"id": "bay-gym", "source": "Bay Gym Central", "monthly": 24.5},
    ],
    alias_fields=("source",),
)


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Fitness Zone is the most expensive.", "unverified"),  # a loose name: never checked
        ("Fitness Zone is the cheapest.", "contradicted"),
        ("The fitness zone of the club is cheap.", "unverified"),  # not capitalised: no name
    ],
)
def test_capitalised_words_that_run_together_into_a_brand_name_it(text: str, verdict: str) -> None:
    assert [s.verdict for s in check_text(text, CLUBS).sentences] == [verdict]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("None of the four units costs more than €250.", "contradicted"),  # loft-d is 260
        ("None of the four units costs more than €260.", "checked"),
    ],
)
def test_units_are_the_records_compared(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("dock-c is neither the cheapest nor the most expensive.", "checked"),
        ("hub-a is neither the cheapest nor the most expensive.", "contradicted"),
        ("loft-d is neither the most expensive nor the cheapest of the four.", "contradicted"),
        ("dock-c is neither the cheapest nor the fastest.", "unverified"),
    ],
)
def test_neither_end_of_the_ranking(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]
