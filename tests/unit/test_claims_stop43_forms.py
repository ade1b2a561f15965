"""Found this stop on the kept-aside and new splits, tested in other words."""

from __future__ import annotations

from stepgraph.claims import Table

from .test_claims_stop36_forms import _verdicts

BOXES = Table.from_rows(
    [
        {"id": "red-box-fibre", "monthly": 27.99, "source": "red-by-sfr.fr/box-internet"},
        {"id": "sfr-fibre-power", "monthly": 42.99, "source": "sfr.fr \u2013 offre Fibre Power"},
        {"id": "bbox-must", "monthly": 38.99, "source": "bouyguestelecom.fr/bbox-must"},
    ],
    value_field="monthly",
    alias_fields=("source",),
)


def test_a_hyphenated_domain_written_in_words_names_its_record_not_the_brand_inside() -> None:
    assert "contradicted" not in _verdicts(BOXES, "La box de RED by SFR coûte 27,99 € par mois.")


def test_a_hyphenated_domain_in_words_is_still_held_to_its_records_price() -> None:
    # before, SFR was read there, at its own price: no contradiction
    assert _verdicts(BOXES, "RED by SFR costs €42.99 a month.") == ["contradicted"]
