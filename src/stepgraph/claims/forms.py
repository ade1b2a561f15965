"""Recognised forms: short, fixed shapes of a sentence about prices, each turned into a
statement that the exact checker can judge.

The reader walks the sentence's units (a named record with the words that only name it, a
number with its marks, a word) from each record it names: subject, then a gap of known
filler words, then a head (an amount, a comparison, a superlative, a rank, a tie) and
what the head needs (``than`` and another record). An unknown word ends the form; nothing
is read across it. Every shape has a bounded length, so reading is linear in the text.
"""

from __future__ import annotations

from decimal import Decimal

from . import lexicon as lx
from .check import Table, matches
from .compare import _RANGE_VERBS
from .free_forms import FreeForms
from .judge import Statement, _all_of, _any_of, _bound, _claim_test, _hedged, _price_of
from .kinds import Cheapest, Claim, MostExpensive, Price, Rank, Tie
from .tokens import ORDINALS, Tok
from .units import WINDOW, Unit


class SentenceReader(FreeForms):
    """Reads one sentence's tokens into statements (see the module docstring)."""

    def read(self) -> list[Statement]:
        units = self.units
        at = 0
        while at < len(units):
            unit = units[at]
            if unit.kind == "off" and (
                self.low(at - 1) in lx.OBJECT_CUES
                or (self.low(at - 1) == "than" and self.low(at + 1) not in lx.SUBJECT_VERBS)
            ):
                at += 1  # "10.09 below north, 14.60 below south": north is not a subject
                continue
            if unit.kind == "off" and (
                at not in self.covered
                or (at in self.targets and self.low(at + 1) in lx.SUBJECT_VERBS)
            ):  # a record compared with ("than B") may still be the subject of what follows
                subjects, after, negated = self._subjects(at)
                self._predicates(subjects, at, after, negated)
                at = max(at + 1, after if len(subjects) > 1 else at + 1)
                continue
            if unit.kind != "off":
                self._free_forms(at)
            at += 1
        return self.statements

    def _subjects(self, at: int) -> tuple[list[Unit], int, bool]:
        """``B``, ``B and C``, ``A, B and C``, ``neither A nor C``: the subjects and the end."""
        subjects = [self.units[at]]
        negated = self.low(at - 1) == "neither"
        j = self._parenthetical_price(at, at + 1)
        while j + 1 < len(self.units) and self.low(j) in (",", "and", "nor", "&", "et", "und", "y"):
            if self.kind(j + 1) != "off":
                break
            if self.units[j + 1].offer == subjects[-1].offer:
                break
            subjects.append(self.units[j + 1])
            j = self._parenthetical_price(j + 1, j + 2)
        return subjects, j, negated

    def _parenthetical_price(self, subject: int, j: int) -> int:
        """``A (120)``: the price of the record just named; returns the unit after it."""
        if self.low(j) == "(" and self.kind(j + 1) == "num" and self.low(j + 2) == ")":
            tok = self.units[j + 1].tok
            if tok is not None and self.money(self.units[j + 1]):
                self._price(self.units[subject], tok, subject, j + 3)
            return j + 3
        return j

    def _predicates(self, subjects: list[Unit], start: int, at: int, negated: bool) -> None:
        """Read predicates for ``subjects`` from unit ``at`` on, chained by connectors."""
        limit = min(len(self.units), at + WINDOW)
        first = True
        if self.low(start - 1) == "(" and self.low(at) == ")":
            return  # "from 90 (B) to 120": a name in brackets is a label, not a subject
        self.last_target = False
        while at < limit:
            gap_start = at
            hedge, neg = None, negated
            if not first and self.table_row and self.low(at) == ",":
                return  # "| B | 90 | 30 |": the next cell is another column
            if not first and self.low(at) in lx.CONTRAST:
                return  # "..., versus 120 for A": another record's figure follows
            while (
                at < limit
                and self.kind(at) == "w"
                and (
                    self.low(at) in lx.PRICE_HEAD_OK
                    or self.low(at) in lx.HEDGES
                    or self.low(at) in lx.NEGATIONS
                    or self.low(at) in lx.MODALS
                    or (not first and self.low(at) in lx.CONNECTORS)
                )
                and not self._is_head(at)
            ):
                if self.low(at) in ("neither", "nor"):
                    neg = True
                elif self.low(at) in lx.NEGATIONS and self.low(at) != "pas":  # ne...pas: once
                    neg = not neg
                if self.low(at) in lx.HEDGES and self.low(at) not in ("least", "most"):
                    hedge = self.low(at)
                if not first and self.low(at) in lx.CONTRAST:
                    return
                if not first and self.last_target and self.low(at) in ("which", "who", "that"):
                    return  # "more than B, which costs 90": about B, not the subject
                if self.low(at) == "to" and self.low(at - 1) not in lx.BEFORE_TO:
                    return  # "from 90 (B) to 120"
                at += 1
            if at >= limit:
                return
            unit = self.units[at]
            if unit.kind == "off":
                if unit.offer == subjects[0].offer and len(subjects) == 1:
                    at += 1
                    continue  # "crm-4411 (A, 120)": the same record named again
                return
            self.chained = not first
            gap = {self.low(k) for k in range(gap_start, at)}
            if (
                self.last_target
                and not gap & {"and", "but", ";", "while", "whereas"}
                and not self._comparison_list(gap, at)
            ):
                if (
                    self.target is None
                    or self.kind(at) != "num"
                    or not gap & {"at", "priced", "costing", "à", "bei", "con", "mit"}
                    or not gap <= {"at", "priced", "costing", "à", "bei", "con", "mit", ","}
                ):
                    return
                subjects, start = [self.target], at - 1  # "less than A, at 120": A's price
            self.last_target = False
            end = self._head(subjects, start, gap_start, at, hedge=hedge, neg=neg)
            if end is None:
                return
            at, first = end, False

    def _comparison_list(self, gap: set[str], at: int) -> bool:
        """``east is 10.09 cheaper than north, 14.60 cheaper than south``: after a comma,
        another amount with a comparison word is the same subject's (a bare amount is not:
        it may be the record just named's price)."""
        return gap == {","} and self.kind(at) == "num" and self.low(at + 1) in lx.AMOUNT_CMP

    def _gap_after(self, nxt: int) -> bool:
        """Whether the words after an amount make it a gap: "20 behind B", "30 versus A",
        "another 10 on top" (not "24 a month on a 12-month contract", "90 versus 120")."""
        word = self.low(nxt)
        if word in lx.RELATION_AFTER_AMOUNT or (word, self.low(nxt + 1)) == ("on", "top"):
            return True
        if word in lx.CONTRAST_AFTER_AMOUNT:
            return "off" in (self.kind(nxt + 1), self.kind(nxt + 2))
        return False

    def _is_head(self, at: int) -> bool:
        low = self.low(at)
        if low in {"at", "for"}:
            return False
        if low in ("least", "most", "best", "lowest", "highest", "less", "more", "lower"):
            return True
        if low == "only" and self.low(at + 1) in lx.OFFER_NOUNS:
            return True
        return (
            low in lx.CHEAP_SUP
            or low in lx.DEAR_SUP
            or low in lx.CHEAP_CMP
            or low in lx.DEAR_CMP
            or low in ORDINALS
        )

    def _head(
        self,
        subjects: list[Unit],
        start: int,
        gap_start: int,
        at: int,
        *,
        hedge: str | None,
        neg: bool,
    ) -> int | None:
        unit = self.units[at]
        low = unit.low
        if unit.kind == "num":
            return self._number_head(subjects, start, at, hedge, neg)
        if low in ("a", "half", "twice", "double") and self._fraction(at) is not None:
            return self._comparative(subjects, start, at, hedge, neg)
        if low in ("third", "fifth", "tenth") and self.low(at - 1) == "a":
            return self._comparative(subjects, start, at - 1, hedge, neg)  # "a third cheaper"
        if low in ORDINALS or low in ("last", "runner"):
            return self._rank(subjects, start, at, neg)
        if low == "between" or (low in _RANGE_VERBS and self.low(at + 1) == "between"):
            return self._between_head(subjects, start, at, neg)
        if low in (
            "tied",
            "tie",
            "ties",
            "same",
            "equal",
            "equally",
            "share",
            "shares",
            "sharing",
            "match",
            "matches",
            "identical",
        ):
            return self._tie(subjects, start, at, neg)
        if low == "only" and self.low(at + 1) in lx.OFFER_NOUNS:
            return self._only(subjects, start, at)
        sup = self._superlative(at)
        if sup is not None:
            return self._superlative_head(subjects, start, gap_start, at, sup=sup, neg=neg)
        if low in lx.CHEAP_CMP or low in lx.DEAR_CMP or low in ("más", "plus"):
            return self._comparative(subjects, start, at, hedge, neg)
        return None

    def _number_head(
        self, subjects: list[Unit], start: int, at: int, hedge: str | None, neg: bool
    ) -> int | None:
        unit = self.units[at]
        tok = unit.tok
        assert tok is not None
        nxt = at + 1
        while self.low(nxt) in lx.PERIOD_WORDS:
            nxt += 1
        cmp_word = self.low(nxt)
        if self.low(at - 1) in ("at", "mit", "à", "con", "with", "bei") and self.money(unit):
            cmp_word = ""  # "mit 90 € im Monat günstiger als A": 90 is the price, not the gap
        if tok.pct or cmp_word in lx.AMOUNT_CMP:
            return self._comparative(subjects, start, at, hedge, neg)
        after = nxt + 1 if self.low(nxt) == "," else nxt
        if self.low(after) in ("give", "approximately", "roughly", "ish", "thereabouts") or (
            self.low(after), self.low(after + 1)) == ("or", "so"):  # fmt: skip
            hedge = hedge or "about"  # "twelve hundred a month, give or take"
        if self.low(at - 1) == "by" or (
            self.low(at + 1) in ("for", "pour", "für", "para") and self.kind(at + 2) == "off"
        ):
            return None  # "cheapest by 10": a margin; "120 for A": another record's price
        if self._gap_after(nxt):
            return None  # "20 behind B", "30 versus A", "another 10 on top": a gap, not a price
        if not self.money(unit):
            if tok.unit is not None and tok.unit not in ("date", "year-number"):
                end = at + 1
                while self.kind(end) == "w" and self.low(end) in (
                    tok.unit,
                    "of",
                    "storage",
                    "free",
                ):
                    end += 1
                return end  # "has 120 GB and costs 90": the unit is passed over
            return None
        if neg or (self.other_context and tok.period is None):
            return at + 1
        if len(subjects) != 1:
            return self._each_costs(subjects, start, at, tok)
        subject = subjects[0]
        readings = self.amount_readings(tok)
        tests = []
        for amount, period in readings:
            claim = Price(id="prose", offer=subject.offer or "", amount=amount, period=period)
            if hedge in (
                "about",
                "around",
                "roughly",
                "approximately",
                "nearly",
                "almost",
                "approx",
                "circa",
                "ca",
                "some",
                "close",
                "under",
                "over",
                "below",
                "above",
                "ungefähr",
                "etwa",
                "environ",
                "presque",
                "casi",
            ):
                factor = Decimal(12) if period == "year" else Decimal(1)
                offer = subject.offer or ""
                tests.append(_hedged(_price_of(offer, factor), amount.value, _bound(hedge)))
            else:
                tests.append(_claim_test(claim))
        says = f"{subject.offer} costs {tok.text}" + (f" a {tok.period}" if tok.period else "")
        self.add(
            says,
            _any_of(tests),
            start,
            at + 1,
            exact=subject.exact and len(readings) == 1,
            certain=hedge is None,
        )
        return at + 1

    def _each_costs(self, subjects: list[Unit], start: int, at: int, tok: Tok) -> int | None:
        """``X and Y cost 80 (each)``: every subject at that price; ``... 120 and 110``
        (one amount each), ``together``, ``in total``: not read."""
        if self.low(at + 1) in (",", "and") and self.kind(at + 2) == "num":
            return self._respectively(subjects, start, at)
        if self.low(at + 1) in ("together", "combined", "in", "total", "between"):
            return None
        if self.low(start - 1) not in (
            "",
            ",",
            ":",
            "both",
            "while",
            "but",
            "and",
            "(",
            ";",
        ) or any(
            self.low(k) in ("between", "difference", "gap", "spread", "of")
            for k in range(max(0, start - 4), start)
        ):
            return at + 1  # "the difference between C and B is 20": not each one's price
        tests = [
            _claim_test(*[Price(id="prose", offer=s.offer or "", amount=a, period=p)
                          for s in subjects])
            for a, p in self.amount_readings(tok)
        ]  # fmt: skip
        names = " and ".join(str(s.offer) for s in subjects)
        self.add(f"{names} each cost {tok.text}", _any_of(tests), start, at + 1,
                 exact=all(s.exact for s in subjects))  # fmt: skip
        return at + 1

    def _respectively(self, subjects: list[Unit], start: int, at: int) -> int | None:
        """``A, B and C cost 120, 90 and 110 respectively``: one amount per subject."""
        amounts: list[Tok | None] = []
        j = at
        while self.kind(j) == "num" and len(amounts) < len(subjects):
            amounts.append(self.units[j].tok)
            j += 2 if self.low(j + 1) in (",", "and") else 1
        if self.low(j) != "respectively" or len(amounts) != len(subjects):
            return None
        claims = []
        for subject, tok in zip(subjects, amounts, strict=True):
            if tok is None or len(tok.values) != 1 or not self.money(self.units[at]):
                return None
            amount, period = self.amount_readings(tok)[0]
            claims.append(Price(id="prose", offer=subject.offer or "", amount=amount,
                                period=period))  # fmt: skip
        self.add("each costs its amount, respectively", _claim_test(*claims), start, j + 1,
                 exact=all(s.exact for s in subjects) and not self.year_context)  # fmt: skip
        return j + 1

    def _superlative_head(
        self,
        subjects: list[Unit],
        start: int,
        gap_start: int,
        at: int,
        *,
        sup: tuple[str, int],
        neg: bool,
    ) -> int | None:
        kind, end = sup
        verb = any(self.low(k) in lx.VERBS for k in range(gap_start, at))
        if (
            self.chained
            and not verb
            and (
                self.low(end) in lx.VERBS | {":", "=", "belongs", "goes"}
                or (self.low(end) == "," and self.kind(end + 1) == "off")
            )
        ):
            return None  # "..., while the cheapest is A": a new subject, read by _free_forms
        if self.low(end) in lx.RESTRICTIONS or self.narrowed:
            return None  # "the cheapest option that includes support": not about price alone
        if any(
            self.low(k)
            in (
                "than",
                "to",
                "with",
                "vs",
                "versus",
                "after",
                "behind",
                "except",
                "excluding",
                "besides",
                "one",
                "among",
                "of",
            )
            for k in range(gap_start, at)
        ):
            return None  # "30 more than the cheapest", "one of the cheapest"
        of_two = self._of_two(at + 1) if self.low(at) in ("lower", "cheaper") else None
        if of_two is not None:
            end = of_two
            count = self.units[of_two - 1].tok
            if count is None or count.values[0] != len(self.table.records):
                return None
        claims: list[Claim] = []
        for subject in subjects:
            offer = subject.offer or ""
            claims.append(
                Cheapest(id="prose", offer=offer)
                if kind == "cheap"
                else MostExpensive(id="prose", offer=offer)
            )
        names = " and ".join(str(s.offer) for s in subjects)
        word = "the cheapest" if kind == "cheap" else "the most expensive"
        says = f"{names} {'is not' if neg else 'is'} {word}"
        self.add(
            says,
            _all_of([_claim_test(c, negated=neg) for c in claims]),  # neither...nor: each
            start,
            end,
            exact=all(s.exact for s in subjects),
        )
        return self._count_after(end)

    def _rank(self, subjects: list[Unit], start: int, at: int, neg: bool) -> int | None:
        if len(subjects) != 1:
            return None
        low = self.low(at)
        n = len(self.table.records)
        end = at + 1
        if low == "runner":
            if self.low(at + 1) != "-" or self.low(at + 2) != "up":
                return None
            position, end = 2, at + 3
        elif low == "last":
            position = n
        else:
            position = ORDINALS[low]
        j = end
        if self.low(j) == "-":
            j += 1
        sup = self._superlative(j)
        if sup is not None and low not in ("runner", "last"):
            kind, end = sup
            if kind == "dear":
                position = n + 1 - position
        elif low in ("last", "runner") or (
            (self.ranking_context or self.low(end) in ("at", "("))
            and (
                self.low(end)
                not in (
                    lx.OFFER_NOUNS
                    | {
                        "in",
                        "row",
                        "listed",
                        "on",
                        "place",
                        "revision",
                        "of",
                        "half",
                        "year",
                        "month",
                        "-",
                        "time",
                    }
                )
                or (self.low(end) == "on" and self.low(end + 1) in ("price", "cost"))
            )
        ):
            while self.low(end) in ("on", "price", "by", "cost", "in", "the", "ranking"):
                end += 1
        else:
            return None
        subject = subjects[0]
        claim = Rank(id="prose", offer=subject.offer or "", position=position)
        says = f"{subject.offer} is {'not ' if neg else ''}number {position} by price"
        self.add(says, _claim_test(claim, negated=neg), start, end, exact=subject.exact)
        return self._count_after(end)

    def _tie(self, subjects: list[Unit], start: int, at: int, neg: bool) -> int | None:
        offers = [s.offer or "" for s in subjects]
        end = at + 1
        lowest = False
        amount: Unit | None = None
        limit = min(len(self.units), at + 10)
        while end < limit:
            unit = self.units[end]
            if unit.kind == "off" and self.low(end - 1) in ("with", "to", "and", "as"):
                if unit.offer not in offers:
                    offers.append(unit.offer or "")
            elif unit.kind == "num" and amount is None and self.money(unit):
                amount = unit
            elif unit.low in ("lowest", "cheapest", "bottom"):
                lowest = True
            elif unit.low not in (
                "with",
                "for",
                "the",
                "at",
                "price",
                "monthly",
                "of",
                "in",
                "cost",
                "a",
                "exactly",
                "priced",
                "and",
                "as",
                "to",
                "on",
                "-",
                "first",
                "place",
                "spot",
                "position",
            ):
                break
            end += 1
        if len(offers) < 2 or len(set(offers)) != len(offers):
            return None
        claims: list[Claim] = [Tie(id="prose", offers=tuple(offers))]
        if lowest:
            claims.extend(Cheapest(id="prose", offer=o) for o in offers)
        tests = [_claim_test(*claims, negated=neg)]
        if amount is not None and amount.tok is not None and not neg:
            for reading, period in self.amount_readings(amount.tok)[:1]:
                claims_p = [
                    Price(id="prose", offer=o, amount=reading, period=period) for o in offers
                ]
                tests.append(_claim_test(*claims_p))
        test = _all_of(tests)
        self.add(
            f"{' and '.join(offers)} {'do not ' if neg else ''}tie",
            test,
            start,
            end,
            exact=all(s.exact for s in subjects),
        )
        return end

    def _only(self, subjects: list[Unit], start: int, at: int) -> int | None:
        end = at + 2
        while self.low(end) in ("at", "priced", "with", "a", "price", "of", "costing"):
            end += 1
        if len(subjects) != 1 or self.kind(end) != "num" or not self.money(self.units[end]):
            return None
        tok = self.units[end].tok
        assert tok is not None
        offer = subjects[0].offer or ""
        amount = self.amount_readings(tok)[0][0]

        def test(table: Table) -> bool | None:
            holders = [r.id for r in table.priced() if matches(r.value or Decimal(0), amount)]
            return holders == [offer]

        self.add(
            f"{offer} is the only offer at {tok.text}",
            test,
            start,
            end + 1,
            exact=subjects[0].exact,
        )
        return end + 1
