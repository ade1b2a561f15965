"""The codec: JSON copies, canonical text, and validation of every loaded record."""

from __future__ import annotations

import copy
import dataclasses
import math
from typing import Any

import pytest

from stepgraph import CheckpointCorrupt, InputError, open_store, run
from stepgraph import checkpoint as codec
from stepgraph.checkpoint import (
    WAIT,
    Parts,
    canonical_json,
    digest,
    dumps,
    dumps_added,
    from_records,
    head_record,
    json_copy,
    seal,
    step_record,
)
from stepgraph.offers import graph, make_inputs
from tests.support import CountingFixture, seed_offers


def stored_records() -> tuple[dict[str, Any], dict[str, Any], list[dict[str, Any]]]:
    """The head, inputs and steps of a finished seed run, as a store would keep them."""
    store = open_store("memory:")
    result = run(graph, inputs=make_inputs(seed_offers()), adapter=CountingFixture(), store=store)
    cp = result.checkpoint
    return copy.deepcopy(head_record(cp)), copy.deepcopy(cp.inputs), step_dicts(store, cp.run_id)


def step_dicts(store: Any, run_id: str) -> list[dict[str, Any]]:
    return [
        {"version": h.version, "node": h.node, "update": h.update, "next": h.next,
         "status": h.status, "at": h.at, "sum": h.sum}
        for h in store.history(run_id)
    ]  # fmt: skip


def load(head: Any, inputs: Any, steps: Any) -> Any:
    return from_records(head, inputs, steps, run_id=stored_records()[0]["run_id"])


def test_json_copy_is_a_private_deep_copy() -> None:
    original = {"a": [{"b": 1}]}
    copied = json_copy(original)
    copied["a"][0]["b"] = 2
    assert original == {"a": [{"b": 1}]}


@pytest.mark.parametrize(
    ("value", "path"),
    [
        ({"offers": [{"monthly": math.nan}]}, "inputs.offers[0].monthly"),
        ({"x": {"y": math.inf}}, "inputs.x.y"),
        ({"when": object()}, "inputs.when"),
        ({"tags": {1, 2}}, "inputs.tags"),
    ],
)
def test_json_copy_names_the_path_of_a_value_that_is_not_json(value: Any, path: str) -> None:
    with pytest.raises(InputError) as caught:
        json_copy(value)
    assert caught.value.field == path


def test_canonical_json_sorts_keys_and_drops_spaces() -> None:
    assert canonical_json({"b": 1, "a": [1, "é"]}) == '{"a":[1,"é"],"b":1}'


def test_a_stored_run_loads_back_with_its_state_rebuilt_from_the_steps() -> None:
    head, inputs, steps = stored_records()
    cp = load(head, inputs, steps)
    assert cp.trace == ("inspect", "draft", "verify")
    assert cp.state["status"] == "ready_for_review"
    assert cp.state["report"]["recommendedId"] == "B"
    assert cp.state["offers"] == seed_offers()


@pytest.mark.parametrize("field", ["format", "run_id", "parts", "fingerprint", "next", "status",
                                   "version", "created_at", "updated_at"])  # fmt: skip
def test_a_missing_head_field_is_named(field: str) -> None:
    head, inputs, steps = stored_records()
    del head[field]
    with pytest.raises(CheckpointCorrupt, match=f"field {field} is missing"):
        load(head, inputs, steps)


@pytest.mark.parametrize(
    ("field", "value", "kind"),
    [("version", "3", "an integer"), ("version", True, "an integer"),
     ("next", 7, "a non-empty string"), ("status", "", "a non-empty string"),
     ("parts", [], "an object")],
)  # fmt: skip
def test_a_head_field_of_the_wrong_type_is_named(field: str, value: Any, kind: str) -> None:
    head, inputs, steps = stored_records()
    head[field] = value
    with pytest.raises(CheckpointCorrupt, match=f"field {field} must be {kind}"):
        load(head, inputs, steps)


def test_an_unknown_format_is_refused() -> None:
    head, inputs, steps = stored_records()
    head["format"] = 99
    with pytest.raises(CheckpointCorrupt, match="unknown format 99"):
        load(head, inputs, steps)


def test_edited_inputs_no_longer_match_the_fingerprint() -> None:
    head, inputs, steps = stored_records()
    inputs["offers"][1]["monthly"] = 9
    with pytest.raises(CheckpointCorrupt, match="inputs do not match the stored fingerprint"):
        load(head, inputs, steps)


def test_an_edited_fingerprint_part_is_detected() -> None:
    head, inputs, steps = stored_records()
    head["parts"]["adapter"] = "other-v9"
    with pytest.raises(CheckpointCorrupt, match="fingerprint does not match its parts"):
        load(head, inputs, steps)


def test_a_missing_step_is_detected() -> None:
    head, inputs, steps = stored_records()
    del steps[1]
    with pytest.raises(CheckpointCorrupt, match="does not hold steps 1 to 3"):
        load(head, inputs, steps)


def test_a_head_that_disagrees_with_its_last_step_is_detected() -> None:
    head, inputs, steps = stored_records()
    head["status"] = "blocked"
    with pytest.raises(CheckpointCorrupt, match="last step does not match"):
        load(head, inputs, steps)


def test_a_step_with_a_wrong_update_type_is_named() -> None:
    head, inputs, steps = stored_records()
    steps[0]["update"] = "nope"
    with pytest.raises(CheckpointCorrupt, match=r"field step\.update must be an object"):
        load(head, inputs, steps)


def test_a_record_of_another_run_is_refused() -> None:
    head, inputs, steps = stored_records()
    with pytest.raises(CheckpointCorrupt, match="belongs to run"):
        from_records(head, inputs, steps, run_id="someone-else")


def test_a_head_that_is_not_an_object_is_refused() -> None:
    _, inputs, steps = stored_records()
    with pytest.raises(CheckpointCorrupt, match="record must be an object"):
        load([1, 2], inputs, steps)


def test_inputs_that_are_not_an_object_are_refused() -> None:
    head, _, steps = stored_records()
    with pytest.raises(CheckpointCorrupt, match="inputs must be an object"):
        load(head, [1], steps)


def test_the_step_record_holds_only_the_last_update() -> None:
    store = open_store("memory:")
    cp = run(graph, inputs=make_inputs(seed_offers()), adapter=CountingFixture(),
             store=store).checkpoint  # fmt: skip
    assert set(step_record(cp)["update"]) == {"status", "reasons", "claims", "@wait"}
    assert step_record(cp)["update"]["status"] == "ready_for_review"
    assert step_record(cp)["update"]["@wait"]["kind"] == "decision"


def test_an_edited_step_update_fails_the_checksum() -> None:
    head, inputs, steps = stored_records()
    steps[1]["update"]["report"]["rows"][1]["monthly"] = 80
    with pytest.raises(CheckpointCorrupt, match="step 2's checksum does not match"):
        load(head, inputs, steps)


def test_a_rewritten_status_fails_the_checksum() -> None:
    head, inputs, steps = stored_records()
    steps[2]["status"] = head["status"] = "approved"
    with pytest.raises(CheckpointCorrupt, match="step 3's checksum does not match"):
        load(head, inputs, steps)


def test_a_shortened_trace_is_refused() -> None:
    head, inputs, steps = stored_records()
    head["version"] = 2
    head["next"], head["status"], head["updated_at"] = "verify", "running", steps[1]["at"]
    with pytest.raises(CheckpointCorrupt, match="does not hold steps 1 to 2"):
        load(head, inputs, steps)


KEY = b"0123456789abcdef-test-key"


def signed_run(key: bytes = KEY) -> Any:
    store = open_store("memory:", signing_key=key)
    return store, run(graph, inputs=make_inputs(seed_offers()), adapter=CountingFixture(),
                      store=store, run_id="s")  # fmt: skip


def test_a_signed_run_verifies_with_its_key() -> None:
    store, result = signed_run()
    loaded = store.load("s")
    assert loaded is not None
    assert loaded.sum.startswith("hmac-sha256:")
    assert loaded == result.checkpoint


def test_a_signed_run_is_refused_without_the_key() -> None:
    store, result = signed_run()
    cp = result.checkpoint
    steps = step_dicts(store, "s")
    with pytest.raises(CheckpointCorrupt, match="signed: set the signing key"):
        from_records(head_record(cp), cp.inputs, steps, run_id="s")
    with pytest.raises(CheckpointCorrupt, match="signed with another key"):
        from_records(head_record(cp), cp.inputs, steps, run_id="s", key=b"another-key-of-16+")


def test_an_unsigned_run_is_refused_when_a_key_is_required() -> None:
    head, inputs, steps = stored_records()
    with pytest.raises(CheckpointCorrupt, match="not signed with the signing key"):
        from_records(head, inputs, steps, run_id=head["run_id"], key=KEY)


def test_a_short_signing_key_is_refused() -> None:
    with pytest.raises(InputError) as caught:
        open_store("memory:", signing_key=b"short")
    assert caught.value.field == "signing_key"


@pytest.mark.parametrize("data", [{}, {"a": 1}, {"é": ["x", {"b": None}], "z": "ü"}])
def test_dumps_added_is_the_dumps_of_the_object_with_the_key_appended(data: Any) -> None:
    value = {"kind": "decision", "reason": "Prüfen", "choices": {"a": "b"}}
    assert dumps_added(dumps(data), WAIT, value) == dumps({**data, WAIT: value})


def test_a_wait_step_is_saved_with_its_update_encoded_once() -> None:
    result = run(graph, inputs=make_inputs(seed_offers()), adapter=CountingFixture(),
                 store=open_store("memory:"))  # fmt: skip
    cp = result.checkpoint
    assert cp.wait is not None  # the offers end waiting for review
    assert cp.texts["update"] == dumps(cp.update)  # kept, so the store encodes nothing again


def test_parts_compute_their_fingerprint_once(monkeypatch: pytest.MonkeyPatch) -> None:
    parts = Parts(graph="g", shape="s", revision=1, adapter="a", inputs="i")
    expected = digest(canonical_json(parts.as_dict()))
    assert parts.fingerprint() == expected
    monkeypatch.setattr(codec, "canonical_json", lambda value: pytest.fail("encoded again"))
    assert parts.fingerprint() == expected
    assert parts == Parts(graph="g", shape="s", revision=1, adapter="a", inputs="i")
    assert "fingerprint" not in repr(parts)


def test_seal_copies_the_checkpoint_with_its_sum_and_leaves_it_as_it_was() -> None:
    cp = run(graph, inputs=make_inputs(seed_offers()), adapter=CountingFixture(),
             store=open_store("memory:")).checkpoint  # fmt: skip
    before = cp.sum
    sealed = seal(cp, None)
    assert cp.sum == before
    assert sealed.sum.startswith("sha256:")
    assert sealed.sum != before
    assert sealed == dataclasses.replace(cp, sum=sealed.sum)
    assert sealed.texts == cp.texts
