"""Heads read after a subject that are not an amount or a comparison: a superlative
(``B is the cheapest``), a rank (``C is the second cheapest``), a tie (``X and Y are tied
at 75``), ``the only offer at``, and the price of several subjects (``X and Y cost 75``,
``A, B and C cost 120, 90 and 110 respectively``)."""

from __future__ import annotations

from decimal import Decimal

from . import langs
from . import lexicon as lx
from .check import Table, matches
from .free_forms import FreeForms
from .groups import strictly
from .judge import Test, _all_of, _any_of, _bound, _claim_test, _hedged, _negated, _price_of
from .kinds import Cheapest, Claim, MostExpensive, Price, Rank, Tie, as_period
from .tokens import ORDINALS, Tok
from .units import Unit


class HeadForms(FreeForms):
    """The heads of a subject's predicate other than an amount or a comparison."""

    def _each_costs(
        self, subjects: list[Unit], start: int, at: int, tok: Tok, hedge: str | None = None
    ) -> int | None:
        """``X and Y cost 80 (each)``: every subject at that price; ``... 120 and 110``
        (one amount each), ``together``, ``in total``: not read."""
        if (self.low(at + 1) == "," or self.low(at + 1) in _LIST_JOINERS) and self.kind(
            at + 2
        ) == "num":
            return self._respectively(subjects, start, at)
        if self.summed or self.low(at + 1) in ("in", "total", "between"):
            return None
        if self.low(at - 1) == "at" and self._pairs_follow(at):
            return None  # "A, B at 118.85 and C at 119.25": a list of pairs, B's alone
        if self.low(at + 1) in langs.TOGETHER:
            return None  # "B und C kosten 82 € zusammen": their sum
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
        if hedge is not None:  # "A and C both cost over 100": a bound on each, never exact
            tests = [
                _all_of([_hedged(_price_of(s.offer or "", Decimal(12) if p == "year" else
                         Decimal(1)), a.value, _bound(hedge)) for s in subjects])
                for a, p in self.amount_readings(tok)
            ]  # fmt: skip
        else:
            tests = [
                _claim_test(*[Price(id="prose", offer=s.offer or "", amount=a, period=p)
                              for s in subjects])
                for a, p in self.amount_readings(tok)
            ]  # fmt: skip
        names = " and ".join(str(s.offer) for s in subjects)
        says = f"{names} each cost {hedge + ' ' if hedge else ''}{tok.text}"
        exact = all(s.exact for s in subjects)
        self.add(says, _any_of(tests), start, at + 1, exact=exact, certain=hedge is None)
        return at + 1

    def _increment(
        self, subjects: list[Unit], start: int, at: int, hedge: str | None
    ) -> int | None:
        """``Laundryheap is £5 more, and Zipjet another £3.50 on top of that``, ``Vodafone
        a further £5``: the subject is dearer (cheaper) than the record the clause before
        was about, by the amount; the way is said after the amount or by that clause."""
        j = at + (self.low(at) in ("a", "an", "adds", "add"))
        j += self.low(j) in ("another", "further")
        unit = self.units[j] if j < len(self.units) else None
        if unit is None or unit.tok is None or not self.money(unit) or len(subjects) != 1:
            return None
        end = j + 1
        while self.low(end) in _AFTER_INCREMENT:
            end += 1
        said = {self.low(k) for k in range(j + 1, end)} | {self.low(at)} & _MORE_WAY
        earlier = {self.low(k) for k in range(0, start)}
        cheap = bool(said & _LESS_WAY) or (not said & _MORE_WAY and bool(earlier & _LESS_WAY))
        if (
            not (said | earlier) & (_LESS_WAY | _MORE_WAY)
            or (said & _LESS_WAY and (said | earlier) & _MORE_WAY)
            or (said & _MORE_WAY and earlier & _LESS_WAY)
        ):
            return None  # no word says which way the step goes, or it turns: from where?
        base = self._clause_before(start)
        if base is None or base == subjects[0].offer:
            return None
        offer = subjects[0].offer or ""
        direction = "cheaper" if cheap else "more_expensive"
        periods = [unit.tok.period] if unit.tok.period else ["month", "year"]  # "From there
        test = _any_of([self._pair_test(offer, base, direction, unit.tok, None, ratio=False,
                                        hedge=hedge, period=p, neg=False)
                        for p in periods])  # fmt: skip # iDrive adds $9.48": a year's, maybe
        word = "cheaper" if cheap else "more expensive"
        self.add(f"{offer} is {word} than {base} by {unit.tok.text}", test, start, end,
                 exact=False, certain=hedge is None)  # fmt: skip
        return end

    def _clause_before(self, start: int) -> str | None:
        """The record the clause before unit ``start`` opened on (``Laundryheap is £5 more,
        and ...``: Laundryheap), or the previous sentence's one subject."""
        bounds = [k for k in range(start) if self.low(k) in (",", ";", "and")]
        if not bounds:
            return self.before.subject
        end = bounds[-1]
        begin = max((k for k in bounds if k < end - 1), default=-1)
        opening = [s for s in self.subjects_read if s.idx and begin < self._unit_at(s) < end]
        return opening[0].offer if opening else None

    def _unit_at(self, unit: Unit) -> int:
        return next((k for k, u in enumerate(self.units) if u is unit), -1)

    def _pairs_follow(self, at: int) -> bool:
        """After the amount at ``at``, the list goes on with another record and its own
        amount (``and C at 119.25``): each amount is its record's alone."""
        for k in range(at + 1, at + 6):
            if self.kind(k) == "num":
                return False
            if (
                self.low(k) in ("and", ",", ";")
                and (self.kind(k + 1) == "off" or self._capitalised(k + 1))
                and self.low(k + 2) in ("at", "(", "for", "on", ":")
            ):
                return True  # "and C at 119.25", ", Ezi at NZ$1,099": a name the inputs
                # may not spell
        return False

    def _respectively(self, subjects: list[Unit], start: int, at: int) -> int | None:
        """``A, B and C cost 120, 90 and 110 respectively``: one amount per subject."""
        amounts: list[Tok | None] = []
        j = at
        paired = False  # "89,00 € beziehungsweise 91,20 €": respectively, said between
        while self.kind(j) == "num" and len(amounts) < len(subjects):
            amounts.append(self.units[j].tok)
            joiner = self.low(j + 1)
            paired = paired or joiner in langs.RESPECTIVELY
            j += 2 if joiner == "," or joiner in _LIST_JOINERS else 1
        if not (paired or self.low(j) in langs.RESPECTIVELY) or len(amounts) != len(subjects):
            return None
        last = amounts[-1]
        shared = (
            as_period(last.period)
            if last is not None and last.period in ("month", "year")
            else None
        )  # "15,480 and 17,100 a year": the last one's period is every one's
        claims = []
        for subject, tok in zip(subjects, amounts, strict=True):
            if tok is None or len(tok.values) != 1 or not self.money(self.units[at]):
                return None
            readings = self.amount_readings(tok)
            amount, period = readings[0]
            if tok.period is None and shared is not None:
                amount, period = next(((a, p) for a, p in readings if p == shared),
                                      (amount, shared))  # fmt: skip
            claims.append(Price(id="prose", offer=subject.offer or "", amount=amount,
                                period=period))  # fmt: skip
        self.add("each costs its amount, respectively", _claim_test(*claims), start, j + 1,
                 exact=all(s.exact for s in subjects) and not self.year_context)  # fmt: skip
        return j + 1

    def _of_fewer(self, end: int) -> bool:
        """``the cheapest of the three`` of five records: of those three, which the text
        may pick by a feature (``If you want managed WordPress, ...``), not of all."""
        of = self._of_two(end)
        count = self.units[of - 1].tok if of is not None else None
        return (
            count is not None
            and len(count.values) == 1
            and (count.values[0] < len(self.table.records))
        )

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
        if any(self.low(k) in _NEARLY for k in range(gap_start, at)) or self.low(at - 1) == "next":
            return None  # "B is almost the cheapest": it is not, but close
        verb = any(self.low(k) in lx.VERBS for k in range(gap_start, at))
        if (
            self.chained
            and not verb
            and (
                self.low(end) in _VERB_OR_SIGN
                or (self.low(end) == "," and self.kind(end + 1) == "off")
            )
        ):
            return None  # "..., while the cheapest is A": a new subject, read by _free_forms
        end = self._whole_field(end)  # "la más barata de las tres", "du comparatif"
        alone = self._none_other_at_that_price()  # "..., with no other offer at that price"
        if (
            (self.low(end) in lx.RESTRICTIONS and not self._which_is_amount(end))
            or (self.narrowed and not alone)
            or self._restricted(at, end)
            or self._of_fewer(end)
            or (self.low(end) in langs.WITH_WORDS and self.kind(end + 1) != "num")
            or (self.low(end) == "with" and self._with_a_feature(end))
        ):  # "la moins chère avec le support", "the cheapest option with HA": not price alone
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
            and not self._to_be(k)
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
        tests = [_claim_test(c, negated=neg) for c in claims]  # neither...nor: each
        if (self.low(end), self.low(end + 1)) == ("by", "far"):
            end += 2  # "A is the cheapest by far": strictly
        if self.low(end) in ("outright", "alone", "uniquely"):
            end += 1  # "the cheapest offer outright": strictly
        the_only = any(
            self.low(k) == "only" and self.low(k - 1) == "the" for k in range(gap_start, at)
        )  # "the only cheapest offer"
        if (
            alone
            or the_only
            or any(self.low(k) in _STRICT for k in [*range(gap_start, at), end - 1])
        ):
            word = f"strictly {word}"  # "strictly the cheapest", "the single cheapest": no tie
            tests = [_negated(strictly(s.offer or "", kind), neg) for s in subjects]
        offers = [s.offer for s in subjects]
        if (
            1 < len(offers) == len(set(offers)) < len(self.table.records)
            and not neg
            and not word.startswith("strictly")
        ):
            tests = [_top_set([s.offer or "" for s in subjects], kind)]
            word = f"the {len(subjects)} {word.split(' ', 1)[1]}"  # "the 2 most expensive"
        says = f"{names} {'is not' if neg else 'is'} {word}"
        self.add(
            says,
            _all_of(tests),
            start,
            end,
            exact=all(s.exact for s in subjects),
        )
        self.sup_kind = None if neg else kind  # "..., just ahead of B": on that side of B
        return self._count_after(end)

    def _middle(self, subjects: list[Unit], start: int, at: int, neg: bool) -> int | None:
        """``C is in the middle``, ``sits in the middle on price``: with an odd number of
        records, C is at the middle place by price; with an even number, no claim."""
        n = len(self.table.records)
        end = at + 1
        while self.low(end) in _MIDDLE_FOLLOW or self.low(end) in lx.OFFER_NOUNS:
            end += 1  # "the middle option", "in the middle of the field on price"
        verb = at - 1
        while self.low(verb) in ("the", "in", "right", "squarely", "somewhere", "both"):
            verb -= 1
        if (
            len(subjects) != 1
            or n % 2 == 0
            or n < 3
            or self.low(end) not in ("", ".", ",", ";", "!", "at", "(", "-", "with")
            or self.low(verb) in _PLURAL_VERBS  # "A at 89 and B at 99 sit in the middle"
        ):
            return None
        subject = subjects[0]
        position = (n + 1) // 2
        claim = Rank(id="prose", offer=subject.offer or "", position=position)
        says = f"{subject.offer} is {'not ' if neg else ''}number {position} by price"
        self.add(says, _claim_test(claim, negated=neg), start, end, exact=subject.exact)
        return end

    def _versus_average(self, subjects: list[Unit], start: int, at: int, neg: bool) -> int | None:
        """``B is above the average``, ``A and C both sit below average``: each record's
        price against the mean of every price (strictly)."""
        j = at + 1 + (self.low(at + 1) == "the")
        if self.low(j) not in ("average", "mean"):
            return None
        end = j + 1
        while self.low(end) in ("price", "monthly", "of", "the", "field", "group", "all"):
            end += 1
        if self.low(end) not in ("", ".", ",", ";", "!", "at", "(", "-", "with", "and"):
            return None
        above = self.low(at) in ("above", "over")
        offers = [s.offer or "" for s in subjects]

        def test(table: Table) -> bool:
            values = [r.value for r in table.priced() if r.value is not None]
            mean = sum(values, Decimal(0)) / len(values)
            prices = [table.get(o) for o in offers]
            return all(
                p is not None
                and p.value is not None
                and (p.value > mean if above else p.value < mean)
                for p in prices
            )

        side = "above" if above else "below"
        says = f"{' and '.join(offers)} {'not ' if neg else ''}{side} the mean"
        self.add(says, _negated(test, neg), start, end, exact=all(s.exact for s in subjects))
        return end

    def _rank(self, subjects: list[Unit], start: int, at: int, neg: bool) -> int | None:
        if len(subjects) != 1 or self.low(at - 1) in _LISTING:
            return None  # "Q is listed first": its place in the input, not by price
        low = self.low(at)
        if low in ("last", "first") and self.low(at + 1) in _TIMES:
            return None  # "was 27.50 last year", "in the first month": a time, not a place
        if self.low(at + 1) in ("pair", "two", "three", "trio", "group", "couple", "tier"):
            return None  # "close to the first pair": a group of offers, not a place
        if self.kind(at + 1) == "off" or (
            self.kind(at + 1) == "w"
            and self._capitalised(at + 1)
            and self._superlative(at + 1) is None
        ):
            return None  # "Second is B (172), third C (175)": C's place, not B's
        n = len(self.table.records)
        end = at + 1
        if low == "runner":
            if self.low(at + 1) != "-" or self.low(at + 2) != "up":
                return None
            position, end = 2, at + 3
        elif low == "last":
            position = n
        elif low == "penultimate":
            position = n - 1
        elif self.kind(at) == "num":
            tok = self.units[at].tok
            assert tok is not None
            position = int(tok.values[0])  # "ranked 2", "ranks 3"
            if self.low(at + 1) not in _AFTER_A_PLACE:
                return None  # "ranked 2 for value": another ranking
        else:
            position = ORDINALS[low]
        j = end
        if self.low(j) == "-":
            j += 1
        sup = self._superlative(j)
        counted = self._counted_from(j) if low not in ("runner", "last", "penultimate") else None
        if counted is not None:  # "second from the top": counted from the dearest
            top, end = counted
            position = n + 1 - position if top else position
        elif sup is not None and low not in ("runner", "last", "penultimate"):
            kind, end = sup
            if kind == "dear":
                position = n + 1 - position
        elif (
            self.low(end) in ("place", "position", "spot")
            and self.low(at - 1) in ("in", "into", "the", "on")
            and not {self.low(k) for k in range(at - 4, at)} & _LISTING
        ):
            end += 1  # "lands in fourth place": its place by price
            while self.low(end) in ("on", "price", "by", "cost", "in", "the", "ranking"):
                end += 1
        elif (
            low in ("last", "runner", "penultimate")
            or (self.kind(at) == "num" and self.low(end) in _AFTER_A_PLACE)
            or self._counted_rank(at, end)
            or (
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
            )
        ):
            while self.low(end) in ("on", "price", "by", "cost", "in", "the", "ranking"):
                end += 1
        else:
            return None
        if self._restricted(at, end):
            return None  # "the last of the conventional tools before that jump": of those
        subject = subjects[0]
        claim = Rank(id="prose", offer=subject.offer or "", position=position)
        says = f"{subject.offer} is {'not ' if neg else ''}number {position} by price"
        self.add(says, _claim_test(claim, negated=neg), start, end, exact=subject.exact)
        return self._count_after(end)

    def _counted_from(self, j: int) -> tuple[bool, int] | None:
        """``from the top``, ``from the bottom``, ``from the most expensive``: which end a
        place is counted from (True: the dearest) and where the phrase ends."""
        if self.low(j) != "from" or self.low(j + 1) != "the":
            return None
        word = self.low(j + 2)
        if word in ("top", "bottom"):
            end = j + 3 + (self.low(j + 3) == "end")
            return word == "top", end
        sup = self._superlative(j + 2)
        if sup is None:
            return None
        return sup[0] == "dear", sup[1]

    def _which_is_amount(self, at: int) -> bool:
        """``the highest price, which is 300 per month``: a price, not a restriction."""
        return (
            self.low(at) in ("which", "that")
            and self.low(at + 1) in ("is", "costs", "comes")
            and self.kind(at + 2 + (self.low(at + 2) == "at")) == "num"
        )

    def _place_number(self, at: int) -> bool:
        """The number at ``at`` is a place among the records (``ranked 2``): whole, no
        money, no period, at most how many records there are."""
        tok = self.units[at].tok
        if tok is None or tok.money or tok.pct or tok.period or len(tok.values) != 1:
            return False
        value = tok.values[0]
        return value == int(value) and 1 <= value <= len(self.table.records)

    def _capitalised(self, at: int) -> bool:
        """The unit at ``at`` is a word written with a capital (a name the reader may not
        know, ``E.ON``)."""
        unit = self.units[at]
        return bool(unit.idx) and self.toks[unit.idx[0]].text[:1].isupper()

    def _with_a_feature(self, at: int) -> bool:
        """After a superlative, ``with`` and a feature (``the cheapest option with HA built
        in``, ``with £1m cover``), not ``with 19.99 a month`` or ``with a price of 19.99``."""
        ahead = [self.low(k) for k in range(at + 1, at + 4)]
        if self.kind(at + 1) == "num" and not self._cover_after(at + 1):
            return False
        return not any(w in lx.PRICE_NOUNS or w in lx.PERIOD_WORDS for w in ahead)

    def _cover_after(self, at: int) -> bool:
        """The amount at ``at`` is a cover or limit (``with £1m cover``)."""
        return self.low(at + 1) in lx.NON_PRICE_MONEY

    def _restricted(self, at: int, end: int) -> bool:
        """After a superlative, words that make it range over some records only: "of the
        first three", "of the last two", "in its tier", "in the budget category"."""
        start = next((k for k in range(at + 1, end + 1) if self.low(k) in ("in", "of")), end)
        after = [self.low(k) for k in range(start, start + 6)]
        if after[:2] == ["of", "the"] and after[2] in ("first", "last", "top", "bottom", "next"):
            return True
        if (
            after[:2] == ["of", "the"]
            and self.kind(start + 2) == "num"
            and (after[3] in lx.SUBSET_WORDS)
        ):
            return True  # "the cheapest of the three non-starter plans": of those three
        if after[:2] in (["of", "the"], ["of", "these"], ["of", "those"]) and self._subset(
            start + 2
        ):
            return True  # "Between C and D, C is the cheaper of the two": of those two
        if after[0] == "in" and after[1] in ("its", "their", "this", "that", "each", "every"):
            return True
        if after[0] in ("of", "among", "amongst", "within") and after[1] in _GROUP_REFS:
            return True  # "the cheapest of that group", "the dearest among them"
        if (
            after[:2] in (["of", "the"], ["among", "the"])
            and after[2] not in lx.OFFER_NOUNS
            and after[3] in lx.OFFER_NOUNS
            and self.kind(start + 2) == "w"
        ):
            return True  # "the cheapest of the premium plans": of those
        if (
            after[:2] == ["of", "the"]
            and self.kind(start + 2) == "w"
            and after[2].endswith(("s", "es"))
            and after[2] not in lx.OFFER_NOUNS
            and after[3] in ("", ".", ",", ";", "at", "with", "(", "-")
        ):
            return True  # "the cheapest of the nurseries" beside a childminder: of a kind
        if any(self.low(k) in _SUBSET_TAILS for k in range(at + 1, end + 2)):
            return True  # "the cheapest alternative", "the cheapest fallback"
        if (
            self.low(end) == "from"
            and self.kind(end + 1) == "w"
            and (self.low(end + 1) not in ("the", "these", "those", "all", "this", "them"))
        ):
            return True  # "the cheapest offer from Acme": of Acme's
        if self.low(end) in ("with", "including", "incl") and any(
            self.low(k) in ("included", "including", "incl") for k in range(end, end + 5)
        ):
            return True  # "the cheapest with the router included": another total
        every = False  # "Of the three IaaS quotes, ..." of three records: all of them
        if self.low(0) in ("among", "amongst", "of") and self.kind(2) == "num":
            count = self.units[2].tok
            if count is not None and count.values[0] != len(self.table.records):
                return True  # "Among the three cable plans (...), A is the cheapest"
            every = count is not None
        if not every and self._opens_on_a_subset():
            return True  # "Among the fixed contracts, C is the cheapest"
        return after[0] == "in" and after[1] == "the" and bool(set(after[2:]) & _SEGMENTS)

    def _counted_rank(self, at: int, end: int) -> bool:
        """``D comes third``, ``red comes fourth of the five``: a place in the ranking after
        a verb of placing, alone or out of a count of the records."""
        if self.low(at - 1) not in _PLACING:
            return self._priced_place(at, end)
        after = self.low(end)
        if after in ("", ".", ";", ",", "!", ")"):
            return True
        return after == "of" and (
            self.kind(end + 1) == "num"
            or (self.low(end + 1) in ("the", "all") and self.kind(end + 2) == "num")
        )

    def _priced_place(self, at: int, end: int) -> bool:
        """``B is third, A$85 dearer``, ``B is second at 120``: a bare place after ``is`` is a
        place by price when a margin or an amount follows it at once."""
        if self.low(at - 1) not in ("is", "sits", "'s"):
            return False
        if self.low(end) in ("", ".", "!") and self.low(end + 1) == "":
            return True  # "EE is third.": a bare place closing the sentence
        if self.low(end) == "of" and self.kind(end + 1 + (self.low(end + 1) == "the")) == "num":
            return True  # "Ice is second of five": out of the count after it
        if self.low(end) in ("on", "by") and self.low(end + 1) in ("price", "cost", "pricing"):
            return True  # "Microsoft 365 is third on price"
        nxt = end + 1 if self.low(end) in (",", "-") else end
        while self.low(nxt) in ("only", "just", "barely", "merely"):
            nxt += 1  # "B is third - only 12 cents above A"
        if self.low(end) == "at":
            return self.kind(end + 1) == "num" and self.money(self.units[end + 1])
        return self.kind(nxt) == "num" and self.low(nxt + 1) in lx.AMOUNT_CMP

    def _foreign_rank(self, subjects: list[Unit], start: int, at: int, neg: bool) -> int | None:
        """``C est la deuxième moins chère``, ``C ist das zweitgünstigste Angebot``, ``C è la
        seconda offerta più economica``: the place by price from either end."""
        low, j = self.low(at), at + 1
        if low in langs.RANK_WORDS:
            position, kind = langs.RANK_WORDS[low]
        elif low in langs.ORDINALS:
            position = langs.ORDINALS[low]
            while self.low(j) in lx.OFFER_NOUNS:
                j += 1
            word, adj = self.low(j), self.low(j + 1)
            if word in _MORE_OR_LESS and adj in langs.CHEAP_ADJ:
                if word in langs.LESS and adj in langs.CHEAP_WORDS:
                    return None
                kind = "cheap" if (adj in langs.CHEAP_WORDS) != (word in langs.LESS) else "dear"
                j += 2
            elif word in _SUPERLATIVES and word in langs.FOREIGN:
                kind = "cheap" if word in lx.CHEAP_SUP else "dear"
                j += 1
            elif word in ("", ".", "!") or (
                word == "," and adj in langs.WITH_WORDS and self.kind(j + 2) == "num"
            ):
                kind = "cheap"  # "PedidosYa Plus queda tercera, con $3.499": a bare place
            else:
                return None
        else:
            return None
        while self.low(j) in lx.OFFER_NOUNS:
            j += 1
        if (
            len(subjects) != 1
            or self.low(j) in lx.RESTRICTIONS
            or (self.low(j) in langs.WITH_WORDS and self.kind(j + 1) != "num")
        ):
            return None
        n = len(self.table.records)
        if kind == "dear":
            position = n + 1 - position
        offer = subjects[0].offer or ""
        says = f"{offer} is {'not ' if neg else ''}number {position} by price"
        claim = Rank(id="prose", offer=offer, position=position)
        self.add(says, _claim_test(claim, negated=neg), start, j, exact=False)
        return j

    def _tie(self, subjects: list[Unit], start: int, at: int, neg: bool) -> int | None:
        if self.low(at - 1) in _NEAR_TIE:
            return None  # "nearly identical at 142.18 and 142.19": no tie is said
        offers = [s.offer or "" for s in subjects]
        end = at + 1
        lowest = highest = placed = False
        amount: Unit | None = None
        limit = min(len(self.units), at + 10)
        while end < limit:
            unit = self.units[end]
            if unit.kind == "off" and (
                self.low(end - 1) in ("with", "to", "and", "as", "match", "matches", "matched")
                or self.low(end - 1) in langs.TIE_LINKS
            ):  # "A matches B at 31.00"
                if unit.offer not in offers:
                    offers.append(unit.offer or "")
            elif unit.kind == "num" and amount is None and self.money(unit):
                amount = unit
            elif unit.low in ("lowest", "cheapest", "bottom") or unit.low in langs.LOWEST:
                lowest = True
            elif unit.low in ("dearest", "priciest", "highest", "top") or (
                unit.low == "most" and self.low(end + 1) == "expensive"
            ):
                highest = True  # "A and B tie for most expensive at 48"
                end += unit.low == "most"
            elif unit.low in langs.LOW and self.low(end - 1) in langs.MORE:
                lowest = True  # "con el precio más bajo", "le prix le plus bas"
            elif unit.low in langs.TIE_FILL or (
                unit.low in _IN_THE
                and (self.low(end + 1) in _PRICE_NOUNS or self.kind(end + 1) == "num")
            ):
                pass  # "B cuesta lo mismo que C", "le même prix", "empatadas no preço",
                # "empatam em R$ 39,90"
            elif unit.low in _TIE_PLACE:
                placed = True  # "tied just behind at 5.49": judged, the place left unread
            elif unit.low not in _TIE_FILL:
                break
            end += 1
        if end < limit and not self._tie_ends(at, end):
            return None  # "tied to a 24-month contract", "the same data allowance"
        if len(offers) < 2 or len(set(offers)) != len(offers):
            return None
        claims: list[Claim] = [Tie(id="prose", offers=tuple(offers))]
        if lowest:
            claims.extend(Cheapest(id="prose", offer=o) for o in offers)
        if highest:
            claims.extend(MostExpensive(id="prose", offer=o) for o in offers)
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
            certain=not placed,
        )
        return end

    def _none_other_at_that_price(self) -> bool:
        """``with no other offer at that price``, ``and no other plan matches it``: the
        sentence's one narrowing word says the superlative is strict."""
        lows = [u.low for u in self.units]
        for k in range(len(lows) - 3):
            if lows[k] == "no" and lows[k + 1] == "other" and lows[k + 2] in lx.OFFER_NOUNS:
                rest = lows[k + 3 : k + 6]
                return rest[:3] == ["at", "that", "price"] or rest[:2] in (
                    ["matches", "it"], ["at", "that"], ["costs", "less"]
                )  # fmt: skip
        return False

    def _tie_ends(self, at: int, end: int) -> bool:
        """The tie read from ``at`` stops at ``end`` where a clause ends, or a new one
        starts (``... the same, and are the cheapest``): not at a noun that makes it a tie
        in something else (``the same data``, ``tied to a contract``, ``equal in speed``)."""
        low = self.low(end)
        if low in _CLAUSE_BREAKS or self.kind(end) in ("cite", "off"):
            return True
        return self.low(end - 1) in ("and", ",") or self.kind(end - 1) == "num"

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

    def _to_be(self, k: int) -> bool:
        """The ``to`` of "appears to be", "seems to be": a hedge, not "compared to"."""
        return self.low(k) == "to" and self.low(k - 1) in lx.SEEMING and self.low(k + 1) == "be"


_AFTER_INCREMENT = frozenset({"more", "extra", "on", "top", "of", "that", "again", "beyond",
                              "above", "over", "up", "less", "cheaper", "lower", "below",
                              "under", "down", "dearer", "pricier", "higher", "a", "month",
                              "per", "each", "this"})  # fmt: skip
_MORE_WAY = frozenset({"more", "extra", "top", "above", "over", "up", "dearer", "pricier",
                       "higher", "expensive", "adds", "add"})  # fmt: skip
_LESS_WAY = frozenset({"less", "cheaper", "lower", "below", "under", "down", "saves"})
_LIST_JOINERS = frozenset(langs.LIST_AND | {"beziehungsweise", "respektive"})
_AFTER_A_PLACE = frozenset({"", ".", ",", ";", "at", "(", "on", "by", "of", "out", "!"})
"""What may follow ``ranked 2`` for it to be a place by price (not ``ranked 2 for value``)."""
_TIMES = frozenset({"year", "years", "month", "months", "week", "weeks", "time", "quarter",
                    "season", "summer", "winter", "spring", "autumn", "day", "days"})  # fmt: skip
_LISTING = {"listed", "appears", "appeared", "mentioned", "named", "shown", "submitted",
            "received", "supplied", "given", "entered", "written"}  # fmt: skip
_PLACING = {"comes", "came", "ranks", "ranked", "places", "placed", "finishes", "finished",
            "lands", "landed"}  # fmt: skip
_NEARLY = {
    "almost",
    "nearly",
    "virtually",
    "practically",
    "effectively",
    "essentially",
    "close",
    "fast",
    "quasi",
    "presque",
    "casi",
    "quase",
    "bijna",
}
_STRICT = {"strictly", "outright", "uniquely", "single", "sole", "alone", "far", "easily"}
_SEGMENTS = {"tier", "tiers", "category", "class", "segment", "range", "bracket", "band",
             "group", "league", "market", "region", "size"}  # fmt: skip


# Unions the readers test words against, made once at import (the word sets never change).
_VERB_OR_SIGN = frozenset(lx.VERBS | {":", "=", "belongs", "goes", "jest", "är", "er"})
_MORE_OR_LESS = frozenset(langs.MORE | langs.LESS)
_SUPERLATIVES = frozenset(lx.CHEAP_SUP | lx.DEAR_SUP)


_NEAR_TIE = frozenset({"nearly", "almost", "virtually", "practically", "essentially",
                       "basically", "roughly", "near", "all-but"})  # fmt: skip
_PLURAL_VERBS = frozenset({"sit", "are", "lie", "fall", "stand", "come", "rank", "land", "were"})
_IN_THE = frozenset({"no", "na", "em", "en", "im", "nel", "dans"})
_PRICE_NOUNS = frozenset({"preço", "precio", "prezzo", "prix", "preis", "prijs", "price"})
_TIE_PLACE = frozenset(
    {"just", "behind", "close", "right", "next", "runners-up", "middle", "second", "third"}
)
"""Words of a place after ``tied`` (``tied just behind at 5.49``): the tie and the amount are
judged, the place is not, so the sentence is never checked."""
_TIE_FILL = frozenset({
    "with", "for", "the", "at", "price", "prices", "pricing", "rate", "monthly", "of", "in",
    "cost", "a", "exactly", "priced", "and", "as", "to", "on", "-", "first", "place", "spot",
    "position", "same", "identical", "equal", "per", "month", "each", "/", "mo", "fee", "top",
    "highest", "dearest", "priciest", "too", "also", "well", "both",
})  # fmt: skip
"""Words a price tie may run through (``tied at 19 per month``, ``the same monthly price``)."""
_CLAUSE_BREAKS = frozenset({"", ".", ",", ";", ":", "!", "?", "(", ")", "-", "but", "while",
                            "whereas", "so", "which", "since", "because"})  # fmt: skip


_SUBSET_TAILS = frozenset(
    {
        "alternative",
        "alternatives",
        "fallback",
        "backup",
        "substitute",
        "runner-up",
        "contender",
        "challenger",
    }
)
_GROUP_REFS = frozenset({"that", "those", "these", "them", "this", "which"})


def _top_set(offers: list[str], kind: str) -> Test:
    """``A and B are the cheapest``: no other record is cheaper than either of them (they
    are the ``len(offers)`` cheapest, ties allowed); ``dear``: none is dearer."""

    def test(table: Table) -> bool | None:
        mine = [r.value for r in table.priced() if r.id in offers and r.value is not None]
        rest = [r.value for r in table.priced() if r.id not in offers and r.value is not None]
        if len(mine) != len(offers) or not rest:
            return None
        return max(mine) <= min(rest) if kind == "cheap" else min(mine) >= max(rest)

    return test


_MIDDLE_FOLLOW = frozenset({"on", "price", "by", "cost", "in", "terms", "of", "one", "the",
                            "field", "pack", "group"})  # fmt: skip
"""Words after ``the middle`` that keep it a place by price (``the middle option``)."""
