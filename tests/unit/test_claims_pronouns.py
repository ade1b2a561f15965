"""Offers named by pronoun or by position: ``the former``/``the latter``, ``they both``,
``neither A nor C``, ``the other two``, ``it`` after a phrase, a list of differences from
one subject. Each is checked when true, contradicted when false, and left unverified when
the referent is not clear.
"""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text


def table(**prices: float) -> Table:
    return Table.from_rows([{"id": k, "monthly": v} for k, v in prices.items()])


AC = table(A=70, C=66)
AB = table(A=80, B=95)
ABC = table(A=68, B=61, C=73)
GREEK = table(alpha=12, beta=15, gamma=10)
COLOURS = table(red=42, green=38, blue=47)
SAVES = table(A=62, B=50, C=57)
NEITHER = table(A=58, B=52, C=64)
TENS = table(A=90, B=120, C=100)
TWO = table(A=60, B=54)


def verdicts(text: str, inputs: Table) -> list[str]:
    return [s.verdict for s in check_text(text, inputs).sentences]


# the former / the latter


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Between A and C, the latter is cheaper by 4 a month.", "checked"),
        ("Between A and C, the former is cheaper by 4 a month.", "contradicted"),
        ("Between A and C, the former is more expensive by 4 a month.", "checked"),
        ("Between A and C, the latter is cheaper by 5 a month.", "contradicted"),
    ],
)
def test_the_former_and_the_latter_of_the_same_sentence(text: str, expected: str) -> None:
    assert verdicts(text, AC) == [expected]


@pytest.mark.parametrize(
    ("second", "expected"),
    [
        ("The former costs 80 a month and the latter 95, so the former is cheaper by 15.",
         "checked"),
        ("The former costs 95 a month and the latter 80, so the latter is cheaper by 15.",
         "contradicted"),
        ("The former costs 80 a month.", "checked"),
        ("The latter costs 80 a month.", "contradicted"),
        ("The latter is the most expensive offer.", "checked"),
        ("The former is the most expensive offer.", "contradicted"),
    ],
)  # fmt: skip
def test_the_former_and_the_latter_of_the_previous_sentence(second: str, expected: str) -> None:
    assert verdicts("A and B were compared. " + second, AB) == ["unverified", expected]


def test_the_latter_after_a_pronoun_sentence_naming_two_offers() -> None:
    good = "gamma wins on price. It is 2 cheaper than alpha and 5 cheaper than beta. "
    assert verdicts(good + "The latter is the most expensive offer; it costs 15.", GREEK)[1:] == [
        "checked",
        "checked",
    ]
    assert (
        verdicts(good + "The latter is the most expensive offer; it costs 16.", GREEK)[2]
        == "contradicted"
    )


@pytest.mark.parametrize(
    "text",
    [
        "alpha, beta and gamma were compared. The latter costs 12.",  # three named
        "The latter costs 12.",  # nothing named before
        "gamma is the pick. The latter costs 12.",  # one named
    ],
)
def test_the_former_or_latter_with_no_clear_pair_is_not_read(text: str) -> None:
    assert verdicts(text, GREEK)[-1] == "unverified"


# they both / both of them / each of them


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("A and C are more expensive; they both cost over 70 a month.", "contradicted"),
        ("A and C are more expensive; they both cost over 65 a month.", "unverified"),
        ("A and C are more expensive. They both cost over 70 a month.", "contradicted"),
        ("A and C are more expensive. Both of them cost over 70 a month.", "contradicted"),
        ("A and C are more expensive. Each of them costs over 70 a month.", "contradicted"),
        ("A and C are more expensive than B. They are both cheaper than 60.", "contradicted"),
    ],
)
def test_they_both_is_the_two_offers_of_the_clause_before(text: str, expected: str) -> None:
    assert verdicts(text, ABC)[-1] == expected


def test_they_both_is_checked_when_its_exact_reading_is_true() -> None:
    assert verdicts("A and C are more expensive than B. They are both more expensive than B.",
                    ABC) == ["checked", "checked"]  # fmt: skip
    assert verdicts("red and blue cost more. They both cost more than green.", COLOURS)[1] == (
        "checked"
    )
    assert verdicts("red and blue cost more. They both cost more than 45.", COLOURS)[1] == (
        "contradicted"
    )


@pytest.mark.parametrize(
    "text",
    [
        "B is the cheapest. They both cost over 70 a month.",  # one offer before
        "They both cost over 70 a month.",  # none before
        "B, A and C were compared. They both cost over 70 a month.",  # three before
    ],
)
def test_they_with_no_clear_antecedent_is_not_read(text: str) -> None:
    assert verdicts(text, ABC)[-1] == "unverified"


# neither ... nor


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Neither A nor C costs more than 60 a month.", "contradicted"),
        ("Neither A nor C costs more than 65 a month.", "checked"),
        ("Neither A nor C costs less than 55 a month.", "checked"),
        ("Neither A nor C costs less than 60 a month.", "contradicted"),
        ("Neither A nor C is cheaper than B.", "checked"),
    ],
)
def test_neither_nor_a_bound_is_a_bound_on_each(text: str, expected: str) -> None:
    assert verdicts(text, NEITHER) == [expected]


def test_neither_of_them_is_the_two_offers_before() -> None:
    assert verdicts("A and C were compared with B. Neither of them is cheaper than B.",
                    NEITHER) == ["unverified", "checked"]  # fmt: skip
    assert verdicts("A and C were compared with B. Neither of them is cheaper than 60.",
                    NEITHER)[1] == "contradicted"  # fmt: skip


# the other two / the rest: differences to the previous subject


@pytest.mark.parametrize(
    ("rest", "expected"),
    [
        ("The other two are more expensive: red by 4 and blue by 9.", "checked"),
        ("The other two are more expensive: red by 4 and blue by 5.", "contradicted"),
        ("The remaining offers are more expensive: red by 4 and blue by 9.", "checked"),
        ("The rest are dearer: red by 5 and blue by 9.", "contradicted"),
    ],
)
def test_the_other_two_are_more_expensive_by_each_amount(rest: str, expected: str) -> None:
    text = "green is the one to pick. It costs 38 per month. " + rest
    assert verdicts(text, COLOURS)[2] == expected


def test_the_other_two_that_are_not_all_the_others_are_not_read() -> None:
    text = "green is the one to pick. It costs 38. The other two are dearer: red by 4."
    assert verdicts(text, COLOURS)[2] == "unverified"
    text = "green is the one to pick. The other three are dearer: red by 4 and blue by 9."
    assert verdicts(text, COLOURS)[1] == "unverified"


def test_the_other_two_after_a_sentence_with_no_one_subject_is_not_read() -> None:
    text = "green and red were compared. The other two are more expensive: red by 4 and blue by 5."
    assert verdicts(text, COLOURS)[1] == "unverified"


# it, after an opening phrase


@pytest.mark.parametrize(
    ("second", "expected"),
    [
        ("At 54 per month it is cheaper than A by 6 per month.", "checked"),
        ("At 54 per month it is cheaper than A by 8 per month.", "contradicted"),
        ("At 50 per month it is cheaper than A by 6 per month.", "contradicted"),
    ],
)
def test_it_after_an_opening_phrase_is_the_previous_subject(second: str, expected: str) -> None:
    assert verdicts("B is the better deal. " + second, TWO)[1] == expected


def test_it_opening_a_sentence_is_checked_when_true() -> None:
    assert verdicts("B is the better deal. It costs 54 a month.", TWO)[1] == "checked"
    assert verdicts("B is the better deal. It costs 56 a month.", TWO)[1] == "contradicted"


def test_it_after_a_sentence_naming_two_offers_is_not_read() -> None:
    # 54 is B's price and not A's: which one "it" is decides (56 would be no price at all)
    assert verdicts("B is cheaper than A. It costs 54 a month.", TWO)[1] == "unverified"


# a list of differences from one subject


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Choosing B saves 12 a month compared with A, and 7 a month compared with C.",
         "checked"),
        ("Choosing B saves 12 a month compared with A, and 5 a month compared with C.",
         "contradicted"),
        ("B saves 12 a month over A, 7 over C.", "checked"),
        ("B saves 12 a month over A, 7 a year over C.", "contradicted"),
        ("Choosing B saves 10 a month compared with A, and 7 a month compared with C.",
         "contradicted"),
    ],
)  # fmt: skip
def test_a_list_of_savings_from_one_subject(text: str, expected: str) -> None:
    assert verdicts(text, SAVES) == [expected]


# differences with an implicit reference: the first clause's subject


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("A is the cheapest at ninety a month; C costs ten more and B thirty more.", "checked"),
        ("A is the cheapest at ninety a month; C costs ten more and B twenty more.",
         "contradicted"),
        ("A is the cheapest at ninety a month; C costs twenty more and B thirty more.",
         "contradicted"),
    ],
)  # fmt: skip
def test_differences_to_the_first_clauses_subject(text: str, expected: str) -> None:
    assert verdicts(text, TENS) == [expected]


def test_differences_with_no_clear_reference_are_not_read() -> None:
    text = "A and C are cheap; B costs thirty more."
    assert verdicts(text, TENS) == ["unverified"]


def test_a_margin_with_two_possible_references_is_false_only_when_both_are() -> None:
    # "10 more" than B (120) is false, than A (the previous subject, 90) is true
    text = "A is the cheapest. B costs 120 and C costs {} more."
    assert verdicts(text.format(10), TENS)[1] == "unverified"
    assert verdicts(text.format(30), TENS)[1] == "contradicted"


def test_a_margin_before_a_than_is_not_to_an_implicit_record() -> None:
    assert verdicts("A is the cheapest. C is dearer by 10 than A.", TENS)[1] == "unverified"


def test_a_margin_to_the_only_other_record_named_before() -> None:
    assert verdicts("A costs 90 and C is 10 more expensive.", TENS) == ["checked"]
    assert verdicts("A costs 90 and C is 20 more expensive.", TENS) == ["contradicted"]
    assert verdicts("A costs 90, B costs 120 and C is 20 more expensive.", TENS) == ["unverified"]


def test_margins_in_clauses_after_semicolons_keep_their_reference() -> None:
    # B is 30 more than A (the record C's margin was to), or 20 more than C: two readings
    text = "Prices: A 90, B 120, C 100; A is the lowest; C is 10 more; B is {} more."
    assert verdicts(text.format(30), TENS) == ["unverified"]
    assert verdicts(text.format(20), TENS) == ["unverified"]
    assert verdicts(text.format(25), TENS) == ["contradicted"]


def test_a_cumulative_margin_is_not_read() -> None:
    assert verdicts("A is the cheapest at 90. C is 10 more. B is 20 more still.", TENS)[2] == (
        "unverified"
    )


def test_a_saving_after_another_records_price_is_not_an_implicit_margin() -> None:
    text = "On a 24-month contract, B totals 780.00 against 840.00 for A, a saving of 60.00."
    assert "contradicted" not in verdicts(text, table(A=35, B=32.5))


def test_a_table_row_is_no_antecedent() -> None:
    text = "| Offer | Monthly |\n|---|---|\n| A | 60 |\n| B | 54 |\n\nIt costs 54 a month."
    assert verdicts(text, TWO)[-1] == "unverified"


@pytest.mark.parametrize(
    "text",
    [
        "B is the better deal. It is worth noting that A costs 60.",
        "B is the better deal. It costs 6 more to choose A.",
        "B is the cheapest, and A is dearer. It costs 54 a month.",
        "A and B were compared. The former price was 54.",
    ],
)
def test_references_that_are_not_clear_are_not_read(text: str) -> None:
    assert verdicts(text, TWO)[-1] == "unverified"


@pytest.mark.parametrize(
    ("second", "expected"),
    [
        ("None of the others costs less than 100.", "checked"),
        ("None of the others costs less than 105.", "contradicted"),
        ("None of the others is cheaper than A.", "checked"),
        ("None of the others is more expensive than A.", "contradicted"),
        ("Neither of the others costs more than 130.", "checked"),
        ("Neither of the others costs more than 110.", "contradicted"),
        ("None of the other two costs more than 130.", "checked"),
        ("None of the other three costs more than 130.", "unverified"),  # there are two
        ("None of the others is the cheapest.", "unverified"),
    ],
)
def test_none_of_the_others_is_every_record_but_the_previous_subject(
    second: str, expected: str
) -> None:
    assert verdicts("A is the cheapest at 90. " + second, TENS)[1] == expected


def test_none_of_the_others_with_no_one_subject_before_is_not_read() -> None:
    assert verdicts("A and B are dear. None of the others costs less than 100.", TENS)[1] == (
        "unverified"
    )


@pytest.mark.parametrize(
    ("second", "expected"),
    [
        ("Both cost over 70 a month.", "contradicted"),
        ("Both cost more than 65 a month.", "checked"),
        ("Both cost more than 70 a month.", "contradicted"),
        ("Neither costs less than 65.", "checked"),
        ("Neither costs less than 70.", "contradicted"),
        ("Neither is cheaper than B.", "checked"),
        ("Each costs more than 61.", "checked"),
        ("Both are good options.", "unverified"),
    ],
)
def test_both_each_neither_opening_a_sentence_are_the_pair_before(
    second: str, expected: str
) -> None:
    assert verdicts("A and C are more expensive. " + second, ABC)[1] == expected


def test_both_after_a_sentence_with_one_subject_is_not_read() -> None:
    assert verdicts("B is the cheapest. Both cost more than 70 a month.", ABC)[1] == "unverified"


@pytest.mark.parametrize(
    ("second", "expected"),
    [
        ("The latter is 3 dearer.", "checked"),
        ("The latter is 4 dearer.", "contradicted"),
        ("The former is 3 cheaper.", "checked"),
        ("The former is 3 more expensive.", "contradicted"),
    ],
)
def test_a_margin_of_the_former_or_the_latter_is_to_the_other_one(
    second: str, expected: str
) -> None:
    assert verdicts("We compared alpha and beta. " + second, GREEK)[1] == expected


def test_it_before_a_comparison_verb_is_the_previous_subject() -> None:
    assert verdicts("gamma wins. It undercuts alpha by 2 and beta by 5.", GREEK) == [
        "checked",
        "checked",
    ]
    assert verdicts("gamma wins. It undercuts alpha by 3 and beta by 5.", GREEK)[1] == (
        "contradicted"
    )


def test_a_superlative_within_an_opening_pair_is_of_the_two_only() -> None:
    inputs = table(A=120, B=90, C=110)
    assert verdicts("Of A and C, C is the cheapest.", inputs) == ["unverified"]
    assert verdicts("Between A and C, C is the cheapest.", inputs) == ["unverified"]
    assert verdicts("Of A and C, the latter is cheaper by 10.", inputs) == ["checked"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("green is the one to pick. The other two are more expensive.", "checked"),
        ("red is the one to pick. The other two are more expensive.", "contradicted"),
        ("green is the one to pick. The other two are more expensive than green.", "checked"),
        ("green is the one to pick. The rest are pricier.", "checked"),
        ("green is the one to pick. The other three are pricier.", "unverified"),
        ("green is the one to pick. The other two are more expensive in quality.", "unverified"),
    ],
)
def test_the_others_are_each_dearer_than_the_previous_subject(text: str, expected: str) -> None:
    assert verdicts(text, COLOURS)[1] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("B is the cheapest, and it costs 54 a month.", "checked"),
        ("B is the cheapest, and it costs 55 a month.", "contradicted"),
        ("A is the better deal because it is the cheapest.", "contradicted"),
        ("B includes a router, and it costs 54 a month.", "unverified"),
    ],
)
def test_it_after_a_conjunction_is_the_only_record_named_before(text: str, expected: str) -> None:
    assert verdicts(text, TWO) == [expected]


def test_a_margin_with_a_bracketed_yearly_figure_is_not_a_price() -> None:
    inputs = table(home=29.95, pro=39.95)
    text = "TL;DR: go with home, it is 10.00/month (120.00/year) cheaper than pro."
    assert verdicts(text, inputs) == ["unverified"]
    assert verdicts("home is 10.00/month (120.00/year) cheaper than pro.", inputs) == ["unverified"]
