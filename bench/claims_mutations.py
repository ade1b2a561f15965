"""Mutation campaign for the claims reader: no two readings of a sentence can both be true.

Every sentence the reader marks *checked* in the correct reports of the given eval splits
is mutated (one number changed, two record names swapped, a comparison word turned
around, a ``not`` added) and read again in the same report. A number changed by a
visible amount cannot leave a checked sentence true, nor can ``cheaper`` turned into
``more expensive``; so a mutant still marked checked is a false "checked" in one of the two
(names swapped can be symmetric: "A and B tie"; those are listed for a person).

    python bench/claims_mutations.py evals/claims/dev evals/claims/final [--show 20]

Prints the sentences read, mutants tried, and mutants still checked per mutation kind.
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
import sys
from collections import Counter
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

from stepgraph.claims import Table, check_text

_NUMBER = re.compile(r"(?<![\w.,#])\d+(?:[.,]\d+)?(?![\w])")
_FLIPS = [
    ("cheapest", "most expensive"),
    ("most expensive", "cheapest"),
    ("cheaper", "more expensive"),
    ("more expensive", "cheaper"),
    ("lowest", "highest"),
    ("highest", "lowest"),
    (" less ", " more "),
    (" more ", " less "),
    ("below", "above"),
    ("above", "below"),
    ("under", "over"),
    ("second", "third"),
    ("third", "second"),
    ("a month", "a year"),
    ("per month", "per year"),
    ("a year", "a month"),
    ("per year", "per month"),
    ("/month", "/year"),
    ("monthly", "yearly"),
    ("yearly", "monthly"),
    ("cheaper than", "dearer than"),
    ("less than", "more than"),
    ("more than", "less than"),
    ("saves", "costs an extra"),
]
_SYMMETRIC = re.compile(
    r"(?i)\b(tie|tied|same|equal|apart|between|and|both|neither|nor|second|third|fourth|"
    r"middle)\b"
)  # "A and B tie", "C is the second cheapest" of three is also the second dearest


def _cases(split: Path) -> Iterator[dict[str, Any]]:
    for path in sorted(split.rglob("*.json")):
        case = json.loads(path.read_text())
        if isinstance(case, dict) and "output" in case:
            yield case  # a checked sentence of a faulty report is meant true too


_BOUND = re.compile(
    r"(?i)(?:under|over|than|between|and|below|above|within|[-\N{EN DASH}])\s*[$€£]?\s*$"
)


_PERIODS = re.compile(r"month|year")
_LOOSE = re.compile(r"(?i)\b(?:less than|more than|under|over|below|above|between|no offer|none)\b")
"""A bound may stay true when its period changes ("no offer costs less than 45 a year")."""


def _mutants(sentence: str, ids: list[str]) -> Iterator[tuple[str, str]]:
    for match in _NUMBER.finditer(sentence):
        if _BOUND.search(sentence[: match.start()]):
            continue  # "under 50" -> "under 51" may stay true: a bound, loosened
        text = match.group(0)
        value = Decimal(text.replace(",", "."))
        bumped = value + (1 if value >= 5 else Decimal("0.5"))
        new = format(bumped, "f").replace(".", "," if "," in text else ".")
        yield "number", sentence[: match.start()] + new + sentence[match.end() :]
    present = [i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", sentence)]
    for first, second in itertools.pairwise(present):
        yield "names", _swap(sentence, first, second)
    for old, new in _FLIPS:
        if old in sentence and not (_PERIODS.search(old) and _LOOSE.search(sentence)):
            yield "word", sentence.replace(old, new, 1)
    if " is " in sentence:
        yield "not", sentence.replace(" is ", " is not ", 1)


class Campaign:
    """The counts of one run: sentences read, mutants tried, and the survivors."""

    def __init__(self) -> None:
        self.read = 0
        self.tried = 0
        self.survived: Counter[str] = Counter()
        self.found: list[str] = []  # the survivors that cannot be symmetric

    def run(self, splits: list[Path]) -> Campaign:
        for split in splits:
            for case in _cases(split):
                self._case(case)
        return self

    def _case(self, case: dict[str, Any]) -> None:
        offers = case["inputs"]["offers"]
        table = Table.from_rows(offers, alias_fields=("source",))
        output = case["output"]
        text, claims = output["rationale"], output.get("claims")
        ids = [o["id"] for o in offers]
        for sentence in check_text(text, table, claims).sentences:
            if sentence.verdict != "checked":
                continue
            self.read += 1
            for kind, mutant in _mutants(sentence.text, ids):
                if mutant == sentence.text:
                    continue
                self.tried += 1
                again = check_text(text.replace(sentence.text, mutant, 1), table, claims)
                hit = [s for s in again.sentences if s.text == mutant]
                if hit and hit[0].verdict == "checked":
                    symmetric = kind != "number" and _SYMMETRIC.search(mutant)
                    self.survived[f"{kind} (maybe symmetric)" if symmetric else kind] += 1
                    if not symmetric:
                        self.found.append(f"[{case['name']}] {sentence.text!r} -> {mutant!r}")


def _swap(sentence: str, first: str, second: str) -> str:
    pair = {first: second, second: first}

    def other(match: re.Match[str]) -> str:
        return pair[match.group(0)]

    pattern = rf"(?<![\w-])({re.escape(first)}|{re.escape(second)})(?![\w-])"
    return re.sub(pattern, other, sentence)


_MONEY_NUMBER = re.compile(
    r"(?<![\w.,#-])(?:[$€£]\s?)?(\d+(?:[.,]\d{2}))(?![\w.,])"
)  # an amount with two decimals: almost always a price, a gap or a total


_PAIRED = re.compile(r"(?i)\b(and|both|between|apart|respectively|neither|nor|tie|tied|same)\b")


class Recall:
    """Fault injection in correct reports: each two-decimal amount changed by 1 in turn,
    and in each sentence two offers of different prices swapped (not in a sentence that
    pairs them: "A and B", "between", "tie"); the report should then be blocked."""

    def __init__(self) -> None:
        self.tried = 0
        self.blocked = 0
        self.swaps = 0
        self.swaps_blocked = 0
        self.missed: list[str] = []

    def run(self, splits: list[Path]) -> Recall:
        for split in splits:
            for case in _cases(split):
                if case["expect"]["status"] == "ready_for_review":
                    self._case(case)
        return self

    def _case(self, case: dict[str, Any]) -> None:
        offers = case["inputs"]["offers"]
        table = Table.from_rows(offers, alias_fields=("source",))
        text, claims = case["output"]["rationale"], case["output"].get("claims")
        for match in _MONEY_NUMBER.finditer(text):
            written = match.group(1)
            value = Decimal(written.replace(",", ".")) + 1
            new = format(value, "f")
            new = new.replace(".", ",") if "," in written else new
            mutant = text[: match.start(1)] + new + text[match.end(1) :]
            self.tried += 1
            if check_text(mutant, table, claims).blocked:
                self.blocked += 1
            else:
                line = mutant[max(0, match.start(1) - 60) : match.end(1) + 20]
                self.missed.append(f"[{case['name']}] ...{line}...")
        price = {o["id"]: Decimal(str(o["monthly"])) for o in offers if o["monthly"] is not None}
        for sentence in check_text(text, table, claims).sentences:
            if _PAIRED.search(sentence.text):
                continue
            named = [i for i in price if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])",
                                                    sentence.text)]  # fmt: skip
            for first, second in itertools.combinations(named, 2):
                if price[first] == price[second]:
                    continue
                swapped = text.replace(sentence.text, _swap(sentence.text, first, second), 1)
                self.swaps += 1
                if check_text(swapped, table, claims).blocked:
                    self.swaps_blocked += 1
                else:
                    self.missed.append(f"[{case['name']}] swap {first}/{second}: "
                                       f"{sentence.text[:90]!r}")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("splits", nargs="+", type=Path)
    parser.add_argument("--show", type=int, default=10, help="print this many survivors")
    parser.add_argument(
        "--recall", action="store_true", help="also change each amount of correct reports"
    )
    args = parser.parse_args(argv)
    if args.recall:
        found = Recall().run(args.splits)
        print(f"amounts changed by 1: {found.tried}; reports blocked: {found.blocked}")
        print(f"two offers swapped: {found.swaps}; reports blocked: {found.swaps_blocked}")
        for line in found.missed[: args.show]:
            print(line)
    done = Campaign().run(args.splits)
    print(f"checked sentences mutated: {done.read}; mutants: {done.tried}")
    for key in sorted(done.survived):
        print(f"still checked after {key}: {done.survived[key]}")
    if not done.survived:
        print("still checked: 0")
    for line in done.found[: args.show]:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
