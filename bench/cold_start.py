"""One cold ``stepgraph --store sqlite:NEW.db run offers examples/offers.json`` process.

Issue 17's cold-start figure. Each round starts one whole process per source tree, in
turn (so the machine's load falls on every tree alike), each in a new folder on the
project's disk with a new SQLite file, and times it from start to exit; the medians and
minimums are printed per tree. ``--callgrind`` adds the instructions of one such
process per tree (on tmpfs), which the load does not move. Every tree's bytecode is
compiled first: with ``PYTHONDONTWRITEBYTECODE`` set, stale bytecode would be compiled
again at every start.

Usage::

    .venv/bin/python bench/cold_start.py                       # this tree, 21 rounds
    .venv/bin/python bench/cold_start.py --rounds 31 --callgrind /tmp/before/src src

Never run by ``make test``.
"""

from __future__ import annotations

import argparse
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

from bench import callgrind  # noqa: E402

EXAMPLE = ROOT / "examples" / "offers.json"
DISK = ROOT / ".bench-tmp"  # the project's disk, where fsync costs what it costs
SCRIPT = Path(sys.executable).parent / "stepgraph"  # the console script a user runs


def command(folder: str) -> list[str]:
    return [str(SCRIPT), "--store", f"sqlite:{folder}/new.db", "run", "offers", str(EXAMPLE)]


def environment(tree: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("STEPGRAPH_")}
    env["PYTHONPATH"] = tree  # before the editable install's path: this tree is imported
    # as on a user's machine: bytecode and compiled patterns are written by the first run
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def wall(tree: str) -> float:
    """Seconds of one whole process, started in a new folder."""
    DISK.mkdir(exist_ok=True)
    folder = tempfile.mkdtemp(prefix="cold-", dir=DISK)
    try:
        start = time.perf_counter()
        subprocess.run(command(folder), cwd=folder, env=environment(tree), check=True,
                       stdout=subprocess.DEVNULL)  # fmt: skip
        return time.perf_counter() - start
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def instructions(tree: str) -> int:
    """Instructions of one whole process (valgrind's callgrind), on tmpfs."""
    with tempfile.TemporaryDirectory(dir="/dev/shm") as folder:
        return callgrind.instructions(
            command(folder), cwd=folder, env=environment(tree), folder="/dev/shm"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", nargs="*", default=[str(ROOT / "src")],
                        help="source folders to compare (default: this tree's src)")  # fmt: skip
    parser.add_argument("--rounds", type=int, default=21)
    parser.add_argument("--callgrind", action="store_true", help="also count instructions")
    args = parser.parse_args()
    trees = [str(Path(tree).resolve()) for tree in args.trees]
    subprocess.run([sys.executable, "-m", "compileall", "-q", *trees], check=True)
    for tree in trees:
        wall(tree)  # warm the page cache once per tree
    times: dict[str, list[float]] = {tree: [] for tree in trees}
    for _ in range(args.rounds):
        for tree in trees:
            times[tree].append(wall(tree))
    load = os.getloadavg()[0]
    print(f"{args.rounds} rounds, load {load:.1f}")
    for tree in trees:
        line = (f"{tree}: median {statistics.median(times[tree]) * 1000:.1f} ms, "
                f"min {min(times[tree]) * 1000:.1f} ms")  # fmt: skip
        if args.callgrind:
            line += f", {instructions(tree) / 1e6:.1f} M instructions"
        print(line)


if __name__ == "__main__":
    main()
