"""A run started with a custom adapter (``module:attr``) or ``--replay`` continues after
a person's decision (issue 19 item 11): the run keeps what rebuilds its adapter (the
reference and options, never a key), and every command that continues a run takes
``--adapter``."""

from __future__ import annotations

import json
from pathlib import Path

from tests.integration.cli_helpers import EXAMPLE, stepgraph

POLICY = {"approve": ["ada"], "reject": ["ada"], "revise": ["ada"], "supply": ["ada"],
          "reconcile": ["ada"]}  # fmt: skip
CUSTOM = "tests.people_adapters:CustomFixture"


def setup_folder(folder: Path) -> None:
    (folder / "policy.json").write_text(json.dumps(POLICY), encoding="utf-8")


def approve(folder: Path, run_id: str, *extra: str) -> tuple[int, str]:
    digest = stepgraph("status", run_id, "--json", cwd=folder).json()["wait"]["digest"]
    done = stepgraph("approve", run_id, "--digest", digest, "--by", "ada", "--policy",
                     "policy.json", *extra, cwd=folder)  # fmt: skip
    return done.code, done.out + done.err


def published(folder: Path, run_id: str) -> list[str]:
    state = stepgraph("status", run_id, "--json", cwd=folder).json()["state"]
    assert state.get("published"), state
    return sorted(path.name for path in (folder / "out").iterdir())


def test_a_run_with_a_custom_adapter_publishes_after_approval(tmp_path: Path) -> None:
    setup_folder(tmp_path)
    started = stepgraph("run", "offers", EXAMPLE, "--run-id", "c1", "--adapter", CUSTOM,
                        "--outbox", "out", cwd=tmp_path)  # fmt: skip
    assert started.code == 0, started.err
    code, said = approve(tmp_path, "c1")
    assert code == 0, said
    assert stepgraph("status", "c1", "--json", cwd=tmp_path).json()["next"] == "END"
    assert published(tmp_path, "c1") == ["c1--publish--5--outbox.json"]


def test_a_replayed_run_publishes_after_approval(tmp_path: Path) -> None:
    setup_folder(tmp_path)
    recorded = stepgraph("run", "offers", EXAMPLE, "--run-id", "a", "--record", "answers.jsonl",
                         cwd=tmp_path)  # fmt: skip
    assert recorded.code == 0, recorded.err
    replayed = stepgraph("run", "offers", EXAMPLE, "--run-id", "b", "--replay", "answers.jsonl",
                         "--outbox", "out", cwd=tmp_path)  # fmt: skip
    assert replayed.code == 0, replayed.err
    code, said = approve(tmp_path, "b")
    assert code == 0, said
    assert published(tmp_path, "b") == ["b--publish--5--outbox.json"]


def test_the_people_commands_take_adapter_to_continue_a_run(tmp_path: Path) -> None:
    setup_folder(tmp_path)
    assert stepgraph("run", "offers", EXAMPLE, "--run-id", "c2", "--adapter", CUSTOM,
                     "--outbox", "out", cwd=tmp_path).code == 0  # fmt: skip
    code, said = approve(tmp_path, "c2", "--adapter", CUSTOM)
    assert code == 0, said
    assert published(tmp_path, "c2") == ["c2--publish--5--outbox.json"]
    for command in ("reject", "revise", "supply", "reconcile"):
        helped = stepgraph(command, "--help", cwd=tmp_path)
        assert "--adapter" in helped.out, command


def test_the_kept_adapter_reference_holds_no_key(tmp_path: Path) -> None:
    setup_folder(tmp_path)
    assert stepgraph("run", "offers", EXAMPLE, "--run-id", "c3", "--adapter", CUSTOM,
                     cwd=tmp_path, env={"OPENAI_API_KEY": "sk-secret-123"}).code == 0  # fmt: skip
    shown = stepgraph("show", "c3", "--json", cwd=tmp_path).json()
    kept = shown["generations"]["@adapter"]
    assert kept["ref"] == CUSTOM
    assert "sk-secret-123" not in json.dumps(shown)
