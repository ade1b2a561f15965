"""Tools: functions a node may call through ``context.call_tool``, under a policy.

``Tool`` and ``@tool`` define one (argument and result schemas from type hints),
``ToolPolicy`` says who may call it and with what, and ``ToolRefusal`` is what a
refused call returns. See docs/tools.md.
"""

from .calls import APPROVAL_STATUS, ToolRefusal, call_digest
from .schema import arguments_schema, problems, schema_of
from .tool import Tool, ToolPolicy, tool

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
