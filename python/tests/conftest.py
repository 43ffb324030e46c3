"""Hypothesis runs from a seed chosen here and printed: in the header, and after any failure, ready to replay."""

import os
import random

import pytest
from _pytest.terminal import TerminalReporter
from hypothesis import HealthCheck, settings

# No example database: CI starts from a clean clone, and a replay goes through the printed seed instead.
settings.register_profile(
    "prunescope",
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("prunescope")


@pytest.hookimpl(tryfirst=True)  # type: ignore[misc]  # pluggy's marker is untyped in Debian's pytest 7.2
def pytest_configure(config: pytest.Config) -> None:
    # Before Hypothesis's own plugin reads it, so every property test runs from this one seed.
    # PRUNESCOPE_TEST_SEED (npm test sets it from the commit) makes a commit's run the same on every machine.
    if config.getoption("hypothesis_seed", None) is None:
        chosen = os.environ.get("PRUNESCOPE_TEST_SEED", "")
        config.option.hypothesis_seed = chosen if chosen != "" else str(random.SystemRandom().randrange(2**32))


def pytest_report_header(config: pytest.Config) -> str:
    return f"hypothesis seed: {config.option.hypothesis_seed}"


def pytest_terminal_summary(terminalreporter: TerminalReporter, exitstatus: int, config: pytest.Config) -> None:
    if terminalreporter.stats.get("failed"):
        seed = config.option.hypothesis_seed
        terminalreporter.write_line(f"hypothesis seed {seed}; replay a property test with: python -m pytest --hypothesis-seed={seed} <test id>")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # Property tests run without the coverage tracer, which doubles their time (11 s → 20 s for the laws of one
    # strategy): they are most of the suite's time, and the example and golden tests alone keep coverage past 90%.
    for item in items:
        if getattr(getattr(item, "obj", None), "is_hypothesis_test", False):
            item.add_marker(pytest.mark.no_cover)
