"""Shared pieces of the forms: superlative and comparison words, counts, periods, prices,
and the tests of differences and ratios."""

from __future__ import annotations

from decimal import Decimal

from . import langs
from . import lexicon as lx
from .check import Table
from .judge import Test, _any_of, _bound, _claim_test, _gap_value, _hedged, _price_of, _value
from .kinds import Amount, Count, Difference, Price, as_period
from .tokens import Tok, for_another_thing, signed
from .units import SentenceBase, Unit

_ARTICLES = {
    "la",
    "le",
    "les",
    "il",
    "l'",
    "l",
    "el",
    "a",
    "o",
    "os",
    "as",
    "los",
    "las",
    "i",
    "gli",
}
_THAN_NEXT = {"que", "di", "della", "del", "dell'", "do", "dan", "als", "de", "da"}


_SERVED = frozenset({"for", "on", "across"})
_PRICE_MOST = frozenset({"cheapest", "dearest", "priciest", "costliest", "lowest", "highest"})
"""Superlatives of price: ``the cheapest of the three`` counts the records; another
(``the fastest of the three``) may speak of a few of them."""


class WordForms(SentenceBase):
    """Reads the words a form is made of; adds count and price statements."""

    def _fraction(self, at: int) -> tuple[Decimal, int] | None:
        low, nxt = self.low(at), self.low(at + 1)
        if low == "a" and nxt in ("quarter", "third", "fifth", "tenth"):
            shares = {"quarter": Decimal(25), "third": Decimal(100) / 3, "fifth": Decimal(20),
                      "tenth": Decimal(10)}  # fmt: skip
            return shares[nxt], at + 2
        if low in ("half", "twice", "double"):
            return (Decimal(50) if low == "half" else Decimal(200)), at + 1
        tok = self.units[at].tok if self.kind(at) == "num" else None
        if tok is not None and nxt in ("times", "x") and len(tok.values) == 1 and not tok.pct:
            return tok.values[0] * 100, at + 2  # "three times as much as", "3x the price of"
        return None

    def _superlative(self, at: int) -> tuple[str, int] | None:
        """``cheapest``, ``least expensive``, ``most affordable``, ``la moins chère``..."""
        low, nxt = self.low(at), self.low(at + 1)
        kind, end = None, at + 1
        if low in (
            "cheapest",
            "günstigste",
            "günstigsten",
            "billigste",
            "billigsten",
            "preiswerteste",
            "preiswertesten",
            "wins",
            "winner",
            "bottom",
        ):
            kind = "cheap"
        elif low in ("lowest", "highest"):
            kind = "cheap" if low == "lowest" else "dear"
            if nxt == "-" and self.low(at + 2) in ("priced", "cost"):
                end = at + 3
        elif low in ("priciest", "costliest", "dearest") or low in langs.DEAR_SUP:
            kind = "dear"
        elif low in langs.CHEAP_SUP:
            kind = "cheap"
        elif (low == "least" and nxt in ("expensive", "costly", "pricey")) or (
            low == "most" and nxt in ("affordable", "economical", "budget", "inexpensive")
        ):
            kind, end = "cheap", at + 2
        elif low == "most" and nxt in ("expensive", "costly", "pricey"):
            kind, end = "dear", at + 2
        elif low == "most" and (nxt, self.low(at + 2), self.low(at + 3)) == (
            "cost",
            "-",
            "effective",
        ):
            kind, end = "cheap", at + 4
        elif (
            low in ("least", "most")
            and self.low(at - 1) == "the"
            and nxt in ("", ".", ",", ";", "of", "at", "(", ")", "-", ":")
            and self.low(at - 2) != "at"
        ):
            kind = "cheap" if low == "least" else "dear"  # "A costs the least"
        elif low == "best" and nxt in ("price", "deal", "rate"):
            kind, end = "cheap", at + 2
        elif (
            low in _MORE_OR_LESS
            and (self.low(at - 1) in _ARTICLE_OR_NOUN or self.low(at - 1) in langs.ORDINALS)
            and nxt in langs.CHEAP_ADJ
            and not (low in langs.LESS and nxt in langs.CHEAP_WORDS)
            and (
                self.low(at + 2) not in _THAN_NEXT
                or self.low(at + 3) in ("las", "los", "tre", "quattro", "le", "i", "os", "as")
            )
        ):  # "la plus chère", "la más barata de las tres": not "plus chère que A"
            cheap = (nxt in langs.CHEAP_WORDS) != (low in langs.LESS)
            kind, end = "cheap" if cheap else "dear", at + 2
        elif low in ("lower", "cheaper") and self._of_two(at + 1) is not None:
            kind = "cheap"
        elif low in _PAIR_WORDS and self.low(at - 1) == "the" and self._two_records():
            kind = _PAIR_WORDS[low]  # "L is the cheaper proposal": of two, the cheapest
            if low == "less" or (low == "more" and nxt in ("expensive", "costly")):
                kind, end = ("cheap" if low == "less" else "dear"), at + 2
            elif low in ("less", "more"):
                return None
        if kind is None:
            return None
        if self.low(end) in ("to", "-", "through") and self.low(end + 1) in _ORDER_END:
            return None  # "cheapest to dearest", "lowest-to-highest": a direction, not a claim
        if self.low(end + 1) == "-" and self.kind(end) == "w" and self.low(end) in ("year", "all"):
            return None  # "the cheapest year-round option", "all-inclusive": of some offers
        if self.low(end) == "unit" and self.low(end + 1) in _PER_UNIT:
            return None  # "the cheapest unit rate": the price of a kWh, not the offer's
        if (
            self.low(end) == "("
            and self.low(at - 1) == "the"
            and self.low(at - 2) in ("has", "have", "with", "offers", "gives")
        ):
            return None  # "has the highest vet-fee limit (£9,000), while B has the lowest (£4,000)"
        while self.kind(end) == "w" and self.low(end) in _SUPERLATIVE_TAIL:
            end += 1
        if self.low(end) in ("per", "a", "each") and self.low(end + 1) in ("month", "mo"):
            end += 2  # "the cheapest per month": the ranking of the monthly prices
        after = self.low(end)
        if self.kind(end) == "w" and lx.charge_words({after}):
            return None  # "die höchste Anzahlung", "the lowest excess": a charge's, no price
        if (
            low in _ENGLISH_SUP
            and self.kind(end) == "w"
            and after[:1].isalpha()
            and (after not in _PRICE_AFTER_SUP)
        ):
            return None  # "the highest speed", "the lowest setup fee": not the price
        if (
            low not in _ENGLISH_SUP
            and low.endswith(("ste", "sten", "st"))
            and self.kind(end) == "w"
            and after.endswith(("e", "en"))
            and after not in _FOREIGN_PRICE_AFTER
        ):
            return None  # "het goedkoopste vaste alternatief": the cheapest of the fixed ones
        if (
            low in _ENGLISH_SUP
            and self.kind(end) == "w"
            and after[:1].isdigit()
            and self.low(end + 1) in lx.OFFER_NOUNS
        ):
            return None  # "the cheapest 5G plan": of the 5G plans
        return kind, end

    def _two_records(self) -> bool:
        """The inputs hold exactly two priced records: a comparative names one of them."""
        return len(self.table.priced()) == 2 and len(self.table.records) == 2

    def _of_two(self, at: int) -> int | None:
        j = at
        if self.low(j) == "-" and self.low(j + 1) == "priced":
            j += 2
        if self.low(j) == "of" and self.low(j + 1) in ("the", "both") and self.kind(j + 2) == "num":
            return j + 3
        return None

    def _count_after(self, at: int) -> int:
        """``... of the three (offers)``: a count of the records; returns the unit after it."""
        if (
            self.low(at) == "of"
            and self.low(at + 1) in ("the", "all")
            and self.kind(at + 2) == "num"
        ):
            self._count(at + 2, at)
            return at + 4 if self.low(at + 3) in lx.OFFER_NOUNS else at + 3
        if self.low(at) == "of" and self.kind(at + 1) == "num":  # "second of 4"
            self._count(at + 1, at)
            return at + 3 if self.low(at + 2) in lx.OFFER_NOUNS else at + 2
        return at

    def _subset(self, at: int) -> bool:
        """The count at ``at`` ("of the two") is of fewer records than the inputs hold, in a
        sentence that names them or says "between": those records, not a count of all."""
        tok = self.units[at].tok if self.kind(at) == "num" else None
        if tok is None or len(tok.values) != 1 or tok.values[0] >= len(self.table.records):
            return False
        if self.low(at - 1) == "the" and self.low(at - 2) == "of" and self.low(at - 3) in _PICKS:
            return True  # "for any of the three at 149 DKK": three named before, of five
        if self._named_count is None:  # once per sentence: the reading stays linear
            self._named_count = len({u.offer for u in self.units if u.kind == "off"})
            self._between = any(u.low in _NARROWING for u in self.units)
        return self._between or self._named_count == tok.values[0]

    def _count(self, at: int, start: int, *, named: bool = False) -> None:
        """``there are three offers``; ``named``: the caller read the noun after the count
        (``We compared four digital subscriptions``)."""
        if self._subset(at):
            return
        tok = self.units[at].tok
        if tok is None or tok.pct or tok.money or tok.period or len(tok.values) != 1:
            return
        if tok.unit is not None and tok.unit not in lx.OFFER_NOUNS:
            return
        if self.low(at + 1) in _SUPERLATIVE_NEXT:
            return  # "one of the two cheapest": a part, not the count
        if self.low(at + 1) in _BESIDES and tok.values[0] < len(self.table.records):
            return  # "five alternative quotes" of six: the ones besides the current
        if self.kind(at + 1) == "w" and not (named or self._counts_offers(at + 1)):
            return  # "for all three vans", "of the three hyperscalers": a count of others
        if self.low(at + 1) == "-":
            return  # "Of the six-account plans": a kind of plan, not a count
        most = next((self.low(k) for k in (at - 3, at - 2) if self.low(k + 1) == "of"), "")
        if most.endswith("est") and most not in _PRICE_MOST:
            return  # "the fastest of the three (1Gbps vs 500Mbps)": those three, not a count
        if self.low(at - 1) in _SERVED or (
            self.low(at - 2) in _SERVED and self.low(at - 1) == "all"
        ):
            return  # "for all ten", "for 20", "APM on all 40 hosts": things the offers serve
        value = tok.values[0]
        if value != int(value) or value > 1000:
            return
        pair = (self.low(at - 2), self.low(at - 1)) == ("of", "the") and (
            self.low(at - 3) in _COMPARATIVES
        )
        if pair and value != len(self.table.records):
            return  # "A is the cheaper of the two" (A and B, of three): those two only
        end = at + 2 if self.low(at + 1) in lx.OFFER_NOUNS else at + 1
        claim = Count(id="prose", value=int(value))
        self.add(f"there are {tok.text} offers", _claim_test(claim), start, end, exact=True)

    def _counts_offers(self, j: int) -> bool:
        """The words after a count (from ``j``) say it counts offers: an offer noun within
        three words (``the four regional plans``), a verb, or the clause's end; not ``three
        vans``, ``20 SIMs``, ``the three hyperscalers``."""
        if self.low(j) in _PAPER_NOUNS or self.low(j + 1) in _PAPER_NOUNS:
            return False  # "the three quote documents": papers, maybe fewer than the offers
        if self.low(j) in _COUNT_NEXT:
            return True
        return any(self.low(k) in lx.OFFER_NOUNS for k in range(j, j + 3))

    def _periods(self, j: int, period: str | None) -> tuple[int, str | None]:
        if self.low(j) == "/" and self.low(j + 1) in ("mo", "month", "mth") and period is None:
            j, period = j + 2, "month"  # "R321 less/mo than UCOOK"
        while (
            self.kind(j) == "w"
            and self.low(j) in _PERIOD_FOLLOW
            and (
                self.low(j) not in ("over", "the", "in", "a", "costs", "cost")
                or (
                    self.kind(j + 1) == "w"
                    and self.low(j + 1) in ("a", "year", "month", "the", "more", "less")
                )
            )
        ):
            if self.low(j) in ("year", "annually", "yearly", "annual") or _yearly(self.low(j)):
                period = "year"
            elif (
                self.low(j) in ("month", "monthly", "mois", "monat", "mes")
                or langs.PERIODS.get(self.low(j)) == "month"
                or self.low(j) in langs.MONTH_WORDS
            ) and period is None:
                period = "month"
            j += 1
        return j, period

    def _cmp_word(self, j: int) -> tuple[str, str | None, bool, int]:
        """The comparison word at ``j``: (word, direction, takes a direct object, end)."""
        word, nxt = self.low(j), self.low(j + 1)
        if (word, nxt) in langs.MORE_AFTER:  # "4 euros de plus", "5 euro in più"
            j, word, nxt = j + 1, nxt, self.low(j + 2)
        foreign = self._foreign_cmp(j, word, nxt)
        if foreign is not None:
            return foreign
        if word in ("less", "more") and nxt in ("affordable", "economical"):
            return word, "cheaper" if word == "more" else "more_expensive", False, j + 2
        if word in ("less", "more"):
            end = j + 2 if nxt in ("expensive", "costly", "pricey") else j + 1
            return word, "cheaper" if word == "less" else "more_expensive", False, end
        if word in ("below", "above", "under"):
            direct = self.kind(j + 1) == "off"  # "25 below C"; "below 100" is read elsewhere
            return word, "cheaper" if word != "above" else "more_expensive", direct, j + 1
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
        if word in (
            "undercuts",
            "undercut",
            "undercutting",
            "beats",
            "beat",
            "beating",
            "underprices",
        ):
            return word, "cheaper", True, j + 1
        if word in ("exceeds", "exceed"):
            return word, "more_expensive", True, j + 1
        if word in ("edges", "edged") and nxt == "out":
            return word, "cheaper", True, j + 2  # "A edges out B (for cheapest)"
        if word in ("premium", "markup") and nxt in ("over", "on"):
            return word, "more_expensive", False, j + 1  # "a 10.60 premium over B"
        if word in ("saves", "save", "saving", "savings"):
            end = j + 2 if nxt in ("you", "us", "them") else j + 1
            return word, "cheaper", False, end
        return word, None, False, j

    def _foreign_cmp(self, j: int, word: str, nxt: str) -> tuple[str, str | None, bool, int] | None:
        """``goedkoper``, ``más cara``, ``meno cara``, ``plus`` (before ``que``), ``mehr``,
        ``darüber``, ``spart``: (word, direction, takes a direct object, end)."""
        if word in _MORE_OR_LESS and nxt in langs.CHEAP_ADJ:
            if word in langs.LESS and nxt in langs.CHEAP_WORDS:
                return word, None, False, j
            cheap = (nxt in langs.CHEAP_WORDS) != (word in langs.LESS)
            return word, "cheaper" if cheap else "more_expensive", False, j + 2
        if word in _MORE_OR_LESS and (
            word not in ("plus", "más", "mas", "mais")
            or self.low(j - 1) in ("de", "a")
            or self.low(j + 1) in _THAN_OR_DO
            or (word != "plus" and nxt in ("", ".", "!", ",", ";", *langs.AND_WORDS))
            or (nxt == "de" and self.kind(j + 2) == "num")
        ):  # "30 € de plus que B", "20 € menos que C", "5 euros más", "plus de 100 €"
            return word, "cheaper" if word in langs.LESS else "more_expensive", False, j + 1
        if word in _OVER_OR_UNDER:  # "30 € über B", "30 € abaixo de A"
            k = j + 2 if nxt in ("de", "do", "da") else j + 1
            if self.kind(k) != "off" or self.kind(j - 1) != "num":
                return word, None, False, j
            return word, "more_expensive" if word in langs.OVER else "cheaper", True, k
        if word in ("weniger", "minder") and nxt in ("teuer", "duur"):
            return word, "cheaper", False, j + 2
        if word in _CHEAP_OR_BELOW or word in langs.SAVE_WORDS:
            return word, "cheaper", False, j + 1
        if word in _DEAR_OR_ABOVE:
            return word, "more_expensive", False, j + 1
        return None

    def _vs_end(self, j: int) -> int | None:
        """After ``gegenüber``, ``rispetto a``, ``im Vergleich zu``, ``ten opzichte van``,
        ``par rapport à``: where the record compared with should be."""
        if self.low(j) in langs.VS_LEADS and self.low(j + 1) in langs.VS_CUES:
            j += 1
        if self.low(j) not in langs.VS_CUES:
            return None
        j += 1
        if self.kind(j) == "w" and self.low(j) in langs.VS_LINKS:
            j += 1
        return j

    def _implicit_gap(
        self,
        subjects: list[Unit],
        start: int,
        j: int,
        *,
        word: str,
        direction: str | None,
        amount: Tok | None,
        period: str | None,
        hedge: str | None,
        neg: bool,
    ) -> int | None:
        """``La oferta A cuesta 5,40 euros más.``, ``A liegt 5 € darüber``: a gap to an
        offer left unnamed, so false only when no other offer is that far the stated way.
        Read only for a sentence's first subject, when the clause ends with the amount."""
        if (
            amount is None
            or amount.pct
            or direction not in ("cheaper", "more_expensive")
            or word not in langs.IMPLICIT_GAP
            or neg
            or start != 0
            or len(subjects) != 1
            or self.low(j) not in ("", ".", "!", ",", ";", *langs.AND_WORDS)
            or self.other_context
        ):
            return None
        x = subjects[0].offer or ""
        others = [r.id for r in self.table.records if r.id != x]
        tests = [
            self._difference_test(x, y, direction, amount=amount, share=None, hedge=hedge,
                                  period=period)
            for y in others
        ]  # fmt: skip
        way = "cheaper" if direction == "cheaper" else "more expensive"
        self.add(f"{x} is {way} than some other offer by {amount.text}",
                 _any_of(tests) if len(tests) > 1 else _unsure(tests), start, j,
                 exact=False)  # fmt: skip
        return j

    def _subjects(self, at: int) -> tuple[list[Unit], int, bool]:
        """``B``, ``B and C``, ``A, B and C``, ``neither A nor C``: the subjects and the end."""
        subjects = [self.units[at]]
        negated = self.low(at - 1) in ("neither", "nor") or (
            self.low(at - 1) in ("is", "was", "does", "did")
            and self.low(at - 2) in ("neither", "nor")
        )  # "neither it nor B goes above 5"; "Nor is Tidal the priciest"
        j = self._parenthetical_price(at, at + 1)
        while j + 1 < len(self.units) and self.low(j) in (
            ",", "and", "nor", "&", "et", "und", "y", "en", "e", "ed"
        ):  # fmt: skip
            k = j + 1 + (self.low(j + 1) in _NAME_ARTICLES and self.kind(j + 2) == "off")
            if self.kind(k) != "off":  # "O Moloni e o InvoiceXpress": past the article
                break
            if self.units[k].offer == subjects[-1].offer:
                break
            subjects.append(self.units[k])
            j = self._parenthetical_price(k, k + 1)
        return subjects, j, negated

    def _after_a_gap(self, j: int) -> bool:
        """The record at ``j`` is compared with after a gap (``is 12.60 more than A
        (241.60)``): the bracket may be the subject's price, not A's."""
        before = j - 1 - (self.low(j - 1) in _THAN_ARTICLES)  # "do que na Goldenergy (11,10)"
        return self.low(before) in lx.THAN_WORDS and any(
            self.kind(k) == "num" and self.low(k - 1) != "(" for k in range(max(0, j - 10), j)
        )  # not "B (90) beats A (120)": each one's price in brackets

    def _parenthetical_price(self, subject: int, j: int) -> int:
        """``A (120)``: the price of the record just named; returns the unit after it."""
        if self.low(j) == "(" and self.kind(j + 1) == "num" and self.low(j + 2) == ")":
            tok = self.units[j + 1].tok
            if tok is not None and self.money(self.units[j + 1]) and not self._after_a_gap(subject):
                self._price(self.units[subject], tok, subject, j + 3)
            return j + 3
        return j

    def _price(
        self, subject: Unit, tok: Tok, start: int, end: int, hedge: str | None = None
    ) -> None:
        if (self.other_context and tok.period is None) or tok.period == "other":
            return  # "£4.75 a wash", "1,50 € am Tag": a rate of another unit
        index = next((i for i, t in enumerate(self.toks) if t is tok), None)
        if index is not None and signed(self.toks, index):
            return  # "free-pop -6,00 €": a gap with its sign
        if index is not None and for_another_thing(self.toks, index):
            return  # "plus £20 for a smart meter", "£229 a year for a service plan"
        readings = self.amount_readings(tok)
        offer = subject.offer or ""
        tests = [
            _hedged(_price_of(offer, Decimal(12 if p == "year" else 1)), a.value, _bound(hedge))
            if hedge  # "roughly R1 100 for Dashlane"
            else _claim_test(Price(id="prose", offer=offer, amount=a, period=p))
            for a, p in readings
        ]
        self.add(
            f"{offer} costs {hedge + ' ' if hedge else ''}{tok.text}",
            _any_of(tests),
            start,
            end,
            exact=subject.exact and len(readings) == 1 and hedge is None,
        )

    def _difference_test(
        self,
        x: str,
        y: str,
        direction: str,
        *,
        amount: Tok | None,
        share: Decimal | None,
        hedge: str | None,
        period: str | None,
    ) -> Test:
        percent = share is not None or (amount is not None and amount.pct)
        if amount is not None and not percent and period is None and self.other_context:
            return _unknown  # "over two years ... saves 180": not a monthly gap
        tests = []
        readings = [(Amount(value=share, places=0), "month")] if share is not None else []
        if amount is not None:
            periods = [period] if period in ("month", "year") else self.bare_periods()
            readings = [
                (Amount(value=v, places=p), q)
                for v, p in zip(amount.values, amount.places, strict=True)
                for q in (periods if not percent else ["month"])
            ]
        for stated, per in readings:
            if hedge is not None or share is not None:
                tests.append(
                    _hedged(
                        _gap_value(x, y, direction, percent, per),
                        stated.value,
                        _bound(hedge),
                        percent=percent and share is None,
                        wrong_base=_gap_value(x, y, direction, percent, per, wrong_base=True),
                    )
                )
            else:
                claim = Difference(
                    id="prose",
                    offer=x,
                    than=y,
                    direction="cheaper" if direction == "cheaper" else "more_expensive",
                    amount=stated,
                    unit="percent" if percent else "amount",
                    period=as_period(per),
                )
                tests.append(_claim_test(claim))
        return _any_of(tests)

    def _ratio_test(self, x: str, y: str, ratio: Decimal, hedge: str | None) -> Test:
        """``x`` costs ``ratio`` times ``y``: exactly; over or under it after a bound
        (``over twice as expensive``); within 15 % after a hedge, and below after
        ``nearly``."""
        bound = _bound(hedge) if hedge is not None else None

        def test(table: Table) -> bool | None:
            a, b = _value(table, x, Decimal(1)), _value(table, y, Decimal(1))
            if a is None or b is None:
                return None
            want = b * ratio
            if bound in ("over", "at least"):
                return a > want if bound == "over" else a >= want
            if bound in ("under", "at most"):
                return a < want if bound == "under" else a <= want
            if bound is not None:
                near = abs(a - want) <= abs(want) * Decimal("0.15")
                return None if near and (bound != "almost" or a <= want) else False
            return a == want

        return test


def _unknown(table: Table) -> bool | None:
    """A reading whose period the sentence leaves open: neither true nor false."""
    return None


_PAIR_WORDS = {"cheaper": "cheap", "lower-priced": "cheap", "less": "cheap", "pricier": "dear",
               "dearer": "dear", "costlier": "dear", "more": "dear"}  # fmt: skip


def _yearly(word: str) -> bool:
    return word in langs.YEAR_WORDS or langs.PERIODS.get(word) == "year"


def _unsure(tests: list[Test]) -> Test:
    """One test whose truth is never more than "not false" (an unnamed other side)."""

    def test(table: Table) -> bool | None:
        return False if tests and tests[0](table) is False else None

    return test


# Unions the readers test words against, made once at import (the word sets never change).
_MORE_OR_LESS = frozenset(langs.MORE | langs.LESS)
_ARTICLE_OR_NOUN = frozenset(_ARTICLES | lx.GAP_NOUNS | langs.PRICE_NOUNS)
_SUPERLATIVE_NEXT = frozenset(lx.CHEAP_SUP | lx.DEAR_SUP | {"most", "least", "lower", "higher"})
_PERIOD_FOLLOW = frozenset(
    lx.PERIOD_WORDS | {"yearly", "annual", "over", "the", "in", "costs", "cost"}
)
_THAN_OR_DO = frozenset(lx.THAN_WORDS | {"do"})
_OVER_OR_UNDER = frozenset(langs.OVER | langs.UNDER)
_CHEAP_OR_BELOW = frozenset(langs.CHEAP_CMP | langs.BELOW)
_DEAR_OR_ABOVE = frozenset(langs.DEAR_CMP | langs.ABOVE)
_ORDER_END = {"dearest", "priciest", "highest", "most", "cheapest", "lowest", "least",
              "costliest", "top", "bottom"}  # fmt: skip
"""After ``cheapest to``: the other end of an order (``cheapest to dearest``)."""
_FOREIGN_PRICE_AFTER = frozenset(lx.GAP_NOUNS | lx.FILLERS | lx.PERIOD_WORDS | lx.PRICE_NOUNS
                                  | {"optie", "keuze", "variante", "wahl", "option", "offerte",
                                     "aanbieding", "tarife", "prijzen", "preise", "prijs",
                                     "preis", "met", "mit", "voor", "für", "die", "de", "van",
                                     "von", "en", "und", "ist", "is", "zijn", "sind", "ohne",
                                     "zonder", "alle", "aller", "allen", "allemaal", "beide",
                                     "beiden"})  # fmt: skip
_COUNT_NEXT = frozenset(lx.OFFER_NOUNS | {
    "are", "is", "cost", "costs", "come", "comes", "in", "on", "at", "and", "with", "were",
    "was", "all", "options", "offers", "quotes", "plans", "deals", "providers", "suppliers",
    "insurers", "tariffs", "packages", "tiers", "vendors", "bids", "proposals", "", ".", ",",
    ";", ":", ")", "!", "?", "-", "(",
})  # fmt: skip
_PER_UNIT = frozenset({"rate", "rates", "price", "prices", "charge", "charges", "cost", "costs"})
_SUPERLATIVE_TAIL = frozenset(
    (lx.PRICE_NOUNS - {"costs"})
    | lx.OFFER_NOUNS
    | {"-", "priced", "overall", "by", "far", "in", "set", "on", "price", "annual"}
)


_ENGLISH_SUP = frozenset(
    {
        "cheapest",
        "lowest",
        "highest",
        "priciest",
        "costliest",
        "dearest",
        "least",
        "most",
        "best",
        "lower",
        "cheaper",
        "less",
        "more",
    }
)
_PRICE_AFTER_SUP = (
    lx.FILLERS | lx.CONNECTORS | lx.CONTRAST | lx.VERBS | lx.HEDGES | lx.THAN_WORDS
    | lx.PERIOD_WORDS | lx.OFFER_NOUNS
    | {"of", "at", "with", "and", "or", "nor", "but", "so", "among", "amongst", "across", "between",
       "is", "was", "are", "here", "there", "to", "as", "while", "whereas", "which", "too",
       "for", "per", "a", "an", "the", "one", "ones", "choice", "pick", "deal", "deals",
       "alternative", "candidate", "entry", "tier", "package", "bid", "quote", "overall",
       "out", "from", "it", "this", "that", "month", "monthly", "year", "each", "every",
       "when", "if", "since", "because", "however", "though", "although", "still", "also",
       "then", "now", "today", "currently", "even", "just", "only", "clearly", "comfortably",
       "easily", "narrowly", "slightly", "marginally", "listed", "available", "on",
       "followed", "differ", "ahead", "before", "after", "vs", "versus", "against", "compared",
       "again", "in", "by", "far", "yet", "thus", "therefore", "hence", "recommended",
       "recommendation", "i", "we", "you", "my", "our", "your", "its",
       "their", "whose", "who", "where", "being", "remains", "stays", "sitting", "coming",
       "costing", "priced", "value", "price", "option", "offer", "plan", "tariff",
       "contract", "subscription", "premium", "bill", "charge", "rate", "fee", "amount",
       "belongs", "belong", "goes", "go", "sits", "lies", "rests", "either", "neither",
       "both", "all", "respectively", "instead", "anyway", "nonetheless"}
)  # fmt: skip
"""After an English superlative, the words that leave it about the price (not ``the
highest speed``)."""
_COMPARATIVES = lx.CHEAP_CMP | lx.DEAR_CMP | {"expensive", "better", "worse", "lower", "higher"}


_NARROWING = frozenset({"between", "these", "those", "if", "among", "amongst"})
"""Words that pick some records (``If you want managed WordPress, ... of the three``): a
count below the inputs' in the sentence counts those, not all."""
_PICKS = frozenset({"any", "each", "one", "either", "both", "all", "none", "neither", "two"})
"""Before ``of the N``: some of those N, which a sentence before named."""


_PAPER_NOUNS = frozenset({"documents", "docs", "files", "pdfs", "emails", "pages", "sheets",
                          "screenshots", "letters", "attachments"})  # fmt: skip


_THAN_ARTICLES = frozenset({"na", "no", "a", "o", "la", "el", "le", "the", "die", "der",
                            "das", "de", "het", "il", "lo"})  # fmt: skip
"""An article between a ``than`` word and the record compared with."""


_BESIDES = frozenset({"alternative", "competing", "rival", "other", "new", "remaining",
                      "additional", "further", "incoming", "fresh"})  # fmt: skip
"""After a count smaller than the records': it counts the offers besides some (the current
supplier's), not every offer."""
_NAME_ARTICLES = frozenset({"the", "o", "a", "os", "as", "la", "le", "el", "il", "lo", "l'",
                            "der", "die", "das", "de", "het"})  # fmt: skip
"""An article before a record's name in a list of subjects (``O Moloni e o InvoiceXpress``)."""
