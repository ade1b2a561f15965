"""How the harness retries a failed generation: one policy, owned by the harness.

Provider SDK clients are built with their own retries off, so attempts never
multiply. A retryable ``ProviderError`` is tried again after an exponential backoff
with full jitter, or after the provider's ``retry_after`` when it gave one. When the
wait would exceed ``max_wait`` or the attempts are spent, the harness stops with
``RetryLater`` (the reason and the earliest time to try again) instead of leaving a
process asleep for minutes.

Across resumes the pause grows: each ``@retry_later`` stop records how many provider
stops in a row the run has had (``stops``). From the second on, ``not_before`` is at
least ``later_delay`` doubled per stop (up to ``later_max_delay``); after
``later_stops`` of them the run stops in ``failed`` (an ``@failed`` event step) and
waits for a person. A node that calls the model without a timeout of its own gets
``model_deadline`` seconds for all its model calls, retries included.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from typing import TYPE_CHECKING

from .errors import InputError
from .lazy import lazy_names
from .records import dataclass, field

if TYPE_CHECKING:
    # re-exported for type checkers (the name loads on first use, below)
    from .node_retry import NodeRetry as NodeRetry  # noqa: PLC0414


def uniform() -> float:
    """``random.random()``: a jitter in [0, 1); ``random`` loads on the first retry only."""
    from random import random

    return random()


@dataclass(frozen=True, kw_only=True)
class RetryPolicy:
    """``attempts`` per generation; ``budget`` model calls per harness call; delays in s.

    ``later_*`` govern stops across resumes; ``model_deadline`` bounds the model calls
    of a node that has no timeout.

    ``budget`` (None: no limit) bounds every attempt of every generation that one
    ``run``/``resume`` call makes, so a run with many nodes cannot spend without end;
    when it is spent the call stops with ``RetryLater`` and a later resume goes on.
    """

    attempts: int = 3
    budget: int | None = None
    base_delay: float = 0.5
    max_delay: float = 8.0
    max_wait: float = 30.0
    later_delay: float = 30.0
    later_max_delay: float = 3600.0
    later_stops: int = 8
    model_deadline: float = 300.0
    sleep: Callable[[float], None] = field(default=time.sleep, compare=False, repr=False)
    jitter: Callable[[], float] = field(default=uniform, compare=False, repr=False)

    def __post_init__(self) -> None:
        _check_attempts(self.attempts)
        if self.budget is not None and (
            isinstance(self.budget, bool) or not isinstance(self.budget, int) or self.budget < 1
        ):
            raise InputError("retry.budget", f"must be a positive integer, not {self.budget!r}")
        if (
            isinstance(self.later_stops, bool)
            or not isinstance(self.later_stops, int)
            or (self.later_stops < 1)
        ):
            raise InputError("retry.later_stops", f"must be a positive integer, not "
                             f"{self.later_stops!r}")  # fmt: skip
        if not isinstance(self.model_deadline, int | float) or not self.model_deadline > 0:
            raise InputError("retry.model_deadline", f"must be a number > 0, not "
                             f"{self.model_deadline!r}")  # fmt: skip
        _check_seconds(self, ("base_delay", "max_delay", "max_wait", "later_delay",
                              "later_max_delay"))  # fmt: skip

    def delay(self, attempt: int, retry_after: float | None) -> float:
        """The wait before attempt ``attempt + 1``: the provider's ask, else backoff."""
        if retry_after is not None:
            return max(0.0, float(retry_after))
        return backoff(self.base_delay, self.max_delay, attempt, self.jitter)

    def later(self, stops: int) -> float | None:
        """The least pause before the ``stops``-th stop in a row may resume; None: give up."""
        if stops > self.later_stops:
            return None
        if stops <= 1:
            return 0.0  # the first stop keeps the wait the provider or the backoff chose
        return float(min(self.later_max_delay, self.later_delay * 2 ** (stops - 2)))


def _check_attempts(attempts: object) -> None:
    if isinstance(attempts, bool) or not isinstance(attempts, int):
        raise InputError("retry.attempts", f"must be an integer, not {attempts!r}")
    if attempts < 1:
        raise InputError("retry.attempts", f"must be at least 1, not {attempts}")


def _check_seconds(policy: object, names: tuple[str, ...]) -> None:
    for name in names:
        value = getattr(policy, name)
        if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
            raise InputError(f"retry.{name}", f"must be a number >= 0, not {value!r}")


def backoff(base: float, ceiling: float, attempt: int, jitter: Callable[[], float]) -> float:
    """Exponential backoff with full jitter: up to ``base * 2**(attempt-1)``, capped."""
    return float(min(ceiling, base * 2 ** (attempt - 1)) * jitter())


DEFAULT_RETRY = RetryPolicy()


class Budget:
    """The model calls one harness call may still make (shared by its nodes)."""

    def __init__(self, policy: RetryPolicy | None) -> None:
        self.limit = policy.budget if policy is not None else None
        self.spent = 0

    def take(self) -> bool:
        """Count one attempt; False when the budget was already spent."""
        if self.limit is not None and self.spent >= self.limit:
            return False
        self.spent += 1
        return True


def later_than(seconds: float) -> str:
    """The UTC time ``seconds`` from now, in the format of ``checkpoint.now``."""
    moment = datetime.now(timezone.utc) + timedelta(seconds=seconds)
    return moment.isoformat(timespec="milliseconds")


__getattr__ = lazy_names(__name__, {"NodeRetry": ".node_retry"})
"""NodeRetry loads on first use: only a graph whose nodes retry makes one."""
