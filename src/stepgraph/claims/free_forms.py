"""Forms that do not start at a subject: ``120 for A``, ``At 90 per month, B``, ``the
difference between C and B is 20``, ``Switching from A to B saves 30``, ``The cheapest
offer, B, ...``, ``offer ZZ9``; the dispatcher also starts the forms of ``lists``."""

from __future__ import annotations

from decimal import Decimal

from . import langs
from . import lexicon as lx
from .check import Table, round_to
from .groups import GroupForms, strictly
from .judge import _all_of, _any_of, _claim_test, _gap_test, hedge_tolerance
from .kinds import Amount, Cheapest, Claim, Difference, MostExpensive, Period, Rank
from .tokens import ORDINALS, Tok
from .units import Unit, restricted_opening

_SWITCHING = {"switching", "moving", "changing", "going", "migrating"}


_NONE_WORDS = frozenset({"geen", "keines", "keiner", "keine", "aucune", "aucun", "ninguna",
                         "ninguno", "nessuna", "nessuno", "żadna", "żadne", "żaden", "ingen",
                         "inget", "nenhuma", "nenhum"})  # fmt: skip
"""``none`` in other languages, opening ``none of the three costs more than N``."""


_GROUPS = frozenset({"tier", "tiers", "segment", "category", "band", "group", "bracket", "class"})
"""Some of the records: ``The premium tier starts at 540`` is that tier's lowest price."""


_OTHER_NEXT = frozenset({"other", "of"})
"""After ``and no``/``and none``: ``other plan``, ``of the others``."""


_BAND_HEADS = frozenset({"under", "below", "over", "above"})
_NEW_CLAUSE = frozenset({"the", "it", "its", "is", "costs", "at", "that", "which"})
"""After ``The cheapest is B and``: a clause of its own (``and the dearest is C``)."""


class FreeForms(GroupForms):
    """The forms read at any unit that is not a record."""

    def _free_forms(self, at: int) -> None:
        if at == 0:
            self._headed_order()  # "Ranking (cheapest first): B, C, A"
        self._free_form(at)

    def _free_form(self, at: int) -> None:
        low = self.low(at)
        unit = self.units[at]
        self._foreign_bound(at)  # "Zwei der drei Angebote liegen unter 30 €"
        if unit.kind == "num":
            self._number_free_forms(at)
            return
        if low in _CENTRES:
            self._centre(at)  # "The median is 437 kr", "the average comes to about 27.17"
        if (
            low in ("offer", "option")
            and self._unknown_name(at + 1)
            and not (self.low(at + 2) in _LABEL_MARKS and self.kind(at + 3) == "off")
        ):  # not "Option B - Canon UK: £298.00": a label of the record named after it
            self._no_such_offer(at)
        elif (low == "at" or low in langs.LEADING_AT) and self.kind(at + 1) == "num":
            self._leading_at(at)  # "At 90 per month, B", "Mit 39,90 € pro Monat ist east"
        elif low in _RELATIVE or (low == "a" and self.low(at + 1) in ("third", "quarter")):
            self._relative_forms(at)  # "followed by C", "than all the others", "one of the two"
        elif low in ("from", "cheapest", "in", "ranked", "ranking", "order", "ascending"):
            self._order_list(at)
        elif low in ("range", "ranges", "ranging", "span", "spans", "spanning", "between"):
            self._range(at)
        elif low in ("no", "none", "nothing") and (
            at == 0
            or self.low(at - 1) in (",", ";", ":")
            or (self.low(at - 1) in ("and", "but", "so") and self.low(at + 1) in _OTHER_NEXT)
            or (low == "none" and self.low(at - 1) in ("and", "but") and self.low(at - 2) == ",")
        ):  # ", and none is over £105"
            if not self._no_other_matches(at) and not self._no_two_alike(at):
                self._none_beyond(at)
        elif low in _NONE_WORDS and (at == 0 or self.low(at - 1) in (",", ";", ":")):
            self._foreign_none_beyond(at)  # "Geen van de drie kost meer dan 130 euro"
        elif low in _NEITHER and self._neither_subject(at) is not None:
            self._neither_end(at)  # "C is neither the cheapest nor the most expensive"
        elif low == "only" and self.kind(at + 1) == "off":
            self._only_beyond(at)
        elif low == "only" and self.low(at - 1) == "the":
            self._the_only_beyond(at)  # "B is the only plan that costs more than 30"
        elif (
            low in ("only", "just", "exactly")
            and self.low(at + 1) == "one"
            and (self.low(at + 2) in lx.OFFER_NOUNS or self._of_the_offers(at + 2))
        ):
            end = self._past_of_the(at + 2) if self._of_the_offers(at + 2) else at + 2
            self._bound_some(at, end, 1)  # "Only one offer is cheaper than silver"
        elif low in langs.PLACE_NOUNS or low in _BAND_HEADS:
            self._place_or_band(at)  # "B landet auf Platz 2", "Under £500: four plans — ..."
        elif low in ("middle", "mid") and self.low(at - 1) == "the":
            self._middle_first(at)  # "The mid-priced option is C"
        elif (
            low == "runner"
            and self.low(at + 2) == "up"
            and (
                self.low(at - 1) == "the"
                or (self.low(at + 3) == ":" and self.low(at - 1) in ("", "-"))
            )
        ):  # "Runner-up: C" as a label
            self._runner_up_first(at)  # "The runner-up, tmo-magenta, is 9.96 above"
        elif (
            (low in ORDINALS or low == "last")
            and self.low(at + 1) in ("place", "spot", "position")
            and self.low(at - 1) == "in"
        ):
            self._in_place_is(at)  # "In second place is offer-D at 110.00"
        elif (low in ("first", "last") or low in ORDINALS) and self.low(at + 1) in (
            "place",
            "spot",
            "position",
        ):
            self._place_goes_to(at)  # "Last place goes to m-1000"
        elif low in ("other", "others", "remaining", "rest", "else"):
            self._others_bound(at)  # "the other two are both above 310"
        elif low == "all" and self.low(at + 1) == "but":
            self._all_but(at)  # "All but one of the five offers cost more than 20"
        elif low in ("all", "every", "each") or (low == "the" and self.kind(at + 1) == "num"):
            self._quantifier(at)
        else:
            self._gap_and_choice_forms(at, low)
        self._first_place_forms(at, low)

    def _first_place_forms(self, at: int, low: str) -> None:
        """A sentence that opens on a superlative or a place: ``The cheapest is C``."""
        if self._superlative(at) is not None:
            self._superlative_first(at)
        elif low in langs.RANK_WORDS and not self._narrowed_but_ordinals():
            self._place_first(at, *langs.RANK_WORDS[low], at + 1)  # "Die zweitgünstigste ist C"

    def _centre(self, at: int) -> None:
        """``The median is 437 kr``, ``the average monthly price works out at about 27.17``:
        the mean or the median of every price, to the decimals stated (hedged: within the
        hedge's tolerance); not the mean of some (``of the cheapest three``)."""
        if self.narrowed or self.negated_anywhere or self.low(at - 1) not in _CENTRE_BEFORE:
            return  # "The three cheapest average 121.27": a verb, of some offers
        k = at - 1
        while k >= 0 and self.low(k) not in (".", ";", ":", ",", "(", "-"):
            if self.low(k) in lx.SUBSET_WORDS or self.kind(k) in ("off", "num"):
                return  # "the cheapest three's average", "a and b's mean"
            k -= 1
        median = self.low(at) in _MEDIANS
        j, hedged = at + 1, False
        while j < min(len(self.units), at + 8) and self.kind(j) != "num":
            if self.low(j) in lx.HEDGES:
                hedged = True
            elif self.low(j) not in _CENTRE_FILL:
                return
            j += 1
        unit = self.units[j] if j < len(self.units) else None
        if unit is None or unit.tok is None or not self.money(unit):
            return
        tok = unit.tok
        stated = [(r.value, r.places, Decimal(12 if p == "year" else 1))
                  for r, p in self.amount_readings(tok)]  # fmt: skip

        def test(table: Table) -> bool | None:
            values = sorted(r.value for r in table.priced() if r.value is not None)
            if not values:
                return None
            half = len(values) // 2
            centre = (
                (values[half] if len(values) % 2 else (values[half - 1] + values[half]) / 2)
                if median
                else sum(values, Decimal(0)) / len(values)
            )
            return any(
                abs(centre * factor - value) <= value * hedge_tolerance(value)
                if hedged
                else round_to(centre * factor, places) == value
                for value, places, factor in stated
            )

        word = "median" if median else "mean"
        self.add(f"the {word} price is {'about ' if hedged else ''}{tok.text}", test, at, j + 1,
                 exact=len(stated) == 1, certain=not hedged)  # fmt: skip

    def _gap_and_choice_forms(self, at: int, low: str) -> None:
        """The forms that start at a price, gap or choice word: ``prices start at 85``,
        ``the difference between C and B``, ``Choosing B instead of A``, ``Switching``."""
        if low in ("start", "starts", "starting") and self.low(at + 1) in ("at", "from"):
            if (
                self.kind(at + 2) == "num"
                and self.money(self.units[at + 2])
                and not any(self.kind(k) == "off" or self.low(k) in _GROUPS for k in range(at))
            ):  # not "The premium tier (A and B) starts at 540": the lowest of those
                self._extreme_price(at, at + 2, "cheap")  # "prices start at 85"
        elif (
            low in ("saving", "savings") and self.low(at + 1) == "of" and self.kind(at + 2) == "off"
        ):
            self._saving_of(at)  # "The annual saving of A over B is 918"
        elif (
            low in ("difference", "gap", "spread", "delta") and self.low(at + 1) == "between"
        ) or (low in _FOREIGN_DIFFERENCE and self.low(at + 1) in _FOREIGN_BETWEEN):
            if self.kind(at + 2) == "off":
                self._gap_between(at)
            else:
                self._spread(at)  # "the spread between the cheapest and the priciest is 30"
        elif low in ("spread", "gap", "difference") and self.low(at + 1) == "from":
            self._spread(at)  # "the spread from cheapest to dearest is 30"
        elif low in langs.RESPECTIVELY:
            self._respective_places(at)  # "SiteGround and Bluehost ... third and fourth
            # respectively"
        elif low == "apart" or (low in ("differ", "separated") and self.low(at + 1) == "by"):
            self._ends_apart(at)  # "the cheapest and the dearest are 9.50 apart"
        elif low == "spread" and self.low(at - 1) in ("the", "price", "pricing"):
            self._spread(at)  # "the price spread is 30"
        elif low in ("difference", "gap") and self.low(at - 1) == "a" and self.low(at + 1) == "of":
            self._gap_of_pair(at - 1, at + 2)  # "..., a difference of 30"
        elif low in ("difference", "gap", "spread", "delta", "step", "jump"):
            self._gap_to(at)  # "the gap to B is 4", "the step from A to B is $7.84"
        elif low in ("going", "opting", "sticking") and self.low(at + 1) in ("with", "for"):
            self._instead(at + 1)
        elif low in ("choosing", "picking", "selecting", "taking") and self.kind(at + 1) == "off":
            self._instead(at)
        elif low == "switching" or (low in _SWITCHING and self._from_next(at)):
            self._switching(at)
        elif low in langs.STARTS:
            self._other_language(at)  # "spart B gegenüber C 120 €", "Von günstig nach teuer:"

    def _respective_places(self, at: int) -> None:
        """``A and B are third and fourth respectively``, ``A and B take the remaining two
        places, fourth and third respectively``: the k-th place is the k-th opening
        subject's."""
        places: list[int] = []
        k = at - 1 - (self.low(at - 1) == ",")
        while self.low(k) in ORDINALS:
            places.insert(0, ORDINALS[self.low(k)])
            if self.low(k - 1) not in (",", "and"):
                break
            k -= 2
        subjects: list[Unit] = []
        j = 0
        while self.kind(j) == "off":
            subjects.append(self.units[j])
            if self.low(j + 1) not in (",", "and"):
                break
            j += 2
        if len(places) < 2 or len(subjects) != len(places) or self.negated_anywhere:
            return
        claims: list[Claim] = [
            Rank(id="prose", offer=s.offer or "", position=p)
            for s, p in zip(subjects, places, strict=True)
        ]
        self.add("each is at its place, respectively", _claim_test(*claims), 0, at + 1,
                 exact=all(s.exact for s in subjects))  # fmt: skip

    def _no_such_offer(self, at: int) -> None:
        """``Offer D is cheaper``: no record has that name."""
        name = self.units[at + 1].tok
        known = ", ".join(r.id for r in self.table.records)
        self.add(f"there is no offer {name.text if name else '?'!r} (offers: {known})",
                 lambda table: False, at, at + 2, exact=True)  # fmt: skip

    def _unknown_name(self, at: int) -> bool:
        """``offer ZZ9``, ``Offer D``: an id-like name that no record has."""
        tok = self.units[at].tok if self.kind(at) == "w" else None
        if tok is None or len(self.units[at].idx) != 1:
            return False
        if tok.kind == "code":
            low = tok.text.lower()
            if len(low) >= 4 and any(r.id.lower().startswith(low) for r in self.table.records):
                return False  # "offer 3f2a9c1e…": the start of a long id
            if any(low in a.lower() for r in self.table.records for a in r.aliases):
                return False  # "offer O2-7731" of the source "o2business.de offer O2-7731"
            return any(c.isalpha() for c in tok.text) and any(c.isdigit() for c in tok.text)
        return (
            tok.kind == "word"
            and len(tok.text) == 1
            and tok.text.isupper()
            and tok.text not in ("A", "I")
        )

    def _counted_by_verb(self, at: int) -> bool:
        """A verb of counting the records before the count at ``at`` (``We compared six``,
        ``I looked at six``)."""
        before, before2 = self.low(at - 1), self.low(at - 2)
        return (
            before in _COUNTING
            or (before == "at" and before2 in ("looked", "look", "looking"))
            or (before in ("got", "have") and before2 in _WE)  # "You've got 3 options"
            or (before in ("me", "us") and before2 in ("sent", "gave", "forwarded"))
        )

    def _number_free_forms(self, at: int) -> None:
        """The forms starting at an amount or a count."""
        self._number_forms(at)  # "two of the four offers tie at 30", "two thirds of"
        if self.low(at + 1) == "apart":
            self._gap_of_pair(at, at)  # "C and A are 10 apart"
        self._amount_between_ends(at)  # "That's roughly 60 between the cheapest and ..."
        self._reverse_price(at)  # also "from 45 (A) to 60 (B)"
        before, before2 = self.low(at - 1), self.low(at - 2)
        counted = (
            (before == "all" and self.low(at + 1) in lx.OFFER_NOUNS)  # not "All three are ..."
            or (
                before == "the"
                and before2 in ("of", "among", "across", "between", "comparing", "compared")
                and not self._qualified_count(at)
            )
            or (
                before in ("are", "were")
                and before2 == "there"
                and (
                    self.low(at + 1) in lx.OFFER_NOUNS
                    or (  # "There are five insurance quotes": one word naming their kind
                        self.kind(at + 1) == "w"
                        and self.low(at + 1) not in lx.SUBSET_WORDS
                        and self.low(at + 2) in lx.OFFER_NOUNS
                    )
                )
            )
            or (
                self._counted_by_verb(at)
                and self._noun_end(at + 1) is not None
                and self.low(self._noun_end(at + 1) or 0) not in _QUALIFIERS
            )  # not "I compared 3 plans under $35": those three
        )
        named = self._counted_by_verb(at) or at == 0
        end = self._noun_end(at + 1) if at == 0 else None
        initial = end is not None and (
            self.low(end) == ":"
            or (self.low(end) in ("were", "are", "have") and self.low(end + 1) in _RECEIVED)
            or (
                self.low(end) in _RESPONDED
                and self.low(end + 1) in _AFTER_RESPONDED
                and not self._bounded_after(end)
            )
        )  # "Three offers were received", "Four vendors responded", not "Two offers are
        # cheaper than silver", "Two suppliers bid under 40"
        if counted or initial:
            self._count(at, max(at - 1, 0), named=named)
        elif (
            self.low(at + 1) in lx.OFFER_NOUNS
            or self._of_the_offers(at + 1)
            or self._of_the_others(at + 1) is not None
            or (
                (at <= 1 or self._after_whole_opener(at))
                and self.low(at + 1) in ("come", "cost", "are", "sit", "fall")
            )
        ):
            self._some_offers(at)  # "two offers cost more than 40", "Three come in under 50"

    def _bounded_after(self, k: int) -> bool:
        """A comparison or an amount after ``k``: the count is of those beyond it."""
        return any(
            self.low(j) in lx.COMPARISON or self.low(j) in _QUALIFIERS or self.kind(j) == "num"
            for j in range(k, len(self.units))
        )

    def _noun_end(self, k: int) -> int | None:
        """After a noun of the records at ``k``, or after one word naming their kind and
        then that noun (``courier contracts``, ``digital subscriptions``); else None."""
        if self.low(k) in _COUNTED:
            return k + 1
        for words in (1, 2):  # "courier contracts", "music streaming services"
            if (
                all(
                    self.kind(j) == "w"
                    and self.low(j) not in lx.SUBSET_WORDS
                    and self.low(j) not in lx.COMPARISON
                    and self.low(j) not in _COUNTED
                    for j in range(k, k + words)
                )
                and self.low(k + words) in _COUNTED
            ):
                return k + words + 1
        return None

    def _qualified_count(self, at: int) -> bool:
        """``of the three non-starter plans``, ``of the two remaining offers``: a count of
        some records, not of all of them."""
        return self.low(at + 1) in lx.SUBSET_WORDS

    def _reverse_price(self, at: int) -> None:
        """``120 for A``, ``120 € pour A``: the amount, then the record."""
        unit = self.units[at]
        if not self.money(unit) or unit.tok is None:
            return
        self._labelled_price(at)
        name = at + 2 + (self.low(at + 2) in _FOR_ARTICLES)  # "29,90 € für die Johanniter"
        if self.low(at + 1) not in ("for", "pour", "für", "para") or self.kind(name) != "off":
            return
        if self.low(at - 1) in ("than", "by", "of", "saves", "save", "more", "less"):
            return
        if any(u.low in _SCORING for u in self.units):
            return  # "A scored 78 against 74 for B": a score, not B's price
        hedge = self.low(at - 1) if self.low(at - 1) in lx.HEDGES else None
        self._price(self.units[name], unit.tok, at - (hedge is not None), name + 1, hedge)

    def _labelled_price(self, at: int) -> None:
        """``from 45 (A) to 60 (B)``, ``Prices: 45 (A), 50 (C)``: an amount labelled with
        the record it is the price of (not after ``than``, ``by``, ``saves``: a gap)."""
        unit = self.units[at]
        if not self.money(unit) or unit.tok is None:
            return
        if (self.low(at + 1), self.kind(at + 2), self.low(at + 3)) != ("(", "off", ")"):
            return
        if self.low(at - 1) in ("than", "by", "of", "saves", "save", "more", "less", "gap",
                                "difference") or self.low(at + 4) in lx.AMOUNT_CMP:  # fmt: skip
            return
        self._price(self.units[at + 2], unit.tok, at, at + 4)

    def _leading_at(self, at: int) -> None:
        """``At 1,180 per month, offer-18 costs less than ...``: the price of what follows."""
        unit = self.units[at + 1]
        if not self.money(unit) or unit.tok is None or at not in (0, 1):
            return
        if at == 1 and self.kind(0) == "off":
            return  # "bravo at $35.00, victor at $40.00": bravo's price, read as its own
        j = at + 2
        if self.low(j) == ",":
            j += 1
        if self.low(at) in langs.LEADING_AT and self.low(j) in langs.LEADING_VERBS:
            j += 1
        if (
            self.kind(j) == "off"
            and self.kind(j + 1) != "off"
            and self.low(j + 1) not in ("and", ",")
        ):
            self._price(self.units[j], unit.tok, at, j + 1)
            self.covered.discard(j)  # the record is still the subject of what follows

    def _gap_between(self, at: int) -> None:
        """``the difference between C and B is 20 (a month)``: the absolute gap."""
        j = at + 2
        if self.kind(j) != "off" or self.low(j + 1) != "and" or self.kind(j + 2) != "off":
            return
        x, y = self.units[j].offer or "", self.units[j + 2].offer or ""
        unit, k = self._stated_amount(j + 3)
        if unit is None or unit.tok is None:
            return
        tests = [_gap_test(x, y, reading.value, period)
                 for reading, period in self._head_readings(at, unit.tok)]  # fmt: skip
        self.add(f"{x} and {y} differ by {unit.tok.text}", _any_of(tests), self._head_start(at),
                 k + 1, exact=self.units[j].exact and self.units[j + 2].exact)  # fmt: skip

    def _head_start(self, at: int) -> int:
        """Where a head word's statement starts: at its period adjective, if any."""
        return at - 1 if self.low(at - 1) in ("annual", "yearly", "monthly") else at

    def _neither_end(self, at: int) -> None:
        """``C is neither the cheapest nor the most expensive (of the three)``: C is at
        neither end of the ranking (read only when the sentence ends there)."""
        j = at + 1 + (self.low(at + 1) in _THE)
        first = self._superlative(j)
        if first is None or self.low(first[1]) not in _NOR:
            return
        j = first[1] + 1 + (self.low(first[1] + 1) in _THE)
        second = self._superlative(j)
        if second is None or {first[0], second[0]} != {"cheap", "dear"}:
            return
        end = second[1]
        if self.low(end) == "of":
            end = self._count_after(end)
        end = self._whole_field(end)  # "né la più cara delle tre"
        if self.low(end) not in ("", ".", "!", ";"):
            return
        start = self._neither_subject(at)
        assert start is not None
        subject = self.units[start]
        offer = subject.offer or ""
        cheapest, dearest = (
            Cheapest(id="prose", offer=offer),
            MostExpensive(id="prose", offer=offer),
        )
        test = _all_of([_claim_test(cheapest, negated=True), _claim_test(dearest, negated=True)])
        self.add(f"{offer} is neither the cheapest nor the most expensive", test, start, end,
                 exact=subject.exact)  # fmt: skip

    def _whole_field(self, end: int) -> int:
        """The end of ``de las tres``, ``des trois``, ``delle quattro``, ``der drei``, ``du
        comparatif``, ``im Feld`` after a superlative: every record, no restriction."""
        if self.low(end) not in _FIELD_OF:
            return end
        k = end + 1
        while self.low(k) in _FIELD_ARTICLES:
            k += 1
        word = self.low(k)
        if langs.COUNT_WORDS.get(word) == len(self.table.records) or word in langs.FIELD_NOUNS:
            return k + 1
        return end

    def _neither_subject(self, at: int) -> int | None:
        """The record before ``is neither``, ``non è né``, ``no es ni``: its unit index."""
        k = at - 1
        if self.low(k) not in _NEITHER_VERBS:
            return None
        k -= 1
        if self.low(k) in ("non", "no", "não", "nicht", "niet"):
            k -= 1
        return k if k >= 0 and self.kind(k) == "off" else None

    def _stated_amount(self, k: int) -> tuple[Unit | None, int]:
        """The money amount a gap or saving ``is`` (``is just 20``, ``comes to 20``) from
        ``k`` on, and its index; None when there is none, or when it has no period of its
        own in a sentence over another period (``Even over two years the gap ... is 720``:
        the term's gap, for the audit)."""
        while self.low(k) in ("is", "of", "comes", "to", "amounts", "just", "only", "exactly",
                              "a", "per", "monthly", "month", ":", "="):  # fmt: skip
            k += 1
        unit = self.units[k] if k < len(self.units) else None
        if unit is None or not self.money(unit) or unit.tok is None or unit.tok.pct:
            return None, k
        if unit.tok.period is None and self.other_context:
            return None, k
        return unit, k

    def _head_readings(self, at: int, tok: Tok) -> list[tuple[Amount, Period]]:
        """The readings of an amount a head word at ``at`` states: its period from an
        adjective before the head (``the annual saving``, ``the yearly difference``)."""
        readings = self.amount_readings(tok)
        adjective = self.low(at - 1)
        if tok.period is None and adjective in ("annual", "yearly", "monthly"):
            period: Period = "month" if adjective == "monthly" else "year"
            return list(dict.fromkeys((amount, period) for amount, _ in readings))
        return readings

    def _saving_of(self, at: int) -> None:
        """``The annual saving of A over B is 918``: A is that much cheaper than B."""
        j = at + 2
        if self.low(j + 1) not in ("over", "versus", "vs", "against") or self.kind(j + 2) != "off":
            return
        x, y = self.units[j].offer or "", self.units[j + 2].offer or ""
        unit, k = self._stated_amount(j + 3)
        if unit is None or unit.tok is None:
            return
        claims = [Difference(id="prose", offer=x, than=y, direction="cheaper", amount=amount,
                             unit="amount", period=period)
                  for amount, period in self._head_readings(at, unit.tok)]  # fmt: skip
        self.add(f"{x} is cheaper than {y} by {unit.tok.text}",
                 _any_of([_claim_test(c) for c in claims]), self._head_start(at), k + 1,
                 exact=self.units[j].exact and self.units[j + 2].exact)  # fmt: skip

    def _instead(self, at: int) -> None:
        """``Choosing B instead of A saves 300 per year``: B is that much cheaper than A."""
        j = at + 2
        if (self.low(j), self.low(j + 1)) in (("instead", "of"), ("rather", "than")):
            j += 2
        elif self.low(j) == "over":
            j += 1
        else:
            return
        if self.kind(j) != "off" or self.low(j + 1) not in ("saves", "save"):
            return
        k, hedge = self._hedged(j + 2)  # "saves roughly A$300"
        tok = self.units[k].tok if self.kind(k) == "num" else None
        if tok is None:
            return
        x, y = self.units[at + 1], self.units[j]
        end, period = self._periods(k + 1, tok.period)
        test = self._difference_test(x.offer or "", y.offer or "", "cheaper", amount=tok,
                                     share=None, hedge=hedge, period=period)  # fmt: skip
        self.add(f"{x.offer} saves {tok.text} over {y.offer}", test, at, end,
                 exact=x.exact and y.exact, certain=hedge is None)  # fmt: skip

    def _hedged(self, j: int) -> tuple[int, str | None]:
        """Past a hedge before an amount (``roughly 300``): where the amount is, the hedge."""
        if self.low(j) in lx.HEDGES and self.kind(j + 1) == "num":
            return j + 1, self.low(j)
        return j, None

    def _from_next(self, at: int) -> bool:
        """``from`` follows ``at`` (alone, or led into the record's name: ``from B``)."""
        if self.low(at + 1) == "from":
            return True
        nxt = self.units[at + 1] if at + 1 < len(self.units) else None
        return nxt is not None and nxt.kind == "off" and self.toks[nxt.idx[0]].low == "from"

    def _switching(self, at: int) -> None:
        """``Switching from Plus to Basic saves 12 a month``, ``Moving from A to B, on the
        other hand, would cost an extra 36 a year``: the gap the move makes."""
        k = at + 2 if self.low(at + 1) == "from" else at + 1
        if self.kind(k) != "off" or self.low(k + 1) != "to" or self.kind(k + 2) != "off":
            return
        y, x = self.units[k], self.units[k + 2]
        j = k + 3
        if self.low(j) == ",":  # "..., on the other hand, would ..."
            close = next((c for c in range(j + 1, j + 7) if self.low(c) == ","), None)
            j = j if close is None else close + 1
        j += self.low(j) in ("would", "will")  # the move's consequence, not a guess
        verb = self.low(j)
        j += 1
        if verb in ("costs", "cost", "adds", "add") and self.low(j) in ("an", "extra"):
            j += 1 + (self.low(j) == "an" and self.low(j + 1) == "extra")
        direction = "cheaper" if verb in ("saves", "save") else "more_expensive"
        if verb not in ("saves", "save", "costs", "cost", "adds", "add") or self.kind(j) != "num":
            return
        tok = self.units[j].tok
        if tok is None:
            return
        end, period = self._periods(j + 1, tok.period)
        if direction == "more_expensive" and self.low(j - 1) not in ("extra", "add", "adds"):
            if self.low(end) != "more":
                return  # "costs 87 a month": a price, read elsewhere
            end, period = self._periods(end + 1, period)
        test = self._difference_test(
            x.offer or "",
            y.offer or "",
            direction,
            amount=tok,
            share=None,
            hedge=None,
            period=period,
        )
        word = "saves" if direction == "cheaper" else "costs more by"
        self.add(f"{x.offer} {word} {tok.text} against {y.offer}", test, at, end,
                 exact=x.exact and y.exact, certain=True)  # fmt: skip

    def _compared_record_before(self, back: int, j: int) -> bool:
        """A superlative between commas right after a record compared with (``Compared
        with WeWork, the most expensive option, ...``): that record's appositive."""
        return (
            self.low(j) == ","
            and self.low(back) == ","
            and self.kind(back - 1) == "off"
            and self.low(back - 2) in ("with", "to", "against", "versus", "vs", "than")
        )

    def _superlative_first(self, at: int) -> None:
        """``The cheapest offer, B, costs 90``, ``the best price is Plus``, ``Winner: B``"""
        if self.low(at - 1) in (
            "than",
            "to",
            "with",
            "vs",
            "versus",
            "of",
            "from",
            "after",
        ) or self.low(at - 2) in ("than", "to", "with", "vs", "versus", "after"):
            return
        sup = self._superlative(at)
        if sup is None or self.low(at) in ("wins", "bottom") or self._narrowed_but_ordinals():
            return
        back = at - 1
        if self.low(back) == "-" and self.low(back - 1) in ORDINALS:
            back -= 1  # "the second-cheapest option is C"
        if self.low(back) in lx.OFFER_NOUNS and self.low(back - 1) in langs.ORDINALS:
            back -= 1  # "La segunda opción más barata es C"
        if self.low(back) in ORDINALS or self.low(back) in langs.ORDINALS:
            self._rank_first(back, sup)  # "The second cheapest option is C", "La seconda ..."
            return
        if self.low(back) == "-" or self.narrowed:
            return
        while self.low(back) in ("the", "la", "le", "el", "das", "der", "die") or (
            self.low(back) in langs.SUP_BACK and self.kind(back) == "w"
        ):  # "La oferta más barata es B", "Am günstigsten ist B"
            back -= 1
        if back >= 0 and self.low(back) not in (
            ",",
            "while",
            "whereas",
            "but",
            "and",
            ":",
            "(",
            "-",
            "so",
            "thus",
            "therefore",
        ):
            return  # "X is the cheapest": a predicate, read from X
        if any(
            self.low(k) in ("between", "difference", "spread", "gap", "range", "than", "from")
            for k in range(max(0, at - 8), at)
        ):
            return  # "the spread between the cheapest and the most expensive is 10.25"
        kind, j = sup
        j = self._past_filler(j)  # "The lowest-cost option here is North"
        price = j
        while self.low(price) in ("costs", "cost", "is", "comes", "in", "at", "priced", "sits") or (
            self.low(price) in _LEADING_VERBS
        ):
            price += 1
        if price > j and self.kind(price) == "num" and self.money(self.units[price]):
            self._extreme_price(at, price, kind)
            return
        if self._compared_record_before(back, j):
            return  # "Compared with WeWork, the most expensive option, Spaces saves": WeWork's
        if self.low(j) in ("is", ":", "=", ",", "es", "est", "ist", "-") or (
            self.low(j) in langs.SUP_VERBS
        ):
            j += 1
        elif self.low(at) in _FINNISH_SUP and self.low(j - 1) == "on":
            pass  # "Kallein on X": "on" is "is"
        elif self.low(j) in ("belongs", "goes") and self.low(j + 1) == "to":
            j += 2
        elif self.low(j) in ("comes", "came") and self._from_next(j):
            j += 1  # "The lowest quote comes from C"
        elif self.kind(j) != "off" or self.low(back) != ",":
            return  # (", the most expensive Telekom L at 39.95": that name's, read below)
        neg = self.low(j) in ("not", "nicht", "pas", "no")  # "the cheapest is not B"
        j += 1 if neg else 0
        while self.low(j) in ("offer", "option", "plan", "the") or (
            self.low(j) in langs.SUP_BACK and self.kind(j) == "w"
        ):
            j += 1
        if self.kind(j) != "off" or self.kind(j + 1) == "off":
            return
        if self.low(j + 1) in ("and", "or") and self.low(j + 2) not in _NEW_CLAUSE:
            return  # "The cheapest are A and B": a group, not "and the dearest is C"
        subject = self.units[j]
        claim: Claim = (
            Cheapest(id="prose", offer=subject.offer or "")
            if kind == "cheap"
            else MostExpensive(id="prose", offer=subject.offer or "")
        )
        word = "the cheapest" if kind == "cheap" else "the most expensive"
        test = _claim_test(claim, negated=neg)
        end = j + 1
        if self.low(end) in _ALONE and not neg:  # "Lowest price: q-13 alone": no tie
            test, word, end = strictly(subject.offer or "", kind), f"strictly {word}", end + 1
        self.add(f"{subject.offer} is {'not ' if neg else ''}{word}", test, at, end,
                 exact=subject.exact)  # fmt: skip
        self.covered.discard(j)  # "The cheapest is B, at 95": B's own predicates follow

    def _place_or_band(self, at: int) -> None:
        if self.low(at) in langs.PLACE_NOUNS:
            self._foreign_place(at)
        elif self.low(at - 1) in ("", "-"):
            self._labelled_bound(at)

    def _foreign_place(self, at: int) -> None:
        """``B landet auf Platz 2``, ``B è al secondo posto``, ``B arrive en deuxième
        position``, ``B kommer på tredje plats``: the one record the sentence names before
        is at that place by price, counted from the cheapest."""
        if self.low(at - 1) in ORDINALS:
            return  # "in second position": the English form reads it
        tok = self.units[at + 1].tok if self.kind(at + 1) == "num" else None
        position = langs.PLACE_ORDINALS.get(self.low(at - 1))
        if position is None and tok is not None and len(tok.values) == 1 and not tok.money:
            position = int(tok.values[0])
        opens = max((k + 1 for k in range(at) if self.low(k) in _CLAUSE_BREAKS), default=0)
        named = {u.offer for u in self.units[opens:at] if u.kind == "off"}  # this clause's:
        subject = next((k for k in range(opens, at) if self.kind(k) == "off"), None)
        if position is None or subject is None or len(named) != 1 or self.negated_anywhere:
            return
        if not 1 <= position <= len(self.table.records) or any(
            (self.low(k), self.low(k + 1)) in langs.TIE_PAIRS for k in range(opens, at)
        ):  # "A und B teilen sich den ersten Platz": the tie's place, read with the tie
            return
        unit = self.units[subject]
        claim = Rank(id="prose", offer=unit.offer or "", position=position)
        end = at + 2 if tok is not None and position == int(tok.values[0]) else at + 1
        self.add(f"{unit.offer} is number {position} by price", _claim_test(claim), subject,
                 end, exact=unit.exact)  # fmt: skip

    def _middle_first(self, at: int) -> None:
        """``The mid-priced option is C``, ``the middle one is C``: with an odd number of
        records, C is at the middle place by price."""
        j = at + 1
        if self.low(at) == "mid":
            if self.low(j) != "-" or self.low(j + 1) not in ("priced", "range", "tier"):
                return
            j += 2
        j = self._past_filler(j)
        if (self.low(j), self.low(j + 1)) == ("of", "the") and self.low(j + 2) in _PACKS:
            j += 3  # "The middle of the pack is C"
        if self.low(j) not in ("is", ":", "=", "-") and self.low(j) not in langs.SUP_VERBS:
            return
        j += 1
        n = len(self.table.records)
        if self.kind(j) != "off" or self.kind(j + 1) == "off" or n % 2 == 0 or n < 3:
            return
        subject = self.units[j]
        claim = Rank(id="prose", offer=subject.offer or "", position=(n + 1) // 2)
        self.add(f"{subject.offer} is number {(n + 1) // 2} by price", _claim_test(claim),
                 at - 1, j + 1, exact=subject.exact)  # fmt: skip
        self.covered.discard(j)

    def _runner_up_first(self, at: int) -> None:
        """``The runner-up is C``, ``The runner-up, C, ...``, ``Runner-up: C``: C is second
        by price."""
        if self.narrowed or (self.low(at - 1) == "the" and self.low(at - 2) not in ("", ";", ":")):
            return  # not "A, the runner-up,"
        j = at + 3
        if self.low(j) in (",", "is", ":", "-", "("):
            j += 1
        if self.kind(j) != "off" or self.kind(j + 1) == "off":
            return
        if self.low(j + 1) in ("and", "or") and self.low(j + 2) not in _NEW_CLAUSE:
            return  # "The cheapest are A and B": a group, not "and the dearest is C"
        subject = self.units[j]
        claim = Rank(id="prose", offer=subject.offer or "", position=2)
        start = at - 1 if self.low(at - 1) == "the" else at
        self.add(f"{subject.offer} is number 2 by price", _claim_test(claim), start, j + 1,
                 exact=subject.exact)  # fmt: skip
        self.covered.discard(j)  # "The runner-up, C, is 9.96 above the leader": C's own

    def _in_place_is(self, at: int) -> None:
        """``In second place is D``, ``In third place comes C``, ``In last place, A``: the
        record's place by price, from the cheapest; read at the start of a clause."""
        if self.low(at - 2) not in ("", ",", ";", ":", "and", "while"):
            return
        j = at + 2
        if self.low(j) in ("is", "comes", "sits", "stands", "lands", ":", "-", ","):
            j += 1
        if self.kind(j) != "off" or self.kind(j + 1) == "off" or self.low(j + 1) in ("and", "or"):
            return
        n = len(self.table.records)
        position = n if self.low(at) == "last" else ORDINALS[self.low(at)]
        if not 1 <= position <= n:
            return
        subject = self.units[j]
        claim = Rank(id="prose", offer=subject.offer or "", position=position)
        self.add(f"{subject.offer} is number {position} by price", _claim_test(claim), at - 1,
                 j + 1, exact=subject.exact)  # fmt: skip
        self.covered.discard(j)  # "In second place is D at 110.00": D's price follows

    def _place_goes_to(self, at: int) -> None:
        """``First place goes to B`` (the cheapest), ``Last place goes to A``, ``last spot:
        A`` (the most expensive), ``Fourth place goes to C and last place to D``: read only
        at the start of a sentence or clause."""
        if self.low(at - 1) not in ("", ",", ";", ":", "and", "the", "while"):
            return
        j = at + 2
        if (self.low(j), self.low(j + 1)) in (("goes", "to"), ("belongs", "to")):
            j += 2
        elif self.low(j) in ("is", ":", "-") or (self.low(j) == "to" and self.low(at - 1) == "and"):
            j += 1  # "... and last place to D"
        else:
            return
        then = self.low(j + 1) == "and" and self.low(j + 3) in ("place", "spot", "position")
        if (
            self.kind(j) != "off"
            or self.kind(j + 1) == "off"
            or (self.low(j + 1) in ("and", "or") and not then)
        ):
            return
        subject = self.units[j]
        offer = subject.offer or ""
        low = self.low(at)
        claim: Claim
        if low == "first":
            claim, word = Cheapest(id="prose", offer=offer), "the cheapest"
        elif low == "last":
            claim, word = MostExpensive(id="prose", offer=offer), "the most expensive"
        else:
            claim, word = (
                Rank(id="prose", offer=offer, position=ORDINALS[low]),
                f"number {ORDINALS[low]} by price",
            )
        self.add(f"{offer} is {word}", _claim_test(claim), at, j + 1, exact=subject.exact)
        self.covered.discard(j)  # "Last place goes to A at 34.99": A's price follows

    def _past_filler(self, j: int) -> int:
        """After ``the cheapest (offer)``: ``here``, ``overall``, ``of all``, ``by price``."""
        while True:
            if self.low(j) in _SUP_FILLER:
                j += 1
            elif (self.low(j), self.low(j + 1)) in (("of", "all"), ("by", "price"),
                                                    ("on", "price")):  # fmt: skip
                j += 2
            else:
                return j

    def _narrowed_but_ordinals(self) -> bool:
        """The sentence narrows its superlative by more than an ordinal (``la segunda``)."""
        if not self.narrowed:
            return False
        words = {u.low for u in self.units if u.kind == "w"}
        return bool(words & (lx.NARROWING - set(langs.ORDINALS) - set(langs.RANK_WORDS))) or bool(
            restricted_opening(self.toks)
        )

    def _rank_first(self, at: int, sup: tuple[str, int]) -> None:
        """``The second cheapest option is C``, ``the third most expensive offer is A``:
        C's place by price (equal prices in input order)."""
        place = ORDINALS.get(self.low(at)) or langs.ORDINALS[self.low(at)]
        self._place_first(at, place, *sup)

    def _place_first(self, at: int, place: int, kind: str, j: int) -> None:
        """``<article> <place words from at to j> is C``: C's place by price, from the
        cheapest (``kind`` cheap) or the dearest."""
        if self.low(at - 1) not in _ARTICLES or self.low(at - 2) not in ("", ",", ":", "and"):
            return
        j = self._past_filler(j)
        if self.low(j) not in ("is", ":", "=", "-") and self.low(j) not in langs.SUP_VERBS:
            return
        j += 1
        j += self.low(j) in _ARTICLES and self.kind(j + 1) == "off"  # "... é a Guerin"
        if self.kind(j) != "off" or self.kind(j + 1) == "off" or self.low(j + 1) in ("and", "or"):
            return
        n = len(self.table.records)
        if not 1 <= place <= n:
            return
        position = place if kind == "cheap" else n + 1 - place
        subject = self.units[j]
        claim = Rank(id="prose", offer=subject.offer or "", position=position)
        self.add(f"{subject.offer} is number {position} by price", _claim_test(claim), at - 1,
                 j + 1, exact=subject.exact)  # fmt: skip
        self.covered.discard(j)


_ARTICLES = {"the", "", "la", "le", "el", "il", "lo", "der", "die", "das", "de", "het", "a", "o"}
_RECEIVED = {"received", "compared", "submitted", "available", "considered", "reviewed",
             "evaluated", "listed", "provided", "included", "supplied", "on", "in", "here",
             "being", "", ".", ":"}  # fmt: skip
_SUP_FILLER = {"offer", "option", "plan", "deal", "one", "choice", "here", "overall", "today",
               "outright"}  # fmt: skip
_RELATIVE = {"followed", "then", "than", "undercuts", "undercut", "beats", "beat", "one",
             "double", "twice", "half"}  # fmt: skip
_COUNTED = frozenset(lx.OFFER_NOUNS | {"subscriptions", "memberships", "bundles", "leases",
                                         "insurers", "couriers", "carriers", "lenders",
                                         "gyms"})  # fmt: skip
"""Nouns a count of the records compared may name (``four digital subscriptions``)."""
_COUNTING = {"compared", "reviewed", "analysed", "analyzed", "evaluated", "received",
             "considered", "examined", "assessed", "checked", "shortlisted", "gathered",
             "collected", "weighed", "surveyed", "listed", "found", "obtained", "sourced",
             "pulled", "requested"}  # fmt: skip
"""``We compared six offers``: the number after one of these counts the records."""
_RESPONDED = frozenset({"responded", "replied", "bid", "tendered", "quoted", "applied",
                        "submitted", "came", "returned"})  # fmt: skip
"""Verbs after a counted noun opening the sentence: ``Four vendors responded``."""
_AFTER_RESPONDED = frozenset(
    {
        "",
        ".",
        "to",
        "in",
        "by",
        "with",
        "back",
        "on",
        "for",
        ":",
        "quotes",
        "bids",
        "prices",
        "offers",
        "proposals",
        "tenders",
    }
)
"""What may follow such a verb in a count of every record (not ``responded late``)."""
_SCORING = frozenset({"scored", "scores", "score", "scoring", "points", "marks", "rated"})
_LABEL_MARKS = frozenset({"-", "\u2013", "\u2014", ":", "(", ",", "="})
_WE = frozenset({"i", "we", "you", "they", "i've", "we've", "you've", "they've"})
"""Who has or got the records counted (``You've got 3 options``; not ``B has 3 plans``)."""
_QUALIFIERS = frozenset(
    {
        "under",
        "below",
        "over",
        "above",
        "cheaper",
        "dearer",
        "less",
        "more",
        "with",
        "without",
        "that",
        "which",
        "who",
        "offering",
        "including",
        "priced",
        "costing",
        "at",
    }
)
"""After a counted noun, words that make it some of the records (``3 plans under $35``)."""


# Unions the readers test words against, made once at import (the word sets never change).
_LEADING_VERBS = frozenset(langs.LEADING_VERBS | {"bei"})

_MEDIANS = frozenset({"median", "médiane", "mediana", "mediaan", "medianen"})
_CENTRES = _MEDIANS | {"average", "mean", "avg", "durchschnitt", "moyenne", "promedio",
                       "gemiddelde"}  # fmt: skip
_CENTRE_FILL = frozenset({"price", "prices", "monthly", "is", "of", "comes", "to", "at", "sits",
                          "works", "out", "the", "all", "offers", "plans", "options", "quotes",
                          "across", ":", "=", "lies", "cost", "costs", "per", "month", "a",
                          "liegt", "bei", "beträgt", "ist", "est", "es", "è", "de", "du",
                          "prix", "preis", "precio", "mensuel", "mensual", "stands",
                          "lands", "falls", "-", "(", "here", "overall", "fee", "fees",
                          "figure", "rate", "just"})  # fmt: skip
"""Words between ``the median``/``the average`` and its amount."""
_CENTRE_BEFORE = frozenset({"", "the", "an", "a", ":", "-", "(", ",", "overall", "monthly",
                            "simple", "plain", "arithmetic", "le", "la", "el", "der", "die",
                            "das", "il", "de", "het", "and", "with", "whose", "its"})  # fmt: skip
"""What may come right before ``average``/``median`` used as a noun."""
_PACKS = frozenset({"pack", "field", "range", "group", "list", "ranking", "table", "bunch"})
"""``the middle of the pack``: the middle place among every offer."""
_ALONE = frozenset({"alone", "outright", "uniquely", "solely", "only"})
"""After the name a superlative gives: it holds that place with no tie."""


_NEITHER = frozenset({"neither", "né", "ni", "nem", "weder", "noch"})
_NOR = frozenset({"nor", "né", "ni", "nem", "noch"})
_NEITHER_VERBS = frozenset({"is", "are", "è", "es", "est", "é", "ist", "sont", "sind", "son"})
_THE = frozenset({"the", "la", "il", "el", "le", "a", "o", "die", "der", "das", "de", "het",
                  "lo", "l'"})  # fmt: skip

_FIELD_OF = frozenset(
    {
        "de",
        "des",
        "del",
        "delle",
        "dei",
        "degli",
        "della",
        "der",
        "van",
        "du",
        "dos",
        "das",
        "da",
        "do",
        "im",
        "nel",
        "no",
        "na",
        "en",
        "dans",
        "dello",
    }
)
_FIELD_ARTICLES = frozenset({"las", "los", "les", "le", "la", "gli", "i", "die", "de", "het",
                             "the", "os", "as", "l'", "ce", "este", "questo"})  # fmt: skip
_FINNISH_SUP = frozenset({"halvin", "edullisin", "kallein"})
"""Finnish superlatives: ``on`` after one is the verb ``is`` (``Halvin on X``)."""


_CLAUSE_BREAKS = frozenset({",", ";", "und", "and", "e", "y", "et", "och", "og", "i"})
"""Where a clause that may name its own record opens (``MG4 ist Platz 1, der ID.3 Platz
2``)."""
_FOR_ARTICLES = frozenset({"the", "die", "der", "das", "den", "le", "la", "les", "l'", "el",
                           "los", "las", "o", "os", "as"})  # fmt: skip
"""An article between ``for`` and the record it names (``für die Johanniter``)."""
_FOREIGN_DIFFERENCE = frozenset({"verschil", "unterschied", "différence", "écart", "diferencia",
                                 "differenza", "diferença", "abstand"})  # fmt: skip
_FOREIGN_BETWEEN = frozenset({"tussen", "zwischen", "entre", "tra", "fra"})
