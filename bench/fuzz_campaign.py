"""Bad-input campaign: arbitrary offer data must end in a valid status or an InputError.

Generates offer data with hypothesis (any JSON types, unicode, huge and tiny numbers,
-0.0, 1e308, nested objects) and raw files (JSON and CSV bytes: BOMs, invalid UTF-8,
quotes, missing or extra columns, duplicate keys, empty files). Every case must end
in ``waiting_for_data`` or ``ready_for_review``, or in an ``InputError`` that names a
field, and an error must leave the store empty. Any other exception is a defect.

Usage::

    .venv/bin/python bench/fuzz_campaign.py --examples 10000

``tests/unit/test_fuzz_inputs.py`` runs a few hundred examples of the same properties.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stepgraph import InputError, NodeError, open_store, run
from stepgraph.offers import FixtureAdapter, graph, load_offers, make_inputs

STATUSES = ("waiting_for_data", "ready_for_review")

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**400)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.sampled_from([0.0, -0.0, 1e308, 5e-324, 90, 90.0, -1])
    | st.text(max_size=12)
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
offer_like = st.fixed_dictionaries(
    {},
    optional={
        "id": st.text(max_size=4) | json_values,
        "source": st.text(max_size=8) | json_values,
        "monthly": scalars | json_values,
        "note": json_values,
    },
)
offers_data = st.lists(offer_like | json_values, max_size=5) | json_values


def expect(condition: object, message: object) -> None:
    """Fail the property (hypothesis then shrinks the example) unless ``condition``."""
    if not condition:
        raise AssertionError(message)


def check_offers(offers: Any) -> str:
    """Run the workflow on in-memory offers; return the outcome or raise AssertionError."""
    store = open_store("memory:")
    try:
        result = run(graph, inputs=make_inputs(offers), adapter=FixtureAdapter(), store=store)
    except InputError as error:  # data that is not JSON at all (NaN, big ints are JSON)
        expect(error.field, error)
        outcome = "input-error"
    except NodeError as error:
        cause = error.__cause__
        expect(error.node == "inspect", error)
        expect(isinstance(cause, InputError) and cause.field, repr(cause))
        outcome = "input-error"
    else:
        expect(result.status in STATUSES, result.status)
        return result.status
    expect(store.list_runs() == [], "an error wrote a run")
    return outcome


def check_file(raw: bytes, suffix: str) -> str:
    """Load a raw input file; a loaded list must then run to a valid status."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, f"input{suffix}")
        with open(path, "wb") as handle:
            handle.write(raw)
        try:
            offers = load_offers(path)
        except InputError as error:
            expect(error.field, error)
            expect(error.rule, error)
            expect(error.source == path, error)
            return "input-error"
    outcome = check_offers(offers)
    expect(outcome in STATUSES, f"the loader accepted offers that inspect refused: {offers!r}")
    return outcome


csv_cells = st.text(alphabet=st.characters(blacklist_categories=["Cs"]), max_size=8)
csv_files = st.builds(
    lambda header, rows: (header + "\n" + "\n".join(",".join(r) for r in rows)).encode(),
    st.sampled_from(
        ["id,source,monthly", "id,source", "id,source,monthly,extra", '"id",source,monthly', ""]
    ),
    st.lists(
        st.lists(
            csv_cells | st.sampled_from(['"a,b"', '""', "12.5", "-3", "1e309", " 7 "]),
            min_size=0,
            max_size=4,
        ),
        max_size=4,
    ),
)
json_files = st.one_of(
    st.builds(lambda v: json.dumps(v, allow_nan=True).encode(), offers_data),
    st.builds(lambda v: b"\xef\xbb\xbf" + json.dumps(v).encode(), st.lists(offer_like, max_size=3)),
    st.binary(max_size=40),
    st.sampled_from(
        [
            b"",
            b"[",
            b'[{"id":"A","id":"B","source":"s","monthly":1}]',
            b'[{"id":"A","source":"s","monthly":NaN}]',
            b'[{"id":"\xff"}]',
            b'{"offers": 3}',
            b'[{"id":"A","source":"s","monthly":1e400}]',
        ]
    ),
)


def properties(examples: int) -> list[Any]:
    """The three properties, each bound to ``examples`` examples."""
    config = settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )

    @config
    @given(offers_data)
    def offers_end_well(offers: Any) -> None:
        check_offers(offers)

    @config
    @given(json_files)
    def json_files_end_well(raw: bytes) -> None:
        check_file(raw, ".json")

    @config
    @given(csv_files)
    def csv_files_end_well(raw: bytes) -> None:
        check_file(raw, ".csv")

    return [offers_end_well, json_files_end_well, csv_files_end_well]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=10_000, help="examples per property")
    args = parser.parse_args()
    for prop in properties(args.examples):
        started = time.perf_counter()
        prop()
        print(
            json.dumps(
                {
                    "property": prop.__name__,
                    "examples": args.examples,
                    "failures": 0,
                    "seconds": round(time.perf_counter() - started, 1),
                }
            )
        )


if __name__ == "__main__":
    main()
