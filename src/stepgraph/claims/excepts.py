"""Records left out of what a sentence says: ``every plan except A``, ``all but A``,
``apart from A``, ``other than A`` (A is no subject), and the bound such a sentence puts on
the rest (``Every offer except A and B is under 550``: every other record is under it, and
A and B are not)."""

from __future__ import annotations

from decimal import Decimal

from .check import Table
from .compare import BetweenForms
from .judge import Test, _any_of


class ExceptForms(BetweenForms):
    """Names left out, and the bound on the rest."""

    def _excluded(self, at: int) -> bool:
        """The record at ``at`` is left out (``every plan except A``, ``all but A``, ``apart
        from A``, ``other than A``), unless a clause about it follows (``except A, which
        is 20 more than B``)."""
        before = self.low(at - 1)
        out = (
            before in _EXCEPT
            or (before, self.low(at - 2)) in _EXCEPT_PAIRS
            or (before == "for" and self.low(at - 2) in ("except", "excepting"))
            or (before in ("apart", "aside") and self.toks[self.units[at].idx[0]].low == "from")
            or (
                before == "but"
                and any(self.low(k) in _EVERY for k in range(max(0, at - 4), at - 1))
            )  # "all plans but A", not "A is cheap, but B is dearer"
        )
        if not out:
            return False
        after = self._subjects(at)[1]
        k = after + (self.low(after) == ",")
        return self.low(k) not in ("which", "who", "whose", "that")

    def _except_bound(self, at: int) -> None:
        """``Every offer except A and B is under 550``: every record not named is beyond the
        bound and each named one is not."""
        if self.negated_anywhere or self.modal:
            return
        start = next((k for k in range(max(0, at - 4), at) if self.low(k) in _EVERY), None)
        if start is None:
            return
        left, j, _ = self._subjects(at)
        while self.low(j) in _LINKS:
            j += 1
        word = self.low(j)
        if self.low(j + 1) == "than" and word in _THAN_BOUNDS:
            word, j = _THAN_BOUNDS[word], j + 1
        bound = _BOUNDS.get(word)
        unit = self.units[j + 1] if self.kind(j + 1) == "num" else None
        tok = unit.tok if unit is not None else None
        if bound is None or unit is None or tok is None or tok.pct or not self.money(unit):
            return
        names = frozenset(u.offer or "" for u in left)
        tests = [
            _rest_beyond(names, amount.value, Decimal(12 if period == "year" else 1), bound)
            for amount, period in self.amount_readings(tok)
        ]
        says = f"every offer but {' and '.join(sorted(names))} is {bound} {tok.text}"
        self.add(says, _any_of(tests), start, j + 2,
                 exact=all(u.exact for u in left) and len(tests) == 1)  # fmt: skip


def _rest_beyond(left: frozenset[str], stated: Decimal, factor: Decimal, bound: str) -> Test:
    """Every record not in ``left`` is under (over) ``stated``; each in ``left`` is not."""

    def test(table: Table) -> bool | None:
        for record in table.records:
            if record.value is None:
                return None
            value = record.value * factor
            beyond = value < stated if bound == "under" else value > stated
            if beyond == (record.id in left):
                return False
        return True

    return test


_EXCEPT = frozenset({"except", "excepting", "excluding", "besides", "barring", "sauf",
                     "außer", "ausser", "excepto", "salvo", "tranne", "eccetto", "behalve",
                     "exceto", "utom", "undtagen", "unntatt", "oprócz", "kromě"})  # fmt: skip
_EXCEPT_PAIRS = frozenset({("than", "other"), ("de", "excepción"), ("von", "abgesehen")})
_EVERY = frozenset({"all", "every", "each", "any", "none", "everything", "everyone"})
_LINKS = frozenset({"is", "are", "costs", "cost", "comes", "come", "sits", "sit", "priced",
                    "in", "at", "all", "each", "still"})  # fmt: skip
_THAN_BOUNDS = {"less": "under", "cheaper": "under", "lower": "under", "more": "over",
                "dearer": "over", "higher": "over", "pricier": "over"}  # fmt: skip
_BOUNDS = {"under": "under", "below": "under", "over": "over", "above": "over"}
