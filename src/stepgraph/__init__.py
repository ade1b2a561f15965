"""stepgraph: LLM-assisted processes as explicit, durable, verifiable graph workflows."""

from .adapters import Adapter, FunctionAdapter, Request, Result
from .checkpoint import Checkpoint, HistoryEntry, Parts
from .context import Context
from .errors import (
    AdapterError,
    CheckpointCorrupt,
    CheckpointError,
    EdgeError,
    FingerprintMismatch,
    GraphError,
    InputError,
    NodeError,
    NodeTimeout,
    ProviderError,
    ResumeRefused,
    RetryLater,
    RunBusy,
    RunNotFound,
    StepgraphError,
    StoreError,
    VersionConflict,
)
from .graph import END, Branch, Graph, Node
from .retry import RetryPolicy
from .runner import RunResult, resume, run
from .stores import RunSummary, Store, open_store

__version__ = "0.1.0"

__all__ = [
    "END",
    "Adapter",
    "AdapterError",
    "Branch",
    "Checkpoint",
    "CheckpointCorrupt",
    "CheckpointError",
    "Context",
    "EdgeError",
    "FingerprintMismatch",
    "FunctionAdapter",
    "Graph",
    "GraphError",
    "HistoryEntry",
    "InputError",
    "Node",
    "NodeError",
    "NodeTimeout",
    "Parts",
    "ProviderError",
    "Request",
    "Result",
    "ResumeRefused",
    "RetryLater",
    "RetryPolicy",
    "RunBusy",
    "RunNotFound",
    "RunResult",
    "RunSummary",
    "StepgraphError",
    "Store",
    "StoreError",
    "VersionConflict",
    "open_store",
    "resume",
    "run",
]
