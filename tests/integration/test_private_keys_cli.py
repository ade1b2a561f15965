"""The data-key commands: runs encrypted under STEPGRAPH_DATA_KEY, rekey and forget."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest

from stepgraph.sealing import FORGOTTEN
from tests.integration.cli_helpers import EXAMPLE, stepgraph

PRIVATE = "tests.private_offers:GRAPH"
SOURCES = ("offer-A-v1", "offer-B-v1", "offer-C-v1")
OLD = "old:" + base64.b64encode(bytes(range(32))).decode()
NEW = "new:" + base64.b64encode(bytes(range(1, 33))).decode()
KEY = {"STEPGRAPH_DATA_KEY": OLD}


@pytest.fixture
def url(tmp_path: Path) -> str:
    address = f"sqlite:{tmp_path / 'runs.db'}"
    done = stepgraph("run", PRIVATE, EXAMPLE, "--run-id", "r", "--store", address,
                     cwd=tmp_path, env=KEY)  # fmt: skip
    assert done.code == 0, done.err
    return address


def stored(tmp_path: Path) -> bytes:
    return b"".join(p.read_bytes() for p in tmp_path.rglob("*") if p.is_file())


def test_run_under_a_data_key_leaves_no_private_value_in_the_database(
    url: str, tmp_path: Path
) -> None:
    assert [s for s in SOURCES if s.encode() in stored(tmp_path)] == []


def test_show_without_the_data_key_is_refused_with_exit_5(url: str, tmp_path: Path) -> None:
    done = stepgraph("show", "r", "--graph", PRIVATE, "--store", url, cwd=tmp_path)
    assert done.code == 5
    assert "STEPGRAPH_DATA_KEY" in done.err
    assert done.out == ""


def test_a_bad_data_key_is_refused_naming_the_variable(url: str, tmp_path: Path) -> None:
    done = stepgraph("show", "r", "--store", url, cwd=tmp_path,
                     env={"STEPGRAPH_DATA_KEY": "short"})  # fmt: skip
    assert done.code == 2
    assert "STEPGRAPH_DATA_KEY" in done.err


def test_rekey_all_then_the_new_key_alone_opens_the_run(url: str, tmp_path: Path) -> None:
    both = {"STEPGRAPH_DATA_KEY": NEW, "STEPGRAPH_DATA_KEY_OLD": OLD}
    done = stepgraph("rekey", "--all", "--store", url, cwd=tmp_path, env=both)
    assert done.code == 0, done.err
    assert "r  re-wrapped under key new" in done.out
    shown = stepgraph("show", "r", "--json", "--graph", PRIVATE, "--store", url, cwd=tmp_path,
                      env={"STEPGRAPH_DATA_KEY": NEW})  # fmt: skip
    assert shown.code == 0, shown.err
    assert stepgraph("show", "r", "--store", url, cwd=tmp_path, env=KEY).code == 5


def test_forget_keeps_the_audit_trail_and_the_run_never_resumes(url: str, tmp_path: Path) -> None:
    done = stepgraph("forget", "r", "--by", "dpo", "--store", url, cwd=tmp_path, env=KEY)
    assert done.code == 0, done.err
    assert "r  forgotten by dpo" in done.out
    shown = stepgraph("show", "r", "--json", "--graph", PRIVATE, "--store", url, cwd=tmp_path)
    assert shown.code == 0, shown.err  # no key needed, and the chain verified on load
    offers = shown.json()["state"]["offers"]
    assert [offer["source"] for offer in offers] == [FORGOTTEN] * 3  # not secret: not masked
    assert "@forgotten" in shown.out
    again = stepgraph("resume", "r", "--graph", PRIVATE, "--store", url, cwd=tmp_path, env=KEY)
    assert again.code == 5
    assert "forgotten by dpo" in again.err


def test_the_review_page_opens_an_encrypted_run_and_masks_its_note(tmp_path: Path) -> None:
    import json
    import urllib.request

    from tests.integration.review_server import review_server
    from tests.integration.test_review_page import POLICY, Site, cookie

    note = "Jane Doe agreed the fee by phone"
    (tmp_path / "policy.json").write_text(json.dumps(POLICY), encoding="utf-8")
    assert stepgraph("run", "offers", EXAMPLE, "--run-id", "r1", cwd=tmp_path, env=KEY).code == 0
    status = stepgraph("status", "r1", "--json", cwd=tmp_path, env=KEY).json()
    approved = stepgraph("approve", "r1", "--digest", str(status["wait"]["digest"]), "--by",
                         "ada", "--note", note, "--policy", "policy.json", cwd=tmp_path,
                         env=KEY)  # fmt: skip
    assert approved.code == 0, approved.err
    assert note.encode() not in stored(tmp_path)
    with review_server(tmp_path, env=KEY) as url:
        site = Site(tmp_path, url, url.split("/?")[0])
        request = urllib.request.Request(f"{site.root}/runs/r1", headers={"Cookie": cookie(site)})
        with urllib.request.urlopen(request, timeout=10) as answer:
            html = answer.read().decode("utf-8")
    assert "Decided: approve by ada" in html
    assert note not in html


def test_a_step_without_the_key_is_refused_even_before_anything_was_sealed(
    tmp_path: Path,
) -> None:
    import json

    (tmp_path / "policy.json").write_text(json.dumps({"approve": ["ada"]}), encoding="utf-8")
    assert stepgraph("run", "offers", EXAMPLE, "--run-id", "r1", cwd=tmp_path, env=KEY).code == 0
    status = stepgraph("status", "r1", "--json", cwd=tmp_path).json()  # nothing sealed yet
    approved = stepgraph("approve", "r1", "--digest", str(status["wait"]["digest"]), "--by",
                         "ada", "--note", "Jane Doe agreed", "--policy", "policy.json",
                         cwd=tmp_path)  # fmt: skip
    assert approved.code == 5
    assert "STEPGRAPH_DATA_KEY" in approved.err
    assert b"Jane Doe" not in stored(tmp_path)


def test_the_review_page_without_the_key_answers_423_naming_the_variable(
    tmp_path: Path,
) -> None:
    import json
    import urllib.error
    import urllib.request

    from tests.integration.review_server import review_server
    from tests.integration.test_review_page import POLICY, Site, cookie

    (tmp_path / "policy.json").write_text(json.dumps(POLICY), encoding="utf-8")
    assert stepgraph("run", PRIVATE, EXAMPLE, "--run-id", "r1", cwd=tmp_path, env=KEY).code == 0
    with review_server(tmp_path) as url:
        site = Site(tmp_path, url, url.split("/?")[0])
        request = urllib.request.Request(f"{site.root}/runs/r1", headers={"Cookie": cookie(site)})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == 423
    body = refused.value.read().decode("utf-8")
    assert "STEPGRAPH_DATA_KEY" in body
    assert not [s for s in SOURCES if s in body]


@pytest.mark.parametrize("command", ["status", "show"])
def test_an_encrypted_run_is_masked_without_graph_from_its_stored_declaration(
    url: str, tmp_path: Path, command: str
) -> None:
    done = stepgraph(command, "r", "--json", "--store", url, cwd=tmp_path, env=KEY)
    assert done.code == 0, done.err
    assert [s for s in SOURCES if s in done.out] == []
    assert [offer["source"] for offer in done.json()["state"]["offers"]] == ["[private]"] * 3
