"""Format 2's packed step bodies: a step's update stored without what the run holds already.

The stored body of a format-2 step is its update's compact JSON, less what the node
declared that it repeats of the state before the step (``Graph(packs=...)``; nothing is
searched for). Each packed part says what it stands for:

- ``{"^": PATH}`` (``Same``): the value at PATH (keys) of the state before, e.g. a
  report's rows that repeat the inputs' offers;
- ``{"^check": [TEXT, CLAIMS], "sentences": [...], "claims": [...]}`` (``Check``): a
  claims check (``stepgraph.claims.TextCheck.as_dict()``) of the text at path TEXT and
  the claims at path CLAIMS. A sentence is stored without its ``text``, which is
  ``TEXT[start:end]``; a claim's verdict that starts with the items of the claim at the
  same place in CLAIMS is stored as ``{"^": INDEX, ...the items after them}``.

The ``@wait`` record leaves out what the step row says already or what is the standard
(``"^"`` lists it: ``n`` its node, ``s`` its status, ``c`` the standard review choices,
``d`` a SHA-256 hex digest written in base64url). An update that holds anything
starting with ``"^`` itself is stored as ``{"^": UPDATE}``.

What keeps a packing mistake from loading as another state: a part is packed only when
what it leaves out is exactly what it would load back (a slice equal to the sentence's
text; the compact JSON text of a copy, or of a verdict's first items, equal to the held
value's), each a comparison of C-level strings rather than an unpacking; and the
checksum chain covers the update's text, never the packed one, so a body that unpacked
to anything else would fail its step's sum when loaded (``CheckpointCorrupt``), never
load as another state.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from json import encoder as _json_encoder
from typing import Any

from .digests import b64url, unb64url
from .errors import CheckpointCorrupt, GraphError
from .waits import STANDARD_CHOICES

REF = "^"
CHECK = "^check"
_COMPACT = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, allow_nan=False)
_SCALARS = (str, int, bool, type(None))  # equal with the same type: the same JSON text
_WAIT_ORDER = ("kind", "node", "status", "reason", "key", "choices", "digest", "ask")
_SENTENCE_HEAD = ["text", "start", "end"]

Prior = Callable[[str], Any]
"""The state before a step, by top-level key (``KeyError`` when it has none)."""


def _not_json(value: Any) -> Any:
    raise TypeError(f"not JSON data: {type(value).__name__}")


def _encoder() -> Callable[[Any], str]:
    """The compact encoder's C core, made once (``JSONEncoder.encode`` makes it at every
    call); ``JSONEncoder.encode`` where the interpreter has none."""
    make = getattr(_json_encoder, "c_make_encoder", None)
    quote = getattr(_json_encoder, "c_encode_basestring", None)
    if make is None or quote is None:
        return _COMPACT.encode
    chunks = make(None, _not_json, quote, None, ":", ",", False, False, False)
    return lambda value: "".join(chunks(value, 0))


_encode = _encoder()
"""Compact JSON, as ``_COMPACT.encode`` writes it, for data that is JSON already."""


def _path(dotted: str) -> tuple[str, ...]:
    keys = tuple(dotted.split("."))
    if not all(keys):
        raise GraphError(f"a packing path must be keys joined by dots, not {dotted!r}")
    return keys


class Same:
    """A node's declaration: the update's value at ``at`` (keys joined by dots) is often
    the state's value at ``source``; stored as ``{"^": SOURCE}`` when it is, exactly."""

    __slots__ = ("at", "source")

    def __init__(self, at: str, source: str) -> None:
        self.at = _path(at)
        self.source = _path(source)

    def pack(self, value: Any, prior: Prior) -> Any:
        if not isinstance(value, dict | list) or not value:
            return value
        held = _at(list(self.source), prior)
        if value != held or _encode(value) != _encode(held):  # 1 == 1.0 == True in Python
            return value
        return {REF: list(self.source)}


class Check:
    """A node's declaration: the update's value at ``at`` is a claims check
    (``TextCheck.as_dict()``) of the text at ``text`` and the claims at ``claims``."""

    __slots__ = ("at", "claims", "text")

    def __init__(self, at: str, *, text: str, claims: str) -> None:
        self.at = _path(at)
        self.text = _path(text)
        self.claims = _path(claims)

    def pack(self, value: Any, prior: Prior) -> Any:
        if not isinstance(value, dict) or list(value) != ["sentences", "claims"]:
            return value
        sentences, verdicts = value["sentences"], value["claims"]
        source = _at(list(self.text), prior)
        if not (isinstance(source, str) and isinstance(sentences, list)
                and isinstance(verdicts, list)):  # fmt: skip
            return value
        short = [_short_sentence(sentence, source) for sentence in sentences]
        if any(item is None for item in short):
            return value  # every sentence packs, or none: a packed one has no "text"
        try:
            claims = _at(list(self.claims), prior)
        except (KeyError, IndexError, TypeError, ValueError):
            claims = None
        held = claims if isinstance(claims, list) else []
        return {CHECK: [list(self.text), list(self.claims)], "sentences": short,
                "claims": [_short_verdict(verdict, index, held)
                           for index, verdict in enumerate(verdicts)]}  # fmt: skip


Form = Same | Check
"""What a node declares that its update repeats (``Graph(packs={node: [form, ...]})``)."""


def _short_sentence(sentence: Any, source: str) -> dict[str, Any] | None:
    """``sentence`` without its text, when the text is ``source[start:end]``."""
    if not isinstance(sentence, dict) or list(sentence)[:3] != _SENTENCE_HEAD:
        return None
    start, end = sentence["start"], sentence["end"]
    if type(start) is not int or type(end) is not int or not 0 <= start <= end:
        return None
    if source[start:end] != sentence["text"]:
        return None
    short = dict(sentence)
    del short["text"]
    return short


def _short_verdict(verdict: Any, index: int, claims: list[Any]) -> Any:
    """``verdict`` after the claim at ``index`` of ``claims``, when it starts with its items."""
    claim = claims[index] if index < len(claims) else None
    if not isinstance(verdict, dict) or not isinstance(claim, dict) or not claim:
        return verdict
    keys = list(verdict)
    size = len(claim)
    if keys[:size] != list(claim):
        return verdict
    for key, item in claim.items():
        given = verdict[key]
        if type(given) is not type(item):
            return verdict
        if given != item if isinstance(item, _SCALARS) else _encode(given) != _encode(item):
            return verdict
    return {REF: index, **{key: verdict[key] for key in keys[size:]}}


def pack(update: dict[str, Any], text: str, node: str, status: str,
         prior: Prior | None, *, forms: Sequence[Form] = ()) -> str:  # fmt: skip
    """The stored body of ``update`` (``text`` is its compact JSON) in format 2.

    ``prior`` is the state before the step at the keys the update leaves alone, or None
    when the body may not refer to it (an event step, a sealed run); ``forms`` are what
    the node declared that its update repeats.
    """
    if '"^' in text:
        return whole(text)
    packed = update
    if prior is not None:
        for form in forms:
            packed = _packed_at(packed, form, 0, prior)
    wait = update.get("@wait")
    if isinstance(wait, dict):
        short = _pack_wait(wait, node, status)
        if short is not wait:
            packed = {**packed, "@wait": short}
    if packed is update:
        return text
    body = _encode(packed)
    return body if len(body) < len(text) else text


def whole(text: str) -> str:
    """A format-2 body that holds the update of compact JSON ``text`` as it is."""
    return f'{{"^":{text}}}' if '"^' in text else text


def _packed_at(value: dict[str, Any], form: Form, depth: int, prior: Prior) -> dict[str, Any]:
    """``value`` with its item at ``form.at[depth:]`` packed (``value`` when it is not)."""
    key = form.at[depth]
    if key not in value:
        return value
    item = value[key]
    if depth + 1 < len(form.at):
        new = _packed_at(item, form, depth + 1, prior) if isinstance(item, dict) else item
    else:
        try:
            new = form.pack(item, prior)
        except (KeyError, IndexError, TypeError, ValueError):
            new = item  # what the form names is not in the state: stored as it is
    return value if new is item else {**value, key: new}


def unpack(body: Any, node: str, status: str, prior: Prior, run_id: str | None) -> Any:
    """The update a format-2 stored ``body`` (parsed) holds; ``CheckpointCorrupt`` when
    a packed part does not resolve (an edited body)."""
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


def _resolve(value: Any, prior: Prior, depth: int) -> Any:
    """``value`` with its packed parts resolved (``value`` itself when it has none)."""
    if isinstance(value, list):
        items = [_resolve(item, prior, depth + 1) for item in value]
        return value if all(new is old for new, old in zip(items, value, strict=True)) else items
    if not isinstance(value, dict):
        return value
    if CHECK in value:
        return _unpack_check(value, prior)
    path = value.get(REF) if depth else None
    if isinstance(path, list):
        if len(value) != 1:
            raise ValueError("more items beside a reference")
        return _copy(_at(path, prior))
    out = {key: _resolve(item, prior, depth + 1) for key, item in value.items()}
    return value if all(out[key] is value[key] for key in value) else out


def _unpack_check(value: dict[str, Any], prior: Prior) -> dict[str, Any]:
    paths = value[CHECK]
    if list(value) != [CHECK, "sentences", "claims"] or not isinstance(paths, list):
        raise ValueError("a packed claims check with other parts")
    text_path, claims_path = paths
    source = _at(text_path, prior)
    if not isinstance(source, str):
        raise TypeError("a packed claims check of no text")
    sentences = []
    for short in value["sentences"]:
        start, end = short["start"], short["end"]
        if "text" in short or type(start) is not int or type(end) is not int:
            raise ValueError("a sentence with other parts")
        if not 0 <= start <= end <= len(source):
            raise ValueError("a sentence out of its text")
        sentences.append({"text": source[start:end], **short})
    claims: list[Any] = []
    for short in value["claims"]:
        if not (isinstance(short, dict) and REF in short):
            claims.append(short)
            continue
        held = _at([*claims_path, short[REF]], prior)
        rest = {key: item for key, item in short.items() if key != REF}
        if not isinstance(held, dict) or any(key in held for key in rest):
            raise ValueError("a verdict's items given twice")
        claims.append({**_copy(held), **rest})
    return {"sentences": sentences, "claims": claims}


def _at(path: list[Any], prior: Prior) -> Any:
    if not isinstance(path, list) or not path or not isinstance(path[0], str):
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
            short["digest"] = b64url(bytes.fromhex(found))[:-1]
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
        given["digest"] = unb64url(str(given["digest"]) + "=").hex()
    unknown = set(given) - set(_WAIT_ORDER)
    if unknown or set(flags) - set("nscd"):
        raise ValueError("a packed wait with unknown parts")
    return {key: given[key] for key in _WAIT_ORDER if key in given}
