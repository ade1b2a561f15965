"""What reading a rationale costs: verify's claims check at 1k, 10k and 80k characters.

Two shapes of text, each grown to the size: ``sentences`` (a realistic rationale of many
short sentences with citations) and ``one sentence`` (a single sentence joined by commas,
the shape that was quadratic before issue 12). The cap is raised for the measurement; at
the default cap (8,000) an 80k rationale is blocked unread. ``x 1k`` is the time over the
1k time for the same shape: linear reading gives about 10 and 80.

Usage::

    .venv/bin/python bench/verify_cost.py [--repeat 5]

Figures are medians of ``--repeat`` rounds. Never run by ``make test``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from stepgraph.offers.claims import check_report

OFFERS = [
    {"id": "A", "source": "offer-A-v1", "monthly": 120},
    {"id": "B", "source": "offer-B-v1", "monthly": 90},
    {"id": "C", "source": "offer-C-v1", "monthly": 110},
]
CLAIMS = [
    {"id": "c1", "kind": "cheapest", "offer": "B"},
    {"id": "c2", "kind": "price", "offer": "B", "amount": "90", "period": "month"},
    {
        "id": "c3",
        "kind": "difference",
        "offer": "B",
        "than": "A",
        "direction": "cheaper",
        "amount": "25",
        "unit": "percent",
    },
]
SENTENCE = (
    "B is the cheapest offer [c1] at 90 per month [c2], 25% less than A [c3]. "
    "C costs 110 a month, which is 20 more than B. As of 2026-12-04 the offer-B-v1 quote "
    "includes 30 GB and about 2 months free; a reviewer should confirm the terms. "
)
CLAUSE = "B costs 90 and A costs 120 and C is 20 more than B, "
SIZES = (1_000, 10_000, 80_000)


def grow(unit: str, size: int) -> str:
    return (unit * (size // len(unit) + 1))[:size]


def timed(report: dict[str, Any], repeat: int) -> float:
    rounds = []
    for _ in range(repeat):
        start = time.perf_counter()
        check_report(report, OFFERS, limit=10**7)
        rounds.append(time.perf_counter() - start)
    return statistics.median(rounds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"{'shape':<14}{'chars':>8}{'ms':>10}{'x 1k':>8}")
    for shape, unit in (("sentences", SENTENCE), ("one sentence", CLAUSE)):
        base = None
        for size in SIZES:
            report = {"rationale": grow(unit, size), "claims": CLAIMS}
            seconds = timed(report, args.repeat)
            base = base or seconds
            print(f"{shape:<14}{size:>8}{seconds * 1000:>10.1f}{seconds / base:>8.1f}")


if __name__ == "__main__":
    main()
