"""Graph building validates everything that can be checked before a run."""

from __future__ import annotations

from typing import Any

import pytest

from stepgraph import END, Branch, Graph, GraphError, Node
from stepgraph.offers import graph as offers_graph


def noop(state: dict[str, Any], context: Any) -> dict[str, Any]:
    return {}


def build(**overrides: Any) -> Graph:
    spec: dict[str, Any] = {
        "name": "g",
        "entry": "a",
        "nodes": {"a": noop, "b": noop},
        "edges": {"a": "b", "b": END},
    }
    spec.update(overrides)
    return Graph(**spec)


def test_a_valid_graph_keeps_its_nodes_edges_and_revision() -> None:
    graph = build(revision=3)
    assert list(graph.nodes) == ["a", "b"]
    assert graph.targets("a") == ("b",)
    assert graph.revision == 3


def test_an_edge_to_an_unknown_node_is_refused() -> None:
    with pytest.raises(GraphError, match="goes to 'c', which is not a node"):
        build(edges={"a": "c", "b": END})


def test_a_branch_target_that_is_not_a_node_is_refused() -> None:
    with pytest.raises(GraphError, match="goes to 'zzz'"):
        build(edges={"a": Branch(lambda s: "b", "b", "zzz"), "b": END})


def test_a_node_without_an_edge_is_refused() -> None:
    with pytest.raises(GraphError, match="node 'b' has no edge"):
        build(edges={"a": "b"})


def test_an_edge_from_an_unknown_node_is_refused() -> None:
    with pytest.raises(GraphError, match="edge from 'x', which is not a node"):
        build(edges={"a": "b", "b": END, "x": END})


def test_a_missing_entry_is_refused() -> None:
    with pytest.raises(GraphError, match="entry 'zz' is not a node"):
        build(entry="zz")


def test_an_unreachable_node_is_refused() -> None:
    with pytest.raises(GraphError, match="unreachable from entry 'a': b"):
        build(edges={"a": END, "b": END})


def test_a_node_that_cannot_reach_end_is_refused() -> None:
    with pytest.raises(GraphError, match="no path to END from: a, b"):
        build(edges={"a": "b", "b": "a"})


def test_a_loop_with_an_exit_is_allowed() -> None:
    graph = build(edges={"a": "b", "b": Branch(lambda s: END, "a", END)})
    assert graph.targets("b") == ("a", END)


def test_a_branch_without_targets_is_refused() -> None:
    with pytest.raises(GraphError, match="must declare its targets"):
        build(edges={"a": Branch(lambda s: "b"), "b": END})


def test_a_branch_declaring_a_target_twice_is_refused() -> None:
    with pytest.raises(GraphError, match="declared twice"):
        build(edges={"a": Branch(lambda s: "b", "b", "b"), "b": END})


def test_an_edge_of_the_wrong_type_is_refused() -> None:
    with pytest.raises(GraphError, match="must be a node name, END or a Branch"):
        build(edges={"a": 3, "b": END})


@pytest.mark.parametrize("name", ["", "has space", "END", "9lives"])
def test_a_bad_node_name_is_refused(name: str) -> None:
    with pytest.raises(GraphError, match="node name"):
        build(nodes={name: noop}, entry=name, edges={name: END})


def test_a_node_that_is_not_callable_is_refused() -> None:
    with pytest.raises(GraphError, match="node 'a' is not callable"):
        build(nodes={"a": 42, "b": noop})


@pytest.mark.parametrize("timeout", [0, -1, True, "5"])
def test_a_bad_timeout_is_refused(timeout: Any) -> None:
    with pytest.raises(GraphError, match="timeout must be a positive number"):
        build(nodes={"a": Node(fn=noop, timeout=timeout), "b": noop})


@pytest.mark.parametrize("revision", [0, -2, True, 1.5])
def test_a_bad_revision_is_refused(revision: Any) -> None:
    with pytest.raises(GraphError, match="revision"):
        build(revision=revision)


def test_a_bad_graph_name_is_refused() -> None:
    with pytest.raises(GraphError, match="name ''"):
        build(name="")


def test_a_graph_without_nodes_is_refused() -> None:
    with pytest.raises(GraphError, match="has no nodes"):
        build(nodes={}, edges={})


def test_the_shape_changes_when_an_edge_changes() -> None:
    base = build(
        nodes={"a": noop, "b": noop}, edges={"a": Branch(lambda s: "b", "b", END), "b": END}
    )
    moved = build(nodes={"a": noop, "b": noop}, edges={"a": "b", "b": END})
    assert base.shape != moved.shape


def test_the_shape_ignores_the_node_functions() -> None:
    other = build(nodes={"a": lambda s, c: {"x": 1}, "b": noop})
    assert other.shape == build().shape


def test_mermaid_draws_fixed_edges_solid_and_choices_dotted() -> None:
    text = offers_graph.to_mermaid()
    assert text.splitlines() == [
        "flowchart TD",
        "    __start__([start]) --> inspect",
        "    inspect --> draft",
        "    draft --> verify",
        "    verify -.-> draft",
        "    verify -.-> publish",
        "    verify -.-> __end__",
        "    publish --> __end__",
        "    __end__([END])",
    ]


def test_dot_draws_every_edge_with_choices_dashed() -> None:
    text = offers_graph.to_dot()
    assert '"inspect" -> "draft";' in text
    assert '"draft" -> "verify";' in text
    assert '"verify" -> "publish" [style=dashed];' in text
    assert '"verify" -> "draft" [style=dashed];' in text
    assert '"verify" -> "END" [style=dashed];' in text
    assert text.startswith('digraph "offers" {')
    assert text.rstrip().endswith("}")
