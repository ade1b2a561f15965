"""JSON text from outside (input files, supplied data, outcomes) and values echoed back.

Python's JSON decoder recurses once per nesting level, so ``[[[[...]]]]`` 100,000 deep
ends in ``RecursionError`` deep inside; and ``"\\ud800"`` decodes to a lone surrogate,
which no UTF-8 file, database or terminal can hold. ``loads`` refuses both before
anything is used, naming the field: nesting deeper than ``MAX_DEPTH`` levels, and a
lone surrogate anywhere (``check_text`` gives its path). ``excerpt`` bounds what an
error message repeats of a value (a 10,000-character id is not echoed whole).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from .errors import InputError

MAX_DEPTH = 64
"""Deepest nesting of arrays and objects accepted in JSON read from outside."""

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")
SURROGATE = re.compile("[\ud800-\udfff]")


def check_depth(text: str, field: str, *, source: str | None = None) -> None:
    """Refuse JSON ``text`` whose arrays and objects nest deeper than ``MAX_DEPTH``."""
    depth = 0
    for bracket in _BRACKETS.finditer(_STRINGS.sub('""', text)):
        depth += 1 if bracket.group() in "[{" else -1
        if depth > MAX_DEPTH:
            raise InputError(field, f"nests arrays or objects deeper than {MAX_DEPTH} levels",
                             source=source)  # fmt: skip


def loads(
    text: str,
    field: str,
    *,
    source: str | None = None,
    pairs: Callable[[list[tuple[str, Any]]], Any] | None = None,
) -> Any:
    """Decode JSON ``text`` read from outside; ``InputError`` on ``field`` if it is not
    JSON, nests too deep, or holds a lone surrogate (``pairs``: an object_pairs_hook)."""
    check_depth(text, field, source=source)
    try:
        data = json.loads(text, object_pairs_hook=pairs, parse_constant=no_constant)
    except ValueError as error:
        raise InputError(field, f"not valid JSON: {error}", source=source) from None
    check_text(data, field, source=source)
    return data


def no_constant(name: str) -> Any:
    """A ``parse_constant`` that refuses NaN and the infinities."""
    raise ValueError(f"{name} is not a JSON number")


def check_text(value: Any, path: str, *, source: str | None = None) -> None:
    """Refuse a lone surrogate in any string or key inside ``value``, naming its path."""
    if isinstance(value, str):
        if SURROGATE.search(value):
            raise InputError(path, f"holds a lone surrogate ({excerpt(value)}): text must be "
                             "valid Unicode", source=source)  # fmt: skip
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            check_text(item, f"{path}[{index}]", source=source)
    elif isinstance(value, dict):
        for key, item in value.items():
            check_text(key, f"{path} key", source=source)
            check_text(item, f"{path}.{key}", source=source)


def excerpt(value: object, limit: int = 60) -> str:
    """``repr(value)`` cut to about ``limit`` characters, saying how long it was."""
    shown = repr(value)
    if len(shown) <= limit:
        return shown
    size = f" ({len(value)} characters)" if isinstance(value, str) else ""
    return f"{shown[:limit]}...{size}"
