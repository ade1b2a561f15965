"""Graphs: named nodes, the edges that pick the next one, and build-time validation.

A graph is data. Building one checks everything that can be checked before it runs:
every node has an edge, every edge target exists, every node is reachable from the
entry and can reach END. Function edges declare their possible targets, so the graph
can be validated and drawn without running anything.
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeAlias

from .digests import sha256
from .errors import GraphError
from .migrations import Migration, check_migrations
from .privacy import Private
from .records import dataclass, field, replace
from .vocabulary import BASE, Vocabulary

if TYPE_CHECKING:
    from .context import Context
    from .packing import Form
    from .retry import NodeRetry
    from .schema import StateSchema
    from .tools import Tool
    from .waits import Wait

END = "END"
"""The cursor value of a finished run (the seed's ``"END"``)."""

if TYPE_CHECKING:  # a default, so a bare ``Graph`` is ``Graph[dict[str, Any]]`` to mypy
    from typing_extensions import TypeVar

    S = TypeVar("S", default=dict[str, Any])
else:
    from typing import TypeVar

    S = TypeVar("S")

State: TypeAlias = dict[str, Any]
Update: TypeAlias = "Mapping[str, Any] | Wait"
"""What a node returns: a partial state (key -> new value), or a ``Wait`` for people."""
NodeFunction: TypeAlias = Callable[[S, "Context"], "Update | Awaitable[Update]"]
"""``fn(state, context)``: sync, or async (returning an awaitable of the update)."""
EdgeFunction: TypeAlias = Callable[[Any], str]

_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_.-]{0,63}$")


@dataclass(frozen=True, kw_only=True)
class Node(Generic[S]):
    """A node function with its run options.

    ``fn(state, context)`` gets a deep copy of the state and returns a partial update
    (or an awaitable of one). ``timeout`` bounds one call in seconds. ``retry`` runs the
    node again, with a backoff, when it raises one of the errors the policy covers.
    ``tools`` are the only tools the node may call (``context.call_tool``), each
    under its policy. ``packs`` say what its update repeats of the state before it
    (``stepgraph.packing``: ``Same``, ``Check``), left out of the stored step.
    """

    fn: NodeFunction[S]
    timeout: float | None = None
    retry: NodeRetry | None = None
    tools: tuple[Tool, ...] = ()
    packs: tuple[Form, ...] = ()


@dataclass(frozen=True)
class Branch:
    """A function edge: ``fn(state)`` returns one of ``targets`` (node names or END)."""

    fn: EdgeFunction
    targets: tuple[str, ...]

    def __init__(self, fn: EdgeFunction, *targets: str) -> None:
        object.__setattr__(self, "fn", fn)
        object.__setattr__(self, "targets", tuple(targets))


Edge: TypeAlias = "str | Branch"


@dataclass(frozen=True, kw_only=True, eq=False)
class Graph(Generic[S]):
    """A validated workflow graph over states of type ``S``.

    ``revision`` is yours to maintain: increase it when nodes, prompts or the data
    contract change, so old checkpoints are refused rather than continued by new code.
    Changes to the node names, edges or the tools' schemas are detected on their own
    (the ``shape``).
    ``migrations`` move runs saved by older revisions to this one (``migrations.py``).
    ``vocabulary`` lists texts its records repeat (keys, fixed phrases; never data): a
    store that compresses deflates against them (``stepgraph.vocabulary``). It is not part
    of the shape: changing it changes only how new records are stored.

    ``state`` (optional) is the state's type: a TypedDict, a dataclass or a pydantic
    model. The state is then checked against it when a run starts or is loaded and
    after every update, and its ``Annotated`` keys may declare merge rules (reducers,
    see ``stepgraph.schema``). Without it the state is a plain ``dict``.
    """

    name: str
    revision: int
    entry: str
    nodes: Mapping[str, Node[S]]
    edges: Mapping[str, Edge]
    migrations: tuple[Migration, ...] = ()
    shape: str = field(init=False)
    schema: StateSchema | None = field(init=False)
    private: Private | None = None
    vocabulary: Vocabulary = BASE

    def __init__(
        self,
        *,
        name: str,
        nodes: Mapping[str, Node[S] | NodeFunction[S]],
        edges: Mapping[str, Edge],
        entry: str,
        revision: int = 1,
        migrations: Sequence[Migration] = (),
        state: type[S] | None = None,
        private: Mapping[str, str] | Private | None = None,
        tools: Mapping[str, Sequence[Tool]] | None = None,
        packs: Mapping[str, Sequence[Form]] | None = None,
        vocabulary: Sequence[str] = (),
    ) -> None:
        normal = {
            key: value if isinstance(value, Node) else Node(fn=value)
            for key, value in nodes.items()
        }
        for key, declared in (tools or {}).items():  # tools={"node": [tool, ...]}
            if key not in normal:
                raise GraphError(f"tools for {key!r}, which is not a node")
            normal[key] = replace(normal[key], tools=(*normal[key].tools, *declared))
        for key, forms in (packs or {}).items():  # packs={"node": [Same(...), ...]}
            if key not in normal:
                raise GraphError(f"packs for {key!r}, which is not a node")
            normal[key] = replace(normal[key], packs=(*normal[key].packs, *forms))
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "revision", revision)
        object.__setattr__(self, "entry", entry)
        object.__setattr__(self, "nodes", dict(normal))
        object.__setattr__(self, "edges", dict(edges))
        if private is not None and not isinstance(private, Private):
            private = Private(private)  # raises GraphError naming the bad path or mode
        object.__setattr__(self, "private", private)
        object.__setattr__(self, "vocabulary", Vocabulary(vocabulary) if vocabulary else BASE)
        _validate(self)
        object.__setattr__(self, "migrations", check_migrations(revision, normal, migrations))
        object.__setattr__(self, "shape", _shape_digest(self))
        schema = None
        if state is not None:
            from .schema import StateSchema

            schema = StateSchema.of(state)
        object.__setattr__(self, "schema", schema)

    def targets(self, node: str) -> tuple[str, ...]:
        """The possible next steps after ``node``."""
        edge = self.edges[node]
        return (edge,) if isinstance(edge, str) else edge.targets

    def to_mermaid(self) -> str:
        """A Mermaid flowchart: solid arrows are fixed edges, dotted ones are choices."""
        lines = ["flowchart TD", f"    __start__([start]) --> {self.entry}"]
        for node in self.nodes:
            edge = self.edges[node]
            arrow = "-->" if isinstance(edge, str) else "-.->"
            for target in self.targets(node):
                lines.append(f"    {node} {arrow} {_mermaid_id(target)}")
        if any(END in self.targets(node) for node in self.nodes):
            lines.append("    __end__([END])")
        return "\n".join(lines) + "\n"

    def to_dot(self) -> str:
        """A Graphviz DOT digraph: dashed edges are choices."""
        lines = [f"digraph {json.dumps(self.name)} {{", "    rankdir=TB;"]
        lines.append('    "__start__" [shape=circle, label="start"];')
        lines.append(f'    "__start__" -> {json.dumps(self.entry)};')
        for node in self.nodes:
            lines.append(f"    {json.dumps(node)} [shape=box];")
        for node in self.nodes:
            style = "" if isinstance(self.edges[node], str) else " [style=dashed]"
            for target in self.targets(node):
                lines.append(f"    {json.dumps(node)} -> {json.dumps(target)}{style};")
        lines.append(f'    {json.dumps(END)} [shape=doublecircle, label="END"];')
        lines.append("}")
        return "\n".join(lines) + "\n"


def _mermaid_id(target: str) -> str:
    return "__end__" if target == END else target


def _validate(graph: Graph[Any]) -> None:
    if not isinstance(graph.name, str) or not _NAME.match(graph.name):
        raise GraphError(f"name {graph.name!r} must match {_NAME.pattern}")
    if isinstance(graph.revision, bool) or not isinstance(graph.revision, int):
        raise GraphError(f"revision must be an integer, not {graph.revision!r}")
    if graph.revision < 1:
        raise GraphError(f"revision must be at least 1, not {graph.revision}")
    if not graph.nodes:
        raise GraphError(f"graph {graph.name!r} has no nodes")
    for name, node in graph.nodes.items():
        _check_node(name, node)
    if graph.entry not in graph.nodes:
        raise GraphError(f"entry {graph.entry!r} is not a node")
    for name in graph.edges:
        if name not in graph.nodes:
            raise GraphError(f"edge from {name!r}, which is not a node")
    for name in graph.nodes:
        if name not in graph.edges:
            raise GraphError(f"node {name!r} has no edge (use END to finish after it)")
        _check_edge(graph, name, graph.edges[name])
    _check_paths(graph)


def _check_node(name: str, node: Node[Any]) -> None:
    if not isinstance(name, str) or not _NAME.match(name) or name == END:
        raise GraphError(f"node name {name!r} must match {_NAME.pattern} and not be {END!r}")
    if not callable(node.fn):
        raise GraphError(f"node {name!r} is not callable")
    timeout = node.timeout
    if timeout is not None and (
        isinstance(timeout, bool) or not isinstance(timeout, int | float) or not timeout > 0
    ):
        raise GraphError(f"node {name!r}: timeout must be a positive number of seconds")
    if node.retry is not None:
        from .retry import NodeRetry

        if not isinstance(node.retry, NodeRetry):
            raise GraphError(f"node {name!r}: retry must be a NodeRetry")
    names = [getattr(found, "name", None) for found in node.tools]
    if not all(isinstance(found, _tool_class()) for found in node.tools):
        raise GraphError(f"node {name!r}: tools must be stepgraph.tools.Tool objects")
    if len(set(names)) != len(names):
        raise GraphError(f"node {name!r}: a tool name is declared twice")


def _tool_class() -> type:
    from .tools.tool import Tool  # tools import graph errors only; no import loop

    return Tool


def _check_edge(graph: Graph[Any], name: str, edge: object) -> None:
    if isinstance(edge, str):
        targets: tuple[str, ...] = (edge,)
    elif isinstance(edge, Branch):
        if not callable(edge.fn):
            raise GraphError(f"edge from {name!r}: the branch function is not callable")
        if not edge.targets:
            raise GraphError(f"edge from {name!r}: a branch must declare its targets")
        if len(set(edge.targets)) != len(edge.targets):
            raise GraphError(f"edge from {name!r}: a target is declared twice")
        targets = edge.targets
    else:
        raise GraphError(f"edge from {name!r} must be a node name, END or a Branch")
    for target in targets:
        if target != END and target not in graph.nodes:
            raise GraphError(f"edge from {name!r} goes to {target!r}, which is not a node")


def _check_paths(graph: Graph[Any]) -> None:
    reached = _closure([graph.entry], graph.targets)
    unreachable = [node for node in graph.nodes if node not in reached]
    if unreachable:
        raise GraphError(f"unreachable from entry {graph.entry!r}: {', '.join(unreachable)}")
    into: dict[str, list[str]] = {END: []}
    for node in graph.nodes:
        into.setdefault(node, [])
        for target in graph.targets(node):
            into.setdefault(target, []).append(node)
    finishing = _closure([END], lambda node: into[node])
    stuck = [node for node in graph.nodes if node not in finishing]
    if stuck:
        raise GraphError(f"no path to END from: {', '.join(stuck)}")


def _closure(start: list[str], step: Callable[[str], Any]) -> set[str]:
    seen = set(start)
    todo = list(start)
    while todo:
        for nxt in step(todo.pop()):
            if nxt not in seen:
                seen.add(nxt)
                if nxt != END:
                    todo.append(nxt)
    return seen


def _shape_digest(graph: Graph[Any]) -> str:
    """A short digest of the entry, node names and edge targets (not of the code), and
    the pins of the tools the nodes declare (``tools/pins.py``)."""
    shape = {
        "entry": graph.entry,
        "edges": {node: list(graph.targets(node)) for node in sorted(graph.nodes)},
    }
    text = json.dumps(shape, sort_keys=True, separators=(",", ":"))
    from .tools.pins import pinned_shape, tool_pins  # tools import graph errors only

    return pinned_shape(sha256(text.encode()).hexdigest()[:16], tool_pins(graph.nodes))
