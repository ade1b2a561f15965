"""Envelope encryption of private values (stepgraph.sealing)."""

from __future__ import annotations

import base64

import pytest

from stepgraph.errors import InputError, PrivateDataLocked
from stepgraph.privacy import Private
from stepgraph.sealing import (
    FORGOTTEN,
    SEALED,
    Encryption,
    Keyring,
    Opener,
    Sealer,
    key_id,
    new_run_key,
    parse_key,
    unwrap,
)

KEY = base64.b64encode(bytes(range(32))).decode()
OTHER = base64.b64encode(bytes(range(1, 33))).decode()
PRIVATE = Private({"client.address": "drop", "offers[].source": "tokenise"})
STATE = {"client": {"address": "12 Hidden Lane"}, "offers": [{"source": "ACME quote 99"}]}


def _sealer(run_key: bytes, run_id: str = "r1") -> Sealer:
    return Sealer.for_state(run_id, run_key, PRIVATE.fields, STATE)


def test_a_key_text_without_an_id_gets_an_id_derived_from_the_key() -> None:
    kid, key = parse_key(KEY)
    assert (kid, key) == (key_id(bytes(range(32))), bytes(range(32)))
    assert parse_key(f"prod-2026:{KEY}") == ("prod-2026", bytes(range(32)))


@pytest.mark.parametrize("text", ["not base64!", base64.b64encode(b"short").decode(), ":" + KEY])
def test_a_bad_key_text_is_refused_naming_the_variable(text: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_key(text)
    assert caught.value.field == "STEPGRAPH_DATA_KEY"


def test_private_leaves_and_texts_holding_a_private_value_are_sealed_others_kept() -> None:
    run_key, _ = new_run_key(Keyring.from_texts(KEY), "r1", PRIVATE, "d")
    data = {**STATE, "summary": "from ACME quote 99 at 30", "total": 30}
    sealed = _sealer(run_key).seal(data, "inputs")
    assert sealed["total"] == 30
    assert SEALED in sealed["summary"]
    assert SEALED in sealed["client"]["address"]
    assert SEALED in sealed["offers"][0]["source"]
    assert "ACME" not in str(sealed)
    assert "Hidden" not in str(sealed)
    assert Opener("r1", run_key).open(sealed, "inputs") == data


def test_a_sealed_value_moved_to_another_field_is_refused() -> None:
    run_key, _ = new_run_key(Keyring.from_texts(KEY), "r1", PRIVATE, "d")
    sealed = _sealer(run_key).seal(STATE, "inputs")
    sealed["client"]["address"], sealed["offers"][0]["source"] = (
        sealed["offers"][0]["source"], sealed["client"]["address"])  # fmt: skip
    with pytest.raises(PrivateDataLocked, match="client/address does not authenticate"):
        Opener("r1", run_key).open(sealed, "inputs")


def test_a_sealed_value_moved_to_another_run_is_refused_even_with_the_same_key() -> None:
    run_key, _ = new_run_key(Keyring.from_texts(KEY), "r1", PRIVATE, "d")
    sealed = _sealer(run_key, "r1").seal(STATE, "inputs")
    with pytest.raises(PrivateDataLocked, match="moved from another run or field"):
        Opener("r2", run_key).open(sealed, "inputs")


def test_a_sealed_value_moved_to_another_step_is_refused() -> None:
    run_key, _ = new_run_key(Keyring.from_texts(KEY), "r1", PRIVATE, "d")
    sealed = _sealer(run_key).seal(STATE, "step/2")
    with pytest.raises(PrivateDataLocked):
        Opener("r1", run_key).open(sealed, "step/3")


def test_without_a_run_key_sealed_values_read_as_forgotten() -> None:
    run_key, _ = new_run_key(Keyring.from_texts(KEY), "r1", PRIVATE, "d")
    opener = Opener("r1", None)
    opened = opener.open(_sealer(run_key).seal(STATE, "inputs"), "inputs")
    assert opened["client"]["address"] == FORGOTTEN
    assert opener.found


def test_the_run_key_unwraps_only_under_its_master_key_and_for_its_run() -> None:
    ring = Keyring.from_texts(KEY)
    run_key, record = new_run_key(ring, "r1", PRIVATE, "d")
    assert record["kid"] == ring.current
    assert record["private"] == PRIVATE.fields
    assert unwrap(ring, "r1", record) == run_key
    with pytest.raises(PrivateDataLocked, match="set STEPGRAPH_DATA_KEY"):
        unwrap(None, "r1", record)
    with pytest.raises(PrivateDataLocked, match="give the old key too"):
        unwrap(Keyring.from_texts(OTHER), "r1", record)
    with pytest.raises(PrivateDataLocked, match="does not open"):
        unwrap(ring, "r2", record)


def test_an_old_key_in_the_ring_still_unwraps_after_rotation() -> None:
    old_ring = Keyring.from_texts(KEY)
    run_key, record = new_run_key(old_ring, "r1", PRIVATE, "d")
    assert unwrap(Keyring.from_texts(OTHER, [KEY]), "r1", record) == run_key


def test_a_key_provider_is_asked_for_a_key_id_the_ring_does_not_hold() -> None:
    run_key, record = new_run_key(Keyring.from_texts(KEY), "r1", PRIVATE, "d")
    asked: list[str] = []

    def provider(kid: str) -> bytes | None:
        asked.append(kid)
        return bytes(range(32))

    ring = Keyring({"new": bytes(range(1, 33))}, "new", provider)
    assert unwrap(ring, "r1", record) == run_key
    assert asked == [record["kid"]]


def test_text_holding_no_private_value_is_left_in_clear() -> None:
    guard = PRIVATE.output_redactor("r1", STATE)
    assert guard.touches("ACME quote 99")
    assert guard.touches("see ACME quote 99, page 2")
    assert not guard.touches("an ordinary sentence")
    assert not guard.touches(42)


def test_a_key_provider_giving_a_wrong_length_key_is_refused_naming_it() -> None:
    _, record = new_run_key(Keyring.from_texts(KEY), "r1", PRIVATE, "d")
    ring = Keyring({"new": bytes(range(1, 33))}, "new", lambda kid: b"short")
    with pytest.raises(InputError) as caught:
        unwrap(ring, "r1", record)
    assert caught.value.field == "key_provider"


def test_a_keyring_never_shows_its_keys() -> None:
    ring = Keyring.from_texts(f"prod:{KEY}")
    assert KEY not in repr(Encryption(ring))
    assert repr(bytes(range(32))) not in repr(ring)
    assert "prod" in repr(ring)
