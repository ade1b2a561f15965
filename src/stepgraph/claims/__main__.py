"""``python -m stepgraph.claims``: fill the compiled-pattern cache, as ``compileall``
fills bytecode (for installs run with ``PYTHONDONTWRITEBYTECODE``, or read-only later)."""

from __future__ import annotations

from .compiled import CACHE

CACHE.save(warming=True)
print(f"claims patterns cached in {CACHE.path}")
