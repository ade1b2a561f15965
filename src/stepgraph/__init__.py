"""stepgraph: LLM-assisted processes as explicit, durable, verifiable graph workflows."""

# The names load on first use (PEP 562): `import stepgraph` and the command line start
# without importing every feature (issue 17: cold start). Type checkers see the imports.
import sys
from importlib import import_module
from typing import TYPE_CHECKING, Any

from .errors import (
    ActionRefused,
    AdapterError,
    AlreadyDecided,
    CheckpointCorrupt,
    CheckpointError,
    DigestMismatch,
    EdgeError,
    EffectUnknown,
    FingerprintMismatch,
    GraphError,
    InputError,
    MigrationFailed,
    NodeError,
    NodeTimeout,
    NoSuchStore,
    NotAllowed,
    NotCancellable,
    NotWaiting,
    PrivateDataLocked,
    ProviderError,
    ResumeRefused,
    RetryLater,
    RunBusy,
    RunCancelled,
    RunFailed,
    RunForgotten,
    RunNotFound,
    StateError,
    StepgraphError,
    StoreError,
    StoreUnavailable,
    StrandedRun,
    ToolFailed,
    ToolLimitExceeded,
    ToolTimeout,
    VersionConflict,
)

if TYPE_CHECKING:
    from .adapters import Adapter, FunctionAdapter, Request, Result
    from .aio import adecide, aiter_resume, aiter_run, aresume, arun, asupply
    from .cancel import cancel
    from .checkpoint import Checkpoint, HistoryEntry, Parts
    from .context import Context
    from .data_keys import forget, rekey
    from .events import decide, reconcile, supply
    from .graph import END, Branch, Graph, Node, Update
    from .migrations import Migration, Stranded, migrate, stranded
    from .policy import Policy
    from .retry import NodeRetry, RetryPolicy
    from .runner import RunResult, iter_resume, iter_run, resume, run
    from .schema import Reducer, append
    from .sealing import Encryption, Keyring
    from .stores import RunSummary, Store, open_store
    from .stream import StepEvent
    from .tools import Tool, ToolPolicy, ToolRefusal, tool
    from .waits import Wait

__version__ = "0.1.0"

# Log records go nowhere unless the application configures logging (docs/observability.md):
# the package logger gets its NullHandler here when logging is loaded already, else from the
# first stepgraph module that logs (logs.logger), so a plain run never imports logging.
if "logging" in sys.modules:
    from .logs import logger as _logger

    _logger(__name__)

# Where each lazily loaded public name lives.
_HOMES: dict[str, str] = {
    "Adapter": "adapters",
    "FunctionAdapter": "adapters",
    "Request": "adapters",
    "Result": "adapters",
    "adecide": "aio",
    "aiter_resume": "aio",
    "aiter_run": "aio",
    "aresume": "aio",
    "arun": "aio",
    "asupply": "aio",
    "cancel": "cancel",
    "Checkpoint": "checkpoint",
    "HistoryEntry": "checkpoint",
    "Parts": "checkpoint",
    "Context": "context",
    "forget": "data_keys",
    "rekey": "data_keys",
    "decide": "events",
    "reconcile": "events",
    "supply": "events",
    "Branch": "graph",
    "END": "graph",
    "Graph": "graph",
    "Node": "graph",
    "Update": "graph",
    "Migration": "migrations",
    "Stranded": "migrations",
    "migrate": "migrations",
    "stranded": "migrations",
    "Policy": "policy",
    "NodeRetry": "retry",
    "RetryPolicy": "retry",
    "RunResult": "runner",
    "iter_resume": "runner",
    "iter_run": "runner",
    "resume": "runner",
    "run": "runner",
    "Reducer": "schema",
    "append": "schema",
    "Encryption": "sealing",
    "Keyring": "sealing",
    "RunSummary": "stores",
    "Store": "stores",
    "open_store": "stores",
    "StepEvent": "stream",
    "Tool": "tools",
    "ToolPolicy": "tools",
    "ToolRefusal": "tools",
    "tool": "tools",
    "Wait": "waits",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:  # a submodule, as when this file imported them all (stepgraph.runner)
        if name.startswith("_"):
            raise AttributeError(f"module 'stepgraph' has no attribute {name!r}")
        try:
            return import_module(f".{name}", __name__)
        except ModuleNotFoundError as error:
            if error.name != f"{__name__}.{name}":
                raise
            raise AttributeError(f"module 'stepgraph' has no attribute {name!r}") from None
    value = getattr(import_module(f".{home}", __name__), name)
    globals()[name] = value  # once: later reads skip this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__all__ = [
    "END",
    "ActionRefused",
    "Adapter",
    "AdapterError",
    "AlreadyDecided",
    "Branch",
    "Checkpoint",
    "CheckpointCorrupt",
    "CheckpointError",
    "Context",
    "DigestMismatch",
    "EdgeError",
    "EffectUnknown",
    "Encryption",
    "FingerprintMismatch",
    "FunctionAdapter",
    "Graph",
    "GraphError",
    "HistoryEntry",
    "InputError",
    "Keyring",
    "Migration",
    "MigrationFailed",
    "NoSuchStore",
    "Node",
    "NodeError",
    "NodeRetry",
    "NodeTimeout",
    "NotAllowed",
    "NotCancellable",
    "NotWaiting",
    "Parts",
    "Policy",
    "PrivateDataLocked",
    "ProviderError",
    "Reducer",
    "Request",
    "Result",
    "ResumeRefused",
    "RetryLater",
    "RetryPolicy",
    "RunBusy",
    "RunCancelled",
    "RunFailed",
    "RunForgotten",
    "RunNotFound",
    "RunResult",
    "RunSummary",
    "StateError",
    "StepEvent",
    "StepgraphError",
    "Store",
    "StoreError",
    "StoreUnavailable",
    "Stranded",
    "StrandedRun",
    "Tool",
    "ToolFailed",
    "ToolLimitExceeded",
    "ToolPolicy",
    "ToolRefusal",
    "ToolTimeout",
    "Update",
    "VersionConflict",
    "Wait",
    "adecide",
    "aiter_resume",
    "aiter_run",
    "append",
    "aresume",
    "arun",
    "asupply",
    "cancel",
    "decide",
    "forget",
    "iter_resume",
    "iter_run",
    "migrate",
    "open_store",
    "reconcile",
    "rekey",
    "resume",
    "run",
    "stranded",
    "supply",
    "tool",
]
