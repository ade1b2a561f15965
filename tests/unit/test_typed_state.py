"""Typed state: checks at start, load and update, merge rules, dataclass and pydantic."""

from __future__ import annotations

import operator
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal, TypedDict

import pydantic
import pytest

from stepgraph import (
    END,
    Context,
    FunctionAdapter,
    Graph,
    GraphError,
    InputError,
    Reducer,
    StateError,
    Store,
    Update,
    append,
    open_store,
    resume,
    run,
)

ROOT = Path(__file__).resolve().parents[2]
ECHO = FunctionAdapter("echo-v1", lambda request: request.data)


@pytest.fixture
def memory() -> Store:
    return open_store("memory:")


class Offer(TypedDict):
    id: str
    monthly: float | None


class Review(TypedDict, total=False):
    offers: list[Offer]
    notes: Annotated[list[str], append]
    total: Annotated[int, Reducer(operator.add)]
    status: Literal["running", "done", "blocked"]
    best: str


def one_node(fn: Any, state: Any = Review) -> Graph[Any]:
    return Graph(name="typed", state=state, entry="a", nodes={"a": fn}, edges={"a": END})


def test_user_code_with_typed_sync_and_async_nodes_passes_mypy_strict() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict",
         str(ROOT / "tests" / "typing" / "user_graph.py")],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success: no issues found in 1 source file" in done.stdout


def test_mypy_strict_refuses_a_node_typed_for_another_state(tmp_path: Path) -> None:
    wrong = tmp_path / "wrong_node.py"
    wrong.write_text(
        "from typing import TypedDict\n"
        "from stepgraph import END, Context, Graph, Update\n"
        "class A(TypedDict):\n    x: int\n"
        "class B(TypedDict):\n    y: str\n"
        "def step(state: B, ctx: Context) -> Update:\n    return {}\n"
        "g = Graph(name='g', state=A, entry='s', nodes={'s': step}, edges={'s': END})\n"
    )
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict",
                           str(wrong)], cwd=ROOT, capture_output=True, text=True,
                          check=False, timeout=600)  # fmt: skip
    assert done.returncode == 1
    assert 'wrong_node.py:9: error: Dict entry 0 has incompatible type "str"' in done.stdout


def test_the_users_typed_graph_runs_pauses_and_merges_by_its_rules() -> None:
    from tests.typing.user_graph import main

    assert main() == {
        "priority": 1,
        "notes": ["triaged", "re: urgent: printer", "triaged", "re: slow"],
        "count": 2 + 7,  # the quantity, then 7 events: start, 2 x (node, save), model, end
        "status": "done",
        "cost": 2.0,
    }


def test_inputs_of_the_wrong_type_are_refused_naming_the_field_and_nothing_is_written(
    memory: Store,
) -> None:
    graph = one_node(lambda state, context: {})
    bad = {"offers": [{"id": "A", "monthly": 10}, {"id": "B", "monthly": "ten"}]}

    with pytest.raises(InputError) as caught:
        run(graph, inputs=bad, adapter=ECHO, store=memory, run_id="r")

    assert caught.value.field == "inputs.offers[1].monthly"
    assert "must be a number or null" in caught.value.rule
    assert memory.load("r") is None


def test_an_update_of_the_wrong_type_names_the_node_and_the_field_and_saves_nothing(
    memory: Store,
) -> None:
    def pick(state: Review, context: Context) -> Update:
        return {"best": 7}

    graph = Graph(name="typed", state=Review, entry="pick", nodes={"pick": pick},
                  edges={"pick": END})  # fmt: skip

    with pytest.raises(StateError) as caught:
        run(graph, inputs={"offers": []}, adapter=ECHO, store=memory, run_id="r")

    assert (caught.value.node, caught.value.field) == ("pick", "best")
    assert caught.value.rule == "must be a string, not an integer"
    assert memory.load("r") is None


def test_an_update_with_a_key_the_type_does_not_declare_is_refused(memory: Store) -> None:
    graph = one_node(lambda state, context: {"bset": "A"})

    with pytest.raises(StateError) as caught:
        run(graph, inputs={}, adapter=ECHO, store=memory)

    assert caught.value.field == "bset"
    assert "is not a field of Review" in caught.value.rule


def test_a_literal_key_refuses_a_value_outside_its_choices(memory: Store) -> None:
    graph = one_node(lambda state, context: {"status": "finished"})

    with pytest.raises(StateError) as caught:
        run(graph, inputs={}, adapter=ECHO, store=memory)

    assert caught.value.field == "status"
    assert "one of 'running', 'done', 'blocked'" in caught.value.rule


def test_a_loaded_state_that_no_longer_fits_the_type_is_refused_on_resume(
    memory: Store,
) -> None:
    def a(state: Any, context: Context) -> Update:
        return {"best": 3}

    def b(state: Any, context: Context) -> Update:
        return {}

    loose = Graph(name="typed", entry="a", nodes={"a": a, "b": b}, edges={"a": "b", "b": END})
    first = run(loose, inputs={}, adapter=ECHO, store=memory, max_steps=1)
    strict = Graph(name="typed", state=Review, entry="a", nodes={"a": a, "b": b},
                   edges={"a": "b", "b": END})  # fmt: skip

    with pytest.raises(StateError) as caught:
        resume(strict, run_id=first.run_id, adapter=ECHO, store=memory)

    assert (caught.value.node, caught.value.field, caught.value.loaded) == ("b", "best", True)


def test_append_adds_the_updates_items_and_replace_is_the_default(memory: Store) -> None:
    def first(state: Review, context: Context) -> Update:
        return {"notes": ["one"], "best": "A", "total": 2}

    def second(state: Review, context: Context) -> Update:
        return {"notes": ["two", "three"], "best": "B", "total": 5}

    graph = Graph(name="typed", state=Review, entry="first",
                  nodes={"first": first, "second": second},
                  edges={"first": "second", "second": END})  # fmt: skip
    result = run(graph, inputs={}, adapter=ECHO, store=memory)

    assert result.state == {"notes": ["one", "two", "three"], "best": "B", "total": 7}
    history = memory.history(result.run_id)
    assert history[-1].update["notes"] == ["one", "two", "three"]  # the merged value is stored


def test_a_state_rebuilt_on_load_keeps_the_merged_values(memory: Store) -> None:
    def first(state: Review, context: Context) -> Update:
        return {"notes": ["one"]}

    def second(state: Review, context: Context) -> Update:
        return {"notes": ["two"]}

    graph = Graph(name="typed", state=Review, entry="first",
                  nodes={"first": first, "second": second},
                  edges={"first": "second", "second": END})  # fmt: skip
    paused = run(graph, inputs={}, adapter=ECHO, store=memory, max_steps=1)
    result = resume(graph, run_id=paused.run_id, adapter=ECHO, store=memory)

    assert result.state == {"notes": ["one", "two"]}


def test_a_merge_rule_that_fails_names_the_node_and_the_key(memory: Store) -> None:
    def first(state: Review, context: Context) -> Update:
        return {"notes": ["one"]}

    def second(state: Review, context: Context) -> Update:
        return {"notes": "two"}

    graph = Graph(name="typed", state=Review, entry="first",
                  nodes={"first": first, "second": second},
                  edges={"first": "second", "second": END})  # fmt: skip
    with pytest.raises(StateError) as caught:
        run(graph, inputs={}, adapter=ECHO, store=memory)

    assert (caught.value.node, caught.value.field) == ("second", "notes")
    assert "append needs a list" in caught.value.rule


@dataclass
class Basket:
    owner: str
    items: Annotated[list[str], append] = field(default_factory=list)


def test_a_dataclass_state_reaches_nodes_and_the_result_as_an_instance(memory: Store) -> None:
    seen: list[Any] = []

    def add(state: Basket, context: Context) -> Update:
        seen.append(state)
        return {"items": [f"for {state.owner}"]}

    graph = Graph(name="basket", state=Basket, entry="add", nodes={"add": add},
                  edges={"add": END})  # fmt: skip
    result = run(graph, inputs={"owner": "ada", "items": ["tea"]}, adapter=ECHO, store=memory)

    assert seen == [Basket(owner="ada", items=["tea"])]
    assert result.state == Basket(owner="ada", items=["tea", "for ada"])


def test_a_dataclass_field_without_a_default_must_be_in_the_inputs(memory: Store) -> None:
    graph = Graph(name="basket", state=Basket, entry="add", nodes={"add": lambda s, c: {}},
                  edges={"add": END})  # fmt: skip

    with pytest.raises(InputError) as caught:
        run(graph, inputs={"items": []}, adapter=ECHO, store=memory)

    assert caught.value.field == "inputs.owner"


class Account(pydantic.BaseModel):
    name: str
    balance: int = 0


def test_a_pydantic_state_is_validated_by_the_model_and_names_the_field(memory: Store) -> None:
    def credit(state: Account, context: Context) -> Update:
        return {"balance": state.balance + 5}

    def spoil(state: Account, context: Context) -> Update:
        return {"balance": "lots"}

    graph = Graph(name="acct", state=Account, entry="credit",
                  nodes={"credit": credit, "spoil": spoil},
                  edges={"credit": "spoil", "spoil": END})  # fmt: skip
    with pytest.raises(StateError) as caught:
        run(graph, inputs={"name": "ada", "balance": 1}, adapter=ECHO, store=memory,
            run_id="acct")  # fmt: skip

    assert (caught.value.node, caught.value.field) == ("spoil", "balance")
    loaded = memory.load("acct")
    assert loaded is not None
    assert loaded.state == {"name": "ada", "balance": 6}


def test_a_pydantic_result_state_is_a_model_instance(memory: Store) -> None:
    graph = Graph(name="acct", state=Account, entry="a", nodes={"a": lambda s, c: {}},
                  edges={"a": END})  # fmt: skip

    result = run(graph, inputs={"name": "ada"}, adapter=ECHO, store=memory)

    assert result.state == Account(name="ada", balance=0)


def test_a_state_type_with_a_type_that_cannot_be_checked_is_refused_when_built() -> None:
    class Odd(TypedDict):
        when: set[int]

    with pytest.raises(GraphError, match=r"Odd\.when: cannot check type"):
        one_node(lambda state, context: {}, state=Odd)


def test_a_state_that_is_not_a_record_type_is_refused_when_built() -> None:
    with pytest.raises(GraphError, match="must be a TypedDict, a dataclass or a pydantic model"):
        one_node(lambda state, context: {}, state=int)


def test_a_plain_graph_keeps_its_dict_state_without_checks(memory: Store) -> None:
    graph = Graph(name="plain", entry="a", nodes={"a": lambda s, c: {"anything": {1, 2} and 3}},
                  edges={"a": END})  # fmt: skip

    result = run(graph, inputs={"x": "y"}, adapter=ECHO, store=memory)

    assert graph.schema is None
    assert result.state == {"x": "y", "anything": 3}
