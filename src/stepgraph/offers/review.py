"""People around the offer workflow: the reviewed content's digest, the outbox, supplied prices.

A report that passes ``verify`` waits for a person. The digest a reviewer approves is
the SHA-256 of exactly what the review page and ``stepgraph show`` present: the report
and the offers it rests on (id, source version, monthly price). An approval for any
other digest is refused. After approval, when the run names an ``outbox`` folder, the
``publish`` node writes the approved report there once: the file is named by the
effect's idempotency key and created exclusively, so a replay cannot write it twice.
"""

from __future__ import annotations

import contextlib
import json
import os
from typing import Any

from ..checkpoint import canonical_json, digest
from ..errors import InputError
from .model import ROW_KEYS, is_price, validate_offers

CHOICES = {"approve": "approved", "reject": "rejected", "revise": "revising"}
"""What a reviewer may decide, and the status each decision gives the run."""


def review_digest(state: dict[str, Any]) -> str:
    """The digest of what a reviewer sees: the report and the offers' versions."""
    offers = [{key: offer.get(key) for key in ROW_KEYS} for offer in state.get("offers") or []]
    return digest(canonical_json({"report": state.get("report"), "offers": offers}))


def outbox_name(key: str) -> str:
    """A file name for an idempotency key (its characters are safe; '/' is not)."""
    return key.replace("/", "--") + ".json"


def write_outbox(folder: str, key: str, report: dict[str, Any]) -> dict[str, Any]:
    """Write ``report`` into ``folder`` under ``key``, exactly once; return where.

    The file is written to a temporary name in the hidden ``TEMP_FOLDER`` inside the
    outbox (same file system, never a ``.tmp`` among the outbox's files), fsynced and
    then linked to its final name, which fails if it exists: a second write with the
    same key finds the first one. The temp folder is removed when it is empty. A temp
    left by a crash has the key's name: the next attempt overwrites it, and the lookup
    removes it once the file is there.
    """
    path = os.path.join(folder, outbox_name(key))
    temp = _temp_path(folder, key)
    body = json.dumps({"key": key, "report": report}, ensure_ascii=False, sort_keys=True)
    for tries in range(1, 6):
        os.makedirs(os.path.dirname(temp), exist_ok=True)
        try:
            handle = open(temp, "w", encoding="utf-8")  # noqa: SIM115 (closed below)
            break
        except FileNotFoundError:  # another run's publish removed the empty temp folder
            if tries == 5:
                raise
    with handle:
        handle.write(body + "\n")
        handle.flush()
        os.fsync(handle.fileno())
    try:
        os.link(temp, path)
    except FileExistsError:
        pass  # written before: the downstream deduplicates by key
    finally:
        _discard(temp)
    found = find_outbox(folder, key)
    if found is None:  # unreachable unless the folder is being changed underneath
        raise OSError(f"the outbox file {path} vanished after it was written")
    return found


def find_outbox(folder: str, key: str) -> dict[str, Any] | None:
    """The outbox entry for ``key`` if it was written, else None (the effect's lookup)."""
    path = os.path.join(folder, outbox_name(key))
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except FileNotFoundError:
        return None
    _discard(_temp_path(folder, key))  # a crash between link and unlink left it
    return {"file": path, "sha256": digest(text)}


TEMP_FOLDER = ".stepgraph-tmp"
"""The hidden folder inside an outbox where files are written before they appear."""


def _temp_path(folder: str, key: str) -> str:
    """One temp per key: the effect runs once at a time per key (the run is held)."""
    return os.path.join(folder, TEMP_FOLDER, outbox_name(key) + ".tmp")


def _discard(temp: str) -> None:
    """Remove ``temp`` if it is there, and its folder if that is now empty."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(temp)
    with contextlib.suppress(OSError):  # not empty (another publish, a crash), or gone
        os.rmdir(os.path.dirname(temp))


def supplied_offer(
    offers: list[dict[str, Any]], offer_id: str, monthly: object, source: str
) -> list[dict[str, Any]]:
    """``offers`` with offer ``offer_id``'s missing price and its new source version set."""
    for field, value in (("--offer", offer_id), ("--source", source)):
        if not isinstance(value, str) or not value:
            raise InputError(field, f"must be a non-empty string, not {value!r}")
    if not is_price(monthly):
        raise InputError("--monthly", f"Invalid monthly price: must be a number >= 0, not "
                         f"{monthly!r}")  # fmt: skip
    updated = []
    found = False
    for offer in offers:
        if offer.get("id") == offer_id:
            found = True
            if offer.get("monthly") is not None:
                raise InputError("--offer", f"offer {offer_id!r} already has a price")
            updated.append({**offer, "monthly": monthly, "source": source})
        else:
            updated.append(offer)
    if not found:
        known = ", ".join(str(offer.get("id")) for offer in offers)
        raise InputError("--offer", f"no offer {offer_id!r} in this run (offers: {known})")
    return validate_offers(updated)
