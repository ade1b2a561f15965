"""Test adapters and helpers shared by the unit and integration suites.

Also importable by the CLI in a subprocess (``--adapter tests.support:WrongAmount``).
"""

from __future__ import annotations

import copy
import os
import time
from typing import Any

from bench.crash_campaign import mark
from stepgraph import Request
from stepgraph.offers import FixtureAdapter
from stepgraph.testing import Reply, completion

SEED_OFFERS: list[dict[str, Any]] = [
    {"id": "A", "source": "offer-A-v1", "monthly": 120},
    {"id": "B", "source": "offer-B-v1", "monthly": 90},
    {"id": "C", "source": "offer-C-v1", "monthly": 110},
]


def seed_offers() -> list[dict[str, Any]]:
    """A fresh copy of the seed's three offers."""
    return copy.deepcopy(SEED_OFFERS)


def stored_seed_run(url: str, *, max_steps: int | None = None) -> None:
    """Run the seed's offers as run "r" into the store at ``url``, and close it."""
    from stepgraph import open_store, run
    from stepgraph.offers import graph, make_inputs

    with open_store(url) as store:
        store.setup()
        run(graph, inputs=make_inputs(seed_offers()), adapter=CountingFixture(), store=store,
            run_id="r", max_steps=max_steps)  # fmt: skip


def inflate_in_place(db: Any) -> None:
    """Store every deflated text of the SQLite file ``db`` as plain text again (format 3
    reads a value by its type: a TEXT body is read as it is), so a test can edit the
    record with SQL as a person would; the deflated forms have tests of their own
    (``tests/integration/test_format_3.py``)."""
    import sqlite3

    from stepgraph.stores._deflated import split
    from stepgraph.vocabulary import inflate

    with sqlite3.connect(db) as conn:
        held = dict(conn.execute("SELECT id, body FROM stepgraph_dictionaries").fetchall())
        for table, key in (
            ("run_steps", "version"),
            ("run_inputs", "run_id"),
            ("run_generations", "key"),
        ):
            found = conn.execute(f"SELECT run_id, {key}, body FROM {table} "
                                 "WHERE typeof(body) = 'blob'").fetchall()  # fmt: skip
            for run_id, slot, body in found:
                number, stream = split(body, run_id, table)
                text = inflate(stream, held[number], run_id, table)
                conn.execute(f"UPDATE {table} SET body = ? WHERE run_id = ? AND {key} = ?",
                             (text, run_id, slot))  # fmt: skip


def good_report(offers: list[dict[str, Any]]) -> Reply:
    """The fixture's correct report for ``offers``, served as a model answer."""
    request = Request(instructions="", data={"offers": offers}, run_id="r", node="draft")
    return completion(FixtureAdapter().generate(request))


class CountingFixture:
    """The fixture adapter, counting its calls (the seed's ``calls``)."""

    def __init__(self, adapter_id: str = "fixture-v1") -> None:
        self.id = adapter_id
        self.calls = 0
        self._inner = FixtureAdapter()

    def generate(self, request: Request) -> Any:
        self.calls += 1
        return self._inner.generate(request)


class WrongAmount:
    """The seed's ``wrong`` adapter: a correct report with row 2's amount changed to 80."""

    id = "wrong-v1"

    def generate(self, request: Request) -> Any:
        report = FixtureAdapter().generate(request)
        report["rows"][1]["monthly"] = 80
        return report


class Broken:
    """An adapter whose provider always fails."""

    id = "broken-v1"

    def generate(self, request: Request) -> Any:
        raise ConnectionError("provider unreachable")


GENERATIONS_ENV = "STEPGRAPH_TEST_GENERATIONS"
DELAY_ENV = "STEPGRAPH_TEST_DELAY"  # seconds each Slow generation takes


def count_generation(run_id: str, event: str) -> None:
    """Append ``event run_id`` to the file named by $STEPGRAPH_TEST_GENERATIONS, durably."""
    path = os.environ.get(GENERATIONS_ENV)
    if path:
        mark(path, event, run_id)


def read_generations(path: str) -> list[tuple[str, str]]:
    """(event, run_id) pairs appended by ``count_generation``."""
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as handle:
        return [(line.split()[0], line.split()[1]) for line in handle if line.strip()]


class Slow:
    """The fixture, journaled, and 0.3 s per generation: long enough for resumers to overlap."""

    id = "slow-v1"
    delay = 0.3

    def generate(self, request: Request) -> Any:
        count_generation(request.run_id, "start")
        time.sleep(float(os.environ.get(DELAY_ENV, self.delay)))
        report = FixtureAdapter().generate(request)
        count_generation(request.run_id, "end")
        return report


class Chatty:
    """A correct report whose rationale adds a sentence nobody can check."""

    id = "chatty-v1"

    def generate(self, request: Request) -> Any:
        report = FixtureAdapter().generate(request)
        report["rationale"] += " Its support team is friendly."
        return report


def _send_once_then_lose_the_answer(state: dict[str, Any], context: Any) -> dict[str, Any]:
    """A node whose effect is delivered (a line in $OUTBOX_LOG) and whose answer is lost
    the first time, like a connection reset after the downstream acted."""

    def deliver(key: str) -> dict[str, str]:
        log = os.environ["OUTBOX_LOG"]
        first = not os.path.exists(log)
        with open(log, "a", encoding="utf-8") as handle:
            handle.write(key + "\n")
        if first:
            raise ConnectionResetError("the answer was lost")
        return {"delivered": key}

    return {"receipt": context.effect("notify", deliver)}


def _lossy_graph() -> Any:
    from stepgraph import END, Graph

    def start(state: dict[str, Any], context: Any) -> dict[str, Any]:
        return {"started": True}

    return Graph(name="lossy", entry="start",
                 nodes={"start": start, "send": _send_once_then_lose_the_answer},
                 edges={"start": "send", "send": END})  # fmt: skip


LOSSY = _lossy_graph()
"""start -> send: an effect with no lookup (the CLI's reconcile test)."""


KEY_OK_ENV = "STEPGRAPH_TEST_KEY_OK"  # set: the Unauthorized adapter's key works again


class Unauthorized:
    """A provider that refuses the key (HTTP 401) until $STEPGRAPH_TEST_KEY_OK is set."""

    id = "unauthorized-v1"

    def generate(self, request: Request) -> Any:
        from stepgraph.errors import AuthenticationFailed

        if not os.environ.get(KEY_OK_ENV):
            raise AuthenticationFailed("the API key was refused", status=401)
        return FixtureAdapter().generate(request)
