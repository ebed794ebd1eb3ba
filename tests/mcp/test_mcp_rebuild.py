"""A rebuild of the index is invisible to a running MCP server: a server that has the index open
goes on writing and reading after `ken regenerate` rebuilds it, or after the index is deleted by
hand, and never answers "readonly database"."""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp_harness import World, connect


@pytest.mark.anyio
@pytest.mark.real_processes  # the index a long-lived server process holds open, rebuilt by another
async def test_a_running_server_writes_across_a_rebuild_and_a_deleted_index(world: World, alpha: Path) -> None:
    index = alpha / ".kenning" / "cache" / "index.sqlite"
    async with connect(world, alpha) as mcp:
        await mcp.ok("add_note", summary="before any rebuild")  # the server has the index open
        assert index.exists()
        world.ok(alpha, "regenerate")
        after = await mcp.call("add_note", summary="after ken regenerate")
        assert not after.error, after.blocks
        for leftover in (index, index.with_name(index.name + "-wal"), index.with_name(index.name + "-shm")):
            leftover.unlink(missing_ok=True)
        deleted = await mcp.call("add_note", summary="after the index was deleted")
        assert not deleted.error, deleted.blocks
        found = await mcp.ok("search_events", query="after")
        assert "after ken regenerate" in found.text and "after the index was deleted" in found.text
    log = (alpha / ".kenning" / "events.jsonl").read_bytes()
    assert b"after ken regenerate" in log and b"after the index was deleted" in log
    summary = (alpha / ".kenning" / "summary.md").read_text()
    world.ok(alpha, "regenerate")
    assert (alpha / ".kenning" / "summary.md").read_text() == summary  # the server's refresh was the log's
