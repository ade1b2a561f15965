"""Where checkpoints live: one small synchronous protocol, one module per backend.

Every backend keeps the current checkpoint of each run plus the history of its
steps, and refuses a save whose ``expected_version`` is not the stored one
(``VersionConflict``), so two writers can never fork a run's history.

``open_store`` picks the backend from a URL:

* ``memory:`` keeps everything in this process (lost when it exits);
* ``file:DIR`` writes one JSON file per run into DIR, atomically and durably (DIR is
  created on the first write);
* ``postgresql://HOST/DB[?schema=NAME]`` is for many workers on many machines
  (extra ``postgres``; call ``setup()`` once, or ``stepgraph db setup``);
* ``sqlite:PATH`` is the embedded default, created with its schema on first use.
  Options: ``?synchronous=normal`` trades the last commits on power loss for speed;
  ``?busy_timeout=S`` is how long to wait for another writer's lock (default 10 s).

``open_existing_store`` is for commands that only read (or act on runs that must already
exist): it refuses a URL where no store was set up (``NoSuchStore``) and creates nothing,
no folder, no file, no table.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from contextlib import AbstractContextManager
from types import TracebackType
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from ..checkpoint import Checkpoint, HistoryEntry
from ..errors import InputError, NoSuchStore
from ..jsontext import excerpt
from ..lazy import lazy_names

if TYPE_CHECKING:
    from ..sealing import Encryption
    from .summaries import DeadLetter, RunSummary

DEFAULT_URL = "sqlite:.stepgraph/runs.db"

_RUN_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$")


def check_run_id(run_id: object) -> str:
    """Return ``run_id`` if it is a usable id (also a safe file name), else ``InputError``."""
    if not isinstance(run_id, str) or not _RUN_ID.match(run_id):
        raise InputError(
            "run_id",
            "must be 1-128 characters of letters, digits, '.', '_' or '-', "
            f"starting with a letter or digit (got {excerpt(run_id)})",
        )
    return run_id


@runtime_checkable
class Store(Protocol):
    """The storage contract every backend passes (tests/integration/test_store_contract.py)."""

    url: str

    def setup(self) -> None:
        """Create or migrate what the backend needs. Idempotent. Needed before the first
        use of PostgreSQL; the file and SQLite stores do it on first use."""

    def load(self, run_id: str) -> Checkpoint | None:
        """The current checkpoint of ``run_id``, validated, or None if there is none."""

    def save(self, checkpoint: Checkpoint, *, expected_version: int | None) -> Checkpoint:
        """Store ``checkpoint`` if the stored version is ``expected_version`` (None: no run).

        Atomic: afterwards the store holds the old or the new version, never a mix.
        Raises ``VersionConflict`` when another writer got there first.
        """

    def history(self, run_id: str) -> list[HistoryEntry]:
        """Every step of the run in version order; ``RunNotFound`` if there is no run."""

    def list_runs(self, *, status: str | None = None) -> list[RunSummary]:
        """Runs, most recently updated first, optionally only those with ``status``."""

    def delete(self, run_id: str) -> bool:
        """Remove the run and its history; False if there was none."""

    def hold(self, run_id: str) -> AbstractContextManager[None]:
        """Claim ``run_id`` for this caller while the block runs; ``RunBusy`` if taken.

        Non-blocking and released by the OS if the process dies, so a crash never
        leaves a run claimed. The harness holds a run for the whole of one call.
        """

    def record_generation(
        self, run_id: str, key: str, record: dict[str, Any], *, durable: bool = True
    ) -> None:
        """Durably store one generation journal record under ``key`` (replacing it).

        ``durable=False`` (a model call's records): the record may be synced by the next
        durable write instead of its own; it survives a crash of the process, and a power
        cut before that write may lose it. A store may always sync.
        """

    def generations(self, run_id: str) -> dict[str, dict[str, Any]]:
        """The run's generation journal: key -> latest record (empty if none)."""

    def close(self) -> None:
        """Release files and connections. Idempotent."""

    def __enter__(self) -> Store: ...

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None: ...


@runtime_checkable
class RunQueue(Protocol):
    """A store capability: it queues runs for workers (PostgreSQL).

    ``connection`` is a transaction on the queue's database (the queue's own tables are
    read and changed by ``queue_admin``, ``worker``, ``listing`` and ``purge``);
    ``dead_letters`` says which runs the queue gave up on.
    """

    url: str

    def connection(self, what: str) -> AbstractContextManager[Any]:
        """A transaction on the queue's database; ``what`` names it in errors."""

    def dead_letters(self, run_ids: Sequence[str] | None = None) -> list[DeadLetter]:
        """The dead-lettered runs among ``run_ids`` (None: all of them)."""


def queue_of(store: Store) -> RunQueue | None:
    """``store`` itself when it has a run queue, else None (memory, file, SQLite)."""
    return store if isinstance(store, RunQueue) else None


def open_store(
    url: str,
    *,
    signing_key: bytes | None = None,
    read_only: bool = False,
    encryption: Encryption | None = None,
) -> Store:
    """Open the store named by ``url`` (see the module docstring).

    ``memory:``, ``file:`` and ``sqlite:`` stores are usable at once (the folder, the
    database file and its schema are created on first use); PostgreSQL needs
    ``setup()`` once (or ``stepgraph db setup``).

    With ``signing_key`` every saved step is sealed with an HMAC chain and every loaded
    run must verify under that key (see docs/reliability.md for what this protects).
    ``read_only`` opens a SQLite file without creating it or its folder.

    With ``encryption`` (``stepgraph.sealing``) the private values of the runs of the
    graphs it declares are encrypted at rest, and encrypted runs can be read; without it
    an encrypted run is refused (``PrivateDataLocked``). The ``memory:`` store keeps
    values in process memory and does not encrypt.
    """
    store = _open(url, signing_key, read_only)
    if encryption is not None:
        store.encryption = encryption  # type: ignore[attr-defined]
    from ..logs import INFO, in_use, logger, redact_url

    # no handler exists before something imports logging; redact_url needs urllib
    if in_use() and (log := logger(type(store).__module__)).isEnabledFor(INFO):
        signed = " (signed steps)" if signing_key is not None else ""
        log.info("opened %s%s", redact_url(url), signed)
    return store


def _open(url: str, signing_key: bytes | None, read_only: bool) -> Store:
    if signing_key is not None and (not isinstance(signing_key, bytes) or len(signing_key) < 16):
        raise InputError("signing_key", "must be at least 16 bytes")
    scheme, _, rest = url.partition(":")
    if scheme == "memory" and rest == "":
        from .memory import MemoryStore

        return MemoryStore(signing_key=signing_key)
    if scheme == "file" and rest:
        from .jsonfile import JsonFileStore

        return JsonFileStore(rest, signing_key=signing_key)
    if scheme == "sqlite" and rest:
        from .sqlite import SqliteStore

        path, _, query = rest.partition("?")
        options = _options(query) if query else {}
        synchronous = options.pop("synchronous", "full")
        busy = options.pop("busy_timeout", "10")
        if options:
            raise InputError("store", f"unknown sqlite option {sorted(options)[0]!r}")
        try:
            busy_timeout = float(busy)
        except ValueError:
            busy_timeout = -1.0
        if not 0 <= busy_timeout <= 3600:
            raise InputError("store", f"busy_timeout must be 0 to 3600 seconds, not {busy!r}")
        return SqliteStore(path, synchronous=synchronous, busy_timeout=busy_timeout,
                           signing_key=signing_key, read_only=read_only)  # fmt: skip
    if scheme in ("postgresql", "postgres") and rest.startswith("//"):
        from .postgres import PostgresStore

        return PostgresStore(url, signing_key=signing_key)
    raise InputError(
        "store",
        f"{url!r} is not a store URL: use memory:, file:DIR, sqlite:PATH or postgresql://...",
    )


def _options(query: str) -> dict[str, str]:
    from urllib.parse import parse_qsl

    try:
        return dict(parse_qsl(query, keep_blank_values=True, strict_parsing=True))
    except ValueError as error:
        raise InputError("store", f"bad sqlite options {query!r}: {error}") from error


def open_existing_store(
    url: str,
    *,
    signing_key: bytes | None = None,
    read_only: bool = True,
    encryption: Encryption | None = None,
) -> Store:
    """Open the store at ``url`` only if it was set up; ``NoSuchStore`` otherwise.

    Creates nothing and runs no migration: a command that reads calls this, never
    ``setup()``. A memory store always exists (it is empty in a new process).
    """
    store = open_store(url, signing_key=signing_key, read_only=read_only, encryption=encryption)
    try:
        is_set_up = getattr(store, "is_set_up", None)
        if is_set_up is not None and not is_set_up():
            raise NoSuchStore(store.url, "nothing is stored there; `stepgraph run` creates it")
    except BaseException:
        store.close()
        raise
    return store


def open_for(
    url: str,
    access: str,
    *,
    signing_key: bytes | None = None,
    encryption: Encryption | None = None,
) -> Store:
    """The store at ``url``, opened for what an interface is about to do.

    ``create``: create or migrate it (starting a run). ``update``: it must exist (a
    missing one is ``NoSuchStore``); migrate it. ``read``: it must exist; nothing is
    created or migrated.
    """
    if access == "create":
        store = open_store(url, signing_key=signing_key, encryption=encryption)
    else:
        store = open_existing_store(url, signing_key=signing_key, read_only=access == "read",
                                    encryption=encryption)  # fmt: skip
    if access != "read":
        try:
            store.setup()
        except BaseException:
            store.close()
            raise
    return store


__getattr__ = lazy_names(__name__, {"DeadLetter": ".summaries", "RunSummary": ".summaries"})
"""RunSummary and DeadLetter load on first use: a run lists nothing."""


__all__ = [
    "DEFAULT_URL",
    "DeadLetter",
    "RunQueue",
    "RunSummary",
    "Store",
    "check_run_id",
    "open_existing_store",
    "open_for",
    "open_store",
    "queue_of",
]
