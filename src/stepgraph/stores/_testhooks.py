"""Test-only observation points on the durable write paths (crash and fault campaigns).

Library code calls ``reach(stage)`` at each step of a write; by default that does
nothing. Only a test or campaign program that imports this module and assigns
``observer`` can act there (to kill the process, say). No setting, flag or
environment variable reaches it.
"""

from __future__ import annotations

from collections.abc import Callable

STAGES = (
    "file-written",  # temp file written, not yet fsynced
    "file-synced",  # temp file fsynced, not yet renamed
    "file-renamed",  # renamed over the old file, folder not yet fsynced
    "file-folder-synced",  # the save is durable
    "file-appending",  # a run file's next line about to be written (layout 2)
    "file-appended",  # the line written, not yet fsynced
    "journal-appending",  # a journal line about to be written
    "journal-appended",  # a journal line written, not yet fsynced
    "sqlite-save-queued",  # a save waits for the write lock (group commit)
    "sqlite-before-commit",  # inside the save transaction
    "sqlite-committed",  # the save transaction committed
    "postgres-before-commit",  # inside a PostgreSQL save transaction
    "postgres-committed",  # the PostgreSQL save transaction committed
    "load-head-read",  # a SQL load has read the head, not yet the inputs and steps
    "effect-intended",  # a side effect's intent is journaled, the effect not yet called
    "effect-called",  # the effect returned, its outcome not yet journaled
    "tool-started",  # a read tool's call is journaled as started, the tool not yet called
    "tool-returned",  # a read tool returned, its result not yet journaled
    "model-answered",  # a model's answer (a final one or tool calls) is journaled
    "key-replaced",  # rekey replaced one run's key record, the next not yet read
)

observer: Callable[[str], None] | None = None


def reach(stage: str) -> None:
    """Tell the observer, if a test installed one, that ``stage`` was reached."""
    if observer is not None:
        observer(stage)
