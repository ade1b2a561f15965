"""What a node receives besides the state: the run it belongs to and the model."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .adapters import Adapter, Request
from .errors import AdapterError, StepgraphError


@dataclass(frozen=True, kw_only=True)
class Context:
    """Per-step context given to every node as its second argument."""

    run_id: str
    node: str
    adapter: Adapter

    def generate(self, *, instructions: str, data: Any) -> Any:
        """Call the run's adapter; a failure becomes ``AdapterError`` with the original cause."""
        request = Request(instructions=instructions, data=data, run_id=self.run_id, node=self.node)
        try:
            return self.adapter.generate(request)
        except StepgraphError:
            raise
        except Exception as error:
            raise AdapterError(
                f"adapter {self.adapter.id!r} failed: {type(error).__name__}: {error}"
            ) from error
