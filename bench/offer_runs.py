"""Offer runs end to end, per store: runs per second, harness cost and stored bytes.

Every figure is paired with a reference measured in the same process:

* ``direct``: the three offer nodes called in sequence with no harness and no store.
  ``harness us`` is a stepgraph run's time minus this, i.e. what the harness adds.
* ``--peer PATH``: the seed port (``shared/peers/seed_port.py``), one pretty-printed
  JSON file per run, the naive baseline; ``x peer`` is stepgraph's time over its time.

Usage::

    .venv/bin/python bench/offer_runs.py                    # 2000 runs of 3 offers
    .venv/bin/python bench/offer_runs.py --peer ../shared/peers/seed_port.py
    .venv/bin/python bench/offer_runs.py --runs 500 --big-runs 20 --cold 10
    .venv/bin/python bench/offer_runs.py --langgraph /path/to/lg-venv/bin/python

Figures are medians of ``--repeat`` rounds. Never run by ``make test``.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from stepgraph import Context, Wait, open_store, run
from stepgraph.offers import FixtureAdapter, graph, make_inputs
from stepgraph.offers.nodes import draft, inspect, verify

ROOT = Path(__file__).resolve().parents[1]
DISK = str(ROOT / ".bench-tmp")  # on the project's disk, unlike /dev/shm
TMPFS = "/dev/shm"


def make_offers(count: int) -> list[dict[str, Any]]:
    """Three seed offers, or ``count`` generated ones with a unique cheapest."""
    if count == 3:
        return [
            {"id": "A", "source": "offer-A-v1", "monthly": 120},
            {"id": "B", "source": "offer-B-v1", "monthly": 90},
            {"id": "C", "source": "offer-C-v1", "monthly": 110},
        ]
    return [
        {"id": f"O{i}", "source": f"offer-O{i}-v1", "monthly": 50 + (i * 7919) % 100 + i / 1000}
        for i in range(count)
    ]


def timed(fn: Callable[[], None], repeat: int) -> float:
    """Median wall seconds of ``fn`` over ``repeat`` rounds (GC off while timing)."""
    rounds = []
    for _ in range(repeat):
        gc.collect()
        gc.disable()
        start = time.perf_counter()
        try:
            fn()
        finally:
            gc.enable()
        rounds.append(time.perf_counter() - start)
    return statistics.median(rounds)


def direct_runs(offers: list[dict[str, Any]], runs: int) -> Callable[[], None]:
    adapter = FixtureAdapter()

    def body() -> None:
        for index in range(runs):
            context = Context(run_id=f"d{index}", node="x", adapter=adapter)
            state: dict[str, Any] = {"offers": offers}
            for node in (inspect, draft, verify):
                outcome = node(state, context)
                state = {**state, **(outcome.update if isinstance(outcome, Wait) else outcome)}
            assert state["status"] == "ready_for_review"

    return body


def stepgraph_runs(url: str, offers: list[dict[str, Any]], runs: int) -> Callable[[], None]:
    adapter = FixtureAdapter()
    inputs = make_inputs(offers)
    generation = [0]

    def body() -> None:
        generation[0] += 1
        with open_store(url) as store:
            store.setup()
            for index in range(runs):
                result = run(
                    graph,
                    inputs=inputs,
                    adapter=adapter,
                    store=store,
                    run_id=f"g{generation[0]}-{index}",
                )
                assert result.status == "ready_for_review"

    return body


def peer_runs(
    peer: ModuleType, folder: str, offers: list[dict[str, Any]], runs: int, fsync: bool
) -> Callable[[], None]:
    generation = [0]

    def body() -> None:
        generation[0] += 1
        fixture = peer.Fixture()
        for index in range(runs):
            path = os.path.join(folder, f"p{generation[0]}-{index}.json")
            result = peer.run(path, offers, fixture, "fixture-v1", fsync=fsync)
            assert result["status"] == "ready_for_review"

    return body


def stored_bytes(url: str, folder: str) -> int:
    """Bytes on disk after the store settled (SQLite: WAL checkpointed into the file)."""
    if url.startswith("sqlite:"):
        import sqlite3

        path = url.split(":", 1)[1].split("?", maxsplit=1)[0]
        with sqlite3.connect(path) as db:
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return os.path.getsize(path)
    return sum(entry.stat().st_size for entry in os.scandir(folder) if entry.is_file())


def load_peer(path: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location("seed_port", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load the peer from {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def store_cases() -> list[tuple[str, str, str]]:
    """(label, url, folder) for every store on tmpfs and on disk; one folder each."""
    cases = [("memory", "memory:", "")]
    for where, root in (("tmpfs", TMPFS), ("disk", DISK)):
        for label, url in (
            ("sqlite", "sqlite:{}/runs.db"),
            ("sqlite normal", "sqlite:{}/runs.db?synchronous=normal"),
            ("file", "file:{}"),
        ):
            folder = tempfile.mkdtemp(prefix="sg-store-", dir=root)
            cases.append((f"{label} {where}", url.format(folder), folder))
    return cases


def print_table(headers: list[str], rows: list[list[str]]) -> None:
    widths = [max(len(c) for c in column) for column in zip(headers, *rows, strict=True)]
    for row in [headers, *rows]:
        print(
            "  ".join(
                c.rjust(w) if i else c.ljust(w)
                for i, (c, w) in enumerate(zip(row, widths, strict=True))
            )
        )


def bench_stores(args: argparse.Namespace, peer: ModuleType | None) -> None:
    offers = make_offers(3)
    runs = args.runs
    direct = timed(direct_runs(offers, runs), args.repeat) / runs
    peer_times: dict[str, float] = {}
    if peer is not None:
        for where, root in (("tmpfs", TMPFS), ("disk", DISK)):
            folder = tempfile.mkdtemp(prefix="sg-peer-", dir=root)
            peer_times[where] = (
                timed(peer_runs(peer, folder, offers, runs, False), args.repeat) / runs
            )
            shutil.rmtree(folder, ignore_errors=True)
    rows = []
    for label, url, folder in store_cases():
        seconds = timed(stepgraph_runs(url, offers, runs), args.repeat) / runs
        size = (
            "-"
            if url == "memory:"
            else f"{stored_bytes(url.split('?')[0], folder) / (runs * args.repeat):.0f}"
        )
        where = "disk" if "disk" in label else "tmpfs"
        ratio = f"{seconds / peer_times[where]:.2f}" if peer_times and url != "memory:" else "-"
        rows.append(
            [
                label,
                f"{1 / seconds:.0f}",
                f"{seconds * 1e6:.0f}",
                f"{(seconds - direct) * 1e6:.0f}",
                size,
                ratio,
            ]
        )
        if folder:
            shutil.rmtree(folder, ignore_errors=True)
    print(
        f"\n{runs} runs x 3 offers, median of {args.repeat}; direct (no harness) = "
        f"{direct * 1e6:.1f} us/run"
    )
    if peer_times:
        print("seed port: " + ", ".join(f"{k} {v * 1e6:.0f} us/run" for k, v in peer_times.items()))
    print_table(["store", "runs/s", "us/run", "harness us", "bytes/run", "x peer"], rows)


def bench_sizes(args: argparse.Namespace) -> None:
    print(
        f"\ngrowth with offers ({args.big_runs} runs each, sqlite on tmpfs, "
        f"median of {args.repeat})"
    )
    rows = []
    for count in (10, 100, 300, 1000):
        offers = make_offers(count)
        direct = timed(direct_runs(offers, args.big_runs), args.repeat) / args.big_runs
        folder = tempfile.mkdtemp(prefix="sg-big-", dir=TMPFS)
        url = f"sqlite:{folder}/runs.db"
        memory = (
            timed(stepgraph_runs("memory:", offers, args.big_runs), args.repeat) / args.big_runs
        )
        sqlite = timed(stepgraph_runs(url, offers, args.big_runs), args.repeat) / args.big_runs
        size = stored_bytes(url, folder) / (args.big_runs * args.repeat)
        shutil.rmtree(folder, ignore_errors=True)
        rows.append(
            [
                str(count),
                f"{direct * 1e3:.2f}",
                f"{memory * 1e3:.2f}",
                f"{sqlite * 1e3:.2f}",
                f"{sqlite / count * 1e6:.1f}",
                f"{size / 1024:.1f}",
            ]
        )
    print_table(
        ["offers", "direct ms", "memory ms", "sqlite ms", "sqlite us/offer", "KB/run"], rows
    )


def bench_cold(args: argparse.Namespace) -> None:
    example = str(ROOT / "examples" / "offers.json")
    env = {k: v for k, v in os.environ.items() if not k.startswith("STEPGRAPH_")}

    def spawn(command: list[str]) -> float:
        folder = tempfile.mkdtemp(prefix="sg-cold-", dir=TMPFS)
        start = time.perf_counter()
        subprocess.run(command, cwd=folder, env=env, check=True, stdout=subprocess.DEVNULL)
        elapsed = time.perf_counter() - start
        shutil.rmtree(folder, ignore_errors=True)
        return elapsed

    # An installed package has bytecode; an editable checkout under
    # PYTHONDONTWRITEBYTECODE=1 would recompile every module on every start.
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(ROOT / "src")],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    cli = [str(Path(sys.executable).parent / "stepgraph"), "run", "offers", example]
    bare = [sys.executable, "-c", "pass"]
    spawn(cli)
    pairs = [(spawn(cli), spawn(bare)) for _ in range(args.cold)]
    tool = statistics.median(p[0] for p in pairs)
    python = statistics.median(p[1] for p in pairs)
    print(
        f"\ncold process, median of {args.cold}: `stepgraph run offers examples/offers.json` "
        f"(fresh sqlite store) {tool * 1e3:.0f} ms; `python -c pass` {python * 1e3:.0f} ms; "
        f"ratio {tool / python:.1f}"
    )


def bench_langgraph(args: argparse.Namespace) -> None:
    """LangGraph's version of the workflow (shared/peers/langgraph_offer.py), same machine."""
    peer = Path(args.langgraph_peer)
    results = {}
    for store, label in (("memory", "memory"), ("sqlite", "sqlite tmpfs")):
        folder = tempfile.mkdtemp(prefix="sg-lg-", dir=TMPFS)
        extra = ["--db", f"{folder}/lg.db"] if store == "sqlite" else []
        done = subprocess.run(
            [
                args.langgraph,
                str(peer),
                "--runs",
                str(args.runs // 4),
                "--offers",
                "3",
                "--store",
                store,
                *extra,
            ],
            capture_output=True,
            text=True,
            check=True,
        )
        shutil.rmtree(folder, ignore_errors=True)
        data = json.loads(done.stdout.strip().splitlines()[-1])
        results[label] = data["seconds"] / data["runs"]
    ours = {
        "memory": timed(stepgraph_runs("memory:", make_offers(3), args.runs // 4), 1),
        "sqlite tmpfs": timed(
            stepgraph_runs(
                f"sqlite:{tempfile.mkdtemp(dir=TMPFS)}/r.db", make_offers(3), args.runs // 4
            ),
            1,
        ),
    }
    print(f"\nLangGraph peer ({args.runs // 4} runs x 3 offers, in-loop time per run):")
    for label, seconds in results.items():
        mine = ours[label] / (args.runs // 4)
        print(
            f"  {label:<13} LangGraph {seconds * 1e6:8.0f} us/run   stepgraph {mine * 1e6:6.0f} "
            f"us/run   LangGraph / stepgraph = {seconds / mine:.1f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2000)
    parser.add_argument("--big-runs", type=int, default=50, help="0 skips the growth table")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--cold", type=int, default=10)
    parser.add_argument("--peer", help="path to shared/peers/seed_port.py")
    parser.add_argument("--langgraph", help="a Python with langgraph installed (separate venv)")
    parser.add_argument(
        "--langgraph-peer", default=str(ROOT.parent / "shared/peers/langgraph_offer.py")
    )
    args = parser.parse_args()
    os.makedirs(DISK, exist_ok=True)
    try:
        bench_stores(args, load_peer(args.peer) if args.peer else None)
        if args.big_runs > 0:
            bench_sizes(args)
        bench_cold(args)
        if args.langgraph:
            bench_langgraph(args)
    finally:
        shutil.rmtree(DISK, ignore_errors=True)


if __name__ == "__main__":
    main()
