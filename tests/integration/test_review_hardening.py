"""The review page under faults (issue 19 items 9, 10, 12 and 14): a signed store, a
run held by another process, the model never inside a request, every waiting state
actionable, and the page hardened (its own cookie, no framing, 404 for bad run ids)."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from stepgraph import open_store
from stepgraph.privacy import MASK
from stepgraph.review_app import cookie_name
from tests.integration.cli_helpers import EXAMPLE, ROOT, stepgraph
from tests.integration.review_server import browser, csrf_of, review_server
from tests.people_adapters import GATE

__all__ = ["browser"]  # the fixture, used by name
POLICY = {"approve": ["ada"], "reject": ["ada"], "revise": ["ada"], "supply": ["cy"],
          "reconcile": ["ops"]}  # fmt: skip
KEY = {"STEPGRAPH_SIGNING_KEY": "a signing key of enough length"}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "policy.json").write_text(json.dumps(POLICY), encoding="utf-8")
    return tmp_path


def opened(browser: Browser, url: str) -> Page:
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(url)
    return page


def status(folder: Path, run_id: str, env: dict[str, str] | None = None) -> Any:
    return stepgraph("status", run_id, "--json", cwd=folder, env=env).json()


def fetch(url: str, *, cookie: str = "", form: dict[str, str] | None = None) -> tuple[int, Any]:
    """(status, response) of a GET, or of a POST of ``form``; errors are answers too."""
    body = urllib.parse.urlencode(form).encode() if form is not None else None
    request = urllib.request.Request(url, data=body, headers={"Cookie": cookie})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return int(answer.status), (answer.headers, answer.read().decode())
    except urllib.error.HTTPError as error:
        with error:
            return error.code, (error.headers, error.read().decode())


def login(url: str) -> tuple[str, str]:
    """The page's root and the cookie header its link sets."""
    token = url.split("token=")[1]
    return url.split("/?", maxsplit=1)[0], f"{cookie_name(token)}={token}"


def test_the_page_reads_and_decides_runs_of_a_signed_store(browser: Browser, folder: Path) -> None:
    assert stepgraph("run", "offers", EXAMPLE, "--run-id", "r1", cwd=folder, env=KEY).code == 0
    with review_server(folder, KEY) as url:
        page = opened(browser, url)
        page.click("text=r1")
        assert page.inner_text("#digest") == status(folder, "r1", KEY)["wait"]["digest"]
        page.fill("#decide input[name=by]", "ada")
        page.click("#decide button[value=approve]")
        expect(page.locator("#outcome")).to_contain_text("now approved")
    assert status(folder, "r1", KEY)["status"] == "approved"


HOLD = """
import os, sys, time
from stepgraph import open_store
with open_store("sqlite:.stepgraph/runs.db") as store, store.hold(sys.argv[1]):
    print("holding", flush=True)
    while not os.path.exists("release"):
        time.sleep(0.02)
"""


def test_a_decision_while_another_process_holds_the_run_is_busy_and_records_nothing(
    folder: Path,
) -> None:
    assert stepgraph("run", "offers", EXAMPLE, "--run-id", "r1", cwd=folder).code == 0
    before = status(folder, "r1")
    holder = subprocess.Popen([sys.executable, "-c", HOLD, "r1"], cwd=folder,
                              env={"PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE,
                              text=True)  # fmt: skip
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == "holding"
        with review_server(folder) as url:
            root, cookie = login(url)
            form = {"csrf": csrf_of(url), "verdict": "approve", "by": "ada",
                    "digest": before["wait"]["digest"]}  # fmt: skip
            code, (_, body) = fetch(f"{root}/runs/r1/decide", cookie=cookie, form=form)
    finally:
        (folder / "release").touch()
        holder.communicate(timeout=30)
    assert code == 409
    assert "busy" in body
    assert "nothing was recorded, try again" in body
    after = status(folder, "r1")
    assert (after["status"], after["version"]) == ("ready_for_review", before["version"])


def test_a_revision_is_drafted_in_the_background_while_the_page_shows_progress(
    browser: Browser, folder: Path
) -> None:
    gate = folder / "gate"
    env = {GATE: str(gate)}
    gated = ("--adapter", "tests.people_adapters:GatedFixture")
    assert stepgraph("run", "offers", EXAMPLE, "--run-id", "g1", *gated, cwd=folder,
                     env=env).code == 0  # fmt: skip
    with review_server(folder, env) as url:
        page = opened(browser, url)
        page.click("text=g1")
        page.fill("#decide input[name=by]", "ada")
        page.fill("#decide textarea[name=note]", "shorter, please")
        page.click("#decide button[value=revise]")  # answered while the model waits
        expect(page.locator("#progress")).to_contain_text("revise")
        assert page.inner_text("#status") == "revising"
        assert page.locator("#decide").count() == 0  # no second action while it runs
        assert status(folder, "g1")["status"] == "revising"
        gate.touch()  # the model answers now
        expect(page.locator("#outcome")).to_contain_text("now ready_for_review")
        assert page.inner_text("#status") == "ready_for_review"
    assert status(folder, "g1")["state"]["drafts"] == 2


def test_a_run_waiting_to_retry_is_tried_now_from_the_page(browser: Browser, folder: Path) -> None:
    gate = folder / "gate"
    env = {GATE: str(gate)}
    stopped = stepgraph("run", "offers", EXAMPLE, "--run-id", "l1", "--adapter",
                        "tests.people_adapters:LimitedUntilGate", cwd=folder, env=env)  # fmt: skip
    assert stopped.code == 6, stopped.err
    gate.touch()  # the provider is back before the time it asked for
    with review_server(folder, env) as url:
        page = opened(browser, url)
        page.click("text=l1")
        page.click("#resume button")
        expect(page.locator("#outcome")).to_contain_text("now ready_for_review")
    assert status(folder, "l1")["status"] == "ready_for_review"


def test_a_lost_effect_outcome_is_reconciled_on_the_page(browser: Browser, folder: Path) -> None:
    (folder / "empty.json").write_text("{}", encoding="utf-8")
    env = {"OUTBOX_LOG": str(folder / "sent.log")}
    graph = ("--graph", "tests.support:LOSSY")
    assert stepgraph("run", "tests.support:LOSSY", "empty.json", "--run-id", "m", cwd=folder,
                     env=env).code == 1  # fmt: skip
    assert stepgraph("resume", "m", *graph, cwd=folder, env=env).code == 8
    with review_server(folder, env) as url:
        page = opened(browser, url)
        page.click("text=m")
        page.fill("#reconcile input[name=by]", "ops")
        page.click("#reconcile button[value=yes]")
        expect(page.locator("#outcome")).to_contain_text("reconcile: it happened")
    history = stepgraph("show", "m", "--json", cwd=folder).json()["history"]
    assert history[-1]["node"] == "@reconciled"
    assert history[-1]["update"]["@event"]["by"] == "ops"


def test_two_review_pages_in_one_browser_keep_their_own_login(
    browser: Browser, folder: Path
) -> None:
    assert stepgraph("run", "offers", EXAMPLE, "--run-id", "r1", cwd=folder).code == 0
    with review_server(folder) as first, review_server(folder) as second:
        context = browser.new_context()
        page = context.new_page()
        page.goto(first)
        page.goto(second)  # logs in to the second page in the same browser
        answer = page.goto(first.split("/?")[0] + "/runs/r1")
        assert answer is not None
        assert answer.status == 200
        assert page.inner_text("#status") == "ready_for_review"
        context.close()


def test_no_page_may_be_framed(folder: Path) -> None:
    assert stepgraph("run", "offers", EXAMPLE, "--run-id", "r1", cwd=folder).code == 0
    with review_server(folder) as url:
        root, cookie = login(url)
        for path, cookie_sent, expected in (("/runs/r1", cookie, 200), ("/", "", 401)):
            code, (headers, _) = fetch(root + path, cookie=cookie_sent)
            assert code == expected
            assert headers["X-Frame-Options"] == "DENY"
            assert headers["Content-Security-Policy"] == "frame-ancestors 'none'"


@pytest.mark.parametrize("run_id", ["%1b%5b2Jx", "a%20b", "x" * 300, "%F0%9F%92%A9"])
def test_an_invalid_run_id_in_a_url_is_not_found(folder: Path, run_id: str) -> None:
    assert stepgraph("run", "offers", EXAMPLE, "--run-id", "r1", cwd=folder).code == 0
    with review_server(folder) as url:
        root, cookie = login(url)
        assert fetch(f"{root}/runs/{run_id}", cookie=cookie)[0] == 404
        form = {"csrf": csrf_of(url), "verdict": "approve", "by": "ada", "digest": "d"}
        assert fetch(f"{root}/runs/{run_id}/decide", cookie=cookie, form=form)[0] == 404


def test_supply_on_a_run_not_waiting_for_data_is_refused_with_exit_7(folder: Path) -> None:
    assert stepgraph("run", "offers", EXAMPLE, "--run-id", "r1", cwd=folder).code == 0
    refused = stepgraph("supply", "r1", "--offer", "B", "--monthly", "95", "--source", "v2",
                        "--by", "cy", "--policy", "policy.json", cwd=folder)  # fmt: skip
    assert refused.code == 7, refused.err
    assert "not waiting for data" in refused.err
    assert status(folder, "r1")["version"] == 3


WRONG_UNTIL_REVISED = ("--adapter", "tests.people_adapters:WrongUntilRevised")


def test_a_blocked_report_is_sent_back_for_another_draft_on_the_page(
    browser: Browser, folder: Path
) -> None:
    blocked = stepgraph("run", "offers", EXAMPLE, "--run-id", "b1", *WRONG_UNTIL_REVISED,
                        cwd=folder)  # fmt: skip
    assert blocked.code == 4, blocked.err
    with review_server(folder) as url:
        page = opened(browser, url)
        page.click("text=b1")
        page.fill("#revise input[name=by]", "ada")
        page.fill("#revise textarea[name=note]", "copy the amounts exactly")
        page.click("#revise button")
        expect(page.locator("#outcome")).to_contain_text("now ready_for_review")
    history = stepgraph("show", "b1", "--json", cwd=folder).json()["history"]
    revised = [step for step in history if step["node"] == "@decision"]
    assert revised[0]["update"]["@event"]["by"] == "ada"
    assert revised[0]["update"]["review"]["note"] == MASK  # show masks it (docs/privacy.md)
    with open_store(f"sqlite:{folder / '.stepgraph' / 'runs.db'}") as store:
        stored = [step for step in store.history("b1") if step.node == "@decision"]
    assert stored[0].update["review"]["note"] == "copy the amounts exactly"


def test_revise_at_the_command_line_sends_a_blocked_report_back_bound_to_its_digest(
    folder: Path,
) -> None:
    blocked = stepgraph("run", "offers", EXAMPLE, "--run-id", "b2", *WRONG_UNTIL_REVISED,
                        cwd=folder)  # fmt: skip
    hint = next(line for line in blocked.out.splitlines() if "stepgraph revise b2" in line)
    digest = hint.split("--digest ")[1].split()[0]
    args = ("--by", "ada", "--note", "again", "--policy", "policy.json")
    stale = stepgraph("revise", "b2", "--digest", "0" * 64, *args, cwd=folder)
    assert stale.code == 7, stale.err
    revised = stepgraph("revise", "b2", "--digest", digest, *args, cwd=folder)
    assert revised.code == 0, revised.err
    assert status(folder, "b2")["status"] == "ready_for_review"


def test_a_job_ending_while_the_page_reads_the_store_never_shows_a_stale_status(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page reads the job before the store: a job that ends in between is shown as
    still running (the page refreshes), never as an outcome beside the older status."""
    from stepgraph import Policy
    from stepgraph.review_app import ReviewPages
    from stepgraph.review_jobs import Job
    from tests.support import stored_seed_run

    url = f"sqlite:{tmp_path / 'runs.db'}"
    stored_seed_run(url, max_steps=2)  # "r" stands at verify, status running
    pages = ReviewPages(url, Policy.from_mapping({"approve": ["ada"]}), "t")
    job = Job("supply")
    pages.jobs._jobs["r"] = job
    opened = pages.open_store

    def open_and_end_the_job() -> Any:
        store = opened()
        job.outcome = "the run went on: now ready_for_review"  # it ends as the page reads
        return store

    monkeypatch.setattr(pages, "open_store", open_and_end_the_job)
    html = pages.render("r").body.decode()
    assert "now ready_for_review" not in html
