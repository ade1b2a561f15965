"""Comparisons: ``B is 30 cheaper than A``, ``A costs 33% more than B``, ``B undercuts C``,
``B saves 360 a year compared with A``, ``B is half the price of A``, ``... than 100``."""

from __future__ import annotations

from decimal import Decimal

from . import langs
from . import lexicon as lx
from .check import Table, matches
from .implicit import implicit_others
from .judge import Test, _all_of, _any_of, _gap_test, _strict, _value, _versus_number
from .kinds import Amount
from .others import more_savings, percent_tail
from .tokens import ORDINALS, Tok
from .units import MEASURES, Unit
from .words import WordForms


class CompareForms(WordForms):
    """The comparison forms, read from a subject's predicate."""

    def _comparative(
        self, subjects: list[Unit], start: int, at: int, hedge: str | None, neg: bool
    ) -> int | None:
        j = at
        amount: Tok | None = None
        share: Decimal | None = None
        if self._measured_before(at) or self._measured_before(at + 1):
            return None  # "100 GB more than B", "20 channels more": not the price
        times = self.kind(j) == "num" and self.low(j + 1) in ("times", "x")
        if self.kind(j) == "num" and not times:
            amount = self.units[j].tok
            j += 1
        elif (fraction := self._fraction(j)) is not None:
            share, j = fraction
        period = amount.period if amount is not None else None
        j, period = self._periods(j, period)
        ratio = share is not None and (times or self.low(at) in ("half", "twice", "double"))
        direction: str | None = "ratio"
        word, direct = "as", False
        if not ratio:
            word, direction, direct, j = self._cmp_word(j)
        if direction is None:
            return None
        if (word.startswith("sav") or word in langs.SAVE_WORDS) and amount is None:
            amount, period, hedge, j = self._saved_amount(j, period, hedge)  # "saves 30"
        j, period = self._periods(j, period)
        after = self._ratio_words(j) if ratio else self._than(j, direct=direct)
        implicit = (
            None
            if after is not None or ratio or direct
            else (implicit_others(self, subjects, start=start, at=at, j=j, amount=amount))
        )  # "Between A and C, C is cheaper by 4": to the record left implicit
        if after is None and implicit is None:
            return self._implicit_gap(
                subjects,
                start,
                j,
                word=word,
                direction=direction,
                amount=amount,
                period=period,
                hedge=hedge,
                neg=neg,
            )  # fmt: skip  "A ist 4,50 € teurer"
        targets, j = (implicit[0], j) if implicit is not None else self._targets(after or j)
        if not targets:
            return self._against_number(
                subjects, start, at, j, direction=direction, amount=amount, neg=neg
            )
        if amount is None and word in langs.SAVE_WORDS and self.kind(j) == "num":
            amount, j = self.units[j].tok, j + 1  # "C spart gegenüber B 6 €"
        margin = amount is None and self.low(j) == "by"  # "undercuts A by 30"
        bare = amount is None and not margin  # "Between A and C, the latter is cheaper."
        if amount is None:
            j, amount, hedge = self._margin(j, hedge)
        margin = margin and amount is not None
        j, period = self._periods(
            j, period if amount is None or amount.period is None else amount.period
        )
        if neg and (amount is not None or share is not None):
            return j  # "is not 30 cheaper than": not read
        pairs = [(s.offer or "", t) for s in subjects for t in targets]
        if any(x == y for x, y in pairs) or (
            implicit is not None
            and ((amount is None and not bare) or self.low(j) in _THAN_OR_COMPARED)
        ):  # "Skinny ... makes it a bit dearer than it looks": not two records;
            return None  # "A is dearer by 30 than B": not a margin to an implicit record
        tests = [
            self._pair_test(
                x, y, direction, amount, share, ratio=ratio, hedge=hedge, period=period, neg=neg
            )
            for x, y in pairs
        ]
        word = {"cheaper": "cheaper", "more_expensive": "more expensive"}.get(direction, "")
        by = f" by {amount.text}" if amount is not None else ""
        if ratio and share is not None:
            word, by = f"{share / 100:g} times the price of", ""
        elif word:
            word = f"{word} than"
        says = (" or " if implicit else "; ").join(
            f"{x} is {'not ' if neg else ''}{word} {y}{by}" for x, y in pairs
        )
        self.last_target = True
        self.target = self.units[j - 1] if self.kind(j - 1) == "off" else None
        self._add_comparison(
            says,
            tests=tests,
            subjects=subjects,
            start=start,
            j=j,
            implicit=implicit,
            certain=hedge is None and (share is None or ratio or share % 1 == 0),
        )
        j = percent_tail(self, pairs, j, direction=direction,
                         ok=not neg and amount is not None and not amount.pct)  # fmt: skip
        if margin and len(pairs) == 1 and not neg:
            return self._by_more(pairs[0][0], j, exact=subjects[0].exact, direction=direction,
                                 period=period, hedge=hedge)  # fmt: skip
        return more_savings(self, pairs, start, j, period=period, ok=not neg and not implicit)

    def _add_comparison(
        self,
        says: str,
        *,
        tests: list[Test],
        subjects: list[Unit],
        start: int,
        j: int,
        implicit: tuple[list[str], bool] | None,
        certain: bool,
    ) -> None:
        """Every pair must hold; a margin to an implicit record holds when one reading does
        (and is exact only when it has one reading)."""
        exact = all(s.exact for s in subjects) and (implicit is None or implicit[1])
        test = _all_of(tests) if implicit is None else _any_of(tests)
        self.add(says, test, start, j, exact=exact, certain=certain)
        if implicit is not None:
            self.statements[-1].used |= self.frame  # "Between A and C, ...": read with it
            for other in implicit[0]:
                self.implicit_to[other] = self.implicit_to.get(other, True) and exact

    def _margin(self, j: int, hedge: str | None) -> tuple[int, Tok | None, str | None]:
        """``by 30``, ``by roughly 25%``: the margin after the record compared with."""
        if self.low(j) not in ("by", "um", "de", "por"):
            return j, None, hedge
        if self.low(j + 1) in lx.HEDGES and self.kind(j + 2) == "num":
            return j + 3, self.units[j + 2].tok, self.low(j + 1)
        if self.kind(j + 1) == "num":
            return j + 2, self.units[j + 1].tok, hedge
        return j, None, hedge

    def _by_more(
        self,
        x: str,
        j: int,
        *,
        exact: bool,
        direction: str,
        period: str | None,
        hedge: str | None,
    ) -> int:
        """``P3 undercuts P1 by 8.70 a month and P2 by 11.30``: the same subject, the same
        way round, against each further record by its own amount (same period unless
        stated)."""
        while True:
            k = j + 2 if (self.low(j), self.low(j + 1)) == (",", "and") else j + 1
            if self.low(j) not in (",", "and") or self.kind(k) != "off":
                return j
            if self.low(k + 1) != "by" or self.kind(k + 2) != "num":
                return j
            tok = self.units[k + 2].tok
            if tok is None or tok.pct or not self.money(self.units[k + 2]):
                return j
            end, per = self._periods(k + 3, tok.period or period)
            y = self.units[k].offer or ""
            test = self._pair_test(x, y, direction, tok, None, ratio=False, hedge=hedge,
                                   period=per, neg=False)  # fmt: skip
            word = "cheaper" if direction == "cheaper" else "more expensive"
            self.targets.add(k)
            self.add(f"{x} is {word} than {y} by {tok.text}", test, k, end,
                     exact=exact and self.units[k].exact, certain=hedge is None)  # fmt: skip
            j = end

    def _measured_before(self, at: int) -> bool:
        """A number of something else (``100 GB``, ``20 channels``) comes just before."""
        back = at - 1 - (self.kind(at - 1) == "w" and self.kind(at - 2) == "num")
        tok = self.units[back].tok if self.kind(back) == "num" else None
        return tok is not None and not tok.money and tok.unit in _COUNTED

    def _ratio_words(self, j: int) -> int | None:
        """``the price of``, ``as much as``, ``as expensive as`` after half/twice."""
        if (self.low(j), self.low(j + 2)) in (("the", "of"), ("as", "as")) and self.low(j + 1) in (
            "price",
            "cost",
            "much",
            "expensive",
            "costly",
            "high",
        ):
            return j + 3
        return None

    def _than(self, j: int, *, direct: bool) -> int | None:
        """``than``/``compared with``/``que``/``als``...; a direct object needs none."""
        if direct:
            return j
        if self.low(j) in ("compared", "relative"):
            j += 1
        if (self.low(j), self.low(j + 1)) == ("do", "que"):
            return j + 2  # "mais cara do que B"
        if self.kind(j) == "num" and self.low(j - 1) == "de" and self.low(j - 2) in _MORE_OR_LESS:
            return j  # "plus de 100 €", "menos de 100 €": a bound
        versus = self._vs_end(j)
        if versus is not None:
            return versus  # "rispetto a B", "ten opzichte van B", "im Vergleich zu B"
        if self.low(j) not in lx.THAN_WORDS:
            return None
        return j + 1

    def _pair_test(
        self,
        x: str,
        y: str,
        direction: str,
        amount: Tok | None,
        share: Decimal | None,
        *,
        ratio: bool,
        hedge: str | None,
        period: str | None,
        neg: bool,
    ) -> Test:
        if ratio and share is not None:
            return self._ratio_test(x, y, share / 100, hedge)
        if share is not None or amount is not None:
            return self._difference_test(
                x, y, direction, amount=amount, share=share, hedge=hedge, period=period
            )
        return _strict(x, y, direction, neg)

    def _targets(self, j: int) -> tuple[list[str], int]:
        """``A``, ``both A (120) and C (110)``, ``A or C``: the records compared with."""
        targets: list[str] = []
        if self.low(j) in ("both", "either", "all"):
            j += 1
        ranked = self._rank_reference(j)  # "more than the cheapest offer", "the runner-up"
        if ranked is not None:
            return [ranked[0]], ranked[1]
        while self.kind(j) == "off":
            targets.append(self.units[j].offer or "")
            self.targets.add(j)
            target, j = j, j + 1
            while self.low(j) in ("'s", "'", "s"):
                j += 1
            if self.low(j) == "(" and self.kind(j + 1) == "num" and self.low(j + 2) == ")":
                tok = self.units[j + 1].tok  # "beats A (125)": A's price, read too
                gap = any(self.kind(k) == "num" and self.low(k - 1) != "("
                          for k in range(max(0, target - 6), target))  # fmt: skip
                if tok is not None and self.money(self.units[j + 1]) and not gap:
                    self._price(self.units[target], tok, target, j + 3)
                j += 3  # not "is 12.60 more than A (241.60)": the subject's price, maybe
            if (
                self.low(j) in ("and", "or", ",", "nor", "et", "y", "und")
                and self.kind(j + 1) == "off"
                and not self._own_clause(j + 1)
            ):  # not "than east, south 14.60": south's own gap follows
                j += 1
        return targets, j

    def _own_clause(self, k: int) -> bool:
        """The record at ``k`` opens its own clause (``..., L-100 is 25% more``, ``and East
        10% more``, ``Eta (18) 6 more``): a subject, not one more record compared with."""
        j = k + 1
        if self.low(j) == "(" and self.kind(j + 1) == "num" and self.low(j + 2) == ")":
            j += 3
        return (
            self.kind(j) == "num"
            or self.low(j) in lx.SUBJECT_VERBS
            or self.low(j) in _FOREIGN_VERBS  # "... que movil-a y movil-c es la más cara"
            or (self.low(j) == "by" and self.kind(j + 1) == "num")  # ", Lambda by 5.50"
        )

    def _rank_reference(self, j: int) -> tuple[str, int] | None:
        """``the cheapest (offer)``, ``the most expensive``, ``the runner-up``, ``the second
        cheapest``: the record at that place by price (one of them on a tie: same price)."""
        if self.low(j) not in _THE:
            return None
        k, place = j + 1, 1
        if (self.low(k), self.low(k + 1), self.low(k + 2)) == ("runner", "-", "up"):
            kind, end = "cheap", k + 3
            place = 2
        else:
            if self.low(k) in ORDINALS:
                place, k = ORDINALS[self.low(k)], k + 1
                if self.low(k) == "-":
                    k += 1
            sup = self._superlative(k)
            if sup is None:
                return None
            kind, end = sup
        ranked = [r for r in self.table.ranking() if r.value is not None]
        narrowed = _NARROWED
        if place > len(ranked) or self.kind(end) == "off" or self.low(end) in narrowed:
            return None
        record = ranked[place - 1] if kind == "cheap" else ranked[-place]
        return record.id, end

    def _saved_amount(
        self, j: int, period: str | None, hedge: str | None
    ) -> tuple[Tok | None, str | None, str | None, int]:
        """``saves 30``, ``a saving of 30``, ``saves roughly 300``: the amount saved, its
        period and hedge, and where reading goes on."""
        if self.low(j) == "of" and self.kind(j + 1) == "num":
            j += 1
        if self.low(j) in lx.HEDGES and self.kind(j + 1) == "num" and hedge is None:
            hedge, j = self.low(j), j + 1
        if self.kind(j) != "num":
            return None, period, hedge, j
        amount = self.units[j].tok
        return amount, (amount.period if amount is not None else None), hedge, j + 1

    def _against_number(
        self,
        subjects: list[Unit],
        start: int,
        at: int,
        j: int,
        *,
        direction: str,
        amount: Tok | None,
        neg: bool,
    ) -> int | None:
        if amount is not None or self.kind(j) != "num":
            return None
        unit = self.units[j]
        if not self.money(unit) or unit.tok is None:
            return None
        if self.low(j - 1) in ("with", "at"):
            return None  # "far more expensive with $260.00 each": their price, no bound
        if len(subjects) > 1 and self.low(j + 1) in ("together", "combined", "in", "between"):
            return None  # "A and C cost more than 100 together": not each one's price
        k = j + 1
        while self.low(k) in _PERIOD_NOT_DE_A:
            k += 1
        if self.low(k) in lx.AMOUNT_CMP or (self.low(k), self.low(k + 1)) in langs.MORE_AFTER:
            return None  # "less than 40 more than C", "moins de 40 € de plus que C": a gap's bound
        offers = [s.offer or "" for s in subjects]  # "neither A nor C costs more than 60": each
        tests = []
        for reading, period in self.amount_readings(unit.tok):
            factor = Decimal(12) if period == "year" else Decimal(1)
            tests.append(
                _all_of([_versus_number(o, factor, reading.value, direction, neg) for o in offers])
            )
        self.add(
            f"{' and '.join(offers)} {'not ' if neg else ''}{direction} than {unit.tok.text}",
            _any_of(tests),
            start,
            j + 1,
            exact=all(s.exact for s in subjects),
        )
        return j + 1


_RANGE_VERBS = {"sit", "sits", "lie", "lies", "fall", "falls", "land", "lands", "range", "ranges"}


_GAP_FILL = {"is", "of", "comes", "to", "amounts", "just", "only", "exactly", "a", "per",
             "monthly", "month", ":", "="}  # fmt: skip


class BetweenForms(CompareForms):
    """``Alpha and Delta both sit between 24 and 28 a month``: each subject's price lies
    in the stated range (both ends included). ``The difference to north is 4.51``: the
    other side is left implicit, so it is false only when no record is that far from
    north and north's price is not that amount either."""

    def _gap_to(self, at: int) -> None:
        first = at + 1 + (self.low(at + 1) == "from")  # "from A", or "from" read into A's unit
        from_first = self.low(at + 1) == "from" or (
            self.kind(first) == "off" and self.toks[self.units[first].idx[0]].low == "from"
        )
        if from_first and self.low(first + 1) == "to" and self.kind(first + 2) == "off":
            self._step_between(at, self.units[first], self.units[first + 2], first + 3)
            return
        if self.low(at + 1) not in ("to", "from", "with", "against", "versus", "vs"):
            return
        if self.kind(at + 2) != "off":
            return
        k = at + 3
        while self.low(k) in _GAP_FILL:
            k += 1
        unit = self.units[k] if k < len(self.units) else None
        if unit is None or not self.money(unit) or unit.tok is None:
            return
        readings = self.amount_readings(unit.tok)
        x = self.units[at + 2].offer or ""

        def test(table: Table) -> bool | None:
            for amount, period in readings:
                if _any_gap_or_price(table, x, amount, Decimal(12 if period == "year" else 1)):
                    return None
            return False

        self.add(f"no offer is {unit.tok.text} from {x} and {x} does not cost it", test, at, k + 1,
                 exact=False)  # fmt: skip

    def _step_between(self, at: int, first: Unit, second: Unit, k: int) -> None:
        """``The step from state-farm to northwestern is $7.84``: the gap between the two."""
        while self.low(k) in _GAP_FILL:
            k += 1
        unit = self.units[k] if k < len(self.units) else None
        if unit is None or unit.tok is None or not self.money(unit):
            return
        x, y = first.offer or "", second.offer or ""
        readings = self.amount_readings(unit.tok)

        def test(table: Table) -> bool | None:
            for amount, period in readings:
                factor = Decimal(12 if period == "year" else 1)
                a, b = _value(table, x, factor), _value(table, y, factor)
                if a is None or b is None:
                    return None
                if matches(abs(a - b), amount):
                    return True
            return False

        self.add(f"{x} and {y} differ by {unit.tok.text}", test, at, k + 1,
                 exact=first.exact and second.exact and len(readings) == 1)  # fmt: skip

    def _gap_of_pair(self, at: int, amount: int) -> None:
        """``A costs 120 and B costs 90, a difference of 30``, ``C and A are 10 apart``: the
        absolute gap between the sentence's only two records, named before it; read only
        when the sentence ends with the amount (and its period)."""
        unit = self.units[amount] if amount < len(self.units) else None
        if unit is None or unit.tok is None or not self.money(unit) or unit.tok.period == "other":
            return
        end = amount + 1
        while self.low(end) in ("a", "per", "month", "monthly", "year", "annually", "apart",
                                "each", "every", ")"):  # fmt: skip
            end += 1
        if self.low(end) not in ("", ".", "!", ";") or self.other_context:
            return  # (so the scans below run at most once per sentence: linear)
        narrowed = any(
            u.low in lx.NARROWING and not amount < k < end for k, u in enumerate(self.units)
        )  # the "apart" of "10 apart" narrows nothing
        if narrowed:
            return
        named = [(k, u) for k, u in enumerate(self.units) if u.kind == "off"]
        pair = list(dict.fromkeys(u.offer or "" for _, u in named))
        if len(pair) != 2 or any(k > at for k, _ in named):
            return
        x, y = pair
        tests = [_gap_test(x, y, reading.value, period)
                 for reading, period in self.amount_readings(unit.tok)]  # fmt: skip
        self.pair_gap = len(self.statements)
        start = named[0][0] if self.low(amount + 1) == "apart" else at  # the names too
        self.add(f"{x} and {y} differ by {unit.tok.text}", _any_of(tests), start, end,
                 exact=all(u.exact for _, u in named) and len(tests) == 1)  # fmt: skip

    def _between_head(self, subjects: list[Unit], start: int, at: int, neg: bool) -> int | None:
        j = at + 1 if self.low(at) in _RANGE_VERBS else at
        if neg or self.low(j) != "between" or self.low(j + 2) not in ("and", "-", "to"):
            return None
        if self.kind(j + 1) == "off" and self.kind(j + 3) == "off" and len(subjects) == 1:
            return self._between_offers(subjects[0], start, j)
        first, last = self.units[j + 1], self.units[j + 3] if j + 3 < len(self.units) else None
        if last is None or not self.money(first) or not self.money(last):
            return None
        assert first.tok is not None
        assert last.tok is not None
        period = last.tok.period or first.tok.period
        if period is None and (self.year_context or self.other_context):
            return None
        factor = Decimal(12) if period == "year" else Decimal(1)
        lows, highs = first.tok.values, last.tok.values
        offers = [s.offer or "" for s in subjects]

        def test(table: Table) -> bool | None:
            values = [_value(table, offer, factor) for offer in offers]
            if any(v is None for v in values):
                return None
            return all(
                any(lo <= v <= hi for lo in lows for hi in highs) for v in values if v is not None
            )

        exact = all(s.exact for s in subjects) and len(lows) == 1 and len(highs) == 1
        names = " and ".join(offers)
        self.add(f"{names} priced between {first.tok.text} and {last.tok.text}", test, start,
                 j + 4, exact=exact)  # fmt: skip
        return j + 4

    def _between_offers(self, subject: Unit, start: int, j: int) -> int:
        """``nx-4 sits between nx-2 and nx-3 (at $18.25)``: the subject's price lies between
        theirs, and an amount after ``at`` is the subject's, not the last name's."""
        x = subject.offer or ""
        a, b = self.units[j + 1].offer or "", self.units[j + 3].offer or ""

        def test(table: Table) -> bool | None:
            values = [_value(table, o, Decimal(1)) for o in (x, a, b)]
            if any(v is None for v in values):
                return None
            v, low, high = (w or Decimal(0) for w in values)
            return min(low, high) <= v <= max(low, high)

        exact = subject.exact and self.units[j + 1].exact and self.units[j + 3].exact
        self.add(f"{x} is priced between {a} and {b}", test, start, j + 4, exact=exact)
        at = j + 4
        unit = self.units[at + 1] if at + 1 < len(self.units) else None
        if self.low(at) == "at" and unit is not None and unit.tok is not None and self.money(unit):
            self._price(subject, unit.tok, at, at + 2)
            return at + 2
        return at


_FOREIGN_VERBS = frozenset(langs.SUP_VERBS | {"costa", "custa", "cuesta", "coûte", "kostet",
                                              "kost", "kosztuje", "kostar", "koster", "liegt",
                                              "ligt", "sale", "beträgt", "bedraagt"})  # fmt: skip
"""Verbs that make a record after ``y``/``et``/``und`` the subject of its own clause."""


def _any_gap_or_price(table: Table, x: str, amount: Amount, factor: Decimal) -> bool:
    """Some record is ``amount`` away from ``x``, or ``x`` itself costs ``amount``."""
    base = _value(table, x, factor)
    if base is None:
        return True  # cannot tell
    if matches(base, amount):
        return True
    others = (_value(table, r.id, factor) for r in table.records if r.id != x)
    return any(v is None or matches(abs(v - base), amount) for v in others)


# Unions the readers test words against, made once at import (the word sets never change).
_THAN_OR_COMPARED = frozenset(lx.THAN_WORDS | {"compared"})
_MORE_OR_LESS = frozenset(langs.MORE | langs.LESS)
_THE = frozenset({"the", "den", "det", "de", "der", "die", "das", "dem", "la", "le", "el", "il",
                  "lo", "l'", "o", "a", "het"})  # fmt: skip
"""Definite articles before a place by price (``than the cheapest``, ``enn den billigste``)."""
_NARROWED = frozenset(lx.RESTRICTIONS | {"with", "without", "in", "of", "among", "apart"})
_PERIOD_NOT_DE_A = frozenset(lx.PERIOD_WORDS - {"de", "a"})


_COUNTED = MEASURES | {
    "channels",
    "minutes",
    "calls",
    "sms",
    "messages",
    "users",
    "seats",
    "lines",
    "devices",
    "days",
    "hours",
    "months",
    "licenses",
    "licences",
}
"""Units of what a plan gives: ``100 GB more than B`` compares those, not prices."""
