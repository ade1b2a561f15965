"""The claims evaluation suite's files are well formed (shape only; no checker is run).

Every case under ``evals/claims/<split>/<family>/`` states its family, a one-line why,
inputs and a report whose rows and recommendation are right (the suite targets the
rationale and the claims), and an expected status; each false sentence it names is
text of its rationale, and only blocked cases name any.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

SUITE = Path(__file__).resolve().parents[2] / "evals" / "claims"
SPLITS = (
    "dev",
    "heldout",
    "dev2",
    "dev3",
    "dev4",
    "final",
    "final2",
    "final3",
    "final4",
    "final5",
    "final6",
    "final7",
    "final8",
    "final9",
    "final10",
    "final11",
    "final12",
    "final13",
    "final14",
    "final15",
    "final16",
    "final17",
    "final18",
    "final19",
    "final20",
    "final21",
    "final22",
    "final23",
    "final24",
    "final25",
    "final26",
    "final27",
    "final28",
    "final29",
    "final30",
    "final31",
    "final32",
    "final33",
    "final34",
    "final35",
    "final36",
    "final37",
    "final38",
    "final39",
    "final40",
    "final41",
    "final42",
    "final43",
    "final44",
    "final45",
    "final46",
    "final47",
    "final48",
    "final49",
    "final50",
    "final53",
    "final54",
    "final51",
    "final52",
    "final57",
    "final58",
    "final55",
    "final56",
    "final59",
    "final60",
    "final61",
    "final62",
    "final63",
    "final64",
    "final65",
    "final66",
    "final67",
    "final68",
    "final69",
    "final70",
    "final71",
    "final72",
    "final73",
    "final74",
)  # dev2, dev3: before reader fixes
# final, final2: independent of the checker, held out
FILES = sorted(SUITE.glob("*/*/*.json"))
CASE_KEYS = {"name", "family", "about", "inputs", "output", "expect"}


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def families(split: str) -> set[str]:
    return {path.parent.name for path in FILES if path.parent.parent.name == split}


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_a_case_file_has_the_contract_shape(path: Path) -> None:
    case = load(path)
    assert set(case) == CASE_KEYS
    assert case["name"] == path.stem
    assert case["family"] == path.parent.name
    assert path.parent.parent.name in SPLITS
    assert isinstance(case["about"], str)
    assert case["about"].strip()
    assert "\n" not in case["about"]
    assert set(case["expect"]) in ({"status", "false_sentences"}, {"status"})
    assert case["expect"]["status"] in ("blocked", "ready_for_review")
    if "false_sentences" not in case["expect"]:  # a correct case may leave the list out
        assert case["expect"]["status"] == "ready_for_review"
    assert isinstance(case["output"]["rationale"], str)


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_every_false_sentence_is_text_of_the_rationale(path: Path) -> None:
    case = load(path)
    false = case["expect"].get("false_sentences", [])
    assert all(isinstance(text, str) and text for text in false)
    assert all(text in case["output"]["rationale"] for text in false)
    if case["expect"]["status"] == "ready_for_review":
        assert false == []


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_rows_and_recommendation_are_right_so_the_rationale_decides(path: Path) -> None:
    case = load(path)
    offers = case["inputs"]["offers"]
    assert len(offers) >= 2  # (the writers' splits have 2 to 8)
    assert case["output"]["rows"] == offers
    first_cheapest = min(offers, key=lambda offer: offer["monthly"])  # first of equals
    assert case["output"]["recommendedId"] == first_cheapest["id"]


def test_case_names_are_unique_across_all_splits() -> None:
    names = [path.stem for path in FILES]
    assert len(names) == len(set(names))


def test_the_dev_split_is_large_and_balanced() -> None:
    cases = [load(path) for path in FILES if path.parent.parent.name == "dev"]
    blocked = sum(1 for case in cases if case["expect"]["status"] == "blocked")
    assert len(cases) >= 150
    assert 0.4 <= blocked / len(cases) <= 0.6
    assert len(families("dev")) >= 22


def test_the_held_out_split_is_about_a_third_with_the_same_families() -> None:
    first = [path for path in FILES if path.parent.parent.name in ("dev", "heldout")]
    held = sum(1 for path in first if path.parent.parent.name == "heldout")
    assert len(first) >= 240
    assert 0.28 <= held / len(first) <= 0.4
    assert families("heldout") == families("dev")


def test_the_dev2_split_has_sixty_cases_half_of_them_faulty() -> None:
    cases = [load(path) for path in FILES if path.parent.parent.name == "dev2"]
    blocked = sum(1 for case in cases if case["expect"]["status"] == "blocked")
    assert len(cases) >= 60
    assert 0.4 <= blocked / len(cases) <= 0.6


def test_the_final_split_is_independent_large_and_balanced() -> None:
    cases = [load(path) for path in FILES if path.parent.parent.name == "final"]
    blocked = sum(1 for case in cases if case["expect"]["status"] == "blocked")
    assert len(cases) >= 100
    assert 0.4 <= blocked / len(cases) <= 0.6
    assert len(families("final")) >= 22


def test_the_dev3_split_has_seventy_cases_half_of_them_faulty() -> None:
    cases = [load(path) for path in FILES if path.parent.parent.name == "dev3"]
    blocked = sum(1 for case in cases if case["expect"]["status"] == "blocked")
    assert len(cases) >= 70
    assert 0.4 <= blocked / len(cases) <= 0.6


def test_the_final2_split_is_independent_large_and_balanced() -> None:
    cases = [load(path) for path in FILES if path.parent.parent.name == "final2"]
    blocked = sum(1 for case in cases if case["expect"]["status"] == "blocked")
    with_claims = sum(1 for case in cases if "claims" in case["output"])
    assert len(cases) >= 120
    assert 0.4 <= blocked / len(cases) <= 0.6
    assert len(families("final2")) >= 20
    assert with_claims >= len(cases) // 4


def test_the_final3_split_is_independent_large_and_balanced() -> None:
    cases = [load(p) for p in FILES if p.parent.parent.name == "final3"]
    faulty = [c for c in cases if c["expect"]["status"] == "blocked"]
    assert len(cases) >= 150
    assert 0.4 < len(faulty) / len(cases) < 0.6
    assert len({c["family"] for c in cases}) >= 20


@pytest.mark.parametrize(
    ("split", "least", "faulty_share"),
    [("final4", 150, (0.4, 0.6)), ("final5", 120, (0.4, 0.6)), ("final6", 150, (0.4, 0.6)),
     ("final7", 120, (0.25, 0.45)), ("final8", 150, (0.4, 0.6)),
     ("final10", 140, (0.3, 0.5)), ("final12", 120, (0.2, 0.4))],
)  # fmt: skip
def test_the_later_independent_splits_are_large_and_balanced(
    split: str, least: int, faulty_share: tuple[float, float]
) -> None:
    cases = [load(p) for p in FILES if p.parent.parent.name == split]
    faulty = [c for c in cases if c["expect"]["status"] == "blocked"]
    assert len(cases) >= least
    assert faulty_share[0] < len(faulty) / len(cases) < faulty_share[1]
    assert len({c["family"] for c in cases}) >= 10
