"""Offer records: the validation rules of the seed's ``inspect`` and the file loaders.

An offer is an object with a non-empty string ``id`` (unique), a non-empty string
``source`` (the version of the record it came from) and ``monthly``: a finite number
>= 0, or null when the price is missing. A missing price is never filled in.
"""

from __future__ import annotations

import json
import math
import os
import re
from typing import Any, Literal

from ..errors import InputError
from ..jsontext import check_depth, check_text, excerpt, no_constant
from ..lazy import pattern

Status = Literal[
    "running",
    "waiting_for_data",
    "blocked",
    "ready_for_review",
    "approved",
    "rejected",
    "revising",
]
STATUSES: tuple[Status, ...] = (
    "running", "waiting_for_data", "blocked", "ready_for_review", "approved", "rejected",
    "revising",
)  # fmt: skip

CSV_COLUMNS = ("id", "source", "monthly")
ROW_KEYS = CSV_COLUMNS  # a report row holds exactly these, in this order
_NUMBER = pattern(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")


def is_price(value: object) -> bool:
    """True for a usable monthly price: a finite number >= 0 that is not a boolean."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):  # exact, however large: math.isfinite would overflow
        return value >= 0
    return isinstance(value, float) and math.isfinite(value) and value >= 0


def validate_offers(offers: object) -> list[dict[str, Any]]:
    """Check ``offers`` against the seed's rules; return it, or raise ``InputError``.

    Every fault is reported (``InputError.problems``), in the seed's order: an empty
    list, duplicate ids, then each offer's id, source and price; so the first fault is
    the one the seed's ``inspect`` throws. The messages keep the seed's wording (``No
    offers``, ``Duplicate ID``, ``Invalid ID``, ``Missing source``, ``Invalid monthly
    price``) and name the field.
    """
    problems = offer_problems(offers)
    if problems:
        raise InputError.of(problems)
    assert isinstance(offers, list)
    return offers


def offer_problems(offers: object) -> list[tuple[str, str]]:
    """Every ``(field, rule)`` the offers break, in the seed's order (see above)."""
    if not isinstance(offers, list):
        return [("offers", f"must be a list of offers, not {_kind(offers)}")]
    if not offers:
        return [("offers", "No offers")]
    problems = _duplicate_ids(offers)
    for index, offer in enumerate(offers):
        problems.extend(_offer_faults(f"offers[{index}]", offer))
    return problems


def _duplicate_ids(offers: list[Any]) -> list[tuple[str, str]]:
    """Later offers whose id equals an earlier one's, as the seed's Set of ids sees it."""
    seen: dict[str, int] = {}
    problems: list[tuple[str, str]] = []
    for index, offer in enumerate(offers):
        if not isinstance(offer, dict):
            continue  # reported as an invalid offer at its own index
        key = _id_key(offer.get("id", _ABSENT))
        if key is None:
            continue
        if key in seen:
            problems.append(
                (f"offers[{index}].id",
                 f"Duplicate ID {offer.get('id')!r} (also offers[{seen[key]}])")
            )  # fmt: skip
        else:
            seen[key] = index
    return problems


_ABSENT = object()


def _id_key(value: object) -> str | None:
    """A key equal for ids a JavaScript Set holds as one value (None: never equal)."""
    if value is _ABSENT:
        return "undefined"
    if value is None or isinstance(value, (str, bool)):
        return json.dumps(value)
    if isinstance(value, int):
        return f"n:{value}"
    if isinstance(value, float):  # 2.0 and 2 are one JavaScript number
        return f"n:{int(value)}" if value.is_integer() else f"n:{value!r}"
    return None  # an object or array: the Set compares references, so never a duplicate


def _offer_faults(where: str, offer: object) -> list[tuple[str, str]]:
    if not isinstance(offer, dict):
        return [(where, f"Invalid offer: must be an object, not {_kind(offer)}")]
    faults: list[tuple[str, str]] = []
    offer_id = offer.get("id")
    if not isinstance(offer_id, str) or not offer_id:
        faults.append(
            (f"{where}.id", f"Invalid ID: must be a non-empty string, not {excerpt(offer_id)}")
        )
    elif not is_label(offer_id):
        faults.append((f"{where}.id", f"Invalid ID: {LABEL_RULE}, not {excerpt(offer_id)}"))
    source = offer.get("source")
    if not isinstance(source, str) or not source:
        faults.append(
            (f"{where}.source",
             f"Missing source: must be a non-empty string, not {excerpt(source)}")
        )  # fmt: skip
    elif not is_label(source, MAX_SOURCE):
        faults.append((f"{where}.source", f"Invalid source: {SOURCE_RULE}, not {excerpt(source)}"))
    if "monthly" not in offer:
        faults.append(
            (f"{where}.monthly", "Invalid monthly price: the field is missing (use null)")
        )
    elif offer["monthly"] is not None and not is_price(offer["monthly"]):
        faults.append(
            (f"{where}.monthly",
             f"Invalid monthly price: must be a finite number >= 0 or null, "
             f"not {offer['monthly']!r}")
        )  # fmt: skip
    return faults


MAX_LABEL = 200
MAX_SOURCE = 1000  # a source may describe the quote: "Octopus 12M Fixed: 24.50p/kWh, ..."
_PRINTABLE = "(no control characters, line breaks or lone surrogates)"
LABEL_RULE = f"must be printable text of at most {MAX_LABEL} characters {_PRINTABLE}"
SOURCE_RULE = f"must be printable text of at most {MAX_SOURCE} characters {_PRINTABLE}"


def is_label(text: str, limit: int = MAX_LABEL) -> bool:
    """True for a usable id or source: printable, at most ``limit`` characters.

    Printable excludes control characters (ESC, CR, BEL: terminal escapes when printed),
    line breaks, and lone surrogates (not Unicode text: nothing can store them).
    """
    return len(text) <= limit and text.isprintable()


def missing_prices(offers: list[dict[str, Any]]) -> list[str]:
    """The ids of offers whose price is null, in input order."""
    return [offer["id"] for offer in offers if offer["monthly"] is None]


def load_offers(path: str) -> list[dict[str, Any]]:
    """Read and validate offers from a ``.json`` or ``.csv`` file.

    JSON: a list of offers, or an object with an ``offers`` list. CSV: a header
    ``id,source,monthly``; an empty monthly cell is a missing price. Errors name the
    file, and the row (CSV) or index (JSON) and the field.
    """
    kind = os.path.splitext(path)[1].lower()
    if kind not in (".json", ".csv"):
        raise InputError("input", "the file name must end in .json or .csv", source=path)
    try:
        with open(path, "rb") as handle:
            raw = handle.read()
    except OSError as error:
        raise InputError("input", f"cannot read the file: {error.strerror}", source=path) from error
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise InputError("input", f"not UTF-8 text (byte {error.start})", source=path) from None
    if kind == ".json":
        return _from_json(text, path)
    return _from_csv(text, path)


def _from_json(text: str, path: str) -> list[dict[str, Any]]:
    try:
        check_depth(text, "input", source=path)
        data = json.loads(text, object_pairs_hook=_unique_keys, parse_constant=no_constant)
    except ValueError as error:
        raise InputError("input", f"not valid JSON: {error}", source=path) from None
    if isinstance(data, dict):
        if "offers" not in data:
            raise InputError("offers", "an object must hold an 'offers' list", source=path)
        data = data["offers"]
    problems = offer_problems(data)
    if problems:
        raise InputError.of(problems, source=path)
    assert isinstance(data, list)
    check_text(data, "offers", source=path)  # any other field: id and source are checked
    return data


def _from_csv(text: str, path: str) -> list[dict[str, Any]]:
    import csv  # only CSV input pays for these imports
    import io

    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    try:
        rows = list(reader)
    except csv.Error as error:
        raise InputError(f"row {reader.line_num}", f"not valid CSV: {error}", source=path) from None
    if not rows:
        raise InputError(
            "input", f"empty CSV: expected the header {','.join(CSV_COLUMNS)}", source=path
        )
    header = [cell.strip() for cell in rows[0]]
    if tuple(header) != CSV_COLUMNS:
        raise InputError(
            "header", f"must be {','.join(CSV_COLUMNS)}, not {','.join(header)}", source=path
        )
    offers: list[dict[str, Any]] = []
    numbers: list[int] = []  # each offer's line number (blank lines are skipped)
    cell_rules: dict[int, str] = {}  # a price cell that is no number: its own rule
    for number, row in enumerate(rows[1:], start=2):
        if not row:
            continue  # blank line
        if len(row) != len(CSV_COLUMNS):
            raise InputError(
                f"row {number}", f"has {len(row)} cells, expected {len(CSV_COLUMNS)}", source=path
            )
        offer_id, source, cell = row
        monthly, rule = _csv_price(cell)
        if rule:
            cell_rules[len(offers)] = rule
        numbers.append(number)
        offers.append({"id": offer_id, "source": source, "monthly": monthly})
    problems = offer_problems(offers)
    if not problems:
        return offers

    def relabel(field: str, rule: str) -> tuple[str, str]:
        found = re.match(r"^offers\[(\d+)\]", field)
        if not found:
            return field, rule
        index = int(found.group(1))
        if field.endswith(".monthly") and index in cell_rules:
            rule = cell_rules[index]
        return f"row {numbers[index]}{field[found.end() :]}", rule

    raise InputError.of([relabel(f, r) for f, r in problems], source=path)


def _csv_price(cell: str) -> tuple[float | int | str | None, str | None]:
    """A CSV price cell as a number (None when empty), or the cell and why it is none."""
    text = cell.strip()
    if not text:
        return None, None
    if not _NUMBER.match(text):
        return cell, f"Invalid monthly price: {cell!r} is not a number"
    value = float(text)
    if not math.isfinite(value):
        return cell, f"Invalid monthly price: {cell!r} is out of range"
    exact = value.is_integer() and "." not in text and "e" not in text.lower()
    return (int(value) if exact else value), None


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"duplicate key {key!r}")
        out[key] = value
    return out


def _kind(value: object) -> str:
    return "null" if value is None else type(value).__name__
