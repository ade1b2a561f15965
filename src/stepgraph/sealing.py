"""Private data at rest: envelope encryption of a run's private values (AES-GCM).

Each run with private data gets its own random 32-byte *run key*, stored with the run
*wrapped* (encrypted) under a master key that names itself by a key id; ``rekey``
re-wraps it under another master key, ``forget`` drops it (crypto-shredding). Every
stored value that is private, or holds a private value in its text, is replaced by
``{"@sealed": "<base64 nonce + ciphertext>"}``, encrypted under the run key with the
run id and the value's place as associated data: a ciphertext copied to another run,
step or field fails authentication and is refused, never decrypted into garbage.

The master keys come from the caller (the command line reads ``STEPGRAPH_DATA_KEY``);
the library never reads the environment. ``cryptography`` is imported only when a key
is used (``pip install 'stepgraph[crypto]'``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .checkpoint import EVENT, Checkpoint, canonical_json, now
from .digests import sha256
from .errors import InputError, PrivateDataLocked, RunForgotten
from .privacy import FORGOTTEN, MODES, Private, Redactor
from .records import dataclass, field

FORGOTTEN_STEP = "@forgotten"
"""The event step that erased a run's private data (who, when): always its last step."""
SEALED = "@sealed"
"""The key of a sealed value's object: ``{"@sealed": "<base64>"}``."""
_NONCE = 12
_KEY_BYTES = 32


def _aesgcm(key: bytes) -> Any:
    try:
        from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    except ImportError as error:  # pragma: no cover - the extra is in dev
        raise InputError(
            "data_key", "encryption needs the crypto extra: pip install 'stepgraph[crypto]'"
        ) from error
    return AESGCM(key)


def key_id(key: bytes) -> str:
    """The id a master key gets when none is given: a digest prefix, not the key."""
    return "k" + sha256(b"stepgraph-key-id\n" + key).hexdigest()[:12]


def parse_key(text: str, field_name: str = "STEPGRAPH_DATA_KEY") -> tuple[str, bytes]:
    """``"ID:BASE64"`` or ``"BASE64"`` (32 bytes) -> (key id, key); InputError otherwise."""
    import base64  # only with keys (issue 17, cold start)

    kid, sep, encoded = text.strip().rpartition(":")
    try:
        key = base64.b64decode(encoded, validate=True)
    except ValueError:  # binascii.Error included
        raise InputError(
            field_name, "must be base64 of 32 bytes, optionally ID: before it"
        ) from None
    if len(key) != _KEY_BYTES:
        raise InputError(field_name, f"must decode to 32 bytes, not {len(key)}")
    if sep and not kid:
        raise InputError(field_name, "the key id before ':' must not be empty")
    return (kid if sep else key_id(key)), key


@dataclass(frozen=True)
class Keyring:
    """Master keys by id: ``current`` wraps new run keys; the others only unwrap.

    ``provider`` (optional) is asked for a key id the ring does not hold (a key
    management service); it returns the key's 32 bytes, or None when it does not know it.
    """

    keys: Mapping[str, bytes] = field(repr=False)  # never in a log line or traceback
    current: str
    provider: Callable[[str], bytes | None] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if self.current not in self.keys:
            raise InputError("data_key", f"the current key id {self.current!r} has no key")
        for kid, key in self.keys.items():
            if not isinstance(key, bytes) or len(key) != _KEY_BYTES:
                raise InputError("data_key", f"key {kid!r} must be 32 bytes")

    @classmethod
    def from_texts(cls, current: str, older: Iterable[str] = ()) -> Keyring:
        """A ring from ``STEPGRAPH_DATA_KEY``-style texts: the current key, then old ones."""
        kid, key = parse_key(current)
        keys = {kid: key}
        for text in older:
            old_id, old = parse_key(text, "STEPGRAPH_DATA_KEY_OLD")
            keys.setdefault(old_id, old)
        return cls(keys, kid)

    def key(self, kid: str) -> bytes | None:
        found = self.keys.get(kid)
        if found is None and self.provider is not None:
            found = self.provider(kid)
            if found is not None and (not isinstance(found, bytes) or len(found) != _KEY_BYTES):
                raise InputError("key_provider", f"key {kid!r} must be 32 bytes")
        return found


def new_run_key(
    ring: Keyring, run_id: str, private: Private, origin: str
) -> tuple[bytes, dict[str, Any]]:
    """A fresh run key and its stored record: the key wrapped under the ring's current
    key, the declaration, and ``origin`` (the digest of the run's first inputs, which
    a forgotten run's checksum chain still needs)."""
    run_key = os.urandom(_KEY_BYTES)
    return run_key, {**wrap(ring, run_id, run_key), "private": dict(private.fields),
                     "origin": origin}  # fmt: skip


def wrap(ring: Keyring, run_id: str, run_key: bytes) -> dict[str, Any]:
    """``run_key`` wrapped under the ring's current master key: ``kid``, ``wrapped``, ``at``."""
    nonce = os.urandom(_NONCE)
    aad = f"stepgraph-run-key-1\n{run_id}\n{ring.current}".encode()
    body = _aesgcm(ring.keys[ring.current]).encrypt(nonce, run_key, aad)
    return {"kid": ring.current, "wrapped": _b64(nonce + body), "at": now()}


def unwrap(ring: Keyring | None, run_id: str, record: Mapping[str, Any]) -> bytes:
    """The run key from its record; ``PrivateDataLocked`` without the right master key."""
    kid = str(record.get("kid", ""))
    master = ring.key(kid) if ring is not None else None
    if master is None:
        need = "set STEPGRAPH_DATA_KEY" if ring is None else "give the old key too"
        raise PrivateDataLocked(run_id, f"its run key is wrapped under key {kid!r}: {need}")
    cipher = _aesgcm(master)  # the extra is checked before its exceptions are imported
    from cryptography.exceptions import InvalidTag

    raw = _unb64(run_id, str(record.get("wrapped", "")))
    aad = f"stepgraph-run-key-1\n{run_id}\n{kid}".encode()
    try:
        return bytes(cipher.decrypt(raw[:_NONCE], raw[_NONCE:], aad))
    except InvalidTag:
        raise PrivateDataLocked(
            run_id, f"its run key does not open under key {kid!r} (another key with that id, "
            "or a key record moved from another run)",
        ) from None  # fmt: skip


def forgotten(record: Mapping[str, Any] | None) -> bool:
    """True when ``record`` is the key record of a forgotten run (no key left)."""
    return record is not None and "forgotten" in record


def _b64(data: bytes) -> str:
    import base64  # only when sealing

    return base64.b64encode(data).decode("ascii")


def _unb64(run_id: str, text: str) -> bytes:
    import base64

    try:
        raw = base64.b64decode(text, validate=True)
    except ValueError:  # binascii.Error included
        raw = b""
    if len(raw) <= _NONCE:
        raise PrivateDataLocked(run_id, "a sealed value is not base64 of a nonce and ciphertext")
    return raw


def _aad(run_id: str, where: str) -> bytes:
    return f"stepgraph-sealed-1\n{run_id}\n{where}".encode()


class Sealer:
    """Seals one run's values (the private ones and any text holding one) for storage."""

    def __init__(self, run_id: str, run_key: bytes, guard: Redactor) -> None:
        self.run_id = run_id
        self._cipher = _aesgcm(run_key)
        self._guard = guard

    @classmethod
    def for_state(
        cls, run_id: str, run_key: bytes, fields: Mapping[str, str],
        state: Mapping[str, Any], update: Mapping[str, Any] | None = None,
    ) -> Sealer:  # fmt: skip
        """A sealer for every private value of ``state`` and the note in ``update``."""
        private = Private({path: mode for path, mode in fields.items() if mode in MODES})
        event = (update or {}).get(EVENT)
        note = event.get("note") if isinstance(event, dict) else None
        notes = [note] if isinstance(note, str) and note else []
        return cls(run_id, run_key, private.output_redactor(run_id, state, notes))

    def seal(self, data: Any, where: str) -> Any:
        """``data`` with every leaf that is or holds a private value sealed in place."""
        if isinstance(data, dict):
            return {k: self.seal(v, f"{where}/{escape_key(k)}") for k, v in data.items()}
        if isinstance(data, list):
            return [self.seal(v, f"{where}/{i}") for i, v in enumerate(data)]
        if data is None or isinstance(data, bool) or not isinstance(data, str | int | float):
            return data
        if not self._guard.touches(data):
            return data
        return self.whole(data, where)

    def whole(self, data: Any, where: str) -> dict[str, str]:
        """``data`` (any JSON) sealed as one value at ``where``."""
        nonce = os.urandom(_NONCE)
        plain = canonical_json(data).encode("utf-8")
        body = self._cipher.encrypt(nonce, plain, _aad(self.run_id, where))
        return {SEALED: _b64(nonce + body)}


class Opener:
    """Opens one run's sealed values; with no run key (forgotten) they read ``[forgotten]``."""

    def __init__(self, run_id: str, run_key: bytes | None) -> None:
        self.run_id = run_id
        self._cipher = _aesgcm(run_key) if run_key is not None else None
        self.found = False  # a sealed value was met

    def open(self, data: Any, where: str) -> Any:
        if isinstance(data, dict):
            if len(data) == 1 and SEALED in data:
                return self._one(data[SEALED], where)
            return {k: self.open(v, f"{where}/{escape_key(k)}") for k, v in data.items()}
        if isinstance(data, list):
            return [self.open(v, f"{where}/{i}") for i, v in enumerate(data)]
        return data

    def _one(self, text: Any, where: str) -> Any:
        self.found = True
        if self._cipher is None:
            return FORGOTTEN
        from cryptography.exceptions import InvalidTag

        raw = _unb64(self.run_id, str(text))
        try:
            plain = self._cipher.decrypt(raw[:_NONCE], raw[_NONCE:], _aad(self.run_id, where))
        except InvalidTag:
            raise PrivateDataLocked(
                self.run_id, f"the sealed value at {where} does not authenticate: it was "
                "moved from another run or field, or damaged",
            ) from None  # fmt: skip
        return json.loads(plain)


def escape_key(key: str) -> str:
    """An object key as a segment of a place (``/`` and ``~`` escaped as in JSON Pointer)."""
    return str(key).replace("~", "~0").replace("/", "~1")


def step_place(version: int) -> str:
    """Where a step's update is sealed: bound to the step, not only to the run."""
    return f"step/{version}"


INPUTS_PLACE = "inputs"


@dataclass(frozen=True)
class Encryption:
    """What a store seals private values with: the master keys, and the private-field
    declaration of each graph (by name) whose new runs are encrypted.

    A run is encrypted from its first save when its graph is named here (the runner
    names the graph it starts a run of, ``declare``); it keeps its
    declaration in its key record, so later steps (decisions, supplied data) are sealed
    without the graph. Runs of graphs not named here are stored as they are.
    """

    keys: Keyring
    private: dict[str, Private] = field(default_factory=dict)

    @classmethod
    def for_graphs(cls, keys: Keyring, graphs: Iterable[object]) -> Encryption:
        """Encryption for the graphs given (those without private fields are skipped)."""
        found = {}
        for graph in graphs:
            private = getattr(graph, "private", None)
            if isinstance(private, Private):
                found[str(getattr(graph, "name", ""))] = private
        return cls(keys, found)


def declare(store: object, graph: object) -> None:
    """Name ``graph`` to the store's encryption, if it has one and the graph has private
    fields, so the runs the runner starts of it are encrypted."""
    encryption = getattr(store, "encryption", None)
    private = getattr(graph, "private", None)
    if isinstance(encryption, Encryption) and isinstance(private, Private):
        encryption.private.setdefault(str(getattr(graph, "name", "")), private)


def forgotten_error(current: Checkpoint) -> RunForgotten:
    """The refusal to continue ``current``, a forgotten run (its ``@forgotten`` step)."""
    found = current.update.get(EVENT)
    event = found if isinstance(found, dict) else {}
    return RunForgotten(current.run_id, str(event.get("by", "?")), str(event.get("at", "?")))


def keyed(store: object, graph: object) -> bool:
    """True when ``store`` encrypts the runs of ``graph`` (it has private fields)."""
    encryption = getattr(store, "encryption", None)
    private = getattr(graph, "private", None)
    return isinstance(encryption, Encryption) and isinstance(private, Private)


def ensure_run_key(store: object, graph: object, run_id: str, origin: str) -> None:
    """Give a new run of a private graph its key record before its first model or tool
    call is journaled (a store without encryption, or a graph without private fields:
    nothing). The record an earlier attempt (or ``submit``) made is kept."""
    encryption = getattr(store, "encryption", None)
    private = getattr(graph, "private", None)
    ensure = getattr(store, "ensure_run_key", None)
    if isinstance(encryption, Encryption) and isinstance(private, Private) and ensure:
        ensure(run_id, new_run_key(encryption.keys, run_id, private, origin)[1])


__all__ = [
    "FORGOTTEN",
    "FORGOTTEN_STEP",
    "INPUTS_PLACE",
    "SEALED",
    "Encryption",
    "Keyring",
    "Opener",
    "Sealer",
    "declare",
    "ensure_run_key",
    "escape_key",
    "forgotten",
    "forgotten_error",
    "key_id",
    "keyed",
    "new_run_key",
    "parse_key",
    "step_place",
    "unwrap",
    "wrap",
]
