"""A tool: a function a node (or a model through a node) may call, with its policy.

A ``Tool`` has a name, a description, the JSON Schema of its arguments and of its
result, and a kind: ``read`` (no side effects: a journaled result may be reused) or
``write`` (an effect: it runs at most once per step, under an idempotency key). Its
``ToolPolicy`` is the authorisation, enforced in code before anything runs.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, overload

from ..errors import GraphError
from .schema import RESERVED, arguments_schema, result_schema

_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_.-]{0,63}$")
Constraint = Callable[[Mapping[str, Any], Mapping[str, Any]], "str | None"]
"""``constraint(args, inputs)``: None to allow the call, else the reason it is refused."""


@dataclass(frozen=True, kw_only=True)
class ToolPolicy:
    """Who may call a tool, with which arguments, and whether a person approves first.

    ``graphs`` and ``nodes`` name the callers allowed (None: any; the node must also
    declare the tool). ``constraint(args, inputs)`` sees the call's arguments and the
    run's inputs (never what a node or model wrote) and returns a reason to refuse,
    or None. With
    ``approval`` a person must approve the exact call (tool, arguments, graph revision
    and run) through a decision before it runs. Nothing in the run's state can widen
    this: the policy is code.
    """

    graphs: frozenset[str] | None = None
    nodes: frozenset[str] | None = None
    constraint: Constraint | None = None
    approval: bool = False

    @classmethod
    def allow(
        cls,
        *,
        graphs: Iterable[str] | None = None,
        nodes: Iterable[str] | None = None,
        constraint: Constraint | None = None,
        approval: bool = False,
    ) -> ToolPolicy:
        """A policy from any iterables of names."""
        return cls(graphs=None if graphs is None else frozenset(graphs),
                   nodes=None if nodes is None else frozenset(nodes),
                   constraint=constraint, approval=approval)  # fmt: skip


@dataclass(frozen=True, kw_only=True)
class Tool:
    """A function exposed to nodes, called only through ``context.call_tool``.

    ``fn`` takes the arguments as keywords; a write tool's ``fn`` may also take
    ``idempotency_key`` (hand it to the downstream service). ``lookup(key)`` returns
    the outcome of a write that happened, None if it did not (reconciliation after a
    crash). ``timeout`` bounds one call in seconds.
    """

    name: str
    description: str
    fn: Callable[..., Any]
    kind: Literal["read", "write"] = "read"
    arguments: Mapping[str, Any] = field(default_factory=dict)
    result: Mapping[str, Any] = field(default_factory=dict)
    policy: ToolPolicy = field(default_factory=ToolPolicy)
    timeout: float = 30.0
    lookup: Callable[[str], Any] | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not _NAME.match(self.name):
            raise GraphError(f"tool name {self.name!r} must match {_NAME.pattern}")
        if self.kind not in ("read", "write"):
            raise GraphError(f"tool {self.name!r}: kind must be 'read' or 'write'")
        if not self.timeout > 0:
            raise GraphError(f"tool {self.name!r}: timeout must be positive seconds")
        if self.lookup is not None and self.kind != "write":
            raise GraphError(f"tool {self.name!r}: only a write tool has a lookup")

    def describe(self) -> dict[str, Any]:
        """What a model or client is told about the tool (JSON data)."""
        return {"name": self.name, "description": self.description, "kind": self.kind,
                "arguments": dict(self.arguments), "result": dict(self.result)}  # fmt: skip

    def invoke(self, args: Mapping[str, Any], key: str | None) -> Any:
        """Call ``fn`` with ``args`` (and the idempotency key when it takes one)."""
        extra = {}
        if key is not None and RESERVED[0] in inspect.signature(self.fn).parameters:
            extra[RESERVED[0]] = key
        return self.fn(**args, **extra)


_OPTIONS = ("name", "description", "kind", "policy", "arguments", "timeout", "lookup")


@overload
def tool(fn: Callable[..., Any], /) -> Tool: ...


@overload
def tool(fn: None = None, /, **options: Any) -> Callable[[Callable[..., Any]], Tool]: ...


def tool(fn: Callable[..., Any] | None = None, /, **options: Any) -> Any:
    """Make a ``Tool`` of a function: ``@tool`` or ``@tool(kind="write", policy=...)``.

    ``options`` are ``Tool``'s fields (``name``, ``description``, ``kind``, ``policy``,
    ``arguments``, ``timeout``, ``lookup``). The argument and result schemas come from
    the type hints unless ``arguments`` is given; the description defaults to the
    docstring's first paragraph.
    """
    unknown = sorted(set(options) - set(_OPTIONS))
    if unknown:
        raise GraphError(f"tool(): unknown option(s) {', '.join(unknown)}")

    def make(target: Callable[..., Any]) -> Tool:
        text = options.get("description") or (inspect.getdoc(target) or "").split("\n\n")[0]
        fields = {**options, "name": options.get("name") or target.__name__,
                  "description": text, "fn": target,
                  "arguments": options.get("arguments") or arguments_schema(target),
                  "result": result_schema(target)}  # fmt: skip
        return Tool(**fields)

    return make(fn) if fn is not None else make
