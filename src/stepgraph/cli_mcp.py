"""The command line's MCP commands: ``stepgraph mcp serve``.

The SDK is imported only when the command runs (the ``mcp`` extra), so the rest of
the command line never loads it.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from typing import Any

from .cli_codes import EXIT_OK
from .cli_people import DEFAULT_POLICY, POLICY_HELP

ACTOR_HELP = (
    "decisions and supplied data from MCP clients are recorded as NAME, if the policy "
    "names NAME for the action (default: no decision tools are offered)"
)


def add_commands(command: Callable[..., Any]) -> None:
    """Register ``mcp serve`` on the CLI's sub-parser factory."""
    cmd = command("mcp", _serve, "serve stepgraph to MCP clients (extra mcp)")
    cmd.add_argument("action", choices=("serve",), help="serve: answer MCP requests on stdio")
    cmd.add_argument("--http", type=int, metavar="PORT",
                     help="serve streamable HTTP on 127.0.0.1:PORT instead of stdio")  # fmt: skip
    cmd.add_argument("--adapter", default="fixture",
                     help="the adapter runs started by clients use (default fixture)")  # fmt: skip
    cmd.add_argument("--graph", action="append", default=[], metavar="REF",
                     help="also offer this graph (module:attribute); repeatable")  # fmt: skip
    inside = "input files clients name must be inside this folder (default .)"
    cmd.add_argument("--inputs-dir", default=".", help=inside)
    cmd.add_argument("--actor", metavar="NAME", help=ACTOR_HELP)
    cmd.add_argument("--policy", help=POLICY_HELP)


def _serve(args: argparse.Namespace) -> int:
    from .cli import _signing_key
    from .mcp.expose import serve
    from .mcp.runs import Exposure

    policy = args.policy or os.environ.get("STEPGRAPH_POLICY") or DEFAULT_POLICY
    exposure = Exposure(store_url=args.store, signing_key=_signing_key(), adapter=args.adapter,
                        graphs=tuple(args.graph), inputs_dir=args.inputs_dir, actor=args.actor,
                        policy_path=policy)  # fmt: skip
    if args.http is not None:
        serve(exposure, "streamable-http", args.http)
    else:
        serve(exposure)
    return EXIT_OK
