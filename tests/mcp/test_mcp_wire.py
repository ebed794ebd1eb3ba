"""The wire under abuse: every line a client sends gets a JSON-RPC 2.0 answer (a parse error, an
invalid request, or the reply), the server keeps serving, and stdout carries JSON-RPC lines only.

Driven over raw pipes (``Raw``), which can send what the SDK client never would (bytes that are
not UTF-8, lone surrogates, 100,000 levels of nesting), and through the SDK client itself.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from mcp.shared.exceptions import MCPError
from mcp_harness import KEN, Raw, World, connect, is_jsonrpc

pytestmark = pytest.mark.anyio

PARSE_ERROR, INVALID_REQUEST = -32700, -32600
TOO_DEEP = {"code": INVALID_REQUEST, "message": "Invalid Request: nested more than 64 levels deep"}


def log(repo: Path) -> bytes:
    return (repo / ".kenning" / "events.jsonl").read_bytes()


def serving(raw: Raw) -> None:
    """The server still answers, in order."""
    assert raw.request("ping") == {"jsonrpc": "2.0", "id": raw.n, "result": {}}


def nested(depth: int, inner: Any = "x") -> Any:
    value = inner
    for level in range(depth):
        value = [value] if level % 2 else {"k": value}
    return value


def request_line(request_id: int, method: str, params: Any) -> str:
    return json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})


BAD_LINES: list[tuple[bytes, int, int | str | None, str]] = [
    # (line, code, id of the answer, what the message says)
    (b"{not json", PARSE_ERROR, None, "Parse error"),
    (b'{"jsonrpc":"2.0","id":1,"method":"ping"', PARSE_ERROR, None, "Parse error"),
    (b'{"jsonrpc":"2.0","id":1,"method":"ping"}}', PARSE_ERROR, None, "Parse error"),
    (b"\xff\xfe\x00garbage", PARSE_ERROR, None, "not UTF-8"),
    (b'{"jsonrpc":"2.0","id":"caf\xe9","method":"ping"}', PARSE_ERROR, None, "not UTF-8"),  # Latin-1
    (b'{"jsonrpc":"2.0","id":2,"method":"ping","params":{"x":NaN}}', PARSE_ERROR, None, "NaN"),
    (b'{"jsonrpc":"2.0","id":3,"method":"ping","params":{"x":"a\x01b"}}', PARSE_ERROR, None, "control character"),
    (b"[]", INVALID_REQUEST, None, "batch"),
    (b'[{"jsonrpc":"2.0","id":4,"method":"ping"}]', INVALID_REQUEST, None, "batch"),
    (b"42", INVALID_REQUEST, None, "JSON object"),
    (b'"ping"', INVALID_REQUEST, None, "JSON object"),
    (b"null", INVALID_REQUEST, None, "JSON object"),
    (b'{"jsonrpc":"2.0","id":5}', INVALID_REQUEST, 5, "method"),
    (b'{"id":6,"method":"ping"}', INVALID_REQUEST, 6, '"jsonrpc": "2.0"'),
    (b'{"jsonrpc":"1.0","id":"seven","method":"ping"}', INVALID_REQUEST, "seven", '"jsonrpc": "2.0"'),
    (b'{"jsonrpc":"2.0","id":8,"method":5}', INVALID_REQUEST, 8, '"method"'),
    (b'{"jsonrpc":"2.0","id":9,"method":"tools/list","params":[1]}', INVALID_REQUEST, 9, '"params"'),
    (b'{"jsonrpc":"2.0","id":1.5,"method":"ping"}', INVALID_REQUEST, None, '"id"'),
    (b'{"jsonrpc":"2.0","id":true,"method":"ping"}', INVALID_REQUEST, None, '"id"'),
    (b'{"jsonrpc":"2.0","id":[10],"method":"ping"}', INVALID_REQUEST, None, '"id"'),
    (b'{"jsonrpc":"2.0","id":null,"method":"ping"}', INVALID_REQUEST, None, '"id"'),  # MCP: never null
]
# replies from the client, right or wrong, are never answered: two peers answering each other's
# errors would never stop, and an error with a client's id could fail its own request of that id
RESPONSES = [b'{"jsonrpc":"2.0","id":11,"result":"not an object"}', b'{"jsonrpc":"2.0","id":12,"result":{}}',
             b'{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}',
             b'{"jsonrpc":"2.0","id":13,"error":"not an object"}', b'{"jsonrpc":"2.0","result":{}}']


def test_every_bad_line_gets_its_json_rpc_error_and_the_server_keeps_serving(world: World, alpha: Path) -> None:
    raw = Raw([str(KEN), "mcp"], alpha, world.env)
    raw.start()
    for line, code, answer_id, says in BAD_LINES:
        raw.send(line)
        raw.send(b"")  # a blank line is no message: no answer
        raw.send(b"  \r")
        error = raw.next_message()
        assert error["id"] == answer_id and set(error) == {"jsonrpc", "id", "error"}, (line, error)
        assert error["error"]["code"] == code and says in error["error"]["message"], (line, error)
        assert "\n" not in error["error"]["message"]
        serving(raw)
    for line in RESPONSES:
        raw.send(line)
    serving(raw)  # the next message is the answer to the ping
    assert raw.call("list_projects", {})["content"][0]["text"].count('"name":"alpha"') == 1
    raw.close()
    assert raw.unmatched == []
    raw.protocol_only()


def test_a_request_nested_500_levels_deep_is_refused_with_its_id(world: World, alpha: Path) -> None:
    before = log(alpha)
    raw = Raw([str(KEN), "mcp"], alpha, world.env)
    raw.start()
    for n, params in enumerate([
            {"name": "log_issue", "arguments": {"summary": nested(500)}},
            {"name": "list_projects", "arguments": {"x": nested(500)}},
            {"name": "get_summary", "arguments": {}, "_meta": nested(500)},
            nested(500),
            {"name": "log_issue", "arguments": {"summary": "deep", "details": nested(201)}},  # past pydantic's 200
    ], start=100):
        raw.send(request_line(n, "tools/call", params))
        error = raw.reply_to(n)
        assert error["error"] == TOO_DEEP
        serving(raw)
    # past the interpreter's own limit the request cannot even be read for its id
    raw.send(request_line(200, "tools/call", {"name": "log_issue", "arguments": {"summary": "@"}})
             .replace('"@"', "[" * 100_000 + "]" * 100_000))
    assert raw.reply_to(None)["error"] == TOO_DEEP
    serving(raw)
    # nesting within the limit reaches the tool, which refuses the value as one line
    result = raw.call("log_issue", {"summary": nested(40)})
    said = result["content"][0]["text"]
    assert result["isError"] and said.startswith("invalid arguments for log_issue: summary must be a string, not an")
    raw.close()
    raw.protocol_only()
    assert log(alpha) == before


def test_lone_surrogates_are_refused_and_never_written(world: World, alpha: Path) -> None:
    """``"\\ud800"`` is valid JSON syntax but not Unicode: pydantic's parser refuses the whole line
    (the SDK then dropped it without a reply), and UTF-8 cannot store it. ``@`` in a line below
    stands for that six-character escape."""

    def lone(line: str, surrogate: str = "\\ud800") -> str:
        return line.replace("@", surrogate)

    iid = world.ok(alpha, "issue", "Login fails").stdout.split()[0].lstrip("#")
    before = log(alpha)
    raw = Raw([str(KEN), "mcp"], alpha, world.env)
    raw.start()
    for n, (name, arguments) in enumerate([
            ("log_issue", {"summary": "broken @ text"}),
            ("log_issue", {"summary": "ok", "details": "a @"}),
            ("record_attempt", {"summary": "x", "outcome": "failed", "issue_id": iid, "location": "src/@.py"}),
            ("record_fix", {"summary": "x", "issue_id": "@"}),
            ("add_decision", {"summary": "x", "supersedes": "@"}),
            ("add_note", {"summary": "@ alone at the start"}),
            ("precheck_file", {"file_path": ["src/app.py", "@"]}),
            ("search_events", {"query": "@"}),
            ("get_summary", {"project": "@"}),
    ], start=300):
        for surrogate in ("\\ud800", "\\udfff"):  # a lone high half, a lone low half
            raw.send(lone(request_line(n, "tools/call", {"name": name, "arguments": arguments}), surrogate))
            result = raw.reply_to(n)["result"]
            text = result["content"][0]["text"]
            assert result["isError"] and "not valid Unicode" in text and "\n" not in text, (name, text)
    # outside a tool's argument values, the message itself is refused, with its id
    for n, line in enumerate([
            request_line(400, "tools/call", {"name": "log_issue@", "arguments": {}}),
            request_line(401, "tools/call", {"name": "log_issue", "arguments": {"summary@": "x"}}),
            request_line(402, "ping@", {}),
            request_line(403, "tools/call", {"name": "get_summary", "arguments": {}, "_meta": {"k": "@"}}),
    ], start=400):
        raw.send(lone(line))
        error = raw.reply_to(n)["error"]
        assert error["code"] == INVALID_REQUEST and "not valid Unicode" in error["message"], error
    raw.send(lone(json.dumps({"jsonrpc": "2.0", "id": "@", "method": "ping"})))
    assert raw.reply_to(None)["error"]["code"] == INVALID_REQUEST
    serving(raw)
    assert log(alpha) == before
    # a surrogate pair is one character, not a lone surrogate: it is text, and is kept
    raw.send(lone(request_line(500, "tools/call", {"name": "add_note", "arguments": {"summary": "ship it @"}}),
                  "\\ud83d\\ude80"))
    assert not raw.reply_to(500)["result"].get("isError")
    raw.close()
    raw.protocol_only()
    assert "ship it \U0001f680".encode() in log(alpha)


def test_an_oversized_line_is_refused_and_the_next_one_served(world: World, alpha: Path) -> None:
    raw = Raw([str(KEN), "mcp"], alpha, world.env)
    raw.start()
    raw.send(request_line(7, "tools/call", {"name": "log_issue", "arguments": {"summary": "x" * (33 * 2**20)}}))
    error = raw.reply_to(None)["error"]
    assert error["code"] == INVALID_REQUEST and "longer than 32 MB" in error["message"], error
    serving(raw)
    raw.close()
    raw.protocol_only()


async def test_the_sdk_client_gets_an_error_for_a_deep_request_and_carries_on(world: World, alpha: Path) -> None:
    before = log(alpha)
    async with connect(world, alpha) as mcp:
        for depth in (65, 250):  # 250: past pydantic's JSON limit, where the SDK's transport went silent
            with pytest.raises(MCPError) as refused:
                await mcp.call("log_issue", summary="deep", details=nested(depth))
            assert refused.value.error.code == INVALID_REQUEST
            assert "nested more than 64 levels" in refused.value.error.message
        assert "alpha" in (await mcp.ok("list_projects")).text
        assert mcp.stream_errors == []
    assert log(alpha) == before


GARBLING_PROXY = textwrap.dedent("""\
    import subprocess, sys
    child = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE)
    for line in sys.stdin.buffer:
        child.stdin.write(b"{not json\\n\\xff\\xfe\\n[1, 2]\\n42\\n" + line)
        child.stdin.flush()
    child.stdin.close()
    sys.exit(child.wait())
""")


async def test_the_sdk_client_is_undisturbed_by_error_replies_to_garbage(world: World, alpha: Path) -> None:
    """Between every two messages of a real session, a proxy slips four bad lines into the
    server's stdin; their id-null error replies reach the SDK client, which must go on."""
    proxy = world.base / "garbling_proxy.py"
    proxy.write_text(GARBLING_PROXY)
    async with connect(world, alpha, command=[sys.executable, str(proxy), str(KEN), "mcp"]) as mcp:
        recorded = await mcp.ok("log_issue", summary="Garbage between messages")
        assert "recorded issue" in recorded.body
        assert "Garbage between messages" in (await mcp.ok("get_summary")).body
        assert "empty" in await mcp.refused("add_note", summary="")
        assert mcp.stream_errors == []


@pytest.mark.slow
def test_stdout_stays_json_rpc_through_300_mixed_calls(world: World, alpha: Path) -> None:
    """Valid and invalid calls, bad lines, notifications and calls on a project whose log holds a
    garbage line (its reader warns on stderr every time), in a seeded random order: stdout is
    one JSON-RPC message per line throughout, and each request gets exactly one answer."""
    beta = world.repo("beta")
    world.ok(beta, "issue", "Uploads time out", "--at", "src/app.py")
    with open(beta / ".kenning" / "events.jsonl", "ab") as f:
        f.write(b"\x00\xff a garbage line\n")
    before_beta = log(beta)
    raw = Raw([str(KEN), "mcp"], alpha, world.env)
    raw.start()
    rng = random.Random(20300630)
    tally = {"ok": 0, "refused": 0, "rpc_error": 0, "bad_line": 0, "notification": 0, "written": 0}

    def tool(name: str, arguments: dict[str, Any], refused: bool) -> None:
        result = raw.call(name, arguments)
        assert bool(result.get("isError")) is refused, (name, arguments, result)
        tally["refused" if refused else "ok"] += 1

    def write(i: int) -> None:
        tool("add_note", {"summary": f"note number {i}", "details": f"line one\nline {i}"}, refused=False)
        tally["written"] += 1

    def rpc_error(i: int) -> None:
        method, params = rng.choice([("no/such/method", {}), ("tools/call", {"name": "log_issue", "arguments": [1]}),
                                     ("tools/call", {"arguments": {}}), ("tools/call", {"name": 5}),
                                     ("tools/call", {"name": "get_summary", "arguments": {"x": nested(80)}})])
        assert "error" in raw.request(method, params), method
        tally["rpc_error"] += 1

    def bad_line(i: int) -> None:
        raw.send(rng.choice([b"{oops", b"\xc3\x28", b"[]", b"17", b'{"jsonrpc":"2.0","method":7}']))
        raw.next_message()
        tally["bad_line"] += 1

    def notification(i: int) -> None:
        raw.send(json.dumps({"jsonrpc": "2.0", "method": rng.choice(["notifications/initialized",
                                                                     "notifications/unknown"])}))
        tally["notification"] += 1

    actions = [
        lambda i: tool("get_summary", {"project": "beta"}, refused=False),
        lambda i: tool("precheck_file", {"file_path": "src/app.py", "project": "beta"}, refused=False),
        lambda i: tool("search_events", {"query": "uploads", "project": "beta"}, refused=False),
        lambda i: tool("get_context", {"paths": ["src/app.py"], "tokens": 500, "project": "beta"}, refused=False),
        lambda i: tool("get_score", {}, refused=False),
        lambda i: tool("list_projects", {}, refused=False),
        write,
        lambda i: tool("add_note", {"summary": f"two\nlines {i}"}, refused=True),
        lambda i: tool("search_events", {"limit": 1000}, refused=True),
        lambda i: tool("get_issue", {"issue_id": f"nosuch{i}"}, refused=True),
        lambda i: tool("precheck_file", {"file_path": "../../etc/passwd"}, refused=True),
        lambda i: tool("record_fix", {"summary": "x", "issue_id": "zzzz", "project": "beta"}, refused=True),
        lambda i: tool("no_such_tool", {}, refused=True),
        rpc_error, bad_line, notification,
    ]
    for i in range(330):
        rng.choice(actions)(i)
    raw.close()
    raw.protocol_only()
    replies = [json.loads(line) for line in raw.lines]
    answered = [m["id"] for m in replies if "id" in m and m["id"] is not None]
    assert len(answered) == len(set(answered)) == raw.n  # each request, exactly once
    assert sum(1 for m in replies if m.get("id", 0) is None) == tally["bad_line"]
    assert raw.unmatched == []
    assert sum(tally.values()) - tally["written"] >= 300 and min(tally.values()) > 5, tally
    assert "warning" in raw.stderr()  # the garbage line was read, and reported where it belongs
    assert log(beta) == before_beta
    assert log(alpha).count(b"note number") == tally["written"]


def test_a_reply_that_cannot_be_encoded_becomes_an_error_reply_to_its_request() -> None:
    """The last guard of the writer: text that is not Unicode in a reply (no tool is known to
    produce it) answers that request with an error instead of ending the server."""
    from mcp.types import JSONRPCNotification, JSONRPCResponse

    from kenning.mcp.wire import encode

    line = encode(JSONRPCResponse(jsonrpc="2.0", id=3, result={"content": [{"type": "text", "text": "\ud800"}]}))
    assert line.endswith(b"}") and b"\n" not in line
    reply = json.loads(line)
    assert (reply["id"], reply["error"]["code"]) == (3, -32603) and "not valid Unicode" in reply["error"]["message"]
    assert json.loads(encode(JSONRPCNotification(jsonrpc="2.0", method="x", params={"m": "\udfff"})))["id"] is None
    assert json.loads(encode(JSONRPCResponse(jsonrpc="2.0", id="a", result={"ok": "caf\u00e9 \U0001f680"}))) == {
        "jsonrpc": "2.0", "id": "a", "result": {"ok": "caf\u00e9 \U0001f680"}}


def test_requests_written_before_the_end_of_input_are_all_answered(world: World, alpha: Path) -> None:
    """``printf REQUESTS | ken mcp``: the client writes and closes stdin at once; the SDK used to
    cancel what was still running when its input closed, so those requests got no answer."""
    lines = [{"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "pipe", "version": "1"}}},
             {"jsonrpc": "2.0", "method": "notifications/initialized"}]
    lines += [{"jsonrpc": "2.0", "id": n, "method": "tools/call",
               "params": {"name": "add_note", "arguments": {"summary": f"piped note {n}"}}} for n in range(1, 11)]
    lines += [{"jsonrpc": "2.0", "id": 11, "method": "tools/call", "params": {"name": "get_summary", "arguments": {}}}]
    piped = subprocess.run([str(KEN), "mcp"], cwd=alpha, env=world.env, capture_output=True, timeout=120,
                           input="".join(json.dumps(line) + "\n" for line in lines).encode() + b"{torn")
    assert piped.returncode == 0, piped.stderr
    replies = [json.loads(line) for line in piped.stdout.decode().splitlines()]
    assert all(is_jsonrpc(reply) for reply in replies)
    assert sorted(reply["id"] for reply in replies if reply["id"] is not None) == list(range(12))
    assert [reply["error"]["code"] for reply in replies if reply["id"] is None] == [PARSE_ERROR]  # "{torn"
    assert all(not reply["result"].get("isError") for reply in replies if reply["id"])
    assert log(alpha).count(b"piped note") == 10
