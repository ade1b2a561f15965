"""Per-adapter rate limits shared by every worker, held in the PostgreSQL database.

A limit names an adapter (its id, or the id's part before ``@``: ``openai:gpt-4o``) and
caps ``calls`` per ``per_seconds`` window and/or ``concurrent`` calls in flight. Every
worker wraps its adapters in ``LimitedAdapter``, which before each model call:

* takes a concurrency slot: one of ``concurrent`` session advisory locks, held on the
  thread's own connection for the call, so a worker that dies frees its slot at once;
* takes a grant: in one transaction that locks the limit's row, counts the grants of
  the last window and records a new one only if fewer than ``calls`` were made, so no
  window of ``per_seconds`` ever holds more than ``calls`` grants, whatever the number
  of workers. Otherwise it sleeps until the oldest grant leaves the window.

Limits are read from the table at most every ``refresh`` seconds: a change made with
``stepgraph limit`` reaches running workers within moments.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from .adapters import Adapter, Request
from .errors import InputError, StoreError

_SPEC = re.compile(r"^(?P<id>[^=\s]+)=(?:(?P<calls>\d+)/(?P<unit>s|m|h))?(?:,(?P<conc>\d+))?$")
_UNITS = {"s": 1.0, "m": 60.0, "h": 3600.0}
GRANTS_KEPT = 60.0  # seconds of grants kept beyond the window (for inspection)

_UPSERT = (
    "INSERT INTO adapter_limits (adapter_id, calls, per_seconds, concurrent) "
    "VALUES (%s, %s, %s, %s) ON CONFLICT (adapter_id) DO UPDATE SET calls = excluded.calls, "
    "per_seconds = excluded.per_seconds, concurrent = excluded.concurrent, updated_at = now()"
)
_CLEAR = "DELETE FROM adapter_limits WHERE adapter_id = %s"
_ALL = "SELECT adapter_id, calls, per_seconds, concurrent FROM adapter_limits ORDER BY adapter_id"
_LOCK_ROW = "SELECT calls, per_seconds FROM adapter_limits WHERE adapter_id = %s FOR UPDATE"
_WINDOW = (
    "SELECT count(*), EXTRACT(EPOCH FROM min(at) + make_interval(secs => %s) - "
    "clock_timestamp())::float FROM adapter_grants "
    "WHERE adapter_id = %s AND at > clock_timestamp() - make_interval(secs => %s)"
)
_GRANT = "INSERT INTO adapter_grants (adapter_id, at) VALUES (%s, clock_timestamp())"
_PRUNE = (
    "DELETE FROM adapter_grants WHERE adapter_id = %s "
    "AND at < clock_timestamp() - make_interval(secs => %s)"
)
_SLOT = "SELECT pg_try_advisory_lock(hashtext(current_schema() || '/limit/' || %s), %s)"
_FREE = "SELECT pg_advisory_unlock(hashtext(current_schema() || '/limit/' || %s), %s)"


@dataclass(frozen=True, kw_only=True)
class Limit:
    """At most ``calls`` per ``per_seconds`` and ``concurrent`` at once (None: no cap)."""

    adapter_id: str
    calls: int | None = None
    per_seconds: float | None = None
    concurrent: int | None = None

    def __post_init__(self) -> None:
        if not self.adapter_id or len(self.adapter_id) > 500:
            raise InputError("--rate-limit", "the adapter id must be 1 to 500 characters")
        if (self.calls is None) != (self.per_seconds is None):
            raise InputError("--rate", "give calls and a window together (5/s)")
        if self.calls is not None and (self.calls < 1 or (self.per_seconds or 0) <= 0):
            raise InputError("--rate", "must be at least 1 call per a positive window")
        if self.concurrent is not None and self.concurrent < 1:
            raise InputError("--concurrent", "must be at least 1")
        if self.calls is None and self.concurrent is None:
            raise InputError("--rate-limit", "give a rate (5/s), a concurrency (,2) or both")

    def describe(self) -> str:
        rate = f"{self.calls} per {self.per_seconds:g} s" if self.calls else "no rate cap"
        conc = f"{self.concurrent} at once" if self.concurrent else "no concurrency cap"
        return f"{self.adapter_id}: {rate}, {conc}"


def parse_rate(text: str) -> tuple[int, float]:
    """``5/s`` -> (5, 1.0); units s, m, h."""
    found = re.match(r"^(\d+)/(s|m|h)$", text.strip())
    if found is None:
        raise InputError("--rate", f"must be CALLS/UNIT with unit s, m or h (5/s), not {text!r}")
    return int(found.group(1)), _UNITS[found.group(2)]


def parse_limit(text: str) -> Limit:
    """``ADAPTER=5/s,2`` (a rate and a concurrency), ``ADAPTER=5/s`` or ``ADAPTER=,2``."""
    found = _SPEC.match(text.strip())
    if found is None or not (found.group("calls") or found.group("conc")):
        raise InputError("--rate-limit", f"must be ADAPTER=CALLS/UNIT[,CONCURRENT] or "
                         f"ADAPTER=,CONCURRENT (openai:gpt-4o=5/s,2), not {text!r}")  # fmt: skip
    calls = int(found.group("calls")) if found.group("calls") else None
    per = _UNITS[found.group("unit")] if calls is not None else None
    conc = int(found.group("conc")) if found.group("conc") else None
    return Limit(adapter_id=found.group("id"), calls=calls, per_seconds=per, concurrent=conc)


def set_limit(store: Any, limit: Limit) -> None:
    """Record ``limit`` for every worker of the store (replacing the adapter's limit)."""
    with store.connection("set rate limit") as conn:
        conn.execute(_UPSERT, (limit.adapter_id, limit.calls, limit.per_seconds, limit.concurrent))


def clear_limit(store: Any, adapter_id: str) -> bool:
    """Remove the adapter's limit; False if it had none."""
    with store.connection("clear rate limit") as conn:
        return bool(conn.execute(_CLEAR, (adapter_id,)).rowcount == 1)


def limits(store: Any) -> list[Limit]:
    """Every recorded limit, by adapter id."""
    with store.connection("list rate limits") as conn:
        rows = conn.execute(_ALL).fetchall()
    return [Limit(adapter_id=r[0], calls=r[1], per_seconds=r[2], concurrent=r[3]) for r in rows]


class Limiter:
    """Takes slots and grants for the adapters of one worker process (thread-safe)."""

    def __init__(self, store: Any, *, refresh: float = 2.0, poll: float = 0.02) -> None:
        self.store, self.refresh, self.poll = store, refresh, poll
        self._limits: dict[str, Limit] = {}
        self._loaded = -1e9
        self._lock = threading.Lock()
        self._local = threading.local()

    def wrap(self, adapter: Adapter) -> Adapter:
        """``adapter`` with every call under its limit (the same id: runs are unchanged)."""
        return LimitedAdapter(adapter, self)

    def limit_for(self, adapter_id: str) -> Limit | None:
        with self._lock:
            if time.monotonic() - self._loaded > self.refresh:
                self._limits = {limit.adapter_id: limit for limit in limits(self.store)}
                self._loaded = time.monotonic()
            found = self._limits
        return found.get(adapter_id) or found.get(adapter_id.partition("@")[0])

    @contextmanager
    def call(self, adapter_id: str) -> Iterator[None]:
        """Hold a slot and a grant of the adapter's limit around one model call."""
        limit = self.limit_for(adapter_id)
        if limit is None:
            yield
            return
        with self._slot(limit):
            if limit.calls is not None:
                self._grant(limit)
            yield

    def _conn(self) -> Any:
        import psycopg

        conn = getattr(self._local, "conn", None)
        if conn is None or conn.closed:
            try:
                conn = psycopg.connect(self.store.conninfo, autocommit=True)
                if self.store.schema:
                    conn.execute(f'SET search_path TO "{self.store.schema}"')
            except psycopg.Error as error:
                raise StoreError(self.store.url, f"rate limit: cannot connect: {error}") from error
            self._local.conn = conn
        return conn

    @contextmanager
    def _slot(self, limit: Limit) -> Iterator[None]:
        if limit.concurrent is None:
            yield
            return
        import psycopg

        conn, key = self._conn(), limit.adapter_id
        try:
            slot = None
            while slot is None:
                for number in range(limit.concurrent):
                    if conn.execute(_SLOT, (key, number)).fetchone()[0]:
                        slot = number
                        break
                else:
                    time.sleep(self.poll)
        except psycopg.Error as error:
            conn.close()
            raise StoreError(self.store.url, f"rate limit slot: {error}") from error
        try:
            yield
        finally:
            try:
                conn.execute(_FREE, (key, slot))
            except psycopg.Error:
                conn.close()  # the server frees a closed session's locks

    def _grant(self, limit: Limit) -> None:
        import psycopg

        window = float(limit.per_seconds or 1.0)
        conn = self._conn()
        while True:
            try:
                with conn.transaction():
                    row = conn.execute(_LOCK_ROW, (limit.adapter_id,)).fetchone()
                    if row is None or row[0] is None:  # cleared meanwhile: no rate cap
                        return
                    calls, window = int(row[0]), float(row[1])
                    made, wait = conn.execute(_WINDOW, (window, limit.adapter_id, window)
                                              ).fetchone()  # fmt: skip
                    if made < calls:
                        conn.execute(_GRANT, (limit.adapter_id,))
                        conn.execute(_PRUNE, (limit.adapter_id, window + GRANTS_KEPT))
                        return
            except psycopg.Error as error:
                conn.close()
                raise StoreError(self.store.url, f"rate limit grant: {error}") from error
            time.sleep(min(max(float(wait or 0.0), self.poll), window))


class LimitedAdapter:
    """An adapter whose every ``generate`` waits for its rate limit (see ``Limiter``)."""

    def __init__(self, inner: Adapter, limiter: Limiter) -> None:
        self.inner = inner
        self.id = inner.id
        self.limiter = limiter

    def generate(self, request: Request) -> Any:
        with self.limiter.call(self.id):
            return self.inner.generate(request)


__all__ = ["Limit", "LimitedAdapter", "Limiter", "limits", "parse_limit", "set_limit"]
