"""The one place the official ``mcp`` SDK is imported (the ``mcp`` extra)."""

from __future__ import annotations

from types import ModuleType

from ..errors import InputError

MISSING = "needs the mcp extra: pip install 'stepgraph[mcp]'"


def require_sdk() -> ModuleType:
    """The ``mcp`` package, or ``InputError`` naming the extra to install."""
    try:
        import mcp
    except ImportError as error:
        raise InputError("mcp", MISSING) from error
    return mcp


def describe_failure(error: BaseException) -> str:
    """The message of what failed, out of the SDK's (or anyio's) exception groups."""
    inner = getattr(error, "exceptions", None)  # an exception group (3.11+, or anyio's)
    if isinstance(inner, tuple) and inner:
        return "; ".join(describe_failure(part) for part in inner)
    return str(error) or type(error).__name__
