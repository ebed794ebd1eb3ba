"""Fixtures for the code map's CLI tests: the CLI suite's throw-away machine (its own ``KEN_HOME``,
``HOME`` and git identity) and ``ken``'s command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli.conftest import Repo, World, real_processes


@pytest.fixture
def world(tmp_path: Path, request: pytest.FixtureRequest) -> World:
    """A machine under ``tmp_path``; real ``ken`` processes in a test marked ``real_processes``."""
    return World(tmp_path, real_processes=real_processes(request))


__all__ = ["Repo", "World", "world"]
