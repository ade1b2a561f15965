"""What the command line prints: tables and next-step hints for people, JSON for scripts."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .checkpoint import EVENT, Checkpoint, HistoryEntry
from .claims.present import summary_lines
from .errors import StepgraphError
from .graph import END
from .outcomes import said, said_of_call
from .runner import RunResult
from .statuses import CANCELLED, DEAD, FAILED, Standing
from .tools.listing import tool_calls

if TYPE_CHECKING:
    from .stores.summaries import RunSummary


def run_json(found: Standing, *, steps: int | None = None) -> dict[str, Any]:
    """A run as every command prints it with ``--json`` (``steps``: run and resume).

    ``reason`` says why the run stands where it does (a wait's reason, a failure, a dead
    letter, a cancellation); ``wait`` is what it waits for (digest, choices, ...).
    """
    cp = found.checkpoint
    data: dict[str, Any] = {
        "run_id": found.run_id,
        "graph": found.graph,
        "status": found.status,
        "reason": found.reason,
        "next": cp.next if cp else None,
        "finished": cp.next == END if cp else False,
        "trace": list(cp.trace) if cp else [],
        "version": cp.version if cp else 0,
        "fingerprint": cp.fingerprint if cp else None,
        "parts": cp.parts.as_dict() if cp else None,
        "created_at": cp.created_at if cp else None,
        "updated_at": cp.updated_at if cp else None,
        "state": cp.state if cp else {},
        "wait": cp.wait if cp else None,
        "retry_later": retry_wait(cp) if cp else None,
    }
    if steps is not None:
        data["steps"] = steps
    return data


def history_json(entry: HistoryEntry) -> dict[str, Any]:
    from dataclasses import asdict  # not on a run's path (issue 17, cold start)

    return asdict(entry)


def summary_json(row: RunSummary) -> dict[str, Any]:
    from dataclasses import asdict

    return asdict(row)


def error_json(error: StepgraphError) -> dict[str, Any]:
    facts: dict[str, Any] = {
        key: value
        for key, value in vars(error).items()
        if isinstance(value, str | int | float | bool) or value is None
    }
    problems = getattr(error, "problems", None)
    if isinstance(problems, tuple) and len(problems) > 1:
        facts["problems"] = [{"field": field, "rule": rule} for field, rule in problems]
    return {"type": type(error).__name__, "message": str(error), **facts}


def table(headers: list[str], rows: list[list[str]]) -> str:
    """A plain aligned text table; numbers right-aligned."""
    widths = [max(len(str(cell)) for cell in column) for column in zip(headers, *rows, strict=True)]
    lines = []
    for row in [headers, *rows]:
        cells = []
        for cell, width in zip(row, widths, strict=True):
            text = str(cell)
            cells.append(text.rjust(width) if _numeric(text) else text.ljust(width))
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def _numeric(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def status_line(found: Standing) -> str:
    """Where a run stands, and what to do about it, in a line or three."""
    cp = found.checkpoint
    if cp is None:
        lines = [f"{found.run_id}  {found.status}  (no step was saved)"]
    else:
        where = "finished" if cp.next == END else f"next: {cp.next}"
        if found.status in (FAILED, DEAD, CANCELLED):
            where = f"stopped at {cp.next}"
        elif cp.wait is not None:
            where = f"waiting at {cp.next}"
        lines = [f"{cp.run_id}  {found.status}  ({where}; version {cp.version})"]
    if found.status == DEAD:
        lines.append(f"dead-lettered by the queue: {found.reason}")
        lines.append(f"  stepgraph resume {found.run_id} gives it back to the workers")
    elif found.status == CANCELLED and cp is not None:
        event = cp.update.get(EVENT)
        by = event.get("by") if isinstance(event, dict) else None
        lines.append(f"cancelled{f' by {by}' if by else ''}: {found.reason or 'no reason given'}")
    elif cp is not None:
        waiting = wait_line(cp)
        if waiting:
            lines.append(waiting)
    return "\n".join(lines)


def result(result: RunResult, *, store_url: str) -> str:
    """The people's view of a run after ``run`` or ``resume``."""
    state = result.state
    lines = [
        f"run      {result.run_id}",
        f"status   {result.status}",
        f"trace    {' -> '.join(result.trace)}"
        f"   ({result.steps} step{'s' if result.steps != 1 else ''} in this call)",
    ]
    report = state.get("report")
    if isinstance(report, dict):
        lines.extend(["", *_report_lines(report)])
    lines.extend(_outcome_lines(result, store_url))
    return "\n".join(lines)


def _report_lines(report: dict[str, Any]) -> list[str]:
    lines: list[str] = []
    rows = report.get("rows")
    if isinstance(rows, list) and rows and all(isinstance(row, dict) for row in rows):
        headers = list(dict.fromkeys(key for row in rows for key in row))
        body = [[_cell(row.get(key)) for key in headers] for row in rows]
        lines.extend([table(headers, body), ""])
    if "recommendedId" in report:
        lines.append(f"recommended  {_cell(report.get('recommendedId'))}")
    if isinstance(report.get("rationale"), str):
        lines.append(f"rationale    {report['rationale']}")
    return lines


def _outcome_lines(result: RunResult, store_url: str) -> list[str]:
    import shlex

    state = result.state
    store = f" --store {shlex.quote(store_url)}"
    lines = [""]
    wait = result.checkpoint.wait
    run_id = shlex.quote(result.run_id)
    if result.status == "waiting_for_data":
        missing = state.get("missing") or []
        lines.append(f"Waiting for data: no monthly price for {', '.join(map(str, missing))}.")
        lines.append("Nothing was generated. Someone the policy names may supply it:")
        lines.append(f"  stepgraph supply {run_id} --offer ID --monthly N --source VERSION "
                     f"--by NAME{store}")  # fmt: skip
    elif result.status == "blocked":
        lines.append("Blocked: the report does not match the inputs.")
        lines.extend(f"  - {reason}" for reason in state.get("reasons") or [])
        if result.next == END:
            from .offers.review import review_digest

            lines.append("A person may send it back for another draft (say why in --note):")
            lines.append(f"  stepgraph revise {run_id} --digest {review_digest(state)} "
                         f"--by NAME --note TEXT{store}")  # fmt: skip
    elif result.status == "ready_for_review" and wait is not None:
        lines.append("Ready for review: the checks passed; a person must still read the report.")
        lines.append(f"Decide on exactly this content (digest {wait.get('digest')}):")
        lines.append(f"  stepgraph approve|reject|revise {run_id} --digest {wait.get('digest')} "
                     f"--by NAME{store}")  # fmt: skip
    elif result.status in ("approved", "rejected"):
        found = state.get("review")
        review = found if isinstance(found, dict) else {}
        lines.append(f"{result.status.capitalize()} by {review.get('by')} at {review.get('at')}.")
        if state.get("published"):
            lines.append(f"Published to {state['published'].get('file')}.")
    elif wait is not None and wait.get("kind") == "reconcile":
        lines.append(f"Needs reconciliation: {wait.get('reason')}")
        lines.append(f"  stepgraph reconcile {run_id} --happened|--not-happened --by NAME{store}")
    elif result.next != END and wait is None:
        lines.append(f"Paused before {result.next} (step limit). Continue with:")
        lines.append(f"  stepgraph resume {run_id}{store}")
    lines.extend(summary_lines(state.get("claims")))
    return lines


def runs_table(rows: list[RunSummary]) -> str:
    if not rows:
        return "no runs"
    return table(
        ["run", "graph", "status", "next", "version", "updated"],
        [[r.run_id, r.graph, r.status, r.next, str(r.version), r.updated_at] for r in rows],
    )


def show(found: Standing, history: list[HistoryEntry], journal: dict[str, dict[str, Any]]) -> str:
    """A run's status, report, trace, history and generation journal."""
    cp = found.checkpoint
    if cp is None:
        return status_line(found)
    parts = cp.parts
    lines = [
        status_line(found),
        f"graph    {parts.graph} revision {parts.revision} (shape {parts.shape})",
        f"adapter  {parts.adapter}",
        f"inputs   sha256:{parts.inputs}",
        f"created  {cp.created_at}   updated {cp.updated_at}",
        f"trace    {' -> '.join(cp.trace)}",
    ]
    report = cp.state.get("report")
    if isinstance(report, dict):
        lines.extend(["", *_report_lines(report)])
    checks = summary_lines(cp.state.get("claims"))
    if checks:
        lines.extend(["", *checks])
    reasons = cp.state.get("reasons")
    if reasons:
        lines.extend(["", "reasons:", *(f"  - {reason}" for reason in reasons)])
    lines.extend(["", "history:"])
    lines.append(
        table(
            ["version", "node", "next", "status", "at", "changed"],
            [[str(h.version), h.node, h.next, h.status, h.at, _changed(h)] for h in history],
        )
    )
    if journal:
        lines.extend(["", "generations (step:node:call):"])
        lines.append(table(["slot", "outcome", "attempt", "adapter", "latency ms", "request",
                            "earlier attempts"],
                           [[key, said(record), str(record.get("attempt", "?")),
                             str(record.get("adapter") or record.get("tool") or "?"),
                             str(record.get("latency_ms", "-")),
                             str(record.get("request", ""))[:12], _earlier(record)]
                            for key, record in sorted(journal.items())]))  # fmt: skip
    calls = tool_calls(journal)
    if calls:
        lines.extend(["", "tool calls:", _tool_table(calls)])
    return "\n".join(lines)


def _tool_table(calls: list[dict[str, Any]]) -> str:
    """The tool calls: where, which, the outcome, the arguments (cut short), why refused."""
    rows = []
    for call in calls:
        arguments = call["arguments"]
        text = arguments if isinstance(arguments, str) else json.dumps(arguments)
        outcome = said_of_call(call)
        why = f"{call['rule']}: {call['reason']}" if call["rule"] else "-"
        rows.append([str(call["step"]), str(call["node"]), str(call["tool"]), outcome,
                     str(call["latency_ms"] if call["latency_ms"] is not None else "-"),
                     text if len(text) <= 60 else text[:57] + "...", why])  # fmt: skip
    return table(["step", "node", "tool", "outcome", "latency ms", "arguments",
                  "refused because"], rows)  # fmt: skip


def _changed(entry: HistoryEntry) -> str:
    """What a step changed: its state keys, or for an event who did what."""
    event = entry.update.get("@event")
    if isinstance(event, dict):
        return f"{event.get('action')} by {event.get('by')}"
    keys = [key for key in entry.update if not key.startswith("@")]
    if "@wait" in entry.update:
        keys.append(f"waits for {entry.update['@wait'].get('kind')}")
    return ", ".join(keys) or "-"


def _cell(value: object) -> str:
    if value is None:
        return "(missing)"
    if isinstance(value, str):
        return value
    return repr(value)


def retry_wait(current: Checkpoint) -> dict[str, str] | None:
    """The run's retry-later stop (reason, not_before), if that is what it waits for."""
    wait = current.wait
    if wait is None or wait.get("kind") != "retry":
        return None
    return {"reason": str(wait.get("reason", "")), "not_before": str(wait.get("not_before", ""))}


def wait_line(current: Checkpoint) -> str | None:
    """One line saying what the run waits for, or None."""
    wait = current.wait
    if wait is None:
        return None
    if wait.get("kind") == "retry":
        return f"retry later: {wait.get('reason')}; not before {wait.get('not_before')}"
    if wait.get("kind") == "failed":
        return (f"failed at {wait.get('node')}: {wait.get('error')}: {wait.get('reason')}\n"
                f"  fix the cause, then: stepgraph resume {current.run_id} --now")  # fmt: skip
    line = f"waiting for {wait.get('kind')} at {wait.get('node')}: {wait.get('reason')}"
    if wait.get("digest"):
        line += f"\ndigest   {wait['digest']}"
    return line


def _earlier(record: dict[str, Any]) -> str:
    """Attempts before this one: "1 interrupted, 2 RateLimited" (a repeated generation)."""
    earlier = record.get("attempts")
    if not isinstance(earlier, list) or not earlier:
        return "-"
    return ", ".join(
        f"{item.get('attempt', '?')} {item.get('error') or item.get('status', '?')}"
        for item in earlier
        if isinstance(item, dict)
    )


def eval_table(result: Any) -> str:
    """The eval results: a case table, a per-family table, the failures and a summary
    (``result`` is a SuiteResult)."""
    rows = [[r.name, r.expected, r.got, "pass" if r.passed else "FAIL"] for r in result.results]
    lines = [table(["case", "expected", "got", "pass"], rows), ""]
    families = result.families()
    headers = ["family", "cases", "blocked", "ready", "passed", "false blocks", "missed",
               "false checked", "errors"]  # fmt: skip
    keys = ["cases", "blocked", "ready", "passed", "false_blocks", "missed", "false_checked",
            "errors"]  # fmt: skip
    lines += [table(headers, [[name, *(str(f[k]) for k in keys)] for name, f in families.items()]),
              ""]  # fmt: skip
    for r in result.results:
        if not r.passed:
            lines.append(f"FAIL {r.name}: {_eval_failure(r)}")
    s = result.summary()
    lines.append(
        f"{s['passed']}/{s['cases']} cases passed; faulty reports blocked "
        f"{s['faulty_blocked']}/{s['faulty_reports']}; correct reports passed "
        f"{s['correct_passed']}/{s['correct_reports']}; false blocks {s['false_blocks']}; "
        f"missed {s['missed']}; false sentences marked checked {s['false_checked']}; "
        f"unverified sentences {s['unverified_sentences']} (adapter: {result.adapter})"
    )
    return "\n".join(lines)


def _eval_failure(r: Any) -> str:
    if r.error:
        return str(r.error)
    if r.false_checked:
        return f"false sentences marked checked {list(r.false_checked)}"
    if r.missing_reasons:
        return f"missing reasons {list(r.missing_reasons)}"
    return f"got {r.got}; reasons {list(r.reasons)}"


def page_table(rows: list[Any], next_cursor: str | None) -> str:
    """A page of ``runs`` (``listing.Row``), with the queue's columns when it has a queue."""
    if not rows:
        return "no runs"
    queued = any(row.queue_state is not None for row in rows)
    headers = ["run", "graph", "status", "next", "version", "updated"]
    if queued:
        headers += ["queue", "priority", "claims", "takeovers", "holder", "not before", "reason"]
    body = []
    for r in rows:
        cells = [r.run_id, r.graph, r.status or "-", r.next or "-", str(r.version),
                 r.updated_at]  # fmt: skip
        if queued:
            cells += [r.queue_state or "-", _dash(r.priority), _dash(r.attempts),
                      _dash(r.takeovers), r.holder or "-", r.not_before or "-",
                      r.queue_reason or ""]  # fmt: skip
        body.append(cells)
    text = table(headers, body)
    if next_cursor:
        text += f"\nmore: --after {next_cursor}"
    return text


def _dash(value: object) -> str:
    return "-" if value is None else str(value)


def stats_text(stats: dict[str, Any]) -> str:
    """``runs --stats``: runs by status, then the queue's metrics when there is a queue."""
    by_status = stats["by_status"]
    lines = ["runs by status:"]
    lines += [f"  {status:<22} {count}" for status, count in by_status.items()] or ["  none"]
    queue = stats.get("queue")
    if queue is not None:
        oldest = queue["oldest_runnable_age_s"]
        lines += ["queue depth by state:"]
        lines += [f"  {state:<22} {count}" for state, count in queue["depth"].items()]
        lines += [f"oldest runnable run     {'-' if oldest is None else f'{oldest:.1f} s'}",
                  f"takeovers               {queue['takeovers']}",
                  f"dead letters            {queue['dead_letters']}"]  # fmt: skip
    return "\n".join(lines)
