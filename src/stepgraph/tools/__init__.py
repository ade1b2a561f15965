"""Tools: functions a node may call through ``context.call_tool``, under a policy.

``Tool`` and ``@tool`` define one (argument and result schemas from type hints),
``ToolPolicy`` says who may call it and with what, and ``ToolRefusal`` is what a
refused call returns. See docs/tools.md.
"""

# The names load on first use (PEP 562), as in ``stepgraph``: a run whose nodes declare
# no tool imports ``tools.loop`` (through the context) but never the tool records.
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .calls import APPROVAL_STATUS, ToolRefusal, call_digest
    from .schema import arguments_schema, problems, schema_of
    from .tool import Tool, ToolPolicy, tool

_HOMES = {
    "APPROVAL_STATUS": "calls",
    "ToolRefusal": "calls",
    "call_digest": "calls",
    "arguments_schema": "schema",
    "problems": "schema",
    "schema_of": "schema",
    "Tool": "tool",
    "ToolPolicy": "tool",
    "tool": "tool",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{home}", __name__), name)
    globals()[name] = value  # once: later reads skip this function
    return value


__all__ = [
    "APPROVAL_STATUS",
    "Tool",
    "ToolPolicy",
    "ToolRefusal",
    "arguments_schema",
    "call_digest",
    "problems",
    "schema_of",
    "tool",
]
