"""Regular expressions compiled once per installation, not once per process.

CPython turns a pattern into the program its C engine runs with Python code (a parser,
then a code generator), and the claims reader's hundred-odd patterns cost a third of a
cold ``stepgraph run offers`` process that way. That program depends only on the
pattern, its flags and the engine, so it is kept, like bytecode, in ``__pycache__``
beside this package (under ``PYTHONPYCACHEPREFIX`` when one is set), in one file named
after the interpreter's cache tag and the engine's magic number, and read in one go.

A pattern the file lacks is compiled the usual way and the file is rewritten, atomically,
when the process ends, only where bytecode would be written (``sys.dont_write_bytecode``
off, the folder writable; ``python -m stepgraph.claims`` fills it regardless,
as ``compileall`` does bytecode). A damaged file, another engine's file, or any other
interpreter than CPython 3.11 or newer is compiled the usual way; the engine checks every
program it is handed, so a bad file can cost time, never a wrong match.
"""

from __future__ import annotations

import atexit
import contextlib
import importlib
import marshal
import os
import re
import sys
from typing import Any

_Entry = tuple[int, list[int], int, dict[str, int], tuple[str | None, ...]]


def _engine() -> tuple[Any, Any, Any] | None:
    """``_sre`` and the stdlib's parser and code generator, where their shapes are known."""
    if sys.implementation.name != "cpython" or sys.version_info < (3, 11):
        return None
    try:
        return (
            importlib.import_module("_sre"),
            importlib.import_module("re._parser"),
            importlib.import_module("re._compiler"),
        )
    except ImportError:  # pragma: no cover - every CPython 3.11+ has them
        return None


_ENGINE = _engine()
_HEADER = f"sre:{_ENGINE[0].MAGIC if _ENGINE else 0}:{sys.version_info[:2]}\n".encode()


def cache_file() -> str:
    """Where this interpreter keeps the package's compiled patterns.

    (``os.path``, not ``pathlib``: a run imports nothing else that needs pathlib, and
    pathlib with the modules it loads costs a cold start about 5 ms here.)"""
    here = os.path.dirname(os.path.realpath(__file__))
    folder = os.path.join(here, "__pycache__")
    if sys.pycache_prefix:
        rest = os.path.splitdrive(here)[1]
        folder = os.path.join(sys.pycache_prefix, rest.lstrip(os.sep))
    tag = sys.implementation.cache_tag or "python"
    magic = _ENGINE[0].MAGIC if _ENGINE else 0
    return os.path.join(folder, f"patterns.{tag}-{magic}.bin")


class PatternCache:
    """Compiled patterns read from and saved to one file; ``compile`` as ``re.compile``."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.fspath(path)
        self.hits = 0
        self.misses = 0
        self._stored = self._load()
        self._new: dict[tuple[str, int], _Entry] = {}

    def _load(self) -> dict[tuple[str, int], _Entry]:
        if _ENGINE is None:
            return {}
        try:
            with open(self.path, "rb") as file:
                data = file.read()
        except OSError:
            return {}
        if not data.startswith(_HEADER):
            return {}
        try:
            stored = marshal.loads(data[len(_HEADER) :])
        except (ValueError, EOFError, TypeError):
            return {}
        return stored if isinstance(stored, dict) else {}

    def compile(self, pattern: str, flags: int = 0) -> re.Pattern[str]:
        """``re.compile(pattern, flags)``, from the file when it holds the program."""
        if _ENGINE is None:
            return re.compile(pattern, flags)
        key = (pattern, int(flags))
        entry = self._stored.get(key)
        if entry is not None:
            try:
                compiled: re.Pattern[str] = _ENGINE[0].compile(pattern, *entry)
            except (TypeError, ValueError, RuntimeError, OverflowError):
                pass  # not this engine's program after all: compile it again
            else:
                self.hits += 1
                return compiled
        self.misses += 1
        try:
            entry = _program(pattern, int(flags))
            result: re.Pattern[str] = _ENGINE[0].compile(pattern, *entry)
        except re.error:
            raise
        except Exception:  # an engine whose internals moved: compile the usual way
            return re.compile(pattern, flags)
        self._new[key] = entry
        return result

    def save(self, *, warming: bool = False) -> None:
        """Write what this process compiled, with what the file held, atomically.

        Only where bytecode would be written, unless ``warming`` (as ``compileall``
        writes bytecode whatever ``PYTHONDONTWRITEBYTECODE`` says)."""
        if not self._new or (sys.dont_write_bytecode and not warming):
            return
        merged = {**self._stored, **self._new}
        temporary = f"{self.path}.{os.getpid()}.tmp"
        try:
            os.makedirs(os.path.dirname(self.path), exist_ok=True)
            with open(temporary, "wb") as file:
                file.write(_HEADER + marshal.dumps(merged))
            os.replace(temporary, self.path)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            return
        self._stored, self._new = merged, {}


def _program(pattern: str, flags: int) -> _Entry:
    """What ``re._compiler.compile`` hands the engine for ``pattern``."""
    assert _ENGINE is not None
    _sre, parser, compiler = _ENGINE
    parsed = parser.parse(pattern, flags)
    code = [int(op) for op in compiler._code(parsed, flags)]  # named opcodes are ints
    groupindex: dict[str, int] = dict(parsed.state.groupdict)
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    return (
        flags | parsed.state.flags,
        code,
        parsed.state.groups - 1,
        groupindex,
        tuple(indexgroup),
    )


CACHE = PatternCache(cache_file())
"""The package's patterns; saved when the process ends."""
atexit.register(CACHE.save)

compiled = CACHE.compile
"""``re.compile`` for the package's own patterns."""
