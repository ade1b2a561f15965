"""Command output masks a run's private fields unless --reveal NAME and the policy agree."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stepgraph.privacy import MASK
from tests.integration.cli_helpers import EXAMPLE, stepgraph

SOURCES = ("offer-A-v1", "offer-B-v1", "offer-C-v1")
PRIVATE = "tests.private_offers:GRAPH"  # the offers, with sources declared private
NOTE = "Jane Doe says the fee is negotiable"


@pytest.fixture
def store(tmp_path: Path) -> str:
    url = f"sqlite:{tmp_path / 'runs.db'}"
    done = stepgraph("run", PRIVATE, EXAMPLE, "--run-id", "r", "--store", url, cwd=tmp_path)
    assert done.code == 0, done.err
    (tmp_path / "policy.json").write_text(json.dumps({"reveal": ["ada"], "revise": ["ada"]}))
    return url


def leaked(text: str) -> list[str]:
    return [source for source in SOURCES if source in text]


def policy(tmp_path: Path) -> dict[str, str]:
    return {"STEPGRAPH_POLICY": str(tmp_path / "policy.json")}


def test_run_prints_no_private_value_in_text_or_json(tmp_path: Path) -> None:
    url = f"sqlite:{tmp_path / 'runs.db'}"
    for extra in ((), ("--json",)):
        done = stepgraph("run", PRIVATE, EXAMPLE, "--store", url, *extra, cwd=tmp_path)
        assert done.code == 0, done.err
        assert leaked(done.out) == []
        assert MASK in done.out


@pytest.mark.parametrize("command", ["status", "show"])
def test_status_and_show_json_mask_every_private_field(
    store: str, tmp_path: Path, command: str
) -> None:
    done = stepgraph(command, "r", "--json", "--graph", PRIVATE, "--store", store, cwd=tmp_path)
    assert done.code == 0, done.err
    assert leaked(done.out) == []
    shown = done.json()
    assert [offer["source"] for offer in shown["state"]["offers"]] == [MASK] * 3
    assert [row["monthly"] for row in shown["state"]["report"]["rows"]] == [120, 90, 110]


def test_show_text_masks_private_values_in_the_report_and_history(
    store: str, tmp_path: Path
) -> None:
    done = stepgraph("show", "r", "--graph", PRIVATE, "--store", store, cwd=tmp_path)
    assert done.code == 0, done.err
    assert leaked(done.out) == []
    assert MASK in done.out


def test_reveal_by_someone_the_policy_names_prints_them_in_clear(
    store: str, tmp_path: Path
) -> None:
    done = stepgraph("show", "r", "--json", "--graph", PRIVATE, "--reveal", "ada",
                     "--store", store, cwd=tmp_path, env=policy(tmp_path))  # fmt: skip
    assert done.code == 0, done.err
    assert [offer["source"] for offer in done.json()["state"]["offers"]] == list(SOURCES)


def test_reveal_by_someone_the_policy_does_not_name_is_refused_printing_nothing(
    store: str, tmp_path: Path
) -> None:
    done = stepgraph("status", "r", "--reveal", "bo", "--store", store, cwd=tmp_path,
                     env=policy(tmp_path))  # fmt: skip
    assert done.code == 7
    assert done.out == ""
    assert "bo" in done.err
    assert "reveal" in done.err


def test_a_refused_reveal_on_run_starts_no_run(tmp_path: Path) -> None:
    (tmp_path / "policy.json").write_text(json.dumps({"reveal": ["ada"]}))
    url = f"sqlite:{tmp_path / 'runs.db'}"
    done = stepgraph("run", "offers", EXAMPLE, "--run-id", "r", "--reveal", "bo", "--store", url,
                     cwd=tmp_path, env=policy(tmp_path))  # fmt: skip
    assert done.code == 7
    assert not (tmp_path / "runs.db").exists()


def test_a_reviewers_note_is_masked_in_the_offers_output_and_history(tmp_path: Path) -> None:
    (tmp_path / "policy.json").write_text(json.dumps({"revise": ["ada"]}))
    url = f"sqlite:{tmp_path / 'runs.db'}"
    first = stepgraph("run", "offers", EXAMPLE, "--run-id", "r", "--json", "--store", url,
                      cwd=tmp_path)  # fmt: skip
    digest = first.json()["wait"]["digest"]
    revised = stepgraph("revise", "r", "--digest", digest, "--by", "ada", "--note", NOTE,
                        "--store", url, cwd=tmp_path, env=policy(tmp_path))  # fmt: skip
    assert revised.code == 0, revised.err
    for extra in ((), ("--json",)):
        done = stepgraph("show", "r", *extra, "--store", url, cwd=tmp_path)
        assert done.code == 0, done.err
        assert NOTE not in done.out
        assert "offer-B-v1" in done.out  # the registered offers keep sources public
