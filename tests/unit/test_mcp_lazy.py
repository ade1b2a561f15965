"""The command line loads the MCP SDK only for `stepgraph mcp`; `stepgraph.mcp` too."""

from __future__ import annotations

import subprocess
import sys


def _loads_the_sdk(code: str) -> bool:
    probe = f"import sys; {code}; print('mcp' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True,
                          text=True)  # fmt: skip
    return done.stdout.strip() == "True"


def test_the_command_line_parser_does_not_import_the_mcp_sdk() -> None:
    assert not _loads_the_sdk("import stepgraph.cli; stepgraph.cli._parser()")


def test_importing_stepgraph_mcp_does_not_import_the_sdk_until_it_is_used() -> None:
    assert not _loads_the_sdk("import stepgraph.mcp")
