"""A testing kit for your own workflows: standard library only.

- ``ScriptedAdapter``: answers and faults in order (``Malformed`` for a bad body);
- ``serve()``: a fake OpenAI-compatible (and Anthropic) server on 127.0.0.1, scripted
  with ``Reply`` (``completion``, ``message``, ``anthropic_error``, ``tool_calls`` and
  ``tool_use`` build common ones) or answering through ``fake.respond``;
- assertions on a run's history: ``assert_trace``, ``assert_history``,
  ``assert_generation_calls``, ``assert_no_repeated_nodes``.
"""

from ..errors import ScriptExhausted
from .fakeserver import (
    FakeProvider,
    Reply,
    Seen,
    anthropic_error,
    completion,
    message,
    serve,
    tool_calls,
    tool_use,
)
from .history import (
    assert_generation_calls,
    assert_history,
    assert_no_repeated_nodes,
    assert_trace,
    generation_calls,
)
from .scripted import Malformed, ScriptedAdapter

__all__ = [
    "FakeProvider",
    "Malformed",
    "Reply",
    "ScriptExhausted",
    "ScriptedAdapter",
    "Seen",
    "anthropic_error",
    "assert_generation_calls",
    "assert_history",
    "assert_no_repeated_nodes",
    "assert_trace",
    "completion",
    "generation_calls",
    "message",
    "serve",
    "tool_calls",
    "tool_use",
]
