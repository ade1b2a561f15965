"""People in the loop, at the library level, on every store: decisions bound to the
digest of what was reviewed, supplied data rebinding the fingerprint, and the policy."""

from __future__ import annotations

import pytest

from stepgraph import (
    AlreadyDecided,
    DigestMismatch,
    FingerprintMismatch,
    InputError,
    NotAllowed,
    NotWaiting,
    Policy,
    Store,
    decide,
    resume,
    run,
    supply,
)
from stepgraph.offers import graph, make_inputs
from stepgraph.offers.review import review_digest, supplied_offer
from tests.support import CountingFixture, WrongAmount, seed_offers

POLICY = Policy.from_mapping(
    {"approve": ["ada"], "reject": ["ada", "bo"], "revise": ["ada"], "supply": ["cy"]}
)


def waiting_for_review(store: Store, run_id: str = "r") -> str:
    """Run the seed's offers to ready_for_review; return the digest on screen."""
    result = run(graph, inputs=make_inputs(seed_offers()), adapter=CountingFixture(),
                 store=store, run_id=run_id)  # fmt: skip
    assert result.status == "ready_for_review"
    wait = result.checkpoint.wait
    assert wait is not None
    return str(wait["digest"])


def test_a_ready_run_waits_with_the_digest_of_its_report_and_offers(store: Store) -> None:
    result = run(graph, inputs=make_inputs(seed_offers()), adapter=CountingFixture(),
                 store=store, run_id="r")  # fmt: skip
    assert result.checkpoint.wait is not None
    assert result.checkpoint.wait["digest"] == review_digest(result.state)
    assert result.checkpoint.wait["choices"] == {"approve": "approved", "reject": "rejected",
                                                 "revise": "revising"}  # fmt: skip


def test_nothing_runs_while_the_run_waits_for_a_decision(store: Store) -> None:
    waiting_for_review(store)
    adapter = CountingFixture()
    again = resume(graph, run_id="r", adapter=adapter, store=store)
    assert (again.steps, again.status, adapter.calls) == (0, "ready_for_review", 0)


def test_an_approval_is_recorded_with_actor_digest_and_time_then_the_run_is_approved(
    store: Store,
) -> None:
    seen = waiting_for_review(store)
    decided = decide(store, "r", verdict="approve", actor="ada", digest_seen=seen,
                     policy=POLICY, note="numbers checked")  # fmt: skip
    assert (decided.node, decided.status) == ("@decision", "approved")
    assert decided.state["review"]["by"] == "ada"
    assert decided.state["review"]["digest"] == seen
    assert decided.state["review"]["note"] == "numbers checked"
    done = resume(graph, run_id="r", adapter=CountingFixture(), store=store)
    assert (done.status, done.next) == ("approved", "END")
    assert [h.node for h in store.history("r")] == ["inspect", "draft", "verify", "@decision",
                                                    "verify"]  # fmt: skip


def test_a_rejection_ends_the_run_rejected(store: Store) -> None:
    seen = waiting_for_review(store)
    decide(store, "r", verdict="reject", actor="bo", digest_seen=seen, policy=POLICY)
    done = resume(graph, run_id="r", adapter=CountingFixture(), store=store)
    assert (done.status, done.next) == ("rejected", "END")


def test_a_digest_that_is_not_the_current_content_is_refused_and_nothing_recorded(
    store: Store,
) -> None:
    seen = waiting_for_review(store)
    with pytest.raises(DigestMismatch) as refused:
        decide(store, "r", verdict="approve", actor="ada", digest_seen="0" * 64, policy=POLICY)
    assert refused.value.expected == seen
    saved = store.load("r")
    assert saved is not None
    assert saved.version == 3


def test_approving_a_blocked_run_is_refused(store: Store) -> None:
    blocked = run(graph, inputs=make_inputs(seed_offers()), adapter=WrongAmount(), store=store,
                  run_id="b")  # fmt: skip
    assert blocked.status == "blocked"
    with pytest.raises(NotWaiting, match="blocked"):
        decide(store, "b", verdict="approve", actor="ada", digest_seen="x", policy=POLICY)


def test_approving_a_run_waiting_for_data_is_refused(store: Store) -> None:
    offers = seed_offers()
    offers[1]["monthly"] = None
    run(graph, inputs=make_inputs(offers), adapter=CountingFixture(), store=store, run_id="w")
    with pytest.raises(NotWaiting, match="waiting_for_data"):
        decide(store, "w", verdict="approve", actor="ada", digest_seen="x", policy=POLICY)


def test_repeating_the_same_approval_records_nothing_more(store: Store) -> None:
    seen = waiting_for_review(store)
    first = decide(store, "r", verdict="approve", actor="ada", digest_seen=seen, policy=POLICY)
    again = decide(store, "r", verdict="approve", actor="ada", digest_seen=seen, policy=POLICY)
    assert again.version == first.version


def test_a_second_reviewer_deciding_otherwise_is_told_who_decided(store: Store) -> None:
    seen = waiting_for_review(store)
    decide(store, "r", verdict="approve", actor="ada", digest_seen=seen, policy=POLICY)
    with pytest.raises(AlreadyDecided) as told:
        decide(store, "r", verdict="reject", actor="bo", digest_seen=seen, policy=POLICY)
    assert told.value.decision["by"] == "ada"
    assert told.value.decision["action"] == "approve"


def test_someone_the_policy_does_not_name_is_refused(store: Store) -> None:
    seen = waiting_for_review(store)
    with pytest.raises(NotAllowed) as refused:
        decide(store, "r", verdict="approve", actor="bo", digest_seen=seen, policy=POLICY)
    assert (refused.value.actor, refused.value.action) == ("bo", "approve")


def test_a_revision_drafts_again_with_the_note_and_waits_on_the_new_content(
    store: Store,
) -> None:
    seen = waiting_for_review(store)
    adapter = CountingFixture()
    decide(store, "r", verdict="revise", actor="ada", digest_seen=seen, policy=POLICY,
           note="mention the setup fee")  # fmt: skip
    again = resume(graph, run_id="r", adapter=adapter, store=store)
    assert again.status == "ready_for_review"
    assert adapter.calls == 1
    assert again.trace == ("inspect", "draft", "verify", "verify", "draft", "verify")
    assert again.checkpoint.wait is not None
    assert again.checkpoint.wait["digest"] != seen
    assert again.state["report"]["rationale"].endswith("revised after review.")
    with pytest.raises(DigestMismatch):
        decide(store, "r", verdict="approve", actor="ada", digest_seen=seen, policy=POLICY)


def test_supplied_data_rebinds_the_fingerprint_and_the_run_continues_from_inspect(
    store: Store,
) -> None:
    offers = seed_offers()
    offers[1]["monthly"] = None
    adapter = CountingFixture()
    first = run(graph, inputs=make_inputs(offers), adapter=adapter, store=store, run_id="w")
    new_offers = supplied_offer(offers, "B", 95, "offer-B-v2")
    updated = supply(store, "w", changes={"offers": new_offers}, actor="cy", policy=POLICY)
    assert updated.node == "@supply"
    assert updated.parts.inputs != first.checkpoint.parts.inputs
    assert updated.fingerprint != first.checkpoint.fingerprint
    event = updated.update["@event"]
    assert (event["by"], event["inputs_before"], event["inputs_after"]) == (
        "cy", first.checkpoint.parts.inputs, updated.parts.inputs)  # fmt: skip
    done = resume(graph, run_id="w", adapter=adapter, store=store)
    assert done.status == "ready_for_review"
    assert done.trace == ("inspect", "inspect", "draft", "verify")
    assert done.state["report"]["rows"][1] == {"id": "B", "source": "offer-B-v2", "monthly": 95}
    assert adapter.calls == 1


def test_after_supply_the_old_inputs_no_longer_resume_the_run(store: Store) -> None:
    offers = seed_offers()
    offers[1]["monthly"] = None
    run(graph, inputs=make_inputs(offers), adapter=CountingFixture(), store=store, run_id="w")
    supply(store, "w", changes={"offers": supplied_offer(offers, "B", 95, "offer-B-v2")},
           actor="cy", policy=POLICY)  # fmt: skip
    with pytest.raises(FingerprintMismatch) as refused:
        resume(graph, run_id="w", inputs=make_inputs(offers), adapter=CountingFixture(),
               store=store)  # fmt: skip
    assert refused.value.part == "inputs"


def test_supplying_a_run_that_waits_for_no_data_is_refused(store: Store) -> None:
    waiting_for_review(store)
    with pytest.raises(NotWaiting):
        supply(store, "r", changes={"offers": seed_offers()}, actor="cy", policy=POLICY)


def test_supplying_a_price_for_an_offer_that_has_one_names_the_field() -> None:
    with pytest.raises(InputError) as refused:
        supplied_offer(seed_offers(), "B", 95, "offer-B-v2")
    assert refused.value.field == "--offer"


def test_a_negative_supplied_price_is_refused_naming_the_field() -> None:
    offers = seed_offers()
    offers[1]["monthly"] = None
    with pytest.raises(InputError) as refused:
        supplied_offer(offers, "B", -1, "offer-B-v2")
    assert refused.value.field == "--monthly"
