"""The inputs of a queued run (PostgreSQL ``run_queue``), sealed like the run's own.

``submit`` creates the run's key record before the run exists, when the store encrypts
and the graph has private fields, and queues the inputs with their private values
sealed (place ``queue/...``); the first save of the run then finds the record and seals
the run under the same key. Whoever reads the queue row (a worker's claim, a cancel of
a run that never started, a second submit) opens it here.
"""

from __future__ import annotations

import json
from typing import Any

from .checkpoint import dumps
from .sealing import Encryption, Sealer, declare, new_run_key, unwrap
from .stores._sealed import MARK, unsealing

PLACE = "queue"


def queue_body(store: Any, graph: Any, run_id: str, inputs: dict[str, Any]) -> str:
    """The JSON text ``submit`` queues for ``inputs``: sealed when the run is encrypted."""
    plain = json.dumps(inputs, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    declare(store, graph)
    encryption = getattr(store, "encryption", None)
    private = getattr(encryption, "private", {}).get(getattr(graph, "name", ""))
    if not isinstance(encryption, Encryption) or private is None:
        return plain
    from .checkpoint import canonical_json, digest

    origin = digest(canonical_json(json.loads(plain)))
    store.ensure_run_key(run_id, new_run_key(encryption.keys, run_id, private, origin)[1])
    record = store.run_key(run_id)  # an earlier submit's key stays
    run_key = unwrap(encryption.keys, run_id, record)
    fields = record.get("private")
    sealer = Sealer.for_state(run_id, run_key, fields if isinstance(fields, dict) else {}, inputs)
    return dumps(sealer.seal(json.loads(plain), PLACE))


def queued_inputs(store: Any, run_id: str, body: str) -> dict[str, Any]:
    """The inputs of a queue row, opened with the store's key when they are sealed."""
    data = json.loads(body)
    if MARK not in body:
        return dict(data)
    unseal, _ = unsealing(run_id, store.run_key(run_id), getattr(store, "encryption", None))
    return dict(unseal(data, PLACE))


__all__ = ["queue_body", "queued_inputs"]
