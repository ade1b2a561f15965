"""Private-field declarations and the redaction of requests, value by value."""

from __future__ import annotations

import pytest

from stepgraph import END, Graph
from stepgraph.errors import GraphError
from stepgraph.privacy import MASK, Private, masked, redactor

STATE = {
    "offers": [
        {"id": "A", "source": "offer-A-v1", "monthly": 120},
        {"id": "B", "source": "offer-B-v1", "monthly": 90},
    ],
    "review": {"note": "ask Jane Doe about the fee", "by": "ada"},
    "client": "Acme Holdings",
}


def redact(fields: dict[str, str], data: object, instructions: str = "") -> tuple[str, object]:
    return Private(fields).redactor("run-1", STATE).outbound(instructions, data)


def test_an_unknown_mode_is_refused_naming_the_path_and_the_modes() -> None:
    with pytest.raises(GraphError, match=r"private\['client'\] mode must be one of send"):
        Private({"client": "hide"})


def test_a_malformed_path_is_refused_naming_it() -> None:
    with pytest.raises(GraphError, match=r"private path 'offers\[0\].source'"):
        Private({"offers[0].source": "mask"})


def test_a_graph_validates_its_private_declaration() -> None:
    with pytest.raises(GraphError, match="mode must be one of"):
        Graph(name="g", entry="a", nodes={"a": lambda s, c: {}}, edges={"a": END},
              private={"x": "encrypt"})  # fmt: skip


def test_mask_replaces_a_leaf_and_every_occurrence_inside_text() -> None:
    _, data = redact({"client": "mask"}, {"who": "Acme Holdings", "text": "for Acme Holdings."})
    assert data == {"who": MASK, "text": f"for {MASK}."}


def test_mask_applies_to_the_instructions_too() -> None:
    instructions, _ = redact({"client": "mask"}, {}, "Write to Acme Holdings today")
    assert instructions == f"Write to {MASK} today"


def test_drop_leaves_out_the_key_and_the_list_item_and_cuts_it_from_text() -> None:
    data = {"who": "Acme Holdings", "all": ["x", "Acme Holdings"], "text": "to Acme Holdings!"}
    _, out = redact({"client": "drop"}, data)
    assert out == {"all": ["x"], "text": "to !"}


def test_a_path_into_a_list_covers_every_item() -> None:
    _, out = redact({"offers[].source": "mask"}, {"offers": STATE["offers"]})
    assert [row["source"] for row in out["offers"]] == [MASK, MASK]  # type: ignore[index]


def test_a_path_naming_an_object_makes_every_value_under_it_private() -> None:
    _, out = redact({"review": "mask"}, ["ask Jane Doe about the fee", "ada", "other"])
    assert out == [MASK, MASK, "other"]


def test_send_leaves_the_value_as_it_is() -> None:
    data = {"offers": STATE["offers"], "note": "ask Jane Doe about the fee"}
    assert redact({"offers[].monthly": "send", "review.note": "send"}, data)[1] == data


def test_a_private_number_is_replaced_only_where_it_is_not_part_of_another() -> None:
    _, out = redact({"offers[].monthly": "mask"}, "90 a month, not 190 nor 90.5; 120.")
    assert out == f"{MASK} a month, not 190 nor 90.5; {MASK}."


def test_short_private_text_is_replaced_inside_text_only_as_a_whole_word() -> None:
    _, out = Private({"offers[].id": "mask"}).redactor("r", STATE).outbound("", "A plan: pay A")
    assert out == f"{MASK} plan: pay {MASK}"


def test_an_object_key_is_kept_unless_it_is_a_private_value() -> None:
    _, out = redact({"client": "mask"}, {"clients": 1, "Acme Holdings": 2})
    assert out == {"clients": 1, MASK: 2}


def test_a_token_is_the_same_for_the_same_value_in_one_run_and_differs_across_runs() -> None:
    private = Private({"client": "tokenise"})
    first = private.redactor("run-1", STATE).outbound("", "Acme Holdings")[1]
    again = private.redactor("run-1", STATE).outbound("", {"x": "Acme Holdings"})[1]
    other = private.redactor("run-2", STATE).outbound("", "Acme Holdings")[1]
    assert isinstance(first, str)
    assert first.startswith("[[p:")
    assert again == {"x": first}
    assert other != first


def test_tokens_in_the_answer_are_mapped_back_to_the_values_with_their_types() -> None:
    redactor = Private({"offers[].monthly": "tokenise", "client": "tokenise"}).redactor("r", STATE)
    _, sent = redactor.outbound("", {"price": 90, "client": "Acme Holdings"})
    assert isinstance(sent, dict)
    answer = {"rows": [sent["price"]], "text": f"{sent['client']} pays {sent['price']}"}
    assert redactor.inbound(answer) == {"rows": [90], "text": "Acme Holdings pays 90"}


def test_the_stricter_mode_wins_when_a_value_sits_under_two_paths() -> None:
    state = {"a": "shared secret", "b": "shared secret"}
    redactor = Private({"a": "send", "b": "drop"}).redactor("r", state)
    assert redactor.outbound("", {"k": "shared secret"})[1] == {}


def test_none_booleans_and_empty_text_are_never_private() -> None:
    state = {"a": None, "b": True, "c": ""}
    redactor = Private({"a": "mask", "b": "mask", "c": "mask"}).redactor("r", state)
    data = {"x": None, "y": True, "z": "", "w": "text"}
    assert redactor.outbound("", data)[1] == data


def test_masked_state_hides_every_declared_field_for_outputs() -> None:
    graph = Graph(name="g", entry="a", nodes={"a": lambda s, c: {}}, edges={"a": END},
                  private={"offers[].source": "send", "review.note": "mask"})  # fmt: skip
    shown = masked(graph, STATE)
    assert [row["source"] for row in shown["offers"]] == [MASK, MASK]
    assert shown["review"] == {"note": MASK, "by": "ada"}
    assert STATE["review"]["note"] == "ask Jane Doe about the fee"  # type: ignore[index]


def test_masked_state_of_a_graph_without_private_fields_is_the_state() -> None:
    graph = Graph(name="g", entry="a", nodes={"a": lambda s, c: {}}, edges={"a": END})
    assert masked(graph, STATE) == STATE


def test_a_step_gets_a_redactor_only_when_its_state_holds_a_value_to_redact() -> None:
    graph = Graph(name="g", entry="a", nodes={"a": lambda s, c: {}}, edges={"a": END},
                  private={"client": "mask", "offers[].source": "send"})  # fmt: skip
    assert redactor(graph, "r", {"offers": STATE["offers"]}) is None  # send values only
    assert redactor(graph, "r", {}) is None
    found = redactor(graph, "r", STATE)
    assert found is not None
    assert found.outbound("", {"to": "Acme Holdings"})[1] == {"to": MASK}
