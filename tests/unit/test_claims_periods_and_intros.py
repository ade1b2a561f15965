"""Figures over other periods and first prices: a cited amount over a term the sentence
states (``$30.00 a year [c4], $90.00 across three years``); a rate per thing (``£4.75 a
wash``) is no monthly price; a first year with a source's introductory months (``3 x 4.99
+ 9 x 11.99``) is a figure, twelve months of the intro price is not; ``any of the three``
is a subset; ``5.000 €`` in a source is five thousand."""

from __future__ import annotations

from stepgraph.claims import Table, check_text

ALARMS = Table.from_rows(
    [
        {"id": "hawkeye", "monthly": 27.5},
        {"id": "safenest", "monthly": 25},
        {"id": "guard", "monthly": 29.99},
    ]
)
CLAIM = [
    {"id": "c4", "kind": "difference", "offer": "hawkeye", "than": "safenest",
     "direction": "more_expensive", "amount": "30.00", "unit": "amount", "period": "year"}
]  # fmt: skip
WASHES = Table.from_rows(
    [{"id": "w4", "source": "Wash club: 4 washes, £19/month", "monthly": 19},
     {"id": "shine", "source": "Shine unlimited £29.50/month", "monthly": 29.5}],
    alias_fields=("source",),
)  # fmt: skip
STREAMS = Table.from_rows(
    [{"id": "streamly", "source": "Streamly: $11.99/mo, intro $4.99/mo for 3 months",
      "monthly": 11.99},
     {"id": "viewhub", "source": "ViewHub $9.99/mo", "monthly": 9.99}],
    alias_fields=("source",),
)  # fmt: skip
CARS = Table.from_rows(
    [{"id": "duster", "source": "Dacia Duster NLT: 299 €/mese, anticipo 5.000 €", "monthly": 299},
     {"id": "sportage", "source": "Kia Sportage NLT: 369 €/mese", "monthly": 369},
     {"id": "tucson", "source": "Hyundai Tucson NLT: 389 €/mese", "monthly": 389}],
    alias_fields=("source",),
)  # fmt: skip


def _verdicts(text: str, table: Table, claims: object = None) -> list[str]:
    return [s.verdict for s in check_text(text, table, claims).sentences]


def test_a_cited_yearly_gap_over_a_stated_term_is_no_clash() -> None:
    text = "hawkeye is only $30.00 a year above safenest [c4], $90.00 across three years."
    assert "contradicted" not in _verdicts(text, ALARMS, CLAIM)


def test_a_rate_per_thing_is_no_monthly_price() -> None:
    assert "contradicted" not in _verdicts("At 4 washes a month, w4 costs £4.75 a wash.", WASHES)


def test_a_first_year_with_the_sources_intro_months_is_a_figure() -> None:
    text = "Its $4.99 intro for 3 months brings streamly's first year down to $122.88."
    assert "contradicted" not in _verdicts(text, STREAMS)


def test_twelve_months_of_the_intro_price_is_no_year() -> None:
    assert _verdicts("Over a year streamly costs $59.88.", STREAMS) == ["contradicted"]


def test_a_thousands_group_in_a_source_is_no_small_amount() -> None:
    text = "Rispetto alla sportage, la duster costa 50 € in meno al mese."
    assert _verdicts(text, CARS) == ["contradicted"]


def test_any_of_the_three_counts_no_offers() -> None:
    text = "Over a year, duster comes to 3.588 € against 4.428 € for any of the two others."
    assert "contradicted" not in _verdicts(text, CARS)


TV = Table.from_rows(
    [{"id": "tv-s", "monthly": 12.99}, {"id": "tv-m", "monthly": 17.99},
     {"id": "tv-l", "monthly": 24.99}, {"id": "tv-xl", "monthly": 29.99}]
)  # fmt: skip
GRID = Table.from_rows(
    [
        {"id": "nat-a", "monthly": 365},
        {"id": "nat-b", "monthly": 340},
        {"id": "nat-c", "monthly": 398},
    ]
)
GYMS = Table.from_rows(
    [{"id": "pulse", "source": "Pulse: €29.99/month, €32.99 from 1 September 2026",
      "monthly": 29.99}, {"id": "core", "source": "Core €31.50/month", "monthly": 31.5}],
    alias_fields=("source",),
)  # fmt: skip
LOCK = [
    {"id": "c3", "kind": "difference", "offer": "tv-xl", "than": "tv-l",
     "direction": "more_expensive", "amount": "60.00", "unit": "amount", "period": "year"}
]  # fmt: skip


def test_a_clause_after_one_about_weeks_states_weekly_figures() -> None:
    text = (
        "In weekly terms the range is about 3,00 € (tv-s) to 6,92 € (tv-xl); "
        "tv-m sits at about 4,15 €."
    )
    assert "contradicted" not in _verdicts(text, TV)


def test_a_price_over_a_stated_term_beside_a_cited_gap_is_no_clash() -> None:
    text = (
        "tv-xl costs $60.00 a year more than tv-l [c3] but locks its price for 24 months, $719.76."
    )
    assert "contradicted" not in _verdicts(text, TV, LOCK)


def test_a_price_after_a_stated_rise_is_a_figure() -> None:
    text = "nat-a ranks second; its 8% increase from January would lift it to 394,20 kr."
    assert "contradicted" not in _verdicts(text, GRID)


def test_the_step_to_a_price_the_source_announces_is_a_figure() -> None:
    text = "pulse has announced €32.99 from 1 September, €3.00 more a month."
    assert "contradicted" not in _verdicts(text, GYMS)
