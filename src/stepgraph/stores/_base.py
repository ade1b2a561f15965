"""What every backend shares: context-manager use and the version check."""

from __future__ import annotations

from types import TracebackType
from typing import TYPE_CHECKING, TypeVar

from ..checkpoint import Checkpoint
from ..errors import VersionConflict

if TYPE_CHECKING:
    from .summaries import RunSummary

_S = TypeVar("_S", bound="StoreBase")


class StoreBase:
    """Context-manager plumbing; subclasses define ``close``."""

    url: str

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self: _S) -> _S:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.url}>"


def check_version(run_id: str, expected: int | None, actual: int | None, new: int) -> None:
    """Refuse a save unless ``expected`` is the stored version and ``new`` follows it."""
    if expected != actual:
        raise VersionConflict(run_id, expected, actual)
    if new != (expected or 0) + 1:
        raise VersionConflict(run_id, new - 1, actual)


def summaries(checkpoints: list[Checkpoint], status: str | None) -> list[RunSummary]:
    """Summaries of ``checkpoints``, newest first, filtered by ``status``."""
    from .summaries import RunSummary  # listing only: a run never loads it

    rows = [
        RunSummary(
            run_id=cp.run_id,
            graph=cp.parts.graph,
            status=cp.status,
            next=cp.next,
            version=cp.version,
            updated_at=cp.updated_at,
        )
        for cp in checkpoints
        if status is None or cp.status == status
    ]
    rows.sort(key=lambda row: (row.updated_at, row.run_id), reverse=True)
    return rows
