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
def world(tmp_path: Path, request: pytest.FixtureRequest) -> World:
    """A machine under ``tmp_path``; its servers are ``ken mcp`` processes in a module or test
    marked ``real_processes``, else served in this process."""
    return World(tmp_path, real_processes=request.node.get_closest_marker("real_processes") is not None)


@pytest.fixture
def alpha(world: World) -> Path:
    """An initialized (and so registered) repository named alpha."""
    return world.repo("alpha")
