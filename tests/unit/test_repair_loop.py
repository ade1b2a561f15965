"""The offer workflow's bounded repair loop: verify's reasons go back to draft."""

from __future__ import annotations

from typing import Any

import pytest

from stepgraph import FunctionAdapter, InputError, Request, open_store, resume, run
from stepgraph.offers import FixtureAdapter, graph, make_inputs
from tests.support import seed_offers


class Scripted:
    """Answers from a list, wrong ones first; records what each request carried."""

    def __init__(self, *answers: str) -> None:
        self.answers = list(answers)
        self.requests: list[Request] = []
        self.adapter = FunctionAdapter("scripted-v1", self.generate)

    def generate(self, request: Request) -> Any:
        self.requests.append(request)
        report = FixtureAdapter().generate(request)
        kind = self.answers.pop(0)
        if kind == "wrong":
            report["recommendedId"] = "A"
        elif kind == "other-wrong":
            report["rows"][0]["monthly"] = 1
        return report


def go(script: Scripted, **options: Any) -> Any:
    with open_store("memory:") as store:
        return run(graph, inputs=make_inputs(seed_offers(), **options), adapter=script.adapter,
                   store=store)  # fmt: skip


def test_a_blocked_report_is_drafted_again_with_the_reasons_as_feedback() -> None:
    script = Scripted("wrong", "right")
    result = go(script)
    assert result.status == "ready_for_review"
    assert result.trace == ("inspect", "draft", "verify", "draft", "verify")
    assert "feedback" not in script.requests[0].data
    assert any("recommendedId is 'A'" in line for line in script.requests[1].data["feedback"])


def test_the_draft_limit_ends_blocked_with_the_reasons_and_the_count() -> None:
    script = Scripted("wrong", "other-wrong", "right")
    result = go(script)
    assert result.status == "blocked"
    assert result.state["drafts"] == 2
    assert result.state["reasons"]
    assert len(script.requests) == 2


def test_an_identical_repeated_report_stops_before_the_limit() -> None:
    script = Scripted("wrong", "wrong", "right", "right")
    result = go(script, max_drafts=4)
    assert result.status == "blocked"
    assert result.state["drafts"] == 2
    assert len(script.requests) == 2


def test_max_drafts_one_is_the_seeds_single_draft() -> None:
    script = Scripted("wrong", "right")
    result = go(script, max_drafts=1)
    assert result.status == "blocked"
    assert result.trace == ("inspect", "draft", "verify")


def test_the_step_limit_and_the_draft_limit_both_hold_across_resumes() -> None:
    script = Scripted("wrong", "other-wrong", "wrong")
    with open_store("memory:") as store:
        first = run(graph, inputs=make_inputs(seed_offers(), max_drafts=2),
                    adapter=script.adapter, store=store, max_steps=3)  # fmt: skip
        assert (first.status, first.next) == ("blocked", "draft")  # paused by the step limit
        later = resume(graph, run_id=first.run_id, adapter=script.adapter, store=store)
    assert later.status == "blocked"
    assert later.next == "END"
    assert later.state["drafts"] == 2
    assert len(script.requests) == 2


@pytest.mark.parametrize("bad", [0, -1, True, 1.5])
def test_a_bad_draft_limit_names_the_field(bad: Any) -> None:
    with pytest.raises(InputError) as raised:
        make_inputs(seed_offers(), max_drafts=bad)
    assert raised.value.field == "max_drafts"
