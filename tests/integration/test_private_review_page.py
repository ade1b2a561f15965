"""The review page never shows a run's private fields (a reviewer's note, here)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.request
from pathlib import Path

from stepgraph.privacy import MASK
from tests.integration.cli_helpers import EXAMPLE, ROOT, stepgraph

NOTE = "Jane Doe agreed the fee by phone"


def test_the_run_page_masks_the_reviewers_note(tmp_path: Path) -> None:
    (tmp_path / "policy.json").write_text(json.dumps({"approve": ["ada"]}), encoding="utf-8")
    digest = stepgraph("run", "offers", EXAMPLE, "--run-id", "r1", "--json",
                       cwd=tmp_path).json()["wait"]["digest"]  # fmt: skip
    approved = stepgraph("approve", "r1", "--digest", digest, "--by", "ada", "--note", NOTE,
                         "--policy", "policy.json", cwd=tmp_path)  # fmt: skip
    assert approved.code == 0, approved.err
    env = {k: v for k, v in os.environ.items() if not k.startswith("STEPGRAPH_")}
    server = subprocess.Popen(
        [sys.executable, "-m", "stepgraph", "review", "--policy", "policy.json"],
        cwd=tmp_path, env={**env, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    try:
        assert server.stdout is not None
        url = server.stdout.readline().split()[-1]
        root, token = url.split("/?")[0], url.split("token=")[1]
        request = urllib.request.Request(
            f"{root}/runs/r1", headers={"Cookie": f"stepgraph_review={token}"}
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            html = answer.read().decode("utf-8")
    finally:
        server.terminate()
        server.wait(timeout=10)
        if server.stdout is not None:
            server.stdout.close()
    assert "Decided: approve by ada" in html
    assert NOTE not in html
    assert MASK in html
