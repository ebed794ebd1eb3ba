"""The server's contract: the tool list (names, hints, schemas, size), one-line ``isError``
results for bad arguments and bad references with nothing written, and a stdout that carries
protocol messages only, even when a library or a child process prints."""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

import pytest
from mcp_harness import KEN, Raw, World, connect

import kenning
from kenning.core.events import MAX_DETAILS, MAX_SUMMARY, OUTCOMES, TYPES

pytestmark = pytest.mark.anyio

READS = {"get_summary", "get_instructions", "get_project_map", "get_plan", "get_brief", "get_issue",
         "search_events", "get_context", "get_score", "get_lessons", "list_projects", "current_project",
         "precheck_file", "verify_citations"}
WRITES = {"log_issue", "record_attempt", "record_fix", "add_decision", "add_note", "forget_event"}
TEXT = {"get_summary", "get_instructions", "get_project_map", "get_plan", "get_context"}  # Markdown, not data


def log(repo: Path) -> bytes:
    return (repo / ".kenning" / "events.jsonl").read_bytes()


@pytest.mark.real_processes  # the console script serves the SDK's stdio client end to end
async def test_initialize_names_the_server_its_version_and_the_protocol(world: World, alpha: Path) -> None:
    async with connect(world, alpha) as mcp:
        info = mcp.init.server_info
        assert (info.name, info.version) == ("kenning", kenning.__version__)
        text = mcp.init.instructions or ""
        for must in ("get_summary", "get_project_map", "setup mode", "precheck_file", "log_issue",
                     "record_attempt", "record_fix", "evidence", "add_decision", "supersedes"):
            assert must in text, must


async def test_tool_list_hints_and_schemas(world: World, alpha: Path) -> None:
    async with connect(world, alpha) as mcp:
        tools = {t.name: t for t in (await mcp.session.list_tools()).tools}
    assert set(tools) == READS | WRITES
    titles = set()
    for name, tool in tools.items():
        assert tool.annotations is not None and tool.annotations.read_only_hint is (name in READS), name
        # a read changes nothing; a write appends an event each time, so the same call twice is two events
        assert tool.annotations.idempotent_hint is (name in READS), name
        assert tool.annotations.open_world_hint is False, name
        assert tool.title and tool.title not in titles and len(tool.title) <= 40, name
        titles.add(tool.title)
        assert tool.description and len(tool.description) < 300, name
        assert tool.input_schema["additionalProperties"] is False, name
        props = tool.input_schema["properties"]
        assert ("project" in props) is (name != "list_projects"), name
        assert not any("title" in p or {"type": "null"} in p.get("anyOf", []) for p in props.values()), name
        # a tool that returns data declares its shape, and (but for the registry) the project it came from
        output = tool.output_schema
        assert (output is None) is (name in TEXT), name
        if output is not None:
            assert output["type"] == "object" and set(output["required"]) <= set(output["properties"]), name
            assert {"project", "root"} <= set(output["required"]) or name == "list_projects", name
    for name in WRITES:
        assert tools[name].annotations.destructive_hint is False
    attempt = tools["record_attempt"].input_schema
    assert attempt["required"] == ["summary", "outcome"]
    assert attempt["properties"]["outcome"] == {"enum": list(OUTCOMES), "type": "string"}
    search = tools["search_events"].input_schema["properties"]
    assert (search["limit"]["minimum"], search["limit"]["maximum"], search["limit"]["default"]) == (1, 100, 20)
    assert search["type"]["enum"] == list(TYPES)
    tokens = tools["get_context"].input_schema["properties"]["tokens"]
    assert (tokens["minimum"], tokens["maximum"]) == (100, 20000)
    assert tools["get_issue"].input_schema["properties"]["issue_id"]["type"] == "string"
    assert tools["add_decision"].input_schema["properties"]["supersedes"]["type"] == "string"
    path = {"maxLength": 1024, "type": "string"}
    assert tools["precheck_file"].input_schema["properties"]["file_path"]["anyOf"] == [
        path, {"items": path, "maxItems": 500, "type": "array"}]
    assert tools["get_context"].input_schema["properties"]["paths"]["items"] == path
    assert tools["log_issue"].input_schema["properties"]["summary"]["maxLength"] == MAX_SUMMARY
    assert tools["log_issue"].input_schema["properties"]["details"]["maxLength"] == MAX_DETAILS
    for name, tool in tools.items():  # every text is bounded: no 1 MB id reaches the app
        for prop, schema in tool.input_schema["properties"].items():
            assert schema.get("type") != "string" or "maxLength" in schema or "enum" in schema, (name, prop)


async def test_bad_arguments_are_one_line_errors_and_write_nothing(world: World, alpha: Path) -> None:
    iid = world.ok(alpha, "issue", "Login fails").stdout.split()[0].lstrip("#")
    before = log(alpha)
    async with connect(world, alpha) as mcp:
        said = await mcp.refused("record_attempt", summary="no outcome", issue_id=iid)
        assert "outcome" in said and "required" in said.lower()
        assert "outcome" in await mcp.refused("record_attempt", summary="x", outcome="maybe", issue_id=iid)
        assert "limit" in await mcp.refused("search_events", limit=0)
        assert "limit" in await mcp.refused("search_events", limit=101)
        assert "limit" in await mcp.refused("search_events", limit="many")
        assert "type" in await mcp.refused("search_events", type="bug")
        assert "tokens" in await mcp.refused("get_context", tokens=50)
        assert "tokens" in await mcp.refused("get_context", tokens=20001)
        assert "issue_id" in await mcp.refused("get_issue")
        assert "summary" in await mcp.refused("add_note", details="no summary")
        assert await mcp.refused("no_such_tool")
        # bad references and bad values, caught by the same app code the CLI runs
        assert "nosuchissue" in await mcp.refused("get_issue", issue_id="nosuchissue")
        assert await mcp.refused("get_issue", issue_id="evt_00000000")
        assert "zzzz" in await mcp.refused("record_attempt", summary="x", outcome="failed", issue_id="zzzz")
        assert await mcp.refused("add_decision", summary="x", supersedes="evt_00000000")
        issue_event = json.loads((alpha / ".kenning" / "events.jsonl").read_text().splitlines()[0])["id"]
        assert "not a decision" in await mcp.refused("add_decision", summary="x", supersedes=issue_event)
        assert await mcp.refused("add_note", summary="   ")
        assert "outside" in await mcp.refused("add_note", summary="x", location="/etc/passwd")
        assert "not a path inside the repository" in await mcp.refused("precheck_file", file_path="../../etc/passwd")
        assert await mcp.refused("precheck_file", file_path=[])
        assert "project" in await mcp.refused("get_summary", project="no-such-project")
        assert (await mcp.ok("get_summary")).body  # still serving
    assert log(alpha) == before


async def test_a_decision_already_superseded_is_refused_naming_its_replacement(world: World, alpha: Path) -> None:
    old_id = json.loads(world.ok(alpha, "decide", "sessions in Redis", "--json").stdout)["id"]
    new = world.ok(alpha, "decide", "sessions in Postgres", "--supersedes", old_id, "--json").stdout
    new_id = json.loads(new)["id"]
    before = log(alpha)
    async with connect(world, alpha) as mcp:
        said = await mcp.refused("add_decision", summary="sessions in SQLite", supersedes=old_id)
        assert said.endswith(f"{old_id} was already superseded by {new_id}; supersede {new_id} instead"), said
    assert log(alpha) == before


async def test_two_open_issues_make_an_attempt_name_one(world: World, alpha: Path) -> None:
    world.ok(alpha, "issue", "first")
    world.ok(alpha, "issue", "second")
    before = log(alpha)
    async with connect(world, alpha) as mcp:
        said = await mcp.refused("record_attempt", summary="which one?", outcome="failed")
        assert "2 issues are open" in said
        assert "no issue is open" not in said
    assert log(alpha) == before


def test_stdout_is_protocol_only_and_the_tool_list_is_compact(world: World, alpha: Path) -> None:
    raw = Raw([str(KEN), "mcp"], alpha, world.env)
    raw.start()
    listed = raw.request("tools/list")["result"]
    size = len(json.dumps(listed, separators=(",", ":"), ensure_ascii=False))
    # 20 tools in 14,000 characters: the project argument is described once, in the instructions,
    # and the output schemas do not restate that a project's name and root are text
    assert size < 14000, f"tools/list is {size} characters"
    for name, args in (("get_summary", {}), ("log_issue", {"summary": "raw"}), ("get_issue", {"issue_id": "x"}),
                       ("search_events", {"limit": 0}), ("precheck_file", {"file_path": "src/app.py"})):
        raw.request("tools/call", {"name": name, "arguments": args})
    raw.close()
    raw.protocol_only()


NOISY_SERVER = textwrap.dedent("""\
    import os, subprocess, sys
    from kenning.mcp import server as mcp_server
    from kenning.app.gate import score as score_app
    from kenning.app.views import summary as summary_app

    real = summary_app.summary

    def noisy(project, full=False):
        print("print from a library")
        sys.stdout.write("a write to sys.stdout\\n")
        os.write(1, b"a raw write to fd 1\\n")
        subprocess.run(["echo", "a child process on stdout"], check=True)
        subprocess.run(["cat"], check=True, timeout=10)  # reads fd 0: it must be /dev/null, not the wire
        return real(project, full)

    def broken(project):
        raise RuntimeError("the library blew up")

    summary_app.summary = noisy
    score_app.score = broken
    sys.exit(mcp_server.serve())
""")


def noisy_server(world: World) -> list[str]:
    script = world.base / "noisy_server.py"
    script.write_text(NOISY_SERVER)
    return [sys.executable, str(script)]


def test_a_library_that_prints_cannot_corrupt_the_stream(world: World, alpha: Path) -> None:
    raw = Raw(noisy_server(world), alpha, world.env)
    raw.start()
    reply = raw.request("tools/call", {"name": "get_summary", "arguments": {}})["result"]
    assert not reply.get("isError") and reply["content"][1]["text"] == world.ok(alpha, "summary").stdout
    _, err = raw.close()
    raw.protocol_only()
    for noise in ("print from a library", "a write to sys.stdout", "a raw write to fd 1", "a child process"):
        assert noise in err


async def test_the_sdk_client_sees_clean_results_from_a_noisy_server(world: World, alpha: Path) -> None:
    async with connect(world, alpha, command=noisy_server(world)) as mcp:
        assert (await mcp.ok("get_summary")).body == world.ok(alpha, "summary").stdout
        said = await mcp.refused("get_score")
        assert said.startswith("unexpected RuntimeError: the library blew up")
        assert (await mcp.ok("get_summary")).body  # the server survived
        assert mcp.stream_errors == []
    assert "print from a library" in world.stderr_log.read_text()
