"""Recognised forms: short, fixed shapes of a sentence about prices, each turned into a
statement that the exact checker can judge.

The reader walks the sentence's units (a named record with the words that only name it, a
number with its marks, a word) from each record it names: subject, then a gap of known
filler words, then a head (an amount, a comparison, a superlative, a rank, a tie) and
what the head needs (``than`` and another record). An unknown word ends the form; nothing
is read across it. Every shape has a bounded length, so reading is linear in the text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal

from . import lexicon as lx
from .check import Table, check_claim, matches, round_to
from .kinds import (
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
)
from .tokens import ORDINALS, Tok

WINDOW = 40  # the longest stretch of units one form may read


@dataclass
class Unit:
    kind: str  # off, num, w
    low: str
    idx: list[int]
    offer: str | None = None
    exact: bool = True
    tok: Tok | None = None


@dataclass
class Statement:
    """What a recognised form says, and how to judge it: ``test`` gives True/False/None."""

    says: str
    test: Callable[[Table], bool | None]
    used: set[int] = field(default_factory=set)  # token indexes it accounts for
    exact: bool = True  # False when a name was read loosely (other case, pronoun, position)
    certain: bool = True  # False when hedged or modal: never marks a sentence checked


def _claim_test(*claims: Claim, negated: bool = False) -> Callable[[Table], bool | None]:
    def test(table: Table) -> bool | None:
        verdicts = [check_claim(c, table).verdict for c in claims]
        if "invalid" in verdicts:
            return None
        truth = all(v == "true" for v in verdicts)
        return not truth if negated else truth

    return test


def _any_of(tests: list[Callable[[Table], bool | None]]) -> Callable[[Table], bool | None]:
    """Several readings: false only when every reading is false; true only if just one."""

    def test(table: Table) -> bool | None:
        results = [t(table) for t in tests]
        if all(r is False for r in results):
            return False
        if len(results) == 1:
            return results[0]
        return None

    return test


def _hedged(actual: Callable[[Table], Decimal | None], stated: Decimal, bound: str):  # type: ignore[no-untyped-def]
    """A loosened number: ``over``/``under`` are bounds; ``about`` allows 15 per cent."""

    def test(table: Table) -> bool | None:
        value = actual(table)
        if value is None:
            return None
        if bound == "over":
            return False if value <= stated else None
        if bound == "under":
            return False if value >= stated else None
        tolerance = abs(value) * Decimal("0.15")
        return False if abs(value - stated) > max(tolerance, Decimal("0.5")) else None

    return test


_CONTRAST = {
    "versus",
    "vs",
    "against",
    "compared",
    "contre",
    "while",
    "whereas",
    "but",
    "unlike",
    "than",
    "gegenüber",
    "frente",
}
_BEFORE_TO = {
    "out",
    "appears",
    "appear",
    "seems",
    "seem",
    "comes",
    "come",
    "amounts",
    "amount",
    "up",
    "due",
    "going",
    "proves",
    "turns",
    "works",
    "close",
}
_VERBS = {
    "is",
    "are",
    "was",
    "were",
    "costs",
    "cost",
    "comes",
    "remains",
    "sits",
    "has",
    "would",
    "ist",
    "est",
    "es",
    "be",
    "being",
    "'s",
    "offers",
    "lists",
    "quotes",
}
PRICE_HEAD_OK = lx.FILLERS | {"priced", "coming", "quoted", "listed", "billed", "charged"}


class SentenceReader:
    """Reads one sentence's tokens into statements (see the module docstring)."""

    def __init__(self, table: Table, toks: list[Tok], *, year_context: bool,
                 other_context: bool, ranking_context: bool) -> None:  # fmt: skip
        self.table = table
        self.toks = toks
        self.year_context = year_context
        self.other_context = other_context
        self.ranking_context = ranking_context
        self.units: list[Unit] = []
        self.statements: list[Statement] = []
        self.covered: set[int] = set()  # units inside a statement: never a new subject
        self.chained = False  # reading a further predicate of the same subject
        self.last_target = False  # the last predicate ended on another record (``than B``)
        self.target: Unit | None = None
        self.modal = any(t.low in lx.MODALS for t in toks if t.kind == "word")
        self.negated_anywhere = any(t.low in lx.NEGATIONS for t in toks if t.kind == "word")

    # -- units -------------------------------------------------------------------------
    def build_units(self, pronoun: str | None) -> None:
        marks = {m for t in self.toks if t.kind == "num" for m in t.marks}
        ids = [r.id for r in self.table.records]
        named = any(t.kind in ("offer", "near") for t in self.toks)
        units = self.units
        for index, tok in enumerate(self.toks):
            if index in marks or tok.kind == "cite":
                continue
            if tok.kind in ("offer", "near"):
                units.append(Unit("off", tok.low, [index], tok.offer, tok.kind == "offer", tok))
            elif tok.kind == "num":
                units.append(Unit("num", tok.low, [index, *tok.marks], tok=tok))
            elif tok.low in ("it", "it's") and pronoun and (not named or index == 0):
                units.append(Unit("off", "it", [index], pronoun, False, tok))
                if tok.low == "it's":
                    units.append(Unit("w", "is", [index]))
            else:
                units.append(Unit("w", tok.low if tok.kind != "punct" else tok.text, [index],
                                  tok=tok))  # fmt: skip
        # "the second offer", "the last quote": a record by its position in the inputs
        at = 0
        while at + 2 < len(units):
            a, b, c = units[at], units[at + 1], units[at + 2]
            if a.low == "the" and c.low in lx.OFFER_NOUNS and b.low in (*ORDINALS, "last"):
                position = len(ids) if b.low == "last" else ORDINALS[b.low]
                if position <= len(ids):
                    units[at : at + 3] = [Unit("off", b.low, a.idx + b.idx + c.idx,
                                               ids[position - 1], False)]  # fmt: skip
            at += 1
        self._absorb_nouns()

    def _absorb_nouns(self) -> None:
        """``the offer from B``, ``Offer B``, ``the B quote``: one name unit."""
        out: list[Unit] = []
        for unit in self.units:
            if unit.kind == "off":
                while (
                    out
                    and out[-1].kind == "w"
                    and out[-1].low
                    in (lx.OFFER_NOUNS | {"the", "from", "in", "la", "le", "el", "das", "der"})
                ):
                    unit.idx = out.pop().idx + unit.idx
                out.append(unit)
            elif (unit.kind == "w" and unit.low in lx.OFFER_NOUNS and out
                  and out[-1].kind == "off"):  # fmt: skip
                out[-1].idx = out[-1].idx + unit.idx
            else:
                out.append(unit)
        self.units = out

    # -- helpers -----------------------------------------------------------------------
    def low(self, at: int) -> str:
        return self.units[at].low if 0 <= at < len(self.units) else ""

    def kind(self, at: int) -> str:
        return self.units[at].kind if 0 <= at < len(self.units) else ""

    def used(self, start: int, end: int) -> set[int]:
        return {i for u in self.units[start:end] for i in u.idx}

    def add(self, says: str, test: Callable[[Table], bool | None], start: int, end: int,
            *, exact: bool, certain: bool = True) -> None:  # fmt: skip
        self.covered.update(range(start + 1, end))
        self.statements.append(Statement(says, test, self.used(start, end), exact,
                                         certain and not self.modal))  # fmt: skip

    def money(self, unit: Unit) -> bool:
        tok = unit.tok
        return (unit.kind == "num" and tok is not None and not tok.pct and tok.unit is None
                and tok.period != "other")  # fmt: skip

    def amount_readings(self, tok: Tok) -> list[tuple[Amount, str]]:
        periods = [tok.period] if tok.period in ("month", "year") else (
            ["month", "year"] if self.year_context else ["month"])  # fmt: skip
        return [(Amount(value=v, places=p), period)
                for v, p in zip(tok.values, tok.places, strict=True) for period in periods]  # fmt: skip

    # -- reading ---------------------------------------------------------------------
    def read(self) -> list[Statement]:
        units = self.units
        at = 0
        while at < len(units):
            unit = units[at]
            if unit.kind == "off" and (at not in self.covered or self.low(at + 1) in (
                    "is", "costs", "cost", "comes", "has", "remains", "sits", "was")):  # fmt: skip
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
            if not first and self.low(at) in _CONTRAST:
                return  # "..., versus 120 for A": another record's figure follows
            while at < limit and self.kind(at) == "w" and (
                self.low(at) in PRICE_HEAD_OK or self.low(at) in lx.HEDGES
                or self.low(at) in lx.NEGATIONS or self.low(at) in lx.MODALS
                or (not first and self.low(at) in lx.CONNECTORS)
            ) and not self._is_head(at):  # fmt: skip
                if self.low(at) in ("neither", "nor"):
                    neg = True
                elif self.low(at) in lx.NEGATIONS:
                    neg = not neg
                if self.low(at) in lx.HEDGES and self.low(at) not in ("least", "most"):
                    hedge = self.low(at)
                if not first and self.low(at) in _CONTRAST:
                    return
                if not first and self.last_target and self.low(at) in ("which", "who", "that"):
                    return  # "more than B, which costs 90": about B, not the subject
                if self.low(at) == "to" and self.low(at - 1) not in _BEFORE_TO:
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
            if self.last_target and not any(self.low(k) in (",", "and", "but", ";", "while")
                                             for k in range(gap_start, at)):  # fmt: skip
                if self.target is None or self.kind(at) != "num" or at == gap_start or not all(
                    self.low(k) in ("at", "priced", "costing", "à", "bei", "con", "mit")
                    for k in range(gap_start, at)
                ):  # fmt: skip
                    return
                subjects, start = [self.target], at - 1  # "less than A at 120": A's price
            self.last_target = False
            end = self._head(subjects, start, gap_start, at, hedge, neg)
            if end is None:
                return
            at, first = end, False

    def _is_head(self, at: int) -> bool:
        low = self.low(at)
        if low == "at" or low == "for":
            return False
        if low in ("least", "most", "best", "lowest", "highest", "less", "more", "lower"):
            return True
        if low == "only" and self.low(at + 1) in lx.OFFER_NOUNS:
            return True
        return low in lx.CHEAP_SUP or low in lx.DEAR_SUP or low in lx.CHEAP_CMP or \
            low in lx.DEAR_CMP or low in ORDINALS  # fmt: skip

    # -- heads -----------------------------------------------------------------------
    def _head(self, subjects: list[Unit], start: int, gap_start: int, at: int,
              hedge: str | None, neg: bool) -> int | None:  # fmt: skip
        unit = self.units[at]
        low = unit.low
        if unit.kind == "num":
            return self._number_head(subjects, start, at, hedge, neg)
        if low in ("a", "half", "twice", "double") and self._fraction(at) is not None:
            return self._comparative(subjects, start, at, hedge, neg)
        if low in ORDINALS or low in ("last", "runner"):
            return self._rank(subjects, start, at, neg)
        if low in ("tied", "tie", "ties", "same", "equal", "equally", "share", "shares",
                   "sharing", "match", "matches", "identical"):  # fmt: skip
            return self._tie(subjects, start, at, neg)
        if low == "only" and self.low(at + 1) in lx.OFFER_NOUNS:
            return self._only(subjects, start, at)
        sup = self._superlative(at)
        if sup is not None:
            return self._superlative_head(subjects, start, gap_start, at, sup, neg)
        if low in lx.CHEAP_CMP or low in lx.DEAR_CMP or low in ("más", "plus"):
            return self._comparative(subjects, start, at, hedge, neg)
        return None

    def _number_head(self, subjects: list[Unit], start: int, at: int, hedge: str | None,
                     neg: bool) -> int | None:  # fmt: skip
        unit = self.units[at]
        tok = unit.tok
        assert tok is not None
        nxt = at + 1
        while self.low(nxt) in ("a", "per", "each", "every", "month", "monthly", "de", "par",
                                "mois", "im", "pro", "monat", "al", "mes", "year", "annually"):  # fmt: skip
            nxt += 1
        cmp_word = self.low(nxt)
        if self.low(at - 1) in ("at", "mit", "à", "con", "with", "bei") and self.money(unit):
            cmp_word = ""  # "mit 90 € im Monat günstiger als A": 90 is the price, not the gap
        if tok.pct or cmp_word in lx.CHEAP_CMP | lx.DEAR_CMP | {"más", "plus", "below"}:
            return self._comparative(subjects, start, at, hedge, neg)
        if self.low(at - 1) == "by" or (
            self.low(at + 1) in ("for", "pour", "für", "para") and self.kind(at + 2) == "off"
        ):
            return None  # "cheapest by 10": a margin; "120 for A": another record's price
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
        if len(subjects) != 1 or neg or (self.other_context and tok.period is None):
            return at + 1
        subject = subjects[0]
        readings = self.amount_readings(tok)
        tests = []
        for amount, period in readings:
            claim = Price(id="prose", offer=subject.offer or "", amount=amount,
                          period=period)  # type: ignore[arg-type]  # fmt: skip
            if hedge in ("about", "around", "roughly", "approximately", "nearly", "almost",
                         "approx", "circa", "ca", "some", "close", "under", "over", "below",
                         "above", "ungefähr", "etwa", "environ", "presque", "casi"):  # fmt: skip
                factor = Decimal(12) if period == "year" else Decimal(1)
                offer = subject.offer or ""
                tests.append(_hedged(lambda t, o=offer, f=factor: _value(t, o, f),
                                     amount.value, _bound(hedge)))  # fmt: skip
            else:
                tests.append(_claim_test(claim))
        says = f"{subject.offer} costs {tok.text}" + (f" a {tok.period}" if tok.period else "")
        self.add(says, _any_of(tests), start, at + 1, exact=subject.exact and len(readings) == 1,
                 certain=hedge is None)  # fmt: skip
        return at + 1

    def _fraction(self, at: int) -> tuple[Decimal, int] | None:
        low, nxt = self.low(at), self.low(at + 1)
        if low == "a" and nxt in ("quarter", "third", "fifth", "tenth"):
            share = {"quarter": 25, "third": Decimal(100) / 3, "fifth": 20, "tenth": 10}[nxt]
            return Decimal(share), at + 2
        if low in ("half", "twice", "double"):
            return (Decimal(50) if low == "half" else Decimal(200)), at + 1
        return None

    def _superlative(self, at: int) -> tuple[str, int] | None:
        """``cheapest``, ``least expensive``, ``most affordable``, ``la moins chère``..."""
        low, nxt = self.low(at), self.low(at + 1)
        kind, end = None, at + 1
        if low in ("cheapest", "günstigste", "günstigsten", "billigste", "billigsten",
                   "preiswerteste", "preiswertesten", "wins", "winner", "bottom"):  # fmt: skip
            kind = "cheap"
        elif low in ("lowest", "highest"):
            kind = "cheap" if low == "lowest" else "dear"
            if nxt == "-" and self.low(at + 2) in ("priced", "cost"):
                end = at + 3
        elif low in ("priciest", "costliest", "dearest", "teuerste", "teuersten"):
            kind = "dear"
        elif (low == "least" and nxt in ("expensive", "costly", "pricey")) or (low == "most" and nxt in ("affordable", "economical", "budget")):
            kind, end = "cheap", at + 2
        elif low == "most" and nxt in ("expensive", "costly", "pricey"):
            kind, end = "dear", at + 2
        elif (low == "best" and nxt in ("price", "deal", "rate")) or (low == "moins" and nxt in ("cher", "chère", "chers", "chères")):
            kind, end = "cheap", at + 2
        elif low == "más" and nxt in ("barato", "barata", "económico", "económica"):
            if self.low(at + 2) == "que":
                return None
            kind, end = "cheap", at + 2
        elif low == "más" and nxt in ("caro", "cara"):
            if self.low(at + 2) == "que":
                return None
            kind, end = "dear", at + 2
        elif low in ("lower", "cheaper") and self._of_two(at + 1) is not None:
            kind = "cheap"
        if kind is None:
            return None
        while self.kind(end) == "w" and self.low(end) in (
            (lx.PRICE_NOUNS - {"costs"}) | lx.OFFER_NOUNS | {"-", "priced", "overall", "by", "far", "in",
                                              "set", "on", "price", "annual", "among"}
        ):  # fmt: skip
            end += 1
        return kind, end

    def _of_two(self, at: int) -> int | None:
        j = at
        if self.low(j) == "-" and self.low(j + 1) == "priced":
            j += 2
        if self.low(j) == "of" and self.low(j + 1) in ("the", "both") and self.kind(j + 2) == "num":
            return j + 3
        return None

    def _superlative_head(self, subjects: list[Unit], start: int, gap_start: int, at: int,
                          sup: tuple[str, int], neg: bool) -> int | None:  # fmt: skip
        kind, end = sup
        verb = any(self.low(k) in _VERBS for k in range(gap_start, at))
        if (
            self.chained
            and not verb
            and (
                self.low(end) in _VERBS | {":", "=", "belongs", "goes"}
                or (self.low(end) == ","
                and self.kind(end + 1) == "off")
            )
        ):
            return None  # "..., while the cheapest is A": a new subject, read by _free_forms
        if any(self.low(k) in ("than", "to", "with", "vs", "versus", "after", "behind",
                               "except", "excluding", "besides", "one", "among", "of")
               for k in range(gap_start, at)):  # fmt: skip
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
            claims.append(Cheapest(id="prose", offer=offer) if kind == "cheap"
                          else MostExpensive(id="prose", offer=offer))  # fmt: skip
        names = " and ".join(str(s.offer) for s in subjects)
        word = "the cheapest" if kind == "cheap" else "the most expensive"
        says = f"{names} {'is not' if neg else 'is'} {word}"
        self.add(says, _claim_test(*claims, negated=neg), start, end,
                 exact=all(s.exact for s in subjects))  # fmt: skip
        return self._count_after(end)

    def _count_after(self, at: int) -> int:
        """``... of the three (offers)``: a count of the records; returns the unit after it."""
        if (
            self.low(at) == "of"
            and self.low(at + 1) in ("the", "all")
            and self.kind(at + 2) == "num"
        ):
            self._count(at + 2, at)
            return at + 4 if self.low(at + 3) in lx.OFFER_NOUNS else at + 3
        return at

    def _count(self, at: int, start: int) -> None:
        tok = self.units[at].tok
        if tok is None or tok.pct or tok.money or tok.period or len(tok.values) != 1:
            return
        if tok.unit not in (None, *lx.OFFER_NOUNS, "offers", "quotes", "plans", "options",
                            "tenders", "bids", "suppliers", "providers", "vendors"):  # fmt: skip
            return
        if self.low(at + 1) in lx.CHEAP_SUP | lx.DEAR_SUP | {"most", "least", "lower", "higher"}:
            return  # "one of the two cheapest": a part, not the count
        value = tok.values[0]
        if value != int(value) or value > 1000:
            return
        end = at + 2 if self.low(at + 1) in lx.OFFER_NOUNS else at + 1
        claim = Count(id="prose", value=int(value))
        self.add(f"there are {tok.text} offers", _claim_test(claim), start, end, exact=True)

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
        elif low in ("last", "runner") or (self.ranking_context and (self.low(end) not in (
                lx.OFFER_NOUNS | {"in", "row", "listed", "on", "place", "revision", "of",
                                  "half", "year", "month", "-", "time"})
                or (self.low(end) == "on" and self.low(end + 1) in ("price", "cost")))):  # fmt: skip
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
            elif unit.low not in ("with", "for", "the", "at", "price", "monthly", "of", "in",
                                  "cost", "a", "exactly", "priced", "and", "as", "to", "on",
                                  "-", "first", "place", "spot", "position"):  # fmt: skip
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
                claims_p = [Price(id="prose", offer=o, amount=reading,
                                  period=period) for o in offers]  # type: ignore[arg-type]  # fmt: skip
                tests.append(_claim_test(*claims_p))
        test = _all_of(tests)
        self.add(f"{' and '.join(offers)} {'do not ' if neg else ''}tie", test, start, end,
                 exact=all(s.exact for s in subjects))  # fmt: skip
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

        self.add(f"{offer} is the only offer at {tok.text}", test, start, end + 1,
                 exact=subjects[0].exact)  # fmt: skip
        return end + 1

    def _comparative(self, subjects: list[Unit], start: int, at: int, hedge: str | None,
                     neg: bool) -> int | None:  # fmt: skip
        j = at
        amount: Tok | None = None
        share: Decimal | None = None
        if self.kind(j) == "num":
            amount = self.units[j].tok
            j += 1
        elif (fraction := self._fraction(j)) is not None:
            share, j = fraction
        period = amount.period if amount is not None else None
        j, period = self._periods(j, period)
        ratio = share is not None and self.low(at) in ("half", "twice", "double")
        if ratio:
            word, direction, direct = "as", "ratio", False
        else:
            word, direction, direct, j = self._cmp_word(j)
        if direction is None:
            return None
        if word.startswith("sav") and amount is None:
            if self.low(j) == "of" and self.kind(j + 1) == "num":
                j += 1
            if self.kind(j) == "num":
                amount = self.units[j].tok
                period = amount.period if amount is not None else None
                j += 1
        j, period = self._periods(j, period)
        if ratio:
            if (
                self.low(j) == "the"
                and self.low(j + 1) in ("price", "cost")
                and self.low(j + 2) == "of"
            ) or (self.low(j) == "as" and self.low(j + 2) == "as") or (self.low(j) in ("the", "as") and self.low(j + 1) in ("price", "much", "cost") \
                    and self.low(j + 2) in ("of", "as")):
                j += 3
            else:
                return None
        elif not direct:
            if self.low(j) == "compared" or self.low(j) == "relative":
                j += 1
            if self.low(j) not in ("than", "que", "als", "to", "with", "against", "over",
                                   "versus", "vs", "on"):  # fmt: skip
                return None
            j += 1
        targets, j = self._targets(j)
        if not targets:
            return self._against_number(subjects, start, at, j, direction, amount, neg)
        if self.low(j) == "by" and self.kind(j + 1) == "num" and amount is None:
            amount = self.units[j + 1].tok
            j += 2
        j, period = self._periods(j, period if amount is None or amount.period is None
                                  else amount.period)  # fmt: skip
        if neg and (amount is not None or share is not None):
            return j  # "is not 30 cheaper than": not read
        tests = []
        pairs = [(s.offer or "", t) for s in subjects for t in targets]
        for x, y in pairs:
            if ratio and share is not None:
                tests.append(self._ratio_test(x, y, share / 100, hedge))
            elif share is not None:
                tests.append(self._difference_test(x, y, direction, None, share, hedge, period))
            elif amount is not None:
                tests.append(self._difference_test(x, y, direction, amount, None, hedge, period))
            else:
                tests.append(_strict(x, y, direction, neg))
        names = ", ".join(f"{x} vs {y}" for x, y in pairs)
        says = f"{names}: {'not ' if neg else ''}{direction.replace('_', ' ')}" + (
            f" by {amount.text}" if amount is not None else "")  # fmt: skip
        self.last_target = True
        self.target = self.units[j - 1] if self.kind(j - 1) == "off" else None
        loose = hedge is not None or (share is not None and not ratio and share % 1 != 0)
        self.add(says, _all_of(tests), start, j, exact=all(s.exact for s in subjects),
                 certain=not loose)  # fmt: skip
        return j

    def _periods(self, j: int, period: str | None) -> tuple[int, str | None]:
        while self.kind(j) == "w" and self.low(j) in (
            "a", "per", "each", "every", "month", "monthly", "de", "par", "mois", "im", "pro",
            "monat", "al", "mes", "year", "annually", "yearly", "annual", "over", "the", "in",
            "costs", "cost") and (
            self.low(j) not in ("over", "the", "in", "a", "costs", "cost")
            or (self.kind(j + 1) == "w"
            and self.low(j + 1) in ("a", "year", "month", "the", "more", "less"))
        ):  # fmt: skip
            if self.low(j) in ("year", "annually", "yearly", "annual"):
                period = "year"
            elif self.low(j) in ("month", "monthly", "mois", "monat", "mes") and period is None:
                period = "month"
            j += 1
        return j, period

    def _cmp_word(self, j: int) -> tuple[str, str | None, bool, int]:
        """The comparison word at ``j``: (word, direction, takes a direct object, end)."""
        word, nxt = self.low(j), self.low(j + 1)
        if word in ("less", "more"):
            end = j + 2 if nxt in ("expensive", "costly", "pricey") else j + 1
            return word, "cheaper" if word == "less" else "more_expensive", False, end
        if word in ("lower", "higher"):
            end = j + 3 if nxt == "-" and self.low(j + 2) in ("priced", "cost") else j + 1
            return word, "cheaper" if word == "lower" else "more_expensive", False, end
        if word in ("cheaper", "günstiger", "billiger", "preiswerter", "below", "menos"):
            return word, "cheaper", False, j + 1
        if word in ("pricier", "costlier", "dearer", "teurer", "above"):
            return word, "more_expensive", False, j + 1
        if word == "moins":
            return word, "cheaper", False, j + 2 if nxt in ("cher", "chère", "chers") else j + 1
        if word in ("más", "plus") and nxt in ("barato", "barata", "económico", "económica"):
            return word, "cheaper", False, j + 2
        if word in ("más", "plus") and nxt in ("caro", "cara", "cher", "chère"):
            return word, "more_expensive", False, j + 2
        if word in ("undercuts", "undercut", "undercutting", "beats", "beat", "beating",
                    "underprices"):  # fmt: skip
            return word, "cheaper", True, j + 1
        if word in ("exceeds", "exceed"):
            return word, "more_expensive", True, j + 1
        if word in ("saves", "save", "saving", "savings"):
            end = j + 2 if nxt in ("you", "us", "them") else j + 1
            return word, "cheaper", False, end
        return word, None, False, j

    def _targets(self, j: int) -> tuple[list[str], int]:
        """``A``, ``both A (120) and C (110)``, ``A or C``: the records compared with."""
        targets: list[str] = []
        if self.low(j) in ("both", "either", "all"):
            j += 1
        while self.kind(j) == "off":
            targets.append(self.units[j].offer or "")
            j += 1
            while self.low(j) in ("'s", "'", "s"):
                j += 1
            if self.low(j) == "(" and self.kind(j + 1) == "num" and self.low(j + 2) == ")":
                j += 3
            if (
                self.low(j) in ("and", "or", ",", "nor", "et", "y", "und")
                and self.kind(j + 1) == "off"
            ):
                j += 1
        return targets, j

    def _against_number(self, subjects: list[Unit], start: int, at: int, j: int,
                        direction: str, amount: Tok | None, neg: bool) -> int | None:  # fmt: skip
        if amount is not None or self.kind(j) != "num" or len(subjects) != 1:
            return None
        unit = self.units[j]
        if not self.money(unit) or unit.tok is None:
            return None
        offer = subjects[0].offer or ""
        tests = []
        for reading, period in self.amount_readings(unit.tok):
            factor = Decimal(12) if period == "year" else Decimal(1)
            tests.append(_versus_number(offer, factor, reading.value, direction, neg))
        self.add(f"{offer} {direction} than {unit.tok.text}", _any_of(tests), start, j + 1,
                 exact=subjects[0].exact)  # fmt: skip
        return j + 1

    def _difference_test(self, x: str, y: str, direction: str, amount: Tok | None,
                         share: Decimal | None, hedge: str | None,
                         period: str | None) -> Callable[[Table], bool | None]:  # fmt: skip
        percent = share is not None or (amount is not None and amount.pct)
        tests = []
        readings = [(Amount(value=share, places=0), "month")] if share is not None else []
        if amount is not None:
            periods = [period] if period in ("month", "year") else (
                ["month", "year"] if self.year_context else ["month"])  # fmt: skip
            readings = [(Amount(value=v, places=p), q)
                        for v, p in zip(amount.values, amount.places, strict=True)
                        for q in (periods if not percent else ["month"])]  # fmt: skip
        for stated, per in readings:
            if hedge is not None or share is not None:
                tests.append(_hedged(_gap_value(x, y, direction, percent, per), stated.value,
                                     _bound(hedge)))  # fmt: skip
            else:
                claim = Difference(id="prose", offer=x, than=y, direction=direction,  # type: ignore[arg-type]
                                   amount=stated, unit="percent" if percent else "amount",
                                   period=per)  # type: ignore[arg-type]  # fmt: skip
                tests.append(_claim_test(claim))
        return _any_of(tests)

    def _ratio_test(self, x: str, y: str, ratio: Decimal,
                    hedge: str | None) -> Callable[[Table], bool | None]:  # fmt: skip
        def test(table: Table) -> bool | None:
            a, b = _value(table, x, Decimal(1)), _value(table, y, Decimal(1))
            if a is None or b is None:
                return None
            if hedge is not None:
                return False if abs(a - b * ratio) > abs(b * ratio) * Decimal("0.15") else None
            return a == b * ratio

        return test

    # -- forms that do not start at a subject --------------------------------------------
    def _free_forms(self, at: int) -> None:
        low = self.low(at)
        unit = self.units[at]
        if unit.kind == "num":
            self._reverse_price(at)
            before, before2 = self.low(at - 1), self.low(at - 2)
            counted = before == "all" or (before == "the" and before2 in (
                "of", "among", "across", "between", "comparing", "compared")) or (
                before in ("are", "were") and before2 == "there"
                and self.low(at + 1) in lx.OFFER_NOUNS)  # fmt: skip
            initial = at == 0 and self.low(at + 1) in lx.OFFER_NOUNS and self.low(at + 2) in (
                "were", "are", "have")  # fmt: skip
            if counted or initial:
                self._count(at, max(at - 1, 0))
            return
        if low in ("offer", "option") and self._unknown_name(at + 1):
            name = self.units[at + 1].tok
            known = ", ".join(r.id for r in self.table.records)
            self.add(f"there is no offer {name.text if name else '?'!r} (offers: {known})",
                     lambda table: False, at, at + 2, exact=True)  # fmt: skip
        elif low == "at" and self.kind(at + 1) == "num":
            self._leading_at(at)
        elif low in ("from", "cheapest", "in", "ranked", "ranking", "order", "ascending"):
            self._order_list(at)
        elif low in ("range", "ranges", "ranging", "span", "spans", "spanning", "between"):
            self._range(at)
        elif low in ("all", "every", "each") or (low == "the" and self.kind(at + 1) == "num"):
            self._quantifier(at)
        elif low in ("start", "starts", "starting") and self.low(at + 1) in ("at", "from"):
            if self.kind(at + 2) == "num" and self.money(self.units[at + 2]):
                self._extreme_price(at, at + 2, "cheap")  # "prices start at 85"
        elif low == "switching":
            self._switching(at)
        if self._superlative(at) is not None:
            self._superlative_first(at)

    def _unknown_name(self, at: int) -> bool:
        """``offer ZZ9``, ``Offer D``: an id-like name that no record has."""
        tok = self.units[at].tok if self.kind(at) == "w" else None
        if tok is None or len(self.units[at].idx) != 1:
            return False
        if tok.kind == "code":
            return any(c.isalpha() for c in tok.text) and any(c.isdigit() for c in tok.text)
        return tok.kind == "word" and len(tok.text) == 1 and tok.text.isupper() and tok.text not in (
            "A", "I")  # fmt: skip

    def _reverse_price(self, at: int) -> None:
        """``120 for A``, ``120 € pour A``: the amount, then the record."""
        unit = self.units[at]
        if not self.money(unit) or unit.tok is None:
            return
        if self.low(at + 1) not in ("for", "pour", "für", "para") or self.kind(at + 2) != "off":
            return
        if self.low(at - 1) in ("than", "by", "of", "saves", "save", "more", "less"):
            return
        subject = self.units[at + 2]
        self._price(subject, unit.tok, at, at + 3)

    def _leading_at(self, at: int) -> None:
        """``At 1,180 per month, offer-18 costs less than ...``: the price of what follows."""
        unit = self.units[at + 1]
        if not self.money(unit) or unit.tok is None or at not in (0, 1):
            return
        j = at + 2
        if self.low(j) == ",":
            j += 1
        if (
            self.kind(j) == "off"
            and self.kind(j + 1) != "off"
            and self.low(j + 1) not in ("and", ",")
        ):
            self._price(self.units[j], unit.tok, at, j + 1)

    def _price(self, subject: Unit, tok: Tok, start: int, end: int) -> None:
        if self.other_context and tok.period is None:
            return
        readings = self.amount_readings(tok)
        tests = [_claim_test(Price(id="prose", offer=subject.offer or "", amount=a,
                                   period=p))  # type: ignore[arg-type]
                 for a, p in readings]  # fmt: skip
        self.add(f"{subject.offer} costs {tok.text}", _any_of(tests), start, end,
                 exact=subject.exact and len(readings) == 1)  # fmt: skip

    def _order_list(self, at: int) -> None:
        """``From cheapest to priciest: B, C, A``, ``In order of price: B, A, C``."""
        j, low = at, self.low(at)
        reverse = False
        if low == "from":
            j += 1
        if self.low(j) in ("cheapest", "lowest") and self.low(j + 1) in ("to", "-"):
            j += 2
            if self.low(j) in ("most", "highest", "priciest", "dearest", "costliest"):
                j += 2 if self.low(j) == "most" else 1
            else:
                return
        elif self.low(j) in ("most", "priciest", "highest") and low == "from":
            j += 2 if self.low(j) == "most" else 1
            if self.low(j) != "to" or self.low(j + 1) not in ("cheapest", "lowest"):
                return
            j, reverse = j + 2, True
        elif low == "in" and self.low(j + 1) in ("order", "ascending"):
            j += 2 if self.low(j + 1) == "order" else 3
            if self.low(j) == "of":
                j += 1
                while self.low(j) in ("monthly", "price", "cost", "the"):
                    j += 1
        elif low in ("ranked", "ranking") and self.low(j + 1) in ("by", ":", "from"):
            j += 1
            while self.low(j) in ("by", "monthly", "price", "cost", "from", "the", "cheapest",
                                  "to", "most", "expensive", "priciest", "ascending"):  # fmt: skip
                j += 1
        else:
            return
        while self.low(j) in (":", "is", "are", ",", "-", "the"):
            j += 1
        offers: list[str] = []
        while self.kind(j) == "off":
            offers.append(self.units[j].offer or "")
            j += 1
            if self.low(j) == "(" and self.kind(j + 1) == "num" and self.low(j + 2) == ")":
                j += 3
            if self.low(j) in (",", "then", "and", "<", "-", ">") or (
                self.low(j) == "," and self.low(j + 1) in ("then", "and")
            ):  # fmt: skip
                while self.low(j) in (",", "then", "and", "<", "-", ">", "finally"):
                    j += 1
        if len(offers) < 2 or len(set(offers)) != len(offers):
            return
        ordered = tuple(reversed(offers)) if reverse else tuple(offers)
        self.add(f"ascending order {', '.join(ordered)}",
                 _claim_test(Order(id="prose", offers=ordered)), at, j, exact=all(
                     self.units[k].exact for k in range(at, j) if self.kind(k) == "off"))  # fmt: skip

    def _extreme_price(self, at: int, price: int, kind: str) -> None:
        """``The cheapest plan costs 80``: the lowest (or highest) price is that amount."""
        tok = self.units[price].tok
        if tok is None or (self.other_context and tok.period is None):
            return
        tests = []
        for reading, period in self.amount_readings(tok):
            factor = Decimal(12) if period == "year" else Decimal(1)
            tests.append(_extreme(kind, reading.value, factor))
        word = "lowest" if kind == "cheap" else "highest"
        self.add(f"the {word} price is {tok.text}", _any_of(tests), at, price + 1,
                 exact=len(tests) == 1)  # fmt: skip

    def _range(self, at: int) -> None:
        """``prices range from 90 to 120`` (lowest and highest) or ``between N and M``."""
        low = self.low(at)
        j = at + 1 if low != "between" else at
        if self.low(j) == "from":
            j += 1
        if self.low(j) == "between":
            j += 1
        if (
            self.kind(j) != "num"
            or self.low(j + 1) not in ("to", "-", "and")
            or self.kind(j + 2) != "num"
        ):
            return
        first, last = self.units[j].tok, self.units[j + 2].tok
        if (
            first is None
            or last is None
            or not self.money(self.units[j])
            or not self.money(self.units[j + 2])
        ):
            return
        exact_ends = low != "between"
        if not exact_ends and not self._quantified(at):
            return
        period = last.period or first.period
        factor = Decimal(12) if period == "year" else Decimal(1)
        if period is None and (self.year_context or self.other_context):
            return
        lows, highs = first.values, last.values

        def test(table: Table) -> bool | None:
            values = [(r.value or Decimal(0)) * factor for r in table.priced()]
            if exact_ends:
                return min(values) in lows and max(values) in highs
            return all(any(lo <= v <= hi for lo in lows for hi in highs) for v in values)

        self.add(f"prices {'range' if exact_ends else 'lie'} {first.text} to {last.text}", test,
                 at, j + 3, exact=len(lows) == 1 and len(highs) == 1)  # fmt: skip

    def _quantified(self, at: int) -> bool:
        """A range or bound about every record: ``all three offers cost between ...``."""
        for k in range(max(0, at - 6), at):
            if self.low(k) in ("all", "every", "each", "prices", "quotes", "offers", "plans",
                               "options", "tenders"):  # fmt: skip
                return True
        return False

    def _quantifier(self, at: int) -> None:
        """``all 3 offers are under 100``, ``every plan is under 40``, ``the 4 quotes fall...``."""
        j = at + 1
        some: int | None = None  # "2 of the 3 offers": exactly 2 of them
        if self.low(at) == "the" and self.kind(j) == "num":
            part = self.units[at - 2].tok if self.low(at - 1) == "of" and at >= 2 else None
            if part is None or self.kind(at - 2) != "num" or len(part.values) != 1:
                return  # "the two quotes": some of them
            some = int(part.values[0])
            self._count(j, at)
            j += 1
        elif self.kind(j) == "num":
            self._count(j, at)
            j += 1
        while self.low(j) in lx.OFFER_NOUNS or self.low(j) in ("of", "the", "monthly", "prices"):
            j += 1
        while self.low(j) in ("are", "is", "cost", "costs", "priced", "come", "comes", "in",
                              "sit", "lie", "fall", "at"):  # fmt: skip
            j += 1
        if self.low(j) == "between" or (self.low(j) == "the" and self.kind(j + 1) == "num"):
            k = j + 1
            if (
                self.kind(k) == "num"
                and self.low(k + 1) in ("-", "to", "and")
                and self.kind(k + 2) == "num"
            ):
                self._range_all(at, k)
            return
        word = self.low(j)
        if word in ("under", "below") or (word == "less" and self.low(j + 1) == "than"):
            direction = "cheaper"
        elif word in ("over", "above", "exceed", "exceeds") or (
            word == "more" and self.low(j + 1) == "than"
        ):
            direction = "more_expensive"
        else:
            return
        j += 2 if word in ("less", "more") else 1
        unit = self.units[j] if j < len(self.units) else None
        if unit is None or not self.money(unit) or unit.tok is None:
            return
        tok = unit.tok
        tests = []
        for reading, period in self.amount_readings(tok):
            factor = Decimal(12) if period == "year" else Decimal(1)
            tests.append(_every(factor, reading.value, direction, some))
        self.add(f"every offer {direction} than {tok.text}", _any_of(tests), at, j + 1,
                 exact=len(tok.values) == 1)  # fmt: skip

    def _range_all(self, at: int, k: int) -> None:
        first, last = self.units[k].tok, self.units[k + 2].tok
        if first is None or last is None:
            return
        period = last.period or first.period
        if period is None and (self.year_context or self.other_context):
            return
        factor = Decimal(12) if period == "year" else Decimal(1)
        lows, highs = first.values, last.values

        def test(table: Table) -> bool | None:
            values = [(r.value or Decimal(0)) * factor for r in table.priced()]
            return all(any(lo <= v <= hi for lo in lows for hi in highs) for v in values)

        self.add(f"every offer lies in {first.text}-{last.text}", test, at, k + 3,
                 exact=len(lows) == 1 and len(highs) == 1)  # fmt: skip

    def _switching(self, at: int) -> None:
        """``Switching from Plus to Basic saves 12 a month``."""
        k = at + 2 if self.low(at + 1) == "from" else at + 1
        if self.kind(k) != "off" or self.low(k + 1) != "to" or self.kind(k + 2) != "off":
            return
        y, x = self.units[k], self.units[k + 2]
        j = k + 3
        if self.low(j) not in ("saves", "save") or self.kind(j + 1) != "num":
            return
        tok = self.units[j + 1].tok
        if tok is None:
            return
        end, period = self._periods(j + 2, tok.period)
        test = self._difference_test(
            x.offer or "", y.offer or "", "cheaper", tok, None, None, period
        )
        self.add(f"{x.offer} saves {tok.text} over {y.offer}", test, at, end,
                 exact=x.exact and y.exact)  # fmt: skip

    def _superlative_first(self, at: int) -> None:
        """``The cheapest offer, B, costs 90``, ``the best price belongs to Plus``, ``Winner: X``."""
        if self.low(at - 1) in ("than", "to", "with", "vs", "versus", "of", "from", "after") or \
                self.low(at - 2) in ("than", "to", "with", "vs", "versus", "after"):  # fmt: skip
            return
        sup = self._superlative(at)
        if sup is None or self.low(at) in ("wins", "bottom"):
            return
        back = at - 1
        if self.low(back) in ORDINALS or self.low(back) == "-":
            return  # "the second-cheapest option, C": a rank, not the cheapest
        while self.low(back) in ("the", "la", "le", "el", "das", "der", "die"):
            back -= 1
        if back >= 0 and self.low(back) not in (",", "while", "whereas", "but", "and", ":", "(",
                                                "-", "so", "thus", "therefore"):  # fmt: skip
            return  # "X is the cheapest": a predicate, read from X
        if any(self.low(k) in ("between", "difference", "spread", "gap", "range", "than", "from")
               for k in range(max(0, at - 8), at)):  # fmt: skip
            return  # "the spread between the cheapest and the most expensive is 10.25"
        kind, j = sup
        price = j
        while self.low(price) in ("costs", "cost", "is", "comes", "in", "at", "priced", "sits"):
            price += 1
        if price > j and self.kind(price) == "num" and self.money(self.units[price]):
            self._extreme_price(at, price, kind)
            return
        if self.low(j) in ("is", ":", "=", ",", "es", "est", "ist", "-"):
            j += 1
        elif self.low(j) in ("belongs", "goes") and self.low(j + 1) == "to":
            j += 2
        else:
            return
        while self.low(j) in ("offer", "option", "plan", "the"):
            j += 1
        if self.kind(j) != "off" or self.kind(j + 1) == "off" or self.low(j + 1) in ("and", "or"):
            return
        subject = self.units[j]
        claim: Claim = (Cheapest(id="prose", offer=subject.offer or "") if kind == "cheap"
                        else MostExpensive(id="prose", offer=subject.offer or ""))  # fmt: skip
        word = "the cheapest" if kind == "cheap" else "the most expensive"
        self.add(f"{subject.offer} is {word}", _claim_test(claim), at, j + 1, exact=subject.exact)


def _extreme(kind: str, value: Decimal, factor: Decimal) -> Callable[[Table], bool | None]:
    def test(table: Table) -> bool | None:
        values = [(r.value or Decimal(0)) * factor for r in table.priced()]
        return (min(values) if kind == "cheap" else max(values)) == value

    return test


def _bound(hedge: str | None) -> str:
    if hedge in ("over", "above"):
        return "over"
    if hedge in ("under", "below"):
        return "under"
    return "about"


def _all_of(tests: list[Callable[[Table], bool | None]]) -> Callable[[Table], bool | None]:
    def test(table: Table) -> bool | None:
        results = [t(table) for t in tests]
        if any(r is False for r in results):
            return False
        if all(r is True for r in results):
            return True
        return None

    return test


def _value(table: Table, offer: str, factor: Decimal) -> Decimal | None:
    record = table.get(offer)
    return None if record is None or record.value is None else record.value * factor


def _strict(x: str, y: str, direction: str, neg: bool) -> Callable[[Table], bool | None]:
    def test(table: Table) -> bool | None:
        a, b = _value(table, x, Decimal(1)), _value(table, y, Decimal(1))
        if a is None or b is None:
            return None
        truth = a < b if direction == "cheaper" else a > b
        return not truth if neg else truth

    return test


def _versus_number(offer: str, factor: Decimal, stated: Decimal, direction: str,
                   neg: bool) -> Callable[[Table], bool | None]:  # fmt: skip
    def test(table: Table) -> bool | None:
        value = _value(table, offer, factor)
        if value is None:
            return None
        truth = value < stated if direction == "cheaper" else value > stated
        return not truth if neg else truth

    return test


def _every(factor: Decimal, stated: Decimal, direction: str,
           some: int | None = None) -> Callable[[Table], bool | None]:  # fmt: skip
    def test(table: Table) -> bool | None:
        values = [(r.value or Decimal(0)) * factor for r in table.priced()]
        hits = sum(1 for v in values if (v < stated if direction == "cheaper" else v > stated))
        return hits == (len(values) if some is None else some)

    return test


def _gap_value(x: str, y: str, direction: str, percent: bool,
               period: str) -> Callable[[Table], Decimal | None]:  # fmt: skip
    def actual(table: Table) -> Decimal | None:
        a, b = _value(table, x, Decimal(1)), _value(table, y, Decimal(1))
        if a is None or b is None:
            return None
        gap = b - a if direction == "cheaper" else a - b
        if percent:
            return None if b == 0 else round_to(gap / b * 100, 4)
        return gap * (Decimal(12) if period == "year" else Decimal(1))

    return actual
