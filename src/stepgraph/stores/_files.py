"""The durable file write path: temp file in the same folder, fsync, rename, fsync folder.

A crash at any point leaves either the old file or the new one under the final name,
never a torn one. A failed fsync is not retried on the same descriptor (the kernel may
have dropped the dirty pages); the write fails and the old file stays.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable

WriteHook = Callable[[str], None]


def _no_hook(stage: str) -> None:
    """Default: no test observer."""


hook: WriteHook = _no_hook
"""Test-only observer called after each stage of the write path (crash campaigns)."""


def atomic_write(path: str, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically and durably."""
    folder = os.path.dirname(path) or "."
    temp = os.path.join(folder, f".{os.path.basename(path)}.{os.getpid()}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        hook("written")
        os.fsync(fd)
        hook("synced")
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
    hook("renamed")
    sync_folder(folder)
    hook("folder-synced")


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
