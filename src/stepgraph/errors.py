"""The whole stepgraph exception tree.

Every error the library raises on purpose is one of these::

    StepgraphError
    ├── GraphError                a graph definition is invalid (raised when it is built)
    ├── InputError                bad input: .field names it, .rule says what was broken
    │   └── InvalidClaim          a structured claim is malformed (.claim_id, .field)
    ├── CheckpointError
    │   ├── CheckpointCorrupt     a stored record is damaged or was edited (.reason)
    │   ├── PrivateDataLocked     encrypted private data cannot be opened: no key, or a
    │   │                         ciphertext moved to another run or field (.reason)
    │   └── ResumeRefused         the run exists but may not be continued as asked
    │       ├── FingerprintMismatch   inputs, adapter, revision or graph changed (.part)
    │       │   └── StrandedRun           an older revision or shape and no migration (.why)
    │       ├── MigrationFailed       a declared migration could not move the run (.reason)
    │       ├── VersionConflict       another writer saved first (.expected, .actual)
    │       │   └── RunBusy               another process is advancing the run right now
    │       ├── RunForgotten          the run's private data was erased (stepgraph forget)
    │       ├── RunFailed             the run failed in a way retrying cannot fix (.error)
    │       └── RunCancelled          the run was cancelled (.by, .reason, .at): never again
    ├── StoreError                the storage backend failed (.store)
    │   ├── RunNotFound           no run has this id (.run_id)
    │   ├── NoSuchStore           a command that only reads found no store at the URL
    │   └── StoreUnavailable      the database cannot be reached right now (transient)
    ├── AdapterError              the model adapter failed
    │   ├── ProviderError         a model provider failed (.retryable, .retry_after, .request_id)
    │   │   ├── ProviderTimeout, ProviderConnectionError, RateLimited, ProviderServerError,
    │   │   │   ProviderOverloaded, MalformedOutput          retried by the harness
    │   │   └── QuotaExceeded, BadRequest, AuthenticationFailed, TruncatedOutput,
    │   │       Refused                                      never retried
    │   ├── RetryLater            retries stopped: try again after .not_before (.reason)
    │   └── ScriptExhausted       a scripted test adapter has no answer left (.calls)
    ├── NodeError                 a node raised; the original is __cause__ (.node)
    │   ├── NodeTimeout           a node ran past its timeout (.seconds)
    │   ├── StateError            the state broke its declared type (.field, .rule)
    │   ├── ToolLimitExceeded     a model asked for more tool rounds or calls than allowed
    │   └── EdgeError             an edge picked an undeclared or unknown target
    ├── EffectUnknown             a side effect started but its outcome is unknown (.key)
    ├── ToolFailed                a tool raised (.tool, .error: the class name)
    │   └── ToolTimeout           a tool ran past its timeout (.seconds)
    └── ActionRefused             a person's action was refused; nothing was recorded
        ├── NotAllowed            the policy does not let .actor do .action
        ├── NotWaiting            the run does not wait for this action (.status)
        ├── DigestMismatch        the content changed since it was shown (.expected, .given)
        ├── AlreadyDecided        someone decided first (.decision)
        └── NotCancellable        the run already finished (.status): nothing to cancel

Structured facts live in attributes, so callers never parse messages. Library code
raises nothing else on purpose; a bug may still surface as a builtin exception.
"""

from __future__ import annotations


class StepgraphError(Exception):
    """Root of every error stepgraph raises on purpose."""


class GraphError(StepgraphError):
    """The graph definition is invalid: fix the nodes, edges or entry named in the message."""


class InputError(StepgraphError):
    """Input broke a rule. ``field`` names where (``offers[1].monthly``), ``rule`` what.

    ``problems`` lists every ``(field, rule)`` found, the first being ``field`` and
    ``rule``; the message names them all. Nothing was written. Correct the named fields
    and run again.
    """

    def __init__(
        self,
        field: str,
        rule: str,
        *,
        source: str | None = None,
        more: tuple[tuple[str, str], ...] = (),
    ) -> None:
        self.field = field
        self.rule = rule
        self.source = source
        self.problems: tuple[tuple[str, str], ...] = ((field, rule), *more)
        where = f"{source}: " if source else ""
        also = "".join(f"; {f}: {r}" for f, r in more)
        super().__init__(f"{where}{field}: {rule}{also}")

    @classmethod
    def of(cls, problems: list[tuple[str, str]], *, source: str | None = None) -> InputError:
        """One error for several problems (at least one), in the order given."""
        (field, rule), *more = problems
        return cls(field, rule, source=source, more=tuple(more))


class InvalidClaim(InputError):
    """A structured claim is malformed: ``claim_id`` names it, ``field`` the field, ``rule`` why.

    The claim cannot be checked, so a report that carries it is blocked. Fix the claim.
    """

    def __init__(self, claim_id: str | None, field: str, rule: str) -> None:
        self.claim_id = claim_id
        label = f"claim {claim_id!r}" if claim_id else "claim"
        super().__init__(field, f"{label}: {rule}")


class CheckpointError(StepgraphError):
    """Something about a stored checkpoint prevents using it."""


class CheckpointCorrupt(CheckpointError):
    """A stored record is damaged or was edited by hand; ``reason`` says what is wrong.

    The record was not used. Restore it from a backup or start a new run.
    """

    def __init__(self, run_id: str | None, reason: str) -> None:
        self.run_id = run_id
        self.reason = reason
        label = f"checkpoint {run_id!r}" if run_id else "checkpoint"
        super().__init__(f"{label} is corrupt: {reason}")


class PrivateDataLocked(CheckpointError):
    """The run's private data is encrypted and cannot be opened; ``reason`` says why.

    No data key was given, the run key is wrapped under another key id, or a sealed
    value does not authenticate (copied from another run or field, or damaged). Nothing
    was decrypted or written. Give the key (``STEPGRAPH_DATA_KEY``, and the old one in
    ``STEPGRAPH_DATA_KEY_OLD`` after a rotation), or restore the record from a backup.
    """

    def __init__(self, run_id: str | None, reason: str) -> None:
        self.run_id = run_id
        self.reason = reason
        label = f"run {run_id!r}" if run_id else "a run"
        super().__init__(f"the private data of {label} cannot be opened: {reason}")


class ResumeRefused(CheckpointError):
    """The run exists, but continuing it as asked could give a wrong or forked result."""


class FingerprintMismatch(ResumeRefused):
    """The run was started with other inputs, adapter, revision or graph (``part``).

    Resuming would mix two configurations. Start a new run (a new run id), or go back
    to what the run was started with.
    """

    def __init__(self, run_id: str, part: str, stored: object, given: object) -> None:
        self.run_id = run_id
        self.part = part
        self.stored = stored
        self.given = given
        super().__init__(
            f"run {run_id!r} cannot resume: {part} changed (stored {stored!r}, given {given!r})"
        )


class StrandedRun(FingerprintMismatch):
    """The run was saved by another revision or shape and no declared migration moves it.

    ``why`` says what is missing (no migration from that revision, a newer revision, a
    shape change without a revision bump). Declare a ``Migration`` in the graph, then run
    ``stepgraph migrate RUN`` (or resume, which applies migrations itself).
    """

    def __init__(self, run_id: str, part: str, stored: object, given: object, why: str) -> None:
        self.why = why
        super().__init__(run_id, part, stored, given)
        self.args = (f"{self.args[0]}: {why}",)


class MigrationFailed(ResumeRefused):
    """A declared migration could not move the run (``reason``); nothing was saved.

    The migration function raised, returned something other than ``(state, cursor)``,
    removed a state key, or left the cursor on a node the graph does not have. Fix the
    migration and run ``stepgraph migrate`` again.
    """

    def __init__(self, run_id: str, from_revision: int, to_revision: int, reason: str) -> None:
        self.run_id = run_id
        self.from_revision = from_revision
        self.to_revision = to_revision
        self.reason = reason
        super().__init__(
            f"run {run_id!r} cannot migrate from revision {from_revision} to "
            f"{to_revision}: {reason}"
        )


class VersionConflict(ResumeRefused):
    """Another writer saved this run first; ``actual`` is the version now stored.

    Nothing of this attempt was saved. Load the run again and decide whether to resume.
    """

    def __init__(self, run_id: str, expected: int | None, actual: int | None) -> None:
        self.run_id = run_id
        self.expected = expected
        self.actual = actual
        want = "no saved version" if expected is None else f"version {expected}"
        have = "none" if actual is None else f"version {actual}"
        super().__init__(f"run {run_id!r} changed underneath: expected {want}, found {have}")


class RunBusy(VersionConflict):
    """Another process (or thread) holds this run and is advancing it; nothing was done.

    Wait for it to finish, then look at the run again.
    """

    def __init__(self, run_id: str) -> None:
        self.run_id = run_id
        self.expected = None
        self.actual = None
        StepgraphError.__init__(self, f"run {run_id!r} is being advanced by another process")


class RunForgotten(ResumeRefused):
    """The run's private data was erased (``stepgraph forget``): it never runs again.

    Its history and audit trail stay readable, with private values shown as
    ``[forgotten]``. Start a new run with the data if the work must continue.
    """

    def __init__(self, run_id: str, by: str, at: str) -> None:
        self.run_id = run_id
        self.by = by
        self.at = at
        super().__init__(f"run {run_id!r} was forgotten by {by} at {at}: it cannot resume")


class RunFailed(ResumeRefused):
    """The run stopped as ``failed``: ``error`` (a class name) at ``node`` cannot be retried.

    A quota, a refused key, a bad request, a refusal or a truncated answer fails the same
    way every time. Fix the cause, then resume with ``early=True`` (``resume --now``).
    """

    def __init__(self, run_id: str, node: str, error: str, reason: str) -> None:
        self.run_id = run_id
        self.node = node
        self.error = error
        self.reason = reason
        super().__init__(
            f"run {run_id!r} failed at {node}: {error}: {reason}; fix the cause, then "
            "resume it with --now"
        )


class RunCancelled(ResumeRefused):
    """The run was cancelled (``by``, ``reason``, ``at``) and never runs again.

    Nothing ran. Its history stays readable; start a new run (a new id) to do the work.
    """

    def __init__(self, run_id: str, by: str, reason: str | None, at: str) -> None:
        self.run_id = run_id
        self.by = by
        self.reason = reason
        self.at = at
        why = f": {reason}" if reason else ""
        super().__init__(f"run {run_id!r} was cancelled by {by} at {at}{why}; "
                         "a cancelled run never runs again")  # fmt: skip


class StoreError(StepgraphError):
    """The storage backend failed; the previous checkpoint is unchanged.

    The cause (``__cause__``) is the driver or OS error. Fix it and run again.
    """

    def __init__(self, store: str, message: str) -> None:
        from .logs import redact_url  # a message may be logged: never with a password

        self.store = redact_url(store)
        super().__init__(f"{self.store} store: {message}")


class RunNotFound(StoreError):
    """No run with this id exists in the store. Check the id and the --store URL."""

    def __init__(self, store: str, run_id: str) -> None:
        self.run_id = run_id
        super().__init__(store, f"no run {run_id!r}")


class NoSuchStore(StoreError):
    """No store exists at ``store``, and a command that only reads creates none.

    Check the --store URL (or $STEPGRAPH_STORE); ``stepgraph db setup`` creates one.
    """

    def __init__(self, store: str, detail: str) -> None:
        self.store = store
        self.detail = detail
        StepgraphError.__init__(self, f"no such store: {store} ({detail})")


class StoreUnavailable(StoreError):
    """The database cannot be reached (refused, restarting, connection dropped).

    Transient: nothing was saved by the failed call; try again once it is back.
    """


class AdapterError(StepgraphError):
    """The model adapter failed or is unknown."""


class ProviderError(AdapterError):
    """A model provider failed. ``retryable`` says whether the harness may try again.

    ``retry_after`` is the wait the provider asked for (seconds), ``status`` the HTTP
    status and ``request_id`` the provider's id for support. No secret is ever kept.
    """

    retryable = False

    def __init__(
        self,
        message: str,
        *,
        status: int | None = None,
        retry_after: float | None = None,
        request_id: str | None = None,
    ) -> None:
        self.status = status
        self.retry_after = retry_after
        self.request_id = request_id
        super().__init__(message)


class ProviderTimeout(ProviderError):
    """The provider did not answer within the adapter's timeout."""

    retryable = True


class ProviderConnectionError(ProviderError):
    """The provider could not be reached (refused, reset, DNS)."""

    retryable = True


class RateLimited(ProviderError):
    """The provider asked to slow down (HTTP 429); ``retry_after`` when it said how long."""

    retryable = True


class QuotaExceeded(ProviderError):
    """The account's quota or credit is spent: retrying cannot help."""


class ProviderServerError(ProviderError):
    """The provider failed (5xx, or a success whose body is not JSON)."""

    retryable = True


class ProviderOverloaded(ProviderServerError):
    """The provider is overloaded (503, 529)."""


class BadRequest(ProviderError):
    """The provider rejected the request as invalid (400, 404, 422)."""


class AuthenticationFailed(ProviderError):
    """The key is missing, wrong or not allowed (401, 403)."""


class MalformedOutput(ProviderError):
    """The model's answer is not the JSON object asked for."""

    retryable = True


class TruncatedOutput(ProviderError):
    """The model stopped at the output-token limit: the answer is incomplete."""


class Refused(ProviderError):
    """The model refused, or the provider's content filter stopped the answer."""


class RetryLater(AdapterError):
    """The harness stopped retrying: ``reason`` says why, ``not_before`` when to try again.

    ``not_before`` is an ISO 8601 UTC time. Nothing was saved for the step; the failed
    attempts are in the run's generation journal, and a later resume tries again.
    """

    def __init__(self, reason: str, not_before: str) -> None:
        self.reason = reason
        self.not_before = not_before
        super().__init__(f"{reason}; try again after {not_before}")


class ScriptExhausted(AdapterError):
    """A scripted adapter (``stepgraph.testing``) was called once more than its script.

    ``calls`` is how many calls the script answered before this one. The workflow made
    more model calls than the test expected: add answers, or fix the workflow.
    """

    def __init__(self, adapter_id: str, calls: int, node: str) -> None:
        self.adapter_id = adapter_id
        self.calls = calls
        self.node = node
        super().__init__(
            f"scripted adapter {adapter_id!r} has no answer left for call {calls + 1} "
            f"(node {node!r}): its script held {calls}"
        )


class NodeError(StepgraphError):
    """Node ``node`` failed; its own exception is ``__cause__``.

    Nothing was saved for this step: the run is still resumable at this node.
    """

    def __init__(self, node: str, message: str) -> None:
        self.node = node
        super().__init__(f"node {node!r} failed: {message}")


class NodeTimeout(NodeError):
    """Node ``node`` ran longer than its timeout of ``seconds`` and was abandoned."""

    def __init__(self, node: str, seconds: float) -> None:
        self.seconds = seconds
        super().__init__(node, f"timed out after {seconds:g} s")


class StateError(NodeError):
    """The run's state broke the graph's state type: ``field`` is where, ``rule`` what.

    ``node`` is the node whose update broke it, or the node the run was loaded at
    (the stored state no longer fits the type). Nothing was saved for that update.
    """

    def __init__(self, node: str, field: str, rule: str, *, loaded: bool = False) -> None:
        self.field = field
        self.rule = rule
        self.loaded = loaded
        what = "the loaded state" if loaded else "its update"
        super().__init__(node, f"{what} breaks the state type: {field}: {rule}")


class ToolLimitExceeded(NodeError):
    """The model of ``node`` asked for more tools than its call allows.

    ``limit`` is ``"rounds"`` (answers with tool calls) or ``"calls"`` (tool calls in
    all), ``allowed`` the bound. Nothing past the bound ran; what ran is journaled, so
    raising the bound (or changing the instructions) and resuming goes on from there.
    """

    def __init__(self, node: str, limit: str, allowed: int) -> None:
        self.limit = limit
        self.allowed = allowed
        super().__init__(node, f"the model asked for more than {allowed} tool {limit}")


class EdgeError(NodeError):
    """The edge after ``node`` picked a target it did not declare, or raised."""


class EffectUnknown(StepgraphError):
    """A side effect was started and no outcome was recorded (a crash in between).

    It was not repeated blindly: the run stops in ``needs_reconciliation`` with the
    effect's idempotency ``key``. Check the downstream system, then record what happened
    (``stepgraph reconcile``).
    """

    def __init__(self, node: str, effect: str, key: str, slot: str) -> None:
        self.node = node
        self.effect = effect
        self.key = key
        self.slot = slot  # where the generation journal keeps its intent
        super().__init__(f"effect {effect!r} of node {node!r} (key {key}) may have happened: "
                         "its outcome was never recorded")  # fmt: skip


class ToolFailed(StepgraphError):
    """A tool call raised (or timed out); the call is journaled with ``error``'s class.

    A refused call is not an error: it is returned as a ``ToolRefusal`` value.
    """

    def __init__(self, tool: str, error: str, detail: str) -> None:
        self.tool = tool
        self.error = error  # the class name of what the tool raised
        super().__init__(f"tool {tool!r} failed: {error}: {detail}")


class ToolTimeout(ToolFailed):
    """A tool call did not return within its ``timeout`` (seconds)."""

    def __init__(self, tool: str, seconds: float) -> None:
        self.seconds = seconds
        super().__init__(tool, "ToolTimeout", f"no answer within {seconds:g} s")


class ActionRefused(StepgraphError):
    """A person's action on a run (approve, reject, supply, reconcile) was refused.

    Nothing was recorded. The message says why; look at the run again before acting.
    """


class NotAllowed(ActionRefused):
    """The policy does not let ``actor`` do ``action``. Ask someone it names."""

    def __init__(self, actor: str, action: str) -> None:
        self.actor = actor
        self.action = action
        super().__init__(f"{actor!r} may not {action} (not named for it in the policy)")


class NotWaiting(ActionRefused):
    """The run is not waiting for this action (its ``status`` says where it stands)."""

    def __init__(self, run_id: str, status: str, wanted: str) -> None:
        self.run_id = run_id
        self.status = status
        self.wanted = wanted
        super().__init__(f"run {run_id!r} is {status}, not waiting for {wanted}")


class DigestMismatch(ActionRefused):
    """The content changed since it was shown: ``given`` is not the current ``expected``.

    Read the run again and decide on what it holds now.
    """

    def __init__(self, run_id: str, expected: str, given: str) -> None:
        self.run_id = run_id
        self.expected = expected
        self.given = given
        super().__init__(
            f"run {run_id!r}: the digest {given[:16]}... is not the content's current digest "
            f"{expected[:16]}...: it changed since it was shown"
        )


class AlreadyDecided(ActionRefused):
    """Someone else decided first; ``decision`` is what was recorded."""

    def __init__(self, run_id: str, decision: dict[str, object]) -> None:
        self.run_id = run_id
        self.decision = decision
        super().__init__(
            f"run {run_id!r} was already decided: {decision.get('verdict')} by "
            f"{decision.get('by')} at {decision.get('at')}"
        )


class NotCancellable(ActionRefused):
    """The run already finished (``status``): there is nothing left to cancel."""

    def __init__(self, run_id: str, status: str) -> None:
        self.run_id = run_id
        self.status = status
        super().__init__(f"run {run_id!r} already finished ({status}): nothing to cancel")
