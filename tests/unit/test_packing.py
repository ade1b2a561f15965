"""Format 2's packed step bodies (``stepgraph.packing``): what is left out, and that a
body unpacks to the exact update or is stored as it is."""

from __future__ import annotations

import json
from typing import Any

import pytest

from stepgraph.checkpoint import dumps
from stepgraph.errors import CheckpointCorrupt
from stepgraph.packing import pack, unpack

RATIONALE = "B has the lowest stated monthly price [c1]: 90 a month [c2]."
OFFERS = [{"id": "A", "source": "a-v1", "monthly": 120}, {"id": "B", "source": "b-v1",
                                                          "monthly": 90}]  # fmt: skip
CLAIM = {"id": "c1", "kind": "cheapest", "offer": "B"}
PRIOR = {"offers": OFFERS, "report": {"rows": OFFERS, "rationale": RATIONALE, "claims": [CLAIM]}}
WAIT = {"kind": "decision", "node": "verify", "status": "ready_for_review", "reason": "read it",
        "key": "review", "choices": {"approve": "approved", "reject": "rejected",
                                     "revise": "revising"}, "digest": "ab" * 32}  # fmt: skip


def packed(update: dict[str, Any], prior: dict[str, Any] | None = PRIOR) -> str:
    """Pack ``update`` and check that it unpacks to the exact text."""
    body = pack(update, dumps(update), "verify", "ready_for_review", prior)
    again = unpack(json.loads(body), "verify", "ready_for_review", (prior or {}).__getitem__,
                   "r")  # fmt: skip
    assert dumps(again) == dumps(update)
    return body


def test_a_value_the_state_holds_already_is_stored_as_a_reference() -> None:
    assert packed({"report": {"rows": OFFERS}}) == '{"report":{"rows":{"^":["offers"]}}}'


def test_an_object_that_starts_with_an_earlier_one_is_stored_after_a_reference() -> None:
    body = packed({"claims": [{**CLAIM, "verdict": "true"}]})
    assert body == '{"claims":[{"^":["report","claims",0],"verdict":"true"}]}'


def test_a_text_inside_an_earlier_text_is_stored_as_a_slice() -> None:
    body = packed({"sentences": [{"text": RATIONALE[4:59], "end": 59}]})
    assert body == '{"sentences":[{"text":{"^":["report","rationale"],"^:":[4,59]},"end":59}]}'


def test_a_reference_longer_than_what_it_replaces_is_not_made() -> None:
    update = {"sentences": [{"text": RATIONALE[:30]}]}
    assert packed(update) == dumps(update)


def test_the_review_wait_leaves_out_what_the_step_row_and_the_standard_say() -> None:
    body = json.loads(packed({"status": "ready_for_review", "@wait": WAIT}, None))
    assert body["@wait"] == {"^": "nscd", "kind": "decision", "reason": "read it",
                             "key": "review", "digest": "q6ur" * 10 + "q6s"}  # fmt: skip


def test_a_wait_in_another_order_is_stored_as_it_is() -> None:
    update = {"@wait": {"node": "verify", **WAIT}}
    assert packed(update, None) == dumps(update)


def test_an_update_that_holds_a_caret_key_is_stored_whole_under_one() -> None:
    update = {"report": {"rows": OFFERS, "^": ["offers"]}}
    assert packed(update) == '{"^":' + dumps(update) + "}"


def test_a_body_that_would_not_unpack_to_the_same_text_is_stored_as_it_is() -> None:
    update = {"flags": [True, False, True]}  # equal to [1, 0, 1] in Python, not in JSON
    assert packed(update, {"numbers": [1, 0, 1]}) == dumps(update)


def test_nothing_refers_to_the_state_without_a_prior() -> None:
    update = {"report": {"rows": OFFERS}}
    assert packed(update, None) == dumps(update)


def test_a_reference_that_does_not_resolve_is_refused() -> None:
    with pytest.raises(CheckpointCorrupt, match="does not unpack"):
        unpack({"a": {"^": ["offers", 9]}}, "verify", "running", PRIOR.__getitem__, "r")
