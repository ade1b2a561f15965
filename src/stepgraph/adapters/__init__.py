"""The point where a model is called: an ``Adapter`` has an ``id`` and ``generate``.

The id is part of every run's fingerprint: change it whenever the model, its settings
or the way its output is parsed changes, so a run is never finished by a different
generator than the one that started it. Providers get one module each, importing
their SDK only there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from ..lazy import lazy_names
from ..records import dataclass, field

if TYPE_CHECKING:
    from .tool_rounds import ToolCall, ToolRound, ToolSpec


def conversation(tools: tuple[ToolSpec, ...], rounds: tuple[ToolRound, ...]) -> list[Any]:
    """What a request with tools asks besides instructions, data and shape, as JSON data
    for its digest: the tools offered and the rounds so far ([] without tools, so a
    request without tools keeps the digest it always had)."""
    if not tools:
        return []
    return [[spec.as_json() for spec in tools], [done.as_json() for done in rounds]]


@dataclass(frozen=True, kw_only=True)
class Request:
    """What a node asks the model for: instructions, the data they apply to, the shape.

    ``schema`` is the JSON schema the output must follow (None: any JSON object),
    ``max_output_tokens`` the output limit, ``attempt`` counts from 1 for this call,
    and ``timeout`` (seconds) is what is left of the node's time for this attempt.
    ``tools`` are the tools the model may call (empty: none), ``rounds`` the tool calls
    it made so far in this conversation and the results it was given, oldest first.
    """

    instructions: str
    data: Any
    run_id: str
    node: str
    schema: dict[str, Any] | None = None
    max_output_tokens: int | None = None
    attempt: int = 1
    timeout: float | None = None
    tools: tuple[ToolSpec, ...] = ()
    rounds: tuple[ToolRound, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Result:
    """What a provider adapter returns: the output and the facts the journal keeps.

    A plain adapter may return the output alone; ``Result`` adds who answered.
    ``tool_calls`` is set when the model asked for tools instead of answering (``data``
    is then None): the harness runs them and asks again with their results; ``text``
    is what the model wrote beside them (kept in the round and sent back with it).
    """

    data: Any
    provider: str = ""
    model: str = ""
    request_id: str | None = None
    response_id: str | None = None
    usage: dict[str, int] = field(default_factory=dict)
    finish_reason: str | None = None
    tool_calls: tuple[ToolCall, ...] = ()
    text: str | None = None


@runtime_checkable
class Adapter(Protocol):
    """A generator of structured output. ``generate`` returns JSON data."""

    @property
    def id(self) -> str:
        """Stable identifier of the model and its configuration (``"fixture-v1"``)."""

    def generate(self, request: Request) -> Any:
        """Produce output (JSON data, or a ``Result`` holding it); raise on failure.

        Provider failures should be ``ProviderError`` subclasses, so the harness knows
        which ones it may retry.
        """


class FunctionAdapter:
    """An adapter backed by a plain function: for tests and quick experiments."""

    def __init__(self, adapter_id: str, fn: Callable[[Request], Any]) -> None:
        self._id = adapter_id
        self._fn = fn

    @property
    def id(self) -> str:
        return self._id

    def generate(self, request: Request) -> Any:
        return self._fn(request)

    def __repr__(self) -> str:
        return f"<FunctionAdapter {self._id}>"


__getattr__ = lazy_names(
    __name__, {"ToolCall": ".tool_rounds", "ToolRound": ".tool_rounds", "ToolSpec": ".tool_rounds"}
)
"""The tool-call records load on first use: only a node with tools makes them."""


__all__ = ["Adapter", "FunctionAdapter", "Request", "Result", "ToolCall", "ToolRound", "ToolSpec"]
