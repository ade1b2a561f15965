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
_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")


def is_price(value: object) -> bool:
    """True for a usable monthly price: a finite number >= 0 that is not a boolean."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):  # exact, however large: math.isfinite would overflow
        return value >= 0
    return isinstance(value, float) and math.isfinite(value) and value >= 0


def validate_offers(offers: object) -> list[dict[str, Any]]:
    """Check ``offers`` against the seed's rules; return it, or raise ``InputError``.

    The messages keep the seed's wording (``No offers``, ``Duplicate ID``, ``Invalid
    ID``, ``Missing source``, ``Invalid monthly price``) and name the field.
    """
    if not isinstance(offers, list):
        raise InputError("offers", f"must be a list of offers, not {_kind(offers)}")
    if not offers:
        raise InputError("offers", "No offers")
    seen: dict[str, int] = {}
    for index, offer in enumerate(offers):
        where = f"offers[{index}]"
        if not isinstance(offer, dict):
            raise InputError(where, f"Invalid offer: must be an object, not {_kind(offer)}")
        offer_id = offer.get("id")
        if not isinstance(offer_id, str) or not offer_id:
            raise InputError(
                f"{where}.id", f"Invalid ID: must be a non-empty string, not {offer_id!r}"
            )
        if offer_id in seen:
            raise InputError(
                f"{where}.id", f"Duplicate ID {offer_id!r} (also offers[{seen[offer_id]}])"
            )
        seen[offer_id] = index
        source = offer.get("source")
        if not isinstance(source, str) or not source:
            raise InputError(
                f"{where}.source", f"Missing source: must be a non-empty string, not {source!r}"
            )
        if "monthly" not in offer:
            raise InputError(
                f"{where}.monthly", "Invalid monthly price: the field is missing (use null)"
            )
        monthly = offer["monthly"]
        if monthly is not None and not is_price(monthly):
            raise InputError(
                f"{where}.monthly",
                f"Invalid monthly price: must be a finite number >= 0 or null, not {monthly!r}",
            )
    return offers


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
        data = json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_no_constant)
    except ValueError as error:
        raise InputError("input", f"not valid JSON: {error}", source=path) from None
    if isinstance(data, dict):
        if "offers" not in data:
            raise InputError("offers", "an object must hold an 'offers' list", source=path)
        data = data["offers"]
    try:
        return validate_offers(data)
    except InputError as error:
        raise InputError(error.field, error.rule, source=path) from None


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
    for number, row in enumerate(rows[1:], start=2):
        if not row:
            continue  # blank line
        if len(row) != len(CSV_COLUMNS):
            raise InputError(
                f"row {number}", f"has {len(row)} cells, expected {len(CSV_COLUMNS)}", source=path
            )
        offer_id, source, monthly = row
        offers.append(
            {"id": offer_id, "source": source, "monthly": _csv_price(monthly, number, path)}
        )
    try:
        return validate_offers(offers)
    except InputError as error:
        field = re.sub(
            r"^offers\[(\d+)\]", lambda m: _csv_row(offers, int(m.group(1))), error.field
        )
        raise InputError(field, error.rule, source=path) from None


def _csv_row(offers: list[dict[str, Any]], index: int) -> str:
    return f"row {index + 2}" if index < len(offers) else "offers"


def _csv_price(cell: str, number: int, path: str) -> float | int | None:
    text = cell.strip()
    if not text:
        return None
    if not _NUMBER.match(text):
        raise InputError(
            f"row {number}.monthly", f"Invalid monthly price: {cell!r} is not a number", source=path
        )
    value = float(text)
    if not math.isfinite(value):
        raise InputError(
            f"row {number}.monthly", f"Invalid monthly price: {cell!r} is out of range", source=path
        )
    return (
        int(value) if value.is_integer() and "." not in text and "e" not in text.lower() else value
    )


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"duplicate key {key!r}")
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _kind(value: object) -> str:
    return "null" if value is None else type(value).__name__
