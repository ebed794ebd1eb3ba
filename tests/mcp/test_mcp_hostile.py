"""Hostile arguments to every tool: each is one ``isError`` line saying what was wrong, nothing
reaches the log (``.kenning/events.jsonl`` stays byte for byte), and the server keeps serving.

The table is built from the server's own ``tools/list``, so a new tool or parameter is covered
the day it is added. Memory that cannot be read is an error too, never a clean verdict.
"""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from mcp_harness import KEN, Raw, World, connect

pytestmark = pytest.mark.anyio

LONE = "@lone-surrogate@"  # stands for the JSON escape "\ud800", put into the raw line as is
MB = "x" * 1_000_000


def log(repo: Path) -> bytes:
    return (repo / ".kenning" / "events.jsonl").read_bytes()


def kinds(schema: dict[str, Any]) -> set[str]:
    """The JSON types a parameter accepts: "enum" for a closed set of strings."""
    if "enum" in schema:
        return {"enum"}
    options = schema.get("anyOf", [schema])
    return {option.get("type", "any") for option in options}


def hostile_values(name: str, schema: dict[str, Any], places: dict[str, str]) -> list[Any]:
    """Values of parameter ``name`` that must be refused."""
    accepted = kinds(schema)
    values: list[Any] = []
    if "string" in accepted:
        values += [MB, LONE, "a\x00b", "esc \x1b[2K hidden", "csi \x9b", True, 5, {"a": 1}]
        if name != "query":  # an empty query lists the newest events
            values += ["", "   "]
        if name != "details":  # only details spans lines
            values += ["one\n# Injected heading", "carriage\rreturn", "para\u2028graph"]
        if "array" not in accepted:
            values.append(["a list"])
    if name in ("location", "file_path", "project"):
        values += ["../../etc/passwd", "/etc/passwd", places["symlink"], "src/../../outside.txt"]
    if name == "project":
        values += ["../..", places["missing"], places["file"], places["plain"], places["bare_repo"]]
    if name in ("issue_id", "supersedes"):
        values += ["zzzz", "evt_00000000000000000000", "#", "../../"]
    if "array" in accepted:
        values += [{"a": 1}, [5], [""], [MB[:2000]], ["../../etc/passwd"], [places["symlink"]], [LONE],
                   ["src/app.py"] * 600]
        if "string" not in accepted:
            values.append("[not json")
    if "integer" in accepted:
        values += ["many", -1, 10**12, 1.5, {"a": 1}, None]
    if "boolean" in accepted:
        values += [{"a": 1}, [True], "maybe"]
    if "enum" in accepted:
        values += ["not-one-of-them", 5, ""]
    return values


def line_of(request_id: int, name: str, arguments: dict[str, Any]) -> str:
    line = json.dumps({"jsonrpc": "2.0", "id": request_id, "method": "tools/call",
                       "params": {"name": name, "arguments": arguments}})
    return line.replace(LONE, "\\ud800")


def places_around(world: World, alpha: Path) -> dict[str, str]:
    outside = world.base / "outside.txt"
    outside.write_text("a secret outside the repository\n")
    (alpha / "out.py").symlink_to(outside)
    plain = world.base / "plain-folder"
    plain.mkdir()
    bare = world.repo("never-initialized", init=False)
    return {"symlink": "out.py", "missing": str(world.base / "no-such-folder"), "file": str(outside),
            "plain": str(plain), "bare_repo": str(bare)}


@pytest.mark.slow
def test_hostile_arguments_to_every_tool_are_one_line_errors_and_write_nothing(world: World, alpha: Path) -> None:
    iid = world.ok(alpha, "issue", "Login fails", "--at", "src/app.py").stdout.split()[0].lstrip("#")
    world.ok(alpha, "decide", "Sessions live in Redis")
    places = places_around(world, alpha)
    valid = {"summary": "a valid summary", "outcome": "failed", "issue_id": iid, "file_path": "src/app.py",
             "event_id": iid}
    before = log(alpha)
    raw = Raw([str(KEN), "mcp"], alpha, world.env)
    raw.start()
    tools = raw.request("tools/list")["result"]["tools"]
    assert len(tools) == 20
    # projectmem's name for get_lessons is callable though not listed: it must refuse the same
    tools.append({**next(t for t in tools if t["name"] == "get_lessons"), "name": "get_global_gotchas"})
    wrong: list[str] = []
    calls = 0

    def expect_refused(name: str, arguments: dict[str, Any]) -> None:
        nonlocal calls
        calls += 1
        raw.send(line_of(1000 + calls, name, arguments))
        reply = raw.reply_to(1000 + calls)
        result = reply.get("result", {})
        blocks = [c.get("text", "") for c in result.get("content", [])]
        shown = f"{name}({json.dumps(arguments)[:120]})"
        if not result.get("isError"):
            wrong.append(f"{shown} was not refused: {str(reply)[:300]}")
        elif len(blocks) != 1 or not blocks[0].strip() or "\n" in blocks[0] or len(blocks[0]) > 1000:
            wrong.append(f"{shown} is not one short line: {blocks!r:.300}")
        elif log(alpha) != before:
            wrong.append(f"{shown} wrote to the log")

    for tool in tools:
        name, schema = tool["name"], tool["inputSchema"]
        required = {key: valid[key] for key in schema.get("required", [])}
        expect_refused(name, {**required, "no_such_argument": "x"})
        if required:
            expect_refused(name, {})
        for parameter, parameter_schema in schema["properties"].items():
            for value in hostile_values(parameter, parameter_schema, places):
                expect_refused(name, {**required, parameter: value})
        serving = raw.request("ping")
        assert serving.get("result") == {}, serving
    raw.close()
    raw.protocol_only()
    assert calls > 500
    assert not wrong, f"{len(wrong)} of {calls} hostile calls were mishandled:\n" + "\n".join(wrong)
    assert log(alpha) == before
    assert (world.base / "outside.txt").read_text() == "a secret outside the repository\n"


async def test_refusals_say_what_was_wrong_through_the_sdk_client(world: World, alpha: Path) -> None:
    iid = world.ok(alpha, "issue", "Login fails").stdout.split()[0].lstrip("#")
    before = log(alpha)
    async with connect(world, alpha) as mcp:
        said = await mcp.refused("log_issue", summary="Looks fine\n# Injected heading")
        assert "summary holds a line break" in said and "details" in said
        assert "control character \\x1b" in await mcp.refused("add_note", summary="evil \x1b[1A\x1b[2K hidden")
        assert "control character \\x00" in await mcp.refused("add_note", summary="ok", details="nul \x00 byte")
        assert "issue_id is empty" in await mcp.refused("record_attempt", summary="x", outcome="failed", issue_id="")
        assert "supersedes is empty" in await mcp.refused("add_decision", summary="x", supersedes=" ")
        assert "project is empty" in await mcp.refused("get_summary", project="")
        assert "at most 2000 characters" in await mcp.refused("log_issue", summary=MB)
        assert "at most 1024 characters" in await mcp.refused("add_note", summary="x", location=MB)
        assert "file_path[1]" in await mcp.refused("precheck_file", file_path=["src/app.py", 5])
        said = await mcp.refused("add_note", summary="x", detail="a misspelt argument")
        assert "unknown argument 'detail'" in said and "details" in said
        assert "at most 500 items" in await mcp.refused("precheck_file", file_path=["src/app.py"] * 501)
        assert "is not inside a git repository" in await mcp.refused("get_score", project=str(world.base))
        assert "does not exist" in await mcp.refused("get_score", project=str(world.base / "gone"))
        stray = world.base / "notes.txt"
        stray.write_text("not a project\n")
        assert "is a file" in await mcp.refused("get_score", project=str(stray))
        assert "not a path inside the repository" in await mcp.refused("record_attempt", summary="x", outcome="failed",
                                                             issue_id=iid, location="../outside.txt")
        assert (await mcp.ok("get_summary")).body
    assert log(alpha) == before


async def test_text_that_looks_like_json_arrives_as_text(world: World, alpha: Path) -> None:
    """The SDK decodes a string argument that parses as JSON unless its type is exactly ``str``:
    details '{"error": 1}' was refused as "not a string" and details "null" silently dropped."""
    async with connect(world, alpha) as mcp:
        for details in ('{"error": "card_declined", "code": 402}', "null", "[1, 2]", "true", "12"):
            # the same words each time, on purpose (only the details differ): force keeps each
            recorded = json.loads((await mcp.ok("add_note", summary="payload", details=details, force=True)).blocks[2])
            assert recorded["details"] == details
        recorded = json.loads((await mcp.ok("add_note", summary="located", location="null")).blocks[2])
        assert recorded["location"] == "null"
        assert "'null' is not a registered project" in await mcp.refused("get_summary", project="null")
        # a list sent as JSON text still works where a list is expected (clients do that)
        assert "src/app.py" in (await mcp.ok("precheck_file", file_path='["src/app.py"]')).body
        assert "Focus: src/app.py" in (await mcp.ok("get_context", paths='["src/app.py"]')).body
        # and what such a list holds is checked like any list
        assert "file_path[0] holds a line break" in await mcp.refused("precheck_file", file_path='["src/a\\nb.py"]')
        assert "paths[1] is empty" in await mcp.refused("get_context", paths='["src/app.py", " "]')
        assert "[not a list" in (await mcp.ok("precheck_file", file_path="[not a list")).body


async def test_precheck_on_a_log_of_nothing_but_garbage_is_an_error_not_ok(world: World, alpha: Path) -> None:
    """Memory that cannot be read must never read as "no warnings": the CLI exits 4, the tool
    answers isError with the same line."""
    world.ok(alpha, "issue", "Checkout double-charges", "--at", "src/app.py")
    world.ok(alpha, "attempt", "Retried the charge", "--failed", "--at", "src/app.py")
    garbage = b"\x00garbage\n" * 3
    (alpha / ".kenning" / "events.jsonl").write_bytes(garbage)
    cli = world.ken(alpha, "precheck", "src/app.py")
    assert cli.returncode == 4, cli
    async with connect(world, alpha) as mcp:
        said = await mcp.refused("precheck_file", file_path="src/app.py")
        assert said == cli.stderr.strip().removeprefix("ken: error: "), said
        assert '"severity": "none"' not in said and '"severity":"none"' not in said
        await mcp.refused("precheck_file", file_path=["src/app.py", "src/other.py"])
        await mcp.refused("get_summary")
        assert "alpha" in (await mcp.ok("list_projects")).text  # still serving
    assert (alpha / ".kenning" / "events.jsonl").read_bytes() == garbage


async def test_one_garbage_line_is_a_warning_not_an_error(world: World, alpha: Path) -> None:
    world.ok(alpha, "issue", "Checkout double-charges", "--at", "src/app.py")
    world.ok(alpha, "attempt", "Retried the charge", "--failed", "--at", "src/app.py")
    with open(alpha / ".kenning" / "events.jsonl", "ab") as f:
        f.write(b"\x00not an event\n")
    async with connect(world, alpha) as mcp:
        checked = await mcp.ok("precheck_file", file_path="src/app.py")
        assert "Retried the charge" in checked.text
    assert "warning" in world.stderr_log.read_text()


RAISING_SERVER = textwrap.dedent("""\
    import sys
    from kenning.mcp import server as mcp_server
    from kenning.app.views import plan as plan_app
    from kenning.core import errors

    def every(cls):
        for sub in cls.__subclasses__():
            yield sub
            yield from every(sub)

    KINDS = {cls.__name__: cls for cls in [errors.KenError, *every(errors.KenError)]}

    def raising(project):  # get_plan(project="<ErrorClass>") raises that error
        raise KINDS[project.root.name](f"a {project.root.name} happened; do this about it")

    plan_app.read = raising
    sys.exit(mcp_server.serve())
""")


@pytest.mark.slow
async def test_every_kenning_error_is_an_is_error_line_with_its_message(world: World, alpha: Path) -> None:
    """Any error of the ``KenError`` tree (MemoryUnreadable, LockTimeout, ones added later) is a
    one-line isError result carrying its own message, never an "unexpected" crash report."""
    from kenning.core import errors

    def every(cls: type) -> list[type]:
        return [sub for direct in cls.__subclasses__() for sub in [direct, *every(direct)]]

    kinds_ = [errors.KenError, *every(errors.KenError)]
    assert {"InvalidInput", "NotInitialized", "MemoryUnreadable", "LockTimeout"} <= {k.__name__ for k in kinds_}
    for kind in kinds_:  # a registered project named after each error class
        world.repo(kind.__name__)
    script = world.base / "raising_server.py"
    script.write_text(RAISING_SERVER)
    async with connect(world, alpha, command=[sys.executable, str(script)]) as mcp:
        for kind in kinds_:
            said = await mcp.refused("get_plan", project=kind.__name__)
            assert said == f"a {kind.__name__} happened; do this about it", said
        assert (await mcp.ok("get_summary")).body


@pytest.mark.slow
def test_a_hostile_client_name_never_reaches_the_log(world: World, alpha: Path) -> None:
    """The client's name becomes each event's actor: its control characters are dropped and
    its length bounded; one that is not Unicode refuses the handshake itself."""
    raw = Raw([str(KEN), "mcp"], alpha, world.env)
    raw.start(client="evil\x1b[2K\x00agent\n" + "x" * 500)
    assert not raw.call("add_note", {"summary": "who wrote this?"}).get("isError")
    raw.close()
    event = json.loads(log(alpha).splitlines()[-1])
    assert event["actor"] == ("evil[2Kagent " + "x" * 500)[:80]
    raw = Raw([str(KEN), "mcp"], alpha, world.env)
    raw.send(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "@", "version": "1"}}})
        .replace("@", "\\ud800"))
    assert raw.reply_to(1)["error"]["code"] == -32600
    raw.close()
