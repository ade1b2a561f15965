"""False-block campaign: meaning-preserving rewrites of correct reports must not block.

Every correct report (expected ``ready_for_review``) of the given eval splits that passes
as written is rewritten in ways a model or a renderer might write the same thing (bold
amounts, no-break spaces, curly apostrophes, one bullet per sentence, HTML paragraphs, a
sentence before or after, ``costs`` as ``comes in at``, ``a month`` as ``per month`` or
``/mo``, a currency before or after an amount, blank lines between sentences) and read
again. A rewrite that blocks is a false block (or, rarely, an artefact of the rewrite
itself, such as a currency inserted inside a date: each is printed for a person).

    python bench/claims_rewrites.py evals/claims/dev evals/claims/final6 [--show 20]
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from stepgraph.claims import Table, check_text

_SENTENCE_END = re.compile(r"(?<![:,;] \d\.)(?<![:,;] \d\d\.)(?<=[.!?])\s+")  # not ": 1. Quartz"
_CENTS = re.compile(
    r"(?<![\w.,$€£'])(\d+\.\d\d)(?![\w%.])(?!\s*(?:zł|kr|€|\$|£|EUR|USD|CHF|GBP|SEK|PLN)\b)"
)  # an amount with cents and no currency of its own


def rewrites(text: str) -> Iterator[tuple[str, str]]:
    """(name, rewritten text) for each rewrite that changes ``text``."""
    candidates = {
        "bold amounts": re.sub(r"(?<![\w.,])(\d+(?:[.,]\d+)?)(?![\w%])", r"**\1**", text),
        "no-break spaces": text.replace(" ", "\u00a0", 3),
        "curly apostrophes": text.replace("'", "\u2019"),
        "bullets": "\n".join("- " + s for s in _SENTENCE_END.split(text) if s),
        "html paragraphs": "<p>" + _SENTENCE_END.sub("</p><p>", text) + "</p>",
        "sentence before": "Here is my analysis. " + text,
        "sentence after": text + " Please double-check the source PDFs before signing.",
        "comes in at": re.sub(r"\bcosts\b", "comes in at", text),
        "per month": text.replace("a month", "per month"),
        "/mo": text.replace("per month", "/mo"),
        "EUR after": _CENTS.sub(r"\1 EUR", text),
        "$ before": _CENTS.sub(r"$\1", text),
        "blank lines": _SENTENCE_END.sub("\n\n", text),
        "clearly": re.sub(r"\bis the cheapest\b", "is clearly the cheapest", text),
    }
    for name, rewritten in candidates.items():
        if rewritten != text:
            yield name, rewritten


def campaign(splits: list[Path]) -> tuple[int, list[tuple[str, str, str]]]:
    """The rewrites tried, and (case, rewrite, first reason) for each that blocked."""
    tried, blocked = 0, []
    for split in splits:
        for path in sorted(split.glob("*/*.json")):
            case = json.loads(path.read_text(encoding="utf-8"))
            if case["expect"]["status"] != "ready_for_review":
                continue
            output = case["output"]
            table = Table.from_rows(
                case["inputs"]["offers"], value_field="monthly", alias_fields=("source",)
            )
            claims = output.get("claims")
            if check_text(output["rationale"], table, claims).reasons:
                continue  # already blocked as written: the eval reports it
            for name, text in rewrites(output["rationale"]):
                tried += 1
                reasons = check_text(text, table, claims).reasons
                if reasons:
                    blocked.append((case["name"], name, reasons[0]))
    return tried, blocked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("splits", nargs="+", type=Path)
    parser.add_argument("--show", type=int, default=20, help="blocked rewrites to print")
    args = parser.parse_args()
    tried, blocked = campaign(args.splits)
    print(f"rewrites tried: {tried}; blocked: {len(blocked)}")
    for name, count in Counter(kind for _, kind, _ in blocked).most_common():
        print(f"  {name}: {count}")
    for case, kind, reason in blocked[: args.show]:
        print(f"[{kind}] {case}: {reason[:240]}")


if __name__ == "__main__":
    main()
