"""Offers load from JSON and CSV files; errors name the file, the row and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from stepgraph import InputError
from stepgraph.offers import load_offers
from tests.support import seed_offers

HEADER = "id,source,monthly\n"


def write(tmp_path: Path, name: str, content: str | bytes) -> str:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return str(path)


def error_of(path: str) -> InputError:
    with pytest.raises(InputError) as caught:
        load_offers(path)
    assert caught.value.source == path
    return caught.value


def test_a_json_list_loads(tmp_path: Path) -> None:
    path = write(tmp_path, "o.json", '[{"id":"A","source":"a1","monthly":10}]')
    assert load_offers(path) == [{"id": "A", "source": "a1", "monthly": 10}]


def test_a_json_object_with_offers_loads(tmp_path: Path) -> None:
    path = write(tmp_path, "o.json", '{"offers":[{"id":"A","source":"a1","monthly":null}]}')
    assert load_offers(path) == [{"id": "A", "source": "a1", "monthly": None}]


def test_the_example_file_holds_the_seed_offers() -> None:
    assert load_offers(str(Path(__file__).parents[2] / "examples" / "offers.json")) == seed_offers()


def test_a_json_object_without_offers_is_refused(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, "o.json", '{"items": []}'))
    assert error.field == "offers"


def test_json_errors_name_the_index_and_field(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "o.json",
        '[{"id":"A","source":"a","monthly":1},{"id":"B","source":"b","monthly":-3}]',
    )
    error = error_of(path)
    assert (error.field, error.rule.split(":")[0]) == ("offers[1].monthly", "Invalid monthly price")
    assert str(error).startswith(f"{path}: offers[1].monthly")


def test_duplicate_json_keys_are_refused(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, "o.json", '[{"id":"A","id":"B","source":"s","monthly":1}]'))
    assert "duplicate key 'id'" in error.rule


def test_nan_in_a_json_file_is_refused(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, "o.json", '[{"id":"A","source":"s","monthly":NaN}]'))
    assert "NaN is not a JSON number" in error.rule


def test_damaged_json_is_refused(tmp_path: Path) -> None:
    assert "not valid JSON" in error_of(write(tmp_path, "o.json", '[{"id":')).rule


def test_an_empty_json_file_is_refused(tmp_path: Path) -> None:
    assert "not valid JSON" in error_of(write(tmp_path, "o.json", "")).rule


def test_a_utf8_bom_is_accepted(tmp_path: Path) -> None:
    path = write(tmp_path, "o.json", b'\xef\xbb\xbf[{"id":"A","source":"s","monthly":1}]')
    assert load_offers(path)[0]["id"] == "A"


def test_invalid_utf8_is_refused(tmp_path: Path) -> None:
    assert "not UTF-8" in error_of(write(tmp_path, "o.json", b'[{"id":"\xff"}]')).rule


def test_a_missing_file_is_an_input_error(tmp_path: Path) -> None:
    assert "cannot read the file" in error_of(str(tmp_path / "none.json")).rule


def test_an_unknown_extension_is_refused(tmp_path: Path) -> None:
    assert ".json or .csv" in error_of(write(tmp_path, "o.txt", "[]")).rule


def test_a_csv_file_loads_with_an_empty_cell_as_missing(tmp_path: Path) -> None:
    path = write(tmp_path, "o.csv", HEADER + 'A,a1,120\nB,b1,\nC,"c, v1",110.5\n')
    assert load_offers(path) == [
        {"id": "A", "source": "a1", "monthly": 120},
        {"id": "B", "source": "b1", "monthly": None},
        {"id": "C", "source": "c, v1", "monthly": 110.5},
    ]


def test_csv_errors_name_the_row_and_field(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, "o.csv", HEADER + "A,a1,120\nB,,90\n"))
    assert (error.field, error.rule.split(":")[0]) == ("row 3.source", "Missing source")


def test_a_csv_price_that_is_not_a_number_names_the_row(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, "o.csv", HEADER + "A,a1,ninety\n"))
    assert error.field == "row 2.monthly"
    assert "'ninety' is not a number" in error.rule


def test_a_negative_csv_price_is_an_invalid_price(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, "o.csv", HEADER + "A,a1,-4\n"))
    assert (error.field, error.rule.split(":")[0]) == ("row 2.monthly", "Invalid monthly price")


def test_a_duplicate_id_in_csv_names_the_later_row(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, "o.csv", HEADER + "A,a1,1\nA,a2,2\n"))
    assert error.field == "row 3.id"


def test_a_csv_with_a_wrong_header_is_refused(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, "o.csv", "id,price\nA,1\n"))
    assert error.field == "header"


def test_a_csv_row_with_extra_cells_is_refused(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, "o.csv", HEADER + "A,a1,1,extra\n"))
    assert (error.field, error.rule) == ("row 2", "has 4 cells, expected 3")


def test_a_csv_row_with_missing_cells_is_refused(tmp_path: Path) -> None:
    assert error_of(write(tmp_path, "o.csv", HEADER + "A,a1\n")).field == "row 2"


def test_a_csv_with_only_a_header_has_no_offers(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, "o.csv", HEADER))
    assert (error.field, error.rule) == ("offers", "No offers")


def test_an_empty_csv_is_refused(tmp_path: Path) -> None:
    assert "empty CSV" in error_of(write(tmp_path, "o.csv", "")).rule


def test_a_csv_with_an_unclosed_quote_names_the_row(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, "o.csv", HEADER + 'A,"a1,120\n'))
    assert error.field.startswith("row ")
    assert "not valid CSV" in error.rule


def test_a_json_price_beyond_float_range_is_an_invalid_price(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, "o.json", '[{"id":"A","source":"s","monthly":1e400}]'))
    assert (error.field, error.rule.split(":")[0]) == ("offers[0].monthly", "Invalid monthly price")


# Several faults in one list: every fault is reported, in the seed's order (an empty
# list, duplicate ids, then each offer's id, source and price), so the first one is the
# one the seed's inspect throws.


def test_a_duplicate_id_is_reported_before_an_empty_source_on_an_earlier_offer(
    tmp_path: Path,
) -> None:
    offers = (
        '[{"id":"A","source":"","monthly":1},{"id":"B","source":"b","monthly":2},'
        '{"id":"B","source":"b2","monthly":3}]'
    )
    error = error_of(write(tmp_path, "o.json", offers))
    assert (error.field, error.rule.split(" ")[0:2]) == ("offers[2].id", ["Duplicate", "ID"])
    assert [field for field, _ in error.problems] == ["offers[2].id", "offers[0].source"]


def test_a_duplicate_id_is_reported_before_a_string_price_on_another_offer(
    tmp_path: Path,
) -> None:
    offers = '[{"id":"A","source":"a","monthly":"9"},{"id":"A","source":"a2","monthly":2}]'
    error = error_of(write(tmp_path, "o.json", offers))
    assert [field for field, _ in error.problems] == ["offers[1].id", "offers[0].monthly"]


def test_each_offer_reports_its_id_then_source_then_price_in_input_order(tmp_path: Path) -> None:
    offers = '[{"id":"A","source":"","monthly":-1},{"id":"","source":"b","monthly":null}]'
    error = error_of(write(tmp_path, "o.json", offers))
    assert [field for field, _ in error.problems] == [
        "offers[0].source", "offers[0].monthly", "offers[1].id",
    ]  # fmt: skip


def test_the_message_lists_every_fault(tmp_path: Path) -> None:
    offers = '[{"id":"A","source":"","monthly":1},{"id":"A","source":"a","monthly":2}]'
    error = error_of(write(tmp_path, "o.json", offers))
    assert "offers[1].id: Duplicate ID" in str(error)
    assert "offers[0].source: Missing source" in str(error)


def test_a_csv_duplicate_id_is_reported_before_an_earlier_price_that_is_not_a_number(
    tmp_path: Path,
) -> None:
    error = error_of(write(tmp_path, "o.csv", HEADER + "A,a1,ninety\nA,a2,2\n"))
    assert [field for field, _ in error.problems] == ["row 3.id", "row 2.monthly"]
    assert "'ninety' is not a number" in error.problems[1][1]


def test_a_single_fault_is_the_only_problem(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, "o.json", '[{"id":"A","source":"","monthly":1}]'))
    assert error.problems == ((error.field, error.rule),)
