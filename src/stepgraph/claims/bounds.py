"""Forms that bound the prices of all the records, or of some counted or named ones: a
range (``Prices range from 90 to 120``), a bound on every record (``all 3 offers are under
100``, ``no offer costs more than 130``, ``None of the offers exceeds 100``), on a count
(``Two offers cost more than 40``, ``Only one offer is cheaper than silver``), on the
records not named (``the other two are both above 310``), the spread (``within 4 of each
other``), a tie of every record and ``No other offer matches M's price``."""

from __future__ import annotations

from decimal import Decimal

from . import langs
from . import lexicon as lx
from .check import Table
from .excepts import ExceptForms
from .judge import _any_of, _every, _none_beyond, no_further
from .units import Unit


class BoundForms(ExceptForms):
    """The bounds, ranges and counts over the records (see the module docstring)."""

    def _range(self, at: int) -> None:
        """``prices range from 90 to 120`` (lowest and highest) or ``between N and M``."""
        low = self.low(at)
        j = at + 1 if low != "between" else at
        if self.low(j) == "from":
            j += 1
        if self.low(j) == "between":
            j += 1
        self._range_from(at, j, exact_ends=low != "between", to=("to", "-", "and"))

    def _foreign_range(self, at: int) -> None:
        """``Die Preise reichen von 90 € bis 120 €``, ``Les prix vont de 90 € à 120 €``: the
        lowest and the highest price; read only when the sentence opens with its prices."""
        before = [self.low(k) for k in range(at)]
        if not before or not set(before) <= langs.RANGE_SUBJECT:
            return
        if not set(before) & langs.PRICES or self.low(at + 1) not in langs.ORDER_FROM:
            return
        self._range_from(at, at + 2, exact_ends=True, to=tuple(langs.RANGE_TO))

    def _range_from(self, at: int, j: int, *, exact_ends: bool, to: tuple[str, ...]) -> None:
        """The range from the amount at ``j`` to the next one (or between them)."""
        label = 3 if self.low(j + 1) == "(" and self.low(j + 3) == ")" else 0  # "90 (B) to"
        if (
            self.kind(j) != "num"
            or self.low(j + 1 + label) not in to
            or self.kind(j + 2 + label) != "num"
        ):
            return
        first, last = self.units[j].tok, self.units[j + 2 + label].tok
        if (
            first is None
            or last is None
            or not self.money(self.units[j])
            or not self.money(self.units[j + 2 + label])
        ):
            return
        if (not exact_ends and not self._quantified(at)) or self._margins(j + 3 + label):
            return  # "between 2.00 and 7.25 more expensive than B": gaps, not prices
        period = last.period or first.period
        factor = Decimal(12) if period == "year" else Decimal(1)
        if self.narrowed or (period is None and (self.year_context or self.other_context)):
            return  # "the other offers range from ...": some offers only
        lows, highs = first.values, last.values

        def test(table: Table) -> bool | None:
            values = [(r.value or Decimal(0)) * factor for r in table.priced()]
            if exact_ends:
                return min(values) in lows and max(values) in highs
            return all(any(lo <= v <= hi for lo in lows for hi in highs) for v in values)

        self.add(
            f"prices {'range' if exact_ends else 'lie'} {first.text} to {last.text}",
            test,
            at,
            j + 3 + label,
            exact=len(lows) == 1 and len(highs) == 1,
        )

    def _quantified(self, at: int) -> bool:
        """A range or bound about every record: ``all three offers cost between ...`` (not
        ``two of the four offers``, ``two offers``, ``some offers``: some of them)."""
        for k in range(max(0, at - 6), at):
            if self.low(k) in _SOME or (
                self.kind(k) == "num" and self.low(k - 1) not in ("the", "all")
            ):
                return False
        for k in range(max(0, at - 6), at):
            if self.low(k) in (
                "all",
                "every",
                "each",
                "prices",
                "quotes",
                "offers",
                "plans",
                "options",
                "tenders",
            ):
                return True
        return False

    def _quantifier(self, at: int) -> None:
        """``all 3 offers are under 100``, ``every plan is under 40``, ``the 4 quotes fall...``."""
        j = at + 1
        some: int | None = None  # "2 of the 3 offers": exactly 2 of them
        if self.kind(at - 1) == "off":
            return  # "A and C each cost ...": the named records, not every one
        if self._some_before(at):
            return  # "the other three are all above 72": not every record
        start = at
        if self.low(at) == "the" and self.kind(j) == "num":
            part = self.units[at - 2].tok if self.low(at - 1) == "of" and at >= 2 else None
            if part is None or self.kind(at - 2) != "num" or len(part.values) != 1:
                return  # "the two quotes": some of them
            some, start = int(part.values[0]), at - 2  # "2 of the 3 offers": the 2 as well
            self._count(j, at)
            j += 1
        elif self.kind(j) == "num":
            tok = self.units[j].tok
            if tok is not None and tok.values != (Decimal(len(self.table.records)),):
                if self.low(j + 1) in lx.OFFER_NOUNS:
                    self._count(j, at)  # "all five offers" of four: a wrong count
                return  # "all three under £150" of seven: the three named before, a subset
            self._count(j, at)
            j += 1
        self._bound_some(start, j, some)

    def _some_before(self, at: int) -> bool:
        """The clause before ``at`` names some records only (``the other three``, ``the
        rest``, ``the two cheapest``) or some by name (``A and C are all ...``)."""
        k = at - 1
        while (
            k >= 0
            and self.low(k) not in (";", ":", ".", "while", "whereas", "but")
            and not (self.low(k) == "so" and self.low(k - 1) == ",")
        ):  # "A costs $15, so all three tie": a new clause
            if (
                self.low(k) in lx.SUBSET_WORDS
                or self.low(k) in ("others", "rest")
                or (self.kind(k) == "off")
            ):
                return True
            k -= 1
        return False

    def _some_offers(self, at: int) -> None:
        """``Two offers cost more than 40``, ``only one plan is under 10``: exactly that many
        records beyond the bound (a count that opens the sentence or a clause)."""
        tok = self.units[at].tok
        if (
            tok is None
            or len(tok.values) != 1
            or tok.money
            or tok.period is not None
            or self.low(at - 1) not in ("", ",", "and", ";", ":", "only", "just", "exactly")
            or not (
                self.low(at + 1) in lx.OFFER_NOUNS
                or self._of_the_offers(at + 1)
                or self._of_the_others(at + 1) is not None
                or ((at <= 1 or self._after_whole_opener(at)) and self.low(at + 1) in _COUNT_VERBS)
            )  # "Three come in under 50", "Out of the 6 plans, 3 are under 500"
        ):
            return
        if self._of_the_offers(at + 1):
            self._bound_some(at - (self.low(at - 1) in ("only", "just", "exactly")),
                             self._past_of_the(at + 1), int(tok.values[0]))  # fmt: skip
            return
        others = self._of_the_others(at + 1)
        if others is not None:  # "two of the other three come in below 40"
            self._bound_some(at - (self.low(at - 1) in ("only", "just", "exactly")),
                             others[0], int(tok.values[0]), only=others[1])  # fmt: skip
            return
        self._bound_some(at - (self.low(at - 1) in ("only", "just", "exactly")), at + 1,
                         int(tok.values[0]))  # fmt: skip

    def _apposed(self, at: int) -> tuple[int, tuple[str, ...]] | None:
        """``, A and B,`` at ``at`` (records in apposition to a count before it): where the
        verb after it is and the records, in order."""
        if self.low(at) != ",":
            return None
        names: list[str] = []
        j = at + 1
        while self.kind(j) == "off":
            offer = self.units[j].offer
            if offer is None or offer in names:
                return None
            names.append(offer)
            j += 1
            if self.low(j) in (",", "and") and self.kind(j + 1) == "off":
                j += 1
        if not names or self.low(j) != ",":
            return None
        return j + 1, tuple(names)

    def _after_whole_opener(self, at: int) -> bool:
        """The count at ``at`` follows an opener naming every record: ``Out of the 6 plans,
        3 are ...``, ``Of the five new offers, four ...`` (not ``Of the cheaper two,``)."""
        if self.low(at - 1) != ",":
            return False
        k = 1 if self.low(0) == "out" else 0
        if self.low(k) not in ("of", "among") or self.low(k + 1) != "the":
            return False
        k += 2
        if self.kind(k) == "num":
            tok = self.units[k].tok
            if tok is None or tok.money or tok.values != (Decimal(len(self.table.records)),):
                return False
            k += 1
        if self.low(k) not in lx.OFFER_NOUNS and self.kind(k) == "w":
            k += 1  # "the five new offers"
        return self.low(k) in lx.OFFER_NOUNS and k + 1 == at - 1

    def _of_the_offers(self, at: int) -> bool:
        """``of the offers``, ``of the three (offers)`` (all three of them) at ``at``: every
        record (not ``of the cheaper offers``, ``of the two``)."""
        if self.low(at) != "of" or self.low(at + 1) != "the":
            return False
        if self.low(at + 2) in lx.OFFER_NOUNS:
            return True
        count = self.units[at + 2].tok if self.kind(at + 2) == "num" else None
        return (
            count is not None
            and not count.money
            and count.values == (Decimal(len(self.table.records)),)
            and (
                self.low(at + 3) in lx.OFFER_NOUNS
                or self.low(at + 3) in _COUNT_VERBS
                or _kind_plural(self.low(at + 3))  # "of the six CRMs": all six records
            )
        )

    def _of_the_others(self, at: int) -> tuple[int, tuple[str, ...]] | None:
        """``of the other three (offers)``, ``of the others`` at ``at``, after a clause
        naming records (or, naming none, after a sentence that did): where it ends and the
        records not named, whose number a stated count must match."""
        if self.low(at) != "of" or self.low(at + 1) != "the":
            return None
        j = at + 2
        if self.low(j) == "others":
            count = None
        elif self.low(j) == "other" and self.kind(j + 1) == "num":
            tok = self.units[j + 1].tok
            if tok is None or tok.money or tok.pct or len(tok.values) != 1:
                return None
            count, j = int(tok.values[0]), j + 1
        else:
            return None
        j += 1
        j += self.low(j) in lx.OFFER_NOUNS
        named = [u.offer for u in self.units[:at] if u.kind == "off" and u.offer]
        named = named or list(self.before.named)
        others = tuple(r.id for r in self.table.records if r.id not in named)
        if not named or not others or (count is not None and count != len(others)):
            return None
        return j, others

    def _past_of_the(self, at: int) -> int:
        """Where ``of the (three) (offers)`` that starts at ``at`` ends."""
        j = at + 2
        j += self.kind(j) == "num"
        return j + (self.low(j) in lx.OFFER_NOUNS or _kind_plural(self.low(j)))

    def _all_but(self, at: int) -> None:
        """``All but one of the five offers cost more than 20``: that many fewer than all."""
        tok = self.units[at + 2].tok if self.kind(at + 2) == "num" else None
        fewer = 1 if self.low(at + 2) == "one" else None
        if tok is not None and not tok.money and len(tok.values) == 1:
            fewer = int(tok.values[0])
        if fewer is None:
            return
        if self._of_the_offers(at + 3):
            self._bound_some(at, self._past_of_the(at + 3), len(self.table.records) - fewer)
        elif self.low(at + 3) in _COUNT_VERBS or self.low(at + 3) in lx.OFFER_NOUNS:
            j = at + 3 + (self.low(at + 3) in lx.OFFER_NOUNS)  # "All but one (plan) costs"
            self._bound_some(at, j, len(self.table.records) - fewer)

    def _others_bound(self, at: int) -> None:
        """``the other two are both above 310``, ``the rest all cost under 20``: every
        record the sentence (or, naming none, the previous one) did not name is beyond the
        bound; a stated count must match them."""
        lead = self.low(at - 1)
        if lead not in ("the", "everything", "everyone") or (lead == "the") != (
            self.low(at) != "else"
        ):
            return  # "everything else is above 70", "the rest": not "the else"
        if self.negated_anywhere or self.low(at - 2) == "of":
            return  # "None of the others costs less": another form; "most of the others"
        j = at + 1
        count: int | None = None
        if self.low(at) in ("other", "remaining"):
            tok = self.units[j].tok if self.kind(j) == "num" else None
            if tok is not None and len(tok.values) == 1 and not tok.money and not tok.pct:
                count, j = int(tok.values[0]), j + 1
            if self.low(j) in lx.OFFER_NOUNS or self.low(j) == "ones":
                j += 1
            elif count is None:
                return  # "the other day"
        named = [u.offer for u in self.units[: at - 1] if u.kind == "off"]
        named = named or list(self.before.named)
        others = tuple(r.id for r in self.table.records if r.id not in named)
        if not named or not others or (count is not None and count != len(others)):
            return
        while self.low(j) in ("both", "all", "each"):
            j += 1
        self._bound_some(at - 1, j, None, only=others)

    def _bound_some(self, at: int, j: int, some: int | None, only: tuple[str, ...] = ()) -> None:
        """From ``j`` (the offer noun): ``are under 100``: every record (``some``: exactly
        that many; ``only``: every one of those) beyond the bound."""
        while self.low(j) in lx.OFFER_NOUNS or self.low(j) in ("of", "the", "monthly", "prices"):
            j += 1
        while (
            self.low(j) in _COUNT_VERBS
            or self.low(j) in ("in", "at")
            or (only and self.low(j) in ("both", "all", "each"))
        ):
            j += 1
        if only and self.low(j) == "between":
            return  # "the others lie between 20 and 30": not read
        if some is None and not only and self.low(j + (self.low(j) == "the")) in _SAME:
            self._all_tie(at, j + (self.low(j) == "the") + 1)  # "All three cost the same"
            return
        if some is None and not only and self.low(j) in _TIED:
            self._all_tie(at, j + 1)  # "so all three tie", "All four are level at 20"
            return
        if self.low(j) == "between" or (self.low(j) == "the" and self.kind(j + 1) == "num"):
            k = j + 1
            if (
                self.kind(k) == "num"
                and self.low(k + 1) in ("-", "to", "and")
                and self.kind(k + 2) == "num"
            ):
                self._range_all(at, k, some)
            return
        if some is not None and self._counted_against(at, j, some):
            return  # "Only one offer is cheaper than silver"
        if self.low(j) == "within" and some is None and not only:
            self._within_each_other(at, j + 1)  # "All three are within 4 of each other"
            return
        bound = self._english_bound(j)
        if bound is None:
            return
        direction, j = bound
        unit = self.units[j] if j < len(self.units) else None
        if unit is not None and unit.kind == "w" and unit.low in ("that", "this"):
            unit = self._amount_before(at)  # "three of the five come in under that"
            j += self.low(j + 1) in _THAT_NOUNS  # "above that mark"
            if unit is None or unit.tok is None:
                return
        elif unit is None or unit.tok is None or not (self.money(unit) or (only and _bare(unit))):
            return
        tok = unit.tok
        end = j + 1 + 2 * (self.low(j + 1) == "or" and self.low(j + 2) in _OR_BOUND)
        while self.low(end) in ("a", "per", "month", "monthly", "each", "/", "mo"):
            end += 1
        if (some is not None or only) and (
            (self.narrowed and not only) or self.low(end) not in _CLAUSE_ENDS
        ):
            return  # "two offers cost more than 40 with the add-on": not the prices alone
        tests = []
        for reading, period in self.amount_readings(tok):
            factor = Decimal(12) if period == "year" else Decimal(1)
            tests.append(_every(factor, reading.value, direction, some, only))
        word = {"cheaper": "less than", "more_expensive": "more than"}.get(
            direction, direction.replace("_", " ")
        )
        many = "every offer costs" if some is None else f"exactly {some} offer(s) cost"
        if only:
            many = f"{', '.join(only)} each cost"
            if some is not None:
                many = f"exactly {some} of {', '.join(only)} cost"
        listed = self.low(end) in (":", "-", "(")  # "Two are under 50: a and b": which two
        self.add(f"{many} {word} {tok.text}", _any_of(tests), at, j + 1,
                 exact=len(tok.values) == 1, certain=not listed)  # fmt: skip

    def _english_bound(self, j: int) -> tuple[str, int] | None:
        """The direction of the bound whose word is at ``j`` (``under``, ``at least``,
        ``100 or less``, ``cheaper than``) and where its amount is."""
        word = self.low(j)
        if word in ("least", "most") and self.low(j - 1) == "at":  # "at least 16": or more
            return ("at_least" if word == "least" else "at_most"), j + 1
        if word in ("under", "below"):
            return "cheaper", j + 1
        if word in ("over", "above", "exceed", "exceeds"):
            return "more_expensive", j + 1
        if self.kind(j) == "num" and self.low(j + 1) == "or" and self.low(j + 2) in _OR_BOUND:
            return _OR_BOUND[self.low(j + 2)], j  # "cost $100 or less"
        if self._than_bound(j):  # "less than", "cheaper than", "more expensive than"
            skip = 3 if self.low(j + 1) == "expensive" else 2
            return ("cheaper" if word in _CHEAPER_THAN else "more_expensive"), j + skip
        return None

    def _amount_before(self, at: int) -> Unit | None:
        """The one amount of the sentence before ``at`` (what ``that`` stands for in
        ``A costs 142, and three of the others come in below that``); None with two."""
        amounts = [u for u in self.units[:at] if self.money(u)]
        return amounts[0] if len(amounts) == 1 else None

    def _than_bound(self, j: int) -> bool:
        """A comparative with ``than`` at ``j``: ``less than``, ``cheaper than``, ``more
        expensive than``, ``dearer than`` (the bound after it)."""
        word = self.low(j)
        if word in ("less", "more") and self.low(j + 1) == "expensive":
            return self.low(j + 2) == "than"
        return (word in _CHEAPER_THAN or word in _DEARER_THAN) and self.low(j + 1) == "than"

    def _labelled_bound(self, at: int) -> None:
        """``Under £500: four plans — a, b, c, d``, ``Under £200: 2 of 4``: exactly that many
        records beyond the bound (the list after it left to the reviewer)."""
        direction = {"under": "cheaper", "below": "cheaper", "over": "more_expensive",
                     "above": "more_expensive"}.get(self.low(at))  # fmt: skip
        unit = self.units[at + 1] if self.kind(at + 1) == "num" else None
        count = self.units[at + 3].tok if self.kind(at + 3) == "num" else None
        if (
            direction is None
            or unit is None
            or unit.tok is None
            or not self.money(unit)
            or self.low(at + 2) != ":"
            or count is None
            or count.money
            or len(count.values) != 1
            or self.negated_anywhere
        ):
            return
        some = int(count.values[0])
        end = at + 4
        if self.low(end) == "of":  # "2 of 4": of all the records, or not read
            total = self.units[end + 1].tok if self.kind(end + 1) == "num" else None
            if total is None or total.values != (Decimal(len(self.table.records)),):
                return
            end += 2
        tok = unit.tok
        tests = [
            _every(Decimal(12 if period == "year" else 1), reading.value, direction, some, ())
            for reading, period in self.amount_readings(tok)
        ]
        word = "less than" if direction == "cheaper" else "more than"
        self.add(f"exactly {some} offer(s) cost {word} {tok.text}", _any_of(tests), at, end,
                 exact=len(tok.values) == 1, certain=False)  # fmt: skip

    def _foreign_bound(self, at: int) -> None:
        """``Zwei der drei Angebote liegen unter 30 €``, ``Les trois offres coûtent moins de
        40 €``, ``Solo una delle tre offerte supera i 40 €``, ``Dwie z czterech ofert
        kosztują mniej niż 200 zł``: how many of the offers (all, or a count of them) lie
        beyond a bound, where a clause opens; the verb may be any one or two words."""
        if at and self.low(at - 1) not in (",", ";", ":", "-", "(", "and", "e", "et", "y", "und"):
            return
        if self._some_before(at):
            return  # "a, b and c form the cheap tier, all below 55 EUR": those three
        j, some, only = at, None, False
        if self.low(j) in langs.ONLY:
            j, only = j + 1, True
        word = self.low(j)
        if word in langs.COUNTS and self.kind(j) == "w":
            some = langs.COUNTS[word]
        elif self.kind(j) == "num" and (tok := self.units[j].tok) is not None:
            if tok.money or tok.pct or tok.period is not None or len(tok.values) != 1:
                return
            some = int(tok.values[0])
        elif (word in langs.ONES and self.low(j + 1) in langs.PARTITIVES) or (
            only and word == "one"
        ):
            some = 1  # "Solo una delle tre", "Only one exceeds $6.50"
        elif word not in langs.ALL and not (word in ("les", "the") and self._counts_all(j + 1)):
            return
        elif word in langs.BOTH and len(self.table.records) != 2:
            return  # "Beide liegen unter 28 €": two named before, of three
        j += 1
        apposed = self._apposed(j) if some is not None else None
        if apposed is not None:  # "Just one, Colonna, goes above 25": that one, and only it
            if len(apposed[1]) != some:
                return
            self._bound_some(at, apposed[0], None, only=apposed[1])
            j = apposed[0]
        if some is None and self.kind(j) in ("num", "w") and self._counts_other(j):
            return  # "All three are under 430" of six: a subset named before
        while self.low(j) in langs.PARTITIVES or self._counts_all(j) or self.low(j) == "d'entre":
            j += 1
        if self.low(j) in langs.COUNTED or self.low(j) in _OF_THEM:
            j += 1  # "Drei Tarife", "Drie daarvan", "Quatre d'entre eux": of every record
        elif some is not None and j == at + 1 + only and not only:
            return  # "Zwei liegen unter 30": two what? ("Only two exceed $250": two offers)
        if only and some is None:
            return
        j += self.low(j) in ("even", "still", "actually", "also")  # "Three of them even come"
        found = self._bound_word(j) or self._bound_word(j + 1) or self._bound_word(j + 2)
        if found is None:
            return
        direction, k = found
        while self.low(k) in _BEFORE_BOUND_AMOUNT:
            k += 1  # "supera i 40 €", "sous la barre des 55 €"
        unit = self.units[k] if k < len(self.units) else None
        if unit is None or unit.tok is None or not self.money(unit):
            return
        end = k + 1
        while self.low(end) in lx.PERIOD_WORDS or self.low(end) in ("miesięcznie", "/", "mo"):
            end += 1
        narrowed = any(
            self.low(m) in lx.NARROWING for m in range(len(self.units)) if not at <= m < j
        )  # "les deux autres": some of them; "Deux des trois offres": the count itself
        if narrowed or self.negated_anywhere or self.low(end) not in _CLAUSE_ENDS:
            return  # "... unter 30 € mit dem Gutschein": not the prices alone
        tok = unit.tok
        tests = [
            _every(Decimal(12) if period == "year" else Decimal(1), reading.value, direction, some)
            for reading, period in self.amount_readings(tok)
        ]
        many = "every offer costs" if some is None else f"exactly {some} offer(s) cost"
        word = "less than" if direction == "cheaper" else "more than"
        listed = self.low(end) in (":", "-", "(")  # "Only two exceed $250: a and b": which
        self.add(f"{many} {word} {tok.text}", _any_of(tests), at, k + 1,
                 exact=len(tok.values) == 1, certain=not listed)  # fmt: skip

    def _counts_other(self, at: int) -> bool:
        """A count at ``at`` that is not the number of every record."""
        count = self._count_at(at)
        return count is not None and count != len(self.table.records)

    def _counts_all(self, at: int) -> bool:
        """A count at ``at`` that is the number of every record (``der drei``, ``des trois``)."""
        return self._count_at(at) == len(self.table.records)

    def _count_at(self, at: int) -> int | None:
        """The count written at ``at`` (``drei``, ``3``, ``three``), if one is."""
        count = langs.COUNTS.get(self.low(at)) if self.kind(at) == "w" else None
        tok = self.units[at].tok if self.kind(at) == "num" else None
        if tok is not None and not tok.money and len(tok.values) == 1:
            count = int(tok.values[0])
        return count

    def _bound_word(self, at: int) -> tuple[str, int] | None:
        """The bound words at ``at`` (``unter``, ``moins de``, ``mniej niż``), which way
        they bound, and where they end."""
        for size in (3, 2, 1):
            words = tuple(self.low(k) for k in range(at, at + size))
            if words in langs.BOUND_BELOW:
                return "cheaper", at + size
            if words in langs.BOUND_ABOVE:
                return "more_expensive", at + size
        return None

    def _counted_against(self, at: int, j: int, some: int) -> bool:
        """``Two offers are cheaper than silver``: exactly that many records are cheaper
        (or dearer) than the record named (read when the sentence ends there)."""
        word = self.low(j)
        if word in ("cheaper", "pricier", "dearer", "costlier"):
            cheap, k = word == "cheaper", j + 1
        elif word in ("less", "more") and self.low(j + 1) in ("expensive", "costly"):
            cheap, k = word == "less", j + 2
        else:
            return False
        if self.low(k) != "than" or self.kind(k + 1) != "off":
            return False
        end = k + 2
        if self.narrowed or self.low(end) not in ("", ".", "!", ";", ","):
            return False
        target = self.units[k + 1].offer or ""

        def test(table: Table) -> bool | None:
            base = next((r.value for r in table.priced() if r.id == target), None)
            if base is None:
                return None
            values = [r.value or Decimal(0) for r in table.priced() if r.id != target]
            return sum(1 for v in values if (v < base if cheap else v > base)) == some

        word = "cheaper" if cheap else "more expensive"
        self.add(f"exactly {some} offer(s) {word} than {target}", test, at, end,
                 exact=self.units[k + 1].exact)  # fmt: skip
        return True

    def _within_each_other(self, at: int, j: int, only: tuple[str, ...] = ()) -> int | None:
        """``All three offers are within 4 of each other``: the highest price minus the
        lowest is at most the amount (read when the sentence ends there); ``only``: of
        those records (``A, B and C are all within 0.50 of each other``, a clause)."""
        unit = self.units[j] if j < len(self.units) else None
        tok = unit.tok if unit is not None else None
        if tok is None or tok.pct or tok.unit not in (None, "of") or unit is None:
            return None  # "within 4 of each other": the "of" is no unit of the 4
        end = j + 1
        if (self.low(end), self.low(end + 1), self.low(end + 2)) not in (
            ("of", "each", "other"),
            ("of", "one", "another"),
        ):
            return None
        end += 3
        while self.low(end) in ("a", "per", "month", "monthly", "/", "mo"):
            end += 1
        narrowing = any(
            u.low in lx.NARROWING and u.low not in ("within", "other") for u in self.units
        )
        ends = _CLAUSE_ENDS | {"so"} if only else {"", ".", "!", ";"}
        if (narrowing and not only) or self.low(end) not in ends:
            return None
        values = tok.values

        def test(table: Table) -> bool | None:
            prices = [r.value or Decimal(0) for r in table.priced() if not only or r.id in only]
            return any(max(prices) - min(prices) <= v for v in values)

        which = ", ".join(only) if only else "the prices"
        self.add(f"{which} lie within {tok.text} of each other", test, at, end,
                 exact=len(values) == 1)  # fmt: skip
        return end

    def _all_tie(self, at: int, j: int) -> None:
        """``All three offers cost the same (15.00 per month)``: every record at one price
        (that price, when stated); read when the sentence ends there."""
        j += self.low(j) in ("price", "amount")
        while self.low(j) in ("of", "at", ":", ","):
            j += 1
        tok = self.units[j].tok if self.kind(j) == "num" else None
        if tok is not None and not (self.money(self.units[j]) or _bare(self.units[j])):
            return
        end = j + (tok is not None)
        while self.low(end) in ("a", "per", "month", "monthly", "each", "/", "mo"):
            end += 1
        if self.narrowed or self.low(end) not in ("", ".", "!", ";"):
            return
        values = tok.values if tok is not None else ()

        def test(table: Table) -> bool | None:
            prices = {r.value for r in table.priced()}
            return len(prices) == 1 and (not values or next(iter(prices)) in values)

        says = "every offer costs the same" + (f", {tok.text}" if tok is not None else "")
        self.add(says, test, at, end, exact=len(values) <= 1)

    def _opens_on_a_subset(self) -> bool:
        """The sentence opens on a group that may not be every record: ``Among the fixed
        contracts``, ``Van de drie vaste contracten``, ``Unter den Festnetz-Tarifen``; not
        ``Of all the offers`` or ``Among the five quotes`` (five being all of them)."""
        if self.low(0) not in _SUBSET_OPENERS or self.low(1) not in _GROUP_ARTICLES:
            return False
        n = len(self.table.records)
        k = 2
        while k < len(self.units) and self.kind(k) != "off" and self.low(k) not in (",", "(", ":"):
            unit = self.units[k]
            if unit.kind == "num":
                if unit.tok is None or unit.tok.values[:1] != (Decimal(n),):
                    return True
            elif unit.kind == "w" and unit.low not in _WHOLE_GROUP_WORDS:
                return True
            k += 1
        return False

    def _counts_fewer(self, k: int) -> bool:
        """A count before unit ``k`` of fewer records than the inputs hold (``The three
        hyperscalers``): the sentence is about those only."""
        n = len(self.table.records)
        for j in range(k):
            unit = self.units[j]
            tok = unit.tok
            if (
                unit.kind == "num"
                and tok is not None
                and not tok.money
                and not tok.pct
                and len(tok.values) == 1
                and tok.values[0] == int(tok.values[0])
                and tok.values[0] < n
            ):
                return True
        return False

    def _margins(self, k: int) -> bool:
        """A comparison follows the range ending before ``k`` (``... 7.25 more than B``):
        its ends are margins, not prices."""
        while self.low(k) in ("a", "per", "month", "monthly", "each", "/", "mo", "year"):
            k += 1
        return self.low(k) in _MARGIN_WORDS

    def _range_all(self, at: int, k: int, some: int | None = None) -> None:
        """``all offers cost between 90 and 120`` (``some``: exactly that many do)."""
        first, last = self.units[k].tok, self.units[k + 2].tok
        if first is None or last is None or self._margins(k + 3):
            return
        if (last.unit is not None or first.unit is not None) and not (first.money or last.money):
            return  # "in the 150 to 200 Mbps range": speeds, no prices
        if some is None and self._counts_fewer(k):
            return  # "The three hyperscalers are all in the 184-236 range": three of five
        period = last.period or first.period
        if self.narrowed or (period is None and (self.year_context or self.other_context)):
            return
        factor = Decimal(12) if period == "year" else Decimal(1)
        lows, highs = first.values, last.values

        def test(table: Table) -> bool | None:
            values = [(r.value or Decimal(0)) * factor for r in table.priced()]
            inside = [any(lo <= v <= hi for lo in lows for hi in highs) for v in values]
            if some is None:
                return all(inside)
            if len(lows) * len(highs) != 1:
                return None if sum(inside) >= some else False
            return sum(inside) == some

        many = "every offer lies" if some is None else f"exactly {some} offer(s) lie"
        self.add(
            f"{many} in {first.text}-{last.text}",
            test,
            at,
            k + 3,
            exact=len(lows) == 1 and len(highs) == 1,
        )

    def _no_other_matches(self, at: int) -> bool:
        """``No other offer matches M's price``, ``No other plan costs the same as M``: no
        record but M has M's price (read only when the sentence ends there)."""
        j = at + 2
        if self.low(at + 1) != "other" or self.low(j) not in lx.OFFER_NOUNS:
            return False
        j += 1
        if self.low(j) in ("matches", "equals", "shares", "has") and self.kind(j + 1) == "off":
            j += 1
        elif self.low(j) in ("costs", "is", "comes") and self.low(j + 1) in ("the", "priced"):
            j += 1 + (self.low(j + 1) == "priced")
            j += self.low(j) == "the"
            if self.low(j) != "same" or self.low(j + 1) != "as" or self.kind(j + 2) != "off":
                return False
            j += 2
        else:
            return False
        offer = self.units[j].offer or ""
        end = j + 1
        while self.low(end) in ("'s", "s", "'", "price", "monthly", "rate", "pricing"):
            end += 1
        if self.low(end) not in ("", ".", "!", ";") or any(
            u.low in lx.NARROWING for k, u in enumerate(self.units) if k != at + 1
        ):
            return False

        def test(table: Table) -> bool | None:
            value = next((r.value for r in table.priced() if r.id == offer), None)
            if value is None:
                return None
            return all(r.value != value for r in table.priced() if r.id != offer)

        self.add(f"no other offer costs what {offer} costs", test, at, end,
                 exact=self.units[j].kind == "off")  # fmt: skip
        return True

    def _no_two_alike(self, at: int) -> bool:
        """``No two offers share the same price``, ``No two plans cost the same``: every
        price differs (read only when the sentence ends there)."""
        j = at + 2
        two = self.units[at + 1].tok if self.kind(at + 1) == "num" else None
        if two is None or two.values != (Decimal(2),) or two.money:
            return False
        if self.low(j) == "of" and self.low(j + 1) == "the":  # "No two of the five plans"
            count = self.units[j + 2].tok if self.kind(j + 2) == "num" else None
            if count is not None and count.values != (Decimal(len(self.table.records)),):
                return False  # "No two of the three cheapest": some of them
            j = self._past_of_the(j)
        elif self.low(j) == "of" and self.low(j + 1) in ("these", "those", "our", "your"):
            j += 2  # "No two of these plans": of all the records compared
            if self.low(j) not in lx.OFFER_NOUNS or self.narrowed:
                return False
            j += 1
        elif self.low(j) in lx.OFFER_NOUNS:
            j += 1
        else:
            return False
        j += self.low(j) in _HERE  # "No two plans here cost the same"
        if self.low(j) not in ("share", "have", "cost", "are"):
            return False
        j += 1 + (self.low(j + 1) == "priced")
        j += self.low(j) == "the"
        if self.low(j) not in _SAME:
            return False
        j += 1
        while self.low(j) in ("monthly", "price", "prices", "rate", "amount"):
            j += 1
        if self.low(j) in ("per", "a", "each") and self.low(j + 1) in ("month", "mo"):
            j += 2  # "No two of the five tools cost the same per month"
        if self.low(j) not in ("", ".", "!", ";"):
            return False

        def test(table: Table) -> bool | None:
            values = [r.value for r in table.priced()]
            return len(set(values)) == len(values)

        self.add("no two offers cost the same", test, at, j, exact=True)
        return True

    def _clause_start(self, at: int) -> bool:
        """``at`` opens a clause after the first (``..., and none is over £105``)."""
        return self.low(at - 1) in (";", "and", "but") and self.low(at - 2) in (",", ";", "")

    def _none_beyond(self, at: int) -> None:
        """``No offer costs more than 130``, ``None of the plans is under 40``: a bound that
        no record passes (``no`` must be followed by an offer noun)."""
        j = at + 1
        counted = False  # "None of the three costs more than 8": the offers, no noun
        if self.low(at) == "nothing":  # "Nothing in the list is cheaper than X"
            counted, j = True, self._past_the_list(j)
        if self.low(at) == "none" and self.low(j) == "of":
            j += 1
            if self.low(j) == "them" and not self.before.named and at == 0:
                counted, j = True, j + 1  # "None of them goes above $18" after no names: all
            while self.low(j) in ("the", "these") or self._count_word(j):
                counted = counted or self.low(j) not in ("the", "these")
                j += 1
        if self.low(j) in ("other", "others"):
            self._none_other_beyond(at, j)  # "no other plan is below 110"
            return
        if self.low(j) in lx.OFFER_NOUNS:
            j += 1 + (self.low(j + 1) in _HERE)  # "No plan here costs more than X"
        elif not (
            (counted or (self.low(at) == "none" and (at == 0 or self._clause_start(at))))
            and self.low(j)
            in ("costs", "is", "comes", "goes", "falls", "exceeds", "sits", "charges")
        ):
            return  # "None costs less than £25 a month": none of the offers
        but: list[str] = []  # "No offer other than X (and Y) costs more than 24"
        if (self.low(j), self.low(j + 1)) in (("other", "than"), ("apart", "from")) or (
            self.low(j) in ("except", "besides", "but")
        ):
            j += 2 if self.low(j + 1) in ("than", "from") else 1
            while self.kind(j) == "off":
                but.append(self.units[j].offer or "")
                j += 1 + (self.low(j + 1) in ("and", ",") and self.kind(j + 2) == "off")
            if not but:
                return
        if not but and self._none_beyond_offer(at, j):
            return  # "No offer is cheaper than quartz": quartz is (one of) the cheapest
        self._beyond_from(at, j, but)

    def _past_the_list(self, j: int) -> int:
        """Past ``in the list``, ``on this shortlist``, ``here``, ``else`` after ``nothing``."""
        if self.low(j) in ("in", "on") and self.low(j + 1) in ("the", "this", "your", "my"):
            return j + 3 if self.low(j + 2) in _LISTS else j
        return j + (self.low(j) in ("here", "else", "listed", "quoted"))

    def _none_other_beyond(self, at: int, j: int) -> None:
        """``A is the cheapest, and no other plan is below 110``, ``none of the others
        costs more than 50``: no record but those the sentence names before (or, naming
        none, the previous one named) is beyond the bound; what those cost is not said."""
        named = [u.offer or "" for u in self.units[:at] if u.kind == "off"]
        named = sorted(set(named or self.before.named))
        if len(named) != 1 or self.low(j) not in ("other", "others"):
            return  # "A and B are dear. None of the others ...": whose others is unclear
        j += 1
        j += self.low(j - 1) == "other" and (self.low(j) in lx.OFFER_NOUNS or self.low(j) == "one")
        self._beyond_from(at, j, named, free=True)

    def _none_beyond_offer(self, at: int, j: int) -> bool:
        """From ``j`` (``is cheaper than X``): no record is beyond X; read when it ends the
        clause."""
        while self.low(j) in ("is", "are", "comes", "costs"):
            j += 1
        word = self.low(j)
        if word in ("less", "more") and self.low(j + 1) in ("expensive", "costly"):
            cheap, j = word == "less", j + 1
        elif word in lx.CHEAP_CMP or word in lx.DEAR_CMP:
            cheap = word in lx.CHEAP_CMP
        else:
            return False
        if self.low(j + 1) != "than" or self.kind(j + 2) != "off":
            return False
        end = j + 3
        k = (
            end
            + (self.low(end) in ("'", "at"))
            + (self.low(end) == "'" and self.low(end + 1) == "s")
        )
        tok = self.units[k].tok if self.kind(k) == "num" and self.money(self.units[k]) else None
        if k > end and tok is not None:  # "than Medivet's £16.00": its price
            self._price(self.units[j + 2], tok, j + 2, k + 1)
            end = k + 1
        if self.low(end) not in _CLAUSE_ENDS:
            return False
        offer = self.units[j + 2].offer or ""
        kind = "dear" if cheap else "cheap"  # none cheaper than X: X is not beaten cheaply
        word = "cheaper" if cheap else "more expensive"
        self.add(f"no offer is {word} than {offer}", no_further(offer, kind), at, end,
                 exact=self.units[j + 2].exact)  # fmt: skip
        return True

    def _only_beyond(self, at: int) -> None:
        """``Only B comes in below 13``, ``only A and C cost more than 20``: the named
        records pass the bound and no other does (``only`` opens the clause)."""
        if at and self.low(at - 1) not in (",", ";", ":", "(", "so", "and", "but"):
            return
        j, but = at + 1, []
        while self.kind(j) == "off":
            but.append(self.units[j].offer or "")
            j += 1 + (self.low(j + 1) in ("and", ",") and self.kind(j + 2) == "off")
        if but and len(set(but)) == len(but):
            self._beyond_from(at, j, but)

    def _the_only_beyond(self, at: int) -> None:
        """``B is the only plan that costs more than 30``, ``B is the only one above 65``:
        B passes the bound and no other record does (``at``: the word ``only``)."""
        if self.low(at - 1) != "the" or self.low(at - 2) not in ("is", "was"):
            return
        if self.kind(at - 3) != "off" or self.negated_anywhere:
            return
        j = at + 1
        if self.low(j) not in lx.OFFER_NOUNS and self.low(j) != "one":
            return
        j += 1 + (self.low(j + 1) in ("that", "which", "to"))
        self._beyond_from(at - 3, j, [self.units[at - 3].offer or ""])

    def _beyond_from(self, at: int, j: int, but: list[str], *, free: bool = False) -> None:
        """The bound from unit ``j`` on (``costs more than 24``) that no record but ``but``
        passes (and each of ``but`` does): the statement read from ``at``."""
        while self.low(j) in ("costs", "cost", "is", "are", "comes", "come", "in", "priced",
                              "at", "goes", "sits", "charges", "charge", "bills"):  # fmt: skip
            j += 1
        word = self.low(j)
        if word in ("more", "less") and self.low(j + 1) in ("expensive", "costly"):
            j += 1  # "None of the three is more expensive than 130"
            word = "pricier" if word == "more" else "cheaper"
        if word in ("under", "below") or (
            word in ("less", "cheaper") and self.low(j + 1) == "than"
        ):
            direction = "cheaper"
        elif word in ("over", "above", "exceeds", "exceed", "tops") or (
            word in ("more", "pricier") and self.low(j + 1) == "than"
        ):
            direction = "more_expensive"
        else:
            return
        j += 2 if self.low(j + 1) == "than" else 1
        self._none_beyond_amount(at, j, direction, but, free=free)

    def _foreign_none_beyond(self, at: int) -> None:
        """``Geen van de drie kost meer dan 130``, ``Keines der drei Angebote kostet mehr
        als 130 €``, ``Nessuna delle tre offerte costa più di 130 €``: no record beyond."""
        j = at + 1
        while self.low(j) in _FOREIGN_OF:
            j += 1
        if self.kind(j) == "num" or self.low(j) in langs.COUNT_WORDS:
            count = langs.COUNT_WORDS.get(self.low(j))
            if not (self._count_word(j) or count == len(self.table.records)):
                return  # "geen van de twee" of five: some of them
            j += 1
        j += self.low(j) in lx.OFFER_NOUNS or self.low(j) in _FOREIGN_OFFERS
        while self.low(j) in _FOREIGN_COST or self.low(j) in ("ne", "n'", "nie"):
            j += 1
        word = self.low(j)
        if word in ("plus", "más", "mas", "più", "mais") and self.low(j + 1) in _DEAR_ADJ:
            j, word = j + 1, "teurer"  # "plus cher que", "più caro di"
        elif word in ("moins", "menos", "meno") and self.low(j + 1) in _DEAR_ADJ:
            j, word = j + 1, "billiger"
        if word in _EXCEEDS:  # "Ninguna de las cuatro tarifas supera los 13 €"
            j += 1 + (self.low(j + 1) in _EXCEED_ARTICLES)
            self._none_beyond_amount(at, j, "more_expensive", [])
            return
        if word in langs.UNDER or word in langs.OVER or word in ("under", "over", "sotto", "sopra"):
            over = word in langs.OVER or word in ("over", "sopra")  # "koster under 99 kr"
            j += 1 + (self.low(j + 1) in _EXCEED_ARTICLES)  # "scende sotto i 300 €"
            self._none_beyond_amount(at, j, "more_expensive" if over else "cheaper", [])
            return
        if word in langs.DEAR_CMP or word in langs.MORE:
            direction = "more_expensive"
        elif word in langs.CHEAP_CMP or word in langs.LESS:
            direction = "cheaper"
        else:
            return
        j += 1
        if self.low(j) not in (*langs.THAN, "als", "de", "que", "di", "od", "end"):
            return
        self._none_beyond_amount(at, j + 1, direction, [])

    def _none_beyond_amount(
        self, at: int, j: int, direction: str, but: list[str], *, free: bool = False
    ) -> None:
        """The amount at ``j`` that no record but ``but`` passes in ``direction`` (``free``:
        whatever ``but`` cost); ``over the $1,500 monthly budget``: the budget is the bound."""
        if self.low(j) in _BOUND_DETERMINERS and self.kind(j + 1) == "num":
            j += 1
        unit = self.units[j] if j < len(self.units) else None
        if unit is None or not self.money(unit) or unit.tok is None:
            return
        tok = unit.tok
        tests = []
        for reading, period in self.amount_readings(tok):
            factor = Decimal(12) if period == "year" else Decimal(1)
            tests.append(_none_beyond(factor, reading.value, direction, tuple(but), free=free))
        end = j + 1
        while self.low(end) in ("a", "per", "month", "monthly", "each") or (
            self.low(end) in _FOREIGN_MONTHLY
        ):  # "koster under 99 kr om måneden", "mehr als 55 € im Monat"
            end += 1
        end += self.low(end) in _BOUND_NOUNS and self.low(j - 1) in _BOUND_DETERMINERS
        narrowed = self.narrowed and not (but and self._narrowed_only_by_but())
        if narrowed or self.other_context or not self._clause_ends(end):
            return  # "No offer costs more than 55, except south": not every offer
        word = "less" if direction == "cheaper" else "more"
        other = f" other than {', '.join(but)}" if but else ""
        self.add(f"no offer{other} costs {word} than {tok.text}", _any_of(tests), at, end,
                 exact=len(tok.values) == 1)  # fmt: skip

    def _count_word(self, j: int) -> bool:
        """A whole number of records, in words or digits (``three``, ``3``): the count of
        ``none of the three``."""
        unit = self.units[j] if j < len(self.units) else None
        if unit is None or unit.kind != "num" or unit.tok is None or unit.tok.money:
            return False
        values = unit.tok.values
        return len(values) == 1 and values[0] == len(self.table.records)

    def _clause_ends(self, end: int) -> bool:
        """The sentence ends at ``end``, or a clause that leaves the bound whole follows
        (``, so the price gap is small``; not ``, except B``)."""
        if self.low(end) in ("", ".", "!", ";"):
            return True
        return self.low(end) == "," and self.low(end + 1) in _CLAUSE_AFTER

    def _narrowed_only_by_but(self) -> bool:
        """The sentence's one narrowing word is the ``other``/``except`` it was read with."""
        words = [u.low for u in self.units if u.low in lx.NARROWING]
        return len(words) <= 1


_SUBSET_OPENERS = frozenset({"among", "amongst", "of", "van", "unter", "parmi", "entre", "tra",
                             "fra", "de", "di", "spośród", "blandt", "bland", "av", "onder",
                             "within"})  # fmt: skip
_GROUP_ARTICLES = frozenset({"the", "de", "den", "die", "les", "los", "las", "gli", "i", "le",
                             "these", "those", "all", "het", "dei", "delle", "degli", "des",
                             "os", "as"})  # fmt: skip
_WHOLE_GROUP_WORDS = frozenset(lx.OFFER_NOUNS | lx.GAP_NOUNS | {
    "all", "the", "these", "those", "of", "de", "la", "le", "les", "los", "las", "alle",
    "allen", "tous", "todas", "todos", "tutte", "tutti", "compared", "listed", "available",
    "options", "quotes", "offers", "plans", "ofertas", "offres", "offerte", "angebote",
    "aanbiedingen", "opties", "propostas", "tarife", "tarifs", "tarifas",
})  # fmt: skip
_CLAUSE_AFTER = frozenset({"so", "which", "meaning", "making", "and", "while", "whereas",
                           "though", "although"})  # fmt: skip
_SAME = {"same", "identical", "equal"}
_TIED = frozenset({"tie", "tied", "level", "equal", "identical"})
"""A tie said of every record at once (``all three tie``)."""
_LISTS = frozenset({"list", "table", "shortlist", "comparison", "set", "lineup", "line-up"})
"""What a report calls the records it compares (``nothing in the list``)."""
_HERE = frozenset({"here", "listed", "quoted", "compared", "shown"})
"""After a noun of the records: all of them (``No plan here costs more than X``)."""
_MARGIN_WORDS = {
    "more",
    "less",
    "cheaper",
    "dearer",
    "pricier",
    "costlier",
    "expensive",
    "above",
    "below",
    "over",
    "under",
    "higher",
    "lower",
    "apart",
    "extra",
    "behind",
    "ahead",
}
_OR_BOUND = {
    "less": "at_most",
    "under": "at_most",
    "below": "at_most",
    "lower": "at_most",
    "more": "at_least",
    "over": "at_least",
    "above": "at_least",
    "higher": "at_least",
}
"""After ``$100 or``: the amount bounds the prices with it (``$100 or less``: at most)."""
_OF_THEM = frozenset({"daarvan", "ervan", "davon", "hiervon", "eux", "elles", "ellos", "ellas",
                      "deles", "delas", "them"})  # fmt: skip
"""After a count: ``of them``, every record (``Drie daarvan``, ``Quatre d'entre eux``)."""
_BEFORE_BOUND_AMOUNT = frozenset({"i", "les", "los", "las", "die", "de", "the", "la", "le", "a",
                                  "r", "barre", "des", "seuil", "du", "soglia", "dei", "grens",
                                  "van"})  # fmt: skip
"""Between a bound and its amount: articles, ``la barre des``, ``de grens van``."""
_COUNT_VERBS = {
    "are",
    "is",
    "cost",
    "costs",
    "charge",
    "charges",
    "come",
    "comes",
    "sit",
    "sits",
    "lie",
    "lies",
    "fall",
    "falls",
    "stay",
    "stays",
    "remain",
    "remains",
    "priced",
    "go",
    "goes",
}
_BOUND_DETERMINERS = frozenset({"the", "our", "your", "its", "their", "a"})
_BOUND_NOUNS = frozenset({"budget", "limit", "threshold", "cap", "ceiling"})
_THAT_NOUNS = frozenset(
    {"mark", "figure", "amount", "level", "price", "threshold", "budget", "line", "limit"}
)
_CHEAPER_THAN = frozenset({"less", "cheaper", "lower"})
_DEARER_THAN = frozenset({"more", "dearer", "pricier", "costlier", "higher"})
_CLAUSE_ENDS = {"", ".", "!", ";", ",", "and", "while", ":", "-", "("}
_FOREIGN_OF = frozenset({"van", "de", "der", "des", "die", "las", "los", "les", "la", "delle",
                         "dei", "degli", "della", "af", "av", "z", "ze", "het", "d'", "enkel",
                         "enkele"})  # fmt: skip
_FOREIGN_OFFERS = frozenset({"aanbiedingen", "aanbieders", "angebote", "anbieter", "offres",
                             "ofertas", "offerte", "ofert", "oferty", "erbjudanden", "tilbud",
                             "propostas", "tarife", "tariffe", "tarifs", "tarifas", "abonnements",
                             "abbonamenti", "planes", "piani", "forfaits", "abonnementer",
                             "abonnemang", "polizze", "verzekeringen", "versicherungen",
                             "assurances", "seguros", "abonnementen", "pakketten",
                             "contracten", "abonnementerne", "abonnementene",
                             "abonnemangen", "abonnement", "optie", "aanbieding",
                             "contract", "pakket", "cotação", "cotações", "cotización",
                             "cotizaciones", "proposta", "propuesta"})  # fmt: skip
"""Plural words for the offers in other languages (``Keines der drei Angebote``)."""
_FOREIGN_COST = frozenset({"kost", "kosten", "kostet", "coûte", "coûtent", "cuesta", "cuestan",
                           "costa", "costano", "kostar", "koster", "kosztuje", "custa", "is",
                           "ist", "est", "es", "è", "är", "er", "jest", "é", "zit", "ligt",
                           "liegt", "scende", "scendono", "baja", "bajan", "descend",
                           "descendent"})  # fmt: skip
_FOREIGN_MONTHLY = frozenset({"om", "måneden", "månaden", "måned", "månad", "i", "im", "pro",
                              "monat", "par", "mois", "al", "mes", "mese", "maand", "miesięcznie",
                              "monatlich", "mensuel", "mensuels", "mensual", "mensile",
                              "mensuelle", "månedlig", "månadsvis", "por", "mês", "euro",
                              "kuussa", "kuukaudessa"})  # fmt: skip
_DEAR_ADJ = frozenset({"cher", "chère", "caro", "cara", "costoso", "costosa"})
"""What may follow a counted bound: the clause ends (``: a and b`` lists them, read apart)."""
_SOME = {
    "some",
    "most",
    "several",
    "few",
    "many",
    "two",
    "three",
    "four",
    "five",
    "six",
    "only",
    "just",
    "other",
    "remaining",
    "rest",
    "half",
    "one",
}
"""Words before an offer noun that make it some of the records, not all of them."""


def _kind_plural(word: str) -> bool:
    """A plural noun naming the records' kind (``CRMs``, ``insurers``): no period or unit."""
    return (
        len(word) > 3
        and word.endswith("s")
        and word.isalpha()
        and word not in lx.PERIOD_WORDS
        and word not in _NOT_KINDS
    )


_NOT_KINDS = frozenset({"months", "years", "weeks", "days", "hours", "users", "seats", "lines",
                        "people", "others", "ones", "items", "things", "times"})  # fmt: skip


def _bare(unit: Unit) -> bool:
    """A plain number: no unit, no per cent (``the other two are above 310``)."""
    tok = unit.tok
    return unit.kind == "num" and tok is not None and tok.unit is None and not tok.pct


_EXCEEDS = frozenset({"supera", "superan", "superano", "dépasse", "dépassent", "excède",
                      "übersteigt", "übersteigen", "überschreitet", "overschrijdt",
                      "overschrijden", "przekracza", "przekraczają", "överstiger",
                      "overstiger", "ylittää", "excede", "excedem", "ultrapassa",
                      "ultrapassam", "passa", "passam"})  # fmt: skip
"""Verbs of exceeding, after ``none`` in another language: more than the amount."""
_EXCEED_ARTICLES = frozenset({"los", "las", "les", "la", "le", "el", "die", "den", "i", "gli",
                              "os", "as", "o", "a", "de", "dos", "das"})  # fmt: skip
