"""The one scrubber: API keys out of any text before it is stored or printed.

A provider's error body may echo the key it was sent ("Incorrect API key provided:
sk-..."), and that text becomes an error message, a ``retry_later`` reason, a journal
record and a queue reason. An adapter scrubs the exact key it used; the harness scrubs
again by shape (``sk-...``, ``Bearer ...``, ``x-api-key: ...``) before saving a reason,
so an adapter that forgot still leaks no usual key.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .lazy import pattern

REDACTED = "[redacted]"
_SHAPES = pattern(
    r"\bsk-[A-Za-z0-9_\-]{8,}"  # OpenAI and Anthropic keys (sk-..., sk-ant-...)
    r"|(?i:\bbearer\s+)[A-Za-z0-9._~+/\-]{8,}=*"  # a bearer token
    r"|(?i:\bx-api-key\b[\"']?\s*[:=]\s*[\"']?)[A-Za-z0-9._\-]{8,}"  # an api-key header
)


def scrub(text: str, secrets: Iterable[str | None] = ()) -> str:
    """``text`` with each of ``secrets`` (4 characters or more) and key-shaped words replaced."""
    for secret in secrets:
        if secret and len(secret) >= 4:
            text = text.replace(secret, REDACTED)
    return _SHAPES.sub(_redact, text)


def _redact(match: re.Match[str]) -> str:
    found = match.group(0)
    if found.lower().startswith(("bearer", "x-api-key")):  # keep the label, drop the value
        label = re.match(r"(?i)bearer\s+|x-api-key[\"']?\s*[:=]\s*[\"']?", found)
        return (label.group(0) if label else "") + REDACTED
    return REDACTED


def scrub_error(error: BaseException, secrets: Iterable[str | None] = ()) -> BaseException:
    """``error`` with its message scrubbed in place (the class and attributes stay)."""
    error.args = tuple(scrub(a, secrets) if isinstance(a, str) else a for a in error.args)
    return error
