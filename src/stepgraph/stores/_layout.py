"""The lines of a ``file:`` run file, in its two layouts.

Layout 1 (written before the append-only layout, still read): line 1 the head (where
the run stands: its version, cursor, status, parts and fingerprint), line 2 the inputs,
one step per line after that; the whole file was replaced at every save.

Layout 2 (written now): line 1 what never changes, marked ``"layout":2`` (format, run
id, the parts, creation time), line 2 the inputs, then one step per line, appended at
each save. The head is not stored: its version, cursor, status and time are the last
step's, its fingerprint the digest of its parts. An event step (a ``@`` name: data
supplied, a migration, a decision) carries the parts it binds the run to, so the
parts are those of the last line that has them. Bytes after the last newline are an
append cut short by a crash: the run is what the complete lines say.
"""

from __future__ import annotations

from typing import Any

from ..checkpoint import Checkpoint, canonical_json, digest, dumps, step_body, step_json
from ..errors import CheckpointCorrupt

LAYOUT = 2
MARK = b'{"layout":2,'  # how line 1 of layout 2 starts: a save checks no more than this
_FIRST_FIELDS = frozenset(("layout", "format", "run_id", "parts", "created_at"))


def first_line(cp: Checkpoint, parts: Any) -> str:
    """Line 1 of layout 2 for ``cp``'s run, bound to ``parts`` until a step says more."""
    fields = {"layout": LAYOUT, "format": cp.format, "run_id": cp.run_id, "parts": parts,
              "created_at": cp.created_at}  # fmt: skip
    return dumps(fields)


def step_line(cp: Checkpoint, *, refs: bool) -> str:
    """The line a save appends: ``cp``'s step (its body packed in format 2, with
    references to the state before unless ``refs`` is False), with its parts when it is
    an event."""
    line = step_json(cp, step_body(cp, refs=refs))
    return f'{{"parts":{dumps(cp.parts.as_dict())},{line[1:]}' if cp.step else line


def is_appended(first: Any) -> bool:
    """True when ``first`` (line 1, parsed) is the first line of an append-only layout."""
    return isinstance(first, dict) and "layout" in first


def head_of(first: dict[str, Any], steps: list[Any], run_id: str) -> dict[str, Any]:
    """The head record of a layout-2 file: line 1 and the complete steps.

    Takes the ``parts`` out of the steps that carry them, so the steps are plain
    history entries. Whatever is missing or wrong is refused by ``from_records``.
    """
    if first.get("layout") != LAYOUT:
        raise CheckpointCorrupt(run_id, f"unknown file layout {first.get('layout')!r} "
                                f"(this version reads 1 and {LAYOUT})")  # fmt: skip
    unknown = sorted(set(first) - _FIRST_FIELDS)
    if unknown:
        raise CheckpointCorrupt(run_id, f"unknown field {unknown[0]}")
    parts = first.get("parts")
    for step in steps:
        if isinstance(step, dict) and "parts" in step:
            parts = step.pop("parts")
    last = steps[-1] if steps and isinstance(steps[-1], dict) else {}
    return {
        "format": first.get("format"),
        "run_id": first.get("run_id"),
        "parts": parts,
        "fingerprint": digest(canonical_json(parts)),
        "next": last.get("next"),
        "status": last.get("status"),
        "version": last.get("version"),
        "created_at": first.get("created_at"),
        "updated_at": last.get("at"),
    }
