"""Provider faults below HTTP, on real sockets: does each end as documented, and how long
does a request hold a caller?

For each client (the standard-library transport, the openai SDK transport, the
anthropic SDK) and each fault, ``--cases`` requests go to a raw TCP server on 127.0.0.1:

- trickle: a complete, valid answer sent 2 bytes every 10 ms (about 2 s in all), with
  ``--timeout`` 1: documented as ``ProviderTimeout`` once the deadline passes;
- cut-short: the answer without its last 20 bytes, then the connection closes:
  ``ProviderConnectionError`` (retried by the harness);
- not-http: an SSH banner instead of HTTP: ``ProviderConnectionError``;
- hang-up: the connection closes without a byte: ``ProviderConnectionError``;
- then through the harness: a run whose first answer is cut short and whose second is
  whole completes (``ready_for_review``) with one retry.

It prints, per client and fault, the cases that ended as documented and the longest a
request held its caller. Usage::

    .venv/bin/python bench/provider_faults.py --cases 20
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from stepgraph import errors, open_store, run  # noqa: E402
from stepgraph.adapters import Request  # noqa: E402
from stepgraph.offers import graph, make_inputs  # noqa: E402
from stepgraph.retry import RetryPolicy  # noqa: E402
from tests import rawserver as raw  # noqa: E402
from tests.support import good_report, seed_offers  # noqa: E402

REQUEST = Request(instructions="Compare.", data={"offers": []}, run_id="r", node="draft")


def faults(kind: str) -> dict[str, tuple[raw.Script, type[errors.ProviderError]]]:
    reply = raw.good(kind)
    return {
        "trickle": (raw.trickle(reply, every=0.01, chunk=2), errors.ProviderTimeout),
        "cut-short": (raw.cut_short(reply, len(reply) - 20), errors.ProviderConnectionError),
        "not-http": (raw.whole(b"SSH-2.0-OpenSSH_9.6\r\n"), errors.ProviderConnectionError),
        "hang-up": (raw.hang_up, errors.ProviderConnectionError),
    }


def one_fault(kind: str, name: str, cases: int, timeout: float) -> tuple[int, float]:
    """Cases that raised the documented error, and the longest a request took (s)."""
    documented, longest = 0, 0.0
    with raw.serve_raw() as server:
        script, expected = faults(kind)[name]
        for _ in range(cases):
            server.push(script)
            started = time.perf_counter()
            try:
                raw.client(kind, server, timeout).generate(REQUEST)
            except errors.ProviderError as error:
                documented += type(error) is expected
            except Exception:  # an undocumented error: not counted as documented
                pass
            longest = max(longest, time.perf_counter() - started)
    return documented, longest


def harness_retry(cases: int, folder: Path) -> int:
    """Runs whose first answer was cut short that still completed, with one retry."""
    report = good_report(seed_offers())
    reply = raw.http_reply(report.body, headers=report.headers)
    completed = 0
    with raw.serve_raw() as server:
        adapter = raw.client("openai-http", server, 30.0)
        for index in range(cases):
            server.push(raw.cut_short(reply, len(reply) - 20), raw.whole(reply))
            path = folder / f"runs{index}.db"
            with open_store(f"sqlite:{path}") as store:
                store.setup()
                try:
                    result = run(graph, inputs=make_inputs(seed_offers()), adapter=adapter,
                                 store=store, retry=RetryPolicy(sleep=lambda s: None))  # fmt: skip
                except errors.StepgraphError:
                    continue  # not retried: the fault this campaign looks for
            completed += result.status == "ready_for_review"
            os.unlink(path)
    return completed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=20)
    parser.add_argument("--timeout", type=float, default=1.0)
    args = parser.parse_args()
    os.environ.setdefault("ANTHROPIC_API_KEY", "sk-ant-bench")
    import anthropic  # noqa: F401 - imported before timing: the first call would pay for it
    import openai  # noqa: F401

    print(f"{args.cases} cases per fault; --timeout {args.timeout:g} s")
    print(f"{'client':<12} {'fault':<10} {'documented':>10} {'longest s':>10}")
    for kind in raw.CLIENTS:
        for name in ("trickle", "cut-short", "not-http", "hang-up"):
            documented, longest = one_fault(kind, name, args.cases, args.timeout)
            print(f"{kind:<12} {name:<10} {documented:>5}/{args.cases:<4} {longest:>10.2f}")
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        completed = harness_retry(args.cases, Path(folder))
    print(f"harness: {completed}/{args.cases} runs completed after a cut-short first answer")


if __name__ == "__main__":
    main()
