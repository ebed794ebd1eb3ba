"""The MCP server's wire: newline-delimited JSON-RPC 2.0 on a pair of byte streams, every line
answered, nothing but protocol messages written.

Part of the ``ken mcp`` surface (``kenning.mcp.server`` builds the server and calls
``serve_wire``); kept apart because it is about bytes and JSON-RPC, not about memory.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any, BinaryIO

import anyio
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream
from mcp.server.mcpserver import MCPServer
from mcp.shared.message import SessionMessage
from mcp.types import (
    INTERNAL_ERROR,
    INVALID_REQUEST,
    PARSE_ERROR,
    ErrorData,
    JSONRPCError,
    JSONRPCMessage,
    JSONRPCRequest,
    JSONRPCResponse,
    jsonrpc_message_adapter,
)
from pydantic import ValidationError
from pydantic_core import PydanticSerializationError

from kenning.core.foreign import deeper_than

# -- the wire: newline-delimited JSON-RPC 2.0, every line answered -----------------------------
#
# The SDK's stdio transport hands a line it cannot decode to the server as an exception, which
# drops it without a reply: the client waits forever for an answer to malformed JSON, to text
# that is not UTF-8, to a lone surrogate, or to a request nested past pydantic's JSON limit of
# 200 levels. This transport decodes each line itself and answers what is not a message as
# JSON-RPC 2.0 says (-32700 for what is not JSON, -32600 for what is not a valid request).

SURROGATE = re.compile("[\ud800-\udfff]")  # a lone UTF-16 half: not text, cannot be written as UTF-8
MAX_LINE = 32 * 2**20  # bytes: a 1M-character argument sent as six-byte \u escapes is 6 MB
MAX_DEPTH = 64  # our deepest message is params.arguments.paths[i], 4 levels
DRAIN_SECONDS = 30  # at end of input, how long requests still running may take to be answered


class BadMessage(Exception):
    """A line that is not a JSON-RPC message: answered with ``code`` and never served."""

    def __init__(self, code: int, message: str, request_id: str | int | None = None) -> None:
        super().__init__(message)
        self.reply = JSONRPCError(jsonrpc="2.0", id=request_id, error=ErrorData(code=code, message=message))


async def serve_wire(server: MCPServer[Any], wire_in: BinaryIO, wire_out: BinaryIO) -> None:
    """Serve ``server`` over a pair of byte streams until the client closes ``wire_in``."""
    to_server, from_wire = anyio.create_memory_object_stream[SessionMessage](0)
    to_wire, from_server = anyio.create_memory_object_stream[SessionMessage](0)
    unanswered: set[str | int] = set()  # ids of the requests served and not yet answered
    async with anyio.create_task_group() as tasks:
        tasks.start_soon(_read_wire, wire_in, to_server, to_wire.clone(), unanswered)
        tasks.start_soon(_write_wire, wire_out, from_server, unanswered, tasks.cancel_scope)
        # MCPServer serves only the process's own stdio; its low-level server takes given
        # streams (the SDK's in-memory client reaches it the same way)
        low = server._lowlevel_server
        await low.run(from_wire, to_wire, low.create_initialization_options())


async def _read_wire(wire_in: BinaryIO, to_server: MemoryObjectSendStream[SessionMessage],
                     answers: MemoryObjectSendStream[SessionMessage], unanswered: set[str | int]) -> None:
    """Pass each message on to the server, answer each bad line. At end of input the requests
    still running are answered before the server stops (the SDK cancels them once its input
    closes, so ``echo REQUEST | ken mcp`` got no answer)."""
    async with to_server, answers:
        while line := await anyio.to_thread.run_sync(wire_in.readline, MAX_LINE + 1, abandon_on_cancel=True):
            try:
                if len(line) > MAX_LINE and not line.endswith(b"\n"):
                    await anyio.to_thread.run_sync(_skip_line, wire_in, abandon_on_cancel=True)
                    raise BadMessage(INVALID_REQUEST, f"Invalid Request: the message is longer than "
                                                      f"{MAX_LINE // 2**20} MB; none of it was read")
                message = decode(line)
            except BadMessage as bad:
                await answers.send(SessionMessage(bad.reply))
                continue
            if isinstance(message, JSONRPCRequest):
                unanswered.add(message.id)
            if message is not None:
                await to_server.send(SessionMessage(message))
        with anyio.move_on_after(DRAIN_SECONDS):
            while unanswered:
                await anyio.sleep(0.01)


def _skip_line(wire_in: BinaryIO) -> None:
    while (chunk := wire_in.readline(MAX_LINE)) and not chunk.endswith(b"\n"):
        pass


async def _write_wire(wire_out: BinaryIO, from_server: MemoryObjectReceiveStream[SessionMessage],
                      unanswered: set[str | int], scope: anyio.CancelScope) -> None:
    out = anyio.wrap_file(wire_out)
    async with from_server:
        async for item in from_server:
            if isinstance(item.message, JSONRPCResponse | JSONRPCError) and item.message.id is not None:
                unanswered.discard(item.message.id)
            try:
                await out.write(encode(item.message) + b"\n")
                await out.flush()
            except OSError:  # the client has gone: nobody is left to serve
                scope.cancel()
                return


def encode(message: JSONRPCMessage) -> bytes:
    """One line of JSON. A reply the SDK cannot encode (text that is not Unicode) becomes an
    error reply to the same request instead of ending the server."""
    try:
        return message.model_dump_json(by_alias=True, exclude_unset=True).encode()
    except PydanticSerializationError:
        request_id = message.id if isinstance(message, JSONRPCResponse | JSONRPCError) else None
        reply = JSONRPCError(jsonrpc="2.0", id=request_id,
                             error=ErrorData(code=INTERNAL_ERROR, message="the reply held text that is not valid "
                                                                          "Unicode and could not be sent"))
        return reply.model_dump_json(by_alias=True, exclude_unset=True).encode()


def decode(line: bytes) -> JSONRPCMessage | None:
    """The message on one line, None for nothing to serve (a blank line, a malformed response);
    ``BadMessage`` says what is wrong."""
    if not line.strip():
        return None
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as err:
        raise BadMessage(PARSE_ERROR, f"Parse error: byte {err.start + 1} is not UTF-8; send UTF-8 JSON") from None
    try:
        data = json.loads(text, parse_constant=_not_json)
    except RecursionError:  # nested past the interpreter's limit (about 1000)
        raise BadMessage(INVALID_REQUEST, f"Invalid Request: nested more than {MAX_DEPTH} levels deep") from None
    except ValueError as err:
        raise BadMessage(PARSE_ERROR, f"Parse error: {err}") from None
    if isinstance(data, dict) and "method" not in data and ("result" in data or "error" in data):
        return _response(data)
    request_id = _request_id(data)
    if deeper_than(data, MAX_DEPTH):
        raise BadMessage(INVALID_REQUEST, f"Invalid Request: nested more than {MAX_DEPTH} levels deep", request_id)
    problem = _envelope_problem(data)
    if problem:
        raise BadMessage(INVALID_REQUEST, f"Invalid Request: {problem}", request_id)
    try:
        return jsonrpc_message_adapter.validate_python(data, by_name=False)
    except ValidationError:
        raise BadMessage(INVALID_REQUEST, "Invalid Request: not a JSON-RPC 2.0 request, notification or response",
                         request_id) from None


def _not_json(constant: str) -> Any:
    raise ValueError(f"{constant} is not a JSON value")


def _response(data: dict[str, Any]) -> JSONRPCMessage | None:
    """A client's reply to this server, or None: a malformed one is dropped, never answered
    (two peers that answer each other's errors would never stop; answering with its id could
    fail the client's own request of that id)."""
    try:
        if not deeper_than(data, MAX_DEPTH):
            return jsonrpc_message_adapter.validate_python(data, by_name=False)
    except ValidationError:
        pass
    print("ken mcp: ignored a malformed response from the client", file=sys.stderr)
    return None


def _request_id(data: Any) -> str | int | None:
    """The id to answer a bad request with: its own, when it is a valid id."""
    if not isinstance(data, dict):
        return None
    request_id = data.get("id")
    if isinstance(request_id, str) and not SURROGATE.search(request_id):
        return request_id
    return request_id if type(request_id) is int else None


def _envelope_problem(data: Any) -> str | None:
    """What makes a decoded line not a message, in the words of JSON-RPC 2.0."""
    if isinstance(data, list):
        return "a batch (a JSON array) is not supported; send one message per line"
    if not isinstance(data, dict):
        return "a message is a JSON object"
    if data.get("jsonrpc") != "2.0":
        return 'a message carries "jsonrpc": "2.0"'
    if "method" in data and not isinstance(data["method"], str):
        return '"method" is not a string'
    if "params" in data and not isinstance(data["params"], dict | None):
        return '"params" is not an object'
    if "id" in data and not (isinstance(data["id"], str) or type(data["id"]) is int):
        return '"id" is not a string or an integer'
    if "method" not in data:
        return 'a request names its "method"'
    where = _lone_surrogate(data)
    if where is not None and not (data.get("method") == "tools/call" and where[:2] == ["params", "arguments"]
                                  and len(where) > 2):
        shown = "".join(part if part.startswith("[") else f".{part}" for part in where).lstrip(".")
        return f"{shown or 'the message'} is not valid Unicode (a lone surrogate such as \\ud800); send UTF-8 text"
    return None


def _lone_surrogate(data: Any) -> list[str] | None:
    """Where a lone surrogate is, as the keys leading to it, or None. One inside a tool's
    argument values is left to the tool call, which answers it as that argument's error; one in
    a key is reported at the key's parent, so no key that is not Unicode is ever echoed."""
    stack: list[tuple[Any, list[str]]] = [(data, [])]
    while stack:
        value, where = stack.pop()
        if isinstance(value, str):
            if SURROGATE.search(value):
                return where
        elif isinstance(value, dict):
            for key, child in value.items():
                if SURROGATE.search(key):
                    return where
                stack.append((child, [*where, key]))
        elif isinstance(value, list):
            stack.extend((child, [*where, f"[{i}]"]) for i, child in enumerate(value))
    return None
