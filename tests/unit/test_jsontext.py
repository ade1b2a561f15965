"""JSON from outside and values echoed back: depth bound, lone surrogates, excerpts."""

from __future__ import annotations

from typing import Any

import pytest

from stepgraph import InputError, open_store, run
from stepgraph.jsontext import MAX_DEPTH, excerpt, loads
from stepgraph.offers import graph, make_inputs
from tests.support import CountingFixture, seed_offers


def test_json_nested_past_the_bound_is_refused_naming_the_field() -> None:
    with pytest.raises(InputError) as refused:
        loads("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "data")
    assert refused.value.field == "data"
    assert f"deeper than {MAX_DEPTH}" in refused.value.rule


def test_json_nested_to_the_bound_is_read() -> None:
    assert loads("[" * MAX_DEPTH + "]" * MAX_DEPTH, "data") is not None


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    assert loads('{"a": "' + "[" * 500 + '"}', "data") == {"a": "[" * 500}


def test_a_lone_surrogate_inside_json_is_refused_with_its_path() -> None:
    with pytest.raises(InputError) as refused:
        loads('{"a": [1, "x\\ud800"]}', "data")
    assert refused.value.field == "data.a[1]"


def test_a_long_value_is_cut_in_an_excerpt_with_its_length() -> None:
    shown = excerpt("x" * 10_000)
    assert len(shown) < 100
    assert "10000 characters" in shown


def deep(levels: int) -> Any:
    value: Any = 1
    for _ in range(levels):
        value = [value]
    return value


@pytest.mark.parametrize(
    ("value", "words"),
    [("A\udc80", "lone surrogate"), (deep(100_000), "too deep")],
    ids=["surrogate", "deep"],
)
def test_library_inputs_with_hostile_values_are_refused_and_nothing_is_saved(
    value: Any, words: str
) -> None:
    inputs = {**make_inputs(seed_offers()), "extra": value}
    with open_store("memory:") as store:
        with pytest.raises(InputError) as refused:
            run(graph, inputs=inputs, adapter=CountingFixture(), store=store, run_id="r")
        assert refused.value.field.startswith("inputs")
        assert words in refused.value.rule
        assert store.list_runs() == []
