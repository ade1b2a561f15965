"""Seals on generation journal records, as the checksum chain seals steps.

A journal record (a model call's ``started``/``done``/``failed``, an effect's intent and
outcome, a reconciliation, the adapter's options) is used on resume: a ``done`` answer
is returned without calling the model, a ``done`` effect is never run again. So every
record carries ``sum``: a SHA-256, or with the store's signing key an HMAC-SHA256, over
the run, the record's slot and its canonical JSON. A record edited by hand, one moved
to another run or slot, and (under a key) one forged without the key are refused with
``CheckpointCorrupt``, as a step would be.

Records are stored compact (since format 2): the sum and the SHA-256 digests
(``request``, ``output_sha256``, ``sum_output``) in base64url, an HMAC's sum after
``~``, the time as milliseconds since 1970. A stored sum without ``:`` says so; a
record written before (``sha256:`` hex sums, text times) is read as it is. The sum
covers the record as it reads back, never the stored form, so an edit of either shows.

A record with neither ``sum`` nor ``sum_output`` was written before records were
sealed: without a key it is read as it is (so a run in flight across the upgrade goes
on; an unsigned checksum never stopped a deliberate editor, who could recompute it), and
under a key it is refused like any unsigned record.

The seal leaves out ``output``, because stores drop a saved step's output from its
journal record; the output has its own digest, which the seal covers and which is
checked against the output while it is there. A model's answer names its digest
already (``output_sha256``), so that one is used; another record with an output gets
``sum_output`` (as every record did before: those still open).
"""

from __future__ import annotations

from typing import Any

from ..checkpoint import canonical_json, digest, dumps
from ..digests import hmac_sha256, sha256
from ..errors import CheckpointCorrupt
from ._rows import digest_of, packed_at, packed_digest, time_of

SUM, SUM_OUTPUT = "sum", "sum_output"
NAMED_DIGEST = "output_sha256"  # the digest a model's answer record carries (context.py)
_DIGESTS = ("request", NAMED_DIGEST, SUM_OUTPUT)  # SHA-256 hex digests: stored in base64url
_MARKS = {"sha256": "", "hmac-sha256": "~"}  # a compact sum has no ":"


def seal_record(run_id: str, slot: str, record: dict[str, Any], key: bytes | None) -> str:
    """The stored text of ``record``: its JSON with ``sum`` (and ``sum_output``) added."""
    sealed = {**record}
    if "output" in record:
        found = digest(dumps(record["output"]))
        if record.get(NAMED_DIGEST) != found:  # named already: not stored twice
            sealed[SUM_OUTPUT] = found
    record = {**sealed, SUM: _sum(run_id, slot, sealed, key)}
    return dumps(_compact(record) or record)


def open_record(run_id: str, slot: str, found: Any, key: bytes | None) -> dict[str, Any]:
    """The record stored as ``found`` (parsed JSON), verified; without its ``sum``."""
    if not isinstance(found, dict):
        raise CheckpointCorrupt(run_id, f"journal record {slot!r} is not an object")
    try:
        stored = _expanded(found)
    except (ValueError, TypeError):
        raise CheckpointCorrupt(run_id, f"journal record {slot!r} has a damaged digest") from None
    if key is None and SUM not in stored and SUM_OUTPUT not in stored:
        return stored  # written before records were sealed (see the module docstring)
    sealed = {name: value for name, value in stored.items() if name != SUM}
    found = stored.get(SUM)
    what = "signature" if key is not None else "checksum"
    if not isinstance(found, str):
        raise CheckpointCorrupt(run_id, f"journal record {slot!r} has no {what}")
    if found.startswith("hmac-sha256:") and key is None:
        raise CheckpointCorrupt(run_id, f"journal record {slot!r} is signed: set the signing "
                                "key to read it")  # fmt: skip
    if not _same(found, _sum(run_id, slot, sealed, key), signed=key is not None):
        raise CheckpointCorrupt(run_id, f"journal record {slot!r}'s {what} does not match: "
                                "the record was damaged, edited or forged")  # fmt: skip
    named = sealed.get(SUM_OUTPUT, sealed.get(NAMED_DIGEST))
    if "output" in sealed and digest(dumps(sealed["output"])) != named:
        raise CheckpointCorrupt(run_id, f"journal record {slot!r}'s output does not match "
                                "its digest: the answer was damaged or edited")  # fmt: skip
    return {name: value for name, value in sealed.items() if name != SUM_OUTPUT}


def _compact(record: dict[str, Any]) -> dict[str, Any] | None:
    """``record`` (sealed) in the compact stored form, or None when it has none: its sum
    and digests in base64url (an HMAC's sum after ``~``), its time as milliseconds."""
    kind, _, hexsum = str(record[SUM]).rpartition(":")
    mark = _MARKS.get(kind)
    packed = packed_digest(hexsum)
    if mark is None or packed is None:
        return None
    short = {**record, SUM: mark + packed}
    for name in _DIGESTS:
        found = short.get(name)
        if isinstance(found, str):
            digest_text = packed_digest(found)
            if digest_text is not None:
                short[name] = digest_text
            elif len(found) == 43:
                return None  # would read back as a packed digest
    if "at" in short:
        if not isinstance(short["at"], str):
            return None  # would read back as milliseconds
        short["at"] = packed_at(short["at"])
    return short


def _expanded(stored: dict[str, Any]) -> dict[str, Any]:
    """The record that ``_compact`` stored as ``stored`` (``stored`` when it is not)."""
    found = stored.get(SUM)
    if not isinstance(found, str) or ":" in found:
        return stored
    signed = found.startswith("~")
    record = {**stored, SUM: ("hmac-sha256:" if signed else "sha256:")
              + digest_of(found[1:] if signed else found)}  # fmt: skip
    for name in _DIGESTS:
        value = record.get(name)
        if isinstance(value, str) and len(value) == 43:
            record[name] = digest_of(value)
    if "at" in record:
        record["at"] = time_of(record["at"])
    return record


def _sum(run_id: str, slot: str, record: dict[str, Any], key: bytes | None) -> str:
    sealed = {name: value for name, value in record.items() if name != "output"}
    message = f"stepgraph-journal-1\n{run_id}\n{slot}\n{canonical_json(sealed)}".encode()
    if key is None:
        return "sha256:" + sha256(message).hexdigest()
    return "hmac-sha256:" + hmac_sha256(key, message)


def _same(found: str, expected: str, *, signed: bool) -> bool:
    """Whether a record's sum is the one expected: a signature is compared in constant
    time (its key is a secret); a plain checksum, which anyone can compute, directly."""
    if not signed:
        return found == expected
    import hmac

    return hmac.compare_digest(found, expected)
