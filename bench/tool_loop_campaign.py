"""Tool-loop kill campaign: SIGKILL a run whose model calls tools over HTTP, then finish it.

Each round runs ``tests.loop_support.CRASH_CHILD``: the ``settle`` node offers its model
(an OpenAI-compatible server on 127.0.0.1 that answers from the conversation) a read
tool and a write tool; the model looks the offer up, books it, answers. The child kills
itself at a random point: after one of the three model rounds was journaled, around the
read, around the write, or after a random delay. This process then serves the same
model on the same port and finishes the run. It counts, from the files the tools write
and from the journal as the kill left it:

* writes repeated (more than one booking): must be 0;
* journaled reads re-fetched (the read made again although its result was journaled
  before the kill): must be 0;
* journaled model rounds asked again (a request for a round already journaled ``done``):
  must be 0;
* reads re-made because the kill fell between the read and its journal entry (allowed).

With ``--approval`` the write needs a person's approval: this process runs the loop
until it waits (``approval_graph``); the child approves, goes on and is killed right
after the decision, around the approved write, after the round after it, or after a
random delay; this process finishes. Here the read must never be made again (it was
journaled in the waiting visit), and the model may be asked only the round after the
write, once.

Usage::

    .venv/bin/python bench/tool_loop_campaign.py --rounds 60 --seed 1
    .venv/bin/python bench/tool_loop_campaign.py --rounds 20 --seed 1 --approval
"""

from __future__ import annotations

import argparse
import os
import random
import socket
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "src")]

from stepgraph import open_store  # noqa: E402
from tests import loop_support, tools_support  # noqa: E402

POINTS = ("model-answered#1", "model-answered#2", "model-answered#3", "tool-started",
          "tool-returned", "effect-intended", "effect-called", "after")  # fmt: skip
APPROVAL_POINTS = ("decided", "effect-intended", "effect-called", "model-answered#1", "after")


def summary(tally: Counter[str]) -> str:
    return (f"rounds {tally['rounds']} (killed {tally['killed']})  writes repeated "
            f"{tally['repeated writes']}  journaled reads re-fetched {tally['re-fetched']}  "
            f"journaled model rounds asked again {tally['asked again']}  reads re-made "
            f"(killed before journaled) {tally['re-made']}")  # fmt: skip


def kill_and_finish(folder: Path, point: str, tally: Counter[str]) -> None:
    """One round: the child killed at ``point``, then the run finished here."""
    url, catalogue, trail, ledger, port = _prepare(folder)
    tally["killed"] += _child(url, point, catalogue, port) < 0
    with open_store(url) as store:
        store.setup()
        left = store.generations("t").values()
        journaled_read = any(r.get("kind") == "read" and r.get("status") == "done" for r in left)
        rounds_done = sum("round" in r and r.get("status") == "done" for r in left)
    reads_before = _count(trail)
    done, asked = loop_support.settle_over_http(url, catalogue, port)
    if done.state.get("answer", {}).get("booking") != {"booked": "A"}:
        raise SystemExit(f"the run did not finish with the booking at {point}: {done.state}")
    tally["rounds"] += 1
    tally["repeated writes"] += _count(ledger) > 1
    tally["re-fetched"] += journaled_read and _count(trail) > reads_before
    tally["asked again"] += asked > 3 - rounds_done
    tally["re-made"] += _count(trail) > 1


def approve_kill_and_finish(folder: Path, point: str, tally: Counter[str]) -> None:
    """One round with an approval: wait here, approve and die in a child, finish here."""
    url, catalogue, trail, ledger, port = _prepare(folder)
    graph = loop_support.approval_graph
    loop_support.settle_over_http(url, catalogue, port, graph)
    tally["killed"] += _child(url, point, catalogue, port, "approve") < 0
    with open_store(url) as store:
        left = store.generations("t")
        asked_anew = sum(slot.startswith("2:") and "round" in r and r.get("status") == "done"
                         and "carried" not in r for slot, r in left.items())  # fmt: skip
    done, asked = loop_support.settle_over_http(url, catalogue, port, graph)
    if done.state.get("answer", {}).get("booking") != {"booked": "A"}:
        raise SystemExit(f"the run did not finish with the booking at {point}: {done.state}")
    tally["rounds"] += 1
    tally["repeated writes"] += _count(ledger) > 1
    tally["re-fetched"] += _count(trail) > 1
    tally["asked again"] += asked > 1 - asked_anew


def _prepare(folder: Path) -> tuple[str, str, Path, Path, int]:
    """The store URL, the catalogue, the read trail and the ledger (both named in the
    environment for the tools) and a free port for the model."""
    url = f"sqlite:{folder / 'runs.db'}"
    catalogue = str(tools_support.write_catalogue(folder / "catalogue.json"))
    trail, ledger = folder / "trail", folder / "ledger"
    os.environ["TOOL_TRAIL"], os.environ["TOOL_LEDGER"] = str(trail), str(ledger)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return url, catalogue, trail, ledger, port


def _child(url: str, point: str, catalogue: str, port: int, *extra: str) -> int:
    """Run ``CRASH_CHILD`` to ``point``; its return code (negative: killed)."""
    child = subprocess.run([sys.executable, "-c", loop_support.CRASH_CHILD, url, point,
                            catalogue, str(port), *extra], cwd=ROOT, check=False,
                           env={**os.environ, "PYTHONPATH": f"{ROOT}:{ROOT / 'src'}"},
                           capture_output=True, timeout=60)  # fmt: skip
    return child.returncode


def _count(path: Path) -> int:
    return len(path.read_text().splitlines()) if path.exists() else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--approval", action="store_true", help="the write needs approval")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    tally: Counter[str] = Counter()
    for _ in range(args.rounds):
        point = rng.choice(APPROVAL_POINTS if args.approval else POINTS)
        if point == "after":
            point = f"after#{rng.uniform(0.0, 1.5):.3f}"
        with tempfile.TemporaryDirectory() as folder:
            finish = approve_kill_and_finish if args.approval else kill_and_finish
            finish(Path(folder), point, tally)
    print(summary(tally))
    sys.exit(1 if tally["repeated writes"] or tally["re-fetched"] or tally["asked again"] else 0)


if __name__ == "__main__":
    main()
