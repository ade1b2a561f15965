"""Graphs the CLI tests name by module:attribute (``--graph tests.cli_graphs:LINE_3``)."""

from __future__ import annotations

from tests.unit.test_migrations import line

LINE_3 = line(3)
"""The test line graph at revision 3, with no migration from revision 1."""
