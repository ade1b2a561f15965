"""The durable file write path: temp file in the same folder, fsync, rename, fsync folder.

A crash at any point leaves either the old file or the new one under the final name,
never a torn one. A failed fsync is not retried on the same descriptor (the kernel may
have dropped the dirty pages); the write fails and the old file stays.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager

from ..errors import RunBusy, StoreError
from ._testhooks import reach


def temp_path(path: str) -> str:
    """Where ``atomic_write`` writes before renaming: one name per file, hidden."""
    return os.path.join(os.path.dirname(path) or ".", f".{os.path.basename(path)}.tmp")


def owner_only(path: str) -> None:
    """Create ``path`` empty and readable by its owner only (0600), unless it exists.

    SQLite gives its -wal and -shm files the database file's permissions.
    """
    if path == ":memory:":
        return
    with contextlib.suppress(OSError):  # it exists, or cannot be made: the open says why
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


def atomic_write(path: str, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically and durably.

    The caller holds the file's lock, so one temp name per file is enough: a temp left
    by a writer that was killed is overwritten by the next write (or swept on a load).
    """
    folder = os.path.dirname(path) or "."
    temp = temp_path(path)
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        reach("file-written")
        os.fsync(fd)
        reach("file-synced")
    except BaseException:
        os.close(fd)
        _discard(temp)
        raise
    os.close(fd)
    try:
        os.replace(temp, path)
    except BaseException:
        _discard(temp)
        raise
    reach("file-renamed")
    sync_folder(folder)
    reach("file-folder-synced")


def sync_file(path: str) -> None:
    """fsync the file at ``path`` (lines appended to it without their own fsync)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def sync_folder(folder: str) -> None:
    """fsync a directory so a rename or unlink in it survives power loss."""
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _discard(path: str) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)


@contextmanager
def exclusive_hold(path: str, run_id: str, store: str) -> Iterator[None]:
    """Hold a non-blocking exclusive ``flock`` on ``path`` while the block runs.

    The kernel drops the lock when the process dies, so a crash never leaves a run
    claimed. A second holder, even in the same process, gets ``RunBusy``.
    """
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as error:
        raise StoreError(store, f"cannot hold run {run_id!r}: {error}") from error
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise RunBusy(run_id) from None
        yield
    finally:
        os.close(fd)


def read_complete(path: str) -> tuple[str, bytes]:
    """The text of ``path`` up to its last newline, and the bytes after it.

    Bytes after the last newline are an append cut short (a killed process, a full
    disk): not written. Only the complete part is decoded, so a cut inside a character
    is no decoding error. Raises ``FileNotFoundError`` for a missing file.
    """
    with open(path, "rb") as handle:
        data = handle.read()
    end = data.rfind(b"\n") + 1
    return data[:end].decode("utf-8"), data[end:]


def last_line(fd: int, size: int) -> tuple[bytes, int]:
    """The last complete line of the open file (without its newline), and the offset
    just past it; bytes beyond that offset are a torn append. Reads from the end only."""
    data, start, block = b"", size, 4096
    while start > 0:
        begin = max(0, start - block)
        data = os.pread(fd, start - begin, begin) + data
        start, block = begin, block * 2
        newline = data.rfind(b"\n")
        if newline != -1 and (start == 0 or data.rfind(b"\n", 0, newline) != -1):
            break
    newline = data.rfind(b"\n")
    if newline == -1:
        return b"", 0
    return data[data.rfind(b"\n", 0, newline) + 1 : newline], start + newline + 1


def append_at(fd: int, data: bytes, end: int, size: int, *, stage: str, sync: bool = True) -> None:
    """Write ``data`` (whole lines) at offset ``end`` of the open file, then fsync once
    (``sync=False``: the caller syncs the file later).

    A torn tail beyond ``end`` (``size`` is the file's length) is cut first, and the
    cut synced. A failed write or fsync cuts the file back to ``end``, so no reader
    sees a line whose write failed. ``stage`` names the test hooks: ``STAGE-appending``
    before the write, ``STAGE-appended`` before the fsync.
    """
    if size > end:
        os.ftruncate(fd, end)
        os.fsync(fd)
    reach(f"{stage}-appending")
    try:
        view, offset = memoryview(data), end
        while view:
            written = os.pwrite(fd, view, offset)
            view, offset = view[written:], offset + written
        reach(f"{stage}-appended")
        if sync:
            os.fsync(fd)
    except BaseException:
        with contextlib.suppress(OSError):
            os.ftruncate(fd, end)
        raise


def append_line(path: str, line: str, *, sync: bool = True) -> None:
    """Append one line durably (write, fsync; fsync the folder when the file is new);
    ``sync=False`` leaves the file's fsync to the caller (``sync_file``).

    A last line left without its newline by an append cut short is replaced.
    """
    created = not os.path.exists(path)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        size = os.fstat(fd).st_size
        end = last_line(fd, size)[1] if size else 0
        append_at(fd, (line + "\n").encode("utf-8"), end, size, stage="journal", sync=sync)
    finally:
        os.close(fd)
    if created:
        sync_folder(os.path.dirname(path) or ".")
