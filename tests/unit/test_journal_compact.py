"""Journal records stored compact (format 2 of the record, issue 17: bytes per run): the
sum and the SHA-256 digests in base64url, the time as milliseconds; the record reads
back exactly as it was given, and records written before read as they were."""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

import pytest

from stepgraph.checkpoint import canonical_json, digest, dumps, millis_of, now
from stepgraph.errors import CheckpointCorrupt
from stepgraph.stores._journal import open_record, seal_record
from stepgraph.stores._rows import packed_at, time_of

OUTPUT = {"rows": [{"id": "A", "monthly": 90}], "rationale": "A is cheapest."}
DONE = {"status": "done", "attempt": 1, "adapter": "fixture-v1", "request": digest("request"),
        "output": OUTPUT, "output_sha256": digest(dumps(OUTPUT)), "latency_ms": 0.05,
        "at": "2026-12-06T00:22:48.902+00:00"}  # fmt: skip
KEY = b"k" * 32


def old_form(record: dict[str, Any], key: bytes | None = None) -> dict[str, Any]:
    """``record`` as the code before compact records stored it (hex sums, text times)."""
    sealed = {name: value for name, value in record.items() if name != "output"}
    message = f"stepgraph-journal-1\nr\n2:draft:0\n{canonical_json(sealed)}".encode()
    if key is None:
        return {**record, "sum": "sha256:" + hashlib.sha256(message).hexdigest()}
    return {**record, "sum": "hmac-sha256:" + hmac.new(key, message, hashlib.sha256).hexdigest()}


@pytest.mark.parametrize("key", [None, KEY])
def test_a_record_is_stored_with_base64url_digests_and_milliseconds(key: bytes | None) -> None:
    stored = json.loads(seal_record("r", "2:draft:0", DONE, key))
    assert len(stored["request"]) == len(stored["output_sha256"]) == 43
    assert stored["at"] == 1796516568902
    assert ":" not in stored["sum"]
    assert stored["sum"].startswith("~") == (key is not None)
    assert len(seal_record("r", "2:draft:0", DONE, key)) < len(dumps(old_form(DONE, key)))
    assert open_record("r", "2:draft:0", stored, key) == DONE


@pytest.mark.parametrize("key", [None, KEY])
def test_a_record_written_before_compact_records_reads_as_it_was(key: bytes | None) -> None:
    assert open_record("r", "2:draft:0", old_form(DONE, key), key) == DONE


@pytest.mark.parametrize(
    "changed",
    [
        {"request": "x" * 43},  # a 43-character request would read back as a digest
        {"at": 1796516568902},  # a number would read back as milliseconds
    ],
)
def test_a_record_that_would_read_back_otherwise_is_stored_as_before(
    changed: dict[str, Any],
) -> None:
    record = {**DONE, **changed}
    stored = json.loads(seal_record("r", "2:draft:0", record, None))
    assert stored["sum"].startswith("sha256:")
    assert open_record("r", "2:draft:0", stored, None) == record


def test_a_time_that_milliseconds_would_not_give_back_stays_text() -> None:
    record = {**DONE, "at": "2026-12-06T01:22:48.902+01:00"}
    stored = json.loads(seal_record("r", "2:draft:0", record, None))
    assert stored["at"] == record["at"]
    assert open_record("r", "2:draft:0", stored, None) == record


@pytest.mark.parametrize(
    ("name", "value", "reason"),
    [
        ("request", "A" * 43, "checksum does not match"),  # another digest
        ("at", 1796516568903, "checksum does not match"),  # another time
        ("request", "A" * 42 + "!", "damaged digest"),  # no base64url
        ("sum", "A" * 40, "damaged digest"),
    ],
)
def test_an_edited_compact_record_is_refused(name: str, value: Any, reason: str) -> None:
    stored = json.loads(seal_record("r", "2:draft:0", DONE, None))
    with pytest.raises(CheckpointCorrupt, match=reason):
        open_record("r", "2:draft:0", {**stored, name: value}, None)


def test_a_stamp_of_now_is_stored_as_its_milliseconds_without_parsing_and_reads_back() -> None:
    stamp = now()
    millis = millis_of(stamp)
    assert millis is not None
    assert packed_at(stamp) == millis
    assert time_of(millis) == stamp
    other = "2026-12-06T00:22:48.902+00:00"  # not made by now() here: parsed
    assert millis_of(other) is None
    assert time_of(packed_at(other)) == other
