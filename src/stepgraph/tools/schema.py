"""JSON Schema for tool arguments: derived from type hints, and a small validator.

``schema_of`` turns a Python type hint into a JSON Schema (``str``, ``int``, ``float``,
``bool``, ``None``, ``list[X]``, ``dict[str, X]``, ``Literal[...]``, ``X | None``); a
hint it does not know becomes ``{}`` (any JSON value). ``problems`` checks a value
against the subset of JSON Schema those produce plus the bounds a tool author adds
by hand (``minimum``, ``maximum``, ``minLength``, ``maxLength``, ``pattern``,
``minItems``, ``maxItems``, ``enum``, ``required``, ``additionalProperties``).
"""

from __future__ import annotations

import inspect
import re
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

_SIMPLE: dict[Any, str] = {str: "string", int: "integer", float: "number", bool: "boolean",
                           type(None): "null"}  # fmt: skip
_PYTHON: dict[str, tuple[type, ...]] = {
    "string": (str,), "integer": (int,), "number": (int, float), "boolean": (bool,),
    "null": (type(None),), "array": (list,), "object": (dict,),
}  # fmt: skip
_SIZES = (
    (str, "minLength", "maxLength", "character(s)"),
    (list, "minItems", "maxItems", "item(s)"),
)
RESERVED = ("idempotency_key",)
"""Parameters the harness fills in itself (a write tool's idempotency key)."""


def schema_of(hint: Any) -> dict[str, Any]:
    """The JSON Schema of one type hint; ``{}`` when the hint says nothing usable."""
    if hint in _SIMPLE:
        return {"type": _SIMPLE[hint]}
    origin, params = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Literal:
        return {"enum": list(params)}
    if origin in (list, tuple) and params:
        return {"type": "array", "items": schema_of(params[0])}
    if origin is dict and len(params) == 2:
        return {"type": "object", "additionalProperties": schema_of(params[1])}
    if origin in (typing.Union, types.UnionType):
        parts = [schema_of(param) for param in params]
        if all(set(part) == {"type"} for part in parts):
            return {"type": [part["type"] for part in parts]}
        return {"anyOf": parts}
    return {}


def arguments_schema(fn: Callable[..., Any]) -> dict[str, Any]:
    """The object schema of ``fn``'s keyword arguments (required: those without default)."""
    hints = typing.get_type_hints(fn)
    properties: dict[str, Any] = {}
    required: list[str] = []
    for name, param in inspect.signature(fn).parameters.items():
        if name in RESERVED or param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            continue
        properties[name] = schema_of(hints.get(name, Any))
        if param.default is param.empty:
            required.append(name)
    return {"type": "object", "properties": properties, "required": required,
            "additionalProperties": False}  # fmt: skip


def result_schema(fn: Callable[..., Any]) -> dict[str, Any]:
    """The schema of ``fn``'s return hint, ``{}`` without one."""
    return schema_of(typing.get_type_hints(fn).get("return", Any))


def problems(value: Any, schema: Mapping[str, Any], where: str) -> list[tuple[str, str]]:
    """Every ``(field, rule)`` that ``value`` breaks; empty when it fits."""
    found: list[tuple[str, str]] = []
    if "enum" in schema and value not in schema["enum"]:
        found.append((where, f"must be one of {schema['enum']!r}"))
    if "anyOf" in schema and all(problems(value, part, where) for part in schema["anyOf"]):
        found.append((where, "matches none of the allowed forms"))
    kinds = schema.get("type")
    if kinds is not None:
        allowed = [kinds] if isinstance(kinds, str) else list(kinds)
        if not any(_is(value, kind) for kind in allowed):
            return [*found, (where, f"must be of type {' or '.join(allowed)}")]
    found += _bounds(value, schema, where)
    if isinstance(value, dict):
        found += _object(value, schema, where)
    if isinstance(value, list) and "items" in schema:
        for index, item in enumerate(value):
            found += problems(item, schema["items"], f"{where}[{index}]")
    return found


def _is(value: Any, kind: str) -> bool:
    if isinstance(value, bool) and kind in ("integer", "number"):
        return False
    if kind == "integer" and isinstance(value, float):
        return value.is_integer()
    return isinstance(value, _PYTHON.get(kind, ()))


def _bounds(value: Any, schema: Mapping[str, Any], where: str) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    if number and "minimum" in schema and value < schema["minimum"]:
        found.append((where, f"must be at least {schema['minimum']}"))
    if number and "maximum" in schema and value > schema["maximum"]:
        found.append((where, f"must be at most {schema['maximum']}"))
    if isinstance(value, str) and "pattern" in schema and not re.search(schema["pattern"], value):
        found.append((where, f"must match {schema['pattern']}"))
    for kind, low, high, unit in _SIZES:
        if isinstance(value, kind) and len(value) < schema.get(low, 0):
            found.append((where, f"must have at least {schema[low]} {unit}"))
        if isinstance(value, kind) and high in schema and len(value) > schema[high]:
            found.append((where, f"must have at most {schema[high]} {unit}"))
    return found


def _object(value: dict[str, Any], schema: Mapping[str, Any], where: str) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    properties: Mapping[str, Any] = schema.get("properties", {})
    for name in schema.get("required", []):
        if name not in value:
            found.append((f"{where}.{name}", "is required"))
    extra = schema.get("additionalProperties", True)
    for name, item in value.items():
        if name in properties:
            found += problems(item, properties[name], f"{where}.{name}")
        elif extra is False:
            found.append((f"{where}.{name}", "is not an argument of this tool"))
        elif isinstance(extra, Mapping):
            found += problems(item, extra, f"{where}.{name}")
    return found
