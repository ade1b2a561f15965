"""The command line's queue commands: submit, worker, runs, cancel, purge, limit.

``submit`` and ``worker`` need a PostgreSQL store; ``runs``, ``cancel`` and ``purge``
work on every store (the queue's fields and filters only where there is a queue).
"""

from __future__ import annotations

import argparse
import logging
import sys
import time
from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from . import cli_text
from .adapters import Adapter
from .cancel import cancel
from .cli_codes import EXIT_ERROR
from .cli_io import emit, emit_json
from .cli_migrate import list_stranded
from .errors import InputError, StepgraphError, StoreUnavailable
from .graph import Graph
from .listing import DEFAULT_LIMIT, Query, page, parse_age, status_counts
from .purge import Retention, purge
from .queue_admin import STATES, queue_stats
from .registry import graph_and_loader
from .stores import queue_of

EXIT_OK = 0


def add_commands(command: Callable[..., Any]) -> None:
    """Register the queue commands on the CLI's sub-parser factory."""
    cmd = command("submit", _submit, "queue a run for workers (PostgreSQL) and return at once")
    cmd.add_argument("graph", help="a registered graph (offers) or module:attribute")
    cmd.add_argument("input", help="the input file")
    cmd.add_argument("--run-id", help="name the run (default: derived from the fingerprint)")
    cmd.add_argument("--adapter", default="fixture", help="fixture (default) or module:attribute")
    cmd.add_argument(
        "--priority",
        type=int,
        default=0,
        help="higher runs first (default 0); first submitted first within one",
    )
    cmd.add_argument(
        "--concurrency-key",
        metavar="KEY",
        help="at most --max-concurrent runs with this key are leased at once",
    )
    cmd.add_argument("--max-concurrent", type=int, metavar="N", help="goes with --concurrency-key")
    cmd = command("worker", _worker, "advance queued runs (PostgreSQL) until SIGTERM")
    cmd.add_argument("--concurrency", type=_positive, default=1, help="runs at a time")
    cmd.add_argument("--graphs", nargs="+", help="only runs of these graphs")
    cmd.add_argument("--lease", type=float, default=30.0, help="lease seconds (default 30)")
    cmd.add_argument("--max-takeovers", type=int, default=3, help="then dead-letter (default 3)")
    cmd.add_argument("--poll", type=float, default=5.0, help="wake at least this often (s)")
    cmd.add_argument("--until-idle", action="store_true", help="exit when nothing is runnable")
    cmd.add_argument(
        "--rate-limit",
        action="append",
        default=[],
        metavar="ADAPTER=N/s,C",
        help="record a limit every worker obeys: N calls per s/m/h and C at "
        "once (openai:gpt-4o=5/s,2); repeatable; see `stepgraph limit`",
    )
    cmd.add_argument(
        "--retention",
        metavar="AGE",
        help="purge finished and cancelled runs older than AGE (30d) periodically",
    )
    cmd.add_argument(
        "--forget-after",
        metavar="AGE",
        help="forget the private data of encrypted finished and cancelled runs older "
        "than AGE (30d) periodically: their keys are destroyed, their history stays",
    )
    cmd.add_argument(
        "--retention-every",
        metavar="AGE",
        default="1h",
        help="how often the retention purge runs (default 1h)",
    )
    cmd = command("runs", _runs, "list runs, newest first, a page at a time")
    cmd.add_argument("--status", help="only runs with this status (dead: dead-lettered)")
    cmd.add_argument("--queue-state", choices=STATES, help="only runs in this queue state")
    cmd.add_argument("--graph", help="only runs of this graph")
    cmd.add_argument("--stranded", action="store_true",
                     help="only runs the current code cannot continue as saved (an older "
                     "revision or shape), and why; with --graph, runs of that graph")  # fmt: skip
    cmd.add_argument("--older-than", metavar="AGE", help="last step before AGE ago (30d, 12h)")
    cmd.add_argument("--newer-than", metavar="AGE", help="last step within AGE (15m)")
    cmd.add_argument(
        "--limit",
        type=_positive,
        default=DEFAULT_LIMIT,
        help=f"rows per page (default {DEFAULT_LIMIT}, at most 1000)",
    )
    cmd.add_argument("--after", metavar="CURSOR", help="the next page: the cursor printed last")
    cmd.add_argument(
        "--stats",
        action="store_true",
        help="counts by status and, with a queue, its depth, the oldest runnable "
        "run's wait, takeovers and dead letters",
    )
    cmd = command("cancel", _cancel, "cancel a run: it never starts or runs again")
    cmd.add_argument("run_id", help="the run to cancel")
    cmd.add_argument("--by", required=True, help="who cancels (recorded)")
    cmd.add_argument("--reason", help="why (recorded)")
    cmd = command("purge", _purge, "delete old finished runs (steps, journal, queue rows)")
    cmd.add_argument(
        "--older-than", required=True, metavar="AGE", help="last step before AGE ago (30d, 12h, 2w)"
    )
    cmd.add_argument(
        "--status",
        action="append",
        default=[],
        help="purge runs in this status instead of finished and cancelled ones "
        "(repeatable; dead for dead-lettered runs)",
    )
    cmd.add_argument("--dry-run", action="store_true", help="list what would go; delete nothing")
    cmd.add_argument("--batch", type=_positive, default=500, help="runs per transaction")
    cmd = command("limit", _limit, "show or set the per-adapter rate limits (PostgreSQL)")
    cmd.add_argument("adapter", nargs="?", help="the adapter id (or its part before @)")
    cmd.add_argument("--rate", help="calls per window: 5/s, 100/m, 1000/h")
    cmd.add_argument("--concurrent", type=_positive, help="calls in flight at once")
    cmd.add_argument("--clear", action="store_true", help="remove the adapter's limit")


def _positive(text: str) -> int:
    from .cli import _positive as positive

    return positive(text)


def queue_store(args: argparse.Namespace, *, connections: int = 4) -> Any:
    """The PostgreSQL store ``--store`` names, set up; ``InputError`` for any other."""
    from .cli import _signing_key
    from .cli_keys import encryption_from_env
    from .stores.postgres import PostgresStore

    if not args.store.startswith(("postgresql://", "postgres://")):
        raise InputError("--store", "the queue needs a postgresql:// store")
    store = PostgresStore(args.store, signing_key=_signing_key(), pool_size=connections)
    store.encryption = encryption_from_env()
    try:
        store.setup()
    except StepgraphError:
        store.close()
        raise
    return store


def _worker_store(args: argparse.Namespace, *, connections: int) -> Any:
    """The queue's store; a worker starting while the database restarts waits for it."""
    pauses = [0.2, 0.5, 1, 2, 4, 8, 15, 30]  # about a minute in all
    while True:
        try:
            return queue_store(args, connections=connections)
        except StoreUnavailable as error:
            if not pauses:
                raise
            print(f"stepgraph worker: waiting for the database: {error}", file=sys.stderr,
                  flush=True)  # fmt: skip
            time.sleep(pauses.pop(0))


def _adapter(ref: str) -> Adapter:
    from .cli import _adapter as adapter

    return adapter(ref)


def _resolve(graph_ref: str, adapter_ref: str) -> tuple[Graph, Adapter]:
    return graph_and_loader(graph_ref)[0], _adapter(adapter_ref)


def _submit(args: argparse.Namespace) -> int:
    from .worker import check_queue_options, submit

    check_queue_options(args.priority, args.concurrency_key, args.max_concurrent)
    graph, loader = graph_and_loader(args.graph)
    inputs = loader(args.input)
    adapter = _adapter(args.adapter)
    with queue_store(args) as store:
        run_id, added = submit(store, graph=graph, graph_ref=args.graph, adapter=adapter,
                               adapter_ref=args.adapter, inputs=inputs, run_id=args.run_id,
                               priority=args.priority, concurrency_key=args.concurrency_key,
                               max_concurrent=args.max_concurrent)  # fmt: skip
    if args.json:
        emit_json({"run_id": run_id, "submitted": added})
    else:
        emit(f"{run_id}  {'submitted' if added else 'already submitted'}")
    return EXIT_OK


def _worker(args: argparse.Namespace) -> int:
    import os
    import signal

    from .ratelimit import Limiter, parse_limit, set_limit
    from .worker import Worker

    terms: list[int] = []
    workers: list[Worker] = []

    def on_term(signum: int, frame: object) -> None:
        terms.append(signum)
        if len(terms) > 1:
            os._exit(128 + signum)  # a second SIGTERM: stop at once; the lease expires
        for worker in workers:
            worker.stop()

    # before the store opens: a SIGTERM while it connects stops the worker cleanly, with
    # nothing claimed (only the interpreter's own start is left without a handler)
    signal.signal(signal.SIGTERM, on_term)
    chosen = [parse_limit(text) for text in args.rate_limit]
    keep = parse_age(args.retention, "--retention") if args.retention else None
    every = parse_age(args.retention_every, "--retention-every")
    forget_after = parse_age(args.forget_after, "--forget-after") if args.forget_after else None
    # Each run in flight needs a connection for its saves and one for its lease renewal.
    with _worker_store(args, connections=2 * args.concurrency + 2) as store:
        for limit in chosen:
            set_limit(store, limit)
        limiter = Limiter(store)

        def log(line: str) -> None:  # the retention's lines, among the worker's own
            logging.getLogger("stepgraph.worker").info("worker %s: %s", worker.name, line)

        worker = Worker(store, resolve_graph=lambda ref: graph_and_loader(ref)[0],
                        resolve_adapter=lambda ref: limiter.wrap(_adapter(ref)),
                        concurrency=args.concurrency, graphs=args.graphs,
                        lease_seconds=args.lease, max_takeovers=args.max_takeovers,
                        poll=args.poll, on_event=args.otel)  # fmt: skip
        retention = None
        if keep is not None or forget_after is not None:
            retention = Retention(store, older_than=keep, every=every, log=log,
                                  forget_after=forget_after).start()  # fmt: skip
        workers.append(worker)
        if terms:
            worker.stop()  # a SIGTERM came while the store opened
        if args.otel is not None:  # queue depth by state, read at each metrics export
            args.otel.watch_queue(lambda: queue_stats(store)["depth"])
        worker.run_forever(until_idle=args.until_idle)
        if retention is not None:
            retention.stop()
        if args.telemetry is not None:
            args.telemetry.flush()  # the last queue depth, read while the store is open
    if worker.failure is not None:  # a loop met a bug: it said so in the log; so do we
        print(f"stepgraph: error: a worker loop failed: {worker.failure}", file=sys.stderr)
        return EXIT_ERROR
    if args.json:
        emit_json({"worker": worker.name, "completed": worker.completed})
    return EXIT_OK


def _runs(args: argparse.Namespace) -> int:
    from .cli import open_cli_store

    if args.stranded:
        return list_stranded(args)

    query = Query(status=args.status, queue_state=args.queue_state, graph=args.graph,
                  older_than=_age(args.older_than, "--older-than"),
                  newer_than=_age(args.newer_than, "--newer-than"), limit=args.limit,
                  after=args.after)  # fmt: skip
    with open_cli_store(args, "read") as store:
        if args.stats:
            queue = queue_of(store)
            stats: dict[str, Any] = {"by_status": status_counts(store)}
            stats["queue"] = queue_stats(queue) if queue is not None else None
        else:
            found = page(store, query)
    if args.stats:
        emit_json(stats) if args.json else emit(cli_text.stats_text(stats))
    elif args.json:
        emit_json({"runs": [row.as_json() for row in found.rows],
                     "next_cursor": found.next_cursor})  # fmt: skip
    else:
        emit(cli_text.page_table(found.rows, found.next_cursor))
    return EXIT_OK


def _age(text: str | None, field: str) -> float | None:
    return parse_age(text, field) if text is not None else None


def _cancel(args: argparse.Namespace) -> int:
    from .cli import open_cli_store

    with open_cli_store(args, "update") as store:
        saved = cancel(store, args.run_id, by=args.by, reason=args.reason, resolve=_resolve)
    event = saved.update.get("@event") or {}
    if args.json:
        emit_json({"run_id": saved.run_id, "status": saved.status, "cancelled": event})
    else:
        why = f" ({event.get('reason')})" if event.get("reason") else ""
        emit(f"{saved.run_id}  cancelled by {event.get('by')} at {event.get('at')}{why}")
    return EXIT_OK


def _purge(args: argparse.Namespace) -> int:
    from .cli import open_cli_store

    older = parse_age(args.older_than, "--older-than")
    with open_cli_store(args, "update") as store:
        done = purge(store, older_than=older, statuses=tuple(args.status),
                     dry_run=args.dry_run, batch=args.batch)  # fmt: skip
    if args.json:
        emit_json({"run_ids": done.run_ids, "count": len(done.run_ids), "dry_run": done.dry_run})
    else:
        verb = "would delete" if done.dry_run else "deleted"
        emit(f"{verb} {len(done.run_ids)} run{'s' if len(done.run_ids) != 1 else ''}")
        for run_id in done.run_ids:
            emit(f"  {run_id}")
    return EXIT_OK


def _limit(args: argparse.Namespace) -> int:
    from .ratelimit import Limit, clear_limit, limits, parse_rate, set_limit

    with queue_store(args) as store:
        if args.adapter is not None and args.clear:
            clear_limit(store, args.adapter)
        elif args.adapter is not None and (args.rate or args.concurrent):
            calls, per = parse_rate(args.rate) if args.rate else (None, None)
            set_limit(store, Limit(adapter_id=args.adapter, calls=calls, per_seconds=per,
                                   concurrent=args.concurrent))  # fmt: skip
        elif args.adapter is not None or args.clear:
            raise InputError("--rate", "give --rate and/or --concurrent, or --clear, with ADAPTER")
        found = limits(store)
    if args.json:
        emit_json({"limits": [asdict(limit) for limit in found]})
    else:
        emit("\n".join(limit.describe() for limit in found) or "no rate limits")
    return EXIT_OK
