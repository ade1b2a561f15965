"""The checkpoint record, canonical JSON and the fingerprint.

This module is the only codec of stored records and the only validator of loaded
ones: every store turns rows or files into a ``Checkpoint`` through ``from_record``,
so a damaged or hand-edited record fails here with ``CheckpointCorrupt`` and a reason,
never deeper inside with a traceback.

Storage is inputs once, a small head (where the run stands, what it is bound to) and
one history entry per completed step holding only that step's update. The state is
rebuilt by merging the updates over the inputs, so nothing is stored twice and the
stored bytes grow with what nodes return, not with state size times steps.

A step is a completed node, or an *event* the harness recorded between nodes (its name
starts with ``@``: a retry-later stop, a decision, supplied data). Update keys that start
with ``@`` are the step's metadata, never state: ``@wait`` (the run waits after this
step: for a retry time, a decision or data), ``@inputs`` (input keys this step replaced;
the fingerprint's inputs part follows) and ``@event`` (who did what, when). All of it is
inside the checksum chain.
"""

from __future__ import annotations

import contextlib
import json
import math
import time
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta, timezone
from typing import TYPE_CHECKING, Any

from .digests import hmac_sha256, sha256
from .errors import CheckpointCorrupt, InputError
from .jsontext import SURROGATE, check_text
from .records import dataclass, field, replace

if TYPE_CHECKING:
    from .packing import Form
    from .vocabulary import Vocabulary

FORMAT = 3
"""The record format written by this version: 2 packs step bodies (``packing.py``); 3 lets
a store deflate them, the inputs and the journal against a dictionary it holds
(``vocabulary.py``; SQLite does). A run keeps the format it started in: format 1 (bodies
as they are) and format 2 runs are read as they are and stay in their format."""
FORMATS = (1, 2, 3)

_COMPACT = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, allow_nan=False)
_CANONICAL = json.JSONEncoder(
    sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
)


def json_copy(value: Any, path: str = "inputs") -> Any:
    """A private deep copy of ``value`` as plain JSON data, exactly as it will be stored.

    Tuples become lists and non-string keys become strings, as in any JSON encoder.
    Anything else that is not JSON (NaN, infinities, sets, objects) raises
    ``InputError`` naming the path of the first offending value.
    """
    return json_encode(value, path)[0]


def json_encode(value: Any, path: str = "inputs") -> tuple[Any, str]:
    """``json_copy`` and the compact text it was decoded from (stores reuse the text)."""
    try:
        text = _COMPACT.encode(value)
        if SURROGATE.search(text):
            check_text(value, path)  # raises naming where
        return json.loads(text), text
    except (TypeError, ValueError, RecursionError):
        with contextlib.suppress(RecursionError):
            _locate(value, path)
        raise InputError(path, "cannot be encoded as JSON (too deep or circular)") from None


def _locate(value: Any, path: str) -> None:
    """Raise ``InputError`` at the first value inside ``value`` that is not JSON."""
    if value is None or isinstance(value, str | bool | int):
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            raise InputError(path, f"must be a finite number, not {value!r}")
        return
    if isinstance(value, list | tuple):
        for index, item in enumerate(value):
            _locate(item, f"{path}[{index}]")
        return
    if isinstance(value, Mapping):
        for key, item in value.items():
            if not isinstance(key, str | int | float | bool) and key is not None:
                raise InputError(path, f"keys must be strings, not {key!r}")
            _locate(item, f"{path}.{key}")
        return
    raise InputError(path, f"must be JSON data, not {type(value).__name__}")


def canonical_json(value: Any) -> str:
    """Canonical text of JSON data: sorted keys, no spaces, UTF-8 kept."""
    return _CANONICAL.encode(value)


def digest(text: str) -> str:
    """The hex SHA-256 of ``text``."""
    return sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True, kw_only=True)
class Parts:
    """What a run is bound to. A resume with any part different is refused."""

    graph: str
    shape: str
    revision: int
    adapter: str
    inputs: str  # SHA-256 of the canonical inputs

    def fingerprint(self) -> str:
        """The SHA-256 binding all parts together (computed once: the parts are frozen)."""
        found: str | None = self.__dict__.get("_fingerprint")
        if found is None:
            found = digest(canonical_json(self.as_dict()))
            object.__setattr__(self, "_fingerprint", found)
        return found

    def as_dict(self) -> dict[str, Any]:
        return {
            "graph": self.graph,
            "shape": self.shape,
            "revision": self.revision,
            "adapter": self.adapter,
            "inputs": self.inputs,
        }

    def first_difference(self, other: Parts) -> str | None:
        """The name of the first part that differs from ``other`` (graph first)."""
        mine, theirs = self.as_dict(), other.as_dict()
        for name in ("graph", "shape", "revision", "adapter", "inputs"):
            if mine[name] != theirs[name]:
                return name
        return None


@dataclass(frozen=True, kw_only=True)
class Checkpoint:
    """One saved version of a run, as it stood after a completed node.

    ``state`` is the full state (inputs overlaid with ``values``); ``update`` is what
    the last node returned, the step recorded in the history.
    """

    run_id: str
    parts: Parts
    fingerprint: str
    inputs: dict[str, Any]
    values: dict[str, Any]
    next: str
    status: str
    trace: tuple[str, ...]
    update: dict[str, Any]
    version: int
    created_at: str
    updated_at: str
    format: int = FORMAT
    step: str = ""  # the step this version records when it is an event ("@...")
    sum: str = ""  # the checksum chain up to this version ("" before the first save)
    # Compact JSON of ``inputs`` / ``update`` when the harness already has it; stores
    # read it through inputs_json() / update_json() instead of encoding again.
    texts: dict[str, str] = field(default_factory=dict, compare=False, repr=False)
    # What the node declared that its update repeats of the state before (format 2 leaves
    # it out of the stored step: ``packing.py``); never stored itself.
    packs: tuple[Form, ...] = field(default=(), compare=False, repr=False)
    # What its graph's records repeat, for a store that deflates them (format 3,
    # ``vocabulary.py``); None: the library's words alone. Never stored itself.
    vocabulary: Vocabulary | None = field(default=None, compare=False, repr=False)

    def inputs_json(self) -> str:
        """Compact JSON of the inputs."""
        return self.texts.get("inputs") or dumps(self.inputs)

    def update_json(self) -> str:
        """Compact JSON of the last step's update."""
        return self.texts.get("update") or dumps(self.update)

    @property
    def state(self) -> dict[str, Any]:
        """The state a node would see (shared, do not mutate)."""
        return {**self.inputs, **self.values}

    @property
    def node(self) -> str:
        """The step this version records: a node's name, or an event's ``@`` name."""
        return self.step or self.trace[-1]

    @property
    def wait(self) -> dict[str, Any] | None:
        """What the run waits for after this version (``@wait``), or None."""
        found = self.update.get(WAIT)
        return found if isinstance(found, dict) else None


WAIT = "@wait"
"""Update key: what the run waits for after this step (kind, reason, ...)."""
INPUTS = "@inputs"
"""Update key: input keys this step replaced (an authorised data update)."""
EVENT = "@event"
"""Update key: who recorded an event step, and what they gave."""
RESERVED = frozenset((WAIT, INPUTS, EVENT))


def state_part(update: Mapping[str, Any]) -> dict[str, Any]:
    """The keys of a step's update that are state (everything not starting with ``@``)."""
    return {key: value for key, value in update.items() if not key.startswith("@")}


@dataclass(frozen=True, kw_only=True)
class HistoryEntry:
    """One step of a run: the node that completed and the update it returned."""

    version: int
    node: str
    update: dict[str, Any]
    next: str
    status: str
    at: str
    sum: str


def now() -> str:
    """The current UTC time as ISO 8601 with milliseconds."""
    millis = time.time_ns() // 1_000_000
    stamp = (EPOCH + millis * _MILLI).isoformat(timespec="milliseconds")
    if len(_STAMPS) >= 256:
        _STAMPS.clear()
    _STAMPS[stamp] = millis
    return stamp


def millis_of(stamp: str) -> int | None:
    """The milliseconds since 1970 of a recent ``now()`` (stores that keep times as
    numbers read them here instead of parsing the text), else None."""
    return _STAMPS.get(stamp)


EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
_MILLI = timedelta(milliseconds=1)
_STAMPS: dict[str, int] = {}  # the last stamps now() made, with their milliseconds


def head_record(cp: Checkpoint) -> dict[str, Any]:
    """Where the run stands and what it is bound to: everything but inputs and steps."""
    return {
        "format": cp.format,
        "run_id": cp.run_id,
        "parts": cp.parts.as_dict(),
        "fingerprint": cp.fingerprint,
        "next": cp.next,
        "status": cp.status,
        "version": cp.version,
        "created_at": cp.created_at,
        "updated_at": cp.updated_at,
    }


def step_record(cp: Checkpoint) -> dict[str, Any]:
    """The history entry that ``cp`` adds: its node, the update, and where it led."""
    return {
        "version": cp.version,
        "node": cp.node,
        "update": cp.update,
        "next": cp.next,
        "status": cp.status,
        "at": cp.updated_at,
        "sum": cp.sum,
    }


def step_json(cp: Checkpoint, body: str | None = None) -> str:
    """``step_record(cp)`` as compact JSON with ``body`` (default: the update's text)."""
    meta = step_record(cp)
    del meta["update"]
    return f'{dumps(meta)[:-1]},"update":{body or cp.update_json()}}}'


def dumps(data: Any) -> str:
    """Compact JSON for storage (data already checked by ``json_copy``)."""
    return _COMPACT.encode(data)


def dumps_added(text: str, key: str, value: Any) -> str:
    """``dumps({**data, key: value})`` from ``text``, the ``dumps`` of ``data``, an object
    without ``key``: the new key is appended, nothing of ``data`` is encoded again."""
    return f"{text[:-1]}{',' if text != '{}' else ''}{dumps(key)}:{dumps(value)}}}"


def parse(text: str | bytes, run_id: str | None, what: str) -> Any:
    """Decode stored JSON, mapping any damage to ``CheckpointCorrupt``."""
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as error:
        raise CheckpointCorrupt(run_id, f"{what} is not valid JSON ({error})") from error


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def stored_version(head: Any, run_id: str) -> int:
    """The version field of a stored head, for a compare-and-swap."""
    return _Reader(head, run_id).integer("version")


def _genesis(run_id: str, fingerprint: str, created_at: str, fmt: int) -> str:
    """Where a run's checksum chain starts. From format 3 it names the format: formats 2
    and 3 hold the same texts in a store that does not deflate, so a run relabelled with
    the other one would load the same; its chain refuses it instead."""
    start = f"stepgraph-1\n{run_id}\n{fingerprint}\n{created_at}"
    return start if fmt < 3 else f"{start}\nformat {fmt}"


def _link(
    previous: str, step: HistoryEntry | Checkpoint, update_text: str, key: bytes | None
) -> str:
    """The next link of a run's checksum chain: covers the step and everything before it."""
    if isinstance(step, Checkpoint):
        version, node, status, at = step.version, step.node, step.status, step.updated_at
    else:
        version, node, status, at = step.version, step.node, step.status, step.at
    message = f"{previous}\n{version}\n{node}\n{step.next}\n{status}\n{at}\n{update_text}"
    data = message.encode("utf-8")
    if key is None:
        return "sha256:" + sha256(data).hexdigest()
    return "hmac-sha256:" + hmac_sha256(key, data)  # only signed stores load hmac


def seal(cp: Checkpoint, key: bytes | None) -> Checkpoint:
    """``cp`` with its checksum chain extended by its own step (what stores save).

    ``cp.sum`` must be the previous version's sum ("" for version 1). With ``key``
    the chain is an HMAC: without the key nobody can forge a record that verifies.
    """
    previous = cp.sum or _genesis(cp.run_id, cp.fingerprint, cp.created_at, cp.format)
    # A copy of the fields as they are: dataclasses.replace re-runs __init__ and
    # copy.copy goes through __reduce_ex__, both several times slower on the hot path.
    sealed = object.__new__(type(cp))
    sealed.__dict__.update(cp.__dict__, sum=_link(previous, cp, cp.update_json(), key))
    return sealed


Unseal = Callable[[Any, str], Any]
"""Opens the sealed values of stored data at a place ("inputs", "step/3"): sealing.py."""


def from_records(
    head: Any,
    inputs: Any,
    steps: list[Any],
    *,
    run_id: str,
    key: bytes | None = None,
    unseal: Unseal | None = None,
    origin: str | None = None,
) -> Checkpoint:
    """Validate a stored head, its inputs and its steps, and rebuild the ``Checkpoint``.

    The state is the inputs with every step's update merged in order. Raises
    ``CheckpointCorrupt`` naming the first problem: a missing field, a wrong type, an
    unknown format, a gap in the steps, or inputs that do not match the fingerprint.

    ``unseal`` opens encrypted private values; the checksum chain is verified over the
    stored (sealed) form. ``origin`` is given for a forgotten run, whose private values
    are gone: the digest the run's first inputs had, in place of the inputs' checks.
    """
    rec = _Reader(head, run_id)
    rec.only(_HEAD_FIELDS)
    fmt = rec.integer("format")
    if fmt not in FORMATS:
        known = ", ".join(map(str, FORMATS[:-1])) + f" and {FORMATS[-1]}"
        raise CheckpointCorrupt(run_id, f"unknown format {fmt} (this version reads {known})")
    found_id = rec.text("run_id")
    if found_id != run_id:
        raise CheckpointCorrupt(run_id, f"the record belongs to run {found_id!r}")
    parts_rec = _Reader(rec.mapping("parts"), run_id, "parts.")
    parts_rec.only(_PARTS_FIELDS)
    parts = Parts(
        graph=parts_rec.text("graph"),
        shape=parts_rec.text("shape"),
        revision=parts_rec.integer("revision"),
        adapter=parts_rec.text("adapter"),
        inputs=parts_rec.text("inputs"),
    )
    fingerprint = rec.text("fingerprint")
    if fingerprint != parts.fingerprint():
        raise CheckpointCorrupt(run_id, "the fingerprint does not match its parts")
    if not isinstance(inputs, dict):
        raise CheckpointCorrupt(run_id, "inputs must be an object")
    version = rec.integer("version")
    if version < 1:
        raise CheckpointCorrupt(run_id, f"version must be at least 1, not {version}")
    stored = history_of(steps, inputs, fmt, run_id)
    entries = stored if unseal is None else [opened(entry, unseal) for entry in stored]
    if unseal is not None:
        inputs = unseal(inputs, "inputs")
    if [entry.version for entry in entries] != list(range(1, version + 1)):
        raise CheckpointCorrupt(run_id, f"the history does not hold steps 1 to {version}")
    last = entries[-1]
    next_node, status = rec.text("next"), rec.text("status")
    if (last.next, last.status) != (next_node, status):
        raise CheckpointCorrupt(run_id, "the last step does not match the current record")
    created_at, updated_at = rec.text("created_at"), rec.text("updated_at")
    if updated_at != last.at:
        raise CheckpointCorrupt(run_id, "updated_at does not match the last step")
    values: dict[str, Any] = {}
    current = inputs
    for entry in entries:
        values.update(_checked_step(entry, run_id))
        replaced = entry.update.get(INPUTS)
        if replaced:
            current = {**current, **replaced}
    if origin is None:
        origin = digest(canonical_json(inputs))
        if current is inputs:
            if origin != parts.inputs:
                raise CheckpointCorrupt(run_id, "the inputs do not match the stored fingerprint")
        elif digest(canonical_json(current)) != parts.inputs:
            raise CheckpointCorrupt(run_id, "the updated inputs do not match the fingerprint")
    # The head is bound to the current inputs, revision and shape; the chain's genesis
    # to the ones the run started with (data supplied, the run migrated since).
    first = Parts(**{**_first_parts(parts, entries, run_id), "inputs": origin}).fingerprint()
    chain = _verify_chain(run_id, _genesis(run_id, first, created_at, fmt), stored, key)
    return Checkpoint(
        run_id=found_id,
        parts=parts,
        fingerprint=fingerprint,
        inputs=current,
        values=values,
        next=next_node,
        status=status,
        trace=tuple(entry.node for entry in entries if not entry.node.startswith("@")),
        update=last.update,
        version=version,
        created_at=created_at,
        updated_at=updated_at,
        format=fmt,
        step=last.node if last.node.startswith("@") else "",
        sum=chain,
    )


MIGRATED = "@migrated"
"""The event step that moved a run to another revision (``migrations.py``)."""


def _first_parts(parts: Parts, entries: list[HistoryEntry], run_id: str) -> dict[str, Any]:
    """The parts the run started with: the head's, before any ``@migrated`` step.

    Each migration records the revision and shape it left and reached; the head must
    carry the last one reached (an edited head fails here or in the chain).
    """
    moves = [_move(entry, run_id) for entry in entries if entry.node == MIGRATED]
    if not moves:
        return parts.as_dict()
    if moves[-1][1] != {"revision": parts.revision, "shape": parts.shape}:
        raise CheckpointCorrupt(run_id, "the revision does not match the last migration")
    return {**parts.as_dict(), **moves[0][0]}


def _move(entry: HistoryEntry, run_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
    event = _Reader(entry.update.get(EVENT), run_id, f"step {entry.version}'s @event")
    ends = []
    for side in ("from", "to"):
        end = _Reader(event.mapping(side), run_id, f"step {entry.version}'s @event.{side}.")
        ends.append({"revision": end.integer("revision"), "shape": end.text("shape")})
    return ends[0], ends[1]


def _checked_step(entry: HistoryEntry, run_id: str) -> dict[str, Any]:
    """The state part of a step's update; its ``@`` metadata must be known objects."""
    update = entry.update
    if not any(key.startswith("@") for key in update):
        return update
    for key, value in update.items():
        if key.startswith("@"):
            if key not in RESERVED:
                raise CheckpointCorrupt(run_id, f"step {entry.version} has unknown key {key}")
            if not isinstance(value, dict):
                raise CheckpointCorrupt(run_id, f"step {entry.version}'s {key} must be an object")
    return state_part(update)


def _verify_chain(run_id: str, genesis: str, entries: list[HistoryEntry], key: bytes | None) -> str:
    """Recompute the checksum chain; refuse any step whose stored sum differs."""
    signed = entries[0].sum.startswith("hmac-sha256:")
    if signed and key is None:
        raise CheckpointCorrupt(run_id, "the run is signed: set the signing key to read it")
    if not signed and key is not None:
        raise CheckpointCorrupt(run_id, "the run is not signed with the signing key")
    link = genesis
    for entry in entries:
        link = _link(link, entry, dumps(entry.update), key)
        if entry.sum != link:
            what = "signature" if key is not None else "checksum"
            raise CheckpointCorrupt(
                run_id, f"step {entry.version}'s {what} does not match: the record was "
                "damaged or edited" + (", or signed with another key" if key else ""),
            )  # fmt: skip
    return link


def opened(entry: HistoryEntry, unseal: Unseal) -> HistoryEntry:
    """``entry`` with the sealed values of its update opened (bound to its version)."""
    update = unseal(entry.update, f"step/{entry.version}")
    return replace(entry, update=update) if update != entry.update else entry


def history_of(steps: list[Any], inputs: Any, fmt: int, run_id: str) -> list[HistoryEntry]:
    """Validate a run's stored steps, in order; a format-2 run's bodies are unpacked
    against the state before each step (``inputs``: the run's first, as stored)."""
    entries = [history_from_record(step, run_id) for step in steps]
    if fmt < 2:
        return entries
    from .packing import unpack  # checkpoint <- waits <- packing: imported at first use

    current = inputs if isinstance(inputs, dict) else {}
    values: dict[str, Any] = {}

    def prior(key: str) -> Any:
        return values[key] if key in values else current[key]

    unpacked = []
    for entry in entries:
        update = unpack(entry.update, entry.node, entry.status, prior, run_id)
        if not isinstance(update, dict):
            raise CheckpointCorrupt(run_id, f"step {entry.version}'s update must be an object")
        unpacked.append(entry if update is entry.update else
                        replace(entry, update=update))  # fmt: skip
        values.update(state_part(update))
        replaced = update.get(INPUTS)
        if isinstance(replaced, dict) and replaced:
            current = {**current, **replaced}
    return unpacked


def step_body(cp: Checkpoint, *, refs: bool = True) -> str:
    """The stored text of ``cp``'s update: packed in format 2 (``packing.py``) with what
    its node declared that the update repeats (``cp.packs``), as it is in format 1.
    ``refs`` False (a sealed run: its stored state is not the one the saver holds)
    packs nothing that refers to the state."""
    text = cp.update_json()
    if cp.format < 2:
        return text
    from .packing import pack  # checkpoint <- waits <- packing: imported at first use

    if not (refs and cp.packs and not cp.step and INPUTS not in cp.update):
        return pack(cp.update, text, cp.node, cp.status, None)
    update, inputs, values = cp.update, cp.inputs, cp.values

    def prior(key: str) -> Any:  # the state before the step, at the keys it leaves alone
        if key in update:
            raise KeyError(key)
        return values[key] if key in values else inputs[key]

    return pack(update, text, cp.node, cp.status, prior, forms=cp.packs)


def plain_body(cp: Checkpoint) -> str:
    """The stored text of ``cp``'s update with nothing left out, in its format (a store
    that keeps no bytes, the memory store, spends nothing on packing)."""
    text = cp.update_json()
    if cp.format < 2:
        return text
    from .packing import whole

    return whole(text)


def history_from_record(data: Any, run_id: str) -> HistoryEntry:
    """Validate one stored history entry."""
    rec = _Reader(data, run_id, "step.")
    rec.only(_STEP_FIELDS)
    return HistoryEntry(
        version=rec.integer("version"),
        node=rec.text("node"),
        update=rec.mapping("update"),
        next=rec.text("next"),
        status=rec.text("status"),
        at=rec.text("at"),
        sum=rec.text("sum"),
    )


_HEAD_FIELDS = frozenset(
    ("format", "run_id", "parts", "fingerprint", "next", "status", "version", "created_at",
     "updated_at")
)  # fmt: skip
_PARTS_FIELDS = frozenset(("graph", "shape", "revision", "adapter", "inputs"))
_STEP_FIELDS = frozenset(("version", "node", "update", "next", "status", "at", "sum"))


class _Reader:
    """Typed field access on a stored object; every failure is ``CheckpointCorrupt``."""

    def __init__(self, data: Any, run_id: str | None, prefix: str = "") -> None:
        if not isinstance(data, dict):
            raise CheckpointCorrupt(run_id, f"{prefix or 'record'} must be an object")
        self.data = data
        self.run_id = run_id
        self.prefix = prefix

    def only(self, allowed: frozenset[str]) -> None:
        """Refuse fields this format does not have (an edit, or a newer writer)."""
        unknown = sorted(set(self.data) - allowed)
        if unknown:
            raise CheckpointCorrupt(self.run_id, f"unknown field {self.prefix}{unknown[0]}")

    def _get(self, key: str) -> Any:
        if key not in self.data:
            raise CheckpointCorrupt(self.run_id, f"field {self.prefix}{key} is missing")
        return self.data[key]

    def _wrong(self, key: str, kind: str) -> CheckpointCorrupt:
        return CheckpointCorrupt(self.run_id, f"field {self.prefix}{key} must be {kind}")

    def text(self, key: str) -> str:
        value = self._get(key)
        if not isinstance(value, str) or not value:
            raise self._wrong(key, "a non-empty string")
        return value

    def integer(self, key: str) -> int:
        value = self._get(key)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._wrong(key, "an integer")
        return value

    def mapping(self, key: str) -> dict[str, Any]:
        value = self._get(key)
        if not isinstance(value, dict):
            raise self._wrong(key, "an object")
        return value
