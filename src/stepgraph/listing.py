"""Listing runs a page at a time, newest first, filtered; the same on every store.

A page is ordered by the time of each run's last step (a queued run not started yet:
its submission), newest first, then by run id. ``after`` is the cursor printed with a
page (``TIME/RUN_ID`` of its last row): the next page starts below it, so a page never
shifts when new runs arrive. On a store with a queue (PostgreSQL) each row also has its
queue state, holder, the queue's reason, priority, claims and takeovers, the filters run
in SQL,
and a dead-lettered run's status is ``dead``.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta, timezone
from typing import Any

from .errors import InputError
from .queue_admin import STATES
from .stores import RunQueue, RunSummary, Store, queue_of

DEFAULT_LIMIT = 50
MAX_LIMIT = 1000
_AGE = re.compile(r"^(\d+(?:\.\d+)?)([smhdw])$")
_UNIT = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}


def parse_age(text: str, field: str) -> float:
    """Seconds in an age such as ``90s``, ``15m``, ``12h``, ``30d`` or ``2w``."""
    found = _AGE.match(text.strip()) if isinstance(text, str) else None
    if found is None:
        raise InputError(field, f"must be a number and a unit s, m, h, d or w (30d), not {text!r}")
    return float(found.group(1)) * _UNIT[found.group(2)]


def stamp_before(seconds: float) -> str:
    """The step-time text of ``seconds`` ago (comparable as text with stored times)."""
    moment = datetime.now(timezone.utc) - timedelta(seconds=seconds)
    return moment.isoformat(timespec="milliseconds")


@dataclass(frozen=True, kw_only=True)
class Query:
    """Which runs to list: every filter is optional; ``limit`` rows after ``after``."""

    status: str | None = None
    queue_state: str | None = None
    graph: str | None = None
    older_than: float | None = None
    newer_than: float | None = None
    limit: int = DEFAULT_LIMIT
    after: str | None = None

    def cursor(self) -> tuple[str, str] | None:
        """``after`` split into (time, run id); ``InputError`` when it is not a cursor."""
        if self.after is None:
            return None
        at, slash, run_id = self.after.rpartition("/")
        if not slash or not at or not run_id:
            raise InputError("--after", f"must be a cursor printed by runs (TIME/RUN_ID), "
                             f"not {self.after!r}")  # fmt: skip
        return at, run_id


@dataclass(frozen=True, kw_only=True)
class Row:
    """One listed run; the queue fields are None on a store without a queue."""

    run_id: str
    graph: str
    status: str | None  # None: submitted, no step saved yet
    next: str  # "" before the first step
    version: int  # 0 before the first step
    updated_at: str
    queue_state: str | None = None
    holder: str | None = None
    queue_reason: str | None = None
    priority: int | None = None
    attempts: int | None = None
    takeovers: int | None = None
    not_before: str | None = None

    def cursor(self) -> str:
        return f"{self.updated_at}/{self.run_id}"

    def as_json(self) -> dict[str, Any]:
        """The fields a run has everywhere (``status --json`` names), and the queue's
        fields only for a run in a queue."""
        data = asdict(self)
        if self.queue_state is None:
            for name in _QUEUE_FIELDS:
                del data[name]
        return data


_QUEUE_FIELDS = ("queue_state", "holder", "queue_reason", "priority", "attempts", "takeovers",
                 "not_before")  # fmt: skip


@dataclass(frozen=True, kw_only=True)
class Page:
    """The rows of a page and the cursor of the next one (None on the last page)."""

    rows: list[Row]
    next_cursor: str | None


def check_query(query: Query, store: Store) -> None:
    """Refuse a query the store cannot answer, naming the option."""
    if isinstance(query.limit, bool) or not 1 <= query.limit <= MAX_LIMIT:
        raise InputError("--limit", f"must be 1 to {MAX_LIMIT}, not {query.limit!r}")
    if query.queue_state is not None:
        if queue_of(store) is None:
            raise InputError("--queue-state", "needs a store with a queue (postgresql://)")
        if query.queue_state not in STATES:
            raise InputError("--queue-state", f"must be one of {', '.join(STATES)}")
    query.cursor()


def page(store: Store, query: Query) -> Page:
    """The runs ``query`` selects, newest first, at most ``query.limit`` of them."""
    check_query(query, store)
    queue = queue_of(store)
    rows = _queue_rows(queue, query) if queue is not None else _store_rows(store, query)
    more = len(rows) > query.limit
    rows = rows[: query.limit]
    return Page(rows=rows, next_cursor=rows[-1].cursor() if more and rows else None)


def _store_rows(store: Store, query: Query) -> list[Row]:
    older = stamp_before(query.older_than) if query.older_than is not None else None
    newer = stamp_before(query.newer_than) if query.newer_than is not None else None
    cursor = query.cursor()
    found: list[Row] = []
    for run in store.list_runs(status=query.status):
        if query.graph is not None and run.graph != query.graph:
            continue
        if (older is not None and run.updated_at > older) or (
            newer is not None and run.updated_at < newer
        ):
            continue
        if cursor is not None and (run.updated_at, run.run_id) >= cursor:
            continue
        found.append(_plain(run))
        if len(found) > query.limit:
            break
    return found


def _plain(run: RunSummary) -> Row:
    return Row(run_id=run.run_id, graph=run.graph, status=run.status, next=run.next,
               version=run.version, updated_at=run.updated_at)  # fmt: skip


# Every run: those with steps, and those only submitted (no runs row yet). The status of
# a dead-lettered run is "dead" unless it failed or was cancelled (its own final word, as
# in ``statuses``); step times are ISO text in UTC, so text order is time.
VIEW = (
    "SELECT COALESCE(r.run_id, q.run_id) AS run_id, COALESCE(r.graph, q.graph_ref) AS graph, "
    "CASE WHEN q.state = 'dead' AND (r.status IS NULL OR r.status NOT IN ('failed', "
    "'cancelled')) THEN 'dead' ELSE r.status END AS status, COALESCE(r.next, '') AS next, "
    "COALESCE(r.version, 0) AS version, "
    "COALESCE(r.updated_at, to_char(q.submitted_at AT TIME ZONE 'UTC', "
    '\'YYYY-MM-DD"T"HH24:MI:SS.MS"+00:00"\')) AS updated_at, q.state AS queue_state, '
    "q.lease_owner, q.reason, q.priority, q.attempts, q.takeovers, "
    "to_char(q.not_before AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') AS not_before "
    "FROM runs r FULL OUTER JOIN run_queue q ON q.run_id = r.run_id"
)
FILTERS = (
    "(%(status)s::text IS NULL OR status = %(status)s) "
    "AND (%(queue_state)s::text IS NULL OR queue_state = %(queue_state)s) "
    "AND (%(graph)s::text IS NULL OR graph = %(graph)s) "
    "AND (%(older)s::text IS NULL OR updated_at <= %(older)s) "
    "AND (%(newer)s::text IS NULL OR updated_at >= %(newer)s)"
)
_PAGE = (
    f"SELECT * FROM ({VIEW}) v WHERE {FILTERS} "
    "AND (%(after_at)s::text IS NULL OR (updated_at, run_id) < (%(after_at)s, %(after_id)s)) "
    "ORDER BY updated_at DESC, run_id DESC LIMIT %(limit)s"
)


def filter_params(query: Query) -> dict[str, Any]:
    """The bound parameters of ``FILTERS`` for ``query``."""
    return {
        "status": query.status,
        "queue_state": query.queue_state,
        "graph": query.graph,
        "older": stamp_before(query.older_than) if query.older_than is not None else None,
        "newer": stamp_before(query.newer_than) if query.newer_than is not None else None,
    }


def _queue_rows(queue: RunQueue, query: Query) -> list[Row]:
    at, run_id = query.cursor() or (None, None)
    params = {**filter_params(query), "after_at": at, "after_id": run_id,
              "limit": query.limit + 1}  # fmt: skip
    with queue.connection("list runs") as conn:
        rows = conn.execute(_PAGE, params).fetchall()
    return [_queue_row(r) for r in rows]


def _queue_row(r: Any) -> Row:
    return Row(run_id=r[0], graph=r[1], status=r[2], next=r[3], version=r[4], updated_at=r[5],
               queue_state=r[6], holder=r[7], queue_reason=r[8], priority=r[9], attempts=r[10],
               takeovers=r[11], not_before=r[12])  # fmt: skip


def status_counts(store: Store) -> dict[str, int]:
    """How many runs stand in each status (every store)."""
    from .statuses import list_runs

    counts: dict[str, int] = {}
    for run in list_runs(store):
        counts[run.status] = counts.get(run.status, 0) + 1
    return dict(sorted(counts.items()))


__all__ = ["Page", "Query", "Row", "page", "parse_age", "status_counts"]
