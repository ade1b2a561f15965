"""Graphs and adapters the command line and the review page know by name.

A graph is a registered name (``offers``) or ``module:attribute``; an adapter is a
registered name (``fixture``), a provider (``openai:MODEL`` ...) or ``module:attribute``.
``adapter_for`` rebuilds the adapter a stored run was started with from its id, and
``continue_run`` carries a run on with both after a person acted on it.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from .adapters import Adapter
from .adapters.providers import adapter_from_id
from .errors import AdapterError, InputError, RunBusy, RunNotFound
from .graph import Graph
from .jsontext import loads
from .runner import RunResult, resume
from .stores import Store, queue_of

if TYPE_CHECKING:
    from .stream import EventCallback


class GraphEntry(NamedTuple):
    """A graph the command line knows by a short name, with its input loader."""

    target: str
    loader: Callable[[str], dict[str, Any]]


def _offers_inputs(path: str) -> dict[str, Any]:
    from .offers import load_offers, make_inputs

    return make_inputs(load_offers(path))


def _offers_by_id_inputs(path: str) -> dict[str, Any]:
    """``{"offer_ids": [...], "catalogue": ...}``; a relative catalogue file is read
    from the input file's folder."""
    import os

    from .offers.by_id import make_inputs_by_id

    data = json_object(path)
    ref = data.get("catalogue")
    if isinstance(ref, str) and ref and "://" not in ref and not os.path.isabs(ref):
        ref = os.path.join(os.path.dirname(os.path.abspath(path)), ref)
    return make_inputs_by_id(data.get("offer_ids"), ref, max_drafts=data.get("max_drafts"),
                             outbox=data.get("outbox"))  # fmt: skip


GRAPHS = {
    "offers": GraphEntry("stepgraph.offers:graph", _offers_inputs),
    "offers-by-id": GraphEntry("stepgraph.offers.by_id:graph", _offers_by_id_inputs),
}
ADAPTERS = {"fixture": "stepgraph.offers.fixture:FixtureAdapter"}


def graph_and_loader(ref: str) -> tuple[Graph, Callable[[str], dict[str, Any]]]:
    entry = GRAPHS.get(ref)
    graph = import_ref(entry.target if entry else ref, "GRAPH")
    if not isinstance(graph, Graph):
        raise InputError("GRAPH", f"{ref!r} is not a stepgraph.Graph")
    return graph, entry.loader if entry else json_object


def named_adapter(ref: str) -> Adapter:
    """A registered adapter or ``module:attribute`` (a class is instantiated)."""
    target = import_ref(ADAPTERS.get(ref, ref), "--adapter")
    adapter = target() if isinstance(target, type) else target
    if not isinstance(adapter, Adapter):
        raise InputError("--adapter", f"{ref!r} has no id and generate()")
    return adapter


def adapter_for(adapter_id: str) -> Adapter:
    provider = adapter_from_id(adapter_id)
    if provider is not None:
        return provider
    for ref in ADAPTERS:
        adapter = named_adapter(ref)
        if adapter.id == adapter_id:
            return adapter
    raise AdapterError(f"the run used adapter {adapter_id!r}; name it with --adapter module:attr")


def rebuild_adapter(store: Store, run_id: str, adapter_id: str) -> Adapter:
    """The adapter a stored run started with: from its kept options, else from its id."""
    from .adapter_ref import recall  # it builds adapters with named_adapter from here

    return recall(store, run_id, adapter_id) or adapter_for(adapter_id)


def import_ref(ref: str, field: str) -> Any:
    module_name, _, attr = ref.partition(":")
    if not module_name or not attr:
        known = ", ".join(GRAPHS if field == "GRAPH" else ADAPTERS)
        raise InputError(field, f"{ref!r} is neither a known name ({known}) nor module:attribute")
    try:
        value: Any = importlib.import_module(module_name)
        for part in attr.split("."):
            value = getattr(value, part)
    except (ImportError, AttributeError) as error:
        raise InputError(field, f"cannot import {ref!r}: {error}") from error
    return value


def json_object(path: str) -> dict[str, Any]:
    try:
        with open(path, encoding="utf-8-sig") as handle:
            text = handle.read()
    except (OSError, ValueError) as error:
        raise InputError("input", f"cannot read JSON: {error}", source=path) from error
    data = loads(text, "input", source=path)
    if not isinstance(data, dict):
        raise InputError("input", "must hold a JSON object", source=path)
    return data


def requeue_if_queued(store: Store, run_id: str) -> bool:
    """Hand a run queued in PostgreSQL back to the workers; False for any other run."""
    queue = queue_of(store)
    if queue is None:
        return False
    from .worker import requeue

    return requeue(queue, run_id)


def continue_run(
    store: Store,
    run_id: str,
    graph_ref: str | None = None,
    *,
    adapter: Adapter | None = None,
    early: bool = False,
    on_event: EventCallback | None = None,
) -> RunResult | str:
    """Carry a run on after a person acted, with the graph and adapter it started with.

    Returns the result, or why it was not carried on here: a queued run goes back to
    the workers, and a run another process still holds (a rival's refused action lets
    go within moments) is left for a later resume after about 1.5 s of trying.
    ``adapter`` replaces the rebuilt one; ``early`` goes on before a retry-later time.
    """
    current = store.load(run_id)
    if current is None:
        raise RunNotFound(store.url, run_id)
    if requeue_if_queued(store, run_id):
        return "requeued: a worker will resume it"
    graph, _ = graph_and_loader(graph_ref or current.parts.graph)
    adapter = adapter or rebuild_adapter(store, run_id, current.parts.adapter)
    pauses = [0.05, 0.1, 0.2, 0.4, 0.8]
    while True:
        try:
            return resume(
                graph, run_id=run_id, adapter=adapter, store=store, early=early, on_event=on_event
            )
        except RunBusy:
            if not pauses:
                return "recorded; another process holds the run: resume it later"
            time.sleep(pauses.pop(0))
