"""The amount audit: a money amount that no reading of the inputs gives is false.

The recognised forms read what a sentence says; a sentence they cannot read is left to a
person. Before it is, every amount in it is audited: a number marked as money (a currency,
a period, "N more/less/cheaper", "saves N", "at N", "a gap of N", "A (N)") must be one
of the figures the inputs give, under any reading of the sentence:

- a price, a difference or a sum of two prices where one of the two is an offer the
  sentence names (any offer when it names none, or refers to a group by pronoun), the
  sum or the average of all prices, or a price's distance from the average;
- times 12 (a year) or times a contract term the text states ("24-month", "two years"),
  unless the number says it is monthly;
- a percentage: a difference over either price, or one price over another.

The stated number is compared at its stated precision (half-up), within 12.5 % after a
hedge ("about", "roughly"), as a bound after "under"/"over", and below (above) but near
after "just under" ("just over"). A number no figure matches makes the sentence false.
A sentence that supposes ("if", "assuming") or brings in what the inputs lack (fees,
discounts, taxes, other periods) is not audited. The audit only ever blocks: it never
marks anything checked, and each lookup is a binary search over the sorted prices, so a
sentence costs O(n log n) in the number of offers.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from decimal import Decimal
from itertools import pairwise

from . import langs
from . import lexicon as lx
from .check import Table, round_to
from .compiled import compiled
from .judge import hedge_tolerance
from .promos import promo_amount
from .schedules import Stated
from .tokens import (
    CURRENCY,
    Tok,
    called,
    counts_things,
    for_another_thing,
    for_the_equipment,
    money_in,
    set_against_count,
    signed,
)
from .uses import WORDS as _WORDS
from .uses import Uses, per_use

_SKIP = {
    "if", "assuming", "assume", "suppose", "supposing", "hypothetically", "unless", "were",
    "discount", "discounted", "discounts", "promo", "promotion", "introductory", "fee",
    "fees", "tax", "taxes", "vat", "gst", "hst", "tva", "iva", "mwst", "btw", "moms", "ust",
    "setup", "set-up", "budget", "excl", "incl", "surcharge",
    "shipping", "deposit", "hour", "hourly", "wenn", "falls", "indien", "rabatt", "remise",
    "descuento", "sconto", "korting", "score", "scores", "rating", "ratings", "quality",
    "speed", "bandwidth", "data", "storage", "latency", "uptime", "sla", "stars", "points",
    "l'unité", "unité", "einzeltermin", "einzelstunde", "overrun", "overruns", "overran",
    "overrunning", "mileage", "geldeingang", "gehaltseingang", "mindestgeldeingang",
    "einzahlung", "einzahlungen", "einlage",
}  # fmt: skip
"""A sentence with one of these supposes, or measures something the inputs lack."""
_TOTALS = {"insgesamt", "gesamt", "totale", "totaal", "monate", "monaten", "meses", "mesi",
           "maanden", "laufzeit", "vertrag", "contrat", "contrato", "contratto", "durée",
           "duración", "durata", "looptijd", "duração", "zusammen", "ensemble", "juntas",
           "juntos", "insieme", "samen", "conjunto", "cumulés"}  # fmt: skip
_SKIP |= (langs.OTHER_CONTEXT - _TOTALS) | langs.HYPOTHETICAL  # a fee, a first month, ...
_SKIP |= lx.NON_PRICE_MONEY  # an excess, a cover limit, a bonus
_SKIP |= {
    "current", "currently", "existing", "incumbent", "expiring", "outgoing", "old",
    "actuel", "actuelle", "aktuell", "aktuelle", "aktuellen", "attuale", "huidige", "previous",
    "previously", "in-house", "salary", "salaries", "wage", "wages", "on-costs",
    "provides", "allocated", "allocation", "allocates", "centre", "center", "once",
    "once-off", "refundable", "deposited", "copy", "copies", "scored", "hectares", "hectare",
    "acres", "exchange", "fx", "wisselkoers", "wechselkurs", "formatting", "grouping",
    "multiplied", "multiply",
}  # fmt: skip
"""The arrangement the offers would replace (``we currently pay 610 under the existing
contract``), a budget line or cost centre, pay, a one-time or refundable sum, a rate per
copy, a score, an area, an exchange rate, a note on number formats, a multiplier: amounts
of these are no offer's monthly price."""
_AVERAGE = {
    "average",
    "mean",
    "avg",
    "median",
    "médiane",
    "mediana",
    "mediaan",
    "medianen",
    "durchschnitt",
    "durchschnittlich",
    "moyenne",
    "media",
    "promedio",
    "gemiddelde",
    "gemiddeld",
    "média",
    "medio",
}
"""Words that make the mean of the prices, and a distance from it, a figure to look for."""
_LOOSE = {"give", "thereabouts", "ish", "-ish"}
"""Anywhere in a sentence ("give or take"), these make every amount in it approximate."""
_GROUP = {
    "they", "them", "their", "these", "those", "other", "others", "rest", "remaining",
    "both", "either", "neither", "each", "former", "latter", "respectively", "none", "all",
    "every", "beide", "autres", "otros", "altri", "andere", "neighbouring", "neighboring",
    "adjacent", "consecutive", "successive", "steps",
}  # fmt: skip
_SINGULAR = {"it", "its", "it's", "this", "that", "which"}
_UNNAMED = (lx.CHEAP_SUP | lx.DEAR_SUP | langs.CHEAP_SUP | langs.DEAR_SUP) - {"best", "wins"} | {
    "most", "least", "spread", "range", "average", "mean", "median", "runner", "next",
    "second", "third", "fourth", "fifth", "middle", "others", "rest", "cheaper", "pricier",
}  # fmt: skip
"""Words that bring in offers the sentence does not name (the cheapest, the runner-up)."""
_APPROX = {
    "about", "around", "roughly", "approximately", "approx", "circa", "ca", "some", "~",
    "≈", "close", "nearly", "almost", "etwa", "ungefähr", "rund", "knapp", "environ",
    "presque", "casi", "aproximadamente", "unos", "unas", "quasi", "ongeveer", "bijna",
    "cerca", "ballpark", "approximativement", "près", "autour",
}  # fmt: skip
_OFF_WORDS = frozenset({"off", "discount", "rabatt", "réduction", "remise", "descuento",
                        "sconto", "korting", "rabat"})  # fmt: skip
"""After a per cent: a discount (``10% off EA purchases``), no gap between prices."""
_PAYING = frozenset({"paying", "annually", "upfront", "up-front", "yearly", "monthly", "annual",
                     "zahlen", "payer", "pagar", "pagare", "betalen"})  # fmt: skip
"""After ``than``: a way to pay (``10% more than paying annually``), not another offer."""
_APPROX |= langs.HEDGES - set(langs.BOUND)  # "etwa", "environ", "unos", ...
_JUST = {"just", "slightly", "little", "bit", "marginally", "barely", "knapp"}
_ALMOST = {"nearly", "almost", "presque", "casi", "quasi", "bijna", "fast", "quase", "knapp"}
"""Hedges that put the true figure just below the written one ("nearly 50": not 54)."""
_BELOW = {"under", "below", "less", "lower", "beneath", "within", "max", "maximum", "most"}
_ABOVE = {"over", "above", "more", "exceeding", "exceeds", "exceed", "exceeded", "least", "min",
          "minimum", "upwards", "excess"}  # fmt: skip
_BELOW |= {w for w, b in langs.BOUND.items() if b == "under"}  # "unter", "sous", ...
_ABOVE |= {w for w, b in langs.BOUND.items() if b == "over"}  # "über", "oltre", ...
_BELOW |= langs.LESS | {
    "minder",
    "weniger",
    "mindre",
    "höchstens",
}  # "minder dan € 50", "moins de 50"
_ABOVE |= langs.MORE | {"meer", "mehr", "mer", "mere", "mindestens"}  # "mehr als 50", "plus de 50"
_THAN = {"than", "dan", "als", "que", "di", "de", "da", "än", "av", "af", "end", "enn"}
"""The word after a comparative before its number, in the languages read."""
_BOUNDS = _BELOW | _ABOVE
_PROMO = frozenset({"for", "with", "if", "when", "during", "on", "the", "in", "until", "to",
                    "at", "your", "new", "first", "all"})  # fmt: skip
"""After ``N% off``: whom or when a promotion is for, not a gap between offers."""
_AFTER_CUES = {
    "more", "less", "cheaper", "dearer", "pricier", "costlier", "higher", "lower", "above",
    "below", "under", "over", "extra", "apart", "ahead", "behind", "off", "short", "total",
    "overall", "altogether", "difference", "gap", "saving", "savings", "premium",
    "weniger", "mehr", "günstiger", "billiger", "teurer", "darüber", "darunter", "höher",
    "niedriger", "moins", "plus", "menos", "más", "mas", "meno", "più", "meer", "minder",
    "duurder", "goedkoper", "mais", "barato", "barata", "caro", "cara", "versus", "vs",
    "against", "compared",
}  # fmt: skip
_NOT_NOUNS = {"expensive", "costly", "pricey", "dear", "cheap", "than", "overall", "total",
              "monthly", "yearly", "annually", "altogether", "in", "apart", "still", "again",
              "between", "compared", "against", "with", "over", "from", "of", "to", "for",
              "on", "vs", "versus", "que", "als", "dan", "di", "de", "da", "än", "that",
              "which", "caro", "cara", "cher", "chère", "teuer", "duur"}  # fmt: skip
"""After a margin word, words that keep the number a margin (``5 more expensive``)."""
_FUNCTION = {
    "and", "or", "but", "while", "whereas", "with", "for", "in", "on", "to", "than", "which",
    "that", "so", "because", "as", "per", "a", "an", "each", "every", "the", "from", "at",
    "if", "when", "is", "are", "was", "were", "this", "it", "its", "they", "we", "you", "by",
    "over", "across", "vs", "versus", "after", "before", "instead", "only", "just", "then",
    "up", "down", "out", "into", "pro", "par", "por", "al", "im", "en", "et",
    "und", "y", "e", "o", "ou", "oder", "bis", "à", "de", "da", "di", "van", "voor",
}  # fmt: skip
"""Words after a number that do not make it a count of something."""
_BEFORE_CUES = {
    "at", "costs", "cost", "by", "saves", "save", "saved", "totals", "totalling", "totaling",
    "against", "versus", "vs", "=", "kostet", "kosten", "coûte", "coûtent", "cuesta",
    "cuestan", "costa", "costano", "kost", "custa", "spart", "sparen", "beträgt",
    "bei", "économise", "ahorra", "ahorras", "risparmia", "risparmiano", "bespaart", "economiza",
    "à", "of", "to", "from",
}  # fmt: skip
_OF_HEADS = {
    "saving", "savings", "difference", "gap", "spread", "premium", "total", "price", "cost",
    "increase", "reduction", "margin", "amount", "sum", "rate", "charge", "bill", "outlay",
}  # fmt: skip
_TO_HEADS = {"comes", "come", "amounts", "amount", "adds", "add", "up", "rises", "drops", "works",
             "out", "goes", "climbs", "falls", "totals"}  # fmt: skip
_PERIOD_WORDS = {"month", "months", "mo", "year", "years", "yr", "annum", "monat", "mois", "mes",
                 "mese", "maand", "jahr", "an", "año", "anno", "jaar", "ano"}  # fmt: skip
_MULTIPLIERS = {"divided", "multiplied", "times", "x", "\N{MULTIPLICATION SIGN}"}
_MONTHS = r"months?|monate?n?|mois|meses|mesi|maanden|mese|mes|maand"
_YEARS = r"years?|jahre?n?|ans?|años?|anni|anno|jaar|jaren|anos?"
_PAYMENTS = compiled(
    r"(?i)\b(\d{1,3})\s+(?:further\s+|more\s+|monthly\s+|remaining\s+)?"
    r"(?:payments|instalments|installments|rentals)\b"
)
_TERM = compiled(
    rf"(?i)\b(\d{{1,3}}|{'|'.join(_WORDS)})\s*-?\s*"
    rf"(?:(?:billed|paid|full|calendar|consecutive|contract|contracted)\s+)?"  # "six billed months"
    rf"(?:({_MONTHS})|({_YEARS}))\b"
)
_TERM_LIST = compiled(
    rf"(?i)\b(\d{{1,3}}(?:\s*,\s*\d{{1,3}})*\s*,?\s*(?:and|or|und|et|y|e|en|ou|o)\s*\d{{1,3}})"
    rf"\s*-?\s*(?:({_MONTHS})|({_YEARS}))\b"
)
"""``12, 24 and 36 months``: every number of the list is a term."""
_HALF_YEAR = compiled(r"(?i)\bhalf[- ](?:a[- ])?year|semi-?annual|bi-?annual|halbjahr")
_TOLERANCE = Decimal("0.125")
_NEAR = Decimal("0.10")
_EPSILON = Decimal("0.000001")
_HUNDRED = Decimal(100)


def terms(text: str) -> frozenset[int]:
    """The periods, in months, a text may multiply a monthly figure by: a year, and every
    contract term it states ("24-month", "over 36 months", "two years", "half a year")."""
    found = {12}
    if _HALF_YEAR.search(text):
        found.add(6)
    for match in _TERM.finditer(text):
        count = _WORDS.get(match.group(1).lower()) or int(match.group(1))
        months = count * 12 if match.group(3) else count
        if 1 < months <= 120:
            found.add(months)
    for match in _PAYMENTS.finditer(text):  # "35 further payments": 35 months
        if 1 < int(match.group(1)) <= 120:
            found.add(int(match.group(1)))
    for match in _TERM_LIST.finditer(text):
        for number in re.findall(r"\d{1,3}", match.group(1)):
            months = int(number) * 12 if match.group(3) else int(number)
            if 1 < months <= 120:
                found.add(months)
    return frozenset(found)


_MONTHS_IN = compiled(
    r"(?i)\b(\d{1,2})\s*(?:months?|mos?|mths?|mois|meses|mesi|monate|monaten|maanden)\b"
)
_TERMS = (1, 3, 6, 12, 18, 24, 36, 48, 60)
"""Months a first-period total may cover (a first month, a year, a 24- or 60-month term)."""


class Figures:
    """The inputs' prices, sorted once, and the queries the audit asks of them."""

    def __init__(self, table: Table) -> None:
        self.values = sorted(r.value for r in table.records if r.value is not None)
        self.by_id = {r.id: r.value for r in table.records if r.value is not None}
        self.total = sum(self.values, Decimal(0))
        self.mean = self.total / len(self.values) if self.values else None
        half = len(self.values) // 2
        self.centres = [] if self.mean is None else [self.mean]
        if self.values:  # the median: the middle price, or halfway between the middle two
            odd = len(self.values) % 2
            self.centres.append(
                self.values[half] if odd else (self.values[half - 1] + self.values[half]) / 2
            )
        low_sum, high_sum = Decimal(0), Decimal(0)  # "the three cheapest average 381"
        for k, (low, high) in enumerate(zip(self.values, reversed(self.values), strict=True), 1):
            low_sum, high_sum = low_sum + low, high_sum + high
            if 1 < k < len(self.values):
                self.centres += [low_sum / k, high_sum / k]
        self.intro = {
            r.id: frozenset(int(m) for alias in r.aliases for m in _MONTHS_IN.findall(alias))
            for r in table.records
        }  # "first 2 months C$20/mo", "C$25/mo for 4 months": how long a first price lasts
        self.quoted = {
            r.id: frozenset(v for alias in r.aliases for v in money_in(alias)) - {r.value}
            for r in table.records
        }  # money the inputs' sources name besides the price: "$349 dish upfront"

    def quotes(self, values: Iterable[Decimal]) -> bool:
        """One of ``values`` is money some offer's source names besides its price."""
        return any(v in quoted for v in values for quoted in self.quoted.values())

    def from_source(self, low: Decimal, high: Decimal, ids: Iterable[str]) -> bool:
        """Money a source names is in ``[low, high]``, or that of one of ``ids`` added to a
        whole number of that offer's monthly prices (``12 x 8.50 + 25 set-up = 127.00``),
        or for the first months of a term with the price after them (``3 x 4.99 + 9 x 11.99
        = 122.88``)."""
        if any(low <= v <= high for quoted in self.quoted.values() for v in quoted):
            return True  # "abonnement plus élevé que Volta (14,10 € contre 12,44 €)"
        for offer in ids:
            price = self.by_id.get(offer)
            for quoted in self.quoted.get(offer, ()):
                if price and any(low <= quoted + price * k <= high for k in _TERMS):
                    return True
                if price and low <= abs(quoted - price) <= high:
                    return True  # "announced €32.99 from 1 September, €3.00 more a month"
                if price and any(low <= price * k - quoted <= high for k in (12, 24)):
                    return True  # "€420 for the year would save €48.00 on 12 x €39.00"
                if price and any(
                    low <= quoted * k + price * (term - k) <= high
                    for term in (12, 24, 36)
                    for k in self.intro.get(offer, ())
                    if 0 < k < term
                ):  # the months the source gives the first price; never 12 x it alone
                    return True  # "its $4.99 intro for 3 months brings the first year to $122.88"
        return False

    def termed(self, values: Iterable[Decimal], periods: Iterable[int]) -> bool:
        """One of ``values`` is a price over one of the terms ``periods`` (``guarantees its
        price for 24 months, 1.500,00 €``)."""
        return any(self._any(v / k, v / k) for v in values for k in periods if k > 1)

    def priced(self, values: Iterable[Decimal]) -> bool:
        """One of ``values`` is a price, or a yearly price, of the inputs."""
        return any(self._any(v, v) or self._any(v / 12, v / 12) for v in values)

    def _any(self, low: Decimal, high: Decimal) -> bool:
        at = bisect_left(self.values, low)
        return at < len(self.values) and self.values[at] <= high

    def amount(
        self, low: Decimal, high: Decimal, named: Iterable[Decimal], *, average: bool = False
    ) -> bool:
        """Some price, difference, sum, the total, (``average``: the sentence speaks of one)
        the mean or the median (also of the k cheapest or dearest) or a distance from one is
        in ``[low, high]``; a difference or sum pairs one of ``named`` with any price."""
        if self._any(low, high) or low <= self.total <= high:
            return True
        if average and any(
            low <= centre <= high or self._any(centre + low, centre + high)
            or self._any(centre - high, centre - low)
            for centre in self.centres
        ):  # fmt: skip
            return True  # the mean or the median, or a price's distance from either
        return any(
            self._any(x + low, x + high) or self._any(x - high, x - low)
            or self._count(low - x, high - x) > (1 if low - x <= x <= high - x else 0)
            for x in named
        )  # fmt: skip

    def _count(self, low: Decimal, high: Decimal) -> int:
        """How many prices are in ``[low, high]`` (a sum pairs a price with another)."""
        return bisect_right(self.values, high) - bisect_left(self.values, low)

    def percent(
        self, low: Decimal, high: Decimal, named: Iterable[Decimal], side: str | None = None
    ) -> bool:
        """Some difference over either price, or some price over another, is a percentage
        in ``[low, high]``; one of the two is in ``named``. ``side`` ``cheap`` (``N%
        cheaper``): only a difference over the dearer price; ``dear``: over the cheaper."""
        r_low, r_high = low / _HUNDRED, high / _HUNDRED
        for x in named:
            if x <= 0:
                continue
            spans = []
            if side != "cheap":
                spans.append((x * (1 + r_low), x * (1 + r_high)))  # (p - x) / x
                if r_high > -1:
                    spans.append((x / (1 + r_high), x / (1 + r_low)))  # (x - p) / p
            if side != "dear":
                spans.append((x * (1 - r_high), x * (1 - r_low)))  # (x - p) / x
                if r_low < 1:
                    spans.append((x / (1 - r_low), x / (1 - r_high) if r_high < 1 else x * 10**9))
            if side is None:
                spans.append((x * r_low, x * r_high))  # p / x
                if r_low > 0:
                    spans.append((x / r_high, x / r_low))  # x / p
            if any(self._any(a, b) for a, b in spans):
                return True
        return False


_GROUPS = {"team", "group", "household", "family", "company", "office", "staff", "fleet"}
_CHARGE_NOUNS = lx.NON_PRICE_MONEY | {
    "fee",
    "fees",
    "setup",
    "set",
    "connection",
    "admin",
    "subscription",
    "subscriptions",
    "membership",
}


def charge_after(toks: list[Tok], index: int) -> bool:
    """The amount at ``index`` is named by what follows as a charge that is no monthly
    price (``€69.00 set-up fee``, ``a £500 excess``, ``£50 cashback``)."""
    words = [t.low for t in _own_words(toks, index)][:4]
    if (
        "monthly" in words[:2]
        and words[1:3]
        and words[2 if words[0] == "in" else 1] in ("fee", "fees", "charge", "charges")
    ):
        return False  # "849.76 in monthly fees", "35 monthly fee": the price itself
    return (
        any(w in _CHARGE_NOUNS for w in words[:3])
        or words[:2] == ["one", "off"]  # "£20 one-off set-up"
        or "fee" in words
        or (words[:1] == ["to"] and words[1:2] != [] and words[1] in _ONE_OFF_VERBS)
        or _extra_for_something(toks, index)
        or _on_top_of_the_price(words)
        or words[:1] == ["each"]  # "extra reviews £45 each": the price of one more
        or (words[:1] in (["to"], ["-"]) and "each" in words)  # "$0.55 to $0.70 each"
        or (words[:1] == ["of"] and words[1:2] not in (["the"], ["a"], ["an"], []))
        or words[:2] in (["up", "front"], ["first", "month"], ["first", "year"])
        or "half" in words[:2]  # "£15,000 of contents", "£1,734 up front", "$1 first month"
        or _times_a_count(toks, index)
        or _added_or_bought(toks, index, words)
    )


def _added_or_bought(toks: list[Tok], index: int, after: list[str]) -> bool:
    """An add-on's price (``£6 a month extra``, ``CHF 29.90 par mois en plus``, ``en
    supplément à 2 €``, ``dont 4,50 € pour l'option``) or a purchase (``or buy one for
    $129``): no offer's monthly price."""
    near = toks[max(0, index - 12) : index + 12]  # a window: linear in a long sentence
    named = {t.offer for t in near if t.kind in ("offer", "near") and t.offer}
    if ("extra" in after[1:3] or "zusätzlich" in after[1:3]) and len(named) <= 1:
        return True  # "£6 a month extra"; not "from A to B would cost $65 a month extra",
        # nor "That is 15 extra per month" (a margin)
    if any(
        (a, b) in _ADDED_PAIRS and before in lx.PERIOD_WORDS
        for before, a, b in zip(after, after[1:], after[2:4], strict=False)
    ):
        return True  # "CHF 29.90 par mois en plus"; not "A costa 6 euro in più" (a margin)
    before = {t.low for t in toks[max(0, index - 5) : index]}
    return bool(before & _ADD_ON_OR_BUY) or any(t.low in _PREPAID for t in near)


_PREPAID = frozenset({"vorauszahlung", "vorkasse", "prepay", "prepaid", "prepayment",
                      "d'avance", "anticipado", "anticipato"})  # fmt: skip
"""Paying a year ahead (``bei Vorauszahlung fürs ganze Jahr sind es 89,99 €``): another
way to pay, not the monthly price."""


_ADDED_PAIRS = frozenset({("en", "plus"), ("en", "supplément"), ("in", "più")})
_ADD_ON_OR_BUY = frozenset({"buy", "buying", "purchase", "outright", "dont", "supplément",
                            "acheter", "kaufen", "comprar", "acquistare", "kopen", "rise",
                            "increase", "hike", "uplift", "erhöhung", "preiserhöhung",
                            "hausse", "aumento", "owe", "owed", "owing"})  # fmt: skip
"""Words before an add-on, a purchase or a price rise (``BT's annual rise of £3.50 a
month``)."""


def _own_words(toks: list[Tok], index: int) -> list[Tok]:
    """The words of the five tokens after the amount at ``index``, up to a bracket opened
    after its period (``$1,374.40 a month (excess $300)``: the aside names another amount)."""
    found: list[Tok] = []
    period = False
    for tok in toks[index + 1 : index + 6]:
        if tok.text == "(" and period:
            break
        if tok.kind == "word":
            found.append(tok)
            period = period or tok.low in lx.PERIOD_NOUNS or tok.low in ("monthly", "mo")
    return found


def _times_a_count(toks: list[Tok], index: int) -> bool:
    """``$14 x 120 endpoints``, ``€29 x 15 agents``: a price per unit, times a count."""
    k = max([index, *toks[index].marks]) + 1
    return (
        k + 1 < len(toks)
        and (toks[k].text in ("\u00d7", "*") or toks[k].low == "x")
        and toks[k + 1].kind == "num"
    )


def _on_top_of_the_price(words: list[str]) -> bool:
    """``costs 4.99/month on top of the tariff price``: an extra charge, not a gap."""
    return "top" in words[:4] and any(w in ("on", "top") for w in words[:2])


def _extra_for_something(toks: list[Tok], index: int) -> bool:
    """``£2 per month extra for paper billing``: the price of an extra, not a gap between
    offers (``£4.51 extra for beta`` names an offer: still a gap)."""
    for k in range(index + 1, min(len(toks) - 2, index + 6)):
        if toks[k].low in ("extra", "more", "additional") and toks[k + 1].low == "for":
            after = toks[k + 2]
            return after.kind == "word" and after.low not in ("the", "a", "an", "each", "every")
    return False


_ONE_OFF_VERBS = frozenset(
    {
        "install",
        "connect",
        "activate",
        "set",
        "join",
        "switch",
        "cancel",
        "leave",
        "exit",
        "upgrade",
        "transfer",
        "register",
    }
)
"""``£60 to install``, ``£25 to join``: a one-off charge, not the monthly price."""


_PER_THINGS = {"gb", "mb", "tb", "user", "seat", "minute", "min", "sms", "text", "message",
               "kwh", "unit", "head", "person", "line", "device", "call", "mile", "km", "license",
               "licence", "channel", "page", "hour", "gigabyte", "employee", "member", "host",
               "agent", "h", "hr", "word", "words", "mot", "return", "parcel", "job", "event",
               "endpoint", "patrol", "visit", "review", "cover", "covers", "shift", "creator",
               "night", "delivery", "pallet", "serving", "meal", "box", "portion", "lesson",
               "session", "class", "desk", "site", "branch", "vehicle", "truck", "room",
               "office", "location", "store", "bed"}  # fmt: skip
_EXTRA = {"extra", "additional", "further"}
_PER_HEAD_CODES = {"person", "people", "user", "users", "seat", "seats", "member", "members"}


def scaled(toks: list[Tok]) -> bool:
    """The sentence scales a price by a count (``for 10 users``, ``a team of 15``; not ``has
    4 seats``) or prices a unit of something (``price per GB``, ``each extra line costs
    5``): its amounts are totals or rates, never read as one offer's monthly price."""
    for k, tok in enumerate(toks[:-1]):
        nxt = toks[k + 1].low
        if nxt == "-" and k + 2 < len(toks):
            nxt = toks[k + 2].low  # "its per-user price"
        elif (
            tok.low == "per"
            and nxt not in _PER_THINGS
            and k + 2 < len(toks)
            and toks[k + 2].low in _PER_THINGS
        ):
            nxt = toks[k + 2].low  # "per included event", "per extra hour"
        if tok.low in _EXTRA and nxt.removesuffix("s") in _PER_THINGS:
            return True  # "Extra hours cost 210 EUR (Lexpert), 195 EUR (Rinaldi)"

        if tok.low in ("per", "/", "por", "pro", "par") and nxt in _PER_THINGS:
            if _measured_before(toks, k):
                continue  # "30 GB of storage per user": an allowance per user, no price
            return True
        if tok.kind == "code" and tok.low.split("-")[-1] in _PER_HEAD_CODES:
            return True  # "for a 10-person team", "a 5-user plan"
        if tok.low in ("each", "every", "per", "any", "an") and nxt in _EXTRA:
            return True
    for k, tok in enumerate(toks):
        if tok.kind != "num" or tok.money or tok.pct:
            continue
        if k >= 2 and toks[k - 1].low == "of" and toks[k - 2].low in _GROUPS:
            return True  # "a team of 15", "Team of 6 / month"
        item = toks[k + 1] if k + 1 < len(toks) else None
        if (
            tok.period is None
            and item is not None
            and item.kind == "code"
            and (item.low.endswith("s"))
        ):
            return True  # "Nine MG4s would cost 2,327.40": a fleet of them
        if tok.period is not None:
            continue
        after = toks[k + 1].low if k + 1 < len(toks) else ""
        before = toks[k - 1].low if k else ""
        if before == "for" and (tok.unit in lx.PER_HEAD or after in lx.PER_HEAD):
            return True
        if _across_all(toks, k, after):
            return True
    return False


def _measured_before(toks: list[Tok], k: int) -> bool:
    """A measured amount (``30 GB``, ``500 minutes``) just before ``per`` at ``k``."""
    return any(
        t.kind == "num" and t.unit in lx.MEASURES and not t.money for t in toks[max(0, k - 4) : k]
    )


def _across_all(toks: list[Tok], k: int, after: str) -> bool:
    """``across all 12 phones``, ``for all 18 vans``: a total over that many things."""
    lows = [t.low for t in toks[max(0, k - 2) : k]]
    return (
        (
            lows[-1:] == ["across"]
            or (len(lows) == 2 and lows[0] in ("across", "for") and lows[1] == "all")
        )
        and after.endswith("s")
        and after not in lx.OFFER_NOUNS
        and after.removesuffix("s") not in _SPANS
    )


_SPANS = frozenset({"year", "month", "week", "day", "quarter", "term", "hour", "period"})


def unexplained(
    toks: list[Tok],
    figures: Figures,
    periods: frozenset[int],
    used: set[int],
    subject: str | None,
    *,
    short: bool = False,
    uses: Uses | None = None,
    stated: Stated | None = None,
) -> str:
    """The first money amount in ``toks`` that no figure of the inputs gives, said; or ""
    (``short``: the clause speaks of weeks or days, so a week's or a day's share counts;
    ``uses``: the uses or people the text shares a price among; ``stated``: the
    amounts a total over a term may change to, see ``schedules``)."""
    products, wrong = _worked_sum(toks)  # "12 x 19.99 = 249.88", "3 x 35 + 9 x 58.50 = ..."
    if wrong := wrong or _bracketed_year(toks):
        return wrong  # arithmetic written out is wrong whatever else the sentence says
    lows = {t.low for k, t in enumerate(toks) if t.kind in ("word", "code", "punct")
            and not _not_negation(toks, k)}  # fmt: skip
    lows = langs.without_passive(lows)  # "wird empfohlen": is recommended
    if (
        lows & _WIDE_SKIP
        or any(t.kind == "date" for t in toks)
        or _financial_year(toks)
        or {"tipo", "cambio"} <= lows  # "un tipo de cambio de 17.10", not "en cambio"
        or scaled(toks)
        or ("then" in lows and lows & _WOULD)
    ):
        return ""  # a negated amount ("not between 100 and 115") is not asserted; nor one
        # supposed ("6 sacks a month would be £15.00 extra, then it is £157.00")
    charges = _charges(lows)
    if charges & {"fee", "fees"} and _monthly_fees(toks):
        charges -= {"fee", "fees"}  # "comes to 849.76 in monthly fees": the price
    cut, priced = _charge_clause(toks, charges)
    products |= _factors_of_price(toks, figures, subject)  # "$48.00/mo (6 x $8.00)"
    loose = bool(lows & _LOOSE)
    average = bool(lows & _AVERAGE)
    first_head = next((k for k, t in enumerate(toks) if t.low in _OF_HEADS), len(toks))
    named = _named(toks, figures, lows, subject)
    ids = {t.offer for t in toks if t.kind in ("offer", "near") and t.offer} | (
        {subject} if subject else set()
    )  # whose source a quoted amount may come from: those named, or any when none is
    own = {t.offer for t in toks if t.kind in ("offer", "near") and t.offer}  # not "it"
    pair = _pair(toks, figures, lows)
    if (
        pair is not None
        and sum(
            1 for k, t in enumerate(toks) if t.kind == "num" and not t.pct and _gap_amount(toks, k)
        )
        != 1
    ):
        pair = None  # "B is 1.51 more and C 4.02 more": gaps to a third, unnamed
    measured = any(t.kind == "num" and t.unit in lx.MEASURES for t in toks)
    several, bundle = _several(toks), _bundle_ceiling(lows, own, figures)  # "Two lines on
    # Spark would be $140": that many prices; "Kayo and Binge together ...": a bundle
    if counts_things(toks, _COUNT_FOLLOW):
        return ""  # "web-starter hosts 1 site, web-business 5, web-agency 25": no money
    discounts = _discounts(toks)  # "15 % off ..., which would bring it to NOK 636.65"
    intro = lx.first_period([t.low for t in toks])
    if any(pair in _ONE_USE for pair in pairwise(t.low for t in toks)):
        return ""  # "a single session costs £9", "a drop-in is $25": one use's price
    for index, tok in enumerate(toks):
        if tok.kind != "num" or index in used:
            continue
        if tok.period == "other":
            wrong = _per_use_figure(toks, index, figures, named, uses, loose=loose) or (
                _short_period_figure(toks, index, figures, named, loose)
            )
            if wrong:
                return wrong
            continue
        if (
            index in products
            or _passed_over(
                toks,
                index,
                cut,
                first_head,
                measured=measured,
                records=len(figures.values),
                priced=priced,
            )
            or (for_the_equipment(toks, index) and not any(figures.quoted.values()))
        ):  # "$349 for the dish" when no source names equipment money: unread
            continue
        if (
            all(v < bundle for v in tok.values)
            or (tok.period == "month" and intro)
            or (promo_amount(toks, index) and not discounts)
        ):
            continue  # "29.99 a month the first year", "the first 6 months are €45": a
            # promotion's price; "Kayo and Binge together come to $37.00, less than the
            # $43.00 you'd pay separately": a bundle's
        if figures.values and all(
            value > _BEYOND_TERMS * figures.values[-1] or places == 3
            for value, places in zip(tok.values, tok.places, strict=True)
        ):
            continue  # "a sum insured of 750.000 kr": no price of a term anyone signs
        spans = [
            _span(toks, index, v, p, loose) for v, p in zip(tok.values, tok.places, strict=True)
        ]
        if tok.pct:
            wrong = _percent_figure(toks, index, figures, named, spans)
            if wrong:
                return wrong
            continue
        factors = _factors(
            tok, periods, discounts, short=short, quarters=bool(lows & _QUARTERS),
            split=uses.counts if uses is not None else frozenset(), several=several,
        )  # fmt: skip
        if (
            not any(
                figures.amount(a / f, b / f, named, average=average)
                for a, b in spans
                for f in map(Decimal, factors)
            )
            and not (
                (tok.period is None or not ids or added_on(toks, index))  # "Base price of €14.50
                # per month is included", "plus A$5 a month for insurance": a part or an add-on
                and any(figures.from_source(a, b, ids or figures.by_id) for a, b in spans)
            )
            and not (  # "its $1 first month makes year one $149.39"
                stated is not None
                and tok.period in (None, "year")
                and stated.total(
                    spans, own, figures.by_id, periods if tok.period is None else (12,)
                )
            )
        ):
            return f"{tok.text} is no price, difference, sum or yearly or term figure of the inputs"
        if pair is not None and _gap_amount(toks, index):
            sign = _gap_sign(toks, index)
            gap = (pair[0] - pair[1]) * sign if sign else abs(pair[0] - pair[1])
            if not any(
                a / f <= gap <= b / f or figures.amount(a / f, b / f, (), average=average)
                for a, b in spans
                for f in map(Decimal, factors)
            ):
                return f"{tok.text} is not the difference between the two offers it names"
    return ""


_ONE_USE = frozenset({("single", "session"), ("single", "class"), ("single", "visit"),
                      ("drop", "-"), ("walk", "-"), ("day", "pass")})  # fmt: skip
"""Word pairs of a price for one use (``a single session``, ``drop-in``, ``day pass``)."""
_WOULD = frozenset({"would", "could", "might"})
_BEYOND_TERMS = 120
"""An amount over ten years of the dearest price is a cover, a value or a limit."""


def _passed_over(
    toks: list[Tok],
    index: int,
    cut: int,
    first_head: int,
    *,
    measured: bool,
    records: int,
    priced: bool = False,
) -> bool:
    """The number at ``index`` is not audited: in the clause of a charge (from ``cut``; an
    amount before it may be about the charge unless the charge states its own, ``priced``),
    no figure (a bound, a count), more of a measured unit, a unit's, unmarked as money, or
    the end of a band every offer is said to cost."""
    tok = toks[index]
    if index >= cut or (cut < len(toks) and not priced and not _firm(toks, index)):
        return True  # the clause of an excess or a fee, or an amount it may be about
    if _no_figure(toks, index, records):
        return True  # "sotto i 285": a bound
    if (
        valued(toks, index)
        or for_another_thing(toks, index)
        or _measured_in_brackets(toks, index)
        or called(toks, index)  # "(call it $130)": a figure rounded
    ):
        return True  # "(value £799)": a thing's worth; "£229 a year for a service plan"
    if measured and not tok.money and tok.period is None and not _priced(toks, index):
        return True  # "50 pages against 100 for B": more of the same unit
    if tok.unit is not None and not _in_total(toks, index):
        return True
    if (not tok.money and _numbered_thing(toks, index)) or _model_figure(toks, index):
        return True  # "les zones 1 à 5", "levels 2 to 4": which ones, no figure
    if not _audited(toks, index, first_head) or _per_other(toks, index):
        return True
    if rate_before(toks, index):
        return True  # "a daily rate of A$114.00": a day's figure, not a month's
    return _band_end(toks, index)  # "every offer costs between €30 and €40": a band


def _percent_figure(
    toks: list[Tok],
    index: int,
    figures: Figures,
    named: list[Decimal],
    spans: list[tuple[Decimal, Decimal]],
) -> str:
    """A per cent must be a difference between the offers' prices, unless it is a discount
    on something (``EA Play gives 10% off EA purchases``)."""
    after = max([index, *toks[index].marks]) + 1
    if after < len(toks) and toks[after].low in _OFF_WORDS:
        return ""
    than = [k for k in range(after, min(after + 4, len(toks) - 1)) if toks[k].low in _THAN]
    if than and toks[than[0] + 1].low in _PAYING:
        return ""  # "around 10% more than paying annually": a way to pay, no offer
    before = toks[max(0, index - 6) : index]
    if any(t.low in _PAYING for t in before) and not any(
        t.kind in ("offer", "near") for t in before
    ):
        return ""  # "annual plans are 20-30% cheaper across the board": billing, no offer
    side = _percent_side(toks, index)
    if any(figures.percent(a, b, named, side) for a, b in spans):
        return ""
    return f"{toks[index].text}% is no difference between the offers' prices in per cent"


def _numbered_thing(toks: list[Tok], index: int) -> bool:
    """The number at ``index`` numbers things named before it (``zones 1 à 5``)."""
    k = index - 1
    if k > 0 and toks[k].low in _RANGE_JOINS and toks[k - 1].kind == "num":
        k -= 2
    return k >= 0 and toks[k].low in _NUMBERED


def _model_figure(toks: list[Tok], index: int) -> bool:
    """A bare number right before a capitalised model word (``2.0 EcoBlue``): a model's
    figure (an engine, a version), no money."""
    tok, after = toks[index], toks[index + 1] if index + 1 < len(toks) else None
    return (
        not tok.pct
        and (index == 0 or toks[index - 1].low not in CURRENCY)
        and after is not None
        and after.kind == "word"
        and after.text[:1].isupper()
        and not after.text.isupper()
        and any(c.isupper() for c in after.text[1:])
    )


_RANGE_JOINS = frozenset({"à", "to", "-", "and", "et", "bis", "a", "al", "through", "y"})
_NUMBERED = frozenset({"zone", "zones", "level", "levels", "floor", "floors", "stage",
                       "stages", "gate", "gates", "terminal", "terminals", "bay", "bays",
                       "aisle", "room", "rooms", "niveau", "niveaux", "étage", "nivel",
                       "niveles", "zona", "zonas", "stufe", "stufen"})  # fmt: skip
_MEASURE_NOUNS = frozenset({"kilometer", "kilometers", "kilometre", "kilometres", "km", "miles",
                            "meilen", "minutes", "minuten", "hours", "stunden", "users", "seats",
                            "devices", "channels", "sites", "licences", "licenses",
                            "gigabytes"})  # fmt: skip


def _measured_in_brackets(toks: list[Tok], index: int) -> bool:
    """``die meisten Kilometer (1.500)``, ``most minutes (3,000)``: a bare number in
    brackets after a unit's noun is how much of it, no money."""
    tok = toks[index]
    return (
        not tok.money
        and index >= 2
        and toks[index - 1].low == "("
        and (toks[index - 2].low in _MEASURE_NOUNS or toks[index - 2].low in lx.MEASURES)
    )


def valued(toks: list[Tok], index: int) -> bool:
    """``value £799``, ``valued at 1,200``, ``purchase price $1,799.99``, ``aparelho de R$
    6.999,00``: a thing's worth, no price; ``the $1,499 laptop``: the price of a good."""
    k = index - 1
    while k >= 0 and (
        toks[k].low in CURRENCY
        or toks[k].low in (":", "of", "at", "de", "von")
        or toks[k].low in lx.HEDGES  # "che da sola vale circa 90 €"
    ):
        k -= 1
    if k >= 0 and (
        toks[k].low in _WORTH
        or (toks[k].low == "price" and k and toks[k - 1].low in ("purchase", "retail", "list"))
    ):
        return True
    after = toks[index + 1].low if index + 1 < len(toks) else ""
    return (
        toks[index].money
        and k >= 0
        and toks[k].low in ("the", "a", "my", "our", "your")
        and (after in _GOODS)
    )


_WORTH = frozenset({"value", "valued", "worth", "rrp", "msrp", "aparelho", "appareil", "gerät",
                    "handset", "balance", "saldo", "vale", "valgono", "vaut", "valent", "valen",
                    "wert", "waard", "værd", "verdt", "värd"})  # fmt: skip
_GOODS = frozenset(
    {
        "laptop",
        "phone",
        "smartphone",
        "handset",
        "tv",
        "television",
        "tablet",
        "camera",
        "watch",
        "bike",
        "e-bike",
        "console",
        "fridge",
        "boiler",
        "car",
        "van",
        "sofa",
        "ring",
        "device",
        "computer",
        "iphone",
        "macbook",
        "ipad",
    }
)
"""Goods a price may qualify (``the $1,499 laptop``): not an offer of the inputs."""


_SHARES = {
    **dict.fromkeys(("week", "weekly", "woche", "semaine", "semana", "settimana", "vecka",
                     "veckan", "uge", "ugen", "tydzień"), (Decimal(12) / 52, 1 / Decimal("4.33"))),
    **dict.fromkeys(("day", "daily", "tag", "jour", "día", "dia", "giorno", "dag", "dagen",
                     "dzień"), (Decimal(12) / 365, Decimal(1) / Decimal("30.4"))),
    **dict.fromkeys(("quarter", "quarterly", "quartal", "trimestre", "kwartaal"), (Decimal(3),)),
}  # fmt: skip
"""A month's price as a share of another period (a week: 12/52 or 1/4.33, never 1/4)."""
_CONVERSION = frozenset({"that", "which", "works", "comes", "equals", "i.e", "ie", "or",
                         "exactly", "about", "roughly", "around", "means", "="})  # fmt: skip
"""Words that present an amount as the same price over another period."""
_RATE_THINGS = frozenset({"roaming", "insurance", "excess", "standing", "snacks", "meals",
                          "lunch", "parking", "optional", "extra", "additional", "per",
                          "used", "use", "visit", "session", "site", "supply",
                          "connection", "network"})  # fmt: skip
"""Words of a sentence about another thing's rate (``roaming costs £2 per day``, ``the
lowest supply charge, 98 cents a day``)."""


def _per_use_figure(
    toks: list[Tok], index: int, figures: Figures, named: list[Decimal], uses: Uses | None,
    *, loose: bool,
) -> str:  # fmt: skip
    """A rate per one of the uses the text counts (``about £6.25 a wash`` at ``4 washes a
    month``) must be a figure of the inputs over that many uses."""
    if uses is None or not uses.per or toks[index].pct:
        return ""
    k = index + 1
    while k < len(toks) and (toks[k].low in CURRENCY or toks[k].low in _RATE_COMPARED):
        k += 1
    if k + 1 >= len(toks) or toks[k].low not in ("a", "an", "per", "each", "/"):
        return ""
    tok = toks[index]
    spans = [_span(toks, index, v, p, loose) for v, p in zip(tok.values, tok.places, strict=True)]
    wrong = per_use(toks[k + 1].low, spans, uses, lambda a, b: figures.amount(a, b, named))
    return f"{tok.text} {wrong}" if wrong else ""


_RATE_COMPARED = frozenset({"more", "less", "extra", "cheaper", "dearer"})


def _short_period_figure(
    toks: list[Tok], index: int, figures: Figures, named: list[Decimal], loose: bool
) -> str:
    """An amount per week, per day or per quarter (``$9.75 a week``, ``exactly €18.25 a
    day``, ``€120.00 a quarter``) must be a figure of the inputs over that period."""
    tok = toks[index]
    word = next((toks[m].low for m in reversed(tok.marks) if toks[m].low in _SHARES), None)
    if word is None or tok.pct or not _audited(toks, index, len(toks)):
        return ""
    lows = {t.low for t in toks}
    if "|" in lows or lows & lx.CHARGES or lx.charge_words(lows) or lows & _RATE_THINGS:
        return ""  # "£68/day" in a table, "roaming costs £2 per day": another thing's rate
    if not (lows & _CONVERSION or any(t.period in ("month", "year") for t in toks if t.money)):
        return ""  # a rate said on its own: not said to be the monthly price over a week
    if _counts_days(toks):
        return ""  # "across 22 working days", "three days a week": a basis it states
    spans = [_span(toks, index, v, p, loose) for v, p in zip(tok.values, tok.places, strict=True)]
    if any(figures.amount(a / f, b / f, named) for a, b in spans for f in _SHARES[word]):
        return ""
    return f"{tok.text} a {word} is no price or difference of the inputs over a {word}"


def _counts_days(toks: list[Tok]) -> bool:
    """The sentence counts days or weeks (``22 working days``, ``three days a week``,
    ``4 weeks``): a rate per day or week may be over that many, not over the calendar."""
    for index, tok in enumerate(toks[:-1]):
        if tok.kind != "num" or tok.money or tok.pct:
            continue
        k = index + 1
        while k < len(toks) and toks[k].low in _DAY_KINDS:
            k += 1
        if k < len(toks) and toks[k].low in _COUNTED_DAYS:
            return True
    return False


_DAY_KINDS = frozenset({"working", "business", "school", "office", "week", "full", "half",
                        "commuting", "billable", "-"})  # fmt: skip
_COUNTED_DAYS = frozenset({"days", "day", "weeks", "weekdays", "visits", "sessions", "tage",
                           "arbeitstage", "jours", "días", "dias", "giorni", "dagen",
                           "dagar"})  # fmt: skip


def _factors(
    tok: Tok,
    periods: frozenset[int],
    discounts: tuple[Decimal, ...],
    *,
    short: bool,
    quarters: bool = False,
    split: frozenset[int] = frozenset(),
    several: frozenset[int] = frozenset(),
) -> list[Decimal]:
    """What an amount may be a multiple of a monthly figure by: its own period, else 1 and
    every term; each less a discount (or plus a rise) the sentence states; and a week's or
    a day's share in a clause about weeks or days (``In weekly terms ...: about 4,15 €``)."""
    months = {"month": (1,), "year": (12,)}.get(tok.period or "", (1, *sorted(periods)))
    factors = [Decimal(f) for f in months]
    factors += [f * (1 - share) for f in factors for share in discounts]
    if short and tok.period is None:  # weeks, days or quarters: "(A$457.50)" below a
        factors += [Decimal(12) / 52, Decimal(12) / 365, Decimal(3)]  # quarterly heading
    if quarters and tok.period is None:  # "billed quarterly at $58.50", "every six months"
        factors += [Decimal(3), Decimal(6)]
    factors += [f / count for f in factors for count in split]  # "about £6.25 (£24.99)" at 4
    # washes a month, "£27.00 a month" shared between the three of us: a share of a figure
    factors += [f * count for f in factors[:1] for count in several]  # "two lines": twice
    return factors


def _bundle_ceiling(lows: set[str], own: set[str], figures: Figures) -> Decimal:
    """The sum of the prices of the records a sentence names when it sets a bundle of them
    against paying for each separately (an amount below it is the bundle's); else 0."""
    if len(own) < 2 or not lows & _SEPARATELY:
        return Decimal(0)
    return sum((figures.by_id[o] for o in own if o in figures.by_id), Decimal(0))


_SEPARATELY = frozenset({"separately", "individually", "einzeln", "séparément", "separadamente",
                         "separatamente", "apart", "afzonderlijk"})  # fmt: skip


def _several(toks: list[Tok]) -> frozenset[int]:
    """The counts of lines, seats or people a sentence prices together (``Two lines on
    Spark would be $140``, ``for 3 seats``): an amount may be that many prices."""
    found = set()
    for k in range(1, len(toks)):
        if toks[k].low in lx.PER_HEAD and toks[k].low.endswith("s"):
            before = toks[k - 1]
            count = _WORDS.get(before.low)
            if before.kind == "num" and len(before.values) == 1 and not before.money:
                value = before.values[0]
                count = int(value) if value == value.to_integral_value() else None
            if count is not None and 1 < count <= 100:
                found.add(count)
    return frozenset(found)


def _pair(toks: list[Tok], figures: Figures, lows: set[str]) -> tuple[Decimal, Decimal] | None:
    """The prices of the two offers a sentence names, when a gap in it can only be theirs:
    it names exactly two and no third by rank or group (``the cheapest``, ``the others``);
    the subject's first, then the one named after the comparand word (``than B``)."""
    ids = {t.offer for t in toks if t.kind in ("offer", "near") and t.offer}
    if len(ids) != 2 or lows & _NOT_A_PAIR:
        return None
    comparand = _compared_with(toks)
    if comparand is None:
        return None
    subject = next(i for i in ids if i != comparand)
    first, second = figures.by_id.get(subject), figures.by_id.get(comparand)
    if first is None or second is None:
        return None
    return first, second


def _compared_with(toks: list[Tok]) -> str | None:
    """The offer named right after a comparand word (``than B``, ``instead of B``, ``over
    Sorgenia``, ``als B``); None when there is none (``than the tied pair``)."""
    for k, tok in enumerate(toks):
        if tok.low in _COMPARAND:
            before = any(t.kind in ("offer", "near") for t in toks[:k])
            for ahead in toks[k + 1 : k + 3]:
                if ahead.kind in ("offer", "near") and ahead.offer and before:
                    return ahead.offer  # not "1.00 more than A or B": no subject named before
            return None
    return None


def _gap_sign(toks: list[Tok], index: int) -> int:
    """Which way a gap goes from the subject: 1 for ``N more``/``N dearer``/``N teurer``,
    -1 for ``N less``/``N cheaper``, 0 when the words do not say (``saves N``, ``by N``)."""
    tok = toks[index]
    after = max([index, *tok.marks]) + 1
    while after < len(toks) and toks[after].low in _PERIOD_WORDS:
        after += 1
    word = toks[after].low if after < len(toks) else ""
    if word in ("más", "mas", "più", "plus", "mais") and after + 1 < len(toks):
        cheap = toks[after + 1].low in langs.CHEAP_WORDS
        return -1 if cheap else 1  # "2,40 € más barata que B", "più caro"
    if word in _DEAR_GAP:
        return 1
    if word in _CHEAP_GAP:
        return -1
    return 0


_COUNT_BEFORE = frozenset({"the", "tied", "other", "only", "all", "both", "these", "those"})
_DEAR_GAP = frozenset({"more", "dearer", "pricier", "costlier", "higher", "above", "teurer",
                       "duurder", "plus", "más", "più", "mais", "extra"})  # fmt: skip
_CHEAP_GAP = frozenset({"less", "cheaper", "lower", "below", "günstiger", "billiger",
                        "goedkoper", "moins", "menos", "meno"})  # fmt: skip


def _gap_count(toks: list[Tok]) -> int:
    """How many amounts in the sentence are said as gaps (not percentages)."""
    return sum(
        1 for k, t in enumerate(toks) if t.kind == "num" and not t.pct and _gap_amount(toks, k)
    )


def _gap_amount(toks: list[Tok], index: int) -> bool:
    """The amount at ``index`` is said as a gap: ``5.00 less``, ``4.00 more than``, ``saves
    10.40``, ``by 3.50`` (not a price, a total or a bound)."""
    tok = toks[index]
    after = max([index, *tok.marks]) + 1
    while after < len(toks) and toks[after].low in _PERIOD_WORDS:
        after += 1
    if after < len(toks) and toks[after].low in _GAP_AFTER:
        return True
    before = _before(toks, index)
    return before >= 0 and toks[before].low in _GAP_BEFORE


_GAP_AFTER = frozenset({"less", "more", "cheaper", "dearer", "pricier", "costlier", "lower",
                        "higher", "above", "below", "günstiger", "billiger", "teurer",
                        "goedkoper", "duurder", "moins", "plus", "menos", "más", "meno",
                        "più", "mais", "extra"})  # fmt: skip
_GAP_BEFORE = frozenset({"by", "saves", "save", "saving", "spart", "spaart", "bespaart",
                         "risparmiano", "risparmia", "ahorra", "ahorras", "économise",
                         "economiza", "poupa", "of"})  # fmt: skip
_COMPARAND = frozenset({"than", "over", "instead", "compared", "versus", "vs", "against",
                        "invece", "als", "que", "dan", "rispetto", "gegenüber", "anziché",
                        "di", "del", "della", "à", "de", "na", "niż", "än", "end",
                        "enn"})  # fmt: skip
"""Words that name the offer a gap is to: without one, a gap may be to an offer unnamed."""
_NOT_A_PAIR = frozenset({
    "that", "this", "it", "these", "those", "es", "das", "dies", "ce", "cela", "ciò", "esto",
    "eso", "dat", "dit", "isso", "which", "next", "other", "others", "rest", "remaining",
    "average", "mean", "total", "together", "combined", "sum", "all", "every", "each", "both",
    "either", "neither", "any", "second", "third", "fourth", "first", "last", "then",
    "respectively", "if", "would", "users", "user", "seats", "seat", "most", "least", "pair",
    "tied", "group", "trio", "duo",
}) | lx.CHEAP_SUP | lx.DEAR_SUP  # fmt: skip


_PCT_CHEAP = {"cheaper", "less", "lower", "off", "below", "under", "günstiger", "billiger",
              "preiswerter", "weniger", "goedkoper", "minder", "moins", "menos", "meno",
              "billigare", "lägre"}  # fmt: skip
_PCT_DEAR = {"more", "dearer", "pricier", "costlier", "higher", "above", "over", "extra",
             "teurer", "mehr", "höher", "duurder", "meer", "hoger", "dyrare", "mer", "högre",
             "plus", "más", "mas", "più", "mais"}  # fmt: skip
_PCT_MORE_CHEAP = langs.CHEAP_WORDS | {"cheap", "cheaply"}
"""After ``más``/``più``/``plus`` ..., the adjectives that make the whole cheaper."""


def _percent_side(toks: list[Tok], index: int) -> str | None:
    """Which way the percentage at ``index`` goes, from the words after it: ``cheap``
    (``12% cheaper``, ``12 % moins cher``), ``dear`` (``12% more``, ``12 % de plus``), or
    None (``a gap of 12%``, ``12% of``, ``más barato`` read as cheap)."""
    words = [t.low for t in toks[index + 1 : index + 4] if t.kind == "word"]
    if words[:1] == ["de"]:  # "11 % de plus", "11 % de moins"
        words = words[1:]
    if not words:
        return None
    if words[0] in _PCT_CHEAP:
        return (
            "cheap"
            if words[0] not in ("menos", "meno")
            or len(words) < 2
            or (words[1] not in _PCT_MORE_CHEAP)
            else None
        )
    if words[0] in _PCT_DEAR:
        return "cheap" if len(words) > 1 and words[1] in _PCT_MORE_CHEAP else "dear"
    return None


def _per_other(toks: list[Tok], index: int) -> bool:
    """``8.50 per seat``, ``€2 a user``: a rate per something the inputs do not price."""
    after = max([index, *toks[index].marks]) + 1
    words = [t.low for t in toks[after : after + 2]]
    return (
        len(words) == 2
        and words[0] in ("per", "a", "an", "each", "every", "/", "za", "pro")
        and words[1] not in _PERIOD_OR_CUE
        and words[1][:1].isalpha()
    )  # not "20 reais a menos" (less)


def rate_before(toks: list[Tok], index: int) -> bool:
    """A rate of another period names the amount (``a daily fee of A$114.00``, ``the weekly
    rate: $80``): a figure per day or week, no monthly amount."""
    words = [t.low for t in toks[max(0, index - 5) : index]]
    return any(
        word in ("daily", "weekly", "hourly", "nightly")
        and (later in _RATE_NOUNS or words[k + 2 : k + 3] in (["charge"], ["fee"], ["rate"]))
        for k, (word, later) in enumerate(pairwise(words))
    )  # "a daily fixed charge of NZ$2.15": one word may stand between


_RATE_NOUNS = frozenset({"fee", "fees", "rate", "rates", "charge", "cost", "price", "tariff"})


def _in_total(toks: list[Tok], index: int) -> bool:
    """``1,000 in total``: the ``in`` the tokenizer took for a unit ("3 in 4") is not one."""
    after = [t.low for t in toks[index + 1 : index + 3]]
    return toks[index].unit == "in" and after == ["in", "total"]


def _named(toks: list[Tok], figures: Figures, lows: set[str], subject: str | None) -> list[Decimal]:
    """The prices a difference may start from: those of the offers the sentence names and
    of the offer ``it`` stands for; all prices when it names none or speaks of a group."""
    ids = {t.offer for t in toks if t.kind in ("offer", "near") and t.offer}
    if lows & _SINGULAR:
        if subject is None:
            return figures.values
        ids.add(subject)
    if not ids or lows & _GROUP_OR_UNNAMED:
        return figures.values  # "the spread between the cheapest and the dearest is 227.25"
    return [v for i, v in figures.by_id.items() if i in ids]


def _audited(toks: list[Tok], index: int, first_head: int) -> bool:
    """A number is audited when something marks it as money (``first_head``: where the
    sentence first names a saving, gap, total or price)."""
    tok = toks[index]
    after = max([index, *tok.marks]) + 1
    if tok.pct:  # "15% cheaper", "by 15%", "(about 15%)", "a 15% saving"; not "a 99.9% SLA"
        before = _before(toks, index)
        if after + 1 < len(toks) and toks[after].low == "off" and toks[after + 1].low in _PROMO:
            return False  # "15 % off for customers with a mobile plan": a promotion's rate
        if after + 1 < len(toks) and toks[after].low == "de":
            after += 1  # "11 % de plus", "11 % de moins"
        return (after < len(toks) and toks[after].low in _AFTER_CUES) or (
            before >= 0 and toks[before].low in ("by", "(", "saves", "save", "of")
        )
    if _limit(toks, index) or charge_after(toks, index):
        return False  # "cover up to £1,000", "a €69 set-up fee": no monthly price
    if after < len(toks) and toks[after].low == "off":
        return False  # "R150 off 1st box": a discount, no price
    before = _before(toks, index)
    if before >= 0 and toks[before].low in ("covers", "covering", "insures", "covered"):
        return False  # "the Aviva quote only covers £500,000": a sum insured
    if (
        before >= 1
        and toks[before].low == "at"
        and toks[before - 1].low.removesuffix("s") in (_PER_THINGS | _PER_HEAD_CODES)
    ):
        return False  # "10 creator seats at $85": a price per seat
    if tok.words and not tok.money and index and toks[index - 1].low in _COUNT_BEFORE:
        return False  # "7.40 more than the tied three each month": a count of offers
    if _before(toks, index) >= 0 and toks[_before(toks, index)].low == "same":
        return False  # "for the same £250,000 over 25 years": what both offers share
    if _model_number(toks, index):
        return False  # "the Peugeot 208", "the Clio 5": a model, not an amount
    if tok.money or tok.period in ("month", "year"):
        return True
    if tok.words and index > 0 and toks[index - 1].low == "the":
        return False  # "the two pricier plans", "The two premium tiers": a count
    if after < len(toks) and toks[after].low in _AFTER_CUES:
        return not _counts_a_noun(toks, after, after + 1)  # not "2 extra modules"
    if _listed(toks, after):  # "3.50 and 5.50 dearer": the cue after the list
        return True
    if _counts_a_noun(toks, index, after):  # "at four coworking desks": a count
        return False
    before = _before(toks, index)
    if before < 0:
        return False
    low = toks[before].low
    earlier = toks[before - 1] if before > 0 else None
    if earlier is not None and earlier.low in _MULTIPLIERS:
        return False
    if toks[before].kind in ("offer", "near"):
        return True
    if low in (":", "(", "=", "-") and earlier is not None and earlier.kind in (
        "offer", "near"):  # fmt: skip
        return True
    if low == "(" and any(p > 0 for p in tok.places):
        return True
    if low == "of":
        return earlier is not None and earlier.low in _OF_HEADS
    if low == "to":  # "comes to 560", "from 40.90 to 62", "A comes to 959.76 and B to 1,097.76"
        return earlier is not None and (
            earlier.low in _TO_HEADS
            or earlier.kind == "num"
            or (
                earlier.kind in ("offer", "near") and any(t.low in _TO_HEADS for t in toks[:before])
            )
        )
    if low in ("is", "are", "was", "were", "equals", "be"):  # "the saving ... is 135.88"
        return first_head < before
    if low == "for":  # "covers 10 seats for 75.00": an amount with cents is money
        return any(p > 0 for p in tok.places)
    return low in _BEFORE_CUES


_UP_TO = {"bis", "jusqu'à", "hasta", "até", "fino"}
_RANGE_STARTS = {"from", "von", "de", "desde", "da", "van", "between", "zwischen", "entre",
                 "tra", "fra", "tussen", "ab"}  # fmt: skip


def _model_number(toks: list[Tok], index: int) -> bool:
    """A bare number right after a capitalised word inside the sentence (``Peugeot 208``,
    ``iPhone 13``, ``Clio 5``): part of a product's name."""
    tok, before = toks[index], toks[index - 1] if index > 1 else None
    return (
        before is not None
        and not tok.money
        and tok.period is None
        and before.kind in ("word", "near")
        and before.text[:1].isupper()
        and before.low not in _AFTER_CUES
        and before.low not in _BEFORE_CUES
    )


def _priced(toks: list[Tok], index: int) -> bool:
    """A price verb comes just before the number (``costs 29.99``)."""
    return index > 0 and toks[index - 1].low in ("costs", "cost", "priced", "at", "charges")


def _limit(toks: list[Tok], index: int) -> bool:
    """The number is the upper limit of something (``up to £1,000``, ``bis 3.000 €``), not
    the end of a range of prices (``von 90 € bis 120 €``)."""
    before = _before(toks, index)
    if before < 1:
        return False
    low, earlier = toks[before].low, toks[before - 1].low
    if low == "a" and earlier == "fino":  # "fino a 1.000 €"
        low, earlier = "fino", toks[before - 2].low if before > 1 else ""
    adds = before > 1 and toks[before - 2].low in ("adds", "add", "added", "adding", "sums")
    if not ((low == "to" and earlier == "up" and not adds) or low in _UP_TO):
        return False  # "adds up to 1,000": a total
    return not any(t.low in _RANGE_STARTS for t in toks[:before])


_TIERS = frozenset({"tier", "tiers", "band", "bracket", "segment", "group"})


def _band_end(toks: list[Tok], index: int) -> bool:
    """An end of ``costs between 30 and 40`` (not of ``prices range between 31.50 and
    41``, whose ends are the lowest and the highest price)."""
    before = _before(toks, index)
    if before >= 0 and toks[before].low in ("and", "to", "-"):
        first = before - 1
        while first >= 0 and toks[first].kind != "num":
            first -= 1
        if first < 0 or before - first > 4:
            return False
        before = _before(toks, first)
    if before >= 0 and toks[before].low == "(" and any(t.low in _TIERS for t in toks[:before]):
        return True  # "Mid tier (EUR 30 to 45): ...": the tier's band
    if before < 0 or toks[before].low != "between":
        return False
    verb = toks[before - 1].low if before > 0 else ""
    return verb not in ("range", "ranges", "ranging", "vary", "varies", "span", "spans", "lie")


def _not_negation(toks: list[Tok], k: int) -> bool:
    """Portuguese ``no`` before a noun (``no total``, ``no contrato``): "in the", not "no";
    or a negation that a dash sets apart from every amount (``A isn't cheaper than B — it's
    3.60 more``: the amount is asserted)."""
    after = toks[k + 1].low if k + 1 < len(toks) else ""
    if toks[k].low == "no" and after in ("total", "final", "contrato", "período", "ano", "mês"):
        return True
    if toks[k].low not in lx.NEGATIONS:
        return False
    amounts = [i for i, t in enumerate(toks) if t.kind == "num"]
    return bool(amounts) and all(
        any(_spaced_dash(toks, d) for d in range(min(i, k) + 1, max(i, k))) for i in amounts
    )


def _spaced_dash(toks: list[Tok], d: int) -> bool:
    """A dash with a space on each side at ``d``: an aside's edge, not ``offer-b``."""
    return (
        toks[d].text in ("-", "\u2014", "\u2013")
        and toks[d - 1].end < toks[d].start
        and d + 1 < len(toks)
        and toks[d].end < toks[d + 1].start
    )


def _counts_a_noun(toks: list[Tok], index: int, after: int) -> bool:
    """A whole number with no currency or period followed by a word that is not a
    function word (``four coworking desks``, ``3 admin seats``): a count of things."""
    tok = toks[index]
    if tok.kind == "num" and (
        tok.money or tok.period is not None or any(p > 0 for p in tok.places)
    ):
        return False
    if after >= len(toks) or toks[after].kind != "word":
        return False
    word = toks[after].low
    return (
        word not in _FUNCTION
        and word not in lx.PERIOD_WORDS
        and word not in CURRENCY
        and word not in _NOT_NOUNS
    )


def _listed(toks: list[Tok], after: int) -> bool:
    """After a number, ``and``/``,``/``or`` and another number with a cue after it."""
    if after + 1 >= len(toks) or toks[after].low not in ("and", ",", "or"):
        return False
    nxt = toks[after + 1]
    if nxt.kind != "num" or nxt.unit is not None or nxt.pct:
        return False
    end = max([after + 1, *nxt.marks]) + 1
    return end < len(toks) and toks[end].low in _AFTER_CUES


def _before(toks: list[Tok], index: int) -> int:
    """The token before a number, past its currency and its hedge ("more than", "about")."""
    skipped = _BEFORE_SKIPPED
    at = index - 1
    while at >= 0 and (at in toks[index].marks or toks[at].low in skipped):
        at -= 1
    if at >= 1 and toks[at].text in ("-", "+") and signed(toks, index):
        at -= 1  # "(-6,5 %)": past the sign
    return at


def _hedge(toks: list[Tok], index: int) -> list[str]:
    """Up to three words before a number (past its currency and a ``than``)."""
    words = [toks[k].low for k in range(max(0, index - 4), index) if k not in toks[index].marks][
        -3:
    ]
    if len(words) > 1 and words[-1] in _THAN and (words[-1] == "than" or words[-2] in _BOUNDS):
        words.pop()  # "less than 50", "minder dan 50", "moins de 50"
    elif len(words) > 1 and words[-1] in _HEDGE_LINKS and words[-2] in _APPROX:
        words.pop()  # "close to $1,000", "intorno ai 290 €", "cerca de 50"
    elif len(words) == 3 and words[0] in _AROUND_VERBS and words[1] == "por":
        return ["about"]  # "Pacífico anda por los S/ 170": around that
    return words


_AROUND_VERBS = frozenset({"anda", "andan", "ronda", "rondan"})


_HEDGE_LINKS = frozenset({"to", "a", "ai", "al", "alle", "de", "di", "of", "von"})


def hedged_ranges(toks: list[Tok], index: int) -> list[tuple[Decimal, Decimal]]:
    """The figures a number loosened by a hedge or a bound allows ("more than 50": 50 and
    up; "nearly 20%": within the tolerance); [] when nothing loosens it."""
    near = set(_hedge(toks, index))
    if not near & (_APPROX | _JUST | _BELOW | _ABOVE):
        return []
    tok = toks[index]
    return [_span(toks, index, v, p, False) for v, p in zip(tok.values, tok.places, strict=True)]


def _span(
    toks: list[Tok], index: int, value: Decimal, places: int, loose: bool
) -> tuple[Decimal, Decimal]:
    """The true figures the written number allows: its rounding, or its hedge's range."""
    half = Decimal(5).scaleb(-places - 1)
    near = _hedge(toks, index)
    last = near[-1] if near else ""
    if last in ("exactly", "precisely", "exact", "genau", "exactement", "exactamente"):
        if places == 0:  # "exactly 8" for 7.50: no rounding
            return value, value
        return value - half, value + half  # stated to the cent: "exactly 18.96%" for 18.9641
    just = any(w in _JUST for w in near)
    if just and last in _BELOW:
        return value * (1 - _NEAR), value
    if just and last in _ABOVE:
        return value, value * (1 + _NEAR)
    if last in _ALMOST:  # "nearly 20%" for 19.0, not for 21; rounding allowed
        return value * (1 - _NEAR) - half, value + half
    after = [t.low for t in toks[index + 1 : index + 3]]
    if toks[index].pct and not loose and last in _APPROX:  # "about 11%": 10 to 12, not 12
        return value - 1 + _EPSILON, value + 1 - _EPSILON
    if loose or after[:1] == ["+"] or after == ["or", "so"]:
        return value * (1 - _TOLERANCE) - half, value * (1 + _TOLERANCE) + half
    if last in _APPROX:
        tolerance = min(_TOLERANCE, hedge_tolerance(value))
        return value * (1 - tolerance) - half, value * (1 + tolerance) + half
    if last in _BELOW:
        return Decimal(0), value
    if last in _ABOVE:
        return value, value * 10**6
    return value - half, value + half


_LOCAL_SKIP = lx.CHARGES
"""Words of a charge that is no monthly price: they mute their own clause and what follows
it, not a clause before them ("Zego is £6.30 less than AXA a month, though its excess is
£750")."""
_OWNING = frozenset({"has", "have", "its", "their", "carries", "comes", "gives", "offers",
                     "names", "quotes", "nennt", "hat", "verlangt", "noemt", "heeft",
                     "indique", "a", "tiene", "cobra"})  # fmt: skip
"""After ``and``, a new predicate of the same offer: "is £2.65 dearer and has a £200 excess"."""
_CLAUSE_TURNS = frozenset({"though", "although", "but", "while", "whereas", "yet", "aber",
                           "jedoch", "während", "mais", "tandis", "pero", "aunque",
                           "mientras", "ma", "mentre", "però", "maar", "terwijl", "men", "mas",
                           "embora"})  # fmt: skip


def _financial_year(toks: list[Tok]) -> bool:
    """``2025/26``, ``2026-27``: a financial year named, whose figures (a past programme's
    cost, a budget) are no offer's monthly price."""
    return any(
        a.kind == "num"
        and a.text.isdigit()
        and 1990 <= int(a.text) <= 2100
        and sep.text in ("/", "-", "\u2013")
        and b.kind == "num"
        and b.text.isdigit()
        and len(b.text) == 2
        and int(b.text) == (int(a.text) + 1) % 100
        for a, sep, b in zip(toks, toks[1:], toks[2:], strict=False)
    )


def _charges(lows: set[str]) -> set[str]:
    """The words of charges that are no monthly price in a sentence of words ``lows``."""
    charges = (lows & _LOCAL_SKIP) | lx.charge_words(lows)
    if {"one", "off"} <= lows:
        charges |= {"off"}  # "a one-off charge (150)": "one-off" is two tokens
    if {"one", "time"} <= lows:
        charges |= {"time"}  # "a one-time cleanup at $3,200": so is "one-time"
    return charges


def _monthly_fees(toks: list[Tok]) -> bool:
    """Every ``fee``/``fees`` in the sentence is a monthly or subscription fee (the price)."""
    return all(
        k > 0 and toks[k - 1].low in ("monthly", "subscription", "recurring", "regular")
        for k, t in enumerate(toks)
        if t.low in ("fee", "fees")
    )


def _bracketed_year(toks: list[Tok]) -> str:
    """``€66.80 a month (€821.40 a year)``: a year's figure in brackets right after a
    month's is twelve times it, to the decimals it is written with; else what is wrong."""
    for index, tok in enumerate(toks):
        if tok.kind != "num" or tok.period != "year" or len(tok.values) != 1:
            continue
        k = index - 1 - (index > 0 and toks[index - 1].low in CURRENCY)
        if k < 1 or toks[k].text != "(":
            continue
        month = next(
            (
                t
                for t in toks[max(0, k - 6) : k]
                if t.kind == "num" and max([-1, *t.marks]) == k - 1
            ),
            None,
        )  # the amount whose period words end right before the bracket
        if month is None or month.period != "month" or len(month.values) != 1:
            continue
        year = round_to(month.values[0] * 12, tok.places[0])
        if year != tok.values[0]:
            return f"{tok.text} a year is not twelve times {month.text} ({year})"
    return ""


def _charge_clause(toks: list[Tok], charges: set[str]) -> tuple[int, bool]:
    """Where the clause of the sentence's first charge begins (``len(toks)``: no charge),
    and whether the charge states its own amount right before its word (``with $0
    installation``, ``a $45 set-up fee``): then that amount begins the clause, and the
    amounts before it are no part of the charge."""
    if not charges:
        return len(toks), False
    cut = _before_charges(toks, charges)
    first = next(k for k, t in enumerate(toks) if t.low in charges)
    for k in range(first - 1, max(cut, first - 4) - 1, -1):
        if toks[k].kind == "num" and toks[k].money:
            own = _listed_before(toks, k)  # "$1,000 collision and $500 comprehensive
            return (own, True) if own > cut else (cut, False)  # deductibles": both its own
        if toks[k].kind != "word" and toks[k].text != "-":
            break
    return cut, False


def _listed_before(toks: list[Tok], k: int) -> int:
    """The first amount of a list that ends with the amount at ``k`` (``$1,000 collision and
    $500``): each joined to the next by ``and``, ``or`` or a comma, a word between."""
    while True:
        j = k - 1 - (k > 0 and toks[k - 1].low in CURRENCY)  # "$500": from the sign
        if j >= 0 and toks[j].low in ("and", "or", ",", "/"):
            j -= 1
            if j >= 0 and toks[j].kind == "word":
                j -= 1  # "collision"
            if j >= 0 and toks[j].kind == "num" and toks[j].money:
                k = j
                continue
        return k


def _before_charges(toks: list[Tok], charges: set[str]) -> int:
    """Where the clause naming a charge begins: after the last ``;``, dash or ``, though``
    (``, but``, ...) before the charge word; 0 when no such turn comes before it."""
    first = next(k for k, t in enumerate(toks) if t.low in charges)
    for k in range(first - 1, 0, -1):
        low = toks[k].low
        if (
            low in (";", "\u2014", "\u2013")
            or (low in _CLAUSE_TURNS and toks[k - 1].low == ",")
            or (low in ("and", "und", "en", "et", "y", "e") and toks[k + 1].low in _OWNING)
        ):
            if any(t.low in _BACK_REFERENCES for t in toks[k:]):
                return 0  # "£345 a year, but that includes the £45 set-up fee"
            return k
    return 0


_BACK_REFERENCES = lx.INCLUSIVE | {"that", "this", "which", "those", "these"}


_SUM_SIGNS = frozenset({"+", "-", "*", "\u00d7", "/", "\u00f7", "x", "(", ")"})


def _worked_sum(toks: list[Tok]) -> tuple[set[int], str]:
    """``pure: 50 + 12 x 24.99 = 349.88``, ``(89 - 22.99) / 89 = 0.742``: a sum written out
    right before ``=`` is checked as arithmetic (``x`` and ``/`` before ``+`` and ``-``,
    brackets first) against the number right after it; its numbers, result included, are
    no figures to look up. With a number read two ways or a result taken back (``= 495 -
    wait``) its numbers are left alone."""
    equals = [k for k, t in enumerate(toks) if t.text == "="]
    if not equals:
        return set(), ""
    at = equals[-1]
    after = at + 1
    while after < len(toks) and toks[after].low in CURRENCY:
        after += 1
    result = after if after < len(toks) and toks[after].kind == "num" else None
    start = at  # back over the expression: its numbers, signs and currencies
    while start > 0 and (
        toks[start - 1].kind == "num"
        or toks[start - 1].text in _SUM_SIGNS
        or toks[start - 1].low in CURRENCY
        or toks[start - 1].text in _QUOTES  # calc("(80 - 65) / 80 * 100") = 18.75
    ):
        start -= 1
    items: list[Decimal | str] = []
    numbers: set[int] = set()
    for k in range(start, at):
        tok = toks[k]
        if tok.kind == "num":
            numbers.add(k)
            items.append(tok.values[0] if len(tok.values) == 1 else "?")
        elif tok.text in _SUM_SIGNS:
            items.append(_OPERATORS.get(tok.text, tok.text) if tok.low != "x" else "x")
    if not any(item in ("+", "-", "x", "/") for item in items):
        return set(), ""
    if result is None:
        return numbers, ""  # "45 x 11 = 495 - wait, ...": its result taken back, no figure
    total = _evaluate(items)
    stated = toks[result]
    if total is not None and not _comes_to(total, stated):
        shown = round_to(total, max(stated.places, default=0) + 2).normalize()
        return numbers | {result}, f"the sum written out comes to {shown:f}, not {stated.text}"
    return numbers | {result}, ""


_OPERATORS = {"*": "x", "\u00d7": "x", "\u00f7": "/"}
_QUOTES = frozenset({'"', "'", "`"})


def _evaluate(items: list[Decimal | str]) -> Decimal | None:
    """The value of numbers, ``+ - x /`` and brackets (``x``, ``/`` bind first); None when
    they do not make one well-formed expression (or divide by zero)."""
    values: list[Decimal] = []
    pending: list[str] = []
    binding = {"+": 1, "-": 1, "x": 2, "/": 2}

    def apply() -> bool:
        op = pending.pop()
        if op not in binding or len(values) < 2:
            return False
        right, left = values.pop(), values.pop()
        if op == "/" and not right:
            return False
        values.append(left + right if op == "+" else left - right if op == "-"
                      else left * right if op == "x" else left / right)  # fmt: skip
        return True

    expect_number = True
    for item in items:
        if isinstance(item, Decimal) != expect_number and item not in ("(", ")"):
            return None  # two numbers or two signs in a row, a number read two ways
        if isinstance(item, Decimal):
            values.append(item)
            expect_number = False
        elif item == "(":
            pending.append(item)
        elif item == ")":
            while pending and pending[-1] != "(":
                if not apply():
                    return None
            if not pending:
                return None
            pending.pop()
        else:
            while pending and binding.get(pending[-1], 0) >= binding[item]:
                if not apply():
                    return None
            pending.append(item)
            expect_number = True
    while pending:
        if pending[-1] == "(":
            pending.pop()  # "(22.99/89 = 0.258)": the bracket holds the whole equation
        elif not apply():
            return None
    return values[0] if len(values) == 1 and not expect_number else None


def _comes_to(total: Decimal, stated: Tok) -> bool:
    """``total`` rounded half-up to the places ``stated`` shows is one of its readings
    (``0.333`` of 20/60; a percent, of a share or already times 100: ``33%``)."""
    scaled = (total * 100, total) if stated.pct else (total,)
    return any(
        round_to(value, p) == v
        for value in scaled
        for v, p in zip(stated.values, stated.places, strict=False)
    )


def _factors_of_price(toks: list[Tok], figures: Figures, subject: str | None) -> set[int]:
    """``$48.00/mo (6 x $8.00)``, ``5 x CHF 14.00``: the two numbers of a product that comes
    to an amount the sentence states or to the price of a record it names (each a factor,
    no price); a product that comes to neither is left to the audit."""
    named = {t.offer for t in toks if t.kind in ("offer", "near") and t.offer}
    named |= {subject} if subject else set()
    prices = {figures.by_id[o] for o in named if o in figures.by_id} or set(figures.values)
    found: set[int] = set()
    for k, tok in enumerate(toks):
        if tok.text in ("\u00d7", "*") or tok.low == "x":
            left = _num_near(toks, range(k - 1, max(-1, k - 5), -1))  # "5 paid users x $6.00"
        elif tok.low in _EACH_AT:  # "5 Plätze zu je 3,75 €", "4 desks at £95 each"
            left = _num_near(toks, range(k - 1, max(-1, k - 4), -1))
            if left is None or toks[left].money or not _each_near(toks, k):
                continue
        else:
            continue
        right = _num_near(toks, range(k + 1, min(len(toks), k + 4)))
        if left is None or right is None or len(toks[left].values) * len(toks[right].values) != 1:
            continue
        product = toks[left].values[0] * toks[right].values[0]
        stated = {v for i, t in enumerate(toks) if t.kind == "num" and i not in (left, right)
                  for v in t.values}  # fmt: skip
        if any(product == v for v in stated | prices):
            found |= {left, right}
    return found


def _num_near(toks: list[Tok], steps: range) -> int | None:
    """The first number over ``steps``, past words and currencies only."""
    for i in steps:
        if toks[i].kind == "num":
            return i
        if toks[i].kind not in ("word", "punct") or toks[i].text in (",", ";", ".", "(", ")"):
            return None
    return None


def _each_near(toks: list[Tok], k: int) -> bool:
    """``zu je``, ``at ... each``: the rate after ``k`` is for each of the things counted."""
    near = {t.low for t in toks[k : k + 5]}
    return bool(near & {"each", "je", "apiece", "chacun", "chacune", "cada", "ciascuno", "stuk"})


_EACH_AT = frozenset({"at", "zu", "\u00e0", "a", "de"})


def _unit_across(toks: list[Tok], index: int) -> bool:
    """A bare number set against one with a unit (``a 36 month contract vs 24``, ``(18 vs
    24 months)``): the same unit, no amount."""
    tok = toks[index]
    if tok.money or tok.unit is not None:
        return False
    for step in (-1, 1):
        k = index + step
        while 0 <= k < len(toks) and toks[k].kind == "word" and toks[k].low in _UNIT_NOUNS:
            k += step  # "36 month contract vs 24": past the unit's nouns
        if not (0 <= k < len(toks)) or toks[k].low not in _VERSUS:
            continue
        other = k + step
        while 0 <= other < len(toks) and toks[other].kind != "num" and abs(other - k) < 4:
            other += step
        if 0 <= other < len(toks) and toks[other].kind == "num" and toks[other].unit:
            return not toks[other].money
    return False


_VERSUS = frozenset({"vs", "versus", "v", "against", "or", "to"})
_UNIT_NOUNS = frozenset({"contract", "term", "minimum", "commitment", "plan", "deal"})


def after_bound(toks: list[Tok], index: int) -> bool:
    """A number a bound word comes before, up to three words back (``sous la barre des
    15 €``, ``superano i 40 €``, ``mniej niż 200 zł``): a threshold, not a figure."""
    return any(toks[k].low in _BOUND_WORDS for k in range(max(0, index - 4), index))


_BOUND_WORDS = frozenset({  # English bounds are read by the forms (and audited as bounds)
    "sous",
    "dessous", "au-dessus", "dépassent", "dépasse", "sotto", "sopra", "oltre", "superano",
    "supera", "superan", "superam", "bajo", "debajo", "encima", "abaixo", "acima", "unter",
    "über", "unterhalb", "oberhalb", "übersteigen", "übersteigt", "onder", "boven",
    "overschrijden", "mniej", "więcej", "poniżej", "powyżej", "przekraczają", "understiger",
    "överstiger", "overstiger", "barre", "seuil", "soglia", "umbral", "grens", "grenze",
    "limite", "crosses", "cross", "menos", "moins", "meno", "minder", "weniger", "mindre",
    "méně", "více", "přesahuje", "nepřesahuje", "alle", "yli", "vähemmän", "enemmän",
    "alatt", "felett", "kevesebb", "több", "över", "mellan", "passa", "passam", "pasa",
    "pasan", "baja", "bajan", "depășește", "depășesc", "peste", "sub",
})  # fmt: skip


def _firm(toks: list[Tok], index: int) -> bool:
    """A number stated as a monthly or yearly price or as a gap (``£66.80 a month``, ``£6.30
    less``): audited even before a clause about a charge."""
    tok = toks[index]
    if tok.period in ("month", "year"):
        return True
    after = max([index, *tok.marks]) + 1
    return after < len(toks) and toks[after].low in _GAP_WORDS


_GAP_WORDS = frozenset({"less", "more", "cheaper", "dearer", "pricier", "costlier", "lower",
                        "higher", "above", "below", "günstiger", "billiger", "teurer",
                        "moins", "plus", "menos", "más", "meno", "più", "goedkoper",
                        "duurder"})  # fmt: skip


# Unions the readers test words against, made once at import (the word sets never change).
_SKIP_OR_NEGATION = frozenset(_SKIP | lx.NEGATIONS)
_WIDE_SKIP = _SKIP_OR_NEGATION - _LOCAL_SKIP
_PERIOD_OR_CUE = frozenset(_PERIOD_WORDS | _AFTER_CUES)
_GROUP_OR_UNNAMED = frozenset(_GROUP | _UNNAMED)
_BEFORE_SKIPPED = frozenset(
    _APPROX | _JUST | _BELOW | _ABOVE | _THAN | {"a", "exactly", "precisely", "only"}
)


_ADDED = frozenset({"plus", "+", "extra", "additional", "add", "adds", "zzgl", "zuzüglich",
                    "añades", "añade", "añadir", "ajoutez", "ajouter", "aggiungi",
                    "aggiungendo", "adicionar", "hinzu", "dazu"})  # fmt: skip


def added_on(toks: list[Tok], index: int) -> bool:
    """An amount added on top (``plus A$5 a month``, ``+ £4/mo``, ``zzgl. 5 €``, ``Si añades
    el mantenimiento opcional (9,90 €/mes)``): an add-on word up to eight tokens before."""
    return any(toks[k].low in _ADDED for k in range(max(0, index - 8), index))


_OFF = frozenset({"off", "discount", "rabatt", "korting", "rabat", "réduction", "remise",
                  "descuento", "sconto", "desconto"})  # fmt: skip
_RISE = frozenset({"increase", "rise", "hike", "uplift", "erhöhung", "hausse", "aumento",
                   "höjning", "prisøkning", "stijging"})  # fmt: skip


def _discounts(toks: list[Tok]) -> tuple[Decimal, ...]:
    """The share a discount in the sentence takes off (``15 % off``, ``20% discount``,
    ``10 % Rabatt``, ``half price``), negative for a rise (``8% increase``): a price after
    it is a figure."""
    found = []
    for k, tok in enumerate(toks):
        if tok.kind == "num" and tok.pct and len(tok.values) == 1 and 0 < tok.values[0] < 100:
            after = max([k, *tok.marks]) + 1
            if after < len(toks) and toks[after].low in _OFF:
                found.append(tok.values[0] / 100)
            elif after < len(toks) and toks[after].low in _RISE:
                found.append(-tok.values[0] / 100)  # "its 8% increase would lift it to ..."
        elif (
            tok.low in ("half", "half-price")
            and k + 1 < len(toks)
            and (tok.low == "half-price" or toks[k + 1].low in ("price", "-"))
        ):
            found.append(Decimal("0.5"))  # "the first month is half price at £9.80"
    return tuple(found)


_WHO = frozenset({"that", "which", "who", "die", "qui", "que", "che"})
_COUNTED_AS = frozenset({"cheaper", "dearer", "pricier", "costlier", "more", "less",
                         "above", "below", "higher", "lower", "over", "under", "ahead",
                         "behind"})  # fmt: skip


def _no_figure(toks: list[Tok], index: int, records: int) -> bool:
    """The number at ``index`` is a bound (``sotto i 285``), a figure in the unit of another
    (``a 36 month contract vs 24``) or a count (``three vans cheaper``): no amount."""
    after = max([index, *toks[index].marks]) + 1
    pair = tuple(t.low for t in toks[after : after + 2])
    return (
        after_bound(toks, index)
        or pair in _OPEN_ENDED  # "₹500 and up:", "£40 or more": a band's edge
        or _unit_across(toks, index)
        or counted(toks, index, records)
        or set_against_count(toks, index, _COUNT_FOLLOW)  # "4 screens versus 1 for B"
    )


_OPEN_ENDED = frozenset({("and", "up"), ("and", "above"), ("and", "over"), ("or", "more"),
                         ("or", "above"), ("and", "under"), ("and", "below"),
                         ("or", "less")})  # fmt: skip


def counted(toks: list[Tok], index: int, records: int) -> bool:
    """A whole number written in words, no more than the offers compared, before a plural
    noun or a comparison (``two plans are cheaper``, ``three dearer``) or between an
    article and a relative word (``the only two that``): a count of offers."""
    tok = toks[index]
    if not tok.words or tok.money or tok.period is not None or len(tok.values) != 1:
        return False
    value = tok.values[0]
    if value != value.to_integral_value() or not 0 < value <= records:
        return False
    after = toks[index + 1] if index + 1 < len(toks) else None
    if index and toks[index - 1].low in ("the", "only") and after and after.low in _WHO:
        return True  # "Direct Line and Churchill are the only two that go over £1,000"
    return after is not None and (
        after.low in _COUNTED_AS or (after.kind == "word" and after.low.endswith("s"))
    )


_COUNT_FOLLOW = frozenset(_PERIOD_OR_CUE | lx.PERIOD_WORDS | lx.CONNECTORS | lx.FILLERS
                          | lx.VERBS | lx.HEDGES | {"for", "in", "at", "on", "with", "from",
                                                   "to", "by", "as", "each"})  # fmt: skip
"""Words after a number that do not make it a count of things (``90 a month``, ``90 and``)."""


_QUARTERS = frozenset({"quarter", "quarterly", "quarters", "half-year", "half-yearly",
                       "six-monthly", "semester", "quartal", "trimestre", "kwartaal"})  # fmt: skip
"""Words of a quarter or half-year: an amount with no period may be three or six months'."""
