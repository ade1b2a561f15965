"""Private values are encrypted at rest in the SQLite, file and PostgreSQL stores."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from stepgraph import open_store, run
from stepgraph.errors import PrivateDataLocked
from stepgraph.offers import load_offers, make_inputs
from stepgraph.offers.fixture import FixtureAdapter
from stepgraph.sealing import SEALED, Encryption, Keyring
from stepgraph.stores import Store
from tests.conftest import drop_schema, store_url
from tests.integration.cli_helpers import EXAMPLE
from tests.private_offers import GRAPH
from tests.support import inflate_in_place

SOURCES = ("offer-A-v1", "offer-B-v1", "offer-C-v1")
KEY = base64.b64encode(bytes(range(32))).decode()
KINDS = ("sqlite", "file", "postgres")


def encryption(key: str = KEY) -> Encryption:
    return Encryption(Keyring.from_texts(key))


@pytest.fixture(params=KINDS)
def kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def url(kind: str, tmp_path: Path) -> Iterator[str]:
    address = store_url(kind, tmp_path)
    yield address
    if kind == "postgres":
        drop_schema(address)


def run_private(url: str, run_id: str = "r") -> None:
    with open_store(url, encryption=encryption()) as store:
        store.setup()
        inputs = make_inputs(load_offers(EXAMPLE))
        result = run(GRAPH, inputs=inputs, adapter=FixtureAdapter(), store=store, run_id=run_id)
        assert result.status == "ready_for_review"


def stored_bytes(url: str) -> bytes:
    """Every byte the store holds: its files, or every row of every table."""
    kind, _, rest = url.partition(":")
    if kind == "sqlite":  # the texts as they read, not as deflate hides them
        inflate_in_place(rest)
    if kind in ("sqlite", "file"):
        root = Path(rest).parent if kind == "sqlite" else Path(rest)
        return b"".join(p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file())
    import psycopg

    schema = url.rsplit("schema=", 1)[1]
    with psycopg.connect(url.split("?", 1)[0]) as conn:
        tables = [row[0] for row in conn.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = %s",
            (schema,))]  # fmt: skip
        rows = [str(row[0]) for t in tables
                for row in conn.execute(f'SELECT t::text FROM "{schema}"."{t}" t')]  # fmt: skip
    return "\n".join(rows).encode()


def test_no_private_value_is_in_any_stored_byte(url: str) -> None:
    run_private(url)
    data = stored_bytes(url)
    assert SEALED.encode() in data
    assert [s for s in SOURCES if s.encode() in data] == []


def test_the_run_reads_back_in_clear_with_the_key(url: str) -> None:
    run_private(url)
    with open_store(url, encryption=encryption()) as store:
        loaded = store.load("r")
        history = store.history("r")
    assert loaded is not None
    assert [offer["source"] for offer in loaded.state["offers"]] == list(SOURCES)
    assert SEALED not in json.dumps([entry.update for entry in history])


def test_a_run_with_private_data_is_refused_without_the_key(url: str) -> None:
    run_private(url)
    with open_store(url) as store, pytest.raises(PrivateDataLocked, match="STEPGRAPH_DATA_KEY"):
        store.load("r")


def test_a_run_with_private_data_is_refused_under_another_key(url: str) -> None:
    run_private(url)
    other = base64.b64encode(bytes(range(1, 33))).decode()
    store = open_store(url, encryption=encryption(other))
    with store, pytest.raises(PrivateDataLocked, match="give the old key too"):
        store.history("r")


def test_runs_of_graphs_without_private_fields_are_stored_as_they_are(url: str) -> None:
    from stepgraph import Graph
    from stepgraph.offers import graph as offers

    clear = Graph(name="offers-clear", revision=offers.revision, entry=offers.entry,
                  nodes=offers.nodes, edges=offers.edges)  # fmt: skip
    with open_store(url, encryption=encryption()) as store:
        store.setup()
        inputs = make_inputs(load_offers(EXAMPLE))
        run(clear, inputs=inputs, adapter=FixtureAdapter(), store=store, run_id="plain")
        assert store_key(store, "plain") is None
    assert SEALED.encode() not in stored_bytes(url)


def store_key(store: Store, run_id: str) -> object:
    return store.run_key(run_id)  # type: ignore[attr-defined]


def test_a_ciphertext_moved_to_another_run_is_refused(tmp_path: Path) -> None:
    import sqlite3

    url = f"sqlite:{tmp_path / 'runs.db'}"
    run_private(url, "one")
    run_private(url, "two")
    with sqlite3.connect(tmp_path / "runs.db") as db:
        (body,) = db.execute("SELECT body FROM run_inputs WHERE run_id = 'one'").fetchone()
        db.execute("UPDATE run_inputs SET body = ? WHERE run_id = 'two'", (body,))
    store = open_store(url, encryption=encryption())
    with store, pytest.raises(PrivateDataLocked, match="moved from another run or field"):
        store.load("two")


def test_a_ciphertext_moved_to_another_field_is_refused(tmp_path: Path) -> None:
    import sqlite3

    url = f"sqlite:{tmp_path / 'runs.db'}"
    run_private(url)
    inflate_in_place(tmp_path / "runs.db")  # the inputs' text, to edit as a person would
    with sqlite3.connect(tmp_path / "runs.db") as db:
        (body,) = db.execute("SELECT body FROM run_inputs WHERE run_id = 'r'").fetchone()
        inputs = json.loads(body)
        first, second = inputs["offers"][0], inputs["offers"][1]
        first["source"], second["source"] = second["source"], first["source"]
        db.execute("UPDATE run_inputs SET body = ? WHERE run_id = 'r'", (json.dumps(inputs),))
    store = open_store(url, encryption=encryption())
    with store, pytest.raises(PrivateDataLocked, match="inputs/offers/0/source does not auth"):
        store.load("r")


def test_a_graph_named_up_front_is_encrypted_when_its_run_starts(tmp_path: Path) -> None:
    url = f"sqlite:{tmp_path / 'runs.db'}"
    keys = Keyring.from_texts(KEY)
    with open_store(url, encryption=Encryption.for_graphs(keys, [GRAPH])) as store:
        inputs = make_inputs(load_offers(EXAMPLE))
        run(GRAPH, inputs=inputs, adapter=FixtureAdapter(), store=store, run_id="r")
        assert store_key(store, "r") is not None
    assert [s for s in SOURCES if s.encode() in stored_bytes(url)] == []


@pytest.mark.postgres
def test_a_submitted_run_keeps_no_private_value_in_the_queue_or_the_run(tmp_path: Path) -> None:
    from stepgraph.stores.postgres import PostgresStore
    from stepgraph.worker import Worker, submit

    address = store_url("postgres", tmp_path)
    try:
        with open_store(address, encryption=encryption()) as store:
            assert isinstance(store, PostgresStore)
            store.setup()
            inputs = make_inputs(load_offers(EXAMPLE))
            submit(store, graph=GRAPH, graph_ref="tests.private_offers:GRAPH",
                   adapter=FixtureAdapter(), adapter_ref="fixture", inputs=inputs,
                   run_id="q")  # fmt: skip
            assert [s for s in SOURCES if s.encode() in stored_bytes(address)] == []
            again = submit(store, graph=GRAPH, graph_ref="tests.private_offers:GRAPH",
                           adapter=FixtureAdapter(), adapter_ref="fixture", inputs=inputs,
                           run_id="q")  # fmt: skip
            assert again == ("q", False)  # the sealed queue row reads back as the same inputs
            worker = Worker(store, resolve_graph=lambda ref: GRAPH,
                            resolve_adapter=lambda ref: FixtureAdapter())  # fmt: skip
            claimed = worker.claim_one()
            assert claimed is not None
            worker.advance(*claimed)
            loaded = store.load("q")
        assert loaded is not None
        assert loaded.status == "ready_for_review"
        assert [offer["source"] for offer in loaded.state["offers"]] == list(SOURCES)
        assert [s for s in SOURCES if s.encode() in stored_bytes(address)] == []
    finally:
        drop_schema(address)


def test_a_clear_run_whose_data_says_sealed_loads_as_it_is(tmp_path: Path) -> None:
    from stepgraph import END, Context, Graph

    def echo(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"seen": ["@sealed", {"@sealed": 1}]}

    graph = Graph(name="echo", entry="echo", nodes={"echo": echo}, edges={"echo": END})
    with open_store(f"sqlite:{tmp_path / 'r.db'}") as store:
        run(graph, inputs={"word": "@sealed"}, adapter=FixtureAdapter(), store=store, run_id="e")
        loaded = store.load("e")
    assert loaded is not None
    assert loaded.state["seen"] == ["@sealed", {"@sealed": 1}]


def test_a_model_answer_in_the_journal_is_sealed_until_its_step_drops_it(url: str) -> None:
    from stepgraph import END, Context, FunctionAdapter, Graph
    from stepgraph.errors import StepgraphError

    secret = "acct 4929-1234-5678"

    def ask(state: dict[str, Any], context: Context) -> dict[str, Any]:
        context.generate(instructions="repeat the account", data={"account": state["account"]})
        raise RuntimeError("stopped after the call: the step is never saved")

    graph = Graph(name="ask-send", entry="ask", nodes={"ask": ask}, edges={"ask": END},
                  private={"account": "send"})  # fmt: skip
    echo = FunctionAdapter("echo-v1", lambda request: {"said": request.data["account"]})
    with open_store(url, encryption=encryption()) as store:
        store.setup()
        with pytest.raises(StepgraphError):
            run(graph, inputs={"account": secret}, adapter=echo, store=store, run_id="s")
        journal = store.generations("s")
    assert [r["output"] for r in journal.values() if "output" in r] == [{"said": secret}]
    assert secret.encode() not in stored_bytes(url)


def test_a_tool_result_in_the_journal_of_an_encrypted_run_is_sealed(tmp_path: Path) -> None:
    from stepgraph import END, Context, Graph, ToolPolicy, tool

    secret = "acct 4929-1234-5678"

    @tool(policy=ToolPolicy.allow(graphs=["tool-private"], nodes=["look"]))
    def account(holder: str) -> dict[str, Any]:
        """The account of a holder."""
        return {"holder": holder, "account": secret}

    def look(state: dict[str, Any], context: Context) -> dict[str, Any]:
        found = context.call_tool("account", {"holder": "Ada"})
        return {"found": found["holder"]}

    graph = Graph(name="tool-private", entry="look", nodes={"look": look},
                  edges={"look": END}, tools={"look": [account]},
                  private={"note": "mask"})  # fmt: skip
    url = f"sqlite:{tmp_path / 'r.db'}"
    with open_store(url, encryption=encryption()) as store:
        run(graph, inputs={"note": "x"}, adapter=FixtureAdapter(), store=store, run_id="t")
        journal = store.generations("t")
    assert [r["result"]["account"] for r in journal.values() if "result" in r] == [secret]
    assert secret.encode() not in stored_bytes(url)
