"""Amounts of a promotion beside the monthly price: ``£26 a month for the first 6 months``,
``in den ersten 12 Monaten 9,99 €``, ``9,99 € la première année, puis 16,99 €``, ``its
intro price is $49.90``. Such an amount is what an offer costs for a while, not the price
the inputs give: the reader holds it against no figure and never marks it checked.

The amount must sit close to the words of the promotion, with no ``then`` between them:
in ``£24.99 for the first 12 months, then £29.99 [c3]`` only 24.99 is the promotion's.
"""

from __future__ import annotations

from itertools import pairwise

from . import lexicon as lx
from .tokens import Tok

_PERIODS = lx.PERIOD_NOUNS | {"years", "jahre", "jahren", "monaten", "années", "ans", "años",
                              "anni", "jaren", "anos", "weeks", "semaines", "wochen"}  # fmt: skip
_AFTER = frozenset({"after", "nach", "après", "dopo", "después", "na", "bout"})
"""``nach 12 Monaten um 29,99 €``, ``au bout de 12 mois à 25 €``: the price until then."""
_FOR = frozenset({"for", "pendant", "durante", "für", "per", "voor"})
"""``$49.90 a month for six months``: a price for a while (with a promotion's word)."""
_PROMO_WORDS = frozenset({"intro", "introductory", "promo", "promotional", "promotion",
                          "aktionspreis", "einführungspreis", "lancio", "launch"})  # fmt: skip
_THEN = frozenset({"then", "thereafter", "afterwards", "danach", "dann", "anschließend", "puis",
                   "ensuite", "luego", "después", "poi", "daarna", "depois", "once", "rising",
                   "rises", "reverts", "revert", "until", "bis", "jusqu'à", "hasta", "fino",
                   "saving", "savings", "save", "saves", "saved", "difference", "total",
                   "totals", "alone", "altogether", "ersparnis", "économie", "ahorro",
                   "risparmio", "besparing", "less", "more", "cheaper", "dearer"})  # fmt: skip
"""Words that end a promotion's reach: the later price (``then``), or a figure worked out
over the promotion's months (``In the first 12 months alone the saving is 124.00``)."""
_BACK = _THEN | {",", ";", ":", "(", ")", "[", "]"}
"""Before the promotion's words, a clause break ends the reach too: in ``42,99 €
monatlich, in den ersten 6 Monaten 10 € Rabatt`` 42,99 is the price."""
_YEAR = frozenset({"year", "jahr", "année", "an", "año", "anno", "jaar", "ano"})
_INSTEAD = frozenset({("instead", "of"), ("au", "lieu"), ("en", "lugar"), ("em", "vez"),
                      ("in", "plaats"), ("rather", "than")})  # fmt: skip
_REACH = 7
"""How many tokens apart the amount and the promotion's words may be."""


def promo_amount(toks: list[Tok], index: int) -> bool:
    """The money amount at ``index`` is a promotion's price (see the module). Only the
    tokens within reach are read, so a long sentence costs linear time."""
    low, high = max(0, index - _REACH - 4), min(len(toks), index + _REACH + 4)
    for start, end in _marks(toks, low, high):
        if (
            toks[end].low in _YEAR
            and toks[index].period != "month"
            and not _instead(toks[low:high])
        ):
            continue  # "Its first year costs $744.00": a year's total, audited as one
        if end < index <= end + _REACH and not _broken(toks, end + 1, index):
            return True
        if index < start <= index + _REACH and not _broken(toks, index + 1, start, _BACK):
            return True
    return False


def _marks(toks: list[Tok], low: int, high: int) -> list[tuple[int, int]]:
    """The spans naming a promotion from ``low`` to ``high``: ``first (6) months``, ``after
    12 months``, ``intro``."""
    found = []
    for k in range(low, high):
        tok = toks[k]
        if tok.low in _PROMO_WORDS:
            found.append((k, k))
            continue
        if tok.low not in lx.FIRST_WORDS and tok.low not in _AFTER and tok.low not in _FOR:
            continue
        j = k + 1
        if tok.low == "bout" and j + 1 < len(toks) and toks[j].low == "de":
            j += 1  # "au bout de 12 mois"
        if j < len(toks) and toks[j].kind == "num" and not toks[j].money:
            j += 1  # "first 6 months", "for six months"
        if j < len(toks) and toks[j].low in _PERIODS and (j > k + 1 or tok.low in lx.FIRST_WORDS):
            if tok.low in _FOR and not any(t.low in _PROMO_WORDS for t in toks[low:high]):
                continue  # "£1,188 for 12 months": a total over a term, not a promotion
            found.append((k, j))
    return found


def _instead(toks: list[Tok]) -> bool:
    """``39,99 € au lieu de 89,88 €``: a promotion's price set against the usual one."""
    lows = [t.low for t in toks]
    return any((a, b) in _INSTEAD or a in ("statt", "anstatt", "invece") for a, b in pairwise(lows))


def _broken(toks: list[Tok], start: int, end: int, stops: frozenset[str] = _THEN) -> bool:
    """A ``then`` or another money amount between the promotion and the amount."""
    return any(t.low in stops or (t.kind == "num" and t.money) for t in toks[start:end])
