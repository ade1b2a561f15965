"""How a run's adapter was built, kept with the run so every later command builds it again.

The fingerprint holds the adapter's id: what generates (provider, model, URL, output
switches). It does not hold how requests are made: the request timeout, the transport,
a file every answer is recorded to, or a file answers are replayed from. ``remember``
keeps those options (never a key: keys come from the environment when a request is
made) in the run's journal under ``@adapter``; ``recall`` reads them back, so
``resume`` and a person's decision continue with ``--record`` and ``--timeout`` as the
run started. Options whose adapter no longer has the run's id are ignored.
"""

from __future__ import annotations

import os
from typing import Any

from .adapters import Adapter
from .adapters.providers import provider_adapter
from .adapters.recording import Recording, Replay
from .records import dataclass, field_names
from .stores import Store

SLOT = "@adapter"


@dataclass(frozen=True, kw_only=True)
class AdapterRef:
    """What the command line was told about the adapter: a reference and its options."""

    ref: str = "fixture"
    base_url: str | None = None
    style: str | None = None
    tokens_field: str | None = None
    timeout: float | None = None
    transport: str | None = None
    mode: str | None = None
    record: str | None = None
    replay: str | None = None

    def build(self) -> Adapter:
        """The adapter these options name (a provider, a registered name, module:attr)."""
        if self.replay:
            return Replay(self.replay)
        adapter: Adapter | None = provider_adapter(
            self.ref, base_url=self.base_url, style=self.style, tokens_field=self.tokens_field,
            timeout=self.timeout, transport=self.transport, mode=self.mode,
        )  # fmt: skip
        if adapter is None:
            from .registry import named_adapter

            adapter = named_adapter(self.ref)
        return Recording(adapter, self.record) if self.record else adapter

    def record_json(self, adapter_id: str) -> dict[str, Any]:
        """The journal record: the options set, file paths made absolute, and the id."""
        options = {name: value for name in field_names(AdapterRef)
                   if (value := getattr(self, name)) is not None}  # fmt: skip
        for name in ("record", "replay"):
            if name in options:
                options[name] = os.path.abspath(options[name])
        return {"status": "options", "adapter": adapter_id, **options}


def remember(store: Store, run_id: str, ref: AdapterRef, adapter_id: str) -> None:
    """Keep ``ref`` with the run ``run_id`` if it exists and does not hold it already."""
    record = ref.record_json(adapter_id)
    if store.load(run_id) is None or store.generations(run_id).get(SLOT) == record:
        return
    store.record_generation(run_id, SLOT, record)


def recall(store: Store, run_id: str, adapter_id: str) -> Adapter | None:
    """The adapter the run ``run_id`` was started with, if its options were kept."""
    record = store.generations(run_id).get(SLOT)
    if not isinstance(record, dict) or record.get("adapter") != adapter_id:
        return None
    known = set(field_names(AdapterRef))
    options = {name: value for name, value in record.items() if name in known}
    if not all(isinstance(value, str | int | float) for value in options.values()):
        return None  # not a record remember() wrote: rebuild from the id alone
    adapter = AdapterRef(**options).build()
    return adapter if adapter.id == adapter_id else None
