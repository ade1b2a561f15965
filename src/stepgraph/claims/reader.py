"""The fail-safe prose reader: a verdict for every sentence of a text.

A sentence is ``contradicted`` when a recognised form in it is false against the inputs,
when it cites a claim that is false, invalid or missing, or when an amount in it matches
none of the amounts its cited claims state. It is ``checked`` only when every record
name, amount, comparison word, negation, hedge, pronoun and foreign word in it is
accounted for: consumed by a true recognised form that named records as the inputs spell
them, or matched by a true claim it cites. Everything else is ``unverified``.
"""

from __future__ import annotations

import unicodedata
from decimal import Decimal
from typing import Literal

from ..lazy import pattern
from ..records import dataclass
from . import langs, schedules
from . import lexicon as lx
from .audit import (
    Figures,
    added_on,
    after_bound,
    charge_after,
    hedged_ranges,
    rate_before,
    terms,
    unexplained,
    valued,
)
from .check import Table, round_to
from .compiled import compiled
from .forms import SentenceReader
from .judge import Statement
from .kinds import (
    Cheapest,
    Claim,
    Count,
    Difference,
    MostExpensive,
    Order,
    Price,
    Rank,
    Tie,
    offers_of,
)
from .layout import Layout
from .promos import promo_amount
from .refs import Mentions, joined, stranger_before
from .text import Normalised, Span
from .tokens import (
    CURRENCY,
    ORDINALS,
    Tok,
    called,
    for_the_equipment,
    foreign_amounts,
    home_currency,
    names_of,
    signed,
    tokenize,
)
from .uses import Uses

SentenceVerdictKind = Literal["checked", "contradicted", "unverified"]
_CLAIM_LIKE = pattern(r"[A-Za-z]{1,3}\d{1,4}")  # c1, C12; not a footnote like [1]
_LIST_ITEM = compiled(r"\s*(?:[-*+\u2022\u2013]|\d{1,2}[.)])\s")
_INLINE_ITEM = compiled(r"\s[\u00b7\u2022]\s")
_OTHER_HEADS = {"difference", "differences", "gap", "gaps", "saving", "savings", "extra",
                "markup", "step", "steps", "delta", "vs", "versus", "compared",
                "relative", "increase", "above", "over", "more", "less"}  # fmt: skip
"""Words of a heading whose list holds differences, not prices (not ``premium``: in
``monthly premium:`` it is the price; ``premium over A:`` has its ``over``)."""
_PER_YEAR = compiled(
    r"(?i)\b(?:a|per|each|every|first|one|the)\s+(?:full\s+|whole\s+|entire\s+)?year\b|"
    r"\b(?:annual|annually|yearly|per annum|"
    r"twelve[- ]months?|12[- ]months?|jährlich|anual|annuel|annuale|jaarlijks|pro jahr|par an)\b"
)
_TERM_WORD = compiled(
    r"(?i)\b(?:term|contract|lease|commitment|laufzeit|vertrag|contrat|contrato)\b"
)
_YEAR = compiled(
    r"(?i)\b(?:years?|annual|annually|yearly|per annum|(?:twelve|12)[- ]months?|"
    r"jahr|jährlich|año|anual|annuel|an|år|året|årligen|årligt|årlig|årsvis|rok|roku|rocznie|anualmente|"
    r"vuodessa|vuosi|vuoden|vuosittain|ročně|ročního|rokem)\b"
    r"|(?i:jahr|jähr|jaar|\b(?:annu|anual|année|annee|año|anno)|\banos?\b|\b(?:12|douze|doce|dodici|"
    r"twaalf|doze|zwölf) (?:mois|meses|mesi|maanden|monate))"  # other languages: generous
    r"|\u0938\u093e\u0932\u093e\u0928\u093e|\u0935\u093e\u0930\u094d\u0937\u093f\u0915"  # Hindi
)
_RANKING = {
    "ranked",
    "rank",
    "ranks",
    "ranking",
    "order",
    "cheapest",
    "priciest",
    "lowest",
    "highest",
    "expensive",
    "runner",
    "affordable",
    "cheaper",
}
_FOREIGN = lx.FOREIGN - {"plus", "pro", "a", "al", "an", "un", "es", "y", "die", "once"}
_SIGNIFICANT = (
    lx.COMPARISON
    | lx.NEGATIONS
    | lx.HEDGES
    | lx.MODALS
    | lx.PRONOUNS
    | lx.FOREIGN
    | lx.SCARCELY  # "alfa costs barely 10.00 [c4]": a cited claim does not say "barely"
    | {
        "alone",  # strictness: "Lowest price: q-13 alone" is false on a tie (fail-safe)
        "outright",
        "uniquely",
        "sole",
        "solely",
        "single",
        "strictly",
        "exclusively",
        "yearly",
        "annual",
        "annually",
        "year",
        "years",
        "followed",
        "follows",
        "follow",
        "trailed",
        "trails",
        "trailing",
        "preceded",
        "precedes",
        "succeeded",
        "except",
        "excluding",
        "besides",
        "apart",
        "aside",
        "after",
        "before",
        "unless",
        "without",
        "instead",
        "rather",
        "once",
        "until",
        "since",
        "quarter",
        "week",
        "day",
        "half",
        "promo",
        "promotion",
        "introductory",
        "discounted",
        "setup",
        "fee",
        "fees",
        "tax",
        "vat",
        "excl",
        "incl",
    }
)


@dataclass(frozen=True, kw_only=True)
class SentenceVerdict:
    """One sentence's verdict; ``start``/``end`` are offsets in the original text."""

    text: str
    start: int
    end: int
    verdict: SentenceVerdictKind
    cites: tuple[str, ...]
    why: str

    def as_dict(self) -> dict[str, object]:
        return {
            "text": self.text,
            "start": self.start,
            "end": self.end,
            "verdict": self.verdict,
            "cites": list(self.cites),
            "why": self.why,
        }


class ProseReader:
    """Reads the sentences of one text against one table and its judged claims."""

    def __init__(self, table: Table, claims: dict[str, Claim], verdicts: dict[str, str]) -> None:
        self.table = table
        self.names = names_of(table)
        self.id_heads = _id_heads(table)  # "Mobil" of "Mobil 5": "Mobil 6" names no record
        self.id_shapes = frozenset(  # "2025-max" beside "2024-max": shaped like an id, none
            _DIGITS.sub("#", r.id.lower()) for r in table.records if any(c.isdigit() for c in r.id)
        )
        self.claims = claims
        self.verdicts = verdicts  # claim id -> true / contradicted / invalid
        self.cited_at: dict[str, list[int]] = {}
        self.previous_subject: str | None = None
        self.before: str | None = None  # the previous sentence's one subject (the audit)
        self.mentions_before = Mentions()  # what the previous sentence named (references)
        self.clause_before: Mentions | None = None  # the clause before a ";" of this sentence
        self.header_year = False  # the table being read has a yearly column
        self.list_head: str | None = None  # what the list being read holds (its heading)
        self.head_short = False  # the list's heading speaks of weeks, days or quarters
        self.layout = Layout(table)  # numbered ranked lists and table columns
        self.figures = Figures(table)  # what an amount no form read may be (the audit)
        self.periods: frozenset[int] | None = None  # a year and the terms the text states
        self.uses = Uses("")  # the uses or people the text shares a price among
        self.stated: schedules.Stated | None = None  # with a price change: see schedules
        self.home: str | None = None  # the currency the text marks its amounts in
        self.sentence_periods: frozenset[int] = frozenset({12})  # those the sentence allows
        self.inclusive = False  # the sentence's prices take a charge in (no audit)
        self.text_charges: bool | None = None  # the text names a one-off charge somewhere
        self.charged_clause = False  # the clause before (up to ";") named a charge
        self.period_clause = False  # the clause before (up to ";") spoke of weeks or days
        self.short_periods = False  # this clause may state weekly or daily figures
        self.incumbent: str | None = None  # the record the text calls the current one
        highest = self.figures.values[-1] if self.figures.values else Decimal(0)
        self.kilo_limit = highest * 120  # "£1.45k" beside prices near it, not "£500k" cover

    def sentence(self, norm: Normalised, raw: str, span: Span) -> SentenceVerdict:
        toks = tokenize(norm.text, span.start, span.end, self.names, kilo_limit=self.kilo_limit)
        start, end = norm.span(span.start, span.end)
        cites: list[str] = []
        for tok in toks:
            if tok.kind == "cite":
                if all(self._known(c) or _CLAIM_LIKE.fullmatch(c) for c in tok.cites):
                    tok.cites = tuple(self._known(c) or c for c in tok.cites)
                    cites.extend(tok.cites)
                    for claim_id in tok.cites:
                        self.cited_at.setdefault(claim_id, []).append(
                            norm.span(tok.start, tok.end)[0]
                        )
                else:
                    tok.kind = "punct"
        words = {t.low for t in toks if t.kind in ("word", "code")}
        raw_text = raw[start:end]
        row = "|" in raw_text or "<td" in raw_text.lower() or "<th" in raw_text.lower()
        if row and not any(t.kind == "num" for t in toks):
            self.header_year = bool(_YEAR.search(norm.text, span.start, span.end))
        elif not row:
            self.header_year = False
        head = self._list_head(raw_text, words, _YEAR.search(norm.text, span.start, span.end))
        own_terms = terms(norm.text[span.start : span.end]) - {12}
        term = bool(own_terms)  # "over two years"
        reader = SentenceReader(
            self.table,
            toks,
            year_context=not term
            and (
                bool(_YEAR.search(norm.text, span.start, span.end))
                or self.header_year
                or head == "year"
            ),
            other_context=term
            or bool(words & lx.OTHER_CONTEXT or lx.charge_words(words))
            or head in ("other", "total")
            or _steps(toks)
            or any(t.money and t.period == "other" for t in toks)  # "£4.75 a wash, B £6.25"
            or self.period_clause,  # "In weekly terms ... 3,00 €; B sits at about 4,15 €"
            ranking_context=bool(words & _RANKING),
        )
        reader.table_row = row
        reader.year_opening = _year_opening(toks)
        self.short_periods = (
            self.period_clause or bool(words & _OTHER_PERIOD_WORDS) or self.head_short
        )
        self.period_clause = norm.text[span.start : span.end].rstrip().endswith(";") and bool(
            words & _OTHER_PERIOD_WORDS or (self.period_clause and not words & _MONTH_WORDS)
        )
        reader.inclusive = self.inclusive = self._muted(norm, span, words) or head == "total"
        self.periods = self.periods if self.periods is not None else self._plan(norm.text)
        reader.text_terms = tuple(sorted(self.periods - {12}))
        reader.incumbent = self.incumbent
        self.layout.mute(norm, raw, toks, row)  # "| TV-A | 120 | ...": 120 channels
        reader.build_units(self.mentions_before)
        statements = reader.read() + self.layout.statements(norm, raw, span, toks, row)
        self.sentence_periods = self._term_periods(norm.text[span.start : span.end], own_terms)
        if row:  # "| Vast 3 jaar | € 169,00 | € 2.028,00 |": a yearly column beside a term
            self.sentence_periods |= self.periods or frozenset({12})
        first = next((i for i, t in enumerate(toks) if t.kind in ("offer", "near")), len(toks))
        stranger = stranger_before(toks[:first])  # "The Black Card ... is $9.99 more": its
        self.before = None if stranger else self.previous_subject  # own subject, unknown
        self._remember_subjects(toks, words)
        self._remember(reader.mentions() if not row else Mentions(), norm, span)  # rows: none
        text = raw[start:end]
        cited = tuple(dict.fromkeys(cites))
        kept = [statements[reader.pair_gap]] if reader.pair_gap is not None else []
        verdict: SentenceVerdictKind = "unverified"
        if raw_text.rstrip(" *_)\"'").endswith("?"):
            why = "a question, not a statement: read it yourself"
        elif _CONVERTS.search(raw_text):
            why = "converts a price into another currency: read it yourself"
        else:
            verdict, why = self._judge(toks, statements, cited, words, kept)
        return SentenceVerdict(
            text=text, start=start, end=end, verdict=verdict, cites=cited, why=why
        )

    def _remember_subjects(self, toks: list[Tok], words: set[str]) -> None:
        """The sentence's one subject (for the next one's margins) and, the first time a
        sentence names one record as the current one, that record."""
        subjects = {t.offer for t in toks if t.kind == "offer"}
        self.previous_subject = next(iter(subjects)) if len(subjects) == 1 else None
        named = {t.offer for t in toks if t.kind in ("offer", "near")}
        current = words & _INCUMBENT_WORDS or {"charging", "you"} <= words  # "A is charging you"
        if self.incumbent is None and len(named) == 1 and current:
            self.incumbent = next(iter(named))  # "You currently pay British Gas 24.50"

    def _remember(self, found: Mentions, norm: Normalised, span: Span) -> None:
        """What the next clause or sentence may refer to: after a ``;``, this clause's
        names; after a sentence of several clauses, every clause's (``A is 18.25; C is the
        dearest. The former ...``: A and C)."""
        before = self.clause_before
        if norm.text[span.start : span.end].rstrip().endswith(";"):
            self.mentions_before = found
            self.clause_before = found if before is None else joined(before, found)
        else:
            self.mentions_before = found if before is None else joined(before, found)
            self.clause_before = None

    def _derived(self, toks: list[Tok], statement: Statement, words: set[str]) -> bool:
        """The statement's amounts are figures derived under the text's plan, not prices:
        shares of a figure among the uses or people it counts (``At 6 sessions a month, A
        is about 11.00``), or, with a price that changes, totals over the first period
        (``Over the first 12 months A costs 120.00``; see ``schedules``)."""
        amounts = [toks[i] for i in statement.used if toks[i].kind == "num" and toks[i].money]
        if not amounts or not (self.uses.counts or self.stated):
            return False
        ids = {t.offer for t in toks if t.kind in ("offer", "near") and t.offer}
        first = "first" in words or {"year", "one"} <= words
        terms = self.sentence_periods | {12}
        factors = [Decimal(n) / k for n in self.uses.counts for k in (1, *terms)]

        def derived(tok: Tok) -> bool:
            spans = [(v - Decimal(5).scaleb(-p - 1), v + Decimal(5).scaleb(-p - 1))
                     for v, p in zip(tok.values, tok.places, strict=True)]  # fmt: skip
            if any(self.figures.amount(a * f, b * f, self.figures.values)
                   for a, b in spans for f in factors):  # fmt: skip
                return True
            return (
                self.stated is not None
                and first
                and self.stated.total(spans, ids, self.figures.by_id, terms)
            )

        return all(derived(t) for t in amounts)

    def _list_head(self, raw: str, words: set[str], yearly: object) -> str | None:
        """What the items of a list under a heading hold: ``Yearly view:`` (``year``),
        ``Difference to the cheapest:`` (``other``: no prices); the heading itself and
        any sentence that is no list item end it."""
        if raw.rstrip().endswith(":") or raw.lstrip().startswith("#"):
            self.head_short = bool(words & _OTHER_PERIOD_WORDS)  # "quarterly bill in brackets"
            charges = lx.charge_words(words) if not words & _LEFT_OUT else set()
            total = words & _TOTAL_HEADS or charges or _FIRST_PERIOD.search(raw)
            self.list_head = (
                "other"
                if words & _OTHER_HEADS
                else "total"
                if total
                else "year"
                if yearly
                else None
            )
            return None  # "## First-year cost including upfront charges": no prices below
        if not _LIST_ITEM.match(raw) and len(_INLINE_ITEM.findall(raw)) < 2:
            self.list_head = None  # "A €299.00 · B €529.00 · C ...": items on one line
            self.head_short = False
        return self.list_head

    def _plan(self, text: str) -> frozenset[int]:
        """Once per text: what it says figures are derived over (the terms, returned; the
        uses or people it shares a price among; a price change's stated amounts)."""
        self.uses = Uses(text)
        self.home = home_currency(text)
        if schedules.changes(text):
            self.stated = schedules.Stated(self.figures.values)
        return terms(text)

    def _term_periods(self, text: str, own: frozenset[int]) -> frozenset[int]:
        """What an amount with no period of its own may be a multiple of: the terms this
        sentence states and no year when it names a term and no year ("Across the 24-month
        term, A saves 48": 48 is no 24-month figure even if it is a yearly one); else the
        year and every term of the text."""
        every = self.periods or frozenset({12})
        if _PER_YEAR.search(text):
            return every
        if own:
            return own
        longer = every - {12}
        return longer if _TERM_WORD.search(text) and len(longer) == 1 else every

    def _muted(self, norm: Normalised, span: Span, words: set[str]) -> bool:
        """The sentence's amounts are no prices of the inputs: a price said to take a charge
        in, a former price, a clause after one naming a charge (``; with B only 250``), a
        total in a text that names a one-off charge somewhere."""
        charges = words & lx.CHARGES or lx.charge_words(words)
        if self.text_charges is None:  # once per text: a one-off charge anywhere in it
            self.text_charges = bool(lx.charge_words(set(_WORD.findall(norm.text.lower()))))
        clause_end = norm.text[span.start : span.end].rstrip().endswith(";")
        muted = (
            bool(words & lx.INCLUSIVE and (charges or _fee_compound(words)))
            or bool(charges and _FIRST_PERIOD.search(norm.text, span.start, span.end))
            or bool(words & {"annual", "annually", "yearly"} and words & _ANNUAL_TERMS)
            or _past(words)
            or (clause_end and _inclusive_after(norm.text, span.end))
            or (
                self.charged_clause
                and (not words & _PRICE_WORDS or bool(words & (lx.INCLUSIVE | _FIRST_YEAR)))
            )  # "£150 onboarding fee; including it, the first year is 9,270.00"
            or (self.text_charges and bool(words & _TOTAL_WORDS))
            or bool(words & _TAXES and words & _WITH_TAX)  # "at 20% VAT A would be £34.80"
        )
        self.charged_clause = clause_end and bool(charges)
        return muted

    def _quoted(self, toks: list[Tok], statement: Statement) -> bool:
        """A false reading rests only on money a source names besides the price, with no
        period (``Lower admin fee than the MG4 (£199)``) or added to it (``plus A$5 a month
        for insurance``): the fee or the add-on, not a wrong price."""
        nums = [i for i in statement.used if toks[i].kind == "num"]
        return bool(nums) and all(
            (toks[i].period is None or added_on(toks, i))
            and not toks[i].pct
            and self.figures.quotes(toks[i].values)
            for i in nums
        )

    def _vouched(self, toks: list[Tok], statement: Statement, cited: tuple[str, ...]) -> bool:
        """A reading through a pronoun or ``that`` (no name) that the sentence's own
        citations answer: every claim it cites is true and each number the reading rests on
        is a cited claim's amount (``That is CHF 240.- over a year [c6]``, ``it is the second
        cheapest [c11]``): the claims say what the sentence means."""
        if statement.exact or not cited or any(self.verdicts.get(c) != "true" for c in cited):
            return False
        if not any(toks[i].low in _STAND_INS for i in statement.used) or any(
            toks[i].kind in ("offer", "near") for i in statement.used
        ):
            return False  # a name read loosely is still a name: "Huckletree" is no pronoun
        amounts = {
            a.value for c in cited if (a := getattr(self.claims.get(c), "amount", None)) is not None
        }
        return all(set(toks[i].values) & amounts for i in statement.used if toks[i].kind == "num")

    def _known(self, cited: str) -> str | None:
        """The id of the claim a citation names: as written, or in another case if unique."""
        if cited in self.verdicts:
            return cited
        folded = [c for c in self.verdicts if c.lower() == cited.lower()]
        return folded[0] if len(folded) == 1 else None

    def _judge(
        self,
        toks: list[Tok],
        statements: list[Statement],
        cited: tuple[str, ...],
        words: set[str],
        kept: list[Statement],
    ) -> tuple[SentenceVerdictKind, str]:
        statements = _anchored(toks, statements, kept)
        if self.stated is not None:
            self.stated.add(
                {t.offer for t in toks if t.kind in ("offer", "near") and t.offer},
                (t.values[0] for t in toks if t.kind == "num" and t.money and not t.pct),
            )
        cut = _retraction(toks)  # "I previously said A was the cheapest, but that was wrong"
        if cut:
            statements = [s for s in statements if min(s.used, default=cut) >= cut]
        if words & _SUPPOSING:  # "If Max dropped 10, it would be the cheapest": not Max now
            statements = [s for s in statements
                          if not any(toks[i].low in lx.PRONOUNS for i in s.used)]  # fmt: skip
        grouped = _top_group(toks)
        if grouped:  # "B and C are the two cheapest": not "each costs two", not "the cheapest"
            statements = [s for s in statements if s.group or not s.used & grouped]
        results = [(s, s.test(self.table)) for s in statements]
        false = [
            s.says
            for s, r in results
            if r is False
            and not self._quoted(toks, s)
            and not self._vouched(toks, s, cited)
            and not self._derived(toks, s, words)
        ]
        if false:
            return "contradicted", f"{'; '.join(false)}; the inputs: {self._inputs(toks)}"
        missing = [c for c in cited if c not in self.verdicts]
        if missing:
            return "contradicted", f"cites {', '.join(missing)}, which no claim has"
        bad = [c for c in cited if self.verdicts.get(c) != "true"]
        if bad:
            return "contradicted", f"cites {', '.join(bad)}: false or invalid"
        used = {
            i
            for s, r in results
            if r is True and s.exact and s.certain
            for i in s.used
            if _stated(toks[i], s.says)
        }
        item = self.layout.pinned()
        if item is not None and not (item.exact and item.certain and item.test(self.table)):
            used -= item.used  # "2. C - 110" in a list ranked in no stated direction
        consumed = {i for s in statements for i in s.used}
        claims = [self.claims[c] for c in cited]
        conflict = self._number_conflict(toks, consumed, claims)
        if conflict:
            return "contradicted", conflict
        self._index(toks)
        conflict = self._place_conflict(toks, claims) or self._owner_conflict(toks, claims)
        if conflict:
            return "contradicted", conflict
        verdict, why = self._accounting(toks, used, claims, words)
        if verdict == "unverified" and not self.inclusive:
            wrong = unexplained(toks, self.figures, self.sentence_periods,
                                used | set(range(cut)) | foreign_amounts(toks, self.home),
                                self.before,
                                short=self.short_periods, uses=self.uses,
                                stated=self.stated)  # fmt: skip
            if wrong:
                return "contradicted", f"{wrong}; the inputs: {self._inputs(toks)}"
        return verdict, why

    def _accounting(
        self, toks: list[Tok], used: set[int], claims: list[Claim], words: set[str]
    ) -> tuple[SentenceVerdictKind, str]:
        """Checked when every significant token is accounted for; else unverified."""
        left = [
            t.text
            for i, t in enumerate(toks)
            if (
                i not in used
                and (
                    _significant(t)
                    or _margin_word(toks, i)
                    or t.low in self.id_heads
                    or (t.kind == "code" and _DIGITS.sub("#", t.low) in self.id_shapes)
                )
                and not self._accounted(toks, i, claims)
            )
            or _elliptical(toks, i)
        ]
        if left:
            return "unverified", "not accounted for: " + ", ".join(dict.fromkeys(left))
        if (
            any(isinstance(c, Difference) for c in claims)
            and not used
            and not any(t.low in _DIRECTION_WORDS for t in toks)
        ):
            return "unverified", "no word the reader knows says which way the cited gap goes"
        stranger = _stranger(toks, claims)
        if stranger:
            return "unverified", f"a name the inputs do not spell ({stranger}): read it yourself"
        foreign = sorted(words & _FOREIGN - _english_come(toks))
        if foreign:
            return "unverified", f"another language ({', '.join(foreign[:3])}): read it yourself"
        script = _other_script(toks)
        if script:
            return "unverified", f"another script ({script}): read it yourself"
        marked = _marked_word(toks, used)
        if marked:
            return "unverified", f"a word of another language ({marked}): read it yourself"
        if not used and not claims:
            return "unverified", "nothing in it can be checked"
        return "checked", "every name, amount and comparison is accounted for"

    def _inputs(self, toks: list[Tok]) -> str:
        """The prices of the offers the sentence names (all offers if it names none)."""
        named = {t.offer for t in toks if t.kind in ("offer", "near")}
        shown = [r for r in self.table.records if r.id in named] or list(self.table.records)
        return ", ".join(f"{r.id} {_plain(r.value)}" for r in shown)

    def _index(self, toks: list[Tok]) -> None:
        """Per token: the number it marks, the nearest offer after and before (linear)."""
        self.mark_owner = {m: t for t in toks if t.kind == "num" for m in t.marks}
        self.next_offer: list[str | None] = [None] * len(toks)
        self.prev_offer: list[str | None] = [None] * len(toks)
        self.prev_subject: list[str | None] = [None] * len(toks)  # not one after "than"
        last: str | None = None
        subject: str | None = None
        for index, tok in enumerate(toks):
            self.prev_offer[index] = last
            self.prev_subject[index] = subject
            last = tok.offer if tok.kind == "offer" else last
            before = toks[index - 1].low if index else ""
            if tok.kind == "offer" and before not in _THAN_OR_OBJECT:
                subject = tok.offer
        last = None
        for index in range(len(toks) - 1, -1, -1):
            last = toks[index].offer if toks[index].kind == "offer" else last
            self.next_offer[index] = last
        # "respectively": the k-th amount belongs to the k-th record named before it
        self.respectively: dict[int, str | None] = {}
        if any(t.low in langs.RESPECTIVELY for t in toks):
            named: list[str] = []
            place = 0
            for index, tok in enumerate(toks):
                if tok.kind == "offer" and tok.offer and tok.offer not in named:
                    named.append(tok.offer)
                elif tok.kind == "num" and not tok.pct:
                    self.respectively[index] = named[place] if place < len(named) else None
                    place += 1
        self.order_checked: dict[tuple[str, ...], bool] = {}  # per cited order: in order

    def _owner_conflict(self, toks: list[Tok], claims: list[Claim]) -> str:
        """``The Vultr 4 GB shared plan costs $22.00 [c7]`` with c7 Linode's price: the one
        record the sentence names (no comparison, no negation) is not the one its cited
        prices are about, and the amount it states is the claim's, not that record's."""
        prices = [c for c in claims if isinstance(c, Price)]
        if not prices or len(prices) != len(claims):
            return ""
        named = {t.offer for t in toks if t.kind in ("offer", "near") and t.offer}
        if len(named) != 1 or named & {c.offer for c in prices}:
            return ""
        if any(t.low in _NOT_ONE_OWNER for t in toks):
            return ""
        record = next(iter(named))
        own = self.figures.by_id.get(record)
        stated = {v for t in toks if t.kind == "num" for v in t.values}
        wrong = [
            c
            for c in prices
            if c.period == "month" and c.amount.value in stated and c.amount.value != own
        ]
        if own is None or len(wrong) != len(prices):
            return ""
        return f"{record} costs {wrong[0].amount} a month, but {wrong[0].id} is {wrong[0].offer}'s"

    def _place_conflict(self, toks: list[Tok], claims: list[Claim]) -> str:
        """``#4 paramount [c6]`` with c6 ranking paramount third: the place marker says
        another place than the cited rank."""
        for index, tok in enumerate(toks):
            if tok.kind != "code" or _PLACE_MARK.fullmatch(tok.low) is None:
                continue
            named = self.prev_offer[index] or self.next_offer[index]
            places = {c.position for c in claims if isinstance(c, Rank) and c.offer == named}
            if places and int(tok.low[1:]) not in places:
                return f"{tok.text} is not the place the cited rank gives {named}"
        return ""

    def _number_conflict(self, toks: list[Tok], consumed: set[int], claims: list[Claim]) -> str:
        """An amount no recognised form read that none of the cited claims' amounts match."""
        money = [c for c in claims if isinstance(c, Price | Difference)]
        lows = {t.low for t in toks if t.kind == "word"}
        for index, tok in enumerate(toks):
            if tok.kind != "num" or index in consumed or tok.unit is not None:
                continue
            cited = (  # "15.90 [c2]" with c2 a price, and 15.90 no price of the inputs
                index + 1 < len(toks)
                and any(
                    isinstance(self.claims.get(c), Price | Difference)
                    for c in toks[index + 1].cites
                )
                and not self.figures.priced(tok.values)
            )
            if not (tok.money or tok.period in ("month", "year") or tok.pct or cited):
                continue
            if tok.period is None and (_over_a_term(toks, index) or _term_opening(toks)):
                continue  # "180.00 over 24 months": no claim states a term; the audit reads it
            if (
                tok.period == "other"
                or _per_head(toks, index)
                or rate_before(toks, index)
                or (tok.period is None and lows & _OTHER_PERIOD_WORDS)
            ):
                continue  # "or 45.00 per person", "about 17.33 a day", "a daily fee of
                # 114.00": another unit's figure; "its daily fee of 148 is above B's 141"
            if (
                charge_after(toks, index)
                or for_the_equipment(toks, index)
                or (tok.period is None and lx.charge_words(lows))
                or valued(toks, index)
            ):
                continue  # "with a €69.00 set-up fee", "bei 1.000 € Sonderzahlung", "che da
                # sola vale circa 90 €": a charge or a thing's worth, no price
            if tok.words and index and toks[index - 1].low in ("the", "tied", "all", "other"):
                continue  # "more than the tied three": a count of offers, no amount
            after = max([index, *tok.marks]) + 1  # "£4.30 a month above LV": past its period
            if after < len(toks) and toks[after].low in _GAP_TO_ANOTHER:
                continue  # "just 0.05 above allinkl": a gap to another offer (audited)
            if signed(toks, index) and not any(isinstance(c, Difference) for c in money):
                continue  # "northwestern — $38.90 (+$7.84) [c4]": a gap no price claim states
            if index and toks[index - 1].low in lx.NEGATIONS:
                continue  # "r-200 minus r-100 = 1.70, not 1.60 [c5]": the figure put right
            if after_bound(toks, index):
                continue  # "no baja de $500: cuesta $599 [c4]": a threshold, no figure
            if called(toks, index):
                continue  # "$129.40 a month [c3] (call it $130)": the figure rounded
            if _in_sum(toks, index) or _in_heading(toks, index):
                continue  # "the first year costs 9 x €16.99 = €152.91": the audit's sum;
                # "Cover for the Pixel 9 (£799): ...": an opening that names no record
            if any(t.low in _PROMOTED for t in toks[max(0, index - 6) : index]) or (
                promo_amount(toks, index)
            ):
                continue  # "(first month is half price at £9.80, then the full rate)"
            same = [
                c for c in money if (isinstance(c, Difference) and c.unit == "percent") == tok.pct
            ]
            if tok.period is None and self._over_terms(tok, same):
                continue  # "A year is 7 188 Kč [c2], two years 14 376 Kč": c2 over the term
            if tok.period in ("month", "year") and not any(
                getattr(c, "period", None) in (tok.period, None) for c in same
            ):
                continue  # "£14.45 a month or £173.40 over a year [c7]": c7 is the yearly one
            if self.figures.priced(tok.values) or (
                tok.period is None and self.figures.termed(tok.values, self.sentence_periods)
            ):
                continue  # "OVO £124.35/month, £5.75 more than Cosy [c3]": a record's own
                # price, judged by the forms that read it (never the cited claim's)
            ranges = hedged_ranges(toks, index)
            if any(  # "you save more than 50 [c5]" with c5 saying 54
                lo <= c.amount.value <= hi
                and (tok.pct or tok.period is None or tok.period == c.period)
                for c in same
                for lo, hi in ranges
            ):
                continue
            if same and not any(_amount_matches(c, tok, loose=True) for c in same):
                stated = ", ".join(f"{c.id} says {c.amount}" for c in same)
                return f"{tok.text} matches none of the cited amounts ({stated})"
        return ""

    def _over_terms(self, tok: Tok, cited: list[Price | Difference]) -> bool:
        """``tok`` is a cited amount over a term the sentence states (``$30.00 a year [c4],
        $90.00 across three years``): the claim's figure times the term, left to the audit."""
        for claim in cited:
            amount = claim.amount
            per_month = amount.value / 12 if claim.period == "year" else amount.value
            for months in self.sentence_periods:
                if months > 1 and per_month * months in tok.values:
                    return True
        return False

    def _accounted(self, toks: list[Tok], index: int, claims: list[Claim]) -> bool:
        tok = toks[index]
        if not claims:
            return False
        if tok.kind == "offer":
            return any(
                tok.offer in offers_of(c) and (not isinstance(c, Order) or self._in_order(toks, c))
                for c in claims
            )
        if tok.kind == "num":
            if tok.period is None and _talks_yearly(toks):  # "the lowest yearly price, 49"
                claims = [c for c in claims if getattr(c, "period", None) != "month"]
            return any(_amount_matches(c, tok) and self._said_of(toks, index, c) for c in claims)
        owner = self.mark_owner.get(index)
        if owner is not None:
            return any(_amount_matches(c, owner) for c in claims)
        low = tok.low
        kinds = {type(c) for c in claims}
        if low in (
            "cheapest",
            "lowest",
            "least",
            "affordable",
            "winner",
            "wins",
            "bottom",
            "lowest-priced",
        ):
            return self._extreme_named(index, claims, Cheapest) or any(
                isinstance(c, Rank) and c.position == 1 and c.offer in self._near_names(index)
                for c in claims
            )
        if low in ("priciest", "highest", "costliest", "dearest"):
            return self._extreme_named(index, claims, MostExpensive)
        if low in ("most", "expensive", "costly"):
            return self._extreme_named(index, claims, MostExpensive) or self._comparison_ok(
                toks, index, claims
            )
        if tok.kind == "code" and _PLACE_MARK.fullmatch(low):  # "#3 A — 7.99 [c6]"
            named = self.prev_offer[index] or self.next_offer[index]
            return any(
                isinstance(c, Rank) and c.position == int(low[1:]) and c.offer == named
                for c in claims
            )
        if low in ORDINALS:  # "A is third [c2]": c2 must rank A, the record it is said of
            named = self.prev_offer[index] or self.next_offer[index]
            return any(
                isinstance(c, Rank) and c.position == ORDINALS[low] and c.offer == named
                for c in claims
            )
        if low in ("tie", "tied", "ties", "same", "equal", "equally", "identical"):
            return Tie in kinds
        if low in (
            "cheaper",
            "less",
            "lower",
            "more",
            "higher",
            "pricier",
            "than",
            "saves",
            "saving",
            "save",
            "savings",
            "difference",
            "above",
            "below",
            "undercuts",
            "extra",
            "additional",
            "dearer",
            "costlier",
        ):
            return self._comparison_ok(toks, index, claims)
        if low in ("order", "ascending", "then"):
            return Order in kinds
        if low in ("yearly", "annual", "annually", "year", "years"):  # a cited yearly figure
            return any(getattr(c, "period", None) == "year" for c in claims)
        return False

    def _near_names(self, index: int) -> set[str]:
        """The records named nearest before and after the token at ``index``."""
        return {o for o in (self.prev_offer[index], self.next_offer[index]) if o is not None}

    def _extreme_named(
        self, index: int, claims: list[Claim], kind: type[Cheapest] | type[MostExpensive]
    ) -> bool:
        """A cited cheapest (most expensive) claim accounts for the word at ``index`` only
        when its record is named next to it: ``Culina is the most expensive [c6] and GXO
        the most expensive [c7]``, with neither name known, accounts for nothing."""
        named = self._near_names(index)
        return any(isinstance(c, kind) and c.offer in named for c in claims)

    def _said_of(self, toks: list[Tok], index: int, claim: Claim) -> bool:
        """A cited price accounts for an amount said of its own record: the record named
        before the amount (the k-th named, for the k-th amount, with "respectively"), or
        one the inputs give that very amount. "M, S and L cost 9.90 [c1], 14.90 [c2]
        ... respectively" with c1 the price of S is not accounted for."""
        if not isinstance(claim, Price):
            return True
        owner = self._owner(toks, index)
        if owner is None or owner == claim.offer:
            return True
        record = self.table.get(owner)
        if record is None or record.value is None:
            return False
        factor = 12 if claim.period == "year" else 1
        return any(
            round_to(record.value * factor, p) == v
            for v, p in zip(toks[index].values, toks[index].places, strict=True)
        )

    def _owner(self, toks: list[Tok], index: int) -> str | None:
        if self.respectively:
            return self.respectively.get(index)
        return self.prev_subject[index] or self.next_offer[index]

    def _in_order(self, toks: list[Tok], claim: Order) -> bool:
        if claim.offers not in self.order_checked:  # once per sentence and claim: linear
            self.order_checked[claim.offers] = _in_order(toks, claim)
        return self.order_checked[claim.offers]

    def _comparison_ok(self, toks: list[Tok], index: int, claims: list[Claim]) -> bool:
        """A comparison word is accounted for when a cited claim compares the same two
        records the same way round: the record after ``than``/``against`` is its ``than``."""
        after, before = self.next_offer[index], self.prev_offer[index]
        cue = toks[index].low
        way = ("cheaper" if cue in _CHEAPER_CUES else "more_expensive" if cue in _DEARER_CUES
               else None)  # fmt: skip
        for claim in claims:
            if (
                isinstance(claim, Difference)
                and way in (claim.direction, None)
                and (
                    (after == claim.than and before in (claim.offer, None))
                    or (after is None and before == claim.offer)  # "A costs 360 more a year"
                )
            ):
                return True
            if isinstance(claim, Order) and way != "more_expensive" and before in claim.offers:
                return after in claim.offers and claim.offers.index(before) < claim.offers.index(
                    after
                )
        return False


_SUPPOSING = {"if", "assuming", "suppose", "supposing", "unless", "hypothetically", "were"}
_CHEAPER_CUES = {"cheaper", "less", "lower", "below", "saves", "saving", "save", "savings",
                 "undercuts"}  # fmt: skip
_DEARER_CUES = {"more", "higher", "pricier", "above", "expensive", "costly", "extra", "additional",
                "dearer", "costlier", "premium", "surcharge"}  # fmt: skip


def _plain(value: Decimal | None) -> str:
    return "no price" if value is None else format(value.normalize(), "f")


def _other_script(toks: list[Tok]) -> str:
    """A letter of a script other than Latin in the sentence's words (CJK, Cyrillic, Greek,
    Arabic, ...): the reader knows no words of it, so the sentence is never checked."""
    for tok in toks:
        if tok.kind in ("offer", "near", "cite") or tok.text.isascii():
            continue
        for char in tok.text:
            if char.isalpha() and "LATIN" not in unicodedata.name(char, "LATIN"):
                return char
    return ""


_KNOWN = frozenset(
    lx.FILLERS | lx.CONNECTORS | lx.COMPARISON | lx.PERIOD_WORDS | lx.OFFER_NOUNS | lx.MODALS
    | lx.PRONOUNS | lx.HEDGES | lx.NEGATIONS | lx.THAN_WORDS | {
        "i", "vat", "gst", "uk", "us", "usa", "eu", "ok", "pdf", "it", "we", "our", "my",
        "january", "february", "march", "april", "may", "june", "july", "august",
        "september", "october", "november", "december", "monday", "tuesday", "wednesday",
        "thursday", "friday", "saturday", "sunday", "note", "total", "price", "prices",
        "monthly", "yearly", "annual", "recommendation", "cheapest", "summary",
    }
)  # fmt: skip
"""Capitalised words that name no record (``VAT``, ``March``, ``I``)."""
_OPENERS = frozenset({"in", "for", "at", "with", "over", "overall", "both", "all", "each",
                      "so", "if", "on", "by", "from", "after", "based", "of", "between",
                      "against", "compared", "choosing", "picking", "switching", "paying",
                      "going", "across", "among", "per", "as", "here", "there", "taken",
                      "together", "combined", "altogether", "next", "finally", "first",
                      "second", "third", "last", "lastly", "also", "meanwhile", "instead",
                      "otherwise", "however", "still", "yes", "no", "only", "just", "cheapest",
                      "lowest", "highest", "dearest", "winner", "ranking", "order",
                      "difference", "gap", "saving", "savings", "annually", "yearly",
                      "monthly", "prices", "price", "total"})  # fmt: skip
"""Words a sentence opens with that name no record."""


def _stranger(toks: list[Tok], claims: list[Claim]) -> str:
    """A capitalised word past the sentence's first, no name of the inputs and no word the
    reader knows, in a sentence whose cited claims name a record it does not: the word may
    be another record's name (``GXO costs £30,920.00 [c5]`` with c5 Culina's price)."""
    named = {t.offer for t in toks if t.kind in ("offer", "near") and t.offer}
    if not claims or all(set(offers_of(c)) <= named for c in claims):
        return ""
    for index, tok in enumerate(toks):
        if tok.kind != "word" or not tok.text[:1].isupper() or len(tok.text) < 2:
            continue
        if tok.low in _KNOWN or (index == 0 and tok.low in _OPENERS):
            continue
        return tok.text
    return ""


def _marked_word(toks: list[Tok], used: set[int]) -> str:
    """A word no form read with a letter English does not use (``stojí``, ``około``,
    ``drøyt``): a sentence of a language the reader has no words for, never checked."""
    for index, tok in enumerate(toks):
        if tok.kind != "word" or index in used or tok.text.isascii() or tok.low in _LOANS:
            continue
        if any(char.isalpha() and not char.isascii() for char in tok.text):
            return tok.text
    return ""


_LOANS = frozenset({"café", "cafés", "résumé", "naïve", "fiancé", "déjà", "à",
                    "über", "crème", "entrée", "façade", "rosé", "protégé", "touché"})  # fmt: skip
"""Words with accents an English sentence may use."""


def _over_a_term(toks: list[Tok], index: int) -> bool:
    """After the number (and its marks): ``over 24 months``, ``across the term``, ``for
    the full 36-month contract``."""
    k = max([index, *toks[index].marks]) + 1
    words = [t.low for t in toks[k : k + 5]]
    if not words or words[0] not in ("over", "across", "for", "during", "in"):
        return False
    rest = words[1:]
    return any(w in ("term", "contract", "lease", "months", "years") or w.endswith("-month")
               for w in rest)  # fmt: skip


def _year_opening(toks: list[Tok]) -> bool:
    """The sentence opens on a year (``Over a year, ...``, ``Przez rok ...``, ``Im Jahr
    ...``): its amounts with no period of their own are yearly."""
    words = tuple(
        "12" if t.kind == "num" and t.values[:1] == (Decimal(12),) else t.low
        for t in toks[:4]
        if t.kind in ("word", "num")
    )
    return any(words[: len(opening)] == opening for opening in _YEAR_OPENINGS)


_YEAR_OPENINGS = (
    ("over", "a", "year"),
    ("over", "one", "year"),
    ("across", "a", "year"),
    ("in", "a", "year"),
    ("for", "a", "full", "year"),
    ("over", "a", "full", "year"),
    ("over", "12", "months"),
    ("across", "12", "months"),
    ("in", "12", "months"),
    ("per", "year"),
    ("annually",),
    ("przez", "rok"),
    ("w", "skali", "roku"),
    ("im", "jahr"),
    ("aufs", "jahr"),
    ("pro", "jahr"),
    ("sur", "un", "an"),
    ("sur", "une", "année"),
    ("en", "un", "año"),
    ("al", "año"),
    ("in", "un", "anno"),
    ("all'anno",),
    ("op", "jaarbasis"),
    ("per", "jaar"),
    ("over", "et", "år"),
    ("på", "ett", "år"),
    ("på", "et", "år"),
    ("om", "året"),
    ("vuodessa",),
    ("num", "ano"),
    ("por", "ano"),
)


def _term_opening(toks: list[Tok]) -> bool:
    """The sentence opens on a term (``Over the 24 months it saves 4,800.00 ...``): its
    amounts with no period of their own are over that term."""
    words = [t.low for t in toks[:6] if t.kind in ("word", "num")]
    return (
        bool(words)
        and words[0] in ("over", "across", "during", "throughout")
        and any(w in ("months", "years", "term", "contract", "lease") for w in words)
    )


def _amount_matches(claim: Claim, tok: Tok, *, loose: bool = False) -> bool:
    """``tok`` states ``claim``'s amount. ``loose``: a number with no period of its own
    may have the claim's (the sentence says it elsewhere: "over a year, ... 120 less");
    enough not to contradict the claim, not to account for the number."""
    if isinstance(claim, Count):
        return (
            tok.unit in (None, "offers", "quotes", "plans", "options")
            and not tok.pct
            and Decimal(claim.value) in tok.values
        )
    if isinstance(claim, Rank):
        return False
    if not isinstance(claim, Price | Difference):
        return False
    if tok.pct != (isinstance(claim, Difference) and claim.unit == "percent"):
        return False
    if not tok.pct and not (loose and tok.period is None):
        period = tok.period or "month"
        if period != claim.period:
            return False
    return claim.amount.value in tok.values


_NEGATED = pattern(r"(?i)\b(?:not|no|none|never|neither|nor|nothing)\b|n't")


def _stated(tok: Tok, says: str) -> bool:
    """A statement accounts for an amount or a negation in its span only when what it says
    has them: "C is cheaper than B" read across "C is not 50 a month, cheaper than B"
    accounts for neither the ``not`` nor the ``50``."""
    if tok.kind == "num":  # a count in words ("the other two") is read as it stands
        return tok.text in says or (tok.words and not tok.money and tok.period is None)
    if tok.kind == "word" and tok.low in lx.NEGATIONS:
        return bool(_NEGATED.search(says))
    return True


_DESCENDING = pattern(
    r"(?i)\b(?:descending|most expensive first|from (?:the )?(?:most "
    r"expensive|priciest|highest|dearest))\b"
)


def _in_order(toks: list[Tok], claim: Order) -> bool:
    """The records of ``claim`` named in the sentence come in the claim's order (or in
    reverse, when the sentence says it lists them from the dearest)."""
    named = [t.offer for t in toks if t.kind == "offer" and t.offer in claim.offers]
    named = list(dict.fromkeys(named))
    places = [claim.offers.index(o) for o in named if o is not None]
    text = " ".join(t.low for t in toks)
    if _DESCENDING.search(text):
        places.reverse()
    return places == sorted(places)


def _elliptical(toks: list[Tok], index: int) -> bool:
    """``...; C is, at 50``: a verb with its predicate left out says what an earlier clause
    said of another record ("B isn't the cheapest; C is"), which no form reads."""
    if toks[index].low not in ("is", "are", "does", "do") or index == 0:
        return False
    after = toks[index + 1] if index + 1 < len(toks) else None
    ends = after is None or after.kind == "cite" or after.text in (",", ".", ";", "!", ")")
    return toks[index - 1].kind in ("offer", "near") and ends  # "C is [c1].": as elided


def _margin_word(toks: list[Tok], index: int) -> bool:
    """A word stating a margin the reader cannot read: ``by a dime``, ``by a tenner``,
    ``by a hair`` (it must be accounted for, or the sentence is unverified)."""
    if toks[index].kind != "word" or toks[index].low in _BY_FILLERS:
        return False
    k = index - 1
    while k >= 0 and toks[k].low in _BY_FILLERS:
        k -= 1
    return k >= 0 and toks[k].low == "by"


_BY_FILLERS = {"a", "an", "just", "only", "some", "about"}


_MONTHLY = {"month", "months", "monthly", "mo", "mth", "monthly-price"}
_GAP_TO_ANOTHER = {
    "above",
    "below",
    "under",
    "over",
    "behind",
    "ahead",
    "onder",
    "boven",
    "unter",
    "über",
    "sous",
    "sotto",
    "sopra",
    "över",
    "poniżej",
    "powyżej",
}
_DIRECTION_WORDS = lx.CHEAP_CMP | lx.DEAR_CMP | {
    "cheaper", "less", "lower", "more", "higher", "pricier", "dearer", "costlier", "saves",
    "save", "saving", "savings", "above", "below", "undercuts", "undercut", "extra",
    "additional", "over", "under", "difference", "gap", "apart", "premium", "beats",
}  # fmt: skip


def _talks_yearly(toks: list[Tok]) -> bool:
    """The sentence speaks of yearly figures (``yearly``, ``annual``, ``a year``) and of no
    monthly one: an amount with no period of its own in it is yearly, not a monthly price."""
    lows = [t.low for t in toks]
    yearly = any(
        low in ("yearly", "annual", "annually")
        or (low == "year" and k and lows[k - 1] in ("a", "per", "each", "every"))
        for k, low in enumerate(lows)
    )
    return yearly and not any(low in _MONTHLY for low in lows)


def _id_heads(table: Table) -> frozenset[str]:
    """The first words of ids of several words (``mobil`` of ``Mobil 5``, ``Mobil 10``): left
    alone in a sentence (``Mobil 6``), such a word names a record the reader did not find."""
    heads = set()
    for record in table.records:
        first, _, rest = record.id.partition(" ")
        if rest and len(first) >= 3 and first.isalpha():
            heads.add(first.lower())
    return frozenset(heads)


def _english_come(toks: list[Tok]) -> set[str]:
    """``come`` as English's phrasal verb (``three come in under 40``, ``come to``, ``come
    out at``), not Italian's ``come`` (as, like): every ``come`` of the sentence so."""
    comes = [i for i, t in enumerate(toks) if t.low == "come"]
    if comes and all(i + 1 < len(toks) and toks[i + 1].low in _COME_PARTICLES for i in comes):
        return {"come"}
    return set()


_COME_PARTICLES = frozenset({"in", "out", "to", "up"})


def _in_heading(toks: list[Tok], index: int) -> bool:
    """The number is in an opening that ends in a colon and names no record and cites no
    claim (``Phone cover for the Pixel 9 (£799): A ...``): what it heads is not its figure."""
    colon = next((k for k in range(index + 1, len(toks)) if toks[k].text == ":"), None)
    return colon is not None and not any(t.kind in ("offer", "near", "cite") for t in toks[:colon])


_DIGIT_ORDINAL = compiled(r"\d{1,3}(?:st|nd|rd|th|e|er|re|ème|eme|º|ª|°)")
"""``5th``, ``2nd``, ``3e``, ``1º``: a place written in digits, never filler."""
_PLACE_MARK = compiled(r"#\d{1,2}")
"""``#3`` before a record in a ranked list: its place."""


def _significant(tok: Tok) -> bool:
    if tok.kind in ("offer", "near", "num"):
        return True
    if tok.kind == "code":  # "13-month", "30-day", "12.5M": a figure the inputs do not hold
        return _MEASURE.fullmatch(tok.low) is not None or _PLACE_MARK.fullmatch(tok.low) is not None
    if tok.kind == "word":
        return (
            tok.low in _SIGNIFICANT
            or tok.low.endswith("n't")
            or _DIGIT_ORDINAL.fullmatch(tok.low) is not None  # "5th": a place
        )
    return tok.kind == "punct" and tok.text in ("%", "~", "<", ">", "≈", "→", "⇒", "←")


def _anchored(
    toks: list[Tok], statements: list[Statement], kept: list[Statement]
) -> list[Statement]:
    """The readings of a sentence that may count. When a pronoun or a difference noun
    comes before the sentence's first record name ("That is 10.09 below north", "The
    difference to north is 4.51"), a reading whose subject is a named record is a guess:
    only readings of the resolved pronoun count; the rest are left to the reviewer."""
    implicit: set[int] = set()
    for index, tok in enumerate(toks):
        if tok.kind in ("offer", "near"):
            break
        if tok.kind in ("word", "code") and _implicit_subject(toks, index):
            implicit.add(index)
    apart = any(t.low == "apart" and _not_narrowing(toks, i) for i, t in enumerate(toks))
    if apart:  # "east and north are 10.09 apart": a difference, not what each costs
        return kept
    if not implicit:
        return statements
    return [
        s
        for s in statements
        if s.used & implicit
        or s in kept
        or not any(toks[i].kind in ("offer", "near") for i in s.used)  # names no record
    ]


def _implicit_subject(toks: list[Tok], index: int) -> bool:
    """A difference noun, or a pronoun followed by a verb ("That is"), not the ``that`` of
    "Note that B ..."."""
    low = toks[index].low
    if low not in lx.IMPLICIT_SUBJECT:
        return False
    if low == "its" and index and toks[index - 1].low in _CONCESSIVE:
        return False  # "Despite its marketing, Fern is ...": Fern is the subject
    if low in lx.PRONOUNS and low not in ("it's", "its"):
        after = toks[index + 1].low if index + 1 < len(toks) else ""
        return after in lx.VERBS and not _labelled_next(toks, index + 2)
    return True


_CONCESSIVE = frozenset({"despite", "for", "given", "with", "whatever", "notwithstanding"})
"""Before ``its`` in an opening phrase that names what the subject after it has."""


def _labelled_next(toks: list[Tok], k: int) -> bool:
    """``that is 599.88 for Gold``: the amount after the verb is labelled with its record."""
    while k < len(toks) and toks[k].kind != "num" and toks[k].low in ("a", "an", "the", "$"):
        k += 1
    return (
        k + 2 < len(toks)
        and toks[k].kind == "num"
        and toks[k + 1].low in ("for", "pour", "für", "para", "per")
        and toks[k + 2].kind in ("offer", "near")
    )


def _not_narrowing(toks: list[Tok], index: int) -> bool:
    """``apart`` as a distance ("10 apart", "apart from each other"), not "apart from B"."""
    after = [t.low for t in toks[index + 1 : index + 3]]
    return after[:1] != ["from"] or after[1:] in (["each"], ["one"])


_TOP_WORDS = lx.CHEAP_SUP | lx.DEAR_SUP | {"most", "expensive", "costly", "top", "bottom"}


_CURRENCY_NAMES = (
    r"(?:dollars?|euros?|pounds?|francs?|kronor|kroner|krona|krone|yen|z\u0142oty|zlotys?)"
)
_CONVERTS = compiled(
    r"(?i)\b(?:exchange\s+rates?|convert(?:s|ed|ing)?|conversion|"
    rf"\d+(?:[.,]\d+)?\s+(?:[a-z]+\s+)?{_CURRENCY_NAMES}\s+(?:to|per)\s+(?:the|one|a|1)\s+"
    rf"(?:[a-z]+\s+)?{_CURRENCY_NAMES})\b"
)
"""``At roughly 1.37 Canadian dollars to the US dollar, A comes to about C$6.85``: a price
in another currency, at a rate the inputs do not hold."""


def _fee_compound(words: set[str]) -> bool:
    """A compound naming a fee, even a monthly one (``månadsavgift``: with ``ingår``, a
    part of the price, not a price)."""
    return any(len(w) > 7 and w.endswith(lx.CHARGE_SUFFIXES) for w in words)


_PROMOTED = frozenset({"half", "half-price", "halved", "promo", "promotional", "introductory",
                       "intro", "discounted", "trial"})  # fmt: skip
"""Words before an amount that make it a promotion's price, not the cited claim's."""


_SUM_SIGNS = frozenset({"=", "+", "*", "x", "\u00d7"})


def _in_sum(toks: list[Tok], index: int) -> bool:
    """The number at ``index`` is a term or the result of a sum written out (``9 x €16.99 =
    €152.91``): a currency sign aside, a sum sign stands right before or after it."""
    before = index - 1
    while before >= 0 and toks[before].low in CURRENCY:
        before -= 1
    after = max([index, *toks[index].marks]) + 1
    while after < len(toks) and toks[after].low in CURRENCY:
        after += 1
    return (before >= 0 and toks[before].low in _SUM_SIGNS) or (
        after < len(toks) and toks[after].low in _SUM_SIGNS
    )


def _per_head(toks: list[Tok], index: int) -> bool:
    """The amount at ``index`` is per person, seat, line, user ... (``45.00 per person``,
    ``38.00/seat``)."""
    tok = toks[index]
    after = max([index, *tok.marks]) + 1
    if after < len(toks) and toks[after].low in ("more", "less", "extra", "cheaper"):
        after += 1  # "roughly $4.71 more per class"
    words = [t.low for t in toks[after : after + 2]]
    return len(words) == 2 and words[0] in ("per", "/", "a", "each", "every") and words[1] in _HEADS


_HEADS = frozenset(lx.PER_HEAD | {
    "line", "sim", "sims", "desk", "editor", "agent", "head", "person", "member", "employee",
    "tb", "gb", "day", "night", "week", "hour", "kwh", "km", "mile", "sharer", "room",
    "class", "lesson", "session", "visit", "wash", "use", "serving", "meal",
})  # fmt: skip


_FIRST_YEAR = frozenset({"first", "première", "primo", "erste", "ersten", "primer"})
_FIRST_PERIOD = compiled(
    r"(?i)\b(?:first|première|primo|erste[nr]?|primer)[\s-]+(?:year|month|année|mois|jahr|"
    r"monat|año|anno|mes)|\byear one\b"
)
"""With a charge, ``the first year is 9,720.00``: a first-year (first-month) total that
takes it in."""
_ANNUAL_TERMS = frozenset({"plan", "prepay", "prepayment", "payment", "billing", "commitment",
                           "upfront", "contract", "discount", "off"})  # fmt: skip
"""``an annual plan at 2,100``, ``10% off for annual payment``: another way to pay."""
_LEFT_OUT = frozenset({"excluded", "excluding", "excl", "without", "not", "ohne", "exkl",
                       "esclusa", "escluso", "esclusi", "exclue", "exclus", "excluida",
                       "excluido"})  # fmt: skip
"""A heading that leaves its charges out (``monthly, activation excluded:``): the amounts
below it are still prices."""
_TOTAL_HEADS = frozenset({"total", "totals", "including", "incl", "upfront",
                          "overall", "outlay", "lifetime"})  # fmt: skip
_PRICE_WORDS = frozenset({"price", "prices", "cost", "costs", "month", "monthly", "year",
                          "yearly", "cheaper", "dearer", "cheapest", "more", "less"})  # fmt: skip
_TOTAL_WORDS = frozenset({"total", "totals", "overall", "outlay", "all-in", "altogether"})
"""In a text that names a one-off charge, a total may take it in: not audited."""


def _past(words: set[str]) -> bool:
    """The sentence speaks of a former price (``beta was 27.50 last year``, ``used to
    cost``): none of its amounts is a price of the inputs."""
    return bool(words & _PAST_VERBS and words & _PAST_TIMES)


_INCUMBENT_WORDS = frozenset({"current", "currently", "existing", "incumbent", "renewal",
                             "staying"})  # fmt: skip
_PAST_VERBS = frozenset({"was", "were", "used", "cost", "had", "charged"})
_PAST_TIMES = frozenset({"last", "previously", "before", "ago", "earlier", "formerly", "until",
                         "prior", "old", "former"})  # fmt: skip


def _inclusive_after(text: str, at: int) -> bool:
    """The clause after ``;`` says the price before it takes a charge in (``£345 a year;
    that includes the £45 set-up fee``); read up to 200 characters, to its end."""
    tail = text[at : at + 200].split("\n", 1)[0].split(".", 1)[0].lower()
    words = set(_WORD.findall(tail))
    return bool(words & lx.INCLUSIVE and words & lx.CHARGES)


_WORD = compiled(r"[^\W\d_][\w-]*")
_DIGITS = compiled(r"\d+")
_MEASURE = compiled(r"\d+(?:[.,]\d+)?-?[a-z]+")


def _steps(toks: list[Tok]) -> bool:
    """``5.00 to B, 4.99 again to C``: amounts that are steps from one record to the next,
    not prices."""
    for index, tok in enumerate(toks[:-2]):
        if tok.kind != "num":
            continue
        k = index + 1 + (toks[index + 1].low in ("again", "more", "extra", "further"))
        if k + 1 < len(toks) and toks[k].low == "to" and toks[k + 1].kind in ("offer", "near"):
            return True
    return False


def _top_group(toks: list[Tok]) -> set[int]:
    """Token indexes of "the two cheapest", "the cheapest two", "the top 2": a count next to a
    superlative names a group, which no recognised form reads."""
    grouped: set[int] = set()
    for index, tok in enumerate(toks):
        if tok.kind != "num" or tok.pct:
            continue
        near = [k for k in (index - 1, index + 1, index + 2) if 0 <= k < len(toks)]
        tops = [k for k in near if toks[k].low in _TOP_WORDS and (k != index + 2 or
                toks[index + 1].low == "most")]  # fmt: skip
        if index >= 2 and toks[index - 2].low == "at" and toks[index - 1].low in ("least", "most"):
            tops = [k for k in tops if k != index - 1]  # "at least 16": a bound, not a group
        if tops:
            grouped.update({index, *tops})
    return grouped


# Unions the readers test words against, made once at import (the word sets never change).
_THAN_OR_OBJECT = frozenset(lx.THAN_WORDS | lx.OBJECT_CUES)


_STAND_INS = frozenset(lx.PRONOUNS | {"that", "this", "which"})
"""Words that stand for an offer or a figure named before (``it``, ``that``)."""
_TAXES = frozenset({"vat", "gst", "hst", "tva", "iva", "mwst", "ust", "btw", "moms", "mva",
                    "mehrwertsteuer", "umsatzsteuer", "tax"})  # fmt: skip
_WITH_TAX = frozenset({"would", "gross", "brutto", "bruto", "incl", "including", "inc",
                       "inclusive", "with", "plus", "inkl", "ttc", "after", "con", "mit",
                       "avec", "zzgl"})  # fmt: skip
"""A tax with a modal or ``with``/``incl.``: the sentence's amounts take the tax in."""


_REPORTED = frozenset({"said", "wrote", "read", "stated", "thought", "listed", "mentioned",
                       "called", "claimed", "put", "had"})  # fmt: skip
_PUT_RIGHT = frozenset({"incorrect", "wrong", "mistake", "error", "recheck", "re-check",
                        "correction", "wait", "actually", "mistaken"})  # fmt: skip


def _retraction(toks: list[Tok]) -> int:
    """Where a sentence that takes back what the writer said before turns (``I previously
    said A was the cheapest, but that was incorrect: ...``, ``At first I read C as the
    cheapest, but wait, ...``): the index of its ``but``; 0 when it takes nothing back."""
    said = next(
        (k for k, t in enumerate(toks) if t.low in _REPORTED
         and any(toks[j].low in ("i", "we") for j in range(max(0, k - 3), k))),
        None,
    )  # fmt: skip
    if said is None:
        return 0
    for k in range(said + 1, len(toks)):
        if toks[k].low in ("but", "however") and any(
            t.low in _PUT_RIGHT for t in toks[k + 1 : k + 8]
        ):
            return k
    return 0


_NOT_ONE_OWNER = frozenset(lx.COMPARISON | lx.NEGATIONS | _STAND_INS | {"than", "vs", "versus",
                          "and", "or", "both", "each", "all", "plus", "instead"})  # fmt: skip
"""Words of a sentence that may cite another record's price beside the one it names."""
_OTHER_PERIOD_WORDS = frozenset({"week", "weeks", "weekly", "day", "days", "daily", "quarter",
                                 "quarterly", "hour", "hourly", "woche", "semaine", "semana",
                                 "settimana", "tag", "jour", "día", "giorno"})  # fmt: skip
_MONTH_WORDS = frozenset({"month", "monthly", "months", "mo", "monat", "mois", "mes", "mese"})
