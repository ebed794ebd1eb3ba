"""``search_events`` through the real SDK client: the same full-text search as ``ken search``
(a word in any form, a quoted phrase, the best match first), and text that would be FTS5 syntax
is text, or one ``isError`` line."""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp_harness import World, connect

pytestmark = pytest.mark.anyio


async def test_search_events_finds_other_forms_and_phrases_as_the_cli_does(world: World, alpha: Path) -> None:
    world.ok(alpha, "note", "Retries come from the proxy")
    world.ok(alpha, "note", "The request carries no context at all")
    world.ok(alpha, "decide", "Request context is passed explicitly (see ADR-7)")
    async with connect(world, alpha) as mcp:
        for query in ("proxies", "request context", '"request context"', "(see ADR-7", "context* passed: explicitly)"):
            served = (await mcp.ok("search_events", query=query)).json_lines()
            assert served == world.json(alpha, "search", query), query
        assert [e["summary"] for e in (await mcp.ok("search_events", query="proxies")).json_lines()] == [
            "Retries come from the proxy"]
        phrase = (await mcp.ok("search_events", query='"request context"')).json_lines()
        assert [e["summary"] for e in phrase] == ["Request context is passed explicitly (see ADR-7)"]
        said = await mcp.refused("search_events", query="* -")
        assert "no words to search for" in said


async def test_results_say_where_the_cited_code_stands(world: World, alpha: Path) -> None:
    (alpha / "src").mkdir(exist_ok=True)
    pay = "def charge(order):\n    key = order.key()\n    return gateway.charge(order, key)\n"
    (alpha / "src/pay.py").write_text(pay)
    world.git(alpha, "add", "src/pay.py")
    world.git(alpha, "commit", "-qm", "pay")
    event_id = world.ok(alpha, "decide", "Charges are keyed by the order", "--at", "src/pay.py:2-3").stdout.strip()
    (alpha / "src/pay.py").write_text("def charge(order):\n    return gateway.charge(order)\n")
    async with connect(world, alpha) as mcp:
        found = (await mcp.ok("search_events", query="charges keyed")).json_lines()
        assert [(e["id"], e["code"]["status"], e["code"]["changed_in"]) for e in found] == [
            (event_id, "gone", {"uncommitted": True})]
        summary = (await mcp.ok("get_summary")).text
        assert "(src/pay.py:2; code gone (uncommitted): not current, do not rely on it)" in summary
