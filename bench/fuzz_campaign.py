"""Bad-input campaign: arbitrary offer data must end in a valid status or an InputError.

Generates offer data with hypothesis (any JSON types, unicode, huge and tiny numbers,
-0.0, 1e308, nested objects) and raw files (JSON and CSV bytes: BOMs, invalid UTF-8,
quotes, missing or extra columns, duplicate keys, empty files). Every case must end
in ``waiting_for_data`` or ``ready_for_review``, or in an ``InputError`` that names a
field, and an error must leave the store empty. Any other exception is a defect.

Hostile files add nesting up to 200,000 deep (the whole file, a price, an id), lone
surrogate escapes and terminal control characters (ESC, CR, BEL, an OSC sequence) in
ids, sources and other fields, and ids up to 10,000 characters; ``--cli`` of them also
go through the real command line, which must exit 0, 2 or 3, never print "internal
error", and never print a raw control character. Forged journal records (random
records appended to a run signed with a key, unsealed or sealed without the key) must
be refused when the journal is read.

Usage::

    .venv/bin/python bench/fuzz_campaign.py --examples 10000 --cli 300

``tests/unit/test_fuzz_inputs.py`` runs a few hundred examples of the same properties.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stepgraph import CheckpointCorrupt, InputError, NodeError, open_store, run
from stepgraph.offers import FixtureAdapter, graph, load_offers, make_inputs
from stepgraph.stores._journal import seal_record

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


CONTROLS = ["\x1b[2J", "\r", "\x07", "\x1b]0;owned\x07", "\x9b31m", "\t", "\x00"]
hostile_text = st.builds(
    lambda head, bad, tail: head + bad + tail,
    st.text(max_size=3),
    st.sampled_from(CONTROLS) | st.sampled_from(["\\ud800", "\\udc00x", "A\\udfff"]),
    st.text(max_size=3),
)


def _hostile_offer(kind: str, depth: int, text: str, long_id: int) -> str:
    """One offers file (JSON text) with one hostile feature of ``kind``."""
    offers: list[dict[str, Any]] = [
        {"id": "A", "source": "offer-A-v1", "monthly": 120},
        {"id": "B", "source": "offer-B-v1", "monthly": 90},
    ]
    nest = "[" * depth + "]" * depth
    if kind == "deep-file":
        return nest
    if kind in ("deep-price", "deep-id"):
        field = "monthly" if kind == "deep-price" else "id"
        return json.dumps(offers).replace(json.dumps(offers[0][field]), nest, 1)
    if kind == "long-id":
        offers[0]["id"] = "A" * long_id
        return json.dumps(offers)
    field = {"text-id": "id", "text-source": "source", "text-other": "note"}[kind]
    offers[0][field] = "\0"  # placeholder, replaced by the raw (escaped) text
    return json.dumps(offers).replace('"\\u0000"', json.dumps(text).replace("\\\\u", "\\u"))


hostile_files = st.builds(
    lambda kind, depth, text, long_id: _hostile_offer(kind, depth, text, long_id).encode(
        "utf-8", "surrogatepass"
    ),
    st.sampled_from(
        ["deep-file", "deep-price", "deep-id", "long-id", "text-id", "text-source", "text-other"]
    ),
    st.integers(min_value=1, max_value=200_000),
    hostile_text,
    st.integers(min_value=150, max_value=10_000),
)


def check_cli(raw: bytes) -> int:
    """Run a hostile file through the real command line; return its exit code."""
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "input.json").write_bytes(raw)
        done = subprocess.run(
            [sys.executable, "-m", "stepgraph", "run", "offers", "input.json", "--store",
             "sqlite:s/runs.db"],
            cwd=folder, capture_output=True, timeout=120, check=False,
            env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])},
        )  # fmt: skip
        said = done.stdout + done.stderr
        expect(done.returncode in (0, 2, 3), (done.returncode, said[-300:]))
        expect(b"internal error" not in said, said[-300:])
        raw_controls = [c for c in (b"\x1b", b"\x07", b"\r", b"\xc2\x9b") if c in said]
        expect(not raw_controls, (raw_controls, said[-300:]))
        expect(len(done.stderr) < 3000, f"{len(done.stderr)} bytes of error")
        if done.returncode == 2:
            expect(not os.path.exists(os.path.join(folder, "s")), "a refused run wrote a store")
    return done.returncode


FORGE_KEY = b"a signing key of enough length"
forged_records = st.tuples(
    st.dictionaries(st.text(max_size=6), json_values, max_size=4),
    st.sampled_from(["unsealed", "sealed-without-key", "sealed-for-another-slot"]),
    st.sampled_from(["1:draft:0", "2:publish:effect:outbox", "@adapter"]),
)


def check_forged(folder: str, record: dict[str, Any], how: str, slot: str) -> str:
    """Append a forged record to run "r"'s journal in a signed file store: refused."""
    stored: Any = {name: value for name, value in record.items() if name != "sum"}
    if how != "unsealed":
        sealed_for = slot if how == "sealed-without-key" else "0:other:0"
        key = None if how == "sealed-without-key" else FORGE_KEY
        with contextlib.suppress(ValueError):  # NaN cannot be sealed: written unsealed
            stored = json.loads(seal_record("r", sealed_for, record, key))
    with open(os.path.join(folder, "r.generations"), "w", encoding="utf-8") as handle:
        handle.write(json.dumps({"key": slot, "record": stored}) + "\n")
    try:
        open_store(f"file:{folder}", signing_key=FORGE_KEY).generations("r")
    except CheckpointCorrupt:
        return "refused"
    raise AssertionError(f"a forged journal record was accepted: {stored!r}")


def properties(examples: int, cli: int = 0) -> list[Any]:
    """The properties, each bound to ``examples`` examples (``cli`` through the CLI)."""
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

    @config
    @given(hostile_files)
    def hostile_files_end_well(raw: bytes) -> None:
        check_file(raw, ".json")

    @config
    @given(forged_records)
    def forged_journal_records_are_refused(forged: tuple[dict[str, Any], str, str]) -> None:
        with tempfile.TemporaryDirectory() as folder:
            check_forged(folder, *forged)

    found = [offers_end_well, json_files_end_well, csv_files_end_well, hostile_files_end_well,
             forged_journal_records_are_refused]  # fmt: skip
    if cli:

        @settings(config, max_examples=cli)
        @given(hostile_files)
        def hostile_files_through_the_cli(raw: bytes) -> None:
            check_cli(raw)

        found.append(hostile_files_through_the_cli)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=10_000, help="examples per property")
    parser.add_argument("--cli", type=int, default=0, help="hostile files through the CLI")
    parser.add_argument("--only", nargs="+", help="run only these properties")
    args = parser.parse_args()
    for prop in properties(args.examples, args.cli):
        if args.only and prop.__name__ not in args.only:
            continue
        started = time.perf_counter()
        prop()
        print(
            json.dumps(
                {
                    "property": prop.__name__,
                    "examples": args.cli if prop.__name__.endswith("cli") else args.examples,
                    "failures": 0,
                    "seconds": round(time.perf_counter() - started, 1),
                }
            )
        )


if __name__ == "__main__":
    main()
