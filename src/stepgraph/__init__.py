"""stepgraph: LLM-assisted processes as explicit, durable, verifiable graph workflows."""

import logging

from .adapters import Adapter, FunctionAdapter, Request, Result
from .aio import adecide, aiter_resume, aiter_run, aresume, arun, asupply
from .cancel import cancel
from .checkpoint import Checkpoint, HistoryEntry, Parts
from .context import Context
from .data_keys import forget, rekey
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

# Log records go nowhere unless the application configures logging (docs/observability.md).
logging.getLogger(__name__).addHandler(logging.NullHandler())

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
