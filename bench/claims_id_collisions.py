"""Campaign: records named like the words the reader skips (``A``, ``E``, ``Y``, ``NO``,
``TO``, ``ONE``, ``PLUS``, ...) must never make a false sentence *checked*.

Random tables of four such records and random prices; for each, sentences of the
recognised forms (listed orders, ``<`` chains, comparisons, superlatives, prices, places,
``respectively``, labels, table rows) are written true or false, and a false one that is
marked checked is printed. A record named ``E`` was once read as Italian "e" (and) in a
listed order, so a wrong order was checked.

    python bench/claims_id_collisions.py --trials 2000 --seed 3
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator

from stepgraph.claims import Table, check_text

POOL = ["A", "E", "Y", "O", "I", "ET", "EN", "DE", "LA", "TO", "BY", "AT", "ON", "OR", "AN",
        "AS", "IN", "NO", "IT", "THE", "AND", "ALL", "ONE", "TWO", "PER", "VS", "X", "U",
        "MORE", "LESS", "ONLY", "CHEAP", "PLUS"]  # fmt: skip
PRICES = [9.99, 10.5, 11.49, 12.99, 14.0, 15.25, 20.0]


def sentences(rng: random.Random, prices: dict[str, float]) -> Iterator[tuple[str, bool]]:
    """(sentence, whether it is true) for one table."""
    ids = list(prices)
    ranked = sorted(ids, key=prices.__getitem__)
    order = rng.sample(ids, len(ids))
    yield "From cheapest to most expensive: " + ", ".join(order) + ".", order == ranked
    yield " < ".join(order) + ".", order == ranked
    x, y = rng.sample(ids, 2)
    px, py = prices[x], prices[y]
    yield f"{x} is cheaper than {y}.", px < py
    yield f"{x} is the cheapest.", x == ranked[0]
    yield f"{x} is the most expensive.", x == ranked[-1]
    yield f"{x} is the second cheapest.", x == ranked[1]
    yield f"{x} costs {py:.2f} a month.", px == py
    yield f"{x} and {y} cost {px:.2f} and {py:.2f} respectively.", True
    yield f"{x} and {y} cost {py:.2f} and {px:.2f} respectively.", px == py
    yield f"{x} is {abs(px - py):.2f} more than {y}.", px > py
    yield f"{x}: {py:.2f}/month.", px == py
    yield f"| {x} | {py:.2f} |", px == py
    z = rng.choice([i for i in ids if i not in (x, y)])
    pz = prices[z]
    yield f"{x} is cheaper than {y} and {z}.", px < py and px < pz
    yield f"Between {x} and {y}, the latter is cheaper.", py < px
    yield f"{x} undercuts {y} by {abs(py - px):.2f}.", px < py
    yield f"{x} costs {px:.2f}, {y} {pz:.2f}.", py == pz
    yield f"The second cheapest option is {x}.", x == ranked[1]
    yield f"First place goes to {x}.", x == ranked[0]
    yield f"{x} and {y} are tied.", px == py
    yield f"Prices range from {min(prices.values()):.2f} to {pz:.2f}.", pz == max(prices.values())


def campaign(trials: int, seed: int) -> tuple[int, list[str]]:
    """The sentences read, and each false one marked checked."""
    rng = random.Random(seed)
    read, wrong = 0, []
    for _ in range(trials):
        ids = rng.sample(POOL, 4)
        prices = dict(zip(ids, rng.sample(PRICES, 4), strict=True))
        table = Table.from_rows([{"id": k, "monthly": v} for k, v in prices.items()])
        for text, true in sentences(rng, prices):
            read += 1
            verdicts = [s.verdict for s in check_text(text, table).sentences]
            if "checked" in verdicts and not true:
                wrong.append(f"{prices} | {text}")
    return read, wrong


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    read, wrong = campaign(args.trials, args.seed)
    print(f"sentences read: {read}; false sentences marked checked: {len(wrong)}")
    for line in wrong[:20]:
        print("  " + line)


if __name__ == "__main__":
    main()
