"""Hypothesis settings for the property tests: a fixed, derandomised search (the same examples
on every run, so CI is repeatable), no per-example deadline (the machine is shared and slow),
and the autouse NIMITZ_HOME fixture allowed (it only points the saves folder elsewhere)."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile(
    "nimitz",
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
settings.load_profile("nimitz")
