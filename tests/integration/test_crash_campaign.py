"""A sample of the crash campaign: every kill point once per durable store, plus random.

Real child processes die by SIGKILL at each point; fresh ones resume. The full
campaign is ``bench/crash_campaign.py --crashes 1000``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.crash_campaign import points_for, run_campaign
from tests.pgcluster import shared_url


@pytest.mark.parametrize("kind", ["file", "sqlite", "postgres"])
def test_no_crash_tears_a_checkpoint_repeats_a_node_or_a_generation(
    kind: str, tmp_path: Path
) -> None:
    cases = len(points_for(kind)) + 4
    server = shared_url() if kind == "postgres" else ""
    figures = run_campaign(kind, cases, str(tmp_path), seed=3, server=server)
    assert figures.missed_points == []
    assert figures.crashes >= len(points_for(kind))
    assert (figures.torn_checkpoints, figures.repeated_nodes, figures.repeated_generations,
            figures.unfinished_runs) == (0, 0, 0, 0), figures.problems  # fmt: skip
    assert figures.runs_completed == cases
    assert figures.interrupted_generations >= 1  # the "adapter" point
