"""A journal record's seal: an answer's digest is stored once (issue 17, bytes per run)."""

from __future__ import annotations

import json

import pytest

from stepgraph.checkpoint import digest, dumps
from stepgraph.errors import CheckpointCorrupt
from stepgraph.stores._journal import open_record, seal_record

OUTPUT = {"rows": [{"id": "A", "monthly": 90}], "rationale": "A is cheapest."}
DONE = {"status": "done", "attempt": 1, "output": OUTPUT, "output_sha256": digest(dumps(OUTPUT))}


def test_an_answer_that_names_its_own_digest_is_sealed_without_a_second_copy() -> None:
    stored = json.loads(seal_record("r", "2:draft:0", DONE, None))
    assert "sum_output" not in stored
    assert open_record("r", "2:draft:0", stored, None) == DONE


def test_an_edited_answer_is_refused_by_the_digest_it_names() -> None:
    stored = json.loads(seal_record("r", "2:draft:0", DONE, None))
    stored["output"]["rationale"] = "C is cheapest."
    with pytest.raises(CheckpointCorrupt, match="output does not match its digest"):
        open_record("r", "2:draft:0", stored, None)


def test_a_record_sealed_with_a_separate_output_digest_still_opens() -> None:
    record = {**DONE, "sum_output": DONE["output_sha256"]}  # as sealed before this change
    sealed = seal_record("r", "2:draft:0", record, None)
    assert open_record("r", "2:draft:0", json.loads(sealed), None) == DONE
