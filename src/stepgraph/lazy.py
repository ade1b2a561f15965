"""Names a module exports but loads on first use (PEP 562), so that a process that never
uses them does not pay for importing and creating them (a dataclass costs a cold start
about 0.4 ms); and regular expressions compiled on first use (``pattern``)."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from importlib import import_module
from typing import Any, cast


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


_PATTERN_NAMES = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split",
                  "scanner", "pattern", "flags", "groups", "groupindex")  # fmt: skip


class _Pattern:
    """A regular expression compiled when first used: ``re`` parses and compiles a pattern in
    Python (tens of microseconds to a millisecond each), so a process pays only for the
    patterns it uses. After the first use its methods are the compiled pattern's own."""

    def __init__(self, source: str, flags: int) -> None:
        self._source = source
        self._flags = flags

    def __getattr__(self, name: str) -> Any:  # only while a name is not set yet
        if name not in _PATTERN_NAMES:
            raise AttributeError(name)
        compiled = re.compile(self._source, self._flags)
        for each in _PATTERN_NAMES:
            self.__dict__[each] = getattr(compiled, each)
        return self.__dict__[name]

    def __repr__(self) -> str:
        return f"pattern({self._source!r}, {self._flags!r})"


def pattern(source: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(source, flags)``, done on first use (a pattern a run may never need)."""
    return cast("re.Pattern[str]", _Pattern(source, flags))
