"""What ``stepgraph mcp serve`` offers, as plain library calls over one store.

Each method returns JSON data or raises a ``StepgraphError``; ``expose.py`` turns them
into MCP tools. Everything a run shows goes through the run's output guard, so private
fields are masked (there is no reveal over MCP). A model-driven client reaches only
what the server was started with: the registered graphs plus those named with
``--graph``, input files inside one folder, the adapter the server names, and, for
decisions and supplied data, one actor that the people policy must name. A decision
the policy refuses is recorded in the run's journal (who, what, why) and refused.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..adapter_ref import AdapterRef, remember
from ..adapters.providers import missing_key
from ..checkpoint import canonical_json, digest, now
from ..cli_text import history_json, run_json
from ..errors import InputError, NotAllowed, RunNotFound
from ..events import decide, supply
from ..graph import Graph
from ..policy import Policy, check_actor
from ..privacy import output_guard, shown
from ..registry import GRAPHS, continue_run, graph_and_loader
from ..runner import RunResult, derive_run_id, run
from ..statuses import standing, standing_of
from ..stores import Store, open_for, queue_of


@dataclass(frozen=True, kw_only=True)
class Exposure:
    """What the server may reach, fixed when it starts (a client cannot change it)."""

    store_url: str
    signing_key: bytes | None = None
    adapter: str = "fixture"
    graphs: Sequence[str] = ()
    inputs_dir: str = "."
    actor: str | None = None
    policy_path: str = ".stepgraph/policy.json"


class Runs:
    """The calls behind the MCP tools (one store opened per call: tools run in threads)."""

    def __init__(self, exposure: Exposure) -> None:
        if exposure.actor is not None:
            check_actor(exposure.actor, "--actor")
        self.exposure = exposure

    def list_graphs(self) -> dict[str, Any]:
        """The graphs a client may start, with their revision, entry and nodes."""
        found = []
        for ref in (*GRAPHS, *self.exposure.graphs):
            graph, _ = graph_and_loader(ref)
            found.append({"ref": ref, "name": graph.name, "revision": graph.revision,
                          "entry": graph.entry, "nodes": sorted(graph.nodes)})  # fmt: skip
        return {"graphs": found}

    def start(self, graph_ref: str, input_path: str | None, inputs: Any,
              run_id: str | None) -> dict[str, Any]:  # fmt: skip
        """Start (or return) a run of ``graph_ref`` and carry it as far as it goes."""
        graph, data = self._inputs(graph_ref, input_path, inputs)
        ref = AdapterRef(ref=self.exposure.adapter)
        adapter = ref.build()
        variable = missing_key(adapter)
        if variable is not None:
            raise InputError(variable, "is not set: the server's adapter needs an API key")
        with self._store("create") as store:
            rid = run_id or derive_run_id(graph, adapter, data)
            try:
                result = run(graph, inputs=data, adapter=adapter, store=store, run_id=rid)
            finally:
                if store.load(rid) is not None:
                    remember(store, rid, ref, adapter.id)
            return self._result(result, graph)

    def submit(self, graph_ref: str, input_path: str | None, inputs: Any,
               run_id: str | None) -> dict[str, Any]:  # fmt: skip
        """Queue a run for the workers (a store with a run queue: PostgreSQL)."""
        from ..worker import submit

        graph, data = self._inputs(graph_ref, input_path, inputs)
        adapter = AdapterRef(ref=self.exposure.adapter).build()
        with self._store("update") as store:
            queue = queue_of(store)
            if queue is None:
                raise InputError("store", f"{store.url} has no run queue: submitting needs a "
                                 "postgresql:// store (start_run runs it here)")  # fmt: skip
            rid, added = submit(queue, graph=graph, graph_ref=graph_ref,  # type: ignore[arg-type]
                                adapter=adapter, adapter_ref=self.exposure.adapter,
                                inputs=data, run_id=run_id)  # fmt: skip
        return {"run_id": rid, "submitted": added}

    def status(self, run_id: str) -> dict[str, Any]:
        """Where a run stands (as ``stepgraph status --json``, private fields masked)."""
        with self._store("read") as store:
            found = standing(store, run_id)
            if found is None:
                raise RunNotFound(store.url, run_id)
        guard = output_guard(found.checkpoint) if found.checkpoint else None
        return dict(shown(guard, run_json(found)))

    def show(self, run_id: str) -> dict[str, Any]:
        """A run with its history and journal (as ``stepgraph show --json``, masked)."""
        with self._store("read") as store:
            found = standing(store, run_id)
            if found is None:
                raise RunNotFound(store.url, run_id)
            history = store.history(run_id) if found.checkpoint else []
            journal = store.generations(run_id)
        guard = output_guard(found.checkpoint, history) if found.checkpoint else None
        data = {**run_json(found), "history": [history_json(entry) for entry in history],
                "generations": journal}  # fmt: skip
        return dict(shown(guard, data))

    def wait(self, run_id: str) -> dict[str, Any]:
        """The wait a run is in (None when it waits for nothing) and who may answer it."""
        found = self.status(run_id)
        return {"run_id": run_id, "status": found["status"], "wait": found["wait"],
                "actor": self.exposure.actor}  # fmt: skip

    def decide(self, run_id: str, verdict: str, digest_seen: str,
               note: str | None) -> dict[str, Any]:  # fmt: skip
        """The server's actor decides (the policy must name it for ``verdict``)."""
        return self._act(run_id, verdict, lambda store, actor, policy: decide(
            store, run_id, verdict=verdict, actor=actor, digest_seen=digest_seen,
            policy=policy, note=note))  # fmt: skip

    def supply(self, run_id: str, changes: Mapping[str, Any], note: str | None) -> dict[str, Any]:
        """The server's actor supplies input values to a run waiting for data."""
        return self._act(run_id, "supply", lambda store, actor, policy: supply(
            store, run_id, changes=changes, actor=actor, policy=policy, note=note))  # fmt: skip

    def _act(
        self, run_id: str, action: str, act: Callable[[Store, str, Policy], Any]
    ) -> dict[str, Any]:
        actor = self.exposure.actor
        if actor is None:
            raise NotAllowed("an MCP client", action)
        with self._store("update") as store:
            try:
                act(store, actor, Policy.load(self.exposure.policy_path))
            except NotAllowed as error:
                _record_refusal(store, run_id, action, actor, str(error))
                raise
            outcome = continue_run(store, run_id)
            if isinstance(outcome, str):
                return {"run_id": run_id, "outcome": outcome}
            return self._result(outcome, None)

    def _inputs(self, graph_ref: str, input_path: str | None,
                inputs: Any) -> tuple[Graph, dict[str, Any]]:  # fmt: skip
        if graph_ref not in (*GRAPHS, *self.exposure.graphs):
            known = ", ".join((*GRAPHS, *self.exposure.graphs))
            raise InputError("graph", f"{graph_ref!r} is not a graph this server offers ({known})")
        graph, loader = graph_and_loader(graph_ref)
        if (input_path is None) == (inputs is None):
            raise InputError("input_path", "give either input_path or inputs, not both or none")
        if input_path is not None:
            return graph, loader(self._inside(input_path))
        if not isinstance(inputs, dict):
            raise InputError("inputs", "must be a JSON object")
        with tempfile.TemporaryDirectory() as folder:  # the graph's own loader checks it
            path = os.path.join(folder, "inputs.json")
            with open(path, "w", encoding="utf-8") as handle:
                json.dump(inputs, handle)
            return graph, loader(path)

    def _inside(self, path: str) -> str:
        root = os.path.realpath(self.exposure.inputs_dir)
        full = os.path.realpath(os.path.join(root, path))
        if os.path.commonpath([root, full]) != root:
            raise InputError("input_path", f"must name a file inside {root} (the server's "
                             "--inputs-dir)")  # fmt: skip
        return full

    def _store(self, access: str) -> Store:
        return open_for(self.exposure.store_url, access, signing_key=self.exposure.signing_key)

    def _result(self, result: RunResult, graph: Graph | None) -> dict[str, Any]:
        found = standing_of(result.checkpoint)
        guard = output_guard(result.checkpoint, (), graph)
        return dict(shown(guard, run_json(found, steps=result.steps)))


def _record_refusal(store: Store, run_id: str, action: str, actor: str, reason: str) -> None:
    """Journal a refused decision (who, what, why, when) when the run exists."""
    if store.load(run_id) is None:
        return
    at = now()
    record = {"status": "refused", "tool": f"mcp:{action}", "action": action, "by": actor,
              "via": "mcp", "reason": reason, "at": at}  # fmt: skip
    store.record_generation(run_id, f"mcp:refused:{digest(canonical_json(record))[:16]}", record)
