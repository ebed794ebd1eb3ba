"""A write tool that repeats a standing memory is refused in one line naming the memory it
repeats and the argument that keeps it (``force``), with nothing written; ``force=true`` keeps
it. The CLI's ``--force`` and the tool's ``force`` reach the same app call."""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp_harness import World, connect

pytestmark = pytest.mark.anyio


async def test_a_repeated_note_is_refused_until_forced(world: World, alpha: Path) -> None:
    first = world.ok(alpha, "note", "The staging webhook secret rotates weekly", "--at", "src/app.py").stdout.strip()
    log = alpha / ".kenning" / "events.jsonl"
    before = log.read_bytes()
    async with connect(world, alpha) as mcp:
        line = await mcp.refused("add_note", summary="the staging webhook secret rotates weekly.",
                                 location="src/app.py")
        assert first in line and "force=true" in line and "--force" not in line
        assert log.read_bytes() == before
        kept = await mcp.ok("add_note", summary="the staging webhook secret rotates weekly.", location="src/app.py",
                            force=True)
        assert "recorded note" in kept.text
        other = await mcp.ok("add_note", summary="The staging webhook secret never rotates", location="src/app.py")
        assert "recorded note" in other.text  # a negation is another memory
    assert len(log.read_bytes().splitlines()) == len(before.splitlines()) + 2


async def test_the_same_failed_attempt_is_refused_and_another_outcome_is_kept(world: World, alpha: Path) -> None:
    world.ok(alpha, "issue", "Webhook retries create duplicate charges")
    async with connect(world, alpha) as mcp:
        await mcp.ok("record_attempt", summary="Deduplicated on the event id", outcome="failed")
        line = await mcp.refused("record_attempt", summary="deduplicating on the event id", outcome="failed")
        assert "failed attempt on #" in line
        await mcp.ok("record_attempt", summary="Deduplicated on the event id", outcome="worked")
