"""The MCP tools that return lessons and events bound what they return of one memory, as the
CLI's views do: a 2 MB lesson in the machine's store and a 2 MB event in a log committed
elsewhere reach the agent as their first characters and a line saying where the rest is."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mcp_harness import World, connect

pytestmark = [pytest.mark.anyio, pytest.mark.slow]  # megabytes through a real server

HUGE = 2_000_000
BOUND = 30_000


async def test_lessons_and_events_come_back_bounded(world: World, tmp_path: Path) -> None:
    repo = world.repo("shop")
    (repo / "package.json").write_text(json.dumps({"name": "shop", "dependencies": {"react": "18.2.0"}}))
    lesson = {"op": "lesson", "id": "lsn_huge", "text": "hydration " + "x" * HUGE, "library": "react",
              "libraries": ["react"], "project": "elsewhere", "timestamp": "2026-01-01T00:00:00.000000Z"}
    (Path(world.env["KEN_HOME"]) / "lessons.jsonl").write_text(json.dumps(lesson) + "\n")
    event = {"v": 1, "id": "evt_" + "0" * 19 + "1", "type": "issue", "issue_id": "k7q2", "source": "cli",
             "summary": "charges " + "s" * HUGE, "details": "seen " + "d" * HUGE,
             "timestamp": "2026-01-01T00:00:00.000000Z"}
    with open(repo / ".kenning" / "events.jsonl", "a") as log:
        log.write(json.dumps(event) + "\n")
    async with connect(world, repo) as mcp:
        for name, arguments in (("get_lessons", {}), ("get_issue", {"issue_id": "k7q2"}),
                                ("search_events", {"query": "charges"}), ("get_context", {}),
                                ("get_summary", {})):
            reply = await mcp.ok(name, **arguments)
            assert len(reply.text) < BOUND, (name, len(reply.text))
        assert "more characters: `ken lessons export -` has the whole lesson" in (await mcp.ok("get_lessons")).text
        assert "more characters: `ken export --jsonl` has the whole event" in \
            (await mcp.ok("get_issue", issue_id="k7q2")).text
