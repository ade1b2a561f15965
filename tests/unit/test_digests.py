"""`stepgraph.digests`: SHA-256 from CPython's built-in until a process hashes in bulk, then
from OpenSSL (issue 17, cold start); the digests are hashlib's either way."""

from __future__ import annotations

import hashlib
import hmac
import subprocess
import sys

from stepgraph import digests

SAMPLES = [b"", b"a", b"stepgraph-journal-1\nr1\ndraft\n{}", bytes(range(256)) * 4000]


def test_the_digest_is_hashlibs_for_any_bytes() -> None:
    for data in SAMPLES:
        assert digests.sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()
        assert digests.sha256(data).digest() == hashlib.sha256(data).digest()


def test_the_hmac_is_hmac_sha256() -> None:
    for data in SAMPLES:
        assert (
            digests.hmac_sha256(b"k" * 32, data)
            == hmac.new(b"k" * 32, data, hashlib.sha256).hexdigest()
        )


def _probe(code: str) -> None:
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_process_hashes_without_openssl_until_it_hashes_in_bulk() -> None:
    _probe(
        "import hashlib as _h, sys\n"  # for the expected digests, then forgotten
        "expected = _h.sha256(b'x' * 1000).hexdigest()\n"
        "del sys.modules['hashlib'], _h\n"
        "from stepgraph import digests\n"
        "for _ in range(3):\n"
        "    assert digests.sha256(b'x' * 1000).hexdigest() == expected\n"
        "assert 'hashlib' not in sys.modules and digests._choice.openssl is None\n"
        "digests.sha256(b'y' * digests.BULK)\n"
        "assert 'hashlib' in sys.modules and digests._choice.openssl is not None\n"
        "assert digests.sha256(b'x' * 1000).hexdigest() == expected\n"
    )


def test_a_process_that_loaded_hashlib_uses_it_from_the_start() -> None:
    _probe(
        "import hashlib\n"
        "from stepgraph import digests\n"
        "digests.sha256(b'x')\n"
        "assert digests._choice.openssl is hashlib.sha256\n"
    )
