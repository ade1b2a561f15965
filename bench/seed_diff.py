"""Run the seed's own JavaScript and stepgraph on the same generated cases; print where
they disagree, each disagreement mapped to its row of docs/seed.md or UNDOCUMENTED.

The project carries no copy of the seed's code: flow.mjs and harness.mjs are cut out of
the seed text at run time, written to a temporary folder and run under ``node``.

    python bench/seed_diff.py [--cases 1000] [--seed 1] [--seed-text PATH] [--json]

Exit 0 when every disagreement is documented, 1 when one is not, 3 when the seed text
or ``node`` is missing (the message says which).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import stepgraph
from stepgraph import END, FunctionAdapter, Request
from stepgraph.offers import graph, make_inputs

SEED_NAME = "000_804469985488b249.txt"


def find_seed_text() -> Path:
    """``$STEPGRAPH_SEED_TEXT``, else ``shared/seed/<name>`` beside the checkout or above it."""
    given = os.environ.get("STEPGRAPH_SEED_TEXT")
    if given:
        return Path(given)
    here = Path(__file__).resolve().parent
    for folder in [*here.parents, Path("/work")]:
        candidate = folder / "shared" / "seed" / SEED_NAME
        if candidate.is_file():
            return candidate
    return here.parent.parent / "shared" / "seed" / SEED_NAME


# Where each file's code starts and the prose line that follows it, in the seed text.
FILES = {
    "flow.mjs": ("Save the following as flow.mjs:", "inspect distinguishes"),
    "harness.mjs": ("Save this as harness.mjs:", "The checkpoint is a JSON file"),
}
EXIT_UNDOCUMENTED, EXIT_MISSING = 1, 3

# The driver is ours: it reads the cases, imports the seed's harness, and reports every
# call's outcome. A model is described by data so both sides build the same one.
DRIVER = r"""
import {readFileSync} from "node:fs";
import {rm} from "node:fs/promises";
import {join} from "node:path";
import {run} from "./harness.mjs";

function model(spec, counter) {
  return async ({offers}) => {
    counter.calls++;
    if (spec.kind === "throw") throw new Error("model down");
    if (spec.kind === "text") return "not a report";
    const rows = offers.map(({id, source, monthly}) => ({id, source, monthly}));
    const best = offers.reduce((a, b) => a.monthly <= b.monthly ? a : b);
    const report = {rows, recommendedId: best.id, rationale: spec.rationale};
    if (spec.kind === "amount") rows[spec.row % rows.length].monthly += spec.delta;
    if (spec.kind === "recommend") report.recommendedId = offers[spec.row % offers.length].id;
    if (spec.kind === "reverse") rows.reverse();
    report.rationale = report.rationale.replaceAll("{best}", best.id);
    return report;
  };
}

const cases = JSON.parse(readFileSync(process.argv[2], "utf8"));
const out = [];
for (const [index, c] of cases.entries()) {
  const file = join(process.argv[3], `case-${index}.json`);
  const counter = {calls: 0};
  const results = [];
  for (const call of c.calls) {
    if (call.delete) await rm(file, {force: true});
    const generate = model(c.model, counter);
    try {
      const s = call.max_steps === "default"
        ? await run(file, c.inputs[call.inputs], generate, call.adapter)
        : await run(file, c.inputs[call.inputs], generate, call.adapter, call.max_steps);
      results.push({status: s.status, next: s.next, trace: s.trace,
                    missing: s.missing ?? null, calls: counter.calls});
    } catch (error) {
      results.push({error: error.message, calls: counter.calls});
    }
  }
  out.push(results);
}
process.stdout.write(JSON.stringify(out));
"""


def extract(seed_text: str) -> dict[str, str]:
    """The seed's files, cut out of its text between their markers."""
    lines = seed_text.splitlines()
    files = {}
    for name, (start, end) in FILES.items():
        begin = next(i for i, line in enumerate(lines) if line.strip() == start) + 1
        stop = next(i for i in range(begin, len(lines)) if lines[i].startswith(end))
        files[name] = "\n".join(lines[begin:stop]).strip() + "\n"
    return files


# ---- cases ----------------------------------------------------------------------------


def make_cases(count: int, rng: random.Random) -> list[dict[str, Any]]:
    return [make_case(rng) for _ in range(count)]


def make_case(rng: random.Random) -> dict[str, Any]:
    base = random_offers(rng)
    changed = [dict(offer) for offer in base]
    if changed:
        changed[0] = {**changed[0], "source": f"{changed[0].get('source')}-changed"}
    reordered = [dict(reversed(list(offer.items()))) for offer in base]
    kind = rng.choice(["right", "right", "amount", "recommend", "reverse", "text", "throw",
                       "false", "true-price"])  # fmt: skip
    rationale = "{best} has the lowest stated monthly price."
    if kind == "false":
        rationale = "{best} costs 12345 per month."
    model = {"kind": kind, "row": rng.randrange(6), "delta": rng.choice([-10, 5]),
             "rationale": rationale}  # fmt: skip
    calls = []
    for number in range(rng.choice([1, 2, 2, 3])):
        calls.append({
            "inputs": rng.choice(["base"] * 6 + ["changed", "reordered"]) if number else "base",
            "adapter": "fixture-v1" if rng.random() < 0.9 or not number else "fixture-v2",
            "max_steps": rng.choice(["default"] * 8 + [1, 1, 2, 2, 3, 0, -1, 1.5, "2", True, 2.0]),
            "delete": bool(number) and rng.random() < 0.1,
        })  # fmt: skip
    return {"inputs": {"base": base, "changed": changed, "reordered": reordered},
            "model": model, "calls": calls}  # fmt: skip


def random_offers(rng: random.Random) -> list[dict[str, Any]]:
    count = rng.choice([0, 1, 2, 3, 3, 4])
    offers: list[dict[str, Any]] = [
        {"id": chr(65 + i), "source": f"offer-{chr(65 + i)}-v1",
         "monthly": rng.choice([90, 110, 120, 99.5, 0, 90])}
        for i in range(count)
    ]  # fmt: skip
    if offers and rng.random() < 0.35:
        victim = rng.randrange(len(offers))
        fault = rng.choice(["null", "null", "negative", "string", "bool", "dup", "no-id",
                            "empty-source", "no-monthly", "numeric-id"])  # fmt: skip
        offer = offers[victim]
        if fault == "null":
            offer["monthly"] = None
        elif fault == "negative":
            offer["monthly"] = -5
        elif fault == "string":
            offer["monthly"] = "90"
        elif fault == "bool":
            offer["monthly"] = True
        elif fault == "dup":
            offer["id"] = offers[0]["id"] if victim else "Z"
        elif fault == "no-id":
            del offer["id"]
        elif fault == "empty-source":
            offer["source"] = ""
        elif fault == "no-monthly":
            del offer["monthly"]
        else:
            offer["id"] = 7
    return offers


# ---- stepgraph's side -----------------------------------------------------------------


def stepgraph_model(spec: dict[str, Any], counter: list[int]) -> Any:
    def answer(request: Request) -> Any:
        counter[0] += 1
        if spec["kind"] == "throw":
            raise OSError("model down")
        if spec["kind"] == "text":
            return "not a report"
        offers = request.data["offers"]
        rows = [{k: o[k] for k in ("id", "source", "monthly")} for o in offers]
        best = min(offers, key=lambda o: o["monthly"])
        report = {"rows": rows, "recommendedId": best["id"],
                  "rationale": spec["rationale"].replace("{best}", best["id"])}  # fmt: skip
        if spec["kind"] == "amount":
            rows[spec["row"] % len(rows)]["monthly"] += spec["delta"]
        if spec["kind"] == "recommend":
            report["recommendedId"] = offers[spec["row"] % len(offers)]["id"]
        if spec["kind"] == "reverse":
            rows.reverse()
        return report

    return answer


def run_ours(case: dict[str, Any]) -> list[dict[str, Any]]:
    counter = [0]
    results = []
    with stepgraph.open_store("memory:") as store:
        for call in case["calls"]:
            if call["delete"]:
                store.delete("case")
            adapter = FunctionAdapter(call["adapter"], stepgraph_model(case["model"], counter))
            limit = None if call["max_steps"] == "default" else call["max_steps"]
            try:
                done = stepgraph.run(graph, inputs=make_inputs(case["inputs"][call["inputs"]]),
                                     adapter=adapter, store=store, run_id="case",
                                     max_steps=limit)  # fmt: skip
                results.append({"status": done.status, "next": done.next,
                                "trace": list(done.trace), "missing": done.state.get("missing"),
                                "calls": counter[0]})  # fmt: skip
            except stepgraph.StepgraphError as error:
                results.append({"error": seed_words(error), "calls": counter[0]})
    return results


def seed_words(error: stepgraph.StepgraphError) -> str:
    """The seed's message for the error stepgraph raised (its own text when none fits)."""
    cause = error.__cause__ if isinstance(error, stepgraph.NodeError) else error
    if isinstance(cause, stepgraph.InputError):
        if cause.field == "max_steps":
            return "Invalid limit"
        for words in ("No offers", "Duplicate ID", "Invalid ID", "Missing source",
                      "Invalid monthly price"):  # fmt: skip
            if cause.rule.startswith(words):
                return words
    if isinstance(error, stepgraph.FingerprintMismatch):
        return "Inputs or revision changed"
    if isinstance(error, stepgraph.NodeError) and "model down" in str(error):
        return "model down"
    return f"{type(error).__name__}: {error}"


# ---- comparing ------------------------------------------------------------------------


@dataclass
class Tally:
    cases: int = 0
    calls: int = 0
    agreed: int = 0
    documented: Counter[str] = field(default_factory=Counter)
    undocumented: Counter[str] = field(default_factory=Counter)
    examples: dict[str, Any] = field(default_factory=dict)


def classify(case: dict[str, Any], seed: list[dict[str, Any]],
             ours: list[dict[str, Any]]) -> list[str | None]:  # fmt: skip
    """Per call: None when they agree, else 'row: ...' (documented) or 'UNDOCUMENTED: ...'.

    After a documented difference the two sides hold different checkpoints, so a later
    difference in the same case is charged to that first row (and counted apart).
    """
    verdicts: list[str | None] = []
    first: str | None = None
    saved_with: str | None = None  # the inputs the seed's checkpoint file was made from
    for call, s, o in zip(case["calls"], seed, ours, strict=True):
        if call["delete"]:
            saved_with = None
        pair = {saved_with, call["inputs"]} == {"base", "reordered"}
        verdict = compare_call(call, case, s, o, key_order_only=pair)
        if saved_with is None and s.get("error") in (None, "model down"):
            saved_with = call["inputs"]
        if verdict is not None and first is not None and not verdict.startswith("wait cursor"):
            verdict = f"{first} (a later call of the same case)"
        if first is None and verdict is not None and not verdict.startswith("UNDOCUMENTED"):
            first = verdict
        verdicts.append(verdict)
    return verdicts


def compare_call(call: dict[str, Any], case: dict[str, Any], s: dict[str, Any],
                 o: dict[str, Any], *, key_order_only: bool) -> str | None:  # fmt: skip
    """None when one call agrees, else the docs/seed.md row that explains it.

    ``key_order_only``: this call's offers are the seed checkpoint's offers with their
    keys in another order.
    """
    if s == o:
        return None
    if "error" in s or "error" in o:
        if call["max_steps"] == 2.0 and o.get("error") == "Invalid limit":
            return "step limit: 2.0 is refused (the seed runs it as 2)"
        if s.get("error") == "Inputs or revision changed" and key_order_only:
            return "fingerprint: canonical JSON, key order is not a change"
        return (
            f"UNDOCUMENTED: seed {s.get('error', s.get('status'))!r}, "
            f"stepgraph {o.get('error', o.get('status'))!r}"
        )
    if s["status"] == o["status"] and s["next"] == END:
        if o["next"] == "inspect" and s["status"] == "waiting_for_data":
            return "wait cursor: a data wait stays on inspect"
        if o["next"] == "verify" and s["status"] == "ready_for_review":
            return "wait cursor: a review wait stays on verify"
    if (
        case["model"]["kind"] == "false"
        and s["status"] == "ready_for_review"
        and (o["status"] == "blocked" or "draft" in o["trace"][len(s["trace"]) :])
    ):
        return "rationale claims: a false rationale is blocked"
    drafted_again = o["trace"][: len(s["trace"])] == s["trace"] and "draft" in o["trace"][
        len(s["trace"]):]  # fmt: skip
    if (
        s["status"] == "blocked"
        and o["status"] == "blocked"
        and (drafted_again or o["next"] == "draft")
    ):
        return "repair loop: a blocked report is drafted again"
    return f"UNDOCUMENTED: seed {s}, stepgraph {o}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seed-text", default=str(find_seed_text()))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    tally = compare(args.cases, args.seed, Path(args.seed_text))
    if tally is None:
        return EXIT_MISSING
    report(tally, as_json=args.json)
    return EXIT_UNDOCUMENTED if tally.undocumented else 0


def compare(count: int, seed: int, seed_text: Path) -> Tally | None:
    """Run both on ``count`` cases; None (with a message on stderr) when node or the
    seed text is missing."""
    node = shutil.which("node")
    if node is None or not seed_text.is_file():
        missing = "node is not on PATH" if node is None else f"no seed text at {seed_text}"
        print(f"seed_diff: skipped: {missing}", file=sys.stderr)
        return None
    cases = make_cases(count, random.Random(seed))
    with tempfile.TemporaryDirectory(prefix="seed-diff-") as folder:
        for name, code in extract(seed_text.read_text(encoding="utf-8")).items():
            Path(folder, name).write_text(code, encoding="utf-8")
        Path(folder, "driver.mjs").write_text(DRIVER, encoding="utf-8")
        Path(folder, "cases.json").write_text(json.dumps(cases), encoding="utf-8")
        checkpoints = Path(folder, "runs")
        checkpoints.mkdir()
        done = subprocess.run([node, "driver.mjs", "cases.json", str(checkpoints)],
                              cwd=folder, capture_output=True, text=True, check=True,
                              env={**os.environ, "NODE_NO_WARNINGS": "1"})  # fmt: skip
    seed_results = json.loads(done.stdout)
    tally = Tally(cases=count)
    for case, seed_calls in zip(cases, seed_results, strict=True):
        for verdict in classify(case, seed_calls, run_ours(case)):
            tally.calls += 1
            if verdict is None:
                tally.agreed += 1
            elif verdict.startswith("UNDOCUMENTED"):
                tally.undocumented[verdict[:160]] += 1
                tally.examples.setdefault(verdict[:160], case)
            else:
                tally.documented[verdict] += 1
    return tally


def report(tally: Tally, *, as_json: bool) -> None:
    if as_json:
        print(json.dumps({"cases": tally.cases, "calls": tally.calls, "agreed": tally.agreed,
                          "documented": dict(tally.documented),
                          "undocumented": dict(tally.undocumented)}, indent=2))  # fmt: skip
        return
    print(f"{tally.cases} cases, {tally.calls} calls: {tally.agreed} agree")
    for verdict, count in tally.documented.most_common():
        print(f"  {count:6d}  {verdict}  (docs/seed.md)")
    for verdict, count in tally.undocumented.most_common():
        print(f"  {count:6d}  {verdict}")


if __name__ == "__main__":
    sys.exit(main())
