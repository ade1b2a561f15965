"""The offers-by-id graph: offers read through fetch_offer from the shipped catalogue.

The catalogue is a real SQLite file; its HTTP face is served on 127.0.0.1. The report's
sources come from the fetched records, and only the offers a run names can be read.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from stepgraph import END, Graph, InputError, NodeError, open_store, run
from stepgraph.context import Context
from stepgraph.errors import ToolFailed
from stepgraph.offers import catalogue
from stepgraph.offers.by_id import fetch_offer, graph, make_inputs_by_id
from stepgraph.stores import Store
from stepgraph.tools import ToolRefusal
from tests.integration.cli_helpers import stepgraph
from tests.support import CountingFixture, seed_offers


@contextmanager
def _store(tmp_path: Path) -> Iterator[Store]:
    with open_store(f"sqlite:{tmp_path / 'runs.db'}") as store:
        store.setup()
        yield store


def _catalogue(tmp_path: Path) -> Path:
    path = tmp_path / "catalogue.db"
    catalogue.add_offers(path, seed_offers())
    return path


def test_a_run_from_ids_reports_the_fetched_prices_and_source_versions(tmp_path: Path) -> None:
    path = _catalogue(tmp_path)
    catalogue.add_offers(path, [{"id": "C", "source": "offer-C-v2", "monthly": 80}])
    with _store(tmp_path) as store:
        done = run(graph, inputs=make_inputs_by_id(["A", "B", "C"], str(path)),
                   adapter=CountingFixture(), store=store, run_id="r")  # fmt: skip
        reads = [v for k, v in store.generations("r").items() if ":tool:fetch_offer:" in k]
    assert done.status == "ready_for_review"
    assert done.state["report"]["rows"] == [
        {"id": "A", "source": "offer-A-v1@v1", "monthly": 120},
        {"id": "B", "source": "offer-B-v1@v1", "monthly": 90},
        {"id": "C", "source": "offer-C-v2@v2", "monthly": 80},
    ]
    assert done.state["report"]["recommendedId"] == "C"
    assert sorted(r["result"]["id"] for r in reads) == ["A", "B", "C"]
    assert all(r["status"] == "done" and r["by"] == "offers-by-id/fetch" for r in reads)


def test_the_http_catalogue_on_localhost_gives_the_same_report(tmp_path: Path) -> None:
    server = catalogue.serve(_catalogue(tmp_path))
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}"
        with _store(tmp_path) as store:
            done = run(graph, inputs=make_inputs_by_id(["B", "A"], url),
                       adapter=CountingFixture(), store=store, run_id="r")  # fmt: skip
    finally:
        server.shutdown()
        server.server_close()
    assert done.status == "ready_for_review"
    assert [row["source"] for row in done.state["report"]["rows"]] == [
        "offer-B-v1@v1", "offer-A-v1@v1"]  # fmt: skip


def test_an_id_missing_from_the_catalogue_fails_the_fetch_naming_it(tmp_path: Path) -> None:
    with _store(tmp_path) as store, pytest.raises(NodeError) as raised:
        run(graph, inputs=make_inputs_by_id(["A", "Z"], str(_catalogue(tmp_path))),
            adapter=CountingFixture(), store=store, run_id="r")  # fmt: skip
    cause = raised.value.__cause__
    assert isinstance(cause, ToolFailed)
    assert cause.error == "InputError"
    assert "'Z'" in str(cause)


def _probe(args: dict[str, Any]) -> Graph:
    def fetch(state: dict[str, Any], context: Context) -> dict[str, Any]:
        answer = context.call_tool("fetch_offer", args)
        return {"answer": answer.as_json() if isinstance(answer, ToolRefusal) else answer}

    return Graph(name="offers-by-id", entry="fetch", nodes={"fetch": fetch},
                 edges={"fetch": END}, tools={"fetch": [fetch_offer]})  # fmt: skip


@pytest.mark.parametrize("which", ["offer", "catalogue"])
def test_only_the_runs_own_offers_and_catalogue_can_be_fetched(which: str, tmp_path: Path) -> None:
    path = _catalogue(tmp_path)
    other = tmp_path / "other.db"
    catalogue.add_offers(other, seed_offers())
    args = {"offer_id": "B" if which == "offer" else "A",
            "catalogue": str(other if which == "catalogue" else path)}  # fmt: skip
    with _store(tmp_path) as store:
        done = run(_probe(args), inputs=make_inputs_by_id(["A"], str(path)),
                   adapter=CountingFixture(), store=store, run_id="r")  # fmt: skip
        [record] = store.generations("r").values()
    assert done.state["answer"]["rule"] == "constraint"
    assert (record["status"], record["rule"]) == ("refused", "constraint")


def test_a_bad_catalogue_record_is_refused_naming_the_field(tmp_path: Path) -> None:
    with pytest.raises(InputError) as raised:
        catalogue.add_offers(tmp_path / "c.db", [{"id": "A", "source": "s", "monthly": -1}])
    assert raised.value.field == "offers[0].monthly"


def test_bad_inputs_name_the_field() -> None:
    with pytest.raises(InputError) as raised:
        make_inputs_by_id(["A", "A"], "c.db")
    assert raised.value.field == "offer_ids"


def test_the_command_line_runs_offers_by_id_with_a_catalogue_beside_the_input(
    tmp_path: Path,
) -> None:
    _catalogue(tmp_path)
    source = tmp_path / "ids.json"
    source.write_text(json.dumps({"offer_ids": ["A", "B"], "catalogue": "catalogue.db"}))
    work = tmp_path / "work"
    work.mkdir()
    done = stepgraph("run", "offers-by-id", str(source), "--json", cwd=work)
    assert done.code == 0, done.err
    data = done.json()
    assert (data["status"], data["trace"]) == ("ready_for_review",
                                               ["fetch", "inspect", "draft", "verify"])  # fmt: skip
    assert data["state"]["report"]["recommendedId"] == "B"
    shown = stepgraph("show", data["run_id"], cwd=work)
    calls = [line.split() for line in shown.out.splitlines() if ":tool:fetch_offer:" in line]
    assert [(call[1], call[3]) for call in calls] == [("done", "fetch_offer")] * 2


def test_the_catalogue_command_builds_a_catalogue_from_an_offers_file(tmp_path: Path) -> None:
    from tests.integration.cli_helpers import EXAMPLE

    assert catalogue.main(["build", str(tmp_path / "c.db"), EXAMPLE]) == 0
    assert catalogue.read_offer(tmp_path / "c.db", "B") == {
        "id": "B", "version": 1, "source": "offer-B-v1", "monthly": 90}  # fmt: skip
    assert catalogue.main(["build", str(tmp_path / "c.db")]) == 2


def test_a_person_supplies_the_price_a_fetched_offer_lacks_and_the_run_finishes(
    tmp_path: Path,
) -> None:
    path = tmp_path / "catalogue.db"
    catalogue.add_offers(path, [{"id": "A", "source": "offer-A-v1", "monthly": 120},
                                {"id": "B", "source": "offer-B-v1", "monthly": None}])  # fmt: skip
    (tmp_path / "ids.json").write_text(json.dumps({"offer_ids": ["A", "B"],
                                                   "catalogue": str(path)}))  # fmt: skip
    (tmp_path / "policy.json").write_text(json.dumps({"supply": ["cy"]}))
    waiting = stepgraph("run", "offers-by-id", "ids.json", "--run-id", "r", cwd=tmp_path)
    assert waiting.code == 3, waiting.err
    supplied = stepgraph("supply", "r", "--offer", "B", "--monthly", "95", "--source",
                         "offer-B-v2", "--by", "cy", "--policy", "policy.json", "--json",
                         cwd=tmp_path)  # fmt: skip
    assert supplied.code == 0, supplied.err
    data = supplied.json()
    assert data["status"] == "ready_for_review"
    assert data["state"]["report"]["rows"][1] == {"id": "B", "source": "offer-B-v2",
                                                  "monthly": 95}  # fmt: skip
    with open_store(f"sqlite:{tmp_path / '.stepgraph' / 'runs.db'}") as store:
        steps = [entry.node for entry in store.history("r")]
    assert steps == ["fetch", "inspect", "@supply", "inspect", "draft", "verify"]


def test_supplying_a_fetched_offer_leaves_the_catalogue_read_untouched(tmp_path: Path) -> None:
    path = tmp_path / "catalogue.db"
    catalogue.add_offers(path, [{"id": "A", "source": "offer-A-v1", "monthly": 120},
                                {"id": "B", "source": "offer-B-v1", "monthly": None}])  # fmt: skip
    with _store(tmp_path) as store:
        run(graph, inputs=make_inputs_by_id(["A", "B"], str(path)), adapter=CountingFixture(),
            store=store, run_id="r")  # fmt: skip
        from stepgraph.cli_people import supply_prices
        from stepgraph.policy import Policy

        policy = Policy.from_mapping({"supply": ["cy"]})
        supply_prices(store, "r", [{"id": "B", "monthly": 95, "source": "offer-B-v2"}],
                      actor="cy", policy=policy, note=None)  # fmt: skip
        after = store.load("r")
    assert after is not None
    assert after.state["fetched"][1]["monthly"] is None
    assert after.state["offers"][1] == {"id": "B", "source": "offer-B-v2", "monthly": 95}
