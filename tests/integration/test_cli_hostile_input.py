"""Hostile input through the real command line (issue 19 items 15-18): deep nesting,
lone surrogates, terminal control characters, huge ids and bad store options all end
in exit 2 with a message naming the field, nothing written, and nothing raw printed."""

from __future__ import annotations

import json
from pathlib import Path

from tests.integration.cli_helpers import EXAMPLE, Outcome, stepgraph

DEEP = 100_000
STORE = "sqlite:s/runs.db"


def refused(outcome: Outcome, *words: str) -> None:
    assert outcome.code == 2, outcome.err
    assert "internal error" not in outcome.err
    for word in words:
        assert word in outcome.err, outcome.err


def write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def offers_text(**first: object) -> str:
    offers = [{"id": "A", "source": "offer-A-v1", "monthly": 120},
              {"id": "B", "source": "offer-B-v1", "monthly": 90}]  # fmt: skip
    offers[0].update(first)
    return json.dumps(offers)


def test_an_offers_file_nested_100000_deep_is_refused_with_exit_2(tmp_path: Path) -> None:
    path = write(tmp_path, "deep.json", '{"offers": ' + "[" * DEEP + "]" * DEEP + "}")
    refused(stepgraph("run", "offers", path, "--store", STORE, cwd=tmp_path), "deeper than 64")
    assert not (tmp_path / "s").exists()


def test_a_price_nested_100000_deep_is_refused_with_exit_2(tmp_path: Path) -> None:
    text = offers_text().replace("120", "[" * DEEP + "]" * DEEP)
    path = write(tmp_path, "deep-price.json", text)
    refused(stepgraph("run", "offers", path, "--store", STORE, cwd=tmp_path), "deeper than 64")
    assert not (tmp_path / "s").exists()


def test_supplied_data_nested_deep_is_refused_with_exit_2(tmp_path: Path) -> None:
    path = write(tmp_path, "supply.json", "[" * DEEP + "]" * DEEP)
    policy = write(tmp_path, "policy.json", '{"supply": ["cy"]}')
    outcome = stepgraph("supply", "w1", "--file", path, "--by", "cy", "--policy", policy,
                        cwd=tmp_path)  # fmt: skip
    refused(outcome, "--file", "deeper than 64")


def test_a_reconciled_outcome_nested_deep_is_refused_with_exit_2(tmp_path: Path) -> None:
    outcome = stepgraph("reconcile", "r1", "--happened", "--outcome", "[" * 60_000 + "]" * 60_000,
                        "--by", "cy", cwd=tmp_path)  # fmt: skip
    refused(outcome, "--outcome", "deeper than 64")


def test_a_lone_surrogate_in_an_id_is_refused_naming_the_field(tmp_path: Path) -> None:
    path = write(tmp_path, "s.json", offers_text().replace('"A"', '"A\\ud800"', 1))
    outcome = stepgraph("run", "offers", path, "--store", STORE, cwd=tmp_path)
    refused(outcome, "offers[0].id", "lone surrogate")
    assert not (tmp_path / "s").exists()


def test_a_lone_surrogate_in_any_other_field_is_refused_naming_it(tmp_path: Path) -> None:
    path = write(tmp_path, "s.json", offers_text(note="x\\udc00").replace("\\\\", "\\"))
    outcome = stepgraph("run", "offers", path, "--store", STORE, cwd=tmp_path)
    refused(outcome, "offers[0].note", "lone surrogate")


def test_ids_and_sources_with_terminal_control_characters_are_refused(tmp_path: Path) -> None:
    for field, value in (("id", "A\x1b[2J"), ("source", "v1\rB"), ("id", "A\x07"),
                         ("source", "\x1b]0;title\x07")):  # fmt: skip
        path = write(tmp_path, "c.json", offers_text(**{field: value}))
        outcome = stepgraph("run", "offers", path, "--store", STORE, cwd=tmp_path)
        refused(outcome, f"offers[0].{field}", "printable")
        assert not any(char in outcome.err for char in "\x1b\x07\r")
    assert not (tmp_path / "s").exists()


def test_a_10000_character_id_is_refused_and_not_echoed_whole(tmp_path: Path) -> None:
    path = write(tmp_path, "long.json", offers_text(id="A" * 10_000))
    outcome = stepgraph("run", "offers", path, "--store", STORE, cwd=tmp_path)
    refused(outcome, "offers[0].id", "at most 200 characters", "10000 characters")
    assert len(outcome.err) < 1000


def test_a_10000_character_run_id_is_not_echoed_whole(tmp_path: Path) -> None:
    assert stepgraph("run", "offers", EXAMPLE, "--store", STORE, cwd=tmp_path).code == 0
    outcome = stepgraph("status", "r" * 10_000, "--store", STORE, cwd=tmp_path)
    refused(outcome, "run_id", "10000 characters")
    assert len(outcome.err) < 1000


def test_control_characters_in_a_model_answer_are_printed_escaped(tmp_path: Path) -> None:
    ran = stepgraph("run", "offers", EXAMPLE, "--run-id", "e1", "--adapter",
                    "tests.hostile:EscapingRationale", cwd=tmp_path)  # fmt: skip
    shown = stepgraph("show", "e1", cwd=tmp_path)
    for outcome in (ran, shown):
        assert outcome.code == 0, outcome.err
        assert not any(char in outcome.out for char in "\x1b\x07\r\x9b")
        assert "\\u001b]0;owned\\u0007" in outcome.out
    as_json = stepgraph("show", "e1", "--json", cwd=tmp_path)
    assert "\x9b" not in as_json.out
    assert as_json.json()["state"]["report"]["rationale"].endswith("hidden\x9b31m")


def test_a_store_url_with_an_unknown_option_value_is_usage_and_creates_nothing(
    tmp_path: Path,
) -> None:
    outcome = stepgraph("status", "x", "--store", "sqlite:x.db?synchronous=off", cwd=tmp_path)
    refused(outcome, "synchronous", "'off'")
    assert list(tmp_path.iterdir()) == []


def test_a_note_that_is_not_utf8_is_refused_naming_it_and_nothing_is_recorded(
    tmp_path: Path,
) -> None:
    write(tmp_path, "policy.json", '{"approve": ["ada"]}')
    assert stepgraph("run", "offers", EXAMPLE, "--run-id", "r1", cwd=tmp_path).code == 0
    before = stepgraph("status", "r1", "--json", cwd=tmp_path).json()
    digest = before["wait"]["digest"]
    outcome = stepgraph("approve", "r1", "--digest", digest, "--by", "ada", "--note",
                        "fine\udcff", "--policy", "policy.json", cwd=tmp_path)  # fmt: skip
    refused(outcome, "note", "lone surrogate")
    after = stepgraph("status", "r1", "--json", cwd=tmp_path).json()
    assert (after["status"], after["version"]) == ("ready_for_review", before["version"])
