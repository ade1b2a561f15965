"""Typed state: check the state against the graph's state type, merge keys by their rules.

``Graph(state=MyState, ...)`` takes a TypedDict, a dataclass or a pydantic model (only
when pydantic is installed; nothing here imports it). The state is still stored as
JSON; the type is checked when a run starts (bad inputs: ``InputError``), when it is
loaded and after every update (``StateError`` naming the node and the field).

* TypedDict: nodes get a dict. A key may be missing until a node writes it; a key
  that is not declared, or a value of the wrong type, is refused.
* dataclass: nodes get an instance; fields without a default must be in the inputs.
* pydantic model: nodes get ``Model.model_validate(state)``; pydantic checks.

Merge rules (reducers) are declared on the key with ``Annotated``: the default replaces
the old value with the update's, ``Annotated[list[str], append]`` appends the update's
items, and ``Annotated[int, Reducer(operator.add)]`` (or a plain function) combines
``fn(old, new)``. The merged value is what the step stores, so loading a run never needs
the rules again (the price: a list grown by ``append`` is stored whole at each step).
"""

from __future__ import annotations

import dataclasses
import inspect
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal, Union

from .checkpoint import json_encode
from .errors import GraphError, InputError, NodeError, StateError


class Reducer:
    """A merge rule: ``fn(old, new)`` is the key's value after an update.

    It is called only when the state has the key; its first value is stored as given.
    """

    def __init__(self, fn: Callable[[Any, Any], Any], name: str | None = None) -> None:
        if not callable(fn):
            raise GraphError("a Reducer needs a function of (old, new)")
        self.fn = fn
        self.name = name or getattr(fn, "__name__", "reducer")

    def __repr__(self) -> str:
        return f"Reducer({self.name})"


def _append(old: Any, new: Any) -> Any:
    if not isinstance(new, list):
        raise TypeError(f"append needs a list, not {type(new).__name__}")
    return [*old, *new]


append = Reducer(_append, "append")
"""Merge rule: the update's items are appended to the key's list."""

Check = Callable[[Any, str], "str | None"]  # value, path -> the broken rule, or None


class StateSchema:
    """What ``Graph`` keeps of its state type: field checks, reducers, and the view."""

    def __init__(
        self,
        kind: str,
        cls: Any,
        fields: dict[str, Check],
        required: frozenset[str],
        reducers: dict[str, Reducer],
    ) -> None:
        self.kind = kind  # typeddict, dataclass or pydantic
        self.cls = cls
        self.fields = fields
        self.required = required
        self.reducers = reducers

    @classmethod
    def of(cls, state: Any) -> StateSchema:
        """The schema of a TypedDict, dataclass or pydantic model class; ``GraphError`` else."""
        name = getattr(state, "__name__", repr(state))
        if typing.is_typeddict(state):
            kind = "typeddict"
            required = frozenset(state.__required_keys__)
        elif dataclasses.is_dataclass(state) and isinstance(state, type):
            kind = "dataclass"
            required = frozenset(
                f.name
                for f in dataclasses.fields(state)
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
            )
        elif isinstance(state, type) and hasattr(state, "model_validate"):
            kind, required = "pydantic", frozenset()
        else:
            raise GraphError(f"state {name} must be a TypedDict, a dataclass or a pydantic model")
        try:
            hints = typing.get_type_hints(state, include_extras=True)
        except Exception as error:
            raise GraphError(f"state {name}: cannot read its annotations: {error}") from error
        fields: dict[str, Check] = {}
        reducers: dict[str, Reducer] = {}
        for key, hint in hints.items():
            if key.startswith("_") and kind != "typeddict":
                continue
            if key.startswith("@"):
                raise GraphError(f"state {name}.{key}: keys starting with '@' are reserved")
            bare, rule = _split(hint, f"{name}.{key}")
            if rule is not None:
                reducers[key] = rule
            fields[key] = _checker(bare, f"{name}.{key}")
        return cls(kind, state, fields, required, reducers)

    def check(self, state: Mapping[str, Any], node: str | None, *, loaded: bool = False) -> None:
        """Refuse a state that breaks the type: ``InputError`` for a new run's inputs
        (``node`` None), else ``StateError`` naming ``node`` and the field."""
        problem = self._problem(state)
        if problem is None:
            return
        field, rule = problem
        if node is None:
            raise InputError(f"inputs.{field}", rule)
        raise StateError(node, field, rule, loaded=loaded)

    def merge(
        self, node: str, state: Mapping[str, Any], update: dict[str, Any], text: str
    ) -> tuple[dict[str, Any], str]:
        """The update with each reduced key replaced by its merged value, and its JSON."""
        keys = [key for key in update if key in self.reducers]
        if not keys:
            return update, text
        merged = dict(update)
        for key in keys:
            rule = self.reducers[key]
            if key not in state:
                continue  # the first value of a key is the update's, as it is
            try:
                merged[key] = rule.fn(state[key], update[key])
            except Exception as error:
                raise StateError(node, key, f"{rule.name}: {error}") from error
        try:
            return json_encode(merged, "update")
        except InputError as error:
            raise NodeError(node, f"merged data that cannot be saved: {error}") from None

    def view(self, state: dict[str, Any]) -> Any:
        """What a node (and ``RunResult.state``) sees: a dict, or an instance of the type."""
        if self.kind == "typeddict":
            return state
        if self.kind == "dataclass":
            return self.cls(**state)
        return self.cls.model_validate(state)

    def _problem(self, state: Mapping[str, Any]) -> tuple[str, str] | None:
        if self.kind == "pydantic":
            return _pydantic_problem(self.cls, state)
        for key, value in state.items():
            check = self.fields.get(key)
            if check is None:
                return key, f"is not a field of {self.cls.__name__}"
            broken = check(value, key)
            if broken is not None:
                return broken.split(": ", 1)[0], broken.split(": ", 1)[1]
        for key in self.required:
            if self.kind == "dataclass" and key not in state:
                return key, "is required (it has no default)"
        return None


def _pydantic_problem(model: Any, state: Mapping[str, Any]) -> tuple[str, str] | None:
    try:
        model.model_validate(dict(state))
    except Exception as error:
        errors = getattr(error, "errors", None)
        if not callable(errors):
            return "", str(error)
        first = errors()[0]
        field = ".".join(str(part) for part in first.get("loc", ())) or "state"
        return field, str(first.get("msg", "is invalid"))
    return None


def _split(hint: Any, where: str) -> tuple[Any, Reducer | None]:
    """The bare type of a key and its merge rule (from ``Annotated`` metadata)."""
    origin = typing.get_origin(hint)
    if origin is typing.Annotated:
        bare, *extras = typing.get_args(hint)
        rules = [_as_rule(extra) for extra in extras]
        found = [rule for rule in rules if rule is not None]
        if len(found) > 1:
            raise GraphError(f"state {where}: more than one merge rule")
        inner, nested = _split(bare, where)
        return inner, found[0] if found else nested
    if origin is not None and getattr(origin, "_name", "") in ("Required", "NotRequired"):
        return _split(typing.get_args(hint)[0], where)  # typing(_extensions) 3.10 and 3.11+
    return hint, None


def _as_rule(extra: object) -> Reducer | None:
    if isinstance(extra, Reducer):
        return extra
    if inspect.isfunction(extra) or inspect.isbuiltin(extra):
        return Reducer(extra)
    return None


def _checker(hint: Any, where: str) -> Check:
    """A check of JSON data against ``hint``; ``GraphError`` for a type it cannot check."""
    hint, _ = _split(hint, where)
    if hint is Any or hint is object:
        return _anything
    if hint is None or hint is type(None):
        return _is(lambda v: v is None, "null")
    simple: dict[Any, tuple[Callable[[Any], bool], str]] = {
        str: (lambda v: isinstance(v, str), "a string"),
        bool: (lambda v: isinstance(v, bool), "a boolean"),
        int: (lambda v: isinstance(v, int) and not isinstance(v, bool), "an integer"),
        float: (lambda v: isinstance(v, int | float) and not isinstance(v, bool), "a number"),
    }
    if hint in simple:
        return _is(*simple[hint])
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Literal:
        return _is(lambda v: any(v == a and type(v) is type(a) for a in args),
                   "one of " + ", ".join(map(repr, args)))  # fmt: skip
    if origin in (Union, types.UnionType):
        return _any_of([_checker(arg, where) for arg in args])
    if origin in (list, Sequence) or hint is list:
        return _list(_checker(args[0], where) if args else _anything)
    if origin in (dict, Mapping) or hint is dict:
        return _dict(_checker(args[1], where) if len(args) == 2 else _anything)
    if typing.is_typeddict(hint):
        inner = StateSchema.of(hint)
        return _record(inner)
    raise GraphError(
        f"state {where}: cannot check type {hint!r} (use JSON types: str, int, float, bool, "
        "None, list, dict, Literal, unions, nested TypedDicts)"
    )


def _anything(value: Any, path: str) -> str | None:
    return None


def _is(test: Callable[[Any], bool], what: str) -> Check:
    def check(value: Any, path: str) -> str | None:
        return None if test(value) else f"{path}: must be {what}, not {_kind(value)}"

    return check


def _any_of(checks: list[Check]) -> Check:
    def check(value: Any, path: str) -> str | None:
        results = [c(value, path) for c in checks]
        if any(result is None for result in results):
            return None
        problems = [str(result) for result in results]
        deeper = [p for p in problems if not p.startswith(f"{path}: must be ")]
        if deeper:
            return deeper[0]  # the value has the right shape; something inside it is wrong
        wanted = [p.removeprefix(f"{path}: must be ").split(", not ")[0] for p in problems]
        return f"{path}: must be {' or '.join(wanted)}, not {_kind(value)}"

    return check


def _list(item: Check) -> Check:
    def check(value: Any, path: str) -> str | None:
        if not isinstance(value, list):
            return f"{path}: must be a list, not {_kind(value)}"
        for index, entry in enumerate(value):
            problem = item(entry, f"{path}[{index}]")
            if problem is not None:
                return problem
        return None

    return check


def _dict(item: Check) -> Check:
    def check(value: Any, path: str) -> str | None:
        if not isinstance(value, dict):
            return f"{path}: must be an object, not {_kind(value)}"
        for key, entry in value.items():
            problem = item(entry, f"{path}.{key}")
            if problem is not None:
                return problem
        return None

    return check


def _record(schema: StateSchema) -> Check:
    def check(value: Any, path: str) -> str | None:
        if not isinstance(value, dict):
            return f"{path}: must be an object, not {_kind(value)}"
        for key, entry in value.items():
            inner = schema.fields.get(key)
            if inner is None:
                return f"{path}.{key}: is not a field of {schema.cls.__name__}"
            problem = inner(entry, f"{path}.{key}")
            if problem is not None:
                return problem
        missing = sorted(schema.required - value.keys())
        if missing:
            return f"{path}.{missing[0]}: is required"
        return None

    return check


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    return {bool: "a boolean", int: "an integer", float: "a number", str: "a string",
            list: "a list", dict: "an object"}.get(type(value), type(value).__name__)  # fmt: skip


__all__ = ["Reducer", "StateSchema", "append"]
