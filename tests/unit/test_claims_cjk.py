"""Japanese and Chinese sentences: a change of script is a word boundary (an id or a number
written against kana or kanji is read), \u4e07 scales a number, and the common superlative,
comparison and price forms are read for contradictions, never marked checked."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

VPS = Table.from_rows(
    [
        {"id": "alpha-1g", "monthly": 1200},
        {"id": "beta-1g", "monthly": 980},
        {"id": "gamma-1g", "monthly": 1500},
    ]
)


def _verdict(text: str) -> str:
    (sentence,) = check_text(text, VPS).sentences
    return sentence.verdict


@pytest.mark.parametrize(
    "text",
    [
        "\u6700\u3082\u5b89\u3044\u306e\u306f`alpha-1g`\u3067\u3059\u3002",
        "\u6700\u5b89\u306falpha-1g\u3067\u3059\u3002",
        "gamma-1g\u304c\u4e00\u756a\u5b89\u3044\u3002",
        "\u6700\u3082\u9ad8\u3044\u306e\u306fbeta-1g\u3067\u3059\u3002",
        "alpha-1g\u306fbeta-1g\u3088\u308a\u5b89\u3044\u3067\u3059\u3002",
        "beta-1g\u306falpha-1g\u3088\u308a\u9ad8\u3044\u3067\u3059\u3002",
        "beta-1g\u306falpha-1g\u3088\u308a\u5b89\u304f\u3042\u308a\u307e\u305b\u3093\u3002",
        "- `alpha-1g`\uff1a\u6708\u984d1,300\u5186",
        "\u6700\u4fbf\u5b9c\u7684\u662falpha-1g\u3002",
        "alpha-1g\u6bd4beta-1g\u4fbf\u5b9c\u3002",
    ],
)
def test_a_false_cjk_statement_is_contradicted(text: str) -> None:
    assert _verdict(text) == "contradicted"


@pytest.mark.parametrize(
    "text",
    [
        "\u6700\u3082\u5b89\u3044\u306e\u306f`beta-1g`\u3067\u3059\u3002",
        "gamma-1g\u304c\u4e00\u756a\u9ad8\u3044\u3002",
        "beta-1g\u306falpha-1g\u3088\u308a\u5b89\u3044\u3067\u3059\u3002",
        "alpha-1g\u306fbeta-1g\u3088\u308a\u5b89\u304f\u3042\u308a\u307e\u305b\u3093\u3002",
        "- `alpha-1g`\uff1a\u6708\u984d1,200\u5186",
        "\u6700\u4fbf\u5b9c\u7684\u662fbeta-1g\u3002",
    ],
)
def test_a_true_cjk_statement_is_unverified_never_checked(text: str) -> None:
    assert _verdict(text) == "unverified"


def test_a_myriad_scales_the_number() -> None:
    big = Table.from_rows([{"id": "ebisu-2f", "monthly": 362000}])
    (sentence,) = check_text("ebisu-2f\uff1a36\u4e072,000\u5186", big).sentences
    assert sentence.verdict == "unverified"
    (sentence,) = check_text("ebisu-2f\uff1a36\u4e073,000\u5186", big).sentences
    assert sentence.verdict == "contradicted"


def test_a_one_off_fee_in_kanji_is_no_price() -> None:
    text = (
        "alpha-1g\u306f\u4e8b\u52d9\u624b\u6570\u6599 3,300\u5186"
        "\u304c\u304b\u304b\u308a\u307e\u3059\u3002"
    )
    assert _verdict(text) == "unverified"


def test_ids_glued_to_kana_are_read_when_another_record_is_named_in_kanji() -> None:
    table = Table.from_rows(
        [
            {"id": "alpha-1g", "source": "a.example", "monthly": 1200},
            {"id": "beta-1g", "source": "\u8acb\u6c42\u66f8_BETA.pdf", "monthly": 980},
        ],
        alias_fields=("source",),
    )
    text = "\u6700\u3082\u5b89\u3044\u306e\u306f`alpha-1g`\u3067\u3059\u3002"
    (sentence,) = check_text(text, table).sentences
    assert sentence.verdict == "contradicted"
