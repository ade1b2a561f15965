"""``file:DIR`` — one JSON-lines file per run, one line appended per save.

``DIR/<run_id>.jsonl`` holds what never changes on line 1, the inputs on line 2
(written once) and one history entry per line after that (``_layout``: the layouts, and
how the head is read from the last step). A save takes an exclusive ``flock`` on
``DIR/.<run_id>.lock``, reads the file's last complete line for the stored version,
and appends the new step there with one fsync; a last line cut short by a crash is
ignored on load and replaced by the next save. A new run's file, and the first save
of a run written by layout 1, are written whole through the durable path in ``_files``.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import TYPE_CHECKING, Any

from ..checkpoint import (
    Checkpoint,
    HistoryEntry,
    dumps,
    from_records,
    history_of,
    parse,
    seal,
    stored_version,
)
from ..errors import CheckpointCorrupt, RunNotFound, StoreError
from ..sealing import Encryption
from . import check_run_id
from ._base import StoreBase, check_version, summaries
from ._files import (
    append_at,
    append_line,
    atomic_write,
    exclusive_hold,
    last_line,
    read_complete,
    sync_file,
    sync_folder,
    temp_path,
)
from ._journal import open_record, seal_record
from ._layout import MARK, first_line, head_of, is_appended, step_line
from ._sealed import (
    as_saved,
    for_storage,
    is_sealed,
    journal_record,
    key_record,
    opened_history,
    opened_journal,
    unsealing,
)

if TYPE_CHECKING:
    from .summaries import RunSummary

_SUFFIX = ".jsonl"
_JOURNAL_SUFFIX = ".generations"
_KEY_SUFFIX = ".key"  # the run's key record (sealing.py), replaced whole, never appended


class JsonFileStore(StoreBase):
    """A folder of run files; safe across processes on one machine (flock)."""

    def __init__(self, folder: str, *, signing_key: bytes | None = None) -> None:
        self.folder = folder
        self._key = signing_key
        self.encryption: Encryption | None = None  # set by open_store (sealing.py)
        self.url = f"file:{folder}"
        self._ready = False  # the folder exists (created by the first write)
        self._unsynced: set[str] = set()  # runs whose journal has records not yet fsynced

    def setup(self) -> None:
        """Create the folder (and its parents) if missing; writes do it on first use."""
        try:
            os.makedirs(self.folder, mode=0o700, exist_ok=True)
        except OSError as error:
            raise StoreError(self.url, f"cannot create folder {self.folder!r}: {error}") from error
        self._ready = True

    def _first_use(self) -> None:
        if not self._ready:
            self.setup()

    def is_set_up(self) -> bool:
        """True when the folder exists (a read never creates it)."""
        return os.path.isdir(self.folder)

    def _path(self, run_id: str) -> str:
        return os.path.join(self.folder, check_run_id(run_id) + _SUFFIX)

    def _read(self, run_id: str) -> tuple[list[str], bool] | None:
        """The file's complete lines, and whether an append cut short follows them."""
        try:
            text, torn = read_complete(self._path(run_id))
        except FileNotFoundError:
            return None
        except UnicodeDecodeError as error:
            raise CheckpointCorrupt(run_id, f"the file is not UTF-8 ({error})") from error
        except OSError as error:
            raise StoreError(self.url, f"cannot read run {run_id!r}: {error}") from error
        lines = text[:-1].split("\n")
        if len(lines) < 3:  # head, inputs, at least one step
            raise CheckpointCorrupt(run_id, f"the file has {len(lines)} lines, expected 3 or more")
        return lines, bool(torn)

    def _records(self, run_id: str) -> tuple[list[str], Any, Any, list[Any]] | None:
        """The file's lines, and its head, inputs and steps parsed (either layout)."""
        read = self._read(run_id)
        if read is None:
            return None
        lines, torn = read
        first, inputs = parse(lines[0], run_id, "record"), parse(lines[1], run_id, "inputs")
        steps = [parse(line, run_id, "step") for line in lines[2:]]
        if is_appended(first):
            return lines, head_of(first, steps, run_id), inputs, steps
        if torn:  # layout 1 replaced the whole file: a cut one was never written so
            raise CheckpointCorrupt(run_id, "the file is truncated (no final newline)")
        return lines, first, inputs, steps

    def load(self, run_id: str) -> Checkpoint | None:
        return self._load(run_id, opened=True)

    def _load(self, run_id: str, *, opened: bool) -> Checkpoint | None:
        """The run; with ``opened`` False its sealed values stay closed (needs no key)."""
        records = self._records(run_id)
        if records is None:
            return None
        self._sweep(run_id)
        lines, head, inputs, steps = records
        if not is_sealed(lines[1:]):
            return from_records(head, inputs, steps, run_id=run_id, key=self._key)
        record = self._key_record(run_id)
        unseal, origin = unsealing(run_id, record, self.encryption if opened else None, opened)
        return from_records(head, inputs, steps, run_id=run_id, key=self._key,
                            unseal=unseal, origin=origin)  # fmt: skip

    def save(self, checkpoint: Checkpoint, *, expected_version: int | None) -> Checkpoint:
        """Append the new step to the run's file (one write, one fsync); the first save,
        and the first of a run written by layout 1, write the whole file atomically."""
        run_id = checkpoint.run_id
        path = self._path(run_id)
        with self._locked(run_id):
            stored, new_record = checkpoint, None
            # Read even without encryption: a run with a key record never gets a clear step.
            record = self._key_record(run_id)
            if record is not None or self.encryption is not None:
                stored, new_record = for_storage(checkpoint, record, self.encryption)
            sealed = seal(stored, self._key)
            try:
                fd = _open_existing(path)
                try:
                    if fd is not None and os.pread(fd, len(MARK), 0) == MARK:
                        size = os.fstat(fd).st_size
                        end = self._checked_end(fd, size, sealed, expected_version)
                        self._before_run(new_record, run_id)
                        data = (step_line(sealed, refs=stored is checkpoint) + "\n").encode()
                        append_at(fd, data, end, size, stage="file")
                    else:
                        body = self._whole(sealed, expected_version, stored is checkpoint)
                        self._before_run(new_record, run_id)
                        atomic_write(path, body)
                finally:
                    if fd is not None:
                        os.close(fd)
            except OSError as error:
                raise StoreError(self.url, f"cannot save run {run_id!r}: {error}") from error
        return as_saved(checkpoint, stored, sealed)

    def _checked_end(
        self, fd: int, size: int, sealed: Checkpoint, expected_version: int | None
    ) -> int:
        """Where ``sealed``'s step goes: after the last complete line, whose version the
        save must follow (a torn tail beyond it is cut by the append)."""
        line, end = last_line(fd, size)
        actual = stored_version(parse(line, sealed.run_id, "step"), sealed.run_id)
        check_version(sealed.run_id, expected_version, actual, sealed.version)
        return end

    def _whole(self, sealed: Checkpoint, expected_version: int | None, refs: bool) -> bytes:
        """The run's whole file in layout 2: a new run, or one written by layout 1."""
        run_id = sealed.run_id
        records = self._records(run_id)
        if records is None:
            check_version(run_id, expected_version, None, sealed.version)
            lines = [first_line(sealed, sealed.parts.as_dict()), sealed.inputs_json()]
        else:
            old, head = records[0], records[1]
            check_version(run_id, expected_version, stored_version(head, run_id), sealed.version)
            parts = head.get("parts") if isinstance(head, dict) else None
            lines = [first_line(sealed, parts), *old[1:]]
        return ("\n".join([*lines, step_line(sealed, refs=refs)]) + "\n").encode("utf-8")

    def _before_run(self, new_record: dict[str, Any] | None, run_id: str) -> None:
        """What must be on disk before a step: the run's new key record (a run never
        lacks its key) and the journal records of its model calls (synced with it)."""
        if new_record is not None:
            atomic_write(self._key_path(run_id), dumps(new_record).encode("utf-8"))
        if run_id in self._unsynced:
            sync_file(self._journal_path(run_id))
            self._unsynced.discard(run_id)

    def _key_path(self, run_id: str) -> str:
        return os.path.join(self.folder, check_run_id(run_id) + _KEY_SUFFIX)

    def _key_record(self, run_id: str) -> dict[str, Any] | None:
        try:
            with open(self._key_path(run_id), encoding="utf-8") as handle:
                text = handle.read()
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError) as error:
            raise StoreError(self.url, f"cannot read the key of {run_id!r}: {error}") from error
        return key_record(run_id, parse(text, run_id, "key record"))

    def run_key(self, run_id: str) -> dict[str, Any] | None:
        """The run's key record (its wrapped run key), or None for a run stored in clear."""
        return self._key_record(run_id)

    def keyed_run_ids(self) -> list[str]:
        """Every run id with a key record."""
        try:
            names = sorted(os.listdir(self.folder))
        except FileNotFoundError:
            return []
        except OSError as error:
            raise StoreError(self.url, f"cannot list {self.folder!r}: {error}") from error
        return [name[: -len(_KEY_SUFFIX)] for name in names
                if name.endswith(_KEY_SUFFIX) and not name.startswith(".")]  # fmt: skip

    def ensure_run_key(self, run_id: str, record: dict[str, Any]) -> None:
        """Store ``record`` as the run's key record unless it has one already."""
        with self._locked(run_id):
            if self._key_record(run_id) is None:
                try:
                    atomic_write(self._key_path(run_id), dumps(record).encode("utf-8"))
                except OSError as error:
                    raise StoreError(self.url, f"cannot key run {run_id!r}: {error}") from error

    def replace_run_key(self, run_id: str, old: dict[str, Any], new: dict[str, Any]) -> bool:
        """Replace the run's key record if it is still ``old`` (atomic file replace)."""
        with self._locked(run_id):
            if self._key_record(run_id) != old:
                return False
            try:
                atomic_write(self._key_path(run_id), dumps(new).encode("utf-8"))
            except OSError as error:
                raise StoreError(self.url, f"cannot rekey run {run_id!r}: {error}") from error
        return True

    def _sweep(self, run_id: str) -> None:
        """Remove the temp file of a save that was killed, unless a save is under way."""
        temp = temp_path(self._path(run_id))
        if not os.path.exists(temp):
            return  # the usual case: one stat
        try:
            fd = os.open(os.path.join(self.folder, f".{run_id}.lock"), os.O_RDWR)
        except OSError:
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # a writer holds it: its temp
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temp)
        except OSError:
            pass  # a save is under way, or the folder is read-only: leave it
        finally:
            os.close(fd)

    def history(self, run_id: str) -> list[HistoryEntry]:
        records = self._records(run_id)
        if records is None:
            raise RunNotFound(self.url, run_id)
        lines, head, inputs, steps = records
        entries = history_of(steps, inputs, _format(head), run_id)
        if not is_sealed(lines[2:]):
            return entries
        return opened_history(run_id, entries, self._key_record(run_id), self.encryption)

    def list_runs(self, *, status: str | None = None) -> list[RunSummary]:
        found = []
        for run_id in self._run_ids():
            checkpoint = self._load(run_id, opened=False)  # a summary shows no value
            if checkpoint is not None:
                found.append(checkpoint)
        return summaries(found, status)

    def _run_ids(self) -> Iterator[str]:
        try:
            names = sorted(os.listdir(self.folder))
        except FileNotFoundError:
            return
        except OSError as error:
            raise StoreError(self.url, f"cannot list {self.folder!r}: {error}") from error
        for name in names:
            if name.endswith(_SUFFIX) and not name.startswith("."):
                yield name[: -len(_SUFFIX)]

    def delete(self, run_id: str) -> bool:
        with self._locked(run_id):
            self._unsynced.discard(run_id)
            try:
                for extra in (self._journal_path(run_id), self._key_path(run_id)):
                    with contextlib.suppress(FileNotFoundError):
                        os.unlink(extra)
                os.unlink(self._path(run_id))
            except FileNotFoundError:
                return False
            except OSError as error:
                raise StoreError(self.url, f"cannot delete run {run_id!r}: {error}") from error
            sync_folder(self.folder)
        return True

    def hold(self, run_id: str) -> AbstractContextManager[None]:
        self._first_use()
        path = os.path.join(self.folder, f".{check_run_id(run_id)}.hold")
        return exclusive_hold(path, run_id, self.url)

    def _journal_path(self, run_id: str) -> str:
        return os.path.join(self.folder, check_run_id(run_id) + _JOURNAL_SUFFIX)

    def record_generation(
        self, run_id: str, key: str, record: dict[str, Any], *, durable: bool = True
    ) -> None:
        self._first_use()
        if self.encryption is not None:
            keys = self._key_record(run_id)
            record = journal_record(run_id, key, record, keys, self.encryption)
        sealed = seal_record(run_id, key, record, self._key)
        try:
            with self._locked(run_id):  # threads of one run append one after the other
                line = f'{{"key":{dumps(key)},"record":{sealed}}}'
                append_line(self._journal_path(run_id), line, sync=durable)
                if durable:  # one fsync covers the records before it in the file
                    self._unsynced.discard(run_id)
                else:
                    self._unsynced.add(run_id)
        except OSError as error:
            raise StoreError(self.url, f"cannot journal run {run_id!r}: {error}") from error

    def generations(self, run_id: str) -> dict[str, dict[str, Any]]:
        try:
            text = read_complete(self._journal_path(run_id))[0]
        except FileNotFoundError:
            return {}
        except (OSError, UnicodeDecodeError) as error:
            raise StoreError(self.url, f"cannot read the journal of {run_id!r}: {error}") from error
        journal: dict[str, dict[str, Any]] = {}
        # A last line without its newline is an append cut short by a crash: not written.
        for line in text.split("\n")[:-1]:
            entry = parse(line, run_id, "generation")
            if not isinstance(entry, dict) or not isinstance(entry.get("record"), dict):
                raise CheckpointCorrupt(run_id, "a generation journal line is not a record")
            slot = str(entry.get("key"))
            journal[slot] = open_record(run_id, slot, entry["record"], self._key)
        if not is_sealed([text]):
            return journal
        return opened_journal(run_id, journal, self._key_record(run_id), self.encryption)

    def close(self) -> None:
        """Nothing stays open between calls."""

    @contextmanager
    def _locked(self, run_id: str) -> Iterator[None]:
        lock_path = os.path.join(self.folder, f".{check_run_id(run_id)}.lock")
        self._first_use()
        try:
            fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
        except FileNotFoundError as error:
            raise StoreError(
                self.url, f"folder {self.folder!r} is missing: call setup()"
            ) from error
        except OSError as error:
            raise StoreError(self.url, f"cannot lock run {run_id!r}: {error}") from error
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)  # closing the descriptor releases the lock


def _open_existing(path: str) -> int | None:
    """A read-write descriptor on ``path``, or None when there is no such file."""
    try:
        return os.open(path, os.O_RDWR)
    except FileNotFoundError:
        return None


def _format(head: Any) -> int:
    """The stored format of a run's head (1 when it says nothing usable: ``load`` refuses it)."""
    found = head.get("format") if isinstance(head, dict) else None
    return found if isinstance(found, int) and not isinstance(found, bool) else 1
