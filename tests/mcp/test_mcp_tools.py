"""Every tool against its CLI command on the same memory: the MCP result and ``ken … --json``
(or the CLI's text, where that is what the tool serves) must agree, and what one surface
writes the other reads at once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mcp_harness import CLIENT, World, connect

pytestmark = pytest.mark.anyio


def history(world: World, repo: Path) -> dict[str, str]:
    """An issue with a failed attempt, a decision and the one that supersedes it, a lesson."""
    iid = world.ok(repo, "issue", "Webhook retries create duplicate charges", "--at", "src/app.py:2").stdout.split()[0]
    world.ok(repo, "attempt", "Deduplicated on the event id", "--failed", "--at", "src/app.py",
             "--details", "retries carry a new event id")
    old = world.ok(repo, "decide", "Idempotency keys live in Redis", "--at", "src/app.py").stdout.strip()
    new = world.ok(repo, "decide", "Idempotency keys live in Postgres", "--supersedes", old[:10]).stdout.strip()
    lesson = world.ok(repo, "note", "Stripe retries reuse the idempotency key", "--lesson").stdout.strip()
    return {"issue": iid.lstrip("#"), "old": old, "new": new, "lesson": lesson}


@pytest.mark.slow
async def test_text_reads_serve_the_same_bytes_as_the_cli_and_name_the_project(world: World, alpha: Path) -> None:
    history(world, alpha)
    async with connect(world, alpha) as mcp:
        summary = await mcp.ok("get_summary")
        assert summary.body == world.ok(alpha, "summary").stdout
        assert summary.head.splitlines()[0] == f"project: alpha ({alpha})"
        assert "setup mode" in summary.head  # the map's Purpose is still the placeholder
        project_map = await mcp.ok("get_project_map")
        assert project_map.body == (alpha / ".kenning" / "PROJECT_MAP.md").read_text()
        assert "setup mode" in project_map.head and "PROJECT_MAP.md" in project_map.head
        instructions = await mcp.ok("get_instructions")
        assert instructions.body == (alpha / ".kenning" / "AI_INSTRUCTIONS.md").read_text()
        plan = await mcp.ok("get_plan")
        assert plan.body == world.ok(alpha, "plan").stdout == world.json(alpha, "plan")["plan"]
        for blocks in (summary, project_map, instructions, plan):
            assert len(blocks.blocks) == 2

        map_path = alpha / ".kenning" / "PROJECT_MAP.md"
        map_path.write_text(map_path.read_text().replace("<!-- One or two sentences", "Bills customers.\n<!--"))
        assert "setup mode" not in (await mcp.ok("get_summary")).head
        assert (await mcp.ok("get_summary")).body == world.ok(alpha, "summary").stdout


@pytest.mark.slow
async def test_data_reads_are_the_cli_json(world: World, alpha: Path) -> None:
    ids = history(world, alpha)
    async with connect(world, alpha) as mcp:
        issue = await mcp.ok("get_issue", issue_id=ids["issue"])
        assert json.loads(issue.body) == world.json(alpha, "show", ids["issue"])
        assert "Deduplicated on the event id" in issue.body
        by_prefix = await mcp.ok("get_issue", issue_id="#" + ids["issue"][:3])
        assert by_prefix.body == issue.body
        event = await mcp.ok("get_issue", issue_id=ids["old"][:12])
        assert json.loads(event.body) == world.json(alpha, "show", ids["old"])
        assert json.loads(event.body)["event"]["status"] == "superseded"

        found = await mcp.ok("search_events", query="idempotency")
        assert found.json_lines() == world.json(alpha, "search", "idempotency")
        old_line = next(line for line in found.body.splitlines() if "Redis" in line)
        assert ids["old"] in old_line and '"status":"superseded"' in old_line
        narrowed = await mcp.ok("search_events", query="idempotency", type="decision", limit=1)
        assert narrowed.json_lines() == world.json(alpha, "search", "idempotency", "--type", "decision",
                                                   "--limit", "1")
        newest = await mcp.ok("search_events")
        assert newest.json_lines() == world.json(alpha, "search")
        assert (await mcp.ok("search_events", query="nothing-like-this")).body == "no matching events"
        assert world.json(alpha, "search", "nothing-like-this") == []

        lessons = await mcp.ok("get_lessons")
        assert lessons.json_lines() == world.json(alpha, "lessons")["lessons"]
        assert [item["id"] for item in lessons.json_lines()] == [ids["lesson"]]
        # a project without a manifest shares nothing: no lesson is about stripe for the machine
        assert (await mcp.ok("get_lessons", library="stripe")).body == "no lessons for this stack yet"
        assert world.json(alpha, "lessons", "--library", "stripe") == {"lessons": []}
        score = await mcp.ok("get_score")
        assert json.loads(score.body) == world.json(alpha, "score")

        projects = await mcp.ok("list_projects")
        assert len(projects.blocks) == 1  # not a project tool: no project line
        assert [json.loads(line) for line in projects.text.splitlines()] == world.json(alpha, "projects", "list")


@pytest.mark.slow
async def test_gate_and_context_agree_with_the_cli(world: World, alpha: Path) -> None:
    history(world, alpha)
    async with connect(world, alpha) as mcp:
        checked = await mcp.ok("precheck_file", file_path="src/app.py")
        head, text, report = checked.blocks
        assert head.startswith("project: alpha ")
        assert json.loads(report) == world.json(alpha, "precheck", "src/app.py")
        assert text == world.ok(alpha, "precheck", "src/app.py").stdout
        assert "Deduplicated on the event id" in text
        both = await mcp.ok("precheck_file", file_path=["src/app.py", "README.md"])
        assert json.loads(both.blocks[2]) == world.json(alpha, "precheck", "src/app.py", "README.md")

        context = await mcp.ok("get_context")
        assert context.body == world.json(alpha, "context")["text"] == world.ok(alpha, "context").stdout
        aimed = await mcp.ok("get_context", tokens=400, paths=["src/app.py"])
        assert aimed.body == world.json(alpha, "context", "--tokens", "400", "--at", "src/app.py")["text"]
        assert len(aimed.body) <= 1600 and "Before you edit" in aimed.body


async def test_writes_land_in_the_log_as_the_cli_reads_them_and_back(world: World, alpha: Path) -> None:
    async with connect(world, alpha) as mcp:
        logged = await mcp.ok("log_issue", summary="Checkout times out", location="src/app.py:2",
                              details="token ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8")
        head, said, written = logged.blocks
        event = json.loads(written)
        iid = event["issue_id"]
        assert head.startswith("project: alpha ")
        assert said.splitlines()[0] == f"recorded issue #{iid} {event['id']}"
        assert "redacted before writing: " in said and "ghp_a1B2" not in logged.text
        assert event["source"] == "mcp" and event["actor"] == CLIENT
        assert json.loads((alpha / ".kenning" / "events.jsonl").read_text().splitlines()[-1]) == event
        shown_issue = world.json(alpha, "show", iid)["issue"]
        assert shown_issue.pop("code")["status"] == "verified"  # it cites src/app.py:2, unchanged since
        assert shown_issue == event

        attempt = await mcp.ok("record_attempt", summary="Raised the timeout", outcome="partial")
        assert f"recorded against the only open issue #{iid}" in attempt.blocks[1]
        assert json.loads(attempt.blocks[2])["outcome"] == "partial"
        assert json.loads(attempt.blocks[2])["location"] == "src/app.py:2", "an attempt is where its issue is"
        assert "located at src/app.py:2" in attempt.blocks[1]
        assert [a["summary"] for a in world.json(alpha, "show", iid)["attempts"]] == ["Raised the timeout"]

        first = json.loads((await mcp.ok("add_decision", summary="Time out after 30 s")).blocks[2])
        second = await mcp.ok("add_decision", summary="Time out after 10 s", supersedes=first["id"][:9],
                              lesson=True, issue_id=iid)
        assert json.loads(second.blocks[2])["supersedes"] == first["id"]
        shown = world.json(alpha, "show", first["id"])["event"]
        assert shown["status"] == "superseded" and shown["superseded_by"] == [json.loads(second.blocks[2])["id"]]

        note = json.loads((await mcp.ok("add_note", summary="Staging is slower", lesson=True)).blocks[2])
        assert note["id"] in [item["id"] for item in world.json(alpha, "lessons")["lessons"]]
        fix = await mcp.ok("record_fix", summary="Pooled connections", issue_id=iid, details="test_checkout passes")
        assert json.loads(fix.blocks[2])["type"] == "fix"
        assert [i["status"] for i in world.json(alpha, "issues", "--all") if i["issue_id"] == iid] == ["done"]

        from_cli = world.ok(alpha, "note", "Written by the CLI").stdout.strip()
        seen = await mcp.ok("search_events", query="Written by the CLI")
        assert [e["id"] for e in seen.json_lines()] == [from_cli]
        assert (await mcp.ok("get_summary")).body == world.ok(alpha, "summary").stdout


async def test_forget_event_leaves_an_attempt_out_as_ken_forget_does(world: World, alpha: Path) -> None:
    world.ok(alpha, "issue", "Checkout times out", "--at", "src/app.py")
    wrong = world.json(alpha, "attempt", "Raised the pool size", "--failed", "--at", "src/app.py")["id"]
    assert wrong in world.ok(alpha, "precheck", "src/app.py").stdout
    async with connect(world, alpha) as mcp:
        done = await mcp.ok("forget_event", event_id=wrong[:10], reason="it was never tried")
        note = json.loads(done.blocks[2])
        assert done.blocks[1] == f"forgot attempt {wrong} with {note['id']}"
        assert note["forgets"] == wrong and note["source"] == "mcp" and note["actor"] == CLIENT
        said = await mcp.refused("forget_event", event_id=wrong)
        assert said.startswith(f"{wrong} was forgotten by {note['id']}") and said.endswith("nothing written")
        assert "\n" not in said
    assert wrong not in world.ok(alpha, "precheck", "src/app.py").stdout
    assert "Raised the pool size" not in world.ok(alpha, "summary").stdout
