"""Evaluation suites: cases as files, each run through the real graph and harness.

A case is a JSON file::

    {"name": "invented-amount", "about": "row B says 80, the input says 90",
     "family": "swapped_amounts",       # optional: the group its figures are counted in
     "inputs": {"offers": [...]},
     "output": {...} | null,            # the generated output to test; null: the adapter's
     "expect": {"status": "blocked", "reasons": ["rows[1].monthly is 80"],
                "false_sentences": ["B costs 80"]},  # optional: false text of the rationale
     "expect_live": {"status": "ready_for_review"}}   # optional: what a correct model gets

A suite is a folder searched recursively (``evals/claims/dev/<family>/<case>.json``) or
one file. A case without ``family`` is counted under its folder relative to the suite
(``-`` at the top). With canned outputs a case passes when the run ends in
``expect.status``, every expected reason is a substring of some reason given, and no
false sentence was marked ``checked``: a *false checked* is a false sentence that
a sentence with verdict ``checked`` in ``state["claims"]["sentences"]`` contains, or
overlaps by its ``start``/``end`` offsets (the checker may normalise the text it
reports). With a live adapter the canned output is ignored and ``expect_live``
(default: ``ready_for_review``) is used, so a suite measures a real model.
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
    family: str
    inputs: dict[str, Any]
    output: Any
    status: str
    reasons: tuple[str, ...]
    false_sentences: tuple[str, ...]
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
    family: str = "-"
    false_checked: tuple[str, ...] = ()
    error: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "family": self.family, "expected": self.expected,
                "got": self.got, "passed": self.passed, "reasons": list(self.reasons),
                "missing_reasons": list(self.missing_reasons), "unverified": self.unverified,
                "false_checked": list(self.false_checked), "error": self.error}  # fmt: skip


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
            "faulty_blocked": sum(
                1 for r in faulty if r.got == "blocked" and not r.missing_reasons
            ),
            "correct_reports": len(correct),
            "correct_passed": sum(1 for r in correct if r.got == "ready_for_review"),
            "false_blocks": _false_blocks(self.results),
            "missed": _missed(self.results),
            "false_checked": sum(len(r.false_checked) for r in self.results),
            "unverified_sentences": sum(r.unverified for r in self.results),
        }

    def families(self) -> dict[str, dict[str, int]]:
        """Per family (sorted): cases, blocked, ready, passed, false blocks, missed,
        false checked (false sentences marked ``checked``) and errors."""
        groups: dict[str, list[CaseResult]] = {}
        for r in self.results:
            groups.setdefault(r.family, []).append(r)
        return {
            family: {
                "cases": len(rs),
                "blocked": sum(1 for r in rs if r.got == "blocked"),
                "ready": sum(1 for r in rs if r.got == "ready_for_review"),
                "passed": sum(1 for r in rs if r.passed),
                "false_blocks": _false_blocks(rs),
                "missed": _missed(rs),
                "false_checked": sum(len(r.false_checked) for r in rs),
                "errors": sum(1 for r in rs if r.error is not None),
            }
            for family, rs in sorted(groups.items())
        }

    def as_dict(self) -> dict[str, Any]:
        return {"suite": self.suite, "adapter": self.adapter, "summary": self.summary(),
                "families": self.families(),
                "cases": [r.as_dict() for r in self.results]}  # fmt: skip


def _false_blocks(results: list[CaseResult]) -> int:
    """Correct reports (expected ``ready_for_review``) that ended blocked."""
    return sum(1 for r in results if r.expected == "ready_for_review" and r.got == "blocked")


def _missed(results: list[CaseResult]) -> int:
    """Faulty reports (expected ``blocked``) that were not blocked (errors excluded)."""
    return sum(1 for r in results if r.expected == "blocked" and r.got not in ("blocked", "error"))


def load_suite(path: str) -> list[Case]:
    """The cases of a suite: a folder searched recursively for ``*.json`` (sorted by
    path) or one file."""
    if os.path.isdir(path):
        files = sorted(
            os.path.join(folder, name)
            for folder, _, names in os.walk(path)
            for name in names
            if name.endswith(".json")
        )
    elif os.path.isfile(path):
        files = [path]
    else:
        raise InputError("SUITE", f"{path!r} is neither a folder of cases nor a case file")
    if not files:
        raise InputError("SUITE", f"{path!r} holds no *.json case files")
    root = path if os.path.isdir(path) else os.path.dirname(path)
    return [_load_case(file, _folder_family(root, file)) for file in files]


def _folder_family(root: str, file: str) -> str:
    folder = os.path.relpath(os.path.dirname(file), root)
    return "-" if folder == os.curdir else folder.replace(os.sep, "/")


def _load_case(path: str, folder_family: str) -> Case:
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
    family = data.get("family", folder_family)
    if not isinstance(family, str) or not family:
        raise InputError("family", "must be a non-empty string", source=path)
    reasons = _strings(expect.get("reasons", []), "expect.reasons", path)
    false_sentences = _strings(expect.get("false_sentences", []), "expect.false_sentences", path)
    rationale = data["output"].get("rationale") if isinstance(data.get("output"), dict) else None
    for index, text in enumerate(false_sentences):
        if not text or not isinstance(rationale, str) or text not in rationale:
            raise InputError(f"expect.false_sentences[{index}]",
                             f"must be non-empty text of output.rationale, not {text!r}",
                             source=path)  # fmt: skip
    live = data.get("expect_live") or {}
    return Case(
        name=name,
        path=path,
        about=str(data.get("about", "")),
        family=family,
        inputs=inputs,
        output=data.get("output"),
        status=need(expect, "status", str, "expect."),
        reasons=reasons,
        false_sentences=false_sentences,
        live_status=str(live.get("status", "ready_for_review")) if isinstance(live, dict) else "",
    )


def _strings(value: Any, field: str, path: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise InputError(field, "must be a list of strings", source=path)
    return tuple(value)


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
    false_sentences: tuple[str, ...] = ()
    if live is not None:
        adapter, expected, wanted = live, case.live_status, ()
    elif case.output is None:
        adapter, expected, wanted = fallback, case.status, case.reasons
    else:
        canned = case.output
        adapter = FunctionAdapter("canned-v1", lambda request: canned)
        expected, wanted = case.status, case.reasons
        false_sentences = case.false_sentences  # they are text of this output only
    try:
        with open_store("memory:") as store:
            outcome = run(graph, inputs=case.inputs, adapter=adapter, store=store)
    except StepgraphError as error:
        return CaseResult(name=case.name, family=case.family, expected=expected, got="error",
                          passed=False, reasons=(), missing_reasons=wanted, unverified=0,
                          error=f"{type(error).__name__}: {error}")  # fmt: skip
    reasons = tuple(str(r) for r in outcome.state.get("reasons") or [])
    missing = tuple(w for w in wanted if not any(w in r for r in reasons))
    claims = outcome.state.get("claims")
    report = outcome.state.get("report")
    rationale = report.get("rationale") if isinstance(report, dict) else None
    false_checked = _false_checked(claims, false_sentences, rationale)
    passed = outcome.status == expected and not missing and not false_checked
    if expected == "ready_for_review" and reasons:
        passed = False
    return CaseResult(name=case.name, family=case.family, expected=expected,
                      got=outcome.status, passed=passed, reasons=reasons,
                      missing_reasons=missing, unverified=_unverified(claims),
                      false_checked=false_checked)  # fmt: skip


def _sentences(claims: object) -> list[dict[str, Any]]:
    """The per-sentence verdicts of ``state["claims"]`` (CLAIMS_SCHEMA); for a state
    written by the earlier checker, its ``verified`` items count as ``checked``."""
    if not isinstance(claims, dict):
        return []
    sentences = claims.get("sentences")
    if isinstance(sentences, list):
        return [s for s in sentences if isinstance(s, dict)]
    verified = claims.get("verified")
    if isinstance(verified, list):
        return [{"text": str(v.get("claim", "")), "start": v.get("start"), "end": v.get("end"),
                 "verdict": "checked"} for v in verified if isinstance(v, dict)]  # fmt: skip
    return []


def _unverified(claims: object) -> int:
    if isinstance(claims, dict) and not isinstance(claims.get("sentences"), list):
        legacy = claims.get("unverified")
        return len(legacy) if isinstance(legacy, list) else 0
    return sum(1 for s in _sentences(claims) if s.get("verdict") == "unverified")


def _false_checked(
    claims: object, false_sentences: tuple[str, ...], rationale: object
) -> tuple[str, ...]:
    """The false sentences that a ``checked`` sentence contains or overlaps (offsets)."""
    checked = [s for s in _sentences(claims) if s.get("verdict") == "checked"]
    found = []
    for false in false_sentences:
        spans = _occurrences(rationale, false)
        for sentence in checked:
            start, end = sentence.get("start"), sentence.get("end")
            by_offsets = (
                isinstance(start, int)
                and isinstance(end, int)
                and any(start < stop and begin < end for begin, stop in spans)
            )
            if false in str(sentence.get("text", "")) or by_offsets:
                found.append(false)
                break
    return tuple(found)


def _occurrences(text: object, part: str) -> list[tuple[int, int]]:
    """Every ``(start, end)`` of ``part`` in ``text`` (none when text is not a string)."""
    spans: list[tuple[int, int]] = []
    if not isinstance(text, str) or not part:
        return spans
    index = text.find(part)
    while index >= 0:
        spans.append((index, index + len(part)))
        index = text.find(part, index + 1)
    return spans
