"""The command line's migration commands: ``migrate`` and ``runs --stranded``.

``migrate RUN`` (or ``--all``) moves runs saved by an older graph revision with the
graph's declared migrations (``migrations.py``); ``--dry-run`` shows what would change
and saves nothing. ``runs --stranded`` lists every run the current code cannot continue
as saved, and why. A migrated run that was queued goes back to the workers.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from .checkpoint import EVENT, Checkpoint
from .cli_codes import EXIT_OK, EXIT_REFUSED, EXIT_STRANDED
from .cli_io import emit, emit_json
from .errors import InputError, ResumeRefused, RunNotFound, StepgraphError
from .graph import Graph
from .migrations import Stranded, migrate, stranded
from .registry import graph_and_loader, requeue_if_queued
from .stores import Store


def add_commands(command: Callable[..., Any]) -> None:
    cmd = command("migrate", _migrate, "move runs saved by an older graph revision to the "
                  "current one with the graph's declared migrations")  # fmt: skip
    cmd.add_argument("run_id", nargs="?", help="the run to migrate (or --all)")
    cmd.add_argument("--all", action="store_true", help="every run a migration moves")
    cmd.add_argument("--dry-run", action="store_true",
                     help="print what would change; save nothing")  # fmt: skip
    cmd.add_argument("--graph", help="the graph (default: the registered one each run names)")
    cmd.add_argument("--by", default="stepgraph", help="who migrates (recorded in the step)")


def _migrate(args: argparse.Namespace) -> int:
    from .cli import open_cli_store

    if bool(args.run_id) == bool(args.all):
        raise InputError("RUN", "give one run id or --all, not both or neither")
    if not args.by.strip():
        raise InputError("--by", "must name who migrates")
    with open_cli_store(args, "read" if args.dry_run else "update") as store:
        if args.run_id:
            rows = [_one(store, args, args.run_id)]
            left: list[Stranded] = []
        else:
            rows, left = _every(store, args)
    if args.json:
        emit_json({"dry_run": args.dry_run, "runs": rows,
                   "stranded": [_stranded_json(row) for row in left]})  # fmt: skip
    else:
        for row in rows:
            emit(_line(row, args.dry_run))
        for entry in left:
            emit(f"{entry.run_id}  stranded: {entry.why}")
    if any(row.get("error") for row in rows):
        return EXIT_REFUSED
    return EXIT_STRANDED if left else EXIT_OK


def _one(store: Store, args: argparse.Namespace, run_id: str) -> dict[str, Any]:
    current = store.load(run_id)
    if current is None:
        raise RunNotFound(store.url, run_id)
    graph = _graph(args.graph or current.parts.graph)
    before, after = migrate(store, graph, run_id, dry_run=args.dry_run, by=args.by)
    if after is not None and not args.dry_run:
        requeue_if_queued(store, run_id)
    return _row(before, after)


def _every(store: Store, args: argparse.Namespace) -> tuple[list[dict[str, Any]], list[Stranded]]:
    rows: list[dict[str, Any]] = []
    left: list[Stranded] = []
    for graph in _graphs(store, args.graph, left):
        for entry in stranded(store, graph):
            if not entry.migratable:
                left.append(entry)
                continue
            try:
                rows.append(_one(store, args, entry.run_id))
            except ResumeRefused as error:  # another migrator or worker got there first
                rows.append({"run_id": entry.run_id, "error": f"{type(error).__name__}: {error}"})
    return rows, left


def _graph(ref: str) -> Graph:
    graph, _ = graph_and_loader(ref)
    return graph


def _graphs(store: Store, ref: str | None, left: list[Stranded]) -> list[Graph]:
    """``--graph``, or the graph of every name the store's runs carry; a name no graph is
    registered for strands its runs (listed in ``left``, never skipped silently)."""
    if ref:
        return [_graph(ref)]
    found = []
    for name in sorted({row.graph for row in store.list_runs()}):
        try:
            found.append(_graph(name))
        except StepgraphError as error:
            why = f"no graph named {name!r} here ({error}): pass --graph module:attribute"
            left.extend(Stranded(run_id=row.run_id, status=row.status, next=row.next,
                                 revision=0, migratable=False, why=why)
                        for row in store.list_runs() if row.graph == name)  # fmt: skip
    return found


def _row(before: Checkpoint, after: Checkpoint | None) -> dict[str, Any]:
    if after is None:
        return {"run_id": before.run_id, "migrated": False, "revision": before.parts.revision}
    event = after.update[EVENT]
    return {"run_id": before.run_id, "migrated": True,
            "from_revision": event["from"]["revision"], "to_revision": event["to"]["revision"],
            "cursor_before": event["cursor_before"], "cursor_after": event["cursor_after"],
            "status_before": before.status, "status_after": after.status,
            "changed": event["changed"], "state_before": event["state_before"],
            "state_after": event["state_after"]}  # fmt: skip


def _line(row: dict[str, Any], dry_run: bool) -> str:
    if row.get("error"):
        return f"{row['run_id']}  not migrated: {row['error']}"
    if not row["migrated"]:
        return f"{row['run_id']}  already at revision {row['revision']}: nothing to do"
    verb = "would move" if dry_run else "moved"
    changed = ", ".join(row["changed"]) or "nothing"
    return (f"{row['run_id']}  {verb} revision {row['from_revision']} -> {row['to_revision']}; "
            f"cursor {row['cursor_before']} -> {row['cursor_after']}; status "
            f"{row['status_before']} -> {row['status_after']}; state keys changed: {changed}"
            + ("  (dry run: nothing saved)" if dry_run else ""))  # fmt: skip


def _stranded_json(entry: Stranded) -> dict[str, Any]:
    return asdict(entry)


def list_stranded(args: argparse.Namespace) -> int:
    """``runs --stranded``: every run the current code cannot continue as saved, and why."""
    from .cli import open_cli_store

    with open_cli_store(args, "read") as store:
        rows: list[Stranded] = []
        for graph in _graphs(store, args.graph, rows):
            rows.extend(stranded(store, graph))
    if args.json:
        emit_json({"stranded": [_stranded_json(row) for row in rows]})
        return EXIT_OK
    if not rows:
        emit("no stranded runs")
    for row in rows:
        movable = "migratable" if row.migratable else "STRANDED"
        emit(f"{row.run_id}  revision {row.revision}  {row.status}  next {row.next}  "
             f"{movable}: {row.why}")  # fmt: skip
    return EXIT_OK
