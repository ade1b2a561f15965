"""The harness's retry policy: validated settings and the delays it asks for."""

from __future__ import annotations

import pytest

from stepgraph import InputError, RetryPolicy


def test_backoff_doubles_per_attempt_up_to_the_ceiling() -> None:
    policy = RetryPolicy(base_delay=0.5, max_delay=3.0, jitter=lambda: 1.0)
    assert [policy.delay(n, None) for n in (1, 2, 3, 4)] == [0.5, 1.0, 2.0, 3.0]


def test_full_jitter_scales_the_backoff_down() -> None:
    policy = RetryPolicy(base_delay=2.0, jitter=lambda: 0.25)
    assert policy.delay(1, None) == 0.5


def test_the_providers_retry_after_wins_over_backoff() -> None:
    policy = RetryPolicy(jitter=lambda: 1.0)
    assert policy.delay(1, 7.5) == 7.5


@pytest.mark.parametrize(
    ("options", "field"),
    [({"attempts": 0}, "retry.attempts"), ({"attempts": True}, "retry.attempts"),
     ({"max_wait": -1}, "retry.max_wait"), ({"base_delay": "1"}, "retry.base_delay")],
)  # fmt: skip
def test_bad_settings_name_the_field(options: dict[str, object], field: str) -> None:
    with pytest.raises(InputError) as raised:
        RetryPolicy(**options)  # type: ignore[arg-type]
    assert raised.value.field == field


def test_the_default_jitter_draws_uniformly_from_zero_to_one() -> None:
    draws = [RetryPolicy().jitter() for _ in range(200)]
    assert all(0.0 <= draw < 1.0 for draw in draws)
    assert len(set(draws)) > 150  # random, not a constant
