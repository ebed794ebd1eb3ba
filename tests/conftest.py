"""Options and fixtures shared by every test folder."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite golden files from the current output instead of comparing with them")


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    """True only when the run was started with ``--update-golden``."""
    return bool(request.config.getoption("--update-golden"))
