"""A sentence as units (a record named with the words that only name it, a number with
its marks, a word) and the helpers every recognised form uses."""

from __future__ import annotations

from . import lexicon as lx
from .check import Table
from .judge import Statement, Test
from .kinds import Amount, Period, as_period
from .refs import Mentions, Ref, mentions, possessor, resolve
from .slotted import Slotted
from .tokens import ORDINALS, Tok, counts_things, set_against_count

WINDOW = 40  # the longest stretch of units one form may read


class Unit(Slotted):
    """One unit of a sentence: ``off`` (a record), ``num`` or ``w`` (a word or sign)."""

    __slots__ = ("exact", "idx", "kind", "low", "offer", "tok")
    kind: str  # off, num, w
    low: str
    idx: list[int]
    offer: str | None
    exact: bool
    tok: Tok | None

    def __init__(  # noqa: PLR0917 - called positionally, as the dataclass it was
        self,
        kind: str,
        low: str,
        idx: list[int],
        offer: str | None = None,
        exact: bool = True,
        tok: Tok | None = None,
    ) -> None:
        self.kind = kind
        self.low = low
        self.idx = idx
        self.offer = offer
        self.exact = exact
        self.tok = tok


class SentenceBase:
    """The units of one sentence and what the forms share; statements collect here."""

    def __init__(
        self,
        table: Table,
        toks: list[Tok],
        *,
        year_context: bool,
        other_context: bool,
        ranking_context: bool,
    ) -> None:
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
        self.sup_kind: str | None = None  # the end of the last superlative read ("cheap")
        self.subjects_read: list[Unit] = []  # each clause's first subject, in order
        self.target: Unit | None = None
        self.targets: set[int] = set()  # units named after "than"
        self.table_row = False  # a table row: each cell is read on its own
        self.year_opening = False  # the sentence opens "Over a year, ...": bare amounts yearly
        self.inclusive = False  # "£285 a year, set-up fee included": no price of the inputs
        self.pair_gap: int | None = None  # the statement "X and Y are N apart" (kept whole)
        self.before = Mentions()  # what the previous sentence named
        self.implicit_to: dict[str, bool] = {}  # records its margins with no "than" were to
        self.pair_other: dict[str, tuple[str, bool]] = {}  # "the latter": the former
        self.frame: set[int] = set()  # "Between A and C, ...": the pair a margin is within
        # "Apart from B, C is the cheapest": a superlative over some offers only
        self.narrowed = any(
            t.low in lx.NARROWING
            and not (t.low == "other" and k + 1 < len(toks) and toks[k + 1].low in _IDIOMS)
            for k, t in enumerate(toks)
            if t.kind == "word"
        )  # not "in other words", "on the other hand"
        self.narrowed = self.narrowed or restricted_opening(toks)
        self.modal = any(t.low in lx.MODALS for t in toks if t.kind == "word")
        self._counts: bool | None = None
        self.negated_anywhere = any(t.low in lx.NEGATIONS for t in toks if t.kind == "word")
        self.summed = any(t.low in lx.SUM_WORDS for t in toks if t.kind == "word")
        self.text_terms: tuple[int, ...] = ()  # the contract terms the text states, in months
        self.incumbent: str | None = None  # the record the text called the current one
        self._places: dict[int, int] | None = None
        self._named_count: int | None = None  # records named in the sentence (lazily)
        self._measures: bool | None = None  # a number has a unit (lazily)
        self._between = False

    def build_units(self, before: Mentions) -> None:
        marks = {m for t in self.toks if t.kind == "num" for m in t.marks}
        ids = [r.id for r in self.table.records]
        named = any(t.kind in ("offer", "near") for t in self.toks)
        pronoun = before.subject
        self.before = before
        self.refs = resolve(self.toks, before, it_subject=True, ids=ids)
        spanned = {i for ref in self.refs.values() for i in ref.idx}
        self.pair_other = {r.offers[0]: r.other for r in self.refs.values() if r.other}
        units = self.units
        for index, tok in enumerate(self.toks):
            if index in self.refs:
                units.extend(_ref_units(self.refs[index], tok))
                continue
            if index in marks or tok.kind == "cite" or index in spanned:
                continue
            if tok.kind in ("offer", "near"):
                # "@e", never "e": a record named E, Y, THE or ALL is no word of any form
                units.append(
                    Unit("off", "@" + tok.low, [index], tok.offer, tok.kind == "offer", tok)
                )
            elif tok.kind == "num":
                units.append(Unit("num", tok.low, [index, *tok.marks], tok=tok))
            elif self._resolves(index, tok, pronoun, named):
                assert pronoun is not None
                units.append(Unit("off", "it", [index], pronoun, False, tok))
                if tok.low == "it's":
                    units.append(Unit("w", "is", [index]))
            else:
                units.append(
                    Unit("w", tok.low if tok.kind != "punct" else tok.text, [index], tok=tok)
                )
        # "the second offer", "the last quote": a record by its position in the inputs
        at = 0 if not {u.low for u in units} & _TIE_TALK else len(units)  # "With a tie, the
        # first one listed wins": the first of the tied ones, not of the inputs
        while at + 2 < len(units):
            a, b, c = units[at], units[at + 1], units[at + 2]
            if a.low == "the" and c.low in lx.OFFER_NOUNS and b.low in (*ORDINALS, "last"):
                position = len(ids) if b.low == "last" else ORDINALS[b.low]
                if position <= len(ids):
                    units[at : at + 3] = [
                        Unit("off", b.low, a.idx + b.idx + c.idx, ids[position - 1], False)
                    ]
            at += 1
        self._absorb_nouns()

    def mentions(self) -> Mentions:
        """What this sentence named, for the next sentence's references."""
        offs = [u for u in self.units if u.kind == "off" and u.offer is not None]
        at = 0
        while self.low(at) in ("both", "neither", "either", "the"):
            at += 1
        group: list[str] = []
        while self.kind(at) == "off":
            group.append(self.units[at].offer or "")
            if self.low(at + 1) not in (",", "and", "nor", "&") or self.kind(at + 2) != "off":
                break
            at += 2
        refs = list(self.implicit_to.items()) if len(self.implicit_to) == 1 else []
        if any(u.kind == "w" and u.low in ("it", "its", "it's") for u in self.units):
            offs = []  # "That makes it ... than r1": whatever "it" is, r1 is no subject
        return mentions(self.toks, [(u.offer or "", u.exact) for u in offs], group, refs)

    def find_frame(self) -> None:
        """``Between A and C, the latter is cheaper by 4``: an opening pair that names the
        two records a margin with no ``than`` is between; they are no subjects."""
        words = [self.low(k) for k in range(5)]
        if words[0] in ("between", "of") and self._opening_pair():
            return
        lead = lx.against_opening(words)
        if not lead or self.kind(lead) != "off":
            return
        k = lead + 1
        if self.low(k) == "'" and self.low(k + 1) == "s":
            k += 2  # "Against B's $154.20, C is 12.9% cheaper"
        price = k if self.kind(k) == "num" else None
        k += price is not None
        if self.low(k) == ",":
            self.covered.update(range(k + 1))  # "Against Solo, Saver is 11% cheaper"
            self.frame = self.used(0, k + 1)  # "Compared with A, C is the dearest": of all
            if price is not None:  # B's price is read on its own, never with the frame
                self.frame -= set(self.units[price].idx)

    def _opening_pair(self) -> bool:
        """``Between A and C,``, ``Of A (74) and C (69.50),``: the pair a margin is within.
        A price in brackets is left to be read on its own, never with the frame."""
        k, prices = 1, set()
        for joiner in ("and", ","):
            if self.kind(k) != "off":
                return False
            k += 1
            if self.low(k) == "(" and self.kind(k + 1) == "num" and self.low(k + 2) == ")":
                prices |= set(self.units[k + 1].idx)
                k += 3
            if self.low(k) != joiner:
                return False
            k += 1
        self.covered.update(range(k))
        self.frame = self.used(0, k) - prices
        self.narrowed = True  # "Of A and C, C is the cheapest": of the two only
        return True

    def _resolves(self, index: int, tok: Tok, pronoun: str | None, named: bool) -> bool:
        """``It``/``That is``/``This costs``: the previous sentence's one subject, read only
        when unambiguous (``that``/``this`` open the sentence and a verb follows)."""
        if pronoun is None or tok.low not in lx.RESOLVED_PRONOUNS:
            return False
        if any(t.offer == pronoun for t in self.toks if t.kind in ("offer", "near")):
            return False  # "It is 8 cheaper than r1" never reads "r1 than r1"
        if tok.low in ("it", "it's"):
            if index and self.toks[index - 1].low in _PLACING_VERBS:
                return False  # "its standing charge puts it second": it is no subject here
            if named or possessor(self.toks[:index]):
                return index == 0  # "Alfa's 799,50 zł ..., and it is the dearest": Alfa
            return True
        if tok.low == "its":  # "Its monthly price of 19.99 ...": the previous subject's
            return index == 0
        after = self.toks[index + 1].low if index + 1 < len(self.toks) else ""
        return index == 0 and after in lx.SUBJECT_VERBS

    def _absorb_nouns(self) -> None:
        """``the offer from B``, ``Offer B``, ``the B quote``: one name unit."""
        out: list[Unit] = []
        for unit in self.units:
            if unit.kind == "off":
                while out and out[-1].kind == "w" and out[-1].low in _NAME_LEADS:
                    unit.idx = out.pop().idx + unit.idx
                out.append(unit)
            elif unit.kind == "w" and unit.low in lx.OFFER_NOUNS and out and out[-1].kind == "off":
                out[-1].idx = out[-1].idx + unit.idx
            else:
                out.append(unit)
        self.units = out

    def low(self, at: int) -> str:
        return self.units[at].low if 0 <= at < len(self.units) else ""

    def kind(self, at: int) -> str:
        return self.units[at].kind if 0 <= at < len(self.units) else ""

    def after_amount(self, at: int, leads: frozenset[str] | set[str]) -> int | None:
        """Past words of ``leads``, an amount and its period words from ``at``: where what
        follows the amount starts; None when no amount comes after those words."""
        while self.low(at) in leads:
            at += 1
        if self.kind(at) != "num":
            return None
        at += 1
        while self.low(at) in lx.PERIOD_WORDS:
            at += 1
        return at

    def used(self, start: int, end: int) -> set[int]:
        return {i for u in self.units[start:end] for i in u.idx}

    def add(
        self, says: str, test: Test, start: int, end: int, *, exact: bool, certain: bool = True
    ) -> None:
        self.covered.update(range(start + 1, end))
        self.statements.append(
            Statement(says, test, self.used(start, end), exact, certain and not self.modal)
        )

    def money(self, unit: Unit) -> bool:
        tok = unit.tok
        return (
            unit.kind == "num"
            and tok is not None
            and not tok.pct
            and tok.unit is None
            and tok.period != "other"
            and (tok.money or tok.period is not None or self._amount_like(unit))
            and not (tok.period is None and self._per_other(unit))
            and not (
                not tok.money
                and tok.period is None
                and self._measured()
                and self.low(self._place(unit) - 1) not in _PRICE_VERBS
            )
        )

    def _measured(self) -> bool:
        """A number of the sentence has a unit (``Speeds: 150 Mbit/s for A, 100 for B``): its
        bare numbers are more of the same, not prices."""
        if self._measures is None:
            self._measures = any(
                t.kind == "num"
                and (
                    t.unit in MEASURES
                    or (not t.money and t.period is None and after.low in _COUNTED)
                )
                for t, after in zip(self.toks, self.toks[1:], strict=False)
            )  # "Hostinger Premium allows 100 websites, Bluehost Basic 1": more websites
        return self._measures

    def _per_other(self, unit: Unit) -> bool:
        """``€8.50 per seat``: a rate per something the inputs do not price."""
        at = self._place(unit)
        return self.low(at + 1) in ("per", "a", "an", "each", "every", "/", "za", "pro") and (
            self.kind(at + 2) == "w"
            and self.low(at + 2)[:1].isalpha()
            and self.low(at + 2) not in _PERIOD_OR_RELATION
        )

    def _amount_like(self, unit: Unit) -> bool:
        """No currency or period marks it: an amount unless a noun follows it ("3 admin
        licenses", "a 99.9 uptime") or, written in words, nothing prices it."""
        at = self._place(unit)
        nxt = self.units[at + 1] if at + 1 < len(self.units) else None
        if (
            nxt is not None
            and nxt.kind == "w"
            and nxt.low[:1].isalpha()
            and (nxt.low not in _MONEY_FOLLOW)
        ):
            return False
        if self._counting() or self._set_against_count(at):
            return False  # "web-starter hosts 1 site, web-business 5, web-agency 25"
        return not (unit.tok is not None and unit.tok.words) or self._priced_word(unit)

    def _set_against_count(self, at: int) -> bool:
        """``4 simultaneous screens versus 1 for B``: the same things counted."""
        tok = self.units[at].tok
        index = next((i for i in self.units[at].idx if self.toks[i] is tok), None)
        return index is not None and set_against_count(self.toks, index, _MONEY_FOLLOW)

    def _counting(self) -> bool:
        """The sentence counts things, not money (``1 site, ... 5, ... 25``)."""
        if self._counts is None:  # once per sentence: reading stays linear
            self._counts = counts_things(self.toks, _MONEY_FOLLOW | lx.PERIOD_WORDS)
        return self._counts

    def _place(self, unit: Unit) -> int:
        """The position of ``unit`` (a map built once per list of units: linear)."""
        place = self._places.get(id(unit)) if self._places is not None else None
        if place is None or place >= len(self.units) or self.units[place] is not unit:
            self._places = {id(u): k for k, u in enumerate(self.units)}
            place = self._places[id(unit)]
        return place

    def _priced_word(self, unit: Unit) -> bool:
        """A number in words is an amount after a price verb or before a comparison ("costs
        ninety", "five cheaper"); otherwise a count ("with two support calls")."""
        at = self._place(unit)
        before, after = self.low(at - 1), self.low(at + 1)
        return before in _PRICE_VERBS or after in _RELATION

    def bare_periods(self) -> list[Period]:
        """What an amount with no period of its own may be per: a year after a yearly
        opening (``Over a year, A is 588.12 cheaper``), either in a yearly sentence, else a
        month."""
        if self.year_opening:
            return ["year"]
        return ["month", "year"] if self.year_context else ["month"]

    def amount_readings(self, tok: Tok) -> list[tuple[Amount, Period]]:
        """Each value the number can have, with each period it can be meant per."""
        periods: list[Period] = (
            [as_period(tok.period)] if tok.period in ("month", "year") else self.bare_periods()
        )
        return [
            (Amount(value=v, places=p), period)
            for v, p in zip(tok.values, tok.places, strict=True)
            for period in periods
        ]


_PRICE_VERBS = {"costs", "cost", "at", "priced", "is", "was", "for", "just", "only", "about",
                "around", "roughly", "by", "totals", "charges", "bills", "asks", "kostet", "coûte",
                "cuesta", "costa"}  # fmt: skip
_PERIODS = {"month", "months", "mo", "year", "years", "yr", "annum", "monat", "mois", "mes",
            "mese", "maand", "jahr", "an", "año", "anno", "jaar", "ano", "week", "day", "quarter",
            "hour"}  # fmt: skip
_IDIOMS = frozenset({"words", "hand"})
_PLACING_VERBS = frozenset({"puts", "makes", "keeps", "leaves", "gets", "places", "pushes",
                            "drops", "moves", "brings", "takes", "sets", "lands"})  # fmt: skip
MEASURES = lx.MEASURES
_COUNTED = frozenset(lx.PER_HEAD | {"websites", "sites", "domains", "mailboxes", "screens",
                                    "streams", "profiles", "projects"})  # fmt: skip
"""Things an offer includes a number of (``100 websites``): a bare number beside one counts
more of them."""
_TIE_TALK = frozenset({"tie", "tied", "ties", "tiebreak", "tie-break", "tiebreaker"})
"""Units of what a plan includes (data, speed); a sentence measuring one lists more of it."""
_MONEY_FOLLOW = (
    lx.PERIOD_WORDS | lx.AMOUNT_CMP | lx.RELATION_AFTER_AMOUNT | lx.CONNECTORS | lx.THAN_WORDS
    | lx.CONTRAST | lx.VERBS | lx.HEDGES | lx.FILLERS | lx.CHEAP_CMP | lx.DEAR_CMP
    | {"for", "in", "at", "on", "with", "from", "to", "by", "as", "when", "if", "then", "now",
       "today", "currently", "respectively", "each", "all", "only", "too", "instead", "euros",
       "euro", "dollars", "pounds", "francs", "net", "flat", "total", "overall", "apiece",
       "per", "monthly", "yearly", "annually", "month", "year", "mo", "and", "or", "but",
       "while", "whereas", "making", "giving", "plus", "minus", "excluding", "including",
       "incl", "excl", "vat", "tax", "a", "an", "the", "exactly", "even", "cheaper", "dearer",
       "pricier", "costlier", "expensive", "difference", "gap", "saving", "savings", "less",
       "more", "mes", "mois", "monat", "mese", "maand", "jahr", "año", "anno", "jaar",
       "pro", "par", "al", "im", "ist", "est", "es", "è", "is", "und", "et", "y", "e"}
)  # fmt: skip
"""Words that may follow an amount; any other word after a number makes it a count."""


def _ref_units(ref: Ref, tok: Tok) -> list[Unit]:
    """``the latter``: one record unit; ``they both``: ``A and C`` (each unit spans the
    reference's tokens, the joining word none)."""
    out: list[Unit] = []
    idx = list(ref.idx)
    if ref.lead is not None:  # "none of the others": "neither" A "nor" C
        out.append(Unit("w", ref.lead, [ref.lead_at]))
    for number, offer in enumerate(ref.offers):
        if number:
            out.append(Unit("w", ref.joiner, []))
        low = "them" if ref.lead or tok.low == "both" else tok.low  # "than both": no word
        out.append(Unit("off", low, idx, offer, ref.exact, tok))
    return out


# Unions the readers test words against, made once at import (the word sets never change).
_NAME_LEADS = frozenset(lx.OFFER_NOUNS | {"the", "from", "in", "la", "le", "el", "das", "der"})
_PERIOD_OR_RELATION = frozenset(_PERIODS | lx.AMOUNT_CMP | lx.RELATION_AFTER_AMOUNT)
_RELATION = frozenset(lx.AMOUNT_CMP | lx.RELATION_AFTER_AMOUNT)


_OPENINGS = frozenset({"among", "of", "within", "for", "entre", "parmi", "unter", "tra", "fra",
                       "onder", "bland", "wśród"})  # fmt: skip
_RESTRICTING = frozenset({"with", "that", "which", "offering", "including", "under", "over",
                          "above", "below", "without", "con", "avec", "mit", "met", "sin",
                          "sans", "ohne", "senza", "qui", "que", "die", "der"})  # fmt: skip


def restricted_opening(toks: list[Tok]) -> bool:
    """``Among plans with 100 Go or more, X is the cheapest``: the sentence opens on some
    offers picked by a condition, before its first comma."""
    if not toks or toks[0].low not in _OPENINGS:
        return False
    for tok in toks[1:]:
        if tok.text in (",", ":", ";"):
            return False
        if tok.low in _RESTRICTING:
            return True
    return False
