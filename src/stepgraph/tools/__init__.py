"""Tools: functions a node may call through ``context.call_tool``, under a policy.

``Tool`` and ``@tool`` define one (argument and result schemas from type hints),
``ToolPolicy`` says who may call it and with what, and ``ToolRefusal`` is what a
refused call returns. See docs/tools.md.
"""

# The names load on first use (PEP 562), as in ``stepgraph``: a run whose nodes declare
# no tool imports ``tools.loop`` (through the context) but never the tool records.
import sys
from importlib import import_module
from types import ModuleType
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


class _Tools(ModuleType):
    """This package, whose ``tool`` is the decorator. Loading the submodule of the same
    name sets the package's ``tool`` to that module; when every name was imported here
    at once the decorator was bound after it, so ``stepgraph.tools.tool`` is kept the
    decorator whichever is loaded first."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "tool" and isinstance(value, ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Tools


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
