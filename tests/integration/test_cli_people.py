"""approve, reject, revise, supply and reconcile at the command line: codes and records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.integration.cli_helpers import EXAMPLE, ROOT, stepgraph

MISSING = str(ROOT / "examples" / "offers-missing.csv")
POLICY = {"approve": ["ada"], "reject": ["ada"], "revise": ["ada"], "supply": ["cy"]}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "policy.json").write_text(json.dumps(POLICY), encoding="utf-8")
    return tmp_path


def ready(folder: Path, run_id: str = "r1", *extra: str) -> str:
    """Run the example to review; the digest `status --json` shows for it."""
    assert stepgraph("run", "offers", EXAMPLE, "--run-id", run_id, *extra, cwd=folder).code == 0
    status = stepgraph("status", run_id, "--json", cwd=folder).json()
    return str(status["wait"]["digest"])


def act(folder: Path, *args: str) -> tuple[int, str, str]:
    done = stepgraph(*args, "--policy", "policy.json", cwd=folder)
    return done.code, done.out, done.err


def test_approve_with_the_shown_digest_exits_0_and_the_run_is_approved(folder: Path) -> None:
    digest = ready(folder)
    code, out, err = act(folder, "approve", "r1", "--digest", digest, "--by", "ada",
                         "--note", "checked")  # fmt: skip
    assert code == 0, err
    assert "approved" in out
    status = stepgraph("status", "r1", "--json", cwd=folder).json()
    assert (status["status"], status["next"]) == ("approved", "END")
    assert status["state"]["review"]["by"] == "ada"


def test_an_approval_with_a_stale_digest_exits_7_and_records_nothing(folder: Path) -> None:
    ready(folder)
    code, _, err = act(folder, "approve", "r1", "--digest", "f" * 64, "--by", "ada")
    assert code == 7
    assert "changed since it was shown" in err
    assert stepgraph("status", "r1", "--json", cwd=folder).json()["version"] == 3


def test_someone_not_in_the_policy_exits_7(folder: Path) -> None:
    digest = ready(folder)
    code, _, err = act(folder, "approve", "r1", "--digest", digest, "--by", "mallory")
    assert code == 7
    assert "'mallory' may not approve" in err


def test_without_a_policy_file_the_action_is_refused_naming_the_flag(folder: Path) -> None:
    digest = ready(folder)
    done = stepgraph("approve", "r1", "--digest", digest, "--by", "ada", cwd=folder)
    assert done.code == 2
    assert "--policy" in done.err


def test_reject_exits_0_with_the_run_rejected(folder: Path) -> None:
    digest = ready(folder)
    code, _, err = act(folder, "reject", "r1", "--digest", digest, "--by", "ada")
    assert code == 0, err
    assert stepgraph("status", "r1", "--json", cwd=folder).json()["status"] == "rejected"


def test_approving_a_blocked_run_exits_7(folder: Path) -> None:
    done = stepgraph("run", "offers", EXAMPLE, "--run-id", "b1", "--adapter",
                     "tests.support:WrongAmount", cwd=folder)  # fmt: skip
    assert done.code == 4
    code, _, err = act(folder, "approve", "b1", "--digest", "x", "--by", "ada")
    assert code == 7
    assert "blocked" in err


def test_supply_gives_the_missing_price_and_the_run_reaches_review(folder: Path) -> None:
    waiting = stepgraph("run", "offers", MISSING, "--run-id", "w1", cwd=folder)
    assert waiting.code == 3
    missing = stepgraph("status", "w1", "--json", cwd=folder).json()["state"]["missing"]
    code, out, err = act(folder, "supply", "w1", "--offer", missing[0], "--monthly", "95",
                         "--source", "offer-v2", "--by", "cy", "--json")  # fmt: skip
    assert code == 0, err
    result = json.loads(out)
    assert result["status"] == "ready_for_review"
    row = next(r for r in result["state"]["report"]["rows"] if r["id"] == missing[0])
    assert (row["monthly"], row["source"]) == (95, "offer-v2")


def test_supply_from_a_file_names_a_bad_entry(folder: Path) -> None:
    stepgraph("run", "offers", MISSING, "--run-id", "w1", cwd=folder)
    (folder / "prices.json").write_text(json.dumps([{"id": "B"}]), encoding="utf-8")
    code, _, err = act(folder, "supply", "w1", "--file", "prices.json", "--by", "cy")
    assert code == 2
    assert "[0]" in err


def test_an_approved_run_with_an_outbox_writes_one_file(folder: Path) -> None:
    digest = ready(folder, "p1", "--outbox", "outbox")
    code, _, err = act(folder, "approve", "p1", "--digest", digest, "--by", "ada")
    assert code == 0, err
    again = act(folder, "approve", "p1", "--digest", digest, "--by", "ada")
    assert again[0] == 0, again[2]
    files = list((folder / "outbox").iterdir())
    assert len(files) == 1
    assert json.loads(files[0].read_text())["report"]["recommendedId"] == "B"


def test_a_lost_effect_outcome_exits_8_and_reconcile_settles_it_without_a_repeat(
    folder: Path,
) -> None:
    (folder / "policy.json").write_text(json.dumps({"reconcile": ["ops"]}), encoding="utf-8")
    (folder / "empty.json").write_text("{}", encoding="utf-8")
    env = {"OUTBOX_LOG": str(folder / "sent.log")}
    graph = ("--graph", "tests.support:LOSSY")
    first = stepgraph("run", "tests.support:LOSSY", "empty.json", "--run-id", "m", cwd=folder,
                      env=env)  # fmt: skip
    assert first.code == 1  # the node failed after the effect was delivered
    stopped = stepgraph("resume", "m", *graph, cwd=folder, env=env)
    assert stopped.code == 8, stopped.err
    assert "needs_reconciliation" in stopped.out
    settled = stepgraph("reconcile", "m", "--happened", "--outcome", '{"delivered": "by hand"}',
                        "--by", "ops", "--policy", "policy.json", *graph, "--json",
                        cwd=folder, env=env)  # fmt: skip
    assert settled.code == 0, settled.err
    assert settled.json()["state"]["receipt"] == {"delivered": "by hand"}
    assert (folder / "sent.log").read_text().splitlines() == ["m/send/2/notify"]
