"""Fixtures for the code map's CLI tests: the CLI suite's throw-away machine (its own ``KEN_HOME``,
``HOME`` and git identity) and real ``ken`` processes."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli.conftest import Repo, World


@pytest.fixture
def world(tmp_path: Path) -> World:
    return World(tmp_path)


__all__ = ["Repo", "World", "world"]
