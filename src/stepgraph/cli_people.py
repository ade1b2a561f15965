"""The command line's people commands: approve, reject, revise, supply, reconcile, review.

Each checks the policy (``--policy FILE``, else ``$STEPGRAPH_POLICY``, else
``.stepgraph/policy.json``), records the action as an event in the run, and then
continues the run with the graph and adapter it was started with, so the answer shows
where the run stands now. A refused action records nothing and exits 7.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from .checkpoint import EVENT, Checkpoint, now
from .errors import DigestMismatch, InputError, NotWaiting, RunNotFound
from .events import decide, reconcile, supply
from .graph import END
from .jsontext import loads
from .policy import Policy
from .runner import save_event
from .stores import Store, check_run_id

DEFAULT_POLICY = ".stepgraph/policy.json"
POLICY_HELP = f"who may act (default: $STEPGRAPH_POLICY or {DEFAULT_POLICY})"


def add_commands(command: Callable[..., Any]) -> None:
    """Register the people commands on the CLI's sub-parser factory."""
    verdicts = (
        ("approve", "approve a report waiting for review"),
        ("reject", "reject a report waiting for review"),
        ("revise", "send a report back to be drafted again (say why in --note)"),
    )
    for verdict, text in verdicts:
        cmd = command(verdict, _decide, text)
        cmd.set_defaults(verdict=verdict)
        cmd.add_argument("run_id", help="the run waiting for this decision")
        cmd.add_argument("--digest", required=True, help="the digest shown with the report")
        _actor_options(cmd)
    cmd = command("supply", _supply, "give a run waiting for data its missing price")
    cmd.add_argument("run_id", help="the run waiting for data")
    cmd.add_argument("--offer", help="the offer whose price is missing")
    cmd.add_argument("--monthly", help="its monthly price")
    cmd.add_argument("--source", help="the source version the price comes from")
    cmd.add_argument("--file", help="or a JSON list of {id, monthly, source}")
    _actor_options(cmd)
    cmd = command("reconcile", _reconcile, "record whether an effect with a lost outcome happened")
    cmd.add_argument("run_id", help="the run that needs reconciliation")
    happened = cmd.add_mutually_exclusive_group(required=True)
    happened.add_argument("--happened", action="store_true", help="it took place downstream")
    happened.add_argument("--not-happened", action="store_true", help="it did not: redo it")
    cmd.add_argument("--outcome", help="the effect's outcome as JSON (with --happened)")
    _actor_options(cmd)
    cmd = command("review", _review, "serve the review page on 127.0.0.1 (token printed)")
    cmd.add_argument("--port", type=int, default=0, help="port (default: any free one)")
    cmd.add_argument("--policy", help=POLICY_HELP)


def _actor_options(cmd: Any) -> None:
    cmd.add_argument("--graph", help="the graph, if it is not the registered one of that name")
    cmd.add_argument("--adapter", help="continue with this adapter (default: the one the run "
                     "started with, rebuilt from what the run kept)")  # fmt: skip
    cmd.add_argument("--by", required=True, help="who is acting (must be named in the policy)")
    cmd.add_argument("--note", help="why, in a sentence (kept with the decision)")
    cmd.add_argument("--policy", help=POLICY_HELP)


def load_policy(path: str | None) -> Policy:
    """The policy named by ``--policy``, the environment, or the default file."""
    return Policy.load(path or os.environ.get("STEPGRAPH_POLICY") or DEFAULT_POLICY)


def _decide(args: argparse.Namespace) -> int:
    from . import cli

    policy = load_policy(args.policy)
    with cli.open_cli_store(args) as store:
        try:
            decide(store, args.run_id, verdict=args.verdict, actor=args.by,
                   digest_seen=args.digest, policy=policy, note=args.note)  # fmt: skip
        except NotWaiting:
            if args.verdict != "revise":
                raise
            revise_blocked(store, args.run_id, actor=args.by, digest_seen=args.digest,
                           policy=policy, note=args.note)  # fmt: skip
        return cli.continue_run(store, args.run_id, args)


def revise_blocked(
    store: Store, run_id: str, *, actor: str, digest_seen: str, policy: Policy, note: str | None
) -> Checkpoint:
    """Send a blocked offers report back to ``draft`` with a reviewer's note.

    The repair loop stopped (its draft limit, or the model repeating itself); a person
    may ask for one more draft, bound like a decision to the digest of the blocked
    report they read. Recorded as a ``@decision`` step that moves the cursor to draft.
    """
    from .offers.review import review_digest

    policy.check(actor, "revise")
    with store.hold(check_run_id(run_id)):
        current = store.load(run_id)
        if current is None:
            raise RunNotFound(store.url, run_id)
        if current.status != "blocked" or current.next != END or current.wait is not None:
            raise NotWaiting(run_id, current.status, "a decision or a revision of a blocked report")
        seen = review_digest(current.state)
        if digest_seen != seen:
            raise DigestMismatch(run_id, seen, digest_seen)
        decision = {"verdict": "revise", "by": actor, "at": now(), "digest": seen}
        if note:
            decision["note"] = note
        update = {"review": decision, "status": "revising", EVENT: {"action": "revise", **decision}}
        return save_event(store, replace(current, next="draft"), "@decision", "revising", update)


def _supply(args: argparse.Namespace) -> int:
    from . import cli

    policy = load_policy(args.policy)
    items = _supplied_items(args)
    with cli.open_cli_store(args) as store:
        supply_prices(store, args.run_id, items, actor=args.by, policy=policy, note=args.note)
        return cli.continue_run(store, args.run_id, args)


def supply_prices(
    store: Store,
    run_id: str,
    items: list[dict[str, Any]],
    *,
    actor: str,
    policy: Policy,
    note: str | None,
) -> Checkpoint:
    """Give an offer run its missing prices (``{id, monthly, source}`` each) as one event."""
    from .offers.review import supplied_offer

    current = store.load(run_id)
    if current is None:
        raise RunNotFound(store.url, run_id)
    if (current.wait or {}).get("kind") != "data":  # refused before the items are checked
        raise NotWaiting(run_id, current.status, "data")
    fetched = "offers" in current.values  # offers a node read (offers-by-id), not inputs
    offers = current.state.get("offers")
    if not isinstance(offers, list):
        raise InputError("run", f"run {run_id!r} has no offers to supply a price for")
    for item in items:
        offers = supplied_offer(offers, item["id"], item["monthly"], item["source"])
    if fetched:
        return supply(store, run_id, state={"offers": offers}, actor=actor, policy=policy,
                      note=note)  # fmt: skip
    return supply(store, run_id, changes={"offers": offers}, actor=actor, policy=policy,
                  note=note)  # fmt: skip


def parse_price(text: str, field: str) -> int | float:
    """A typed price: 95 stays an integer, as the offer files write it."""
    try:
        value = float(text)
    except ValueError:
        raise InputError(field, f"must be a number, not {text!r}") from None
    return int(value) if value.is_integer() else value


def _supplied_items(args: argparse.Namespace) -> list[dict[str, Any]]:
    if args.file:
        if args.offer or args.monthly is not None or args.source:
            raise InputError("--file", "give either --file or --offer/--monthly/--source")
        try:
            with open(args.file, encoding="utf-8") as handle:
                text = handle.read()
        except (OSError, ValueError) as error:
            raise InputError("--file", f"cannot read JSON: {error}", source=args.file) from error
        items = loads(text, "--file", source=args.file)
        if not isinstance(items, list) or not items:
            raise InputError("--file", "must hold a non-empty list of {id, monthly, source}",
                             source=args.file)  # fmt: skip
        for index, item in enumerate(items):
            if not isinstance(item, dict) or set(item) != {"id", "monthly", "source"}:
                raise InputError(f"[{index}]", "must be an object with id, monthly and source",
                                 source=args.file)  # fmt: skip
        return items
    for name in ("offer", "monthly", "source"):
        if getattr(args, name) is None:
            raise InputError(f"--{name}", "is required (or give --file)")
    monthly = parse_price(args.monthly, "--monthly")
    return [{"id": args.offer, "monthly": monthly, "source": args.source}]


def _reconcile(args: argparse.Namespace) -> int:
    from . import cli

    outcome: Any = None
    if args.outcome is not None:
        if not args.happened:
            raise InputError("--outcome", "only goes with --happened")
        outcome = loads(args.outcome, "--outcome")
    policy = load_policy(args.policy)
    with cli.open_cli_store(args) as store:
        reconcile(store, args.run_id, happened=args.happened, actor=args.by, policy=policy,
                  outcome=outcome, note=args.note)  # fmt: skip
        return cli.continue_run(store, args.run_id, args)


def _review(args: argparse.Namespace) -> int:
    from . import cli
    from .cli_keys import encryption_from_env
    from .review_app import serve

    cli.open_cli_store(args).close()  # a missing store is refused here, not created
    return serve(store_url=args.store, policy=load_policy(args.policy), port=args.port,
                 signing_key=cli._signing_key(),
                 encryption=encryption_from_env())  # fmt: skip
