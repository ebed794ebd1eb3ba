"""Through a real MCP client over stdio, no secret reaches the memory by a side door: not the
client's own name (``clientInfo.name`` becomes the events' actor), not any string parameter of any
write tool, as the server lists them (so a parameter added later is planted too)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from mcp_harness import World, connect

from planted import ANTHROPIC, GITHUB, leaks

pytestmark = pytest.mark.anyio


async def test_a_client_name_holding_a_secret_never_reaches_the_log(world: World, alpha: Path) -> None:
    async with connect(world, alpha, client=f"agent {GITHUB}") as mcp:
        reply = await mcp.ok("add_note", summary="the webhook secret rotates weekly")
    event = json.loads(reply.blocks[-1])
    assert event["actor"] == "agent [REDACTED:github_token]", event
    assert "redacted before writing: github_token" in reply.text
    found = leaks(alpha / ".kenning", text=reply.text + world.ok(alpha, "search", "", "--json").stdout)
    assert not found, found


def _valid(tool: str, issue: str) -> dict[str, Any]:
    """Arguments a write tool accepts as they are."""
    args: dict[str, Any] = {"summary": f"planted through {tool}"}
    if tool == "record_attempt":
        args["outcome"] = "failed"
    if tool in ("record_attempt", "record_fix"):
        args["issue_id"] = issue
    return args


def _string_parameters(schema: dict[str, Any]) -> list[str]:
    """The parameters a client may fill with any text: strings (alone or among other types)
    without an enum."""
    names = []
    for name, prop in schema.get("properties", {}).items():
        options = prop.get("anyOf", [prop])
        if any(o.get("type") == "string" and "enum" not in o for o in options):
            names.append(name)
    return names


@pytest.mark.slow
async def test_every_string_parameter_of_every_write_tool_is_redacted(world: World, alpha: Path) -> None:
    issue = world.ok(alpha, "issue", "an open issue", "--at", "src/app.py").stdout.split()[0].lstrip("#")
    planted: list[tuple[str, str, bool]] = []
    async with connect(world, alpha, client=ANTHROPIC) as mcp:
        tools = (await mcp.session.list_tools()).tools
        writes = [t for t in tools if t.annotations is not None and t.annotations.read_only_hint is False]
        assert {t.name for t in writes} >= {"log_issue", "record_attempt", "record_fix", "add_decision", "add_note"}
        replies = []
        for tool in writes:
            for name in _string_parameters(tool.input_schema):
                reply = await mcp.call(tool.name, **{**_valid(tool.name, issue), name: GITHUB})
                if name != "project":  # an unknown project is refused naming it, as typed: nothing is written
                    replies.append(reply.text)
                planted.append((tool.name, name, reply.error))
    assert len(planted) >= 20, planted  # summary, details, location, references on five tools
    written = {(tool, name) for tool, name, error in planted if not error}
    assert {(t, n) for t, n, _ in planted if n in ("summary", "details", "location")} <= written, planted
    found = leaks(alpha / ".kenning", text="\n".join(replies))
    assert not found, found
