"""The public API is what ``__all__`` lists, sorted, and every name resolves."""

from __future__ import annotations

import stepgraph


def _isort_key(name: str) -> tuple[int, str]:
    """Constants, then classes, then functions; alphabetical within each (ruff RUF022)."""
    return (0 if name.isupper() else 1 if name[0].isupper() else 2, name)


def test_all_is_sorted() -> None:
    assert list(stepgraph.__all__) == sorted(stepgraph.__all__, key=_isort_key)


def test_every_public_name_resolves() -> None:
    missing = [name for name in stepgraph.__all__ if not hasattr(stepgraph, name)]
    assert missing == []


def test_every_error_derives_from_the_one_root() -> None:
    import inspect

    import stepgraph.errors

    errors = [value for _, value in inspect.getmembers(stepgraph.errors, inspect.isclass)
              if issubclass(value, BaseException)]  # fmt: skip
    assert len(errors) == 49  # PrivateDataLocked, RunForgotten, ToolLimitExceeded among them
    assert all(issubclass(error, stepgraph.StepgraphError) for error in errors)
    exported = [getattr(stepgraph, n) for n in stepgraph.__all__]
    assert [e for e in exported if isinstance(e, type) and issubclass(e, Exception)] == [
        e for e in exported if isinstance(e, type) and issubclass(e, stepgraph.StepgraphError)
    ]
