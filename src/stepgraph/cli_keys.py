"""The command line's data-key commands, ``rekey`` and ``forget``, and the keys it reads.

``STEPGRAPH_DATA_KEY`` (``ID:BASE64`` or ``BASE64`` of 32 bytes) encrypts the private
fields of new runs and opens encrypted ones; ``STEPGRAPH_DATA_KEY_OLD`` (comma-separated)
names the keys runs may still be wrapped under, until ``stepgraph rekey`` moves them.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from typing import Any

from .cli_codes import EXIT_OK
from .cli_io import emit, emit_json
from .errors import InputError
from .sealing import Encryption, Keyring

ENV_HELP = """\
  STEPGRAPH_DATA_KEY     ID:BASE64 (32 bytes): encrypt private fields at rest and open
                         encrypted runs (extra crypto); STEPGRAPH_DATA_KEY_OLD: older
                         keys, comma-separated, until stepgraph rekey"""


def keyring_from_env() -> Keyring | None:
    """The keys ``STEPGRAPH_DATA_KEY`` and ``STEPGRAPH_DATA_KEY_OLD`` give, if any."""
    current = os.environ.get("STEPGRAPH_DATA_KEY", "").strip()
    older = [t for t in os.environ.get("STEPGRAPH_DATA_KEY_OLD", "").split(",") if t.strip()]
    if not current:
        if older:
            raise InputError("STEPGRAPH_DATA_KEY", "must be set when STEPGRAPH_DATA_KEY_OLD is")
        return None
    return Keyring.from_texts(current, older)


def encryption_from_env() -> Encryption | None:
    """What the stores a command opens encrypt with (None: no data key set)."""
    keys = keyring_from_env()
    return Encryption(keys) if keys is not None else None


def add_commands(command: Callable[..., Any]) -> None:
    cmd = command("rekey", _rekey, "re-wrap encrypted runs' keys under STEPGRAPH_DATA_KEY "
                  "(the old key in STEPGRAPH_DATA_KEY_OLD)")  # fmt: skip
    cmd.add_argument("run_id", nargs="*", help="the runs to re-wrap (or --all)")
    cmd.add_argument("--all", action="store_true", help="every run in the store")
    cmd = command("forget", _forget, "erase a run's private data (its key is destroyed); "
                  "its history and audit trail stay and still verify")  # fmt: skip
    cmd.add_argument("run_id", nargs="?", help="the run to forget (or --older-than)")
    cmd.add_argument("--by", required=True, help="who forgets it (recorded)")
    cmd.add_argument(
        "--older-than",
        metavar="AGE",
        help="every encrypted run finished or cancelled before AGE ago (30d)",
    )
    cmd.add_argument("--dry-run", action="store_true",
                     help="with --older-than: list the runs; forget nothing")  # fmt: skip


def _rekey(args: argparse.Namespace) -> int:
    from .cli import open_cli_store
    from .data_keys import rekey  # the key commands' modules load only for them

    if bool(args.all) == bool(args.run_id):
        raise InputError("run_id", "give run ids or --all (not both)")
    keys = keyring_from_env()
    if keys is None:
        raise InputError("STEPGRAPH_DATA_KEY", "must be set: the key to re-wrap under")
    with open_cli_store(args, "update") as store:
        done = rekey(store, keys, None if args.all else args.run_id)
    if args.json:
        emit_json({"key": keys.current, "rewrapped": done.rewrapped, "left": done.left})
    else:
        for run_id in done.rewrapped:
            emit(f"{run_id}  re-wrapped under key {keys.current}")
        for run_id, why in done.left.items():
            emit(f"{run_id}  left: {why}")
    return EXIT_OK


def _forget(args: argparse.Namespace) -> int:
    from .cli import open_cli_store
    from .data_keys import forget

    if bool(args.run_id) == bool(args.older_than):
        raise InputError("run_id", "give a run id or --older-than (not both)")
    if args.older_than:
        return _forget_older(args)
    with open_cli_store(args, "update") as store:
        saved = forget(store, args.run_id, by=args.by)
    event = saved.update.get("@event") or {}
    if args.json:
        emit_json({"run_id": saved.run_id, "status": saved.status, "forgotten": event})
    else:
        emit(f"{saved.run_id}  forgotten by {event.get('by')} at {event.get('at')}")
    return EXIT_OK


def _forget_older(args: argparse.Namespace) -> int:
    from .cli import open_cli_store
    from .data_keys import forget_older
    from .listing import parse_age

    age = parse_age(args.older_than, "--older-than")
    with open_cli_store(args, "read" if args.dry_run else "update") as store:
        gone = forget_older(store, older_than=age, by=args.by, dry_run=args.dry_run)
    if args.json:
        emit_json({"forgotten": gone, "dry_run": args.dry_run})
    else:
        verb = "would be forgotten" if args.dry_run else "forgotten"
        for run_id in gone:
            emit(f"{run_id}  {verb} by {args.by}")
    return EXIT_OK
