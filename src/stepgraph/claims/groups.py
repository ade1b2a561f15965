"""A record against all the others: ``A is cheaper than all the others``, ``A undercuts
every other offer``, ``B is more expensive than the rest`` (strictly: a tie is false), and
``C is one of the two cheapest`` (its price is at most the second lowest).

A negation anywhere in the sentence leaves these unread.
"""

from __future__ import annotations

from decimal import Decimal

from . import lexicon as lx
from .check import Table
from .judge import Test, _any_of, no_further
from .sequence import SequenceForms
from .tokens import Tok
from .units import Unit

_CHEAP = {"cheaper", "lower", "lower-priced", "undercuts", "undercut", "beats", "beat"}
_DEAR = {"pricier", "dearer", "costlier", "higher", "higher-priced"}
_VERBS = {"undercuts", "undercut", "beats", "beat"}
_QUANT = {"all", "the", "every", "each", "any", "of", "either"}
_REST = {"other", "others", "rest", "remaining"}
_SUBJECT_GAP = {"is", "'s", "costs", "clearly", "still", "comes", "remains", "sits", "priced",
                "in", "price", "on", "monthly", "per", "month", "a", "at"}  # fmt: skip


class GroupForms(SequenceForms):
    """Forms comparing one record with every other record."""

    def _relative_forms(self, at: int) -> None:
        """The forms read relative to another: a ranking continued, the rest, a top group,
        a share of another's price."""
        low = self.low(at)
        if low == "followed" or (low == "then" and self.low(at - 1) == ","):
            self._followed(at)  # "A is the cheapest, followed by C, then D"
        elif low in ("than", "undercuts", "undercut", "beats", "beat"):
            self._against_rest(at)  # "A is cheaper than all the others"
        else:
            if low == "one":
                self._one_of(at)  # "C is one of the two cheapest"
            self._ratio_of(at)  # "Y costs double X's price", "X costs a third of Y's"

    def _against_rest(self, at: int) -> None:
        """``at``: ``than`` (after a comparative) or ``undercuts``/``beats``."""
        if self.modal:
            return
        low = self.low(at)
        if low in _VERBS:
            kind, head = "cheap", at
        else:
            found = self._comparative_before(at)
            if found is None:
                return
            kind, head = found
        neg = self.low(head - 1) in lx.NEGATIONS  # "X is not more expensive than any other"
        if self.negated_anywhere and not (neg and low not in _VERBS):
            return
        end = self._rest(at + 1)
        subject = self._subject_before(head - neg)
        if end is None or subject is None:
            return
        offer = self.units[subject].offer or ""
        word = "cheaper" if kind == "cheap" else "more expensive"
        if neg:  # "not cheaper than all the others" may mean either: left to the reviewer
            if any(self.low(k) in ("any", "either") for k in range(at + 1, end)):
                self.add(f"{offer} is not {word} than any other offer", no_further(offer, kind),
                         subject, end, exact=self.units[subject].exact)  # fmt: skip
            return
        self.add(f"{offer} is {word} than every other offer", strictly(offer, kind),
                 subject, end, exact=self.units[subject].exact)  # fmt: skip
        if self.low(end) == "at" and self.kind(end + 1) == "num":
            tok = self.units[end + 1].tok  # "A undercuts the others at 45 a month"
            if tok is not None and self.money(self.units[end + 1]):
                self._price(self.units[subject], tok, subject, end + 2)

    def _one_of(self, at: int) -> None:
        """``C is one of the two cheapest``: ``at`` is ``one``."""
        if self.negated_anywhere or self.modal:
            return
        if (self.low(at + 1), self.low(at + 2)) != ("of", "the") or self.kind(at + 3) != "num":
            return
        tok = self.units[at + 3].tok
        sup = self._superlative(at + 4)
        subject = self._subject_before(at)
        if tok is None or sup is None or subject is None or len(tok.values) != 1:
            return
        count = tok.values[0]
        if count != int(count) or count < 1:
            return
        kind, end = sup
        offer = self.units[subject].offer or ""
        word = "cheapest" if kind == "cheap" else "most expensive"
        self.add(f"{offer} is one of the {tok.text} {word}", _among(offer, int(count), kind),
                 subject, end, exact=self.units[subject].exact)  # fmt: skip
        self.statements[-1].group = True

    def _top_set(self, at: int) -> None:
        """``The two cheapest are A and C``, ``A and C are the two most expensive``: exactly
        the records named are the N lowest (highest) priced; a tie at the edge may go
        either way. ``at`` is the count."""
        tok = self.units[at].tok
        sup = self._superlative(at + 1)
        if self.negated_anywhere or self.modal or tok is None or sup is None:
            return
        if tok.money or tok.pct or len(tok.values) != 1 or tok.values[0] != int(tok.values[0]):
            return
        count = int(tok.values[0])
        if not 2 <= count < len(self.table.records):
            return
        kind, j = sup
        while self.low(j) in lx.OFFER_NOUNS or self.low(j) == "ones":
            j += 1
        start = at - (self.low(at - 1) == "the")
        if self._top_bound(start, j, count, kind, tok.text):
            return  # "The three cheapest are all under $80 a month"
        if self.low(j) in ("are", "were", ":", "=") and self.kind(j + 1) == "off":
            names, end = self._priced_names(j + 1)
            first = start
        else:
            first, names = self._names_before(start)
            end = j
        if len(names) != count:
            return
        offers = frozenset(u.offer or "" for u in names)
        word = "cheapest" if kind == "cheap" else "most expensive"
        self.add(f"{' and '.join(sorted(offers))} are the {tok.text} {word}",
                 _top_exactly(offers, count, kind), first, end,
                 exact=all(u.exact for u in names))  # fmt: skip
        self.statements[-1].group = True

    def _top_bound(self, start: int, j: int, count: int, kind: str, said: str) -> bool:
        """``The three cheapest are all under 80``, ``the two dearest both cost over 50``:
        each of the N lowest (highest) priced records is beyond the bound (from ``j``)."""
        k = j
        while self.low(k) in ("are", "all", "both", "each", "cost", "costs", "come", "in"):
            k += 1
        bound = {"under": "under", "below": "under", "over": "over", "above": "over"}.get(
            self.low(k)
        )
        unit = self.units[k + 1] if self.kind(k + 1) == "num" else None
        tok = unit.tok if unit is not None else None
        if k == j or bound is None or unit is None or tok is None or not self.money(unit):
            return False
        tests = [
            _top_beyond(count, kind, amount.value * (12 if period == "year" else 1), bound)
            for amount, period in self.amount_readings(tok)
        ]
        word = "cheapest" if kind == "cheap" else "most expensive"
        self.add(f"the {said} {word} are all {bound} {tok.text}", _any_of(tests), start,
                 k + 2, exact=len(tests) == 1)  # fmt: skip
        self.statements[-1].group = True
        return True

    def _priced_names(self, j: int) -> tuple[list[Unit], int]:
        """``A, B and C``, ``A at 50.00 and B at 40.00``, ``A (50) and B (40)``: the names
        from ``j``, each price read as that record's; returns them and the unit after."""
        names: list[Unit] = []
        while self.kind(j) == "off":
            names.append(self.units[j])
            price = j + 1 + (self.low(j + 1) in ("at", "(", "-"))
            if (self.low(j + 1), self.low(j + 2)) == ("'", "s"):
                price = j + 3  # "BSNL's ₹229 plan": the record's plan at its price
            if price > j + 1 and self.money(self.units[price]):
                tok = self.units[price].tok
                if tok is not None:
                    self._price(self.units[j], tok, j, price + 1)
                j = price + 1 + (self.low(price + 1) == ")")
                j += self.low(j) in lx.OFFER_NOUNS
            else:
                j += 1
            k = j + (self.low(j) == ",")
            if self.low(k) in ("and", "&", ",") and self.kind(k + 1) == "off":
                j = k + 1
            elif self.low(j) == "," and self.kind(j + 1) == "off":
                j += 1
            else:
                break
        return names, j

    def _names_before(self, start: int) -> tuple[int, list[Unit]]:
        """``A, B and C are the ...``: the names right before ``are`` at ``start - 1``."""
        k = start - 1
        if self.low(k) not in ("are", "were"):
            return start, []
        k -= 1
        found: list[int] = []
        while self.kind(k) == "off":
            found.append(k)
            k -= 1
            if self.low(k) in (",", "and", "&"):
                k -= 1 + (self.low(k) == "and" and self.low(k - 1) == ",")
            else:
                break
        first = found[-1] if found else start
        return first, [self.units[i] for i in reversed(found)]

    def _tie_count(self, at: int) -> None:
        """``Two of the four offers tie at 30``, ``three offers share the lowest price``:
        exactly that many records have that price (or the lowest)."""
        tok = self.units[at].tok
        if tok is None or tok.pct or tok.money or len(tok.values) != 1 or self.negated_anywhere:
            return
        if self.low(at - 1) in ("the", "all") and self.low(at - 2) == "of":
            return  # the "four" of "two of the four offers tie": the count of all
        j = at + 1
        if self.low(j) == "of" and self.low(j + 1) in ("the", "all") and self.kind(j + 2) == "num":
            j += 3
        while self.low(j) in lx.OFFER_NOUNS:
            j += 1
        if self.low(j) in ("are", "were") and self.low(j + 1) == "tied":
            j += 2
        elif self.low(j) in ("tie", "share") or (self.low(j) == "have" and self.low(j + 1) in
                                                 ("the", "an")):  # fmt: skip
            j += 1
        else:
            return
        while self.low(j) in ("at", "for", "on", "the", "an", "identical", "same", "a", "price"):
            j += 1
        count = int(tok.values[0])
        if count != tok.values[0] or count < 2:
            return
        if self.low(j) in ("lowest", "cheapest", "bottom"):  # not "the top spot": either end
            self.add(f"exactly {tok.text} offers share the lowest price", _shared(count, None),
                     at, j + 1, exact=True)  # fmt: skip
            self.statements[-1].group = True
        elif self.kind(j) == "num" and self.money(self.units[j]):
            price = self.units[j].tok
            assert price is not None
            self.add(f"exactly {tok.text} offers cost {price.text}", _shared(count, price.values),
                     at, j + 1, exact=True)  # fmt: skip
            self.statements[-1].group = True

    def _number_forms(self, at: int) -> None:
        """Forms starting at a number that is no amount: a count of tied records, a share."""
        self._tie_count(at)  # "two of the four offers tie at 30"
        self._top_set(at)  # "The two cheapest are A and C", "A and C are the two dearest"
        if self.low(at + 1) in ("thirds", "quarters"):
            self._ratio_of(at)  # "X costs two thirds of Z's price"
        elif self.low(at + 1) in ("times", "x") and self.low(at - 1) in ("than", "over", "under"):
            self._ratio_of(at)  # "X costs more than three times as much as Z"

    def _ratio_of(self, at: int) -> None:
        """``Y costs double X's price``, ``X costs three quarters of Z's price``, ``X is a
        third of Y's price``: one price as a share of another."""
        found = self._share(at)
        if found is None or self.negated_anywhere:
            return
        (num, den), j = found
        written = " ".join(_text(self.units[k].tok, self.low(k)) for k in range(at, j))
        bound, back = _SHARE_BOUNDS.get(
            (self.low(at - 2), self.low(at - 1)), _SHARE_BOUNDS.get(("", self.low(at - 1)), ("", 0))
        )  # "less than half the price of", "over twice"
        hedge = not bound and (
            self.low(at - 1) in lx.HEDGES or self.low(at - 1) in ("nearly", "almost")
        )
        head = at + back if bound else at - hedge
        if self.low(j) == "of":
            j += 1
        elif (self.low(j), self.low(j + 2)) == ("as", "as") and self.low(j + 1) in _AS_MUCH:
            j += 3  # "half as much as", "twice as expensive as"
        while self.low(j) in ("the", "price", "cost", "of", "monthly", "what"):
            j += 1
        if self.kind(j) != "off" or self.low(head - 1) not in (
            "costs",
            "cost",
            "is",
            "at",
            "costing",
        ):
            return
        subject = self._subject_before(head)
        if subject is None:
            return
        other = j
        j += 1
        while self.low(j) in ("'s", "'", "s", "price", "cost", "monthly", "fee", "rate"):
            j += 1
        if self.low(other - 1) == "what" and self.low(j) in ("costs", "charges", "does"):
            j += 1  # "two thirds of what Grand costs (each month)"
            j = self._periods(j, None)[0]
        x, y = self.units[subject].offer or "", self.units[other].offer or ""
        said = f"{bound} {written}" if bound else written
        self.add(f"{x} costs {said} ({num}/{den}) of {y}'s price",
                 _share_test(x, y, num, den, hedge=hedge, bound=bound),
                 subject, j, exact=self.units[subject].exact and self.units[other].exact,
                 certain=not hedge)  # fmt: skip

    def _share(self, at: int) -> tuple[tuple[int, int], int] | None:
        """The share written at ``at`` (as numerator and denominator) and the unit after."""
        low, nxt = self.low(at), self.low(at + 1)
        if low in ("double", "twice"):
            return (2, 1), at + 1
        if low == "half":
            return (1, 2), at + 1
        if low in ("a", "one") and nxt in ("third", "quarter", "fifth"):
            return (1, {"third": 3, "quarter": 4, "fifth": 5}[nxt]), at + 2
        tok = self.units[at].tok if self.kind(at) == "num" else None
        if tok is not None and nxt in ("thirds", "quarters") and len(tok.values) == 1:
            return (int(tok.values[0]), 3 if nxt == "thirds" else 4), at + 2
        if (
            tok is not None
            and nxt in ("times", "x")
            and len(tok.values) == 1
            and tok.values[0] == int(tok.values[0])
            and not tok.money
        ):
            return (int(tok.values[0]), 1), at + 2  # "three times"
        return None

    def _comparative_before(self, at: int) -> tuple[str, int] | None:
        before, earlier = self.low(at - 1), self.low(at - 2)
        if before == "expensive" and earlier in ("less", "more"):
            return ("cheap" if earlier == "less" else "dear"), at - 2
        if before in _CHEAP_NOT_VERB:
            return "cheap", at - 1
        if before in _DEAR:
            return "dear", at - 1
        return None

    def _rest(self, j: int) -> int | None:
        """The end of "all the others", "every other offer", "the rest", or None."""
        start = j
        while self.low(j) in _QUANT:
            j += 1
        if self.low(j) not in _REST or (j == start and self.low(j) != "others"):
            return None
        j += 1
        count = self.units[j].tok if self.kind(j) == "num" else None
        if count is not None and not count.money:
            j += 1  # "either of the other two"
        while self.low(j) in lx.OFFER_NOUNS:
            j += 1
        return j

    def _subject_before(self, at: int) -> int | None:
        """The record a form is said of: named before ``at`` with only fillers between (and
        its own price: ``max, at 37.50, costs ...``); after ``costing``, the clause's first
        record (``A is the dearest, costing twice as much as C``)."""
        k = at - 1
        if self.low(at - 1) == "costing":
            first = None
            while k >= 0 and self.low(k) not in (";", ".", ":") and k >= at - 12:
                if self.kind(k) == "off" and self.low(k - 1) not in lx.OBJECT_CUES | {"than"}:
                    first = k
                k -= 1
            return first
        while k >= 0 and self.kind(k) != "off":
            if (
                self.kind(k) == "num"
                and self.low(k - 1) in ("at", "(")
                and self.money(self.units[k])
            ):
                k -= 1  # its own price between
            elif self._no_subject_gap(k, at):
                return None
            k -= 1
        if k < 0 or self.low(k - 1) in lx.OBJECT_CUES or self.low(k - 1) == "than":
            return None  # "A is cheaper than B, costs ...": B is no subject
        return k

    def _no_subject_gap(self, k: int, at: int) -> bool:
        """Unit ``k`` may not stand between a form and its subject: a clause end, a number
        or a word no filler (or more than ten units back)."""
        if self.low(k) in (";", ".", ":") or k < at - 10:
            return True
        return self.low(k) != "," and (self.kind(k) == "num" or self.low(k) not in _SUBJECT_GAP)


def _text(tok: Tok | None, low: str) -> str:
    return tok.text if tok is not None else low


def _values(table: Table) -> list[tuple[str, Decimal]]:
    return [(r.id, r.value) for r in table.priced() if r.value is not None]


def strictly(offer: str, kind: str) -> Test:
    """``offer`` is cheaper (dearer) than every other priced record."""

    def test(table: Table) -> bool | None:
        record = table.get(offer)
        if record is None or record.value is None:
            return None
        others = [v for i, v in _values(table) if i != offer]
        if kind == "cheap":
            return all(record.value < v for v in others)
        return all(record.value > v for v in others)

    return test


def _among(offer: str, count: int, kind: str) -> Test:
    """``offer``'s price is among the ``count`` lowest (highest), ties included."""

    def test(table: Table) -> bool | None:
        record = table.get(offer)
        if record is None or record.value is None:
            return None
        ranked = sorted((v for _, v in _values(table)), reverse=kind == "dear")
        if count > len(ranked):
            return None
        bound = ranked[count - 1]
        return record.value <= bound if kind == "cheap" else record.value >= bound

    return test


def _top_beyond(count: int, kind: str, stated: Decimal, bound: str) -> Test:
    """Each of the ``count`` lowest (highest) prices is under (over) ``stated``."""

    def test(table: Table) -> bool | None:
        ranked = sorted((v for _, v in _values(table)), reverse=kind == "dear")[:count]
        if len(ranked) < count:
            return None
        return all(v < stated if bound == "under" else v > stated for v in ranked)

    return test


def _top_exactly(offers: frozenset[str], count: int, kind: str) -> Test:
    """``offers`` are the ``count`` lowest (highest) priced: every record priced beyond the
    count-th price is one of them, and each of them is within it."""

    def test(table: Table) -> bool | None:
        values = _values(table)
        if len(values) != len(table.records) or count >= len(values):
            return None
        ranked = sorted((v for _, v in values), reverse=kind == "dear")
        edge = ranked[count - 1]
        for offer, value in values:
            inside = value < edge if kind == "cheap" else value > edge
            if (offer in offers) != inside and not (offer in offers and value == edge):
                return False
        tied = any(value == edge and offer not in offers for offer, value in values)
        return None if tied else True  # another record ties the edge: either may be meant

    return test


def _shared(count: int, amounts: tuple[Decimal, ...] | None) -> Test:
    """Exactly ``count`` priced records cost one of ``amounts`` (None: the lowest price)."""

    def test(table: Table) -> bool | None:
        values = [v for _, v in _values(table)]
        if not values:
            return None
        targets = amounts if amounts is not None else (min(values),)
        return any(sum(1 for v in values if v == t) == count for t in targets)

    return test


_AS_MUCH = {"much", "expensive", "costly", "high", "pricey"}
_SHARE_BOUNDS = {
    ("less", "than"): ("less than", -2),
    ("more", "than"): ("more than", -2),
    ("", "under"): ("less than", -1),
    ("", "below"): ("less than", -1),
    ("", "over"): ("more than", -1),
    ("", "above"): ("more than", -1),
}
"""The bounds a share may follow, and how many words back they start."""


def _share_test(x: str, y: str, num: int, den: int, *, hedge: bool, bound: str = "") -> Test:
    """``x``'s price is ``num``/``den`` of ``y``'s: exactly, within 15 % when hedged, or
    ``less than``/``more than`` it."""

    def test(table: Table) -> bool | None:
        a, b = table.get(x), table.get(y)
        if a is None or b is None or a.value is None or b.value is None:
            return None
        have, want = a.value * den, b.value * num
        if bound:
            return have < want if bound == "less than" else have > want
        if hedge:
            return False if abs(have - want) > abs(want) * Decimal("0.15") else None
        return have == want

    return test


# Unions the readers test words against, made once at import (the word sets never change).
_CHEAP_NOT_VERB = frozenset(_CHEAP - _VERBS)
