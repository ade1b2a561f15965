"""The review page end to end: `stepgraph review` in a subprocess, Debian's Chromium
driven by Playwright (headless), a real SQLite store and the real runs behind it."""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from stepgraph import open_store
from stepgraph.privacy import MASK
from stepgraph.review_app import cookie_name
from tests.integration.cli_helpers import EXAMPLE, ROOT, stepgraph
from tests.integration.review_server import browser, review_server

__all__ = ["browser"]  # the fixture, used by name

MISSING = str(ROOT / "examples" / "offers-missing.csv")
POLICY = {"approve": ["ada"], "reject": ["ada"], "revise": ["ada"], "supply": ["cy"]}


@dataclass
class Site:
    folder: Path
    url: str  # with the token
    root: str

    def status(self, run_id: str) -> Any:
        return stepgraph("status", run_id, "--json", cwd=self.folder).json()


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    (tmp_path / "policy.json").write_text(json.dumps(POLICY), encoding="utf-8")
    assert stepgraph("run", "offers", EXAMPLE, "--run-id", "r1", cwd=tmp_path).code == 0
    assert stepgraph("run", "offers", MISSING, "--run-id", "w1", cwd=tmp_path).code == 3
    with review_server(tmp_path) as url:
        yield Site(tmp_path, url, url.split("/?")[0])


@pytest.fixture
def page(browser: Browser, site: Site) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    opened = context.new_page()
    opened.goto(site.url)
    yield opened
    context.close()


def test_the_runs_page_lists_runs_by_status(page: Page) -> None:
    assert page.inner_text("#status-ready_for_review").startswith("ready_for_review")
    assert page.inner_text("#status-waiting_for_data").startswith("waiting_for_data")
    assert page.locator("a", has_text="r1").count() == 1


def test_a_failed_run_shows_the_same_status_word_on_both_pages(page: Page, site: Site) -> None:
    assert stepgraph("run", "offers", EXAMPLE, "--run-id", "f1", "--adapter",
                     "tests.support:Unauthorized", cwd=site.folder).code == 9  # fmt: skip
    page.goto(site.root + "/")
    assert page.inner_text("#status-failed").startswith("failed")
    page.goto(site.root + "/runs/f1")
    assert page.inner_text("#status") == site.status("f1")["status"] == "failed"
    assert "AuthenticationFailed" in page.inner_text("#stopped")


def test_a_reviewer_approves_on_the_page_and_the_decision_names_them(
    page: Page, site: Site
) -> None:
    page.click("text=r1")
    shown = page.inner_text("#digest")
    assert shown == site.status("r1")["wait"]["digest"]
    page.fill("#decide input[name=by]", "ada")
    page.fill("#decide textarea[name=note]", "numbers match the offers")
    page.click("#decide button[value=approve]")
    expect(page.locator("#outcome")).to_contain_text("now approved")  # carried on, then shown
    assert page.inner_text("#status") == "approved"
    assert "approve by ada" in page.inner_text("#decided")
    review = site.status("r1")["state"]["review"]
    assert (review["by"], review["digest"]) == ("ada", shown)
    assert review["note"] == MASK  # the command line masks the note (docs/privacy.md)
    with open_store(f"sqlite:{site.folder / '.stepgraph' / 'runs.db'}") as store:
        stored = store.load("r1")
    assert stored is not None
    assert stored.state["review"]["note"] == "numbers match the offers"


def test_an_approval_of_content_that_changed_after_the_page_loaded_is_refused(
    page: Page, site: Site
) -> None:
    page.click("text=r1")
    shown = page.inner_text("#digest")
    revised = stepgraph("revise", "r1", "--digest", shown, "--by", "ada", "--note", "shorter",
                        "--policy", "policy.json", cwd=site.folder)  # fmt: skip
    assert revised.code == 0, revised.err
    page.fill("#decide input[name=by]", "ada")
    page.click("#decide button[value=approve]")
    assert "changed since it was shown" in page.inner_text("#error")
    assert page.inner_text("#status") == "ready_for_review"
    assert page.inner_text("#digest") != shown
    assert site.status("r1")["status"] == "ready_for_review"


def test_someone_the_policy_does_not_name_is_refused_on_the_page(page: Page, site: Site) -> None:
    page.click("text=r1")
    page.fill("#decide input[name=by]", "mallory")
    page.click("#decide button[value=approve]")
    assert "'mallory' may not approve" in page.inner_text("#error")
    assert site.status("r1")["version"] == 3


def test_a_missing_price_is_supplied_on_the_page_and_the_run_reaches_review(
    page: Page, site: Site
) -> None:
    page.click("text=w1")
    page.fill("#supply input[name=monthly]", "95")
    page.fill("#supply input[name=source]", "offer-B-v2")
    page.fill("#supply input[name=by]", "cy")
    page.click("#supply button")
    expect(page.locator("#outcome")).to_contain_text("now ready_for_review")
    assert page.inner_text("#status") == "ready_for_review"
    assert "offer-B-v2" in page.inner_text("#rows")
    event = stepgraph("show", "w1", "--json", cwd=site.folder).json()["history"][1]
    assert (event["node"], event["update"]["@event"]["by"]) == ("@supply", "cy")


def post(site: Site, path: str, fields: dict[str, str], headers: dict[str, str]) -> int:
    body = urllib.parse.urlencode(fields).encode()
    request = urllib.request.Request(site.root + path, data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        error.close()
        return error.code


def cookie(site: Site) -> str:
    token = site.url.split("token=")[1]
    return f"{cookie_name(token)}={token}"


def test_a_post_without_the_csrf_token_is_refused(site: Site) -> None:
    digest = str(site.status("r1")["wait"]["digest"])
    fields = {"verdict": "approve", "digest": digest, "by": "ada"}
    assert post(site, "/runs/r1/decide", fields, {"Cookie": cookie(site)}) == 403
    assert site.status("r1")["status"] == "ready_for_review"


def test_a_post_from_another_origin_is_refused(site: Site) -> None:
    headers = {"Cookie": cookie(site), "Origin": "http://evil.example"}
    assert post(site, "/runs/r1/decide", {"verdict": "approve"}, headers) == 403


def test_pages_without_the_token_are_refused(site: Site) -> None:
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(site.root + "/runs/r1", timeout=10)
    refused.value.close()
    assert refused.value.code == 401
