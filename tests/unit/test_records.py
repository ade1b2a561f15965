"""`stepgraph.records` makes frozen records that behave as frozen dataclasses (issue 17,
cold start): each test builds the same class both ways and compares what they do."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from stepgraph import records

Decorator = Callable[..., Any]


def _both(make: Callable[[Decorator, Callable[..., Any]], type]) -> tuple[type, type]:
    """The class ``make`` defines, as a dataclass and as a record (same name, same body)."""
    return make(dataclasses.dataclass, dataclasses.field), make(records.dataclass, records.field)


def _offer(dataclass: Decorator, field: Callable[..., Any]) -> type:
    @dataclass(frozen=True, kw_only=True)
    class Offer:
        """An offer."""

        id: str
        monthly: int = 0
        tags: tuple[str, ...] = field(default_factory=tuple)
        note: str = field(default="", compare=False, repr=False)

    return Offer


def _pair(dataclass: Decorator, field: Callable[..., Any]) -> type:
    @dataclass(frozen=True)
    class Pair:
        left: int
        right: int = 2

    return Pair


def _derived(dataclass: Decorator, field: Callable[..., Any]) -> type:
    @dataclass(frozen=True, kw_only=True, eq=False)
    class Derived:
        """A record with a field its __post_init__ sets."""

        base: int
        double: int = field(init=False)

        def __post_init__(self) -> None:
            object.__setattr__(self, "double", self.base * 2)

    return Derived


def test_a_record_is_made_equal_hashed_and_shown_as_a_dataclass() -> None:
    for make, args, kwargs in ((_offer, (), {"id": "A", "monthly": 5}), (_pair, (1,), {})):
        model, record = _both(make)
        one, two = model(*args, **kwargs), record(*args, **kwargs)
        assert repr(one) == repr(two)
        assert list(vars(one).items()) == list(vars(two).items())  # the fields, in order
        assert hash(one) == hash(two)
        assert record(*args, **kwargs) == two
        assert model(*args, **kwargs) == one
        assert two != one  # another class, as two dataclasses of the same name
        assert record.__match_args__ == model.__match_args__  # type: ignore[attr-defined]


def test_a_record_compares_only_the_compared_fields() -> None:
    model, record = _both(_offer)
    for cls in (model, record):
        assert cls(id="A", note="x") == cls(id="A", note="y")
        assert hash(cls(id="A", note="x")) == hash(cls(id="A", note="y"))
        assert cls(id="A", tags=("t",)) != cls(id="A")
        assert "note" not in repr(cls(id="A", note="x"))


def test_a_record_gives_each_instance_a_new_default_from_its_factory() -> None:
    @records.dataclass(frozen=True)
    class Basket:
        items: list[int] = records.field(default_factory=list, compare=False)

    first, second = Basket(), Basket()
    assert first.items == []
    assert first.items is not second.items
    assert Basket([1]).items == [1]


def test_a_record_refuses_changes_as_a_frozen_dataclass() -> None:
    record = _both(_offer)[1]
    made = record(id="A")
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'id'"):
        made.id = "B"
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field 'id'"):
        del made.id
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.other = 1


def test_a_record_refuses_the_arguments_a_dataclass_refuses() -> None:
    for cls in _both(_offer):
        with pytest.raises(TypeError, match=r"Offer.__init__\(\) missing 1 required keyword"):
            cls()
        with pytest.raises(TypeError, match="positional argument"):
            cls("A")
        with pytest.raises(TypeError, match="unexpected keyword argument 'nope'"):
            cls(id="A", nope=1)


def test_dataclasses_functions_read_a_record_as_the_dataclass_it_stands_for() -> None:
    model, record = _both(_offer)
    assert dataclasses.is_dataclass(record)
    assert [f.name for f in dataclasses.fields(record)] == ["id", "monthly", "tags", "note"]

    def options(cls: type) -> list[tuple[object, ...]]:
        return [(f.name, f.default, f.compare, f.repr, f.kw_only) for f in dataclasses.fields(cls)]

    assert options(record) == options(model)
    given: dict[str, Any] = {"id": "A", "monthly": 3, "tags": ("t",), "note": "n"}
    made: Any = record(**given)
    assert dataclasses.asdict(made) == dataclasses.asdict(model(**given))
    changed: Any = dataclasses.replace(made, monthly=4)
    assert (changed.monthly, changed.note) == (4, "n")
    assert type(changed) is record


def test_records_replace_matches_dataclasses_replace() -> None:
    model, record = _both(_derived)
    made = records.replace(record(base=2), base=5)
    assert (made.base, made.double) == (5, 10)
    assert records.replace(record(base=2)) is not None
    for cls in (model, record):
        with pytest.raises(ValueError, match="init=False"):
            records.replace(cls(base=1), double=3)
    assert records.replace(model(base=1), base=3).double == 6  # a dataclass, through dataclasses


def test_a_record_without_eq_compares_and_hashes_by_identity() -> None:
    record = _both(_derived)[1]
    one = record(base=1)
    assert one != record(base=1)
    assert [one].index(one) == 0  # equal to itself
    assert hash(one) == object.__hash__(one)
    assert (one.base, one.double) == (1, 2)


def test_a_record_keeps_the_methods_its_class_writes() -> None:
    @records.dataclass(frozen=True)
    class Edge:
        fn: str
        targets: tuple[str, ...]

        def __init__(self, fn: str, *targets: str) -> None:
            object.__setattr__(self, "fn", fn)
            object.__setattr__(self, "targets", targets)

        def __repr__(self) -> str:
            return "edge"

    made = Edge("f", "a", "b")
    assert (made.targets, repr(made)) == (("a", "b"), "edge")
    assert made == Edge("f", "a", "b")


def test_records_field_names_lists_a_record_or_a_dataclass_in_order() -> None:
    model, record = _both(_offer)
    assert records.field_names(record) == records.field_names(model) == (
        "id", "monthly", "tags", "note",
    )  # fmt: skip


def test_a_record_refuses_what_it_does_not_support() -> None:
    with pytest.raises(TypeError, match="frozen"):

        @records.dataclass
        class Loose:
            x: int

    with pytest.raises(TypeError, match="non-default argument 'y'"):

        @records.dataclass(frozen=True)
        class Misordered:
            x: int = 1
            y: int  # type: ignore[misc]

    base = _both(_pair)[1]
    with pytest.raises(TypeError, match="inherit"):

        @records.dataclass(frozen=True)
        class Child(base):  # type: ignore[valid-type, misc]
            z: int = 3


def test_defining_and_making_a_record_imports_no_dataclasses() -> None:
    probe = (
        "import sys\n"
        "from stepgraph.records import dataclass, field, replace\n"
        "@dataclass(frozen=True, kw_only=True)\n"
        "class R:\n"
        "    a: int\n"
        "    b: tuple = field(default_factory=tuple)\n"
        "made = replace(R(a=1), a=2)\n"
        "assert made == R(a=2) and hash(made) == hash(R(a=2)) and repr(made)\n"
        "assert 'dataclasses' not in sys.modules and 'inspect' not in sys.modules\n"
        "import dataclasses\n"
        "assert dataclasses.fields(R)[1].name == 'b'\n"
    )
    subprocess.run([sys.executable, "-c", probe], check=True)


def test_url_safe_base64_without_the_base64_module_matches_it() -> None:
    import base64
    import os

    from stepgraph.digests import b64url, unb64url

    for size in range(40):
        raw = os.urandom(size)
        assert b64url(raw) == base64.urlsafe_b64encode(raw).decode()
        assert unb64url(b64url(raw)) == raw
