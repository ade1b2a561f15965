"""The sentence reader is a chain of form classes (one owner each); a method defined in
two of them silently replaces the other's (this hid a form twice), so none may be."""

from __future__ import annotations

from stepgraph.claims.forms import SentenceReader


def test_no_method_of_the_reader_chain_is_defined_twice() -> None:
    owners: dict[str, list[str]] = {}
    for cls in SentenceReader.__mro__:
        for name, value in vars(cls).items():
            if callable(value) and not name.startswith("__"):
                owners.setdefault(name, []).append(cls.__name__)
    assert {name: by for name, by in owners.items() if len(by) > 1} == {}
