"""The review page never shows a run's private fields (a reviewer's note, here)."""

from __future__ import annotations

import urllib.request

from stepgraph.privacy import MASK
from tests.integration.cli_helpers import stepgraph
from tests.integration.test_review_page import Site, cookie, site  # noqa: F401 (fixture)

NOTE = "Jane Doe agreed the fee by phone"


def test_the_run_page_masks_the_reviewers_note(site: Site) -> None:  # noqa: F811
    digest = str(site.status("r1")["wait"]["digest"])
    approved = stepgraph("approve", "r1", "--digest", digest, "--by", "ada", "--note", NOTE,
                         "--policy", "policy.json", cwd=site.folder)  # fmt: skip
    assert approved.code == 0, approved.err
    request = urllib.request.Request(f"{site.root}/runs/r1", headers={"Cookie": cookie(site)})
    with urllib.request.urlopen(request, timeout=10) as answer:
        html = answer.read().decode("utf-8")
    assert "Decided: approve by ada" in html
    assert NOTE not in html
    assert MASK in html
