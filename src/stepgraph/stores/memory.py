"""A store in this process's memory: fast, for tests and one-shot runs; lost on exit.

Inputs and steps are kept as JSON text, so a loaded checkpoint never aliases a saved
one and the memory store validates what it loads exactly as the durable ones do.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..checkpoint import (
    Checkpoint,
    HistoryEntry,
    from_records,
    head_record,
    history_of,
    parse,
    plain_body,
    seal,
)
from ..errors import RunBusy, RunNotFound
from . import check_run_id
from ._base import StoreBase, check_version, summaries
from ._journal import open_record, seal_record

if TYPE_CHECKING:
    from .summaries import RunSummary

_Step = tuple[int, str, str, str, str, str, str]  # version node update next status at sum


def _step_dict(step: _Step, run_id: str) -> dict[str, Any]:
    version, node, update, next_node, status, at, chain = step
    return {"version": version, "node": node, "update": parse(update, run_id, "step"),
            "next": next_node, "status": status, "at": at, "sum": chain}  # fmt: skip


@dataclass
class _Entry:
    head: dict[str, Any]  # a fresh dict of strings and ints, shared with nobody
    inputs: str
    version: int
    history: list[_Step] = field(default_factory=list)


class MemoryStore(StoreBase):
    """``memory:`` — every run in a dict, guarded by a lock."""

    def __init__(self, *, signing_key: bytes | None = None) -> None:
        self.url = "memory:"
        self._key = signing_key
        self._runs: dict[str, _Entry] = {}
        self._journals: dict[str, dict[str, str]] = {}
        self._held: set[str] = set()
        self._lock = threading.Lock()

    def setup(self) -> None:
        """Nothing to create."""

    def load(self, run_id: str) -> Checkpoint | None:
        with self._lock:
            entry = self._runs.get(check_run_id(run_id))
            if entry is None:
                return None
            head, inputs, steps = entry.head, entry.inputs, list(entry.history)
        return from_records(
            {**head, "parts": dict(head["parts"])},
            parse(inputs, run_id, "inputs"),
            [_step_dict(step, run_id) for step in steps],
            run_id=run_id,
            key=self._key,
        )

    def save(self, checkpoint: Checkpoint, *, expected_version: int | None) -> Checkpoint:
        run_id = check_run_id(checkpoint.run_id)
        head = head_record(checkpoint)
        cp = checkpoint = seal(checkpoint, self._key)
        step = (cp.version, cp.node, plain_body(cp), cp.next, cp.status, cp.updated_at, cp.sum)
        with self._lock:
            entry = self._runs.get(run_id)
            check_version(
                run_id, expected_version, entry.version if entry else None, checkpoint.version
            )
            if entry is None:
                entry = _Entry(head, checkpoint.inputs_json(), checkpoint.version)
                self._runs[run_id] = entry
            entry.head = head
            entry.version = checkpoint.version
            entry.history.append(step)
        return checkpoint

    def history(self, run_id: str) -> list[HistoryEntry]:
        with self._lock:
            entry = self._runs.get(check_run_id(run_id))
            if entry is None:
                raise RunNotFound(self.url, run_id)
            rows, inputs, fmt = list(entry.history), entry.inputs, entry.head["format"]
        steps = [_step_dict(row, run_id) for row in rows]
        return history_of(steps, parse(inputs, run_id, "inputs"), fmt, run_id)

    def list_runs(self, *, status: str | None = None) -> list[RunSummary]:
        with self._lock:
            ids = list(self._runs)
        found = [cp for cp in (self.load(run_id) for run_id in ids) if cp is not None]
        return summaries(found, status)

    def delete(self, run_id: str) -> bool:
        with self._lock:
            self._journals.pop(check_run_id(run_id), None)
            return self._runs.pop(run_id, None) is not None

    @contextmanager
    def hold(self, run_id: str) -> Iterator[None]:
        with self._lock:
            if check_run_id(run_id) in self._held:
                raise RunBusy(run_id)
            self._held.add(run_id)
        try:
            yield
        finally:
            with self._lock:
                self._held.discard(run_id)

    def record_generation(
        self, run_id: str, key: str, record: dict[str, Any], *, durable: bool = True
    ) -> None:
        text = seal_record(run_id, key, record, self._key)
        with self._lock:
            self._journals.setdefault(check_run_id(run_id), {})[key] = text

    def generations(self, run_id: str) -> dict[str, dict[str, Any]]:
        with self._lock:
            texts = dict(self._journals.get(check_run_id(run_id), {}))
        return {key: open_record(run_id, key, parse(text, run_id, "generation"), self._key)
                for key, text in texts.items()}  # fmt: skip

    def close(self) -> None:
        """Nothing to release; the runs stay until the store is garbage."""
