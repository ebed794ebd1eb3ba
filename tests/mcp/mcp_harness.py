"""Driving ``ken mcp`` with the SDK's client, next to the CLI (its ``main`` in this process).

Every test gets its own machine: ``KEN_HOME`` and ``HOME`` in a temporary folder, no ``KEN_*``
or ``GIT_*`` variable inherited, a git identity in that ``HOME``, and a fixed ``KEN_NOW`` so
the gate's verdicts (ages, windows) are the same in a server and in a CLI run.

``connect`` serves the session in this process: the server ``ken mcp`` builds, on its own wire
(``serve_wire``) over a pair of pipes, with the machine's environment, folder and a stderr of
its own; a ``ken mcp`` process adds a second of importing the SDK and nothing a tool call shows.
Tests marked ``real_processes``, a ``command`` of their own and ``Raw`` exchanges start a real
process: the console script, the stdio claimed from libraries that print, bytes on real stdio.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import anyio
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared.message import SessionMessage
from mcp.types import Implementation, InitializeResult, jsonrpc_message_adapter

from kenning.mcp.server import boundary_of, build_server
from kenning.mcp.wire import serve_wire
from machine import KEN, audited, isolated_env, run_ken  # noqa: E402  (tests/ is on sys.path: its conftest.py)

NOW = "2030-06-30T12:00:00Z"
CLIENT = "pytest-agent"


class World:
    """A temporary machine: ``KEN_HOME``, ``HOME`` and git repositories under one folder."""

    def __init__(self, base: Path, real_processes: bool = False) -> None:
        assert KEN, "the `ken` executable is not installed next to this Python nor on PATH"
        self.base = base
        self.real_processes = real_processes  # every server a `ken mcp` process
        self.home = base / "home"
        self.env = isolated_env(base, KEN_NOW=NOW)
        self.stderr_log = base / "server-stderr.log"

    def git(self, cwd: Path, *args: str) -> str:
        r = subprocess.run(["git", *args], cwd=cwd, env=self.env, capture_output=True, text=True)
        assert r.returncode == 0, f"git {' '.join(args)} failed: {r.stderr}"
        return r.stdout

    def repo(self, name: str, init: bool = True) -> Path:
        """A git repository with one commit, ``ken init``-ed (and so registered) unless not ``init``."""
        path = self.base / name
        (path / "src").mkdir(parents=True)
        (path / "src" / "app.py").write_text("def main():\n    return 1\n")
        self.git(path, "init", "-q")
        self.git(path, "add", "-A")
        self.git(path, "commit", "-q", "-m", "initial")
        if init:
            self.ok(path, "init", "--no-hooks", "--no-backfill")
        return path

    def ken(self, cwd: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        """The CLI beside the server: its ``main`` in this process (``machine.run_ken``); the
        server the client talks to is always a real ``ken mcp`` process."""
        return run_ken(args, cwd, {**self.env, **(env or {})})

    def ok(self, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
        r = self.ken(cwd, *args)
        assert r.returncode == 0, f"ken {' '.join(args)} -> {r.returncode}\n{r.stdout}\n{r.stderr}"
        return r

    def json(self, cwd: Path, *args: str) -> Any:
        return json.loads(self.ok(cwd, *args, "--json").stdout)


class Reply:
    """A tools/call result as text blocks: for a project tool, the first names the project."""

    def __init__(self, error: bool, blocks: list[str]) -> None:
        self.error = error
        self.blocks = blocks

    @property
    def text(self) -> str:
        return "\n".join(self.blocks)

    @property
    def head(self) -> str:
        return self.blocks[0]

    @property
    def body(self) -> str:
        """The payload: the block after the project line (the last block, for most tools)."""
        assert not self.error, self.text
        return self.blocks[1]

    def json_lines(self) -> list[Any]:
        return [json.loads(line) for line in self.body.splitlines()]

    def __repr__(self) -> str:
        return f"Reply(error={self.error}, blocks={self.blocks!r})"


class Mcp:
    """One live session with a ``ken mcp`` process, through the SDK's ``ClientSession``."""

    def __init__(self, session: ClientSession, init: InitializeResult, stream_errors: list[Exception]) -> None:
        self.session = session
        self.init = init
        self.stream_errors = stream_errors

    async def call(self, name: str, **arguments: Any) -> Reply:
        result = await self.session.call_tool(name, arguments)
        blocks = [c.text for c in result.content if c.type == "text"]
        assert len(blocks) == len(result.content), result
        return Reply(bool(result.is_error), blocks)

    async def ok(self, name: str, **arguments: Any) -> Reply:
        reply = await self.call(name, **arguments)
        assert not reply.error, f"{name}({arguments}) failed: {reply.text}"
        return reply

    async def refused(self, name: str, **arguments: Any) -> str:
        """The one line of an ``isError`` result."""
        reply = await self.call(name, **arguments)
        assert reply.error, f"{name}({arguments}) should fail: {reply.text}"
        assert len(reply.blocks) == 1 and "\n" not in reply.blocks[0] and reply.blocks[0].strip(), reply
        return reply.blocks[0]


@asynccontextmanager
async def connect(world: World, cwd: Path, *args: str, command: list[str] | None = None,
                  env: dict[str, str] | None = None, client: str = CLIENT) -> AsyncIterator[Mcp]:
    """Serve ``ken mcp ARGS`` in ``cwd`` and initialize a session with it, as the client named
    ``client`` (its ``clientInfo.name``): in this process, or a real process (``command``, or a
    world of real processes)."""
    stream_errors: list[Exception] = []

    async def on_message(message: Any) -> None:
        if isinstance(message, Exception):  # a line on stdout that is not a protocol message
            stream_errors.append(message)

    with open(world.stderr_log, "a", encoding="utf-8") as errlog:
        if command or world.real_processes:
            argv = command or [str(KEN), "mcp", *args]
            params = StdioServerParameters(command=argv[0], args=argv[1:], env={**world.env, **(env or {})},
                                           cwd=str(cwd))
            transport = stdio_client(params, errlog=errlog)
        else:
            transport = _served_here(cwd, args, {**world.env, **(env or {})}, errlog)
        async with transport as (read, write), \
                ClientSession(read, write, message_handler=on_message,
                              client_info=Implementation(name=client, version="1.0")) as session:
            init = await session.initialize()
            yield Mcp(session, init, stream_errors)


@asynccontextmanager
async def _served_here(cwd: Path, args: tuple[str, ...], env: dict[str, str], errlog: Any) -> AsyncIterator[
        tuple[MemoryObjectReceiveStream[SessionMessage | Exception], MemoryObjectSendStream[SessionMessage]]]:
    """``ken mcp [--root PATH]`` served in this process over two pipes, as ``stdio_client``'s
    streams: the server ``serve`` builds (``boundary_of``, ``build_server``) on its wire
    (``serve_wire``), with ``env`` as the environment, ``cwd`` as the folder and ``errlog`` as
    stdout and stderr (what ``ken mcp`` does with fd 1) while the session lasts."""
    assert len(args) in (0, 2) and args[:1] in ((), ("--root",)), f"in-process ken mcp takes --root only: {args}"
    server_in, client_out = (os.fdopen(fd, mode) for fd, mode in zip(os.pipe(), ("rb", "wb"), strict=True))
    client_in, server_out = (os.fdopen(fd, mode) for fd, mode in zip(os.pipe(), ("rb", "wb"), strict=True))
    to_session, read = anyio.create_memory_object_stream[SessionMessage | Exception](0)
    write, from_session = anyio.create_memory_object_stream[SessionMessage](0)

    async def serve() -> None:
        with server_in, server_out:
            root = Path(args[-1]) if args else None
            await serve_wire(build_server(boundary_of(root), cwd), server_in, server_out)

    async def replies() -> None:
        async with to_session:
            while line := await anyio.to_thread.run_sync(client_in.readline, abandon_on_cancel=True):
                try:
                    message: SessionMessage | Exception = SessionMessage(
                        jsonrpc_message_adapter.validate_json(line, by_name=False))
                except ValueError as err:
                    message = err
                await to_session.send(message)

    async def requests() -> None:
        with client_out:  # closed at the end: end of input, the server answers what runs and stops
            async with from_session:
                async for item in from_session:
                    data = item.message.model_dump_json(by_alias=True, exclude_unset=True).encode() + b"\n"
                    await anyio.to_thread.run_sync(_send, client_out, data)

    with _this_process_as(env, cwd, errlog), audited(env.get("KEN_SCHEMA_AUDIT")), client_in:
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(serve)
            tasks.start_soon(replies)
            tasks.start_soon(requests)
            try:
                yield read, write
            finally:
                await write.aclose()


def _send(pipe: Any, data: bytes) -> None:
    pipe.write(data)
    pipe.flush()


@contextmanager
def _this_process_as(env: dict[str, str], cwd: Path, errlog: Any) -> Iterator[None]:
    """This process's environment, folder, stdout and stderr those of a server process, restored after."""
    saved_env, saved_cwd, saved_streams = dict(os.environ), os.getcwd(), (sys.stdout, sys.stderr)
    os.environ.clear()
    os.environ.update(env)
    os.chdir(cwd)
    sys.stdout = sys.stderr = errlog
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved_streams
        os.chdir(saved_cwd)
        os.environ.clear()
        os.environ.update(saved_env)


def is_jsonrpc(message: Any) -> bool:
    """A JSON-RPC 2.0 message: a request or notification (a method), or a response (an id and
    exactly one of result and error)."""
    if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
        return False
    if "method" in message:
        return isinstance(message["method"], str)
    return "id" in message and ("result" in message) != ("error" in message)


class Raw:
    """A plain JSON-RPC exchange over pipes: any bytes in, every stdout line kept to judge.

    A thread reads stdout, so a reply that never comes fails the test after ``timeout`` seconds
    instead of hanging it; stderr goes to a file, so a chatty server never blocks on a full pipe.
    """

    def __init__(self, argv: list[str], cwd: Path, env: dict[str, str], stderr: Path | None = None,
                 timeout: float = 30) -> None:
        self.stderr_path = stderr or cwd.parent / "raw-stderr.log"
        self._stderr = open(self.stderr_path, "wb")  # noqa: SIM115 - closed in close()
        self.p = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=self._stderr)
        self.timeout = timeout
        self.lines: list[bytes] = []  # every line the server wrote on stdout, as written
        self.unmatched: list[dict[str, Any]] = []  # messages no request() waited for (id null errors…)
        self._queue: queue.Queue[bytes] = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.n = 0

    def _read(self) -> None:
        assert self.p.stdout
        for line in self.p.stdout:
            self._queue.put(line)
        self._queue.put(b"")

    def send(self, line: bytes | str) -> None:
        """Write one raw line (a newline is added)."""
        assert self.p.stdin
        self.p.stdin.write((line.encode() if isinstance(line, str) else line) + b"\n")
        self.p.stdin.flush()

    def next_message(self) -> dict[str, Any]:
        try:
            line = self._queue.get(timeout=self.timeout)
        except queue.Empty:
            raise AssertionError(f"no reply within {self.timeout} s; stderr: {self.stderr()[-2000:]}") from None
        assert line, f"the server closed stdout; stderr: {self.stderr()[-2000:]}"
        self.lines.append(line)
        message = json.loads(line.decode("utf-8"))
        assert is_jsonrpc(message), line
        return message  # type: ignore[no-any-return]

    def reply_to(self, request_id: int | str | None) -> dict[str, Any]:
        """The next message answering ``request_id`` (None: the next error with id null)."""
        while True:
            message = self.next_message()
            if "method" not in message and message.get("id") == request_id:
                return message
            self.unmatched.append(message)

    def request(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        self.n += 1
        self.send(json.dumps({"jsonrpc": "2.0", "id": self.n, "method": method, "params": params or {}}))
        return self.reply_to(self.n)

    def call(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """The result of tools/call (a JSON-RPC error fails the test)."""
        reply = self.request("tools/call", {"name": name, "arguments": arguments})
        assert "result" in reply, reply
        return reply["result"]  # type: ignore[no-any-return]

    def start(self, client: str = "raw") -> dict[str, Any]:
        reply = self.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                            "clientInfo": {"name": client, "version": "1"}})
        self.send(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}))
        return reply

    def stderr(self) -> str:
        return self.stderr_path.read_text(encoding="utf-8", errors="replace")

    def close(self) -> tuple[str, str]:
        """The rest of stdout and all of stderr, once the server has exited on end of input."""
        assert self.p.stdin
        self.p.stdin.close()
        assert self.p.wait(timeout=60) == 0, self.stderr()
        self._reader.join(timeout=10)
        rest = []
        while (line := self._queue.get_nowait()) != b"":
            self.lines.append(line)
            rest.append(line)
        self._stderr.close()
        return b"".join(rest).decode("utf-8"), self.stderr()

    def protocol_only(self) -> None:
        """Every line the server wrote on stdout is one UTF-8 JSON-RPC message."""
        for line in self.lines:
            assert line.endswith(b"\n"), line
            assert is_jsonrpc(json.loads(line.decode("utf-8"))), line
