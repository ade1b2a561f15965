"""What the SQLite, PostgreSQL and file stores share to keep private values encrypted.

A run's key record (its wrapped run key and its private-field declaration) is stored
beside the run, outside the checksum chain, so ``rekey`` can re-wrap it and ``forget``
can drop it without touching a step. A store calls ``for_storage`` before it seals and
writes a checkpoint, and ``unsealing`` when the stored text holds a sealed value.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any

from ..checkpoint import Checkpoint, HistoryEntry, Unseal, opened
from ..errors import CheckpointCorrupt, PrivateDataLocked, RunForgotten
from ..sealing import (
    INPUTS_PLACE,
    SEALED,
    Encryption,
    Opener,
    Sealer,
    escape_key,
    forgotten,
    new_run_key,
    step_place,
    unwrap,
)

MARK = f'{{"{SEALED}":"'
"""Stored (compact) JSON holding a sealed value holds this text: a fast test before any
parse, which a string ``"@sealed"`` in a run's own data does not pass."""


def is_sealed(texts: Iterable[str | bytes]) -> bool:
    """True when a stored text holds a sealed value (so the run's key record is needed)."""
    return any(MARK in (t.decode("utf-8", "replace") if isinstance(t, bytes) else t)
               for t in texts)  # fmt: skip


def unsealing(
    run_id: str,
    record: Mapping[str, Any] | None,
    encryption: Encryption | None,
    opened: bool = True,
) -> tuple[Unseal, str | None]:
    """What opens a sealed run's values, and its first inputs' digest if it was forgotten.

    ``PrivateDataLocked`` when the run holds sealed values and no key opens them. With
    ``opened`` False the values are not opened (a listing): they read ``[forgotten]``.
    """
    if record is None:
        raise PrivateDataLocked(run_id, "it holds sealed values but its key record is missing")
    if forgotten(record) or not opened:
        return Opener(run_id, None).open, str(record.get("origin", ""))
    run_key = unwrap(encryption.keys if encryption is not None else None, run_id, record)
    return Opener(run_id, run_key).open, None


def for_storage(
    cp: Checkpoint, record: Mapping[str, Any] | None, encryption: Encryption | None
) -> tuple[Checkpoint, dict[str, Any] | None]:
    """``cp`` as it is stored (private values sealed) and the key record a new run needs.

    A run is sealed when it has a key record, or when it starts (version 1) under a
    graph ``encryption`` declares; every other run is stored as it is (the fast path).
    """
    new_record = None
    if record is None:
        private = None if encryption is None else encryption.private.get(cp.parts.graph)
        if private is None or cp.version != 1 or encryption is None:
            return cp, None
        run_key, new_record = new_run_key(encryption.keys, cp.run_id, private, cp.parts.inputs)
        fields: Mapping[str, str] = private.fields
    elif forgotten(record):
        event = record.get("forgotten")
        found = event if isinstance(event, dict) else {}
        raise RunForgotten(cp.run_id, str(found.get("by", "?")), str(found.get("at", "?")))
    else:
        run_key = unwrap(encryption.keys if encryption is not None else None, cp.run_id, record)
        declared = record.get("private")
        fields = declared if isinstance(declared, dict) else {}
    sealer = Sealer.for_state(cp.run_id, run_key, fields, cp.state, cp.update)
    stored = copy.copy(cp)  # dataclasses.replace would run __init__ checks again
    if cp.version == 1:
        object.__setattr__(stored, "inputs", sealer.seal(cp.inputs, INPUTS_PLACE))
    object.__setattr__(stored, "update", sealer.seal(cp.update, step_place(cp.version)))
    object.__setattr__(stored, "texts", {})
    return stored, new_record


def as_saved(original: Checkpoint, stored: Checkpoint, sealed: Checkpoint) -> Checkpoint:
    """What a save returns: ``sealed`` itself for a clear run; for a sealed one the
    caller's values with the stored chain's sum."""
    if stored is original:
        return sealed
    saved = copy.copy(original)
    object.__setattr__(saved, "sum", sealed.sum)
    return saved


def opened_history(
    run_id: str,
    entries: list[HistoryEntry],
    record: Mapping[str, Any] | None,
    encryption: Encryption | None,
) -> list[HistoryEntry]:
    """``entries`` with their sealed values opened (or read as forgotten)."""
    unseal, _ = unsealing(run_id, record, encryption)
    return [opened(entry, unseal) for entry in entries]


def key_record(run_id: str, data: Any) -> dict[str, Any]:
    """A stored key record, checked to be an object (``CheckpointCorrupt`` otherwise)."""
    if not isinstance(data, dict):
        raise CheckpointCorrupt(run_id, "its key record must be an object")
    return data


JOURNALED = ("output", "result", "arguments", "tool_calls", "outcome")
"""The fields of a journal record that may hold what a model, a tool or an effect
returned or was given."""


def journal_record(
    run_id: str,
    slot: str,
    record: dict[str, Any],
    key_record: Mapping[str, Any] | None,
    encryption: Encryption | None,
) -> dict[str, Any]:
    """``record`` as the journal stores it: for a run with a key, its outputs, results and
    arguments sealed whole (place ``journal/SLOT/FIELD``)."""
    if key_record is None or forgotten(key_record) or not any(f in record for f in JOURNALED):
        return record
    run_key = unwrap(encryption.keys if encryption is not None else None, run_id, key_record)
    sealer = Sealer.for_state(run_id, run_key, {}, {})
    return {name: sealer.whole(value, f"journal/{escape_key(slot)}/{name}")
            if name in JOURNALED else value for name, value in record.items()}  # fmt: skip


def opened_journal(
    run_id: str,
    journal: dict[str, dict[str, Any]],
    key_record: Mapping[str, Any] | None,
    encryption: Encryption | None,
) -> dict[str, dict[str, Any]]:
    """``journal`` (slot -> record) with its sealed fields opened (or read as forgotten)."""
    unseal, _ = unsealing(run_id, key_record, encryption)
    return {slot: {name: unseal(value, f"journal/{escape_key(slot)}/{name}")
                   if name in JOURNALED else value for name, value in record.items()}
            for slot, record in journal.items()}  # fmt: skip
