"""Checking what a rationale claims against the offers, deterministically.

The rationale is split into sentences; each sentence is searched for the claim forms
below. A claim the inputs contradict is a reason to block the report; a claim they
confirm is listed as verified; a sentence with no checkable claim, or with a claim too
ambiguous to check, is listed as unverified for the reviewer. Nothing is matched
loosely: an amount either equals the input exactly (percentages: to the precision
written) or the claim is contradicted.

Claim forms (``X``, ``Y`` are offer ids; ``N`` an amount; ``P`` a percentage):

* price:       ``X costs N``, ``X is N``, ``X at N``, ``X: N``, ``N for X``, ``X (N)``
* superlative: ``X is the cheapest``, ``X has the lowest (monthly) price``,
               ``X is the least expensive``, ``the best price is X``; with no id,
               ``the cheapest costs N`` (N must be the lowest price)
* order:       ``X is cheaper / less expensive / lower than Y``,
               ``X is more expensive / pricier / higher than Y``
* difference:  ``X costs N more / less than Y``, ``X is N cheaper than Y``,
               ``X saves N over / compared to / versus Y``
* percentage:  ``X is P% cheaper / less / lower / more / higher than Y``
* ids:         ``offer Z`` / ``option Z`` / ``plan Z`` must name an offer
* amounts in any sentence with a currency or per-month marker and no other form
  must be some offer's price

Amounts are written ``90``, ``90.00``, ``90.5``, ``$90``, ``90 EUR``, ``€90/month``,
``1,200`` (thousands), ``1,200.50``, ``1.200,50`` and ``90,50`` (decimal comma).
``1.200`` alone is ambiguous (1.2 or 1200) and is not checked.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

_CURRENCY = r"(?:[$€£]|EUR|USD|GBP)"
_NUMBER = (
    r"(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?"  # 1,200 / 1,200.50
    r"|\d{1,3}(?:\.\d{3})+,\d+"  # 1.200,50
    r"|\d{1,3}(?:\.\d{3})+(?![\d,])"  # 1.200: ambiguous, recognised so it is not misread
    r"|\d+,\d{1,2}(?!\d)"  # 90,50
    r"|\d+(?:\.\d+)?)"  # 90 / 90.5
)
AMOUNT = re.compile(
    rf"(?P<pre>{_CURRENCY}\s?)?{_NUMBER}(?P<pct>\s?(?:%|percent))?"
    rf"(?P<post>\s?{_CURRENCY})?(?P<per>\s?(?:/|per|a)\s?(?:month|mo)\b)?"
)
_SENTENCE = re.compile(r"(?:[^.!?;]|\.(?=\d))+(?:[.!?;]|$)")  # 90.5 is not an end
_SUPERLATIVE = re.compile(
    r"\b(?:cheapest|lowest(?: monthly)? price|lowest|least expensive|best price)\b", re.I
)
_CHEAPER = r"(?:cheaper|less expensive|lower|less)"
_DEARER = r"(?:more expensive|pricier|higher|more)"
_NAMED = re.compile(r"\b(?i:offer|option|plan)\s+([A-Z0-9][\w-]*)")
_VERBS = r"(?:is|costs|has|at|offers|charges|comes|was|would|saves|remains|:|\(|'s)"


@dataclass(frozen=True)
class Claim:
    """One claim (or unclaimed sentence) found in the rationale."""

    text: str
    start: int
    end: int
    kind: str
    says: str  # what the inputs say about it

    def as_dict(self) -> dict[str, Any]:
        return {
            "claim": self.text,
            "start": self.start,
            "end": self.end,
            "kind": self.kind,
            "inputs": self.says,
        }


@dataclass(frozen=True)
class ClaimCheck:
    """Claims the inputs contradict, claims they confirm, and sentences nobody checked."""

    contradicted: list[Claim]
    verified: list[Claim]
    unverified: list[Claim]

    def as_dict(self) -> dict[str, list[dict[str, Any]]]:
        return {
            "contradicted": [c.as_dict() for c in self.contradicted],
            "verified": [c.as_dict() for c in self.verified],
            "unverified": [c.as_dict() for c in self.unverified],
        }


def parse_amount(text: str) -> Decimal | None:
    """The value of a written amount, or None when the notation is ambiguous."""
    if re.fullmatch(r"\d{1,3}(?:\.\d{3})+", text):
        return None  # 1.200: a thousands point or a decimal point
    if "," in text and "." in text:
        text = (
            text.replace(".", "").replace(",", ".")
            if text.rfind(",") > text.rfind(".")
            else text.replace(",", "")
        )
    elif re.fullmatch(r"\d{1,3}(?:,\d{3})+", text):
        text = text.replace(",", "")
    elif "," in text:
        text = text.replace(",", ".")
    try:
        return Decimal(text)
    except InvalidOperation:
        return None


def check_rationale(rationale: str, offers: list[dict[str, Any]], recommended: str) -> ClaimCheck:
    """Check every claim in ``rationale`` against ``offers`` (all priced)."""
    prices = {str(o["id"]): Decimal(str(o["monthly"])) for o in offers}
    cheapest = min(prices.values())
    checker = _Checker(prices, cheapest, recommended)
    for match in _SENTENCE.finditer(rationale):
        sentence = match.group(0)
        if sentence.strip():
            checker.sentence(sentence, match.start())
    return ClaimCheck(checker.contradicted, checker.verified, checker.unverified)


class _Checker:
    def __init__(self, prices: dict[str, Decimal], cheapest: Decimal, recommended: str) -> None:
        self.prices = prices
        self.cheapest = cheapest
        self.recommended = recommended
        self.contradicted: list[Claim] = []
        self.verified: list[Claim] = []
        self.unverified: list[Claim] = []
        ids = sorted(prices, key=len, reverse=True)
        self.id_pattern = re.compile(
            r"(?<![\w-])(" + "|".join(re.escape(i) for i in ids) + r")(?![\w-])"
        )

    def judge(self, text: str, start: int, kind: str, ok: bool, says: str) -> None:
        claim = Claim(text.strip(), start, start + len(text), kind, says)
        (self.verified if ok else self.contradicted).append(claim)

    def ids_in(self, sentence: str) -> list[re.Match[str]]:
        found = []
        for match in self.id_pattern.finditer(sentence):
            word = match.group(1)
            after = sentence[match.end() :]
            is_article = (
                word in ("A", "I")
                and re.match(r"\s+[a-z]", after)
                and not re.match(rf"\s*{_VERBS}", after)
            )
            if not is_article:
                found.append(match)
        return found

    def sentence(self, sentence: str, offset: int) -> None:
        before = len(self.contradicted) + len(self.verified)
        used: set[int] = set()  # start positions of amounts already consumed by a form
        self._named(sentence, offset)
        self._relations(sentence, offset, used)
        self._superlative(sentence, offset, used)
        self._prices(sentence, offset, used)
        if len(self.contradicted) + len(self.verified) == before:
            self.unverified.append(
                Claim(
                    sentence.strip(),
                    offset,
                    offset + len(sentence),
                    "unverified",
                    "no checkable claim",
                )
            )

    def _named(self, sentence: str, offset: int) -> None:
        for match in _NAMED.finditer(sentence):
            name = match.group(1)
            known = name in self.prices
            self.judge(
                match.group(0),
                offset + match.start(),
                "id",
                known,
                "an offer" if known else f"no offer {name!r} in the inputs",
            )

    def _relations(self, sentence: str, offset: int, used: set[int]) -> None:
        ids = self.ids_in(sentence)
        for left, right in itertools.pairwise(ids):
            between = sentence[left.end() : right.start()]
            x, y = left.group(1), right.group(1)
            span = sentence[left.start() : right.end()]
            at = offset + left.start()
            px, py = self.prices[x], self.prices[y]
            pct = re.search(
                rf"{_NUMBER}\s?(?:%|percent)\s+(?P<dir>{_CHEAPER}|{_DEARER})\s+than", between
            )
            diff = re.search(
                rf"(?:{_CURRENCY}\s?)?{_NUMBER}(?:\s?{_CURRENCY})?(?:\s?(?:/|per|a)\s?month)?\s+"
                rf"(?P<dir>{_CHEAPER}|{_DEARER})\s+than",
                between,
            )
            saves = re.search(
                rf"\bsaves?\s+(?:{_CURRENCY}\s?)?{_NUMBER}.*?\b(?:over|compared to|versus|vs\.?|"
                r"against)\s*$",
                between,
            )
            order = re.search(rf"\b(?P<dir>{_CHEAPER}|{_DEARER})\s+than\s*$", between)
            if pct:
                used.add(left.end() + pct.start())
                value = parse_amount(pct.group("num"))
                cheaper = re.fullmatch(_CHEAPER, pct.group("dir")) is not None
                actual = (py - px) / py * 100 if cheaper else (px - py) / py * 100
                ok = value is not None and _same_to_precision(actual, value, pct.group("num"))
                self.judge(
                    span,
                    at,
                    "percentage",
                    ok,
                    f"{x} is {px}, {y} is {py}: "
                    f"{'cheaper' if cheaper else 'dearer'} by {actual:.2f}%",
                )
            elif diff or saves:
                found = diff or saves
                assert found is not None
                used.add(left.end() + found.start("num"))
                value = parse_amount(found.group("num"))
                cheaper = (
                    saves is not None or re.fullmatch(_CHEAPER, found.group("dir")) is not None
                )
                actual = py - px if cheaper else px - py
                self.judge(
                    span,
                    at,
                    "difference",
                    value is not None and actual == value,
                    f"{x} is {px}, {y} is {py}",
                )
            elif order:
                cheaper = re.fullmatch(_CHEAPER, order.group("dir")) is not None
                ok = px < py if cheaper else px > py
                self.judge(span, at, "order", ok, f"{x} is {px}, {y} is {py}")

    def _superlative(self, sentence: str, offset: int, used: set[int]) -> None:
        match = _SUPERLATIVE.search(sentence)
        if match is None:
            return
        ids = self.ids_in(sentence)
        if ids:
            subject = min(ids, key=lambda m: abs(m.start() - match.start())).group(1)
            ok = subject == self.recommended and self.prices[subject] == self.cheapest
            self.judge(
                sentence,
                offset,
                "superlative",
                ok,
                f"the cheapest is {self.recommended} at {self.cheapest}",
            )
            return
        for amount in AMOUNT.finditer(sentence):
            if amount.group("pct") or amount.start() in used:
                continue
            used.add(amount.start())
            value = parse_amount(amount.group("num"))
            if value is not None:
                self.judge(
                    amount.group(0),
                    offset + amount.start(),
                    "superlative",
                    value == self.cheapest,
                    f"the lowest price is {self.cheapest}",
                )

    def _prices(self, sentence: str, offset: int, used: set[int]) -> None:
        ids = self.ids_in(sentence)
        for amount in AMOUNT.finditer(sentence):
            if amount.group("pct") or amount.start() in used or amount.start("num") in used:
                continue
            value = parse_amount(amount.group("num"))
            marked = any(amount.group(g) for g in ("pre", "post", "per"))
            owner = self._owner(sentence, ids, amount)
            if value is None or (owner is None and not marked):
                continue  # an ambiguous notation, or a number that is not an amount
            at = offset + amount.start()
            if owner is not None:
                price = self.prices[owner]
                self.judge(
                    sentence[min(amount.start(), _start_of(ids, owner)) : amount.end()],
                    offset + min(amount.start(), _start_of(ids, owner)),
                    "price",
                    value == price,
                    f"{owner} is {price}",
                )
            else:
                known = value in self.prices.values()
                self.judge(
                    amount.group(0),
                    at,
                    "amount",
                    known,
                    "a price in the inputs" if known else f"no offer costs {value}",
                )

    def _owner(self, sentence: str, ids: list[re.Match[str]], amount: re.Match[str]) -> str | None:
        """The offer an amount is stated for: the id just before it, or ``N for X``."""
        before = [m for m in ids if m.end() <= amount.start()]
        if before:
            last = before[-1]
            gap = sentence[last.end() : amount.start()]
            if re.fullmatch(
                rf"\s*(?:'s\s+price\s+(?:is|of)|{_VERBS}|is\s+priced\s+at|costs\s+"
                r"only|is\s+only|\(|:)?\s*(?:only\s+|just\s+)?"
                r"(?:the\s+(?:cheapest|lowest[a-z ]*?|least\s+expensive)\s+"
                r"(?:option\s+|offer\s+)?)?(?:at\s+)?",
                gap,
            ):
                return last.group(1)
        after = [m for m in ids if m.start() >= amount.end()]
        if after and re.fullmatch(
            r"\s*(?:for|with)\s+(?:offer\s+)?", sentence[amount.end() : after[0].start()]
        ):
            return after[0].group(1)
        return None


def _start_of(ids: list[re.Match[str]], owner: str) -> int:
    return next(m.start() for m in ids if m.group(1) == owner)


def _same_to_precision(actual: Decimal, written: Decimal, text: str) -> bool:
    """True when ``actual`` rounds to ``written`` at the precision it was written with."""
    decimals = len(text.replace(",", ".").split(".")[1]) if re.search(r"[.,]", text) else 0
    return abs(actual - written) <= Decimal(5) / (Decimal(10) ** (decimals + 1))
