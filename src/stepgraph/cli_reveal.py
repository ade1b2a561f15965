"""Private fields in command output: masked unless ``--reveal NAME`` and the policy agree.

Every command that prints a run (``run``, ``resume``, ``status``, ``show``, in text or
``--json``) passes what it prints through the run's output redactor: every private
value of the run's state, wherever it appears (the state, the report, reasons, the
history, the journal), is printed as ``[private]``. ``--reveal NAME`` prints them in
clear when the policy (``--policy``, ``$STEPGRAPH_POLICY`` or the default file) names
NAME under ``reveal``; otherwise the command is refused (exit 7, not allowed). A run
whose graph is not registered under its name needs ``--graph REF`` to be masked: a graph
that cannot be found is printed as stored, since its declaration is unknown, unless the
run is encrypted (its key record keeps the declaration).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable

from .checkpoint import Checkpoint, HistoryEntry
from .errors import StoreError
from .graph import Graph
from .privacy import Redactor, shown
from .privacy import output_guard as run_guard


def check_reveal(args: argparse.Namespace) -> None:
    """Raise ``NotAllowed`` unless ``--reveal NAME`` is absent or the policy allows NAME."""
    reveal = getattr(args, "reveal", None)
    if reveal:  # the policy (and the people commands' module) only when asked to reveal
        from .cli_people import load_policy

        load_policy(getattr(args, "policy", None)).check(reveal, "reveal")


def output_guard(
    args: argparse.Namespace,
    checkpoint: Checkpoint | None,
    graph: Graph | None = None,
    history: Iterable[HistoryEntry] = (),
    store: object = None,
) -> Redactor | None:
    """The redactor for printing ``checkpoint``'s run; None to print it in clear.

    Call ``check_reveal`` first: this trusts ``--reveal`` as already checked. With
    ``store``, an encrypted run's stored declaration masks it when its graph is unknown.
    """
    if getattr(args, "reveal", None) or checkpoint is None:
        return None
    key_of = getattr(store, "run_key", None)
    try:
        record = key_of(checkpoint.run_id) if key_of is not None else None
    except StoreError:  # a database from before key records, opened read-only
        record = None
    stored = record.get("private") if isinstance(record, dict) else None
    return run_guard(checkpoint, history, graph, getattr(args, "graph", None),
                     stored if isinstance(stored, dict) else None)  # fmt: skip


__all__ = ["check_reveal", "output_guard", "shown"]
