"""A ranking that continues from a superlative: ``A is the cheapest, followed by C (50),
then D and B`` (or ``A is the cheapest, then C``) says A, C, D and B are the four
cheapest, in that order (ties in either order); ``B is the most expensive, followed by
D`` says D is the second most expensive.

The names after ``followed by`` are read with what may sit between them (``,``, ``then``,
``and``, ``at 50``, ``(50)``, a period); anything else ends the list. The prices said on
the way are judged by the price forms; this form accounts for the order only.
"""

from __future__ import annotations

from decimal import Decimal

from .check import Table
from .judge import Statement, Test
from .lists import ListForms

_BETWEEN = {",", "then", "and", "finally", "lastly", "at", "(", ")", "a", "per", "/", "month",
            "mo", "monthly", "€", "$", "£", "eur", "usd", "chf", "gbp", "-", "with", "closely",
            "next"}  # fmt: skip
_PRICE_BITS = {"at", "(", ")", "a", "per", "/", "month", "mo", "monthly", "€", "$", "£", "eur",
               "usd", "chf", "gbp"}  # fmt: skip
_WINDOW = 10


class SequenceForms(ListForms):
    """``X is the cheapest, followed by Y, then Z``: the ranking from X on."""

    def _followed(self, at: int) -> None:
        """``at`` is the unit ``followed`` (``followed by``), or ``then`` after a comma."""
        if at in self.covered:
            return  # the second "then" of "A is the cheapest, then C, then D"
        j = at + 1
        if self.low(at) == "then":
            if self.low(at - 1) != ",":
                return
            j = at
        else:
            if self.low(j) == "closely":
                j += 1
            if self.low(j) != "by":
                return
        found = self._leader(at)
        if found is None:
            return
        leader, kind = found
        offers = [self.units[leader].offer or ""]
        used = set(self.units[at].idx) | set(self.units[j].idx)
        j += 1
        while j < len(self.units):
            unit = self.units[j]
            if unit.kind == "off":
                offers.append(unit.offer or "")
                used.update(unit.idx)
            elif unit.kind == "num" or unit.low in _PRICE_BITS:
                pass  # "C at 50", "C (50)": judged by the price forms, not accounted here
            elif unit.low in _BETWEEN:
                used.update(unit.idx)
            else:
                break
            j += 1
        if len(offers) < 2 or len(set(offers)) != len(offers):
            return
        exact = all(self.units[k].exact for k in range(leader, j) if self.units[k].kind == "off")
        self.covered.update(k for k in range(at, j) if self.kind(k) != "off")  # not a subject
        word = "cheapest" if kind == "cheap" else "most expensive"
        self.statements.append(
            Statement(
                f"{', '.join(offers)} are the {len(offers)} {word}, in that order",
                _leading(offers, kind == "dear"),
                used,
                exact,
                not self.modal,
            )
        )

    def _leader(self, at: int) -> tuple[int, str] | None:
        """The record a superlative names just before ``followed``: its unit and kind."""
        kind: str | None = None
        leader: int | None = None
        for k in range(at - 1, max(-1, at - _WINDOW), -1):
            if self.kind(k) == "off" and leader is None:
                leader = k
            elif kind is None and self.kind(k) == "w":
                found = self._superlative(k)
                if found is not None:
                    kind = found[0]
            if leader is not None and kind is not None:
                return leader, kind
        return None


def _leading(offers: list[str], dear: bool) -> Test:
    """``offers`` are the first ranks, in order (cheapest first, or dearest first)."""

    def test(table: Table) -> bool | None:
        values: list[Decimal] = []
        for offer in offers:
            record = table.get(offer)
            if record is None or record.value is None:
                return None
            values.append(record.value)
        ranked = sorted((r.value for r in table.priced() if r.value is not None), reverse=dear)
        return values == ranked[: len(values)]

    return test
