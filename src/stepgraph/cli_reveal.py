"""Private fields in command output: masked unless ``--reveal NAME`` and the policy agree.

Every command that prints a run (``run``, ``resume``, ``status``, ``show``, in text or
``--json``) passes what it prints through the run's output redactor: every private
value of the run's state, wherever it appears (the state, the report, reasons, the
history, the journal), is printed as ``[private]``. ``--reveal NAME`` prints them in
clear when the policy (``--policy``, ``$STEPGRAPH_POLICY`` or the default file) names
NAME under ``reveal``; otherwise the command is refused (exit 6, not allowed). A run
whose graph is not registered under its name needs ``--graph REF`` to be masked: a graph
that cannot be found is printed as stored, since its declaration is unknown.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from typing import Any

from .checkpoint import EVENT, Checkpoint, HistoryEntry
from .cli_people import load_policy
from .errors import StepgraphError
from .graph import Graph
from .privacy import Redactor, declared
from .registry import graph_and_loader


def check_reveal(args: argparse.Namespace) -> None:
    """Raise ``NotAllowed`` unless ``--reveal NAME`` is absent or the policy allows NAME."""
    reveal = getattr(args, "reveal", None)
    if reveal:
        load_policy(getattr(args, "policy", None)).check(reveal, "reveal")


def output_guard(
    args: argparse.Namespace,
    checkpoint: Checkpoint | None,
    graph: Graph | None = None,
    history: Iterable[HistoryEntry] = (),
) -> Redactor | None:
    """The redactor for printing ``checkpoint``'s run; None to print it in clear.

    With a private declaration, the notes people wrote beside their actions (decisions,
    supplied data, reconciliations) in ``history`` are masked too. Call ``check_reveal``
    first: this trusts ``--reveal`` as already checked.
    """
    if getattr(args, "reveal", None) or checkpoint is None:
        return None
    if graph is None:
        ref = getattr(args, "graph", None) or checkpoint.parts.graph
        try:
            graph, _ = graph_and_loader(ref)
        except StepgraphError:
            return None
    private = declared(graph)
    if private is None:
        return None
    notes = [str((entry.update.get(EVENT) or {}).get("note") or "") for entry in history]
    return private.output_redactor(checkpoint.run_id, checkpoint.state, notes)


def shown(guard: Redactor | None, data: Any) -> Any:
    """``data`` (text or JSON data) as it may be printed."""
    return data if guard is None else guard.apply(data)


__all__ = ["check_reveal", "output_guard", "shown"]
