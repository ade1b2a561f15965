"""stepgraph and LangGraph side by side on the 3-offer workflow, every figure in one run.

The LangGraph peer (``shared/peers/langgraph_offer.py``) runs in its own virtual
environment, made here on first use (``pip install langgraph
langgraph-checkpoint-sqlite`` into ``--lg-venv``, /tmp/lg-venv by default); LangGraph is
never a dependency of the project. Both sides run alternately, round by round, and each
figure is the median of the rounds, so the machine's load moves both alike.

Figures (issue 17):

* memory run: in-process time of one run with the in-memory store;
* harness/run: the memory run less the same side's three node bodies called directly
  with no harness (stepgraph's verify reads the rationale's claims, about two thirds of
  its run; the peer's verify is the seed's row check): what each harness itself costs;
* sqlite run: the same with a SQLite file on the project's disk, default durability
  (``synchronous=full`` on both sides), and stepgraph's faster mode (``synchronous=normal``);
* bytes/run: the SQLite file after the runs, divided by the runs (full history; a
  stepgraph offers run ends waiting for a person's review);
* cold process: one whole process that runs the workflow once on a new SQLite file;
* syncs/run: fsync and fdatasync calls per run on SQLite at default durability, counted
  by ``strace`` (skipped if it is not installed) as (2N runs - N runs) / N.

Usage::

    .venv/bin/python bench/side_by_side.py                # ~1 minute on 2 cores
    .venv/bin/python bench/side_by_side.py --rounds 5 --runs 1000 --lg-runs 200

Never run by ``make test``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script: the bench package sits beside it

from bench.offer_runs import direct_runs, make_offers, stepgraph_runs, stored_bytes, timed  # noqa: E402

DISK = ROOT / ".bench-tmp"  # the project's disk, where fsync costs what it costs
# The peer lives in the team's shared folder, beside the checkout or above its worktree.
SHARED = [p for p in (ROOT.parent / "shared", ROOT.parent.parent / "shared") if p.exists()]
PEER = (SHARED or [ROOT.parent / "shared"])[0] / "peers" / "langgraph_offer.py"
EXAMPLE = ROOT / "examples" / "offers.json"
GOALS = {"memory run": 50.0, "sqlite run": 8.0, "bytes/run": 8.0, "cold process": 15.0}


def langgraph_python(venv: Path) -> str:
    """The venv's python, after installing LangGraph into it if it lacks it."""
    python = venv / "bin" / "python"
    probe = [str(python), "-c", "import langgraph.checkpoint.sqlite"]
    if python.exists() and subprocess.run(probe, capture_output=True, check=False).returncode == 0:
        return str(python)
    print(f"installing langgraph into {venv} (once) ...", file=sys.stderr)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "langgraph", "langgraph-checkpoint-sqlite"],
        check=True,
    )
    return str(python)


def lg_run(python: str, runs: int, store: str, folder: str) -> dict[str, float]:
    """One LangGraph process; its own JSON line (in-loop seconds, db bytes per run)."""
    extra = ["--db", f"{folder}/lg-{time.monotonic_ns()}.db"] if store == "sqlite" else []
    command = [python, str(PEER), "--runs", str(runs), "--offers", "3", "--store", store]
    done = subprocess.run([*command, *extra], capture_output=True, text=True, check=True)
    data: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return data


LG_DIRECT = """
import importlib.util, json, sys, time
spec = importlib.util.spec_from_file_location("peer", sys.argv[1])
peer = sys.modules["peer"] = importlib.util.module_from_spec(spec)  # for its dataclasses
spec.loader.exec_module(peer)
offers, runs = peer.make_offers(3), int(sys.argv[2])
runtime = type("Runtime", (), {})()
runtime.context = peer.Context(generate=peer.Fixture(), adapter_id="fixture-v1")
start = time.perf_counter()
for _ in range(runs):
    state = {"offers": offers}
    for node in (peer.inspect, peer.draft, peer.verify):
        state = {**state, **(node(state, runtime) if node is peer.draft else node(state))}
    assert state["status"] == "ready_for_review"
print(json.dumps({"seconds": time.perf_counter() - start, "runs": runs}))
"""


def lg_direct(python: str, runs: int) -> float:
    """Seconds per run of the peer's three node bodies called in turn, no LangGraph."""
    done = subprocess.run([python, "-c", LG_DIRECT, str(PEER), str(runs)],
                          capture_output=True, text=True, check=True)  # fmt: skip
    data = json.loads(done.stdout.strip().splitlines()[-1])
    return float(data["seconds"]) / int(data["runs"])


def sg_bytes(folder: str, runs: int) -> float:
    url = f"sqlite:{folder}/bytes-{time.monotonic_ns()}.db"
    stepgraph_runs(url, make_offers(3), runs)()
    return stored_bytes(url, folder) / runs


def cold(command: list[str]) -> float:
    """Wall seconds of one whole process started in a new, empty folder."""
    folder = tempfile.mkdtemp(prefix="sg-cold-", dir=DISK)
    env = {k: v for k, v in os.environ.items() if not k.startswith("STEPGRAPH_")}
    start = time.perf_counter()
    subprocess.run(command, cwd=folder, env=env, check=True, stdout=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    shutil.rmtree(folder, ignore_errors=True)
    return elapsed


SG_CHILD = """
import sys
sys.path.insert(0, sys.argv[3])
from bench.offer_runs import make_offers, stepgraph_runs
stepgraph_runs(sys.argv[1], make_offers(3), int(sys.argv[2]))()
"""


def syncs(command: list[str]) -> int:
    """fsync + fdatasync calls made by ``command`` and its children (strace)."""
    with tempfile.NamedTemporaryFile(prefix="sg-strace-", dir=DISK) as out:
        subprocess.run(["strace", "-f", "-qq", "-c", "-e", "trace=fsync,fdatasync", "-o",
                        out.name, *command], check=True, stdout=subprocess.DEVNULL)  # fmt: skip
        table = Path(out.name).read_text().splitlines()
    return sum(int(line.split()[3]) for line in table if line.split()[-1:] in (["fsync"],
               ["fdatasync"]))  # fmt: skip


def syncs_per_run(python: str, folder: str, runs: int) -> tuple[float, float]:
    """(stepgraph, LangGraph) syncs per run on SQLite at each side's default durability."""

    def mine(count: int) -> int:
        url = f"sqlite:{folder}/sync-{time.monotonic_ns()}.db"
        return syncs([sys.executable, "-c", SG_CHILD, url, str(count), str(ROOT)])

    def theirs(count: int) -> int:
        db = f"{folder}/lg-sync-{time.monotonic_ns()}.db"
        return syncs([python, str(PEER), "--runs", str(count), "--store", "sqlite", "--db", db])

    return (mine(2 * runs) - mine(runs)) / runs, (theirs(2 * runs) - theirs(runs)) / runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--runs", type=int, default=1000, help="stepgraph runs per round")
    parser.add_argument("--lg-runs", type=int, default=200, help="LangGraph runs per round")
    parser.add_argument("--cold", type=int, default=7, help="cold processes per side")
    parser.add_argument("--lg-venv", type=Path, default=Path("/tmp/lg-venv"))
    args = parser.parse_args()
    python = langgraph_python(args.lg_venv)
    # An installed package has bytecode; an editable checkout may not (see offer_runs).
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "src")], check=True,
                   stdout=subprocess.DEVNULL)  # fmt: skip
    DISK.mkdir(exist_ok=True)
    folder = tempfile.mkdtemp(prefix="sg-side-", dir=DISK)
    figures: dict[str, tuple[list[float], list[float]]] = {
        name: ([], [])
        for name in ("memory run", "harness/run", "sqlite run", "sqlite normal", "bytes/run")
    }
    normal = "?synchronous=normal"
    offers = make_offers(3)
    try:
        for _ in range(args.rounds):
            lg_memory = lg_run(python, args.lg_runs, "memory", folder)
            lg_sqlite = lg_run(python, args.lg_runs, "sqlite", folder)
            for name, url in (
                ("memory run", "memory:"),
                ("sqlite run", f"sqlite:{folder}/sg-{time.monotonic_ns()}.db"),
                ("sqlite normal", f"sqlite:{folder}/sn-{time.monotonic_ns()}.db{normal}"),
            ):
                mine = timed(stepgraph_runs(url, offers, args.runs), 1) / args.runs
                figures[name][0].append(mine)
            figures["memory run"][1].append(lg_memory["seconds"] / lg_memory["runs"])
            bodies = timed(direct_runs(offers, args.runs), 1) / args.runs
            figures["harness/run"][0].append(figures["memory run"][0][-1] - bodies)
            figures["harness/run"][1].append(
                figures["memory run"][1][-1] - lg_direct(python, args.lg_runs * 10)
            )
            for name in ("sqlite run", "sqlite normal"):
                figures[name][1].append(lg_sqlite["seconds"] / lg_sqlite["runs"])
            figures["bytes/run"][0].append(sg_bytes(folder, 200))
            figures["bytes/run"][1].append(lg_sqlite["db_bytes_per_run"])
        sg_cli = [str(Path(sys.executable).parent / "stepgraph"), "run", "offers", str(EXAMPLE)]
        lg_cli = [python, str(PEER), "--runs", "1", "--store", "sqlite"]
        cold(sg_cli)
        cold(lg_cli)
        pairs = [(cold(sg_cli), cold(lg_cli)) for _ in range(args.cold)]
        figures["cold process"] = ([p[0] for p in pairs], [p[1] for p in pairs])
        if shutil.which("strace"):
            mine, theirs = syncs_per_run(python, folder, 20)
            figures["syncs/run"] = ([mine], [theirs])
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    report(figures, args)


def report(figures: dict[str, tuple[list[float], list[float]]], args: argparse.Namespace) -> None:
    print(
        f"\n3-offer workflow, stepgraph vs LangGraph, medians of {args.rounds} rounds "
        f"({args.runs} / {args.lg_runs} runs each) and {args.cold} cold processes; "
        f"load {os.getloadavg()[0]:.1f}"
    )
    print(f"{'figure':<16}{'stepgraph':>12}{'LangGraph':>12}{'ratio':>9}{'goal':>8}")
    for name, (mine, theirs) in figures.items():
        ours, peer = statistics.median(mine), statistics.median(theirs)
        if name == "bytes/run":
            cells = f"{ours:>10.0f} B{peer:>10.0f} B"
            ratio = f"1/{peer / ours:.1f}"
        elif name == "syncs/run":
            cells = f"{ours:>12.1f}{peer:>12.1f}"
            ratio = f"1/{peer / ours:.1f}" if ours else "-"
        else:
            cells = f"{ours * 1e3:>9.3f} ms{peer * 1e3:>9.3f} ms"
            ratio = f"{peer / ours:.1f}x"
        goal = GOALS.get(name)
        mark = "-" if goal is None else (f"{'1/' if name == 'bytes/run' else ''}{goal:g}")
        print(f"{name:<16}{cells}{ratio:>9}{mark:>8}")
    print("sqlite run: synchronous=full on both (each side's default); sqlite normal: "
          "stepgraph ?synchronous=normal (process-crash safe) vs LangGraph's default")  # fmt: skip


if __name__ == "__main__":
    main()
