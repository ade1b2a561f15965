"""What a node receives besides the state: its run, the model, and the generation journal.

Every call to ``generate`` is journaled durably in the run's store, before the call
("started") and after it ("done" with the output, or "failed" with the error class).
When a node runs again for the same step (after a crash, or after a later failure in
the same node), a generation that completed with the same request is returned from the
journal instead of calling the model again. A "started" record with no outcome is an
interrupted attempt: the next attempt is numbered after it.
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

from .adapters import Adapter, Request
from .checkpoint import canonical_json, digest, json_copy, json_encode, now
from .errors import AdapterError, InputError, StepgraphError

if TYPE_CHECKING:
    from .stores import Store


class Context:
    """Per-step context given to every node as its second argument."""

    def __init__(
        self,
        *,
        run_id: str,
        node: str,
        adapter: Adapter,
        store: Store | None = None,
        visit: int = 0,
        journal: dict[str, dict[str, Any]] | None = None,
    ) -> None:
        self.run_id = run_id
        self.node = node
        self.adapter = adapter
        self.visit = visit  # the version this step will save: one journal slot per visit
        self._store = store
        self._journal = journal if journal is not None else {}
        self._calls = 0

    def generate(self, *, instructions: str, data: Any) -> Any:
        """Call the run's adapter, or return this step's journaled output.

        A failure becomes ``AdapterError`` with the original as its cause.
        """
        key = f"{self.visit}:{self.node}:{self._calls}"
        self._calls += 1
        adapter_id = self.adapter.id
        try:
            request_hash = digest(canonical_json([adapter_id, instructions, data]))
        except (TypeError, ValueError):
            json_copy(data, "request.data")  # raises InputError naming the bad value
            raise
        payload = data  # the node's own copy: the harness gave it a private state
        prior = self._journal.get(key)
        if prior and prior.get("status") == "done" and prior.get("request") == request_hash:
            return json_copy(prior.get("output"), "output")
        attempt = int(prior.get("attempt", 0)) + 1 if prior else 1
        base = {"attempt": attempt, "adapter": adapter_id, "request": request_hash}
        self._record(key, {"status": "started", **base, "at": now()})
        request = Request(
            instructions=instructions, data=payload, run_id=self.run_id, node=self.node
        )
        started = time.perf_counter()
        try:
            output = self.adapter.generate(request)
            copied, text = json_encode(output, "output")
        except Exception as error:
            self._record(key, {"status": "failed", **base, "error": type(error).__name__,
                               "latency_ms": _ms(started), "at": now()})  # fmt: skip
            if isinstance(error, InputError):
                raise AdapterError(
                    f"adapter {adapter_id!r} returned non-JSON output: {error}"
                ) from None
            if isinstance(error, StepgraphError):
                raise
            raise AdapterError(
                f"adapter {adapter_id!r} failed: {type(error).__name__}: {error}"
            ) from error
        done = {"status": "done", **base, "output": copied, "output_sha256": digest(text)}
        self._record(key, {**done, "latency_ms": _ms(started), "at": now()})
        return json.loads(text)

    def _record(self, key: str, record: dict[str, Any]) -> None:
        self._journal[key] = record
        if self._store is not None:
            self._store.record_generation(self.run_id, key, record)


def _ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 3)
