"""A model adapter that answers from a script, in order: for tests of your workflow.

Each call to ``generate`` takes the next step of the script:

- JSON data (a dict, a list, text, a number) is the model's answer;
- a ``Result`` is returned as it is (to test usage, model names, request ids);
- a ``ProviderError`` class (``RateLimited``, ``ProviderTimeout``,
  ``AuthenticationFailed``, ...) or any exception instance is raised, as a provider
  failure would be, so the harness's retries and stops are exercised;
- ``Malformed(text)`` is a body that is not a JSON object: it is read as a real adapter
  reads one and raises ``MalformedOutput`` (retryable).

A call past the end of the script raises ``ScriptExhausted``, naming the call and the
node. ``calls`` keeps every ``Request`` the adapter received, ``left`` counts the steps
not used yet. Standard library only.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..adapters import Request
from ..adapters._common import parse_object
from ..errors import InputError, ProviderError, ScriptExhausted


@dataclass(frozen=True)
class Malformed:
    """A model answer whose body is not a JSON object (``MalformedOutput`` when read)."""

    text: str = '{"rows": ['

    def __post_init__(self) -> None:
        try:
            parsed = json.loads(self.text)
        except ValueError:
            return
        if isinstance(parsed, dict):
            raise InputError("Malformed.text", "must not be a JSON object (that is an answer)")


class ScriptedAdapter:
    """An ``Adapter`` whose answers and faults are given in order by ``script``.

    Each step is JSON data, a ``Result``, ``Malformed``, an exception instance or a
    ``ProviderError`` class (see the module docstring).
    ``adapter_id`` is the id in the run's fingerprint; a test that scripts a different
    model should use a different id.
    """

    def __init__(self, script: Iterable[Any], *, adapter_id: str = "scripted-v1") -> None:
        if not isinstance(adapter_id, str) or not adapter_id:
            raise InputError("adapter_id", "must be a non-empty string")
        self._id = adapter_id
        self._script = list(script)
        self._lock = threading.Lock()
        self.calls: list[Request] = []

    @property
    def id(self) -> str:
        return self._id

    @property
    def left(self) -> int:
        """How many scripted steps have not been used yet."""
        with self._lock:
            return len(self._script) - len(self.calls)

    def generate(self, request: Request) -> Any:
        """Play the next step of the script for ``request``."""
        with self._lock:
            index = len(self.calls)
            if index >= len(self._script):
                raise ScriptExhausted(self._id, index, request.node)
            self.calls.append(request)
            step = self._script[index]
        if isinstance(step, type) and issubclass(step, ProviderError):
            raise step(f"scripted {step.__name__} (call {index + 1})",
                       request_id=f"scripted-{index + 1}")  # fmt: skip
        if isinstance(step, BaseException):
            raise step
        if isinstance(step, Malformed):
            return parse_object(step.text, f"scripted-{index + 1}")
        return step

    def __repr__(self) -> str:
        return f"<ScriptedAdapter {self._id}: {self.left} step(s) left>"
