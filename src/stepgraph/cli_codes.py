"""The command line's exit codes: the one table ``--help`` prints and README.md copies.

A command that reports a run exits with the code of the run's status (``STATUS_EXIT``);
an error exits with the code of its class (``cli.error_code``).
"""

from __future__ import annotations

from .statuses import (
    BLOCKED,
    CANCELLED,
    DEAD,
    FAILED,
    NEEDS_RECONCILIATION,
    RETRY_LATER,
    STRANDED,
    WAITING_FOR_DATA,
)

EXIT_OK, EXIT_ERROR, EXIT_USAGE, EXIT_WAITING, EXIT_BLOCKED, EXIT_REFUSED = 0, 1, 2, 3, 4, 5
EXIT_RETRY_LATER, EXIT_ACTION_REFUSED, EXIT_RECONCILE, EXIT_FAILED, EXIT_CANCELLED = 6, 7, 8, 9, 10
EXIT_STRANDED = 11

EXIT_CODES: tuple[tuple[int, str], ...] = (
    (EXIT_OK, "running (or paused by --max-steps), ready_for_review, approved, rejected, "
     "revising, or finished"),
    (EXIT_ERROR, "anything else: a node, the adapter or the store failed unexpectedly "
     "(the chain of causes is printed)"),
    (EXIT_USAGE, "bad usage or invalid input (the field is named; nothing was written), "
     "no such run, or no such store"),
    (EXIT_WAITING, "waiting_for_data: a price (data) is missing"),
    (EXIT_BLOCKED, "blocked: verify refused the report"),
    (EXIT_REFUSED, "resume refused: fingerprint mismatch, version conflict, or another "
     "process is advancing the run; the run was forgotten; or its private data cannot be "
     "opened (no STEPGRAPH_DATA_KEY, another key, a ciphertext moved)"),
    (EXIT_RETRY_LATER, "retry_later: a provider failed transiently; resume after the time "
     "printed"),
    (EXIT_ACTION_REFUSED, "action refused: the policy, changed content (digest), not waiting "
     "for it, or already decided; nothing was recorded"),
    (EXIT_RECONCILE, "needs_reconciliation: an effect's outcome was lost (stepgraph reconcile)"),
    (EXIT_FAILED, "failed (auth, quota, refusal, bad request, truncated output: fix it, then "
     "resume --now) or dead (dead-lettered by the queue, with its reason)"),
    (EXIT_CANCELLED, "cancelled: someone cancelled the run; it never runs again"),
    (EXIT_STRANDED, "stranded: saved by an older graph revision no declared migration moves "
     "(declare one, then stepgraph migrate); migrate --all when runs stay stranded"),
)  # fmt: skip
"""(code, meaning) for every exit code the command line uses."""

STATUS_EXIT: dict[str, int] = {
    WAITING_FOR_DATA: EXIT_WAITING,
    BLOCKED: EXIT_BLOCKED,
    RETRY_LATER: EXIT_RETRY_LATER,
    NEEDS_RECONCILIATION: EXIT_RECONCILE,
    FAILED: EXIT_FAILED,
    DEAD: EXIT_FAILED,
    CANCELLED: EXIT_CANCELLED,
    STRANDED: EXIT_STRANDED,
}


def exit_for(status: str) -> int:
    """The exit code of a run with ``status`` (0: running, paused, or a review status)."""
    return STATUS_EXIT.get(status, EXIT_OK)


def exit_table() -> str:
    """The table as ``--help`` prints it."""
    import textwrap  # only for --help (issue 17, cold start)

    lines = ["exit codes:"]
    for code, meaning in EXIT_CODES:
        lines.append(textwrap.fill(meaning, width=88, initial_indent=f"  {code:>2}  ",
                                   subsequent_indent=" " * 6))  # fmt: skip
    return "\n".join(lines)


__all__ = ["EXIT_CODES", "STATUS_EXIT", "exit_for", "exit_table"]
