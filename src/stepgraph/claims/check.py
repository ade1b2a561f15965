"""The exact checker: a claim against a table of records with ids and a numeric value.

Arithmetic is ``Decimal`` on the values' decimal text (never binary floats); a stated
amount is compared after rounding the true figure half-up to the amount's stated decimals;
a yearly figure is exactly 12 times the monthly one. Ranking is ascending by value with
equal values kept in table order.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from decimal import ROUND_HALF_UP, Decimal, localcontext
from typing import Literal

from ..errors import InputError
from ..records import dataclass
from .kinds import (
    PERIOD_FACTOR,
    Amount,
    Cheapest,
    Claim,
    Count,
    Difference,
    MostExpensive,
    Order,
    Price,
    Rank,
    Tie,
    offers_of,
)

Verdict = Literal["true", "contradicted", "invalid"]


@dataclass(frozen=True, kw_only=True)
class Record:
    """One row of the inputs: an id, its value (None: missing) and other names for it."""

    id: str
    value: Decimal | None
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Table:
    """The records a text is checked against, in input order (ids unique)."""

    records: tuple[Record, ...]

    @classmethod
    def from_rows(
        cls,
        rows: Iterable[dict[str, object]],
        *,
        id_field: str = "id",
        value_field: str = "monthly",
        alias_fields: Sequence[str] = (),
    ) -> Table:
        """A table from JSON-like rows; numbers are read through their decimal text."""
        records = []
        for index, row in enumerate(rows):
            record_id = row.get(id_field)
            if not isinstance(record_id, str) or not record_id:
                raise InputError(f"rows[{index}].{id_field}", "must be a non-empty string")
            raw = row.get(value_field)
            if raw is not None and (isinstance(raw, bool) or not isinstance(raw, int | float)):
                raise InputError(f"rows[{index}].{value_field}", "must be a number or null")
            value = None if raw is None else Decimal(repr(raw) if isinstance(raw, float) else raw)
            aliases = tuple(str(row[f]) for f in alias_fields if isinstance(row.get(f), str))
            records.append(Record(id=record_id, value=value, aliases=aliases))
        if len({r.id for r in records}) != len(records):
            raise InputError(id_field, "ids must be unique")
        return cls(tuple(records))

    def get(self, record_id: str) -> Record | None:
        return next((r for r in self.records if r.id == record_id), None)

    def priced(self) -> list[Record]:
        return [r for r in self.records if r.value is not None]

    def ranking(self) -> list[Record]:
        """Priced records ascending by value; equal values keep table order (stable sort)."""
        return sorted(self.priced(), key=lambda r: r.value or Decimal(0))


@dataclass(frozen=True, kw_only=True)
class Judgement:
    """A claim's verdict and what the inputs say about it."""

    verdict: Verdict
    inputs_say: str


def round_to(value: Decimal, places: int) -> Decimal:
    """``value`` rounded half-up to ``places`` decimals (exactly, however large it is)."""
    with localcontext() as context:
        context.prec = max(28, value.adjusted() + places + 2)
        return value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def matches(actual: Decimal, stated: Amount) -> bool:
    """True when ``actual`` rounds (half-up) to ``stated`` at its stated precision."""
    return round_to(actual, stated.places) == stated.value


def _fmt(value: Decimal) -> str:
    return format(value.normalize(), "f")


def check_claim(claim: Claim, table: Table) -> Judgement:
    """Judge ``claim`` against ``table``: true, contradicted, or invalid (unknown/missing)."""
    values: dict[str, Decimal] = {}
    for name in offers_of(claim):
        record = table.get(name)
        if record is None:
            known = ", ".join(r.id for r in table.records)
            return Judgement(verdict="invalid", inputs_say=f"no offer {name!r} (offers: {known})")
        if record.value is None:
            return Judgement(verdict="invalid", inputs_say=f"{name} has no price")
        values[name] = record.value
    with localcontext() as context:  # exact for any size of price: no silent rounding
        context.prec = 60 + max((abs(v.adjusted()) for v in values.values()), default=0)
        ok, says = _judge(claim, table, values)
    return Judgement(verdict="true" if ok else "contradicted", inputs_say=says)


def _judge(claim: Claim, table: Table, values: dict[str, Decimal]) -> tuple[bool, str]:
    if isinstance(claim, Price):
        actual = values[claim.offer] * PERIOD_FACTOR[claim.period]
        return matches(actual, claim.amount), f"{claim.offer} is {_fmt(actual)} a {claim.period}"
    if isinstance(claim, Cheapest | MostExpensive):
        ranking = table.ranking()
        pick = min if isinstance(claim, Cheapest) else max
        best = pick(r.value or Decimal(0) for r in ranking)
        holders = [r.id for r in ranking if r.value == best]
        word = "cheapest" if isinstance(claim, Cheapest) else "most expensive"
        return values[claim.offer] == best, f"the {word}: {', '.join(holders)} at {_fmt(best)}"
    if isinstance(claim, Rank):
        ranking = table.ranking()
        order = [r.id for r in ranking]
        return (
            claim.position <= len(order) and order[claim.position - 1] == claim.offer,
            f"ascending: {_listing(ranking)}",
        )
    if isinstance(claim, Order):
        prices = [values[name] for name in claim.offers]
        in_order = all(a <= b for a, b in itertools.pairwise(prices))
        return in_order, f"ascending: {_listing(table.ranking())}"
    if isinstance(claim, Tie):
        prices = [values[name] for name in claim.offers]
        said = ", ".join(f"{n} {_fmt(values[n])}" for n in claim.offers)
        return len(set(prices)) == 1, said
    if isinstance(claim, Count):
        return claim.value == len(table.records), f"{len(table.records)} offers"
    return _difference(claim, values)


def _listing(ranking: list[Record]) -> str:
    """The ranking as the inputs say it (only a rank or an order needs it)."""
    return ", ".join(f"{r.id} {_fmt(r.value or Decimal(0))}" for r in ranking)


def _difference(claim: Difference, values: dict[str, Decimal]) -> tuple[bool, str]:
    mine, theirs = values[claim.offer], values[claim.than]
    gap = theirs - mine if claim.direction == "cheaper" else mine - theirs
    said = f"{claim.offer} is {_fmt(mine)}, {claim.than} is {_fmt(theirs)} a month"
    if gap <= 0:
        word = "cheaper" if claim.direction == "cheaper" else "more expensive"
        return False, f"{said}: {claim.offer} is not {word}"
    if claim.unit == "percent":
        if theirs == 0:
            return False, f"{said}: no percentage of 0"
        actual = gap / theirs * 100
        return matches(actual, claim.amount), f"{said}: {_fmt(round_to(actual, 2))}%"
    actual = gap * PERIOD_FACTOR[claim.period]
    return matches(actual, claim.amount), f"{said}: {_fmt(actual)} a {claim.period}"
