"""Side effects of a node, journaled so each runs at most once per step.

The intent is recorded before the call and the outcome after it, under an idempotency
key made of the run, the node, its visit and the effect's name. A completed effect
returns its recorded outcome and is never called again; an intent without an outcome is
reconciled by the effect's ``lookup`` (given the same key) or, when it has none, stops
the run in ``needs_reconciliation`` (``EffectUnknown``), unless the downstream
deduplicates by key.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .checkpoint import json_copy, now
from .errors import EffectUnknown, InputError
from .stores._testhooks import reach

if TYPE_CHECKING:
    from .context import Context


def run_effect(
    context: Context,
    name: str,
    call: Callable[[str], Any],
    lookup: Callable[[str], Any] | None,
    deduplicated: bool,
) -> Any:
    """``context.effect``: the outcome of ``call(key)``, run at most once for this step."""
    if not isinstance(name, str) or not name or ":" in name:
        raise InputError("effect", f"name must be non-empty text without ':', not {name!r}")
    slot = f"{context.visit}:{context.node}:effect:{name}"
    key = f"{context.run_id}/{context.node}/{context.visit}/{name}"
    prior = context.recorded(slot)
    if prior is not None and prior.get("status") == "done":
        return json_copy(prior.get("outcome"), "outcome")
    if prior is not None and prior.get("status") == "started":
        found = lookup(key) if lookup is not None else None
        if found is not None:
            outcome = json_copy(found, "outcome")
            found_record = {"status": "done", "effect": name, "key": key, "outcome": outcome,
                            "reconciled": "lookup", "at": now()}  # fmt: skip
            context.record(slot, found_record)
            return outcome
        if lookup is None and not deduplicated:
            raise EffectUnknown(context.node, name, key, slot)
    context.record(slot, {"status": "started", "effect": name, "key": key, "at": now()})
    reach("effect-intended")
    outcome = json_copy(call(key), "outcome")
    reach("effect-called")
    context.record(slot, {"status": "done", "effect": name, "key": key, "outcome": outcome,
                          "at": now()})  # fmt: skip
    return outcome
