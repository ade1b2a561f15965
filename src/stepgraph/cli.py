"""The ``stepgraph`` command: parse arguments, call the library, print, exit with a code.

The exit codes are in ``cli_codes`` (printed by ``--help``, copied in README.md). The
global options (``--store``, ``--json``, ``--debug``) go before or after the command.
Commands that only read (status, show, runs) never create a store. Commands plug in
through ``COMMAND_SETS``: each is a function given the sub-parser factory ``command``.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, Literal

from . import cli_keys, cli_observe, cli_text
from .adapter_ref import AdapterRef, remember
from .adapters import Adapter
from .adapters.choices import MODES, STYLES, TOKEN_FIELDS, TRANSPORTS
from .adapters.providers import missing_key
from .adapters.recording import Recording
from .cli_codes import (
    EXIT_ACTION_REFUSED,
    EXIT_CANCELLED,
    EXIT_ERROR,
    EXIT_FAILED,
    EXIT_OK,
    EXIT_REFUSED,
    EXIT_RETRY_LATER,
    EXIT_USAGE,
    exit_for,
    exit_table,
)
from .cli_io import SafeStream, bounded, emit, emit_json, finish, silence_stdout, terminal_safe
from .cli_progress import listener
from .cli_reveal import check_reveal, output_guard, shown
from .errors import (
    ActionRefused,
    InputError,
    NodeError,
    NoSuchStore,
    PrivateDataLocked,
    ProviderError,
    ResumeRefused,
    RetryLater,
    RunCancelled,
    RunFailed,
    RunNotFound,
    StepgraphError,
    StoreError,
)
from .graph import Graph
from .registry import continue_run as registry_continue
from .registry import graph_and_loader, rebuild_adapter, requeue_if_queued
from .runner import RunResult, derive_run_id, resume, run
from .statuses import Standing, standing, standing_of
from .stores import DEFAULT_URL, Store, open_for
from .tools.listing import tool_calls

Access = Literal["create", "update", "read"]
Command = Callable[..., Any]  # command(name, handler, help) -> the sub-parser

STORE_HELP = (
    "where runs are kept: memory:, file:DIR, sqlite:PATH or "
    "postgresql://USER@HOST/DB[?schema=NAME&connect_timeout=S] "
    f"(default: $STEPGRAPH_STORE or {DEFAULT_URL})"
)

# Each parser's epilog: _Formatter writes epilog() in its place, so that only --help pays
# for the exit table (textwrap and its patterns; issue 17, cold start).
EPILOG = "(exit codes, global options and environment)"


def epilog() -> str:
    """The text after every ``--help``: the exit codes, the global options, the environment."""
    return f"""\
{exit_table()}

global options (before or after the command): --store URL, --json, --debug, --reveal NAME

environment:
  STEPGRAPH_STORE        the default --store (otherwise {DEFAULT_URL})
  STEPGRAPH_SIGNING_KEY  sign every saved step with an HMAC and refuse runs that do
                         not verify under it (at least 16 characters)
{cli_keys.ENV_HELP}
  STEPGRAPH_POLICY       the policy file naming who may approve, reject, revise,
                         supply, reconcile and reveal (default .stepgraph/policy.json)
  STEPGRAPH_LOG          debug, info, warning or error: log lines on stderr (a worker
                         logs its own lines at info without it)
  STEPGRAPH_OTEL         1: send OpenTelemetry spans and metrics as the OTEL_*
                         variables say (OTLP over HTTP by default; extra otel)
"""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    streams = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = SafeStream(sys.stdout), SafeStream(sys.stderr)
    try:
        return _main(argv)
    finally:
        sys.stdout, sys.stderr = streams


def _main(argv: Sequence[str] | None) -> int:
    try:
        args = _parser(sys.argv[1:] if argv is None else argv).parse_args(argv)
    except SystemExit as done:  # --help, or bad usage (argparse printed why)
        return finish(done.code if isinstance(done.code, int) else EXIT_USAGE)
    except BrokenPipeError:  # --help into a closed pipe
        silence_stdout()
        return EXIT_OK
    if not args.debug and _postgres(args):  # the driver's log lines would repeat the error
        import logging

        logging.getLogger("psycopg").addHandler(logging.NullHandler())
    return finish(_dispatch(args))


def _postgres(args: argparse.Namespace) -> bool:
    """Whether the command's store is PostgreSQL (its driver logs through ``logging``)."""
    return str(getattr(args, "store", "")).partition(":")[0] in ("postgresql", "postgres")


def _dispatch(args: argparse.Namespace) -> int:
    telemetry = None
    try:
        check_reveal(args)  # before anything runs: a refused reveal changes nothing
        cli_observe.setup_logging(args.command, os.environ)
        telemetry = cli_observe.telemetry(os.environ)
        args.telemetry = telemetry
        args.otel = telemetry.listener if telemetry is not None else None
        return int(args.handler(args))
    except BrokenPipeError:  # the reader went away mid-output: not an error
        silence_stdout()
        return EXIT_OK
    except StepgraphError as error:
        return _fail(error, args)
    except KeyboardInterrupt:
        print("stepgraph: interrupted; the last completed step is saved", file=sys.stderr)
        return EXIT_ERROR
    except Exception as error:  # a bug: say so plainly, traceback with --debug
        if args.debug:
            raise
        message = bounded(f"{type(error).__name__}: {error}")
        print(f"stepgraph: internal error: {message}", file=sys.stderr)
        print("  (run again with --debug for the traceback)", file=sys.stderr)
        return EXIT_ERROR
    finally:
        if telemetry is not None:
            telemetry.shutdown()  # export what is pending before the process exits


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """argparse's formatter, sized as ``shutil.get_terminal_size`` would without importing
    shutil (and bz2, lzma) at every start: argparse makes one per option declared."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:  # fmt: skip
        if width is None:
            width = _columns() - 2
        super().__init__(prog, indent_increment, max_help_position, width)

    def add_text(self, text: str | None) -> None:
        super().add_text(epilog() if text == EPILOG else text)


def _columns() -> int:
    """The terminal's width: $COLUMNS, else stdout's terminal, else 80."""
    with contextlib.suppress(ValueError):
        if int(os.environ.get("COLUMNS", "0")) > 0:
            return int(os.environ["COLUMNS"])
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return 80


def _global_options(parser: argparse.ArgumentParser, *, after_command: bool) -> None:
    """``--store``, ``--json``, ``--debug``: on the main parser, and again on each command.

    After the command they default to SUPPRESS, so an option given before the command
    is kept unless it is given again after it.
    """

    def default(value: object) -> object:
        return argparse.SUPPRESS if after_command else value

    parser.add_argument("--store", default=default(os.environ.get("STEPGRAPH_STORE")
                                                   or DEFAULT_URL), help=STORE_HELP)  # fmt: skip
    parser.add_argument("--json", action="store_true", default=default(False),
                        help="print one JSON object instead of text")  # fmt: skip
    parser.add_argument("--debug", action="store_true", default=default(False),
                        help="show tracebacks and driver log lines")  # fmt: skip
    reveal = "print private fields in clear if the policy lets NAME reveal"
    parser.add_argument("--reveal", metavar="NAME", default=default(None), help=reveal)


def _parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser of every command; given ``argv`` naming a known one, only its group is
    imported and built (``stepgraph run`` never loads the queue, MCP or people modules)."""
    parser = argparse.ArgumentParser(
        prog="stepgraph",
        description="Run LLM-assisted workflows as explicit, durable, verifiable graphs.",
        epilog=EPILOG,
        formatter_class=_Formatter,
    )
    _global_options(parser, after_command=False)
    common = argparse.ArgumentParser(add_help=False, formatter_class=_Formatter)
    _global_options(common, after_command=True)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, handler: Callable[[argparse.Namespace], int], text: str) -> Any:
        cmd = sub.add_parser(name, parents=[common], help=text, description=text, epilog=EPILOG,
                             formatter_class=_Formatter)  # fmt: skip
        cmd.set_defaults(handler=handler)
        return cmd

    chosen = None if argv is None else _chosen_command(argv)
    for module, function, names in COMMAND_SETS:
        if chosen is None or chosen in names:
            add = getattr(importlib.import_module(module), function)
            add(command)
    return parser


_VALUED = ("--store", "--reveal")  # the global options that take a value


def _chosen_command(argv: Sequence[str]) -> str | None:
    """The command ``argv`` names, if it is one of COMMAND_SETS' (else None: build all)."""
    tokens = iter(argv)
    for token in tokens:
        if len(token) > 2 and any(option.startswith(token) for option in _VALUED):
            next(tokens, None)  # the option's value (argparse takes --sto for --store)
        elif token == "--" or not token.startswith("-"):
            known = any(token in names for _, _, names in COMMAND_SETS)
            return token if known else None
    return None


def _run_commands(command: Command) -> None:
    cmd = command("run", _run, "start a run (or return the finished one for the same input)")
    cmd.add_argument("graph", help="a registered graph (offers, offers-by-id) or module:attribute")
    cmd.add_argument("input", help="the input file (.json or .csv for offers)")
    cmd.add_argument("--run-id", help="name the run (default: derived from the fingerprint)")
    _provider_options(cmd)
    cmd.add_argument("--max-steps", type=_positive, help="run at most N nodes in this call")
    cmd.add_argument("--outbox", help="offers: a folder the approved report is written to")
    _events_option(cmd)

    cmd = command("resume", _resume, "continue a run from its saved cursor")
    cmd.add_argument("run_id", help="the run to continue")
    cmd.add_argument("--input", help="refuse to resume unless the input is still this file")
    cmd.add_argument("--graph", help="the graph, if it is not the registered one of that name")
    cmd.add_argument("--adapter", help="default: the registered adapter the run started with")
    cmd.add_argument("--max-steps", type=_positive, help="run at most N nodes in this call")
    now = "resume before a retry-later time, or a failed run once its cause is fixed"
    cmd.add_argument("--now", action="store_true", help=now)
    _events_option(cmd)


def _read_commands(command: Command) -> None:
    masking = "the graph whose private fields are masked, if not the registered one of its name"
    cmd = command("status", _status, "print where a run stands (exit code as for run)")
    cmd.add_argument("run_id", help="the run to look at")
    cmd.add_argument("--graph", help=masking)
    cmd = command("show", _show, "print a run's report, trace and checkpoint history")
    cmd.add_argument("run_id", help="the run to show")
    cmd.add_argument("--graph", help=masking)
    cmd = command("graph", _graph, "draw a graph as Mermaid or Graphviz DOT")
    cmd.add_argument("graph", help="a registered graph (offers, offers-by-id) or module:attribute")
    cmd.add_argument("--format", choices=("mermaid", "dot"), default="mermaid",
                     help="mermaid (default) or dot")  # fmt: skip


def _eval_commands(command: Command) -> None:
    cmd = command("eval", _eval, "run an evaluation suite (exit 1 if any case fails)")
    cmd.add_argument(
        "suite",
        help="a folder of case files, searched recursively (evals/claims/dev), or one case file",
    )
    cmd.add_argument("--graph", default="offers", help="the graph the cases run through")
    cmd.add_argument("--adapter", help="a live adapter instead of the canned outputs")
    cmd.add_argument("--out", help="also write the JSON results to this file")


def _events_option(cmd: Any) -> None:
    cmd.add_argument("--json-events", action="store_true",
                     help="print each step event as a JSON line as it happens")  # fmt: skip


def _queue_commands(command: Command) -> None:
    cmd = command("db", _db, "manage the database of a store")
    cmd.add_argument("action", choices=("setup",), help="setup: create or migrate the schema")
    from .cli_queue import add_commands

    add_commands(command)


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


def open_cli_store(args: argparse.Namespace, access: Access = "update") -> Store:
    """The store ``--store`` names, signed as the environment says (``stores.open_for``)."""
    return open_for(args.store, access, signing_key=_signing_key(),
                    encryption=cli_keys.encryption_from_env())  # fmt: skip


_open = open_cli_store


def continue_run(store: Store, run_id: str, args: argparse.Namespace) -> int:
    """Carry ``run_id`` on after an action (``registry.continue_run``); print; exit code."""
    chosen = getattr(args, "adapter", None)
    adapter = _adapter(chosen) if chosen else None
    outcome = registry_continue(store, run_id, getattr(args, "graph", None), adapter=adapter,
                                on_event=getattr(args, "otel", None))  # fmt: skip
    if isinstance(outcome, str):
        _said(args, run_id, outcome)
        return EXIT_OK
    return _report(outcome, args)


def _said(args: argparse.Namespace, run_id: str, outcome: str) -> None:
    """A run carried on elsewhere or later (requeued, held by another process)."""
    if args.json:
        emit_json({"run_id": run_id, "outcome": outcome})
    else:
        emit(f"{run_id}  {outcome}")


def _watchers(args: argparse.Namespace) -> Any:
    """The ``on_event`` of a run/resume command: --json-events or progress, and telemetry."""
    return cli_observe.combine(listener(args.json_events), args.otel)


def _run(args: argparse.Namespace) -> int:
    graph, loader = graph_and_loader(args.graph)
    inputs = loader(args.input)
    if args.outbox:
        if args.graph != "offers":
            raise InputError("--outbox", "only the offers graph publishes to an outbox")
        inputs["outbox"] = os.path.abspath(args.outbox)
    ref = _adapter_ref(args.adapter, args)
    adapter = _keyed(ref.build())
    with _open(args, "create") as store:
        run_id = args.run_id or derive_run_id(graph, adapter, inputs)
        try:
            result = run(graph, inputs=inputs, adapter=adapter, store=store,
                         run_id=run_id, max_steps=args.max_steps,
                         on_event=_watchers(args))  # fmt: skip
        finally:  # the run exists once a step is saved: keep how to build its adapter
            with contextlib.suppress(StoreError):  # a failing store already says so
                remember(store, run_id, ref, adapter.id)
    return _report(result, args, graph)


def _resume(args: argparse.Namespace) -> int:
    with _open(args) as store:
        if requeue_if_queued(store, args.run_id):
            _said(args, args.run_id, "requeued: a worker will resume it")
            return EXIT_OK
        current = store.load(args.run_id)
        if current is None:
            raise RunNotFound(store.url, args.run_id)
        graph_ref = args.graph or current.parts.graph
        graph, loader = graph_and_loader(graph_ref)
        inputs = loader(args.input) if args.input else None
        if args.adapter:
            adapter = _adapter(args.adapter)
        else:  # as the run started: its kept options (--record, --timeout), else its id
            adapter = _keyed(rebuild_adapter(store, args.run_id, current.parts.adapter))
        result = resume(graph, run_id=args.run_id, adapter=adapter, store=store,
                        inputs=inputs, max_steps=args.max_steps, early=args.now,
                        on_event=_watchers(args))  # fmt: skip
    return _report(result, args, graph)


def _status(args: argparse.Namespace) -> int:
    with _open(args, "read") as store:
        found = _standing(store, args.run_id)
        guard = output_guard(args, found.checkpoint, store=store)
    if args.json:
        emit_json(shown(guard, cli_text.run_json(found)))
    else:
        emit(shown(guard, cli_text.status_line(found)))
    return exit_for(found.status)


def _standing(store: Store, run_id: str) -> Standing:
    found = standing(store, run_id)
    if found is None:
        raise RunNotFound(store.url, run_id)
    return found


def _show(args: argparse.Namespace) -> int:
    with _open(args, "read") as store:
        found = _standing(store, args.run_id)
        history = store.history(args.run_id) if found.checkpoint else []
        journal = store.generations(args.run_id)
        guard = output_guard(args, found.checkpoint, history=history, store=store)
    if args.json:
        emit_json(shown(guard, {**cli_text.run_json(found),
                                "history": [cli_text.history_json(entry) for entry in history],
                                "generations": journal,
                                "tool_calls": tool_calls(journal)}))  # fmt: skip
    else:
        emit(shown(guard, cli_text.show(found, history, journal)))
    return exit_for(found.status)


def _eval(args: argparse.Namespace) -> int:
    from .evaluate import run_suite

    graph, _ = graph_and_loader(args.graph)
    live = _adapter(args.adapter) if args.adapter else None
    show_progress = sys.stderr.isatty() and not args.json

    def progress(index: int, total: int, name: str) -> None:
        if show_progress:
            shown = terminal_safe(name[:60])
            terminal = getattr(sys.stderr, "inner", sys.stderr)  # its \r moves the cursor
            print(f"\r[{index}/{total}] {shown:<60}", end="", file=terminal, flush=True)

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
        emit_json(data)
    else:
        emit(cli_text.eval_table(result))
    return EXIT_OK if result.failed == 0 else EXIT_ERROR


def _db(args: argparse.Namespace) -> int:
    with _open(args, "create") as store:
        if args.json:
            emit_json({"store": store.url, "schema": "up to date"})
        else:
            emit(f"{store.url}: schema is up to date")
    return EXIT_OK


def _graph(args: argparse.Namespace) -> int:
    graph, _ = graph_and_loader(args.graph)
    text = graph.to_mermaid() if args.format == "mermaid" else graph.to_dot()
    if args.json:
        emit_json({"graph": graph.name, "format": args.format, "text": text})
    else:
        emit(text, end="")
    return EXIT_OK


def _report(result: RunResult, args: argparse.Namespace, graph: Graph | None = None) -> int:
    found = standing_of(result.checkpoint)
    guard = output_guard(args, result.checkpoint, graph)
    if args.json:
        emit_json(shown(guard, cli_text.run_json(found, steps=result.steps)))
    else:
        emit(shown(guard, cli_text.result(result, store_url=args.store)))
    return exit_for(found.status)


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


def _adapter_ref(ref: str, args: argparse.Namespace | None = None) -> AdapterRef:
    """The adapter the options name, as kept with a run (``adapter_ref``)."""
    return AdapterRef(
        ref=ref,
        base_url=getattr(args, "base_url", None),
        style=getattr(args, "output_style", None),
        tokens_field=getattr(args, "tokens_field", None),
        timeout=getattr(args, "timeout", None),
        transport=getattr(args, "transport", None),
        mode=getattr(args, "anthropic_mode", None),
        record=getattr(args, "record", None),
        replay=getattr(args, "replay", None),
    )


def _adapter(ref: str, args: argparse.Namespace | None = None) -> Adapter:
    return _keyed(_adapter_ref(ref, args).build())


def _keyed(adapter: Adapter) -> Adapter:
    """``adapter``, or exit 2 naming the variable when its provider's API key is not set."""
    inner = adapter.adapter if isinstance(adapter, Recording) else adapter
    variable = missing_key(inner)
    if variable is not None:
        raise InputError(variable, "is not set: the provider needs an API key (nothing was sent)")
    return adapter


def _fail(error: StepgraphError, args: argparse.Namespace) -> int:
    code = error_code(error)
    if args.debug:
        import traceback

        traceback.print_exception(error)
    else:
        print(f"stepgraph: error: {bounded(str(error))}", file=sys.stderr)
        cause, seen = error.__cause__, {id(error)}
        while cause is not None and id(cause) not in seen:
            seen.add(id(cause))
            told = bounded(f"{type(cause).__name__}: {cause}")
            print(f"  caused by: {told}", file=sys.stderr)
            cause = cause.__cause__
        if code == EXIT_FAILED and not isinstance(error, RunFailed):
            print("  saved as failed: fix the cause, then resume the run with --now",
                  file=sys.stderr)  # fmt: skip
    if getattr(args, "json", False):
        emit_json({"error": cli_text.error_json(error), "exit_code": code})
    return code


def error_code(error: StepgraphError) -> int:
    """The exit code of an error (the table is ``cli_codes.EXIT_CODES``)."""
    if isinstance(error, InputError | RunNotFound | NoSuchStore):
        return EXIT_USAGE
    if isinstance(error, NodeError) and isinstance(error.__cause__, InputError):
        return EXIT_USAGE  # a node rejected the input (the offers' inspect does)
    cause = error.__cause__
    if isinstance(error, NodeError) and isinstance(cause, ProviderError) and not cause.retryable:
        return EXIT_FAILED  # saved as failed by the harness
    if isinstance(error, RunFailed):
        return EXIT_FAILED
    if isinstance(error, RunCancelled):
        return EXIT_CANCELLED
    if isinstance(error, ResumeRefused | PrivateDataLocked):
        return EXIT_REFUSED
    if isinstance(error, RetryLater):
        return EXIT_RETRY_LATER
    if isinstance(error, ActionRefused):
        return EXIT_ACTION_REFUSED
    return EXIT_ERROR


COMMAND_SETS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (__name__, "_run_commands", ("run", "resume")),
    (__name__, "_read_commands", ("status", "show", "graph")),
    (__name__, "_eval_commands", ("eval",)),
    ("stepgraph.cli_people", "add_commands",
     ("approve", "reject", "revise", "supply", "reconcile", "review")),
    (__name__, "_queue_commands",
     ("db", "submit", "worker", "runs", "cancel", "purge", "limit")),
    ("stepgraph.cli_migrate", "add_commands", ("migrate",)),
    ("stepgraph.cli_mcp", "add_commands", ("mcp",)),
    ("stepgraph.cli_keys", "add_commands", ("rekey", "forget")),
)  # fmt: skip
"""Every group of commands: (module, its ``add_commands(command)``, the commands it adds).
A new group adds a line here; a unit test checks the names against what each adds."""
