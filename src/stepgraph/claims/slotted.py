"""A base for the reader's internal records (tokens, units, statements, references).

A class with ``__slots__`` and a written ``__init__`` compares and prints like the
dataclass it replaces, and is faster to make; a dataclass costs every process that
imports it about 4 M instructions at start (Python 3.11 compiles its methods from
generated source), and a run reads with five of them. Public records stay dataclasses.
"""

from __future__ import annotations

from typing import Any, ClassVar


class Slotted:
    """Equal to a record of the same class with equal fields (a dataclass's ``eq``),
    unhashable, printed as ``Name(field=value, ...)``; the fields are ``__slots__``."""

    __slots__: ClassVar[tuple[str, ...]] = ()
    __hash__: ClassVar[None] = None  # type: ignore[assignment]  # mutable, like a dataclass

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            assert isinstance(other, Slotted)
            return self._values() == other._values()
        return NotImplemented

    def __repr__(self) -> str:
        body = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__qualname__}({body})"


class FrozenSlotted(Slotted):
    """A ``Slotted`` record that cannot change (a frozen dataclass): hashable by value."""

    __slots__: ClassVar[tuple[str, ...]] = ()

    def __setattr__(self, name: str, value: object) -> None:
        from dataclasses import FrozenInstanceError  # imported only when raised

        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        from dataclasses import FrozenInstanceError

        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(self._values())

    def _set(self, **fields: object) -> None:
        """Set the fields once, in ``__init__``."""
        for name, value in fields.items():
            object.__setattr__(self, name, value)
