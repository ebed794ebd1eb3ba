"""Structured results and the words of errors: a tool that returns data declares an
``outputSchema`` and answers with ``structuredContent`` that matches it, names its project, and
equals the CLI's ``--json``, while the text content stays for clients that read only text; the
new tools (``get_brief``, projectmem's ``get_global_gotchas``) are the CLI's app calls too;
``precheck_file`` is read-only; and an error names the tool's arguments, never a CLI flag."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from mcp_harness import KEN, Raw, World, connect

import kenning
from kenning.app.setup.registry import CHOSEN_BY
from kenning.mcp.tools import CATALOGUE, FLAG_ARGUMENTS, HIDDEN, in_tool_words

pytestmark = pytest.mark.anyio


def history(world: World, repo: Path) -> dict[str, str]:
    iid = world.ok(repo, "issue", "Webhook retries create duplicate charges", "--at", "src/app.py").stdout.split()[0]
    world.ok(repo, "attempt", "Deduplicated on the event id", "--failed", "--at", "src/app.py")
    decision = world.ok(repo, "decide", "Idempotency keys live in Redis", "--at", "src/app.py").stdout.strip()
    lesson = world.ok(repo, "note", "Stripe retries reuse the idempotency key", "--lesson").stdout.strip()
    return {"issue": iid.lstrip("#"), "decision": decision, "lesson": lesson}


@pytest.mark.slow
def test_every_structured_result_matches_its_schema_and_the_cli(world: World, alpha: Path) -> None:
    """Through a plain JSON-RPC client, so nothing but this test checks the shapes."""
    ids = history(world, alpha)
    world.ok(alpha, "note", "The entry point is main", "--at", "src/app.py:1-2")
    raw = Raw([str(KEN), "mcp"], alpha, world.env)
    raw.start()
    schemas = {t["name"]: t.get("outputSchema") for t in raw.request("tools/list")["result"]["tools"]}
    # tool -> (arguments, key, what the CLI says); the CLI's precheck records a check: before the score
    calls: dict[str, tuple[dict[str, Any], str, Any]] = {
        "precheck_file": ({"file_path": ["src/app.py"]}, "report", world.json(alpha, "precheck", "src/app.py")),
        "get_issue": ({"issue_id": ids["issue"]}, "found", world.json(alpha, "show", ids["issue"])),
        "search_events": ({"query": "idempotency"}, "events", world.json(alpha, "search", "idempotency")),
        "get_score": ({}, "score", world.json(alpha, "score")),
        "verify_citations": ({}, "citations", world.json(alpha, "verify")["citations"]),
        "get_lessons": ({}, "lessons", world.json(alpha, "lessons")["lessons"]),
        "get_brief": ({}, "brief", world.json(alpha, "brief")),
        "list_projects": ({}, "projects", world.json(alpha, "projects", "list")),
        "current_project": ({}, "reason", "started-in"),
        "add_note": ({"summary": "Staging is slower"}, "event", None),
    }
    assert {name for name, schema in schemas.items() if schema} == set(calls) | {
        "log_issue", "record_attempt", "record_fix", "add_decision", "forget_event"}
    for name, (arguments, key, cli) in calls.items():
        result = raw.call(name, arguments)
        assert not result.get("isError"), (name, result)
        data = result["structuredContent"]
        jsonschema.validate(data, schemas[name])
        if cli is not None:
            assert data[key] == cli, name
        if name != "list_projects":
            assert (data["project"], data["root"]) == ("alpha", str(alpha)), name
            assert result["content"][0]["text"] == f"project: alpha ({alpha})", name
        assert all(c["type"] == "text" and c["text"] for c in result["content"]), name
    written = json.loads((alpha / ".kenning" / "events.jsonl").read_text().splitlines()[-1])
    assert data["event"] == written and data["notices"] == []
    for name in ("get_summary", "get_project_map", "get_context"):  # Markdown: text only
        assert "structuredContent" not in raw.call(name, {}), name
    raw.close()
    raw.protocol_only()


async def test_the_sdk_client_reads_structured_results_and_text(world: World, alpha: Path) -> None:
    """The SDK client validates every structured result against the listed schema itself."""
    history(world, alpha)
    async with connect(world, alpha) as mcp:
        session = mcp.session
        secret = "token ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
        logged = await session.call_tool("log_issue", {"summary": "Checkout times out", "details": secret})
        data = logged.structured_content
        assert isinstance(data, dict) and data["event"]["type"] == "issue"
        assert data["notices"][0].startswith("redacted before writing: ")
        texts = [c.text for c in logged.content if c.type == "text"]
        assert json.loads(texts[2]) == data["event"] and "ghp_a1B2" not in json.dumps(data)
        attempt = await session.call_tool("record_attempt", {"summary": "Raised the timeout", "outcome": "failed",
                                                             "issue_id": data["event"]["issue_id"]})
        assert attempt.structured_content["event"]["outcome"] == "failed"
        brief = await mcp.ok("get_brief")
        assert brief.body == world.ok(alpha, "brief").stdout
        checked = await session.call_tool("precheck_file", {"file_path": "src/app.py"})
        assert checked.structured_content["report"] == world.json(alpha, "precheck", "src/app.py")


async def test_a_result_with_warnings_matches_its_tools_output_schema(world: World, alpha: Path) -> None:
    """A log with a damaged line still answers, with ``warnings`` in ``structuredContent``: a field
    every project tool's ``outputSchema`` declares (optional), so the SDK client, which
    validates each result against the listed schema, and ``jsonschema`` both accept it."""
    ids = history(world, alpha)
    with open(alpha / ".kenning" / "events.jsonl", "ab") as f:
        f.write(b'{"not": "an event"}\n')
    damaged = len((alpha / ".kenning" / "events.jsonl").read_bytes().splitlines())
    calls: dict[str, dict[str, Any]] = {
        "get_brief": {}, "get_issue": {"issue_id": ids["issue"]}, "search_events": {"query": "idempotency"},
        "get_score": {}, "get_lessons": {}, "precheck_file": {"file_path": "src/app.py"}, "verify_citations": {},
        "add_note": {"summary": "Staging is slower"}}
    async with connect(world, alpha) as mcp:
        schemas = {t.name: t.output_schema for t in (await mcp.session.list_tools()).tools}
        warned = {name for name, schema in schemas.items() if schema and "warnings" in schema["properties"]}
        assert warned == set(calls) | {"log_issue", "record_attempt", "record_fix", "add_decision", "forget_event"}
        for name in warned:
            assert schemas[name]["properties"]["warnings"] == {"type": "array"}, name
            assert "warnings" not in schemas[name]["required"], name
        for name, arguments in calls.items():
            result = await mcp.session.call_tool(name, arguments)  # the SDK validates it against the schema
            assert not result.is_error, (name, result)
            data = result.structured_content
            assert isinstance(data, dict), name
            jsonschema.validate(data, schemas[name])
            assert data["warnings"] and all(isinstance(line, str) for line in data["warnings"]), name
            assert f"events.jsonl line {damaged} is not a valid event" in data["warnings"][0], name
            last = result.content[-1]
            assert last.type == "text" and last.text == "\n".join(f"warning: {w}" for w in data["warnings"]), name
        with pytest.raises(jsonschema.ValidationError):  # the declaration holds: warnings is a list
            jsonschema.validate({**data, "warnings": "one line"}, schemas["add_note"])
        clean = await mcp.session.call_tool("current_project", {})
        assert "warnings" not in (clean.structured_content or {})


async def test_get_global_gotchas_is_get_lessons_under_projectmems_name(world: World, alpha: Path) -> None:
    history(world, alpha)
    async with connect(world, alpha) as mcp:
        listed = {t.name: t for t in (await mcp.session.list_tools()).tools}
        assert "get_global_gotchas" not in listed  # callable, not listed: see mcp_tools.HIDDEN
        assert "get_global_gotchas" in (listed["get_lessons"].description or "")
        for arguments in ({}, {"library": "stripe"}, {"project": "alpha"}):
            alias = await mcp.session.call_tool("get_global_gotchas", arguments)
            lessons = await mcp.session.call_tool("get_lessons", arguments)
            assert not alias.is_error and alias.content == lessons.content
            assert alias.structured_content == lessons.structured_content
        said = await mcp.refused("get_global_gotchas", tech="stripe")
        assert "unknown argument 'tech'" in said and "library" in said


async def test_an_unknown_argument_is_refused_by_name_by_every_tool(world: World, alpha: Path) -> None:
    before = (alpha / ".kenning" / "events.jsonl").read_bytes()
    async with connect(world, alpha) as mcp:
        tools = (await mcp.session.list_tools()).tools
        for tool in tools:
            required = {"summary": "x", "outcome": "failed", "issue_id": "x", "file_path": "src/app.py",
                        "event_id": "evt_x"}
            arguments = {k: required[k] for k in tool.input_schema.get("required", [])}
            said = await mcp.refused(tool.name, **arguments, no_such_argument=1)
            assert said.startswith(f"invalid arguments for {tool.name}: unknown argument 'no_such_argument' ("), said
            assert all(p in said for p in tool.input_schema["properties"]), said
    assert (alpha / ".kenning" / "events.jsonl").read_bytes() == before


async def test_precheck_file_is_read_only_it_leaves_no_check_record(world: World, alpha: Path) -> None:
    history(world, alpha)
    records = alpha / ".kenning" / "local" / "checks.jsonl"
    before = records.read_bytes() if records.exists() else b""
    async with connect(world, alpha) as mcp:
        tool = next(t for t in (await mcp.session.list_tools()).tools if t.name == "precheck_file")
        assert tool.annotations is not None and tool.annotations.read_only_hint is True
        assert "Deduplicated on the event id" in (await mcp.ok("precheck_file", file_path="src/app.py")).text
    assert (records.read_bytes() if records.exists() else b"") == before
    world.ok(alpha, "precheck", "src/app.py")  # the CLI does record what the gate said
    assert records.read_bytes() != before


async def test_errors_name_the_tools_arguments_not_cli_flags(world: World, alpha: Path) -> None:
    before = (alpha / ".kenning" / "events.jsonl").read_bytes()
    async with connect(world, alpha) as mcp:
        said = await mcp.refused("record_attempt", summary="x", outcome="failed")
        assert said == "no issue is open; record one with log_issue or name it with issue_id", said
        note = world.ok(alpha, "note", "a note, not a decision").stdout.strip()
        said = await mcp.refused("add_decision", summary="x", supersedes=note)
        assert said.endswith("not a decision; supersedes names the decision it replaces"), said
        said = await mcp.refused("get_issue", issue_id="evt_0000")
        assert said == "no event matches 'evt_0000'; search_events shows event ids", said
        world.ok(alpha, "issue", "first")
        world.ok(alpha, "issue", "second")
        said = await mcp.refused("record_attempt", summary="x", outcome="failed")
        assert said == "2 issues are open; name one with issue_id (see search_events with type=issue)", said
        said = await mcp.refused("record_fix", summary="x", issue_id="zzzz")
        assert said == "no issue matches 'zzzz'; search_events with type=issue lists the issue ids", said
        for said in (await mcp.refused("get_issue", issue_id="zzzz"),
                     await mcp.refused("add_note", summary="x", location="../outside.py")):
            assert not re.search(r"(?<![\w-])--(?!root\b)[a-z]", said), said
    assert (alpha / ".kenning" / "events.jsonl").read_bytes() != before  # only the CLI wrote


def test_in_tool_words_rewrites_flags_and_commands_only() -> None:
    assert in_tool_words("put the rest in --details") == "put the rest in details"
    assert in_tool_words("name it with --issue ID (see `ken issues`)") == \
        "name it with issue_id (see search_events with type=issue)"
    assert in_tool_words("an attempt needs its outcome: add --failed, --worked or --partial") == \
        "an attempt needs its outcome: give outcome: worked, failed or partial"
    # what is no argument here stays: the server's own flag, a command the user must run
    for kept in ("this server is pinned to /x by --root; it cannot act on 'b'",
                 "kenning is not set up in /x; run `ken init` first", "a--at b", "--attic", "x --issues"):
        assert in_tool_words(kept) == kept


# the modules whose errors a tool call can reach, and the flags in them that no tool call can
# meet (a write through MCP never attaches a diff, never snoozes, never registers a project;
# get_score takes no --since)
REACHED = ("app/record.py", "app/views/read.py", "app/paths.py", "app/lessons/cases.py", "app/views/context.py",
           "app/gate/precheck.py", "app/views/plan.py", "app/views/project_map.py", "app/gate/score.py",
           "app/setup/texts.py", "app/views/summary.py", "app/memory.py", "app/setup/registry.py", "app/project.py",
           "core/events.py", "store/log.py", "store/files.py", "app/citations.py", "app/citing.py")
CLI_ONLY = {"--diff", "--snooze", "--reason", "--name", "--root", "--now", "--since"}
FLAG = re.compile(r"(?<![\w-])--[a-z][a-z-]*")


def test_every_flag_an_error_can_name_has_its_argument() -> None:
    """An audit of the app's error texts: a flag or command a tool can meet in an error must be
    rewritten by ``in_tool_words`` (``mcp_tools.FLAG_ARGUMENTS``), or be shown here to be out of reach."""
    package = Path(kenning.__file__).parent
    seen: set[str] = set()
    left: dict[str, set[str]] = {}
    for module in REACHED:
        tree = ast.parse((package / module).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Raise) and node.exc is not None:
                text = " ".join(c.value for c in ast.walk(node.exc) if isinstance(c, ast.Constant)
                                and type(c.value) is str)
                seen.update(FLAG.findall(text))
                for flag in FLAG.findall(in_tool_words(text)):
                    left.setdefault(flag, set()).add(module)
    assert seen & set(FLAG_ARGUMENTS), "the audit found no mapped flag at all: it is not reading the errors"
    assert not {flag: sorted(where) for flag, where in left.items() if flag not in CLI_ONLY}


def test_the_contract_page_lists_every_tool_with_its_title() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "mcp.md").read_text(encoding="utf-8")
    for name, entry in CATALOGUE.items():
        assert f"| `{name}` | {entry.title} | {'read' if entry.reads else 'write'} |" in page, name
    for name in HIDDEN:
        assert f"`{name}`" in page
    for reason in CHOSEN_BY:
        assert f"| `{reason}` |" in page, reason
