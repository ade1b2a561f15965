"""Format 3's deflated texts in a SQL store (SQLite): the dictionaries the file holds.

A step body, a run's inputs or a compacted journal record of a format-3 run is stored
as a BLOB: the number of a row of ``stepgraph_dictionaries`` (a LEB128 varint: one byte
below 128), then the raw deflate stream of the text against that dictionary
(``vocabulary.py``). A text deflate would not shorten stays TEXT, as every text of a
format-1 or format-2 run does: a value's type says how to read it.

A dictionary row holds the dictionary itself and its SHA-256, so the file never
depends on the words of the code that reads it. Rows are only ever added: a number,
once committed, names the same dictionary for the life of the file. So a store caches
the numbers it looked up or added and the dictionaries it read (each checked against
its digest once). A save adds a missing dictionary in its own transaction (under the
write lock: two writers never add one twice); a store forgets everything it cached at
any rollback, which may have removed a row it added, so a cached number is always one
of a row that is there.
"""

from __future__ import annotations

from typing import Any

from ..digests import sha256
from ..errors import CheckpointCorrupt
from ..vocabulary import Vocabulary, inflate

ADD = "INSERT INTO stepgraph_dictionaries (sha256, body) VALUES (?, ?)"
FIND = "SELECT min(id) FROM stepgraph_dictionaries WHERE sha256 = ?"
READ = "SELECT sha256, body FROM stepgraph_dictionaries WHERE id = ?"


def deflated(text: str, vocabulary: Vocabulary, number: int) -> bytes | str:
    """``text`` as stored in format 3: deflated against dictionary ``number``
    (``vocabulary``'s), or ``text`` itself when that would not be shorter."""
    header = _HEADERS[number] if number < 0x80 else _varint(number)
    stream = vocabulary.deflate(text, len(header))
    return text if stream is None else header + stream


def _varint(number: int) -> bytes:
    out = bytearray()
    while number >= 0x80:
        out.append(number & 0x7F | 0x80)
        number >>= 7
    out.append(number)
    return bytes(out)


_HEADERS = [bytes((number,)) for number in range(0x80)]  # the one-byte headers, made once


def split(stored: bytes, run_id: str | None, what: str) -> tuple[int, bytes]:
    """The dictionary number and the deflate stream of a stored BLOB."""
    number, shift = 0, 0
    for index, byte in enumerate(stored[:9]):
        number |= (byte & 0x7F) << shift
        if byte < 0x80:
            return number, stored[index + 1 :]
        shift += 7
    raise CheckpointCorrupt(run_id, f"{what} names no dictionary")


class Dictionaries:
    """One store's cache of its file's dictionaries: numbers by digest, data by number."""

    __slots__ = ("by_number", "numbers", "vocabularies")

    def __init__(self) -> None:
        self.numbers: dict[bytes, int] = {}  # digest -> number (committed rows only)
        self.vocabularies: dict[int, Vocabulary] = {}  # number -> what deflates with it
        self.by_number: dict[int, bytes] = {}  # number -> dictionary (checked)

    def number(self, conn: Any, vocabulary: Vocabulary) -> int:
        """The number of ``vocabulary``'s dictionary, added when missing; ``conn`` is in
        a write transaction (which holds the lock: no other writer adds it meanwhile)."""
        found = self.numbers.get(vocabulary.digest)
        if found is None:
            row = conn.execute(FIND, (vocabulary.digest,)).fetchone()
            if row is None or row[0] is None:
                found = int(conn.execute(ADD, (vocabulary.digest, vocabulary.data)).lastrowid)
            else:
                found = int(row[0])
            self.numbers[vocabulary.digest] = found
            self.vocabularies[found] = vocabulary
        return found

    def forget(self) -> None:
        """Drop every cached number and dictionary (after a rollback)."""
        self.numbers.clear()
        self.vocabularies.clear()
        self.by_number.clear()

    def text(self, conn: Any, stored: Any, run_id: str | None, what: str) -> Any:
        """The text of a stored value: inflated when it is a BLOB, else as it is."""
        if not isinstance(stored, bytes):
            return stored
        number, stream = split(stored, run_id, what)
        data = self.by_number.get(number)
        if data is None:
            row = conn.execute(READ, (number,)).fetchone()
            if row is None:
                raise CheckpointCorrupt(run_id, f"{what} names dictionary {number}, which the "
                                        "store does not hold")  # fmt: skip
            if sha256(bytes(row[1])).digest() != bytes(row[0]):
                raise CheckpointCorrupt(run_id, f"dictionary {number} does not match its "
                                        "digest: it was damaged or edited")  # fmt: skip
            data = self.by_number[number] = bytes(row[1])
        return inflate(stream, data, run_id, what)
