"""``NodeRetry``: run a node again when it raises (``Node(retry=NodeRetry(...))``).
Importable from ``stepgraph`` and ``stepgraph.retry``, where it loads on first use."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .errors import InputError
from .retry import _check_attempts, _check_seconds, backoff


@dataclass(frozen=True, kw_only=True)
class NodeRetry:
    """Run a node again when it raises one of ``on`` (``Node(retry=NodeRetry(...))``).

    At most ``attempts`` calls of the node per run/resume call, with an exponential
    backoff (full jitter) between them. Each failed call that is retried is journaled
    (``<step>:<node>:retry:<n>`` in the generation journal, with the error and the
    delay) and announced as a ``RetryScheduled`` event. The last failure is raised as
    ``NodeError`` like any other, and the run stays resumable at the node. Errors of the
    harness itself (a store failure, ``RetryLater``, a lost effect outcome) are never
    retried here. ``on`` defaults to
    ``OSError`` (connection resets, timeouts of the node's own I/O).
    """

    attempts: int = 3
    on: tuple[type[Exception], ...] = (OSError,)
    base_delay: float = 0.5
    max_delay: float = 8.0
    sleep: Callable[[float], None] = field(default=time.sleep, compare=False, repr=False)
    jitter: Callable[[], float] = field(default=random.random, compare=False, repr=False)

    def __post_init__(self) -> None:
        _check_attempts(self.attempts)
        if not isinstance(self.on, tuple) or not all(
            isinstance(kind, type) and issubclass(kind, Exception) for kind in self.on
        ):
            raise InputError("retry.on", "must be a tuple of exception classes")
        _check_seconds(self, ("base_delay", "max_delay"))

    def covers(self, error: Exception) -> bool:
        """True when ``error`` is one this policy retries."""
        return isinstance(error, self.on)

    def delay(self, attempt: int) -> float:
        """The wait after failed call number ``attempt``."""
        return backoff(self.base_delay, self.max_delay, attempt, self.jitter)
