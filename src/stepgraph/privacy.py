"""Private fields: which state values are private and how each may go to a model.

A graph declares its private fields as ``{path: mode}``. A path names a state key and
goes into nested objects with ``.`` and into every item of a list with ``[]``:
``"offers[].source"``, ``"review.note"``. A path that names an object or a list makes
every value under it private. The mode says what a model may see of the value:

- ``send``: the value goes as it is (it is still masked in the harness's outputs);
- ``mask``: every occurrence is replaced by ``[private]``;
- ``drop``: an object key or list item holding the value is left out, and the value is
  cut out of any text;
- ``tokenise``: every occurrence is replaced by a placeholder (``[[p:…]]``) that is the
  same for the same value within one run; the harness maps placeholders in the model's
  answer back to the values before the node sees it.

Redaction works on values, not on request keys: before a request leaves, every private
value of the run's current state is looked for everywhere in the instructions and the
data (keys, leaves and inside text, such as the repair loop's feedback), so a node
cannot leak a private value by copying it under another name. Object keys are
replaced only when a key is a private value; text shorter than 4 characters is
replaced inside longer text only as a whole word. When the same value sits
under two paths, the stricter mode wins (drop, then mask, then tokenise, then send).
Values that are ``None``, booleans, empty text or ``[forgotten]`` are not treated as private.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from .checkpoint import EVENT, Checkpoint, HistoryEntry
from .digests import hmac_sha256, sha256
from .errors import GraphError, StepgraphError
from .lazy import pattern
from .records import dataclass

MODES = ("send", "tokenise", "mask", "drop")
"""The modes, from the least strict to the strictest."""

MASK = "[private]"
FORGOTTEN = "[forgotten]"
"""What a private value of a forgotten run reads as (sealing.py): no longer a secret."""
_SEGMENT = re.compile(r"^[A-Za-z_@][A-Za-z0-9_\-]*(\[\])?$")
_TOKEN = pattern(r"\[\[p:[0-9a-f]{12}\]\]")
_DROPPED = object()
_SHORT = 4  # private text shorter than this is replaced in text only as a whole word


@dataclass(frozen=True)
class Private:
    """A validated private-field declaration: ``{path: mode}``."""

    fields: Mapping[str, str]

    def __init__(self, fields: Mapping[str, str]) -> None:
        if not isinstance(fields, Mapping):
            raise GraphError(f"private must be a mapping of path -> mode, not {type(fields)}")
        for path, mode in fields.items():
            if not isinstance(path, str) or not all(map(_SEGMENT.match, path.split("."))):
                raise GraphError(
                    f"private path {path!r} must be names joined by '.', each may end in '[]'"
                )
            if mode not in MODES:
                raise GraphError(
                    f"private[{path!r}] mode must be one of {', '.join(MODES)}, not {mode!r}"
                )
        object.__setattr__(self, "fields", dict(fields))

    def values(self, state: Mapping[str, Any]) -> dict[str, tuple[Any, str]]:
        """The private values in ``state``: their text -> (value, strictest mode)."""
        found: dict[str, tuple[Any, str]] = {}
        for path, mode in self.fields.items():
            for value in _leaves(_select(state, path.split("."))):
                if value is None or isinstance(value, bool) or value in ("", FORGOTTEN):
                    continue
                text = _text(value)
                held = found.get(text)
                if held is None or MODES.index(mode) > MODES.index(held[1]):
                    found[text] = (value, mode)
        return found

    def masked(self, state: Mapping[str, Any]) -> dict[str, Any]:
        """``state`` with every private field replaced by ``[private]`` (for outputs)."""
        out = json.loads(json.dumps(dict(state)))
        for path in self.fields:
            _mask_path(out, path.split("."))
        return dict(out)

    def redactor(self, run_id: str, state: Mapping[str, Any]) -> Redactor:
        """What redacts this run's requests, given its current state."""
        return Redactor(run_id, self.values(state))

    def output_redactor(
        self, run_id: str, state: Mapping[str, Any], notes: Iterable[str] = ()
    ) -> Redactor:
        """What masks this run's outputs: every private value, whatever its mode, and
        ``notes`` (what people wrote beside their actions, in the run's history)."""
        found = {text: (value, "mask") for text, (value, _) in self.values(state).items()}
        found.update((note, (note, "mask")) for note in notes if note)
        return Redactor(run_id, found)


class Redactor:
    """Redacts outgoing requests and maps placeholders back in answers for one run."""

    def __init__(self, run_id: str, values: Mapping[str, tuple[Any, str]]) -> None:
        self._key = sha256(f"stepgraph-token:{run_id}".encode()).digest()
        self._replace: list[tuple[str, str]] = []  # (text, replacement), longest first
        self._tokens: dict[str, Any] = {}
        self._exact: dict[str, Any] = {}  # leaf text -> replacement or _DROPPED
        self._scan: re.Pattern[str] | None = None  # compiled by touches() on first use
        for text, (value, mode) in sorted(values.items(), key=lambda kv: -len(kv[0])):
            if mode == "send":
                continue
            if mode == "tokenise":
                replacement: Any = self.token(value)
                self._tokens[replacement] = value
            else:
                replacement = MASK if mode == "mask" else ""
            self._replace.append((text, replacement))
            self._exact[text] = _DROPPED if mode == "drop" else replacement

    @property
    def redacts(self) -> bool:
        """False when no value is redacted or tokenised: a request leaves as it is."""
        return bool(self._replace)

    def token(self, value: Any) -> str:
        """The placeholder for ``value``: the same for the same value in this run."""
        mac = hmac_sha256(self._key, _text(value).encode())
        return f"[[p:{mac[:12]}]]"

    def outbound(self, instructions: str, data: Any) -> tuple[str, Any]:
        """The request as it may leave: no private value of a non-``send`` mode in it."""
        return self._text_out(instructions), self._out(data)

    def apply(self, data: Any) -> Any:
        """``data`` (text or JSON data) with the private values redacted."""
        return self._text_out(data) if isinstance(data, str) else self._out(data)

    def touches(self, data: str | int | float) -> bool:
        """True when ``data`` is a private value or its text holds one anywhere.

        A superset of what ``apply`` changes (``90`` touches ``190``): what seals values
        at rest asks this, where sealing one value too many costs nothing. One regular
        expression of every value scans the text once."""
        if not self._replace:
            return False
        text = _text(data)
        if text in self._exact:
            return True
        if self._scan is None:
            self._scan = re.compile("|".join(re.escape(found) for found, _ in self._replace))
        return self._scan.search(text) is not None

    def inbound(self, answer: Any) -> Any:
        """``answer`` with every placeholder mapped back to its value."""
        if isinstance(answer, str):
            if answer in self._tokens:
                return self._tokens[answer]
            return _TOKEN.sub(lambda m: _plain(self._tokens.get(m.group(0), m.group(0))), answer)
        if isinstance(answer, list):
            return [self.inbound(item) for item in answer]
        if isinstance(answer, dict):
            return {self.inbound(key): self.inbound(item) for key, item in answer.items()}
        return answer

    def _out(self, data: Any) -> Any:
        if isinstance(data, dict):
            kept = {}
            for key, item in data.items():
                value = self._out(item)
                if value is not _DROPPED:
                    kept[self._key_out(str(key))] = value
            return kept
        if isinstance(data, list):
            return [value for value in map(self._out, data) if value is not _DROPPED]
        if data is None or isinstance(data, bool) or not isinstance(data, str | int | float):
            return data  # not a value a state holds (a record object passed along)
        exact = self._exact.get(_text(data))
        if exact is not None:
            return exact
        return self._text_out(data) if isinstance(data, str) else data

    def _key_out(self, key: str) -> str:
        """A key is structure: replaced only when it is a private value itself."""
        found = self._exact.get(key)
        return found if isinstance(found, str) and found else key

    def _text_out(self, text: str) -> str:
        for private, replacement in self._replace:
            if private in text:
                text = _replace_in(text, private, replacement)
        return text


def _replace_in(text: str, private: str, replacement: str) -> str:
    """Replace ``private`` in ``text``: a number where it is not part of another number,
    text shorter than 4 characters as a whole word, longer text wherever it occurs."""
    if re.fullmatch(r"-?\d+(\.\d+)?", private):
        pattern = rf"(?<![\d.]){re.escape(private)}(?![\d]|\.\d)"
    elif len(private) < _SHORT:
        pattern = rf"(?<!\w){re.escape(private)}(?!\w)"
    else:
        return text.replace(private, replacement)
    return re.sub(pattern, lambda _: replacement, text)


def _text(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))  # 90.0 and 90 are the same price
    return value if isinstance(value, str) else json.dumps(value, sort_keys=True)


def _plain(value: Any) -> str:
    return value if isinstance(value, str) else _text(value)


def _select(data: Any, segments: list[str]) -> Iterator[Any]:
    if not segments:
        yield data
        return
    head, rest = segments[0], segments[1:]
    name, each = (head[:-2], True) if head.endswith("[]") else (head, False)
    if not isinstance(data, Mapping) or name not in data:
        return
    found = data[name]
    if each:
        for item in found if isinstance(found, list) else []:
            yield from _select(item, rest)
    else:
        yield from _select(found, rest)


def _leaves(found: Iterator[Any]) -> Iterator[Any]:
    for value in found:
        if isinstance(value, Mapping):
            yield from _leaves(iter(value.values()))
        elif isinstance(value, list):
            yield from _leaves(iter(value))
        else:
            yield value


def _mask_path(data: Any, segments: list[str]) -> None:
    head, rest = segments[0], segments[1:]
    name, each = (head[:-2], True) if head.endswith("[]") else (head, False)
    if not isinstance(data, dict) or name not in data or data[name] is None:
        return
    if each:
        items = data[name] if isinstance(data[name], list) else []
        for index, item in enumerate(items):
            if rest:
                _mask_path(item, rest)
            elif item is not None:
                items[index] = MASK
    elif rest:
        _mask_path(data[name], rest)
    else:
        data[name] = MASK


def declared(graph: object) -> Private | None:
    """The graph's private-field declaration, if it has one."""
    found = getattr(graph, "private", None)
    return found if isinstance(found, Private) else None


def redactor(graph: object, run_id: str, state: Mapping[str, Any]) -> Redactor | None:
    """The redactor for a step of ``run_id`` in ``state``; None when nothing in ``state``
    is redacted (no private field, or only ``send`` values): requests leave as they are."""
    private = declared(graph)
    if private is None:
        return None
    found = private.redactor(run_id, state)
    return found if found.redacts else None


def masked(graph: object, state: Mapping[str, Any]) -> dict[str, Any]:
    """``state`` as outputs may show it: the graph's private fields masked."""
    private = declared(graph)
    return private.masked(state) if private is not None else dict(state)


def output_guard(
    checkpoint: Checkpoint,
    history: Iterable[HistoryEntry] = (),
    graph: object = None,
    graph_ref: str | None = None,
    stored: Mapping[str, str] | None = None,
) -> Redactor | None:
    """What masks a run in any output (command line, review page); None: nothing to mask.

    ``graph`` (or ``graph_ref``, or the registered graph of the run's name) gives the
    declaration; the notes people wrote beside actions in ``history`` are masked too. A
    graph that cannot be found has no known declaration: ``stored`` (the one an
    encrypted run keeps in its key record) is used, else None.
    """
    if graph is None:
        from .registry import graph_and_loader  # the registry imports graphs, which import us

        try:
            graph, _ = graph_and_loader(graph_ref or checkpoint.parts.graph)
        except StepgraphError:
            graph = _stored(stored)
    private = declared(graph)
    if private is None:
        return None
    notes = [str((entry.update.get(EVENT) or {}).get("note") or "") for entry in history]
    return private.output_redactor(checkpoint.run_id, checkpoint.state, notes)


class _Declared:
    """A stand-in graph that only carries a stored declaration."""

    def __init__(self, private: Private) -> None:
        self.private = private


def _stored(fields: Mapping[str, str] | None) -> _Declared | None:
    try:
        return _Declared(Private(fields)) if fields else None
    except GraphError:
        return None  # a damaged record: the loader refuses it where it matters


def shown(guard: Redactor | None, data: Any) -> Any:
    """``data`` (text or JSON data) as an output may show it under ``guard``."""
    return data if guard is None else guard.apply(data)


def hide_in_text(graph: object, run_id: str, state: Mapping[str, Any], text: str) -> str:
    """``text`` (a wait's reason, an event's message) with the run's private values masked."""
    private = declared(graph)
    return text if private is None else private.output_redactor(run_id, state).apply(text)


def hide_in_error(graph: object, run_id: str, state: Mapping[str, Any], error: Exception) -> None:
    """Mask the run's private values in ``error`` and its cause, in place, before the
    harness saves its text (a failure's or a retry's reason) or shows it."""
    private = declared(graph)
    if private is None:
        return
    guard = private.output_redactor(run_id, state)
    for found in (error, error.__cause__):
        if isinstance(found, BaseException):
            found.args = tuple(guard.apply(a) if isinstance(a, str) else a for a in found.args)
            reason = getattr(found, "reason", None)
            if isinstance(reason, str):
                found.reason = guard.apply(reason)  # type: ignore[attr-defined]


__all__ = [
    "FORGOTTEN",
    "MASK",
    "MODES",
    "Private",
    "Redactor",
    "declared",
    "hide_in_error",
    "hide_in_text",
    "masked",
    "output_guard",
    "redactor",
    "shown",
]
