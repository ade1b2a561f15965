"""The review page's background work: a run carried on after a person acted.

A web request records the person's action and returns; carrying the run on (a model
call, a provider's retry pauses, publishing) happens here, in a thread of its own per
run, so no request waits on a model. The page shows a job while it runs (and refreshes
itself) and its outcome afterwards. A store with a queue hands the run back to its
workers instead (``registry.continue_run``), which ends the job at once.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .errors import RetryLater, StepgraphError
from .registry import continue_run
from .runner import RunResult
from .stores import Store


@dataclass
class Job:
    """One carry-on of one run: what started it, since when, and how it ended."""

    what: str
    started: float = field(default_factory=time.monotonic)
    outcome: str | None = None  # None while it runs
    failed: bool = False

    @property
    def running(self) -> bool:
        return self.outcome is None

    def seconds(self) -> int:
        return int(time.monotonic() - self.started)


class Jobs:
    """At most one job per run; each runs in a daemon thread with its own store."""

    def __init__(self, open_store: Callable[[], Store]) -> None:
        self._open = open_store
        self._lock = threading.Lock()
        self._jobs: dict[str, Job] = {}

    def get(self, run_id: str) -> Job | None:
        with self._lock:
            return self._jobs.get(run_id)

    def busy(self, run_id: str) -> bool:
        """True while a job carries ``run_id`` on."""
        job = self.get(run_id)
        return job is not None and job.running

    def carry_on(self, run_id: str, what: str, *, early: bool = False) -> bool:
        """Start carrying ``run_id`` on in the background; False if a job already runs."""
        with self._lock:
            current = self._jobs.get(run_id)
            if current is not None and current.running:
                return False
            job = self._jobs[run_id] = Job(what)
        thread = threading.Thread(target=self._work, args=(run_id, job, early), daemon=True,
                                  name=f"review-{run_id}")  # fmt: skip
        thread.start()
        return True

    def _work(self, run_id: str, job: Job, early: bool) -> None:
        try:
            with self._open() as store:
                outcome = continue_run(store, run_id, early=early)
            job.outcome = _told(outcome)
        except RetryLater as later:
            job.outcome = f"the provider failed for now; try again after {later.not_before}"
        except StepgraphError as error:
            job.failed = True
            job.outcome = f"the run could not go on: {error}"
        except Exception as error:  # a bug in a node or adapter: show it, keep serving
            job.failed = True
            job.outcome = f"the run failed unexpectedly: {type(error).__name__}: {error}"


def _told(outcome: RunResult | str) -> str:
    if isinstance(outcome, str):
        return outcome
    return f"the run went on: now {outcome.status}"
