"""stepgraph against the seed's own code (flow.mjs, harness.mjs), branch by branch.

Each test states what the seed does (``SEED:``) and asserts what stepgraph does. Where
stepgraph deliberately differs, the test names the row of docs/seed.md that says why.
The seed's "checkpoint file" is a run id here: the same file is the same ``run_id``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest

import stepgraph
from stepgraph import END, FingerprintMismatch, FunctionAdapter, InputError, Request, Store
from stepgraph.offers import graph, make_inputs

SEED_OFFERS: list[dict[str, Any]] = [
    {"id": "A", "source": "offer-A-v1", "monthly": 120},
    {"id": "B", "source": "offer-B-v1", "monthly": 90},
    {"id": "C", "source": "offer-C-v1", "monthly": 110},
]


def offers(**changes: Any) -> list[dict[str, Any]]:
    """The seed's three offers; ``B={"monthly": None}`` changes offer B."""
    rows = [dict(offer) for offer in SEED_OFFERS]
    for row in rows:
        row.update(changes.get(row["id"], {}))
    return rows


class Model:
    """The seed's fixture: copies the rows, recommends ``recommended``; counts calls."""

    def __init__(self, recommended: str = "B", edit: Callable[[dict[str, Any]], None] | None = None,
                 adapter_id: str = "fixture-v1") -> None:  # fmt: skip
        self.calls = 0
        self.recommended = recommended
        self.edit = edit
        self.adapter = FunctionAdapter(adapter_id, self)

    def __call__(self, request: Request) -> Any:
        self.calls += 1
        rows = [{k: o[k] for k in ("id", "source", "monthly")} for o in request.data["offers"]]
        report: dict[str, Any] = {
            "rows": rows,
            "recommendedId": self.recommended,
            "rationale": f"{self.recommended} has the lowest stated monthly price.",
        }
        if self.edit:
            self.edit(report)
        return report


@pytest.fixture
def store() -> Store:
    return stepgraph.open_store("memory:")


def refusal(store: Store, given: list[dict[str, Any]]) -> InputError:
    """The InputError a run of ``given`` ends in (inspect's, or the inputs' own check)."""
    with pytest.raises((InputError, stepgraph.NodeError)) as caught:
        go(store, given, Model())
    error: BaseException | None = caught.value
    if isinstance(error, stepgraph.NodeError):
        assert error.node == "inspect"
        error = error.__cause__
    assert isinstance(error, InputError)
    assert store.load("resume.json") is None  # nothing was saved
    return error


def go(store: Store, given: list[dict[str, Any]], model: Model, run_id: str = "resume.json",
       max_steps: int | None = None) -> stepgraph.RunResult:  # fmt: skip
    return stepgraph.run(graph, inputs=make_inputs(given), adapter=model.adapter, store=store,
                         run_id=run_id, max_steps=max_steps)  # fmt: skip


# ---- demo.mjs: its four checks ------------------------------------------------------


def test_a_paused_run_stops_before_verify_and_resumes_without_drafting_again(store: Store) -> None:
    """SEED: run(maxSteps 2) -> next "verify"; run again -> ready_for_review, calls 1,
    trace [inspect, draft, verify]."""
    model = Model()
    paused = go(store, offers(), model, max_steps=2)
    assert (paused.next, paused.trace) == ("verify", ("inspect", "draft"))
    resumed = go(store, offers(), model)
    assert resumed.status == "ready_for_review"
    assert resumed.trace == ("inspect", "draft", "verify")
    assert model.calls == 1


def test_a_missing_price_waits_for_data_with_no_generation(store: Store) -> None:
    """SEED: status waiting_for_data, missing [B], next END, no call.
    stepgraph: the same status and no call; next stays "inspect" (docs/seed.md: the wait
    cursor), so an authorised supply can continue the run."""
    model = Model()
    waiting = go(store, offers(B={"monthly": None}), model, run_id="missing.json")
    assert (waiting.status, waiting.state["missing"], model.calls) == (
        "waiting_for_data", ["B"], 0)  # fmt: skip
    assert waiting.trace == ("inspect",)
    assert waiting.next == "inspect"


def test_an_invented_amount_is_blocked(store: Store) -> None:
    """SEED: a row amount changed to 80 -> blocked, next END after one draft.
    stepgraph: blocked; the repair loop drafts once more first (docs/seed.md: repair loop)."""
    model = Model(edit=lambda report: report["rows"][1].update(monthly=80))
    blocked = go(store, offers(), model, run_id="wrong.json")
    assert (blocked.status, blocked.next) == ("blocked", END)
    assert blocked.trace == ("inspect", "draft", "verify", "draft", "verify")
    assert any("rows[1].monthly is 80" in reason for reason in blocked.state["reasons"])


def test_changed_inputs_refuse_the_resume(store: Store) -> None:
    """SEED: the same file with other offers -> Error "Inputs or revision changed".
    stepgraph: FingerprintMismatch naming the part (docs/seed.md: the fingerprint)."""
    go(store, offers(), Model(), max_steps=2)
    with pytest.raises(FingerprintMismatch) as caught:
        go(store, offers(B={"monthly": None}), Model())
    assert caught.value.part == "inputs"


# ---- harness.mjs: run ---------------------------------------------------------------


@pytest.mark.parametrize("limit", [0, -1, 1.5, "2", True, 2.0])
def test_an_invalid_step_limit_is_refused_before_anything_is_read(store: Store, limit: Any) -> None:
    """SEED: maxSteps not an integer >= 1 -> Error "Invalid limit" (2.0 is the integer 2 in
    JavaScript and runs). stepgraph: InputError on max_steps for each, 2.0 included
    (docs/seed.md: step limit)."""
    with pytest.raises(InputError) as caught:
        go(store, offers(), Model(), max_steps=limit)
    assert caught.value.field == "max_steps"
    assert store.list_runs() == []


def test_a_step_limit_of_one_runs_exactly_one_node(store: Store) -> None:
    """SEED: maxSteps 1 -> trace [inspect], next draft, status running."""
    one = go(store, offers(), Model(), max_steps=1)
    assert (one.trace, one.next, one.status) == (("inspect",), "draft", "running")


def test_without_a_limit_the_whole_graph_runs(store: Store) -> None:
    """SEED: maxSteps defaults to 3 (the whole graph). stepgraph: no limit by default
    (docs/seed.md: step limit); the three nodes run."""
    done = go(store, offers(), Model())
    assert done.trace == ("inspect", "draft", "verify")


def test_a_completed_run_called_again_runs_nothing(store: Store) -> None:
    """SEED: next is END -> the loop does not run; the saved state is returned."""
    model = Model(edit=lambda report: report.update(recommendedId="A"))
    first = go(store, offers(), model)
    again = go(store, offers(), model)
    assert (again.status, again.next, again.trace) == (first.status, END, first.trace)
    assert again.steps == 0
    assert model.calls == 2  # the repair loop's two drafts, none since


def test_a_run_waiting_for_review_called_again_runs_nothing(store: Store) -> None:
    """SEED: ready_for_review has next END: nothing runs. stepgraph: the decision wait;
    nothing runs until a person decides (docs/seed.md: the wait cursor)."""
    model = Model()
    go(store, offers(), model)
    again = go(store, offers(), model)
    assert (again.status, again.steps, model.calls) == ("ready_for_review", 0, 1)


def test_another_adapter_id_refuses_the_resume(store: Store) -> None:
    """SEED: adapterId is in the fingerprint -> "Inputs or revision changed"."""
    go(store, offers(), Model(), max_steps=2)
    with pytest.raises(FingerprintMismatch) as caught:
        go(store, offers(), Model(adapter_id="fixture-v2"))
    assert caught.value.part == "adapter"


def test_offer_keys_in_another_order_are_the_same_inputs(store: Store) -> None:
    """SEED: JSON.stringify keeps key order, so reordered keys change the fingerprint and
    the resume is refused. stepgraph: canonical JSON, the same inputs (docs/seed.md:
    the fingerprint)."""
    model = Model()
    go(store, offers(), model, max_steps=2)
    reordered = [{"monthly": o["monthly"], "source": o["source"], "id": o["id"]}
                 for o in SEED_OFFERS]  # fmt: skip
    resumed = go(store, reordered, model)
    assert resumed.trace == ("inspect", "draft", "verify")


def test_a_model_failure_saves_nothing_for_draft(store: Store) -> None:
    """SEED: generate throws -> run rejects with that error; the checkpoint stays after
    inspect (next draft). stepgraph: NodeError on draft, the run resumable at draft."""

    def down(request: Request) -> Any:
        raise OSError("model down")

    failing = Model()
    failing.adapter = FunctionAdapter("fixture-v1", down)
    with pytest.raises(stepgraph.NodeError) as caught:
        go(store, offers(), failing)
    assert caught.value.node == "draft"
    saved = store.load("resume.json")
    assert saved is not None
    assert saved.next == "draft"


# ---- flow.mjs: inspect --------------------------------------------------------------


@pytest.mark.parametrize(
    ("given", "seed_error", "field"),
    [
        ([], "No offers", "offers"),
        ([*offers(), {"id": "B", "source": "x", "monthly": 1}], "Duplicate ID", "offers[3].id"),
        (offers(B={"id": ""}), "Invalid ID", "offers[1].id"),
        (offers(B={"id": 7}), "Invalid ID", "offers[1].id"),
        (offers(C={"source": ""}), "Missing source", "offers[2].source"),
        (offers(C={"source": None}), "Missing source", "offers[2].source"),
        (offers(A={"monthly": -1}), "Invalid monthly price", "offers[0].monthly"),
        (offers(A={"monthly": "120"}), "Invalid monthly price", "offers[0].monthly"),
        (offers(A={"monthly": True}), "Invalid monthly price", "offers[0].monthly"),
    ],
)
def test_inspect_refuses_invalid_offers_with_the_seeds_words(
    store: Store, given: list[dict[str, Any]], seed_error: str, field: str
) -> None:
    """SEED: inspect throws Error(seed_error); nothing after it runs. stepgraph: inspect
    raises InputError naming the field; nothing is saved (docs/seed.md: input errors)."""
    error = refusal(store, given)
    assert error.rule.startswith(seed_error)
    assert error.field == field


def test_a_missing_monthly_field_is_an_invalid_price(store: Store) -> None:
    """SEED: o.monthly is undefined, not null and not finite -> "Invalid monthly price"."""
    given = offers()
    del given[0]["monthly"]
    assert refusal(store, given).rule.startswith("Invalid monthly price")


def test_a_non_finite_price_is_refused_as_input_before_the_run_starts(store: Store) -> None:
    """SEED: Infinity fails Number.isFinite -> "Invalid monthly price" (JSON cannot even
    carry it). stepgraph: the inputs must be JSON, so the run is refused before inspect
    (docs/seed.md: non-finite numbers)."""
    error = refusal(store, offers(A={"monthly": math.inf}))
    assert error.field == "inputs.offers[0].monthly"
    assert "finite" in error.rule


def test_a_duplicate_id_is_the_fault_reported_first(store: Store) -> None:
    """SEED: the duplicate check runs before each offer's own checks."""
    given = [*offers(A={"source": ""}), {"id": "C", "source": "c2", "monthly": 1}]
    assert refusal(store, given).rule.startswith("Duplicate ID")


def test_a_zero_price_is_valid(store: Store) -> None:
    """SEED: 0 is finite and not negative; the cheapest."""
    done = go(store, offers(C={"monthly": 0}), Model(recommended="C"))
    assert done.status == "ready_for_review"


# ---- flow.mjs: verify ---------------------------------------------------------------


def edit_rows(change: Callable[[list[dict[str, Any]]], Any]) -> Callable[[dict[str, Any]], None]:
    return lambda report: change(report["rows"])


@pytest.mark.parametrize(
    "edit",
    [
        edit_rows(list.reverse),
        edit_rows(lambda rows: rows.pop()),
        edit_rows(lambda rows: rows[0].update(source="offer-A-v2")),
        edit_rows(lambda rows: rows[0].update(extra=1)),
        edit_rows(
            lambda rows: rows.__setitem__(0, {"source": "offer-A-v1", "id": "A", "monthly": 120})
        ),
        edit_rows(lambda rows: rows[2].update(monthly="110")),
        lambda report: report.update(recommendedId="A"),
        lambda report: report.update(rationale=None),
        lambda report: report.pop("rows"),
    ],
    ids=[
        "order",
        "missing-row",
        "source",
        "extra-key",
        "key-order",
        "string-amount",
        "recommendation",
        "rationale-not-a-string",
        "no-rows",
    ],
)
def test_verify_blocks_any_report_that_differs_from_the_inputs(
    store: Store, edit: Callable[[dict[str, Any]], None]
) -> None:
    """SEED: JSON.stringify(rows) must equal the expected rows exactly (order, keys, key
    order, amounts, sources); recommendedId the cheapest; rationale a string -> else
    blocked."""
    blocked = go(store, offers(), Model(edit=edit))
    assert blocked.status == "blocked"


def test_an_integral_float_amount_equals_the_integer(store: Store) -> None:
    """SEED: 90.0 and 90 are one JavaScript number: the rows match."""
    model = Model(edit=edit_rows(lambda rows: rows[1].update(monthly=90.0)))
    assert go(store, offers(), model).status == "ready_for_review"


def test_a_tie_goes_to_the_first_offer_in_input_order(store: Store) -> None:
    """SEED: reduce with <= keeps the first of equal prices."""
    tied = offers(C={"monthly": 90})
    assert go(store, tied, Model(recommended="B")).status == "ready_for_review"
    assert go(store, tied, Model(recommended="C"), run_id="c").status == "blocked"


def test_a_report_that_is_not_an_object_is_blocked(store: Store) -> None:
    """SEED: r.rows of a string is undefined -> blocked."""
    model = Model()
    model.adapter = FunctionAdapter("fixture-v1", lambda request: "just text")
    assert go(store, offers(), model).status == "blocked"


def test_a_true_price_with_a_false_rationale_is_blocked(store: Store) -> None:
    """SEED: the rationale is only checked for being a string -> ready_for_review.
    stepgraph checks what the rationale claims (docs/seed.md: rationale claims)."""
    model = Model(edit=lambda report: report.update(rationale="B costs 95 per month."))
    assert go(store, offers(), model).status == "blocked"
