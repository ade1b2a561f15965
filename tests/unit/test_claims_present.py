"""How verdicts are shown: text lines for the command line, spans and rows for the page."""

from __future__ import annotations

from stepgraph.claims import Table, check_text
from stepgraph.claims.present import claim_rows, rationale_spans, summary_lines

SEED = Table.from_rows([{"id": "A", "monthly": 120}, {"id": "B", "monthly": 90}])
TEXT = "B is the cheapest [c1]. A costs 100. Support is friendly."
CLAIMS = [{"id": "c1", "kind": "cheapest", "offer": "B"}]


def state() -> dict[str, object]:
    return check_text(TEXT, SEED, CLAIMS).as_dict()


def test_the_rationale_is_cut_into_marked_sentences_that_rebuild_it() -> None:
    spans = rationale_spans(TEXT, state())
    assert "".join(s["text"] for s in spans) == TEXT
    assert [(s["text"], s["kind"]) for s in spans if s["kind"]] == [
        ("B is the cheapest [c1].", "checked"),
        ("A costs 100.", "false"),
        ("Support is friendly.", "unchecked"),
    ]
    assert spans[0]["title"].endswith("(cites c1)")


def test_the_summary_counts_verdicts_and_lists_claims_with_citations() -> None:
    lines = summary_lines(state())
    assert lines[0] == ("Rationale: 1 sentences checked against the inputs, 1 contradicted, "
                        "1 unverified (read those yourself).")  # fmt: skip
    assert "  contradicted: A costs 100.  (A costs 100; the inputs: A 120)" in lines
    assert lines[-1] == "  c1 cheapest offer=B: true (inputs: the cheapest: B at 90; cited at 18)"


def test_claim_rows_for_the_page() -> None:
    assert claim_rows(state()) == [{"id": "c1", "says": "cheapest offer=B", "verdict": "true",
                                    "inputs": "the cheapest: B at 90", "cited": "18"}]  # fmt: skip


def test_a_state_without_claims_shows_nothing() -> None:
    assert summary_lines(None) == []
    assert rationale_spans("B.", {}) == [{"text": "B.", "kind": "", "title": ""}]
