"""What a model is offered and asks for in a tool loop: ``ToolSpec``, ``ToolCall``,
``ToolRound``. Importable from ``stepgraph.adapters``, where they load on first use."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, kw_only=True)
class ToolSpec:
    """What a model is told about one tool it may call: name, description, argument schema."""

    name: str
    description: str
    parameters: Mapping[str, Any]

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "description": self.description,
                "parameters": dict(self.parameters)}  # fmt: skip


@dataclass(frozen=True, kw_only=True)
class ToolCall:
    """One tool call a model asked for: the provider's call ``id``, the tool, its arguments.

    ``arguments`` is the JSON object the model wrote, or None when it could not be read
    (``raw`` then holds the text as received, ``problem`` says why): such a call is
    refused and the refusal fed back, never run.
    """

    id: str
    name: str
    arguments: dict[str, Any] | None
    raw: str | None = None
    problem: str | None = None

    def as_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {"id": self.id, "name": self.name, "arguments": self.arguments}
        if self.arguments is None:
            found.update(raw=self.raw, problem=self.problem)
        return found

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ToolCall:
        return cls(id=str(data["id"]), name=str(data["name"]), arguments=data.get("arguments"),
                   raw=data.get("raw"), problem=data.get("problem"))  # fmt: skip


@dataclass(frozen=True, kw_only=True)
class ToolRound:
    """One finished round of the tool loop: the model's calls and, in the same order,
    the results handed back (a tool's result, or a refusal's ``as_json()``); ``text`` is
    what the model wrote beside its calls (None: nothing)."""

    calls: tuple[ToolCall, ...]
    results: tuple[Any, ...]
    text: str | None = None

    def as_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {"calls": [call.as_json() for call in self.calls],
                                 "results": list(self.results)}  # fmt: skip
        if self.text is not None:  # a round without text keeps the digest it always had
            found["text"] = self.text
        return found
