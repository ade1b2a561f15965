"""SHA-256 for the library's digests, with OpenSSL loaded only once a process hashes in bulk.

``import hashlib`` loads OpenSSL's binding (``_hashlib``): about 2 ms and 11 M
instructions, paid by every process, a cold ``stepgraph run`` included (issue 17, cold
start). CPython's built-in SHA-256 (``_sha256``; ``_sha2`` from 3.12) gives the very same
digests without it, but hashes slower (no SHA instructions): 0.50 against 0.36 us for
100 bytes, 31.6 against 6.0 us for 10 KB on this machine. So a process hashes with the
built-in until it has hashed ``BULK`` bytes (an offers run hashes about 7 KB, a cold
``stepgraph run`` process 10 KB), then with ``hashlib`` for good; a process that imported
``hashlib`` already uses it from the start. A long-lived process pays at most the
built-in's extra time on its first 64 KB (about 0.15 ms), once. Either way the digest of
the same bytes is the same.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hashlib import _Hash

BULK = 64 * 1024  # bytes hashed with the built-in before switching to OpenSSL


def _builtin_sha256() -> Callable[[bytes], _Hash] | None:
    """CPython's built-in SHA-256 constructor, if this interpreter has one."""
    from importlib import import_module

    for name in ("_sha256", "_sha2"):  # CPython up to 3.11; from 3.12
        try:
            return import_module(name).sha256  # type: ignore[no-any-return]
        except (ImportError, AttributeError):
            continue
    return None  # pragma: no cover - not CPython


_builtin = _builtin_sha256()


class _Choice:
    """Which implementation hashes now, and how much the built-in has hashed."""

    def __init__(self) -> None:
        self.hashed = 0
        self.openssl: Callable[[bytes], _Hash] | None = None


_choice = _Choice()


def sha256(data: bytes) -> _Hash:
    """``hashlib.sha256(data)``: the same digest, from whichever implementation is cheaper
    for this process so far."""
    chosen: Callable[[bytes], _Hash] | None = _choice.openssl
    if chosen is not None:
        return chosen(data)
    if _builtin is None or "hashlib" in sys.modules or _choice.hashed + len(data) > BULK:
        from hashlib import sha256 as openssl

        _choice.openssl = openssl
        return openssl(data)
    _choice.hashed += len(data)
    return _builtin(data)


def hmac_sha256(key: bytes, data: bytes) -> str:
    """The HMAC-SHA256 of ``data`` under ``key``, in hex (signed stores and tokens only:
    ``hmac`` and ``hashlib`` load then)."""
    import hashlib
    import hmac

    return hmac.new(key, data, hashlib.sha256).hexdigest()


__all__ = ["BULK", "hmac_sha256", "sha256"]


_TO_URL = bytes.maketrans(b"+/", b"-_")
_FROM_URL = bytes.maketrans(b"-_", b"+/")


def b64url(raw: bytes) -> str:
    """``raw`` in URL-safe base64 with its padding (from ``binascii``: ``base64`` is not
    loaded on a run's path)."""
    import binascii

    return binascii.b2a_base64(raw, newline=False).translate(_TO_URL).decode("ascii")


def unb64url(text: str) -> bytes:
    """The bytes of URL-safe base64 ``text`` (padding included)."""
    import binascii

    return binascii.a2b_base64(text.encode("ascii").translate(_FROM_URL))
