"""Totals over a term in which a price changes once: an introductory price, a rise.

``Over the first 12 months mobi-sim costs £120.00`` when its £8.00 lasts six months and
£12.00 follows; ``goes up £3.00 to £31.00, making £708.00`` over 24 months. Such a total
is ``p x m + q x (T - m)``: the record's price ``p`` and another amount ``q`` the text
has stated about that record so far, over a term ``T`` it allows (or one, two or three
years), split at some whole month ``m``. The audit accepts an amount no plain figure
explains when it is such a total, in a text that speaks of a price change at all;
anything else it still blocks.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal

from .compiled import compiled

_CHANGES = compiled(
    r"(?i)\b(?:intro(?:ductory)?|promo(?:tional)?|rises?|rising|goes\s+up|go\s+up|"
    r"increases?|increasing|jumps?|reverts?|from\s+month|year\s+one|(?:second|2nd)\s+year|"
    r"first\s+(?:\d{1,2}|two|three|four|five|six|nine)\s+months|price\s+(?:changes?|rises?)|"
    r"at\s+that\s+pace)\b"
)
YEARS = (12, 24, 36)
"""Terms a total over a change may cover unstated: a first, second or third year."""
KEPT = 40
"""How many of the text's latest stated amounts a total may draw on."""


def changes(text: str) -> bool:
    """The text speaks of a price that changes over time (an intro price, a rise)."""
    return _CHANGES.search(text) is not None


def scheduled(
    spans: Iterable[tuple[Decimal, Decimal]],
    price: Decimal,
    stated: Sequence[Decimal],
    terms: Iterable[int],
) -> bool:
    """One of ``spans`` holds ``price x m + q x (T - m)`` for ``q`` in ``stated``, ``T`` in
    ``terms`` (or one, two or three years) and ``0 < m < T``."""
    windows = list(spans)
    for term in {*terms, *YEARS}:
        base = price * term
        for q in stated:
            step = q - price
            if not step:
                continue
            for low, high in windows:
                first, last = sorted(((low - base) / step, (high - base) / step))
                months = max(int(first.to_integral_value(rounding="ROUND_CEILING")), 1)
                if months <= last and months < term:
                    return True
    return False


class Stated:
    """The amounts a text has stated so far about each record, that are none of the
    records' prices and no total (at most three times the dearest price): the prices a
    record may change to. A sentence's (or clause's) amounts go to the records it names,
    else to those the last one naming any named (``its $1 first month``)."""

    def __init__(self, prices: Sequence[Decimal]) -> None:
        self.prices = frozenset(prices)
        self.ceiling = max(prices, default=Decimal(0)) * 3
        self.by_id: dict[str, list[Decimal]] = {}
        self.last: frozenset[str] = frozenset()  # the records last named

    def add(self, ids: Iterable[str], amounts: Iterable[Decimal]) -> None:
        named = frozenset(ids)
        if named:
            self.last = named
        new = [a for a in amounts if a not in self.prices and 0 <= a <= self.ceiling]
        for record in named or self.last:
            self.by_id[record] = [*self.by_id.get(record, ()), *new][-KEPT:]

    def total(
        self, spans: Iterable[tuple[Decimal, Decimal]], ids: Iterable[str],
        prices: dict[str, Decimal], terms: Iterable[int],
    ) -> bool:  # fmt: skip
        """One of ``spans`` is a total over a change of one of the records ``ids`` (none:
        those last named)."""
        windows, periods = list(spans), tuple(terms)
        return any(
            scheduled(windows, prices[record], self.by_id.get(record, ()), periods)
            for record in frozenset(ids) or self.last
            if record in prices
        )
