"""`stepgraph run` loads what a run needs and nothing else: no optional package, none of
the other commands' modules (issue 17, cold start). A module list, not a timing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from stepgraph.adapters.choices import ADAPTER_CLASSES

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "offers.json"

# Optional packages (extras) and heavy standard modules a run of the offers never needs.
OPTIONAL = {
    "anthropic", "cryptography", "httpx", "jinja2", "mcp", "openai", "opentelemetry",
    "psycopg", "pydantic", "rich", "starlette", "uvicorn", "http", "asyncio", "email",
    "concurrent", "multiprocessing", "xml", "ssl", "socket",
}  # fmt: skip
# The modules of the other commands and of features a plain run does not use.
OTHER_COMMANDS = {
    "stepgraph.aio", "stepgraph.cli_mcp", "stepgraph.cli_migrate", "stepgraph.cli_people",
    "stepgraph.cli_queue", "stepgraph.evaluate", "stepgraph.events", "stepgraph.listing",
    "stepgraph.mcp", "stepgraph.policy", "stepgraph.purge", "stepgraph.queue_admin",
    "stepgraph.review_app", "stepgraph.worker", "stepgraph.stores.postgres",
}  # fmt: skip
# Loaded on first use only, never by a run that does not use them (each costs a cold
# start milliseconds): the step event classes, made only when someone listens, html,
# which only a rationale with an HTML entity (&amp;) needs, the tool records and calls,
# which only a node that declares tools needs (the context loads tools.loop), the
# records that listing runs (and stranded runs) returns, NodeRetry, which only a
# retrying node needs, and ClaimProblem, which only a malformed claim needs.
ON_USE = {"stepgraph.stream", "html", "stepgraph.tools.calls", "stepgraph.tools.tool",
          "stepgraph.tools.schema", "stepgraph.adapters.tool_rounds",
          "stepgraph.stores.summaries", "stepgraph.node_retry", "stepgraph.stranded_runs",
          "stepgraph.claims.problems"}  # fmt: skip
# Standard modules a plain run never loads (issue 17, cold start): logging only when a
# line could be written (something imported it: no handler exists before), dataclasses
# (with inspect) only when a dataclasses function is called on a record (stepgraph.records),
# textwrap only for --help's exit table, random only for a retry's jitter, hashlib (OpenSSL)
# only once a process hashes in bulk and hmac only for signatures (stepgraph.digests),
# base64 only with data keys (sealing), pathlib (with urllib.parse and ipaddress) nowhere
# on a run's path (the claims pattern cache finds its file with os.path).
STANDARD_ON_USE = {"logging", "dataclasses", "inspect", "traceback", "tokenize", "ast", "dis",
                   "textwrap", "random", "hashlib", "_hashlib", "hmac", "base64", "pathlib",
                   "urllib", "ipaddress"}  # fmt: skip
# The provider adapters and their transports: a run imports only the one it names.
PROVIDER_MODULES = {module for module, _ in ADAPTER_CLASSES.values()} | {
    "stepgraph.adapters._common", "stepgraph.adapters._http", "stepgraph.adapters.openai_sdk",
}  # fmt: skip


def _modules_after(argv: list[str], cwd: Path) -> set[str]:
    probe = (
        "import json, sys\n"
        "from stepgraph.cli import main\n"
        f"code = main({argv!r})\n"
        "sys.stderr.write(json.dumps({'code': code, 'modules': sorted(sys.modules)}))\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("STEPGRAPH_")}  # defaults
    done = subprocess.run([sys.executable, "-c", probe], cwd=cwd, env=env, capture_output=True,
                          text=True, check=True)  # fmt: skip
    outcome = json.loads(done.stderr.strip().splitlines()[-1])
    assert outcome["code"] == 0, done.stdout
    return set(outcome["modules"])


def test_run_offers_imports_no_optional_package(tmp_path: Path) -> None:
    modules = _modules_after(["run", "offers", str(EXAMPLE)], tmp_path)
    assert sorted(OPTIONAL & {m.split(".")[0] for m in modules}) == []


def test_run_offers_imports_no_other_command_module(tmp_path: Path) -> None:
    modules = _modules_after(["run", "offers", str(EXAMPLE)], tmp_path)
    assert "stepgraph.stores.sqlite" in modules  # it did run, on the default store
    assert sorted(OTHER_COMMANDS & modules) == []


def test_run_offers_imports_no_module_loaded_on_use(tmp_path: Path) -> None:
    modules = _modules_after(["run", "offers", str(EXAMPLE)], tmp_path)
    assert "stepgraph.runner" in modules  # it did run
    assert sorted(ON_USE & modules) == []


def test_run_offers_imports_no_standard_module_loaded_on_use(tmp_path: Path) -> None:
    modules = _modules_after(["run", "offers", str(EXAMPLE)], tmp_path)
    assert "stepgraph.runner" in modules  # it did run
    assert sorted(STANDARD_ON_USE & modules) == []


def test_a_run_with_log_lines_asked_for_loads_logging(tmp_path: Path) -> None:
    probe = (
        "import os, sys\n"
        "os.environ['STEPGRAPH_LOG'] = 'info'\n"
        "from stepgraph.cli import main\n"
        f"assert main(['run', 'offers', {str(EXAMPLE)!r}]) == 0\n"
        "assert 'logging' in sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True,
                          text=True, check=True)  # fmt: skip
    assert "stepgraph.runner" in done.stderr  # the run's lines were written


def test_a_listened_run_loads_the_event_classes(tmp_path: Path) -> None:
    modules = _modules_after(["run", "offers", str(EXAMPLE), "--json-events"], tmp_path)
    assert "stepgraph.stream" in modules


def test_a_fixture_run_imports_no_provider_adapter(tmp_path: Path) -> None:
    modules = _modules_after(["run", "offers", str(EXAMPLE)], tmp_path)
    assert "stepgraph.offers.fixture" in modules  # it did run, with the fixture adapter
    assert sorted(PROVIDER_MODULES & modules) == []


def test_a_provider_reference_imports_its_adapter_alone() -> None:
    probe = (
        "import json, sys\n"
        "from stepgraph.adapters.providers import provider_adapter\n"
        "made = provider_adapter('ollama:llama3.2')\n"
        "print(json.dumps([type(made).__module__, sorted(sys.modules)]))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True)  # fmt: skip
    module, modules = json.loads(done.stdout)
    assert module == "stepgraph.adapters.openai_compat"
    assert sorted(PROVIDER_MODULES & set(modules)) == [
        "stepgraph.adapters._common", "stepgraph.adapters.openai_compat",
    ]  # fmt: skip


def test_each_adapter_choice_names_its_adapter_class() -> None:
    import importlib

    from stepgraph.adapters.choices import is_instance
    from stepgraph.adapters.providers import provider_adapter

    refs = {"openai": "openai:m", "ollama": "ollama:m", "anthropic": "anthropic:m",
            "openai-compatible": "openai-compatible:m", "local": "local"}  # fmt: skip
    assert set(refs) == set(ADAPTER_CLASSES)
    for provider, ref in refs.items():
        module, name = ADAPTER_CLASSES[provider]
        made = provider_adapter(ref, base_url="http://127.0.0.1:9/v1" if "compat" in ref else None)
        assert type(made) is getattr(importlib.import_module(module), name), provider
        assert is_instance(made, provider)
        assert not is_instance(object(), provider)


def test_an_unknown_command_still_lists_every_command(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "stepgraph", "nosuch"], cwd=tmp_path,
                          capture_output=True, text=True, check=False)  # fmt: skip
    assert done.returncode == 2
    listed = done.stderr.split("choose from", 1)[1]
    assert all(name in listed for name in ("run", "approve", "worker", "migrate", "mcp"))


def test_each_command_group_lists_exactly_the_commands_it_adds() -> None:
    import argparse
    import importlib

    from stepgraph import cli

    added: list[str] = []

    def command(name: str, handler: object, text: str) -> argparse.ArgumentParser:
        added.append(name)
        return argparse.ArgumentParser(add_help=False)

    for module, function, names in cli.COMMAND_SETS:
        added.clear()
        getattr(importlib.import_module(module), function)(command)
        assert tuple(added) == names, (module, function)


def test_an_abbreviated_global_option_is_not_taken_for_the_command(tmp_path: Path) -> None:
    store = f"sqlite:{tmp_path / 'runs.db'}"
    argv = ["--rev", "run", "--sto", store, "status", "nosuch"]  # --reveal NAME=run
    done = subprocess.run([sys.executable, "-m", "stepgraph", *argv], cwd=tmp_path,
                          capture_output=True, text=True, check=False)  # fmt: skip
    assert "invalid choice" not in done.stderr
    assert "policy" in done.stderr  # parsed: the reveal was checked against the policy


def test_the_tool_names_still_load_from_their_packages() -> None:
    probe = (
        "import sys\n"
        "import stepgraph.tools as tools\n"
        "assert 'stepgraph.tools.tool' not in sys.modules\n"
        "from stepgraph.tools import Tool, ToolPolicy, ToolRefusal, tool, call_digest\n"
        "from stepgraph.tools.tool import Tool as Defined\n"
        "assert Tool is Defined and sorted(tools.__all__) == tools.__all__\n"
        "assert all(getattr(tools, name) is not None for name in tools.__all__)\n"
        "import stepgraph.adapters as adapters\n"
        "assert 'stepgraph.adapters.tool_rounds' not in sys.modules\n"
        "from stepgraph.adapters import ToolCall, ToolRound, ToolSpec\n"
        "from stepgraph.adapters.tool_rounds import ToolCall as Defined\n"
        "assert ToolCall is Defined and all(getattr(adapters, n) for n in adapters.__all__)\n"
        "import stepgraph.stores as stores\n"
        "assert 'stepgraph.stores.summaries' not in sys.modules\n"
        "from stepgraph import RunSummary\n"
        "from stepgraph.stores import DeadLetter\n"
        "from stepgraph.stores.summaries import RunSummary as Listed\n"
        "assert RunSummary is Listed and all(getattr(stores, n) for n in stores.__all__)\n"
        "assert 'stepgraph.node_retry' not in sys.modules\n"
        "from stepgraph import NodeRetry\n"
        "from stepgraph.retry import NodeRetry as Again\n"
        "assert NodeRetry is Again and NodeRetry.__module__ == 'stepgraph.node_retry'\n"
        "from stepgraph import Stranded\n"
        "from stepgraph.migrations import Stranded as Listed\n"
        "assert Stranded is Listed and Stranded.__module__ == 'stepgraph.stranded_runs'\n"
        "from stepgraph.claims import ClaimProblem\n"
        "from stepgraph.claims.kinds import ClaimProblem as Problem\n"
        "assert ClaimProblem is Problem\n"
    )
    subprocess.run([sys.executable, "-c", probe], check=True)
