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
from .cjk import CjkForms
from .judge import Statement, Test
from .tokens import ORDINALS

_BETWEEN = {",", "then", "and", "finally", "lastly", "at", "(", ")", "a", "per", "/", "month",
            "mo", "monthly", "€", "$", "£", "eur", "usd", "chf", "gbp", "-", "with", "closely",
            "next"}  # fmt: skip
_PRICE_BITS = {"at", "(", ")", "a", "per", "/", "month", "mo", "monthly", "€", "$", "£", "eur",
               "usd", "chf", "gbp"}  # fmt: skip
_WINDOW = 10
_TIED = frozenset({"tied", "tie", "both", "equal", "joint", "jointly"})


class SequenceForms(CjkForms):
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
        if found is None or self._opens_on_a_subset():
            return  # "Among the general tools, A is the cheapest, followed by B": of those
        if any(self.low(k) in _TIED for k in range(found[0], at)):
            return  # "A and B (tied), then C, D": a tie at the top, not one leader
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

    def _headed_order(self) -> None:
        """``Ranking (cheapest first): B, C, A``, ``The order from cheapest is B, C, A``,
        ``Order by price: B, C, A``: a sentence opening with words about an order by price,
        then ``:`` or ``is``, then a list of records. A stated direction is judged exactly
        (``most expensive first``, ``highest to lowest``: descending); none is judged both
        ways (contradicted only when neither holds, never checked)."""
        colon = next((k for k in range(min(len(self.units), 10))
                      if self.low(k) in (":", "is", "are")), None)  # fmt: skip
        if colon is None or any(self.kind(k) != "w" for k in range(colon)):
            return
        header = {self.low(k) for k in range(colon)}
        if not header & _ORDER_WORDS or header & _NOT_PRICE:
            return
        if header & _ORDER_WORDS == {"first"} and not any(
            self.low(k) == "first" and (self.low(k - 1) in _EITHER_FIRST or self.low(k - 1) in
                                        ("expensive", "costly", "pricey"))
            for k in range(colon)
        ):  # fmt: skip
            return  # "First, the monthly prices: ...": a first point, not an order
        offers: list[str] = []
        used = {i for k in range(colon + 1) for i in self.units[k].idx}
        j = colon + 1
        while j < len(self.units):
            unit = self.units[j]
            if unit.kind == "off":
                offers.append(unit.offer or "")
                used.update(unit.idx)
            elif unit.low in (",", "then", "and", "<", "-", ">", "finally", "(", ")", "at"):
                used.update(unit.idx)
            elif unit.kind != "num":
                break
            j += 1
        if len(offers) < 2 or len(set(offers)) != len(offers) or self.low(j) not in _END:
            return
        ends = [
            self.low(k)
            for k in range(colon)
            if self.low(k) in _EITHER_FIRST
            or (self.low(k) == "most" and self.low(k + 1) in ("expensive", "costly", "pricey"))
            or (self.low(k) == "most" and (self.low(k + 1), self.low(k + 2)) == ("to", "least"))
        ]
        kinds = [e in _CHEAP_FIRST for e in ends]
        if (len(kinds) > 1 and kinds[0] == kinds[1]) or "last" in header:
            return  # "from cheapest to cheapest", "cheapest last": not read
        stated = bool(ends)
        dear = stated and ends[0] not in _CHEAP_FIRST  # the end named first leads the list
        test = _sequence(offers, dear) if stated else _either(offers)
        word = "from the most expensive" if dear else "from the cheapest"
        self.statements.append(
            Statement(
                f"{', '.join(offers)} in order {word if stated else 'of price'}",
                test,
                used,
                all(self.units[k].exact for k in range(j) if self.kind(k) == "off"),
                stated and not self.modal,
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
                    if self.low(k - 1) == "to" or self.low(found[1]) == "to":
                        return None  # "from lowest to highest, that's A, B, then C": a header
                    if any(
                        self.low(b) in ORDINALS or self.low(b) == "next" for b in (k - 1, k - 2)
                    ):
                        return None  # "the third cheapest is A, followed by C": ranks 3, 4;
                        # "the next-lowest is C, then D": after a record named before
                    kind = found[0]
            if leader is not None and kind is not None:
                return leader, kind
        return None


def _prices(table: Table, offers: list[str]) -> list[Decimal] | None:
    """The prices of ``offers`` in that order; None when one has none."""
    values: list[Decimal] = []
    for offer in offers:
        record = table.get(offer)
        if record is None or record.value is None:
            return None
        values.append(record.value)
    return values


def _leading(offers: list[str], dear: bool) -> Test:
    """``offers`` are the first ranks, in order (cheapest first, or dearest first)."""

    def test(table: Table) -> bool | None:
        values = _prices(table, offers)
        if values is None:
            return None
        ranked = sorted((r.value for r in table.priced() if r.value is not None), reverse=dear)
        return values == ranked[: len(values)]

    return test


_ORDER_WORDS = {"ranking", "ranked", "order", "ordered", "sorted", "ascending", "descending",
                "first", "ranks", "classement", "clasificación", "classifica", "classificação",
                "rangliste", "reihenfolge", "volgorde", "rangschikking", "ordem", "orden",
                "ordre"}  # fmt: skip
_NOT_PRICE = {"speed", "quality", "support", "data", "score", "rating", "size", "bandwidth"}
_DEAR_FIRST = {"descending", "dearest", "priciest", "highest"}
_CHEAP_FIRST = {"cheapest", "lowest", "ascending", "least"}
_END = {"", ".", ";", "!"}


def _sequence(offers: list[str], dear: bool) -> Test:
    """The records, in this order, rank by price from the cheapest (the dearest); each
    later one costs at least as much (as little) as the one before."""

    def test(table: Table) -> bool | None:
        values = _prices(table, offers)
        return None if values is None else values == sorted(values, reverse=dear)

    return test


def _either(offers: list[str]) -> Test:
    up, down = _sequence(offers, False), _sequence(offers, True)

    def test(table: Table) -> bool | None:
        first, second = up(table), down(table)
        if first is None or second is None:
            return None
        return None if first or second else False

    return test


# Unions the readers test words against, made once at import (the word sets never change).
_EITHER_FIRST = frozenset(_DEAR_FIRST | _CHEAP_FIRST)
