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

from . import langs
from . import lexicon as lx
from .audit import charge_after, counted, scaled
from .compare import _RANGE_VERBS
from .heads import HeadForms
from .judge import (
    Statement,
    _all_of,
    _any_of,
    _bound,
    _claim_test,
    _hedged,
    _none_of,
    _or_else,
    _price_of,
    _term_price,
)
from .kinds import Price
from .others import others_margins
from .tokens import CJK_LETTER, ORDINALS, Tok, for_another_thing, for_the_equipment, signed
from .units import WINDOW, Unit

_BY_HEDGES = {
    "just",
    "only",
    "about",
    "around",
    "roughly",
    "nearly",
    "almost",
    "some",
    "a",
    "~",
    "approx",
    "approximately",
    "\u2248",
}
"""Between ``by`` and a margin: ``edges out Nia by just 0.05``."""
_MARGIN_WORDS = {"more", "less", "extra", "above", "below"}
"""After ``at N``, words that make N a margin: ``comes in at 20 more than B``."""


_ATTRIBUTES = frozenset(
    {
        "speed",
        "speeds",
        "data",
        "volume",
        "rating",
        "ratings",
        "reviews",
        "storage",
        "quality",
        "performance",
        "coverage",
        "bandwidth",
        "latency",
        "support",
        "satisfaction",
        "popularity",
        "features",
        "allowance",
    }
)
"""``by speed``, ``on data``: what a ranking or comparison in the sentence is by, not price."""


_CONDITIONS = frozenset(
    {
        "once",
        "after",
        "if",
        "when",
        "unless",
        "during",
        "until",
        "whenever",
        "provided",
        "assuming",
        "excluding",
        "including",
        "before",
    }
)
_PRICE_TERMS = frozenset({"price", "prices", "pricing", "monthly", "cost", "costs", "terms"})
_SITUATIONS = frozenset(
    {
        "first",
        "second",
        "third",
        "annual",
        "discount",
        "discounts",
        "promotion",
        "promo",
        "roaming",
        "bundle",
        "loyalty",
        "rebate",
        "voucher",
        "users",
        "people",
        "calls",
        "usage",
        "long",
    }
)
"""After a reading, ``in``/``on``/``with``/``for`` and one of these: another situation."""


_GAP_PHRASES = frozenset({("on", "top"), ("in", "favour"), ("in", "favor")})
_COMPARED_WITH = frozenset({"opzichte", "vergleich", "comparación", "comparado", "comparada",
                            "confronto", "relativement", "rapport"})  # fmt: skip
"""``ten opzichte van het dynamische B``, ``im Vergleich zum flexiblen B``: B is compared with."""
_WITH = frozenset({"mit", "avec", "con", "met", "com", "with", "z", "med"})
_DIFFERENCE_NOUNS = frozenset({"abstand", "unterschied", "differenz", "écart", "différence",
                               "diferencia", "differenza", "distacco", "verschil", "diferença",
                               "różnica", "skillnad", "forskel", "difference", "gap",
                               "margin"})  # fmt: skip
"""``dsl-1 folgt mit einem Abstand von 9,96 € zu B, C mit 15,00 €``: C's gap, not price."""
_SAVING_NOUNS = frozenset({"saving", "savings", "economia", "economía", "ahorro", "risparmio",
                           "ersparnis", "besparing", "économie", "oszczędność", "besparelse",
                           "besparingen", "step", "jump"})  # fmt: skip
_GAP_LINKS = frozenset({"to", "para", "com", "zu", "zum", "zur", "vs", "versus", "au", "ao",
                        "à", "al", "a", "da", "van", "met", "mit", "con", "avec", "with",
                        "frente", "against", "over", "gegenüber", "till", "til", "do"})  # fmt: skip
_SUPPOSE = frozenset({"if", "unless", "suppose", "supposing", "assuming", "should"})
_WOULD = frozenset({"would", "could", "might", "will", "wouldn't", "'d"})
_JUST_WORDS = frozenset(
    {"just", "slightly", "marginally", "fractionally", "little", "bit", "touch"}
)
_PRICE_OF = frozenset({"price", "prices", "cost", "costs", "fee", "rate"})
_RATIO_WORDS = frozenset({"half", "twice", "double", "triple", "thrice", "third", "quarter",
                          "times", "fraction", "fifth"})  # fmt: skip
"""``half the price of B: 7.50 vs 15.00``: B is compared with, not the subject of ``: 7.50``
(``the price of B is 15`` still names B's price)."""


_OF_WORDS = frozenset({"of", "de", "du", "des", "del", "di", "della", "van", "von", "do", "da"})
_ON_WORDS = frozenset({"on", "with", "at", "from", "of", "for", "bei", "mit", "chez", "con"})
_COUNT_WORDS = frozenset({"two", "three", "four", "five", "six", "zwei", "drei", "deux",
                          "trois", "dos", "tres", "due", "tre", "twee", "drie"})  # fmt: skip
_MEASURES = frozenset(lx.OTHER_CONTEXT | {"rate", "unit"})
"""A measure of a record other than its monthly price (``the unit rate of B``)."""
_FOR_HEADS = frozenset({"listing", "listings", "page", "link", "entry"})
"""Nouns a record after ``for`` depends on (``the listing for admiral``): no subject."""


_THAN_AFTER = frozenset({"que", "than", "als", "dan", "di"})
_ARTICLES = frozenset({"a", "o", "as", "os", "la", "le", "el", "the", "de", "der", "die", "das",
                       "dem", "den", "het", "il", "lo", "l'"})  # fmt: skip
_INCREMENTS = frozenset({"another", "further"})
_CLAUSE_LINKS = frozenset({"and", "but", ";", "while", "whereas", "y", "e", "et", "und", "en",
                           "og", "och", "ja", "oraz", "pero", "ma", "mais", "aber", "maar",
                           "men"})  # fmt: skip
"""Words that open a further predicate after one that ended on another record."""
_SUPERLATIVES = frozenset(lx.CHEAP_SUP | lx.DEAR_SUP)
_AND_WORDS = frozenset({"and", ",", "og", "och", "y", "e", "und", "en", "et", "ja", "oraz"})
_DEMONSTRATIVES = frozenset({"that", "this", "it", "them", "those", "these"})
_MORE_WORDS = frozenset({"mais", "más", "more", "plus", "mehr", "meer", "più"})
_MORE_BEFORE = frozenset({"mais", "más", "menos", "more", "less", "plus", "moins", "mehr",
                          "weniger", "meer", "minder", "più", "meno"})  # fmt: skip


def _price_said(offer: str, tok: Tok, hedge: str | None) -> str:
    """What a price statement says: ``C costs over 35``, ``B costs 50 a month, give or
    take``."""
    period = f" a {tok.period}" if tok.period else ""
    if hedge == "give or take":
        return f"{offer} costs {tok.text}{period}, give or take"
    said = f"{hedge} {tok.text}" if hedge else tok.text
    return f"{offer} costs {said}{period}"


def _unchecked(subjects: list[Unit]) -> list[Unit]:
    """The subjects, judged but never checked (``O2 (offer-D) is ...``: the name before the
    bracket is not read)."""
    return [Unit(u.kind, u.low, u.idx, u.offer, False, u.tok) for u in subjects]


class SentenceReader(HeadForms):
    """Reads one sentence's tokens into statements (see the module docstring)."""

    def read(self) -> list[Statement]:
        units = self.units
        lows = {u.low for u in units if u.kind == "w"}
        lows = langs.without_passive(lows)  # "wird empfohlen": is recommended
        if lows & langs.HYPOTHETICAL and lows & langs.FOREIGN:
            return self.statements  # "Mit Rabatt wäre A günstiger als B": not a fact
        if lows & _SUPPOSE and lows & _WOULD:
            return self.statements  # "if the team grows, ... would add 700 at B": not B's price
        if "then" in lows and lows & {"would", "could", "might"}:
            return self.statements  # "6 sacks would be 15.00 extra, then it is 157.00"
        if scaled(self.toks) or lows & lx.SCARCELY:
            return self.statements  # "For 10 users, A comes to 300 a month": a total
        if any(
            self.low(k) in ("by", "on", "in", "for") and self.low(k + 1) in _ATTRIBUTES
            for k in range(len(units))
        ):
            return self.statements  # "By speed, D comes first": a ranking by something else
        self.find_frame()
        if any(CJK_LETTER.search(t.text) for t in self.toks if t.kind == "word"):
            self._cjk_forms()  # "最も安いのは B", "A は B より安い"
        others_margins(self)  # "The other two are more expensive: red by 4 and blue by 9"
        at = 0
        while at < len(units):
            unit = units[at]
            if (
                unit.kind == "off"
                and at not in self.covered
                and self.low(at - 1) not in lx.OBJECT_CUES
            ):
                end = self._chain(at)  # "basic < plus < pro"
                if end is not None:
                    at = end
                    continue
            if unit.kind == "off" and self._excluded(at):
                self._except_bound(at)  # "every plan except A and B is under 50": A and B
                at = max(at + 1, self._subjects(at)[1])  # are left out, no subjects
                continue
            if (
                unit.kind == "off"
                and (
                    self.low(at - 1) in lx.OBJECT_CUES
                    or (self.low(at - 1) == "than" and self.low(at + 1) not in lx.SUBJECT_VERBS)
                    or (
                        self.low(at - 1) == "of"
                        and self.low(at - 2) in _PRICE_OF
                        and self.low(at - 4) in _RATIO_WORDS
                    )
                    or any(self.low(k) in _COMPARED_WITH for k in range(max(0, at - 4), at))
                    or (self.low(at - 2) in langs.VS_CUES and self.low(at - 1) in langs.VS_LINKS)
                    or self._move_target(at)  # "the step from A to B is 7.84": no subject
                    or (self.low(at - 1) == "not" and self.low(at - 2) == ",")  # "X, not Y, at 90"
                    or (  # "C is the cheapest managed IT contract at 1 320": a kind, not a name
                        self.low(at - 1) in _SUPERLATIVES
                        and not unit.exact
                        and (
                            self.low(at + 1) in lx.OFFER_NOUNS
                            or any(self.toks[i].low in lx.OFFER_NOUNS for i in unit.idx[1:])
                        )
                    )
                    or (  # "| 1,95 € più di A, 5,00 € meno di B |": the cell's gaps, not A's
                        self.table_row
                        and self.low(at - 1) in _THAN_AFTER
                        and self.low(at + 1) == ","
                        and self.kind(at + 2) == "num"
                    )
                    or self._gap_object(at)  # "A diferença para o st-b é de R$ 15,00"
                    or (  # "the comparethemarket.com listing for admiral is 52.30": the listing's
                        self.low(at - 1) == "for"
                        and (
                            self.low(at - 2) in _FOR_HEADS
                            or any(self.kind(k) == "off" for k in range(max(0, at - 4), at - 1))
                        )
                    )
                )
            ):  # "rispetto a B", "im Vergleich zu C": an object too
                at += 1  # "10.09 below north, 14.60 below south": north is not a subject
                continue
            if unit.kind == "off" and (
                self._replaced_arrangement(at) or self._measure_of(at) or self._aside(at)
            ):
                at += 1  # "Our current Canon lease costs 215": not Canon's offer; "The
                continue  # unit rate of B is the lowest": not B's price
            if unit.kind == "off" and (
                at not in self.covered
                or (at in self.targets and self.low(at + 1) in lx.SUBJECT_VERBS)
            ):  # a record compared with ("than B") may still be the subject of what follows
                subjects, after, negated = self._subjects(at)
                start = at - 1 - (self.low(at - 2) in ("neither", "nor")) if negated else at
                # "Neither A nor C ...", "Nor is A ...": the word is read too
                if len(subjects) > 1 and self._appositive(after):
                    subjects, start = subjects[-1:], after - 1  # "A, B and C, the most
                    # expensive at 749": C's, not each one's
                self._predicates(subjects, start, after, negated)
                at = max(at + 1, after if len(subjects) > 1 else at + 1)
                continue
            if unit.kind != "off":
                self._free_forms(at)
            at += 1
        return self.statements

    def _measure_of(self, at: int) -> bool:
        """``The unit rate of B``, ``le prix du kWh de B``: a measure of the record that is
        not its monthly price, so the record is no subject; so are ``Two lines on Spark``
        (the price of several)."""
        if (
            self.low(at - 1) in _ON_WORDS
            and self.low(at - 2) in lx.PER_HEAD
            and (self.kind(at - 3) == "num" or self.low(at - 3) in _COUNT_WORDS)
        ):
            return True
        return self.low(at - 1) in _OF_WORDS and any(
            self.low(k) in _MEASURES for k in range(max(0, at - 4), at - 1)
        )

    def _aside(self, at: int) -> bool:
        """``The iStore contract, which also runs on Vodacom, is ...``: a record inside a
        relative clause set off by commas is not the subject of the verb after it."""
        k = at - 1
        while k > 0 and self.low(k) not in (",", "which", "who") and at - k < 6:
            k -= 1
        if self.low(k) not in ("which", "who") or self.low(k - 1) != ",":
            return False
        j = at + 1
        while j < len(self.units) and self.low(j) not in (",", ".", ";") and j - at < 4:
            j += 1
        return self.low(j) == "," and self.low(j + 1) in lx.SUBJECT_VERBS

    def _replaced_arrangement(self, at: int) -> bool:
        """``our current Canon lease``, ``the existing Biffa contract``: the arrangement the
        offers would replace (the record's name at ``at``), not the record's offer."""
        named = {self.toks[i].low for i in self.units[at].idx}  # "Canon lease": one unit
        return bool(
            {self.low(at - 1), self.low(at - 2)} & _INCUMBENT
            and (named | {self.low(at + 1)}) & _ARRANGEMENTS
        )

    def _appositive(self, after: int) -> bool:
        """``, the most expensive at 749`` right after a list of names: said of the last."""
        return (
            self.low(after) == ","
            and self.low(after + 1) == "the"
            and self._superlative(after + 2) is not None
            and self.kind(after - 1) == "off"
        )

    def _move_target(self, at: int) -> bool:
        """``from A to B``, ``from A (24.99) to B``: B is where a move goes, not a subject."""
        if self.low(at - 1) != "to":
            return False
        k = at - 2
        if self.low(k) == ")":  # "from A (EUR 24.99) to B": past A's bracket
            k = next((j for j in range(k - 1, max(-1, k - 8), -1) if self.low(j) == "("), 0) - 1
        if k < 0 or self.kind(k) != "off":
            return False
        return "from" in (self.low(k - 1), self.toks[self.units[k].idx[0]].low)

    def _capitals(self, at: int) -> bool:
        """A filler word written in capitals past a comma or ``then`` (``..., then NOW at
        £26.00``): a name the inputs do not spell, so what follows is not the subject's."""
        tok = self.units[at].tok
        return (
            tok is not None
            and len(tok.text) > 1
            and tok.text.isupper()
            and tok.text.isalpha()
            and self.low(at - 1) in (",", "then", "and")
        )

    def _glossed_opening(self, start: int) -> bool:
        """``O2 (offer-D) is ...``: a record in brackets right after the sentence's first
        word, a capitalised name the inputs do not spell: the record is the subject."""
        if (
            2 < start <= 5
            and self.low(0) in ("the", "a", "an")
            and self.low(start - 2) in lx.OFFER_NOUNS
            and all(self.kind(k) == "w" for k in range(start - 1))
        ):
            return True  # "The PDF quote (offer-x) sits ...": a description, then the record
        if start != 2 or self.kind(0) != "w":
            return False
        tok = self.units[0].tok
        word = tok.text if tok is not None else ""
        return word[:1].isupper() and word.lower() not in lx.FILLERS and word.lower() not in (
            "from", "between", "at", "for", "with", "vs", "versus", "than", "and", "or"
        )  # fmt: skip

    def _bracket_end(self, start: int, at: int, limit: int) -> int:
        """A subject named just inside a bracket (``(B, EUR 90) costs 10``): what follows the
        bracket is not said of it; its predicates end at the closing bracket."""
        if self.low(start - 1) != "(":
            return limit
        return next((j for j in range(at, limit) if self.low(j) == ")"), limit)

    def _predicates_open(
        self, subjects: list[Unit], start: int, at: int
    ) -> tuple[list[Unit], int, int] | None:
        """Where the predicates of ``subjects`` start and end, or None when none follow."""
        limit = min(len(self.units), at + WINDOW)
        if self.low(start - 1) == "(" and self.low(at) == ")":
            if not self._glossed_opening(start):
                return None  # "from 90 (B) to 120": a name in brackets is a label
            at, subjects = at + 1, _unchecked(subjects)  # "O2 (offer-D) is the fourth ..."
        limit = self._bracket_end(start, at, limit)
        at = self._after_appositive(at)  # "Biffa, our current supplier, is the dearest"
        if self._total_of_a_saving(start, at):
            return None  # "save 61 a month with B, which adds up to 732 a year": the saving's
        if self.low(start - 1) in ("and", "-") and self.low(start - 3) == "between":
            return None  # "sits between A and B at 27.99": the price is the subject's
        if self.low(at) == "(" and self.kind(at + 1) == "num" and self.low(at + 2) != ")":
            return None  # "D (54 < 57 < 60 < 66)": the bracket lists other figures
        if self._elided_after_bracket(at):
            return None  # "save 13, B (85.00) 10.00": the price in brackets, then B's saving
        self.subjects_read.append(subjects[0])  # the clause's subject, for "another 5"
        return subjects, at, limit

    def _after_appositive(self, at: int) -> int:
        """Past ``, our current supplier,`` after a subject: a possessive or article and
        at most four plain words between commas (no record, number or comparison, so
        ``, the cheapest,`` is still read); ``at`` itself otherwise."""
        if self.low(at) != "," or self.low(at + 1) not in _APPOSITIVE_OPENERS:
            return at
        for k in range(at + 2, min(at + 7, len(self.units))):
            if self.low(k) == ",":
                return k + 1 if k > at + 2 else at
            word = self.low(k)
            if self.kind(k) != "w" or word in _NOT_APPOSITIVE or any(c.isdigit() for c in word):
                return at
        return at

    def _elided_after_bracket(self, at: int) -> bool:
        """``..., B (85.00) just 10.00, and C ...``: after the subject's price in brackets,
        a bare amount ending its clause is what the elided verb said (a saving), not a
        second price (``B (85.00) 10.00 cheaper than C`` is still read)."""
        if (self.low(at - 1), self.kind(at - 2), self.low(at - 3)) != (")", "num", "("):
            return False
        after = self.after_amount(at, _ELIDED_LEADS)
        return after is not None and self.low(after) in ("", ".", ",", ";", "and", "!")

    def _total_of_a_saving(self, start: int, at: int) -> bool:
        """``..., which adds up to`` after a record a saving or gap was measured with
        (``save 61 a month with B``): the relative clause totals the saving."""
        if self.low(at) != "," or self.low(at + 1) not in ("which", "that"):
            return False
        if self.low(at + 2) not in _TOTAL_VERBS:
            return False
        before = {self.low(k) for k in range(max(0, start - 8), start)}
        return bool(before & _SAVING_VERBS) and any(
            self.kind(k) == "num" for k in range(max(0, start - 8), start)
        )

    def _restated(self, at: int) -> bool:
        """A bracket at ``at`` holds one bare amount right after a money amount: the same
        figure in a unit the sentence does not say (a quarter, another currency)."""
        tok = self.units[at + 1].tok
        return (
            self.kind(at - 1) == "num"
            and self.money(self.units[at - 1])
            and self.low(at + 2) == ")"
            and tok is not None
            and tok.period is None
        )

    def _gap_cell(self, at: int) -> int | None:
        """Where a later cell of this row opens with an amount and a comparison (``1,95 €
        più di A``, ``€5 more than B``), read as the row's record's gap; None if none."""
        k = at
        while k < len(self.units):
            if (
                self.kind(k) == "num"
                and (self.low(k + 1) in lx.AMOUNT_CMP or self.low(k + 1) in _MORE_BEFORE)
                and (k == at or self.low(k - 1) == ",")
            ):
                return k
            k += 1
        return None

    def _hedge_at(self, at: int) -> str | None:
        """The hedge or bound the word at ``at`` puts on the amount after it."""
        hedge = lx.BOUND.get(self.low(at), self.low(at))  # "über" is "over"
        if hedge in ("over", "under") and self.low(at - 1) in _JUST_WORDS:
            hedge = f"just {hedge}"  # "just over 27": above, and close to it
        if self.low(at + 1) in _DEMONSTRATIVES:
            return None  # "goes over that at 4,500": beyond that, at 4,500
        return hedge

    def _predicates(self, subjects: list[Unit], start: int, at: int, negated: bool) -> None:
        """Read predicates for ``subjects`` from unit ``at`` on, chained by connectors."""
        opened = self._predicates_open(subjects, start, at)
        if opened is None:
            return
        subjects, at, limit = opened
        first = True
        self.last_target = False
        while at < limit:
            gap_start = at
            hedge, neg = None, negated
            if not first and self.table_row and self.low(at) == ",":
                cell = self._gap_cell(at + 1)
                if cell is None:
                    return  # "| B | 90 | 30 |": the next cell is another column
                at = cell  # "| B | 29,90 € | 1,95 € più di A |": B's gap to A
            if not first and (self.low(at) in lx.CONTRAST or self.low(at) == ":"):
                return  # "..., versus 120 for A": another record's figure follows; "A is the
                # dearest at 1,249: 150 a month more than B": what follows is read alone
            if (
                self.low(at) == "("
                and self.kind(at + 1) == "num"
                and (self.low(at + 2) in ("and", ",", "/", "vs") or self._restated(at))
            ):
                return  # "north 1,320 and south 1,074 (110.00 and 89.50 a month)": both;
                # "Origin costs A$152.50 (A$457.50)": the price again, in another unit
            if self.low(at) in ("that", "this") and self.low(at + 1) in ("is", "'s", "makes"):
                return  # "From Lite to Ultimate that is 20.75 in total": not Ultimate's price
            if not first and self.low(at) in _AND_WORDS and self._new_subject(at + 1):
                return  # "The first offer costs 49 and the third costs 51": another record
            while (
                at < limit
                and self.kind(at) == "w"
                and (
                    self.low(at) in lx.PRICE_HEAD_OK
                    or (self.low(at) == "adds" and self.low(at + 1) == "up")  # adds up to
                    or (self.low(at) == "any" and self.low(at + 1) in _CMP_ADJECTIVES)
                    or (self.low(at) == "por" and self.low(at - 1) in _COMES_OUT)  # "sai por"
                    or self.low(at) in lx.HEDGES
                    or self.low(at) in lx.NEGATIONS
                    or self.low(at) in lx.MODALS
                    or (self.low(at) in ("elles", "ils") and self.low(at + 1) == "aussi")
                    or (self.low(at) == "einen" and self.low(at + 1) in ("tick", "tacken"))
                    or self._a_little(at)
                    or (
                        not first and self.low(at) in lx.CONNECTORS and not self._adjective_next(at)
                    )
                    or (not first and self._amount_follows(at))
                )
                and (not self._is_head(at) or (not first and self._amount_follows(at)))
                and not self._capitals(at)
            ):
                if self._not_only_the(at):
                    at += 2  # "Citi Bike is not just the priciest, it's also ...": priciest
                    continue
                if (self.low(at) in lx.NEGATIONS and self.low(at + 1) in langs.ONLY) or (
                    not first and self.low(at) in ("none", "nothing")
                ):
                    return  # "not only cheaper than A, but also ...": no negation; "A is
                    # 144.90, so none of the five costs more": a subject of its own
                neg, hedge = self._gap_word(at, neg, hedge)
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
                and not self._own_price(gap, at)
                and not gap & _CLAUSE_LINKS
                and not self._comparison_list(gap, at)
            ):
                if (
                    self.target is None
                    or self.kind(at) != "num"
                    or not gap & {"at", "priced", "costing", "à", "bei", "con", "mit"}
                    or not gap <= {"at", "priced", "costing", "à", "bei", "con", "mit", ","}
                ):
                    return
                self._either_price([*subjects, self.target], at)  # "above B at 18.00"
                return
            self.last_target = False
            if self._named_superlative(at) and (
                not first or any(self.low(k) == "," for k in range(start, at))
            ):
                return  # "A kosztuje 60 zł, a najdroższy T-Mobile 65 zł": about T-Mobile
            before = len(self.statements)
            end = self._head(subjects, start, gap_start, at, hedge=hedge, neg=neg)
            if end is None:
                return
            if self._other_situation(end):
                del self.statements[before:]  # "C is cheaper than A once the discount ..."
                return
            at, first = end, False

    def _gap_word(self, at: int, neg: bool, hedge: str | None) -> tuple[bool, str | None]:
        """A word between a subject and its predicate: a negation or a hedge, or neither."""
        if self.low(at) in ("neither", "nor", "ni"):
            neg = True
        elif (
            self.low(at) in lx.NEGATIONS
            and self.low(at) != "pas"  # ne...pas: once
            and not (self.low(at) == "no" and self.low(at + 1) == ",")
        ):  # "and no, it isn't the dearest": an answer, not a second negation
            neg = not neg
        if self.low(at) in lx.HEDGES and self.low(at) not in ("least", "most"):
            hedge = self._hedge_at(at)
        elif self.low(at - 1) == "at" and self.kind(at + 1) == "num":
            hedge = f"at {self.low(at)}"  # "at least 16", "at most 20"
        return neg, hedge

    def _a_little(self, at: int) -> bool:
        """``a little over 600``, ``a bit under 50``: the words of a hedge ``just over``."""
        if self.low(at) == "a":
            at += 1
        elif self.low(at - 1) != "a":
            return False
        return self.low(at) in ("little", "bit", "touch") and self.low(at + 1) in ("over", "under")

    def _not_only_the(self, at: int) -> bool:
        """``not just the priciest``, ``not only the cheapest``: the superlative is said."""
        return (
            self.low(at) in ("not", "n't", "isn't")
            and self.low(at + 1) in ("only", "just", "merely")
            and self.low(at + 2) == "the"
            and (self.low(at + 3) in lx.CHEAP_SUP or self.low(at + 3) in lx.DEAR_SUP)
        )

    def _adjective_next(self, at: int) -> bool:
        """``plus cher``, ``più caro``: ``plus`` before a price adjective is a comparison,
        not the connector ``plus``."""
        return self.low(at + 1) in langs.CHEAP_ADJ

    def _own_price(self, gap: set[str], at: int) -> bool:
        """``B comes in $5 cheaper at $120``: after a margin to no named record, the
        amount ``at`` is the subject's own price."""
        return (
            self.target is None
            and self.kind(at) == "num"
            and bool(gap & {"at", "priced"})
            and gap <= {"at", "priced", ","}
        )

    def _named_superlative(self, at: int) -> bool:
        """A superlative with a record's name right after it, or after a copula a few words
        on (``a najdroższy ze wszystkich sześciu [c8] jest Plus``): said of that record."""
        sup = self._superlative(at)
        if sup is None:
            return False
        if self.kind(sup[1]) == "off":
            return True
        return any(
            self.low(k) in _COPULAS
            and (
                self.kind(k + 1) == "off" or (self.kind(k + 1) == "w" and self._capitalised(k + 1))
            )
            for k in range(sup[1], min(sup[1] + 6, len(self.units) - 1))
        )  # "jest Plus": a name, even one the inputs spell only as a word

    def _other_situation(self, end: int) -> bool:
        """What follows a reading makes it about another situation than the monthly prices
        as given: ``once the discount is applied``, ``in the second year``, ``on the annual
        plan``, ``only in the first month``, ``after the promotion ends`` (not ``on price``,
        ``in monthly terms``, ``by 5``)."""
        if self.low(end - 1) in ("in", "on", "during", "with", "for"):
            end -= 1  # the reading took the preposition: "cheaper than A in | the second year"
        word, nxt = self.low(end), self.low(end + 1)
        ahead = {self.low(k) for k in range(end + 1, end + 5)}
        if word in _CONDITIONS or (word == "only" and nxt in _CONDITIONS | {"in", "on", "for"}):
            return True
        if (word in lx.FIRST_WORDS or (word in _ARTICLES and nxt in lx.FIRST_WORDS)) and (
            ahead & lx.PERIOD_NOUNS
        ):
            return True  # "29,99 € par mois la première année": an introductory price
        if word in ("in", "during", "on", "with", "for") and not ahead & _PRICE_TERMS:
            return bool(ahead & _SITUATIONS)
        return False

    def _comparison_list(self, gap: set[str], at: int) -> bool:
        """``east is 10.09 cheaper than north, 14.60 cheaper than south``: after a comma,
        another amount with a comparison word is the same subject's (a bare amount is not:
        it may be the record just named's price)."""
        return gap == {","} and self.kind(at) == "num" and self.low(at + 1) in lx.AMOUNT_CMP

    def _gap_after(self, nxt: int) -> bool:
        """Whether the words after an amount make it a gap: "20 behind B", "30 versus A",
        "another 10 on top" (not "24 a month on a 12-month contract", "90 versus 120")."""
        word = self.low(nxt)
        if word in lx.RELATION_AFTER_AMOUNT or (word, self.low(nxt + 1)) in _GAP_PHRASES:
            return True  # "another 10 on top", "4.10 in favour of A"
        if word in ("-", "en") and self.low(nxt + 1) in langs.RELATION_AFTER_AMOUNT:
            return True  # "30 € au-dessus de B", "30 € en dessous de A"
        if word in lx.CONTRAST_AFTER_AMOUNT:
            k = nxt + 1 if self.kind(nxt + 1) == "off" else nxt + 2
            if self.kind(k) != "off":
                return False
            k += 1  # "52.50 against A's 60.00", "against A (60)": another price, no gap
            while self.low(k) in ("'s", "'", "s", "(", ":", "at"):
                k += 1
            return self.kind(k) != "num"
        return False

    def _elliptic_gap(self, start: int, at: int) -> bool:
        """``X is 10 more expensive, Y 14.60``: after a comma, a record with a bare amount
        that follows an amount compared is another gap, not that record's price."""
        if self.low(start - 1) not in (",", "and") or self.kind(start) != "off":
            return False
        if at == start + 2 and self.low(start + 1) in _WITH:
            return any(self.low(k) in _DIFFERENCE_NOUNS for k in range(start))
        if at != start + 1:
            return False
        for k in range(max(0, start - WINDOW), start - 1):
            if self.kind(k) == "num":
                j = k + 1
                while self.low(j) in lx.PERIOD_WORDS:
                    j += 1
                if (
                    self.low(j) in lx.AMOUNT_CMP
                    or (self.low(j), self.low(j + 1)) in langs.MORE_AFTER
                ):
                    return True
        return False

    def _none_beyond_bound(
        self, subjects: list[Unit], start: int, at: int, tok: Tok, bound: str
    ) -> int:
        """``Neither Ro nor Ta is below 15``, ``A is not over 100``: no subject beyond it."""
        offers = [s.offer or "" for s in subjects]
        direction = "cheaper" if bound == "under" else "more_expensive"
        tests = [
            _all_of([_none_of(offer, factor, amount.value, direction) for offer in offers])
            for amount, period in self.amount_readings(tok)
            for factor in [Decimal(12) if period == "year" else Decimal(1)]
        ]
        says = f"{' and '.join(offers)} not {bound} {tok.text}"
        self.add(says, _any_of(tests), start, at + 1, exact=all(s.exact for s in subjects) and
                 len(tests) == 1)  # fmt: skip
        return at + 1

    def _either_price(self, owners: list[Unit], at: int) -> None:
        """``Oto sits just above ZEN-basic at 18.00``, ``less than A, at 120``: the price of
        the subject or of the record compared with; false only when it is neither's, and
        never checked."""
        unit = self.units[at]
        tok = unit.tok
        if tok is None or not self.money(unit):
            return
        tests = [
            _claim_test(Price(id="prose", offer=owner.offer or "", amount=amount, period=period))
            for owner in owners
            for amount, period in self.amount_readings(tok)
        ]
        names = " or ".join(dict.fromkeys(owner.offer or "" for owner in owners))
        self.add(f"{names} costs {tok.text}", _any_of(tests), at - 1, at + 1, exact=False,
                 certain=False)  # fmt: skip

    def _gap_object(self, at: int) -> bool:
        """The record at ``at`` is what a gap or saving is measured to (``the difference to
        B is``, ``a diferença para o B``, ``la economía frente a B``): no subject."""
        k = at - 1
        while self.low(k) in _ARTICLES:
            k -= 1
        if self.low(k) not in _GAP_LINKS:
            return False
        return any(
            (word := self.low(j).rpartition("'")[2]) in _DIFFERENCE_NOUNS or word in _SAVING_NOUNS
            for j in range(max(0, k - 5), k)
        )  # "L'écart avec B est de 470 €": the article elided into the noun

    def _pct_at(self, at: int) -> bool:
        tok = self.units[at].tok if self.kind(at) == "num" else None
        return tok is not None and tok.pct

    def _new_subject(self, at: int) -> bool:
        """``the third costs 51``: an ordinal (or ``the other``) that has its own verb."""
        while self.low(at) in _AND_WORDS or self.low(at) == "the":
            at += 1
        sup = self._superlative(at + 1) if self.low(at) in langs.ORDINALS else None
        if sup is not None and (
            self.low(sup[1]) in langs.SUP_VERBS or self.low(sup[1]) in lx.SUBJECT_VERBS
        ):
            return True  # ", og nest billigst er strom-d": that record's own clause
        if (
            self.kind(at) == "num"
            and self.low(at + 1) == "of"
            and (self.low(at + 2) in ("the", "all") or self.kind(at + 2) == "num")
        ):
            return True  # ", and 2 of the 4 are under €10": a count of offers, its own clause
        return (self.low(at) in ORDINALS or self.low(at) in ("other", "last")) and (
            self.low(at + 1) in lx.SUBJECT_VERBS
            or self.low(at + 1) == "from"
            or self.kind(at + 1) == "off"
        )  # "and second from the top is Walnut", ", 2nd Cove at 5.50"

    def _is_head(self, at: int) -> bool:
        low = self.low(at)
        if low in {"at", "for"}:
            return False
        if low in ("least", "most") and self.low(at - 1) == "at" and self.kind(at + 1) == "num":
            return False  # "costs at least 16": a bound
        if low in ("least", "most", "best", "lowest", "highest", "less", "more", "lower"):
            return True
        if low == "a" and self.low(at + 1) in ("quarter", "third", "fifth", "tenth"):
            return True  # "B is a quarter cheaper than A"
        if low == "only" and self.low(at + 1) in lx.OFFER_NOUNS:
            return True
        if low in ("below", "above") and self.kind(at + 1) == "num":
            return False  # "C is above 35": a bound, read as "over 35"
        return (
            low in lx.CHEAP_SUP
            or low in lx.DEAR_SUP
            or low in lx.CHEAP_CMP
            or low in lx.DEAR_CMP
            or low in ORDINALS
        )

    def _differ_in_price(self, at: int) -> bool:
        """``different prices``, ``differ in price``, ``a different price``: no tie."""
        low, nxt = self.low(at), self.low(at + 1)
        if low == "different" and nxt in _PRICE_OF:
            return self.low(at + 2) in ("", ".", ",", ";", "!")
        return low in ("differ", "differs") and nxt == "in" and self.low(at + 2) in _PRICE_OF

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
        if unit.kind == "num" and self.low(at + 1) in ("times", "x"):
            return self._comparative(subjects, start, at, hedge, neg)  # "three times as much"
        if low in ("ranked", "ranks") and self.kind(at + 1) == "num" and self._place_number(at + 1):
            return self._rank(subjects, start, at + 1, neg)  # "B is ranked 2 at 89.50"
        if unit.kind == "num" and self.low(at - 1) in ("ranked", "ranks", "rank"):
            if self._place_number(at):
                return self._rank(subjects, start, at, neg)  # "B ranks 4"
            return at + 1  # "ranks 12": no place among these records, no price either
        if unit.kind == "num":  # "... at $24.50 - 3307 is the store number": its own subject
            return (
                None
                if self._number_subject(at)
                else self._number_head(subjects, start, at, hedge, neg)
            )
        if low in _INCREMENTS or (low in ("a", "an", "adds", "add") and (
            self.low(at + 1) in _INCREMENTS
        )):  # fmt: skip
            return self._increment(subjects, start, at, hedge)  # "Zipjet another £3.50"
        if low in ("a", "half", "twice", "double") and self._fraction(at) is not None:
            return self._comparative(subjects, start, at, hedge, neg)
        if low in ("third", "fifth", "tenth") and self.low(at - 1) == "a":
            return self._comparative(subjects, start, at - 1, hedge, neg)  # "a third cheaper"
        if low in ORDINALS or low in ("last", "runner", "penultimate"):
            return self._rank(subjects, start, at, neg)
        if low == "middle" and self.low(at - 1) == "the":
            return self._middle(subjects, start, at, neg)
        if low in ("above", "below", "over", "under") and self.low(at + 1 + (
            self.low(at + 1) == "the")) in ("average", "mean"):  # fmt: skip
            return self._versus_average(subjects, start, at, neg)  # "B is above the average"
        if self._differ_in_price(at):
            return self._tie(subjects, start, at, not neg)  # "A and B have different prices"
        if low in langs.ORDINALS or low in langs.RANK_WORDS:
            return self._foreign_rank(subjects, start, at, neg)  # "la deuxième moins chère"
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
            "identically",
            "level",
        ):
            return self._tie(subjects, start, at, neg)
        if low in ("all", "both") and self.low(at + 1) == "within":
            low, at = "within", at + 1  # "A, B and C are all within 0.50 of each other"
        if low == "within" and len({s.offer for s in subjects}) >= 2 and not neg:
            offers = tuple(dict.fromkeys(s.offer or "" for s in subjects))
            return self._within_each_other(start, at + 1, only=offers)  # "A and B are within"
        if low == "priced" and self.low(at + 1) in ("identically", "alike", "equally"):
            return self._tie(subjects, start, at + 1, neg)
        if low in langs.TIE:
            return self._tie(subjects, start, at, neg)  # "empatan", "le même prix"
        if (low, self.low(at + 1)) in langs.TIE_PAIRS:
            return self._tie(subjects, start, at + 1, neg)  # "gleich teuer", "even duur"
        if low == "only" and self.low(at + 1) in lx.OFFER_NOUNS:
            return self._only(subjects, start, at)
        sup = self._superlative(at)
        if sup is not None:
            if self.low(sup[1]) in langs.SUP_VERBS and self.kind(sup[1] + 1) == "off":
                return None  # "prad-a (210 zł), a najdroższa jest prad-c": c's superlative
            verb = any(self.low(k) in lx.VERBS for k in range(gap_start, at))
            if self.kind(sup[1]) == "off" and self.low(sup[1] - 1) == "-" and verb:
                sup = (sup[0], sup[1] - 1)  # "Fern is not the cheapest option — Ivy ...": Fern's
            elif self.kind(sup[1]) == "off":
                return None  # "..., the most expensive Telekom L at €39.95": Telekom L's
            return self._superlative_head(subjects, start, gap_start, at, sup=sup, neg=neg)
        if low in lx.CHEAP_CMP or low in lx.DEAR_CMP or low in _MORE_OR_LESS:
            return self._comparative(subjects, start, at, hedge, neg)
        if low == "ahead":
            return self._ahead_of(subjects, start, at, neg)
        return None

    def _ahead_of(self, subjects: list[Unit], start: int, at: int, neg: bool) -> int | None:
        """``A is the cheapest, just ahead of B``: after a superlative, A is on that side of
        B (strictly cheaper, or dearer); with no superlative read, ``ahead`` says neither."""
        if self.sup_kind is None or neg or len(subjects) != 1 or self.low(at + 1) != "of":
            return None
        if self.kind(at + 2) != "off":
            return None
        x, y = subjects[0].offer or "", self.units[at + 2].offer or ""
        direction = "cheaper" if self.sup_kind == "cheap" else "more_expensive"
        test = self._pair_test(x, y, direction, None, None, ratio=False, hedge=None,
                               period=None, neg=False)  # fmt: skip
        word = "cheaper" if direction == "cheaper" else "more expensive"
        self.add(f"{x} is {word} than {y}", test, start, at + 3,
                 exact=subjects[0].exact and self.units[at + 2].exact)  # fmt: skip
        self.last_target, self.target = True, self.units[at + 2]  # "ahead of B at 699": B's
        return at + 3

    def _more_before(self, at: int, nxt: int) -> bool:
        """``mais 19,99 € do que a DIGI``, ``más 5 € que B``: a gap said before its amount."""
        return self.low(at - 1) in _MORE_BEFORE and any(
            self.low(k) in lx.THAN_WORDS for k in range(nxt, nxt + 3)
        )

    def _amount_follows(self, at: int) -> bool:
        """``..., menos 4,00 € do que B``: a gap word before its amount, read at the amount;
        ``..., that's 41 more than B`` too."""
        if self.low(at) == "that's" and self.kind(at + 1) == "num":  # "at 420, that's 41
            k = at + 2  # more than B": the subject's gap, said of its price
            while self.low(k) in lx.PERIOD_WORDS:
                k += 1
            return self.low(k) in lx.AMOUNT_CMP
        return self.low(at) in _MORE_BEFORE and self.kind(at + 1) == "num"

    def _gap_before(
        self, subjects: list[Unit], at: int, nxt: int, *, hedge: str | None, neg: bool
    ) -> int | None:
        """``A custa 29,99 €, mais 19,99 € do que a DIGI``: the subject is dearer (cheaper
        after ``menos``) than the record after ``que`` by the amount; otherwise no price."""
        tok = self.units[at].tok
        j = next((k for k in range(nxt, nxt + 3) if self.low(k) in _THAN_AFTER), None)
        if tok is None or tok.pct or neg or j is None or not self.money(self.units[at]):
            return None
        j += 1
        while self.low(j) in _ARTICLES:
            j += 1
        targets, end = self._targets(j)
        if not targets:
            return None
        dear = self.low(at - 1) in _MORE_WORDS
        direction = "more_expensive" if dear else "cheaper"
        pairs = [(s.offer or "", t) for s in subjects for t in targets]
        tests = [self._pair_test(x, y, direction, tok, None, ratio=False, hedge=hedge,
                                 period=tok.period, neg=False) for x, y in pairs]  # fmt: skip
        word = "more expensive" if dear else "cheaper"
        says = "; ".join(f"{x} is {word} than {y} by {tok.text}" for x, y in pairs)
        self.add(says, _all_of(tests), at - 1, end, exact=all(u.exact for u in subjects),
                 certain=hedge is None)  # fmt: skip
        return end

    def _number_subject(self, at: int) -> bool:
        """A bare number followed by ``is``/``was``: the subject of a clause of its own."""
        tok = self.units[at].tok
        return (
            tok is not None
            and not tok.money
            and not tok.pct
            and tok.period is None
            and self.low(at + 1) in ("is", "was")
        )

    def _number_head(
        self, subjects: list[Unit], start: int, at: int, hedge: str | None, neg: bool
    ) -> int | None:
        unit = self.units[at]
        tok = unit.tok
        assert tok is not None
        number = next((i for i in unit.idx if self.toks[i] is tok), None)
        if number is not None and (
            charge_after(self.toks, number) or for_the_equipment(self.toks, number)
        ):
            return at + 1  # "x3 has a 120.00 set-up fee", "a 500 excess", "plus $349 for
            # the dish": no monthly price
        if number is not None and counted(self.toks, number, len(self.table.records)):
            return at + 1  # "ethos at $26.45, with two cheaper and two dearer": a count
        nxt = at + 1
        while self.low(nxt) in lx.PERIOD_WORDS:
            nxt += 1
        if self.low(nxt) == "," and self.low(nxt + 1) == "or" and self._pct_at(nxt + 2):
            nxt += 3 + (self.low(nxt + 3) == ",")  # "is USD 46.00, or 63.0%, more than B"
        cmp_word = self.low(nxt)
        if (cmp_word, self.low(nxt + 1)) in langs.MORE_AFTER:
            cmp_word = self.low(nxt + 1)  # "5 euro in più", "10 euros a mais"
        if (
            self.low(at - 1) in ("at", "mit", "à", "con", "with", "bei")
            and self.money(unit)
            and cmp_word not in _MARGIN_WORDS
        ):
            cmp_word = ""  # "mit 90 € im Monat günstiger als A": 90 is the price, not the gap
        if tok.pct or cmp_word in lx.AMOUNT_CMP or _premium(cmp_word, self.low(nxt + 1)):
            return self._comparative(subjects, start, at, hedge, neg)
        if (cmp_word, self.kind(nxt + 1), self.low(nxt + 2)) == ("(", "num", ")") and (
            self.low(nxt + 3) in lx.AMOUNT_CMP
        ):
            return None  # "10/month (120/year) cheaper than B": a margin, not a price
        after = nxt + 1 if self.low(nxt) == "," else nxt
        if self.low(after) in ("give", "approximately", "roughly", "ish", "thereabouts") or (
            self.low(after), self.low(after + 1)) == ("or", "so"):  # fmt: skip
            hedge = hedge or "give or take"  # "twelve hundred a month, give or take"
        if (
            self.low(at - 1) == "by"
            or (self.low(at - 2) == "by" and self.low(at - 1) in _BY_HEDGES)
            or (self.low(at + 1) in ("for", "pour", "für", "para") and self.kind(at + 2) == "off")
        ):
            return None  # "cheapest by 10": a margin; "120 for A": another record's price
        if self._more_before(at, nxt):
            return self._gap_before(subjects, at, nxt, hedge=hedge, neg=neg)
        if self._gap_after(nxt) and self.low(nxt) not in _CMP_ADJECTIVES:  # after "mit"
            return None  # "20 behind B", "30 versus A", "another 10 on top": a gap, not a price
        if self._elliptic_gap(start, at):
            return None  # "north is 10.09 more expensive, south 14.60": south's gap too
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
        if neg and _bound(hedge) in ("over", "under") and not self.other_context:
            return self._none_beyond_bound(subjects, start, at, tok, _bound(hedge))
        if neg or (self.other_context and tok.period is None) or self.inclusive:
            return at + 1
        if number is not None and (
            signed(self.toks, number) or for_another_thing(self.toks, number)
        ):  # "sfr-fibre -9,00 €": a gap with its sign; "plus £20 for a smart meter"
            return at + 1
        if len(subjects) != 1:
            return self._each_costs(subjects, start, at, tok, hedge)
        subject = subjects[0]
        readings = self.amount_readings(tok)
        tests = []
        for amount, period in readings:
            claim = Price(id="prose", offer=subject.offer or "", amount=amount, period=period)
            if hedge is not None:  # every hedge loosens the amount; bounds are bounds
                factor = Decimal(12) if period == "year" else Decimal(1)
                offer = subject.offer or ""
                tests.append(_hedged(_price_of(offer, factor), amount.value, _bound(hedge)))
            else:
                tests.append(_claim_test(claim))
        terms = self.text_terms if tok.period is None and hedge is None else ()
        test = _any_of(tests)
        if terms:  # "Flex24 would be $839.76" in a text about a 24-month term
            test = _or_else(test, [_term_price(subject.offer or "", months, a)
                                   for months in terms for a, _ in readings])  # fmt: skip
        says = _price_said(subject.offer or "", tok, hedge)
        self.add(
            says,
            test,
            start,
            at + 1,
            exact=subject.exact and len(readings) == 1,
            certain=hedge is None,
        )
        return at + 1


# Unions the readers test words against, made once at import (the word sets never change).
_MORE_OR_LESS = frozenset(langs.MORE | langs.LESS)
_COMES_OUT = frozenset({"sai", "saem", "sale", "salen"})
_ELIDED_LEADS = frozenset({"just", "only", "another", "a", "further", "roughly", "about",
                           "around", "nearly", "almost"})  # fmt: skip
_TOTAL_VERBS = frozenset({"adds", "comes", "works", "amounts", "totals", "makes", "means"})
_SAVING_VERBS = frozenset({"save", "saves", "saving", "pay", "paying", "spend", "less", "more",
                           "cheaper", "dearer", "extra"})  # fmt: skip
_APPOSITIVE_OPENERS = frozenset({"our", "your", "the", "their", "my", "its", "his", "her"})
_COPULAS = frozenset({"is", "jest", "ist", "est", "è", "es", "é", "är", "er", "on", "zijn"})
_INCUMBENT = frozenset({"current", "existing", "old", "previous", "incumbent", "expiring",
                        "outgoing"})  # fmt: skip
_ARRANGEMENTS = frozenset({"lease", "contract", "agreement", "arrangement", "deal", "tariff",
                           "plan", "policy", "service", "rental", "subscription"})  # fmt: skip
_NOT_APPOSITIVE = frozenset(lx.COMPARISON | lx.NEGATIONS | lx.PRONOUNS | lx.CONNECTORS
                            | lx.HEDGES | lx.VERBS)  # fmt: skip
# Comparatives in one word: after "mit 39,99 €" the amount is the price ("mit 5 € weniger",
# "à 2,55 € de moins" stay gaps)
_CMP_ADJECTIVES = frozenset({
    "cheaper", "dearer", "pricier", "costlier", "günstiger", "billiger", "preiswerter",
    "teurer", "goedkoper", "duurder", "billigare", "dyrare", "billigere", "dyrere",
})  # fmt: skip


def _premium(word: str, after: str) -> bool:
    """``a 10.60 premium over B``: the number is a gap, as in ``10.60 more than B``."""
    return word in ("premium", "markup") and after in ("over", "on")
