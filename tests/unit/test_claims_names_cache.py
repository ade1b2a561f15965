"""The record names of a table are built once per spelling (ids and aliases), not per text."""

from __future__ import annotations

from decimal import Decimal

from stepgraph.claims.check import Record, Table
from stepgraph.claims.tokens import names_of
from stepgraph.claims.verify import check_text


def _table(aliases: tuple[str, ...] = ("offer-A-v1",), value: int = 120) -> Table:
    return Table(
        (
            Record(id="A", value=Decimal(value), aliases=aliases),
            Record(id="B", value=Decimal(90), aliases=("offer-B-v1",)),
        )
    )


def test_one_names_for_tables_spelled_alike() -> None:
    assert names_of(_table()) is names_of(_table(value=75))  # values do not count


def test_other_aliases_are_other_names() -> None:
    first, second = names_of(_table()), names_of(_table(aliases=("gold plan",)))
    assert first is not second
    assert second.exact == {"A": "A", "B": "B", "gold plan": "A", "offer-B-v1": "B"}
    assert "gold plan" not in first.exact


def test_a_cached_spelling_reads_each_table_s_own_values() -> None:
    text = "offer-A-v1 costs €120/month."  # named by its alias
    assert check_text(text, _table()).sentences[0].verdict == "checked"
    assert check_text(text, _table(value=75)).sentences[0].verdict == "contradicted"


def test_aliases_given_as_a_list_are_read_as_before() -> None:
    table = Table((Record(id="A", value=Decimal(120), aliases=["gold plan"]),))  # type: ignore[arg-type]
    assert names_of(table).exact == {"A": "A", "gold plan": "A"}
    assert check_text("gold plan costs €120/month.", table).sentences[0].verdict == "checked"
