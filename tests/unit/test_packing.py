"""Format 2's packed step bodies (``stepgraph.packing``): what is left out, and that a
body unpacks to the exact update or is stored as it is."""

from __future__ import annotations

import json
from typing import Any

import pytest

from stepgraph.checkpoint import dumps
from stepgraph.errors import CheckpointCorrupt, GraphError
from stepgraph.graph import END, Graph
from stepgraph.packing import Check, Form, Same, _encode, pack, unpack

RATIONALE = "B has the lowest stated monthly price [c1]: 90 a month [c2]."
OFFERS = [{"id": "A", "source": "a-v1", "monthly": 120}, {"id": "B", "source": "b-v1",
                                                          "monthly": 90}]  # fmt: skip
CLAIM = {"id": "c1", "kind": "cheapest", "offer": "B"}
PRIOR: dict[str, Any] = {
    "offers": OFFERS,
    "report": {"rows": OFFERS, "rationale": RATIONALE, "claims": [CLAIM]},
}
WAIT = {"kind": "decision", "node": "verify", "status": "ready_for_review", "reason": "read it",
        "key": "review", "choices": {"approve": "approved", "reject": "rejected",
                                     "revise": "revising"}, "digest": "ab" * 32}  # fmt: skip


SENTENCE = {"text": RATIONALE[4:59], "start": 4, "end": 59, "verdict": "checked"}
CHECK: dict[str, Any] = {"sentences": [SENTENCE], "claims": [{**CLAIM, "verdict": "true"}]}
FORMS = (Same("report.rows", "offers"), Check("claims", text="report.rationale",
                                              claims="report.claims"))  # fmt: skip


def packed(update: dict[str, Any], prior: dict[str, Any] | None = PRIOR,
           forms: tuple[Form, ...] = FORMS) -> str:  # fmt: skip
    """Pack ``update`` and check that it unpacks to the exact text."""
    lookup = None if prior is None else prior.__getitem__
    body = pack(update, dumps(update), "verify", "ready_for_review", lookup, forms=forms)
    again = unpack(json.loads(body), "verify", "ready_for_review", (prior or {}).__getitem__,
                   "r")  # fmt: skip
    assert dumps(again) == dumps(update)
    return body


def test_a_declared_copy_of_the_state_is_stored_as_a_reference() -> None:
    assert packed({"report": {"rows": OFFERS}}) == '{"report":{"rows":{"^":["offers"]}}}'


def test_a_copy_equal_in_python_but_not_in_json_is_stored_as_it_is() -> None:
    update = {"report": {"rows": [True, False]}}  # equal to [1, 0] in Python, not in JSON
    assert packed(update, {"offers": [1, 0]}) == dumps(update)


def test_a_declared_copy_whose_source_is_missing_is_stored_as_it_is() -> None:
    update = {"report": {"rows": OFFERS}}
    assert packed(update, {"report": {}}) == dumps(update)


def test_nothing_undeclared_is_searched_for() -> None:
    update = {"rows": OFFERS, "claims": {"copy": RATIONALE}}
    assert packed(update) == dumps(update)


def test_a_claims_check_stores_sentences_without_their_text_and_verdicts_after_claims() -> None:
    body = json.loads(packed({"claims": CHECK}))
    assert body == {"claims": {"^check": [["report", "rationale"], ["report", "claims"]],
                               "sentences": [{"start": 4, "end": 59, "verdict": "checked"}],
                               "claims": [{"^": 0, "verdict": "true"}]}}  # fmt: skip


def test_a_check_with_a_sentence_that_is_not_a_slice_of_the_text_is_stored_as_it_is() -> None:
    moved = {**CHECK, "sentences": [{**CHECK["sentences"][0], "start": 5}]}
    assert packed({"claims": moved}) == dumps({"claims": moved})


@pytest.mark.parametrize(
    "verdict",
    [
        {"kind": "cheapest", "id": "c1", "offer": "B", "verdict": "true"},  # another order
        {"id": "c1", "kind": "cheapest", "offer": "C", "verdict": "true"},  # another value
        {"id": "c1", "kind": "cheapest", "verdict": "true"},  # an item left out
    ],
)
def test_a_verdict_that_does_not_start_with_its_claim_exactly_is_stored_whole(
    verdict: dict[str, Any],
) -> None:
    body = json.loads(packed({"claims": {**CHECK, "claims": [verdict]}}))
    assert body["claims"]["claims"] == [verdict]


def test_a_verdict_with_a_float_where_the_claim_has_an_integer_is_stored_whole() -> None:
    prior = {**PRIOR, "report": {**PRIOR["report"], "claims": [{"id": "c2", "amount": 90}]}}
    verdict = {"id": "c2", "amount": 90.0, "verdict": "true"}  # 90 == 90.0 in Python
    body = json.loads(packed({"claims": {**CHECK, "claims": [verdict]}}, prior))
    assert body["claims"]["claims"] == [verdict]


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


def test_nothing_refers_to_the_state_without_a_prior() -> None:
    update = {"report": {"rows": OFFERS}}
    assert packed(update, None) == dumps(update)


@pytest.mark.parametrize(
    "body",
    [
        {"a": {"^": ["offers", 9]}},
        {"a": {"^": ["offers"], "more": 1}},
        {
            "claims": {
                "^check": [["report", "rationale"], ["report", "claims"]],
                "sentences": [{"start": 4, "end": 99}],
                "claims": [],
            }
        },
        {
            "claims": {
                "^check": [["report", "rationale"], ["report", "claims"]],
                "sentences": [],
                "claims": [{"^": 3}],
            }
        },
        {
            "claims": {
                "^check": [["report", "rows"], ["report", "claims"]],
                "sentences": [],
                "claims": [],
            }
        },
        {
            "claims": {
                "^check": [["report", "rationale"], ["report", "claims"]],
                "sentences": [],
                "claims": [{"^": 0, "id": "c9"}],
            }
        },
    ],
)
def test_a_packed_part_that_does_not_resolve_is_refused(body: dict[str, Any]) -> None:
    with pytest.raises(CheckpointCorrupt, match="does not unpack"):
        unpack(body, "verify", "running", PRIOR.__getitem__, "r")


def test_packs_for_a_node_the_graph_lacks_or_a_bad_path_are_refused() -> None:
    with pytest.raises(GraphError, match="packs for 'nope'"):
        Graph(name="g", entry="a", nodes={"a": lambda s, c: {}}, edges={"a": END},
              packs={"nope": [Same("x", "y")]})  # fmt: skip
    with pytest.raises(GraphError, match="keys joined by dots"):
        Same("report..rows", "offers")


def test_the_packing_encoder_writes_exactly_the_stores_compact_json() -> None:
    sample = {"a": [1, 1.0, -0.0, 1e300, True, None, 'é\u2028"\\'], "b": {"c": 0.1}}
    assert _encode(sample) == dumps(sample)
    with pytest.raises(ValueError, match="not JSON compliant"):
        _encode(float("nan"))
