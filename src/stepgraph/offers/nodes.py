"""The seed's three nodes and its choices: inspect -> draft -> verify, then people.

``inspect`` and ``verify`` are ordinary code. ``draft`` is the one place a model is
called. ``verify`` rebuilds the expected rows and the cheapest offer from the inputs
and trusts nothing the model wrote: it never fills a missing price and never accepts
a generated amount that differs from the input.

Two waits put people in the loop: ``inspect`` waits for data when a price is missing
(someone supplies it, and inspect runs again), and ``verify`` waits for a reviewer's
decision on a report that passed, bound to the digest of what the reviewer saw.
Approved with an ``outbox``, the run goes on to ``publish``, which writes the report
there exactly once.
"""

from __future__ import annotations

from typing import Any

from ..context import Context
from ..graph import END
from ..waits import Wait
from .claims import check_report, rationale_limit
from .model import ROW_KEYS, missing_prices, validate_offers
from .prompt import INSTRUCTIONS, REPORT_SCHEMA
from .review import CHOICES, find_outbox, review_digest, write_outbox

DEFAULT_MAX_DRAFTS = 2


def inspect(state: dict[str, Any], context: Context) -> dict[str, Any] | Wait:
    """Validate the offers; wait for data if a price is missing (nothing is generated)."""
    missing = missing_prices(validate_offers(state.get("offers")))
    if missing:
        return Wait(kind="data", status="waiting_for_data", key="offers",
                    reason=f"no monthly price for {', '.join(missing)}",
                    update={"missing": missing, "status": "waiting_for_data"},
                    ask={"missing": missing})  # fmt: skip
    return {"missing": [], "status": "running"}


def draft(state: dict[str, Any], context: Context) -> dict[str, Any]:
    """Ask the model for the comparison report; a repair gets the reasons as feedback.

    The reasons are verify's (a blocked report) or a reviewer's note (``revise``).
    """
    data: dict[str, Any] = {"offers": state["offers"]}
    drafts = int(state.get("drafts") or 0)
    if drafts and state.get("reasons"):
        data["feedback"] = list(state["reasons"])
    review = state.get("review")
    revising = state.get("status") == "revising" and isinstance(review, dict)
    if revising and isinstance(review, dict):
        data["reviewer_note"] = str(review.get("note") or "")
        data["feedback"] = [f"a reviewer asked for changes: {data['reviewer_note'] or '-'}"]
    report = context.generate(instructions=INSTRUCTIONS, data=data, schema=REPORT_SCHEMA)
    update: dict[str, Any] = {"report": report, "drafts": drafts + 1}
    if revising:
        update["review"] = None  # the request is answered: the new report waits afresh
    if drafts:
        update["previous_report"] = state.get("report")
    return update


def after_verify(state: dict[str, Any]) -> str:
    """Repair a blocked report by drafting again, until the draft limit or a repeat.

    After a review: approved goes on to ``publish`` when the run has an outbox,
    ``revising`` drafts again with the reviewer's note, rejected ends.
    """
    status = state.get("status")
    if status == "approved":
        return "publish" if state.get("outbox") else END
    if status == "revising":
        return "draft"
    if status != "blocked":
        return END
    if int(state.get("drafts") or 0) >= draft_limit(state):
        return END
    if "previous_report" in state and same_json(state["previous_report"], state.get("report")):
        return END  # the model repeated itself: another attempt would too
    return "draft"


def draft_limit(state: dict[str, Any]) -> int:
    """The total drafts a run may make (inputs ``max_drafts``, default 2)."""
    limit = state.get("max_drafts", DEFAULT_MAX_DRAFTS)
    return limit if isinstance(limit, int) and not isinstance(limit, bool) else DEFAULT_MAX_DRAFTS


def verify(state: dict[str, Any], context: Context) -> dict[str, Any] | Wait:
    """Compare the report with the inputs, strictly, and check its claims and rationale.

    ``blocked`` lists every reason; ``claims`` holds every sentence's verdict (checked,
    contradicted, unverified) and every structured claim's (see ``stepgraph.claims``):
    the reviewer sees exactly which sentences nobody checked. A contradicted claim or
    sentence, a citation of a missing claim, or a rationale over the length cap blocks.
    A report that passes waits in ``ready_for_review`` for a decision on its digest.
    """
    offers = state["offers"]
    expected = [{key: offer[key] for key in ROW_KEYS} for offer in offers]
    cheapest = min(offers, key=lambda offer: offer["monthly"])  # first of equals wins
    report = state.get("report")
    reasons = report_problems(report, expected, cheapest["id"])
    update: dict[str, Any] = {}
    if isinstance(report, dict) and isinstance(report.get("rationale"), str):
        check = check_report(report, offers, rationale_limit(state))
        reasons.extend(check.reasons)
        update["claims"] = check.as_dict()
    if reasons:
        return {"status": "blocked", "reasons": reasons, **update}
    passed = {"status": "ready_for_review", "reasons": [], **update}
    seen = review_digest(state)
    decision = state.get("review")
    if isinstance(decision, dict) and decision.get("digest") == seen:
        return {**passed, "status": CHOICES.get(str(decision.get("verdict")), "rejected")}
    return Wait(kind="decision", status="ready_for_review", key="review", choices=CHOICES,
                reason="the checks passed; a person must read the report", digest=seen,
                update=passed)  # fmt: skip


def publish(state: dict[str, Any], context: Context) -> dict[str, Any]:
    """Write the approved report into the run's outbox folder, once whatever happens."""
    folder = str(state["outbox"])
    report = state["report"]
    outcome = context.effect(
        "outbox",
        lambda key: write_outbox(folder, key, report),
        lookup=lambda key: find_outbox(folder, key),
    )
    return {"published": outcome}


def report_problems(report: object, expected: list[dict[str, Any]], cheapest: str) -> list[str]:
    """Why ``report`` is not acceptable; an empty list means it passed."""
    if not isinstance(report, dict):
        return [f"the report must be an object, not {type(report).__name__}"]
    reasons: list[str] = []
    rows = report.get("rows")
    if not isinstance(rows, list):
        reasons.append("the report has no list of rows")
    else:
        reasons.extend(_row_problems(rows, expected))
    recommended = report.get("recommendedId")
    if not (isinstance(recommended, str) and recommended == cheapest):
        reasons.append(f"recommendedId is {recommended!r}; the cheapest offer is {cheapest!r}")
    if not isinstance(report.get("rationale"), str):
        reasons.append("the rationale must be a string")
    return reasons


def _row_problems(rows: list[Any], expected: list[dict[str, Any]]) -> list[str]:
    reasons = []
    if len(rows) != len(expected):
        reasons.append(f"the report has {len(rows)} rows; the input has {len(expected)} offers")
    for index, (row, want) in enumerate(zip(rows, expected, strict=False)):  # lengths checked above
        if not isinstance(row, dict):
            reasons.append(f"rows[{index}] must be an object")
        elif list(row) != list(ROW_KEYS):
            reasons.append(
                f"rows[{index}] keys are {list(row)}; expected {list(ROW_KEYS)} in order"
            )
        else:
            for key in ROW_KEYS:
                if not same_json(row[key], want[key]):
                    reasons.append(
                        f"rows[{index}].{key} is {row[key]!r}; the input says {want[key]!r}"
                    )
    return reasons


def same_json(left: object, right: object) -> bool:
    """Equality as JSON text would see it: ``90 == 90.0``, but ``True != 1``, key order counts."""
    if isinstance(left, bool) or isinstance(right, bool):
        return type(left) is type(right) and left == right
    if isinstance(left, int | float) and isinstance(right, int | float):
        return left == right
    if isinstance(left, list) and isinstance(right, list):
        return len(left) == len(right) and all(map(same_json, left, right))
    if isinstance(left, dict) and isinstance(right, dict):
        return list(left) == list(right) and all(same_json(left[k], right[k]) for k in left)
    return type(left) is type(right) and left == right
