"""Format 2's packed step bodies: a step's update stored without what the run holds already.

The stored body of a format-2 step is its update's compact JSON, with values the state
before the step already holds (the inputs and earlier updates, at keys the step leaves
alone) replaced by references, each an object keyed ``"^"``:

- ``{"^": PATH}``: the value at PATH (keys and indexes), e.g. a report's rows that
  repeat the inputs' offers;
- ``{"^": PATH, KEY: VALUE, ...}``: the object at PATH followed by more items, e.g. a
  claim's verdict after the claim it judges;
- ``{"^": PATH, "^:": [START, END]}``: a slice of the text at PATH, e.g. a sentence of
  the rationale.

The ``@wait`` record leaves out what the step row says already or what is the standard
(``"^"`` lists it: ``n`` its node, ``s`` its status, ``c`` the standard review choices,
``d`` a SHA-256 hex digest written in base64url). An update that holds anything
starting with ``"^`` itself is stored as ``{"^": UPDATE}``. Packing is checked: a body
is kept only when unpacking it gives back the update's exact text (key order included),
otherwise the update is stored as it is. The checksum chain covers the update's text,
never the packed one, so a packed step verifies exactly as it would unpacked.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable, Mapping
from typing import Any

from .errors import CheckpointCorrupt
from .waits import STANDARD_CHOICES

REF = "^"
SLICE = "^:"
_MIN_TEXT = 24  # shorter texts are not worth a reference
_DEPTH = 4  # how deep a stored update is searched for references
_COMPACT = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, allow_nan=False)
_WAIT_ORDER = ("kind", "node", "status", "reason", "key", "choices", "digest", "ask")

Prior = Callable[[str], Any]
"""The state before a step, by top-level key (``KeyError`` when it has none)."""


def pack(update: dict[str, Any], text: str, node: str, status: str,
         prior: Mapping[str, Any] | None) -> str:  # fmt: skip
    """The stored body of ``update`` (``text`` is its compact JSON) in format 2.

    ``prior`` is the state before the step at the keys the update leaves alone, or None
    when the body may not refer to it (an event step, a sealed run).
    """
    if '"^' in text:
        return f'{{"^":{text}}}'
    packed = update if prior is None else _Finder(prior).packed(update)
    wait = update.get("@wait")
    if isinstance(wait, dict):
        short = _pack_wait(wait, node, status)
        if short is not wait:
            packed = {**packed, "@wait": short}
    if packed is update:
        return text
    body = _COMPACT.encode(packed)
    if len(body) >= len(text):
        return text
    lookup = (lambda key: prior[key]) if prior is not None else _nothing
    try:
        again = _COMPACT.encode(unpack(json.loads(body), node, status, lookup, None))
    except CheckpointCorrupt:
        return text
    return body if again == text else text


def unpack(body: Any, node: str, status: str, prior: Prior, run_id: str | None) -> Any:
    """The update a format-2 stored ``body`` (parsed) holds; ``CheckpointCorrupt`` when
    a reference does not resolve (an edited body)."""
    if not isinstance(body, dict):
        return body
    if len(body) == 1 and isinstance(body.get(REF), dict):
        return body[REF]
    try:
        update = _resolve(body, prior, 0)
        wait = update.get("@wait")
        if isinstance(wait, dict) and isinstance(wait.get(REF), str):
            update = {**update, "@wait": _unpack_wait(wait, node, status)}
    except (KeyError, IndexError, TypeError, ValueError) as error:
        raise CheckpointCorrupt(run_id, f"a packed step does not unpack ({error!r})") from None
    return update


def _nothing(key: str) -> Any:
    raise KeyError(key)


class _Finder:
    """Finds the values of an update that the state before the step holds already."""

    def __init__(self, prior: Mapping[str, Any]) -> None:
        self.prior = prior
        self.items: dict[tuple[str, Any], list[tuple[list[Any], dict[str, Any]]]] | None = None
        self.texts: list[tuple[list[Any], str]] = []

    def packed(self, update: dict[str, Any]) -> dict[str, Any]:
        out = {key: self._value(value, 1) for key, value in update.items()}
        return update if all(out[key] is update[key] for key in update) else out

    def _value(self, value: Any, depth: int) -> Any:
        if isinstance(value, str):
            return self._text(value) if len(value) >= _MIN_TEXT else value
        if not isinstance(value, dict | list) or not value or depth > _DEPTH:
            return value
        for key, held in self.prior.items():
            if type(held) is type(value) and len(held) == len(value) and held == value:
                return {REF: [key]}
        if isinstance(value, dict):
            found = self._prefix(value)
            if found is not None:
                return found
            out = {key: self._value(item, depth + 1) for key, item in value.items()}
            return value if all(out[key] is value[key] for key in value) else out
        items = [self._value(item, depth + 1) for item in value]
        return value if all(new is old for new, old in zip(items, value, strict=True)) else items

    def _prefix(self, value: dict[str, Any]) -> dict[str, Any] | None:
        """``{"^": PATH, ...rest}`` when ``value`` starts with an earlier object's items."""
        first = next(iter(value.items()))
        if not isinstance(first[1], str | int | float | bool | None):
            return None
        for path, held in self._objects().get(first, ()):
            size = len(held)
            pairs = list(value.items())
            if size < len(pairs) and pairs[:size] == list(held.items()):
                rest = {key: self._value(item, _DEPTH) for key, item in pairs[size:]}
                return {REF: path, **rest}
        return None

    def _text(self, value: str) -> Any:
        self._objects()
        for path, held in self.texts:
            start = held.find(value)
            if start >= 0:
                return {REF: path, SLICE: [start, start + len(value)]}
        return value

    def _objects(self) -> dict[tuple[str, Any], list[tuple[list[Any], dict[str, Any]]]]:
        """Objects in lists and long texts, two levels into the state (built once)."""
        if self.items is None:
            self.items = {}
            for key, held in self.prior.items():
                self._index([key], held, 0)
        return self.items

    def _index(self, path: list[Any], value: Any, depth: int) -> None:
        assert self.items is not None
        if isinstance(value, str):
            if len(value) >= _MIN_TEXT:
                self.texts.append((path, value))
        elif isinstance(value, list) and depth < 2:
            for index, item in enumerate(value):
                if isinstance(item, dict) and item:
                    first = next(iter(item.items()))
                    if isinstance(first[1], str | int | float | bool | None):
                        self.items.setdefault(first, []).append(([*path, index], item))
        elif isinstance(value, dict) and depth < 2:
            for key, item in value.items():
                self._index([*path, key], item, depth + 1)


def _resolve(value: Any, prior: Prior, depth: int) -> Any:
    """``value`` with its references resolved (``value`` itself when it has none)."""
    if isinstance(value, list):
        items = [_resolve(item, prior, depth + 1) for item in value]
        return value if all(new is old for new, old in zip(items, value, strict=True)) else items
    if not isinstance(value, dict):
        return value
    path = value.get(REF) if depth else None
    if not isinstance(path, list):
        out = {key: _resolve(item, prior, depth + 1) for key, item in value.items()}
        return value if all(out[key] is value[key] for key in value) else out
    held = _at(path, prior)
    if SLICE in value:
        start, end = value[SLICE]
        if not isinstance(held, str) or not (0 <= start < end <= len(held)) or len(value) != 2:
            raise ValueError("a slice out of its text")
        return held[start:end]
    if len(value) == 1:
        return _copy(held)
    if not isinstance(held, dict):
        raise TypeError("more items after a value that is not an object")
    rest = {key: _resolve(item, prior, depth + 1) for key, item in value.items() if key != REF}
    if any(key in held for key in rest):
        raise ValueError("an item given twice")
    return {**_copy(held), **rest}


def _at(path: list[Any], prior: Prior) -> Any:
    if not path or not isinstance(path[0], str):
        raise ValueError("a reference without a key")
    held = prior(path[0])
    for step in path[1:]:
        keyed = isinstance(held, dict) and isinstance(step, str)
        if keyed or (isinstance(held, list) and type(step) is int and step >= 0):
            held = held[step]
        else:
            raise ValueError(f"no {step!r} in a reference's path")
    return held


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copy(item) for item in value]
    return value


def _pack_wait(wait: dict[str, Any], node: str, status: str) -> dict[str, Any]:
    """``wait`` without what the step row and the standard say (or ``wait`` itself)."""
    if list(wait) != [key for key in _WAIT_ORDER if key in wait]:
        return wait
    flags, short = "", dict(wait)
    if short.get("node") == node:
        flags += "n"
        del short["node"]
    if short.get("status") == status:
        flags += "s"
        del short["status"]
    if short.get("choices") == STANDARD_CHOICES and list(short["choices"]) == list(
        STANDARD_CHOICES
    ):
        flags += "c"
        del short["choices"]
    found = short.get("digest")
    if isinstance(found, str) and len(found) == 64 and found == found.lower():
        try:
            short["digest"] = base64.urlsafe_b64encode(bytes.fromhex(found)).decode()[:-1]
            flags += "d"
        except ValueError:
            pass
    return {REF: flags, **short} if flags else wait


def _unpack_wait(short: dict[str, Any], node: str, status: str) -> dict[str, Any]:
    flags = short[REF]
    given = {key: value for key, value in short.items() if key != REF}
    if "n" in flags:
        given["node"] = node
    if "s" in flags:
        given["status"] = status
    if "c" in flags:
        given["choices"] = dict(STANDARD_CHOICES)
    if "d" in flags:
        given["digest"] = base64.urlsafe_b64decode(str(given["digest"]) + "=").hex()
    unknown = set(given) - set(_WAIT_ORDER)
    if unknown or set(flags) - set("nscd"):
        raise ValueError("a packed wait with unknown parts")
    return {key: given[key] for key in _WAIT_ORDER if key in given}
