"""Tool-call kill campaign: SIGKILL a node that reads then writes through tools, recover.

Each round starts the ``tests.tools_support`` settle node (``lookup`` read, then the
``book_now`` write tool) in a child process that kills itself at one point: a random
one of the tool journal's and the effect journal's stages, or after a random delay.
A fresh process finishes the step. The driver counts real calls from the files the
tools write (a read trail, a write ledger) and reports:

* writes repeated (a ledger with more than one booking): must be 0;
* journaled reads re-fetched (a read made again although its ``done`` record was in
  the journal before the kill): must be 0;
* reads re-made because the kill fell before their result was journaled (allowed).

Usage::

    .venv/bin/python bench/tool_campaign.py --rounds 100 --seed 1
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "src")]

from stepgraph import open_store, run  # noqa: E402
from tests import tools_support  # noqa: E402
from tests.support import CountingFixture  # noqa: E402

POINTS = ("tool-started", "tool-returned", "effect-intended", "effect-called", "random")
CHILD = """
import os, random, signal, sys, threading
from stepgraph import open_store, run
from stepgraph.stores import _testhooks
from tests import tools_support
from tests.support import CountingFixture

url, point, catalogue, delay = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
if point == "random":
    threading.Timer(delay, lambda: os.kill(os.getpid(), signal.SIGKILL)).start()
else:
    _testhooks.observer = lambda s: s == point and os.kill(os.getpid(), signal.SIGKILL)
with open_store(url) as store:
    store.setup()
    run(tools_support.crash_graph, inputs={"offer_ids": ["A"], "catalogue": catalogue},
        adapter=CountingFixture(), store=store, run_id="t")
"""


def one_round(folder: Path, point: str, rng: random.Random) -> tuple[int, int, int]:
    """(writes, reads, reads journaled done before the kill) for one killed round."""
    url = f"sqlite:{folder / 'runs.db'}"
    catalogue = tools_support.write_catalogue(folder / "catalogue.json")
    os.environ["TOOL_TRAIL"], os.environ["TOOL_LEDGER"] = str(folder / "t"), str(folder / "l")
    subprocess.run([sys.executable, "-c", CHILD, url, point, str(catalogue),
                    f"{rng.uniform(0.0, 0.4):.3f}"], cwd=ROOT, check=False,
                   env={**os.environ, "PYTHONPATH": f"{ROOT}:{ROOT / 'src'}"},
                   capture_output=True, timeout=60)  # fmt: skip
    with open_store(url) as store:
        store.setup()
        journaled = sum(r.get("status") == "done" and r.get("kind") == "read"
                        for r in store.generations("t").values())  # fmt: skip
        reads_before = _lines(folder / "t")
        run(tools_support.crash_graph, inputs={"offer_ids": ["A"], "catalogue": str(catalogue)},
            adapter=CountingFixture(), store=store, run_id="t")  # fmt: skip
    refetched = _lines(folder / "t") - reads_before if journaled else 0
    return _lines(folder / "l"), _lines(folder / "t"), refetched


def _lines(path: Path) -> int:
    return len(path.read_text().splitlines()) if path.exists() else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    repeated = refetched = remade = 0
    for _ in range(args.rounds):
        with tempfile.TemporaryDirectory() as folder:
            writes, reads, again = one_round(Path(folder), rng.choice(POINTS), rng)
        repeated += writes > 1
        refetched += again
        remade += reads > 1
    print(f"rounds {args.rounds}  writes repeated {repeated}  journaled reads re-fetched "
          f"{refetched}  reads re-made (killed before journaled) {remade}")  # fmt: skip
    sys.exit(1 if repeated or refetched else 0)


if __name__ == "__main__":
    main()
