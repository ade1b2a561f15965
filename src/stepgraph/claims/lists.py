"""Forms about all the records at once: an order (``From cheapest to priciest: B, C,
A``, ``B < C < A``), the lowest or highest price (``The cheapest plan costs 90``) and the
spread (``The price spread is 30``); the bounds and ranges are in ``bounds``."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from decimal import Decimal

from . import langs
from . import lexicon as lx
from .bounds import BoundForms
from .check import Table
from .judge import Test, _all_of, _any_of, _bound, _claim_test, _extreme, _hedged, _strict
from .kinds import Cheapest, MostExpensive, Order
from .units import Unit

_CHAIN_WORDS = {"order", "ordering", "ordered", "from", "lowest", "cheapest", "highest", "most",
                "expensive", "priciest", "to", "price", "prices", "pricing", "by", "monthly",
                "cost", "ranking", "ranked", "rank", "ascending", "descending", "sorted", "in",
                "of", "on", "the", "per", "month", "a", "overall", "so", "thus", "summary", "short",
                "low", "high", ":", ".", ",", "(", ")", "-", "=", "<", ">", "!", ";"}  # fmt: skip


_DEAR_ENDS = {"most", "priciest", "highest", "dearest", "costliest"}
_ORDER_LEAD = frozenset({":", "is", "are", ",", "-", "the", "order", "ranking", "sequence",
                         "goes", "runs", "reads"})  # fmt: skip
_ENDS = _DEAR_ENDS | {"cheapest", "lowest", "least"}


class ListForms(BoundForms):
    """The forms about every record: orders, ranges, bounds, extremes."""

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
            ends = [self.low(k) in _DEAR_ENDS for k in range(j, j + 7) if self.low(k) in _ENDS]
            if len(ends) > 1 and ends[0] == ends[1]:
                return  # "from cheapest to cheapest": no direction
            reverse = bool(ends) and ends[0]
            while self.low(j) in (
                "by",
                "monthly",
                "price",
                "cost",
                "from",
                "the",
                "cheapest",
                "to",
                "most",
                "expensive",
                "priciest",
                "ascending",
            ):
                j += 1
        else:
            return
        self._order_tail(at, j, reverse=reverse)

    def _foreign_order(self, at: int) -> None:
        """``Von günstig nach teuer: B, C, A``, ``Du plus cher au moins cher : A, C, B``,
        ``De la más barata a la más cara: ...``: both ends named, then a colon."""
        ends: list[str] = []
        j = at + 1
        side: list[str] = []
        while j < min(len(self.units), at + 12) and self.low(j) != ":":
            if self.low(j) in langs.ORDER_TO and side and not ends:
                ends.append(_side(side))
                side = []
            else:
                side.append(self.low(j))
            j += 1
        if at != 0 or self.low(j) != ":" or len(ends) != 1:
            return
        ends.append(_side(side))
        if ends not in (["cheap", "dear"], ["dear", "cheap"]):
            return
        self._order_tail(at, j, reverse=ends[0] == "dear")

    def _order_tail(self, at: int, j: int, *, reverse: bool) -> None:
        """The records listed after an order's header, read as that order."""
        while self.kind(j) != "off" and self.low(j) in _ORDER_LEAD:
            j += 1  # not a record named "THE"; "From cheapest to costliest the order is: ..."
        offers: list[str] = []
        while self.kind(j) == "off":
            offers.append(self.units[j].offer or "")
            j += 1
            if self.low(j) == "(" and self.kind(j + 1) == "num" and self.low(j + 2) == ")":
                tok = self.units[j + 1].tok  # "east (39.90), north (49.99)": each one's price
                if tok is not None and self.money(self.units[j + 1]):
                    self._price(self.units[j - 1], tok, j - 1, j + 3)
                j += 3
            if self.kind(j) != "off" and (
                self.low(j) in (",", "then", "and", "<", "-", ">", *langs.AND_WORDS)
                or (self.low(j) == "," and self.low(j + 1) in ("then", "and"))
            ):
                while self.kind(j) != "off" and self.low(j) in (
                    ",",
                    "then",
                    "and",
                    "<",
                    "-",
                    ">",
                    "finally",
                    *langs.AND_WORDS,
                ):  # "A, C, E, B": the record E is no Italian "e" (and)
                    j += 1
        if len(offers) < 2 or len(set(offers)) != len(offers):
            return
        ordered = tuple(reversed(offers)) if reverse else tuple(offers)
        self.add(
            f"ascending order {', '.join(ordered)}",
            _claim_test(Order(id="prose", offers=ordered)),
            at,
            j,
            exact=all(self.units[k].exact for k in range(at, j) if self.kind(k) == "off"),
        )
        amounts = {i for k in range(at, j) if self.kind(k) == "num" for i in self.units[k].idx}
        self.statements[-1].used -= amounts  # the order accounts for no price in brackets

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
        self.add(
            f"the {word} price is {tok.text}", _any_of(tests), at, price + 1, exact=len(tests) == 1
        )

    def _chain(self, at: int) -> int | None:
        """``basic < plus < pro``, ``A (120) > C (110) > B (90)``: strictly ascending (or
        descending) prices; the bracketed amounts are each one's price. The end, or None."""
        offers: list[str] = []
        signs: set[str] = set()
        j = at
        while self.kind(j) == "off":
            offers.append(self.units[j].offer or "")
            k = j + 1
            if self.low(k) == "(" and self.kind(k + 1) == "num" and self.low(k + 2) == ")":
                tok = self.units[k + 1].tok
                if tok is None or not self.money(self.units[k + 1]):
                    return None
                if not self._after_a_gap(j):
                    self._price(self.units[j], tok, j, k + 3)
                k += 3
            arrow = 2 if (self.low(k), self.low(k + 1)) == ("-", ">") else 1
            sign = "\u2192" if arrow == 2 else self.low(k)
            if sign not in ("<", ">", "\u2192") or self.kind(k + arrow) != "off":
                j = k
                break
            signs.add(sign)
            j = k + arrow
        if len(offers) < 2 or len(signs) != 1 or len(set(offers)) != len(offers):
            return None
        if self.other_context or self._qualified(at, j):  # "pro > plus > basic in data"
            return None
        if signs == {"\u2192"}:
            return self._arrows(offers, at, j)
        if signs == {">"}:
            offers.reverse()
        tests = [_strict(x, y, "cheaper", False) for x, y in itertools.pairwise(offers)]
        self.add(
            f"{' < '.join(offers)} by price",
            _all_of([_claim_test(Order(id="prose", offers=tuple(offers))), *tests]),
            at,
            j,
            exact=all(self.units[k].exact for k in range(at, j) if self.kind(k) == "off"),
        )
        return j

    def _arrows(self, offers: list[str], at: int, end: int) -> int | None:
        """``lite (9.99) -> std (14.99) -> max (21.99)``: three or more offers in a row of
        arrows are in price order one way or the other (false only when neither; never
        checked: an arrow may also be a switch from one to the next)."""
        if len(offers) < 3:
            return None
        up = [_strict(x, y, "cheaper", False) for x, y in itertools.pairwise(offers)]
        down = [_strict(y, x, "cheaper", False) for x, y in itertools.pairwise(offers)]
        self.add(f"{' -> '.join(offers)} are in price order", _any_of([_all_of(up), _all_of(down)]),
                 at, end, exact=False)  # fmt: skip
        return end

    def _qualified(self, at: int, end: int) -> bool:
        """A word in the chain's own clause (up to 12 units each side, to a ``,``, ``;`` or
        ``:``) says what the chain orders: "pro > plus > basic in data" is not by price."""
        for step, start in ((-1, at - 1), (1, end)):
            k = start
            while 0 <= k < len(self.units) and abs(k - start) < 12:
                unit = self.units[k]
                if unit.low in (",", ";", ":", "."):
                    break
                if unit.kind == "w" and unit.low not in _CHAIN_WORDS:
                    return True
                k += step
        return False

    def _spread(self, at: int) -> None:
        """``The price spread is 30``, ``the gap between the cheapest and the most expensive
        offer is 30``: the highest price minus the lowest; read only when the sentence ends
        with the amount (and its period)."""
        j = at + 1
        glossed: list[tuple[str, int]] = []  # "the cheapest (OVHcloud)": that record's place
        if self.low(j) in _SPREAD_BETWEEN or self.low(j) == "from":
            joiners = _SPREAD_ANDS if self.low(j) in _SPREAD_BETWEEN else ("to",)
            kinds = []
            j += 1
            for _ in range(2):
                while self.low(j) in _SPREAD_LEADS:
                    j += 1
                sup = self._superlative(j) or _order_end(self.low(j), j, self.low(j + 1))
                if sup is None:
                    return
                kinds.append(sup[0])
                j = sup[1]
                if self.low(j) == "(" and self.kind(j + 1) == "off" and self.low(j + 2) == ")":
                    glossed.append((sup[0], j + 1))
                    j += 3
                j += 1 if self.low(j) in joiners and not kinds[1:] else 0
            if sorted(kinds) != ["cheap", "dear"]:
                return
        hedge: str | None = None
        while self.low(j) in _SPREAD_VERBS or self.low(j) in lx.HEDGES:
            hedge = self.low(j) if self.low(j) in lx.HEDGES else hedge  # "is about 70"
            j += 1
        unit = self.units[j] if j < len(self.units) else None
        if unit is None or unit.tok is None or not self.money(unit):
            return
        end = j + 1
        while self.low(end) in lx.PERIOD_WORDS or self.low(end) in ("monthly", "each"):
            end += 1
        if self.low(end) not in ("", ".", "!", ";") or self.narrowed or self.other_context:
            return
        tests = self._spread_tests(unit, hedge)
        said = f"{hedge} {unit.tok.text}" if hedge else unit.tok.text
        says = [f"the highest price minus the lowest is {said}"]
        whole, exact = _any_of(tests), len(tests) == 1 and hedge is None
        for kind, k in glossed:  # one reading: the gap and the records at its ends
            name = self.units[k]
            claim = (Cheapest if kind == "cheap" else MostExpensive)(
                id="prose", offer=name.offer or ""
            )
            says.append(f"{name.offer} is the {'cheapest' if kind == 'cheap' else 'dearest'}")
            whole, exact = _all_of([whole, _claim_test(claim)]), exact and name.exact
        self.add("; ".join(says), whole, at, end, exact=exact)

    def _spread_tests(self, unit: Unit, hedge: str | None = None) -> list[Test]:
        """One test per reading of the amount: the highest price minus the lowest is it
        (near it, after a hedge)."""
        assert unit.tok is not None
        tests: list[Test] = []
        for reading, period in self.amount_readings(unit.tok):
            factor, stated = Decimal(12 if period == "year" else 1), reading.value

            def spread(table: Table, factor: Decimal = factor) -> Decimal:
                values = [(r.value or Decimal(0)) * factor for r in table.priced()]
                return max(values) - min(values)

            def test(table: Table, spread: Callable[[Table], Decimal] = spread,
                     stated: Decimal = stated) -> bool:  # fmt: skip
                return spread(table) == stated

            tests.append(_hedged(spread, stated, _bound(hedge)) if hedge else test)
        return tests

    def _ends_apart(self, at: int) -> None:
        """``the cheapest and the dearest are £7.20 apart``, ``... differ by £7.20 a
        month``: the highest price minus the lowest; read only when the sentence ends there
        (a yearly figure may follow after a comma)."""
        if self.low(at) == "apart":
            j = at - 1
            while self.low(j) in ("a", "per", "month", "monthly", "year", "each", "mo", "/"):
                j -= 1
            verb = j - 1
            end = at + 1
        else:  # "differ by", "are separated by"
            j = at + 2
            verb = at
            end = j + 1
            while self.low(end) in ("a", "per", "month", "monthly", "year", "each", "mo", "/"):
                end += 1
        unit = self.units[j] if 0 <= j < len(self.units) else None
        if unit is None or unit.tok is None or not self.money(unit):
            return  # (the whole sentence is read below: no word narrows it)
        if self.low(end) not in ("", ".", "!", ";", ",") or self.other_context:
            return
        if at != verb and self.low(verb) not in ("are", "sit", "lie", "stand", "were"):
            return
        k = 0
        while k < verb and self.low(k) in ("so", "and", "overall", ","):
            k += 1
        k = self._both_ends(k) or 0
        k += self.low(k) == "are" and self.low(at) == "separated"
        if not k or k != verb:
            return
        tests = self._spread_tests(unit)
        self.pair_gap = len(self.statements)  # kept whole, as "A and B are 10 apart"
        self.add(f"the highest price minus the lowest is {unit.tok.text}", _any_of(tests), 0,
                 end, exact=len(tests) == 1)  # fmt: skip
        self.statements[-1].group = True  # "the cheapest and the dearest": no one's place

    def _both_ends(self, k: int) -> int | None:
        """From ``k``: ``the cheapest and the dearest`` (either order, offer nouns allowed);
        where the pair ends, or None."""
        kinds: list[str] = []
        for _ in range(2):
            while self.low(k) in ("the", "one") or self.low(k) in lx.OFFER_NOUNS:
                k += 1
            sup = self._superlative(k)
            if sup is None:
                return None
            kinds.append(sup[0])
            k = sup[1]
            while self.low(k) in lx.OFFER_NOUNS:
                k += 1
            k += 1 if self.low(k) == "and" and len(kinds) == 1 else 0
        return k if sorted(kinds) == ["cheap", "dear"] else None

    def _amount_between_ends(self, at: int) -> None:
        """``That's roughly €60 a month between the cheapest and the priciest``: the highest
        price minus the lowest, loosened by a hedge before the amount; read only when the
        sentence ends there."""
        unit = self.units[at]
        hedge = self.low(at - 1) if self.low(at - 1) in lx.HEDGES else None
        lead = at - 1 - (hedge is not None)
        if unit.tok is None or not self.money(unit) or self.other_context:
            return
        if self.low(lead) not in ("that's", "there's", "it's") and (
            self.low(lead) != "is" or self.low(lead - 1) not in ("that", "there", "it")
        ):
            return
        j = at + 1
        while self.low(j) in ("a", "per", "month", "monthly", "year", "each", "mo", "/"):
            j += 1
        end = self._both_ends(j + 1) if self.low(j) == "between" else None
        if end is None or self.low(end) not in ("", ".", "!", ";"):
            return
        tests = self._spread_tests(unit, hedge)
        said = f"{hedge} {unit.tok.text}" if hedge else unit.tok.text
        self.add(f"the highest price minus the lowest is {said}", _any_of(tests), lead, end,
                 exact=len(tests) == 1 and hedge is None)  # fmt: skip


def _order_end(low: str, at: int, nxt: str) -> tuple[str, int] | None:
    """``cheapest`` of ``from cheapest to dearest``, which is no superlative on its own."""
    if nxt != "to":
        return None
    kind = "cheap" if low in ("cheapest", "lowest") else "dear" if low in _DEAR_ENDS else ""
    return (kind, at + 1) if kind else None


def _side(words: list[str]) -> str:
    """One end of an order's header in another language: cheap, dear or unknown."""
    for word, nxt in itertools.pairwise([*words, ""]):
        if word in langs.LESS and nxt in langs.CHEAP_ADJ and nxt not in langs.CHEAP_WORDS:
            return "cheap"  # "moins cher"
    if any(w in langs.ORDER_CHEAP for w in words):
        return "cheap"
    if any(w in langs.ORDER_DEAR for w in words) and not any(w in langs.LESS for w in words):
        return "dear"
    return ""


_SPREAD_BETWEEN = frozenset({"between", "tussen", "zwischen", "entre", "tra", "fra"})
_SPREAD_ANDS = frozenset({"and", "en", "und", "et", "y", "e"})
_SPREAD_LEADS = frozenset({"the", "one", "offer", "option", "plan", "quote", "price", "de",
                           "het", "dem", "den", "der", "die", "das", "la", "le", "el", "il",
                           "lo", "l'", "o", "a"})  # fmt: skip
"""Before an end of the range: articles and nouns (``the cheapest``, ``dem teuersten``)."""
_SPREAD_VERBS = frozenset({"is", "of", "comes", "to", "amounts", "just", "only", "exactly", "a",
                           "monthly", ":", "=", "bedraagt", "beträgt", "ist", "est", "es",
                           "è", "de", "di", "van"})  # fmt: skip
"""Between the range and its amount: ``is``, ``bedraagt``, ``est de``, ``è di``."""
