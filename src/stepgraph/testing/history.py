"""Assertions on a run's history, for tests of your own workflow.

Each raises ``AssertionError`` with a message that shows what was expected and what
the run holds, so a failing test says what happened without a debugger:

- ``assert_trace(result, [...])``: the nodes that ran, in order (a node that stopped to
  wait counts, as it does in ``RunResult.trace``);
- ``assert_history(store, run_id, [...])``: every saved step, node steps and event
  steps (``@decision``, ``@supply``, ``@retry_later``, ...);
- ``assert_generation_calls(store, run_id, n or {node: n})``: model calls made, read
  from the run's generation journal (every attempt counts, retried or interrupted;
  an answer served again from the journal does not);
- ``assert_no_repeated_nodes(store, run_id)``: no node completed twice (a step that
  stopped to wait is not a completion), except the nodes in ``allow``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

from ..checkpoint import WAIT
from ..stores import Store


class Traced(Protocol):
    """Anything with a run's trace: a ``RunResult`` or a ``Checkpoint``."""

    @property
    def trace(self) -> tuple[str, ...]: ...


def assert_trace(run: Traced, expected: Sequence[str]) -> None:
    """The run's trace (a ``RunResult``'s or a ``Checkpoint``'s) is exactly ``expected``."""
    actual = list(run.trace)
    if actual != list(expected):
        raise AssertionError(_differ("trace", list(expected), actual))


def assert_history(store: Store, run_id: str, expected: Sequence[str]) -> None:
    """The run's saved steps, node names and ``@`` event names, are exactly ``expected``."""
    actual = [entry.node for entry in store.history(run_id)]
    if actual != list(expected):
        raise AssertionError(_differ(f"history of run {run_id!r}", list(expected), actual))


_GENERATION_SLOT = re.compile(r"^\d+:(?P<node>[^:]+):\d+$")
"""A model call's journal slot, ``<visit>:<node>:<call>``; effects and node retries have
slots of other shapes (``...:effect:<name>``, ``...:retry:<n>``)."""


def generation_calls(store: Store, run_id: str) -> dict[str, int]:
    """Model calls made for ``run_id`` per node, from its generation journal."""
    counts: Counter[str] = Counter()
    for slot, record in store.generations(run_id).items():
        found = _GENERATION_SLOT.match(slot)
        if found is not None:
            counts[found["node"]] += len(record.get("attempts", ())) + 1
    return dict(sorted(counts.items()))


def assert_generation_calls(store: Store, run_id: str, expected: int | Mapping[str, int]) -> None:
    """The run made ``expected`` model calls in all, or per node (``{"draft": 2}``)."""
    by_node = generation_calls(store, run_id)
    if isinstance(expected, Mapping):
        wanted = {node: count for node, count in sorted(expected.items()) if count}
        if by_node != wanted:
            raise AssertionError(
                f"model calls of run {run_id!r} by node: expected {wanted}, made {by_node}"
            )
        return
    total = sum(by_node.values())
    if total != expected:
        raise AssertionError(
            f"model calls of run {run_id!r}: expected {expected}, made {total} {by_node}"
        )


def assert_no_repeated_nodes(store: Store, run_id: str, *, allow: Iterable[str] = ()) -> None:
    """No node of ``run_id`` completed more than once, apart from those in ``allow``."""
    allowed = set(allow)
    completed = Counter(
        entry.node
        for entry in store.history(run_id)
        if not entry.node.startswith("@") and WAIT not in entry.update
    )
    repeated = {node: n for node, n in sorted(completed.items()) if n > 1 and node not in allowed}
    if repeated:
        listed = ", ".join(f"{node} ({n} times)" for node, n in repeated.items())
        raise AssertionError(f"run {run_id!r} completed a node more than once: {listed}")


def _differ(what: str, expected: list[str], actual: list[str]) -> str:
    """Expected and actual, and the first position where they part."""
    pairs = enumerate(zip(expected, actual, strict=False))
    at = next((i for i, (e, a) in pairs if e != a), min(len(expected), len(actual)))
    return f"{what}: expected {expected}, got {actual} (they differ from step {at + 1})"
