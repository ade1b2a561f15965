"""stepgraph: LLM-assisted processes as explicit, durable, verifiable graph workflows."""

from .adapters import Adapter, FunctionAdapter, Request, Result
from .cancel import cancel
from .checkpoint import Checkpoint, HistoryEntry, Parts
from .context import Context
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
    NodeError,
    NodeTimeout,
    NoSuchStore,
    NotAllowed,
    NotCancellable,
    NotWaiting,
    ProviderError,
    ResumeRefused,
    RetryLater,
    RunBusy,
    RunCancelled,
    RunFailed,
    RunNotFound,
    StepgraphError,
    StoreError,
    StoreUnavailable,
    VersionConflict,
)
from .events import decide, reconcile, supply
from .graph import END, Branch, Graph, Node
from .policy import Policy
from .retry import RetryPolicy
from .runner import RunResult, resume, run
from .stores import RunSummary, Store, open_store
from .waits import Wait

__version__ = "0.1.0"

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
    "FingerprintMismatch",
    "FunctionAdapter",
    "Graph",
    "GraphError",
    "HistoryEntry",
    "InputError",
    "NoSuchStore",
    "Node",
    "NodeError",
    "NodeTimeout",
    "NotAllowed",
    "NotCancellable",
    "NotWaiting",
    "Parts",
    "Policy",
    "ProviderError",
    "Request",
    "Result",
    "ResumeRefused",
    "RetryLater",
    "RetryPolicy",
    "RunBusy",
    "RunCancelled",
    "RunFailed",
    "RunNotFound",
    "RunResult",
    "RunSummary",
    "StepgraphError",
    "Store",
    "StoreError",
    "StoreUnavailable",
    "VersionConflict",
    "Wait",
    "cancel",
    "decide",
    "open_store",
    "reconcile",
    "resume",
    "run",
    "supply",
]
