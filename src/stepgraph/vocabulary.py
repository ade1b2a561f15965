"""Format 3's compressed bodies: zlib's deflate with a preset dictionary of what a graph's
records repeat.

A stored step, a run's inputs and a compacted journal record are short JSON texts that
repeat the same keys and fixed phrases run after run, which deflate alone cannot use
(there is nothing earlier in a 500-byte text to point back to). A preset dictionary
gives it those strings: the library's own (``BASE_WORDS``: journal records, waits,
events) and the graph's (``Graph(vocabulary=[...])``: its keys, its fixed phrases). Only
words written in code go in a dictionary, never a run's data, so a dictionary holds
nothing a purge or a forgotten key must remove.

A dictionary is named by its SHA-256. A store that compresses (SQLite) keeps each
dictionary it used in the file itself, and each compressed value names the one it was
made with, so a store never depends on the words of the code that reads it: changing a
graph's vocabulary only makes the new rows use a new dictionary.

Deflate streams are raw (no zlib header or checksum: the checksum chain and the journal
seals cover the inflated text). A text of up to ``SMALL`` bytes (with the dictionary) is
deflated with a 4 KiB window from a compressor primed once with the dictionary (copying
it costs less than priming a new one); a longer one with the full 32 KiB window. Both
inflate with the 32 KiB window.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .digests import sha256
from .errors import CheckpointCorrupt, GraphError

if TYPE_CHECKING:
    import zlib

BASE_WORDS: tuple[str, ...] = (
    '"@inputs":{',
    '"@event":{"action":"supply","by":"","at":"","keys":[""],"note":""}',
    '"@event":{"action":"reconcile","reconciled_by":"","key":""}',
    '"@event":{"action":"approve","verdict":"approve","by":"","at":"","digest":"',
    '"@wait":{"^":"ns","kind":"retry","reason":"","not_before":"',
    '"@wait":{"^":"ns","kind":"failed","error":"","reason":"',
    '"@wait":{"^":"ns","kind":"data","reason":"","key":"","ask":{"missing":[',
    '"@wait":{"^":"nscd","kind":"decision","reason":"","key":"review","digest":"',
    '{"status":"failed","attempt":1,"adapter":"","request":"","error":"","latency_ms":',
    '{"status":"started","attempt":1,"adapter":"","request":"","at":1',
    '{"status":"running"}',
    '{"status":"done","attempt":1,"adapter":"","request":"","output_sha256":"",'
    '"latency_ms":0.,"at":1',
    ',"sum":"',
)
"""What the library itself writes in every graph's records (the most frequent last:
deflate reaches the end of a dictionary with the shortest distances)."""

SMALL = 4096  # dictionary and text together: deflated with a 4 KiB window
_LEVEL = 6  # zlib's default: the same sizes as 9 on these texts, never slower


class Vocabulary:
    """The words a graph's stored records repeat, as one preset dictionary (``data``: the
    library's ``BASE_WORDS``, then the graph's), named by ``digest`` (its SHA-256)."""

    __slots__ = ("_primed", "data", "digest", "words")

    def __init__(self, words: Sequence[str] = ()) -> None:
        if isinstance(words, str) or not all(isinstance(word, str) for word in words):
            raise GraphError("a vocabulary must be a list of texts")
        self.words = tuple(words)
        self.data = "\n".join((*BASE_WORDS, *self.words)).encode("utf-8")
        self.digest = sha256(self.data).digest()
        self._primed: Any = None  # the small-window compressor, made on first use

    def deflate(self, text: str, header: int = 0) -> bytes | None:
        """``text`` as a raw deflate stream against this dictionary, or None when that
        (with ``header`` bytes more) would not be shorter than the text's UTF-8 bytes."""
        raw = text.encode("utf-8")
        if len(raw) + len(self.data) <= SMALL:
            compressor = (self._primed or self._prime()).copy()
        else:
            import zlib

            compressor = zlib.compressobj(_LEVEL, zlib.DEFLATED, -15, 8, zdict=self.data)
        stream: bytes = compressor.compress(raw) + compressor.flush()
        return stream if len(stream) + header < len(raw) else None

    def _prime(self) -> zlib._Compress:
        import zlib

        primed = zlib.compressobj(_LEVEL, zlib.DEFLATED, -12, 2, zdict=self.data)
        self._primed = primed
        return primed


def inflate(stream: bytes, dictionary: bytes, run_id: str | None, what: str) -> str:
    """The text ``Vocabulary.deflate`` made ``stream`` from, with the same dictionary;
    ``CheckpointCorrupt`` naming ``what`` when it is not a whole stream of UTF-8 text."""
    import zlib

    inflater = zlib.decompressobj(-15, zdict=dictionary)
    try:
        raw = inflater.decompress(stream)
        if not inflater.eof or inflater.unused_data:
            raise ValueError("not one whole deflate stream")
        return raw.decode("utf-8")
    except (zlib.error, ValueError) as error:
        raise CheckpointCorrupt(run_id, f"{what} does not inflate ({error})") from None


BASE = Vocabulary()
"""The library's words alone: what a graph without a vocabulary (and an event step,
which has no graph) compresses against."""
