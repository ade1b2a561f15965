"""The ``stepgraph`` command: parse arguments, call the library, print, exit with a code.

Exit codes (also in ``--help`` and README.md):
  0  ready_for_review, finished, or paused by --max-steps
  1  anything else (a node, adapter or store failed; see the message)
  2  bad usage or invalid input (the message names the field; nothing was written)
  3  waiting_for_data
  4  blocked
  5  resume refused: fingerprint mismatch or version conflict
  6  retry later: the model provider failed transiently; resume after the time printed
  7  action refused: not allowed by the policy, content changed (digest), not waiting
     for it, or already decided; nothing was recorded
  8  needs_reconciliation: an effect's outcome was lost; see `stepgraph reconcile`
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from . import cli_people, cli_text
from .adapters import Adapter
from .adapters.anthropic_sdk import MODES
from .adapters.openai_compat import STYLES, TOKEN_FIELDS, TRANSPORTS
from .adapters.providers import provider_adapter
from .adapters.recording import Recording, Replay
from .errors import (
    ActionRefused,
    InputError,
    NodeError,
    ResumeRefused,
    RetryLater,
    RunNotFound,
    StepgraphError,
)
from .graph import END
from .registry import adapter_for, graph_and_loader, named_adapter, requeue_if_queued
from .registry import continue_run as registry_continue
from .runner import RunResult, resume, run
from .stores import DEFAULT_URL, Store, open_store

EXIT_OK, EXIT_ERROR, EXIT_USAGE, EXIT_WAITING, EXIT_BLOCKED, EXIT_REFUSED = 0, 1, 2, 3, 4, 5
EXIT_RETRY_LATER, EXIT_ACTION_REFUSED, EXIT_RECONCILE = 6, 7, 8
STATUS_EXIT = {
    "waiting_for_data": EXIT_WAITING,
    "blocked": EXIT_BLOCKED,
    "retry_later": EXIT_RETRY_LATER,
    "needs_reconciliation": EXIT_RECONCILE,
}

EPILOG = f"""\
exit codes:
  0  ready_for_review, finished, or paused by --max-steps
  1  anything else (a node, adapter or store failed)
  2  bad usage or invalid input (the field is named; nothing was written)
  3  waiting_for_data
  4  blocked
  5  resume refused (fingerprint mismatch or version conflict)
  6  retry later (a provider failed transiently; resume after the time printed)
  7  action refused (policy, changed content, not waiting, already decided)
  8  needs_reconciliation (an effect's outcome was lost: stepgraph reconcile)

environment:
  STEPGRAPH_STORE        the default --store (otherwise {DEFAULT_URL})
  STEPGRAPH_SIGNING_KEY  sign every saved step with an HMAC and refuse runs that do
                         not verify under it (at least 16 characters)
  STEPGRAPH_POLICY       the policy file naming who may approve, reject, revise,
                         supply and reconcile (default .stepgraph/policy.json)
"""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        return int(args.handler(args))
    except StepgraphError as error:
        return _fail(error, args)
    except KeyboardInterrupt:
        print("stepgraph: interrupted; the last completed step is saved", file=sys.stderr)
        return EXIT_ERROR
    except Exception as error:  # a bug: say so plainly, traceback with --debug
        if args.debug:
            raise
        print(f"stepgraph: internal error: {type(error).__name__}: {error}", file=sys.stderr)
        print("  (run again with --debug for the traceback)", file=sys.stderr)
        return EXIT_ERROR


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="stepgraph",
        description="Run LLM-assisted workflows as explicit, durable, verifiable graphs.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--debug", action="store_true", help="show tracebacks")
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--store",
        default=os.environ.get("STEPGRAPH_STORE") or DEFAULT_URL,
        help="memory:, file:DIR or sqlite:PATH (default: $STEPGRAPH_STORE or %(default)s)",
    )
    common.add_argument("--json", action="store_true", help="print one JSON object")
    common.add_argument(  # SUPPRESS: do not override a --debug given before the command
        "--debug", action="store_true", default=argparse.SUPPRESS, help="show tracebacks"
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, handler: Callable[[argparse.Namespace], int], text: str) -> Any:
        cmd = sub.add_parser(name, parents=[common], help=text, description=text, epilog=EPILOG,
                             formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
        cmd.set_defaults(handler=handler)
        return cmd

    cmd = command("run", _run, "start a run (or return the finished one for the same input)")
    cmd.add_argument("graph", help="a registered graph (offers) or module:attribute")
    cmd.add_argument("input", help="the input file (.json or .csv for offers)")
    cmd.add_argument("--run-id", help="name the run (default: derived from the fingerprint)")
    _provider_options(cmd)
    cmd.add_argument("--max-steps", type=_positive, help="run at most N nodes in this call")
    cmd.add_argument("--outbox", help="offers: a folder the approved report is written to")

    cmd = command("resume", _resume, "continue a run from its saved cursor")
    cmd.add_argument("run_id")
    cmd.add_argument("--input", help="refuse to resume unless the input is still this file")
    cmd.add_argument("--graph", help="the graph, if it is not the registered one of that name")
    cmd.add_argument("--adapter", help="default: the registered adapter the run started with")
    cmd.add_argument("--max-steps", type=_positive, help="run at most N nodes in this call")
    cmd.add_argument("--now", action="store_true", help="resume before a retry-later time")

    cmd = command("status", _status, "print where a run stands (exit code as for run)")
    cmd.add_argument("run_id")
    cmd = command("runs", _runs, "list runs, newest first")
    cmd.add_argument("--status", help="only runs with this status")
    cmd = command("show", _show, "print a run's report, trace and checkpoint history")
    cmd.add_argument("run_id")
    cmd = command("eval", _eval, "run an evaluation suite (exit 1 if any case fails)")
    cmd.add_argument(
        "suite",
        help="a folder of case files, searched recursively (evals/claims/dev), or one case file",
    )
    cmd.add_argument("--graph", default="offers", help="the graph the cases run through")
    cmd.add_argument("--adapter", help="a live adapter instead of the canned outputs")
    cmd.add_argument("--out", help="also write the JSON results to this file")
    cli_people.add_commands(command)
    _queue_commands(command)
    cmd = command("graph", _graph, "draw a graph as Mermaid or Graphviz DOT")
    cmd.add_argument("graph")
    cmd.add_argument("--format", choices=("mermaid", "dot"), default="mermaid")
    return parser


def _queue_commands(command: Callable[..., Any]) -> None:
    cmd = command("db", _db, "manage the database of a store")
    cmd.add_argument("action", choices=("setup",), help="setup: create or migrate the schema")
    cmd = command("submit", _submit, "queue a run for workers (PostgreSQL) and return at once")
    cmd.add_argument("graph", help="a registered graph (offers) or module:attribute")
    cmd.add_argument("input", help="the input file")
    cmd.add_argument("--run-id", help="name the run (default: derived from the fingerprint)")
    cmd.add_argument("--adapter", default="fixture", help="fixture (default) or module:attribute")
    cmd = command("worker", _worker, "advance queued runs (PostgreSQL) until SIGTERM")
    cmd.add_argument("--concurrency", type=_positive, default=1, help="runs at a time")
    cmd.add_argument("--graphs", nargs="+", help="only runs of these graphs")
    cmd.add_argument("--lease", type=float, default=30.0, help="lease seconds (default 30)")
    cmd.add_argument("--max-takeovers", type=int, default=3, help="then dead-letter (default 3)")
    cmd.add_argument("--poll", type=float, default=5.0, help="wake at least this often (s)")
    cmd.add_argument("--until-idle", action="store_true", help="exit when nothing is runnable")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, not {text!r}")
    return value


def _signing_key() -> bytes | None:
    key = os.environ.get("STEPGRAPH_SIGNING_KEY")
    if key and len(key.encode("utf-8")) < 16:
        raise InputError("STEPGRAPH_SIGNING_KEY", "must be at least 16 bytes")
    return key.encode("utf-8") if key else None


def open_cli_store(args: argparse.Namespace) -> Store:
    """The store ``--store`` names, signed as the environment says, set up."""
    store = open_store(args.store, signing_key=_signing_key())
    store.setup()
    return store


_open = open_cli_store


def continue_run(store: Store, run_id: str, args: argparse.Namespace) -> int:
    """Carry ``run_id`` on after an action (``registry.continue_run``); print; exit code."""
    outcome = registry_continue(store, run_id, getattr(args, "graph", None))
    if isinstance(outcome, str):
        print(f"{run_id}  {outcome}")
        return EXIT_OK
    return _report(outcome, args)


def _run(args: argparse.Namespace) -> int:
    graph, loader = graph_and_loader(args.graph)
    inputs = loader(args.input)
    if args.outbox:
        if args.graph != "offers":
            raise InputError("--outbox", "only the offers graph publishes to an outbox")
        inputs["outbox"] = os.path.abspath(args.outbox)
    adapter = _adapter(args.adapter, args)
    with _open(args) as store:
        result = run(graph, inputs=inputs, adapter=adapter, store=store,
                     run_id=args.run_id, max_steps=args.max_steps)  # fmt: skip
    return _report(result, args)


def _resume(args: argparse.Namespace) -> int:
    with _open(args) as store:
        if requeue_if_queued(store, args.run_id):
            print(f"{args.run_id}  requeued: a worker will resume it")
            return EXIT_OK
        current = store.load(args.run_id)
        if current is None:
            raise RunNotFound(store.url, args.run_id)
        graph_ref = args.graph or current.parts.graph
        graph, loader = graph_and_loader(graph_ref)
        inputs = loader(args.input) if args.input else None
        adapter = _adapter(args.adapter) if args.adapter else adapter_for(current.parts.adapter)
        result = resume(graph, run_id=args.run_id, adapter=adapter, store=store,
                        inputs=inputs, max_steps=args.max_steps, early=args.now)  # fmt: skip
    return _report(result, args)


def _status(args: argparse.Namespace) -> int:
    with _open(args) as store:
        current = store.load(args.run_id)
        if current is None:
            raise RunNotFound(store.url, args.run_id)
    if args.json:
        retry = cli_text.retry_wait(current)
        _print_json({**cli_text.checkpoint_json(current), "retry_later": retry})
    else:
        print(cli_text.status_line(current))
    return _exit_for(current.status, current.next)


def _runs(args: argparse.Namespace) -> int:
    with _open(args) as store:
        rows = store.list_runs(status=args.status)
        if type(store).__name__ == "PostgresStore":
            from .worker import queue_entries

            queue = queue_entries(store)  # type: ignore[arg-type]
            if queue and not args.json:
                print(cli_text.queue_table(queue) + "\n")
    if args.json:
        _print_json({"runs": [cli_text.summary_json(row) for row in rows]})
    else:
        print(cli_text.runs_table(rows))
    return EXIT_OK


def _show(args: argparse.Namespace) -> int:
    with _open(args) as store:
        current = store.load(args.run_id)
        if current is None:
            raise RunNotFound(store.url, args.run_id)
        history = store.history(args.run_id)
        journal = store.generations(args.run_id)
    if args.json:
        _print_json({**cli_text.checkpoint_json(current),
                     "history": [cli_text.history_json(entry) for entry in history],
                     "generations": journal})  # fmt: skip
    else:
        print(cli_text.show(current, history, journal))
    return _exit_for(current.status, current.next)


def _eval(args: argparse.Namespace) -> int:
    from .evaluate import run_suite

    graph, _ = graph_and_loader(args.graph)
    live = _adapter(args.adapter) if args.adapter else None
    show_progress = sys.stderr.isatty() and not args.json

    def progress(index: int, total: int, name: str) -> None:
        if show_progress:
            print(f"\r[{index}/{total}] {name[:60]:<60}", end="", file=sys.stderr, flush=True)

    result = run_suite(args.suite, graph, adapter=live, fallback=_adapter("fixture"),
                       progress=progress)  # fmt: skip
    if show_progress:
        print(file=sys.stderr)
    data = result.as_dict()
    if args.out:
        try:
            with open(args.out, "w", encoding="utf-8") as handle:
                json.dump(data, handle, indent=2, ensure_ascii=False)
        except OSError as error:
            raise InputError("--out", f"cannot write {args.out!r}: {error.strerror}") from error
    if args.json:
        _print_json(data)
    else:
        print(cli_text.eval_table(result))
    return EXIT_OK if result.failed == 0 else EXIT_ERROR


def _queue_store(args: argparse.Namespace, *, connections: int = 4) -> Any:
    from .stores.postgres import PostgresStore

    if not args.store.startswith(("postgresql://", "postgres://")):
        raise InputError("--store", "the queue needs a postgresql:// store")
    store = PostgresStore(args.store, signing_key=_signing_key(), pool_size=connections)
    store.setup()
    return store


def _db(args: argparse.Namespace) -> int:
    with _open(args) as store:
        print(f"{store.url}: schema is up to date")
    return EXIT_OK


def _submit(args: argparse.Namespace) -> int:
    from .worker import submit

    graph, loader = graph_and_loader(args.graph)
    inputs = loader(args.input)
    adapter = _adapter(args.adapter)
    with _queue_store(args) as store:
        run_id, added = submit(
            store,
            graph=graph,
            graph_ref=args.graph,
            adapter=adapter,
            adapter_ref=args.adapter,
            inputs=inputs,
            run_id=args.run_id,
        )
    if args.json:
        _print_json({"run_id": run_id, "submitted": added})
    else:
        print(f"{run_id}  {'submitted' if added else 'already submitted'}")
    return EXIT_OK


def _worker(args: argparse.Namespace) -> int:
    import signal

    from .worker import Worker

    # Each run in flight needs a connection for its saves and one for its lease renewal.
    with _queue_store(args, connections=2 * args.concurrency + 2) as store:
        worker = Worker(
            store,
            resolve_graph=lambda ref: graph_and_loader(ref)[0],
            resolve_adapter=_adapter,
            concurrency=args.concurrency,
            graphs=args.graphs,
            lease_seconds=args.lease,
            max_takeovers=args.max_takeovers,
            poll=args.poll,
            log=lambda line: print(f"worker {worker.name}: {line}", file=sys.stderr, flush=True),
        )
        terms = []

        def on_term(signum: int, frame: object) -> None:
            terms.append(signum)
            if len(terms) > 1:
                os._exit(128 + signum)  # a second SIGTERM: stop at once; the lease expires
            worker.stop()

        signal.signal(signal.SIGTERM, on_term)
        print(f"worker {worker.name} started", file=sys.stderr, flush=True)
        worker.run_forever(until_idle=args.until_idle)
        print(f"worker {worker.name} stopped after {worker.completed} runs", file=sys.stderr,
              flush=True)  # fmt: skip
    return EXIT_OK


def _graph(args: argparse.Namespace) -> int:
    graph, _ = graph_and_loader(args.graph)
    print(graph.to_mermaid() if args.format == "mermaid" else graph.to_dot(), end="")
    return EXIT_OK


def _report(result: RunResult, args: argparse.Namespace) -> int:
    if args.json:
        _print_json(cli_text.result_json(result))
    else:
        print(cli_text.result(result, store_url=args.store))
    return _exit_for(result.status, result.next)


def _exit_for(status: str, cursor: str) -> int:
    if cursor != END and status not in STATUS_EXIT:
        return EXIT_OK  # paused by the step limit
    return STATUS_EXIT.get(status, EXIT_OK)


ADAPTER_HELP = (
    "fixture (default), openai:MODEL, anthropic:MODEL, ollama:MODEL, "
    "openai-compatible:MODEL (with --base-url), local (SmolLM2 in process) or module:attribute"
)


def _provider_options(cmd: Any) -> None:
    cmd.add_argument("--adapter", default="fixture", help=ADAPTER_HELP)
    cmd.add_argument("--base-url", help="the provider's API root (openai-compatible: required)")
    styles = "json_schema (OpenAI, default) or json_object (llama-cpp-python's server)"
    cmd.add_argument("--output-style", choices=STYLES, help=styles)
    cmd.add_argument("--tokens-field", choices=TOKEN_FIELDS, help="the output-limit field")
    cmd.add_argument("--timeout", type=float, help="seconds per provider request (default 60)")
    cmd.add_argument("--transport", choices=TRANSPORTS,
                     help="Chat Completions through the openai SDK (default when installed) "
                     "or the standard library")  # fmt: skip
    cmd.add_argument("--anthropic-mode", choices=MODES,
                     help="output_config (default) or a forced tool (older models)")  # fmt: skip
    cmd.add_argument("--record", metavar="FILE", help="append every answer to FILE (JSON lines)")
    cmd.add_argument("--replay", metavar="FILE", help="answer from FILE instead of a model")


def _adapter(ref: str, args: argparse.Namespace | None = None) -> Adapter:
    replay, record = getattr(args, "replay", None), getattr(args, "record", None)
    if replay:
        return Replay(replay)
    chosen = _named_adapter(ref, args)
    if record:
        return Recording(chosen, record)
    return chosen


def _named_adapter(ref: str, args: argparse.Namespace | None) -> Adapter:
    provider = provider_adapter(
        ref,
        base_url=getattr(args, "base_url", None),
        style=getattr(args, "output_style", None),
        tokens_field=getattr(args, "tokens_field", None),
        timeout=getattr(args, "timeout", None),
        transport=getattr(args, "transport", None),
        mode=getattr(args, "anthropic_mode", None),
    )
    if provider is not None:
        return provider
    return named_adapter(ref)


def _fail(error: StepgraphError, args: argparse.Namespace) -> int:
    code = _error_code(error)
    if args.debug:
        import traceback

        traceback.print_exception(error)
    else:
        print(f"stepgraph: error: {error}", file=sys.stderr)
        cause, seen = error.__cause__, {id(error)}
        while cause is not None and id(cause) not in seen:
            seen.add(id(cause))
            print(f"  caused by: {type(cause).__name__}: {cause}", file=sys.stderr)
            cause = cause.__cause__
    if getattr(args, "json", False):
        _print_json({"error": cli_text.error_json(error), "exit_code": code})
    return code


def _error_code(error: StepgraphError) -> int:
    if isinstance(error, InputError | RunNotFound):
        return EXIT_USAGE
    if isinstance(error, NodeError) and isinstance(error.__cause__, InputError):
        return EXIT_USAGE  # a node rejected the input (the offers' inspect does)
    if isinstance(error, ResumeRefused):
        return EXIT_REFUSED
    if isinstance(error, RetryLater):
        return EXIT_RETRY_LATER
    if isinstance(error, ActionRefused):
        return EXIT_ACTION_REFUSED
    return EXIT_ERROR


def _print_json(data: dict[str, Any]) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=None))
