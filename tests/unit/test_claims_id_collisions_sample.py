"""A small sample of bench/claims_id_collisions.py: records named like skipped words never
make a false sentence checked."""

from __future__ import annotations

from bench.claims_id_collisions import campaign


def test_records_named_like_function_words_never_make_a_false_sentence_checked() -> None:
    read, wrong = campaign(trials=150, seed=11)
    assert read == 150 * 20
    assert wrong == []
