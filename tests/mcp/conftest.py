"""Fixtures of the MCP tests (the harness is ``mcp_harness``: this folder is not a package, so
that ``import mcp`` finds the SDK and not this folder)."""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp_harness import World


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def world(tmp_path: Path) -> World:
    return World(tmp_path)


@pytest.fixture
def alpha(world: World) -> Path:
    """An initialized (and so registered) repository named alpha."""
    return world.repo("alpha")
