"""Rotating and dropping the keys of encrypted runs: ``rekey`` and ``forget``.

``rekey`` re-wraps each run key under the current master key: one atomic replace of
the run's key record, compared against the record it read, so a crash leaves every run
readable under its old or its new master key, and a second ``rekey`` finishes the job.

``forget`` erases a run's private data by crypto-shredding: it records an
``@forgotten`` step (who, when), then replaces the key record by a tombstone without
the run key. The sealed values stay where they are and can never be opened again; the
checksum chain, computed over the sealed form, still verifies, and the history (node
names, statuses, times, who did what, every value that was not private) stays
readable, private values reading ``[forgotten]``. A forgotten run never runs again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from .checkpoint import EVENT, Checkpoint, now
from .errors import InputError, RunNotFound, VersionConflict
from .graph import END
from .listing import stamp_before
from .runner import CANCELLED, save_event
from .sealing import FORGOTTEN_STEP, Keyring, forgotten, unwrap, wrap
from .stores import Store, check_run_id
from .stores._testhooks import reach

ATTEMPTS = 5  # replacing a record another writer changed meanwhile: read it again


@runtime_checkable
class KeyedStore(Protocol):
    """A store that keeps key records (SQLite, PostgreSQL, file; not ``memory:``)."""

    def run_key(self, run_id: str) -> dict[str, Any] | None: ...

    def replace_run_key(self, run_id: str, old: dict[str, Any], new: dict[str, Any]) -> bool: ...

    def keyed_run_ids(self) -> list[str]: ...


@dataclass(frozen=True, kw_only=True)
class Rekeyed:
    """What ``rekey`` did: runs re-wrapped, and runs left as they were (with why)."""

    rewrapped: list[str]
    left: dict[str, str]


def _keyed(store: Store) -> KeyedStore:
    if not isinstance(store, KeyedStore):
        raise InputError("store", f"{store.url} keeps no encrypted runs (memory: never does)")
    return store


def rekey(store: Store, keys: Keyring, run_ids: Sequence[str] | None = None) -> Rekeyed:
    """Re-wrap the run keys of ``run_ids`` (every keyed run when None, queued ones too)
    under ``keys.current``.

    ``keys`` must also hold (or provide) the master keys the runs are wrapped under now;
    a run whose key is missing raises ``PrivateDataLocked`` and the runs before it stay
    re-wrapped (run the command again with the missing key).
    """
    slots = _keyed(store)
    ids = list(run_ids) if run_ids is not None else slots.keyed_run_ids()
    done: list[str] = []
    left: dict[str, str] = {}
    for run_id in map(check_run_id, ids):
        for _ in range(ATTEMPTS):
            record = slots.run_key(run_id)
            if record is None:
                left[run_id] = "stored in clear (or no such run)"
            elif forgotten(record):
                left[run_id] = "forgotten"
            elif record.get("kid") == keys.current:
                left[run_id] = "already under the current key"
            else:
                new = {**record, **wrap(keys, run_id, unwrap(keys, run_id, record))}
                if not slots.replace_run_key(run_id, record, new):
                    continue  # forgotten or re-wrapped meanwhile: look again
                done.append(run_id)
                reach("key-replaced")
            break
    return Rekeyed(rewrapped=done, left=left)


def forget(store: Store, run_id: str, *, by: str) -> Checkpoint:
    """Erase the private data of ``run_id`` as ``by``; return the run as it now stands.

    The store must be opened with the run's key (the ``@forgotten`` step is saved like
    any step). Forgetting a forgotten run again returns it unchanged. A run stored in
    clear is refused (``InputError``): delete it instead (``stepgraph purge``).
    """
    if not isinstance(by, str) or not by.strip():
        raise InputError("--by", "must name who forgets the run")
    slots = _keyed(store)
    check_run_id(run_id)
    for _ in range(ATTEMPTS):
        record = slots.run_key(run_id)
        current = store.load(run_id)
        if current is None:
            raise RunNotFound(store.url, run_id)
        if record is None:
            raise InputError(
                "run_id", f"run {run_id!r} was stored without encryption: nothing to shred; "
                "delete it with stepgraph purge",
            )  # fmt: skip
        if forgotten(record):
            return current
        if current.step != FORGOTTEN_STEP:  # a crash may have left the step without the drop
            event = {"action": "forget", "by": by, "at": now()}
            try:
                current = save_event(store, current, FORGOTTEN_STEP, current.status,
                                     {EVENT: event})  # fmt: skip
            except VersionConflict:
                continue
        found = current.update.get(EVENT)
        event = found if isinstance(found, dict) else {"by": by, "at": now()}
        tombstone = {"forgotten": {"by": event.get("by"), "at": event.get("at")},
                     "origin": record.get("origin"), "private": record.get("private")}  # fmt: skip
        if slots.replace_run_key(run_id, record, tombstone):
            return current
    raise VersionConflict(run_id, None, None)


def forget_older(
    store: Store, *, older_than: float, by: str = "retention", dry_run: bool = False
) -> list[str]:
    """Forget every encrypted run that finished (or was cancelled) more than
    ``older_than`` seconds ago; return their ids (with ``dry_run``: who would go)."""
    if older_than < 0:
        raise InputError("--forget-after", "must not be negative")
    slots = _keyed(store)
    before = stamp_before(older_than)
    due = []
    for row in store.list_runs():
        if row.updated_at > before or (row.next != END and row.status != CANCELLED):
            continue
        record = slots.run_key(row.run_id)
        if record is not None and not forgotten(record):
            due.append(row.run_id)
    if not dry_run:
        for run_id in due:
            forget(store, run_id, by=by)
    return due


__all__ = ["KeyedStore", "Rekeyed", "forget", "forget_older", "rekey"]
