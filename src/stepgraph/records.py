"""Frozen records that cost a cold start almost nothing to define (issue 17, cold start).

``@dataclass`` compiles each class's ``__init__``, ``__repr__``, ``__eq__``, ``__hash__``,
``__setattr__`` and ``__delattr__`` from generated source when the class is made, and
importing ``dataclasses`` loads ``inspect`` (with ``ast``, ``dis`` and ``tokenize``): about
0.5 ms per class and 7 ms for the module on this machine, paid by every process that
imports the class, used or not. ``record`` makes the same frozen class without either:

* ``__init__`` is compiled on the class's first instantiation, from the same source a
  dataclass would generate (the same signature, defaults, factories, ``__post_init__``);
* ``__eq__``, ``__hash__`` and ``__repr__`` are shared functions over the field names
  (a dataclass's: equal to a record of the very same class with equal compared fields;
  hashed by those fields; ``Name(field=value, ...)`` over the shown fields);
* assigning or deleting a field raises ``dataclasses.FrozenInstanceError`` (imported then);
* ``__dataclass_fields__`` (what ``dataclasses.fields``, ``replace``, ``asdict`` and
  ``is_dataclass`` read) is made on first read, by ``dataclasses`` itself from the
  class's own annotations and fields, so those functions see exactly what they would on
  a dataclass.

Type checkers see ``dataclasses.dataclass`` and ``dataclasses.field`` (the ``if
TYPE_CHECKING`` branch), so a record is checked as the dataclass it behaves as. Only
what the library uses is supported: ``frozen=True`` (required), ``kw_only``, ``eq``, and
fields with ``default``, ``default_factory``, ``init``, ``repr`` and ``compare``; a record
cannot inherit another record's fields.
"""

from __future__ import annotations

from operator import attrgetter
from reprlib import recursive_repr
from typing import TYPE_CHECKING, Any

__all__ = ["dataclass", "field", "field_names", "replace"]


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


_MISSING: Any = _Missing()  # no default (a dataclass's MISSING)

if TYPE_CHECKING:
    from dataclasses import dataclass, field, replace
else:

    def replace(obj: Any, /, **changes: Any) -> Any:
        """``dataclasses.replace``: a copy of ``obj`` with ``changes``, made by its
        ``__init__`` (a record's, without importing ``dataclasses``; others' through it)."""
        spec = type(obj).__dict__.get("__record_fields__")
        if spec is None:
            import dataclasses

            return dataclasses.replace(obj, **changes)
        for one in spec[0]:
            if not one.init:
                if one.name in changes:
                    raise ValueError(
                        f"field {one.name} is declared with init=False, it cannot be specified "
                        "with replace()"
                    )
            elif one.name not in changes:
                changes[one.name] = getattr(obj, one.name)
        return obj.__class__(**changes)

    def dataclass(
        cls: type | None = None, /, *, frozen: bool = False, kw_only: bool = False, eq: bool = True
    ) -> Any:
        """Make ``cls`` a frozen record (``@dataclass(frozen=True, ...)``'s behaviour)."""
        if not frozen:
            raise TypeError("stepgraph.records makes frozen records only")

        def wrap(made: type) -> type:
            return _make(made, kw_only=kw_only, eq=eq)

        return wrap if cls is None else wrap(cls)

    def field(
        *,
        default: Any = _MISSING,
        default_factory: Any = _MISSING,
        init: bool = True,
        repr: bool = True,  # dataclasses.field's name
        compare: bool = True,
    ) -> Any:
        """A field's options (``dataclasses.field``'s, those the library uses)."""
        return _Field(default, default_factory, init, repr, compare)


class _Field:
    """One field of a record: its name and options (as ``dataclasses.Field`` holds them)."""

    __slots__ = ("compare", "default", "default_factory", "init", "name", "repr")

    def __init__(
        self, default: Any, default_factory: Any, init: bool, repr: bool, compare: bool
    ) -> None:
        if default is not _MISSING and default_factory is not _MISSING:
            raise ValueError("cannot specify both default and default_factory")
        self.name = ""
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.compare = compare


def field_names(cls: type) -> tuple[str, ...]:
    """The names of a record's (or a dataclass's) fields, in order."""
    spec = cls.__dict__.get("__record_fields__")
    if spec is None:
        import dataclasses

        return tuple(one.name for one in dataclasses.fields(cls))
    return tuple(one.name for one in spec[0])


def _fields_of(cls: type) -> list[_Field]:
    """The class's fields in annotation order; each class attribute left as a dataclass
    leaves it (the default, or nothing)."""
    made = []
    own = cls.__dict__.get("__annotations__", {})  # noqa: RUF063  # this class's own, unevaluated
    for name, annotation in own.items():
        if isinstance(annotation, str) and annotation.startswith(("ClassVar", "InitVar")):
            raise TypeError(f"{cls.__qualname__}.{name}: ClassVar and InitVar are not supported")
        value = cls.__dict__.get(name, _MISSING)
        one = value if isinstance(value, _Field) else _Field(value, _MISSING, True, True, True)
        one.name = name
        if one.default is _MISSING:
            if name in cls.__dict__:
                delattr(cls, name)
        else:
            setattr(cls, name, one.default)
        made.append(one)
    return made


def _make(cls: type, *, kw_only: bool, eq: bool) -> type:
    if any("__record_fields__" in base.__dict__ for base in cls.__mro__[1:]):
        raise TypeError(f"{cls.__qualname__}: a record cannot inherit another record's fields")
    fields = _fields_of(cls)
    if not kw_only:
        defaulted = False
        for one in fields:
            if not one.init:
                continue
            if defaulted and one.default is _MISSING and one.default_factory is _MISSING:
                raise TypeError(f"non-default argument {one.name!r} follows default argument")
            defaulted = (
                defaulted or one.default is not _MISSING or one.default_factory is not _MISSING
            )
    names = tuple(one.name for one in fields)
    compared = tuple(one.name for one in fields if one.compare)
    shown = tuple(one.name for one in fields if one.repr)
    values = attrgetter(*compared) if len(compared) > 1 else None
    options = {"kw_only": kw_only, "eq": eq}
    own = dict(cls.__dict__)
    made: dict[str, Any] = {"__record_fields__": (tuple(fields), options)}
    # As a dataclass: methods the class writes itself are kept, and a frozen record's
    # __hash__ is made from its fields unless the class wrote one.
    for name in ("__setattr__", "__delattr__"):
        if name in own:
            raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
    made["__setattr__"] = _frozen_setattr(cls, frozenset(names))
    made["__delattr__"] = _frozen_delattr(cls, frozenset(names))
    made["__init__"] = _lazy_init(cls)
    made["__repr__"] = _repr(shown)
    made["__match_args__"] = () if kw_only else tuple(f.name for f in fields if f.init)
    if eq:
        made["__eq__"] = _eq(compared, values)
        if not ("__hash__" in own and not (own["__hash__"] is None and "__eq__" in own)):
            own.pop("__hash__", None)  # not written by the class: made from the fields
            made["__hash__"] = _hash(compared, values)
    for name in ("__dataclass_fields__", "__dataclass_params__"):
        made[name] = _DataclassView(name)
    for name, value in made.items():
        if name not in own or name in ("__setattr__", "__delattr__", "__record_fields__"):
            setattr(cls, name, value)
    return cls


def _tuple_of(compared: tuple[str, ...], values: Any) -> Any:
    """A function giving the compared fields' values as a tuple."""
    if values is not None:
        return values
    if compared:
        name = compared[0]
        return lambda self: (getattr(self, name),)
    return lambda self: ()


def _eq(compared: tuple[str, ...], values: Any) -> Any:
    of = _tuple_of(compared, values)

    def __eq__(self: Any, other: object) -> Any:
        if other.__class__ is self.__class__:
            return of(self) == of(other)
        return NotImplemented

    return __eq__


def _hash(compared: tuple[str, ...], values: Any) -> Any:
    of = _tuple_of(compared, values)

    def __hash__(self: Any) -> int:
        return hash(of(self))

    return __hash__


def _repr(shown: tuple[str, ...]) -> Any:
    @recursive_repr()
    def __repr__(self: Any) -> str:
        body = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{self.__class__.__qualname__}({body})"

    return __repr__


def _frozen_error(message: str) -> Exception:
    from dataclasses import FrozenInstanceError  # only when a field is assigned

    return FrozenInstanceError(message)


def _frozen_setattr(cls: type, names: frozenset[str]) -> Any:
    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise _frozen_error(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)  # type: ignore[arg-type]

    return __setattr__


def _frozen_delattr(cls: type, names: frozenset[str]) -> Any:
    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise _frozen_error(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)  # type: ignore[arg-type]

    return __delattr__


def _lazy_init(cls: type) -> Any:
    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        made: Any = _init_of(cls)
        setattr(cls, "__init__", made)  # noqa: B010  # once: later calls run it directly
        made(self, *args, **kwargs)

    return __init__


def _init_of(cls: type) -> Any:
    """The ``__init__`` a frozen dataclass has, compiled from the same kind of source."""
    fields, options = cls.__dict__["__record_fields__"]
    scope: dict[str, Any] = {"_set": object.__setattr__, "_HAS_FACTORY": _HAS_FACTORY}
    params, body = [], []
    for one in fields:
        value = one.name
        if one.default_factory is not _MISSING:
            scope[f"_factory_{one.name}"] = one.default_factory
            if one.init:
                params.append(f"{one.name}=_HAS_FACTORY")
                value = f"_factory_{one.name}() if {one.name} is _HAS_FACTORY else {one.name}"
            else:
                value = f"_factory_{one.name}()"
        elif not one.init:
            continue  # set by __post_init__, as with a dataclass
        elif one.default is not _MISSING:
            scope[f"_default_{one.name}"] = one.default
            params.append(f"{one.name}=_default_{one.name}")
        else:
            params.append(one.name)
        body.append(f"  _set(self, {one.name!r}, {value})")
    if hasattr(cls, "__post_init__"):
        body.append("  self.__post_init__()")
    head = ", ".join(["self", *(["*"] if options["kw_only"] and params else []), *params])
    source = f"def __init__({head}):\n" + ("\n".join(body) or "  pass") + "\n"
    exec(source, scope)  # our own source, as dataclasses does
    made = scope["__init__"]
    made.__qualname__ = f"{cls.__qualname__}.__init__"
    made.__module__ = cls.__module__
    return made


class _HasFactory:
    def __repr__(self) -> str:
        return "<factory>"


_HAS_FACTORY = _HasFactory()


class _DataclassView:
    """``__dataclass_fields__`` and ``__dataclass_params__``, made by ``dataclasses`` on
    first read from a class with the record's annotations and fields, then kept."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, instance: object, owner: type) -> Any:
        cls = next(c for c in owner.__mro__ if "__record_fields__" in c.__dict__)
        model = _as_dataclass(cls)
        for name in ("__dataclass_fields__", "__dataclass_params__"):
            setattr(cls, name, getattr(model, name))
        return getattr(model, self.name)


def _as_dataclass(cls: type) -> type:
    import dataclasses

    fields, options = cls.__dict__["__record_fields__"]
    namespace: dict[str, Any] = {
        "__module__": cls.__module__,
        "__qualname__": cls.__qualname__,
        "__annotations__": dict(cls.__dict__.get("__annotations__", {})),  # noqa: RUF063
    }
    for one in fields:
        namespace[one.name] = dataclasses.field(
            default=dataclasses.MISSING if one.default is _MISSING else one.default,
            default_factory=(
                dataclasses.MISSING if one.default_factory is _MISSING else one.default_factory
            ),
            init=one.init, repr=one.repr, compare=one.compare,
        )  # fmt: skip
    model = type(cls.__name__, (), namespace)
    return dataclasses.dataclass(frozen=True, **options)(model)
