"""A model call's request hash is the digest of its canonical JSON, whatever is cached
(issue 17 keeps each schema's canonical text between calls)."""

from __future__ import annotations

from typing import Any

import pytest

from stepgraph.checkpoint import canonical_json, digest
from stepgraph.context import _request_hash
from stepgraph.errors import InputError

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"b": {"type": "integer"}, "a": {"type": "string", "enum": ["x", "é"]}},
    "additionalProperties": False,
}


def _plain(request: list[Any]) -> str:
    return digest(canonical_json(request))


@pytest.mark.parametrize(
    "request_",
    [
        ["a-v1", "say", {"k": [1, 2.5, None, True]}, SCHEMA, 100],
        ["a-v1", 'say "q"\n', "text", None, None],
        ["a-v1", "", [], {"z": 1, "a": {"y": [], "b": "ü"}}, 0],
    ],
)
def test_the_request_hash_is_the_digest_of_the_canonical_request(request_: list[Any]) -> None:
    assert _request_hash(request_) == _plain(request_)
    assert _request_hash(request_) == _plain(request_)  # the second time from the cache


def test_a_schema_changed_in_place_gets_a_new_hash() -> None:
    schema: dict[str, Any] = {"type": "object", "required": ["a"]}
    before = _request_hash(["a-v1", "say", {}, schema, None])
    schema["required"].append("b")
    after = _request_hash(["a-v1", "say", {}, schema, None])
    assert after != before
    assert after == _plain(["a-v1", "say", {}, schema, None])


def test_a_request_with_data_that_is_not_json_names_the_data() -> None:
    with pytest.raises(InputError, match=r"request\.data"):
        _request_hash(["a-v1", "say", {"k": {1, 2}}, SCHEMA, None])
