"""Names a module exports but loads on first use (PEP 562), so that a process that never
uses them does not pay for importing and creating them (a dataclass costs a cold start
about 0.4 ms)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from importlib import import_module
from typing import Any


def lazy_names(module: str, sources: dict[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` that imports each of ``sources``' names from its module
    (relative to ``module``'s package) on first use and keeps it in ``module``."""
    package = module if hasattr(sys.modules[module], "__path__") else module.rpartition(".")[0]

    def getattr_(name: str) -> Any:
        source = sources.get(name)
        if source is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        value = getattr(import_module(source, package), name)
        setattr(sys.modules[module], name, value)  # once: later reads skip this function
        return value

    return getattr_
