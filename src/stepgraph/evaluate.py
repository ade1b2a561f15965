"""Evaluation suites: cases as files, each run through the real graph and harness.

A case is a JSON file::

    {"name": "invented-amount", "about": "row B says 80, the input says 90",
     "inputs": {"offers": [...]},
     "output": {...} | null,            # the generated output to test; null: the adapter's
     "expect": {"status": "blocked", "reasons": ["rows[1].monthly is 80"]},
     "expect_live": {"status": "ready_for_review"}}   # optional: what a correct model gets

With canned outputs a case passes when the run ends in ``expect.status`` and every
expected reason is a substring of some reason given. With a live adapter the
canned output is ignored and ``expect_live`` (default: ``ready_for_review``) is used,
so a suite measures a real model.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .adapters import Adapter, FunctionAdapter
from .errors import InputError, StepgraphError
from .graph import Graph
from .runner import run
from .stores import open_store


@dataclass(frozen=True, kw_only=True)
class Case:
    """One evaluation case, validated."""

    name: str
    path: str
    about: str
    inputs: dict[str, Any]
    output: Any
    status: str
    reasons: tuple[str, ...]
    live_status: str


@dataclass(frozen=True, kw_only=True)
class CaseResult:
    """What one case gave, and whether that was what it expected."""

    name: str
    expected: str
    got: str
    passed: bool
    reasons: tuple[str, ...]
    missing_reasons: tuple[str, ...]
    unverified: int
    error: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "expected": self.expected, "got": self.got,
                "passed": self.passed, "reasons": list(self.reasons),
                "missing_reasons": list(self.missing_reasons), "unverified": self.unverified,
                "error": self.error}  # fmt: skip


@dataclass(kw_only=True)
class SuiteResult:
    """Every case's result and the summary figures."""

    suite: str
    adapter: str
    results: list[CaseResult] = field(default_factory=list)

    @property
    def failed(self) -> int:
        return sum(1 for r in self.results if not r.passed)

    def summary(self) -> dict[str, Any]:
        faulty = [r for r in self.results if r.expected == "blocked"]
        correct = [r for r in self.results if r.expected == "ready_for_review"]
        return {
            "cases": len(self.results),
            "passed": len(self.results) - self.failed,
            "failed": self.failed,
            "faulty_reports": len(faulty),
            "faulty_blocked": sum(1 for r in faulty if r.got == "blocked" and r.passed),
            "correct_reports": len(correct),
            "correct_passed": sum(1 for r in correct if r.got == "ready_for_review"),
            "unverified_sentences": sum(r.unverified for r in self.results),
        }

    def as_dict(self) -> dict[str, Any]:
        return {"suite": self.suite, "adapter": self.adapter, "summary": self.summary(),
                "cases": [r.as_dict() for r in self.results]}  # fmt: skip


def load_suite(path: str) -> list[Case]:
    """The cases of a suite: a folder of ``*.json`` files (sorted) or one file."""
    if os.path.isdir(path):
        files = sorted(os.path.join(path, n) for n in os.listdir(path) if n.endswith(".json"))
    elif os.path.isfile(path):
        files = [path]
    else:
        raise InputError("SUITE", f"{path!r} is neither a folder of cases nor a case file")
    if not files:
        raise InputError("SUITE", f"{path!r} holds no *.json case files")
    return [_load_case(file) for file in files]


def _load_case(path: str) -> Case:
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, ValueError) as error:
        raise InputError("case", f"cannot read: {error}", source=path) from None

    def need(obj: Any, key: str, kind: type, where: str = "") -> Any:
        value = obj.get(key) if isinstance(obj, dict) else None
        if not isinstance(value, kind):
            what = "an object" if kind is dict else "a string"
            raise InputError(f"{where}{key}", f"must be {what}", source=path)
        return value

    name = need(data, "name", str)
    inputs = need(data, "inputs", dict)
    expect = need(data, "expect", dict)
    reasons = expect.get("reasons", [])
    if not isinstance(reasons, list) or not all(isinstance(r, str) for r in reasons):
        raise InputError("expect.reasons", "must be a list of strings", source=path)
    live = data.get("expect_live") or {}
    return Case(
        name=name,
        path=path,
        about=str(data.get("about", "")),
        inputs=inputs,
        output=data.get("output"),
        status=need(expect, "status", str, "expect."),
        reasons=tuple(reasons),
        live_status=str(live.get("status", "ready_for_review")) if isinstance(live, dict) else "",
    )


def run_suite(
    path: str,
    graph: Graph,
    *,
    adapter: Adapter | None,
    fallback: Adapter,
    progress: Callable[[int, int, str], None] | None = None,
) -> SuiteResult:
    """Run every case of the suite at ``path``; ``adapter`` (live) overrides canned outputs.

    ``fallback`` generates for cases whose ``output`` is null when no live adapter is set.
    """
    cases = load_suite(path)
    result = SuiteResult(suite=path, adapter=adapter.id if adapter else "canned")
    for index, case in enumerate(cases, start=1):
        if progress is not None:
            progress(index, len(cases), case.name)
        result.results.append(_run_case(case, graph, adapter, fallback))
    return result


def _run_case(case: Case, graph: Graph, live: Adapter | None, fallback: Adapter) -> CaseResult:
    wanted: tuple[str, ...]
    adapter: Adapter
    if live is not None:
        adapter, expected, wanted = live, case.live_status, ()
    elif case.output is None:
        adapter, expected, wanted = fallback, case.status, case.reasons
    else:
        canned = case.output
        adapter = FunctionAdapter("canned-v1", lambda request: canned)
        expected, wanted = case.status, case.reasons
    try:
        with open_store("memory:") as store:
            outcome = run(graph, inputs=case.inputs, adapter=adapter, store=store)
    except StepgraphError as error:
        return CaseResult(name=case.name, expected=expected, got="error", passed=False,
                          reasons=(), missing_reasons=wanted, unverified=0,
                          error=f"{type(error).__name__}: {error}")  # fmt: skip
    reasons = tuple(str(r) for r in outcome.state.get("reasons") or [])
    missing = tuple(w for w in wanted if not any(w in r for r in reasons))
    claims = outcome.state.get("claims") or {}
    unverified = len(claims.get("unverified") or []) if isinstance(claims, dict) else 0
    passed = outcome.status == expected and not missing
    if expected == "ready_for_review" and reasons:
        passed = False
    return CaseResult(name=case.name, expected=expected, got=outcome.status, passed=passed,
                      reasons=reasons, missing_reasons=missing, unverified=unverified)  # fmt: skip
