"""Claims cases (evals/claims/<split>/<family>/*.json) through the real offer graph.

Prints per family and in total: faulty reports blocked, correct reports passed, false
blocks (a correct report blocked) and false "checked" (a sentence containing one of the
case's ``expect.false_sentences`` marked checked). The official figures come from
``stepgraph eval SUITE --json``; this is the quick view while working on the reader.

Usage::

    .venv/bin/python bench/claims_figures.py evals/claims/dev [--show-failures]

Never run by ``make test``.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
from collections import Counter, defaultdict
from typing import Any

from stepgraph import FunctionAdapter, open_store, run
from stepgraph.offers import graph


def run_case(case: dict[str, Any]) -> tuple[str, list[dict[str, Any]]]:
    canned = case["output"]
    adapter = FunctionAdapter("canned-v1", lambda request: canned)
    with open_store("memory:") as store:
        outcome = run(graph, inputs=case["inputs"], adapter=adapter, store=store)
    claims = outcome.state.get("claims") or {}
    return outcome.status, list(claims.get("sentences") or [])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder")
    parser.add_argument("--show-failures", action="store_true")
    args = parser.parse_args()
    figures: dict[str, Counter[str]] = defaultdict(Counter)
    for path in sorted(glob.glob(os.path.join(args.folder, "**", "*.json"), recursive=True)):
        with open(path, encoding="utf-8") as handle:
            case = json.load(handle)
        status, sentences = run_case(case)
        expected = case["expect"]["status"]
        false = case["expect"].get("false_sentences") or []
        checked_false = sum(
            1
            for s in sentences
            if s.get("verdict") == "checked" and any(f in str(s.get("text")) for f in false)
        )
        row = figures[str(case.get("family", "?"))]
        row["faulty" if expected == "blocked" else "correct"] += 1
        row["blocked" if expected == "blocked" and status == "blocked" else "_"] += 1
        row["passed" if expected != "blocked" and status != "blocked" else "_"] += 1
        row["false blocks"] += expected != "blocked" and status == "blocked"
        row["false checked"] += checked_false
        if args.show_failures and (
            (status == "blocked") != (expected == "blocked") or checked_false
        ):
            print(f"FAIL {path}: expected {expected}, got {status}")
    total: Counter[str] = Counter()
    columns = ("faulty", "blocked", "correct", "passed", "false blocks", "false checked")
    print(f"{'family':<20}" + "".join(f"{c:>15}" for c in columns))
    for family, row in sorted(figures.items()):
        total.update(row)
        print(f"{family:<20}" + "".join(f"{row[c]:>15}" for c in columns))
    print(f"{'total':<20}" + "".join(f"{total[c]:>15}" for c in columns))


if __name__ == "__main__":
    main()
