"""Declared state migrations: move a run saved by an older revision to the current one.

A graph lists ``Migration`` records, each from one revision to a later one: a function
``migrate(state, cursor) -> (state, cursor)`` and a node mapping (``{"old": "new"}``, or
``None`` for a node that no longer exists). A run saved by revision 3 of a graph now at
revision 5 is moved by the chain 3 -> 4 -> 5, applied in order.

Applying a chain is one event step, ``@migrated``: its update holds the state keys the
migration changed (input keys under ``@inputs``) and, under ``@event``, who, when, the
revisions and shapes before and after, the cursor before and after and the digests of
the state before and after. It is saved with the ordinary version check, inside the
checksum chain, and from it on the run's head carries the new revision and shape.
Nothing else is rewritten: the earlier steps stay as they were saved.

``prepare`` computes that step without saving (a dry run shows it); ``migrate`` holds
the run, prepares and saves; ``stranded`` lists the runs a graph cannot continue as
they are, and why. ``resume`` applies migrations itself (``runner``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .checkpoint import EVENT, INPUTS, WAIT, Checkpoint, canonical_json, digest, json_copy, now
from .errors import (
    CheckpointError,
    GraphError,
    InputError,
    MigrationFailed,
    RunNotFound,
    StepgraphError,
    StrandedRun,
)
from .lazy import lazy_names
from .records import dataclass, field, replace
from .statuses import CANCELLED, RUNNING, STRANDED
from .stores import Store, check_run_id

if TYPE_CHECKING:
    from .graph import Graph
    from .stranded_runs import Stranded

END = "END"  # graph.END (graph.py imports this module)
MIGRATED = "@migrated"

MigrateFunction = Callable[[dict[str, Any], str], "tuple[dict[str, Any], str]"]


@dataclass(frozen=True, kw_only=True)
class Migration:
    """How a run saved by ``from_revision`` becomes one of ``to_revision``.

    ``migrate(state, cursor)`` gets a copy of the full state (inputs included) and the
    cursor, and returns the new ones (None: both unchanged). ``nodes`` maps node names
    of the old revision to the new ones (None: removed); it applies to the cursor after
    ``migrate``.
    """

    from_revision: int
    to_revision: int
    migrate: MigrateFunction | None = None
    nodes: Mapping[str, str | None] = field(default_factory=dict)


def check_migrations(
    revision: int, nodes: Mapping[str, Any], migrations: Sequence[Migration]
) -> tuple[Migration, ...]:
    """Build-time checks of a graph's migrations; ``GraphError`` names the first problem."""
    if isinstance(migrations, str | bytes) or not isinstance(migrations, Sequence):
        raise GraphError(f"migrations must be a list of Migration, not {migrations!r}")
    starts: set[int] = set()
    for index, found in enumerate(migrations):
        where = f"migrations[{index}]"
        if not isinstance(found, Migration):
            raise GraphError(f"{where} must be a Migration, not {type(found).__name__}")
        for name in ("from_revision", "to_revision"):
            value = getattr(found, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise GraphError(f"{where}.{name} must be a positive integer, not {value!r}")
        if found.from_revision >= found.to_revision:
            raise GraphError(f"{where} must go to a later revision than {found.from_revision}")
        if found.to_revision > revision:
            raise GraphError(f"{where} goes to revision {found.to_revision}, past the "
                             f"graph's revision {revision}")  # fmt: skip
        if found.from_revision in starts:
            raise GraphError(f"{where}: two migrations start at revision {found.from_revision}")
        starts.add(found.from_revision)
        if found.migrate is not None and not callable(found.migrate):
            raise GraphError(f"{where}.migrate must be callable")
        if not isinstance(found.nodes, Mapping):
            raise GraphError(f"{where}.nodes must map old node names to new ones or None")
        for old, new in found.nodes.items():
            if not isinstance(old, str) or (new is not None and not isinstance(new, str)):
                raise GraphError(f"{where}.nodes[{old!r}] must map a name to a name or None")
            if found.to_revision == revision and new is not None and new not in nodes:
                raise GraphError(f"{where}.nodes[{old!r}] = {new!r} is not a node of the graph")
    return tuple(migrations)


def needs_migration(graph: Graph, current: Checkpoint) -> bool:
    """True when ``current`` is a run of ``graph`` saved by another revision or shape."""
    parts = current.parts
    return parts.graph == graph.name and (parts.revision, parts.shape) != (
        graph.revision,
        graph.shape,
    )


def _chain(graph: Graph, current: Checkpoint) -> tuple[Migration, ...]:
    """The migrations from the run's revision to the graph's; ``StrandedRun`` if none."""
    parts, rid = current.parts, current.run_id
    old, new = parts.revision, graph.revision
    part, stored, given = (
        ("revision", old, new) if old != new else ("shape", parts.shape, graph.shape)
    )
    command = (f"declare a Migration(from_revision={old}, to_revision={new}) in graph "
               f"{graph.name!r}, then run `stepgraph migrate {rid}`")  # fmt: skip
    by_start = {found.from_revision: found for found in graph.migrations}
    steps: list[Migration] = []
    at, why = old, ""
    if old > new:
        why = (
            f"saved by revision {old}, newer than the code's revision {new}: run it with that code"
        )
    elif old == new:
        why = f"{_what_changed(parts.shape, graph.shape)} without a revision bump: increase " \
            f"the revision and {command}"  # fmt: skip
    while not why and at != new:
        step = by_start.get(at)
        if step is None:
            why = f"no migration from revision {at} to {new} (a gap of {new - at}); {command}"
            break
        steps.append(step)
        at = step.to_revision
    if why:
        raise StrandedRun(rid, part, stored, given, why)
    return tuple(steps)


def _what_changed(old: str, new: str) -> str:
    from .tools.pins import pin_changes  # tools import the checkpoint codec only

    tools = pin_changes(old, new)
    return f"the tools its nodes may call changed ({tools})" if tools else \
        "the graph's nodes or edges changed"  # fmt: skip


def prepare(graph: Graph, current: Checkpoint, *, by: str = "stepgraph") -> Checkpoint:
    """The ``@migrated`` version that moves ``current`` to ``graph``'s revision, unsaved.

    Raises ``StrandedRun`` when no chain of migrations leads there, ``MigrationFailed``
    when one cannot move this run, ``RunCancelled`` for a cancelled run.
    """
    from .runner import refuse_cancelled  # the runner imports this module

    refuse_cancelled(current)
    steps = _chain(graph, current)
    old_state = current.state
    state, cursor = json_copy(old_state, "state"), current.next
    for step in steps:
        state, cursor = _apply(step, current.run_id, state, cursor)
    if cursor != END and cursor not in graph.nodes:
        raise MigrationFailed(current.run_id, current.parts.revision, graph.revision,
                              f"the cursor {cursor!r} is not a node of revision "
                              f"{graph.revision}: map it in Migration.nodes")  # fmt: skip
    return _migrated_version(graph, current, steps=steps, state=state, cursor=cursor, by=by)


def _apply(
    step: Migration, run_id: str, state: dict[str, Any], cursor: str
) -> tuple[dict[str, Any], str]:
    def failed(reason: str) -> MigrationFailed:
        return MigrationFailed(run_id, step.from_revision, step.to_revision, reason)

    if step.migrate is not None:
        try:
            result = step.migrate(json_copy(state, "state"), cursor)
        except StepgraphError:
            raise
        except Exception as error:
            raise failed(f"the migration raised {type(error).__name__}: {error}") from error
        if result is not None:
            if not (isinstance(result, tuple) and len(result) == 2):
                raise failed("the migration must return (state, cursor)")
            new_state, new_cursor = result
            if not isinstance(new_state, dict) or not isinstance(new_cursor, str):
                raise failed("the migration must return (state: dict, cursor: str)")
            try:
                state, cursor = json_copy(new_state, "state"), new_cursor
            except InputError as error:
                raise failed(f"the migrated state cannot be saved: {error}") from None
    if cursor in step.nodes:
        mapped = step.nodes[cursor]
        if mapped is None:
            raise failed(f"node {cursor!r} was removed and the migration does not move "
                         "the cursor off it")  # fmt: skip
        cursor = mapped
    return state, cursor


def _migrated_version(
    graph: Graph,
    current: Checkpoint,
    *,
    steps: tuple[Migration, ...],
    state: dict[str, Any],
    cursor: str,
    by: str,
) -> Checkpoint:
    removed = sorted(set(current.state) - set(state))
    if removed:
        raise MigrationFailed(current.run_id, current.parts.revision, graph.revision,
                              f"it removes state key {removed[0]!r}: set it to None "
                              "instead (state keys are never deleted)")  # fmt: skip
    old = current.state
    changed = {key: value for key, value in state.items() if key not in old or old[key] != value}
    inputs_changed = {key: value for key, value in changed.items() if key in current.inputs}
    values_changed = {key: value for key, value in changed.items() if key not in current.inputs}
    inputs = {**current.inputs, **inputs_changed}
    parts = replace(current.parts, revision=graph.revision, shape=graph.shape,
                    inputs=digest(canonical_json(inputs)))  # fmt: skip
    stamp = now()
    event = {
        "action": "migrate", "by": by, "at": stamp,
        "from": {"revision": current.parts.revision, "shape": current.parts.shape},
        "to": {"revision": graph.revision, "shape": graph.shape},
        "migrations": [[step.from_revision, step.to_revision] for step in steps],
        "cursor_before": current.next, "cursor_after": cursor,
        "state_before": digest(canonical_json(old)),
        "state_after": digest(canonical_json(state)),
        "changed": sorted(changed),
    }  # fmt: skip
    update: dict[str, Any] = {**values_changed, EVENT: event}
    if inputs_changed:
        update[INPUTS] = inputs_changed
    wait = current.wait
    if cursor == current.next and not changed and wait is not None and wait.get("kind") != STRANDED:
        update[WAIT] = wait  # nothing it waited on moved: it keeps waiting
    status = _status_after(current, cursor, state)
    return Checkpoint(
        run_id=current.run_id, parts=parts, fingerprint=parts.fingerprint(), inputs=inputs,
        values={**current.values, **values_changed}, next=cursor, status=status,
        trace=current.trace, update=json_copy(update, "event"), version=current.version + 1,
        created_at=current.created_at, updated_at=stamp, step=MIGRATED, sum=current.sum,
        format=current.format, vocabulary=graph.vocabulary,
    )  # fmt: skip


def _status_after(current: Checkpoint, cursor: str, state: dict[str, Any]) -> str:
    """A moved cursor runs (``running``); a finished run keeps its status; otherwise the
    status the migration set, and a stranded run is no longer stranded."""
    if cursor == END:
        return current.status
    given = state.get("status")
    if cursor != current.next or current.status == STRANDED:
        return RUNNING
    if given != current.state.get("status") and isinstance(given, str) and given:
        return given  # the migration set it
    return current.status


def apply_migrations(store: Store, graph: Graph, current: Checkpoint) -> Checkpoint:
    """Save the ``@migrated`` step of ``current`` (the caller holds the run)."""
    if not needs_migration(graph, current):
        return current
    return store.save(prepare(graph, current), expected_version=current.version)


def migrate(
    store: Store, graph: Graph, run_id: str, *, dry_run: bool = False, by: str = "stepgraph"
) -> tuple[Checkpoint, Checkpoint | None]:
    """Move ``run_id`` to ``graph``'s revision: ``(run before, @migrated version)``.

    The second is None when the run needs no migration; with ``dry_run`` it is what
    would be saved, and nothing is. The run is held while it is prepared and saved, and
    the save carries the version it replaces: two migrators at once, one wins.
    """
    if not isinstance(by, str) or not by.strip():
        raise InputError("--by", "must name who migrates")
    with store.hold(check_run_id(run_id)):
        current = store.load(run_id)
        if current is None:
            raise RunNotFound(store.url, run_id)
        if not needs_migration(graph, current):
            return current, None
        version = prepare(graph, current, by=by)
        if dry_run:
            return current, version
        return current, store.save(version, expected_version=current.version)


def stranded(store: Store, graph: Graph) -> list[Stranded]:
    """The runs of ``graph`` in ``store`` that its code cannot continue as saved, and why.

    Runs saved by another revision or shape are listed (``migratable`` when a declared
    chain moves them; ``why`` otherwise says what is missing), except cancelled runs and
    finished runs no migration reopens.
    """
    from .stranded_runs import Stranded  # only the stranded listing makes one

    found = []
    for row in store.list_runs():
        if row.graph != graph.name:
            continue
        try:
            current = store.load(row.run_id)
        except CheckpointError as error:
            found.append(Stranded(run_id=row.run_id, status=row.status, next=row.next,
                                  revision=0, migratable=False, why=str(error)))  # fmt: skip
            continue
        entry = _standing(graph, current) if current is not None else None
        if entry is not None:
            found.append(entry)
    return found


def _standing(graph: Graph, current: Checkpoint) -> Stranded | None:
    from .stranded_runs import Stranded

    if not needs_migration(graph, current) or current.status == CANCELLED:
        return None
    parts = current.parts
    try:
        version = prepare(graph, current)
    except (StrandedRun, MigrationFailed) as error:
        if current.next == END:
            return None  # finished, and nothing declared reopens it
        why = error.why if isinstance(error, StrandedRun) else error.reason
        return Stranded(run_id=current.run_id, status=current.status, next=current.next,
                        revision=parts.revision, migratable=False, why=why)  # fmt: skip
    if current.next == END and version.next == END:
        return None  # finished, and the migration leaves it finished
    why = f"saved by revision {parts.revision}, the code is revision {graph.revision}: " \
        f"`stepgraph migrate {current.run_id}` (or resume) moves it to {version.next}"  # fmt: skip
    return Stranded(run_id=current.run_id, status=current.status, next=current.next,
                    revision=parts.revision, migratable=True, why=why)  # fmt: skip


def park_stranded(store: Store, run_id: str, why: str, *, by: str = "stepgraph") -> Checkpoint:
    """Record that ``run_id`` is stranded: a ``@stranded`` event step (status ``stranded``,
    a wait with ``why``) that any interface shows. A later migration lifts it."""
    from .runner import save_event  # the runner imports this module

    current = store.load(run_id)
    if current is None:
        raise RunNotFound(store.url, run_id)
    if current.status == STRANDED:
        return current
    wait = {"kind": STRANDED, "node": current.next, "reason": why}
    event = {"action": "strand", "by": by, "at": now(), "reason": why}
    return save_event(store, current, "@stranded", STRANDED, {WAIT: wait, EVENT: event})


__getattr__ = lazy_names(__name__, {"Stranded": ".stranded_runs"})
"""Stranded loads on first use: only listing stranded runs makes one."""


__all__ = ["Migration", "Stranded", "apply_migrations", "migrate", "park_stranded", "prepare",
           "stranded"]  # fmt: skip
